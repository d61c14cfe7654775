import FlingCore

/// The photo-tile life cycle over a physics backend: the package's answer to the original
/// photo app's physics-animation class.
///
/// It owns tiles by id. A touch on a tile makes a world for it (one box body, gravity, and a
/// drag joint from a kinematic finger body to the grabbed point); on release the tile springs
/// home or falls away (``EngineConfiguration/releaseRule``); a tile home is snapped exactly to
/// its origin and its world freed (``TileEvent/Kind/settled``); a tile off screen loses its
/// world and is dropped from the picture (``TileEvent/Kind/culled``) until ``reset(_:)``. A touch on a tile still moving takes its world
/// over without a jump. Tiles never collide.
///
/// Feed it touches with ``handle(_:)`` and display times with ``advance(to:)``. Physics runs
/// in fixed ticks (``FixedStepClock``); touches are applied at tick boundaries in time order
/// (every touch at or before a tick's start is applied before that tick), so the same touches
/// give the same ticks at any display rate. Read ``snapshot(of:)`` for tick states and
/// ``drawnTransform(of:)`` for the interpolated pose to draw.
public final class TileAnimator {
    deinit { for c in eventContinuations { c.finish() } }

    public let viewport: Rect
    public let configuration: EngineConfiguration
    /// The backend the animator steps. It is the animator's alone: a world destroyed or changed
    /// behind its back breaks the tile that had it.
    package let backend: any PhysicsBackend
    /// The timestamp that is time 0 on the animator's timeline, in the app's own clock
    /// (`CACurrentMediaTime()`, `UITouch.timestamp`, ...). Touch and display times are given in
    /// that clock and kept relative to this start. Default 0: times are already relative.
    public let timeOrigin: Double
    public internal(set) var clock: FixedStepClock
    /// The chained digest of every tick so far (while ``keepsDigest``).
    public private(set) var digest = StateDigest()
    /// Whether each tick folds the live tiles' states into ``digest``. Default true; an app
    /// that never reads the digest may turn it off (it is about a third of a tick's cost at
    /// thousands of tiles).
    public var keepsDigest = true
    /// Called after every tick with the tick's index and the live tiles' states in id order.
    public var onTick: ((_ tick: Int, _ states: [(TileID, BodyState)]) -> Void)?
    /// Called with every life-cycle event, in order, as ``advance(to:)`` returns them.
    public var onEvent: ((TileEvent) -> Void)?
    /// The ``eventStream(bufferingNewest:)`` streams.
    var eventContinuations: [AsyncStream<TileEvent>.Continuation] = []

    /// Tiles, sorted by id.
    var tiles: [TileRecord] = []
    /// The tiles' definitions, in id order.
    package var tileDefinitions: [TileDefinition] { tiles.map(\.definition) }
    /// Touches down, as of the ticks applied so far, by id. Only looked up, never iterated
    /// (its order is Swift's per-process hash order), so it cannot change a bit.
    var touches: [TouchID: TouchRecord] = [:]
    /// Inputs accepted but not yet applied, in the order they will be applied.
    var queue = InputQueue<TileInput>()
    /// The touches as accepted (ahead of the ticks): what ``handle(_:)`` checks against.
    var accepted = TouchSequence()
    /// Every input applied, with its tick, while a ``TraceRecorder``-style observer records;
    /// nil otherwise (an app that does not record keeps nothing).
    package var journal: [AppliedInput]?
    /// Events of ticks stepped before a failed ``advance(to:)``: returned by the next one.
    var carried: [TileEvent] = []
    /// Reused buffers, so that a warmed-up tick allocates nothing of its own.
    var liveWorlds: [WorldID] = []
    var liveIndices: [Int] = []
    var states: [BodyState] = []
    var events: [TileEvent] = []
    var refusedFingers: [Int] = []
    var lifeCycle: [(Int, TileEvent.Kind)] = []

