import FlingCore
import FlingPaths

/// The path of one bubble: one cubic Bézier. Fling's zigzag (JRMFloatingAnimation's default
/// "straight" shape) goes from its origin `o` straight up to `e = (o.x, o.y - height)`, with
/// control points `(o.x - sway, mid)` and `(o.x + sway, mid)`, `mid` halfway between `o.y` and
/// `e.y`: a rounded zigzag, left then right (right then left when `sway` is negative: the
/// mirrored bubble). The library's other curved shapes are made from any four points.
///
/// Two timings along it: by the curve's parameter (Core Animation's default for a path: the
/// bubble slows where the control points bunch up) and paced (constant speed along the
/// curve). The geometry is FlingPaths' `CubicSegment`; paced timing inverts its arc length,
/// tabulated once, when the bubble is made (`CubicSegment.LengthTable`, 16 spans). Only
/// + − × ÷ and square roots: the same bits everywhere.
public struct BubbleCurve: Hashable, Sendable {
    /// The curve and its arc-length table.
    let table: CubicSegment.LengthTable

    /// The curve of a bubble born at `origin` that rises `height` points, swaying by `sway`.
    public init(origin o: Vector, height: Double, sway: Double) {
        let e = Vector(o.x, o.y - height)
        let mid = o.y + (e.y - o.y) / 2
        self.init(start: o, control1: Vector(o.x - sway, mid), control2: Vector(o.x + sway, mid), end: e)
    }

    /// Any cubic.
    init(start: Vector, control1: Vector, control2: Vector, end: Vector) {
        table = CubicSegment.LengthTable(CubicSegment(start, control1, control2, end))
    }

    var segment: CubicSegment { table.segment }
    public var start: Vector { table.segment.p0 }
    public var control1: Vector { table.segment.p1 }
    public var control2: Vector { table.segment.p2 }
    public var end: Vector { table.segment.p3 }

    /// The curve's length, in points.
    public var length: Double { table.length }

    /// The point at parameter `s` in 0...1.
    public func point(at s: Double) -> Vector { table.segment.point(at: s) }

    /// The length of the curve between parameters `a` and `b`, points.
    public func length(from a: Double, to b: Double) -> Double { table.segment.length(from: a, to: b) }

    /// The derivative `B'(s)`.
    public func velocity(at s: Double) -> Vector { table.segment.derivative(at: s) }

    /// The parameter at which the curve has covered `fraction` of its length (paced timing).
    public func parameter(atLengthFraction fraction: Double) -> Double { table.parameter(atLengthFraction: fraction) }
}
