// What a restore checks: that a state is one this kernel could have reached, field by field,
// before anything changes. A snapshot's checksum proves only that its bytes are whole; an
// outsider can edit them and compute it again. So every field a later call or tick reads is
// held to the kernel's invariants: the clock and the display time in range and agreeing, the
// items valid and in id order, each phase that needs a world with one and no other, every joint
// in a world a finger's drag or the item's home pivots, the home springs where the kernel put
// them, every force a continuous push's, the fingers and the touches accepted ahead of the ticks
// telling the same story, the queue's marks and inputs, the counters within what the kernel
// counted; then the policy checks its memories. Each refusal is a typed error naming the field.
import FlingCore

extension Kernel {
    /// The largest count a snapshot may hold (ticks ahead of it, inputs, ids): 2⁶², so that no
    /// count it holds can overflow while the animator runs on.
    static var countBound: Int { 1 << 62 }

    /// Throws ``FlingError/Code/malformedInput``, naming the field, unless `s` could be this
    /// kernel's own state. The policy may put its own definitions of the items in
    /// (``SnapshotRules/validate(_:ticks:)``).
    func check(_ s: inout KernelState<Policy>) throws(FlingError) {
        do { try checkFields(&s) } catch {
            let field = error.field.hasPrefix("AnimatorSnapshot.") ? error.field : "AnimatorSnapshot.\(error.field)"
            throw FlingError(.malformedInput, field: field, value: error.value, reason: error.reason)
        }
    }

    /// `body`'s error, if any, named as `field`'s.
    func named(_ field: String, _ body: () throws(FlingError) -> Void) throws(FlingError) {
        do { try body() } catch {
            throw FlingError(error.code, field: "AnimatorSnapshot.\(field): \(error.field)", value: error.value, reason: error.reason)
        }
    }

