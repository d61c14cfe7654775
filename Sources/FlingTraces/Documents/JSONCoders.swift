// The JSON coders of every `Coded` value (_FlingCoding's Coder.swift): a value is an object of
// one member per key, in the order its description lists them, nested values are objects, an
// enum's case is its name. Reading is as strict as every other document reader: an unknown
// key, a missing one, a value of the wrong kind, each is an error naming the line and the key
// path. Reading also lists the keys the description names, then refuses any other; when reading
// fails, a pass that lists the keys alone (reading only which case an enum is) finds an unknown
// key first, so a misspelt key is named as such, not as the key it lacks.

import FlingCore
import _FlingCoding

/// Writes a value's members.
struct JSONFieldWriter: Coder {
    var members: [String] = []

    /// The value as one JSON object on one line.
    static func text<T: Coded>(_ x: T) -> String { "{" + members(x).joined(separator: ", ") + "}" }

    static func members<T: Coded>(_ x: T) -> [String] {
        var w = Self()
        _ = try! T.code(&w, x)  // writing never throws
        return w.members
    }

    /// Writes the member `key` of `text` and returns `x`.
    mutating func put<T>(_ key: String, _ text: String, _ x: T) -> T {
        members.append("\"\(key)\": \(text)")
        return x
    }

    mutating func double(_ key: String, _ x: Double?) -> Double { put(key, NumberText.shortest(x!), x!) }
    mutating func int(_ key: String, _ x: Int?) -> Int { put(key, "\(x!)", x!) }
    mutating func u64(_ key: String, _ x: UInt64?) -> UInt64 { put(key, "\(x!)", x!) }
    mutating func bool(_ key: String, _ x: Bool?) -> Bool { put(key, "\(x!)", x!) }
    mutating func object<T>(_ key: String, _ body: (inout Self) throws(FlingError) -> T) throws(FlingError) -> T {
        var inner = Self()
        let x = try body(&inner)
        return put(key, "{" + inner.members.joined(separator: ", ") + "}", x)
    }
    mutating func list<T: Coded>(_ key: String, _ xs: [T]?) -> [T] {
        put(key, "[" + xs!.map { Self.text($0) }.joined(separator: ", ") + "]", xs!)
    }
    mutating func optional<T>(_ key: String, _ x: T?, _ body: (inout Self, T?) throws(FlingError) -> T) throws(FlingError) -> T? {
        try x.map { (x) throws(FlingError) in try body(&self, x) }
    }
    mutating func variant(_ key: String?, _ names: [String], _ index: Int?, _ what: String) -> Int {
        key.map { put($0, "\"\(names[index!])\"", index!) } ?? index!
    }
}

/// Reads a value's members from one object of a document.
struct JSONFieldReader: Coder {
    enum Mode {
        /// Reading the members.
        case read
        /// Listing the keys the description names (reading only the enums' cases).
        case keys
        /// Inside a nested value while listing keys: reading nothing.
        case placeholder
    }

    var decoder: DocumentDecoder
    let object: DocumentDecoder.Object
    var mode: Mode
    var keys: [String] = []

    var path: Trace.Path { object.path }

    /// A member of `key`, read by `read` from its node, or while listing keys, `placeholder`.
    mutating func member<T>(
        _ key: String, _ placeholder: T, _ read: (inout DocumentDecoder, JSONNode, Trace.Path) throws(FlingError) -> T
    ) throws(FlingError) -> T {
        keys.append(key)
        guard mode == .read else { return placeholder }
        return try read(&decoder, try decoder.required(object, key), path / key)
    }

