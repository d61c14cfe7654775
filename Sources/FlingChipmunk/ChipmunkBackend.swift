import _FlingSolver

#if Chipmunk
internal import CChipmunk
import FlingCore

/// The Chipmunk 7 backend: each world is a real Chipmunk world.
///
/// Every `cpSpace`, `cpBody`, `cpShape` and `cpConstraint` it makes lives here and is freed
/// exactly once. Arguments are validated in Swift before any reaches Chipmunk, whose debug
/// build aborts the process on a failed assertion. No state arithmetic goes through
/// Chipmunk's inline `cpv*` helpers (Swift's C importer may fuse them into FMAs): vectors are
/// built from fields, and all math happens in the library itself or in Fling's shared Swift
/// (the velocity update of `Motion`, the impulse of a push).
///
/// A space with walls indexes its shapes with Chipmunk's spatial hash (`cpSpaceUseSpatialHash`
/// with `Contact` cell size and count), in both layouts: the order in which a body meets its
/// walls, which decides the bits, then depends only on the body's bounding box and its own
/// walls, whatever other worlds share the space (docs/DYNAMICS.md, "Walls").
public final class ChipmunkBackend: DynamicsBackend {
    /// How worlds map onto Chipmunk spaces.
    public enum Layout: Sendable {
        /// One `cpSpace` per world, as the original photo app did. The default.
        case spacePerWorld
        /// Every world's bodies in one shared `cpSpace`, stepped by one `cpSpaceStep`.
        /// The worlds still never interact: each body gets its own gravity through a
        /// velocity-update callback that calls Chipmunk's own update, item boxes never collide
        /// with each other (shape filters), identical wall lists share one set of wall shapes,
        /// and an item ignores other sets' walls (the begin callback).
        case sharedSpace
    }

    let layout: Layout
    public let solverIterations: Int
    public var name: String { layout == .spacePerWorld ? "chipmunk" : "chipmunk-shared" }
    public private(set) var worldCount = 0

    var worlds: [ChipmunkWorld?] = []
    private var generations: [UInt32] = []
    private var freeSlots: [UInt32] = []
    var sharedSpace: OpaquePointer?
    var sharedOrder: SharedConstraintOrder?
    /// Shared layout: wall sets by id (looked up, never iterated): their shapes, their users
    /// (the worlds whose walls include one of them) and, for a set made for a whole list, the
    /// list; a change of walls puts its new walls in a set of their own (``WallChange``).
    var wallSets: [Int: (shapes: [OpaquePointer], users: Int, list: [Wall]?)] = [:]
    /// Shared layout: the sets made for a whole list, by their walls.
    var listSets: [[Wall]: Int] = [:]
    private var nextWallSet = 1
    /// The slots of worlds with dynamics, whose contact lists each step clears.
    private var dynamicSlots: [Int] = []
    /// The longest stable step of each world's springs.
    var stability = SpringStability()

    public init(layout: Layout = .spacePerWorld, solverIterations: Int = 10) throws(FlingError) {
        try BackendValidation.iterations(solverIterations, "ChipmunkBackend.solverIterations")
        self.layout = layout
        self.solverIterations = solverIterations
    }

    deinit {
        for i in worlds.indices where worlds[i] != nil { free(i) }
        if let sharedSpace { cpSpaceFree(sharedSpace) }
    }

    private func newSpace(gravity: Vector) -> OpaquePointer {
        chipmunkBannerSilenced
        let space = cpSpaceNew()!
        cpSpaceSetIterations(space, Int32(solverIterations))
        cpSpaceSetGravity(space, cpVect(x: gravity.x, y: gravity.y))
        return space
    }

