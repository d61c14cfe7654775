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

    // The state a touch or a tick reaches skips Swift's run-time exclusivity checks (a call
    // into the runtime per access of a class's stored property: 11 % of the tile-animator
    // benchmark at 10,000 tiles, most under handle(_:)). No access to these is held open while
    // code outside the animator runs: the per-tick loops work on arrays swapped out of the
    // animator (`withTiles`), the backend never calls back, and `onTick`, `onEvent` and the
    // streams are called with no access open; the animator is used from one thread at a time.

    /// Tiles, sorted by id.
    @exclusivity(unchecked) var tiles: [TileRecord] = []
    /// Their phases and worlds, in the same order (see ``TileStatus``).
    @exclusivity(unchecked) var statuses: [TileStatus] = []
    /// The tiles' definitions, in id order.
    package var tileDefinitions: [TileDefinition] { tiles.map(\.definition) }
    /// Touches down, as of the ticks applied so far: their slots in ``touchSlots`` by id. Only
    /// looked up, never iterated, so it cannot change a bit.
    @exclusivity(unchecked) var touches = TouchTable()
    /// Touch records, in reused slots; the free ones are listed in ``freeTouchSlots``.
    @exclusivity(unchecked) var touchSlots: [TouchRecord] = []
    @exclusivity(unchecked) var freeTouchSlots: [Int] = []
    /// Inputs accepted but not yet applied, in the order they will be applied.
    @exclusivity(unchecked) var queue = InputQueue<TileInput>()
    /// The touches as accepted (ahead of the ticks): what ``handle(_:)`` checks against.
    @exclusivity(unchecked) var accepted = TouchSequence()
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
        self.statuses = Array(repeating: TileStatus(), count: sorted.count)
    }

    /// The ids of every tile, in order.
    public var tileIDs: [TileID] { tiles.map(\.definition.id) }

    /// The number of tiles that have a world now.
    public var liveTileCount: Int { statuses.reduce(0) { $0 + ($1.world == nil ? 0 : 1) } }

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
        insert(definition, at: at)
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
        let i = try index(of: id)
        let t = tiles[i]
        return TileSnapshot(definition: t.definition, phase: statuses[i].phase, state: t.state)
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
        let f = clock.fraction
        // Sized first and written through a pointer: no capacity or uniqueness test per tile.
        resize(&transforms, to: tiles.count, filling: Transform(position: .zero))
        transforms.withUnsafeMutableBufferPointer { out in
            tiles.withUnsafeBufferPointer { tiles in
                for i in tiles.indices { out[i] = tiles[i].previous.transform.interpolated(to: tiles[i].state.transform, fraction: f) }
            }
        }
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
        queue.enqueue(accepted: .touch(e), time: e.time, clock: clock)
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
    ///
    /// The returned array's storage is refilled by the next call when the caller has let go of
    /// it by then (a warmed-up frame then allocates nothing); one still held is left alone.
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
        while true {
            applyDueMoves(tick: k)
            guard let input = queue.popDue(tick: k) else { break }
            try apply(input, tick: k)
        }
        queue.compact()

        // The per-tile loops run over the arrays borrowed once (and the buffers as locals, sized
        // up front and written through pointers), not through `self` per element: no
        // exclusivity check, uniqueness test or capacity test per tile.
        // One scan of the statuses lists the live worlds and moves the held tiles' fingers.
        // A backend that refuses a held tile's finger (a world changed behind the animator's
        // back) costs that tile its world, not the tick: the error is thrown once the tick is done.
        var failure: FlingError?
        // The buffers are taken out of `self` (swapped, not copied), so that each is uniquely
        // referenced and clearing or refilling it keeps its storage instead of allocating anew.
        var refused: [Int] = [], live: [WorldID] = [], indices: [Int] = [], states: [BodyState] = []
        swap(&refused, &refusedFingers)
        swap(&live, &liveWorlds)
        swap(&indices, &liveIndices)
        swap(&states, &self.states)
        refused.removeAll(keepingCapacity: true)
        let n = tiles.count
        resize(&live, to: n, filling: WorldID(index: 0, generation: 0))
        resize(&indices, to: n, filling: 0)
        var count = 0
        let backend = self.backend
        withTiles { statuses, tiles in
            live.withUnsafeMutableBufferPointer { live in
                indices.withUnsafeMutableBufferPointer { indices in
                    for i in 0..<n {
                        guard let world = statuses[i].world else { continue }
                        live[count] = world
                        indices[count] = i
                        count += 1
                        guard case .held(let touch) = statuses[i].phase else { continue }
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
                                    field:
                                        "tick \(k), touch \(touch.rawValue) moved on tile \(tiles[i].definition.id.rawValue): \(error.field)",
                                    value: error.value, reason: error.reason)
                            refused.append(i)
                        }
                    }
                }
            }
        }
        live.removeLast(n - count)
        indices.removeLast(n - count)
        if !refused.isEmpty {
            for i in refused { putToRest(i) }
            // Those tiles have no world now: not stepped, not read.
            var kept = 0
            for m in 0..<count where statuses[indices[m]].world != nil {
                live[kept] = live[m]
                indices[kept] = indices[m]
                kept += 1
            }
            live.removeLast(count - kept)
            indices.removeLast(count - kept)
        }
        refusedFingers = refused
        defer { liveWorlds = live; liveIndices = indices; self.states = states }
        try backend.step(by: dt)
        try backend.readStates(of: live, into: &states)
        var digest = self.digest
        let keepsDigest = self.keepsDigest
        // Without an onTick observer (which may call back into the animator), settling and
        // culling are decided in the same pass over the live tiles; with one, after it.
        let decidesNow = onTick == nil
        var decided: [(Int, TileEvent.Kind)] = []
        swap(&decided, &lifeCycle)
        decided.removeAll(keepingCapacity: true)
        let settle = configuration.settle
        withTiles { statuses, tiles in
            states.withUnsafeBufferPointer { states in
                indices.withUnsafeBufferPointer { indices in
                    for m in indices.indices {
                        let i = indices[m]
                        tiles[i].previous = tiles[i].state
                        tiles[i].state = states[m]
                        if keepsDigest { digest.combine(states[m]) }
                        if decidesNow, let kind = lifeCycleStep(statuses[i].phase, &tiles[i], settle) { decided.append((i, kind)) }
                    }
                }
            }
        }
        self.digest = digest
        if let onTick {
            onTick(k, indices.enumerated().map { (tiles[$0.element].definition.id, states[$0.offset]) })
            decideLifeCycle(into: &decided)
        }
        settleAndCull(decided, tick: k)
        lifeCycle = decided
        clock.completeTick()
        if let failure { throw failure }
    }

    /// Runs `body` over the tiles' statuses and records, taken out of `self` for the call
    /// (swapped, not copied) and borrowed through pointers: a long loop then holds no access
    /// to `self`'s storage open, so neither it nor the backend calls inside it pay a dynamic
    /// exclusivity check against those. `body` must not reach the tiles through `self`.
    @inline(__always)
    func withTiles<R>(_ body: (UnsafeBufferPointer<TileStatus>, UnsafeMutableBufferPointer<TileRecord>) -> R) -> R {
        var records: [TileRecord] = [], statuses: [TileStatus] = []
        swap(&records, &tiles)
        swap(&statuses, &self.statuses)
        defer {
            swap(&records, &tiles)
            swap(&statuses, &self.statuses)
        }
        return statuses.withUnsafeBufferPointer { s in records.withUnsafeMutableBufferPointer { t in body(s, t) } }
    }

    /// Gives `array` exactly `count` elements, new ones `filler`, keeping its capacity: it
    /// allocates only when `count` exceeds every count it had before.
    @inline(__always)
    func resize<T>(_ array: inout [T], to count: Int, filling filler: T) {
        if array.count > count {
            array.removeLast(array.count - count)
        } else if array.count < count {
            array.append(contentsOf: repeatElement(filler, count: count - array.count))
        }
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

    /// What tile `tile` (in `phase`, with a world) does after this tick's step: culled (a
    /// falling tile that left the viewport), settled (an attracted one home for long enough), or
    /// nothing. Counts the attracted tile's ticks at home.
    @inline(__always)
    func lifeCycleStep(_ phase: TilePhase, _ tile: inout TileRecord, _ settle: SettleThresholds) -> TileEvent.Kind? {
        let s = tile.state
        // Only a falling tile is culled: an attracted one is on its way home, even from
        // off screen (a cancelled touch must bring the tile back, wherever it was).
        if phase == .falling, isOffscreen(s, tile.definition) { return .culled }
        guard phase == .attracted else { return nil }
        let origin = tile.definition.origin
        let home =
            (s.position - origin).length <= settle.distance && s.velocity.length <= settle.speed
            && abs(s.angle) <= settle.angle && abs(s.angularVelocity) <= settle.angularSpeed
        tile.settleCount = home ? tile.settleCount + 1 : 0
        return tile.settleCount >= settle.ticks ? .settled : nil
    }

    /// Decides, in tile order over the borrowed arrays, which tiles with a world are culled or
    /// settled (appended to `decided`).
    func decideLifeCycle(into decided: inout [(Int, TileEvent.Kind)]) {
        let settle = configuration.settle
        withTiles { statuses, tiles in
            for i in tiles.indices where statuses[i].world != nil {
                if let kind = lifeCycleStep(statuses[i].phase, &tiles[i], settle) { decided.append((i, kind)) }
            }
        }
    }

    /// Culls and settles the tiles decided, in tile order, with their events.
    func settleAndCull(_ decided: [(Int, TileEvent.Kind)], tick k: Int) {
        for (i, kind) in decided {
            if kind == .culled {
                freeWorld(i)
                statuses[i].phase = .culled
            } else {
                putToRest(i)
            }
            events.append(TileEvent(tick: k, tile: tiles[i].definition.id, kind: kind))
        }
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

    /// The index of tile `id` in `tiles` (sorted by id), or nil.
    static func search(_ tiles: UnsafeMutableBufferPointer<TileRecord>, _ id: TileID) -> Int? {
        var lo = 0, hi = tiles.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if tiles[mid].definition.id < id { lo = mid + 1 } else { hi = mid }
        }
        return lo < tiles.count && tiles[lo].definition.id == id ? lo : nil
    }

    func index(of id: TileID) throws(FlingError) -> Int {
        let i = insertionIndex(id)
        guard i < tiles.count, tiles[i].definition.id == id else {
            throw FlingError(.unknownTile, field: "TileID", value: "\(id.rawValue)", reason: "no tile has this id")
        }
        return i
    }
}
