// UIKit Dynamics in the animators (issue 22, docs/DYNAMICS.md): what every item's world gets
// (walls, a default material, fields), and what an app does at run time (pushes, new fields),
// shared by every policy. The kernel gives a world all of it when it makes one (a world without
// any stays on the backends' plain path, so tiles and heads without dynamics run as before),
// queues the run-time calls and applies them at tick boundaries like touches, and journals
// them; a policy says only what a push does to its item's phase (Kernel/DragAnimator+Dynamics.swift).
//
// Every value is checked where it arrives, once, by the backends' own checks (BackendValidation):
// a configuration when it is validated, a push or a field list when the app hands it over. The
// ids of continuous pushes are the animator's, given at the call in call order, so a recording
// names them and a replay needs no counter.
import FlingCore

/// The dynamics behaviours an animator gives every item's world, as UIKit Dynamics names them:
/// walls (`UICollisionBehavior`'s reference bounds and boundaries), the items' default material
/// and damping (`UIDynamicItemBehavior`) and fields (`UIFieldBehavior`). Part of
/// ``TileConfiguration`` and ``SnapConfiguration`` (their `dynamics`). The defaults add nothing:
/// no walls, UIKit's default item (no bounce, no friction, no resistance, no charge), no fields.
///
/// A world gets them when it is made, that is while its item moves (held, springing, falling):
/// an item at rest has no world, and nothing acts on it until a finger or a push moves it.
public struct DynamicsSettings: Hashable, Sendable {
    /// The viewport's edges as walls, as UIKit's `translatesReferenceBoundsIntoBoundary` makes
    /// the reference view's bounds: a thrown tile bounces off the screen's edges instead of
    /// falling out (and comes to rest where it lies, ``TileConfiguration/SettleRule/rest``). The edges are
    /// ``Wall/edges(of:radius:elasticity:friction:)`` of a tile animator's viewport, before
    /// ``walls`` (`walls(in:)`). A snap animator has no reference bounds: it refuses this (give
    /// it the screen's edges in ``walls``). Default false.
    public var translatesReferenceBoundsIntoBoundary = false
    /// Static segments every item's box collides with (``Wall``), after the viewport's edges
    /// when ``translatesReferenceBoundsIntoBoundary`` adds them.
    public var walls: [Wall] = []
    /// The material and damping of an item that has none of its own
    /// (`TileDefinition/properties`, ``SnapItem/properties``).
    public var itemProperties = ItemProperties()
    /// Fields acting on every item's world, in list order. ``DragAnimator/setFields(_:)`` replaces them at run
    /// time.
    public var fields: [Field] = []

    public init(
        translatesReferenceBoundsIntoBoundary: Bool = false, walls: [Wall] = [], itemProperties: ItemProperties = ItemProperties(),
        fields: [Field] = []
    ) {
        self.translatesReferenceBoundsIntoBoundary = translatesReferenceBoundsIntoBoundary
        self.walls = walls
        self.itemProperties = itemProperties
        self.fields = fields
    }

    /// Whether the settings add nothing to a world: no edges, walls, fields or item properties
    /// (a configuration whose dynamics are empty, and that asks for no other dynamics, runs on
    /// any ``PhysicsBackend``, not only a ``DynamicsBackend``).
    public var isEmpty: Bool {
        !translatesReferenceBoundsIntoBoundary && walls.isEmpty && itemProperties == ItemProperties() && fields.isEmpty
    }

    /// The walls of every item's world in `viewport`, numbered as ``Wall/Contact/wall`` names them:
    /// its edges (top, right, bottom, left) if ``translatesReferenceBoundsIntoBoundary``, then
    /// ``walls``.
    public func walls(in viewport: Rect) -> [Wall] {
        (translatesReferenceBoundsIntoBoundary ? Wall.edges(of: viewport) : []) + walls
    }

    /// Throws unless `walls` may replace the walls of an animator that has `current` ones
    /// (``DragAnimator/setWalls(_:)``, a recording's or a snapshot's): an animator with walls
    /// keeps at least one (its items' worlds were made with a box to meet them), one without
    /// gets none, and each wall lies within the backends' ranges, at most 64 (`Limits.walls`). A
    /// recording's reader checks its `setWalls` inputs with it; `owner` names the call in errors.
    public static func validate(walls: [Wall], replacing current: [Wall], _ owner: String = "setWalls") throws(FlingError) {
        guard !current.isEmpty else {
            throw FlingError(
                .invalidState, field: owner, value: "\(walls.count) walls",
                reason: "the animator has no walls (its configuration's dynamics.walls or translatesReferenceBoundsIntoBoundary)")
        }
        guard !walls.isEmpty else {
            throw FlingError(.outOfRange, field: owner, value: "[]", reason: "an animator with walls keeps at least one")
        }
        do { try BackendValidation.walls(walls, size: Vector(1, 1)) } catch {
            throw FlingError(error.code, field: "\(owner) (\(error.field))", value: error.value, reason: error.reason)
        }
    }

