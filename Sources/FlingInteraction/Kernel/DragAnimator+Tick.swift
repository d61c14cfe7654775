// The tick, tuned once for every interaction: apply due inputs (a run of finger moves in one
// borrow), list the live worlds in one scan of the hot status array, move every finger body in
// one pass over the touch slots, step, read every live state back and let the policy decide
// from it in the same pass, then the policy's after-step work. The per-item loops run over
// arrays borrowed once (and the buffers as locals, sized up front and written through
// pointers), not through `self` per element: no exclusivity check, uniqueness test or capacity
// test per item. The buffers are taken out of `self` (swapped, not copied), so each is
// uniquely referenced and refilling it keeps its storage: a warmed-up tick allocates nothing.
//
// A held item's finger body jumps to the touch and moves at the speed that took it there (or,
// smoothed, follows it: Kernel/DragAnimator+Fingers.swift). A backend that refuses it (a world
// changed behind the animator's back) costs that item its world, not the tick: the error is
// thrown once the tick is done; so is a backend's failure to free a world the tick let go of
// (settled, culled, come to rest). Without an `onTick` observer
// (which may call back into the animator) the policy decides in the read-back pass; with one,
// in a pass after it.
import FlingCore

extension DragAnimator where Policy: PolicyRules {
    /// One tick: apply due inputs, move fingers, step every world, read back states, chain the
    /// digest, and hand over to the policy.
    func stepTick() throws(FlingError) {
        let k = clock.ticks
        let dt = settings.tick
        let firstEvent = events.count
        while true {
            applyDueMoves(tick: k)
            guard let input = queue.popDue(tick: k) else { break }
            try apply(input, tick: k)
        }
        queue.compact()

        var failure: FlingError?
        var refused: [Int] = [], live: [WorldID] = [], indices: [Int] = [], states: [BodyState] = []
        swap(&refused, &refusedFingers)
        swap(&live, &liveWorlds)
        swap(&indices, &liveIndices)
        swap(&states, &self.states)
        refused.removeAll(keepingCapacity: true)
        let n = records.count
        resize(&live, to: n, filling: WorldID(index: 0, generation: 0))
        resize(&indices, to: n, filling: 0)
        var count = 0
        statuses.withUnsafeBufferPointer { statuses in
            live.withUnsafeMutableBufferPointer { live in
                indices.withUnsafeMutableBufferPointer { indices in
                    for i in 0..<n {
                        guard let world = statuses[i].world else { continue }
                        live[count] = world
                        indices[count] = i
                        count += 1
                    }
                }
            }
        }
        live.removeLast(n - count)
        indices.removeLast(n - count)
        moveFingers(dt: dt, tick: k, refused: &refused, failure: &failure)
        if !refused.isEmpty {
            for i in refused { putToRest(i) }
            // Those items have no world now: not stepped, not read.
            var kept = 0
            for m in 0..<count where statuses[indices[m]].world != nil {
                live[kept] = live[m]
                indices[kept] = indices[m]
                kept += 1
            }
            live.removeLast(count - kept)
            indices.removeLast(count - kept)
        }
        refusedFingers = refused
        defer { liveWorlds = live; liveIndices = indices; self.states = states }
        try backend.step(by: dt)
        try backend.readStates(of: live, into: &states)
        var digest = self.digest
        let digestsLive = keepsDigest && Policy.digestsLiveStates
        let decidesNow = onTick == nil
        var decided: [(Int, Policy.Event)] = []
        swap(&decided, &self.decided)
        decided.removeAll(keepingCapacity: true)
        // Room for an event per item, once per new item count: never a growth mid-tick when
        // more items than ever before end on one tick (tiles coming to rest in walls together).
        if decided.capacity < records.count { decided.reserveCapacity(records.count) }
        let policy = self.policy
        withItems { statuses, records in
            states.withUnsafeBufferPointer { states in
                indices.withUnsafeBufferPointer { indices in
                    for m in indices.indices {
                        let i = indices[m]
                        records[i].previous = records[i].state
                        records[i].state = states[m]
                        if digestsLive { digest.combine(states[m]) }
                        if decidesNow, let event = Policy.decide(statuses[i].phase, &records[i], policy, tick: k) {
                            decided.append((i, event))
                        }
                    }
                }
            }
        }
        self.digest = digest
        if let onTick {
            onTick(k, indices.enumerated().map { (records[$0.element].item.id, states[$0.offset]) })
            withItems { statuses, records in
                for i in records.indices where statuses[i].world != nil {
                    if let event = Policy.decide(statuses[i].phase, &records[i], policy, tick: k) { decided.append((i, event)) }
                }
            }
        }
        if !walls.isEmpty {
            do { try collectContacts(live, indices, tick: k) } catch { failure = failure ?? error }
        }
        Policy.afterStep(self, decided: decided, firstEvent: firstEvent, tick: k)
        self.decided = decided
        clock.completeTick()
        if var failure = failure ?? freeFailure {
            if let freeing = freeFailure, freeing != failure { failure.reason += "; and \(freeing)" }
            freeFailure = nil
            throw failure
        }
    }

    /// Runs `body` over the statuses and records, taken out of `self` for the call (swapped, not
    /// copied) and borrowed through pointers: a long loop then holds no access to `self`'s
    /// storage open, so neither it nor the backend calls inside it pay a dynamic exclusivity
    /// check against those. `body` must not reach the records through `self`.
    @inline(__always)
    func withItems<R>(
        _ body: (UnsafeBufferPointer<ItemStatus<Policy.Phase>>, UnsafeMutableBufferPointer<ItemRecord<Policy.Item>>) -> R
    ) -> R {
        var records: [ItemRecord<Policy.Item>] = [], statuses: [ItemStatus<Policy.Phase>] = []
        swap(&records, &self.records)
        swap(&statuses, &self.statuses)
        defer {
            swap(&records, &self.records)
            swap(&statuses, &self.statuses)
        }
        return statuses.withUnsafeBufferPointer { s in records.withUnsafeMutableBufferPointer { r in body(s, r) } }
    }
}

/// Gives `array` exactly `count` elements, new ones `filler`, keeping its capacity: it allocates
/// only when `count` exceeds every count it had before.
@inline(__always)
func resize<T>(_ array: inout [T], to count: Int, filling filler: T) {
    if array.count > count {
        array.removeLast(array.count - count)
    } else if array.count < count {
        array.append(contentsOf: repeatElement(filler, count: count - array.count))
    }
}
