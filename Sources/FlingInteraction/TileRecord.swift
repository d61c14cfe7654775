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
    /// Applies one accepted event before tick `k`. Everything it could throw on was checked
    /// when the event was accepted.
    func apply(_ event: TouchEvent, tick k: Int) throws(FlingError) {
        switch event.phase {
        case .began:
            var touch = TouchRecord(id: event.touch)
            touch.tracker.add(time: event.time, position: event.position)
            if let i = grabTarget(event) {
                try grab(i, touch: event.touch, at: event.position, tick: k)
                touch.tile = tiles[i].definition.id
            }
            touches.append(touch)
        case .moved:
            let t = touches.firstIndex { $0.id == event.touch }!
            touches[t].tracker.add(time: event.time, position: event.position)
            if let tile = touches[t].tile { tiles[try index(of: tile)].fingerTarget = event.position }
        case .ended, .cancelled:
            let t = touches.firstIndex { $0.id == event.touch }!
            let touch = touches.remove(at: t)
            if let tile = touch.tile {
                try release(try index(of: tile), velocity: touch.tracker.velocity,
                            cancelled: event.phase == .cancelled, tick: k)
            }
        }
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
            world = try backend.makeWorld(WorldDefinition(
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
        let local = tiles[i].state.transform.local(fromWorld: point)
        try backend.attachDrag(DragJoint(
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
        // The tracker's estimate becomes the body's velocity; its spin is kept.
        try backend.setVelocity(of: world, linear: velocity, angular: tiles[i].state.angularVelocity)
        let attract = cancelled
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
            try backend.setDamping(of: world, Elementary.exp(-2 * configuration.attraction.dampingRatio * omega))
            let linear = configuration.attraction.constants(forInertia: def.mass)
            let angular = configuration.rotation.constants(forInertia: def.moment)
            try backend.attachAttraction(Attraction(
                origin: def.origin, stiffness: linear.stiffness, damping: 0,
                angularStiffness: angular.stiffness, angularDamping: angular.damping), to: world)
        }
        tiles[i].phase = attract ? .attracted : .falling
        tiles[i].state.velocity = velocity
        events.append(TileEvent(tick: k, tile: def.id, kind: .released(
            outcome: attract ? .attract : .fall, velocity: velocity, cancelled: cancelled)))
    }
}
