import FlingCore

extension CubicSegment {
    /// The point at parameter `t` (0...1), from the Bernstein form.
    @inlinable public func point(at t: Double) -> Vector {
        let mt = 1 - t
        let a = mt * mt * mt, b = 3 * mt * mt * t, c = 3 * mt * t * t, d = t * t * t
        return Vector(
            a * p0.x + b * p1.x + c * p2.x + d * p3.x,
            a * p0.y + b * p1.y + c * p2.y + d * p3.y)
    }

    /// The derivative `B'(t) = 3[(1-t)²(p1-p0) + 2(1-t)t(p2-p1) + t²(p3-p2)]`, in points per unit
    /// of parameter: the (unnormalized) tangent.
    @inlinable public func derivative(at t: Double) -> Vector {
        let mt = 1 - t
        let a = 3 * mt * mt, b = 6 * mt * t, c = 3 * t * t
        let d0 = p1 - p0, d1 = p2 - p1, d2 = p3 - p2
        return Vector(a * d0.x + b * d1.x + c * d2.x, a * d0.y + b * d1.y + c * d2.y)
    }

    /// The unit tangent at `t`; where the derivative vanishes (a control point on an endpoint),
    /// the direction of the second, then third derivative, then the chord.
    func tangent(at t: Double) -> Vector {
        var d = derivative(at: t)
        if d.length == 0 {
            // Second derivative 6[(1-t)(p2 - 2p1 + p0) + t(p3 - 2p2 + p1)].
            let a = p2 - p1 * 2 + p0, b = p3 - p2 * 2 + p1
            d = a * (1 - t) + b * t
            // B'(t) ≈ B''(t₀)(t - t₀) near a stationary t₀: at the end the curve arrives from below.
            if t == 1 { d = -d }
            if d.length == 0 { d = p3 - p0 }
        }
        let l = d.length
        return l == 0 ? Vector(1, 0) : d * (1 / l)
    }

    /// de Casteljau subdivision at `t`: the two halves, meeting at `point(at: t)` up to rounding
    /// (the split point is the de Casteljau point, shared exactly by both halves).
    func split(at t: Double) -> (CubicSegment, CubicSegment) {
        func lerp(_ a: Vector, _ b: Vector) -> Vector { a + (b - a) * t }
        let a = lerp(p0, p1), b = lerp(p1, p2), c = lerp(p2, p3)
        let d = lerp(a, b), e = lerp(b, c)
        let m = lerp(d, e)
        return (CubicSegment(p0, a, d, m), CubicSegment(m, e, c, p3))
    }

    /// The piece between parameters `t0 < t1`.
    func piece(from t0: Double, to t1: Double) -> CubicSegment {
        if t0 <= 0 { return split(at: t1).0 }
        let right = split(at: t0).1
        if t1 >= 1 { return right }
        return right.split(at: (t1 - t0) / (1 - t0)).0
    }

    /// The exact bounding box: the endpoints and the points where a coordinate's derivative
    /// `3(a t² + b t + c)` vanishes inside (0, 1), with `a = -p0 + 3p1 - 3p2 + p3`,
    /// `b = 2(p0 - 2p1 + p2)`, `c = p1 - p0` per axis.
    var bounds: BoundingBox {
        var lo = Vector(min(p0.x, p3.x), min(p0.y, p3.y))
        var hi = Vector(max(p0.x, p3.x), max(p0.y, p3.y))
        for axis in 0..<2 {
            func v(_ p: Vector) -> Double { axis == 0 ? p.x : p.y }
            let a = -v(p0) + 3 * v(p1) - 3 * v(p2) + v(p3)
            let b = 2 * (v(p0) - 2 * v(p1) + v(p2))
            let c = v(p1) - v(p0)
            for t in Self.quadraticRoots(a, b, c) where t > 0 && t < 1 {
                let q = point(at: t)
                if axis == 0 { lo.x = min(lo.x, q.x); hi.x = max(hi.x, q.x) } else { lo.y = min(lo.y, q.y); hi.y = max(hi.y, q.y) }
            }
        }
        return BoundingBox(min: lo, max: hi)
    }

