import FlingCore

// TEMPORARY: the first divergence between two runs, until `Run.firstDivergence(from:)` (the
// registry's) lands; then the page takes that report instead and this file goes.

/// Where two runs of the same input first differ.
public struct RunDivergence: Hashable, Sendable {
    /// The position in ``Run/frames`` of the frame (tick or sample) where they first differ.
    public var frame: Int
    /// The item and field that differ there (`tile` 2 `vx`), or the item present in one run
    /// only (field `present`), or the frame count (`frames`).
    public var itemKind: String
    public var id: Int
    public var field: String
    /// Both values, and their IEEE 754 bit patterns where they are numbers.
    public var a: String
    public var b: String
    public var aBits: UInt64?
    public var bBits: UInt64?
    /// The last input applied at or before the frame, readable.
    public var input: String?

    /// `tick 37, tile 2 vx: 12.5 (0x4029000000000000) against 12.500000000000002 (…)`.
    public var description: String {
        func show(_ v: String, _ bits: UInt64?) -> String { bits.map { "\(v) (0x\(Self.hex($0)))" } ?? v }
        var s = "frame \(frame), \(itemKind) \(id) \(field): \(show(a, aBits)) against \(show(b, bBits))"
        if let input { s += "; last input: \(input)" }
        return s
    }

    static func hex(_ x: UInt64) -> String {
        let d = String(x, radix: 16)
        return String(repeating: "0", count: 16 - d.count) + d
    }
}

extension Run {
    /// The first frame, item and field where `other` differs from this run (bits compared,
    /// not `==`), or nil when every frame is the same.
    package func divergence(from other: Run) -> RunDivergence? {
        func lastInput(_ k: Int) -> String? {
            guard let i = inputs.last(where: { $0.frame <= k }) else { return nil }
            var s = "\(i.name) at frame \(i.frame) (\(i.time) s)"
            if let t = i.touch { s += " touch \(t)" }
            if let p = i.phase { s += " \(p)" }
            if let p = i.position { s += " at \(p.x) \(p.y)" }
            return s
        }
        func fields(_ kind: String, _ other: [ItemSchema]) -> [String] { other.first { $0.itemKind == kind }?.fields ?? [] }
        for (k, (fa, fb)) in zip(frames, other.frames).enumerated() {
            if fa.time.bitPattern != fb.time.bitPattern {
                return RunDivergence(
                    frame: k, itemKind: "frame", id: k, field: "time", a: "\(fa.time)", b: "\(fb.time)", aBits: fa.time.bitPattern,
                    bBits: fb.time.bitPattern, input: lastInput(k))
            }
            var j = 0
            while j < max(fa.items.count, fb.items.count) {
                guard j < fa.items.count, j < fb.items.count, fa.items[j].itemKind == fb.items[j].itemKind, fa.items[j].id == fb.items[j].id
                else {
                    let only = j < fa.items.count ? fa.items[j] : fb.items[j]
                    let inA = fa.items.contains { $0.itemKind == only.itemKind && $0.id == only.id }
                    let inB = fb.items.contains { $0.itemKind == only.itemKind && $0.id == only.id }
                    return RunDivergence(
                        frame: k, itemKind: only.itemKind, id: only.id, field: "present", a: inA ? "present" : "absent",
                        b: inB ? "present" : "absent", input: lastInput(k))
                }
                let ia = fa.items[j], ib = fb.items[j]
                let names = fields(ia.itemKind, schema)
                for (n, (x, y)) in zip(ia.values, ib.values).enumerated() where x.bitPattern != y.bitPattern {
                    return RunDivergence(
                        frame: k, itemKind: ia.itemKind, id: ia.id, field: n < names.count ? names[n] : "value \(n)", a: "\(x)", b: "\(y)",
                        aBits: x.bitPattern, bBits: y.bitPattern, input: lastInput(k))
                }
                for (n, (x, y)) in zip(ia.points, ib.points).enumerated() where x.bitPattern != y.bitPattern {
                    return RunDivergence(
                        frame: k, itemKind: ia.itemKind, id: ia.id, field: "points[\(n)]", a: "\(x)", b: "\(y)", aBits: x.bitPattern,
                        bBits: y.bitPattern, input: lastInput(k))
                }
                if ia.values.count != ib.values.count || ia.points.count != ib.points.count {
                    return RunDivergence(
                        frame: k, itemKind: ia.itemKind, id: ia.id, field: "count", a: "\(ia.values.count + ia.points.count) numbers",
                        b: "\(ib.values.count + ib.points.count) numbers", input: lastInput(k))
                }
                if ia.phase != ib.phase {
                    return RunDivergence(
                        frame: k, itemKind: ia.itemKind, id: ia.id, field: "phase", a: ia.phase ?? "none", b: ib.phase ?? "none",
                        input: lastInput(k))
                }
                j += 1
            }
        }
        if frames.count != other.frames.count {
            let k = min(frames.count, other.frames.count)
            return RunDivergence(
                frame: k, itemKind: "run", id: 0, field: "frames", a: "\(frames.count) frames", b: "\(other.frames.count) frames",
                input: lastInput(k))
        }
        return nil
    }
}
