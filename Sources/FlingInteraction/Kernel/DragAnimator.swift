// The drag kernel: the touch-to-world machinery every touch-driven interaction shares, written
// once. It owns the clock, the input queue and touch rules, the journal a recorder reads, the
// events, the items' records with their hot status array, the touch table with each finger's
// velocity tracker, the tick, error tagging and the digest. A policy (``DragPolicy``) decides
// the rest. ``TileAnimator`` and ``SnapAnimator`` are final subclasses of this class over the
// tile and snap policies: each interaction keeps a type of its own, with its own API and
// documentation, while the machinery is inherited, not forwarded. The class is public but not
// open, so those two (and any later policy's) are all its subclasses, and its stored state is
// final.
//
// The public entry points that run per touch or per frame are declared on the subclasses, so
// the generic code they call is specialized for the policy in this module (a call from another
// module into a generic method would run it unspecialized).
//
// The state a touch or a tick reaches skips Swift's run-time exclusivity checks (a call into
// the runtime per access of a class's stored property, a large share of a crowded tick). No
// access to these is held open while code outside the animator runs: the per-tick loops work
// on arrays swapped out of the animator (`withItems`), the backend never calls back, `onTick`,
// `onEvent` and the streams are called with no access open, hooks that are handed a record do
// not reach the records through the animator, and the animator is used from one thread at a time.
// Error messages are formatted only when thrown: formatting costs more than a whole check.
import FlingCore

/// The drag kernel, generic over an interaction's policy: ``TileAnimator`` is a
/// `DragAnimator<TilePolicy>`, ``SnapAnimator`` a `DragAnimator<SnapPolicy>`.
///
/// Feed it touches with `handle(_:)` and display times with `advance(to:)`. Physics runs in
/// fixed ticks (``FixedStepClock``); touches are applied at tick boundaries in time order (every
/// touch at or before a tick's start is applied before that tick), so the same touches give the
/// same ticks at any display rate. A touch on an item makes a world for it (or takes over the
/// one it has) with a drag joint from a kinematic finger body; the policy says what the world
/// holds and what a release does.
///
/// Not `Sendable`: make it, feed it and read it on one thread or actor (an app's main actor:
/// touches, the display link and drawing all happen there). Its values are `Sendable`.
public class DragAnimator<Policy: DragPolicy> {
    deinit { for c in eventContinuations { c.finish() } }

    /// The kernel's settings (tick, frame clamp, drag limits), from the configuration.
    package let settings: DragSettings
    /// The backend the animator steps. It is the animator's alone: a world destroyed or changed
    /// behind its back breaks the item that had it.
    package let backend: any PhysicsBackend
    /// The same backend as a ``DynamicsBackend``, if it adopts it: what walls, item properties,
    /// pushes, fields and extra joints need (Kernel/DragAnimator+Dynamics.swift).
    final let dynamicsBackend: (any DynamicsBackend)?
    /// The same backend as a ``ContactReading``, if it is one (the native and Chipmunk
    /// backends): the wall contacts of a tick are then read into ``contactBuffer``, which a
    /// tick reuses, instead of an array made for each world that began one.
    final let contactReader: (any ContactReading)?
    final var contactBuffer: [Wall.Contact] = []
    /// The timestamp that is time 0 on the animator's timeline, in the app's own clock
    /// (`CACurrentMediaTime()`, `UITouch.timestamp`, ...). Touch and display times are given in
    /// that clock and kept relative to this start. Default 0: times are already relative.
    package let timeOrigin: Double
    public internal(set) final var clock: FixedStepClock
    /// The chained digest of every tick so far (while `keepsDigest`); the policy says what it
    /// covers.
    public internal(set) final var digest = StateDigest()
    /// Whether each tick folds its states into ``digest``. Default true; an app that never reads
    /// the digest may turn it off (it is a sizeable share of a tick at thousands of items).
    public final var keepsDigest = true
    /// Called after every tick with the tick's index and the states of the items with a world,
    /// in id order.
    public final var onTick: ((_ tick: Int, _ states: [(Identifier<Policy.Item>, BodyState)]) -> Void)?
    /// Called with every event, in order, as `advance(to:)` returns them.
    public final var onEvent: ((Policy.Event) -> Void)?
    /// The ``eventStream(bufferingNewest:)`` streams.
    final var eventContinuations: [AsyncStream<Policy.Event>.Continuation] = []

