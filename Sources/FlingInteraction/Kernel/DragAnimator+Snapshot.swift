// An animator taken whole and made again: everything a tick reads (the clock, the digest, the
// records and their phases, each item's world as its backend holds it, the touch slots with
// their velocity trackers, the input queue and the touches accepted ahead of it, the pushes,
// the fields set at run time, the events a failed call carries, the policy's own state and
// the id counters), as a value. A restore makes the snapshot's worlds in the animator's backend
// first (so a refusal changes nothing), then frees the animator's worlds and takes the rest.
// What the app set on the animator object (observers, streams, `keepsDigest`, a configuration's
// rules) stays the animator's. The touch table is rebuilt from the slots it indexes (it is
// only looked up, so its layout cannot change a bit).
import FlingCore

/// The kernel's state, with each item's world as a ``WorldSnapshot``.
struct KernelState<Policy: PolicyRules>: Sendable {
    var clock: FixedStepClock
    var digest: StateDigest
    var records: [ItemRecord<Policy.Item>]
    var phases: [Policy.Phase]
    var worlds: [WorldSnapshot?]
    var touchSlots: [TouchRecord]
    var freeTouchSlots: [Int]
    var queue: InputQueue<Policy.Input>
    var accepted: TouchSequence
    var carried: [Policy.Event]
    var fields: [Field]
    var pushes: [ActivePush]
    var acceptedPushes: [(id: Push.ID, item: Int)]
    var nextPush: Int
    var actions: Int
    var fieldsAction: Int
    var policy: Policy.Saved
}

extension DragAnimator where Policy: PolicyRules {
    /// The backend as one that takes snapshots, or the error naming it.
    func snapshotBackend() throws(FlingError) -> any SnapshotBackend {
        guard let b = backend as? any SnapshotBackend else {
            throw FlingError(
                .invalidState, field: "snapshot", value: "backend \(backend.name)",
                reason: "needs one of Fling's backends (NativeBackend, ChipmunkBackend): a world's snapshot holds its solver's caches")
        }
        return b
    }

    /// The kernel's state now.
    func captureState() throws(FlingError) -> KernelState<Policy> {
        let backend = try snapshotBackend()
        var worlds: [WorldSnapshot?] = []
        worlds.reserveCapacity(statuses.count)
        for s in statuses { worlds.append(try s.world.map { (w) throws(FlingError) in try backend.snapshot(of: w) }) }
        return KernelState(
            clock: clock, digest: digest, records: records, phases: statuses.map(\.phase), worlds: worlds, touchSlots: touchSlots,
            freeTouchSlots: freeTouchSlots, queue: queue, accepted: accepted, carried: carried, fields: dynamics.fields,
            pushes: pushes, acceptedPushes: acceptedPushes, nextPush: nextPush, actions: actions, fieldsAction: fieldsAction,
            policy: Policy.save(self))
    }

    /// The largest count a snapshot may hold (ticks ahead of it, inputs, ids): 2⁶², so that
    /// no count it holds can overflow while the animator runs on.
    static var countBound: Int { 1 << 62 }

    /// The kernel's state as a recording's snapshot holds it: the inputs not yet applied left
    /// out (the recording has them, from the snapshot's tick on), and the touches and pushes
    /// accepted ahead of the ticks with them: those accepted are those applied.
    func captureAppliedState() throws(FlingError) -> KernelState<Policy> {
        var s = try captureState()
        s.queue = InputQueue()
        s.accepted = TouchSequence(down: touches.sortedEntries().map(\.key), lastTime: -.infinity)
        s.acceptedPushes = pushes.map { ($0.id, $0.item) }
        s.carried = []
        return s
    }

    /// Replaces the kernel's state with `s` (checked against the animator first: nothing changes
    /// when it does not fit, or the backend refuses a world).
    func restoreState(_ state: KernelState<Policy>) throws(FlingError) {
        var s = state
        try Policy.adopt(&s.records, from: self)
        guard journal == nil else {
            throw FlingError(
                .invalidState, field: "restore", value: "recording",
                reason: "a TraceRecorder records this animator, and a recording cannot say that it jumped: restore one that is not recorded"
            )
        }
        let backend = try snapshotBackend()
        try check(s)
        var made: [WorldID?] = []
        made.reserveCapacity(s.worlds.count)
        do throws(FlingError) {
            for w in s.worlds { made.append(try w.map { (w) throws(FlingError) in try backend.restore(w) }) }
        } catch {
            for w in made { if let w { try? backend.destroyWorld(w) } }
            throw FlingError(error.code, field: "restore: \(error.field)", value: error.value, reason: error.reason)
        }
        for status in statuses { if let w = status.world { try? backend.destroyWorld(w) } }
        clock = s.clock
        digest = s.digest
        records = s.records
        statuses = zip(s.phases, made).map { ItemStatus(phase: $0, world: $1) }
        touchSlots = s.touchSlots
        freeTouchSlots = s.freeTouchSlots
        var table = TouchTable()
        let free = Set(s.freeTouchSlots)
        for k in s.touchSlots.indices where !free.contains(k) { table.set(k, for: s.touchSlots[k].id) }
        touches = table
        queue = s.queue
        accepted = s.accepted
        carried = s.carried
        dynamics.fields = s.fields
        pushes = s.pushes
        acceptedPushes = s.acceptedPushes
        nextPush = s.nextPush
        actions = s.actions
        fieldsAction = s.fieldsAction
        Policy.load(s.policy, into: self)
    }

