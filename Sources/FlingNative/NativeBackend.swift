import FlingCore
import _FlingSolver

/// What a native slot holds: no world (`free`); a world whose joints are Chipmunk's
/// constraint list for a tile world, which is empty, one drag's pivot joint, or a damped
/// spring followed by a damped rotary spring; or `dynamic`: the world uses the extra joints
/// (several drags, grab friction, static pivots and gears), and its joints live in its
/// ``DynamicWorld``. (Walls, pushes, fields and item properties are the world's
/// ``WorldDynamics``, whatever its joints.)
enum JointKind: UInt8 {
    case free, none, drag, attraction, dynamic
}

/// Bookkeeping for one slot, 8 bytes: who owns it, which joints its world holds (what its
/// ``JointRecord`` means), how many joints the world has made (its next ``JointID``, while it
/// is not `dynamic`), whether it has stepped (its previous dt is then the backend's,
/// `cpSpace.curr_dt`; before its first step it is 0) and whether it has a ``WorldDynamics``:
/// the last two are bits of one byte, which keeps the record at 8 bytes.
struct SlotRecord {
    var generation: UInt32
    /// The joints made so far (drags, the only joints of a world that is not `dynamic`):
    /// the drag on the lanes path is number `joints - 1`. A world that has made 65,535 takes
    /// its next drag on the general path, which counts in 32 bits.
    var joints: UInt16 = 0
    var kind: JointKind
    /// `hasStepped` (bit 0) and `hasDynamics` (bit 1).
    private var flags: UInt8 = 0

    init(generation: UInt32, kind: JointKind) {
        self.generation = generation
        self.kind = kind
    }

    @inline(__always) var isLive: Bool { kind != .free }

    var hasStepped: Bool {
        @inline(__always) get { flags & 1 != 0 }
        @inline(__always) set { flags = newValue ? flags | 1 : flags & ~1 }
    }

    var hasDynamics: Bool {
        @inline(__always) get { flags & 2 != 0 }
        @inline(__always) set { flags = newValue ? flags | 2 : flags & ~2 }
    }
}

/// The hot arrays of a ``NativeBackend`` as raw views, valid while one step runs.
struct StepBuffers: @unchecked Sendable {
    var count: Int
    var dt: Double
    /// The previous step's dt, for the worlds that took part in it.
    var prevDt: Double
    var records: UnsafeMutableBufferPointer<SlotRecord>
    var bodies: UnsafeMutableBufferPointer<RigidBody>
    var anchors: UnsafeMutableBufferPointer<AnchorBody>
    var joints: JointRecords
    /// The worlds of kind `dynamic`, by slot (looked up, never iterated).
    var dynamics: [Int: DynamicWorld]
    /// The worlds' walls, fields, pushes and materials.
    var store: DynamicsView
    /// The step's number (`cpSpace.stamp`), for the arbiters' persistence.
    var stamp: Int
}

/// A ``NativeBackend/readStates(of:into:)`` copy as raw views, for the backend's threads.
struct StateCopy: @unchecked Sendable {
    var bodies: UnsafeBufferPointer<RigidBody>
    var worlds: UnsafeBufferPointer<WorldID>
    var states: UnsafeMutableBufferPointer<BodyState>

    /// Copies part `c` of `n` contiguous parts.
    func run(_ c: Int, of n: Int) {
        for k in worlds.count * c / n..<worlds.count * (c + 1) / n {
            states[k] = bodies[Int(worlds[k].index)].state
        }
    }
}

/// Fling's native Swift solver: Chipmunk 7.0.3's step for a one-tile world, rewritten so that
/// it gives the same bits, and laid out for stepping many worlds in one call.
///
/// Worlds live in slots. The hot state is parallel arrays indexed by slot, one per concept
/// (the body, the anchor body, the joint record: a pivot joint or the two springs in the
/// same bytes), read front to back by the step, and an 8-byte record of the slot's
/// generation, liveness and joint kind. A destroyed world's slot goes
/// on a free list and is reused, with its generation bumped, so a stale ``WorldID`` is
/// rejected. Once the arrays have grown to the peak world count, neither the step nor making
/// a world allocates.
public final class NativeBackend: DynamicsBackend {
    public var name: String { arithmetic == .platform ? "native" : "native-portable" }
    public let solverIterations: Int
    /// The elementary functions the step uses: `.platform` (default) equals the Chipmunk
    /// backend bit for bit on this machine; `.portable` gives the same bits on every machine.
    public let arithmetic: Arithmetic
    public private(set) var worldCount = 0

