// A snap item's prediction: the snap policy's own after-step rules (`settles`, `follow`) on
// copies; the item's target is where its travel goes.
import FlingCore

extension SnapPolicy {
    typealias Travel = SnapMotionState

    static func travel(_ a: DragAnimator<SnapPolicy>, _ i: Int) -> SnapMotionState { a.policy.motions[i] }

    /// `target`'s index among the item's resting points, if it is one.
    static func restingPlace(_ target: Vector, of item: SnapItem) -> Int? {
        guard case .points(let points) = item.restingPlaces else { return nil }
        return points.firstIndex(of: target)
    }

    @inline(__always)
    static func predictStep(
        _ phase: SnapPhase, _ r: inout ItemRecord<SnapItem>, _ travel: SnapMotionState, _ policy: SnapPolicy, tick k: Int
    ) -> Prediction.Outcome? {
        guard phase == .springing, settles(&r, at: travel.target, policy.configuration.settle) else { return nil }
        r.previous = r.state
        r.state = BodyState(position: travel.target)
        return .reachedRestingPlace(restingPlace(travel.target, of: r.item))
    }

    /// At rest on its target, or on its keyframes to it.
    static func predictWithoutWorld(
        _ phase: SnapPhase, _ record: ItemRecord<SnapItem>, _ travel: SnapMotionState, _ a: DragAnimator<SnapPolicy>, from k: Int,
        budget: Int
    ) -> Prediction {
        let place = Prediction.Outcome.reachedRestingPlace(restingPlace(travel.target, of: record.item))
        guard phase == .keyframing, let run = travel.keyframes else {
            return Prediction(outcome: place, tick: k - 1, pose: record.state.transform)
        }
        var r = record
        for n in 0..<budget where follow(run, &r, tick: k + n, a.settings.tick) {
            return Prediction(outcome: place, tick: k + n, pose: Transform(position: travel.target))
        }
        return Prediction(outcome: .notWithin(ticks: budget), tick: k + budget - 1, pose: r.state.transform)
    }
}