    /// The fraction of a smoothed finger's distance to its touch left after a tick,
    /// `fingerSmoothing^tick` (portable `pow`); nil without smoothing.
    final let gripSmoothing: Double?
    /// The policy: its settings and any state of its own.
    @exclusivity(unchecked) final var policy: Policy
    /// Items, sorted by id.
    @exclusivity(unchecked) final var records: [ItemRecord<Policy.Item>]
    /// Their phases and worlds, in the same order.
    @exclusivity(unchecked) final var statuses: [ItemStatus<Policy.Phase>]
    /// Touches down, as of the ticks applied so far: their slots in ``touchSlots`` by id. Only
    /// looked up, never iterated, so it cannot change a bit.
    @exclusivity(unchecked) final var touches = TouchTable()
    /// Touch records, in reused slots; the free ones are listed in ``freeTouchSlots``.
    @exclusivity(unchecked) final var touchSlots: [TouchRecord] = []
    @exclusivity(unchecked) final var freeTouchSlots: [Int] = []
    /// Inputs accepted but not yet applied, in the order they will be applied.
    @exclusivity(unchecked) final var queue = InputQueue<Policy.Input>()
    /// The touches as accepted (ahead of the ticks): what `handle(_:)` checks against.
    @exclusivity(unchecked) final var accepted = TouchSequence()
    /// Every input applied, with its tick, while a recorder records; nil otherwise (an app that
    /// does not record keeps nothing).
    package final var journal: [AppliedInput<Policy.Input>]?
    /// Events of ticks stepped before a failed `advance(to:)`: returned by the next one.
    final var carried: [Policy.Event] = []
    /// The first error of a backend that failed to free a world during a tick: thrown when the
    /// tick is done (``freeWorld(_:)``).
    final var freeFailure: FlingError?
    /// Reused buffers, so that a warmed-up tick allocates nothing of its own.
    final var events: [Policy.Event] = []
    final var liveWorlds: [WorldID] = []
    final var liveIndices: [Int] = []
    final var states: [BodyState] = []
    final var refusedFingers: [Int] = []
    final var decided: [(Int, Policy.Event)] = []

    /// The walls every item's world gets (the policy's: a tile animator's viewport edges, then
    /// the configuration's).
    final let walls: [Wall]
    /// The dynamics as applied so far: the configuration's, with the fields set at run time.
    final var dynamics: DynamicsSettings
    /// The continuous pushes applied so far, in id order.
    final var pushes: [ActivePush] = []
    /// The continuous pushes accepted (ahead of the ticks), id and raw item id: what
    /// `removePush` checks against and what bounds an item's count.
    final var acceptedPushes: [(id: Push.ID, item: Int)] = []
    /// The number the next continuous push gets.
    final var nextPush = 1

    /// Inputs that acted on items so far (grabs, releases, pushes, resets, sends; field
    /// changes act on every item): each record keeps the number of the last that acted on it,
    /// and a prediction the number it was made after, so that a prediction a later input
    /// overtook is known for superseded (Kernel/DragAnimator+Prediction.swift).
    final var actions = 0
    /// The number of the last field change.
    final var fieldsAction = 0
    /// Where predictions step a copy of an item's world: a backend of the same kind, made at
    /// the first prediction.
    final var scratch: (any SnapshotBackend)?
    /// The snapshot fingerprint, once computed (what it covers never changes: the
    /// configuration, the viewport or items, the time origin, the solver iterations).
    final var fingerprintMemo: UInt64?

