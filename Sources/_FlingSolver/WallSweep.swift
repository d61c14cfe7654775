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
// and spin the wall gives at any speed. Where the contacts cannot free a box (deep in a wall,
// through a wall at a corner, hooked still between two) the lift moves it out; where a wall
// moves, the push carries what it meets. A step in which none of this engages is left exactly
// as it was: it has the same bits with the sweep as without.

import FlingCore

/// The sweep of a step's position update against a world's walls (see the top of this file).
package enum WallSweep {
    /// The walls' historical faults, switched on only by tests (through `@testable import
    /// FlingCore`) to reproduce what the docs say the old code did and to plant the bugs the
    /// checks must find: the put-back that kept the velocity, no lift, no put-back at all, and
    /// walls that teleport instead of pushing. Bound for a task (`History.$current.withValue`),
    /// so tests running at once do not see each other's; read only where the sweep already
    /// does its rare work (a put-back, a lift, a moved wall), never in a step that does none.
    /// (The fourth historical fault, the rest allowance for every tile, is the tile policy's:
    /// `TilePolicy.History`, in FlingInteraction.) A native backend's extra step threads do not see a task's binding.
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
    static let margin = Contact.slop / 2

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
    static func crosses(
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
    static func rebound(_ v: Vector, normal n: Vector, elasticity: Double, friction: Double) -> Vector {
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
        var tangent: Vector, normal: Vector, length: Double

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
    /// apart), its reach along the normal, whether its shadow on the wall's line meets the
    /// segment (grown by the radius at its ends), how far it reaches past an end of the grown
    /// segment (the farther past; negative when it reaches past neither), and whether that is
    /// the end (not the start).
    @inlinable @inline(__always)
    static func lie(
        _ p: Vector, _ wall: Side, sign: Double, halfWidth: Double, halfHeight: Double, cos: Double, sin: Double
    ) -> (normal: Vector, overlap: Double, reach: Double, meets: Bool, beyond: Double, atEnd: Bool) {
        let m = wall.normal, t = wall.tangent
        let reach = halfWidth * (m.x * cos + m.y * sin).magnitude + halfHeight * (m.y * cos - m.x * sin).magnitude
        let along = halfWidth * (t.x * cos + t.y * sin).magnitude + halfHeight * (t.y * cos - t.x * sin).magnitude
        let d = p - wall.start
        let distance = m.dot(d) * sign
        let c = t.dot(d)
        let pastEnd = c + along - (wall.length + wall.radius), pastStart = along - c - wall.radius
        return (
            Vector(m.x * sign, m.y * sign), reach + wall.radius - distance, reach,
            c + along > -wall.radius && c - along < wall.length + wall.radius, Swift.max(pastEnd, pastStart), pastEnd > pastStart
        )
    }

    /// The side of `wall`'s line `p` lies on: +1 the side its normal points to (the line itself
    /// included), −1 the other.
    @inlinable @inline(__always)
    static func sign(_ p: Vector, _ wall: Side) -> Double { wall.normal.dot(p - wall.start) < 0 ? -1 : 1 }

    /// The depth past ``margin`` from which a box counts as deep in a wall: half its reach along
    /// the wall's normal, and at least 1 pt. The contacts undo a shallower overlap within a few
    /// steps; a deeper one they may not, where two walls meet (a box past a segment's end gets a
    /// normal along the wall, and the two contacts hold it there).
    @inlinable
    static func deep(reach: Double) -> Double { Swift.max(reach / 2, 1) }

    /// The speed under which a box counts as still (the tile rest rule's default, 10 pt/s), and
    /// the move in a step under which its centre counts as not moving: a still box in two walls
    /// past the rest allowance is hooked (``lift(from:to:velocity:swept:halfWidth:halfHeight:cos:sin:elasticity:friction:count:walls:stride:)``).
    /// A box the contacts are still pushing out moves a tenth of its overlap past the slop a
    /// step (at 60 Hz); one they hold does not move, and one that only turns at the top of a
    /// bounce moves by its speed.
    static let stillSpeed = 10.0, stillMove = 1e-3

    /// Whether a box whose centre moved from `p0` to `p` this step, at velocity `v`, is still
    /// (``stillSpeed``, ``stillMove``; compared squared: the same bits wherever it is asked).
    @inlinable @inline(__always)
    static func isStill(_ v: Vector, from p0: Vector, to p: Vector) -> Bool {
        let dx = p.x - p0.x, dy = p.y - p0.y
        return v.x * v.x + v.y * v.y <= stillSpeed * stillSpeed && dx * dx + dy * dy <= stillMove * stillMove
    }

    /// The move `d` that takes a box out of two walls at once, along neither normal alone: the
    /// one with `n1·d = a1` and `n2·d = a2` (each normal unit, each `a` how far the box must go
    /// along it). Nil when the walls are (nearly) parallel, and there is no corner between them.
    @inlinable
    static func corner(_ n1: Vector, _ a1: Double, _ n2: Vector, _ a2: Double) -> Vector? {
        let det = n1.x * n2.y - n1.y * n2.x
        guard det.magnitude > 1e-9 else { return nil }
        return Vector((a1 * n2.y - a2 * n1.y) / det, (n1.x * a2 - n2.x * a1) / det)
    }

    /// Whether the centre's path from `q` to `to` crosses the segment of a wall other than `a`
    /// and `b` out of the side of its line that `p0` lies on: a lift may bring a centre back
    /// into the room across a wall's line (at a corner the put-back can leave it just past the
    /// other wall), never take it out.
    @inlinable
    static func crossesOut(
        from q: Vector, to: Vector, p0: Vector, besides a: Int, _ b: Int, count: Int, walls: UnsafeRawPointer, stride: Int
    ) -> Bool {
        for j in 0..<count where j != a && j != b {
            let o = walls.load(fromByteOffset: j * stride, as: Side.self)
            guard crossing(from: q, to: to, count: 1, wall: { _ in (o.start, o.end) }) != nil else { continue }
            if sign(to, o) != sign(p0, o) { return true }
        }
        return false
    }

    /// After the move from `p0` to `p` (and its sweep), the box lifted out of every wall it lies
    /// deep in (``deep(reach:)``; after a put-back, `swept`, in every wall it overlaps past
    /// ``margin``: the put-back stops the box at the wall its centre crossed, and at a corner
    /// or a wall's end the other wall may already hold it; a still box, ``isStill(_:from:to:)``, that
    /// two walls hold past the rest allowance, ``WallOverlap/resting``, is hooked: a corner's
    /// two contacts hold it, and it is lifted out of every wall it overlaps past the margin
    /// too). First in list order: moved along the wall's normal (on `p0`'s side) until it
    /// overlaps it by ``margin``, with the velocity's ``rebound(_:normal:elasticity:friction:)``
    /// off that wall. Then, up to three times, where that left the box in a wall by the same
    /// test (at a corner that is not square, a lift out of one wall goes into the other): out
    /// of the wall it lies deepest in and, if that move would leave it in another, out of both
    /// at once (``corner(_:_:_:_:)``), with the rebound off each. A lift whose centre would
    /// cross another wall out of the side `p0` lies on is not made (``crossesOut``).
    /// `elasticity` and `friction` are the item's (a contact's are the products with the
    /// wall's). The walls: `count` ``Side``s from `walls`, `stride` bytes apart (each backend
    /// keeps them where its step reads its walls). Nil when no wall holds the box deep: then
    /// nothing changes, and a step in which no box goes deep keeps its bits.
    /// (Not inlined: it runs only where a box lies in a wall, and its helpers take the box's
    /// position as an argument, so that nothing it does allocates.)
    package static func lift(
        from p0: Vector, to p: Vector, velocity v: Vector, swept: Bool, halfWidth: Double, halfHeight: Double, cos: Double,
        sin: Double, elasticity: Double, friction: Double, count: Int, walls: UnsafeRawPointer, stride: Int
    ) -> (position: Vector, velocity: Vector)? {
        if History.current.contains(.noLift) { return nil }
        var box = Lifter(
            p0: p0, swept: swept, halfWidth: halfWidth, halfHeight: halfHeight, cos: cos, sin: sin, elasticity: elasticity,
            friction: friction, count: count, walls: walls, stride: stride)
        // Hooked: still, and held past the rest allowance by two walls. Cornered: in two walls
        // past the margin. Neither when two of those walls face each other (their normals
        // within about 18° of opposite): the box is wedged between them, as a box too long for
        // its room is, not in a corner.
        if !swept {
            var held = 0, overlapped = 0, wedged = false
            var normals = (Vector.zero, Vector.zero, Vector.zero)
            for k in 0..<count {
                guard let l = box.lies(k, box.wall(k), at: p), l.meets, l.overlap > margin else { continue }
                if l.overlap > WallOverlap.resting { held += 1 }
                if overlapped > 0 && normals.0.dot(l.normal) < -0.95 || overlapped > 1 && normals.1.dot(l.normal) < -0.95
                    || overlapped > 2 && normals.2.dot(l.normal) < -0.95
                {
                    wedged = true
                }
                switch overlapped {
                case 0: normals.0 = l.normal
                case 1: normals.1 = l.normal
                case 2: normals.2 = l.normal
                default: break
                }
                overlapped += 1
            }
            box.hooked = !wedged && held >= 2 && isStill(v, from: p0, to: p)
            box.cornered = !wedged && overlapped >= 2
        }
        // A lift by the hooked or cornered rules that leaves the box deeper in some wall than it
        // was (a box that cannot fit the room, wedged) is not made: the lift by the others is.
        if box.hooked || box.cornered {
            let made = box.attempt(from: p, velocity: v, extended: true)
            var worse = false
            for k in 0..<count where made.moved && !worse {
                let w = box.wall(k)
                let sign = sign(p0, w)
                let before = lie(p, w, sign: sign, halfWidth: halfWidth, halfHeight: halfHeight, cos: cos, sin: sin)
                let after = lie(made.q, w, sign: sign, halfWidth: halfWidth, halfHeight: halfHeight, cos: cos, sin: sin)
                worse = after.meets && after.overlap > Swift.max(before.overlap, Contact.slop) + 1e-9
            }
            if made.moved && !worse { return (made.q, made.u) }
        }
        let made = box.attempt(from: p, velocity: v, extended: false)
        return made.moved ? (made.q, made.u) : nil
    }

    /// How a box lies against a wall (``lie(_:_:sign:halfWidth:halfHeight:cos:sin:)``).
    typealias Lie = (normal: Vector, overlap: Double, reach: Double, meets: Bool, beyond: Double, atEnd: Bool)

    /// One box's lift against one wall list (``lift(from:to:velocity:swept:halfWidth:halfHeight:cos:sin:elasticity:friction:count:walls:stride:)``):
    /// the numbers that stay, and the lifts, each at the position it is given.
    struct Lifter {
        let p0: Vector, swept: Bool, halfWidth: Double, halfHeight: Double, cos: Double, sin: Double
        let elasticity: Double, friction: Double, count: Int, walls: UnsafeRawPointer, stride: Int
        var hooked = false, cornered = false
        /// No box overlaps a wall past the margin whose line its centre is this far from.
        var farthest: Double { halfWidth + halfHeight - margin }

        func wall(_ k: Int) -> Side { walls.load(fromByteOffset: k * stride, as: Side.self) }

        /// How the box at `q` lies against wall `k` (`w`) on the side `p0` lies, nil when it is far.
        func lies(_ k: Int, _ w: Side, at q: Vector) -> Lie? {
            let sign = WallSweep.sign(p0, w)
            guard w.normal.dot(q - w.start) * sign < farthest + w.radius else { return nil }
            return lie(q, w, sign: sign, halfWidth: halfWidth, halfHeight: halfHeight, cos: cos, sin: sin)
        }

        /// Whether the end of wall k the box at `q` reaches past is a corner: another wall the
        /// box overlaps past the margin ends within the slop of it.
        func atCorner(_ k: Int, _ l: Lie, at q: Vector) -> Bool {
            let w = wall(k), e = l.atEnd ? w.end : w.start
            for j in 0..<count where j != k {
                let o = wall(j)
                let s = o.start - e, t = o.end - e, near = Contact.slop * Contact.slop
                guard s.x * s.x + s.y * s.y <= near || t.x * t.x + t.y * t.y <= near else { continue }
                if let m = lies(j, o, at: q), m.meets, m.overlap > margin { return true }
            }
            return false
        }

        /// How deep past the lift's target the box must lie in wall `k` to be lifted out of it:
        /// 0 after a put-back; past the rest allowance when hooked; 0 through a wall at a corner
        /// (cornered, deeper through it than it reaches past its end, at a corner); else deep.
        func threshold(_ k: Int, _ l: Lie, at q: Vector, _ extended: Bool) -> Double {
            if swept { return 0 }
            if hooked && extended { return WallOverlap.resting - Contact.slop }
            if cornered && extended && l.beyond > 0 && l.overlap - margin > l.beyond && atCorner(k, l, at: q) { return 0 }
            return deep(reach: l.reach)
        }

        /// The lifts from `p` with velocity `v`, by the hooked and cornered rules too when
        /// `extended`: where the box goes, its velocity, and whether it moved.
        func attempt(from p: Vector, velocity v: Vector, extended: Bool) -> (q: Vector, u: Vector, moved: Bool) {
            var q = p, u = v, moved = false
            // How far the lift leaves the box in a wall: a hooked box at the slop, where the
            // contacts hold a box at rest, so that they keep it there.
            let target = hooked && extended ? Contact.slop : margin
            for k in 0..<count {
                let w = wall(k)
                guard let l = lies(k, w, at: q), l.meets, l.overlap - target > threshold(k, l, at: q, extended) else { continue }
                let to = Vector(q.x + l.normal.x * (l.overlap - target), q.y + l.normal.y * (l.overlap - target))
                if crossesOut(from: q, to: to, p0: p0, besides: k, k, count: count, walls: walls, stride: stride) { continue }
                q = to
                u = rebound(u, normal: l.normal, elasticity: w.elasticity * elasticity, friction: w.friction * friction)
                moved = true
            }
            // (A box deep in one wall alone, neither hooked, cornered nor put back, is lifted once.)
            for _ in 0..<(extended || swept ? 3 : 0) {
                // The wall the box lies deepest in past its threshold.
                var k1 = -1, a1 = 0.0, n1 = Vector.zero
                for k in 0..<count {
                    guard let l = lies(k, wall(k), at: q), l.meets, l.overlap - target > threshold(k, l, at: q, extended) else { continue }
                    if k1 < 0 || l.overlap - target > a1 { (k1, a1, n1) = (k, l.overlap - target, l.normal) }
                }
                guard k1 >= 0 else { break }
                var d = Vector(n1.x * a1, n1.y * a1)
                // The wall that lift would leave it deepest in, and the move out of both.
                var k2 = -1, a2 = 0.0, n2 = Vector.zero, after = 0.0
                for k in 0..<count where k != k1 {
                    guard let l = lies(k, wall(k), at: q), l.meets else { continue }
                    let left = l.overlap - l.normal.dot(d) - target
                    if left > threshold(k, l, at: q, extended) && (k2 < 0 || left > after) {
                        (k2, a2, n2, after) = (k, l.overlap - target, l.normal, left)
                    }
                }
                if k2 >= 0, let both = corner(n1, a1, n2, a2) { d = both } else { k2 = -1 }
                let to = Vector(q.x + d.x, q.y + d.y)
                if crossesOut(from: q, to: to, p0: p0, besides: k1, k2, count: count, walls: walls, stride: stride) { break }
                q = to
                let w1 = wall(k1)
                u = rebound(u, normal: n1, elasticity: w1.elasticity * elasticity, friction: w1.friction * friction)
                if k2 >= 0 {
                    let w2 = wall(k2)
                    u = rebound(u, normal: n2, elasticity: w2.elasticity * elasticity, friction: w2.friction * friction)
                }
                moved = true
            }
            return (q, u, moved)
        }
    }

    /// Whether ``lift(from:to:velocity:swept:halfWidth:halfHeight:cos:sin:elasticity:friction:count:walls:stride:)``
    /// may move the box: some wall it overlaps deeply enough by the same tests, on the same
    /// numbers (so the same bits), without the segment's reach, or, still (``isStill(_:from:to:)``, of
    /// its velocity `v`), two walls it overlaps past the rest allowance. False means the lift
    /// would change nothing; a step calls this first, inline, since almost every box lies in no
    /// wall that deep.
    @inlinable @inline(__always)
    package static func mayLift(
        from p0: Vector, to q: Vector, velocity v: Vector, swept: Bool, halfWidth: Double, halfHeight: Double, cos: Double,
        sin: Double, count: Int, walls: UnsafeRawPointer, stride: Int
    ) -> Bool {
        let farthest = halfWidth + halfHeight - margin
        var overlapped = 0
        for k in 0..<count {
            let w = walls.load(fromByteOffset: k * stride, as: Side.self)
            let sign = sign(p0, w)
            guard w.normal.dot(q - w.start) * sign < farthest + w.radius else { continue }
            let l = lie(q, w, sign: sign, halfWidth: halfWidth, halfHeight: halfHeight, cos: cos, sin: sin)
            if l.overlap - margin > (swept ? 0 : deep(reach: l.reach)) { return true }
            if l.overlap > margin { overlapped += 1 }
        }
        // In two walls or more (at a corner, rarely): hooked or through a wall at its end?
        return overlapped >= 2 && !swept
            && cornered(
                from: p0, to: q, velocity: v, halfWidth: halfWidth, halfHeight: halfHeight, cos: cos, sin: sin, count: count, walls: walls,
                stride: stride)
    }

    /// The rest of ``mayLift(from:to:velocity:swept:halfWidth:halfHeight:cos:sin:count:walls:stride:)``
    /// for a box in two walls past the margin: whether it is still and two of them hold it past
    /// the rest allowance, or it lies deeper through one than it reaches past the wall's end.
    @inline(never)
    static func cornered(
        from p0: Vector, to q: Vector, velocity v: Vector, halfWidth: Double, halfHeight: Double, cos: Double, sin: Double,
        count: Int, walls: UnsafeRawPointer, stride: Int
    ) -> Bool {
        let farthest = halfWidth + halfHeight - margin
        var held = 0
        for k in 0..<count {
            let w = walls.load(fromByteOffset: k * stride, as: Side.self)
            let sign = sign(p0, w)
            guard w.normal.dot(q - w.start) * sign < farthest + w.radius else { continue }
            let l = lie(q, w, sign: sign, halfWidth: halfWidth, halfHeight: halfHeight, cos: cos, sin: sin)
            guard l.overlap > margin else { continue }
            if l.beyond > 0 && l.overlap - margin > l.beyond { return true }
            if l.overlap > WallOverlap.resting { held += 1 }
        }
        return held >= 2 && isStill(v, from: p0, to: q)
    }

    /// A change of walls that moves a wall into the box at `p`: each wall of `new` that is not
    /// in `old` (``WallChange``) is the wall of `old` not in `new` at the same rank among such
    /// walls, moved; one that the box overlaps past ``margin`` and deeper than it overlapped the
    /// wall before it moved, on the side its centre lay of the old wall, whose segment the box's
    /// shadow meets before or after the move (a wall that shrinks as a room closes still sweeps
    /// its old corner), pushes the box along the wall's normal back to the old overlap (or the
    /// margin) and takes the velocity into it away: the item goes on from where the wall left
    /// it, as from a wall it lies against. First in list order; then, up to three times, where
    /// a push left the box in a moved wall (at a corner that is not square), out of the deepest
    /// and, if that would leave it in another, out of both at once (``corner(_:_:_:_:)``). A
    /// wall that moved away, or changed only its material, pushes nothing. A push whose centre
    /// would cross another wall of `new` is not made: in a room closing smaller than the box,
    /// the box stays in, squeezed into the walls. Nil when no wall moved into the box.
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
        let pairs = Array(zip(old.indices.filter { !oldKept[$0] }, new.indices.filter { !newKept[$0] }))
        // Per pair: the side the centre lay of the wall before it moved (in the moved wall's
        // terms), and how far the box may stay in it (set as the first pass meets the pair).
        var signs: [Double] = [], keeps = [Double](repeating: margin, count: pairs.count)
        for (i, k) in pairs {
            let before = Side(old[i]), after = Side(new[k])
            signs.append(Self.sign(p, before) * (before.normal.dot(after.normal) < 0 ? -1 : 1))
        }
        // How the box at `q` lies against pair n's moved wall and against the wall before it
        // moved, and whether its shadow meets either.
        func lies(_ n: Int) -> (normal: Vector, overlap: Double, meets: Bool, was: Double) {
            let (i, k) = pairs[n]
            let before = Side(old[i])
            let l = lie(q, Side(new[k]), sign: signs[n], halfWidth: halfWidth, halfHeight: halfHeight, cos: cos, sin: sin)
            let was = lie(q, before, sign: Self.sign(p, before), halfWidth: halfWidth, halfHeight: halfHeight, cos: cos, sin: sin)
            return (l.normal, l.overlap, l.meets || was.meets, was.meets ? was.overlap : -Double.infinity)
        }
        // Whether the centre's path to `to` crosses another wall, its segment grown at each end
        // by the box's half diagonal (a centre passing closer to a wall's end than that takes
        // the box through the wall: around a corner of a room closing smaller than the box).
        let grow = (halfWidth * halfWidth + halfHeight * halfHeight).squareRoot()
        func crosses(_ to: Vector, besides a: Int, _ b: Int) -> Bool {
            new.indices.contains { j in
                guard j != a && j != b else { return false }
                let w = Side(new[j])
                let ends = (w.start - w.tangent * grow, w.end + w.tangent * grow)
                return crossing(from: q, to: to, count: 1, wall: { _ in ends }) != nil
            }
        }
        for n in pairs.indices {
            let l = lies(n), keep = Swift.max(l.was, margin)
            keeps[n] = keep
            guard l.meets, l.overlap > keep else { continue }
            var to = Vector(q.x + l.normal.x * (l.overlap - keep), q.y + l.normal.y * (l.overlap - keep))
            if crosses(to, besides: pairs[n].1, pairs[n].1) {
                // The box cannot go all the way (the room is closing smaller than it): its centre
                // goes in past the moved wall's line by the margin, if that crosses no other wall.
                let distance = l.normal.dot(q - new[pairs[n].1].start)
                guard distance < margin else { continue }
                to = Vector(q.x + l.normal.x * (margin - distance), q.y + l.normal.y * (margin - distance))
                if crosses(to, besides: pairs[n].1, pairs[n].1) { continue }
            }
            q = to
            u = rebound(u, normal: l.normal, elasticity: 0, friction: 0)
            moved = true
        }
        for _ in 0..<3 {
            var n1 = -1, a1 = 0.0, m1 = Vector.zero
            for n in pairs.indices {
                let l = lies(n)
                if l.meets && l.overlap - keeps[n] > 1e-9 && (n1 < 0 || l.overlap - keeps[n] > a1) {
                    (n1, a1, m1) = (n, l.overlap - keeps[n], l.normal)
                }
            }
            guard n1 >= 0 else { break }
            var d = Vector(m1.x * a1, m1.y * a1)
            var n2 = -1, a2 = 0.0, m2 = Vector.zero, after = 0.0
            for n in pairs.indices where n != n1 {
                let l = lies(n)
                let left = l.overlap - l.normal.dot(d) - keeps[n]
                if l.meets && left > 1e-9 && (n2 < 0 || left > after) { (n2, a2, m2, after) = (n, l.overlap - keeps[n], l.normal, left) }
            }
            if n2 >= 0, let both = corner(m1, a1, m2, a2) { d = both } else { n2 = -1 }
            let to = Vector(q.x + d.x, q.y + d.y)
            if crosses(to, besides: pairs[n1].1, n2 >= 0 ? pairs[n2].1 : pairs[n1].1) { break }
            q = to
            u = rebound(u, normal: m1, elasticity: 0, friction: 0)
            if n2 >= 0 { u = rebound(u, normal: m2, elasticity: 0, friction: 0) }
            moved = true
        }
        return moved ? (q, u) : nil
    }
}