    mutating func double(_ key: String, _ x: Double?) throws(FlingError) -> Double {
        try member(key, 0) { (d, n, p) throws(FlingError) in try d.double(n, p) }
    }
    mutating func int(_ key: String, _ x: Int?) throws(FlingError) -> Int {
        try member(key, 0) { (d, n, p) throws(FlingError) in try d.int(n, p) }
    }
    mutating func u64(_ key: String, _ x: UInt64?) throws(FlingError) -> UInt64 {
        try member(key, 0) { (d, n, p) throws(FlingError) in
            let v = try d.int(n, p)
            guard v >= 0 else { throw d.fail(n, p, "must be a whole number from 0 to 2^53") }
            return UInt64(v)
        }
    }
    mutating func bool(_ key: String, _ x: Bool?) throws(FlingError) -> Bool {
        try member(key, false) { (d, n, p) throws(FlingError) in try d.bool(n, p) }
    }
    mutating func object<T>(_ key: String, _ body: (inout Self) throws(FlingError) -> T) throws(FlingError) -> T {
        keys.append(key)
        guard mode == .read else {
            var inner = self
            inner.mode = .placeholder
            return try body(&inner)
        }
        return try decoder.read(try decoder.required(object, key), path / key, body)
    }
    mutating func list<T: Coded>(_ key: String, _ xs: [T]?) throws(FlingError) -> [T] {
        keys.append(key)
        guard mode == .read else { return [] }
        return try decoder.list(object, key)
    }
    mutating func optional<T>(_ key: String, _ x: T?, _ body: (inout Self, T?) throws(FlingError) -> T) throws(FlingError) -> T? {
        keys.append(key)
        guard mode == .read else { return nil }
        return decoder.optional(object, key) == nil ? nil : try body(&self, nil)
    }
    mutating func variant(_ key: String?, _ names: [String], _ index: Int?, _ what: String) throws(FlingError) -> Int {
        guard mode != .placeholder else { return 0 }
        guard let key else {
            // The case's name is the key of its member.
            guard let k = object.members.lazy.compactMap({ m in names.firstIndex(of: m.key) }).first else {
                throw decoder.fail(object.node, path, "must have one of the keys " + names.joined(separator: ", "))
            }
            return k
        }
        keys.append(key)
        let node = try decoder.required(object, key)
        guard let k = names.firstIndex(of: try decoder.string(node, path / key)) else {
            let quoted = names.map { "\"\($0)\"" }
            throw decoder.fail(node, path / key, "must be \(quoted.dropLast().joined(separator: ", ")) or \(quoted.last!)")
        }
        return k
    }
}

extension DocumentDecoder {
    /// A `Coded` value from its object at `node`: its keys, and `extra` keys the caller
    /// reads, are all the object may hold.
    mutating func decode<T: Coded>(_ node: JSONNode, _ path: Path, extra: [String] = []) throws(FlingError) -> T {
        try read(node, path, extra: extra) { (r) throws(FlingError) in try T.code(&r, nil) }
    }

    /// The `Coded` values of the array at `key`.
    mutating func list<T: Coded>(_ o: Object, _ key: String) throws(FlingError) -> [T] {
        var xs: [T] = []
        for (k, node) in try array(try required(o, key), o.path / key).enumerated() { xs.append(try decode(node, o.path / key / k)) }
        return xs
    }

    mutating func read<T>(
        _ node: JSONNode, _ path: Path, extra: [String] = [], _ body: (inout JSONFieldReader) throws(FlingError) -> T
    ) throws(FlingError) -> T {
        guard case .object(let members) = node.value else { throw fail(node, path, "must be an object, not \(node.kind)") }
        // The reader takes the decoder over (its record of lines grows without a copy) and
        // gives it back, whatever happens.
        var r = JSONFieldReader(decoder: self, object: Object(node: node, path: path, members: members), mode: .read)
        lines = []
        defer { self = r.decoder }
        do {
            let x = try body(&r)
            _ = try r.decoder.object(node, path, keys: r.keys + extra)
            return x
        } catch {
            // What to name first of all that is wrong: an enum's unknown case, then an unknown
            // key (a misspelt key is also a missing one), then what reading found.
            (r.mode, r.keys) = (.keys, [])
            _ = try body(&r)
            _ = try r.decoder.object(node, path, keys: r.keys + extra)
            throw error
        }
    }
}
