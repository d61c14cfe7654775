import FlingCore
import FlingInteraction

// The JSON of the dynamics behaviours (docs/TRACES.md, version 3 of traces, version 2 of snap
// scene documents), read and written once for every document kind that carries them: walls,
// item properties, fields with their regions, the `dynamics` object of a configuration, and the
// dynamics inputs (pushes and field changes), which a document lists among its tile operations.

extension JSONWriter {
    static func wall(_ w: Wall) -> String {
        "{\"start\": \(vector(w.start)), \"end\": \(vector(w.end)), \"radius\": \(number(w.radius)), "
            + "\"elasticity\": \(number(w.elasticity)), \"friction\": \(number(w.friction))}"
    }

    static func properties(_ p: ItemProperties) -> String {
        "{\"elasticity\": \(number(p.elasticity)), \"friction\": \(number(p.friction)), \"resistance\": \(number(p.resistance)), "
            + "\"angularResistance\": \(number(p.angularResistance)), \"charge\": \(number(p.charge))}"
    }

    static func field(_ f: Field) -> String {
        var members: [String]
        switch f.kind {
        case .linearGravity(let d): members = ["\"kind\": \"linearGravity\"", "\"direction\": \(vector(d))"]
        case .radialGravity: members = ["\"kind\": \"radialGravity\""]
        case .spring: members = ["\"kind\": \"spring\""]
        case .drag: members = ["\"kind\": \"drag\""]
        case .velocity(let t): members = ["\"kind\": \"velocity\"", "\"target\": \(vector(t))"]
        case .vortex: members = ["\"kind\": \"vortex\""]
        case .noise(let s, let a), .turbulence(let s, let a):
            let name = if case .noise = f.kind { "noise" } else { "turbulence" }
            members = ["\"kind\": \"\(name)\"", "\"smoothness\": \(number(s))", "\"animationSpeed\": \(number(a))"]
        case .electric: members = ["\"kind\": \"electric\""]
        case .magnetic: members = ["\"kind\": \"magnetic\""]
        }
        let region: String
        switch f.region {
        case .everywhere: region = "{\"kind\": \"everywhere\"}"
        case .rectangle(let w, let h): region = "{\"kind\": \"rectangle\", \"width\": \(number(w)), \"height\": \(number(h))}"
        case .circle(let r): region = "{\"kind\": \"circle\", \"radius\": \(number(r))}"
        }
        members += [
            "\"position\": \(vector(f.position))", "\"region\": \(region)", "\"inverted\": \(f.inverted)",
            "\"strength\": \(number(f.strength))", "\"falloff\": \(number(f.falloff))",
            "\"minimumRadius\": \(number(f.minimumRadius))", "\"seed\": \(f.seed)",
        ]
        return "{" + members.joined(separator: ", ") + "}"
    }

    static func fields(_ fields: [Field]) -> String { "[" + fields.map(field).joined(separator: ", ") + "]" }

    /// A configuration's `dynamics` object.
    static func dynamics(_ d: DynamicsSettings) -> String {
        "{\"walls\": [" + d.walls.map(wall).joined(separator: ", ") + "], \"itemProperties\": \(properties(d.itemProperties)), "
            + "\"fields\": \(fields(d.fields))}"
    }

    /// A dynamics input as a tile operation, `"tick": k, ` (or nothing) first.
    static func dynamicsInput(_ d: DynamicsInput, tick: String) -> String {
        func push(_ p: Push) -> String { "\"vector\": \(vector(p.vector)), \"offset\": \(vector(p.offset))" }
        switch d {
        case .push(let item, let p): return "{" + tick + "\"push\": {\"tile\": \(item.rawValue), \(push(p))}}"
        case .addPush(let id, let item, let p):
            return "{" + tick + "\"addPush\": {\"id\": \(id.rawValue), \"tile\": \(item.rawValue), \(push(p))}}"
        case .removePush(let id): return "{" + tick + "\"removePush\": \(id.rawValue)}"
        case .setFields(let fields): return "{" + tick + "\"setFields\": \(Self.fields(fields))}"
        case .setWalls(let walls): return "{" + tick + "\"setWalls\": [" + walls.map(wall).joined(separator: ", ") + "]}"
        }
    }
}

extension DocumentDecoder {
    /// The tile operations of dynamics (version 3 of traces).
    static let dynamicsOperations = ["push", "addPush", "removePush", "setFields", "setWalls"]

    mutating func wall(_ n: JSONNode, _ p: Path) throws(FlingError) -> Wall {
        let o = try object(n, p, keys: ["start", "end", "radius", "elasticity", "friction"])
        return Wall(
            from: try vector(try required(o, "start"), p / "start"), to: try vector(try required(o, "end"), p / "end"),
            radius: try double(o, "radius"), elasticity: try double(o, "elasticity"), friction: try double(o, "friction"))
    }

    mutating func properties(_ n: JSONNode, _ p: Path) throws(FlingError) -> ItemProperties {
        let o = try object(n, p, keys: ["elasticity", "friction", "resistance", "angularResistance", "charge"])
        return ItemProperties(
            elasticity: try double(o, "elasticity"), friction: try double(o, "friction"), resistance: try double(o, "resistance"),
            angularResistance: try double(o, "angularResistance"), charge: try double(o, "charge"))
    }

