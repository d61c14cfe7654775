import Fling

/// A seeded script of backend calls through every dynamics behaviour (walls, item properties,
/// pushes, fields, drags with friction, static pivots and gears, attraction), played on any
/// backend: the parity tests compare the runs tick by tick, the digest tests and
/// `FlingSelfTest backend --dynamics-digest` pin them.
struct DynamicsScript {
    enum Op {
        case make(WorldDefinition)
        case destroy(Int)
        case walls(Int, [Wall])
        case properties(Int, ItemProperties)
        case velocity(Int, Vector, Double)
        case gravity(Int, Vector)
        case damping(Int, Double)
        case impulse(Int, Push)
        case addForce(Int, Push)
        /// The k-th (mod count) live continuous push of the world.
        case removeForce(Int, Int)
        case fields(Int, [Field])
        /// A drag on a world with no joints at all, the script's "sole drag" (the calls the
        /// one-finger drag API made before issue 28): the script refuses it, changing nothing,
        /// on a world with joints or springs, and keeps it apart from the other joints.
        case addSoleDrag(Int, DragJoint)
        /// Moves the sole drag (refused without one).
        case moveSoleDrag(Int, Vector, Vector)
        /// Removes the sole drag (refused without one).
        case removeSoleDrag(Int)
        case addDrag(Int, DragJoint)
        /// The k-th (mod count) live drag of the world.
        case moveDrag(Int, Int, Vector, Vector)
        case addPivot(Int, StaticPivot)
        case addGear(Int, StaticGear)
        /// The k-th (mod count) live joint of the world (a drag or an extra joint), each removed
        /// by its own call.
        case removeJoint(Int, Int)
        case attract(Int, Attraction)
        case detachAttraction(Int)
        case step(Double)
    }

    var ops: [Op] = []

    struct Result {
        /// After each step: every world made so far, in order (nil once destroyed).
        var frames: [[BodyState?]] = []
        var contacts: [[[Wall.Contact]]] = []
        /// Which ops each backend refused (index into `ops`, and the error's code).
        var refusals: [(Int, FlingError.Code)] = []
        var digest = StateDigest()
        var contactCount = 0
    }

    func run(on kind: BackendKind, iterations: Int = 10) throws -> Result {
        try run(on: try kind.make(solverIterations: iterations))
    }

    func run(on backend: any DynamicsBackend) throws -> Result {
        var worlds: [WorldID?] = []
        var forces: [[ForceID]] = []
        var joints: [[JointID]] = []
        var drags: [[JointID]] = []
        var sole: [JointID?] = []
        var attracted: [Bool] = []
        var result = Result()
        /// The script's own refusal of a sole-drag call (the world's joints do not allow it).
        func refuse(_ operation: String) -> FlingError {
            FlingError(.invalidState, field: operation, value: "script", reason: "the world's joints do not allow it")
        }
        for (n, op) in ops.enumerated() {
            do throws(FlingError) {
                switch op {
                case .make(let d):
                    worlds.append(try backend.makeWorld(d))
                    forces.append([]); joints.append([]); drags.append([]); sole.append(nil); attracted.append(false)
                case .destroy(let w):
                    if let id = worlds[w] { try backend.destroyWorld(id); worlds[w] = nil }
                case .step(let dt):
                    try backend.step(by: dt)
                    var frame: [BodyState?] = [], contacts: [[Wall.Contact]] = []
                    for id in worlds {
                        if let id {
                            let s = try backend.state(of: id)
                            result.digest.combine(s)
                            frame.append(s)
                            let c = try backend.contacts(of: id)
                            result.contactCount += c.count
                            for contact in c {
                                result.digest.combine(contact.impulse.x); result.digest.combine(contact.impulse.y)
                                result.digest.combine(Double(contact.wall))
                            }
                            contacts.append(c)
                        } else {
                            frame.append(nil); contacts.append([])
                        }
                    }
                    result.frames.append(frame)
                    result.contacts.append(contacts)
                default:
                    guard let w = op.world, let id = worlds[w] else { continue }
                    switch op {
                    case .walls(_, let walls): try backend.setWalls(walls, of: id)
                    case .properties(_, let p): try backend.setItemProperties(p, of: id)
                    case .velocity(_, let v, let spin): try backend.setVelocity(of: id, linear: v, angular: spin)
                    case .gravity(_, let g): try backend.setGravity(of: id, g)
                    case .damping(_, let d): try backend.setDamping(of: id, d)
                    case .impulse(_, let p): try backend.applyImpulse(p, to: id)
                    case .addForce(_, let p): forces[w].append(try backend.addForce(p, to: id))
                    case .removeForce(_, let k):
                        guard !forces[w].isEmpty else { continue }
                        try backend.removeForce(forces[w].remove(at: k % forces[w].count), from: id)
                    case .fields(_, let f): try backend.setFields(f, of: id)
                    case .addSoleDrag(_, let j):
                        guard joints[w].isEmpty, sole[w] == nil, !attracted[w] else { throw refuse("addSoleDrag") }
                        sole[w] = try backend.addDrag(j, to: id)
                    case .moveSoleDrag(_, let p, let v):
                        guard let s = sole[w] else { throw refuse("moveSoleDrag") }
                        try backend.moveDrag(s, in: id, to: p, velocity: v)
                    case .removeSoleDrag:
                        guard let s = sole[w] else { throw refuse("removeSoleDrag") }
                        try backend.removeDrag(s, from: id)
                        sole[w] = nil
                    case .addDrag(_, let j):
                        let j = try backend.addDrag(j, to: id)
                        joints[w].append(j); drags[w].append(j)
                    case .moveDrag(_, let k, let p, let v):
                        guard !drags[w].isEmpty else { continue }
                        try backend.moveDrag(drags[w][k % drags[w].count], in: id, to: p, velocity: v)
                    case .addPivot(_, let p): joints[w].append(try backend.addPivot(p, to: id))
                    case .addGear(_, let g): joints[w].append(try backend.addGear(g, to: id))
                    case .removeJoint(_, let k):
                        guard !joints[w].isEmpty else { continue }
                        let j = joints[w].remove(at: k % joints[w].count)
                        if drags[w].contains(j) {
                            drags[w].removeAll { $0 == j }
                            try backend.removeDrag(j, from: id)
                        } else {
                            try backend.removeJoint(j, from: id)
                        }
                    case .attract(_, let a):
                        try backend.attachAttraction(a, to: id)
                        attracted[w] = true
                    case .detachAttraction:
                        try backend.detachAttraction(from: id)
                        attracted[w] = false
                    default: break
                    }
                }
            } catch {
                result.refusals.append((n, error.code))
            }
        }
        return result
    }
}

