import FlingCore

/// Something an app does to a ``TileAnimator`` that changes what it simulates: a touch, or a
/// change to its set of tiles. A recording is the list of these in the order the animator
/// applied them, each with the tick it was applied before (``AppliedInput``).
public enum TileInput: Hashable, Sendable {
    /// A touch event (``TileAnimator/handle(_:)``), its time on the animator's timeline.
    case touch(TouchEvent)
    /// ``TileAnimator/reset(_:)``.
    case reset(TileID)
    /// ``TileAnimator/addTile(_:)``.
    case addTile(TileDefinition)
    /// ``TileAnimator/removeTile(_:)``.
    case removeTile(TileID)
}

/// An input and the tick it was applied before: what a ``TileAnimator`` journals while it is
/// being recorded, so that a replay applies exactly the same inputs at exactly the same ticks.
public struct AppliedInput: Hashable, Sendable {
    /// The index of the tick the input was applied before (tick `k` covers
    /// `[k·tick, (k+1)·tick)` on the animator's timeline).
    public var tick: Int
    public var input: TileInput

    public init(tick: Int, input: TileInput) {
        self.tick = tick
        self.input = input
    }
}
