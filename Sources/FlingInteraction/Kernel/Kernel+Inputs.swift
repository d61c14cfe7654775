// Accepting inputs, and applying them at a tick boundary: touches (grab, finger moves, release)
// and the policy's own inputs, journaled first. Everything checkable is checked when an input is
// accepted; should a backend still refuse a value, the item concerned is put back at rest
// without a world and the touch holds nothing, so no world is orphaned and no column is
// half-changed, and the error names the tick, the touch and the item. A failing input is
// consumed too, and fails the same way in a replay. A `began` of a touch already down (never,
// once accepted) replaces its record. A release velocity that is degenerate or absurd (samples
// microseconds apart) must not reach the backend: each component is clamped to
// ±Limits.velocity, NaN to 0.
import FlingCore

extension Kernel {
    // MARK: - Accepting

    /// Accepts a touch event (its time in the app's clock), to be applied before the first tick
    /// that starts at or after its time.
    @inline(__always)
    mutating func accept(_ event: TouchEvent) throws(FlingError) {
        func label() -> String { "TouchEvent(touch \(event.touch.rawValue), \(event.phase.rawValue))" }
        var e = event
        e.time = try relative(event.time, "\(label()).time")
        if e.phase != .began { e.item = nil }
        let known = e.item.map { items.index(of: $0.rawValue) != nil } ?? true
        let entry = try acceptTouch(e, field: { "\(label()).\($0)" }, knows: { _ in known })
        // Already displayed: its tick is known now (the next one, if its own has been stepped).
        queue.enqueue(accepted: e, clock: clock, finger: entry.hint)
    }

    /// Accepts touch events in order, as ``accept(_:)`` one by one: those before a failing one
    /// stay accepted; it and those after it are not, and its error's field starts with its index.
    mutating func accept(contentsOf events: [TouchEvent]) throws(FlingError) {
        for n in events.indices {
            do { try accept(events[n]) } catch {
                throw FlingError(error.code, field: "events[\(n)], \(error.field)", value: error.value, reason: error.reason)
            }
        }
    }

    /// Queues an input of a recording for the tick it was applied at (`nil`: a touch's own time
    /// decides, as for a handled one). For the replayer, which validated the recording.
    mutating func schedule(_ input: Policy.Input, tick: Int?) throws(FlingError) {
        if let tick, tick < clock.ticks {
            throw FlingError(.outOfOrder, field: "schedule.tick", value: "\(tick)", reason: "tick \(clock.ticks) is next")
        }
        switch input.kernelInput {
        case .touch(let event):
            // Items may come and go with the recording's own inputs: the recording checked the names.
            _ = try acceptTouch(event, field: { "TouchEvent.\($0)" }, knows: { _ in true })
            queue.enqueue(input, tick: tick)
            return
        case .dynamics(let d): try check(d, scheduled: true)
        case .add(let item): try Self.checkBackend(backend, for: item)
        case .reset, .remove: break
        case .own: try input.check()
        }
        guard let tick else {
            throw FlingError(.malformedInput, field: "schedule.tick", value: "nil", reason: "an input other than a touch needs its tick")
        }
        queue.enqueue(input, tick: tick)
    }

    /// Checks a touch against the touches accepted so far (``TouchSequence``'s rules) and accepts
    /// it; returns its entry as it was (what it says of the touch's finger).
    @inline(__always)
    mutating func acceptTouch(
        _ e: TouchEvent, field: (String) -> String, knows: (TouchEvent.ItemID) -> Bool
    ) throws(FlingError) -> Fingers.Entry {
        let entry = fingers.entry(e.touch)
        let change = try TouchSequence.check(
            e, isDown: entry.accepted, after: fingers.lastAccepted, field: field, naming: Policy.Item.naming, knows: knows)
        fingers.lastAccepted = e.time
        switch change {
        case .none: break
        case .add: fingers.store(Fingers.Entry(entry.value | 1), for: e.touch)
        case .remove: fingers.store(Fingers.Entry(entry.value & ~1), for: e.touch)
        }
        return entry
    }

    /// `time` in the app's clock as seconds on the animator's timeline.
    func relative(_ time: Double, _ field: @autoclosure () -> String) throws(FlingError) -> Double {
        try Check.range(time, -1e12...1e12, field())
        let t = time - timeOrigin
        guard t >= 0 else {
            throw FlingError(
                .outOfRange, field: field(), value: "\(time)", reason: "is before the animator's time origin, \(timeOrigin)")
        }
        return t
    }

