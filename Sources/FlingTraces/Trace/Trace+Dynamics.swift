import FlingCore
import FlingInteraction
import _FlingCoding

// The JSON of the dynamics behaviours (docs/TRACES.md, version 3 of traces, version 2 of snap
// scene documents) beyond what their descriptions give (walls, item properties, fields, the
// dynamics inputs: `Coded`, in _FlingCoding and FlingInteraction): the `dynamics` object of a
// configuration, and the checks of what a document's dynamics inputs name.

extension JSONWriter {
    /// A configuration's `dynamics` object.
    static func dynamics(_ d: DynamicsSettings) -> String {
        "{\"walls\": [" + d.walls.map(json).joined(separator: ", ") + "], \"itemProperties\": \(json(d.itemProperties)), "
            + "\"fields\": [" + d.fields.map(json).joined(separator: ", ") + "]}"
    }
}

extension DocumentDecoder {
    /// The tile operations of dynamics (version 3 of traces).
    static let dynamicsOperations = ["push", "addPush", "removePush", "setFields", "setWalls"]

    /// A configuration's `dynamics` object.
    mutating func dynamics(_ n: JSONNode, _ p: Path) throws(FlingError) -> DynamicsSettings {
        try read(n, p) { (r) throws(FlingError) in
            DynamicsSettings(
                walls: try r.list("walls", nil), itemProperties: try r.value("itemProperties", nil), fields: try r.list("fields", nil))
        }
    }
}

extension DynamicsInput {
    /// The item it names, if any.
    var item: TouchEvent.ItemID? {
        switch self {
        case .push(let item, _), .addPush(_, let item, _): item
        case .removePush, .setFields, .setWalls: nil
        }
    }

    /// Its name in a document (the operation's key) and a readable rest, for a ``Run``.
    var runInput: (name: String, detail: String) {
        func push(_ p: Push) -> String { "vector (\(p.vector.x), \(p.vector.y)) offset (\(p.offset.x), \(p.offset.y))" }
        switch self {
        case .push(let item, let p): return ("push", "tile \(item.rawValue) \(push(p))")
        case .addPush(let id, let item, let p): return ("addPush", "push \(id.rawValue) on tile \(item.rawValue) \(push(p))")
        case .removePush(let id): return ("removePush", "push \(id.rawValue)")
        case .setFields(let fields): return ("setFields", "\(fields.count) fields")
        case .setWalls(let walls): return ("setWalls", "\(walls.count) walls")
        }
    }
}

/// Checks, input by input, what dynamics inputs name: every continuous push id used once, and
/// removed only while it is on, or after its tile was removed (the items are checked with the
/// document's own). A push is applied at a later tick than the app made it, so its tile may
/// have been removed in between: the animator then drops it, and so does this check.
struct DynamicsInputCheck {
    /// Push ids on with their items, every id used so far, the ids dropped with their tile, and
    /// the pushes on per item (looked up only, never iterated).
    var on: [Push.ID: Int] = [:], used: Set<Push.ID> = [], dropped: Set<Push.ID> = [], count: [Int: Int] = [:]
    /// The walls of the document's scene (a `setWalls` needs a scene with walls).
    var current: [Wall] = []

    /// `present`: whether the input's item is there at this point of the document.
    mutating func accept(_ d: DynamicsInput, present: Bool = true, at field: @autoclosure () -> String) throws(FlingError) {
        switch d {
        case .push(_, let p):
            try checked(field()) { () throws(FlingError) in try BackendValidation.push(p) }
        case .addPush(let id, let item, let p):
            try checked(field()) { () throws(FlingError) in try BackendValidation.push(p) }
            guard !used.contains(id) else {
                throw FlingError(.malformedInput, field: "\(field()).addPush.id", value: "\(id.rawValue)", reason: "a push id is used once")
            }
            used.insert(id)
            guard present else {
                dropped.insert(id)
                return
            }
            try checked(field()) { () throws(FlingError) in try BackendValidation.forceCount(count[item.rawValue, default: 0]) }
            on[id] = item.rawValue
            count[item.rawValue, default: 0] += 1
        case .removePush(let id):
            if dropped.remove(id) != nil { return }
            guard let item = on.removeValue(forKey: id) else {
                throw FlingError(
                    .malformedInput, field: "\(field()).removePush", value: "\(id.rawValue)",
                    reason: "no continuous push with this id is on")
            }
            count[item, default: 1] -= 1
        case .setFields(let fields):
            try checked(field()) { () throws(FlingError) in try DynamicsSettings(fields: fields).validate("setFields") }
        case .setWalls(let walls):
            try checked(field()) { () throws(FlingError) in try DynamicsSettings.validate(walls: walls, replacing: current) }
        }
    }

    /// A tile removed: its pushes went with it (as the animator drops them). The result does not
    /// depend on the dictionary's order.
    mutating func removed(_ item: Int) {
        for (id, owner) in on where owner == item { dropped.insert(id) }
        on = on.filter { $0.value != item }
        count[item] = nil
    }

    /// `field` is made only for an error (a location with line numbers costs a search).
    func checked(_ field: @autoclosure () -> String, _ body: () throws(FlingError) -> Void) throws(FlingError) {
        do { try body() } catch {
            throw FlingError(error.code, field: "\(field()) (\(error.field))", value: error.value, reason: error.reason)
        }
    }
}
