import _FlingCoding
import Fling
import FlingTraces

/// A mistake in how the command was called: reported with the command's usage, exit status 2.
package struct UsageError: Error {
    var message: String
    package init(_ message: String) { self.message = message }
}

/// A failure while doing what was asked (a file that cannot be read or is malformed, a replay
/// that differs from its pinned digests): exit status 1.
package struct RunError: Error {
    var message: String
    package init(_ message: String) { self.message = message }
}

/// Hand-rolled argument parsing: positionals, `--name value`, `--name=value`, and flags.
package struct Arguments {
    var positionals: [String] = []
    private var values: [(name: String, value: String)] = []
    private var flags: [String] = []

    /// Splits `arguments`; `valued` are the options that take a value, `flagNames` those that
    /// do not (both without the leading dashes). Anything else that starts with `-` is an error
    /// (`-` alone is a positional: standard input).
    package init(_ arguments: [String], valued: [String], flags flagNames: [String]) throws(UsageError) {
        var i = 0
        var onlyPositionals = false
        while i < arguments.count {
            let a = arguments[i]
            i += 1
            if onlyPositionals || !a.hasPrefix("-") || a == "-" {
                positionals.append(a)
                continue
            }
            if a == "--" { onlyPositionals = true; continue }
            if a == "-h" { flags.append("help"); continue }
            guard a.hasPrefix("--") else { throw UsageError("unknown option \(a)") }
            var name = String(a.dropFirst(2))
            var inline: String?
            if let eq = name.firstIndex(of: "=") {
                inline = String(name[name.index(after: eq)...])
                name = String(name[..<eq])
            }
            if flagNames.contains(name) {
                guard inline == nil else { throw UsageError("--\(name) takes no value") }
                guard !flags.contains(name) else { throw UsageError("--\(name) is given twice") }
                flags.append(name)
            } else if valued.contains(name) {
                let value: String
                if let inline {
                    value = inline
                } else {
                    guard i < arguments.count else { throw UsageError("--\(name) needs a value") }
                    value = arguments[i]
                    i += 1
                }
                guard !values.contains(where: { $0.name == name }) else { throw UsageError("--\(name) is given twice") }
                values.append((name, value))
            } else {
                throw UsageError("unknown option --\(name)")
            }
        }
    }

    package func flag(_ name: String) -> Bool { flags.contains(name) }
    /// The options named `from` under the names `to` (the same position), others of those names dropped.
    mutating func rename(from: [String], to: [String]) {
        values = values.filter { !to.contains($0.name) }.map { v in
            if let i = from.firstIndex(of: v.name) { (to[i], v.value) } else { v }
        }
    }
    package func value(_ name: String) -> String? { values.first { $0.name == name }?.value }
    package func has(_ name: String) -> Bool { value(name) != nil }

    /// The single FILE argument.
    func file() throws(UsageError) -> String {
        guard let f = positionals.first else { throw UsageError("missing FILE") }
        guard positionals.count == 1 else { throw UsageError("unexpected argument \(positionals[1])") }
        return f
    }

    package func double(_ name: String, in range: ClosedRange<Double>) throws(UsageError) -> Double? {
        guard let s = value(name) else { return nil }
        guard let v = Double(s), v.isFinite, range.contains(v) else {
            throw UsageError("--\(name) \(s): expected a number in \(format(range.lowerBound))...\(format(range.upperBound))")
        }
        return v
    }

    package func int(_ name: String, in range: ClosedRange<Int>) throws(UsageError) -> Int? {
        guard let s = value(name) else { return nil }
        guard let v = Int(s), range.contains(v) else {
            throw UsageError("--\(name) \(s): expected a whole number in \(range.lowerBound)...\(range.upperBound)")
        }
        return v
    }

    /// `WxH`, as `390x844`.
    func size(_ name: String) throws(UsageError) -> (width: Double, height: Double)? {
        guard let s = value(name) else { return nil }
        let parts = s.split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let w = Double(parts[0]), let h = Double(parts[1]), w.isFinite, h.isFinite,
            w > 0, h > 0, w <= 1e6, h <= 1e6
        else { throw UsageError("--\(name) \(s): expected WIDTHxHEIGHT in points, as 390x844") }
        return (w, h)
    }
}

/// A number without a needless `.0`: `60`, `0.5` (``NumberText/short(_:)``).
func format(_ x: Double) -> String { NumberText.short(x) }
