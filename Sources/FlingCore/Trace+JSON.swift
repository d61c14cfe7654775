/// The JSON form of a ``Trace`` (format `fling-trace`, version 1; see `docs/TRACES.md`).
///
/// Reading is strict and total: any bytes give either a valid trace or a ``FlingError`` that
/// names the line and the key path and says what is wrong (code `malformedInput` for the
/// document's shape; the value checks' own codes, `notFinite`, `outOfRange`, …, for bad
/// numbers). It never traps, whatever the input: the reader is a small hand-written JSON
/// parser (nesting limited to 64 levels) rather than Foundation's, so that core keeps to the
/// standard library and every node knows its line.
///
/// Writing is deterministic: keys in a fixed order, one event per line, numbers in Swift's
/// shortest round-trip form, so `Trace(json: trace.json) == trace` to the bit.
extension Trace {
    /// Reads a trace document.
    public init(json bytes: some Sequence<UInt8>) throws(FlingError) {
        let bytes = Array(bytes)
        var parser = JSONParser(bytes)
        let root = try parser.parseDocument()
        var decoder = TraceDecoder(bytes: bytes)
        self = try decoder.trace(root)
    }

    /// Reads a trace document from text.
    public init(json text: String) throws(FlingError) {
        try self.init(json: Array(text.utf8))
    }

