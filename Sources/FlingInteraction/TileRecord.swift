import FlingCore

/// The animator's bookkeeping for one tile.
struct TileRecord {
    var definition: TileDefinition
    var phase: TilePhase = .resting
    var world: WorldID?
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

    /// Back home: exactly at the origin, angle 0, at rest, no world.
    mutating func rest() {
        phase = .resting
        world = nil
        settleCount = 0
        state = BodyState(position: definition.origin)
        previous = state
    }
}

/// A finger that is down.
struct TouchRecord {
    var id: TouchID
    /// The tile it holds, if it grabbed one.
    var tile: TileID?
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
            if at == tiles.count || tiles[at].definition.id != definition.id { tiles.insert(TileRecord(definition), at: at) }
        case .removeTile(let id): if let i = try? index(of: id) { remove(at: i) }
        }
    }

    func apply(_ event: TouchEvent, tick k: Int) throws(FlingError) {
        var tile: TileID?
        do throws(FlingError) {
            switch event.phase {
            case .began:
                var touch = TouchRecord(id: event.touch)
                touch.tracker.add(time: event.time, position: event.position)
                touches[event.touch] = touch
                if let i = grabTarget(event) {
                    tile = tiles[i].definition.id
                    try grab(i, touch: event.touch, at: event.position, tick: k)
                    touches[event.touch]?.tile = tile
                }
            case .moved:
                guard touches[event.touch] != nil else { return }
                touches[event.touch]!.tracker.add(time: event.time, position: event.position)
                if let held = touches[event.touch]!.tile, let i = try? index(of: held) { tiles[i].fingerTarget = event.position }
            case .ended, .cancelled:
                guard let touch = touches.removeValue(forKey: event.touch) else { return }
                tile = touch.tile
                if let held = touch.tile, let i = try? index(of: held) {
                    try release(i, velocity: touch.tracker.velocity, cancelled: event.phase == .cancelled, tick: k)
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
        if let world = tiles[i].world { try? backend.destroyWorld(world) }
        tiles[i].world = nil
        if case .held(let touch) = tiles[i].phase { touches[touch]?.tile = nil }
    }

    /// Back at rest at its origin, without a world.
    func putToRest(_ i: Int) {
        freeWorld(i)
        tiles[i].rest()
    }

    func remove(at i: Int) {
        freeWorld(i)
        tiles.remove(at: i)
    }

    /// The tile a `began` takes: the one the app named, or the topmost (highest id) tile
    /// whose current rotated frame contains the point; nil if that tile is already held.
    func grabTarget(_ event: TouchEvent) -> Int? {
        let candidate: Int?
        if let id = event.tile {
            candidate = try? index(of: id)
        } else {
            candidate = tiles.indices.last { i in
                guard tiles[i].phase != .culled else { return false }
                let local = tiles[i].state.transform.local(fromWorld: event.position)
                return abs(local.x) <= tiles[i].definition.frame.width / 2
                    && abs(local.y) <= tiles[i].definition.frame.height / 2
            }
        }
        guard let i = candidate else { return nil }
        switch tiles[i].phase {
        case .held, .culled: return nil
        case .resting, .attracted, .falling: return i
        }
    }

    func grab(_ i: Int, touch: TouchID, at point: Vector, tick k: Int) throws(FlingError) {
        let def = tiles[i].definition
        let world: WorldID
        switch tiles[i].phase {
        case .resting:
            world = try backend.makeWorld(
                WorldDefinition(
                    mass: def.mass, moment: def.moment, transform: Transform(position: def.origin),
                    gravity: configuration.gravity))
            tiles[i].world = world
        case .attracted:
            world = tiles[i].world!
            try backend.detachAttraction(from: world)
            try backend.setGravity(of: world, configuration.gravity)
            try backend.setDamping(of: world, 1)
        case .falling, .held, .culled:
            world = tiles[i].world!
        }
        // A grab the app named may lie outside the tile (its own hit test is looser, or the
        // finger slid): the joint takes the nearest point of the tile instead. A point off the
        // body would make the joint's effective mass ill-conditioned (see BackendCheck.leverage).
        let local = def.nearestPoint(toLocal: tiles[i].state.transform.local(fromWorld: point))
        try backend.attachDrag(
            DragJoint(
                localAnchor: local, finger: point, maxForce: configuration.dragMaxAcceleration * def.mass,
                errorBias: configuration.dragErrorBias), to: world)
        tiles[i].phase = .held(by: touch)
        tiles[i].finger = point
        tiles[i].fingerTarget = point
        tiles[i].settleCount = 0
        events.append(TileEvent(tick: k, tile: def.id, kind: .grabbed(touch: touch, at: point)))
    }

    func release(_ i: Int, velocity estimate: Vector, cancelled: Bool, tick k: Int) throws(FlingError) {
        let def = tiles[i].definition
        let world = tiles[i].world!
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
        tiles[i].phase = attract ? .attracted : .falling
        tiles[i].state.velocity = velocity
        events.append(
            TileEvent(
                tick: k, tile: def.id,
                kind: .released(
                    outcome: attract ? .attract : .fall, velocity: velocity, cancelled: cancelled)))
    }
}
