import FlingCore

/// The snap animator's bookkeeping for one item.
struct SnapRecord {
    var item: SnapItem
    var phase: SnapPhase = .resting
    var world: WorldID?
    var state: BodyState
    var previous: BodyState
    /// Where it rests, or is going.
    var target: Vector
    var settleCount = 0
    /// Center minus the touch point at the grab, so the finger body holds the center.
    var grabOffset = Vector.zero
    var finger = Vector.zero
    var fingerTarget = Vector.zero
    var scale = ScalarSpring(value: 1)
    var keyframes: KeyframeRun?

    init(_ item: SnapItem) {
        self.item = item
        state = BodyState(position: item.center)
        previous = state
        target = item.center
    }

    /// Exactly at `point`, at rest, no world.
    mutating func rest(at point: Vector) {
        phase = .resting
        world = nil
        settleCount = 0
        keyframes = nil
        target = point
        previous = state
        state = BodyState(position: point)
    }
}

/// SKBounceAnimation keyframes an item follows, per axis, from the tick they start before.
struct KeyframeRun {
    var startTick: Int
    var duration: Double
    var x: [Double]
    var y: [Double]
}

/// A finger that is down.
struct SnapTouch {
    var id: TouchID
    var item: SnapItemID?
    var tracker = VelocityTracker()
    var downTime: Double
    var downPosition: Vector
    /// Whether it has moved since it went down (the first move springs the scale back).
    var moved = false
}

extension SnapAnimator {
    /// The moment of inertia every item's body gets: the largest the backends take
    /// (``Limits/moment``), so that even a rounding-sized torque could not turn it (none arises:
    /// every joint acts at the center, and the rotary spring's angle stays 0).
    static let moment = Limits.moment.upperBound

    func apply(_ input: SnapInput, tick k: Int) throws(FlingError) {
        journal?.append(AppliedSnapInput(tick: k, input: input))
        switch input {
        case .touch(let event): try apply(event, tick: k)
        case .send(let id, let target):
            guard let i = try? index(of: id) else { return }
            do throws(FlingError) { try retarget(i, to: target, tick: k) } catch {
                putToRest(i)
                throw FlingError(
                    error.code, field: "tick \(k), send item \(id.rawValue): \(error.field)",
                    value: error.value, reason: error.reason)
            }
        }
    }

    func apply(_ event: TouchEvent, tick k: Int) throws(FlingError) {
        var item: SnapItemID?
        do throws(FlingError) {
            switch event.phase {
            case .began:
                var touch = SnapTouch(id: event.touch, downTime: event.time, downPosition: event.position)
                touch.tracker.add(time: event.time, position: event.position)
                if let i = grabTarget(event) {
                    item = items[i].item.id
                    touch.item = item
                    touches.append(touch)
                    try grab(i, touch: event.touch, at: event.position, tick: k)
                } else {
                    touches.append(touch)
                }
            case .moved:
                guard let t = touches.firstIndex(where: { $0.id == event.touch }) else { return }
                touches[t].tracker.add(time: event.time, position: event.position)
                if !touches[t].moved, event.position != touches[t].downPosition {
                    touches[t].moved = true
                    if let held = touches[t].item, let i = try? index(of: held) { items[i].scale.target = 1 }
                }
                if let held = touches[t].item, let i = try? index(of: held) {
                    items[i].fingerTarget = items[i].item.axis.constrain(event.position + items[i].grabOffset)
                }
            case .ended, .cancelled:
                guard let t = touches.firstIndex(where: { $0.id == event.touch }) else { return }
                let touch = touches.remove(at: t)
                item = touch.item
                if let held = touch.item, let i = try? index(of: held) {
                    try release(i, velocity: touch.tracker.velocity, tick: k)
                }
                let d = event.position - touch.downPosition
                if event.phase == .ended, d.length <= configuration.tapSlop,
                    event.time - touch.downTime <= configuration.tapDuration
                {
                    events.append(SnapEvent(tick: k, item: touch.item, kind: .tapped(touch: event.touch, at: event.position)))
                }
            }
        } catch {
            if let item, let i = try? index(of: item) { putToRest(i) }
            let on = item.map { " on item \($0.rawValue)" } ?? ""
            throw FlingError(
                error.code, field: "tick \(k), touch \(event.touch.rawValue) \(event.phase.rawValue)\(on): \(error.field)",
                value: error.value, reason: error.reason)
        }
    }

    /// The item a `began` takes: the one the app named, or the frontmost draggable item
    /// under the point; nil if it is held already.
    func grabTarget(_ event: TouchEvent) -> Int? {
        var candidate: Int?
        if let id = event.tile {
            candidate = try? index(of: id)
        } else {
            for id in zOrder.reversed() {
                guard let i = try? index(of: id), items[i].item.isDraggable else { continue }
                if items[i].item.contains(event.position, center: items[i].state.position) { candidate = i; break }
            }
        }
        guard let i = candidate, items[i].item.isDraggable else { return nil }
        if case .held = items[i].phase { return nil }
        return i
    }

    /// Makes the item's world if it has none (at its current state), freeing any spring.
    func ensureWorld(_ i: Int) throws(FlingError) -> WorldID {
        if let world = items[i].world { return world }
        let world = try backend.makeWorld(
            WorldDefinition(
                mass: items[i].item.mass, moment: Self.moment, transform: Transform(position: items[i].state.position),
                gravity: .zero))
        items[i].world = world
        return world
    }

