import FlingCore

/// The path of one bubble: a cubic Bézier from its origin `o` straight up to
/// `e = (o.x, o.y - height)`, with control points `(o.x - sway, mid)` and `(o.x + sway, mid)`,
/// `mid` halfway between `o.y` and `e.y`: a rounded zigzag, left then right (right then left
/// when `sway` is negative: the mirrored bubble).
///
/// Two timings along it: by the curve's parameter (Core Animation's default for a path: the
/// bubble slows where the control points bunch up) and paced (constant speed along the
/// curve). Paced timing inverts the arc length, which is tabulated once, when the bubble is
/// made, with 5-point Gauss-Legendre quadrature over 16 equal parameter spans (the speed
/// `|B'(s)|` is the square root of a quartic, smooth on each span: the quadrature error is far
/// below a millionth of a point for bubbles of screen size), then refined per sample by Newton
/// steps on the same quadrature. Only + − × ÷ and square roots: the same bits everywhere.
public struct BubbleCurve: Hashable, Sendable {
    public let start: Vector
    public let control1: Vector
    public let control2: Vector
    public let end: Vector
    /// Cumulative arc length at parameters `0, 1/16, …, 1`, in points.
    let lengths: [Double]

    static let spans = 16

    /// The curve of a bubble born at `origin` that rises `height` points, swaying by `sway`.
    public init(origin o: Vector, height: Double, sway: Double) {
        let e = Vector(o.x, o.y - height)
        let mid = o.y + (e.y - o.y) / 2
        start = o
        control1 = Vector(o.x - sway, mid)
        control2 = Vector(o.x + sway, mid)
        end = e
        var lengths = [0.0]
        lengths.reserveCapacity(Self.spans + 1)
        var total = 0.0
        for k in 0..<Self.spans {
            total += Self.lengthOf(
                start, control1, control2, end, from: Double(k) / Double(Self.spans), to: Double(k + 1) / Double(Self.spans))
            lengths.append(total)
        }
        self.lengths = lengths
    }

    /// The curve's length, in points.
    public var length: Double { lengths[Self.spans] }

    /// The point at parameter `s` in 0...1 (Bernstein form).
    public func point(at s: Double) -> Vector {
        let t = 1 - s
        let a = t * t * t, b = 3 * t * t * s, c = 3 * t * s * s, d = s * s * s
        return Vector(
            a * start.x + b * control1.x + c * control2.x + d * end.x,
            a * start.y + b * control1.y + c * control2.y + d * end.y)
    }

    /// The length of the curve between parameters `a` and `b`, points.
    public func length(from a: Double, to b: Double) -> Double { Self.lengthOf(start, control1, control2, end, from: a, to: b) }

    /// The derivative `B'(s)`.
    public func velocity(at s: Double) -> Vector { Self.derivative(start, control1, control2, end, s) }

    /// The parameter at which the curve has covered `fraction` of its length (paced timing).
    public func parameter(atLengthFraction fraction: Double) -> Double {
        guard fraction > 0 else { return 0 }
        guard fraction < 1 else { return 1 }
        let target = fraction * length
        // The span holding the target, then Newton on s within it: L(s) − target, L' = |B'(s)|.
        var lo = 0, hi = Self.spans
        while hi - lo > 1 {
            let m = (lo + hi) / 2
            if lengths[m] <= target { lo = m } else { hi = m }
        }
        let s0 = Double(lo) / Double(Self.spans), s1 = Double(lo + 1) / Double(Self.spans)
        let spanLength = lengths[lo + 1] - lengths[lo]
        var s = spanLength > 0 ? s0 + (s1 - s0) * (target - lengths[lo]) / spanLength : s0
        for _ in 0..<4 {
            let covered = lengths[lo] + Self.lengthOf(start, control1, control2, end, from: s0, to: s)
            let speed = velocity(at: s).length
            guard speed > 0 else { break }
            s = min(max(s - (covered - target) / speed, s0), s1)
        }
        return s
    }

    static func derivative(_ p0: Vector, _ p1: Vector, _ p2: Vector, _ p3: Vector, _ s: Double) -> Vector {
        let t = 1 - s
        let a = 3 * t * t, b = 6 * t * s, c = 3 * s * s
        return Vector(
            a * (p1.x - p0.x) + b * (p2.x - p1.x) + c * (p3.x - p2.x),
            a * (p1.y - p0.y) + b * (p2.y - p1.y) + c * (p3.y - p2.y))
    }

    /// ∫ |B'(s)| ds over [a, b], by 5-point Gauss-Legendre (nodes ±√(5 ∓ 2√(10/7))/3 and 0,
    /// weights (322 ± 13√70)/900 and 128/225, written out to 17 digits).
    static func lengthOf(_ p0: Vector, _ p1: Vector, _ p2: Vector, _ p3: Vector, from a: Double, to b: Double) -> Double {
        let x1 = 0.538_469_310_105_683_1, x2 = 0.906_179_845_938_664_0
        let w0 = 0.568_888_888_888_888_9, w1 = 0.478_628_670_499_366_5, w2 = 0.236_926_885_056_189_1
        let half = (b - a) / 2, mid = (a + b) / 2
        func speed(_ x: Double) -> Double { derivative(p0, p1, p2, p3, mid + half * x).length }
        let sum = w0 * speed(0) + w1 * (speed(-x1) + speed(x1)) + w2 * (speed(-x2) + speed(x2))
        return sum * half
    }
}
