import FlingCore

/// The animator's bookkeeping for one tile: its definition and its body as the ticks left it.
/// Its phase and world are kept apart, in ``TileStatus``.
struct TileRecord {
    var definition: TileDefinition
    /// State after the last tick, and after the one before (for drawing).
    var state: BodyState
    var previous: BodyState
    /// Consecutive ticks an attracted tile has spent under every settle threshold.
    var settleCount = 0
    /// Where the finger body is, and where the touch wants it next tick.
    var finger = Vector.zero
    var fingerTarget = Vector.zero

    init(_ definition: TileDefinition) {
        self.definition = definition
        state = BodyState(position: definition.origin)
        previous = state
    }

    /// Back home: exactly at the origin, angle 0, at rest.
    mutating func rest() {
        settleCount = 0
        state = BodyState(position: definition.origin)
        previous = state
    }
}

/// A tile's phase and world: what every tick scans for every tile (which tiles are live, which
/// are held), kept in an array of their own beside the records, so that the scan reads a few
/// bytes per tile instead of a whole record.
struct TileStatus {
    var phase: TilePhase = .resting
    var world: WorldID?
}

/// A finger that is down. Records live in reused slots (``TileAnimator/touchSlots``), so a
/// touch going down allocates nothing once as many have been down before.
struct TouchRecord {
    var id: TouchID
    /// The tile it holds, if it grabbed one.
    var tile: TileID?
    /// Where that tile was in the tile array when last looked up: checked before a search,
    /// since tiles move only when one is added or removed.
    var tileHint = 0
    var tracker = VelocityTracker()
}

extension TileAnimator {
    /// Applies one input before tick `k`, journaling it first (a failing input is consumed
    /// too, and fails the same way in a replay).
    ///
    /// Everything checkable was checked when the input was accepted; should a backend still
    /// refuse a value, the tile concerned is put back at rest without a world and the touch
    /// holds nothing, so no world is orphaned and no record is half-changed, and the error
    /// names the tick, the touch and the tile.
    func apply(_ input: TileInput, tick k: Int) throws(FlingError) {
        journal?.append(AppliedInput(tick: k, input: input))
        switch input {
        case .touch(let event): try apply(event, tick: k)
        case .reset(let id): if let i = try? index(of: id) { putToRest(i) }
        case .addTile(let definition):
            let at = insertionIndex(definition.id)
            if at == tiles.count || tiles[at].definition.id != definition.id { insert(definition, at: at) }
        case .removeTile(let id): if let i = try? index(of: id) { remove(at: i) }
        }
    }

    /// Applies the run of due `moved` touches at the head of the queue, as ``apply(_:tick:)``
    /// would one by one (a move cannot fail), with the queue, the touch slots and the tiles
    /// borrowed once for the run instead of once per touch: the fingers of a crowd of tiles
    /// move every frame. Not while journaling, which goes the general way.
    func applyDueMoves(tick k: Int) {
        guard journal == nil else { return }
        var queue = InputQueue<TileInput>()
        swap(&queue, &self.queue)
        defer { swap(&queue, &self.queue) }
        let touches = self.touches
        touchSlots.withUnsafeMutableBufferPointer { slots in
            tiles.withUnsafeMutableBufferPointer { tiles in
                while let event = queue.popDueMove(tick: k) {
                    guard let slot = touches.value(for: event.touch) else { continue }
                    slots[slot].tracker.add(time: event.time, position: event.position)
                    guard let held = slots[slot].tile else { continue }
                    let hint = slots[slot].tileHint
                    if let i = hint < tiles.count && tiles[hint].definition.id == held ? hint : Self.search(tiles, held) {
                        tiles[i].fingerTarget = event.position
                        slots[slot].tileHint = i
                    }
                }
            }
        }
    }

