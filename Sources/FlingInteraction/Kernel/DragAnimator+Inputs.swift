// Applying inputs at a tick boundary: touches (grab, finger moves, release) and the policy's
// own inputs, journaled first. Everything checkable was checked when an input was accepted;
// should a backend still refuse a value, the item concerned is put back at rest without a
// world and the touch holds nothing, so no world is orphaned and no record is half-changed,
// and the error names the tick, the touch and the item. A failing input is consumed too, and
// fails the same way in a replay. A `began` of a touch already down (never, once accepted)
// replaces its record. A release velocity that is degenerate or absurd (samples microseconds
// apart) must not reach the backend: each component is clamped to ±Limits.velocity, NaN to 0.
import FlingCore

extension DragAnimator where Policy: PolicyRules {
    /// Applies one input before tick `k`, journaling it first.
    func apply(_ input: Policy.Input, tick k: Int) throws(FlingError) {
        journal?.append(AppliedInput(tick: k, input: input))
        if let event = input.touchEvent {
            try apply(event, tick: k)
        } else if let d = input.dynamicsInput {
            try apply(d, tick: k)
        } else {
            try Policy.apply(self, input, tick: k)
        }
    }

    /// Applies the run of due `moved` touches at the head of the queue, as ``apply(_:tick:)``
    /// would one by one (a move cannot fail), with the queue, the touch slots and the records
    /// borrowed once for the run instead of once per touch: the fingers of a crowd of items
    /// move every frame. Not while journaling, which goes the general way.
    func applyDueMoves(tick k: Int) {
        guard journal == nil else { return }
        var queue = InputQueue<Policy.Input>()
        swap(&queue, &self.queue)
        defer { swap(&queue, &self.queue) }
        var records: [ItemRecord<Policy.Item>] = []
        swap(&records, &self.records)
        defer { swap(&records, &self.records) }
        let touches = self.touches
        touchSlots.withUnsafeMutableBufferPointer { slots in
            records.withUnsafeMutableBufferPointer { records in
                while let event = queue.popDueMove(tick: k) {
                    guard let slot = touches.value(for: event.touch) else { continue }
                    moveFinger(&slots[slot], event, records)
                }
            }
        }
    }

    /// A `moved` touch: a sample for its tracker, and its item's finger target (the policy's).
    @inline(__always)
    func moveFinger(_ touch: inout TouchRecord, _ event: TouchEvent, _ records: UnsafeMutableBufferPointer<ItemRecord<Policy.Item>>) {
        touch.tracker.add(time: event.time, position: event.position)
        guard let held = touch.item else { return }
        let hint = touch.itemHint
        guard
            let i = hint < records.count && records[hint].item.id.rawValue == held ? hint : Self.search(UnsafeBufferPointer(records), held)
        else { return }
        touch.fingerTarget = Policy.fingerTarget(self, i, records[i], &touch, to: event.position)
        touch.itemHint = i
    }

    func apply(_ event: TouchEvent, tick k: Int) throws(FlingError) {
        var item: Int?
        do throws(FlingError) {
            switch event.phase {
            case .began:
                let slot = touches.value(for: event.touch) ?? newTouchSlot(event.touch)
                touchSlots[slot].id = event.touch
                touchSlots[slot].item = nil
                touchSlots[slot].grip = nil
                touchSlots[slot].tracker.reset()
                touchSlots[slot].tracker.add(time: event.time, position: event.position)
                touchSlots[slot].downTime = event.time
                touchSlots[slot].downPosition = event.position
                touchSlots[slot].hasMoved = false
                if let i = grabTarget(event) {
                    item = records[i].item.id.rawValue
                    try grab(i, touch: event.touch, slot: slot, at: event.position, tick: k)
                    touchSlots[slot].item = item
                    touchSlots[slot].itemHint = i
                }
            case .moved:
                guard let slot = touches.value(for: event.touch) else { return }
                var touch = touchSlots[slot]
                records.withUnsafeMutableBufferPointer { moveFinger(&touch, event, $0) }
                touchSlots[slot] = touch
            case .ended, .cancelled:
                guard let slot = touches.remove(event.touch) else { return }
                freeTouchSlots.append(slot)
                item = touchSlots[slot].item
                let grip = touchSlots[slot].grip
                touchSlots[slot].grip = nil
                if let held = item, let grip, let i = itemIndex(held, hint: touchSlots[slot].itemHint) {
                    try release(
                        i, touch: event.touch, grip: grip, velocity: touchSlots[slot].tracker.velocity,
                        cancelled: event.phase == .cancelled, tick: k)
                }
                Policy.lifted(self, event, touchSlots[slot], tick: k)
            }
        } catch {
            if let item, let i = index(of: item) { putToRest(i) }
            throw tagged(error, "tick \(k), touch \(event.touch.rawValue) \(event.phase.rawValue)", item: item)
        }
    }

