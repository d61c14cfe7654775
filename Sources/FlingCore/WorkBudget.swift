/// Work budgets: every input that implies work in proportion to its numbers (samples × items,
/// frames × segments, ticks × tiles, points, emissions) is measured before the work starts and
/// refused when the measure exceeds the budget documented for its kind, so that every accepted
/// input finishes in bounded time and memory. Each budget is one named constant beside the type
/// that owns the work (`Trace.tileTickBudget`, `SceneTrace.bubbleBudget`, …); docs/BAD-INPUT.md
/// lists them with the slowest accepted document's time and memory.

/// A documented bound on the work an input may imply: its name (the constant that holds it),
/// what it counts, and the most it accepts.
package struct WorkBudget: Hashable, Sendable, CustomStringConvertible {
    /// The constant that holds the budget, as documentation names it: `Trace.tileTickBudget`.
    let name: String
    /// What is counted, in words: `ticks × tiles`.
    package let unit: String
    /// The most work accepted, in ``unit``.
    let limit: Double

    package init(_ name: String, unit: String, limit: Double) {
        self.name = name
        self.unit = unit
        self.limit = limit
    }

    /// `Trace.tileTickBudget: at most 100000000 ticks × tiles`.
    package var description: String { "\(name): at most \(WorkBudget.figure(limit)) \(unit)" }

    /// Throws `overBudget` unless `work` (a count, computed in floating point so that it cannot
    /// overflow) is at most ``limit``; NaN is over every budget. The error names `field`, the
    /// figure and the budget.
    package func check(_ work: Double, _ field: @autoclosure () -> String) throws(FlingError) {
        if work <= limit { return }
        throw FlingError(
            .overBudget, field: field(), value: "\(WorkBudget.figure(work)) \(unit)",
            reason: "exceeds the work budget \(name), at most \(WorkBudget.figure(limit)) \(unit)")
    }

    /// A count as text: whole numbers below 2⁵³ without a fraction, others as Swift writes them.
    package static func figure(_ x: Double) -> String {
        if x.isFinite, x == x.rounded(), abs(x) < 0x1p53 { return String(Int64(x)) }
        return x.description
    }
}
