import FlingCore

/// A cubic Bézier segment `B(t) = (1-t)³p0 + 3(1-t)²t p1 + 3(1-t)t² p2 + t³p3`, t in 0...1,
/// in points. Every command of path data becomes these (lines and quadratics exactly, arcs
/// within the usual approximation), so geometry and morphing deal with one kind of segment.
public struct CubicSegment: Hashable, Sendable {
    public var p0: Vector
    public var p1: Vector
    public var p2: Vector
    public var p3: Vector

    public init(_ p0: Vector, _ p1: Vector, _ p2: Vector, _ p3: Vector) {
        self.p0 = p0; self.p1 = p1; self.p2 = p2; self.p3 = p3
    }

    /// A straight line as a cubic: control points at a third and two thirds, so the parameter
    /// runs at constant speed.
    static func line(_ a: Vector, _ b: Vector) -> CubicSegment {
        let d = b - a
        return CubicSegment(a, a + d * (1.0 / 3.0), b - d * (1.0 / 3.0), b)
    }

    /// A quadratic with control point `c`, degree-elevated exactly:
    /// `p1 = a + 2/3 (c - a)`, `p2 = b + 2/3 (c - b)`.
    static func quadratic(_ a: Vector, _ c: Vector, _ b: Vector) -> CubicSegment {
        CubicSegment(a, a + (c - a) * (2.0 / 3.0), b + (c - b) * (2.0 / 3.0), b)
    }

    /// The four points in order.
    var points: [Vector] { [p0, p1, p2, p3] }

    /// Reversed direction (same curve, parameter runs from p3 to p0).
    var reversed: CubicSegment { CubicSegment(p3, p2, p1, p0) }
}
