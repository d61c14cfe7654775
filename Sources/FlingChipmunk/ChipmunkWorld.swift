import _FlingSolver

#if Chipmunk
internal import CChipmunk
import FlingCore

/// The C objects of one world. Owned by ``ChipmunkBackend``, which frees each exactly once
/// (``ChipmunkBackend/free(_:)``, when the world is destroyed or in the backend's `deinit`).
struct ChipmunkWorld {
    /// The world's own space (per-world layout) or the shared one (not freed here).
    var space: OpaquePointer
    var ownsSpace: Bool
    var body: OpaquePointer
    /// `1/m` and `1/I` as Chipmunk holds them (`1/I` is 0 for a body that cannot rotate).
    var massInverse: Double
    var momentInverse: Double
    /// The item's box, for walls.
    var size: Vector?
    var spring: OpaquePointer?
    var rotary: OpaquePointer?
    /// Shared layout only: this body's own gravity and velocity damping, read by
    /// ``perBodyVelocityUpdate`` each step (until the world gets ``dynamics``).
    var medium: UnsafeMutablePointer<Medium>?
    /// Drags, pivots and gears, in the order added.
    var joints: [ChipmunkJoint] = []
    var nextJoint: UInt32 = 0
    /// Shared layout only: the world's constraints in the order its own space would hold
    /// them (Chipmunk's swap-with-last removal applied to this world's alone).
    var ownOrder: [OpaquePointer] = []
    /// The item's box shape, while the world has walls.
    var shape: OpaquePointer?
    /// Per-world layout: the wall shapes. Shared layout: the key of the shared wall set.
    var walls: [OpaquePointer] = []
    var wallKey: [Wall] = []
    /// Walls, pushes, fields and properties: the velocity update and the contact events.
    var dynamics: ChipmunkDynamics?
    /// Per-world layout: whether the space has been readied for walls (spatial hash, callbacks).
    var isPrepared = false
    /// The space's stamp when the world was made (a step since has stepped it): what tells a
    /// world of the shared space that has stepped from one that has not (ChipmunkBackend+Snapshot.swift).
    var bornAt: UInt32 = 0

    var hasAttraction: Bool { spring != nil }
    var hasJoints: Bool { !joints.isEmpty || spring != nil }
}

/// One joint of a world: a drag (finger body, grab pivot and its friction joints), a pivot or
/// a gear. `constraints` in the order added (and removed).
struct ChipmunkJoint {
    var id: JointID
    var constraints: [OpaquePointer]
    var finger: OpaquePointer?
}

/// What a world's item does beyond Chipmunk's defaults, behind its body's and shape's user
/// data: read by the velocity function and the collision callbacks during a step.
final class ChipmunkDynamics {
    var motion: Motion
    var properties: ItemProperties { motion.properties }
    /// The walls began touching in the last step.
    var contacts: [Wall.Contact] = []
    /// Shared layout: the body's gravity and damping (the space's are zero and one).
    let usesMedium: Bool
    var gravity: cpVect
    var damping: Double
    let massInverse: Double
    let momentInverse: Double
    /// The item's walls (the list given to `setWalls`) and half its box, for the sweep of each
    /// position update (``sweptPositionUpdate``).
    var walls: [Wall] = [] { didSet { sides = walls.map(WallSweep.Side.init) } }
    /// The walls as the sweep's lift reads them.
    var sides: [WallSweep.Side] = []
    var halfSize = Vector.zero
    /// Shared layout: the id of the wall set this item collides with (walls of other sets
    /// are ignored by the begin callback); 0 in the per-world layout; −1 after a change of
    /// walls, when its walls are the shapes whose codes `members` holds.
    var wallSet = 0
    /// Shared layout: per wall of the list, its shape's code (set, index in the set).
    var wallCodes: [Int] = []
    /// Shared layout, after a change of walls: each of its walls' codes and the wall's index
    /// in the list (looked up, never iterated).
    var members: [Int: Int] = [:]

    /// The index in the item's wall list of the wall whose shape has `code`, nil for a shape
    /// of another item's walls.
    @inline(__always) func wall(_ code: Int) -> Int? {
        if wallSet >= 0 { return code >> 8 == wallSet ? code & 0xFF : nil }
        return members[code]
    }

