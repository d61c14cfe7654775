// What an interaction is to the drag kernel: the public protocol names its types; the
// vocabulary protocols say what the kernel may read and make of them (an item's id, mass, home
// and box; a phase at rest or held; an input the kernel handles itself; a wall contact's event).
// What the interaction decides is in its rules (Kernel/PolicyRules.swift).
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

/// An item the kernel can drag: its id, its mass (the drag joint's force limit scales with it),
/// its own material if any (else the configuration's), where it rests when it is made, its box
/// (what collides with walls), and what items of its kind are called in errors.
protocol DragItem: IdentifierTag {
    var id: Identifier<Self> { get }
    var mass: Double { get }
    var properties: ItemProperties? { get }
    var home: Vector { get }
    var box: Vector { get }
    static var naming: ItemNaming { get }
}

/// A phase the kernel can read and set: at rest, or held by a finger; and whether an item in it
/// has a world (what a restored snapshot is checked against).
protocol DragPhase: Equatable {
    static var resting: Self { get }
    static func held(by touch: TouchID) -> Self
    /// The finger holding the item, if one is.
    var holder: TouchID? { get }
    /// Whether an item in this phase has a world, and no item in another phase does.
    var hasWorld: Bool { get }
}

/// What the kernel does with an input itself: a touch, a dynamics call, the app's changes to
/// the set of items; or one of the policy's own, which acts on the item of a raw id (`call` names
/// it in errors: `send`).
enum KernelInput<Item> {
    case touch(TouchEvent)
    case dynamics(DynamicsInput)
    case reset(Int)
    case add(Item)
    case remove(Int)
    case own(item: Int, call: String)
}

/// An input the kernel can queue and journal.
protocol DragInput {
    associatedtype Item
    static func touch(_ event: TouchEvent) -> Self
    static func dynamics(_ input: DynamicsInput) -> Self
    var kernelInput: KernelInput<Item> { get }
    /// Throws unless one of the policy's own inputs, scheduled from a recording, may be applied
    /// (its numbers finite and in range).
    func check() throws(FlingError)
}

/// An event the kernel can make (a wall contact) and hand a prediction (a release's).
protocol DragEvent {
    associatedtype Tag: IdentifierTag
    static func wallContact(_ contact: Wall.Contact, of item: Identifier<Tag>, tick: Int) -> Self
    var prediction: Prediction? { get set }
}

/// What a policy's items are called in errors: the noun, the id's field, and the codes.
struct ItemNaming: Sendable {
    /// `tile`, `item`.
    var noun: String
    /// `a tile`, `an item`.
    var indefinite: String
    /// The id type's name, the field of a lookup that failed: `TileID`, `SnapItem.ID`.
    var idField: String
    /// The field of a definition's id: `TileDefinition.id`.
    var definitionField: String
    var unknownCode: FlingError.Code
    var duplicateCode: FlingError.Code

    /// How the items of `Item` are called: their kind's own naming, or the generic one (an item,
    /// its id named by its tag) for a tag no interaction drags.
    static func of<Item: IdentifierTag>(_: Item.Type) -> ItemNaming {
        if let dragged = Item.self as? any DragItem.Type { return dragged.naming }
        return ItemNaming(
            noun: Item.noun, indefinite: "one \(Item.noun)", idField: "\(Item.self).ID", definitionField: "\(Item.self).id",
            unknownCode: .unknownItem, duplicateCode: .duplicateItem)
    }

    /// The definition's type: `TileDefinition`, `SnapItem`.
    var definitionType: String { String(definitionField.prefix { $0 != "." }) }

    func unknown(_ raw: Int, field: String? = nil) -> FlingError {
        FlingError(unknownCode, field: field ?? idField, value: "\(raw)", reason: "no \(noun) has this id")
    }

    func duplicate(_ raw: Int, field: String? = nil) -> FlingError {
        FlingError(duplicateCode, field: field ?? definitionField, value: "\(raw)", reason: "\(indefinite) with this id exists")
    }
}
