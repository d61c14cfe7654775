#if Chipmunk
internal import CChipmunk
import FlingCore

/// The Chipmunk 7 backend: each world is a real Chipmunk world.
///
/// Every `cpSpace`, `cpBody` and `cpConstraint` it makes lives here and is freed exactly once.
/// Arguments are validated in Swift before any reaches Chipmunk, whose debug build aborts
/// the process on a failed assertion. No state arithmetic goes through Chipmunk's inline
/// `cpv*` helpers (Swift's C importer may fuse them into FMAs): vectors are built from
/// fields, and all math happens in the library itself.
public final class ChipmunkBackend: PhysicsBackend {
    /// How worlds map onto Chipmunk spaces.
    public enum Layout: Sendable {
        /// One `cpSpace` per world, as the original photo app did. The default.
        case spacePerWorld
        /// Every world's bodies in one shared `cpSpace`, stepped by one `cpSpaceStep`.
        /// The worlds still never interact (tiles have no shapes); each body gets its own
        /// gravity through a velocity-update callback that calls Chipmunk's own update.
        case sharedSpace
    }

    public let layout: Layout
    public let solverIterations: Int
    public var name: String { layout == .spacePerWorld ? "chipmunk" : "chipmunk-shared" }
    public private(set) var worldCount = 0

    private var worlds: [ChipmunkWorld?] = []
    private var generations: [UInt32] = []
    private var freeSlots: [UInt32] = []
    private var sharedSpace: OpaquePointer?
    /// The longest stable step of each world's springs.
    private var stability = SpringStability()

    public init(layout: Layout = .spacePerWorld, solverIterations: Int = 10) throws(FlingError) {
        try BackendCheck.iterations(solverIterations, "ChipmunkBackend.solverIterations")
        self.layout = layout
        self.solverIterations = solverIterations
    }

    deinit {
        for i in worlds.indices { worlds[i]?.free() }
        if let sharedSpace { cpSpaceFree(sharedSpace) }
    }

    private func newSpace(gravity: Vector) -> OpaquePointer {
        chipmunkBannerSilenced
        let space = cpSpaceNew()!
        cpSpaceSetIterations(space, Int32(solverIterations))
        cpSpaceSetGravity(space, cpVect(x: gravity.x, y: gravity.y))
        return space
    }

    public func makeWorld(_ definition: WorldDefinition) throws(FlingError) -> WorldID {
        try BackendCheck.definition(definition)
        let space: OpaquePointer
        switch layout {
        case .spacePerWorld:
            space = newSpace(gravity: definition.gravity)
        case .sharedSpace:
            if sharedSpace == nil { sharedSpace = newSpace(gravity: .zero) }
            space = sharedSpace!
        }
        let body = cpBodyNew(definition.mass, definition.moment)!
        // Position first, then angle: the native backend mirrors this order.
        cpBodySetPosition(body, cpVect(x: definition.transform.position.x, y: definition.transform.position.y))
        cpBodySetAngle(body, definition.transform.angle)
        cpSpaceAddBody(space, body)
        var world = ChipmunkWorld(space: space, ownsSpace: layout == .spacePerWorld, body: body)
        if layout == .sharedSpace {
            let medium = UnsafeMutablePointer<Medium>.allocate(capacity: 1)
            medium.initialize(to: Medium(gravity: cpVect(x: definition.gravity.x, y: definition.gravity.y), damping: 1))
            world.medium = medium
            cpBodySetUserData(body, UnsafeMutableRawPointer(medium))
            cpBodySetVelocityUpdateFunc(body, perBodyVelocityUpdate)
        }
        worldCount += 1
        if let slot = freeSlots.popLast() {
            worlds[Int(slot)] = world
            return WorldID(index: slot, generation: generations[Int(slot)])
        }
        worlds.append(world)
        generations.append(0)
        return WorldID(index: UInt32(worlds.count - 1), generation: 0)
    }

    public func destroyWorld(_ world: WorldID) throws(FlingError) {
        let i = try slot(world)
        worlds[i]!.free()
        worlds[i] = nil
        stability.clear(i)
        generations[i] &+= 1
        freeSlots.append(world.index)
        worldCount -= 1
    }

    public func attachDrag(_ joint: DragJoint, to world: WorldID) throws(FlingError) {
        let i = try slot(world)
        try BackendCheck.drag(joint)
        try BackendCheck.leverage(
            joint, massInverse: 1 / cpBodyGetMass(worlds[i]!.body), momentInverse: 1 / cpBodyGetMoment(worlds[i]!.body))
        guard !worlds[i]!.hasDrag, !worlds[i]!.hasAttraction else { throw BackendCheck.occupied(world, "attachDrag") }
        let finger = cpBodyNewKinematic()!
        cpBodySetPosition(finger, cpVect(x: joint.finger.x, y: joint.finger.y))
        let pivot = cpPivotJointNew2(
            finger, worlds[i]!.body, cpVect(x: 0, y: 0), cpVect(x: joint.localAnchor.x, y: joint.localAnchor.y))!
        cpConstraintSetMaxForce(pivot, joint.maxForce)
        cpConstraintSetErrorBias(pivot, joint.errorBias)
        cpSpaceAddConstraint(worlds[i]!.space, pivot)
        worlds[i]!.finger = finger
        worlds[i]!.pivot = pivot
    }

