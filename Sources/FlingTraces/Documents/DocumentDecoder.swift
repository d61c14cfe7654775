import FlingCore

/// Turns a parsed JSON tree into a document of any registered kind (a trace, a scene, a path
/// document: each kind's reading is an extension of its own), naming line and key path in every
/// error.
struct DocumentDecoder {
    typealias Path = Trace.Path
    let bytes: [UInt8]
    /// Where each key path's value was found, for validation errors (kept in document order;
    /// looked up only when an error is reported).
    var lines: [(path: Path, line: Int)] = []
    /// The document's format version (1 to 3), once read.
    var version = 1

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
            throw FlingError(
                .malformedInput, field: "line \(m.value.line): \(path / m.key)", value: "\"\(m.key)\"",
                reason: "unknown key; expected one of \(allowed.joined(separator: ", "))")
        }
        return Object(node: node, path: path, members: members)
    }

    mutating func optional(_ o: Object, _ key: String) -> JSONNode? {
        guard let n = o.members.firstIndex(where: { $0.key == key }) else { return nil }
        let m = o.members[n]
        if case .null = m.value.value { return nil }
        return m.value
    }

    mutating func required(_ o: Object, _ key: String) throws(FlingError) -> JSONNode {
        guard let v = optional(o, key) else {
            throw FlingError(
                .malformedInput, field: "line \(o.node.line): \(o.path / key)", value: "missing",
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

    mutating func optionalString(_ o: Object, _ key: String) throws(FlingError) -> String? {
        guard let n = optional(o, key) else { return nil }
        return try string(n, o.path / key)
    }
}