    /// `error` with `at` (and the item, if any) before its field.
    func tagged(_ error: FlingError, _ at: String, item: Int?) -> FlingError {
        let on = item.map { " on \(Policy.naming.noun) \($0)" } ?? ""
        return FlingError(error.code, field: "\(at)\(on): \(error.field)", value: error.value, reason: error.reason)
    }

    /// The item a `began` takes: the one the app named, or the one the policy finds under the
    /// finger; nil if it cannot be taken now (the policy says so, or it is held by as many
    /// fingers as ``DragSettings/fingersPerItem`` allows).
    func grabTarget(_ event: TouchEvent) -> Int? {
        let candidate = event.item.map { index(of: $0.rawValue) } ?? Policy.hit(self, at: event.position)
        guard let i = candidate else { return nil }
        if statuses[i].phase.holder != nil {
            // Held: by one finger at least, so with one finger per item it is taken.
            return settings.fingersPerItem > 1 && fingerCount(on: records[i].item.id.rawValue) < settings.fingersPerItem ? i : nil
        }
        return Policy.canGrab(self, i) ? i : nil
    }

    /// A finger takes item `i`: its world (made, or taken over) and the phase held, unless
    /// another finger holds it already; then a drag of the touch's own from its finger body to
    /// the policy's grip.
    func grab(_ i: Int, touch: TouchID, slot: Int, at point: Vector, tick k: Int) throws(FlingError) {
        acted(on: i)
        let world: WorldID
        let first = statuses[i].phase.holder == nil
        if let existing = statuses[i].world {
            world = existing
            if first { try Policy.takeOver(self, i, world: world) }
        } else {
            world = try makeWorld(i)
        }
        let grip = Policy.grip(self, i, at: point)
        let joint = settings.joint(mass: records[i].item.mass, anchor: grip.anchor, finger: grip.finger)
        touchSlots[slot].grip = try backend.addDrag(joint, to: world)
        touchSlots[slot].finger = grip.finger
        touchSlots[slot].fingerVelocity = .zero
        touchSlots[slot].fingerTarget = grip.finger
        if first {
            statuses[i].phase = .held(by: touch)
            records[i].settleCount = 0
            records[i].holdStart = records[i].state.position
        }
        Policy.grabbed(self, i, touch: touch, at: point, tick: k)
    }

    /// Item `i`'s world, made from the policy's definition if it has none, with the dynamics
    /// (walls, material, fields, the item's continuous pushes) when there are any.
    func makeWorld(_ i: Int) throws(FlingError) -> WorldID {
        if let world = statuses[i].world { return world }
        var definition = Policy.world(for: records[i], policy)
        if !walls.isEmpty { definition.size = Policy.box(of: records[i].item) }
        let world = try backend.makeWorld(definition)
        do { try configure(i, world) } catch {
            // The configuration's error is the one to throw; a world the backend then fails to
            // free is said in it, not dropped.
            do { try backend.destroyWorld(world) } catch let freeing {
                throw FlingError(
                    error.code, field: error.field, value: error.value,
                    reason: error.reason + "; and freeing the world made for it failed too (\(freeing))")
            }
            throw error
        }
        statuses[i].world = world
        return world
    }

