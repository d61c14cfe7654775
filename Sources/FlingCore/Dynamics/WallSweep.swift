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
    ) -> (position: Vector, normal: Vector) {
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
        return (Vector(p0.x + d.x * t, p0.y + d.y * t), n)
    }

    /// The velocity the item leaves a wall with, its centre's: the part along the wall's unit
    /// `normal` (on the side it came from) that goes into the wall turned back and scaled by the
    /// contact's `elasticity`, the part along the wall slowed by Coulomb friction (`friction`
    /// times the normal impulse, at most to a stop); a velocity that does not go into the wall
    /// as it is. The contact that the step's collision then finds pushes only if the box's
    /// contact point, turned by the spin, still goes in: it can never leave the centre going
    /// in, so the next move cannot cross this wall again and be put back where it is (what
    /// froze items while the sweep kept the velocity and trusted the contact to turn it).
    @inlinable
    package static func rebound(_ v: Vector, normal n: Vector, elasticity: Double, friction: Double) -> Vector {
        let vn = n.x * v.x + n.y * v.y
        guard vn < 0 else { return v }
        let vt = n.x * v.y - n.y * v.x  // along (−n.y, n.x)
        let slowing = Swift.min(vt.magnitude, friction * (1 + elasticity) * -vn)
        let along = vt > 0 ? vt - slowing : vt + slowing
        let away = -elasticity * vn
        return Vector(n.x * away - n.y * along, n.y * away + n.x * along)
    }

    /// One wall as the sweep reads it.
    package typealias Side = (start: Vector, end: Vector, radius: Double, elasticity: Double, friction: Double)

    /// How the box at `p` (half-size `halfWidth` × `halfHeight`, turned by (`cos`, `sin`)) lies
    /// against the wall from `a` to `b` on the side of `from`: the unit normal on that side, the
    /// box's overlap with the wall's slab (its reach along the normal, plus the radius, less the
    /// centre's distance: negative when apart), its reach along the normal, and whether its
    /// shadow on the wall's line meets the segment (grown by the radius at its ends).
    @inlinable
    package static func lie(
        _ p: Vector, side from: Vector, _ a: Vector, _ b: Vector, radius: Double, halfWidth: Double, halfHeight: Double,
        cos: Double, sin: Double
    ) -> (normal: Vector, overlap: Double, reach: Double, meets: Bool) {
        let e = b - a
        let length = e.length
        let sideOf = e.cross(from - a)
        let sign: Double = sideOf < 0 ? -1 : 1
        let n = Vector(-e.y * sign / length, e.x * sign / length)
        let t = Vector(e.x / length, e.y / length)
        let reach = halfWidth * (n.x * cos + n.y * sin).magnitude + halfHeight * (n.y * cos - n.x * sin).magnitude
        let along = halfWidth * (t.x * cos + t.y * sin).magnitude + halfHeight * (t.y * cos - t.x * sin).magnitude
        let distance = e.cross(p - a) * sign / length
        let c = (p - a).dot(t)
        return (n, reach + radius - distance, reach, c + along > -radius && c - along < length + radius)
    }

    /// The depth past ``margin`` from which a box counts as deep in a wall: half its reach along
    /// the wall's normal, and at least 1 pt. The contacts undo a shallower overlap within a few
    /// steps; a deeper one they may not, where two walls meet (a box past a segment's end gets a
    /// normal along the wall, and the two contacts hold it there).
    @inlinable
    package static func deep(reach: Double) -> Double { Swift.max(reach / 2, 1) }

    /// After the move from `p0` to `p` (and its sweep), the box lifted out of every wall it lies
    /// deep in (``deep(reach:)``), in list order: moved along the wall's normal (on `p0`'s side)
    /// until it overlaps it by ``margin``, with the velocity's ``rebound(_:normal:elasticity:friction:)``
    /// off that wall; a lift whose centre would cross a wall is not made. `elasticity` and
    /// `friction` are the item's (a contact's are the products with the wall's). Nil when no
    /// wall holds the box deep: then nothing changes, and a step in which no box goes deep keeps
    /// its bits.
    @inlinable
    package static func lift(
        from p0: Vector, to p: Vector, velocity v: Vector, halfWidth: Double, halfHeight: Double, cos: Double, sin: Double,
        elasticity: Double, friction: Double, count: Int, wall: (Int) -> Side
    ) -> (position: Vector, velocity: Vector)? {
        var q = p, u = v, moved = false
        for k in 0..<count {
            let w = wall(k)
            let l = lie(q, side: p0, w.start, w.end, radius: w.radius, halfWidth: halfWidth, halfHeight: halfHeight, cos: cos, sin: sin)
            guard l.meets, l.overlap - margin > deep(reach: l.reach) else { continue }
            let to = Vector(q.x + l.normal.x * (l.overlap - margin), q.y + l.normal.y * (l.overlap - margin))
            if crossing(from: q, to: to, count: count, wall: { (wall($0).start, wall($0).end) }) != nil { continue }
            q = to
            u = rebound(u, normal: l.normal, elasticity: w.elasticity * elasticity, friction: w.friction * friction)
            moved = true
        }
        return moved ? (q, u) : nil
    }

    /// A change of walls that moves a wall into the box at `p`: each wall of `new` whose index
    /// `old` has too, moved (not the same to the bit), with the box overlapping it past
    /// ``margin`` on the side the centre lay of the old wall, pushes the box along its normal
    /// until it overlaps by ``margin`` and takes the velocity into it away (the item goes on
    /// from where the wall left it, as from a wall it lies against). A push whose centre would
    /// cross a wall of `new` is not made. Nil when no wall moved into the box.
    @inlinable
    package static func push(
        _ p: Vector, velocity v: Vector, halfWidth: Double, halfHeight: Double, cos: Double, sin: Double, old: [Wall],
        new: [Wall]
    ) -> (position: Vector, velocity: Vector)? {
        var q = p, u = v, moved = false
        for k in 0..<Swift.min(old.count, new.count) where !WallChange.same(old[k], new[k]) {
            // The side the centre lay of the wall before it moved (the wall's line through it
            // counts as the side its normal points to).
            let before = old[k], after = new[k]
            let sideOf = (before.end - before.start).cross(p - before.start)
            let normal = Vector(-(after.end.y - after.start.y), after.end.x - after.start.x)
            let from = after.start + normal * (sideOf < 0 ? -1 : 1)
            let l = lie(
                q, side: from, after.start, after.end, radius: after.radius, halfWidth: halfWidth, halfHeight: halfHeight,
                cos: cos, sin: sin)
            guard l.meets, l.overlap > margin else { continue }
            let to = Vector(q.x + l.normal.x * (l.overlap - margin), q.y + l.normal.y * (l.overlap - margin))
            if crossing(from: q, to: to, count: new.count, wall: { (new[$0].start, new[$0].end) }) != nil { continue }
            q = to
            u = rebound(u, normal: l.normal, elasticity: 0, friction: 0)
            moved = true
        }
        return moved ? (q, u) : nil
    }
}
