import FlingCore

/// Draggable items that snap to resting places when released: the engine of chat heads, the
/// sun switch and picture-in-picture windows, on the same backends, clock, touch rules,
/// velocity tracker and input queue as ``TileAnimator``.
///
/// A touch on an item makes a world for it: one body (effectively infinite moment of inertia)
/// and a drag joint from a kinematic finger body to the body's **center**; the finger body
/// follows the touch minus the grab offset, so the item does not jump and no joint force has
/// a lever arm: the angle and spin stay exactly 0, bit for bit. On release the item's target
/// is the resting place nearest the projected position (``SnapProjection``); a damped spring of
/// rest length 0, started with the release velocity, carries it there (or SKBounceAnimation
/// keyframes, ``SnapMotion/keyframes(_:)``), and once under the settle thresholds it is placed
/// exactly on the target and its world freed.
///
/// Inputs go through the tile animator's queue: touches apply before the first tick starting
/// at or after their time (late touches before the next tick, stalled frames keep their
/// spacing), so the same touches give the same ticks at any display rate.
public final class SnapAnimator {
    public let configuration: SnapConfiguration
    package let backend: any PhysicsBackend
    /// The timestamp that is time 0 of the animator's timeline, in the app's clock. Default 0.
    public let timeOrigin: Double
    public internal(set) var clock: FixedStepClock
    /// The chained digest of every tick: every item's state and scale, in id order.
    public internal(set) var digest = StateDigest()
    /// Item ids from back to front: a grabbed item comes to the front.
    public internal(set) var zOrder: [SnapItemID]

    /// Items, sorted by id.
    var items: [SnapRecord]
    var touches: [SnapTouch] = []
    var queue = InputQueue<SnapInput>()
    var accepted = TouchSequence()
    /// Every input applied, with its tick, while recorded; nil otherwise.
    package var journal: [AppliedSnapInput]?
    var carried: [SnapEvent] = []
    var events: [SnapEvent] = []
    var liveWorlds: [WorldID] = []
    var liveIndices: [Int] = []
    var states: [BodyState] = []
    /// A scene's rules (chat heads, a switch), run at the end of every tick with the index of
    /// the tick's first event. What it does follows from the ticks alone, so a replay of the
    /// animator's inputs repeats it.
    package var scene: ((_ animator: SnapAnimator, _ tick: Int, _ firstEvent: Int) -> Void)?

    /// - Parameters:
    ///   - items: at rest at their centers; ids must be unique.
    ///   - backend: a fresh backend, the animator's alone.
    public init(
        items: [SnapItem], configuration: SnapConfiguration = .init(),
        backend: any PhysicsBackend, timeOrigin: Double = 0
    ) throws(FlingError) {
        try configuration.validate()
        try Check.range(timeOrigin, -1e12...1e12, "timeOrigin")
        guard backend.solverIterations == configuration.solverIterations else {
            throw FlingError(
                .invalidState, field: "backend.solverIterations", value: "\(backend.solverIterations)",
                reason: "must equal SnapConfiguration.solverIterations, \(configuration.solverIterations)")
        }
        for item in items { try item.validate(tick: configuration.tick) }
        let sorted = items.sorted { $0.id < $1.id }
        for n in sorted.indices.dropFirst() where sorted[n].id == sorted[n - 1].id {
            throw FlingError(
                .duplicateTile, field: "SnapItem.id", value: "\(sorted[n].id.rawValue)",
                reason: "an item with this id exists")
        }
        self.configuration = configuration
        self.backend = backend
        self.timeOrigin = timeOrigin
        self.clock = try FixedStepClock(tick: configuration.tick, maxFrameInterval: configuration.maxFrameInterval)
        self.items = sorted.map(SnapRecord.init)
        self.zOrder = items.map(\.id)
    }

    /// The items' definitions, in id order.
    public var itemDefinitions: [SnapItem] { items.map(\.item) }

    /// The item's definition, phase, state, target and scale after the last tick.
    public func snapshot(of id: SnapItemID) throws(FlingError) -> SnapSnapshot {
        let r = items[try index(of: id)]
        return SnapSnapshot(item: r.item, phase: r.phase, state: r.state, target: r.target, scale: r.scale.value)
    }

    /// The center to draw at the last display time (the last two tick states interpolated).
    public func drawnCenter(of id: SnapItemID) throws(FlingError) -> Vector {
        let r = items[try index(of: id)]
        let f = clock.fraction
        return r.previous.position + (r.state.position - r.previous.position) * f
    }

    /// Accepts a touch (times in the app's clock), applied before the first tick that starts
    /// at or after its time, by the tile animator's rules (``TileAnimator/handle(_:)``).
    /// Throws, changing nothing, for bad numbers, times out of order, a `began` of a touch
    /// already down or naming an unknown item, or another phase of a touch not down.
    public func handle(_ event: TouchEvent) throws(FlingError) {
        func label() -> String { "TouchEvent(touch \(event.touch.rawValue), \(event.phase.rawValue))" }
        var e = event
        e.time = try relative(event.time, "\(label()).time")
        if e.phase != .began { e.tile = nil }
        try accepted.accept(e, field: { "\(label()).\($0)" }, knows: { (try? index(of: $0)) != nil })
        queue.enqueue(
            PendingInput(
                input: .touch(e), time: e.time,
                tick: InputQueue<SnapInput>.tick(forAccepted: e.time, clock: clock)))
    }