    /// - Parameters:
    ///   - viewport: the visible area, in points; tiles wholly outside it (plus
    ///     ``EngineConfiguration/cullMargin``) are culled.
    ///   - tiles: the tiles, at rest; ids must be unique.
    ///   - configuration: the physics; validated here.
    ///   - backend: a fresh backend, the animator's alone (it makes and destroys its worlds).
    ///   - timeOrigin: the timestamp, in the app's clock, that is time 0 of the animator's
    ///     timeline; touches and display times before it are refused. Default 0.
    public init(
        viewport: Rect, tiles: [TileDefinition] = [], configuration: EngineConfiguration = .init(),
        backend: any PhysicsBackend, timeOrigin: Double = 0
    ) throws(FlingError) {
        try configuration.validate()
        try Check.viewport(viewport, "viewport")
        try Check.range(timeOrigin, -1e12...1e12, "timeOrigin")
        guard backend.solverIterations == configuration.solverIterations else {
            throw FlingError(
                .invalidState, field: "backend.solverIterations", value: "\(backend.solverIterations)",
                reason: "must equal EngineConfiguration.solverIterations, \(configuration.solverIterations)")
        }
        for tile in tiles { try tile.validate() }
        let sorted = tiles.sorted { $0.id < $1.id }
        for n in sorted.indices.dropFirst() where sorted[n].id == sorted[n - 1].id {
            throw FlingError(
                .duplicateTile, field: "TileDefinition.id", value: "\(sorted[n].id.rawValue)",
                reason: "a tile with this id exists")
        }
        self.viewport = viewport
        self.configuration = configuration
        self.backend = backend
        self.timeOrigin = timeOrigin
        self.clock = try FixedStepClock(tick: configuration.tick, maxFrameInterval: configuration.maxFrameInterval)
        self.tiles = sorted.map(TileRecord.init)
    }

    /// The ids of every tile, in order.
    public var tileIDs: [TileID] { tiles.map(\.definition.id) }

    /// The number of tiles that have a world now.
    public var liveTileCount: Int { tiles.reduce(0) { $0 + ($1.world == nil ? 0 : 1) } }

    /// Adds a tile at rest at its origin.
    public func addTile(_ definition: TileDefinition) throws(FlingError) {
        try definition.validate()
        let at = insertionIndex(definition.id)
        guard at == tiles.count || tiles[at].definition.id != definition.id else {
            throw FlingError(
                .duplicateTile, field: "TileDefinition.id", value: "\(definition.id.rawValue)",
                reason: "a tile with this id exists")
        }
        journal?.append(AppliedInput(tick: clock.ticks, input: .addTile(definition)))
        tiles.insert(TileRecord(definition), at: at)
    }

    /// Removes a tile (freeing its world); a touch holding it then holds nothing.
    public func removeTile(_ id: TileID) throws(FlingError) {
        let i = try index(of: id)
        journal?.append(AppliedInput(tick: clock.ticks, input: .removeTile(id)))
        remove(at: i)
    }

    /// Puts a tile back at rest at its origin (a culled one, say), freeing its world; a touch
    /// holding it then holds nothing.
    public func reset(_ id: TileID) throws(FlingError) {
        let i = try index(of: id)
        journal?.append(AppliedInput(tick: clock.ticks, input: .reset(id)))
        putToRest(i)
    }

    /// The tile's definition, phase and state after the last tick.
    public func snapshot(of id: TileID) throws(FlingError) -> TileSnapshot {
        let t = tiles[try index(of: id)]
        return TileSnapshot(definition: t.definition, phase: t.phase, state: t.state)
    }

    /// The pose to draw at the last display time: the last two tick states interpolated by
    /// ``FixedStepClock/fraction``. For drawing only; never fed back into the physics.
    public func drawnTransform(of id: TileID) throws(FlingError) -> Transform {
        let t = tiles[try index(of: id)]
        return t.previous.transform.interpolated(to: t.state.transform, fraction: clock.fraction)
    }

    /// Every tile's pose to draw, in id order (``tileIDs``), written into `transforms`
    /// (cleared first; its capacity is kept, so a warmed-up caller allocates nothing): what
    /// ``drawnTransform(of:)`` gives, for all tiles in one call. A culled tile's is its last
    /// state; a resting tile's is its origin at angle 0.
    public func drawnTransforms(into transforms: inout [Transform]) {
        transforms.removeAll(keepingCapacity: true)
        let f = clock.fraction
        for t in tiles { transforms.append(t.previous.transform.interpolated(to: t.state.transform, fraction: f)) }
    }

