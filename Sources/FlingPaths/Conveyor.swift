import FlingCore

/// Items spaced evenly along a line, moving at constant speed and wrapping seamlessly, fading
/// in and out at both ends: the row of dots that scrolls under the jumping pin.
///
/// The items sit every ``spacing`` points along the segment from ``start`` to ``end``; every
/// ``period`` they move one spacing (toward ``end``, or toward ``start`` when ``reversed``), so
/// the picture repeats with that period.
///
/// The source (the jumping-pin article's dots): a container twice the view's width `W` holds
/// dots at 25, 50, 75 and 100 % of its width (spacing `W/2`), and its position is animated from
/// `x = W` to `−0.25 · 2W = −0.5W` in 3 s, over and over: 1.5 W, three spacings, per 3-s loop,
/// that is one spacing a second (160 pt/s for `W = 320`). As a conveyor: `spacing` = `W/2`,
/// `period` = 1 s, `reversed` (`MapPinKeyframes/dots()`).
///
/// Time is counted in whole nanoseconds: the phase is `(time mod period)` in integers, so the
/// state at `t` and at `t + period` is the same computation on the same numbers, identical bit
/// for bit. ``items(at:)`` takes seconds and rounds them to the nearest nanosecond first.
public struct Conveyor: Hashable, Sendable {
    /// One visible item.
    public struct Item: Hashable, Sendable {
        /// Where it is, in points.
        public var position: Vector
        /// Its distance from ``Conveyor/start`` along the line, in points.
        public var distance: Double
        /// Opacity 0...1 from the edge fades.
        public var alpha: Double
        /// Which item this is along the belt: it keeps its number while it crosses the line.
        /// At time 0 the item at distance `k · spacing` from the start is item `k`; items further
        /// toward the end have higher numbers, so a pattern of looks is `pattern[ordinal mod
        /// count]` (the original's dots, ``MapPinKeyframes``). Counted from the time as given (times
        /// beyond 2⁶² ns are first taken modulo the period by ``items(at:)``), wrapping around
        /// `Int`'s range.
        public var ordinal: Int
    }

    public let start: Vector
    public let end: Vector
    /// Points between neighbouring items.
    public let spacing: Double
    /// Nanoseconds to move one spacing.
    public let periodNanoseconds: Int64
    /// Whether the items move toward ``start`` (leftward for a left-to-right line).
    public let reversed: Bool
    /// Points over which alpha rises linearly from 0 at each end to 1 (default 50; 0: no fade).
    public let fadeLength: Double

    /// The most items a conveyor shows at once (`⌊length / spacing⌋ + 1`): a bound on the
    /// memory and time of one ``items(at:)``.
    static let maximumItems = 10_000

    /// The work budget of ``sampleDigest(count:)`` and of a conveyor document: frames × items
    /// shown per frame.
    package static let sampleBudget = WorkBudget("Conveyor.sampleBudget", unit: "frames × items", limit: 2e7)

    /// Items every `spacing` points along the segment from `start` to `end`, moving one spacing
    /// every `period` seconds.
    ///
    /// - Parameters:
    ///   - start: the line's first end, within `Limits.coordinate`.
    ///   - end: its other end, within `Limits.coordinate`, and not `start`.
    ///   - spacing: points between items, a normal number (not subnormal) such that at most
    ///     10,000 items fit on the line.
    ///   - period: seconds to move one spacing (rounded to whole nanoseconds, at least 1).
    ///   - reversed: whether the items move toward `start` instead of toward `end`.
    ///   - fadeLength: points over which alpha rises from 0 at each end to 1 (0: no fade).
    public init(
        from start: Vector, to end: Vector, spacing: Double, period: Double, reversed: Bool = false,
        fadeLength: Double = 50
    ) throws(FlingError) {
        try Check.coordinate(start, "Conveyor.start")
        try Check.coordinate(end, "Conveyor.end")
        guard start != end else {
            throw FlingError(.outOfRange, field: "Conveyor.end", value: "\(end)", reason: "must differ from start")
        }
        try Check.positive(spacing, "Conveyor.spacing")
        guard spacing >= Double.leastNormalMagnitude else {
            throw FlingError(
                .outOfRange, field: "Conveyor.spacing", value: "\(spacing)", reason: "must be a normal number, not subnormal")
        }
        let shown = ((end - start).length / spacing).rounded(.down) + 1
        guard shown <= Double(Self.maximumItems) else {
            throw FlingError(
                .outOfRange, field: "Conveyor.spacing", value: "\(spacing)",
                reason: "would show \(WorkBudget.figure(shown)) items on a line of \((end - start).length) points; "
                    + "a conveyor shows at most \(Self.maximumItems)")
        }
        try Check.range(period, 1e-9...1e9, "Conveyor.period")
        try Check.range(fadeLength, 0...1e9, "Conveyor.fadeLength")
        self.start = start; self.end = end; self.spacing = spacing
        periodNanoseconds = Int64((period * 1e9).rounded())
        self.reversed = reversed; self.fadeLength = fadeLength
    }

