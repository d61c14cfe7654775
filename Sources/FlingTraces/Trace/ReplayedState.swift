// One item's state after a tick, as a replay reports it (a tile's in a trace's replay, a snap
// item's in a snap scene's): compared by bits, because a replay promises the same bits.
import FlingCore
import FlingInteraction

/// An item's id and its state after a tick, in a replay (``TraceReplay/TileState``,
/// ``SnapSceneReplay/ItemState``). Equal only when every number has the same bits (`-0` differs
/// from `0`, a NaN equals the same NaN).
public struct ReplayedState<Tag: IdentifierTag>: Hashable, Sendable {
    public var id: Identifier<Tag>
    public var state: BodyState
    public init(id: Identifier<Tag>, state: BodyState) { self.id = id; self.state = state }

    public static func == (a: Self, b: Self) -> Bool { a.id == b.id && a.state.isBitwiseEqual(to: b.state) }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(id)
        hasher.combine(state.position.x.bitPattern)
        hasher.combine(state.position.y.bitPattern)
        hasher.combine(state.angle.bitPattern)
        hasher.combine(state.velocity.x.bitPattern)
        hasher.combine(state.velocity.y.bitPattern)
        hasher.combine(state.angularVelocity.bitPattern)
    }
}