    /// Stores what a subclass's initializer validated (see `prepare(items:policy:settings:timeOrigin:backend:)`).
    init(
        policy: Policy, settings: DragSettings, dynamics: DynamicsSettings, walls: [Wall], records: [ItemRecord<Policy.Item>],
        statuses: [ItemStatus<Policy.Phase>], backend: any PhysicsBackend, timeOrigin: Double
    ) throws(FlingError) {
        self.policy = policy
        self.settings = settings
        self.dynamics = dynamics
        self.walls = walls
        self.records = records
        self.statuses = statuses
        self.backend = backend
        self.dynamicsBackend = backend as? any DynamicsBackend
        self.contactReader = backend as? any ContactReading
        if !walls.isEmpty { contactBuffer.reserveCapacity(Limits.walls) }
        self.timeOrigin = timeOrigin
        self.clock = try FixedStepClock(tick: settings.tick, maxFrameInterval: settings.maxFrameInterval)
        self.gripSmoothing = settings.fingerSmoothing.map { Portable.pow($0, settings.tick) }
    }

    /// Accepts a dynamics call for the next tick boundary: each animator's own, through the
    /// kernel (Kernel/DragAnimator+Dynamics.swift). Every interaction overrides it.
    func acceptDynamics(_ input: DynamicsInput) throws(FlingError) {
        throw FlingError(.invalidState, field: "\(Self.self)", value: "\(input)", reason: "this animator takes no dynamics calls")
    }

    /// Whether every input accepted so far has been applied.
    package final var isDrained: Bool { queue.isDrained }

    /// Inputs held in the queue's storage, applied ones not yet dropped included.
    package final var pendingStorage: Int { queue.pending.count }

    /// The number of items that have a world now.
    package final var liveCount: Int { statuses.reduce(0) { $0 + ($1.world == nil ? 0 : 1) } }
}

extension DragAnimator where Policy: PolicyRules {
    /// Validates the time origin and the items (unique ids, each by the policy), and that the
    /// backend has the dynamics the policy's settings and the items use, and gives their
    /// records and statuses, every item at rest at its home: what a subclass's initializer
    /// hands to the kernel's. The policy's settings are validated by the caller.
    static func prepare(
        items: [Policy.Item], policy: Policy, settings: DragSettings, timeOrigin: Double, backend: any PhysicsBackend
    ) throws(FlingError) -> (records: [ItemRecord<Policy.Item>], statuses: [ItemStatus<Policy.Phase>]) {
        try Check.range(timeOrigin, -1e12...1e12, "timeOrigin")
        for item in items { try Policy.validate(item, policy, settings: settings) }
        if settings.predictionTicks != nil, !(backend is any SnapshotBackend) {
            throw FlingError(
                .invalidState, field: "DragSettings.predictionTicks", value: "backend \(backend.name)",
                reason: "predictions step a copy of an item's world, which needs one of Fling's backends (NativeBackend, ChipmunkBackend)")
        }
        if !(backend is any DynamicsBackend) {
            if let setting = Policy.settingUsingDynamics(policy) { throw needsDynamics(setting, backend) }
            for item in items { try checkBackend(backend, for: item) }
        }
        let sorted = items.sorted { $0.id < $1.id }
        for n in sorted.indices.dropFirst() where sorted[n].id == sorted[n - 1].id {
            throw Policy.naming.duplicate(sorted[n].id.rawValue)
        }
        return (
            sorted.map { ItemRecord($0, at: Policy.home(of: $0)) },
            Array(repeating: ItemStatus(phase: .resting, world: nil), count: sorted.count)
        )
    }

    /// Accepts a touch event (its time in the app's clock), to be applied before the first tick
    /// that starts at or after its time; see ``TileAnimator/handle(_:)``.
    @inline(__always)
    func accept(_ event: TouchEvent) throws(FlingError) {
        func label() -> String { "TouchEvent(touch \(event.touch.rawValue), \(event.phase.rawValue))" }
        var e = event
        e.time = try relative(event.time, "\(label()).time")
        if e.phase != .began { e.item = nil }
        try accepted.accept(
            e, field: { "\(label()).\($0)" }, naming: Policy.naming, knows: { index(of: $0.rawValue) != nil })
        // Already displayed: its tick is known now (the next one, if its own has been stepped).
        queue.enqueue(accepted: e, time: e.time, clock: clock)
    }

