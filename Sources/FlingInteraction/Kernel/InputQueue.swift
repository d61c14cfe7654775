// The inputs an animator has accepted but not yet applied, resolved to ticks as the display
// clock passes them. Compacted as it drains, so memory stays flat while fingers move.
//
// The entries are plain data (a touch, or a mark for the next of the other inputs), so queueing,
// taking and dropping the touches that stream in every frame copies bytes, whatever the policy's
// input type holds: the other inputs (a tile operation, a send, a push, a list of fields) wait
// in an array of their own, in the same order, and are taken from it in turn.
import FlingCore

/// An input waiting in an animator's queue: a touch (nil: the next of the queue's other
/// inputs), its time on the animator's timeline (a touch's own; −∞ for the others), and the tick
/// it is applied before, once known.
///
/// Stored packed, 64 bytes where the plain fields took 88: a frame brings a touch per finger and
/// the queue holds them all, so at thousands of fingers these bytes are a good part of what a
/// tick writes and reads. The touch's fields lie flat (its phase and whether it names an item in
/// one byte), the time is the touch's, and a missing tick or finger hint is a value no real one
/// has.
struct PendingInput {
    private var touchTime: Double
    private var touchID: Int
    private var x: Double
    private var y: Double
    private var itemID: Int
    private var tickValue: Int
    private var hint: FingerHint
    /// The touch's phase (its index in `Phase.allCases`), 4 more when it names an item; 0xFF:
    /// not a touch.
    private var kind: UInt8

    init(touch: TouchEvent?, tick: Int?, finger: FingerHint? = nil) {
        if let touch {
            touchTime = touch.time
            touchID = touch.touch.rawValue
            x = touch.position.x
            y = touch.position.y
            itemID = touch.item?.rawValue ?? 0
            kind = Self.phaseCode(touch.phase) | (touch.item == nil ? 0 : 4)
        } else {
            touchTime = -.infinity
            touchID = 0
            x = 0
            y = 0
            itemID = 0
            kind = 0xFF
        }
        tickValue = tick ?? Int.min
        hint = finger ?? FingerHint(slot: -1, generation: 0)
    }

    @inline(__always)
    static func phaseCode(_ phase: TouchEvent.Phase) -> UInt8 {
        switch phase {
        case .began: 0
        case .moved: 1
        case .ended: 2
        case .cancelled: 3
        }
    }

    var touch: TouchEvent? {
        get { unpacked }
        set { self = PendingInput(touch: newValue, tick: tick, finger: finger) }
    }

    private var unpacked: TouchEvent? {
        guard kind != 0xFF else { return nil }
        let phase: TouchEvent.Phase =
            switch kind & 3 {
            case 0: .began
            case 1: .moved
            case 2: .ended
            default: .cancelled
            }
        return TouchEvent(
            time: touchTime, touch: TouchID(touchID), phase: phase, position: Vector(x, y),
            item: kind & 4 == 0 ? nil : TouchEvent.ItemID(itemID))
    }

    /// Whether it is a `moved` touch.
    var isMove: Bool { kind != 0xFF && kind & 3 == 1 }

    /// A touch's own time; −∞ for the other inputs.
    var time: Double { touchTime }

    var tick: Int? {
        get { tickValue == Int.min ? nil : tickValue }
        set { tickValue = newValue ?? Int.min }
    }

    /// For a touch: its finger's slot and that slot's generation when it was accepted
    /// (``FingerHint``), so that applying it finds the finger without a lookup; nil: look it up.
    var finger: FingerHint? { hint.slot < 0 ? nil : hint }
}

/// Where a touch's finger was when the touch was accepted: a slot, and the slot's generation
/// then (a slot freed and taken again has another).
struct FingerHint: Sendable {
    var slot: Int32
    var generation: UInt32
}

/// The kernel's input queue: `head` is the next input to apply; those from `unresolved` on
/// still wait for the display frame that gives them a tick.
struct InputQueue<Input> {
    var pending: [PendingInput] = []
    /// The inputs other than touches, in queue order; `othersHead` is the next to take.
    var others: [Input] = []
    var othersHead = 0
    var head = 0
    var unresolved = 0
    /// The last `firstTick(atOrAfter:)` asked for by `tick(forAccepted:clock:)` (simulated
    /// time, tick length, answer): the touches of one display frame mostly share their time,
    /// and the answer is a function of those two numbers alone.
    private var lastFirstTick: (time: Double, tick: Double, first: Int) = (.nan, .nan, 0)

