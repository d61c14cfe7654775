// The fingers that are down: one record each, in reused slots, and the table from touch ids to
// slots. A finger that holds an item has a drag of its own in the item's world, as Chipmunk's
// `ChipmunkMultiGrab` makes one per touch (objectivec/src/ChipmunkMultiGrab.m): its finger
// body with its pivot to the grabbed point and, when the settings ask, its grab friction (a
// second pivot with `maxBias` 0) and rotary friction (a gear with `maxBias` 0); one finger is
// the case of several (``DragSettings/fingersPerItem`` is 1 by default). The item is released
// when its last finger lets go.
//
// Each tick places the finger bodies before the step, every one that moves in one call to the
// backend (``PhysicsBackend/moveDrags(_:refused:)``). Unsmoothed (Fling's finger), a finger
// body jumps to the touch and moves at the speed that took it there. A smoothed finger moves as
// the multi-grab's kinematic grab body does in a Chipmunk space: each step first moves it at the
// velocity it was given (`cpBodyUpdatePosition`, `p + v·dt`), then `GrabPreSolve` gives it the
// velocity that takes it to `lerp(touch, p, smoothing^dt)` by the next step, `(lerp − p)/dt`; the
// joints then see it at `p` moving at that velocity. The backends do not move finger bodies
// themselves, so the kernel does it and hands both to the backend before the step: the same
// position and velocity the Chipmunk space would hold (the factor `smoothing^dt` from FlingMath's
// portable `pow`, where Chipmunk calls the C library's). A finger body whose position and velocity
// would be set to the very bits it has (a finger at rest on an unmoved touch) is left alone:
// setting them again changes nothing in either backend.
import FlingCore

/// A finger that is down: what a tick reads of it, and what a touch's events read (its velocity
/// tracker, which only a touch's own events touch, is kept apart: ``Fingers/trackers``). A touch
/// holds at most one item, by a drag of its own; several touches may hold the same item.
struct TouchRecord {
    // The fields are declared in the order that packs them into 112 bytes (each at its
    // alignment, in declaration order) with what a finger move reads and writes (the hint's
    // check, the item, its index, the finger target) in the first 48: at thousands of fingers
    // every cache line touched is a miss.
    var id: TouchID
    /// The raw id of the item it holds, if it took one.
    var item: Int?
    /// Whether the slot holds a touch that is down, and how many times it has been taken: what a
    /// queued touch's ``FingerHint`` is checked against.
    var live = false
    var generation: UInt32 = 0
    /// That item's index in the columns (kept current as items come and go).
    var index = 0
    /// Where the touch wants its finger body.
    var fingerTarget = Vector.zero
    /// Its drag in the item's world while it holds one (set exactly when `item` is), and its
    /// finger body's position and velocity as last set.
    var drag: JointID?
    /// When and where it went down.
    var downTime = 0.0
    var finger = Vector.zero
    var fingerVelocity = Vector.zero
    var downPosition = Vector.zero

    init(id: TouchID) { self.id = id }

    var view: FingerView { FingerView(touch: id, downTime: downTime, downPosition: downPosition, item: item) }

    /// Where the finger body goes for the next step, and the velocity it is given (the live tick
    /// and a prediction both).
    @inline(__always)
    func step(dt: Double, smoothing: Double?) -> (Vector, Vector) {
        guard let c = smoothing else {
            let p = fingerTarget
            return (p, Vector((p.x - finger.x) / dt, (p.y - finger.y) / dt))
        }
        // Within the coordinate limit, which the step's rounding may pass by an ulp at its edge.
        let moved = finger + fingerVelocity * dt
        let p = Vector(min(max(moved.x, -Limits.coordinate), Limits.coordinate), min(max(moved.y, -Limits.coordinate), Limits.coordinate))
        let smoothed = fingerTarget * (1 - c) + p * c
        return (p, (smoothed - p) * (1 / dt))
    }
}

/// The fingers down, as of the ticks applied so far, and the touches accepted ahead of them.
struct Fingers {
    /// Touch ids to what the kernel knows of each (``Entry``): whether the touch is down as the
    /// touches accepted so far say, and its finger's slot and that slot's generation once its
    /// `began` is applied. One table for both, so that accepting a touch looks it up once and
    /// hands its slot to the queue. Only looked up, never iterated, so it cannot change a bit.
    var table = TouchTable()
    /// The last accepted touch's time, or −∞.
    var lastAccepted = -Double.infinity
    /// Touch records, in reused slots; the free ones are listed in `free`.
    var slots: [TouchRecord] = []
    /// Each slot's velocity tracker.
    var trackers: [VelocityTracker] = []
    var free: [Int] = []