    // The hot arrays skip Swift's run-time exclusivity checks (a call into the runtime on
    // every access of a class's stored property, most of them under moveDrag and readStates;
    // Benchmarks/PERFORMANCE.md's profile gives their cost): a backend is used from one thread at a time (its
    // threads only see raw views, ``StepBuffers``), and no method of the backend holds
    // an access to one of these across a call that could touch it again.
    @exclusivity(unchecked) var bodies: ContiguousArray<RigidBody> = []
    @exclusivity(unchecked) var anchors: ContiguousArray<AnchorBody> = []
    @exclusivity(unchecked) var joints: ContiguousArray<JointRecord> = []
    @exclusivity(unchecked) var records: ContiguousArray<SlotRecord> = []
    /// By slot, for the worlds of kind `dynamic` only (looked up, never iterated): a world
    /// on the lanes path pays no byte for them.
    @exclusivity(unchecked) var dynamics: [Int: DynamicWorld] = [:]
    /// The walls, fields, pushes and materials of the worlds that use them.
    let store = DynamicsStore()
    /// By slot, the box of the worlds made with a size (what walls collide with), until the
    /// world has a ``WorldDynamics``, which keeps it from then on.
    var boxSizes: [Int: Vector] = [:]
    /// Steps so far (`cpSpace.stamp`).
    var stepCount = 0
    /// The collision bias `pow(0.9f, 60)` in the backend's arithmetic.
    let collisionBias: Double
    /// The last step's dt (0 before the first): every world live then took part in it.
    var lastDt: Double = 0
    var freeSlots: [UInt32] = []
    /// Per thread, the step's scratch: one block's slots, angles and work lists.
    let chunks: [StepScratch]
    /// The parked threads besides the caller's (nil with one thread).
    var pool: StepPool?
    /// Threads a step runs on (the caller's included). Default 1.
    let threads: Int
    /// The fewest slots a step shares among the threads (with `threads` > 1): below it,
    /// waking them costs more than they save, and the step runs on the caller's thread alone.
    /// The bits do not depend on it; tests lower it to 0 to take the threads with few worlds.
    package var parallelSlots = 2_048
    /// Whether the worlds whose boxes touch one or two walls iterate their contacts in SIMD
    /// lanes (default) or one world at a time. The bits do not depend on it; tests compare the
    /// two, and `tile-bench --scalar-contacts` measures what the lanes save.
    package var contactLanes = true
    /// Worlds whose contacts went through the lanes so far, on every thread.
    var contactLaneWorlds: Int { chunks.reduce(0) { $0 + $1.laneWorlds } }
    /// The longest stable step of each world's springs.
    var stability = SpringStability()

    /// - Parameter solverIterations: impulse iterations per step, 1...100. Default 10,
    ///   Chipmunk's default.
    ///   - arithmetic: the step's elementary functions. Default `.platform`.
    ///   - threads: how many threads a step runs on, the caller's included, 1...64. Default 1
    ///     (an app's main thread is not surprised); more are started once, here, and parked
    ///     between steps. The bits do not depend on it.
    public init(solverIterations: Int = 10, arithmetic: Arithmetic = .platform, threads: Int = 1) throws(FlingError) {
        try BackendValidation.iterations(solverIterations, "NativeBackend.solverIterations")
        guard (1...64).contains(threads) else {
            throw FlingError(.outOfRange, field: "NativeBackend.threads", value: "\(threads)", reason: "must lie in 1...64")
        }
        self.solverIterations = solverIterations
        self.arithmetic = arithmetic
        self.threads = threads
        collisionBias = arithmetic == .platform ? Contact.bias(PlatformFunctions.self) : Contact.bias(Portable.self)
        precondition(JointRecord.holds(PivotJoint.self) && JointRecord.holds(AttractionSprings.self))
        chunks = (0..<threads).map { _ in StepScratch() }
        if threads > 1 { pool = StepPool(backend: self, threads: threads - 1) }
    }

    /// The most worlds ``reserveCapacity(_:)`` reserves room for: 2²⁰ (about 300 MiB).
    static let maximumReservation = 1 << 20

