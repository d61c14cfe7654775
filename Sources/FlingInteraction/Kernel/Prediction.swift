// Where a released item ends if nothing touches it again, and when: each item's world is its
// own and the step is deterministic, so from a release on only a later input can change it.
// The kernel steps a copy of the world ahead (Kernel/DragAnimator+Prediction.swift).
import FlingCore

/// Where and when an item ends if nothing touches it again: what a release carries
/// (``TileEvent/prediction``, ``SnapEvent/prediction``, when ``DragSettings/predictionTicks`` asks for it) and what
/// ``TileAnimator/predict(_:)`` and ``SnapAnimator/predict(_:)`` give at any time. Exact: an
/// item that gets no later input (no finger, push, reset, send, field change) ends with this
/// outcome, after this tick, at this pose, to the bit.
public struct Prediction: Hashable, Sendable {
    /// How the item's motion ends.
    public enum Outcome: Hashable, Sendable {
        /// A tile comes home: it settles exactly on its origin, angle 0 (``TileEvent/Kind/settled``).
        case settledHome
        /// A snap item settles exactly on its target (``SnapEvent/Kind/settled(at:)``): the index
        /// of that point among the item's ``SnapItem/RestingPlaces/points(_:)``, or nil when it is not
        /// one of them (a side edge, a place it was sent to).
        case reachedRestingPlace(Int?)
        /// A tile leaves the viewport and is dropped (``TileEvent/Kind/culled``).
        case culled
        /// A tile comes to rest inside walls, where it lies (``TileEvent/Kind/cameToRest``).
        case cameToRest
        /// None of these within the prediction's ticks (the item is still moving, or held).
        case notWithin(ticks: Int)
    }

    public var outcome: Outcome
    /// The tick after which it happens (the outcome's event carries the same tick); for
    /// ``Outcome/notWithin(ticks:)``, the last tick looked at; for an item already at rest,
    /// the last tick stepped (−1 before the first).
    public var tick: Int
    /// The item's pose then: its home, its resting place, where it was culled or lies; or,
    /// not within the ticks, where it is after the last of them.
    public var pose: Transform

    init(outcome: Outcome, tick: Int, pose: Transform) {
        self.outcome = outcome
        self.tick = tick
        self.pose = pose
    }
}

extension Prediction: CustomStringConvertible {
    /// `settled home after tick 81 at (195.0, 422.0), 0.0 rad` (what `fling replay --predict`
    /// prints), or `not within 240 ticks (tick 239 at (18.0, 300.0), 0.0 rad)`.
    public var description: String {
        let what: String
        switch outcome {
        case .settledHome: what = "settled home"
        case .reachedRestingPlace(let n): what = n.map { "reached resting place \($0)" } ?? "reached its target"
        case .culled: what = "culled"
        case .cameToRest: what = "came to rest"
        case .notWithin(let ticks): return "not within \(ticks) ticks (tick \(tick) at \(pose.position), \(pose.angle) rad)"
        }
        return "\(what) after tick \(tick) at \(pose.position), \(pose.angle) rad"
    }
}

/// An event that may carry a prediction (the release's).
protocol CarriesPrediction {
    var prediction: Prediction? { get set }
}

extension TileEvent: CarriesPrediction {}
extension SnapEvent: CarriesPrediction {}