    func checkFields(_ s: inout KernelState<Policy>) throws(FlingError) {
        func bad(_ field: String, _ value: String, _ reason: String) -> FlingError {
            FlingError(.malformedInput, field: "AnimatorSnapshot.\(field)", value: value, reason: reason)
        }
        // The clock: this animator's tick and clamp, its times finite, in range and agreeing.
        let c = s.clock
        guard c.tick == clock.tick, c.maxFrameInterval == clock.maxFrameInterval else {
            throw bad("clock", "tick \(c.tick)", "the animator's tick is \(clock.tick)")
        }
        let span = 0...2e12
        guard span.contains(c.displayTime) else { throw bad("clock.displayTime", "\(c.displayTime)", "must lie in 0...2e12") }
        guard (0...c.displayTime).contains(c.droppedTime) else {
            throw bad("clock.droppedTime", "\(c.droppedTime)", "must lie in 0...displayTime (\(c.displayTime))")
        }
        guard c.simulatedTime.bitPattern == (c.displayTime - c.droppedTime).bitPattern else {
            throw bad("clock.simulatedTime", "\(c.simulatedTime)", "must be displayTime − droppedTime")
        }
        guard (0...FixedStepClock.ticksEnded(by: c.simulatedTime, tick: c.tick)).contains(c.ticks) else {
            throw bad("clock.ticks", "\(c.ticks)", "must lie within the ticks the simulated time has ended")
        }
        guard (0...Self.countBound).contains(s.actions) else { throw bad("actions", "\(s.actions)", "must lie in 0...2⁶²") }
        guard (0...s.actions).contains(s.fieldsAction) else {
            throw bad("fieldsAction", "\(s.fieldsAction)", "must lie within the inputs counted, 0...\(s.actions)")
        }

        // The columns.
        let n = s.items.count
        for (name, count) in [
            ("phases", s.phases.count), ("worlds", s.worlds.count), ("states", s.states.count), ("previous", s.previous.count),
            ("memories", s.memories.count), ("homes", s.homes.count), ("pushCounts", s.pushCounts.count),
            ("lastActions", s.lastActions.count), ("predictedAfter", s.predictedAfter.count),
        ] where count != n {
            throw bad(name, "\(count)", "one per item: \(n)")
        }
        for k in 0..<n {
            do { _ = try policy.admit(s.items[k], at: k, settings: settings) } catch {
                throw FlingError(
                    error.code, field: "AnimatorSnapshot.items[\(k)]: \(error.field)", value: error.value, reason: error.reason)
            }
            if k > 0, s.items[k - 1].id >= s.items[k].id {
                throw bad("items[\(k)]", "\(s.items[k].id)", "items must be in increasing id order")
            }
            try checkState(s.states[k], "states[\(k)]")
            try checkState(s.previous[k], "previous[\(k)]")
            guard s.phases[k].hasWorld == (s.worlds[k] != nil) else {
                throw bad(
                    "phases[\(k)]", "\(s.phases[k])",
                    s.worlds[k] == nil ? "an item in this phase has a world; this one has none" : "an item in this phase has no world")
            }
            guard (0...s.actions).contains(s.lastActions[k]), (0...s.actions).contains(s.predictedAfter[k]) else {
                throw bad("lastActions[\(k)]", "\(s.lastActions[k])", "an input's number lies within the inputs counted, 0...\(s.actions)")
            }
        }

        // The fingers: the free slots distinct and in range; a touch down once; a finger holds
        // its item (by index) exactly when it has a drag; a held item's holder is down on it.
        let slots = s.touchSlots.count
        guard s.trackers.count == slots else { throw bad("trackers", "\(s.trackers.count)", "one per touch slot: \(slots)") }
        guard Set(s.freeTouchSlots).count == s.freeTouchSlots.count, s.freeTouchSlots.allSatisfy({ (0..<slots).contains($0) }) else {
            throw bad("freeTouchSlots", "\(s.freeTouchSlots.count)", "must be distinct slots of the \(slots)")
        }
        let free = Set(s.freeTouchSlots)
        var down: [Int: Int] = [:]
        var drags = [[JointID]](repeating: [], count: n)
        for k in 0..<slots {
            let t = s.touchSlots[k]
            try checkFinger(t, "touchSlots[\(k)]")
            if free.contains(k) {
                guard t.drag == nil else { throw bad("touchSlots[\(k)].drag", "\(t.drag!)", "a free slot holds nothing") }
                continue
            }
            guard down.updateValue(k, forKey: t.id.rawValue) == nil else {
                throw bad("touchSlots[\(k)].id", "\(t.id)", "is down in another slot")
            }
            guard (t.drag == nil) == (t.item == nil) else {
                throw bad("touchSlots[\(k)].drag", "\(String(describing: t.drag))", "a finger has a drag exactly when it holds an item")
            }
            guard let drag = t.drag, let item = t.item else { continue }
            guard (0..<n).contains(t.index), s.items[t.index].id.rawValue == item else {
                throw bad("touchSlots[\(k)].index", "\(t.index)", "must be the index of the item it holds (\(item))")
            }
            guard s.worlds[t.index] != nil, s.phases[t.index].holder != nil else {
                throw bad("touchSlots[\(k)].item", "\(item)", "a finger holds an item that has a world and is held")
            }
            drags[t.index].append(drag)
        }
        for k in 0..<n {
            guard let holder = s.phases[k].holder else {
                guard drags[k].isEmpty else { throw bad("phases[\(k)]", "\(s.phases[k])", "an item a finger holds is held") }
                continue
            }
            guard let slot = down[holder.rawValue], s.touchSlots[slot].item == s.items[k].id.rawValue else {
                throw bad("phases[\(k)]", "held by \(holder)", "an item is held by a touch that is down on it")
            }
            guard drags[k].count <= settings.fingersPerItem else {
                throw bad("phases[\(k)]", "\(drags[k].count) fingers", "at most \(settings.fingersPerItem) fingers hold an item")
            }
        }

        // The pushes: each on an item, valid, counted by its item; a force only in its item's
        // world; ids below the next.
        let ids = Dictionary(uniqueKeysWithValues: s.items.enumerated().map { ($1.id.rawValue, $0) })
        var pushCounts = [Int](repeating: 0, count: n)
        var forces = [[ForceID]](repeating: [], count: n)
        for (k, p) in s.pushes.enumerated() {
            guard let i = ids[p.item] else { throw bad("pushes[\(k)].item", "\(p.item)", "names no item") }
            try named("pushes[\(k)]") { () throws(FlingError) in try BackendValidation.push(p.push) }
            pushCounts[i] += 1
            if let force = p.force {
                guard s.worlds[i] != nil else { throw bad("pushes[\(k)].force", "\(force)", "a push has a force only in its item's world") }
                forces[i].append(force)
            }
        }
        for k in 0..<n where s.pushCounts[k] != pushCounts[k] {
            throw bad("pushCounts[\(k)]", "\(s.pushCounts[k])", "must count the item's continuous pushes (\(pushCounts[k]))")
        }
        guard Set(s.pushes.map(\.id)).count == s.pushes.count, Set(s.acceptedPushes.map(\.id)).count == s.acceptedPushes.count else {
            throw bad("pushes", "\(s.pushes.count)", "each continuous push is on once")
        }
        guard (1...Self.countBound).contains(s.nextPush), s.acceptedPushes.allSatisfy({ $0.id.rawValue < s.nextPush }),
            s.pushes.allSatisfy({ $0.id.rawValue < s.nextPush })
        else { throw bad("nextPush", "\(s.nextPush)", "must lie past every push's id") }
        try DynamicsSettings.validate(fields: s.fields, "AnimatorSnapshot.fields")
        if let walls = s.walls { try DynamicsSettings.validate(walls: walls, replacing: configuredWalls, "AnimatorSnapshot.walls") }

        // Each world: every joint a finger's drag or the item's home pivots (no other joint),
        // the home springs exactly where the kernel attached them, every force a push's, and the
        // walls and fields the kernel gives every world.
        for k in 0..<n {
            guard let w = s.worlds[k] else {
                guard s.homes[k] == .none else {
                    throw bad("homes[\(k)]", "\(s.homes[k])", "an item without a world has nothing pulling it home")
                }
                continue
            }
            var pivots: [JointID] = [], worldDrags: [JointID] = []
            for joint in w.joints {
                switch joint.kind {
                case .drag: worldDrags.append(joint.id)
                case .pivot: pivots.append(joint.id)
                case .gear: throw bad("worlds[\(k)].joints", "gear \(joint.id)", "every joint is a finger's drag or the item's home pivots")
                }
            }
            guard worldDrags.sorted(by: { $0.value < $1.value }) == drags[k].sorted(by: { $0.value < $1.value }) else {
                throw bad("worlds[\(k)].joints", "\(worldDrags.count) drags", "the world's drags are its fingers' (\(drags[k].count))")
            }
            let home: [JointID]
            switch s.homes[k] {
            case .none, .spring: home = []
            case .pivots(let joints): home = joints
            }
            guard pivots.sorted(by: { $0.value < $1.value }) == home.sorted(by: { $0.value < $1.value }) else {
                throw bad("homes[\(k)]", "\(s.homes[k])", "the world's pivots are the item's home pivots")
            }
            guard (w.attraction != nil) == (s.homes[k] == .spring) else {
                throw bad("homes[\(k)]", "\(s.homes[k])", "the world has the home springs exactly when the kernel attached them")
            }
            guard w.forces.map(\.id).sorted(by: { $0.value < $1.value }) == forces[k].sorted(by: { $0.value < $1.value }) else {
                throw bad("worlds[\(k)].forces", "\(w.forces.count)", "the world's forces are its item's continuous pushes'")
            }
            guard w.walls == (s.walls ?? configuredWalls), w.fields == s.fields else {
                throw bad(
                    "worlds[\(k)].walls", "\(w.walls.count) walls, \(w.fields.count) fields", "a world has the animator's walls and fields")
            }
        }

        // The queue: its marks, each input valid, and the touches it holds in order after the
        // fingers down: replayed over them, they give the touches accepted ahead of the ticks.
        try s.queue.check { bad("queue", $0, $1) }
        var accepted = Set(down.keys)
        var last = -Double.infinity
        var firstWaiting: Double?
        for (k, p) in s.queue.pending.enumerated() {
            if let tick = p.tick, !(0...Self.countBound).contains(tick) {
                throw bad("queue.pending[\(k)].tick", "\(tick)", "must lie in 0...2⁶²")
            }
            guard k >= s.queue.head, let e = p.touch else { continue }
            guard TouchSequence.times.contains(e.time), e.time >= last else {
                throw bad("queue.pending[\(k)].time", "\(e.time)", "touches wait in time order, within \(TouchSequence.times)")
            }
            last = e.time
            firstWaiting = firstWaiting ?? e.time
            try Check.coordinate(e.position, "AnimatorSnapshot.queue.pending[\(k)].position")
            let wasDown = accepted.contains(e.touch.rawValue)
            switch e.phase {
            case .began where !wasDown: accepted.insert(e.touch.rawValue)
            case .moved where wasDown: break
            case .ended where wasDown, .cancelled where wasDown: accepted.remove(e.touch.rawValue)
            default:
                throw bad("queue.pending[\(k)]", "touch \(e.touch.rawValue) \(e.phase)", "breaks the touch rules after the fingers down")
            }
        }
        for (k, input) in s.queue.others.enumerated() where k >= s.queue.othersHead {
            try named("queue.others[\(k)]") { () throws(FlingError) in
                switch input.kernelInput {
                case .touch: throw bad("queue.others[\(k)]", "touch", "touches wait in the queue's entries")
                case .dynamics(let d):
                    if case .setFields(let fields) = d { try DynamicsSettings.validate(fields: fields, "setFields") }
                    if case .setWalls(let walls) = d { try DynamicsSettings.validate(walls: walls, replacing: configuredWalls) }
                    if case .push(_, let push) = d { try BackendValidation.push(push) }
                    if case .addPush(_, _, let push) = d { try BackendValidation.push(push) }
                case .add(let item): _ = try policy.admit(item, at: 0, settings: settings)
                case .reset, .remove: break
                case .own: try input.check()
                }
            }
        }
        guard s.accepted.lastTime.isNaN == false, s.accepted.lastTime >= last,
            s.accepted.lastTime == -.infinity || TouchSequence.times.contains(s.accepted.lastTime)
        else {
            throw bad("accepted.lastTime", "\(s.accepted.lastTime)", "is the last accepted touch's time, at or after every waiting one")
        }
        guard Set(s.accepted.downTouches.map(\.rawValue)) == accepted else {
            throw bad(
                "accepted", "\(s.accepted.downTouches.count) down",
                "the touches accepted ahead are the fingers down and the waiting touches'")
        }
        // The velocity trackers' samples came from touches applied before the waiting ones (or,
        // with none waiting, before the last accepted one; a replay's scheduled touches are not
        // accepted), in time order: a tracker keeps only what a later estimate can read on that
        // promise.
        let after = firstWaiting ?? s.accepted.lastTime
        for (k, tracker) in s.trackers.enumerated() {
            guard tracker.inTimeOrder, after == -.infinity || tracker.newestTime.map({ $0 <= VelocityTracker.micros(after) }) ?? true
            else {
                throw bad(
                    "trackers[\(k)]", "newest sample at \(tracker.newestTime ?? 0) µs",
                    "a tracker's samples are in time order, none later than the touches after them (\(after) s)")
            }
        }

        // Then the policy: its memories, and its definitions of the items.
        var table = ItemTable<Policy>(items: s.items, phases: s.phases, states: s.states, memories: s.memories)
        try policy.validate(&table, ticks: c.ticks)
        s.items = table.items
    }