    public func moveFinger(in world: WorldID, to position: Vector, velocity: Vector) throws(FlingError) {
        let i = try slot(world)
        try BackendCheck.finger(position, velocity)
        guard let finger = worlds[i]!.finger else { throw BackendCheck.missing(world, "moveFinger", "a drag joint") }
        cpBodySetPosition(finger, cpVect(x: position.x, y: position.y))
        cpBodySetVelocity(finger, cpVect(x: velocity.x, y: velocity.y))
    }

    public func detachDrag(from world: WorldID) throws(FlingError) {
        let i = try slot(world)
        guard worlds[i]!.hasDrag else { throw BackendCheck.missing(world, "detachDrag", "a drag joint") }
        worlds[i]!.removeDrag()
    }

    public func attachAttraction(_ attraction: Attraction, to world: WorldID) throws(FlingError) {
        let i = try slot(world)
        try BackendCheck.attraction(attraction)
        guard !worlds[i]!.hasDrag, !worlds[i]!.hasAttraction else { throw BackendCheck.occupied(world, "attachAttraction") }
        let space = worlds[i]!.space
        let anchor = cpSpaceGetStaticBody(space)!
        let body = worlds[i]!.body
        let spring = cpDampedSpringNew(
            anchor, body, cpVect(x: attraction.origin.x, y: attraction.origin.y), cpVect(x: 0, y: 0),
            0, attraction.stiffness, attraction.damping)!
        let rotary = cpDampedRotarySpringNew(anchor, body, 0, attraction.angularStiffness, attraction.angularDamping)!
        cpSpaceAddConstraint(space, spring)
        cpSpaceAddConstraint(space, rotary)
        worlds[i]!.spring = spring
        worlds[i]!.rotary = rotary
        stability.set(i, SpringStability.bound(attraction, massInverse: 1 / cpBodyGetMass(body), momentInverse: 1 / cpBodyGetMoment(body)))
    }

    public func detachAttraction(from world: WorldID) throws(FlingError) {
        let i = try slot(world)
        guard worlds[i]!.hasAttraction else { throw BackendCheck.missing(world, "detachAttraction", "attraction springs") }
        worlds[i]!.removeAttraction()
        stability.clear(i)
    }

    public func setGravity(of world: WorldID, _ gravity: Vector) throws(FlingError) {
        let i = try slot(world)
        try BackendCheck.gravity(gravity)
        let g = cpVect(x: gravity.x, y: gravity.y)
        if let medium = worlds[i]!.medium {
            medium.pointee.gravity = g
        } else {
            cpSpaceSetGravity(worlds[i]!.space, g)
        }
    }

    public func setDamping(of world: WorldID, _ damping: Double) throws(FlingError) {
        let i = try slot(world)
        try BackendCheck.damping(damping)
        if let medium = worlds[i]!.medium {
            medium.pointee.damping = damping
        } else {
            cpSpaceSetDamping(worlds[i]!.space, damping)
        }
    }

    public func setVelocity(of world: WorldID, linear: Vector, angular: Double) throws(FlingError) {
        let i = try slot(world)
        try BackendCheck.velocity(linear, angular)
        cpBodySetVelocity(worlds[i]!.body, cpVect(x: linear.x, y: linear.y))
        cpBodySetAngularVelocity(worlds[i]!.body, angular)
    }

    public func step(by dt: Double) throws(FlingError) {
        try BackendCheck.dt(dt)
        try stability.check(dt)
        switch layout {
        case .spacePerWorld:
            for i in worlds.indices { if let world = worlds[i] { cpSpaceStep(world.space, dt) } }
        case .sharedSpace:
            if let sharedSpace { cpSpaceStep(sharedSpace, dt) }
        }
    }

    public func state(of world: WorldID) throws(FlingError) -> BodyState {
        let body = worlds[try slot(world)]!.body
        let p = cpBodyGetPosition(body), v = cpBodyGetVelocity(body)
        return BodyState(
            position: Vector(p.x, p.y), angle: cpBodyGetAngle(body),
            velocity: Vector(v.x, v.y), angularVelocity: cpBodyGetAngularVelocity(body))
    }

    // MARK: - Slots

    private func slot(_ world: WorldID) throws(FlingError) -> Int {
        let i = Int(world.index)
        guard i < worlds.count, worlds[i] != nil, generations[i] == world.generation else {
            throw BackendCheck.unknownWorld(world)
        }
        return i
    }
}

#endif
