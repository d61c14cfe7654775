import FlingCore

/// Elliptical arcs as cubic segments, following the SVG implementation notes (F.6.5 endpoint to
/// center parameterization, F.6.6 out-of-range radii), with at most a quarter turn per cubic.
///
/// Instead of angles (which would need `atan2` and a tangent), the arc is handled in the
/// ellipse's unit circle: `u1` and `u2` are the unit vectors of the two endpoints from the
/// center. An arc of more than 90 degrees is halved at its mid direction (`(a + b)/|a + b|`
/// for a piece under half a turn, a quarter turn of `a` for exactly half a turn, the opposite
/// of the sum beyond), recursively, so the pieces are equal and each at most 90 degrees. A
/// piece from `a` to `b` spanning angle ψ gets handles of length `k = 4/3 tan(ψ/4)` along the
/// tangents, with `tan(ψ/4) = sin(ψ/2) / (1 + cos(ψ/2))`, `sin(ψ/2) = |b - a|/2` and
/// `cos(ψ/2) = |a + b|/2`: square roots only, exact to rounding.
enum ArcConversion {
    /// The cubics for an arc from `p0` to `p1`; empty when the endpoints are equal (the arc is
    /// omitted); one straight segment when a radius is zero (F.6.2).
    static func cubics(
        from p0: Vector, radii: Vector, rotation: Double, largeArc: Bool, sweep: Bool,
        to p1: Vector
    ) -> [CubicSegment] {
        if p0 == p1 { return [] }
        var rx = abs(radii.x), ry = abs(radii.y)
        if rx == 0 || ry == 0 { return [.line(p0, p1)] }
        let (sinPhi, cosPhi) = PathMath.sincos(degrees: rotation)
        // F.6.5.1: the midpoint difference in the ellipse's axes.
        let dx = (p0.x - p1.x) / 2, dy = (p0.y - p1.y) / 2
        let x1 = cosPhi * dx + sinPhi * dy
        let y1 = -sinPhi * dx + cosPhi * dy
        // F.6.6: scale the radii up when no ellipse reaches both endpoints.
        let lambda = (x1 * x1) / (rx * rx) + (y1 * y1) / (ry * ry)
        if lambda > 1 {
            let s = lambda.squareRoot()
            rx *= s; ry *= s
        }
        // F.6.5.2: the center in the ellipse's axes.
        let rx2 = rx * rx, ry2 = ry * ry
        let num = rx2 * ry2 - rx2 * (y1 * y1) - ry2 * (x1 * x1)
        let den = rx2 * (y1 * y1) + ry2 * (x1 * x1)
        var coef = num <= 0 ? 0 : (num / den).squareRoot()
        if largeArc == sweep { coef = -coef }
        let cx1 = coef * (rx * y1 / ry)
        let cy1 = coef * -(ry * x1 / rx)
        // F.6.5.3: the center in user space.
        let cx = cosPhi * cx1 - sinPhi * cy1 + (p0.x + p1.x) / 2
        let cy = sinPhi * cx1 + cosPhi * cy1 + (p0.y + p1.y) / 2
        // Unit-circle directions of the endpoints.
        let u1 = normalized(Vector((x1 - cx1) / rx, (y1 - cy1) / ry))
        let u2 = normalized(Vector((-x1 - cx1) / rx, (-y1 - cy1) / ry))
        let s: Double = sweep ? 1 : -1
        var pieces: [(Vector, Vector)] = []
        split(u1, u2, s, depth: 0, into: &pieces)
        // Map a unit-circle point back to user space.
        func map(_ u: Vector) -> Vector {
            let ex = rx * u.x, ey = ry * u.y
            return Vector(cosPhi * ex - sinPhi * ey + cx, sinPhi * ex + cosPhi * ey + cy)
        }
        var out: [CubicSegment] = []
        out.reserveCapacity(pieces.count)
        for (n, (a, b)) in pieces.enumerated() {
            let sinHalf = (b - a).length / 2, cosHalf = (a + b).length / 2
            let k = (4.0 / 3.0) * (sinHalf / (1 + cosHalf))
            // Tangent at angle θ in the sweep direction: s · (-sin θ, cos θ) = s · perp.
            let c1 = a + a.perp * (s * k)
            let c2 = b - b.perp * (s * k)
            // The exact endpoints, not mapped ones, at the ends of the arc.
            let start = n == 0 ? p0 : map(a)
            let end = n == pieces.count - 1 ? p1 : map(b)
            out.append(CubicSegment(start, map(c1), map(c2), end))
        }
        return out
    }

    static func normalized(_ v: Vector) -> Vector {
        let l = v.length
        return l == 0 ? Vector(1, 0) : v * (1 / l)
    }

    /// Halves the arc from `a` to `b` (direction `s`: +1 counterclockwise in the numbers' own
    /// axes, the SVG sweep-flag 1) until each piece is at most 90 degrees.
    static func split(_ a: Vector, _ b: Vector, _ s: Double, depth: Int, into out: inout [(Vector, Vector)]) {
        let cross = a.cross(b) * s, dot = a.dot(b)
        // At most a quarter turn: the turn is in the sweep direction and b is not behind a.
        if depth >= 3 || (cross >= 0 && dot >= 0 && !(cross == 0 && dot < 0)) {
            out.append((a, b)); return
        }
        let mid: Vector
        if cross > 0 {
            mid = normalized(a + b)  // under half a turn
        } else if cross < 0 {
            mid = normalized(-(a + b))  // over half a turn
        } else if dot < 0 {
            mid = a.perp * s  // exactly half a turn
        } else {
            mid = -a  // a whole turn (b == a)
        }
        split(a, mid, s, depth: depth + 1, into: &out)
        split(mid, b, s, depth: depth + 1, into: &out)
    }
}
