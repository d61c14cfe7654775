import FlingCore

/// A parser for the `d` attribute's grammar (SVG 1.1 "path data" BNF, as SVG 2 keeps it):
/// command letters, numbers such as `-.5.5` (two numbers), `1e-3` and `+4`, commas and
/// white space optional wherever the grammar allows, implicit repeats of the last command
/// (a moveto's extra pairs are linetos of the same relativity), and arc flags written as a
/// single `0` or `1` with no separator needed (`a1 1 0 00 1 1`).
///
/// Offsets in errors count Unicode scalars from the start of the text (characters, for the
/// ASCII that path data is made of).
struct PathDataParser {
    let s: [Unicode.Scalar]
    var i = 0
    var commands: [PathCommand] = []

    init(_ text: String) { s = Array(text.unicodeScalars) }

    func fail(_ at: Int, _ reason: String) -> FlingError {
        let value = at < s.count ? "'\(Character(s[at]))'" : "end of data"
        return FlingError(.malformedInput, field: "path data at offset \(at)", value: value, reason: reason)
    }

    static func isSpace(_ c: Unicode.Scalar) -> Bool {
        c == " " || c == "\t" || c == "\n" || c == "\r" || c == "\u{0C}"
    }
    static func isDigit(_ c: Unicode.Scalar) -> Bool { c.value >= 48 && c.value <= 57 }

    mutating func skipSpace() { while i < s.count, Self.isSpace(s[i]) { i += 1 } }

    /// comma-wsp: `wsp+ ,? wsp*` or `, wsp*`; none is fine too (the grammar's separators are
    /// optional where a sign, dot or letter already ends a number).
    mutating func skipSeparator() {
        skipSpace()
        if i < s.count, s[i] == "," { i += 1; skipSpace() }
    }

    /// Whether a number can start at the cursor (after optional separators).
    func numberStarts(at j: Int) -> Bool {
        guard j < s.count else { return false }
        let c = s[j]
        return Self.isDigit(c) || c == "." || c == "-" || c == "+"
    }

    mutating func number() throws(FlingError) -> Double {
        let start = i
        var j = i
        if j < s.count, s[j] == "+" || s[j] == "-" { j += 1 }
        var mantissaDigits = 0
        while j < s.count, Self.isDigit(s[j]) { j += 1; mantissaDigits += 1 }
        if j < s.count, s[j] == "." {
            j += 1
            while j < s.count, Self.isDigit(s[j]) { j += 1; mantissaDigits += 1 }
        }
        guard mantissaDigits > 0 else { throw fail(start, "expected a number") }
        if j < s.count, s[j] == "e" || s[j] == "E" {
            // An exponent only when digits follow (`1e` alone is the number 1, then garbage).
            var k = j + 1
            if k < s.count, s[k] == "+" || s[k] == "-" { k += 1 }
            if k < s.count, Self.isDigit(s[k]) {
                while k < s.count, Self.isDigit(s[k]) { k += 1 }
                j = k
            }
        }
        var text = String.UnicodeScalarView()
        text.append(contentsOf: s[start..<j])
        var str = String(text)
        if str.hasPrefix("+") { str.removeFirst() }
        guard let x = Double(str) else { throw fail(start, "expected a number") }
        guard x.isFinite else {
            // Name the number itself (its first 40 characters), not only its first character.
            let shown = text.count > 40 ? String(String.UnicodeScalarView(text.prefix(40))) + "…" : String(text)
            throw FlingError(
                .malformedInput, field: "path data at offset \(start)", value: "'\(shown)'",
                reason: "the number \(shown) at offset \(start) is beyond the range of a double (±1.8e308)")
        }
        i = j
        return x
    }

    mutating func flag() throws(FlingError) -> Bool {
        guard i < s.count, s[i] == "0" || s[i] == "1" else { throw fail(i, "expected an arc flag, 0 or 1") }
        defer { i += 1 }
        return s[i] == "1"
    }

    mutating func pair() throws(FlingError) -> Vector {
        let x = try number()
        skipSeparator()
        return Vector(x, try number())
    }

    /// Parses everything; on an error, `commands` holds every complete command before it.
    mutating func parse() throws(FlingError) {
        skipSpace()
        guard i < s.count else { return }
        var first = true
        while true {
            skipSpace()
            guard i < s.count else { return }
            let at = i
            let c = s[i]
            let upper = Unicode.Scalar(c.value & ~0x20)!
            let relative = c.value >= 97
            guard "MLHVCSQTAZ".unicodeScalars.contains(upper), c.properties.isAlphabetic else {
                throw fail(at, first ? "path data must begin with a moveto (M or m)" : "expected a command letter")
            }
            if first, upper != "M" { throw fail(at, "path data must begin with a moveto (M or m)") }
            first = false
            i += 1
            if upper == "Z" { commands.append(.closePath); continue }
            skipSpace()
            var repeatFirst = true
            repeat {
                if !repeatFirst { skipSeparator() }
                let command: PathCommand
                switch upper {
                case "M":
                    let p = try pair()
                    command = repeatFirst ? .moveTo(p, relative: relative) : .lineTo(p, relative: relative)
                case "L": command = .lineTo(try pair(), relative: relative)
                case "H": command = .horizontalTo(try number(), relative: relative)
                case "V": command = .verticalTo(try number(), relative: relative)
                case "C":
                    let a = try pair(); skipSeparator()
                    let b = try pair(); skipSeparator()
                    command = .cubicTo(a, b, try pair(), relative: relative)
                case "S":
                    let a = try pair(); skipSeparator()
                    command = .smoothCubicTo(a, try pair(), relative: relative)
                case "Q":
                    let a = try pair(); skipSeparator()
                    command = .quadTo(a, try pair(), relative: relative)
                case "T": command = .smoothQuadTo(try pair(), relative: relative)
                default:  // "A"
                    let rxAt = i
                    let rx = try number(); skipSeparator()
                    let ryAt = i
                    let ry = try number(); skipSeparator()
                    guard rx >= 0 else { throw fail(rxAt, "an arc radius must not be negative") }
                    guard ry >= 0 else { throw fail(ryAt, "an arc radius must not be negative") }
                    let rotation = try number(); skipSeparator()
                    let large = try flag(); skipSeparator()
                    let sweep = try flag(); skipSeparator()
                    command = .arcTo(
                        radii: Vector(rx, ry), rotation: rotation, largeArc: large, sweep: sweep,
                        to: try pair(), relative: relative)
                }
                commands.append(command)
                repeatFirst = false
                // Another set of arguments follows when, after a separator, a number starts.
                var j = i
                while j < s.count, Self.isSpace(s[j]) { j += 1 }
                if j < s.count, s[j] == "," {
                    j += 1
                    while j < s.count, Self.isSpace(s[j]) { j += 1 }
                    guard numberStarts(at: j) else { throw fail(j, "expected a number after a comma") }
                }
                if !numberStarts(at: j) { break }
            } while true
        }
    }
}