extension DynamicsScript.Op {
    /// The call's name (`walls`, `addForce`, …).
    var name: String { String("\(self)".prefix { $0 != "(" }) }

    var world: Int? {
        switch self {
        case .make, .step: nil
        case .destroy(let w), .walls(let w, _), .properties(let w, _), .velocity(let w, _, _), .gravity(let w, _),
            .damping(let w, _), .impulse(let w, _), .addForce(let w, _), .removeForce(let w, _), .fields(let w, _),
            .addSoleDrag(let w, _), .moveSoleDrag(let w, _, _), .removeSoleDrag(let w), .addDrag(let w, _), .moveDrag(let w, _, _, _),
            .addPivot(let w, _), .addGear(let w, _), .removeJoint(let w, _), .attract(let w, _), .detachAttraction(let w):
            w
        }
    }
}

/// The first difference between two runs, or nil.
func firstDifference(_ a: DynamicsScript.Result, _ b: DynamicsScript.Result) -> String? {
    let ra = a.refusals.map { "\($0.0):\($0.1)" }, rb = b.refusals.map { "\($0.0):\($0.1)" }
    if ra != rb { return "refusals differ: \(ra) vs \(rb)" }
    guard a.frames.count == b.frames.count else { return "frame counts \(a.frames.count) vs \(b.frames.count)" }
    for (k, (fa, fb)) in zip(a.frames, b.frames).enumerated() {
        for (w, (sa, sb)) in zip(fa, fb).enumerated() {
            guard let sa, let sb else {
                if (sa == nil) != (sb == nil) { return "tick \(k), world \(w): live vs destroyed" }
                continue
            }
            let fields: [(String, Double, Double)] = [
                ("position.x", sa.position.x, sb.position.x), ("position.y", sa.position.y, sb.position.y),
                ("angle", sa.angle, sb.angle), ("velocity.x", sa.velocity.x, sb.velocity.x),
                ("velocity.y", sa.velocity.y, sb.velocity.y), ("angularVelocity", sa.angularVelocity, sb.angularVelocity),
            ]
            if let (name, x, y) = fields.first(where: { $0.1.bitPattern != $0.2.bitPattern }) {
                return
                    "tick \(k), world \(w), \(name): \(x) (\(String(x.bitPattern, radix: 16))) vs \(y) (\(String(y.bitPattern, radix: 16)))"
            }
        }
        for (w, (ca, cb)) in zip(a.contacts[k], b.contacts[k]).enumerated() {
            let same =
                ca.count == cb.count
                && zip(ca, cb).allSatisfy { x, y in
                    x.wall == y.wall && x.impulse.x.bitPattern == y.impulse.x.bitPattern
                        && x.impulse.y.bitPattern == y.impulse.y.bitPattern && x.normal.x.bitPattern == y.normal.x.bitPattern
                        && x.normal.y.bitPattern == y.normal.y.bitPattern && x.point.x.bitPattern == y.point.x.bitPattern
                        && x.point.y.bitPattern == y.point.y.bitPattern
                }
            if !same { return "tick \(k), world \(w): contacts \(ca) vs \(cb)" }
        }
    }
    return nil
}

extension Field.Kind {
    /// The kind's name (`radialGravity`, `noise`, …).
    var name: String { String("\(self)".prefix { $0 != "(" }) }
}