    /// Accepts a touch event, to be applied before the first tick that starts at or after its
    /// time; its time is in the app's clock (see ``timeOrigin``).
    ///
    /// A **late** touch, one whose time the display clock has already passed (its tick is
    /// stepped), is applied before the next tick; its own time still feeds the velocity
    /// tracker. A touch inside a **stalled** frame (an interval longer than
    /// ``EngineConfiguration/maxFrameInterval``, which the clock clamps) keeps its place in the
    /// frame: its offset into the frame is scaled by the same clamp. Either way a
    /// ``TraceRecorder`` writes the tick the touch was applied at, so the replay is exact.
    ///
    /// Throws, changing nothing, when a number is not finite or out of ``Limits``, the time is
    /// before ``timeOrigin`` or earlier than the last accepted event's, a `began` names an
    /// unknown tile or a touch already down, or another phase names a touch that is not down.
    public func handle(_ event: TouchEvent) throws(FlingError) {
        // Named only when an error needs it: formatting costs more than the whole check.
        func label() -> String { "TouchEvent(touch \(event.touch.rawValue), \(event.phase.rawValue))" }
        var e = event
        e.time = try relative(event.time, "\(label()).time")
        if e.phase != .began { e.tile = nil }
        try accepted.accept(e, field: { "\(label()).\($0)" }, knows: { (try? index(of: $0)) != nil })
        // Already displayed: its tick is known now (the next one, if its own has been stepped).
        queue.enqueue(PendingInput(input: .touch(e), time: e.time, tick: InputQueue<TileInput>.tick(forAccepted: e.time, clock: clock)))
    }

    /// Queues an input of a recording for the tick it was applied at (`nil`: a touch's own
    /// time decides, as for ``handle(_:)``). For the replayer, which validated the recording.
    package func schedule(_ input: TileInput, tick: Int?) throws(FlingError) {
        if let tick, tick < clock.ticks {
            throw FlingError(.outOfOrder, field: "schedule.tick", value: "\(tick)", reason: "tick \(clock.ticks) is next")
        }
        switch input {
        case .touch(let event):
            // Tiles come and go with the recording's own inputs: the trace checked the names.
            try accepted.accept(event, field: { "TouchEvent.\($0)" }, knows: { _ in true })
            queue.enqueue(PendingInput(input: input, time: event.time, tick: tick))
        case .reset, .addTile, .removeTile:
            guard let tick else {
                throw FlingError(.malformedInput, field: "schedule.tick", value: "nil", reason: "a tile operation needs its tick")
            }
            queue.enqueue(PendingInput(input: input, time: -.infinity, tick: tick))
        }
    }

    /// Inputs held in the queue's storage, applied ones not yet dropped included.
    package var pendingStorage: Int { queue.pending.count }

    /// Whether every input accepted so far has been applied.
    package var isDrained: Bool { queue.isDrained }

    /// Moves the display time to `time` (in the app's clock, never decreasing; a time before
    /// ``timeOrigin`` counts as the origin), stepping every tick that has become due, and
    /// returns the life-cycle events of those ticks in order.
    ///
    /// Transactional per input: when applying an input fails (a backend refusing a value),
    /// the ticks before it stay stepped and their events are returned by the next call; the
    /// failing input is consumed, its tile put back at rest without a world, and the error,
    /// naming the tick, the touch and the tile, is thrown. The animator keeps working: the
    /// next call steps the remaining ticks.
    @discardableResult
    public func advance(to time: Double) throws(FlingError) -> [TileEvent] {
        let events = try advanceTicks(to: time)
        deliver(events)
        return events
    }

