// The byte form every snapshot is written in (docs/SNAPSHOTS.md): fixed-width little-endian
// integers, every floating-point number as its IEEE 754 bit pattern (so a snapshot read back has
// the same bits, -0 and NaN payloads included), lists as a count then their elements. A reader
// checks every count against the bytes left before it allocates, so a crafted count cannot
// make it reserve more than the input's own size, and every failure is a typed
// `malformedInput` naming the byte offset.

import FlingCore

/// Writes the byte form.
package struct ByteWriter: Sendable {
    package private(set) var bytes: [UInt8] = []

    package init() {}

    package mutating func u8(_ x: UInt8) { bytes.append(x) }
    package mutating func u16(_ x: UInt16) { u64(UInt64(x), width: 2) }
    mutating func u32(_ x: UInt32) { u64(UInt64(x), width: 4) }
    package mutating func u64(_ x: UInt64) { u64(x, width: 8) }

    private mutating func u64(_ x: UInt64, width: Int) {
        var x = x
        for _ in 0..<width {
            bytes.append(UInt8(truncatingIfNeeded: x))
            x >>= 8
        }
    }

    package mutating func int(_ x: Int) { u64(UInt64(bitPattern: Int64(x))) }
    package mutating func bool(_ x: Bool) { u8(x ? 1 : 0) }
    package mutating func double(_ x: Double) { u64(x.bitPattern) }
    package mutating func vector(_ v: Vector) {
        double(v.x)
        double(v.y)
    }

    package mutating func string(_ s: String) {
        let utf8 = Array(s.utf8)
        count(utf8.count)
        bytes += utf8
    }

    package mutating func count(_ n: Int) { u32(UInt32(n)) }

    mutating func bytes(_ b: [UInt8]) {
        count(b.count)
        bytes += b
    }

    /// A list: its count, then each element.
    package mutating func list<T>(_ xs: [T], _ each: (inout ByteWriter, T) -> Void) {
        count(xs.count)
        for x in xs { each(&self, x) }
    }

    package mutating func optional<T>(_ x: T?, _ each: (inout ByteWriter, T) -> Void) {
        bool(x != nil)
        if let x { each(&self, x) }
    }

    package mutating func value<T: ByteCodable>(_ x: T) { x.encode(to: &self) }
    package mutating func values<T: ByteCodable>(_ xs: [T]) { list(xs) { $0.value($1) } }
    package mutating func optionalValue<T: ByteCodable>(_ x: T?) { optional(x) { $0.value($1) } }
}

/// Reads the byte form, throwing ``FlingError/Code/malformedInput`` (naming `what` and the
/// byte offset) on anything it cannot read.
package struct ByteReader {
    let bytes: [UInt8]
    package private(set) var offset: Int
    /// What is being read, for errors: `AnimatorSnapshot`.
    let what: String

    package init(_ bytes: [UInt8], offset: Int = 0, what: String) {
        self.bytes = bytes
        self.offset = offset
        self.what = what
    }

    package var remaining: Int { bytes.count - offset }
    package var isAtEnd: Bool { offset == bytes.count }

    package func fail(_ reason: String, value: String = "") -> FlingError {
        FlingError(.malformedInput, field: "\(what) byte \(offset)", value: value, reason: reason)
    }

    private mutating func uint(width: Int) throws(FlingError) -> UInt64 {
        guard remaining >= width else { throw fail("ends inside a \(width)-byte number") }
        var x: UInt64 = 0
        for k in 0..<width { x |= UInt64(bytes[offset + k]) << (8 * UInt64(k)) }
        offset += width
        return x
    }

    package mutating func u8() throws(FlingError) -> UInt8 { UInt8(try uint(width: 1)) }
    package mutating func u16() throws(FlingError) -> UInt16 { UInt16(try uint(width: 2)) }
    mutating func u32() throws(FlingError) -> UInt32 { UInt32(try uint(width: 4)) }
    package mutating func u64() throws(FlingError) -> UInt64 { try uint(width: 8) }
    package mutating func int() throws(FlingError) -> Int { Int(Int64(bitPattern: try uint(width: 8))) }

    package mutating func bool() throws(FlingError) -> Bool {
        let b = try u8()
        guard b <= 1 else { throw fail("a flag must be 0 or 1", value: "\(b)") }
        return b == 1
    }

    package mutating func double() throws(FlingError) -> Double { Double(bitPattern: try uint(width: 8)) }
    package mutating func vector() throws(FlingError) -> Vector { Vector(try double(), try double()) }

    /// A count of elements each at least `size` bytes long, checked against the bytes left.
    package mutating func count(elementSize size: Int) throws(FlingError) -> Int {
        let n = Int(try u32())
        guard n <= remaining / max(size, 1) else {
            throw fail("a count larger than the bytes left could hold", value: "\(n)")
        }
        return n
    }

    package mutating func string() throws(FlingError) -> String {
        let n = try count(elementSize: 1)
        let s = bytes[offset..<offset + n]
        offset += n
        guard let text = String(validating: s, as: UTF8.self) else { throw fail("a string is not UTF-8") }
        return text
    }

    /// A list whose elements are at least `size` bytes each.
    package mutating func list<T>(elementSize size: Int, _ each: (inout ByteReader) throws(FlingError) -> T) throws(FlingError) -> [T] {
        let n = try count(elementSize: size)
        var xs: [T] = []
        xs.reserveCapacity(n)
        for _ in 0..<n { xs.append(try each(&self)) }
        return xs
    }

    package mutating func optional<T>(_ each: (inout ByteReader) throws(FlingError) -> T) throws(FlingError) -> T? {
        try bool() ? try each(&self) : nil
    }

    package mutating func value<T: ByteCodable>(_: T.Type = T.self) throws(FlingError) -> T { try T(from: &self) }
    package mutating func values<T: ByteCodable>(_: T.Type = T.self) throws(FlingError) -> [T] {
        try list(elementSize: 1) { (r) throws(FlingError) in try r.value(T.self) }
    }
    package mutating func optionalValue<T: ByteCodable>(_: T.Type = T.self) throws(FlingError) -> T? {
        try optional { (r) throws(FlingError) in try r.value(T.self) }
    }

    /// A tag byte that must be below `cases`.
    package mutating func tag(_ cases: UInt8, _ name: String) throws(FlingError) -> UInt8 {
        let t = try u8()
        guard t < cases else { throw fail("unknown \(name)", value: "\(t)") }
        return t
    }
}

/// A value with a byte form (the package's own conformances: no promise to users).
package protocol ByteCodable {
    func encode(to w: inout ByteWriter)
    init(from r: inout ByteReader) throws(FlingError)
}
