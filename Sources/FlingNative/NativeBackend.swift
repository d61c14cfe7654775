import FlingCore

/// The joints a native world holds: Chipmunk's constraint list for a tile world, which is
/// always empty, one pivot joint, or a damped spring followed by a damped rotary spring.
enum JointKind: UInt8 {
    case none, drag, attraction
}

/// Cold bookkeeping for one slot: who owns it. Kept apart from the hot arrays the step
/// streams through.
struct SlotRecord {
    var generation: UInt32
    var isLive: Bool
}

/// One thread's work lists in a step, reused step after step.
final class ChunkWork: @unchecked Sendable {
    var drag: [Int32] = []
    var attraction: [Int32] = []
}

/// The hot arrays of a ``NativeBackend`` as raw views, valid while one step runs.
struct StepBuffers: @unchecked Sendable {
    var count: Int
    var dt: Double
    var records: UnsafeBufferPointer<SlotRecord>
    var kinds: UnsafeBufferPointer<JointKind>
    var bodies: UnsafeMutableBufferPointer<RigidBody>
    var anchors: UnsafeMutableBufferPointer<AnchorBody>
    var pivots: UnsafeMutableBufferPointer<PivotJoint>
    var springs: UnsafeMutableBufferPointer<DampedSpring>
    var rotaries: UnsafeMutableBufferPointer<DampedRotarySpring>
}

/// Fling's native Swift solver: Chipmunk 7.0.3's step for a one-tile world, rewritten so that
/// it gives the same bits, and laid out for stepping many worlds in one call.
///
/// Worlds live in slots. The hot state is parallel arrays indexed by slot, one per concept
/// (the body, the anchor body, the joint kind, the pivot joint, the damped spring, the rotary
/// spring), read front to back by the step; which slots are live and their generations sit
/// in a cold array of their own. A destroyed world's slot goes
/// on a free list and is reused, with its generation bumped, so a stale ``WorldID`` is
/// rejected. Once the arrays have grown to the peak world count, neither the step nor making
/// a world allocates.
public final class NativeBackend: PhysicsBackend {
    public var name: String { arithmetic == .platform ? "native" : "native-portable" }
    public let solverIterations: Int
    /// The elementary functions the step uses: `.platform` (default) equals the Chipmunk
    /// backend bit for bit on this machine; `.portable` gives the same bits on every machine.
    public let arithmetic: Arithmetic
    public private(set) var worldCount = 0

    var bodies: ContiguousArray<RigidBody> = []
    var anchors: ContiguousArray<AnchorBody> = []
    var kinds: ContiguousArray<JointKind> = []
    var pivots: ContiguousArray<PivotJoint> = []
    var springs: ContiguousArray<DampedSpring> = []
    var rotaries: ContiguousArray<DampedRotarySpring> = []
    var records: ContiguousArray<SlotRecord> = []
    var freeSlots: [UInt32] = []
    /// Per thread, the step's work lists: slots whose iterations are still to run, by joint kind.
    let chunks: [ChunkWork]
    /// The parked threads besides the caller's (nil with one thread).
    var pool: StepPool?
    /// Views of the hot arrays while a step runs, for its threads.
    var stepBuffers: StepBuffers?
    /// Threads a step runs on (the caller's included). Default 1.
    public let threads: Int
    /// The longest stable step of each world's springs.
    var stability = SpringStability()

    /// - Parameter solverIterations: impulse iterations per step, 1...100. Default 10,
    ///   Chipmunk's default.
    ///   - arithmetic: the step's elementary functions. Default `.platform`.
    ///   - threads: how many threads a step runs on, the caller's included, 1...64. Default 1
    ///     (an app's main thread is not surprised); more are started once, here, and parked
    ///     between steps. The bits do not depend on it.
    public init(solverIterations: Int = 10, arithmetic: Arithmetic = .platform, threads: Int = 1) throws(FlingError) {
        try BackendCheck.iterations(solverIterations, "NativeBackend.solverIterations")
        guard (1...64).contains(threads) else {
            throw FlingError(.outOfRange, field: "NativeBackend.threads", value: "\(threads)", reason: "must lie in 1...64")
        }
        self.solverIterations = solverIterations
        self.arithmetic = arithmetic
        self.threads = threads
        chunks = (0..<threads).map { _ in ChunkWork() }
        if threads > 1 { pool = StepPool(backend: self, threads: threads - 1) }
    }

    /// Reserves room for `count` worlds, so that making that many allocates nothing.
    public func reserveCapacity(_ count: Int) {
        bodies.reserveCapacity(count); anchors.reserveCapacity(count); kinds.reserveCapacity(count)
        pivots.reserveCapacity(count); springs.reserveCapacity(count); rotaries.reserveCapacity(count)
        records.reserveCapacity(count); freeSlots.reserveCapacity(count)
        for c in chunks {
            c.drag.reserveCapacity(count / chunks.count + 1); c.attraction.reserveCapacity(count / chunks.count + 1)
        }
    }

    /// Bytes of storage per slot across the hot and cold arrays.
    public static var bytesPerWorld: Int {
        MemoryLayout<RigidBody>.stride + MemoryLayout<AnchorBody>.stride + MemoryLayout<JointKind>.stride
            + MemoryLayout<PivotJoint>.stride + MemoryLayout<DampedSpring>.stride
            + MemoryLayout<DampedRotarySpring>.stride + MemoryLayout<SlotRecord>.stride
            + MemoryLayout<UInt32>.stride + MemoryLayout<Int32>.stride
    }