    init(mass: Double, massInverse: Double, momentInverse: Double, usesMedium: Bool, gravity: cpVect, damping: Double) {
        motion = Motion(mass: mass)
        self.massInverse = massInverse
        self.momentInverse = momentInverse
        self.usesMedium = usesMedium
        self.gravity = gravity
        self.damping = damping
    }

    /// The body's velocity update (``Motion``), with the space's gravity and `damping^dt` or,
    /// in a shared space, the body's own.
    func updateVelocity(_ body: OpaquePointer, _ spaceGravity: cpVect, _ spaceDamping: Double, _ dt: Double) {
        let g = usesMedium ? gravity : spaceGravity
        let damping = usesMedium ? PlatformFunctions.pow(self.damping, dt) : spaceDamping
        let p = cpBodyGetPosition(body), v = cpBodyGetVelocity(body), rotation = cpBodyGetRotation(body)
        var vx = v.x, vy = v.y, w = cpBodyGetAngularVelocity(body)
        motion.updateVelocity(
            vx: &vx, vy: &vy, w: &w, px: p.x, py: p.y, cos: rotation.x, sin: rotation.y, massInverse: massInverse,
            momentInverse: momentInverse, gx: g.x, gy: g.y, damping: damping, dt: dt)
        cpBodySetVelocity(body, cpVect(x: vx, y: vy))
        cpBodySetAngularVelocity(body, w)
    }
}

/// The position update of a body with walls: Chipmunk's own `cpBodyUpdatePosition`, then
/// ``WallSweep``, as the native step does: if the centre crossed a wall's segment, the body goes
/// back along its path to the time of impact (`cpBodySetPosition`) and leaves it with the
/// sweep's rebound (`cpBodySetVelocity`); then a box left deep in a wall is lifted out of it
/// (``WallSweep/lift(from:to:velocity:swept:halfWidth:halfHeight:cos:sin:elasticity:friction:count:walls:stride:)``). Positions and wall ends
/// enter the sweep as `x + 0` (the native backend's differ at most in the sign of a zero).
let sweptPositionUpdate: cpBodyPositionFunc = { body, dt in
    let p = cpBodyGetPosition(body)
    cpBodyUpdatePosition(body, dt)
    let q = cpBodyGetPosition(body)
    let p0 = Vector(p.x + 0.0, p.y + 0.0), p1 = Vector(q.x + 0.0, q.y + 0.0)
    let d = Unmanaged<ChipmunkDynamics>.fromOpaque(cpBodyGetUserData(body)!).takeUnretainedValue()
    let rotation = cpBodyGetRotation(body)
    d.sides.withUnsafeBufferPointer { walls in
        let hit = WallSweep.crossing(from: p0, to: p1, count: walls.count, wall: { (walls[$0].start, walls[$0].end) })
        if let hit {
            let w = walls[hit.wall]
            let at = WallSweep.impact(
                from: p0, to: p1, fraction: hit.fraction, start: w.start, end: w.end, radius: w.radius,
                halfWidth: d.halfSize.x, halfHeight: d.halfSize.y, cos: rotation.x, sin: rotation.y)
            cpBodySetPosition(body, cpVect(x: at.position.x, y: at.position.y))
            let v = cpBodyGetVelocity(body)
            let away = WallSweep.reboundAtPutBack(
                Vector(v.x + 0.0, v.y + 0.0), normal: at.normal, elasticity: w.elasticity * d.properties.elasticity,
                friction: w.friction * d.properties.friction)
            cpBodySetVelocity(body, cpVect(x: away.x, y: away.y))
        }
        let at = cpBodyGetPosition(body), v = cpBodyGetVelocity(body)
        if let lifted = WallSweep.lift(
            from: p0, to: Vector(at.x + 0.0, at.y + 0.0), velocity: Vector(v.x + 0.0, v.y + 0.0), swept: hit != nil,
            halfWidth: d.halfSize.x, halfHeight: d.halfSize.y, cos: rotation.x, sin: rotation.y,
            elasticity: d.properties.elasticity, friction: d.properties.friction, count: walls.count,
            walls: UnsafeRawPointer(walls.baseAddress ?? UnsafePointer(bitPattern: MemoryLayout<WallSweep.Side>.alignment)!),
            stride: MemoryLayout<WallSweep.Side>.stride)
        {
            cpBodySetPosition(body, cpVect(x: lifted.position.x, y: lifted.position.y))
            cpBodySetVelocity(body, cpVect(x: lifted.velocity.x, y: lifted.velocity.y))
        }
    }
}

