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
    public let viewport: Rect
    public let configuration: EngineConfiguration
    public let backend: any PhysicsBackend
    public private(set) var clock: FixedStepClock
    /// The chained digest of every tick so far.
    public private(set) var digest = StateDigest()
    /// Called after every tick with the tick's index and the live tiles' states in id order.
    public var onTick: ((_ tick: Int, _ states: [(TileID, BodyState)]) -> Void)?

    /// Tiles, sorted by id.
    var tiles: [TileRecord] = []
    /// The tiles' definitions, in id order.
    package var tileDefinitions: [TileDefinition] { tiles.map(\.definition) }
    /// Touches down, as of the ticks applied so far.
    var touches: [TouchRecord] = []
    /// Events accepted but not yet applied, in time order; `pendingHead` is the next one.
    var pending: [TouchEvent] = []
    var pendingHead = 0
    /// Touch ids down once every accepted event is applied: what ``handle(_:)`` checks against.
    var acceptedDown: [TouchID] = []
    package var lastEventTime = -Double.infinity
    /// Reused buffers, so that a warmed-up tick allocates nothing of its own.
    var liveWorlds: [WorldID] = []
    var liveIndices: [Int] = []
    var states: [BodyState] = []
    var events: [TileEvent] = []

    /// - Parameters:
    ///   - viewport: the visible area, in points; tiles wholly outside it (plus
    ///     ``EngineConfiguration/cullMargin``) are culled.
    ///   - tiles: the tiles, at rest; ids must be unique.
    ///   - configuration: the physics; validated here.
    ///   - backend: a fresh backend (the animator makes and destroys its worlds).
    public init(
        viewport: Rect, tiles: [TileDefinition] = [], configuration: EngineConfiguration = .init(),
        backend: any PhysicsBackend
    ) throws(FlingError) {
        try configuration.validate()
        try Check.coordinate(Vector(viewport.x, viewport.y), "viewport.origin")
        try Check.range(viewport.width, 0...Limits.coordinate, "viewport.width")
        try Check.range(viewport.height, 0...Limits.coordinate, "viewport.height")
        guard backend.solverIterations == configuration.solverIterations else {
            throw FlingError(.invalidState, field: "backend.solverIterations", value: "\(backend.solverIterations)",
                             reason: "must equal EngineConfiguration.solverIterations, \(configuration.solverIterations)")
        }
        self.viewport = viewport
        self.configuration = configuration
        self.backend = backend
        self.clock = try FixedStepClock(tick: configuration.tick, maxFrameInterval: configuration.maxFrameInterval)
        for tile in tiles { try addTile(tile) }
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
            throw FlingError(.duplicateTile, field: "TileDefinition.id", value: "\(definition.id.rawValue)",
                             reason: "a tile with this id exists")
        }
        tiles.insert(TileRecord(definition), at: at)
    }

    /// Removes a tile (freeing its world); a touch holding it then holds nothing.
    public func removeTile(_ id: TileID) throws(FlingError) {
        let i = try index(of: id)
        if let world = tiles[i].world { try backend.destroyWorld(world) }
        for t in touches.indices where touches[t].tile == id { touches[t].tile = nil }
        tiles.remove(at: i)
    }

    /// Puts a tile back at rest at its origin (a culled one, say), freeing its world; a touch
    /// holding it then holds nothing.
    public func reset(_ id: TileID) throws(FlingError) {
        let i = try index(of: id)
        if let world = tiles[i].world { try backend.destroyWorld(world) }
        for t in touches.indices where touches[t].tile == id { touches[t].tile = nil }
        tiles[i].rest()
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

    /// Accepts a touch event, to be applied at the first tick boundary at or after its time.
    ///
    /// Throws, changing nothing, when a number is not finite or out of ``Limits``, the time is
    /// earlier than the last accepted event's, a `began` names an unknown tile or a touch
    /// already down, or another phase names a touch that is not down.
    public func handle(_ event: TouchEvent) throws(FlingError) {
        try Check.range(event.time, -1e12...1e12, "TouchEvent.time")
        try Check.coordinate(event.position, "TouchEvent(\(event.touch.rawValue)).position")
        guard event.time >= lastEventTime else {
            throw FlingError(.outOfOrder, field: "TouchEvent(\(event.touch.rawValue), \(event.phase)).time",
                             value: "\(event.time)", reason: "is earlier than the last accepted event, at \(lastEventTime)")
        }
        let down = acceptedDown.firstIndex(of: event.touch)
        switch event.phase {
        case .began:
            guard down == nil else {
                throw FlingError(.touchAlreadyDown, field: "TouchEvent.touch", value: "\(event.touch.rawValue)",
                                 reason: "began while already down")
            }
            if let tile = event.tile { _ = try index(of: tile) }
            acceptedDown.append(event.touch)
        case .moved, .ended, .cancelled:
            guard let down else {
                throw FlingError(.unknownTouch, field: "TouchEvent(\(event.phase)).touch", value: "\(event.touch.rawValue)",
                                 reason: "no touch with this id has begun")
            }
            if event.phase != .moved { acceptedDown.remove(at: down) }
        }
        lastEventTime = event.time
        pending.append(event)
    }

    /// Moves the display time to `time` (seconds, never decreasing), stepping every tick that
    /// has become due, and returns the life-cycle events of those ticks in order.
    @discardableResult
    public func advance(to time: Double) throws(FlingError) -> [TileEvent] {
        let due = try clock.advance(to: time)
        events.removeAll(keepingCapacity: true)
        for _ in 0..<due { try stepTick() }
        return events
    }

    /// One tick: apply due touches, move fingers, step every world, then read back states,
    /// chain the digest, and settle or cull.
    func stepTick() throws(FlingError) {
        let k = clock.ticks
        let dt = configuration.tick
        let tickStart = clock.start(ofTick: k)
        while pendingHead < pending.count, pending[pendingHead].time - clock.droppedTime <= tickStart {
            try apply(pending[pendingHead], tick: k)
            pendingHead += 1
        }
        if pendingHead == pending.count { pending.removeAll(keepingCapacity: true); pendingHead = 0 }

        liveWorlds.removeAll(keepingCapacity: true)
        liveIndices.removeAll(keepingCapacity: true)
        for i in tiles.indices {
            guard let world = tiles[i].world else { continue }
            liveWorlds.append(world)
            liveIndices.append(i)
            if case .held = tiles[i].phase {
                // The finger body jumps to the touch and moves at the speed that took it there.
                let target = tiles[i].fingerTarget, from = tiles[i].finger
                let v = Vector((target.x - from.x) / dt, (target.y - from.y) / dt)
                try backend.moveFinger(in: world, to: target, velocity: v)
                tiles[i].finger = target
            }
        }
        try backend.step(by: dt)
        try backend.readStates(of: liveWorlds, into: &states)
        for (n, i) in liveIndices.enumerated() {
            tiles[i].previous = tiles[i].state
            tiles[i].state = states[n]
            digest.combine(states[n])
        }
        if let onTick {
            onTick(k, liveIndices.enumerated().map { (tiles[$0.element].definition.id, states[$0.offset]) })
        }
        try settleAndCull(tick: k)
        clock.completeTick()
    }

    func settleAndCull(tick k: Int) throws(FlingError) {
        let settle = configuration.settle
        var i = 0
        while i < tiles.count {
            defer { i += 1 }
            guard let world = tiles[i].world else { continue }
            let s = tiles[i].state, def = tiles[i].definition
            // Only a falling tile is culled: an attracted one is on its way home, even from
            // off screen (a cancelled touch must bring the tile back, wherever it was).
            if tiles[i].phase == .falling, isOffscreen(s, def) {
                try backend.destroyWorld(world)
                tiles[i].world = nil
                tiles[i].phase = .culled
                events.append(TileEvent(tick: k, tile: def.id, kind: .culled))
                continue
            }
            guard tiles[i].phase == .attracted else { continue }
            let home = (s.position - def.origin).length <= settle.distance && s.velocity.length <= settle.speed
                && abs(s.angle) <= settle.angle && abs(s.angularVelocity) <= settle.angularSpeed
            tiles[i].settleCount = home ? tiles[i].settleCount + 1 : 0
            if tiles[i].settleCount >= settle.ticks {
                try backend.destroyWorld(world)
                tiles[i].rest()
                events.append(TileEvent(tick: k, tile: def.id, kind: .settled))
            }
        }
    }

    /// Whether the tile's rotated bounds lie wholly outside the viewport grown by the margin.
    func isOffscreen(_ s: BodyState, _ def: TileDefinition) -> Bool {
        let c = abs(Elementary.cos(s.angle)), sn = abs(Elementary.sin(s.angle))
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
