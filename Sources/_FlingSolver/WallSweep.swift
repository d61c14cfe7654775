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

import FlingCore

/// The sweep of a step's position update against a world's walls (see the top of this file).
package enum WallSweep {
    /// The walls' historical faults, switched on only by tests (through `@testable import
    /// FlingCore`) to reproduce what the docs say the old code did and to plant the bugs the
    /// checks must find: the put-back that kept the velocity, no lift, no put-back at all, and
    /// walls that teleport instead of pushing. Bound for a task (`History.$current.withValue`),
    /// so tests running at once do not see each other's; read only where the sweep already
    /// does its rare work (a put-back, a lift, a moved wall), never in a step that does none.
    /// (The fourth historical fault, the rest allowance for every tile, is the tile policy's,
    /// in FlingInteraction.) A native backend's extra step threads do not see a task's binding.
    @usableFromInline struct History: OptionSet, Sendable {
        @usableFromInline let rawValue: Int
        @usableFromInline init(rawValue: Int) { self.rawValue = rawValue }
        /// The put-back leaves the velocity as it came (before 44bd675).
        static let velocityKeptAtPutBack = History(rawValue: 1)
        /// No lift, after a put-back or otherwise (before 44bd675).
        static let noLift = History(rawValue: 2)
        /// No put-back: a centre that crossed a wall's segment stays where the move took it
        /// (before 100831a).
        static let noPutBack = History(rawValue: 4)
        /// A wall moved by `setWalls` pushes nothing: it teleports (before 8115e0f).
        static let wallsDoNotPush = History(rawValue: 8)
        /// The sweep before 44bd675: velocity kept at the put-back, no lift.
        static let oldSweep: History = [.velocityKeptAtPutBack, .noLift]
        /// No sweep at all (before 100831a).
        static let noSweep: History = [.noPutBack, .velocityKeptAtPutBack, .noLift]
        /// The faults in force for the current task (none but in a test that binds them).
        @usableFromInline @TaskLocal static var current: History = []
    }

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

    /// Whether the centre's path from `p0` to `p1` crosses a wall's segment other than wall
    /// `besides` (the one a lift or push moves the box out of, whose line it may cross).
    @inlinable
    package static func crosses(
        from p0: Vector, to p1: Vector, besides: Int, count: Int, wall: (Int) -> (start: Vector, end: Vector)
    ) -> Bool {
        for k in 0..<count where k != besides {
            if crossing(from: p0, to: p1, count: 1, wall: { _ in wall(k) }) != nil { return true }
        }
        return false
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
        if History.current.contains(.noPutBack) { return (p1, n) }
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

    /// ``rebound(_:normal:elasticity:friction:)`` at a put-back: the velocity an item leaves the
    /// wall its centre crossed with.
    @inlinable
    package static func reboundAtPutBack(_ v: Vector, normal n: Vector, elasticity: Double, friction: Double) -> Vector {
        if History.current.contains(.velocityKeptAtPutBack) { return v }
        return rebound(v, normal: n, elasticity: elasticity, friction: friction)
    }

    /// One wall as the lift and the push read it: its ends, radius and material, with its unit
    /// tangent (start to end), unit normal (the tangent turned a quarter counterclockwise) and
    /// length, made once per wall list by both backends from the same ``Wall`` (ends as
    /// `x + 0`, as the Chipmunk backend reads them), so each step reads them, the same bits on both.
    package struct Side {
        package var start: Vector, end: Vector
        package var radius: Double, elasticity: Double, friction: Double
        package var tangent: Vector, normal: Vector, length: Double

        @inlinable package init(_ wall: Wall) {
            start = Vector(wall.start.x + 0.0, wall.start.y + 0.0)
            end = Vector(wall.end.x + 0.0, wall.end.y + 0.0)
            radius = wall.radius
            elasticity = wall.elasticity
            friction = wall.friction
            let e = end - start
            length = e.length
            tangent = Vector(e.x / length, e.y / length)
            normal = Vector(-tangent.y, tangent.x)
        }
    }

    /// How the box at `p` (half-size `halfWidth` × `halfHeight`, turned by (`cos`, `sin`)) lies
    /// against `wall` on the side of the wall's line that `sign` names (+1: the side its normal
    /// points to): the unit normal on that side, the box's overlap with the wall's slab (its
    /// reach along the normal, plus the radius, less the centre's distance: negative when
    /// apart), its reach along the normal, and whether its shadow on the wall's line meets the
    /// segment (grown by the radius at its ends).
    @inlinable @inline(__always)
    package static func lie(
        _ p: Vector, _ wall: Side, sign: Double, halfWidth: Double, halfHeight: Double, cos: Double, sin: Double
    ) -> (normal: Vector, overlap: Double, reach: Double, meets: Bool) {
        let m = wall.normal, t = wall.tangent
        let reach = halfWidth * (m.x * cos + m.y * sin).magnitude + halfHeight * (m.y * cos - m.x * sin).magnitude
        let along = halfWidth * (t.x * cos + t.y * sin).magnitude + halfHeight * (t.y * cos - t.x * sin).magnitude
        let d = p - wall.start
        let distance = m.dot(d) * sign
        let c = t.dot(d)
        return (
            Vector(m.x * sign, m.y * sign), reach + wall.radius - distance, reach,
            c + along > -wall.radius && c - along < wall.length + wall.radius
        )
    }

    /// The side of `wall`'s line `p` lies on: +1 the side its normal points to (the line itself
    /// included), −1 the other.
    @inlinable @inline(__always)
    package static func sign(_ p: Vector, _ wall: Side) -> Double { wall.normal.dot(p - wall.start) < 0 ? -1 : 1 }

    /// The depth past ``margin`` from which a box counts as deep in a wall: half its reach along
    /// the wall's normal, and at least 1 pt. The contacts undo a shallower overlap within a few
    /// steps; a deeper one they may not, where two walls meet (a box past a segment's end gets a
    /// normal along the wall, and the two contacts hold it there).
    @inlinable
    package static func deep(reach: Double) -> Double { Swift.max(reach / 2, 1) }

    /// After the move from `p0` to `p` (and its sweep), the box lifted out of every wall it lies
    /// deep in (``deep(reach:)``; after a put-back, `swept`, in every wall it overlaps past
    /// ``margin``: the put-back stops the box at the wall its centre crossed, and at a corner
    /// or a wall's end the other wall may already hold it), in list order: moved along the
    /// wall's normal (on `p0`'s side) until it overlaps it by ``margin``, with the velocity's
    /// ``rebound(_:normal:elasticity:friction:)`` off that wall; a lift whose centre would cross
    /// another wall is not made. `elasticity` and `friction` are the item's (a contact's are
    /// the products with the wall's). The walls: `count` ``Side``s from `walls`, `stride` bytes
    /// apart (each backend keeps them where its step reads its walls). Nil when no wall holds
    /// the box deep: then nothing changes, and a step in which no box goes deep keeps its bits.
    @inlinable
    package static func lift(
        from p0: Vector, to p: Vector, velocity v: Vector, swept: Bool, halfWidth: Double, halfHeight: Double, cos: Double,
        sin: Double, elasticity: Double, friction: Double, count: Int, walls: UnsafeRawPointer, stride: Int
    ) -> (position: Vector, velocity: Vector)? {
        if History.current.contains(.noLift) { return nil }
        var q = p, u = v, moved = false
        // No box overlaps a wall past the margin whose line its centre is this far from.
        let farthest = halfWidth + halfHeight - margin
        for k in 0..<count {
            let w = walls.load(fromByteOffset: k * stride, as: Side.self)
            let sign = sign(p0, w)
            guard w.normal.dot(q - w.start) * sign < farthest + w.radius else { continue }
            let l = lie(q, w, sign: sign, halfWidth: halfWidth, halfHeight: halfHeight, cos: cos, sin: sin)
            guard l.meets, l.overlap - margin > (swept ? 0 : deep(reach: l.reach)) else { continue }
            let to = Vector(q.x + l.normal.x * (l.overlap - margin), q.y + l.normal.y * (l.overlap - margin))
            let others = { (j: Int) in
                let o = walls.load(fromByteOffset: j * stride, as: Side.self)
                return (start: o.start, end: o.end)
            }
            if crosses(from: q, to: to, besides: k, count: count, wall: others) { continue }
            q = to
            u = rebound(u, normal: l.normal, elasticity: w.elasticity * elasticity, friction: w.friction * friction)
            moved = true
        }
        return moved ? (q, u) : nil
    }

    /// Whether ``lift(from:to:velocity:swept:halfWidth:halfHeight:cos:sin:elasticity:friction:count:walls:stride:)``
    /// may move the box: some wall it overlaps deeply enough by the same tests, in the same
    /// order, on the same numbers (so the same bits), without the segment's reach. False means
    /// the lift would change nothing; a step calls this first, inline, since almost every box
    /// lies in no wall that deep.
    @inlinable @inline(__always)
    package static func mayLift(
        from p0: Vector, to q: Vector, swept: Bool, halfWidth: Double, halfHeight: Double, cos: Double, sin: Double,
        count: Int, walls: UnsafeRawPointer, stride: Int
    ) -> Bool {
        let farthest = halfWidth + halfHeight - margin
        for k in 0..<count {
            let w = walls.load(fromByteOffset: k * stride, as: Side.self)
            let sign = sign(p0, w)
            guard w.normal.dot(q - w.start) * sign < farthest + w.radius else { continue }
            let l = lie(q, w, sign: sign, halfWidth: halfWidth, halfHeight: halfHeight, cos: cos, sin: sin)
            if l.overlap - margin > (swept ? 0 : deep(reach: l.reach)) { return true }
        }
        return false
    }

    /// A change of walls that moves a wall into the box at `p`: each wall of `new` that is not
    /// in `old` (``WallChange``) is the wall of `old` not in `new` at the same rank among such
    /// walls, moved; one that the box overlaps past ``margin`` and
    /// deeper than it overlapped the wall before it moved, on the side its centre lay of the
    /// old wall, pushes the box along the wall's normal back to the old overlap (or the margin)
    /// and takes the velocity into it away: the item goes on from where the wall left it, as
    /// from a wall it lies against. A wall that moved away, or changed only its material,
    /// pushes nothing. A push whose centre would cross another wall of `new` is not made. Nil
    /// when no wall moved into the box.
    @inlinable
    package static func push(
        _ p: Vector, velocity v: Vector, halfWidth: Double, halfHeight: Double, cos: Double, sin: Double, old: [Wall],
        new: [Wall]
    ) -> (position: Vector, velocity: Vector)? {
        if History.current.contains(.wallsDoNotPush) { return nil }
        var q = p, u = v, moved = false
        // The walls neither list keeps (WallChange), paired in list order: each is the other moved.
        let kept = WallChange.kept(from: old, to: new)
        var oldKept = [Bool](repeating: false, count: old.count), newKept = [Bool](repeating: false, count: new.count)
        for pair in kept {
            oldKept[pair.old] = true
            newKept[pair.new] = true
        }
        for (i, k) in zip(old.indices.filter { !oldKept[$0] }, new.indices.filter { !newKept[$0] }) {
            let before = Side(old[i]), after = Side(new[k])
            // The side the centre lay of the wall before it moved, in the moved wall's terms.
            let sign = Self.sign(p, before) * (before.normal.dot(after.normal) < 0 ? -1 : 1)
            let was = lie(q, before, sign: Self.sign(p, before), halfWidth: halfWidth, halfHeight: halfHeight, cos: cos, sin: sin)
            let l = lie(q, after, sign: sign, halfWidth: halfWidth, halfHeight: halfHeight, cos: cos, sin: sin)
            let keep = Swift.max(was.meets ? was.overlap : -Double.infinity, margin)
            guard l.meets, l.overlap > keep else { continue }
            let to = Vector(q.x + l.normal.x * (l.overlap - keep), q.y + l.normal.y * (l.overlap - keep))
            if crosses(from: q, to: to, besides: k, count: new.count, wall: { (new[$0].start, new[$0].end) }) { continue }
            q = to
            u = rebound(u, normal: l.normal, elasticity: 0, friction: 0)
            moved = true
        }
        return moved ? (q, u) : nil
    }
}
