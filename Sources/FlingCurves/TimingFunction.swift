import FlingCore

/// A timing function as Core Animation and CSS define it: the cubic Bézier from (0, 0) to
/// (1, 1) with control points `controlPoint1` and `controlPoint2`, mapping input progress x to output progress y.
/// y is found by solving x(s) = input for the curve parameter s to 1e-12 (Newton's method,
/// with bisection when a step leaves the bracket), then evaluating y(s).
///
/// The one timing-curve solver of the package: keyframe morphs (FlingPaths), scene
/// transitions and bubble fades (FlingScenes) and the ChatHeads bounce (``BounceCurve``) all
/// call it. Only + − × ÷: the same bits everywhere.
public struct TimingFunction: Hashable, Sendable {
    /// The curve's two inner control points (its ends are (0, 0) and (1, 1)), as
    /// `CAMediaTimingFunction(controlPoints:)` takes them.
    public let controlPoint1: Vector
    public let controlPoint2: Vector

    /// Any control points; x coordinates must lie in 0...1 (so x(s) is monotonic).
    public init(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) throws(FlingError) {
        try Check.range(x1, 0...1, "TimingFunction.x1")
        try Check.range(x2, 0...1, "TimingFunction.x2")
        try Check.finite(y1, "TimingFunction.y1")
        try Check.finite(y2, "TimingFunction.y2")
        controlPoint1 = Vector(x1, y1); controlPoint2 = Vector(x2, y2)
    }

    package init(unchecked x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) {
        controlPoint1 = Vector(x1, y1); controlPoint2 = Vector(x2, y2)
    }

    /// (0, 0, 1, 1): output equals input.
    public static let linear = TimingFunction(unchecked: 0, 0, 1, 1)
    /// (0.42, 0, 1, 1).
    public static let easeIn = TimingFunction(unchecked: 0.42, 0, 1, 1)
    /// (0, 0, 0.58, 1).
    public static let easeOut = TimingFunction(unchecked: 0, 0, 0.58, 1)
    /// (0.42, 0, 0.58, 1).
    public static let easeInEaseOut = TimingFunction(unchecked: 0.42, 0, 0.58, 1)
    /// Core Animation's `kCAMediaTimingFunctionDefault`: (0.25, 0.1, 0.25, 1).
    public static let `default` = TimingFunction(unchecked: 0.25, 0.1, 0.25, 1)

    /// One coordinate of the curve: `3(1-s)²s a + 3(1-s)s² b + s³`.
    static func bezier(_ s: Double, _ a: Double, _ b: Double) -> Double {
        let ms = 1 - s
        return 3 * ms * ms * s * a + 3 * ms * s * s * b + s * s * s
    }

    static func bezierSlope(_ s: Double, _ a: Double, _ b: Double) -> Double {
        let ms = 1 - s
        return 3 * ms * ms * a + 6 * ms * s * (b - a) + 3 * s * s * (1 - b)
    }

    /// The curve parameter s with |x(s) - x| ≤ 1e-12: Newton's method inside a bracket that
    /// every evaluation shrinks, bisecting whenever a Newton step would leave it (flat spots of
    /// x(s), as at the ends of easeIn, stall Newton).
    func parameter(for x: Double) -> Double {
        if x <= 0 { return 0 }
        if x >= 1 { return 1 }
        var lo = 0.0, hi = 1.0, s = x
        for _ in 0..<200 {
            let f = Self.bezier(s, controlPoint1.x, controlPoint2.x) - x
            if abs(f) <= 1e-13 { return s }
            if f > 0 { hi = s } else { lo = s }
            let slope = Self.bezierSlope(s, controlPoint1.x, controlPoint2.x)
            var next = slope > 0 ? s - f / slope : .nan
            if !(next > lo && next < hi) { next = lo + (hi - lo) / 2 }
            if next == s { return s }  // no double left between: as close as it gets
            s = next
        }
        return s
    }

    /// Output progress for input progress `x` (0 and 1 map exactly to 0 and 1; linear is the
    /// identity).
    public func callAsFunction(_ x: Double) -> Double {
        if x <= 0 { return 0 }
        if x >= 1 { return 1 }
        if self == .linear { return x }
        return Self.bezier(parameter(for: x), controlPoint1.y, controlPoint2.y)
    }
}
