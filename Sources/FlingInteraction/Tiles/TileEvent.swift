// The tile policy's vocabulary: a tile's phases, its events and inputs, and a tile as the
// animator reports it, each with the text form a log or a test failure prints.
import FlingCore

/// Where a tile is in its life cycle.
public enum TilePhase: Hashable, Sendable {
    /// At its origin, angle 0, with no world.
    case resting
    /// Dragged by a finger.
    case held(by: TouchID)
    /// Released near home: springing back to its origin.
    case attracted
    /// Released away from home: falling under gravity until culled.
    case falling
    /// Left the viewport: no world, not drawn, not grabbable, until ``TileAnimator/reset(_:)``.
    case culled
    /// Came to rest inside walls (``TileConfiguration/SettleRule/rest``): no world, drawn and grabbable
    /// where it lies; ``TileAnimator/reset(_:)`` sends it home.
    case lying
}

/// What a released tile does next.
public enum ReleaseOutcome: String, Hashable, Sendable {
    case attract, fall
}

/// A life-cycle event, reported by ``TileAnimator/advance(to:)`` in the order it happened: the
/// tick, the tile and what happened to it.
public struct TileEvent: Hashable, Sendable {
    /// Grab and release: the tick they were applied before. Settle and cull: the tick after
    /// which they were found.
    public var tick: Int
    /// The tile it concerns.
    public var tile: TileID
    public var kind: Kind
    /// On a release, when the configuration asks for predictions
    /// (``DragSettings/predictionTicks``): where and when the tile ends if nothing touches it
    /// again. nil on every other event.
    public var prediction: Prediction?

    public init(tick: Int, tile: TileID, kind: Kind) {
        self.tick = tick
        self.tile = tile
        self.kind = kind
    }

    /// What happened to the tile.
    public enum Kind: Hashable, Sendable {
        /// A finger took the tile (a world was made, or a moving tile's world taken over).
        case grabbed(touch: TouchID, at: Vector)
        /// The finger let go (`cancelled` when the system cancelled the touch, in which case the
        /// outcome is always `attract`). `velocity` is the velocity tracker's estimate, in points
        /// per second, given to the tile.
        case released(outcome: ReleaseOutcome, velocity: Vector, cancelled: Bool)
        /// The tile's last finger lifted with the tile near where the hold began, and it goes home
        /// (``TileConfiguration/tapDistance``); reported just after its release.
        case tapped
        /// The tile came home: snapped exactly to its origin and angle 0; its world is freed.
        case settled
        /// The tile left the viewport (plus margin): its world is freed and it is ``TilePhase/culled``.
        case culled
        /// A push set the tile moving from rest, or from where it lay: it falls now.
        case pushed
        /// The falling tile came to rest inside walls (``TileConfiguration/SettleRule/rest``): its world is
        /// freed and it is ``TilePhase/lying`` where it came to rest.
        case cameToRest
        /// The tile's box began touching a wall during the tick (UIKit's collision delegate's
        /// `beganContactFor:withBoundaryIdentifier:`): the wall's index among the tiles' walls
        /// (`DynamicsSettings/walls(in:)`), the point, the normal and the impulse of that first tick.
        case wallContact(Wall.Contact)
    }
}

/// A tile as the animator sees it now.
public struct TileState: Hashable, Sendable {
    public var definition: TileDefinition
    public var phase: TilePhase
    /// The body's state after the last tick (origin and zeros while resting).
    public var state: BodyState
    /// Whether the tile has a world (it is held, attracted or falling).
    public var isLive: Bool { phase != .resting && phase != .culled && phase != .lying }
}

/// Something an app does to a ``TileAnimator`` that changes what it simulates: a touch, or a
/// change to its set of tiles. A recording is the list of these in the order the animator
/// applied them, each with the tick it was applied before (the journal).
public enum TileInput: Hashable, Sendable {
    /// A touch event (``TileAnimator/handle(_:)``), its time on the animator's timeline.
    case touch(TouchEvent)
    /// ``TileAnimator/reset(_:)``.
    case reset(TileID)
    /// ``TileAnimator/addTile(_:)``.
    case addTile(TileDefinition)
    /// ``TileAnimator/removeTile(_:)``.
    case removeTile(TileID)
    /// A push or a change of fields (``DragAnimator/applyPush(_:to:)``,
    /// ``DragAnimator/addPush(_:to:)``, ``DragAnimator/removePush(_:)``,
    /// ``DragAnimator/setFields(_:)``).
    case dynamics(DynamicsInput)
}

extension TileEvent: CustomStringConvertible {
    /// `tick 12: tile 3 released (attract) at (12.5, -40.0) pt/s`.
    public var description: String { "tick \(tick): \(tile) \(kind)" }
}

extension TileEvent.Kind: CustomStringConvertible {
    public var description: String {
        switch self {
        case .grabbed(let touch, let at): "grabbed by \(touch) at \(at)"
        case .released(let outcome, let velocity, let cancelled):
            "released (\(cancelled ? "cancelled, " : "")\(outcome.rawValue)) at \(velocity) pt/s"
        case .tapped: "tapped"
        case .settled: "settled"
        case .culled: "culled"
        case .pushed: "pushed"
        case .cameToRest: "came to rest"
        case .wallContact(let c): "\(c)"
        }
    }
}

extension TilePhase: CustomStringConvertible {
    /// `held by touch 3`, `attracted`.
    public var description: String {
        switch self {
        case .resting: "resting"
        case .held(let touch): "held by \(touch)"
        case .attracted: "attracted"
        case .falling: "falling"
        case .culled: "culled"
        case .lying: "lying"
        }
    }
}
