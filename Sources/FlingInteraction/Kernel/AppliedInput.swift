// The shapes every interaction's events and journal share, written once and filled in by each
// policy: an event is a tick, the item it concerns, and the policy's own kind of happening, so
// a policy extends its events by adding kinds; a journal entry is an input and its tick.

/// Something an animator did, reported by `advance(to:)` in the order it happened: a
/// ``TileEvent`` (`ItemRef` a ``TileID``) or a ``SnapEvent`` (`ItemRef` a ``SnapItemID``, or
/// nil for a tap on no item).
public struct DragEvent<ItemRef: Hashable & Sendable, EventKind: Hashable & Sendable>: Hashable, Sendable {
    /// What happened: the policy's own kinds (``TileEventKind``, ``SnapEventKind``).
    public typealias Kind = EventKind

    /// Touches and the app's inputs: the tick they were applied before. What a step decided
    /// (settled, culled): the tick after which it was found.
    public var tick: Int
    /// The item it concerns.
    public var item: ItemRef
    public var kind: Kind

    public init(tick: Int, item: ItemRef, kind: Kind) {
        self.tick = tick
        self.item = item
        self.kind = kind
    }
}

/// An input and the tick it was applied before: what an animator journals while it is being
/// recorded, so that a replay applies exactly the same inputs at exactly the same ticks.
package struct AppliedInput<Input: Hashable & Sendable>: Hashable, Sendable {
    /// The index of the tick the input was applied before (tick `k` covers
    /// `[k·tick, (k+1)·tick)` on the animator's timeline).
    public var tick: Int
    public var input: Input

    public init(tick: Int, input: Input) {
        self.tick = tick
        self.input = input
    }
}
