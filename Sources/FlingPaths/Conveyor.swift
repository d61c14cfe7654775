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
/// `period` = 1 s, `reversed` (``PathScenes/dots()``).
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

    /// - Parameters:
    ///   - period: seconds to move one spacing (rounded to whole nanoseconds, at least 1).
    public init(
        from start: Vector, to end: Vector, spacing: Double, period: Double, reversed: Bool = false,
        fadeLength: Double = 50
    ) throws(FlingError) {
        try Check.finite(start, "Conveyor.start")
        try Check.finite(end, "Conveyor.end")
        guard start != end else {
            throw FlingError(.outOfRange, field: "Conveyor.end", value: "\(end)", reason: "must differ from start")
        }
        try Check.positive(spacing, "Conveyor.spacing")
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
    public var velocity: Double { (reversed ? -spacing : spacing) / period }

    /// Opacity of an item at `distance` from the start.
    public func alpha(atDistance d: Double) -> Double {
        if fadeLength == 0 { return d >= 0 && d <= length ? 1 : 0 }
        return max(0, min(1, d / fadeLength, (length - d) / fadeLength))
    }

    /// The items on the line (distance 0...length, ends included) at `nanoseconds`, nearest the
    /// start first.
    public func items(atNanoseconds time: Int64) -> [Item] {
        var r = time % periodNanoseconds
        if r < 0 { r += periodNanoseconds }
        let fraction = Double(r) / Double(periodNanoseconds)
        // How far the first item is from the start: forward it has moved fraction·spacing from
        // the start; backward it has moved that far toward the start from one spacing out.
        let first = reversed ? (r == 0 ? 0 : (1 - fraction) * spacing) : fraction * spacing
        let l = length
        let direction = end - start
        var out: [Item] = []
        var k = 0
        while true {
            let d = first + Double(k) * spacing
            if d > l { break }
            out.append(Item(position: start + direction * (d / l), distance: d, alpha: alpha(atDistance: d)))
            k += 1
        }
        return out
    }

    /// The items at `seconds`, rounded to the nearest nanosecond.
    public func items(at seconds: Double) -> [Item] {
        items(atNanoseconds: Int64((seconds * 1e9).rounded()))
    }
}