    /// Real roots of `a t² + b t + c`, with the cancellation-free form of the quadratic formula.
    static func quadraticRoots(_ a: Double, _ b: Double, _ c: Double) -> [Double] {
        let scale = max(abs(a), abs(b), abs(c))
        if scale == 0 { return [] }
        if abs(a) <= scale * 1e-12 {
            return b == 0 ? [] : [-c / b]
        }
        let disc = b * b - 4 * a * c
        if disc < 0 { return [] }
        let q = -(b + (b < 0 ? -disc.squareRoot() : disc.squareRoot())) / 2
        var roots = [q / a]
        if q != 0 { roots.append(c / q) }
        return roots
    }

    /// Length of the curve between parameters `t0` and `t1` (default: the whole segment), in
    /// points: the integral of `|B'(t)|`, by adaptive 5-point Gauss-Legendre quadrature
    /// (exact for polynomials of degree 9) with interval halving until two levels agree to
    /// `1e-13` relative to the segment's control polygon (a bound of its length). The result is
    /// well within 1e-9 relative of the true length (tests compare with closed forms).
    ///
    /// The parameters are clamped to 0...1 (the segment); NaN when a point is not finite or a
    /// parameter is NaN. A segment with coordinates beyond 2⁵⁰⁰ is measured scaled down by
    /// 2⁻⁶⁰⁰ (exact) and the length scaled back, so that no square overflows.
    public func length(from t0: Double = 0, to t1: Double = 1) -> Double {
        if t1.isNaN || t0.isNaN { return .nan }
        let t0 = Swift.min(Swift.max(t0, 0), 1), t1 = Swift.min(Swift.max(t1, 0), 1)
        if t1 <= t0 { return 0 }
        guard [p0, p1, p2, p3].allSatisfy({ $0.x.isFinite && $0.y.isFinite }) else { return .nan }
        if magnitude > 0x1p500 {
            let s = 0x1p-600
            return CubicSegment(p0 * s, p1 * s, p2 * s, p3 * s).length(from: t0, to: t1) * 0x1p600
        }
        let polygon = (p1 - p0).length + (p2 - p1).length + (p3 - p2).length
        if polygon == 0 { return 0 }
        let tolerance = polygon * 1e-13
        return adaptiveLength(t0, t1, gauss(t0, t1), tolerance, depth: 0)
    }

    @inlinable func gauss(_ a: Double, _ b: Double) -> Double {
        let half = (b - a) / 2, mid = (a + b) / 2
        let (x, w) = (GaussLegendre.nodes, GaussLegendre.weights)  // fixed-size tuples: no lookups in the sum
        var sum = 0.0
        sum += w.0 * derivative(at: mid + half * x.0).length
        sum += w.1 * derivative(at: mid + half * x.1).length
        sum += w.2 * derivative(at: mid + half * x.2).length
        sum += w.3 * derivative(at: mid + half * x.3).length
        sum += w.4 * derivative(at: mid + half * x.4).length
        return sum * half
    }

    func adaptiveLength(_ a: Double, _ b: Double, _ whole: Double, _ tol: Double, depth: Int) -> Double {
        let m = (a + b) / 2
        let left = gauss(a, m), right = gauss(m, b)
        if depth >= 24 || abs(left + right - whole) <= tol {
            return left + right
        }
        return adaptiveLength(a, m, left, tol / 2, depth: depth + 1)
            + adaptiveLength(m, b, right, tol / 2, depth: depth + 1)
    }

    /// The parameter where the length from 0 reaches `s` (0 ≤ s ≤ length): Newton's method on
    /// `length(0, t) - s` (the derivative is the speed), kept inside a shrinking bracket and
    /// falling back to bisection when a step leaves it or the speed vanishes; to 1e-12 in t.
    func parameter(atLength s: Double) -> Double {
        let total = length()
        if s <= 0 || total == 0 { return 0 }
        if s >= total { return 1 }
        var lo = 0.0, hi = 1.0
        var t = s / total
        for _ in 0..<100 {
            let f = length(to: t) - s
            if f > 0 { hi = t } else { lo = t }
            if abs(f) <= total * 1e-14 || hi - lo <= 1e-12 { return t }
            let speed = derivative(at: t).length
            var next = speed > 0 ? t - f / speed : .nan
            if !(next > lo && next < hi) { next = (lo + hi) / 2 }
            t = next
        }
        return t
    }