    /// Throws unless `s` is a state an item can have: finite, its position within the
    /// coordinate limit, its speeds within the backends'.
    func checkState(_ s: BodyState, _ field: String) throws(FlingError) {
        try Check.coordinate(s.position, "AnimatorSnapshot.\(field).position")
        try Check.range(s.angle, -1e6...1e6, "AnimatorSnapshot.\(field).angle")
        try Check.range(s.velocity.x, -Limits.velocity...Limits.velocity, "AnimatorSnapshot.\(field).velocity.x")
        try Check.range(s.velocity.y, -Limits.velocity...Limits.velocity, "AnimatorSnapshot.\(field).velocity.y")
        try Check.range(s.angularVelocity, -Limits.angularVelocity...Limits.angularVelocity, "AnimatorSnapshot.\(field).angularVelocity")
    }

    /// Throws unless finger `t`'s numbers are ones a finger can have.
    func checkFinger(_ t: TouchRecord, _ field: String) throws(FlingError) {
        try Check.range(t.downTime, TouchSequence.times, "AnimatorSnapshot.\(field).downTime")
        try Check.coordinate(t.downPosition, "AnimatorSnapshot.\(field).downPosition")
        try Check.coordinate(t.finger, "AnimatorSnapshot.\(field).finger")
        try Check.coordinate(t.fingerTarget, "AnimatorSnapshot.\(field).fingerTarget")
        try Check.range(t.fingerVelocity.x, -1e12...1e12, "AnimatorSnapshot.\(field).fingerVelocity.x")
        try Check.range(t.fingerVelocity.y, -1e12...1e12, "AnimatorSnapshot.\(field).fingerVelocity.y")
    }
}

extension InputQueue {
    /// Throws unless the queue's marks agree with its lists.
    func check(_ bad: (String, String) -> FlingError) throws(FlingError) {
        guard head >= 0, head <= unresolved, unresolved <= pending.count else {
            throw bad("\(head) \(unresolved) \(pending.count)", "the applied and resolved marks must lie within the queue")
        }
        guard pending[..<unresolved].allSatisfy({ $0.tick != nil }) else {
            throw bad("unresolved", "resolved inputs must have their ticks")
        }
        let waiting = pending[head...].reduce(0) { $0 + ($1.touch == nil ? 1 : 0) }
        guard othersHead >= 0, othersHead <= others.count, others.count - othersHead == waiting else {
            throw bad("others", "the other inputs waiting must be one per mark in the queue")
        }
    }
}
