import FlingCore
import FlingInteraction

// MARK: - Parsing

/// A parsed JSON value and where it starts.
struct JSONNode {
    enum Value {
        case null
        case bool(Bool)
        /// The number's source text, parsed on demand (so that integers keep every digit).
        case number(String)
        case string(String)
        case array([JSONNode])
        /// Members in document order (duplicate keys are rejected while parsing).
        case object([(key: String, value: JSONNode)])
    }

    var value: Value
    /// 1-based line and column of the value's first byte, and its byte range.
    var line: Int
    var column: Int
    var start: Int
    var end: Int

    /// An object's members (none if it is not one).
    var members: [(key: String, value: JSONNode)] {
        if case .object(let members) = value { members } else { [] }
    }

    var kind: String {
        switch value {
        case .null: "null"
        case .bool: "a boolean"
        case .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }
}

/// A strict RFC 8259 parser over bytes. Every failure is a `malformedInput` error naming the
/// line and column. Reading takes time linear in the document's size: `.ci/linear-check`
/// counts the instructions `fling` runs to read documents of n and 4n keys or events.
struct JSONParser {
    static let maximumDepth = 64

    let bytes: [UInt8]
    var i = 0
    var line = 1
    var lineStart = 0
    var depth = 0

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    var column: Int { i - lineStart + 1 }

    func fail(_ what: String, _ reason: String) -> FlingError {
        FlingError(.malformedInput, field: "line \(line), column \(column)", value: what, reason: reason)
    }

    /// The byte at `i` shown for an error message.
    var here: String {
        guard i < bytes.count else { return "end of file" }
        let b = bytes[i]
        if b >= 0x20 && b < 0x7f { return "'\(Character(Unicode.Scalar(b)))'" }
        return "byte 0x\(String(b, radix: 16))"
    }

    mutating func parseDocument() throws(FlingError) -> JSONNode {
        try checkUTF8()
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { i = 3; lineStart = 3 }
        skipWhitespace()
        guard i < bytes.count else { throw fail("end of file", "the document is empty; expected a JSON object") }
        let root = try parseValue()
        skipWhitespace()
        guard i == bytes.count else { throw fail(here, "unexpected text after the end of the document") }
        return root
    }