    /// Appends points approximating the curve within `tolerance` points (excluding `p0`, ending
    /// with `p3`): a segment is flat enough when both control points lie within `tolerance` of
    /// the chord (the curve lies in the control points' convex hull, so then within it too);
    /// otherwise it is halved, at most 30 times (2³⁰ pieces).
    ///
    /// Throws (leaving `out` as it was) unless `tolerance` is positive and at least `2⁻⁴⁰` times
    /// the segment's largest coordinate magnitude, and `overBudget` when the curve would need
    /// more than ``BezierPath/maximumFlattenedPoints`` points.
    func flatten(tolerance: Double, into out: inout [Vector]) throws(FlingError) {
        try Check.positive(tolerance, "tolerance")
        try Self.checkResolvable(tolerance, scale: magnitude)
        var budget = BezierPath.maximumFlattenedPoints
        var points: [Vector] = []
        try flatten(tolerance: tolerance, into: &points, budget: &budget)
        out += points
    }

    /// The largest absolute coordinate of the four points.
    var magnitude: Double { Swift.max(abs(p0.x), abs(p0.y), abs(p1.x), abs(p1.y), abs(p2.x), abs(p2.y), abs(p3.x), abs(p3.y)) }

    /// Throws unless `tolerance` is at least `2⁻⁴⁰ · scale`: a finer tolerance is below what
    /// doubles at that scale resolve.
    static func checkResolvable(_ tolerance: Double, scale: Double) throws(FlingError) {
        let finest = scale * 0x1p-40
        guard tolerance >= finest else {
            throw FlingError(
                .outOfRange, field: "tolerance", value: "\(tolerance)",
                reason: "is below what doubles resolve at coordinates up to \(scale); at least \(finest)")
        }
    }

    static func overPointBudget() -> FlingError {
        FlingError(
            .overBudget, field: "tolerance", value: "more than \(BezierPath.maximumFlattenedPoints) points",
            reason: "flattening makes at most \(BezierPath.maximumFlattenedPoints) points (BezierPath.maximumFlattenedPoints)")
    }

    /// The recursion, counting down `budget` (points still allowed).
    func flatten(tolerance: Double, into out: inout [Vector], budget: inout Int, depth: Int = 0) throws(FlingError) {
        let chord = p3 - p0
        let len = chord.length
        let d1: Double, d2: Double
        if len == 0 {
            d1 = (p1 - p0).length; d2 = (p2 - p0).length
        } else {
            d1 = abs(chord.cross(p1 - p0)) / len; d2 = abs(chord.cross(p2 - p0)) / len
        }
        if depth >= 30 || max(d1, d2) <= tolerance {
            guard budget > 0 else { throw Self.overPointBudget() }
            budget -= 1
            out.append(p3); return
        }
        let (a, b) = split(at: 0.5)
        try a.flatten(tolerance: tolerance, into: &out, budget: &budget, depth: depth + 1)
        try b.flatten(tolerance: tolerance, into: &out, budget: &budget, depth: depth + 1)
    }
}

/// The 5-point Gauss-Legendre rule on [-1, 1]: nodes 0, ±(1/3)√(5 ∓ 2√(10/7)), weights 128/225,
/// (322 ± 13√70)/900. Computed with correctly rounded square roots, so the same bits everywhere.
@usableFromInline enum GaussLegendre {
    @usableFromInline static let nodes: (Double, Double, Double, Double, Double) = {
        let r = (10.0 / 7.0).squareRoot()
        let a = (5 - 2 * r).squareRoot() / 3, b = (5 + 2 * r).squareRoot() / 3
        return (0, -a, a, -b, b)
    }()
    @usableFromInline static let weights: (Double, Double, Double, Double, Double) = {
        let s = 13 * (70.0).squareRoot()
        return (128.0 / 225.0, (322 + s) / 900, (322 + s) / 900, (322 - s) / 900, (322 - s) / 900)
    }()
}
