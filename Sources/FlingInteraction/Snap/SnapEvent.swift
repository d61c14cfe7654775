// The snap policy's vocabulary: an item's phases, its events and inputs, and an item as the
// animator reports it.
import FlingCore

/// Where an item is in its life cycle.
public enum SnapPhase: Hashable, Sendable {
    /// At its resting place, with no world.
    case resting
    /// Dragged by a finger.
    case held(by: TouchID)
    /// Carried by its spring toward its target.
    case springing
    /// Following SKBounceAnimation keyframes toward its target.
    case keyframing
}

/// Something a ``SnapAnimator`` did, reported by `SnapAnimator/advance(to:)` in order: the
/// tick before which it happened (touches, sends) or after which it was found (settle), the
/// item (nil for a tap on none) and what happened.
public struct SnapEvent: Hashable, Sendable {
    public var tick: Int
    /// The item it concerns; nil for a tap on none.
    public var item: SnapItem.ID?
    public var kind: Kind
    /// On a release, when the configuration asks for predictions
    /// (``DragSettings/predictionTicks``): where and when the item ends if nothing touches it
    /// again. nil on every other event.
    public var prediction: Prediction?

    public init(tick: Int, item: SnapItem.ID?, kind: Kind) {
        self.tick = tick
        self.item = item
        self.kind = kind
    }

    /// What happened to the item.
    public enum Kind: Hashable, Sendable {
        /// A finger took the item (brought to the front of ``SnapAnimator/zOrder``).
        case grabbed(touch: TouchID)
        /// The finger let go at `velocity` (points per second, the velocity tracker's); the
        /// release projected to `projected` and chose `target`.
        case released(velocity: Vector, projected: Vector, target: Vector)
        /// A press: a touch lifted within the tap slop and duration of where and when it went
        /// down, on this item (`item` set) or on none (`item` nil). `at` is the lift point.
        case tapped(touch: TouchID, at: Vector)
        /// The item was sent to a new target (``SnapAnimator/send(_:to:)`` or a configuration's rules).
        case sent(target: Vector)
        /// The item came to rest exactly on its target.
        case settled(at: Vector)
        /// The item's box began touching a wall during the tick (``DynamicsSettings/walls``).
        case wallContact(Wall.Contact)
    }
}

extension SnapEvent: CustomStringConvertible {
    /// `tick 12: item 1 released at (-1200.0, 40.0) pt/s, projected to (-220.0, 344.0), target (18.0, 344.0)`;
    /// `tick 3: tapped by touch 1 at (200.0, 300.0)` for a tap on no item.
    public var description: String { item.map { "tick \(tick): \($0) \(kind)" } ?? "tick \(tick): \(kind)" }
}

extension SnapEvent.Kind: CustomStringConvertible {
    public var description: String {
        switch self {
        case .grabbed(let touch): "grabbed by \(touch)"
        case .released(let velocity, let projected, let target):
            "released at \(velocity) pt/s, projected to \(projected), target \(target)"
        case .tapped(let touch, let at): "tapped by \(touch) at \(at)"
        case .sent(let target): "sent to \(target)"
        case .settled(let at): "settled at \(at)"
        case .wallContact(let c): "\(c)"
        }
    }
}

/// An item as the animator sees it now.
public struct SnapItemState: Hashable, Sendable {
    public var item: SnapItem
    public var phase: SnapPhase
    /// The state after the last tick (angle and spin always exactly 0).
    public var state: BodyState
    /// Where it rests or is going.
    public var target: Vector
    /// Its scale (1 at rest; see ``SnapItem/pressedScale``).
    public var scale: Double
}

/// Something an app does to a ``SnapAnimator``: a touch, or sending an item somewhere.
public enum SnapInput: Hashable, Sendable {
    case touch(TouchEvent)
    case send(SnapItem.ID, Vector)
    /// A push or a change of fields (``DragAnimator/applyPush(_:to:)``, …).
    case dynamics(DynamicsInput)
}