    /// Readies a space for walls: the spatial hash, the collision callbacks, and shape ids from
    /// 2 on. (Chipmunk hashes a contact by its shapes' ids and features, and ids 0 and 1 are the
    /// one pair for which two different contacts of a polygon and a segment hash alike, so a
    /// replaced contact could inherit another's impulse; burning them keeps contact identity
    /// a matter of features alone, as the native solver has it.)
    private func prepareForWalls(_ space: OpaquePointer) {
        cpSpaceUseSpatialHash(space, Contact.cellSize, Int32(Contact.cellCount))
        let handler = cpSpaceAddDefaultCollisionHandler(space)!
        handler.pointee.beginFunc = wallBegin
        handler.pointee.postSolveFunc = wallPostSolve
        // In the shared space a change of walls leaves the walls an item dropped in place for
        // the other items of their set: the item's arbiters with them are left out of every
        // step from then on, as if the shapes were gone (in its own space they are).
        if layout == .sharedSpace { handler.pointee.preSolveFunc = wallPreSolve }
        let dummy = cpSegmentShapeNew(cpSpaceGetStaticBody(space), cpVect(x: 0, y: 0), cpVect(x: 1, y: 0), 0)!
        for _ in 0..<2 {
            cpSpaceAddShape(space, dummy)
            cpSpaceRemoveShape(space, dummy)
        }
        cpShapeFree(dummy)
    }

