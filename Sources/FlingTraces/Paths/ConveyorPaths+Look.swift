import FlingCore
import FlingPaths

// How a conveyor document draws its dots, the line under them and a morph over them: the
// jumping pin's scene as its author's playground draws it (edwardaux/AnimateJumpingPin @ 51a8a13,
// docs/ORIGINALS.md): dots of their own radius and colour in turn along the belt, each drawn
// from its slot (its circle's left edge there, so its center a radius further on), a line along
// the belt, and the pin, whose animation begins 0.35 s after the dots' (`beginTime`). Each is
// optional: a document without them is Fling's plain conveyor, read, pinned and drawn as before.

extension ConveyorPaths {
    typealias Dot = ConveyorLook.Dot
    typealias Baseline = ConveyorLook.Baseline
    typealias Pin = ConveyorLook.Pin

    /// The most looks a pattern of dots has.
    static let maximumDots = 64

    static func checkColor(_ color: String, _ field: String) throws(FlingError) {
        let hex = color.utf8.dropFirst()
        guard color.utf8.first == UInt8(ascii: "#"), hex.count == 6,
            hex.allSatisfy({
                UInt8(ascii: "0")...UInt8(ascii: "9") ~= $0 || UInt8(ascii: "a")...UInt8(ascii: "f") ~= $0
                    || UInt8(ascii: "A")...UInt8(ascii: "F") ~= $0
            })
        else {
            throw FlingError(.outOfRange, field: field, value: color, reason: "must be # and six hexadecimal digits")
        }
    }

    /// Whether the document draws more than Fling's plain dots.
    var hasLook: Bool { !dots.isEmpty || pin != nil }

    /// The dots', line's and pin's looks, as ``PathContent`` gives them.
    var look: ConveyorLook { ConveyorLook(dots: dots, baseline: baseline, pin: pin) }

    /// Nanoseconds of the picture's cycle: the period times the pattern's length.
    var cycleNanoseconds: Int64 { look.cycleNanoseconds(of: conveyor) }

    /// Throws unless the pattern has at most ``maximumDots`` looks, each drawn at most the line's
    /// length from its slot, and its cycle (period × looks) is at most 10⁹ s.
    func checkLook() throws(FlingError) {
        guard dots.count <= Self.maximumDots else {
            throw FlingError(.outOfRange, field: "dots", value: "\(dots.count)", reason: "at most \(Self.maximumDots) looks")
        }
        for (k, d) in dots.enumerated() where !(abs(d.offset) <= conveyor.length) {
            throw FlingError(
                .outOfRange, field: "dots[\(k)].offset", value: "\(d.offset)",
                reason: "must lie within the line's length, \(conveyor.length)")
        }
        guard Double(conveyor.periodNanoseconds) * Double(max(1, dots.count)) <= 1e18 else {
            throw FlingError(
                .outOfRange, field: "dots", value: "\(dots.count)",
                reason: "period × looks must be at most 1e9 s (the period is \(conveyor.period) s)")
        }
    }

    /// The look of `item`: `dots[ordinal mod count]`, and its index.
    func look(of item: Conveyor.Item) -> (dot: Dot, index: Int)? {
        guard !dots.isEmpty else { return nil }
        let n = dots.count
        let index = ((item.ordinal % n) + n) % n
        return (dots[index], index)
    }

    /// Where `item` is drawn and its opacity: its slot moved by its look's offset along the line,
    /// the fade taken there.
    func drawn(_ item: Conveyor.Item) -> (center: Vector, alpha: Double) {
        guard let (dot, _) = look(of: item), dot.offset != 0 else { return (item.position, item.alpha) }
        let c = conveyor, d = item.distance + dot.offset
        return (c.start + (c.end - c.start) * (d / c.length), d < 0 || d > c.length ? 0 : c.alpha(atDistance: d))
    }

    /// The dots on the line at `nanoseconds`: the conveyor's items, or with looks those whose
    /// drawn center lies on the line (a look's offset may draw one whose slot is just off it).
    func visible(atNanoseconds t: Int64) -> [Conveyor.Item] {
        guard !dots.isEmpty else { return conveyor.items(atNanoseconds: t) }
        let offsets = dots.map(\.offset), l = conveyor.length
        return conveyor.items(atNanoseconds: t, from: -max(0, offsets.max()!), to: l - min(0, offsets.min()!)).filter { item in
            let e = item.distance + look(of: item)!.dot.offset
            return e >= 0 && e <= l
        }
    }

    /// One sample into `digest`: every item's drawn center and alpha (and its look's index when
    /// the document has looks), the item count, then the pin's shape.
    func combine(_ items: [Conveyor.Item], at nanoseconds: Int64, into digest: inout StateDigest) {
        for item in items {
            guard let (_, index) = look(of: item) else {
                digest.combine(item.position.x); digest.combine(item.position.y); digest.combine(item.alpha)
                continue
            }
            let (center, alpha) = drawn(item)
            digest.combine(center.x); digest.combine(center.y); digest.combine(alpha); digest.combine(Double(index))
        }
        digest.combine(Double(items.count))
        pin?.shape(at: Double(nanoseconds) / 1e9).combine(into: &digest)
    }
}