    /// The line's length in points.
    public var length: Double { (end - start).length }
    /// Seconds to move one spacing.
    public var period: Double { Double(periodNanoseconds) / 1e9 }
    /// Speed along the line in points per second (negative when reversed).
    var velocity: Double { (reversed ? -spacing : spacing) / period }

    /// Opacity of an item at `distance` from the start.
    public func alpha(atDistance d: Double) -> Double {
        if fadeLength == 0 { return d >= 0 && d <= length ? 1 : 0 }
        return max(0, min(1, d / fadeLength, (length - d) / fadeLength))
    }

    /// The items on the line (distance 0...length, ends included) at `nanoseconds`, nearest the
    /// start first.
    public func items(atNanoseconds time: Int64) -> [Item] { items(atNanoseconds: time, from: 0, to: length) }

    /// The items whose distance from the start lies in `from...to` (beyond the line's ends too,
    /// at most a length beyond each), nearest the start first: those a look draws off its slot
    /// may show from a little beyond. A NaN bound counts as the line's end on its side.
    public func items(atNanoseconds time: Int64, from lo: Double, to hi: Double) -> [Item] {
        let lo = lo.isNaN ? 0 : max(lo, -length), hi = hi.isNaN ? length : min(hi, 2 * length)
        var r = time % periodNanoseconds
        var q = Int(time / periodNanoseconds)  // whole periods, rounded down
        if r < 0 {
            r += periodNanoseconds
            q &-= 1
        }
        // The item k-th from the start: forward, the one at k − q spacings at time 0 (it has
        // moved q spacings and a fraction); backward, the one at k + q (+ 1 past a period's start).
        let ordinal0 = reversed ? q &+ (r == 0 ? 0 : 1) : 0 &- q
        let fraction = Double(r) / Double(periodNanoseconds)
        // How far the first item is from the start: forward it has moved fraction·spacing from
        // the start; backward it has moved that far toward the start from one spacing out.
        let first = reversed ? (r == 0 ? 0 : (1 - fraction) * spacing) : fraction * spacing
        let l = length
        let direction = end - start
        var out: [Item] = []
        // From the first item at or after `lo` (k may be negative before the start).
        var k = lo >= 0 ? 0 : -Int(((first - lo) / spacing).rounded(.down))
        while true {
            let d = first + Double(k) * spacing
            if d > hi { break }
            if d < lo {
                k += 1
                continue
            }
            out.append(Item(position: start + direction * (d / l), distance: d, alpha: alpha(atDistance: d), ordinal: ordinal0 &+ k))
            k += 1
        }
        return out
    }

    /// The most items ``items(at:)`` gives for this line: `⌊length / spacing⌋ + 1`.
    public var itemsShown: Int { Int((length / spacing).rounded(.down)) + 1 }

    /// The items at `seconds`, rounded to the nearest nanosecond. The picture repeats every
    /// period, so any finite time is taken modulo the period exactly (also beyond the ±292 years
    /// that nanoseconds in 64 bits hold); a NaN or infinite time counts as 0.
    public func items(at seconds: Double) -> [Item] {
        let ns = (seconds * 1e9).rounded()
        guard ns.isFinite else { return items(atNanoseconds: 0) }
        if abs(ns) < 0x1p62 { return items(atNanoseconds: Int64(ns)) }
        // fmod is exact: the same remainder the integers would give.
        return items(atNanoseconds: Int64(ns.truncatingRemainder(dividingBy: Double(periodNanoseconds))))
    }
}