    /// Accepts the app's own input for the next tick boundary (a send), checked by the caller.
    mutating func accept(own input: Policy.Input) {
        queue.enqueue(input, tick: clock.ticks)
    }

    // MARK: - The app's changes to the items

    /// Adds an item at rest at its home, journaled (an app's call).
    mutating func addItem(_ item: Policy.Item, journaled input: Policy.Input) throws(FlingError) {
        let memory = try policy.admit(item, at: items.count, settings: settings)
        try Self.checkBackend(backend, for: item)
        let at = items.insertionIndex(item.id.rawValue)
        guard at == items.count || items.items[at].id != item.id else { throw Policy.Item.naming.duplicate(item.id.rawValue) }
        journal?.append(AppliedInput(tick: clock.ticks, input: input))
        insert(item, memory: memory, at: at)
    }

    /// Removes an item (freeing its world, first: a backend that fails throws with nothing
    /// changed), journaled (an app's call).
    mutating func removeItem(_ id: Identifier<Policy.Item>, journaled input: Policy.Input) throws(FlingError) {
        let i = try index(of: id)
        try freeWorldFirst(i)
        journal?.append(AppliedInput(tick: clock.ticks, input: input))
        remove(at: i)
    }

    /// Puts an item back at rest (freeing its world, first), journaled (an app's call).
    mutating func resetItem(_ id: Identifier<Policy.Item>, journaled input: Policy.Input) throws(FlingError) {
        let i = try index(of: id)
        try freeWorldFirst(i)
        journal?.append(AppliedInput(tick: clock.ticks, input: input))
        acted(on: i)
        putToRest(i)
    }

    // MARK: - Applying

    /// Applies one input before tick `k`, journaling it first.
    mutating func apply(_ input: Policy.Input, tick k: Int) throws(FlingError) {
        journal?.append(AppliedInput(tick: k, input: input))
        switch input.kernelInput {
        case .touch(let event): try apply(event, tick: k)
        case .dynamics(let d): try apply(d, tick: k)
        case .reset(let id):
            if let i = index(of: id) {
                acted(on: i)
                putToRest(i)
            }
        case .add(let item):
            let at = items.insertionIndex(item.id.rawValue)
            // Validated when it was accepted or scheduled: its memory is the policy's at rest.
            if at == items.count || items.items[at].id != item.id, let memory = try? policy.admit(item, at: at, settings: settings) {
                insert(item, memory: memory, at: at)
            }
        case .remove(let id): if let i = index(of: id) { remove(at: i) }
        case .own(let id, let call): try applyOwn(input, to: id, call: call, tick: k)
        }
    }

    /// One of the policy's own inputs on the item of raw id `id` (a missing item: nothing). An
    /// input whose decision changes nothing did not act on the item.
    mutating func applyOwn(_ input: Policy.Input, to id: Int, call: String, tick k: Int) throws(FlingError) {
        guard let i = index(of: id) else { return }
        let decision = policy.apply(input, to: items.view(i), tick: k)
        guard !decision.isEmpty else { return }
        acted(on: i)
        do { try apply(decision, to: i) } catch {
            putToRest(i)
            throw FlingError(
                error.code, field: "tick \(k), \(call) \(Policy.Item.naming.noun) \(id): \(error.field)", value: error.value,
                reason: error.reason)
        }
    }

    /// Applies the run of due `moved` touches at the head of the queue, as ``apply(_:tick:)``
    /// would one by one (a move cannot fail): the fingers of a crowd of items move every frame.
    /// Not while journaling, which goes the general way.
    mutating func applyDueMoves(tick k: Int) {
        guard journal == nil else { return }
        let policy = self.policy
        while let (event, hint) = queue.popDueMove(tick: k) {
            guard let slot = fingers.slot(of: event.touch, hint: hint) else { continue }
            moveFinger(slot, event, policy)
        }
    }

    /// A `moved` touch: a sample for its tracker, and its item's finger target (the policy's).
    @inline(__always)
    mutating func moveFinger(_ slot: Int, _ event: TouchEvent, _ policy: Policy) {
        fingers.trackers[slot].add(time: event.time, position: event.position)
        guard fingers.slots[slot].item != nil else { return }
        let i = fingers.slots[slot].index
        let target = policy.fingerTarget(items.view(i), fingers.slots[slot].view, to: event.position, tick: clock.ticks)
        fingers.slots[slot].fingerTarget = target.position
        if let memory = target.memory { setMemory(i, memory) }
    }

