// A tile's prediction: the tile policy's own after-step rules (`decide`, then `end`) on copies.
import FlingCore

extension TilePolicy {
    typealias Travel = Void

    static func travel(_ a: DragAnimator<TilePolicy>, _ i: Int) {}

    @inline(__always)
    static func predictStep(
        _ phase: TilePhase, _ tile: inout ItemRecord<TileDefinition>, _ travel: Void, _ policy: TilePolicy, tick k: Int
    ) -> Prediction.Outcome? {
        guard let event = decide(phase, &tile, policy, tick: k) else { return nil }
        _ = end(event.kind, &tile)
        switch event.kind {
        case .culled: return .culled
        case .cameToRest: return .cameToRest
        default: return .settledHome
        }
    }

    /// A tile without a world is at rest: home, lying, or culled, as it is now.
    static func predictWithoutWorld(
        _ phase: TilePhase, _ tile: ItemRecord<TileDefinition>, _ travel: Void, _ a: DragAnimator<TilePolicy>, from k: Int, budget: Int
    ) -> Prediction {
        let outcome: Prediction.Outcome = phase == .culled ? .culled : phase == .lying ? .cameToRest : .settledHome
        return Prediction(outcome: outcome, tick: k - 1, pose: tile.state.transform)
    }
}