    /// Sends an item to `target` from wherever it is (with its velocity), by its spring or
    /// curve, before the next tick. A held item keeps its finger and ignores it.
    public func send(_ id: SnapItemID, to target: Vector) throws(FlingError) {
        _ = try index(of: id)
        try Check.coordinate(target, "send.target")
        queue.enqueue(PendingInput(input: .send(id, target), time: -.infinity, tick: clock.ticks))
    }

    /// Queues a recorded input for its tick (the replayer's way in).
    package func schedule(_ input: SnapInput, tick: Int?) throws(FlingError) {
        if let tick, tick < clock.ticks {
            throw FlingError(.outOfOrder, field: "schedule.tick", value: "\(tick)", reason: "tick \(clock.ticks) is next")
        }
        switch input {
        case .touch(let event):
            try accepted.accept(event, field: { "TouchEvent.\($0)" }, knows: { (try? self.index(of: $0)) != nil })
            queue.enqueue(PendingInput(input: input, time: event.time, tick: tick))
        case .send(_, let target):
            try Check.coordinate(target, "send.target")
            guard let tick else {
                throw FlingError(.malformedInput, field: "schedule.tick", value: "nil", reason: "a send needs its tick")
            }
            queue.enqueue(PendingInput(input: input, time: -.infinity, tick: tick))
        }
    }

    /// Whether every input accepted so far has been applied.
    package var isDrained: Bool { queue.isDrained }

    /// Whether every item rests and every input has been applied.
    public var isIdle: Bool {
        queue.isDrained && items.allSatisfy { $0.phase == .resting && $0.scale.isAtRest }
    }

    /// Moves the display time to `time` (app's clock, never decreasing), stepping every due
    /// tick, and returns the events of those ticks. Transactional per input as
    /// ``TileAnimator/advance(to:)``: a failing input is consumed, its item put at rest on its
    /// target, events of ticks already stepped are returned by the next call.
    @discardableResult
    public func advance(to time: Double) throws(FlingError) -> [SnapEvent] {
        try advanceTicks(to: time)
    }

    /// One tick: apply due inputs, move fingers, step every world, advance keyframes and
    /// scales, chain the digest, settle, then run the scene's rules.
    func stepTick() throws(FlingError) {
        let k = clock.ticks
        let dt = configuration.tick
        let firstEvent = events.count
        while let input = queue.popDue(tick: k) { try apply(input, tick: k) }
        queue.compact()

        // As in the tile animator: a backend refusing a held item's finger costs that item its
        // world (it rests on its target), not the tick; the error is thrown once the tick is done.
        var failure: FlingError?
        for i in items.indices {
            guard let world = items[i].world, case .held(let touch) = items[i].phase else { continue }
            let target = items[i].fingerTarget, from = items[i].finger
            do throws(FlingError) {
                try backend.moveFinger(in: world, to: target, velocity: Vector((target.x - from.x) / dt, (target.y - from.y) / dt))
                items[i].finger = target
            } catch {
                failure =
                    failure
                    ?? FlingError(
                        error.code, field: "tick \(k), touch \(touch.rawValue) moved on item \(items[i].item.id.rawValue): \(error.field)",
                        value: error.value, reason: error.reason)
                putToRest(i)
            }
        }
        liveWorlds.removeAll(keepingCapacity: true)
        liveIndices.removeAll(keepingCapacity: true)
        for i in items.indices {
            guard let world = items[i].world else { continue }
            liveWorlds.append(world)
            liveIndices.append(i)
        }
        try backend.step(by: dt)
        try backend.readStates(of: liveWorlds, into: &states)
        for (n, i) in liveIndices.enumerated() {
            items[i].previous = items[i].state
            items[i].state = states[n]
        }
        for i in items.indices {
            if items[i].phase == .keyframing { stepKeyframes(i, tick: k) }
            items[i].scale.step(by: dt, tuning: configuration.scaleSpring)
            digest.combine(items[i].state)
            digest.combine(items[i].scale.value)
        }
        try settle(tick: k)
        clock.completeTick()
        scene?(self, k, firstEvent)
        if let failure { throw failure }
    }

    /// Places a keyframing item on its curve at the end of tick `k`, or on its target once
    /// the curve is over.
    func stepKeyframes(_ i: Int, tick k: Int) {
        guard let run = items[i].keyframes else { return }
        let elapsed = Double(k + 1 - run.startTick) * configuration.tick
        items[i].previous = items[i].state
        if let x = BounceCurve.value(run.x, at: elapsed, duration: run.duration),
            let y = BounceCurve.value(run.y, at: elapsed, duration: run.duration)
        {
            items[i].state = BodyState(position: Vector(x, y))
        } else {
            items[i].rest(at: items[i].target)
            events.append(SnapEvent(tick: k, item: items[i].item.id, kind: .settled(at: items[i].target)))
        }
    }

    func settle(tick k: Int) throws(FlingError) {
        let s = configuration.settle
        for i in items.indices where items[i].phase == .springing {
            let r = items[i]
            let home = (r.state.position - r.target).length <= s.distance && r.state.velocity.length <= s.speed
            items[i].settleCount = home ? r.settleCount + 1 : 0
            if items[i].settleCount >= s.ticks {
                if let world = r.world { try backend.destroyWorld(world) }
                items[i].rest(at: r.target)
                events.append(SnapEvent(tick: k, item: r.item.id, kind: .settled(at: r.target)))
            }
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

    func index(of id: SnapItemID) throws(FlingError) -> Int {
        var lo = 0, hi = items.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if items[mid].item.id < id { lo = mid + 1 } else { hi = mid }
        }
        guard lo < items.count, items[lo].item.id == id else {
            throw FlingError(.unknownTile, field: "SnapItemID", value: "\(id.rawValue)", reason: "no item has this id")
        }
        return lo
    }
}
