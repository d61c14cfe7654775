// A configuration's fingerprint: FNV-1a over every stored value it reaches, walked by
// reflection (`Mirror`), each number by its bit pattern, each field by its label, each enum
// by its case: so a snapshot can say which configuration it was taken under without carrying
// it, and a regrouped or extended configuration type gives another fingerprint (its snapshots
// are then refused, which is right: they were taken under other rules). Dictionaries and sets
// are folded in their elements' order of fingerprints, not their storage's.

/// The fingerprint of values (``of(_:)``), and the walk it hashes (``walk(_:)``): two values
/// whose walks are equal are equal bit for bit (every number by its bit pattern, so `-0` is not
/// `+0` and a NaN equals only the same NaN), which is what ``WorldSnapshot``'s `==` asks.
package enum Fingerprint {
    package static func of(_ values: Any...) -> UInt64 {
        var bytes: [UInt8] = []
        for v in values { fold(v, &bytes) }
        return FNV1a.hash(bytes)
    }

    /// The bytes ``of(_:)`` hashes for `value`.
    static func walk(_ value: Any) -> [UInt8] {
        var bytes: [UInt8] = []
        fold(value, &bytes)
        return bytes
    }

    private static func text(_ s: String, _ h: inout [UInt8]) {
        h += s.utf8
        h.append(0)
    }

    private static func number(_ tag: UInt8, _ bits: UInt64, _ h: inout [UInt8]) {
        h.append(tag)
        var b = bits
        for _ in 0..<8 {
            h.append(UInt8(truncatingIfNeeded: b))
            b >>= 8
        }
    }

    private static func fold(_ x: Any, _ h: inout [UInt8]) {
        switch x {
        case let d as Double: number(1, d.bitPattern, &h)
        case let f as Float: number(2, UInt64(f.bitPattern), &h)
        case let b as Bool: number(3, b ? 1 : 0, &h)
        case let i as Int: number(4, UInt64(bitPattern: Int64(i)), &h)
        case let u as UInt64: number(5, u, &h)
        case let u as UInt32: number(6, UInt64(u), &h)
        case let u as UInt16: number(7, UInt64(u), &h)
        case let u as UInt8: number(8, UInt64(u), &h)
        case let i as Int64: number(9, UInt64(bitPattern: i), &h)
        case let i as Int32: number(10, UInt64(bitPattern: Int64(i)), &h)
        case let s as String: text(s, &h)
        default:
            let m = Mirror(reflecting: x)
            text(String(reflecting: type(of: x)), &h)
            switch m.displayStyle {
            case .enum:
                // A case without a payload has no child: its name is its description.
                if m.children.isEmpty { text(String(describing: x), &h) }
                for c in m.children {
                    text(c.label ?? "", &h)
                    fold(c.value, &h)
                }
            case .dictionary, .set:
                let parts = m.children.map { Fingerprint.of($0.value) }.sorted()
                for p in parts { number(11, p, &h) }
            default:
                number(12, UInt64(m.children.count), &h)
                for c in m.children {
                    text(c.label ?? "", &h)
                    fold(c.value, &h)
                }
            }
        }
    }
}

/// FNV-1a over bytes: the checksum of a snapshot's payload and the fold of a fingerprint.
package struct FNV1a: Sendable {
    private(set) var value: UInt64 = StateDigest.offsetBasis

    init() {}

    mutating func combine<S: Sequence>(_ bytes: S) where S.Element == UInt8 {
        for b in bytes { value = (value ^ UInt64(b)) &* StateDigest.prime }
    }

    package static func hash(_ bytes: [UInt8]) -> UInt64 {
        var h = FNV1a()
        h.combine(bytes)
        return h.value
    }
}