    /// Reserves room for `count` worlds, so that making that many allocates nothing (and,
    /// once the first world with walls, fields, pushes or item properties is made, room for
    /// that many such worlds and their walls' contacts). A hint: a count of 0 or less reserves
    /// nothing, a count beyond ``maximumReservation`` reserves that many (a bound on the memory
    /// one call can take).
    package func reserveCapacity(_ count: Int) {
        let count = min(max(count, 0), Self.maximumReservation)
        bodies.reserveCapacity(count); anchors.reserveCapacity(count); joints.reserveCapacity(count)
        records.reserveCapacity(count); freeSlots.reserveCapacity(count)
        store.reserve(count)
    }

    /// Bytes of storage per slot across every per-slot array: the body (104), the anchor body
    /// (40), the joint record (136), the slot record (8), a free-list entry (4) and the slot's
    /// spring stability bound (8): 300. (A step's scratch is per thread and fixed in size,
    /// `StepScratch`, not per world. A world that uses walls, fields, pushes or item
    /// properties also has a 96-byte `WorldDynamics`, a 4-byte index entry and 40 bytes per
    /// wall for its contacts; one that uses the extra joints its `DynamicWorld`.)
    package static var bytesPerWorld: Int {
        MemoryLayout<RigidBody>.stride + MemoryLayout<AnchorBody>.stride + MemoryLayout<JointRecord>.stride
            + MemoryLayout<SlotRecord>.stride + MemoryLayout<UInt32>.stride + MemoryLayout<Double>.stride
    }

    public func makeWorld(_ definition: WorldDefinition) throws(FlingError) -> WorldID {
        try BackendValidation.definition(definition)
        let body = RigidBody(definition)
        worldCount += 1
        if let slot = freeSlots.popLast() {
            let i = Int(slot)
            bodies[i] = body; anchors[i] = AnchorBody()
            records[i] = SlotRecord(generation: records[i].generation, kind: .none)
            if let size = definition.size { boxSizes[i] = size }
            return WorldID(index: slot, generation: records[i].generation)
        }
        bodies.append(body); anchors.append(AnchorBody()); joints.append(JointRecord())
        records.append(SlotRecord(generation: 0, kind: .none))
        store.slotAdded(records.count)
        if let size = definition.size { boxSizes[records.count - 1] = size }
        return WorldID(index: UInt32(records.count - 1), generation: 0)
    }

    public func destroyWorld(_ world: WorldID) throws(FlingError) {
        let i = try slot(world)
        records[i].generation &+= 1
        records[i].kind = .free
        if records[i].hasDynamics { store.remove(slot: i) }
        records[i].hasDynamics = false
        dynamics[i] = nil
        boxSizes[i] = nil
        stability.clear(i)
        freeSlots.append(world.index)
        worldCount -= 1
    }

    /// One drag without friction on a world that holds nothing else (the usual case) goes on
    /// the SIMD lanes path, its pivot joint in the world's slot. Anything else, a second drag
    /// or grab friction, moves the world to the general path, with every bit of its state.
    public func addDrag(_ joint: DragJoint, to world: WorldID) throws(FlingError) -> JointID {
        let i = try slot(world)
        try BackendValidation.drag(joint)
        try BackendValidation.friction(joint)
        try BackendValidation.leverage(joint, massInverse: bodies[i].mInv, momentInverse: bodies[i].iInv)
        if records[i].kind == .none, joint.friction == 0, joint.rotaryFriction == 0, records[i].joints < UInt16.max {
            // A new kinematic body: at rest, angle 0, placed like cpBodySetPosition does.
            var finger = AnchorBody()
            finger.place(at: joint.finger)
            anchors[i] = finger
            joints.store(PivotJoint(joint), i)
            records[i].kind = .drag
            records[i].joints += 1
            return JointID(UInt32(records[i].joints) - 1)
        }
        try checkJointRoom(world, i, "addDrag")
        return makeDrag(joint, i, dynamic(i))
    }

    /// Whether `joint` is the drag of a world on the lanes path.
    @inline(__always) func isLaneDrag(_ joint: JointID, _ i: Int) -> Bool {
        records[i].kind == .drag && joint.value == UInt32(records[i].joints) &- 1
    }

    public func moveDrag(_ joint: JointID, in world: WorldID, to position: Vector, velocity: Vector) throws(FlingError) {
        let i = try slot(world)
        try BackendValidation.finger(position, velocity)
        guard isLaneDrag(joint, i) else { return try moveDynamicDrag(joint, world, i, position, velocity) }
        anchors[i].place(at: position)
        anchors[i].vx = velocity.x
        anchors[i].vy = velocity.y
    }