    /// The largest field seed an animator takes: 2⁵³, so that a trace's JSON number holds it exactly.
    static let maximumSeed: UInt64 = 1 << 53

    /// Throws unless every value lies within the backends' ranges (their own checks), the
    /// viewport's edges (when asked) and ``walls`` together at most 64 (`Limits.walls`). `owner`
    /// prefixes the error's field.
    public func validate(_ owner: String = "DynamicsSettings") throws(FlingError) {
        do {
            // Each item brings its own box, and a viewport its edges: any size stands for them here.
            let edges = translatesReferenceBoundsIntoBoundary ? 4 : 0
            try BackendValidation.walls(walls + Array(repeating: Wall(from: .zero, to: Vector(1, 0)), count: edges), size: Vector(1, 1))
        } catch {
            throw FlingError(error.code, field: "\(owner).\(error.field)", value: error.value, reason: error.reason)
        }
        try Self.validate(properties: itemProperties, "\(owner).itemProperties")
        try Self.validate(fields: fields, "\(owner).fields")
    }

    /// Throws unless `properties` are within the backends' ranges; `owner` names them.
    static func validate(properties: ItemProperties, _ owner: String) throws(FlingError) {
        do { try BackendValidation.properties(properties) } catch {
            throw FlingError(error.code, field: "\(owner) (\(error.field))", value: error.value, reason: error.reason)
        }
    }

    /// Throws unless `fields` are within the backends' ranges and every seed within ``maximumSeed``.
    static func validate(fields: [Field], _ owner: String) throws(FlingError) {
        do { try BackendValidation.fields(fields) } catch {
            throw FlingError(error.code, field: "\(owner): \(error.field)", value: error.value, reason: error.reason)
        }
        for (k, f) in fields.enumerated() where f.seed > maximumSeed {
            throw FlingError(
                .outOfRange, field: "\(owner)[\(k)].seed", value: "\(f.seed)",
                reason: "must lie in 0...\(maximumSeed), which a trace holds exactly")
        }
    }
}

extension Push: IdentifierTag {
    public static let noun = "push"
}

extension Push {
    /// Names a continuous push of an animator (``DragAnimator/addPush(_:to:)``), from the call
    /// that added it to the one that removes it. Given in call order, from 1.
    public typealias ID = Identifier<Push>
}

/// A dynamics call an app makes on an animator at run time, applied at a tick boundary like a
/// touch and journaled with its tick: part of ``TileInput`` and ``SnapInput``.
public enum DynamicsInput: Hashable, Sendable {
    /// An instantaneous push (UIKit's `.instantaneous` `UIPushBehavior`) on an item.
    case push(TouchEvent.ItemID, Push)
    /// A continuous push (`.continuous`), acting on the item until removed.
    case addPush(Push.ID, TouchEvent.ItemID, Push)
    /// Ends a continuous push.
    case removePush(Push.ID)
    /// Replaces the fields every item's world feels.
    case setFields([Field])
    /// Replaces the walls every item's world has (an animator's with walls): a wall that
    /// moves pushes what it meets (docs/DYNAMICS.md, "Walls").
    case setWalls([Wall])
}

extension DynamicsInput {
    /// The app's call that makes it: `applyPush`, `addPush`, `removePush`, `setFields`,
    /// `setWalls`.
    var callName: String {
        switch self {
        case .push: "applyPush"
        case .addPush: "addPush"
        case .removePush: "removePush"
        case .setFields: "setFields"
        case .setWalls: "setWalls"
        }
    }
}

extension DynamicsSettings {
    /// The first of these settings, or of `drag`'s, that needs a ``DynamicsBackend``, named in
    /// `owner` (`TileConfiguration`); nil when none does.
    func settingUsingDynamics(_ owner: String, drag: DragSettings) -> String? {
        if translatesReferenceBoundsIntoBoundary { return "\(owner).dynamics.translatesReferenceBoundsIntoBoundary" }
        if !walls.isEmpty { return "\(owner).dynamics.walls" }
        if itemProperties != ItemProperties() { return "\(owner).dynamics.itemProperties" }
        if !fields.isEmpty { return "\(owner).dynamics.fields" }
        // Grab friction is a friction pivot and a gear beside each drag: extra joints.
        if drag.grabFriction > 0 { return "\(owner).drag.grabFriction" }
        if drag.grabRotaryFriction > 0 { return "\(owner).drag.grabRotaryFriction" }
        return nil
    }
}

extension DynamicsInput: CustomStringConvertible {
    public var description: String {
        switch self {
        case .push(let item, let push): "\(push) on \(item)"
        case .addPush(let id, let item, let push): "\(id): continuous \(push) on \(item)"
        case .removePush(let id): "remove \(id)"
        case .setFields(let fields): "\(fields.count) fields"
        case .setWalls(let walls): "\(walls.count) walls"
        }
    }
}

/// A continuous push the kernel keeps for an item: its id, item, push, and its force in the
/// item's world while the item has one.
struct ActivePush: Sendable {
    var id: Push.ID
    /// The item's raw id.
    var item: Int
    var push: Push
    var force: ForceID?
}