/// What a body in a shared space moves through: its own gravity and velocity damping.
struct Medium {
    var gravity: cpVect
    var damping: Double
    /// `damping^dt` for the damping and dt it was last raised to (`pow` is costly, and both
    /// rarely change: the same value as computing it every step).
    var powered = (damping: Double.nan, dt: Double.nan, value: 0.0)

    /// `damping^dt`, with the C library's `pow`.
    @inline(__always) mutating func damping(over dt: Double) -> Double {
        if powered.damping.bitPattern != damping.bitPattern || powered.dt.bitPattern != dt.bitPattern {
            powered = (damping, dt, PlatformFunctions.pow(damping, dt))
        }
        return powered.value
    }
}

/// The velocity update of bodies in a shared space: Chipmunk's own `cpBodyUpdateVelocity`,
/// given the body's gravity and `damping^dt` (kept behind its user-data pointer) instead of
/// the space's. `pow` is the C library's, as in `cpSpaceStep`, so the bits are the same as
/// a space of the body's own with that gravity and damping.
let perBodyVelocityUpdate: cpBodyVelocityFunc = { body, _, _, dt in
    let medium = cpBodyGetUserData(body)!.assumingMemoryBound(to: Medium.self)
    cpBodyUpdateVelocity(body, medium.pointee.gravity, medium.pointee.damping(over: dt), dt)
}

/// The velocity update of a body with ``ChipmunkDynamics`` (behind its user-data pointer).
let dynamicsVelocityUpdate: cpBodyVelocityFunc = { body, gravity, damping, dt in
    Unmanaged<ChipmunkDynamics>.fromOpaque(cpBodyGetUserData(body)!).takeUnretainedValue()
        .updateVelocity(body!, gravity, damping, dt)
}

/// A wall shape's user data: its wall set (0 in the per-world layout) and index in the list.
@inline(__always) func wallCode(set: Int, index: Int) -> UnsafeMutableRawPointer? {
    UnsafeMutableRawPointer(bitPattern: set << 8 | index)
}

/// The arbiter's wall code and the item's dynamics. Chipmunk sorts a segment before a
/// polygon (`cpCollide`), and the default handler never swaps, so `a` is the wall.
@inline(__always) func arbiterParties(_ arb: OpaquePointer?) -> (code: Int, item: ChipmunkDynamics) {
    var a: OpaquePointer?, b: OpaquePointer?
    cpArbiterGetShapes(arb, &a, &b)
    let code = Int(bitPattern: cpShapeGetUserData(a))
    return (code, Unmanaged<ChipmunkDynamics>.fromOpaque(cpShapeGetUserData(b)!).takeUnretainedValue())
}

/// `begin`: in a shared space an item meets only its own wall set's walls (the others are
/// ignored until they separate, `cpArbiterIgnore`); in its own space every wall is its own.
let wallBegin: cpCollisionBeginFunc = { arb, _, _ in
    let (code, item) = arbiterParties(arb)
    return item.wall(code) != nil ? 1 : 0
}

/// `preSolve` (shared space): an item's arbiter with a shape that is no longer one of its walls
/// (its set stays for other items) is left out of the step.
let wallPreSolve: cpCollisionPreSolveFunc = { arb, _, _ in
    let (code, item) = arbiterParties(arb)
    return item.wall(code) != nil ? 1 : 0
}

/// `postSolve`: a first contact becomes a ``Wall/Contact`` with the step's total impulse.
let wallPostSolve: cpCollisionPostSolveFunc = { arb, _, _ in
    guard cpArbiterIsFirstContact(arb) != 0 else { return }
    let (code, item) = arbiterParties(arb)
    let j = cpArbiterTotalImpulse(arb), n = cpArbiterGetNormal(arb), p = cpArbiterGetPointB(arb, 0)
    // cpArbiterTotalImpulse gives the impulse on the first body (the wall's): negate for the item's.
    item.contacts.append(
        Wall.Contact(wall: item.wall(code)!, impulse: Vector(-j.x, -j.y), normal: Vector(n.x, n.y), point: Vector(p.x, p.y)))
}
#endif
