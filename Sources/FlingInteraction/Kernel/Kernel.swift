// The drag kernel: the touch-to-world machinery every touch-driven interaction shares, written
// once, with its state in one place. It owns the clock, the input queue and touch rules, the
// journal a recorder reads, the events, the items' columns (Kernel/ItemColumns.swift), the
// fingers with their velocity trackers (Kernel/Fingers.swift), the tick, error tagging and the
// digest; a policy's rules (Kernel/PolicyRules.swift) decide the rest, and only the kernel's own
// functions (its inputs and its tick) write its state.
//
// It is a value, held by its animator (``TileAnimator``, ``SnapAnimator``), which calls one of
// its mutating functions per public call: one access to the animator's storage per call, and
// none open while the app's observers, streams or a configuration's rules run, so nothing needs
// its exclusivity checks turned off. The hooks it calls are handed values and cannot reach it.
// Error messages are formatted only when thrown: formatting costs more than a whole check.
import FlingCore

struct Kernel<Policy: PolicyRules> {
    let policy: Policy
    /// The kernel's settings (tick, frame clamp, drag limits), from the configuration.
    let settings: DragSettings
    /// The backend the animator steps. It is the animator's alone: a world destroyed or changed
    /// behind its back breaks the item that had it.
    let backend: any PhysicsBackend
    /// The same backend as a ``DynamicsBackend``, if it adopts it: what walls, item properties,
    /// pushes, fields and extra joints need (Kernel/Kernel+Dynamics.swift).
    let dynamicsBackend: (any DynamicsBackend)?
    /// The same backend as a ``ContactReading``, if it is one: a tick's wall contacts are then
    /// read into a buffer it reuses.
    let contactReader: (any ContactReading)?
    /// The same backend as a ``ParallelWork``, if it runs work on threads of its own: the
    /// per-item passes of a tick with many items then run on them too (Kernel/Kernel+Parts.swift).
    let parallel: (any ParallelWork)?
    /// The timestamp that is time 0 on the animator's timeline, in the app's own clock.
    let timeOrigin: Double
    /// The fraction of a smoothed finger's distance to its touch left after a tick,
    /// `fingerSmoothing^tick` (portable `pow`); nil without smoothing.
    let smoothingPerTick: Double?
    /// The walls every item's world gets: the configuration's, until the app replaces them
    /// (``DynamicsInput/setWalls(_:)``).
    var room: Room
    var walls: [Wall] { room.walls }
    /// The configuration's walls (a snapshot holds the walls only when they differ).
    let configuredWalls: [Wall]

    var clock: FixedStepClock
    /// The chained digest of every tick so far (while `keepsDigest`).
    var digest = StateDigest()
    var keepsDigest = true
    var items = ItemColumns<Policy>()
    var fingers = Fingers()
    /// Inputs accepted but not yet applied, in the order they will be applied.
    var queue = InputQueue<Policy.Input>()
    /// Every input applied, with its tick, while a recorder records; nil otherwise.
    var journal: [AppliedInput<Policy.Input>]?
    /// Events of ticks stepped before a failed `advance(to:)`: returned by the next one.
    var carried: [Policy.Event] = []
    /// The first error of a backend that failed to free a world during a tick: thrown when the
    /// tick is done (``freeWorld(_:)``).
    var freeFailure: FlingError?
    /// The events of the ticks being stepped.
    var events: [Policy.Event] = []
    /// The dynamics as applied so far: the configuration's, with the fields set at run time.
    var dynamics: DynamicsSettings
    /// The pivots that hold an item home, when the configuration has them (``WorldEdit/addPivots(at:)``).
    let homePivots: HomePivots?
    /// The continuous pushes applied so far, in id order.
    var pushes: [ActivePush] = []
    /// The continuous pushes accepted (ahead of the ticks), id and raw item id.
    var acceptedPushes: [(id: Push.ID, item: Int)] = []
    /// The number the next continuous push gets.
    var nextPush = 1
    /// Inputs that acted on items so far (grabs, releases, pushes, resets, sends; field changes
    /// act on every item): each item keeps the number of the last that acted on it, and a
    /// prediction the number it was made after, so that a prediction a later input overtook is
    /// known for superseded (Kernel/Kernel+Prediction.swift).
    var actions = 0
    /// The number of the last field or wall change.
    var fieldsAction = 0
    /// Where predictions step a copy of an item's world, made at the first prediction.
    var scratch: (any SnapshotBackend)?
    /// The tick being stepped: the index of its first event, and the first failure that does
    /// not stop it (a finger the backend refused, a wall contact it could not read).
    var firstEvent = 0
    var tickFailure: FlingError?
    /// Reused buffers, so that a warmed-up tick allocates nothing of its own.
    var buffers = TickBuffers<Policy>()
    /// For a policy whose items stack (a grab brings one to the front): the kernel keeps the
    /// greatest place from back to front (``ItemColumns/front``), so that a grab reads it instead
    /// of every memory.
    let stacking: Stacking<Policy.Memory>?

