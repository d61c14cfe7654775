// The sweep that keeps an item on its side of its walls (docs/DYNAMICS.md, "The sweep"): run
// by both backends in every step of a world with walls, right after the position update and
// before the collision, on the same inputs, so Chipmunk and the native solver keep their bits.
//
// Chipmunk has no continuous collision: a step moves the body by `(v + v_bias)·dt`, then
// collides it where it landed. A body whose centre passed a wall's segment in that move
// overlaps the wall from its far side (or not at all), and the contact pushes it out there:
// it has left the room. The sweep finds such a move (the centre's path crosses a wall's
// segment) and puts the body back at the time of impact along its path instead: its box
// (turned as it is after the move) then overlaps the wall by `margin`, less than the collision
// slop, so the step's collision finds the contact and the solver gives the bounce, friction
// and spin the wall gives at any speed, with the velocity it came with. A move whose centre
// crosses no wall's segment is left exactly as it was: a run in which nothing tunnels has the
// same bits with the sweep as without.

/// The sweep of a step's position update against a world's walls (see the top of this file).
package enum WallSweep {
    /// How far the box is left inside the wall it would have crossed, in points: half the
    /// collision slop, so the collision sees a contact and its position correction does not
    /// push (Chipmunk corrects only what exceeds the slop).
    package static let margin = Contact.slop / 2

    /// The first wall whose segment the centre's path from `p0` to `p1` crosses: its index
    /// (the lowest among equal fractions) and the fraction of the move at which the path meets
    /// the wall's line, in (0, 1]. A path that starts on a wall's line does not cross it; one
    /// that ends on it does. `count` walls, `wall(k)` giving the k-th's ends.
    @inlinable
    package static func crossing(
        from p0: Vector, to p1: Vector, count: Int, wall: (Int) -> (start: Vector, end: Vector)
    ) -> (wall: Int, fraction: Double)? {
        let d = p1 - p0
        var best: (wall: Int, fraction: Double)? = nil
        for k in 0..<count {
            let (a, b) = wall(k)
            let e = b - a
            // Which side of the wall's line each end of the path is on.
            let s0 = e.cross(p0 - a), s1 = e.cross(p1 - a)
            guard (s0 > 0 && s1 <= 0) || (s0 < 0 && s1 >= 0) else { continue }
            // Which side of the path's line each end of the wall is on: the path meets the
            // segment, ends included (two walls sharing an end compute the same value for it).
            let qa = d.cross(a - p0), qb = d.cross(b - p0)
            guard (qa <= 0 && qb >= 0) || (qa >= 0 && qb <= 0) else { continue }
            let fraction = s0 / (s0 - s1)
            if best == nil || fraction < best!.fraction { best = (k, fraction) }
        }
        return best
    }

    /// Where the box goes when its centre's path from `p0` to `p1` crosses the wall from
    /// `start` to `end` (of `radius`) at `fraction` (``crossing(from:to:count:wall:)``): the
    /// point of the path at which the box of half-size `halfWidth` × `halfHeight`, turned by
    /// (`cos`, `sin`), overlaps the wall's slab by ``margin`` (by less, if the box and the
    /// radius are thinner than twice that), or `p0` if it already overlapped it more there.
    @inlinable
    package static func impact(
        from p0: Vector, to p1: Vector, fraction: Double, start: Vector, end: Vector, radius: Double,
        halfWidth: Double, halfHeight: Double, cos: Double, sin: Double
    ) -> Vector {
        let d = p1 - p0
        let e = end - start
        let length = e.length
        // The unit normal of the wall's line on p0's side, and how far p0 lies from it.
        let s0 = e.cross(p0 - start)
        let side: Double = s0 > 0 ? 1 : -1
        let n = Vector(-e.y * side / length, e.x * side / length)
        let distance = s0 * side / length
        let approach = -n.dot(d)  // > 0: the path crosses the line.
        // The box's reach along n.
        let reach = halfWidth * (n.x * cos + n.y * sin).magnitude + halfHeight * (n.y * cos - n.x * sin).magnitude
        let overlap = min(margin, (reach + radius) / 2)
        var t = (distance - (reach + radius - overlap)) / approach
        if !(t > 0) { t = 0 }
        if t > fraction { t = fraction }
        return Vector(p0.x + d.x * t, p0.y + d.y * t)
    }
}