    /// Rejects bytes that are not UTF-8, naming the line of the first bad one.
    mutating func checkUTF8() throws(FlingError) {
        var decoder = UTF8()
        var iterator = bytes.makeIterator()
        var offset = 0
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let s):
                if s == "\n" { line += 1; lineStart = offset + 1 }
                offset += UTF8.width(s)
            case .emptyInput:
                line = 1; lineStart = 0
                return
            case .error:
                i = offset
                throw fail(here, "the document is not valid UTF-8")
            }
        }
    }

    mutating func skipWhitespace() {
        while i < bytes.count {
            switch bytes[i] {
            case 0x20, 0x09, 0x0D: i += 1
            case 0x0A: i += 1; line += 1; lineStart = i
            default: return
            }
        }
    }

    mutating func parseValue() throws(FlingError) -> JSONNode {
        guard i < bytes.count else { throw fail("end of file", "the document ends early (truncated?); expected a value") }
        let start = i, l = line, c = column
        let value: JSONNode.Value
        switch bytes[i] {
        case UInt8(ascii: "{"): value = try parseObject()
        case UInt8(ascii: "["): value = try parseArray()
        case UInt8(ascii: "\""): value = .string(try parseString())
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): value = .number(try parseNumber())
        case UInt8(ascii: "t"): try literal("true"); value = .bool(true)
        case UInt8(ascii: "f"): try literal("false"); value = .bool(false)
        case UInt8(ascii: "n"): try literal("null"); value = .null
        default: throw fail(here, "expected a value (object, array, string, number, true, false or null)")
        }
        return JSONNode(value: value, line: l, column: c, start: start, end: i)
    }

    mutating func literal(_ word: StaticString) throws(FlingError) {
        let n = word.utf8CodeUnitCount
        let w = UnsafeBufferPointer(start: word.utf8Start, count: n)
        guard i + n <= bytes.count, bytes[i..<(i + n)].elementsEqual(w) else {
            throw fail(here, "expected `\(word)`")
        }
        i += n
    }

    mutating func enter() throws(FlingError) {
        depth += 1
        guard depth <= Self.maximumDepth else { throw fail(here, "nested deeper than \(Self.maximumDepth) levels") }
    }

    mutating func parseObject() throws(FlingError) -> JSONNode.Value {
        try enter()
        defer { depth -= 1 }
        i += 1
        var members: [(key: String, value: JSONNode)] = []
        // Keys seen, for the duplicate check: a set, so an object of 200,000 keys costs linear
        // time, not quadratic (looked up only; members keep the document's order).
        var seen = Set<String>()
        skipWhitespace()
        if i < bytes.count, bytes[i] == UInt8(ascii: "}") { i += 1; return .object(members) }
        while true {
            skipWhitespace()
            guard i < bytes.count else { throw fail("end of file", "the document ends inside an object (truncated?)") }
            guard bytes[i] == UInt8(ascii: "\"") else { throw fail(here, "expected a key in double quotes") }
            let keyLine = line, keyColumn = column
            let key = try parseString()
            skipWhitespace()
            guard i < bytes.count, bytes[i] == UInt8(ascii: ":") else { throw fail(here, "expected ':' after the key \"\(key)\"") }
            i += 1
            skipWhitespace()
            let value = try parseValue()
            if !seen.insert(key).inserted {
                throw FlingError(
                    .malformedInput, field: "line \(keyLine), column \(keyColumn)", value: "\"\(key)\"",
                    reason: "duplicate key in one object")
            }
            members.append((key, value))
            skipWhitespace()
            guard i < bytes.count else { throw fail("end of file", "the document ends inside an object (truncated?)") }
            if bytes[i] == UInt8(ascii: ",") { i += 1; continue }
            if bytes[i] == UInt8(ascii: "}") { i += 1; return .object(members) }
            throw fail(here, "expected ',' or '}' after an object member")
        }
    }

    mutating func parseArray() throws(FlingError) -> JSONNode.Value {
        try enter()
        defer { depth -= 1 }
        i += 1
        var elements: [JSONNode] = []
        skipWhitespace()
        if i < bytes.count, bytes[i] == UInt8(ascii: "]") { i += 1; return .array(elements) }
        while true {
            skipWhitespace()
            elements.append(try parseValue())
            skipWhitespace()
            guard i < bytes.count else { throw fail("end of file", "the document ends inside an array (truncated?)") }
            if bytes[i] == UInt8(ascii: ",") { i += 1; continue }
            if bytes[i] == UInt8(ascii: "]") { i += 1; return .array(elements) }
            throw fail(here, "expected ',' or ']' after an array element")
        }
    }

    mutating func parseString() throws(FlingError) -> String {
        i += 1
        var scalars = String.UnicodeScalarView()
        var runStart = i
        func flush(_ to: Int) {
            if to > runStart { scalars.append(contentsOf: String(decoding: bytes[runStart..<to], as: UTF8.self).unicodeScalars) }
        }
        while true {
            guard i < bytes.count else { throw fail("end of file", "the document ends inside a string (truncated?)") }
            let b = bytes[i]
            switch b {
            case UInt8(ascii: "\""):
                flush(i)
                i += 1
                return String(scalars)
            case UInt8(ascii: "\\"):
                flush(i)
                i += 1
                guard i < bytes.count else { throw fail("end of file", "the document ends inside a string (truncated?)") }
                let e = bytes[i]
                i += 1
                switch e {
                case UInt8(ascii: "\""): scalars.append("\"")
                case UInt8(ascii: "\\"): scalars.append("\\")
                case UInt8(ascii: "/"): scalars.append("/")
                case UInt8(ascii: "b"): scalars.append("\u{8}")
                case UInt8(ascii: "f"): scalars.append("\u{c}")
                case UInt8(ascii: "n"): scalars.append("\n")
                case UInt8(ascii: "r"): scalars.append("\r")
                case UInt8(ascii: "t"): scalars.append("\t")
                case UInt8(ascii: "u"):
                    var code = try hex4()
                    if (0xD800...0xDBFF).contains(code) {
                        guard i + 1 < bytes.count, bytes[i] == UInt8(ascii: "\\"), bytes[i + 1] == UInt8(ascii: "u") else {
                            throw fail("\\u\(String(code, radix: 16))", "a high surrogate must be followed by a low one")
                        }
                        i += 2
                        let low = try hex4()
                        guard (0xDC00...0xDFFF).contains(low) else {
                            throw fail("\\u\(String(low, radix: 16))", "expected a low surrogate")
                        }
                        code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                    }
                    guard let scalar = Unicode.Scalar(code) else {
                        throw fail("\\u\(String(code, radix: 16))", "a lone surrogate is not a character")
                    }
                    scalars.append(scalar)
                default:
                    i -= 1
                    throw fail(here, "unknown escape in a string")
                }
                runStart = i
            case 0..<0x20:
                throw fail(here, "control characters (a line break, say) must be escaped inside a string")
            default:
                i += 1
            }
        }
    }

    mutating func hex4() throws(FlingError) -> UInt32 {
        var v: UInt32 = 0
        for _ in 0..<4 {
            guard i < bytes.count else { throw fail("end of file", "the document ends inside a \\u escape") }
            let b = bytes[i]
            let d: UInt32
            switch b {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): d = UInt32(b - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): d = UInt32(b - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): d = UInt32(b - UInt8(ascii: "A") + 10)
            default: throw fail(here, "expected four hexadecimal digits after \\u")
            }
            v = v << 4 | d
            i += 1
        }
        return v
    }

    /// `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`, returned as text.
    mutating func parseNumber() throws(FlingError) -> String {
        let start = i
        func digits() -> Int {
            let s = i
            while i < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[i]) { i += 1 }
            return i - s
        }
        if bytes[i] == UInt8(ascii: "-") { i += 1 }
        guard i < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[i]) else {
            throw fail(here, "expected a digit in a number")
        }
        if bytes[i] == UInt8(ascii: "0") {
            i += 1
            if i < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[i]) {
                throw fail(here, "a number must not have a leading zero")
            }
        } else {
            _ = digits()
        }
        if i < bytes.count, bytes[i] == UInt8(ascii: ".") {
            i += 1
            guard digits() > 0 else { throw fail(here, "expected a digit after the decimal point") }
        }
        if i < bytes.count, bytes[i] == UInt8(ascii: "e") || bytes[i] == UInt8(ascii: "E") {
            i += 1
            if i < bytes.count, bytes[i] == UInt8(ascii: "+") || bytes[i] == UInt8(ascii: "-") { i += 1 }
            guard digits() > 0 else { throw fail(here, "expected a digit in the exponent") }
        }
        let length = i - start
        guard length <= 400 else {
            i = start
            throw fail("a number of \(length) characters", "is too long")
        }
        return String(decoding: bytes[start..<i], as: UTF8.self)
    }
}