    mutating func field(_ n: JSONNode, _ p: Path) throws(FlingError) -> Field {
        let common = ["kind", "position", "region", "inverted", "strength", "falloff", "minimumRadius", "seed"]
        guard case .object(let members) = n.value else { throw fail(n, p, "must be an object, not \(n.kind)") }
        let kindNode = try required(Object(node: n, path: p, members: members), "kind")
        let name = try string(kindNode, p / "kind")
        let extra: [String]
        switch name {
        case "linearGravity": extra = ["direction"]
        case "velocity": extra = ["target"]
        case "noise", "turbulence": extra = ["smoothness", "animationSpeed"]
        case "radialGravity", "spring", "drag", "vortex", "electric", "magnetic": extra = []
        default:
            throw fail(
                kindNode, p / "kind",
                "must be \"linearGravity\", \"radialGravity\", \"spring\", \"drag\", \"velocity\", \"vortex\", \"noise\", "
                    + "\"turbulence\", \"electric\" or \"magnetic\"")
        }
        let o = try object(n, p, keys: common + extra)
        let kind: Field.Kind
        switch name {
        case "linearGravity": kind = .linearGravity(direction: try vector(try required(o, "direction"), p / "direction"))
        case "velocity": kind = .velocity(target: try vector(try required(o, "target"), p / "target"))
        case "noise": kind = .noise(smoothness: try double(o, "smoothness"), animationSpeed: try double(o, "animationSpeed"))
        case "turbulence": kind = .turbulence(smoothness: try double(o, "smoothness"), animationSpeed: try double(o, "animationSpeed"))
        case "radialGravity": kind = .radialGravity
        case "spring": kind = .spring
        case "drag": kind = .drag
        case "vortex": kind = .vortex
        case "electric": kind = .electric
        default: kind = .magnetic
        }
        let rn = try required(o, "region")
        guard case .object(let rm) = rn.value else { throw fail(rn, p / "region", "must be an object, not \(rn.kind)") }
        let rkNode = try required(Object(node: rn, path: p / "region", members: rm), "kind")
        let region: Field.Region
        switch try string(rkNode, p / "region" / "kind") {
        case "everywhere":
            _ = try object(rn, p / "region", keys: ["kind"])
            region = .everywhere
        case "rectangle":
            let ro = try object(rn, p / "region", keys: ["kind", "width", "height"])
            region = .rectangle(width: try double(ro, "width"), height: try double(ro, "height"))
        case "circle":
            let ro = try object(rn, p / "region", keys: ["kind", "radius"])
            region = .circle(radius: try double(ro, "radius"))
        default: throw fail(rkNode, p / "region" / "kind", "must be \"everywhere\", \"rectangle\" or \"circle\"")
        }
        let seedNode = try required(o, "seed")
        let seed = try int(seedNode, p / "seed")
        guard seed >= 0 else { throw fail(seedNode, p / "seed", "must be a whole number from 0 to 2^53") }
        return Field(
            kind, position: try vector(try required(o, "position"), p / "position"), region: region,
            inverted: try bool(try required(o, "inverted"), p / "inverted"), strength: try double(o, "strength"),
            falloff: try double(o, "falloff"), minimumRadius: try double(o, "minimumRadius"), seed: UInt64(seed))
    }

    mutating func fields(_ n: JSONNode, _ p: Path) throws(FlingError) -> [Field] {
        var fields: [Field] = []
        for (k, node) in try array(n, p).enumerated() { fields.append(try field(node, p / k)) }
        return fields
    }

    /// A configuration's `dynamics` object.
    mutating func dynamics(_ n: JSONNode, _ p: Path) throws(FlingError) -> DynamicsSettings {
        let o = try object(n, p, keys: ["walls", "itemProperties", "fields"])
        var walls: [Wall] = []
        for (k, node) in try array(try required(o, "walls"), p / "walls").enumerated() { walls.append(try wall(node, p / "walls" / k)) }
        return DynamicsSettings(
            walls: walls, itemProperties: try properties(try required(o, "itemProperties"), p / "itemProperties"),
            fields: try fields(try required(o, "fields"), p / "fields"))
    }

    /// A dynamics tile operation's value (`key` is one of ``dynamicsOperations``).
    mutating func dynamicsInput(_ key: String, _ n: JSONNode, _ p: Path) throws(FlingError) -> DynamicsInput {
        switch key {
        case "push", "addPush":
            let o = try object(n, p, keys: (key == "addPush" ? ["id"] : []) + ["tile", "vector", "offset"])
            let item = TouchEvent.ItemID(try int(o, "tile"))
            let push = Push(try vector(try required(o, "vector"), p / "vector"), at: try vector(try required(o, "offset"), p / "offset"))
            return key == "push" ? .push(item, push) : .addPush(Push.ID(try int(o, "id")), item, push)
        case "removePush": return .removePush(Push.ID(try int(n, p)))
        case "setWalls":
            var walls: [Wall] = []
            for (k, node) in try array(n, p).enumerated() { walls.append(try wall(node, p / k)) }
            return .setWalls(walls)
        default: return .setFields(try fields(n, p))
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
            try checked(field()) { () throws(FlingError) in try BackendCheck.push(p) }
        case .addPush(let id, let item, let p):
            try checked(field()) { () throws(FlingError) in try BackendCheck.push(p) }
            guard !used.contains(id) else {
                throw FlingError(.malformedInput, field: "\(field()).addPush.id", value: "\(id.rawValue)", reason: "a push id is used once")
            }
            used.insert(id)
            guard present else {
                dropped.insert(id)
                return
            }
            try checked(field()) { () throws(FlingError) in try BackendCheck.forceCount(count[item.rawValue, default: 0]) }
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
