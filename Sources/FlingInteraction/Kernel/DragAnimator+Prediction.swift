// Predictions: where and when an item ends if nothing touches it again, found by stepping a
// copy of its world ahead with the policy's own after-step rules, and nothing else touched.
//
// The copy is the item's world snapshot restored into a scratch backend of the same
// arithmetic and solver iterations, one world alone (made at the first prediction, kept): the
// same kind (native on one thread), or for Chipmunk's two layouts the shared space, whose
// worlds step to the per-world spaces' bits (tile-bench compares their digests; the parity
// tests) and which makes a world without a new space and its first contact buffers. It gives
// the live world's bits: a restored world is its original bit for bit (the snapshot tests),
// and worlds never interact, so a world stepped alone steps as it does among others (what
// every backend promises and the parity and thread tests hold it to); the previous dt a
// world's warm start reads is its snapshot's. Each predicted tick does what the live tick
// does to that item and no more: its fingers (held items) placed as the kernel places them,
// one step, the state read back into a copy of its record, and the policy's rule on it
// (``PolicyRules/predictStep(_:_:_:_:tick:)``, the very functions the live after-step runs).
// No tick allocates: the scratch world, the record and the fingers are made once per
// prediction. The live animator's state and digest are not touched; the scratch backend is
// not part of a snapshot.
//
// A configuration's rules (chat heads, the switch) are not run: what they do to an item is a
// later input to it, and supersedes the prediction (``DragAnimator/actions``).
import FlingCore

extension DragAnimator where Policy: PolicyRules {
    /// Counts an input acting on item `i` (a prediction made before it no longer stands).
    @inline(__always) func acted(on i: Int) {
        actions += 1
        records[i].lastAction = actions
    }

    /// Counts an input acting on every item (a change of fields).
    func actedOnAll() {
        actions += 1
        fieldsAction = actions
    }

    /// Whether the prediction item `id` carries (its last release's) still stands: no input
    /// acted on it after it was made; nil for an item gone.
    func stands(_ id: Int) -> Bool? {
        guard let i = index(of: id) else { return nil }
        return max(records[i].lastAction, fieldsAction) <= records[i].predictedAfter
    }

    /// The scratch backend, made at the first prediction.
    func scratchBackend() throws(FlingError) -> any SnapshotBackend {
        if let scratch { return scratch }
        let made = try snapshotBackend().makeScratch()
        scratch = made
        return made
    }

    /// Item `i`'s prediction from the next tick on, looking `budget` ticks ahead.
    func prediction(of i: Int, budget: Int) throws(FlingError) -> Prediction {
        let k0 = clock.ticks
        var record = records[i]
        let travel = Policy.travel(self, i)
        let phase = statuses[i].phase
        guard let world = statuses[i].world else {
            return Policy.predictWithoutWorld(phase, record, travel, self, from: k0, budget: budget)
        }
        let copy = try scratchBackend().restore(try snapshotBackend().snapshot(of: world))
        let scratch = self.scratch!
        defer { try? scratch.destroyWorld(copy) }
        // Its fingers, if held: each placed every tick as the live tick places it.
        let id = record.item.id.rawValue
        var fingers = touchSlots.filter { $0.grip != nil && $0.item == id }
        let dt = settings.tick, smoothing = gripSmoothing
        let rules = policy  // Read once: the policy does not change while the copy steps.
        for n in 0..<budget {
            let k = k0 + n
            for f in fingers.indices {
                let (p, v) = Self.fingerStep(fingers[f], dt: dt, smoothing: smoothing)
                try scratch.moveDrag(fingers[f].grip!, in: copy, to: p, velocity: v)
                fingers[f].finger = p
                if smoothing != nil { fingers[f].fingerVelocity = v }
            }
            try scratch.step(by: dt)
            record.previous = record.state
            record.state = try scratch.state(of: copy)
            if let outcome = Policy.predictStep(phase, &record, travel, rules, tick: k) {
                return Prediction(outcome: outcome, tick: k, pose: record.state.transform)
            }
        }
        return Prediction(outcome: .notWithin(ticks: budget), tick: k0 + budget - 1, pose: record.state.transform)
    }

    /// The prediction a release of item `i` carries, made once the policy has set it going
    /// (nil when predictions are off, or the prediction could not be made).
    func releasePrediction(_ i: Int) -> Prediction? {
        guard let budget = settings.predictionTicks, let p = try? prediction(of: i, budget: budget) else { return nil }
        records[i].predictedAfter = actions
        return p
    }
}