    func apply(_ event: TouchEvent, tick k: Int) throws(FlingError) {
        var tile: TileID?
        do throws(FlingError) {
            switch event.phase {
            case .began:
                // A touch already down (never, once accepted) has its record replaced.
                let slot = touches.value(for: event.touch) ?? newTouchSlot(event.touch)
                touchSlots[slot].id = event.touch
                touchSlots[slot].tile = nil
                touchSlots[slot].tracker.reset()
                touchSlots[slot].tracker.add(time: event.time, position: event.position)
                if let i = grabTarget(event) {
                    tile = tiles[i].definition.id
                    try grab(i, touch: event.touch, at: event.position, tick: k)
                    touchSlots[slot].tile = tile
                    touchSlots[slot].tileHint = i
                }
            case .moved:
                guard let slot = touches.value(for: event.touch) else { return }
                touchSlots[slot].tracker.add(time: event.time, position: event.position)
                if let held = touchSlots[slot].tile, let i = tileIndex(held, hint: touchSlots[slot].tileHint) {
                    tiles[i].fingerTarget = event.position
                    touchSlots[slot].tileHint = i
                }
            case .ended, .cancelled:
                guard let slot = touches.remove(event.touch) else { return }
                freeTouchSlots.append(slot)
                let held = touchSlots[slot].tile, hint = touchSlots[slot].tileHint
                tile = held
                if let held, let i = tileIndex(held, hint: hint) {
                    let velocity = touchSlots[slot].tracker.velocity
                    try release(i, velocity: velocity, cancelled: event.phase == .cancelled, tick: k)
                }
            }
        } catch {
            if let tile, let i = try? index(of: tile) { putToRest(i) }
            let on = tile.map { " on tile \($0.rawValue)" } ?? ""
            throw FlingError(
                error.code, field: "tick \(k), touch \(event.touch.rawValue) \(event.phase)\(on): \(error.field)",
                value: error.value, reason: error.reason)
        }
    }

    /// Frees the tile's world, if any (a world the backend no longer knows is already gone),
    /// and lets go of the touch holding it (only the touch its phase names can: a held tile is
    /// never grabbed twice).
    func freeWorld(_ i: Int) {
        if let world = statuses[i].world { try? backend.destroyWorld(world) }
        statuses[i].world = nil
        if case .held(let touch) = statuses[i].phase, let slot = touches.value(for: touch) { touchSlots[slot].tile = nil }
    }

    /// Back at rest at its origin, without a world.
    func putToRest(_ i: Int) {
        freeWorld(i)
        statuses[i].phase = .resting
        tiles[i].rest()
    }

    func remove(at i: Int) {
        freeWorld(i)
        tiles.remove(at: i)
        statuses.remove(at: i)
    }

    /// Inserts a tile at rest at index `at` of the sorted tiles.
    func insert(_ definition: TileDefinition, at: Int) {
        tiles.insert(TileRecord(definition), at: at)
        statuses.insert(TileStatus(), at: at)
    }

    /// A slot for a touch going down, registered under its id: a freed one if any, else a new
    /// one (the free list grows with the slots, so that freeing one never allocates).
    func newTouchSlot(_ touch: TouchID) -> Int {
        let slot: Int
        if let free = freeTouchSlots.popLast() {
            slot = free
        } else {
            slot = touchSlots.count
            touchSlots.append(TouchRecord(id: touch))
            if freeTouchSlots.capacity < touchSlots.count { freeTouchSlots.reserveCapacity(touchSlots.capacity) }
        }
        touches.set(slot, for: touch)
        return slot
    }

    /// The index of tile `id`: `hint` when the tile is still there, else found by search.
    @inline(__always)
    func tileIndex(_ id: TileID, hint: Int) -> Int? {
        if hint < tiles.count, tiles[hint].definition.id == id { return hint }
        return try? index(of: id)
    }

    /// The tile a `began` takes: the one the app named, or the topmost (highest id) tile
    /// whose current rotated frame contains the point; nil if that tile is already held.
    func grabTarget(_ event: TouchEvent) -> Int? {
        let candidate: Int?
        if let id = event.tile {
            candidate = try? index(of: id)
        } else {
            candidate = tiles.indices.last { i in
                guard statuses[i].phase != .culled else { return false }
                let local = tiles[i].state.transform.local(fromWorld: event.position)
                return abs(local.x) <= tiles[i].definition.frame.width / 2
                    && abs(local.y) <= tiles[i].definition.frame.height / 2
            }
        }
        guard let i = candidate else { return nil }
        switch statuses[i].phase {
        case .held, .culled: return nil
        case .resting, .attracted, .falling: return i
        }
    }

