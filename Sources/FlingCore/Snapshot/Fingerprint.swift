// A configuration's fingerprint: FNV-1a over every stored value it reaches, walked by
// reflection (`Mirror`), each number by its bit pattern, each field by its label, each enum
// by its case: so a snapshot can say which configuration it was taken under without carrying
// it, and a regrouped or extended configuration type gives another fingerprint (its snapshots
// are then refused, which is right: they were taken under other rules). Dictionaries and sets
// are folded in their elements' order of fingerprints, not their storage's.

/// The fingerprint of values (``of(_:)``).
package enum Fingerprint {
    package static func of(_ values: Any...) -> UInt64 {
        var h = FNV1a()
        for v in values { fold(v, &h) }
        return h.value
    }

    private static func text(_ s: String, _ h: inout FNV1a) {
        h.combine(s.utf8)
        h.combine([0])
    }

    private static func number(_ tag: UInt8, _ bits: UInt64, _ h: inout FNV1a) {
        var bytes: [UInt8] = [tag]
        var b = bits
        for _ in 0..<8 {
            bytes.append(UInt8(truncatingIfNeeded: b))
            b >>= 8
        }
        h.combine(bytes)
    }

    private static func fold(_ x: Any, _ h: inout FNV1a) {
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
