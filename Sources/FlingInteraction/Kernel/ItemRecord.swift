// The kernel's bookkeeping, hot apart from cold: every tick scans each item's phase and world
// (which are live, which are held), so those live in an array of their own (``ItemStatus``)
// beside the records and the scan reads a few bytes per item instead of a whole record. A
// policy keeps any state of its own in arrays beside these, in the same order.
import FlingCore

/// One item: its definition and its body as the ticks left it.
struct ItemRecord<Item> {
    var item: Item
    /// State after the last tick, and after the one before (for drawing).
    var state: BodyState
    var previous: BodyState
    /// Consecutive ticks a homing item has spent under every settle threshold.
    var settleCount = 0
    /// Where the center was when the first finger of the current hold went down (the tile
    /// policy's release rule and taps measure from it).
    var holdStart = Vector.zero
    /// Continuous pushes on the item: while it has any it keeps its world (it neither settles
    /// nor comes to rest), since they keep acting.
    var pushCount = 0
    /// The number of the last input that acted on the item (``DragAnimator/actions``), and of
    /// the input its last prediction was made after.
    var lastAction = 0
    var predictedAfter = 0

    init(_ item: Item, at position: Vector) {
        self.item = item
        state = BodyState(position: position)
        previous = state
    }
}

/// An item's phase and world: what every tick scans for every item.
struct ItemStatus<Phase> {
    var phase: Phase
    var world: WorldID?
}

/// A finger that is down, with everything the kernel keeps of it: the one record of a finger's
/// state. Records live in reused slots (``DragAnimator/touchSlots``), so a touch going down
/// allocates nothing once as many have been down before. A touch holds at most one item, by a
/// drag of its own; several touches may hold the same item (up to
/// ``DragSettings/fingersPerItem``; the table maps touches to items, not the other way round).
struct TouchRecord {
    var id: TouchID
    /// The raw id of the item it holds, if it took one.
    var item: Int?
    /// Where that item was in the records when last looked up: checked before a search, since
    /// items move only when one is added or removed.
    var itemHint = 0
    var tracker = VelocityTracker()
    /// Where and when it went down, and whether it has moved from there since (taps).
    var downTime = 0.0
    var downPosition = Vector.zero
    var hasMoved = false
    /// This finger's drag in its item's world while it holds one (set exactly when `item` is),
    /// its finger body's position and velocity as last set, and where the touch wants it.
    var grip: JointID?
    var finger = Vector.zero
    var fingerVelocity = Vector.zero
    var fingerTarget = Vector.zero

    init(id: TouchID) { self.id = id }
}

extension ItemRecord: Sendable where Item: Sendable {}