    /// `moveDrag` for a world on the general path (kept out of the common path's code).
    @inline(never)
    private func moveDynamicDrag(_ joint: JointID, _ world: WorldID, _ i: Int, _ position: Vector, _ velocity: Vector) throws(FlingError) {
        guard let d = dynamics[i], let f = d.joints.first(where: { $0.id == joint && $0.finger > 0 })?.finger else {
            throw BackendValidation.unknownDrag(joint, world)
        }
        d.fingers[f].place(at: position)
        d.fingers[f].vx = velocity.x
        d.fingers[f].vy = velocity.y
    }

    public func removeDrag(_ joint: JointID, from world: WorldID) throws(FlingError) {
        let i = try slot(world)
        if isLaneDrag(joint, i) {
            records[i].kind = .none
            return
        }
        guard let d = dynamics[i], let k = d.joints.firstIndex(where: { $0.id == joint && $0.finger > 0 }) else {
            throw BackendValidation.unknownDrag(joint, world)
        }
        d.removeJoint(at: k)
    }

    public func attachAttraction(_ attraction: Attraction, to world: WorldID) throws(FlingError) {
        let i = try slot(world)
        try BackendValidation.attraction(attraction)
        try BackendValidation.stable(attraction, massInverse: bodies[i].mInv, momentInverse: bodies[i].iInv)
        switch records[i].kind {
        case .none:
            try BackendValidation.rotates(bodies[i].iInv, "attachAttraction")
            // The space's static body: at the origin of the world, at rest, forever.
            anchors[i] = AnchorBody()
            joints.store(AttractionSprings(attraction), i)
            records[i].kind = .attraction
        case .dynamic:
            let d = dynamics[i]!
            guard d.entries.isEmpty else { throw BackendValidation.occupied(world, "attachAttraction") }
            try BackendValidation.rotates(bodies[i].iInv, "attachAttraction")
            d.entries.append(ConstraintEntry(serial: d.newSerial(), finger: 0, kind: .springs, AttractionSprings(attraction)))
        case .drag, .attraction, .free:
            throw BackendValidation.occupied(world, "attachAttraction")
        }
        stability.set(i, attraction.longestStableStep(massInverse: bodies[i].mInv, momentInverse: bodies[i].iInv))
    }

    public func detachAttraction(from world: WorldID) throws(FlingError) {
        let i = try slot(world)
        if records[i].kind == .attraction {
            records[i].kind = .none
        } else if records[i].kind == .dynamic, let d = dynamics[i], d.hasAttraction {
            d.removeEntry(d.entries.first { $0.kind == .springs }!.serial)
        } else {
            throw BackendValidation.missing(world, "detachAttraction", "attraction springs")
        }
        stability.clear(i)
    }

    public func setGravity(of world: WorldID, _ gravity: Vector) throws(FlingError) {
        let i = try slot(world)
        try BackendValidation.gravity(gravity)
        bodies[i].gx = gravity.x
        bodies[i].gy = gravity.y
    }

    public func setDamping(of world: WorldID, _ damping: Double) throws(FlingError) {
        let i = try slot(world)
        try BackendValidation.damping(damping)
        bodies[i].damping = damping
        bodies[i].dampingDt = 0
    }

    public func setVelocity(of world: WorldID, linear: Vector, angular: Double) throws(FlingError) {
        let i = try slot(world)
        try BackendValidation.velocity(linear, angular)
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
        if let bad { throw BackendValidation.unknownWorld(worlds[bad]) }
        if states.count != worlds.count {
            states.removeAll(keepingCapacity: true)
            states.append(contentsOf: repeatElement(BodyState(position: .zero), count: worlds.count))
        }
        bodies.withUnsafeBufferPointer { bodies in
            worlds.withUnsafeBufferPointer { worlds in
                states.withUnsafeMutableBufferPointer { states in
                    let copy = StateCopy(bodies: bodies, worlds: worlds, states: states)
                    // Waking the threads costs microseconds: worth it only for many worlds
                    // (a copy is cheaper per world than a step, hence twice the step's bound).
                    if let pool, worlds.count >= 2 * parallelSlots {
                        pool.run(.readStates(copy))
                    } else {
                        copy.run(0, of: 1)
                    }
                }
            }
        }
    }

    // MARK: - Slots

    @inline(__always) func slot(_ world: WorldID) throws(FlingError) -> Int {
        let i = Int(world.index)
        guard i < records.count, records[i].isLive, records[i].generation == world.generation else {
            throw BackendValidation.unknownWorld(world)
        }
        return i
    }
}