    /// One tick: apply due inputs, move fingers, step every world, then read back states,
    /// chain the digest, and settle or cull.
    func stepTick() throws(FlingError) {
        let k = clock.ticks
        let dt = configuration.tick
        while let input = queue.popDue(tick: k) { try apply(input, tick: k) }
        queue.compact()

        // The per-tile loops run over the tile array borrowed once (and the buffers as locals),
        // not through `self` per element: no exclusivity check or uniqueness test per tile.
        // A backend that refuses a held tile's finger (a world changed behind the animator's
        // back) costs that tile its world, not the tick: the error is thrown once the tick is done.
        var failure: FlingError?
        var refused = refusedFingers
        refused.removeAll(keepingCapacity: true)
        tiles.withUnsafeMutableBufferPointer { tiles in
            for i in tiles.indices {
                guard let world = tiles[i].world, case .held(let touch) = tiles[i].phase else { continue }
                // The finger body jumps to the touch and moves at the speed that took it there.
                let target = tiles[i].fingerTarget, from = tiles[i].finger
                let v = Vector((target.x - from.x) / dt, (target.y - from.y) / dt)
                do throws(FlingError) {
                    try backend.moveFinger(in: world, to: target, velocity: v)
                    tiles[i].finger = target
                } catch {
                    failure =
                        failure
                        ?? FlingError(
                            error.code,
                            field: "tick \(k), touch \(touch.rawValue) moved on tile \(tiles[i].definition.id.rawValue): \(error.field)",
                            value: error.value, reason: error.reason)
                    refused.append(i)
                }
            }
        }
        for i in refused { putToRest(i) }
        refusedFingers = refused
        var live = liveWorlds, indices = liveIndices, states = self.states
        live.removeAll(keepingCapacity: true)
        indices.removeAll(keepingCapacity: true)
        tiles.withUnsafeBufferPointer { tiles in
            for i in tiles.indices {
                guard let world = tiles[i].world else { continue }
                live.append(world)
                indices.append(i)
            }
        }
        defer { liveWorlds = live; liveIndices = indices; self.states = states }
        try backend.step(by: dt)
        try backend.readStates(of: live, into: &states)
        var digest = self.digest
        let keepsDigest = self.keepsDigest
        tiles.withUnsafeMutableBufferPointer { tiles in
            for (n, i) in indices.enumerated() {
                tiles[i].previous = tiles[i].state
                tiles[i].state = states[n]
                if keepsDigest { digest.combine(states[n]) }
            }
        }
        self.digest = digest
        if let onTick {
            onTick(k, indices.enumerated().map { (tiles[$0.element].definition.id, states[$0.offset]) })
        }
        try settleAndCull(tick: k)
        clock.completeTick()
        if let failure { throw failure }
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

    /// Culls falling tiles that left the viewport and settles attracted ones that stayed home
    /// long enough, in tile order: decided over the borrowed tile array, then applied.
    func settleAndCull(tick k: Int) throws(FlingError) {
        let settle = configuration.settle
        var decided = lifeCycle
        decided.removeAll(keepingCapacity: true)
        tiles.withUnsafeMutableBufferPointer { tiles in
            for i in tiles.indices where tiles[i].world != nil {
                let s = tiles[i].state, def = tiles[i].definition
                // Only a falling tile is culled: an attracted one is on its way home, even from
                // off screen (a cancelled touch must bring the tile back, wherever it was).
                if tiles[i].phase == .falling, isOffscreen(s, def) {
                    decided.append((i, .culled))
                    continue
                }
                guard tiles[i].phase == .attracted else { continue }
                let home =
                    (s.position - def.origin).length <= settle.distance && s.velocity.length <= settle.speed
                    && abs(s.angle) <= settle.angle && abs(s.angularVelocity) <= settle.angularSpeed
                tiles[i].settleCount = home ? tiles[i].settleCount + 1 : 0
                if tiles[i].settleCount >= settle.ticks { decided.append((i, .settled)) }
            }
        }
        for (i, kind) in decided {
            if kind == .culled {
                freeWorld(i)
                tiles[i].phase = .culled
            } else {
                putToRest(i)
            }
            events.append(TileEvent(tick: k, tile: tiles[i].definition.id, kind: kind))
        }
        lifeCycle = decided
    }

    /// Whether the tile's rotated bounds lie wholly outside the viewport grown by the margin.
    func isOffscreen(_ s: BodyState, _ def: TileDefinition) -> Bool {
        let (sinA, cosA) = Portable.sincos(s.angle)
        let c = abs(cosA), sn = abs(sinA)
        let hw = def.frame.width / 2, hh = def.frame.height / 2
        let ex = c * hw + sn * hh, ey = sn * hw + c * hh
        let m = configuration.cullMargin
        return s.position.x + ex < viewport.minX - m || s.position.x - ex > viewport.maxX + m
            || s.position.y + ey < viewport.minY - m || s.position.y - ey > viewport.maxY + m
    }

    // MARK: - Lookup (binary search: tiles stay sorted by id)

    func insertionIndex(_ id: TileID) -> Int {
        var lo = 0, hi = tiles.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if tiles[mid].definition.id < id { lo = mid + 1 } else { hi = mid }
        }
        return lo
    }

    func index(of id: TileID) throws(FlingError) -> Int {
        let i = insertionIndex(id)
        guard i < tiles.count, tiles[i].definition.id == id else {
            throw FlingError(.unknownTile, field: "TileID", value: "\(id.rawValue)", reason: "no tile has this id")
        }
        return i
    }
}