    /// Whether every input accepted so far has been applied.
    var isDrained: Bool { head == pending.count }

    /// The tick of an input accepted at `time` (on the animator's timeline): known now when the
    /// display clock has already passed it (the next tick, if its own has been stepped), nil
    /// otherwise. Remembers the last answer of the clock's division.
    @inline(__always)
    mutating func tick(forAccepted time: Double, clock: FixedStepClock) -> Int? {
        guard time <= clock.displayTime else { return nil }
        let t = time - clock.droppedTime
        if t != lastFirstTick.time || clock.tick != lastFirstTick.tick {
            lastFirstTick = (t, clock.tick, clock.firstTick(atOrAfter: t))
        }
        return max(lastFirstTick.first, clock.ticks)
    }

    /// Enqueues a touch accepted now (its time on the animator's timeline), with its tick if
    /// already known, and where its finger is.
    @inline(__always)
    mutating func enqueue(accepted touch: TouchEvent, clock: FixedStepClock, finger: FingerHint?) {
        enqueue(PendingInput(touch: touch, tick: tick(forAccepted: touch.time, clock: clock), finger: finger))
    }

    @inline(__always)
    mutating func enqueue(_ p: PendingInput) {
        // Inputs given a tick up front never wait behind ones that have none.
        pending.append(p)
        if p.tick != nil, unresolved == pending.count - 1 { unresolved += 1 }
    }

    /// Gives the touches the display clock has now passed their ticks: in an ordinary frame,
    /// the first tick starting at or after the touch's time on the simulated timeline; in a
    /// stalled frame (clamped to `maxFrameInterval`), the same after scaling the touch's
    /// offset into the frame by the clamp, so that touches keep their spacing.
    mutating func resolveTicks(clock: FixedStepClock, previousDisplay: Double, previousSimulated: Double) {
        let interval = clock.displayTime - previousDisplay
        let stalled = interval > clock.maxFrameInterval
        while unresolved < pending.count, pending[unresolved].tick != nil || pending[unresolved].time <= clock.displayTime {
            let t = pending[unresolved].time
            let simulated =
                stalled
                ? previousSimulated + (t - previousDisplay) * (clock.maxFrameInterval / interval)
                : t - clock.droppedTime
            if pending[unresolved].tick == nil {
                pending[unresolved].tick = max(clock.firstTick(atOrAfter: simulated), clock.ticks)
            }
            unresolved += 1
        }
    }

    /// The next input if it is a `moved` touch due at or before tick `k`, consumed, with where
    /// its finger was; nil otherwise.
    mutating func popDueMove(tick k: Int) -> (TouchEvent, FingerHint?)? {
        guard head < unresolved, pending[head].isMove, let tick = pending[head].tick, tick <= k else { return nil }
        head += 1
        return (pending[head - 1].touch!, pending[head - 1].finger)
    }

    /// Drops applied inputs once they are half the queue (amortized O(1) per input), so a
    /// finger that keeps moving never grows it.
    mutating func compact() {
        guard head > 0 else { return }
        if head == pending.count {
            pending.removeAll(keepingCapacity: true)
        } else if head >= 32, head * 2 >= pending.count {
            pending.removeSubrange(0..<head)
        } else {
            return
        }
        unresolved -= head
        head = 0
        if othersHead == others.count {
            if !others.isEmpty { others.removeAll(keepingCapacity: true) }
        } else if othersHead > 0 {
            others.removeSubrange(0..<othersHead)
        }
        othersHead = 0
    }
}

extension InputQueue where Input: DragInput {
    /// Enqueues any input, with its tick if known.
    mutating func enqueue(_ input: Input, tick: Int?) {
        if case .touch(let touch) = input.kernelInput {
            enqueue(PendingInput(touch: touch, tick: tick))
        } else {
            others.append(input)
            enqueue(PendingInput(touch: nil, tick: tick))
        }
    }

    /// An input taken from the queue: a touch as it was queued (not wrapped in the policy's
    /// input, a large value to copy per touch), or the next of the other inputs.
    enum Due {
        case touch(TouchEvent)
        case other(Input)
    }

    /// The next input due at or before tick `k`, consumed; nil when none is.
    mutating func popDue(tick k: Int) -> Due? {
        guard head < unresolved, let tick = pending[head].tick, tick <= k else { return nil }
        head += 1
        if let touch = pending[head - 1].touch { return .touch(touch) }
        othersHead += 1
        return .other(others[othersHead - 1])
    }
}

extension InputQueue: Sendable where Input: Sendable {}
