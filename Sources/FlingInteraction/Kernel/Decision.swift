// The values the policy's hooks are handed and return (Kernel/PolicyRules.swift): views of an
// item and of the touch, and decisions. A decision's edits and events are held inline (a few
// of each), so that deciding allocates nothing: a crowd of grabs and releases in a tick costs
// no heap traffic.
import FlingCore
import FlingCurves

/// One item as a hook sees it: values copied out of the kernel's columns.
struct ItemView<Policy: ItemRules> {
    var item: Policy.Item
    var phase: Policy.Phase
    /// Its state after the last tick.
    var state: BodyState
    var memory: Policy.Memory
    var hasWorld: Bool
    /// Continuous pushes on it: while it has any it keeps its world.
    var pushes: Int
}

/// Every item, read-only, in id order: what a hook that looks across the items reads.
struct ItemTable<Policy: ItemRules> {
    var items: [Policy.Item]
    let phases: [Policy.Phase]
    let states: [BodyState]
    let memories: [Policy.Memory]
    /// The greatest stacking key over the memories, for a policy whose items stack (the snap
    /// policy's place from back to front): what a grab that brings an item to the front reads
    /// instead of every memory.
    var front: Int? = nil

    var count: Int { items.count }
}

/// A finger as a hook sees it: where and when its touch went down.
struct FingerView {
    var touch: TouchID
    var downTime: Double
    var downPosition: Vector
    /// The raw id of the item it holds, if it took one.
    var item: Int?
}

/// Where an item is put: its state alone (`set`, drawn from where it was), its state and the
/// state it is drawn from (`jump`: no interpolation), or moved there from its state (`move`: it
/// is drawn from where it was).
enum Placement {
    case set(BodyState)
    case jump(BodyState)
    case move(BodyState)
}

/// What one tick of the after-step rule does to an item besides its memory and its ending
/// (which the rule writes where the kernel hands it one: most ticks end nothing, and a small
/// answer costs the tick nothing to pass back).
struct Step {
    /// Where an item moving without a world is after the tick (drawn from where it was).
    var moved: BodyState?
    /// A number of the item's own the digest covers after its state (a snap item's scale).
    var digest: Double?
}

/// An item's motion ends: its world goes (the kernel frees it), its phase and place now, the
/// event, and the outcome a prediction reports.
struct Ending<Policy: ItemRules> {
    var phase: Policy.Phase
    var placement: Placement?
    var event: Policy.Event
    var outcome: Prediction.Outcome
}

/// A change to an item's world, applied by the kernel in the order given.
enum WorldEdit {
    /// The item's world, made from this definition if it has none (the kernel adds the box when
    /// there are walls, and the dynamics).
    case makeWorld(WorldDefinition)
    /// The item's world destroyed, and what held it let go.
    case freeWorld
    case setVelocity(Vector, angular: Double)
    case setGravity(Vector)
    /// A zero-length spring toward `target` and optionally a rotary spring toward angle 0 (on a
    /// body of that moment), with the world's isotropic damping to match
    /// (Kernel/Kernel+Springs.swift).
    case attachHome(to: Vector, SpringTuning, rotation: (SpringTuning, moment: Double)?)
    /// Pivot joints from the world's static body, one at each of the animator's home pivots
    /// (``HomePivots``) from the item's home `at` (the kernel keeps their ids as the item's home).
    case addPivots(at: Vector)
    /// Whatever pulls the item home (the springs, with the damping they set; or the pivots) goes.
    case detachHome
}

/// The pivots that hold an item home, the same for every item of an animator (its
/// configuration's): offsets from the item's home, and the joints' limits. The kernel keeps them,
/// so that an edit that adds them names only the home, and a decision holds no array (a plain
/// value, copied and dropped without reference counting).
struct HomePivots {
    var offsets: [Vector]
    var maxForce: Double
    var maxBias: Double
    var errorBias: Double

    /// The pivots of an item whose home is `origin`.
    func pivots(at origin: Vector) -> [StaticPivot] {
        offsets.map { StaticPivot(anchor: origin + $0, localAnchor: $0, maxForce: maxForce, maxBias: maxBias, errorBias: errorBias) }
    }
}

/// What a hook decides for an item: its world edits, then its phase, place and memory, and the
/// events, in order.
struct Decision<Policy: ItemRules> {
    var edits = Few<WorldEdit>()
    var phase: Policy.Phase?
    var placement: Placement?
    var memory: Policy.Memory?
    var events = Two<Policy.Event>()
}

/// A finger takes an item: the world it gets if it has none, the decision (its edits undo a
/// moving item's release motion before the drag), and the drag: the point it holds (body
/// coordinates) and where the finger body starts. The kernel marks a first finger's item held.
struct Grab<Policy: ItemRules> {
    var world: WorldDefinition
    var anchor: Vector
    var finger: Vector
    var decision: Decision<Policy>
}

/// Where a finger body goes, and the item's memory if the move changes it.
struct FingerTarget<Policy: ItemRules> {
    var position: Vector
    var memory: Policy.Memory?
}

/// A push as it acts on an item, whether it acts now, and the world the item gets for it.
struct PushPlan {
    var push: Push
    var acts: Bool
    var world: WorldDefinition
}

/// Up to two values held inline: a decision's events (a release's and a tap's), with no heap
/// storage.
struct Two<Element> {
    private var e0: Element?, e1: Element?
    private(set) var count = 0

    init() {}

    init(_ a: Element) { append(a) }

    mutating func append(_ e: Element) {
        switch count {
        case 0: e0 = e
        case 1: e1 = e
        default: preconditionFailure("a decision holds at most two events")
        }
        count += 1
    }

    subscript(k: Int) -> Element { k == 0 ? e0! : e1! }

    var isEmpty: Bool { count == 0 }
}

/// Up to four values held inline: a decision's edits, with no heap storage.
struct Few<Element> {
    private var e0: Element?, e1: Element?, e2: Element?, e3: Element?
    private(set) var count = 0

    init() {}

    mutating func append(_ e: Element) {
        switch count {
        case 0: e0 = e
        case 1: e1 = e
        case 2: e2 = e
        case 3: e3 = e
        default: preconditionFailure("a decision holds at most four edits")
        }
        count += 1
    }

    subscript(k: Int) -> Element {
        switch k {
        case 0: e0!
        case 1: e1!
        case 2: e2!
        default: e3!
        }
    }

    var isEmpty: Bool { count == 0 }
}
