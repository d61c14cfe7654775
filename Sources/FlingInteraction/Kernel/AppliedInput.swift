// The shape every interaction's journal shares, written once: an input and its tick. (Each
// policy's events are its own type: ``TileEvent``, ``SnapEvent``.)

/// An input and the tick it was applied before: what an animator journals while it is being
/// recorded, so that a replay applies exactly the same inputs at exactly the same ticks.
public struct AppliedInput<Input: Hashable & Sendable>: Hashable, Sendable {
    /// The index of the tick the input was applied before (tick `k` covers
    /// `[k·tick, (k+1)·tick)` on the animator's timeline).
    public var tick: Int
    /// The input, as the app gave it (a touch with its own time).
    public var input: Input

    public init(tick: Int, input: Input) {
        self.tick = tick
        self.input = input
    }
}