    /// Throws unless `s` could be this animator's own state: its clock's tick, its items
    /// valid for the policy and in id order, its touches, queue and pushes consistent with its
    /// items, its policy state with the kernel's. (A snapshot read from bytes may hold anything
    /// its checksum covers; nothing it holds may make a later call trap.)
    func check(_ s: KernelState<Policy>) throws(FlingError) {
        func bad(_ field: String, _ value: String, _ reason: String) -> FlingError {
            FlingError(.malformedInput, field: "AnimatorSnapshot.\(field)", value: value, reason: reason)
        }
        guard s.clock.tick == clock.tick, s.clock.maxFrameInterval == clock.maxFrameInterval else {
            throw bad("clock", "tick \(s.clock.tick)", "the animator's tick is \(clock.tick)")
        }
        guard s.actions >= 0, s.actions <= Self.countBound, s.fieldsAction >= 0, s.fieldsAction <= s.actions else {
            throw bad("actions", "\(s.actions)", "must lie in 0...\(Self.countBound), and the fields' within them")
        }
        let n = s.records.count
        guard s.phases.count == n, s.worlds.count == n else {
            throw bad("records", "\(n)", "phases and worlds must number one per record")
        }
        for k in 0..<n {
            try Policy.validate(s.records[k].item, policy, settings: settings)
            if k > 0, s.records[k - 1].item.id >= s.records[k].item.id {
                throw bad("records[\(k)]", "\(s.records[k].item.id)", "records must be in increasing id order")
            }
            let r = s.records[k]
            guard r.pushCount >= 0, (0...Self.countBound).contains(r.settleCount), (0...s.actions).contains(r.lastAction),
                (0...s.actions).contains(r.predictedAfter)
            else {
                throw bad("records[\(k)]", "counts", "must lie in 0...\(Self.countBound), the inputs' numbers within the kernel's count")
            }
        }
        // Touches: the free slots distinct and in range; a live slot's touch down once; a
        // finger's drag only with its item, and that item held with a world.
        let slots = s.touchSlots.count
        guard Set(s.freeTouchSlots).count == s.freeTouchSlots.count, s.freeTouchSlots.allSatisfy({ (0..<slots).contains($0) }) else {
            throw bad("freeTouchSlots", "\(s.freeTouchSlots.count)", "must be distinct slots of the \(slots)")
        }
        let free = Set(s.freeTouchSlots)
        var down = Set<Int>()
        for (k, t) in s.touchSlots.enumerated() where t.itemHint < 0 {
            throw bad("touchSlots[\(k)].itemHint", "\(t.itemHint)", "must not be negative")
        }
        for k in 0..<slots where !free.contains(k) {
            let t = s.touchSlots[k]
            guard down.insert(t.id.rawValue).inserted else { throw bad("touchSlots[\(k)].id", "\(t.id)", "is down in another slot") }
            if let grip = t.grip, t.item == nil {
                throw bad("touchSlots[\(k)].grip", "\(grip)", "a finger's drag needs the item it holds")
            }
            if t.grip != nil, let item = t.item {
                let i = s.records.firstIndex { $0.item.id.rawValue == item }
                guard let i, s.worlds[i] != nil, s.phases[i].holder != nil else {
                    throw bad("touchSlots[\(k)].item", "\(item)", "a finger holds an item that has a world and is held")
                }
            }
        }
        for k in free where s.touchSlots[k].grip != nil {
            throw bad("touchSlots[\(k)].grip", "\(s.touchSlots[k].grip!)", "a free slot holds nothing")
        }
        for k in 0..<n {
            if let holder = s.phases[k].holder {
                guard down.contains(holder.rawValue), s.worlds[k] != nil else {
                    throw bad("phases[\(k)]", "held by \(holder)", "an item held by a touch that is down has a world")
                }
            }
        }
        try s.queue.check { bad("queue", $0, $1) }
        let items = Set(s.records.map(\.item.id.rawValue))
        var pushCounts: [Int: Int] = [:]
        for (k, p) in s.pushes.enumerated() {
            guard items.contains(p.item) else { throw bad("pushes[\(k)].item", "\(p.item)", "names no item") }
            try BackendCheck.push(p.push)
            pushCounts[p.item, default: 0] += 1
        }
        for (k, r) in s.records.enumerated() where r.pushCount != pushCounts[r.item.id.rawValue, default: 0] {
            throw bad("records[\(k)].pushCount", "\(r.pushCount)", "must count the item's continuous pushes")
        }
        guard (1...Self.countBound).contains(s.nextPush), s.acceptedPushes.allSatisfy({ $0.id.rawValue < s.nextPush }),
            s.pushes.allSatisfy({ $0.id.rawValue < s.nextPush })
        else { throw bad("nextPush", "\(s.nextPush)", "must lie past every push's id") }
        try DynamicsSettings.validate(fields: s.fields, "AnimatorSnapshot.fields")
        try Policy.check(s.policy, s)
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