    mutating func apply(_ event: TouchEvent, tick k: Int) throws(FlingError) {
        var item: Int?
        do throws(FlingError) {
            switch event.phase {
            case .began:
                let slot = fingers.slot(of: event.touch) ?? fingers.newSlot(event.touch, expected: items.count * settings.fingersPerItem)
                fingers.slots[slot].id = event.touch
                fingers.slots[slot].item = nil
                fingers.slots[slot].drag = nil
                fingers.trackers[slot].reset()
                fingers.trackers[slot].add(time: event.time, position: event.position)
                fingers.slots[slot].downTime = event.time
                fingers.slots[slot].downPosition = event.position
                var named: Int?
                if let id = event.item {
                    // An item named but gone (a recording's, scheduled): no grab.
                    guard let i = items.index(of: id.rawValue) else { return }
                    named = i
                }
                let extraFingers = settings.fingersPerItem > 1
                var table = items.table
                table.front = front()
                guard
                    let taken = policy.grab(
                        table, named: named, at: event.position, touch: event.touch, tick: k,
                        extraFinger: { i in extraFingers && fingers.count(on: items.items[i].id.rawValue) < settings.fingersPerItem })
                else { return }
                item = items.items[taken.index].id.rawValue
                try self.grab(taken.index, taken.grab, touch: event.touch, slot: slot)
                fingers.slots[slot].item = item
                fingers.slots[slot].index = taken.index
            case .moved:
                guard let slot = fingers.slot(of: event.touch) else { return }
                moveFinger(slot, event, policy)
            case .ended, .cancelled:
                guard let slot = fingers.freeSlot(event.touch) else { return }
                item = fingers.slots[slot].item
                let drag = fingers.slots[slot].drag
                fingers.slots[slot].drag = nil
                if item != nil, let drag {
                    try release(
                        fingers.slots[slot].index, touch: event.touch, drag: drag, velocity: fingers.trackers[slot].velocity,
                        cancelled: event.phase == .cancelled, tick: k)
                }
                if let tap = policy.lifted(event, fingers.slots[slot].view, tick: k) { events.append(tap) }
            }
        } catch {
            if let item, let i = index(of: item) { putToRest(i) }
            throw tagged(error, "tick \(k), touch \(event.touch.rawValue) \(event.phase.rawValue)", item: item)
        }
    }

    /// A finger takes item `i`: its world (made, or taken over by the grab's edits) and the phase
    /// held, unless another finger holds it already; then a drag of the touch's own from its
    /// finger body to the grab's anchor.
    mutating func grab(_ i: Int, _ grab: Grab<Policy>, touch: TouchID, slot: Int) throws(FlingError) {
        acted(on: i)
        let first = items.phases[i].holder == nil
        let world = try makeWorld(i, grab.world)
        for e in 0..<grab.decision.edits.count { try apply(grab.decision.edits[e], to: i) }
        let joint = settings.joint(mass: items.items[i].mass, anchor: grab.anchor, finger: grab.finger)
        fingers.slots[slot].drag = try backend.addDrag(joint, to: world)
        fingers.slots[slot].finger = grab.finger
        fingers.slots[slot].fingerVelocity = .zero
        fingers.slots[slot].fingerTarget = grab.finger
        if first { items.phases[i] = .held(by: touch) }
        settle(grab.decision, on: i)
    }

    /// A finger lets go of item `i`: its drag goes; when it was the last finger on the item, the
    /// policy decides what the item does at the tracker's estimate; otherwise another finger
    /// holds it now.
    mutating func release(
        _ i: Int, touch: TouchID, drag: JointID, velocity estimate: Vector, cancelled: Bool, tick k: Int
    ) throws(FlingError) {
        func sane(_ x: Double) -> Double { x.isNaN ? 0 : min(max(x, -Limits.velocity), Limits.velocity) }
        acted(on: i)
        guard let world = items.worlds[i] else { return }
        try backend.removeDrag(drag, from: world)
        if settings.fingersPerItem > 1, let next = fingers.first(on: items.items[i].id.rawValue) {
            if items.phases[i].holder == touch { items.phases[i] = .held(by: fingers.slots[next].id) }
            return
        }
        let first = events.count
        let decision = policy.release(
            items.view(i), velocity: Vector(sane(estimate.x), sane(estimate.y)), cancelled: cancelled, tick: k)
        try apply(decision, to: i)
        // The release's event is the policy's first: it carries where the item now ends.
        if settings.predictionTicks != nil, events.count > first { events[first].prediction = releasePrediction(i) }
    }
}