    /// Queues an input of a recording for the tick it was applied at (`nil`: a touch's own
    /// time decides, as for a handled one). For the replayer, which validated the recording.
    func scheduleInput(_ input: Policy.Input, tick: Int?) throws(FlingError) {
        if let tick, tick < clock.ticks {
            throw FlingError(.outOfOrder, field: "schedule.tick", value: "\(tick)", reason: "tick \(clock.ticks) is next")
        }
        if let event = input.touchEvent {
            // Items may come and go with the recording's own inputs: the recording checked the names.
            try accepted.accept(event, field: { "TouchEvent.\($0)" }, naming: Policy.naming, knows: { _ in true })
            queue.enqueue(input, time: event.time, tick: tick)
        } else {
            if let d = input.dynamicsInput { try check(d, scheduled: true) } else { try Policy.check(self, scheduled: input) }
            guard let tick else {
                throw FlingError(
                    .malformedInput, field: "schedule.tick", value: "nil", reason: "an input other than a touch needs its tick")
            }
            queue.enqueue(input, time: -.infinity, tick: tick)
        }
    }

    /// Moves the display time to `time` (the app's clock; before the origin counts as the
    /// origin), steps every tick now due, and returns their events with those a failed call
    /// left, after handing them to ``onEvent`` and the streams. A failing tick's error is thrown
    /// after keeping the events before it.
    func advanceTicks(to time: Double) throws(FlingError) -> [Policy.Event] {
        try Check.range(time, -1e12...1e12, "displayTime")
        let previousDisplay = clock.displayTime, previousSimulated = clock.simulatedTime
        let due = try clock.advance(to: max(time - timeOrigin, 0))
        queue.resolveTicks(clock: clock, previousDisplay: previousDisplay, previousSimulated: previousSimulated)
        events.removeAll(keepingCapacity: true)
        if !carried.isEmpty {
            events += carried
            carried.removeAll(keepingCapacity: true)
        }
        for _ in 0..<due {
            do { try stepTick() } catch {
                carried += events
                throw error
            }
        }
        deliver(events)
        return events
    }

    /// `time` in the app's clock as seconds on the animator's timeline.
    func relative(_ time: Double, _ field: @autoclosure () -> String) throws(FlingError) -> Double {
        try Check.range(time, -1e12...1e12, field())
        let t = time - timeOrigin
        guard t >= 0 else {
            throw FlingError(
                .outOfRange, field: field(), value: "\(time)",
                reason: "is before the animator's time origin, \(timeOrigin)")
        }
        return t
    }

    // MARK: - Lookup (one binary search: items stay sorted by id)

    /// The index at which an item of raw id `id` is or would be inserted.
    @inline(__always)
    static func insertionIndex(_ records: UnsafeBufferPointer<ItemRecord<Policy.Item>>, _ id: Int) -> Int {
        var lo = 0, hi = records.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if records[mid].item.id.rawValue < id { lo = mid + 1 } else { hi = mid }
        }
        return lo
    }

    /// The index of the item of raw id `id` in `records`, or nil.
    @inline(__always)
    static func search(_ records: UnsafeBufferPointer<ItemRecord<Policy.Item>>, _ id: Int) -> Int? {
        let i = insertionIndex(records, id)
        return i < records.count && records[i].item.id.rawValue == id ? i : nil
    }

    func insertionIndex(_ id: Int) -> Int { records.withUnsafeBufferPointer { Self.insertionIndex($0, id) } }

    /// The index of the item of raw id `id`, or nil.
    func index(of id: Int) -> Int? { records.withUnsafeBufferPointer { Self.search($0, id) } }

    /// The index of item `id`, or the policy's unknown-item error.
    func index(of id: Identifier<Policy.Item>) throws(FlingError) -> Int {
        guard let i = index(of: id.rawValue) else { throw Policy.naming.unknown(id.rawValue) }
        return i
    }

    /// The index of the item of raw id `id`: `hint` when the item is still there, else found by
    /// search.
    @inline(__always)
    func itemIndex(_ id: Int, hint: Int) -> Int? {
        if hint < records.count, records[hint].item.id.rawValue == id { return hint }
        return index(of: id)
    }
}