    func grab(_ i: Int, touch: TouchID, at point: Vector, tick k: Int) throws(FlingError) {
        let def = tiles[i].definition
        let world: WorldID
        switch statuses[i].phase {
        case .resting:
            world = try backend.makeWorld(
                WorldDefinition(
                    mass: def.mass, moment: def.moment, transform: Transform(position: def.origin),
                    gravity: configuration.gravity))
            statuses[i].world = world
        case .attracted:
            world = statuses[i].world!
            try backend.detachAttraction(from: world)
            try backend.setGravity(of: world, configuration.gravity)
            try backend.setDamping(of: world, 1)
        case .falling, .held, .culled:
            world = statuses[i].world!
        }
        // A grab the app named may lie outside the tile (its own hit test is looser, or the
        // finger slid): the joint takes the nearest point of the tile instead. A point off the
        // body would make the joint's effective mass ill-conditioned (see BackendCheck.leverage).
        let local = def.nearestPoint(toLocal: tiles[i].state.transform.local(fromWorld: point))
        try backend.attachDrag(
            DragJoint(
                localAnchor: local, finger: point, maxForce: configuration.dragMaxAcceleration * def.mass,
                errorBias: configuration.dragErrorBias), to: world)
        statuses[i].phase = .held(by: touch)
        tiles[i].finger = point
        tiles[i].fingerTarget = point
        tiles[i].settleCount = 0
        events.append(TileEvent(tick: k, tile: def.id, kind: .grabbed(touch: touch, at: point)))
    }

    func release(_ i: Int, velocity estimate: Vector, cancelled: Bool, tick k: Int) throws(FlingError) {
        let def = tiles[i].definition
        let world = statuses[i].world!
        // A degenerate or absurd estimate (samples microseconds apart) must not reach the
        // backend: clamp each component to ±Limits.velocity, and NaN to 0.
        func sane(_ x: Double) -> Double { x.isNaN ? 0 : min(max(x, -Limits.velocity), Limits.velocity) }
        let velocity = Vector(sane(estimate.x), sane(estimate.y))
        try backend.detachDrag(from: world)
        // The tracker's estimate becomes the body's velocity; its spin is kept, within the
        // backends' ±10⁹ rad/s like the velocity.
        let spin = min(max(tiles[i].state.angularVelocity, -Limits.angularVelocity), Limits.angularVelocity)
        try backend.setVelocity(of: world, linear: velocity, angular: spin)
        let attract =
            cancelled
            || configuration.releaseRule.attracts(center: tiles[i].state.position, velocity: velocity, origin: def.origin)
        if attract {
            // Home is where the spring's rest is: gravity would hold the tile below it.
            try backend.setGravity(of: world, .zero)
            // A spring's damping acts only along its axis, and a zero-length spring's force is
            // central: angular momentum about the origin would be conserved and a tile released
            // sideways would orbit its home forever. So the damping is the world's instead,
            // isotropic: velocity × exp(-2ζω) per second gives x'' + 2ζω x' + ω² x = 0 on
            // both axes. It damps spin too, on top of the rotary spring's own damping.
            let omega = 2 * Double.pi * configuration.attraction.frequency
            try backend.setDamping(of: world, Portable.exp(-2 * configuration.attraction.dampingRatio * omega))
            let linear = configuration.attraction.constants(forInertia: def.mass)
            let angular = configuration.rotation.constants(forInertia: def.moment)
            try backend.attachAttraction(
                Attraction(
                    origin: def.origin, stiffness: linear.stiffness, damping: 0,
                    angularStiffness: angular.stiffness, angularDamping: angular.damping), to: world)
        }
        statuses[i].phase = attract ? .attracted : .falling
        tiles[i].state.velocity = velocity
        events.append(
            TileEvent(
                tick: k, tile: def.id,
                kind: .released(
                    outcome: attract ? .attract : .fall, velocity: velocity, cancelled: cancelled)))
    }
}