    public func makeWorld(_ definition: WorldDefinition) throws(FlingError) -> WorldID {
        try BackendCheck.definition(definition)
        let body = arithmetic == .platform ? RigidBody(definition, Elementary.self) : RigidBody(definition, Portable.self)
        worldCount += 1
        if let slot = freeSlots.popLast() {
            let i = Int(slot)
            bodies[i] = body; anchors[i] = AnchorBody(); kinds[i] = .none
            records[i].isLive = true
            return WorldID(index: slot, generation: records[i].generation)
        }
        bodies.append(body); anchors.append(AnchorBody()); kinds.append(.none)
        pivots.append(PivotJoint()); springs.append(DampedSpring()); rotaries.append(DampedRotarySpring())
        records.append(SlotRecord(generation: 0, isLive: true))
        return WorldID(index: UInt32(records.count - 1), generation: 0)
    }

    public func destroyWorld(_ world: WorldID) throws(FlingError) {
        let i = try slot(world)
        records[i].isLive = false
        records[i].generation &+= 1
        kinds[i] = .none
        stability.clear(i)
        freeSlots.append(world.index)
        worldCount -= 1
    }

    public func attachDrag(_ joint: DragJoint, to world: WorldID) throws(FlingError) {
        let i = try slot(world)
        try BackendCheck.drag(joint)
        try BackendCheck.leverage(joint, massInverse: bodies[i].mInv, momentInverse: bodies[i].iInv)
        guard kinds[i] == .none else { throw BackendCheck.occupied(world, "attachDrag") }
        // A new kinematic body: at rest, angle 0, placed like cpBodySetPosition does.
        var finger = AnchorBody()
        finger.place(at: joint.finger)
        anchors[i] = finger
        pivots[i] = PivotJoint(joint)
        kinds[i] = .drag
    }

    public func moveFinger(in world: WorldID, to position: Vector, velocity: Vector) throws(FlingError) {
        let i = try slot(world)
        try BackendCheck.finger(position, velocity)
        guard kinds[i] == .drag else { throw BackendCheck.missing(world, "moveFinger", "a drag joint") }
        anchors[i].place(at: position)
        anchors[i].vx = velocity.x
        anchors[i].vy = velocity.y
    }

    public func detachDrag(from world: WorldID) throws(FlingError) {
        let i = try slot(world)
        guard kinds[i] == .drag else { throw BackendCheck.missing(world, "detachDrag", "a drag joint") }
        kinds[i] = .none
    }

    public func attachAttraction(_ attraction: Attraction, to world: WorldID) throws(FlingError) {
        let i = try slot(world)
        try BackendCheck.attraction(attraction)
        guard kinds[i] == .none else { throw BackendCheck.occupied(world, "attachAttraction") }
        // The space's static body: at the origin of the world, at rest, forever.
        anchors[i] = AnchorBody()
        springs[i] = DampedSpring(attraction)
        rotaries[i] = DampedRotarySpring(attraction)
        kinds[i] = .attraction
        stability.set(i, SpringStability.bound(attraction, massInverse: bodies[i].mInv, momentInverse: bodies[i].iInv))
    }

    public func detachAttraction(from world: WorldID) throws(FlingError) {
        let i = try slot(world)
        guard kinds[i] == .attraction else {
            throw BackendCheck.missing(world, "detachAttraction", "attraction springs")
        }
        kinds[i] = .none
        stability.clear(i)
    }

    public func setGravity(of world: WorldID, _ gravity: Vector) throws(FlingError) {
        let i = try slot(world)
        try BackendCheck.gravity(gravity)
        bodies[i].gx = gravity.x
        bodies[i].gy = gravity.y
    }

    public func setDamping(of world: WorldID, _ damping: Double) throws(FlingError) {
        let i = try slot(world)
        try BackendCheck.damping(damping)
        bodies[i].damping = damping
        bodies[i].dampingDt = 0
    }

    public func setVelocity(of world: WorldID, linear: Vector, angular: Double) throws(FlingError) {
        let i = try slot(world)
        try BackendCheck.velocity(linear, angular)
        bodies[i].vx = linear.x
        bodies[i].vy = linear.y
        bodies[i].w = angular
    }

    public func state(of world: WorldID) throws(FlingError) -> BodyState {
        bodies[try slot(world)].state
    }

    public func readStates(of worlds: [WorldID], into states: inout [BodyState]) throws(FlingError) {
        // Check every id first (a bad one changes nothing), then copy out; each array is
        // borrowed once for the whole loop rather than once per element.
        let bad = records.withUnsafeBufferPointer { records in
            worlds.firstIndex { w in
                let i = Int(w.index)
                return i >= records.count || !records[i].isLive || records[i].generation != w.generation
            }
        }
        if let bad { throw BackendCheck.unknownWorld(worlds[bad]) }
        states.removeAll(keepingCapacity: true)
        bodies.withUnsafeBufferPointer { bodies in
            for world in worlds { states.append(bodies[Int(world.index)].state) }
        }
    }

    // MARK: - Slots

    @inline(__always) func slot(_ world: WorldID) throws(FlingError) -> Int {
        let i = Int(world.index)
        guard i < records.count, records[i].isLive, records[i].generation == world.generation else {
            throw BackendCheck.unknownWorld(world)
        }
        return i
    }
}