    /// The document, as UTF-8 text ending in a newline.
    public var json: String {
        var w = JSONWriter()
        w.trace(self)
        return w.text
    }
}

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
/// line and column.
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
            // Objects in a trace have a handful of keys: a linear scan is enough, and bounded by
            // the document's size.
            if members.contains(where: { $0.key == key }) {
                throw FlingError(.malformedInput, field: "line \(keyLine), column \(keyColumn)", value: "\"\(key)\"",
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

// MARK: - Mapping JSON to a trace

/// Turns the parsed tree into a ``Trace``, naming line and key path in every error.
struct TraceDecoder {
    typealias Path = Trace.Path
    let bytes: [UInt8]
    /// Where each key path's value was found, for validation errors (kept in document order;
    /// looked up only when an error is reported).
    var lines: [(path: Path, line: Int)] = []

    init(bytes: [UInt8]) { self.bytes = bytes }

    /// The node's source text, shortened, for `FlingError.value`.
    func source(_ node: JSONNode) -> String {
        let end = min(node.end, node.start + 48)
        var s = String(decoding: bytes[node.start..<end], as: UTF8.self)
        s = String(s.map { $0.isNewline ? " " : $0 })
        return node.end > end ? s + "…" : s
    }

    func fail(_ node: JSONNode, _ path: Path, _ reason: String) -> FlingError {
        FlingError(.malformedInput, field: "line \(node.line): \(path)", value: source(node), reason: reason)
    }

    /// The line of the value at `path`, or of its nearest recorded ancestor.
    func locate(_ path: Path) -> String {
        var p = path.components
        while true {
            if let hit = lines.first(where: { $0.path.components == p }) { return "line \(hit.line): \(path)" }
            if p.isEmpty { return path.description }
            p.removeLast()
        }
    }

    // MARK: Typed accessors

    /// An object's members, checked against the allowed keys (unknown keys are an error:
    /// they are most often typos).
    struct Object {
        let node: JSONNode
        let path: Path
        let members: [(key: String, value: JSONNode)]
    }

    mutating func object(_ node: JSONNode, _ path: Path, keys allowed: [String]) throws(FlingError) -> Object {
        lines.append((path, node.line))
        guard case .object(let members) = node.value else { throw fail(node, path, "must be an object, not \(node.kind)") }
        for m in members where !allowed.contains(m.key) {
            throw FlingError(.malformedInput, field: "line \(m.value.line): \(path / m.key)", value: "\"\(m.key)\"",
                             reason: "unknown key; expected one of \(allowed.joined(separator: ", "))")
        }
        return Object(node: node, path: path, members: members)
    }

    func optional(_ o: Object, _ key: String) -> JSONNode? {
        guard let m = o.members.first(where: { $0.key == key }) else { return nil }
        if case .null = m.value.value { return nil }
        return m.value
    }

    func required(_ o: Object, _ key: String) throws(FlingError) -> JSONNode {
        guard let v = optional(o, key) else {
            throw FlingError(.malformedInput, field: "line \(o.node.line): \(o.path / key)", value: "missing",
                             reason: "this key is required")
        }
        return v
    }

    mutating func double(_ node: JSONNode, _ path: Path) throws(FlingError) -> Double {
        lines.append((path, node.line))
        guard case .number(let text) = node.value else { throw fail(node, path, "must be a number, not \(node.kind)") }
        guard let v = Double(text), v.isFinite else { throw fail(node, path, "must be a finite number") }
        return v
    }

    mutating func int(_ node: JSONNode, _ path: Path) throws(FlingError) -> Int {
        lines.append((path, node.line))
        guard case .number(let text) = node.value else { throw fail(node, path, "must be an integer, not \(node.kind)") }
        if let v = Int(text) { return v }
        // 3.0 or 1e3 are integers too.
        guard let d = Double(text), d.isFinite, d == d.rounded(), abs(d) <= 9_007_199_254_740_992, let v = Int(exactly: d) else {
            throw fail(node, path, "must be an integer within ±2^53")
        }
        return v
    }

    mutating func string(_ node: JSONNode, _ path: Path) throws(FlingError) -> String {
        lines.append((path, node.line))
        guard case .string(let s) = node.value else { throw fail(node, path, "must be a string, not \(node.kind)") }
        return s
    }

    mutating func bool(_ node: JSONNode, _ path: Path) throws(FlingError) -> Bool {
        lines.append((path, node.line))
        guard case .bool(let b) = node.value else { throw fail(node, path, "must be true or false, not \(node.kind)") }
        return b
    }

    mutating func array(_ node: JSONNode, _ path: Path) throws(FlingError) -> [JSONNode] {
        lines.append((path, node.line))
        guard case .array(let a) = node.value else { throw fail(node, path, "must be an array, not \(node.kind)") }
        return a
    }

    mutating func digest(_ node: JSONNode, _ path: Path) throws(FlingError) -> StateDigest {
        let s = try string(node, path)
        guard s.utf8.count == 16, s.utf8.allSatisfy({ (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }),
              let v = UInt64(s, radix: 16)
        else { throw fail(node, path, "must be 16 lowercase hexadecimal digits") }
        return StateDigest(value: v)
    }

    mutating func double(_ o: Object, _ key: String) throws(FlingError) -> Double {
        try double(try required(o, key), o.path / key)
    }

    mutating func int(_ o: Object, _ key: String) throws(FlingError) -> Int {
        try int(try required(o, key), o.path / key)
    }

    mutating func vector(_ node: JSONNode, _ path: Path) throws(FlingError) -> Vector {
        let o = try object(node, path, keys: ["x", "y"])
        return Vector(try double(o, "x"), try double(o, "y"))
    }

    mutating func rect(_ node: JSONNode, _ path: Path) throws(FlingError) -> Rect {
        let o = try object(node, path, keys: ["x", "y", "width", "height"])
        return Rect(x: try double(o, "x"), y: try double(o, "y"), width: try double(o, "width"), height: try double(o, "height"))
    }

    mutating func optionalString(_ o: Object, _ key: String) throws(FlingError) -> String? {
        guard let n = optional(o, key) else { return nil }
        return try string(n, o.path / key)
    }

    // MARK: The document

    mutating func trace(_ root: JSONNode) throws(FlingError) -> Trace {
        let path = Path()
        guard case .object(let members) = root.value else {
            throw fail(root, path, "a trace document is a JSON object, not \(root.kind)")
        }
        // Format and version first, so that another file or a newer version says so, rather
        // than tripping over a key this build does not know.
        let o0 = Object(node: root, path: path, members: members)
        let format = try string(try required(o0, "format"), path / "format")
        guard format == Trace.formatName else {
            throw fail(try required(o0, "format"), path / "format", "must be \"\(Trace.formatName)\"")
        }
        let versionNode = try required(o0, "version")
        let version = try int(versionNode, path / "version")
        guard version == Trace.version else {
            throw fail(versionNode, path / "version", "this build of Fling reads version \(Trace.version) only")
        }
        let o = try object(root, path, keys: ["format", "version", "name", "notes", "attribution", "scenes"])
        let sceneNodes = try array(try required(o, "scenes"), path / "scenes")
        var scenes: [Trace.Scene] = []
        for (s, node) in sceneNodes.enumerated() { scenes.append(try scene(node, path / "scenes" / s)) }
        let trace = Trace(name: try optionalString(o, "name"), notes: try optionalString(o, "notes"),
                          attribution: try optionalString(o, "attribution"), scenes: scenes)
        try trace.validate { locate($0) }
        return trace
    }

    mutating func scene(_ node: JSONNode, _ path: Path) throws(FlingError) -> Trace.Scene {
        let o = try object(node, path, keys: ["name", "viewport", "configuration", "tiles", "run", "events", "expected"])
        let viewport = try rect(try required(o, "viewport"), path / "viewport")
        let configuration = try self.configuration(try required(o, "configuration"), path / "configuration")
        var tiles: [TileDefinition] = []
        for (t, n) in try array(try required(o, "tiles"), path / "tiles").enumerated() {
            let p = path / "tiles" / t
            let to = try object(n, p, keys: ["id", "frame", "mass"])
            tiles.append(TileDefinition(id: TileID(try int(to, "id")), frame: try rect(try required(to, "frame"), p / "frame"),
                                        mass: try double(to, "mass")))
        }
        let ro = try object(try required(o, "run"), path / "run", keys: ["duration", "stopWhenIdle"])
        let run = Trace.RunLength(duration: try double(ro, "duration"),
                                  stopsWhenIdle: try bool(try required(ro, "stopWhenIdle"), ro.path / "stopWhenIdle"))
        var events: [TouchEvent] = []
        for (e, n) in try array(try required(o, "events"), path / "events").enumerated() {
            let p = path / "events" / e
            let eo = try object(n, p, keys: ["time", "touch", "phase", "position", "tile"])
            let phaseNode = try required(eo, "phase")
            guard let phase = TouchEvent.Phase(rawValue: try string(phaseNode, p / "phase")) else {
                throw fail(phaseNode, p / "phase", "must be \"began\", \"moved\", \"ended\" or \"cancelled\"")
            }
            var tile: TileID?
            if let tn = optional(eo, "tile") {
                guard phase == .began else { throw fail(tn, p / "tile", "only a began event names a tile") }
                tile = TileID(try int(tn, p / "tile"))
            }
            events.append(TouchEvent(time: try double(eo, "time"), touch: TouchID(try int(eo, "touch")), phase: phase,
                                     position: try vector(try required(eo, "position"), p / "position"), tile: tile))
        }
        var expected: Trace.Expectation?
        if let en = optional(o, "expected") {
            let p = path / "expected"
            let eo = try object(en, p, keys: ["ticks", "digest", "every", "checkpoints"])
            var x = Trace.Expectation(ticks: try int(eo, "ticks"), digest: try digest(try required(eo, "digest"), p / "digest"))
            if let every = optional(eo, "every") { x.interval = try int(every, p / "every") }
            if let cn = optional(eo, "checkpoints") {
                for (c, n) in try array(cn, p / "checkpoints").enumerated() {
                    x.checkpoints.append(try digest(n, p / "checkpoints" / c))
                }
            }
            expected = x
        }
        return Trace.Scene(name: try optionalString(o, "name"), viewport: viewport, tiles: tiles,
                           configuration: configuration, run: run, events: events, expected: expected)
    }

    mutating func configuration(_ node: JSONNode, _ path: Path) throws(FlingError) -> EngineConfiguration {
        let o = try object(node, path, keys: JSONWriter.configurationKeys)
        var c = EngineConfiguration()
        c.tick = try double(o, "tick")
        c.maxFrameInterval = try double(o, "maxFrameInterval")
        c.gravity = try vector(try required(o, "gravity"), path / "gravity")
        c.solverIterations = try int(o, "solverIterations")
        c.dragMaxAcceleration = try double(o, "dragMaxAcceleration")
        c.dragErrorBias = try double(o, "dragErrorBias")
        c.attraction = try spring(try required(o, "attraction"), path / "attraction")
        c.rotation = try spring(try required(o, "rotation"), path / "rotation")
        let rn = try required(o, "releaseRule")
        let ro = try object(rn, path / "releaseRule", keys: ["kind", "lookahead", "radius"])
        let kindNode = try required(ro, "kind")
        switch try string(kindNode, ro.path / "kind") {
        case "projectedDistance":
            c.releaseRule = .projectedDistance(lookahead: try double(ro, "lookahead"), radius: try double(ro, "radius"))
        case "alwaysAttract", "alwaysFall":
            if let extra = optional(ro, "lookahead") ?? optional(ro, "radius") {
                throw fail(extra, ro.path, "lookahead and radius belong to kind projectedDistance only")
            }
            c.releaseRule = try string(kindNode, ro.path / "kind") == "alwaysAttract" ? .alwaysAttract : .alwaysFall
        default:
            throw fail(kindNode, ro.path / "kind", "must be \"projectedDistance\", \"alwaysAttract\" or \"alwaysFall\"")
        }
        let so = try object(try required(o, "settle"), path / "settle", keys: ["distance", "speed", "angle", "angularSpeed", "ticks"])
        c.settle = SettleThresholds(distance: try double(so, "distance"), speed: try double(so, "speed"),
                                    angle: try double(so, "angle"), angularSpeed: try double(so, "angularSpeed"),
                                    ticks: try int(so, "ticks"))
        c.cullMargin = try double(o, "cullMargin")
        return c
    }

    mutating func spring(_ node: JSONNode, _ path: Path) throws(FlingError) -> SpringTuning {
        let o = try object(node, path, keys: ["frequency", "dampingRatio"])
        return SpringTuning(frequency: try double(o, "frequency"), dampingRatio: try double(o, "dampingRatio"))
    }
}

// MARK: - Writing

/// Writes a trace in the canonical layout.
struct JSONWriter {
    /// The keys of a configuration object, in the order they are written.
    static let configurationKeys = [
        "tick", "maxFrameInterval", "gravity", "solverIterations", "dragMaxAcceleration", "dragErrorBias",
        "attraction", "rotation", "releaseRule", "settle", "cullMargin",
    ]

    var text = ""

    static func number(_ x: Double) -> String { x.description }

    static func string(_ s: String) -> String {
        var out = "\""
        for u in s.unicodeScalars {
            switch u {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "\u{0}"..."\u{1f}", "\u{7f}":
                let h = String(u.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - h.count) + h
            default: out.unicodeScalars.append(u)
            }
        }
        return out + "\""
    }

    static func vector(_ v: Vector) -> String { "{\"x\": \(number(v.x)), \"y\": \(number(v.y))}" }

    static func rect(_ r: Rect) -> String {
        "{\"x\": \(number(r.x)), \"y\": \(number(r.y)), \"width\": \(number(r.width)), \"height\": \(number(r.height))}"
    }

    static func spring(_ s: SpringTuning) -> String {
        "{\"frequency\": \(number(s.frequency)), \"dampingRatio\": \(number(s.dampingRatio))}"
    }

    static func event(_ e: TouchEvent) -> String {
        var s = "{\"time\": \(number(e.time)), \"touch\": \(e.touch.rawValue), \"phase\": \"\(e.phase.rawValue)\", "
            + "\"position\": \(vector(e.position))"
        if let tile = e.tile, e.phase == .began { s += ", \"tile\": \(tile.rawValue)" }
        return s + "}"
    }

    mutating func line(_ indent: Int, _ s: String) { text += String(repeating: "  ", count: indent) + s + "\n" }

    /// Writes `items` one per line, commas between, and `close` after.
    mutating func list(_ indent: Int, _ items: [String], close: String) {
        for (n, item) in items.enumerated() { line(indent, item + (n < items.count - 1 ? "," : "")) }
        line(indent - 1, close)
    }

    mutating func trace(_ t: Trace) {
        line(0, "{")
        var head = ["\"format\": \(Self.string(Trace.formatName))", "\"version\": \(Trace.version)"]
        if let name = t.name { head.append("\"name\": \(Self.string(name))") }
        if let notes = t.notes { head.append("\"notes\": \(Self.string(notes))") }
        if let a = t.attribution { head.append("\"attribution\": \(Self.string(a))") }
        for h in head { line(1, h + ",") }
        if t.scenes.isEmpty {
            line(1, "\"scenes\": []")
        } else {
            line(1, "\"scenes\": [")
            for (n, scene) in t.scenes.enumerated() { self.scene(scene, last: n == t.scenes.count - 1) }
            line(1, "]")
        }
        line(0, "}")
    }

    mutating func scene(_ s: Trace.Scene, last: Bool) {
        line(2, "{")
        if let name = s.name { line(3, "\"name\": \(Self.string(name)),") }
        line(3, "\"viewport\": \(Self.rect(s.viewport)),")
        let c = s.configuration
        line(3, "\"configuration\": {")
        let rule: String
        switch c.releaseRule {
        case .projectedDistance(let lookahead, let radius):
            rule = "{\"kind\": \"projectedDistance\", \"lookahead\": \(Self.number(lookahead)), \"radius\": \(Self.number(radius))}"
        case .alwaysAttract: rule = "{\"kind\": \"alwaysAttract\"}"
        case .alwaysFall: rule = "{\"kind\": \"alwaysFall\"}"
        }
        let settle = c.settle
        list(4, [
            "\"tick\": \(Self.number(c.tick))",
            "\"maxFrameInterval\": \(Self.number(c.maxFrameInterval))",
            "\"gravity\": \(Self.vector(c.gravity))",
            "\"solverIterations\": \(c.solverIterations)",
            "\"dragMaxAcceleration\": \(Self.number(c.dragMaxAcceleration))",
            "\"dragErrorBias\": \(Self.number(c.dragErrorBias))",
            "\"attraction\": \(Self.spring(c.attraction))",
            "\"rotation\": \(Self.spring(c.rotation))",
            "\"releaseRule\": \(rule)",
            "\"settle\": {\"distance\": \(Self.number(settle.distance)), \"speed\": \(Self.number(settle.speed)), "
                + "\"angle\": \(Self.number(settle.angle)), \"angularSpeed\": \(Self.number(settle.angularSpeed)), "
                + "\"ticks\": \(settle.ticks)}",
            "\"cullMargin\": \(Self.number(c.cullMargin))",
        ], close: "},")
        if s.tiles.isEmpty {
            line(3, "\"tiles\": [],")
        } else {
            line(3, "\"tiles\": [")
            list(4, s.tiles.map { "{\"id\": \($0.id.rawValue), \"frame\": \(Self.rect($0.frame)), \"mass\": \(Self.number($0.mass))}" },
                 close: "],")
        }
        line(3, "\"run\": {\"duration\": \(Self.number(s.run.duration)), \"stopWhenIdle\": \(s.run.stopsWhenIdle)},")
        let eventsClose = s.expected == nil ? "]" : "],"
        if s.events.isEmpty {
            line(3, "\"events\": [" + eventsClose)
        } else {
            line(3, "\"events\": [")
            list(4, s.events.map(Self.event), close: eventsClose)
        }
        if let x = s.expected {
            var members = ["\"ticks\": \(x.ticks)", "\"digest\": \"\(x.digest.hex)\""]
            if let interval = x.interval {
                members.append("\"every\": \(interval)")
                members.append("\"checkpoints\": [" + x.checkpoints.map { "\"\($0.hex)\"" }.joined(separator: ", ") + "]")
            }
            line(3, "\"expected\": {")
            list(4, members, close: "}")
        }
        line(2, last ? "}" : "},")
    }
}