    init(
        policy: Policy, settings: DragSettings, dynamics: DynamicsSettings, homePivots: HomePivots?, walls: [Wall],
        backend: any PhysicsBackend, timeOrigin: Double, stacking: Stacking<Policy.Memory>? = nil
    ) throws(FlingError) {
        self.policy = policy
        self.stacking = stacking
        self.settings = settings
        self.dynamics = dynamics
        self.homePivots = homePivots
        self.room = Room(walls)
        self.configuredWalls = walls
        self.backend = backend
        self.dynamicsBackend = backend as? any DynamicsBackend
        self.contactReader = backend as? any ContactReading
        self.parallel = (backend as? any ParallelWork).flatMap { $0.parts > 1 ? $0 : nil }
        if !walls.isEmpty { buffers.contacts.reserveCapacity(Limits.walls) }
        self.timeOrigin = timeOrigin
        self.clock = try FixedStepClock(tick: settings.tick, maxFrameInterval: settings.maxDisplayFrameInterval)
        self.smoothingPerTick = settings.fingerSmoothing.map { Portable.pow($0, settings.tick) }
    }

    /// A kernel over `items`, at rest at their homes: validates the time origin and the items
    /// (unique ids, each admitted by the policy), and that the backend has the dynamics the
    /// policy's settings (`dynamicsSetting`, the first that needs them, named as the app sets
    /// it) and the items use.
    init(
        items: [Policy.Item], policy: Policy, settings: DragSettings, dynamics: DynamicsSettings, dynamicsSetting: String?,
        homePivots: HomePivots? = nil, walls: [Wall], backend: any PhysicsBackend, timeOrigin: Double,
        stacking: Stacking<Policy.Memory>? = nil
    ) throws(FlingError) {
        try Check.range(timeOrigin, -1e12...1e12, "timeOrigin")
        var memories: [Policy.Memory] = []
        memories.reserveCapacity(items.count)
        for (n, item) in items.enumerated() { memories.append(try policy.admit(item, at: n, settings: settings)) }
        if settings.predictionTicks != nil, !(backend is any SnapshotBackend) {
            throw FlingError(
                .invalidState, field: "DragSettings.predictionTicks", value: "backend \(backend.name)",
                reason: "predictions step a copy of an item's world, which needs one of Fling's backends (NativeBackend, ChipmunkBackend)")
        }
        if !(backend is any DynamicsBackend) {
            if let dynamicsSetting { throw Self.needsDynamics(dynamicsSetting, backend) }
            for item in items { try Self.checkBackend(backend, for: item) }
        }
        let order = items.indices.sorted { items[$0].id < items[$1].id }
        for n in order.indices.dropFirst() where items[order[n]].id == items[order[n - 1]].id {
            throw Policy.Item.naming.duplicate(items[order[n]].id.rawValue)
        }
        try self.init(
            policy: policy, settings: settings, dynamics: dynamics, homePivots: homePivots, walls: walls, backend: backend,
            timeOrigin: timeOrigin, stacking: stacking)
        self.items.reserveCapacity(items.count)
        for n in order { self.items.append(items[n], memory: memories[n]) }
    }

    // MARK: - Lookup

    /// The index of the item of raw id `id`, or nil.
    @inline(__always)
    func index(of id: Int) -> Int? { items.index(of: id) }

    /// The index of item `id`, or the policy's unknown-item error. Inlined: a call hands the
    /// kernel over as a copy (every column retained) where its caller holds it in place.
    @inline(__always)
    func index(of id: Identifier<Policy.Item>) throws(FlingError) -> Int {
        guard let i = items.index(of: id.rawValue) else { throw Policy.Item.naming.unknown(id.rawValue) }
        return i
    }

    /// `error` with `at` (and the item, if any) before its field.
    func tagged(_ error: FlingError, _ at: String, item: Int?) -> FlingError {
        let on = item.map { " on \(Policy.Item.naming.noun) \($0)" } ?? ""
        return FlingError(error.code, field: "\(at)\(on): \(error.field)", value: error.value, reason: error.reason)
    }

    /// Whether every input accepted so far has been applied.
    var isDrained: Bool { queue.isDrained }
}

/// How a policy's items stack, a grab bringing one to the front: each memory's place from back to
/// front, and the greatest over them all (in one pass of the policy's own code, not a call per
/// memory).
struct Stacking<Memory> {
    var place: (Memory) -> Int
    var greatest: ([Memory]) -> Int?
}

/// What a tick reuses: the live items and their worlds, the states read back, the finger moves,
/// the endings decided, the wall contacts, the states an observer is handed and a
/// configuration's commands.
struct TickBuffers<Policy: PolicyRules> {
    var liveIndices: [Int] = []
    var liveWorlds: [WorldID] = []
    var read: [BodyState] = []
    var moves: [DragMove] = []
    var moveSlots: [Int] = []
    var refused: [Int] = []
    var endings: [(index: Int, ending: Ending<Policy>)] = []
    /// Each part's items that end, with their memory as the pass found it (the rule decides
    /// each ending again from it when the kernel applies it), and finger moves, when a pass runs
    /// in parts.
    var partEndings: [[(index: Int, memory: Policy.Memory)]] = []
    var partMoves: [[DragMove]] = []
    var partMoveSlots: [[Int]] = []
    /// Where the after-step rule writes an item's ending.
    var ending: Ending<Policy>?
    var contacts: [Wall.Contact] = []
    var observed: [(Identifier<Policy.Item>, BodyState)] = []
    var commands: [SceneCommand<Policy>] = []
}
