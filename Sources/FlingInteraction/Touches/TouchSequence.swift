// The rules a sequence of touches obeys, written once and checked by every place a touch
// arrives: an animator's `handle(_:)`, a document's validation, and so a recorder's output.
import FlingCore

/// The touch rules, as an animator's `handle(_:)` checks them: a recording's reader checks its
/// touches with them before replaying any.
///
/// Times are on the animator's timeline (seconds from its time origin): within 0 to 10¹² s
/// and never decreasing. A `began` names a touch that is not down (and,
/// if it names an item, one the caller knows); every other phase names a touch that is down.
public struct TouchSequence: Sendable {
    /// The times an event may have: from the time origin to 10¹² s after it.
    static let times: ClosedRange<Double> = 0...1e12

    /// Touches down after the events accepted so far (membership only). A hash table for O(1)
    /// checks with thousands of fingers (a replay of many sessions); only looked up, never iterated.
    private(set) var down = TouchTable()
    /// The last accepted event's time, or -∞.
    private(set) var lastTime = -Double.infinity

    public init() {}

    /// The sequence as a snapshot left it: the touches down and the last event's time.
    init(down touches: [TouchID], lastTime: Double) {
        for t in touches { down.set(0, for: t) }
        self.lastTime = lastTime
    }

    /// The touches down, in id order.
    var downTouches: [TouchID] { down.sortedEntries().map(\.key) }

    /// What accepting an event changes.
    enum Change: Sendable { case none, add, remove }

    /// The rules themselves, for a touch that is down (`isDown`) or not, after an event at
    /// `lastTime`: what the kernel checks against its own table of touches.
    @inline(__always)
    static func check(
        _ event: TouchEvent, isDown: Bool, after lastTime: Double, field: (String) -> String, naming: @autoclosure () -> ItemNaming,
        knows: (TouchEvent.ItemID) -> Bool
    ) throws(FlingError) -> Change {
        try Check.range(event.time, Self.times, field("time"))
        guard event.time >= lastTime else {
            throw FlingError(
                .outOfOrder, field: field("time"), value: "\(event.time)",
                reason: "is earlier than the previous event's time, \(lastTime)")
        }
        try Check.coordinate(event.position, field("position"))
        switch event.phase {
        case .began:
            guard !isDown else {
                throw FlingError(
                    .touchAlreadyDown, field: field("touch"), value: "\(event.touch.rawValue)",
                    reason: "began while this touch is already down")
            }
            if let item = event.item, !knows(item) { throw naming().unknown(item.rawValue, field: field("item")) }
            return .add
        case .moved, .ended, .cancelled:
            guard isDown else {
                throw FlingError(
                    .unknownTouch, field: field("touch"), value: "\(event.touch.rawValue)",
                    reason: "\(event.phase.rawValue) names a touch that is not down (no began before it)")
            }
            return event.phase == .moved ? .none : .remove
        }
    }

    /// Accepts an event `check` passed.
    mutating func commit(_ event: TouchEvent, _ change: Change) {
        lastTime = event.time
        switch change {
        case .none: break
        case .add: down.set(0, for: event.touch)
        case .remove: down.remove(event.touch)
        }
    }

    /// Checks `event` against the touch rules and accepts it; throws, accepting nothing, when it
    /// breaks one. `field` makes the error's field from the event's own (`"time"`, `"touch"`);
    /// `knows` says whether the caller has an item of the id a `began` names (one it does not is
    /// refused, named as `Item`'s ids are: `TileDefinition.self`, `SnapItem.self`).
    public mutating func accept<Item: IdentifierTag>(
        _ event: TouchEvent, field: (String) -> String, items _: Item.Type, knows: (Identifier<Item>) -> Bool
    ) throws(FlingError) {
        let change = try Self.check(
            event, isDown: down.contains(event.touch), after: lastTime, field: field, naming: ItemNaming.of(Item.self),
            knows: { knows(Identifier<Item>($0)) })
        commit(event, change)
    }
}
