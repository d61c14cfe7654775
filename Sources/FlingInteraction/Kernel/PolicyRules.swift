// A policy decides, the kernel acts. The rules below are everything an interaction says; none
// of them sees the animator or its stores. A hook is handed values (an item's definition,
// phase, state and memory, a touch, the tick) and returns a decision (Kernel/Decision.swift):
// the item's next phase, its memory, a short list of world edits and the events. One kernel
// function applies a decision (Kernel/Kernel+Apply.swift), so worlds, fingers, pushes and the
// policy's joints stay consistent in one place, and only the kernel writes its columns, calls
// the backend, journals, counts inputs and appends events.
//
// One protocol per concern: the items (what the policy keeps of each, and where it rests), the
// live inputs (a grab, a finger, a release, a lift, a push, the policy's own inputs), the
// after-step rule (pure and per item: the live tick and a prediction run the same code), the
// snapshot's check (the kernel codes the columns), and a configuration's scene rules (events
// in, commands out, applied by the kernel at the end of the tick).
import FlingCore
import _FlingCoding

/// The items: what the policy keeps of each beside the kernel's columns (``Memory``, a column
/// of the kernel's, inserted, removed and snapshotted with the item), and where an item rests.
protocol ItemRules: DragPolicy
where Item: DragItem, Phase: DragPhase, Input: DragInput, Input.Item == Item, Event: DragEvent, Event.Tag == Item {
    associatedtype Memory
    /// Throws unless `item` may be one of this policy's items (every number finite and in
    /// range); else its memory at rest. `position` is its place in the list the app gave.
    func admit(_ item: Item, at position: Int, settings: DragSettings) throws(FlingError) -> Memory
    /// An item put back at rest by the kernel (a reset, a failed input): where it rests and its
    /// memory then (its world is freed and its phase ``DragPhase/resting`` already).
    func rest(_ item: ItemView<Self>) -> Decision<Self>
}

/// The live inputs.
protocol InputRules: ItemRules {
    /// A `began` at `point`: the item it takes (the one the app named, else the one under the
    /// point) and how, or nil when it takes none. `extraFinger(i)` says whether item `i`, held
    /// already, takes one more finger (the kernel's rule, ``DragSettings/fingersPerItem``).
    func grab(
        _ items: ItemTable<Self>, named: Int?, at point: Vector, touch: TouchID, tick: Int, extraFinger: (Int) -> Bool
    ) -> (index: Int, grab: Grab<Self>)?
    /// Where the finger body of a finger holding `item` goes for a touch at `position`.
    func fingerTarget(_ item: ItemView<Self>, _ finger: FingerView, to position: Vector, tick: Int) -> FingerTarget<Self>
    /// The item's last finger let go, at the tracker's `velocity` (finite, within
    /// ``Limits/velocity``); the drag is gone. The decision's first event is the release's.
    func release(_ item: ItemView<Self>, velocity: Vector, cancelled: Bool, tick: Int) -> Decision<Self>
    /// A touch lifted (`event` ended or cancelled), whether or not it held an item: a tap's event,
    /// if it is one.
    func lifted(_ event: TouchEvent, _ finger: FingerView, tick: Int) -> Event?
    /// A push about to act on `item`: how it acts, whether it acts now (else it is ignored, and a
    /// continuous one waits for the item's next world), and the world the item gets if it has none.
    func push(_ push: Push, on item: ItemView<Self>) -> PushPlan
    /// After a push acted on the item's world: what it does (`now` is the world's state as the
    /// push left it; `item.state` is the item's after the last tick).
    func pushed(_ item: ItemView<Self>, now: BodyState, tick: Int) -> Decision<Self>
    /// One of the policy's own inputs, on the item it names.
    func apply(_ input: Input, to item: ItemView<Self>, tick: Int) -> Decision<Self>
}

/// The after-step rule.
protocol StepRules: ItemRules {
    /// Whether the rule runs for every item each tick (snap items: their scales spring and the
    /// digest covers them all), or only for those with a world (tiles).
    static var stepsEveryItem: Bool { get }
    /// After a step, for an item in `phase` at `state` (with a world or not, under `pushes`
    /// continuous pushes, in `room`, the walls the worlds have now): its memory as the tick leaves it, its ending if it ends now (into
    /// `ending`, nil when handed over), and its motion without a world if it has one and what it
    /// adds to the digest. Pure: the live tick runs it on the columns in place, a prediction on
    /// copies.
    func afterStep(
        _ item: Item, _ phase: Phase, _ state: BodyState, _ memory: inout Memory, world: Bool, pushes: Int, room: Room,
        ending: inout Ending<Self>?, tick: Int
    ) -> Step
    /// How an item without a world ends if nothing touches it again: where it rests now, or nil
    /// while it moves without a world (the rule then runs tick by tick).
    func outcomeAtRest(_ item: ItemView<Self>) -> Prediction.Outcome?
}

/// A snapshot's check: the kernel codes the columns (the memories among them) and checks what
/// it knows; the policy checks the rest.
protocol SnapshotRules: ItemRules where Memory: ByteCodable, Item: ByteCodable, Phase: ByteCodable, Input: ByteCodable, Event: ByteCodable {
    /// Throws, naming the field, unless `items` (a snapshot's columns, checked by the kernel
    /// already) could be this policy's after `ticks` ticks; may put the policy's own definitions
    /// of the items in (a snapshot that names them by id).
    func validate(_ items: inout ItemTable<Self>, ticks: Int) throws(FlingError)
}

/// Every rule an animator's policy has.
typealias PolicyRules = InputRules & StepRules & SnapshotRules

/// A configuration's rules over an animator (chat heads, the sun switch): run at the end of
/// every tick with the tick's events and the items, they give commands that the kernel applies
/// in order before the tick ends. What they do follows from the ticks alone, so a replay of the
/// animator's inputs repeats it (the commands are not journaled).
protocol SceneRules<Policy>: AnyObject {
    associatedtype Policy: PolicyRules
    func afterTick(_ tick: Int, events: ArraySlice<Policy.Event>, items: ItemTable<Policy>, commands: inout [SceneCommand<Policy>])
}

/// What a scene rule asks the kernel to do.
enum SceneCommand<Policy: PolicyRules> {
    /// One of the policy's own inputs, applied now (not journaled).
    case input(Policy.Input)
    /// Item `index`'s memory replaced.
    case memory(index: Int, Policy.Memory)
    /// A number of the configuration's own folded into the digest.
    case digest(Double)
}
