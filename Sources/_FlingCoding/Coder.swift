// One description per value, two encodings: a ``Coded`` value lists its fields once, in order,
// in `code(_:_:)`, and every ``Coder`` walks that list. Writing, each call is given the field's
// value and returns it; reading, it is given nil and returns what it read (the value built at
// the end is then the one read). The byte coders (here) ignore the keys and write each field in
// line, enums as a tag byte; the JSON ones (FlingTraces) write an object member per key, nested
// values as objects, enums as the case's name. So a value's bytes and its JSON cannot disagree.

import FlingCore

/// Walks the fields of a ``Coded`` value: a writer or a reader, of bytes or of JSON.
package protocol Coder {
    mutating func double(_ key: String, _ x: Double?) throws(FlingError) -> Double
    mutating func int(_ key: String, _ x: Int?) throws(FlingError) -> Int
    /// Eight bytes; in JSON a whole number from 0 to 2^53.
    mutating func u64(_ key: String, _ x: UInt64?) throws(FlingError) -> UInt64
    mutating func bool(_ key: String, _ x: Bool?) throws(FlingError) -> Bool
    /// A nested object (in bytes, its fields in line).
    mutating func object<T>(_ key: String, _ body: (inout Self) throws(FlingError) -> T) throws(FlingError) -> T
    mutating func list<T: Coded>(_ key: String, _ xs: [T]?) throws(FlingError) -> [T]
    /// A member that may be absent: in bytes a flag, then the value `body` codes (given `x`
    /// when writing); in JSON the member, left out when nil.
    mutating func optional<T>(_ key: String, _ x: T?, _ body: (inout Self, T?) throws(FlingError) -> T) throws(FlingError) -> T?
    /// Which of `names` an enum's case is: in bytes a tag byte (`what` names it in errors), in
    /// JSON the member `key` holding the name, or with no key, the name is the key of the
    /// case's own member that follows.
    mutating func variant(_ key: String?, _ names: [String], _ index: Int?, _ what: String) throws(FlingError) -> Int
}

/// A value whose fields are described once, for every ``Coder``.
package protocol Coded: ByteCodable {
    /// Codes `value`'s fields (nil: reads them) and returns the value.
    static func code<C: Coder>(_ c: inout C, _ value: Self?) throws(FlingError) -> Self
}

extension Coder {
    package mutating func value<T: Coded>(_ key: String, _ x: T?) throws(FlingError) -> T {
        try object(key) { (c) throws(FlingError) in try T.code(&c, x) }
    }
}

extension Coder {
    /// An enum named by its raw value (in bytes, its index among all its cases).
    package mutating func name<E: RawRepresentable<String> & CaseIterable & Equatable>(
        _ key: String, _ x: E?, _ what: String
    ) throws(FlingError) -> E {
        let cases = Array(E.allCases)
        return cases[try variant(key, cases.map(\.rawValue), x.map { cases.firstIndex(of: $0)! }, what)]
    }
}

extension Coded {
    package func encode(to w: inout ByteWriter) { _ = try! Self.code(&w, self) }  // a byte writer never throws
    package init(from r: inout ByteReader) throws(FlingError) { self = try Self.code(&r, nil) }
}

extension ByteWriter: Coder {
    package mutating func double(_ key: String, _ x: Double?) -> Double { double(x!); return x! }
    package mutating func int(_ key: String, _ x: Int?) -> Int { int(x!); return x! }
    package mutating func u64(_ key: String, _ x: UInt64?) -> UInt64 { u64(x!); return x! }
    package mutating func bool(_ key: String, _ x: Bool?) -> Bool { bool(x!); return x! }
    package mutating func object<T>(_ key: String, _ body: (inout Self) throws(FlingError) -> T) throws(FlingError) -> T {
        try body(&self)
    }
    package mutating func list<T: Coded>(_ key: String, _ xs: [T]?) -> [T] { values(xs!); return xs! }
    package mutating func optional<T>(_ key: String, _ x: T?, _ body: (inout Self, T?) throws(FlingError) -> T) throws(FlingError) -> T? {
        bool(x != nil)
        return try x.map { (x) throws(FlingError) in try body(&self, x) }
    }
    package mutating func variant(_ key: String?, _ names: [String], _ index: Int?, _ what: String) -> Int {
        u8(UInt8(index!))
        return index!
    }
}

extension ByteReader: Coder {
    package mutating func double(_ key: String, _ x: Double?) throws(FlingError) -> Double { try double() }
    package mutating func int(_ key: String, _ x: Int?) throws(FlingError) -> Int { try int() }
    package mutating func u64(_ key: String, _ x: UInt64?) throws(FlingError) -> UInt64 { try u64() }
    package mutating func bool(_ key: String, _ x: Bool?) throws(FlingError) -> Bool { try bool() }
    package mutating func object<T>(_ key: String, _ body: (inout Self) throws(FlingError) -> T) throws(FlingError) -> T {
        try body(&self)
    }
    package mutating func list<T: Coded>(_ key: String, _ xs: [T]?) throws(FlingError) -> [T] { try values() }
    package mutating func optional<T>(_ key: String, _ x: T?, _ body: (inout Self, T?) throws(FlingError) -> T) throws(FlingError) -> T? {
        try bool() ? try body(&self, nil) : nil
    }
    package mutating func variant(_ key: String?, _ names: [String], _ index: Int?, _ what: String) throws(FlingError) -> Int {
        Int(try tag(UInt8(names.count), what))
    }
}
