// A kernel taken whole and made again: everything a tick reads (the clock, the digest, the
// items' columns with each item's world as its backend holds it, the fingers with their
// velocity trackers, the input queue and the touches accepted ahead of it, the pushes, the
// fields and walls set at run time, the events a failed call carries and the input counters), as a value.
// A restore checks the state field by field against what a kernel could reach (a snapshot read
// from bytes may hold anything its checksum covers, and an outsider can recompute a checksum),
// then makes the snapshot's worlds in the animator's backend (so a refusal changes nothing),
// then frees the animator's worlds and takes the rest. What the app set on the animator object
// (observers, streams, `keepsDigest`, a configuration's rules) stays the animator's. The touch
// table is rebuilt from the slots it indexes (it is only looked up, so its layout cannot change
// a bit).
import FlingCore

/// The kernel's state, with each item's world as a ``WorldSnapshot``.
struct KernelState<Policy: PolicyRules> {
    var clock: FixedStepClock
    var digest: StateDigest
    var items: [Policy.Item]
    var phases: [Policy.Phase]
    var worlds: [WorldSnapshot?]
    var states: [BodyState]
    var previous: [BodyState]
    var memories: [Policy.Memory]
    var homes: [Home]
    var pushCounts: [Int]
    var lastActions: [Int]
    var predictedAfter: [Int]
    var touchSlots: [TouchRecord]
    var trackers: [VelocityTracker]
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
    /// The walls the app set (``DynamicsInput/setWalls(_:)``) when they differ from the
    /// configuration's; nil when they do not.
    var walls: [Wall]? = nil
}

extension KernelState: Sendable where Policy.Item: Sendable, Policy.Memory: Sendable {}

extension Kernel {
    /// The kernel's state now.
    func captureState() throws(FlingError) -> KernelState<Policy> {
        let backend = try snapshotBackend()
        var worlds: [WorldSnapshot?] = []
        worlds.reserveCapacity(items.count)
        for w in items.worlds { worlds.append(try w.map { (w) throws(FlingError) in try backend.snapshot(of: w) }) }
        return KernelState(
            clock: clock, digest: digest, items: items.items, phases: items.phases, worlds: worlds, states: items.states,
            previous: items.previous, memories: items.memories, homes: items.homes, pushCounts: items.pushCounts,
            lastActions: items.lastActions, predictedAfter: items.predictedAfter, touchSlots: fingers.slots,
            trackers: fingers.trackers, freeTouchSlots: fingers.free, queue: queue, accepted: acceptedTouches, carried: carried,
            fields: dynamics.fields,
            pushes: pushes, acceptedPushes: acceptedPushes, nextPush: nextPush, actions: actions, fieldsAction: fieldsAction,
            walls: walls == configuredWalls ? nil : walls)
    }

    /// The kernel's state as a recording's snapshot holds it: the inputs not yet applied left
    /// out (the recording has them, from the snapshot's tick on), and the touches and pushes
    /// accepted ahead of the ticks with them: those accepted are those applied.
    func captureAppliedState() throws(FlingError) -> KernelState<Policy> {
        var s = try captureState()
        s.queue = InputQueue()
        s.accepted = TouchSequence(
            down: fingers.table.sortedEntries().filter { Fingers.Entry($0.value).slot != nil }.map(\.key), lastTime: -.infinity)
        s.acceptedPushes = pushes.map { ($0.id, $0.item) }
        s.carried = []
        return s
    }

    /// The touches accepted so far (ahead of the ticks): those down, and the last one's time.
    var acceptedTouches: TouchSequence {
        TouchSequence(
            down: fingers.table.sortedEntries().filter { Fingers.Entry($0.value).accepted }.map(\.key), lastTime: fingers.lastAccepted)
    }

    /// Replaces the kernel's state with `s` (checked first: nothing changes when it does not fit,
    /// or the backend refuses a world).
    mutating func restoreState(_ state: KernelState<Policy>) throws(FlingError) {
        guard journal == nil else {
            throw FlingError(
                .invalidState, field: "restore", value: "recording",
                reason: "a TraceRecorder records this animator, and a recording cannot say that it jumped: restore one that is not recorded"
            )
        }
        let backend = try snapshotBackend()
        var s = state
        try check(&s)
        var made: [WorldID?] = []
        made.reserveCapacity(s.worlds.count)
        do throws(FlingError) {
            for w in s.worlds { made.append(try w.map { (w) throws(FlingError) in try backend.restore(w) }) }
        } catch {
            for w in made { if let w { try? backend.destroyWorld(w) } }
            throw FlingError(error.code, field: "restore: \(error.field)", value: error.value, reason: error.reason)
        }
        for w in items.worlds { if let w { try? backend.destroyWorld(w) } }
        clock = s.clock
        digest = s.digest
        var columns = ItemColumns<Policy>()
        columns.items = s.items
        columns.ids = s.items.map(\.id.rawValue)
        columns.phases = s.phases
        columns.worlds = made
        columns.states = s.states
        columns.previous = s.previous
        columns.memories = s.memories
        columns.homes = s.homes
        columns.pushCounts = s.pushCounts
        columns.lastActions = s.lastActions
        columns.predictedAfter = s.predictedAfter
        columns.rebuildLiveBits()
        items = columns
        var restored = Fingers()
        restored.slots = s.touchSlots
        restored.trackers = s.trackers
        restored.free = s.freeTouchSlots
        let free = Set(s.freeTouchSlots)
        for k in s.touchSlots.indices {
            restored.slots[k].live = !free.contains(k)
            restored.slots[k].generation = 0
            guard !free.contains(k) else { continue }
            restored.store(Fingers.Entry(accepted: false, slot: k, generation: 0), for: s.touchSlots[k].id)
        }
        for touch in s.accepted.downTouches {
            restored.store(Fingers.Entry(restored.entry(touch).value | 1), for: touch)
        }
        restored.lastAccepted = s.accepted.lastTime
        fingers = restored
        queue = s.queue
        carried = s.carried
        dynamics.fields = s.fields
        pushes = s.pushes
        acceptedPushes = s.acceptedPushes
        nextPush = s.nextPush
        actions = s.actions
        fieldsAction = s.fieldsAction
        room = Room(s.walls ?? configuredWalls)
        freeFailure = nil
    }
}
