// Counts the documents parsed within a scope, so that a test can see that a command parses
// its input once (issue 21: files were parsed twice, once to find their kind). Off (nil)
// everywhere else: a parse then costs one task-local read.

/// The parses of JSON documents and stroke CSV files within ``ParseCounter/$current``.
package enum ParseCounter {
    /// The counter the current task's parses add to, if any.
    @TaskLocal package static var current: Counter?

    /// A count of parses, made and read by one task.
    package final class Counter: @unchecked Sendable {
        package private(set) var count = 0
        package init() {}
        func add() { count += 1 }
    }
}
