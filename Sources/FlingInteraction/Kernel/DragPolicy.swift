// What an interaction adds to the drag kernel (``DragAnimator``). The kernel owns what every
// touch-driven interaction shares: clock, input queue, touch rules, journal, events, per-item
// records with their hot status array, touch table, velocity tracker, the tick, error tagging
// and the digest. A policy says the rest: what world an item gets, what a grab and a release
// do, what happens after each step, and what the digest covers.
//
// The public protocol names only the policy's types, so that ``DragAnimator`` can be public;
// the behaviour is an internal protocol over it, written inside FlingInteraction (one file per
// policy: Tiles/TilePolicy.swift, Snap/SnapPolicy.swift). Hooks are static and take the animator,
// so a hook can reach every record without holding an access to the policy value open.
import FlingCore
import _FlingCoding

/// An interaction over the drag kernel: the types it names. ``TilePolicy`` (photo tiles) and
/// ``SnapPolicy`` (chat heads, switches, picture-in-picture corners) are the two; a
/// ``DragAnimator`` of one is a ``TileAnimator`` or a ``SnapAnimator``.
public protocol DragPolicy {
    /// An item as the app lays it out (``TileDefinition``, ``SnapItem``); it tags its id type.
    associatedtype Item: IdentifierTag, Hashable, Sendable
    /// Where an item is in its life cycle (``TilePhase``, ``SnapPhase``).
    associatedtype Phase: Hashable, Sendable
    /// What the app does: a touch, or the policy's own inputs (``TileInput``, ``SnapInput``).
    associatedtype Input: Hashable, Sendable
    /// What the animator reports (``TileEvent``, ``SnapEvent``).
    associatedtype Event: Hashable, Sendable
}

/// An item the kernel can drag: its id and its mass (the drag joint's force limit scales with
/// it), and its own material, if any (else the configuration's).
protocol DragItem: IdentifierTag {
    var id: Identifier<Self> { get }
    var mass: Double { get }
    var properties: ItemProperties? { get }
}

/// A phase the kernel can read and set: at rest, or held by a finger.
protocol DragPhase: Equatable {
    static var resting: Self { get }
    static func held(by touch: TouchID) -> Self
    /// The finger holding the item, if one is.
    var holder: TouchID? { get }
}

/// An input the kernel can queue: a touch, a dynamics call, or one of the policy's own.
protocol DragInput {
    static func touch(_ event: TouchEvent) -> Self
    static func dynamics(_ input: DynamicsInput) -> Self
    /// The touch, if the input is one.
    var touchEvent: TouchEvent? { get }
    /// The dynamics call, if the input is one (the kernel applies it).
    var dynamicsInput: DynamicsInput? { get }
}

/// What a policy's items are called in errors: the noun, the id's field, and the codes.
package struct ItemNaming: Sendable {
    /// `tile`, `item`.
    package var noun: String
    /// `a tile`, `an item`.
    package var indefinite: String
    /// The id type's name, the field of a lookup that failed: `TileID`, `SnapItem.ID`.
    package var idField: String
    /// The field of a definition's id: `TileDefinition.id`.
    package var definitionField: String
    package var unknownCode: FlingError.Code
    package var duplicateCode: FlingError.Code

    /// The definition's type: `TileDefinition`, `SnapItem`.
    var definitionType: String { String(definitionField.prefix { $0 != "." }) }

    package func unknown(_ raw: Int, field: String? = nil) -> FlingError {
        FlingError(unknownCode, field: field ?? idField, value: "\(raw)", reason: "no \(noun) has this id")
    }

    package func duplicate(_ raw: Int, field: String? = nil) -> FlingError {
        FlingError(duplicateCode, field: field ?? definitionField, value: "\(raw)", reason: "\(indefinite) with this id exists")
    }
}

