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
}

/// What a released tile does next.
public enum ReleaseOutcome: String, Hashable, Sendable {
    case attract, fall
}

/// A life-cycle event, reported by ``TileAnimator/advance(to:)`` in the order it happened.
public struct TileEvent: Hashable, Sendable {
    public enum Kind: Hashable, Sendable {
        /// A finger took the tile (a world was made, or a moving tile's world taken over).
        case grabbed(touch: TouchID, at: Vector)
        /// The finger let go (`cancelled` when the system cancelled the touch, in which case
        /// the outcome is always `attract`). `velocity` is the velocity tracker's estimate,
        /// in points per second, given to the tile.
        case released(outcome: ReleaseOutcome, velocity: Vector, cancelled: Bool)
        /// The tile came home: snapped exactly to its origin and angle 0; its world is freed.
        case settled
        /// The tile left the viewport (plus margin): its world is freed and it is ``TilePhase/culled``.
        case culled
    }

    /// Grab and release: the tick they were applied before. Settle and cull: the tick after
    /// which they were found.
    public var tick: Int
    public var tile: TileID
    public var kind: Kind

    public init(tick: Int, tile: TileID, kind: Kind) {
        self.tick = tick
        self.tile = tile
        self.kind = kind
    }
}

/// A tile as the animator sees it now.
public struct TileSnapshot: Hashable, Sendable {
    public var definition: TileDefinition
    public var phase: TilePhase
    /// The body's state after the last tick (origin and zeros while resting).
    public var state: BodyState
    /// Whether the tile has a world (it is held, attracted or falling).
    public var isLive: Bool { phase != .resting && phase != .culled }
}