    func grab(_ i: Int, touch: TouchID, at point: Vector, tick k: Int) throws(FlingError) {
        let wasSpringing = items[i].phase == .springing
        let world = try ensureWorld(i)
        if wasSpringing {
            try backend.detachAttraction(from: world)
            try backend.setDamping(of: world, 1)
        }
        let center = items[i].state.position
        try backend.attachDrag(
            DragJoint(
                localAnchor: .zero, finger: center, maxForce: configuration.dragMaxAcceleration * items[i].item.mass,
                errorBias: configuration.dragErrorBias), to: world)
        items[i].phase = .held(by: touch)
        items[i].keyframes = nil
        items[i].grabOffset = center - point
        items[i].finger = center
        items[i].fingerTarget = center
        items[i].settleCount = 0
        items[i].scale.target = items[i].item.pressedScale
        let id = items[i].item.id
        if let z = zOrder.firstIndex(of: id) { zOrder.remove(at: z) }
        zOrder.append(id)
        events.append(SnapEvent(tick: k, item: id, kind: .grabbed(touch: touch)))
    }

    func release(_ i: Int, velocity estimate: Vector, tick k: Int) throws(FlingError) {
        func sane(_ x: Double) -> Double { x.isNaN ? 0 : min(max(x, -Limits.velocity), Limits.velocity) }
        var velocity = Vector(sane(estimate.x), sane(estimate.y))
        if case .horizontal = items[i].item.axis { velocity.y = 0 }
        let world = items[i].world!
        try backend.detachDrag(from: world)
        let p = items[i].state.position
        let projected = SnapProjection.project(p, velocity: velocity, decelerationRate: configuration.decelerationRate)
        let target = items[i].item.restingPlaces.nearest(to: projected)
        items[i].scale.target = 1
        events.append(SnapEvent(tick: k, item: items[i].item.id, kind: .released(velocity: velocity, projected: projected, target: target)))
        try travel(i, to: target, velocity: velocity, tick: k)
    }

    /// Sends a resting or travelling item to a new target (a held one is left to its finger).
    func retarget(_ i: Int, to target: Vector, tick k: Int) throws(FlingError) {
        if case .held = items[i].phase { return }
        if items[i].phase == .springing, let world = items[i].world {
            try backend.detachAttraction(from: world)
        }
        events.append(SnapEvent(tick: k, item: items[i].item.id, kind: .sent(target: target)))
        try travel(i, to: target, velocity: items[i].state.velocity, tick: k)
    }

    /// Starts the item's motion toward `target` with `velocity`: the spring on its world, or
    /// the keyframe curve (no world).
    func travel(_ i: Int, to target: Vector, velocity: Vector, tick k: Int) throws(FlingError) {
        items[i].target = target
        items[i].settleCount = 0
        switch items[i].item.motion {
        case .spring(let tuning):
            let world = try ensureWorld(i)
            // As the tile animator's: the spring's own damping acts only along its axis and a
            // zero-length spring is central, so a sideways throw would orbit the target; the
            // world's isotropic damping, velocity × exp(−2ζω) per second, gives
            // x'' + 2ζω x' + ω² x = 0 on both axes. Stiffness m ω², ω = 2π · frequency.
            let omega = 2 * Double.pi * tuning.frequency
            try backend.setDamping(of: world, Portable.exp(-2 * tuning.dampingRatio * omega))
            try backend.setVelocity(of: world, linear: velocity, angular: 0)
            let linear = tuning.constants(forInertia: items[i].item.mass)
            try backend.attachAttraction(
                Attraction(
                    origin: target, stiffness: linear.stiffness, damping: 0, angularStiffness: 0, angularDamping: 0), to: world)
            items[i].phase = .springing
            items[i].state.velocity = velocity
        case .keyframes(let curve):
            if let world = items[i].world { try backend.destroyWorld(world); items[i].world = nil }
            let p = items[i].state.position
            items[i].keyframes = KeyframeRun(
                startTick: k, duration: curve.duration,
                x: curve.keyframes(from: p.x, to: target.x), y: curve.keyframes(from: p.y, to: target.y))
            items[i].phase = .keyframing
            items[i].state = BodyState(position: p)
        }
    }

    /// Frees the item's world and lets go of any touch holding it; it rests on its target.
    func putToRest(_ i: Int) {
        if let world = items[i].world { try? backend.destroyWorld(world) }
        let id = items[i].item.id
        for t in touches.indices where touches[t].item == id { touches[t].item = nil }
        items[i].rest(at: items[i].target)
        items[i].scale = ScalarSpring(value: 1)
    }

    /// For scenes: sends an item from inside a tick (its rules follow from the ticks, so this
    /// is not journaled: a replay's scene sends it again).
    package func sceneSend(_ id: SnapItemID, to target: Vector, tick k: Int) throws(FlingError) {
        try retarget(try index(of: id), to: target, tick: k)
    }

    /// For scenes: mixes a scene's own numbers (a switch's alpha) into the digest.
    package func combineIntoDigest(_ x: Double) { digest.combine(x) }

    /// For scenes: the events of the tick being finished, from `first`.
    package func events(from first: Int) -> ArraySlice<SnapEvent> { events[first...] }
}
