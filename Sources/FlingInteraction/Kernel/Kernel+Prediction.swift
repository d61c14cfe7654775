// Predictions: where and when an item ends if nothing touches it again, found by stepping a
// copy of its world ahead with the policy's own after-step rule, and nothing else touched.
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
// one step, the state read back, and the policy's rule on copies of its state and memory
// (``StepRules/afterStep(_:_:_:_:world:pushes:room:ending:tick:)``, the very function the live tick runs). An item without a
// world rests where ``StepRules/outcomeAtRest(_:)`` says, or moves by the rule alone tick by
// tick. No tick allocates: the scratch world and the fingers are made once per prediction. The
// live animator's state and digest are not touched; the scratch backend is not part of a
// snapshot.
//
// A configuration's scene rules (chat heads, the switch) are not run: what they do to an item is
// a later input to it, and supersedes the prediction (``Kernel/actions``).
import FlingCore

extension Kernel {
    /// Whether the prediction item `id` carries (its last release's) still stands: no input
    /// acted on it after it was made; nil for an item gone.
    func stands(_ id: Int) -> Bool? {
        guard let i = index(of: id) else { return nil }
        return max(items.lastActions[i], fieldsAction) <= items.predictedAfter[i]
    }

    /// The backend as one that takes snapshots, or the error naming it.
    func snapshotBackend() throws(FlingError) -> any SnapshotBackend {
        guard let b = backend as? any SnapshotBackend else {
            throw FlingError(
                .invalidState, field: "snapshot", value: "backend \(backend.name)",
                reason: "needs one of Fling's backends (NativeBackend, ChipmunkBackend): a world's snapshot holds its solver's caches")
        }
        return b
    }

    /// The scratch backend, made at the first prediction.
    mutating func scratchBackend() throws(FlingError) -> any SnapshotBackend {
        if let scratch { return scratch }
        let made = try snapshotBackend().makeScratch()
        scratch = made
        return made
    }

    /// Item `i`'s prediction from the next tick on, looking `budget` ticks ahead.
    mutating func prediction(of i: Int, budget: Int) throws(FlingError) -> Prediction {
        let k0 = clock.ticks
        let view = items.view(i)
        var memory = view.memory
        var state = view.state
        guard let world = items.worlds[i] else {
            if let outcome = policy.outcomeAtRest(view) { return Prediction(outcome: outcome, tick: k0 - 1, pose: state.transform) }
            // Moving without a world: by the rule alone.
            for n in 0..<budget {
                var ended: Ending<Policy>?
                let step = policy.afterStep(
                    view.item, view.phase, state, &memory, world: false, pushes: view.pushes, room: room, ending: &ended, tick: k0 + n)
                if let moved = step.moved { state = moved }
                if case .some = ended {
                    let ending = ended.unsafelyUnwrapped
                    return Prediction(outcome: ending.outcome, tick: k0 + n, pose: Self.placed(state, ending).transform)
                }
            }
            return Prediction(outcome: .notWithin(ticks: budget), tick: k0 + budget - 1, pose: state.transform)
        }
        let copy = try scratchBackend().restore(try snapshotBackend().snapshot(of: world))
        let scratch = self.scratch!
        defer { try? scratch.destroyWorld(copy) }
        // Its fingers, if held: each placed every tick as the live tick places it.
        let id = view.item.id.rawValue
        var held = fingers.slots.filter { $0.drag != nil && $0.item == id }
        let dt = settings.tick, smoothing = smoothingPerTick
        for n in 0..<budget {
            let k = k0 + n
            for f in held.indices {
                let (p, v) = held[f].step(dt: dt, smoothing: smoothing)
                try scratch.moveDrag(held[f].drag!, in: copy, to: p, velocity: v)
                held[f].finger = p
                held[f].fingerVelocity = v
            }
            try scratch.step(by: dt)
            state = try scratch.state(of: copy)
            var ended: Ending<Policy>?
            _ = policy.afterStep(
                view.item, view.phase, state, &memory, world: true, pushes: view.pushes, room: room, ending: &ended, tick: k)
            if case .some = ended {
                let ending = ended.unsafelyUnwrapped
                return Prediction(outcome: ending.outcome, tick: k, pose: Self.placed(state, ending).transform)
            }
        }
        return Prediction(outcome: .notWithin(ticks: budget), tick: k0 + budget - 1, pose: state.transform)
    }

    /// An item's state once `ending` placed it.
    static func placed(_ state: BodyState, _ ending: Ending<Policy>) -> BodyState {
        switch ending.placement {
        case .none: state
        case .set(let s), .jump(let s), .move(let s): s
        }
    }

    /// The prediction a release of item `i` carries, made once the policy has set it going
    /// (nil when predictions are off, or the prediction could not be made).
    mutating func releasePrediction(_ i: Int) -> Prediction? {
        guard let budget = settings.predictionTicks, let p = try? prediction(of: i, budget: budget) else { return nil }
        items.predictedAfter[i] = actions
        return p
    }
}