/// The behaviour of a policy: the kernel's hooks. `a` is the animator; `i` an index into its
/// records (kept in id order). A hook reaches the kernel's state through `a`, except where it
/// is handed a record: then the records are borrowed by the kernel and `a.records` must not be
/// touched.
protocol PolicyRules: DragPolicy
where Item: DragItem, Phase: DragPhase & ByteCodable, Input: DragInput & ByteCodable, Event: ByteCodable & CarriesPrediction {
    /// What the items are called in errors.
    static var naming: ItemNaming { get }
    /// Throws unless `item` may be one of the animator's (every number finite and in range).
    static func validate(_ item: Item, _ policy: Self, settings: DragSettings) throws(FlingError)
    /// Where a new item rests.
    static func home(of item: Item) -> Vector
    /// The first of the policy's settings that needs a ``DynamicsBackend`` (walls, item
    /// properties, fields, extra joints), named as the app sets it; nil when none does.
    static func settingUsingDynamics(_ policy: Self) -> String?

    // MARK: Grab

    /// The item under `point` a `began` that names none takes (before ``canGrab(_:_:)``).
    static func hit(_ a: DragAnimator<Self>, at point: Vector) -> Int?
    /// Whether a finger may take item `i` now.
    static func canGrab(_ a: DragAnimator<Self>, _ i: Int) -> Bool
    /// The world an item at rest gets when a finger or a push takes it (the kernel adds the
    /// box, ``box(of:)``, when there are walls, and the dynamics).
    static func world(for record: ItemRecord<Item>, _ policy: Self) -> WorldDefinition
    /// The item's box, width and height: what collides with walls.
    static func box(of item: Item) -> Vector
    /// Makes an item's existing world ready for a finger (its release motion undone).
    static func takeOver(_ a: DragAnimator<Self>, _ i: Int, world: WorldID) throws(FlingError)
    /// Where the drag joint holds the item (body coordinates) and where the finger body starts.
    static func grip(_ a: DragAnimator<Self>, _ i: Int, at point: Vector) -> (anchor: Vector, finger: Vector)
    /// After the joint is attached and the kernel has marked the item held: the policy's own
    /// state and the grab's event.
    static func grabbed(_ a: DragAnimator<Self>, _ i: Int, touch: TouchID, at point: Vector, tick: Int)
    /// Where the finger body goes for a touch at `position` (the records are borrowed: use
    /// `record`, not `a.records`).
    static func fingerTarget(
        _ a: DragAnimator<Self>, _ i: Int, _ record: ItemRecord<Item>, _ touch: inout TouchRecord, to position: Vector
    ) -> Vector

    // MARK: Release

    /// After the drag joint is gone: what the item does now, at the tracker's `velocity` (made
    /// finite and within ``Limits/velocity``).
    static func release(_ a: DragAnimator<Self>, _ i: Int, velocity: Vector, cancelled: Bool, tick: Int) throws(FlingError)
    /// After a touch lifted (ended or cancelled), whether or not it held an item (taps).
    static func lifted(_ a: DragAnimator<Self>, _ event: TouchEvent, _ touch: TouchRecord, tick: Int)
    /// Item `i`, its world freed and its phase resting, rests where the policy puts it.
    static func rest(_ a: DragAnimator<Self>, _ i: Int)

    // MARK: Dynamics

    /// A push as it acts on `item` (items that never turn are pushed at their center).
    static func acting(_ push: Push, on item: Item) -> Push
    /// Whether item `i` can be pushed now (the push is ignored otherwise; a continuous one waits
    /// for the item's next world).
    static func canPush(_ a: DragAnimator<Self>, _ i: Int) -> Bool
    /// After a push (instantaneous, or a continuous one added) acted on item `i`'s world, made
    /// for it if it had none: what the item does now.
    static func pushed(_ a: DragAnimator<Self>, _ i: Int, tick: Int) throws(FlingError)
    /// The event of item `i`'s box beginning to touch a wall during tick `tick`.
    static func wallContact(_ a: DragAnimator<Self>, _ i: Int, _ contact: Wall.Contact, tick: Int) -> Event

    // MARK: Inputs other than touches and dynamics

    /// Applies one (journaled already).
    static func apply(_ a: DragAnimator<Self>, _ input: Input, tick: Int) throws(FlingError)
    /// Throws unless a recorded one may be scheduled on `a`.
    static func check(_ a: DragAnimator<Self>, scheduled input: Input) throws(FlingError)

    // MARK: After each step

    /// Whether the kernel folds each live item's state into the digest as it reads it back.
    static var digestsLiveStates: Bool { get }
    /// Item `i`'s event decided from its new state (settled, culled), or nil; may count ticks in
    /// `record`. Called in the step's read-back loop, so the records are borrowed.
    static func decide(_ phase: Phase, _ record: inout ItemRecord<Item>, _ policy: Self, tick: Int) -> Event?
    /// Acts on the decided events (in item order), then whatever else the policy does after a
    /// step; `firstEvent` is the index of this tick's first event.
    static func afterStep(_ a: DragAnimator<Self>, decided: [(Int, Event)], firstEvent: Int, tick: Int)

    // MARK: Predictions (Kernel/DragAnimator+Prediction.swift)

    /// What a prediction of an item follows beside its record (a snap item's travel).
    associatedtype Travel
    static func travel(_ a: DragAnimator<Self>, _ i: Int) -> Travel
    /// The after-step rule of an item with a world in `phase`, on copies: the outcome found
    /// after tick `k`, with the record as the live after-step leaves it; nil while it goes on.
    /// The live tick's own code (``decide(_:_:_:tick:)``, the policy's settle rules).
    static func predictStep(_ phase: Phase, _ record: inout ItemRecord<Item>, _ travel: Travel, _ policy: Self, tick k: Int) -> Prediction
        .Outcome?
    /// An item with no world: at rest (its outcome now), or moving without physics (a snap
    /// item's keyframes), from tick `k` for at most `budget` ticks.
    static func predictWithoutWorld(
        _ phase: Phase, _ record: ItemRecord<Item>, _ travel: Travel, _ a: DragAnimator<Self>, from k: Int, budget: Int
    ) -> Prediction

    // MARK: Snapshots (Kernel/DragAnimator+Snapshot.swift)

    /// What the policy keeps beside the kernel's state.
    associatedtype Saved: Sendable
    static func save(_ a: DragAnimator<Self>) -> Saved
    /// Throws unless `saved` fits the kernel state it comes with.
    static func check(_ saved: Saved, _ state: KernelState<Self>) throws(FlingError)
    /// Puts `saved` back, after the kernel's state.
    static func load(_ saved: Saved, into a: DragAnimator<Self>)
    /// The byte forms of an item (what a record holds of it) and of the policy's state.
    static func encodeItem(_ w: inout ByteWriter, _ item: Item)
    static func decodeItem(_ r: inout ByteReader) throws(FlingError) -> Item
    static func encode(_ saved: Saved, to w: inout ByteWriter)
    static func decodeSaved(from r: inout ByteReader) throws(FlingError) -> Saved
    /// The records' items as the animator has them, before a restore checks them (a policy
    /// whose items never change writes only their ids).
    static func adopt(_ records: inout [ItemRecord<Item>], from a: DragAnimator<Self>) throws(FlingError)
}