    public func makeWorld(_ definition: WorldDefinition) throws(FlingError) -> WorldID {
        try BackendValidation.definition(definition)
        let space: OpaquePointer
        switch layout {
        case .spacePerWorld:
            space = newSpace(gravity: definition.gravity)
        case .sharedSpace:
            if sharedSpace == nil {
                let s = newSpace(gravity: .zero)
                prepareForWalls(s)
                sharedSpace = s
                sharedOrder = SharedConstraintOrder(space: s)
            }
            space = sharedSpace!
        }
        let moment = definition.allowsRotation ? definition.moment : .infinity
        let body = cpBodyNew(definition.mass, moment)!
        // Position first, then angle: the native backend mirrors this order.
        cpBodySetPosition(body, cpVect(x: definition.transform.position.x, y: definition.transform.position.y))
        cpBodySetAngle(body, definition.transform.angle)
        cpSpaceAddBody(space, body)
        var world = ChipmunkWorld(
            space: space, ownsSpace: layout == .spacePerWorld, body: body, massInverse: 1 / definition.mass,
            momentInverse: 1 / moment, size: definition.size)
        if layout == .sharedSpace {
            world.bornAt = stamp(of: space)
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
        free(i)
        worlds[i] = nil
        stability.clear(i)
        generations[i] &+= 1
        freeSlots.append(world.index)
        worldCount -= 1
    }

    /// Frees every C object of world `i`; the slot must not be used afterwards.
    func free(_ i: Int) {
        if !worlds[i]!.joints.isEmpty {
            for joint in worlds[i]!.joints.reversed() { removeJoint(joint, i) }
            worlds[i]!.joints = []
        }
        removeAttraction(i)
        removeWalls(i)
        let w = worlds[i]!
        cpSpaceRemoveBody(w.space, w.body)
        cpBodyFree(w.body)
        w.medium?.deallocate()
        if let k = dynamicSlots.firstIndex(of: i) { dynamicSlots.remove(at: k) }
        worlds[i]!.dynamics = nil
        if w.ownsSpace { cpSpaceFree(w.space) }
    }

    // MARK: - Constraints

    func add(_ c: OpaquePointer, _ i: Int, commutes: Bool = false) {
        if let sharedOrder {
            worlds[i]!.ownOrder.append(c)
            sharedOrder.add(c, world: i, commutes: commutes)
        } else {
            cpSpaceAddConstraint(worlds[i]!.space, c)
        }
    }

    private func remove(_ c: OpaquePointer, _ i: Int) {
        if let sharedOrder {
            // The world's own order first, as its own space's array would change.
            var own = worlds[i]!.ownOrder
            let k = own.firstIndex(of: c)!
            own[k] = own[own.count - 1]
            own.removeLast()
            worlds[i]!.ownOrder = own
            sharedOrder.remove(c) { self.worlds[$0]!.ownOrder }
        } else {
            cpSpaceRemoveConstraint(worlds[i]!.space, c)
        }
        cpConstraintFree(c)
    }

    private func removeJoint(_ joint: ChipmunkJoint, _ i: Int) {
        for c in joint.constraints { remove(c, i) }
        // A finger body was never added to the space (as in Chipmunk's demos).
        if let finger = joint.finger { cpBodyFree(finger) }
    }

    private func removeAttraction(_ i: Int) {
        // Remove in the order added: the rotary spring then moves into the spring's slot and
        // out again, leaving the space's constraint order as if neither had been there.
        if let spring = worlds[i]!.spring {
            remove(spring, i)
            worlds[i]!.spring = nil
        }
        if let rotary = worlds[i]!.rotary {
            remove(rotary, i)
            worlds[i]!.rotary = nil
        }
    }

    private func newJointID(_ i: Int) -> JointID {
        let id = JointID(worlds[i]!.nextJoint)
        worlds[i]!.nextJoint &+= 1
        return id
    }

    /// A drag as `ChipmunkMultiGrab` makes one: the finger's kinematic body, the grab pivot,
    /// then (if asked) the friction pivot and the rotary friction gear.
    private func makeDrag(_ joint: DragJoint, _ i: Int) -> JointID {
        let body = worlds[i]!.body
        let finger = cpBodyNewKinematic()!
        cpBodySetPosition(finger, cpVect(x: joint.finger.x, y: joint.finger.y))
        let anchor = cpVect(x: joint.localAnchor.x, y: joint.localAnchor.y)
        let pivot = cpPivotJointNew2(finger, body, cpVect(x: 0, y: 0), anchor)!
        cpConstraintSetMaxForce(pivot, joint.maxForce)
        cpConstraintSetErrorBias(pivot, joint.errorBias)
        add(pivot, i)
        var constraints = [pivot]
        if joint.friction > 0 {
            let friction = cpPivotJointNew2(finger, body, cpVect(x: 0, y: 0), anchor)!
            cpConstraintSetMaxForce(friction, joint.friction)
            cpConstraintSetMaxBias(friction, 0)
            cpConstraintSetErrorBias(friction, chipmunkDefaultErrorBias)
            add(friction, i)
            constraints.append(friction)
        }
        if joint.rotaryFriction > 0, worlds[i]!.momentInverse != 0 {
            let gear = cpGearJointNew(finger, body, 0, 1)!
            cpConstraintSetMaxForce(gear, joint.rotaryFriction)
            cpConstraintSetMaxBias(gear, 0)
            cpConstraintSetErrorBias(gear, chipmunkDefaultErrorBias)
            add(gear, i)
            constraints.append(gear)
        }
        let id = newJointID(i)
        worlds[i]!.joints.append(ChipmunkJoint(id: id, constraints: constraints, finger: finger))
        return id
    }

    private func checkDrag(_ joint: DragJoint, _ i: Int) throws(FlingError) {
        try BackendValidation.drag(joint)
        try BackendValidation.friction(joint)
        try BackendValidation.leverage(joint, massInverse: worlds[i]!.massInverse, momentInverse: worlds[i]!.momentInverse)
    }

    public func addDrag(_ joint: DragJoint, to world: WorldID) throws(FlingError) -> JointID {
        let i = try slot(world)
        try checkDrag(joint, i)
        try checkJointRoom(world, i, "addDrag")
        return makeDrag(joint, i)
    }

    /// The finger body of drag `joint`: the first of the world's joints when it holds one drag
    /// (the usual case, found at once).
    private func finger(_ joint: JointID, _ i: Int) -> OpaquePointer? {
        worlds[i]!.joints.first { $0.id == joint }?.finger
    }

    public func moveDrag(_ joint: JointID, in world: WorldID, to position: Vector, velocity: Vector) throws(FlingError) {
        let i = try slot(world)
        try BackendValidation.finger(position, velocity)
        guard let finger = finger(joint, i) else { throw BackendValidation.unknownDrag(joint, world) }
        cpBodySetPosition(finger, cpVect(x: position.x, y: position.y))
        cpBodySetVelocity(finger, cpVect(x: velocity.x, y: velocity.y))
    }

    public func removeDrag(_ joint: JointID, from world: WorldID) throws(FlingError) {
        let i = try slot(world)
        guard let k = worlds[i]!.joints.firstIndex(where: { $0.id == joint && $0.finger != nil }) else {
            throw BackendValidation.unknownDrag(joint, world)
        }
        removeJoint(worlds[i]!.joints.remove(at: k), i)
    }

    public func attachAttraction(_ attraction: Attraction, to world: WorldID) throws(FlingError) {
        let i = try slot(world)
        try BackendValidation.attraction(attraction)
        try BackendValidation.stable(attraction, massInverse: worlds[i]!.massInverse, momentInverse: worlds[i]!.momentInverse)
        guard !worlds[i]!.hasJoints else { throw BackendValidation.occupied(world, "attachAttraction") }
        try BackendValidation.rotates(worlds[i]!.momentInverse, "attachAttraction")
        let space = worlds[i]!.space
        let anchor = cpSpaceGetStaticBody(space)!
        let body = worlds[i]!.body
        let spring = cpDampedSpringNew(
            anchor, body, cpVect(x: attraction.origin.x, y: attraction.origin.y), cpVect(x: 0, y: 0),
            0, attraction.stiffness, attraction.damping)!
        let rotary = cpDampedRotarySpringNew(anchor, body, 0, attraction.angularStiffness, attraction.angularDamping)!
        add(spring, i, commutes: true)
        add(rotary, i, commutes: true)
        worlds[i]!.spring = spring
        worlds[i]!.rotary = rotary
        stability.set(
            i, attraction.longestStableStep(massInverse: worlds[i]!.massInverse, momentInverse: worlds[i]!.momentInverse))
    }

    public func detachAttraction(from world: WorldID) throws(FlingError) {
        let i = try slot(world)
        guard worlds[i]!.hasAttraction else { throw BackendValidation.missing(world, "detachAttraction", "attraction springs") }
        removeAttraction(i)
        stability.clear(i)
    }

    public func setGravity(of world: WorldID, _ gravity: Vector) throws(FlingError) {
        let i = try slot(world)
        try BackendValidation.gravity(gravity)
        let g = cpVect(x: gravity.x, y: gravity.y)
        if let medium = worlds[i]!.medium {
            medium.pointee.gravity = g
            worlds[i]!.dynamics?.gravity = g
        } else {
            cpSpaceSetGravity(worlds[i]!.space, g)
        }
    }

    public func setDamping(of world: WorldID, _ damping: Double) throws(FlingError) {
        let i = try slot(world)
        try BackendValidation.damping(damping)
        if let medium = worlds[i]!.medium {
            medium.pointee.damping = damping
            worlds[i]!.dynamics?.damping = damping
        } else {
            cpSpaceSetDamping(worlds[i]!.space, damping)
        }
    }

    public func setVelocity(of world: WorldID, linear: Vector, angular: Double) throws(FlingError) {
        let i = try slot(world)
        try BackendValidation.velocity(linear, angular)
        cpBodySetVelocity(worlds[i]!.body, cpVect(x: linear.x, y: linear.y))
        cpBodySetAngularVelocity(worlds[i]!.body, angular)
    }

    public func step(by dt: Double) throws(FlingError) {
        try BackendValidation.dt(dt)
        try stability.check(dt)
        for i in dynamicSlots { worlds[i]!.dynamics!.contacts.removeAll(keepingCapacity: true) }
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

    // MARK: - Dynamics

    /// The world's dynamics, made on first use: from then on its body's velocity update is
    /// ``dynamicsVelocityUpdate`` (exactly Chipmunk's own arithmetic while it adds nothing).
    @discardableResult
    func dynamics(_ i: Int) -> ChipmunkDynamics {
        if let d = worlds[i]!.dynamics { return d }
        let w = worlds[i]!
        let medium = w.medium?.pointee
        let d = ChipmunkDynamics(
            mass: 1 / w.massInverse, massInverse: w.massInverse, momentInverse: w.momentInverse, usesMedium: medium != nil,
            gravity: medium?.gravity ?? cpVect(x: 0, y: 0), damping: medium?.damping ?? 1)
        worlds[i]!.dynamics = d
        cpBodySetUserData(w.body, Unmanaged.passUnretained(d).toOpaque())
        cpBodySetVelocityUpdateFunc(w.body, dynamicsVelocityUpdate)
        dynamicSlots.append(i)
        return d
    }

    /// Sets the walls. The walls in both the old list and the new one (`WallChange`) keep
    /// their shapes, and with them their arbiters with the box; the others are removed, and the
    /// new ones added after, in list order. A world's first walls, or walls after none, are all
    /// new, and its box is made after them.
    public func setWalls(_ walls: [Wall], of world: WorldID) throws(FlingError) {
        let i = try slot(world)
        try BackendValidation.walls(walls, size: worlds[i]!.size)
        let old = worlds[i]!.wallKey
        guard walls != old else { return }
        let d = dynamics(i)
        // A wall moved into the box pushes it ahead (WallSweep.push), before the shapes change.
        if !walls.isEmpty && !old.isEmpty {
            let body = worlds[i]!.body
            let p = cpBodyGetPosition(body), v = cpBodyGetVelocity(body), rotation = cpBodyGetRotation(body)
            if let pushed = WallSweep.push(
                Vector(p.x + 0.0, p.y + 0.0), velocity: Vector(v.x + 0.0, v.y + 0.0), halfWidth: d.halfSize.x,
                halfHeight: d.halfSize.y, cos: rotation.x, sin: rotation.y, old: old, new: walls)
            {
                cpBodySetPosition(body, cpVect(x: pushed.position.x, y: pushed.position.y))
                cpBodySetVelocity(body, cpVect(x: pushed.velocity.x, y: pushed.velocity.y))
            }
        }
        if walls.isEmpty || old.isEmpty {
            removeWalls(i)
            if !walls.isEmpty { addWalls(walls, i, d) }
        } else {
            changeWalls(walls, i, d)
        }
    }

    /// A new wall shape for `walls[k]`, added to world `i`'s space with the code of its set and
    /// its index there.
    private func newWall(_ walls: [Wall], _ k: Int, _ i: Int, set: Int, index: Int) -> OpaquePointer {
        let w = walls[k]
        let space = worlds[i]!.space
        let shape = cpSegmentShapeNew(
            cpSpaceGetStaticBody(space), cpVect(x: w.start.x, y: w.start.y), cpVect(x: w.end.x, y: w.end.y), w.radius)!
        cpShapeSetElasticity(shape, w.elasticity)
        cpShapeSetFriction(shape, w.friction)
        cpShapeSetFilter(shape, cpShapeFilter(group: 0, categories: 1, mask: 2))
        cpShapeSetUserData(shape, wallCode(set: set, index: index))
        cpSpaceAddShape(space, shape)
        return shape
    }

    /// A world's walls where it had none: every wall new, then the item's box. `order`: the
    /// order to put the walls in the space, if not the list's (a restored snapshot's,
    /// ``WorldSnapshot/wallOrder``).
    func addWalls(_ walls: [Wall], _ i: Int, _ d: ChipmunkDynamics, order: [Int]? = nil) {
        let space = worlds[i]!.space
        switch layout {
        case .spacePerWorld:
            if !worlds[i]!.isPrepared {
                prepareForWalls(space)
                worlds[i]!.isPrepared = true
            }
            if let order {
                var shapes = [OpaquePointer?](repeating: nil, count: walls.count)
                for j in order { shapes[j] = newWall(walls, j, i, set: 0, index: j) }
                worlds[i]!.walls = shapes.map { $0! }
            } else {
                worlds[i]!.walls = walls.indices.map { newWall(walls, $0, i, set: 0, index: $0) }
            }
            d.wallSet = 0
        case .sharedSpace where order != nil:
            // A set of its own, its shapes made in that order; the item's walls by their codes.
            let id = nextWallSet
            nextWallSet += 1
            var codes = [Int](repeating: 0, count: walls.count)
            var shapes: [OpaquePointer] = []
            for (m, j) in order!.enumerated() {
                shapes.append(newWall(walls, j, i, set: id, index: m))
                codes[j] = id << 8 | m
            }
            wallSets[id] = (shapes, 1, nil)
            d.wallCodes = codes
            d.members = Dictionary(uniqueKeysWithValues: codes.enumerated().map { ($0.element, $0.offset) })
            d.wallSet = -1
        case .sharedSpace:
            let id: Int
            if let set = listSets[walls] {
                id = set
                wallSets[id]!.users += 1
            } else {
                id = nextWallSet
                nextWallSet += 1
                wallSets[id] = (walls.indices.map { newWall(walls, $0, i, set: id, index: $0) }, 1, walls)
                listSets[walls] = id
            }
            d.wallSet = id
            d.wallCodes = walls.indices.map { id << 8 | $0 }
            d.members = [:]
        }
        worlds[i]!.wallKey = walls
        d.walls = walls
        // The item's box, after the walls.
        let size = worlds[i]!.size!
        d.halfSize = Vector(size.x / 2.0, size.y / 2.0)
        cpBodySetPositionUpdateFunc(worlds[i]!.body, sweptPositionUpdate)
        let box = cpBoxShapeNew(worlds[i]!.body, size.x, size.y, 0)!
        cpShapeSetElasticity(box, d.properties.elasticity)
        cpShapeSetFriction(box, d.properties.friction)
        cpShapeSetFilter(box, cpShapeFilter(group: 0, categories: 2, mask: 1))
        cpShapeSetUserData(box, Unmanaged.passUnretained(d).toOpaque())
        cpSpaceAddShape(space, box)
        worlds[i]!.shape = box
        d.contacts.reserveCapacity(walls.count)
    }

    /// A change of a world's walls: the kept walls keep their shapes (and their arbiters with
    /// the box, which stays), the others go, the new ones are added after, in list order.
    private func changeWalls(_ walls: [Wall], _ i: Int, _ d: ChipmunkDynamics) {
        let old = worlds[i]!.wallKey
        let kept = WallChange.kept(from: old, to: walls)
        var stays = [Bool](repeating: false, count: old.count)
        for pair in kept { stays[pair.old] = true }
        switch layout {
        case .spacePerWorld:
            let space = worlds[i]!.space
            for (k, shape) in worlds[i]!.walls.enumerated() where !stays[k] {
                cpSpaceRemoveShape(space, shape)
                cpShapeFree(shape)
            }
            var shapes = [OpaquePointer?](repeating: nil, count: walls.count)
            for pair in kept {
                shapes[pair.new] = worlds[i]!.walls[pair.old]
                cpShapeSetUserData(shapes[pair.new]!, wallCode(set: 0, index: pair.new))
            }
            for j in walls.indices where shapes[j] == nil { shapes[j] = newWall(walls, j, i, set: 0, index: j) }
            worlds[i]!.walls = shapes.map { $0! }
        case .sharedSpace:
            // The kept walls' shapes are where they were (their set's); the new walls get a set
            // of their own. The item's begin callback then takes the shapes of its own codes.
            var codes = [Int?](repeating: nil, count: walls.count)
            for pair in kept { codes[pair.new] = d.wallCodes[pair.old] }
            let added = walls.indices.filter { codes[$0] == nil }
            let oldSets = Set(d.wallCodes.map { $0 >> 8 })
            if !added.isEmpty {
                let id = nextWallSet
                nextWallSet += 1
                wallSets[id] = (added.enumerated().map { newWall(walls, $0.element, i, set: id, index: $0.offset) }, 0, nil)
                for (m, j) in added.enumerated() { codes[j] = id << 8 | m }
            }
            d.wallCodes = codes.map { $0! }
            let newSets = Set(d.wallCodes.map { $0 >> 8 })
            for id in newSets.subtracting(oldSets).sorted() { wallSets[id]!.users += 1 }
            for id in oldSets.subtracting(newSets).sorted() { releaseWallSet(id, i) }
            d.members = Dictionary(uniqueKeysWithValues: d.wallCodes.enumerated().map { ($0.element, $0.offset) })
            d.wallSet = -1
        }
        worlds[i]!.wallKey = walls
        d.walls = walls
        d.contacts.reserveCapacity(walls.count)
    }

    /// Shared layout: one user fewer for a wall set; its shapes go with its last user.
    private func releaseWallSet(_ id: Int, _ i: Int) {
        wallSets[id]!.users -= 1
        guard wallSets[id]!.users == 0 else { return }
        let space = worlds[i]!.space
        for shape in wallSets[id]!.shapes {
            cpSpaceRemoveShape(space, shape)
            cpShapeFree(shape)
        }
        if let list = wallSets[id]!.list { listSets[list] = nil }
        wallSets[id] = nil
    }

    /// Removes the item's box (dropping its arbiters) and the walls (or the use of wall sets).
    private func removeWalls(_ i: Int) {
        guard !worlds[i]!.wallKey.isEmpty || worlds[i]!.shape != nil else { return }  // None to remove.
        let space = worlds[i]!.space
        if let box = worlds[i]!.shape {
            cpSpaceRemoveShape(space, box)
            cpShapeFree(box)
            worlds[i]!.shape = nil
        }
        for shape in worlds[i]!.walls {
            cpSpaceRemoveShape(space, shape)
            cpShapeFree(shape)
        }
        worlds[i]!.walls = []
        if layout == .sharedSpace, let d = worlds[i]!.dynamics {
            for id in Set(d.wallCodes.map { $0 >> 8 }).sorted() { releaseWallSet(id, i) }
            d.wallCodes = []
            d.members = [:]
        }
        worlds[i]!.wallKey = []
        worlds[i]!.dynamics?.walls = []
        cpBodySetPositionUpdateFunc(worlds[i]!.body, cpBodyUpdatePosition)
    }

    public func setItemProperties(_ properties: ItemProperties, of world: WorldID) throws(FlingError) {
        let i = try slot(world)
        try BackendValidation.properties(properties)
        dynamics(i).motion.properties = properties
        if let box = worlds[i]!.shape {
            cpShapeSetElasticity(box, properties.elasticity)
            cpShapeSetFriction(box, properties.friction)
        }
    }

    public func applyImpulse(_ push: Push, to world: WorldID) throws(FlingError) {
        let i = try slot(world)
        try BackendValidation.push(push)
        let body = worlds[i]!.body
        let v = cpBodyGetVelocity(body), rotation = cpBodyGetRotation(body)
        let r = Motion.impulse(
            push, vx: v.x, vy: v.y, w: cpBodyGetAngularVelocity(body), cos: rotation.x, sin: rotation.y,
            massInverse: worlds[i]!.massInverse, momentInverse: worlds[i]!.momentInverse)
        try BackendValidation.impulseResult((r.vx, r.vy), r.w)
        cpBodySetVelocity(body, cpVect(x: r.vx, y: r.vy))
        cpBodySetAngularVelocity(body, r.w)
    }

    public func addForce(_ push: Push, to world: WorldID) throws(FlingError) -> ForceID {
        let i = try slot(world)
        try BackendValidation.push(push)
        try BackendValidation.forceCount(worlds[i]!.dynamics?.motion.forces.count ?? 0)
        return dynamics(i).motion.addForce(push)
    }

    public func removeForce(_ force: ForceID, from world: WorldID) throws(FlingError) {
        let i = try slot(world)
        guard let d = worlds[i]!.dynamics, d.motion.forces.contains(where: { $0.id == force }) else {
            throw BackendValidation.unknownForce(force, world)
        }
        _ = d.motion.removeForce(force)
    }

    public func setFields(_ fields: [Field], of world: WorldID) throws(FlingError) {
        let i = try slot(world)
        try BackendValidation.fields(fields)
        dynamics(i).motion.setFields(fields)
    }

    public func contacts(of world: WorldID) throws(FlingError) -> [Wall.Contact] {
        worlds[try slot(world)]!.dynamics?.contacts ?? []
    }

    package func readContacts(of world: WorldID, into contacts: inout [Wall.Contact]) throws(FlingError) {
        if let began = worlds[try slot(world)]!.dynamics?.contacts { contacts.append(contentsOf: began) }
    }

    func checkJointRoom(_ world: WorldID, _ i: Int, _ operation: String) throws(FlingError) {
        guard !worlds[i]!.hasAttraction else { throw BackendValidation.occupied(world, operation) }
        try BackendValidation.jointCount(worlds[i]!.joints.count)
    }

    public func addPivot(_ pivot: StaticPivot, to world: WorldID) throws(FlingError) -> JointID {
        let i = try slot(world)
        try BackendValidation.pivot(pivot)
        try BackendValidation.leverage(
            pivot.localAnchor, "StaticPivot.localAnchor", massInverse: worlds[i]!.massInverse,
            momentInverse: worlds[i]!.momentInverse)
        try checkJointRoom(world, i, "addPivot")
        let c = cpPivotJointNew2(
            cpSpaceGetStaticBody(worlds[i]!.space), worlds[i]!.body, cpVect(x: pivot.anchor.x, y: pivot.anchor.y),
            cpVect(x: pivot.localAnchor.x, y: pivot.localAnchor.y))!
        cpConstraintSetMaxForce(c, pivot.maxForce)
        cpConstraintSetMaxBias(c, pivot.maxBias)
        cpConstraintSetErrorBias(c, pivot.errorBias)
        add(c, i)
        let id = newJointID(i)
        worlds[i]!.joints.append(ChipmunkJoint(id: id, constraints: [c], finger: nil))
        return id
    }

    public func addGear(_ gear: StaticGear, to world: WorldID) throws(FlingError) -> JointID {
        let i = try slot(world)
        try BackendValidation.gear(gear, momentInverse: worlds[i]!.momentInverse)
        try checkJointRoom(world, i, "addGear")
        let c = cpGearJointNew(cpSpaceGetStaticBody(worlds[i]!.space), worlds[i]!.body, gear.phase, gear.ratio)!
        cpConstraintSetMaxForce(c, gear.maxForce)
        cpConstraintSetMaxBias(c, gear.maxBias)
        cpConstraintSetErrorBias(c, gear.errorBias)
        add(c, i)
        let id = newJointID(i)
        worlds[i]!.joints.append(ChipmunkJoint(id: id, constraints: [c], finger: nil))
        return id
    }

    public func removeJoint(_ joint: JointID, from world: WorldID) throws(FlingError) {
        let i = try slot(world)
        guard let k = worlds[i]!.joints.firstIndex(where: { $0.id == joint && $0.finger == nil }) else {
            throw BackendValidation.unknownJoint(joint, world)
        }
        removeJoint(worlds[i]!.joints.remove(at: k), i)
    }

    // MARK: - Slots

    func slot(_ world: WorldID) throws(FlingError) -> Int {
        let i = Int(world.index)
        guard i < worlds.count, worlds[i] != nil, generations[i] == world.generation else {
            throw BackendValidation.unknownWorld(world)
        }
        return i
    }
}

extension ChipmunkBackend: ContactReading {}

#endif