    /// A finger lets go of item `i`: its drag goes; when it was the last finger on the item, the
    /// policy decides what the item does at the tracker's estimate; otherwise another finger
    /// holds it now.
    func release(
        _ i: Int, touch: TouchID, grip: JointID, velocity estimate: Vector, cancelled: Bool, tick k: Int
    ) throws(FlingError) {
        func sane(_ x: Double) -> Double { x.isNaN ? 0 : min(max(x, -Limits.velocity), Limits.velocity) }
        acted(on: i)
        try backend.removeDrag(grip, from: statuses[i].world!)
        if settings.fingersPerItem > 1, let next = firstFinger(on: records[i].item.id.rawValue) {
            if statuses[i].phase.holder == touch { statuses[i].phase = .held(by: touchSlots[next].id) }
            return
        }
        let first = events.count
        try Policy.release(self, i, velocity: Vector(sane(estimate.x), sane(estimate.y)), cancelled: cancelled, tick: k)
        // The release's event is the policy's first: it carries where the item now ends.
        if settings.predictionTicks != nil, events.count > first { events[first].prediction = releasePrediction(i) }
    }

    /// Frees the item's world, if any, and lets go of the touches holding it (the one its phase
    /// names and, with several fingers per item, every other). A backend that fails to destroy
    /// the world (it no longer knows it, or refuses) does not stop the item from coming to rest
    /// here: its error, naming the item, is kept in ``freeFailure`` and thrown when the tick that
    /// freed it is done.
    func freeWorld(_ i: Int) {
        if let world = statuses[i].world {
            do { try backend.destroyWorld(world) } catch {
                freeFailure = freeFailure ?? tagged(error, "tick \(clock.ticks), freeing \(world)", item: records[i].item.id.rawValue)
            }
        }
        forgetWorld(i)
    }

    /// For an app's call that frees item `i`'s world (reset, remove): destroys it first, so that
    /// a backend that fails throws with nothing changed; then the item has no world.
    func freeWorldFirst(_ i: Int) throws(FlingError) {
        guard let world = statuses[i].world else { return }
        do { try backend.destroyWorld(world) } catch { throw tagged(error, "freeing \(world)", item: records[i].item.id.rawValue) }
        forgetWorld(i)
    }

    /// Drops item `i`'s world from the animator (destroyed, or failed to be): its continuous
    /// pushes' forces and the touches holding it. Doing it twice does nothing more.
    func forgetWorld(_ i: Int) {
        if statuses[i].world != nil, records[i].pushCount > 0 { forcesGone(records[i].item.id.rawValue) }
        statuses[i].world = nil
        if let touch = statuses[i].phase.holder, let slot = touches.value(for: touch) {
            touchSlots[slot].item = nil
            touchSlots[slot].grip = nil
        }
        guard settings.fingersPerItem > 1 else { return }
        let id = records[i].item.id.rawValue
        for slot in touchSlots.indices where touchSlots[slot].grip != nil && touchSlots[slot].item == id {
            touchSlots[slot].grip = nil
            touchSlots[slot].item = nil
        }
    }

    /// Back at rest without a world, where the policy rests it.
    func putToRest(_ i: Int) {
        freeWorld(i)
        statuses[i].phase = .resting
        records[i].settleCount = 0
        Policy.rest(self, i)
    }

    /// Inserts an item at rest at index `at` of the sorted records.
    func insert(_ item: Policy.Item, at: Int) {
        records.insert(ItemRecord(item, at: Policy.home(of: item)), at: at)
        statuses.insert(ItemStatus(phase: .resting, world: nil), at: at)
    }

    func remove(at i: Int) {
        freeWorld(i)
        dropPushes(of: records[i].item.id.rawValue)
        records.remove(at: i)
        statuses.remove(at: i)
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
}