    /// A touch's entry in the table, packed in one non-negative integer.
    struct Entry {
        var value: Int
        /// Down, as accepted.
        var accepted: Bool { value & 1 != 0 }
        /// Its finger's slot, once its `began` is applied.
        var slot: Int? { let s = (value >> 1) & 0x7FFF_FFFF; return s == 0 ? nil : s - 1 }
        var generation: UInt32 { UInt32(truncatingIfNeeded: value >> 32) }
        var hint: FingerHint? { slot.map { FingerHint(slot: Int32($0), generation: generation) } }

        init(_ value: Int) { self.value = value }
        init(accepted: Bool, slot: Int?, generation: UInt32) {
            value = (accepted ? 1 : 0) | ((slot.map { $0 + 1 } ?? 0) << 1) | Int(generation & 0x7FFF_FFFF) << 32
        }
    }

    /// The entry of `touch` (empty when the table has none).
    @inline(__always)
    func entry(_ touch: TouchID) -> Entry { Entry(table.value(for: touch) ?? 0) }

    /// Stores `touch`'s entry (removing it when it says nothing).
    @inline(__always)
    mutating func store(_ e: Entry, for touch: TouchID) {
        if e.value == 0 { table.remove(touch) } else { table.set(e.value, for: touch) }
    }

    /// The slot of `touch`'s finger, if its `began` has been applied and it is down.
    @inline(__always)
    func slot(of touch: TouchID) -> Int? { entry(touch).slot }

    /// The slot a queued touch's hint names, if it is still that touch's finger; else looked up.
    @inline(__always)
    func slot(of touch: TouchID, hint: FingerHint?) -> Int? {
        if let h = hint, Int(h.slot) < slots.count, slots[Int(h.slot)].live, slots[Int(h.slot)].generation == h.generation {
            return Int(h.slot)
        }
        return slot(of: touch)
    }

    /// A slot for a touch whose `began` is applied, registered under its id: a freed one if any,
    /// else a new one (the free list grows with the slots, so that freeing one never
    /// allocates); `expected` is how many fingers the items can hold at once.
    mutating func newSlot(_ touch: TouchID, expected: Int) -> Int {
        let slot: Int
        if let f = free.popLast() {
            slot = f
        } else {
            slot = slots.count
            // Grown by doubling, but not past the fingers the items can hold while there are
            // fewer: a slot and its tracker are 320 bytes, and doubling past a crowd of items
            // held at once would leave up to half of them unused.
            if slot == slots.capacity, slot < expected {
                let capacity = min(max(2 * slot, 4), expected)
                slots.reserveCapacity(capacity)
                trackers.reserveCapacity(capacity)
            }
            slots.append(TouchRecord(id: touch))
            trackers.append(VelocityTracker())
            if free.capacity < slots.count { free.reserveCapacity(slots.capacity) }
        }
        slots[slot].id = touch
        slots[slot].live = true
        slots[slot].generation = (slots[slot].generation &+ 1) & 0x7FFF_FFFF
        let e = entry(touch)
        store(Entry(accepted: e.accepted, slot: slot, generation: slots[slot].generation), for: touch)
        return slot
    }

    /// `touch`'s `ended` or `cancelled` is applied: its slot is freed and returned.
    mutating func freeSlot(_ touch: TouchID) -> Int? {
        let e = entry(touch)
        guard let slot = e.slot else { return nil }
        store(Entry(accepted: e.accepted, slot: nil, generation: 0), for: touch)
        slots[slot].live = false
        free.append(slot)
        return slot
    }

    /// How many fingers hold the item of raw id `id`.
    func count(on id: Int) -> Int {
        slots.reduce(0) { $0 + ($1.drag != nil && $1.item == id ? 1 : 0) }
    }

    /// The first slot (in slot order) whose finger holds the item of raw id `id`.
    func first(on id: Int) -> Int? {
        slots.indices.first { slots[$0].drag != nil && slots[$0].item == id }
    }

    /// The finger in `slot` lets go of what it holds (its item's world went).
    mutating func letGo(_ slot: Int) {
        slots[slot].drag = nil
        slots[slot].item = nil
    }

    /// Items from index `at` on moved by `by` (one was inserted or removed there).
    mutating func shiftIndices(from at: Int, by: Int) {
        for s in slots.indices where slots[s].drag != nil && slots[s].index >= at { slots[s].index += by }
    }
}
