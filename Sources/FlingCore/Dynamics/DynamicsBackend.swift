// The dynamics behaviours as a protocol of their own, over the core (``PhysicsBackend``):
// what a backend adopts whole to give an animator walls, item properties, pushes, fields and
// the extra joints; with the limits and argument checks those calls share in both backends.

/// UIKit Dynamics' behaviours in a backend's worlds (docs/DYNAMICS.md maps each to UIKit's):
/// walls and the contacts with them, item properties, pushes, fields, and the extra joints
/// (static pivots and gears). ``NativeBackend`` and `ChipmunkBackend` adopt it, with the
/// same bits. An animator asks for it only when its configuration uses one of these (walls,
/// the viewport's edges, item properties, fields, home pivots, grab friction) or the app
/// pushes an item or sets fields; over a backend that adopts only ``PhysicsBackend`` such an
/// animator refuses them with a typed error and changes nothing.
///
/// As for the core, every method validates its arguments and throws ``FlingError`` without
/// changing anything when they are bad.
public protocol DynamicsBackend: PhysicsBackend {
    /// Replaces the world's walls (an empty list removes them). The item's box is its
    /// definition's `size`, which a world with walls must have. A wall in both the old list
    /// and the new one, the same to the bit (ends, radius, elasticity, friction; each new wall
    /// takes the first such old wall not yet taken), keeps its contact with the item: the
    /// arbiter's state and accumulated impulses carry on, as Chipmunk keeps the arbiters of a
    /// shape it is not told to remove, wherever the wall now is in the list. Every other wall
    /// starts afresh; a list equal to the old one (`==`) changes nothing. The contacts the last
    /// step began stay readable from ``contacts(of:)`` until the next step.
    func setWalls(_ walls: [Wall], of world: WorldID) throws(FlingError)
    /// Sets the item's elasticity, friction, resistance and charge.
    func setItemProperties(_ properties: ItemProperties, of world: WorldID) throws(FlingError)
    /// Applies an instantaneous push now: `v += j/m`, `ω += (R·offset × j)/I` with `R` the
    /// body's rotation (Chipmunk's `cpBodyApplyImpulseAtWorldPoint`). Refused if the
    /// velocity or spin would leave `Limits/velocity` or `Limits/angularVelocity`.
    func applyImpulse(_ push: Push, to world: WorldID) throws(FlingError)
    /// Adds a continuous push, applied in every step's velocity update until removed.
    func addForce(_ push: Push, to world: WorldID) throws(FlingError) -> ForceID
    /// Removes a continuous push.
    func removeForce(_ force: ForceID, from world: WorldID) throws(FlingError)
    /// Replaces the world's fields, applied in every step's velocity update in list order.
    func setFields(_ fields: [Field], of world: WorldID) throws(FlingError)
    /// The walls the item began touching in the last step, in the order the solver met them.
    func contacts(of world: WorldID) throws(FlingError) -> [Wall.Contact]
    /// Adds a pivot joint from the static body to the item.
    func addPivot(_ pivot: StaticPivot, to world: WorldID) throws(FlingError) -> JointID
    /// Adds a gear joint from the static body to the item (which must be able to rotate).
    func addGear(_ gear: StaticGear, to world: WorldID) throws(FlingError) -> JointID
    /// Removes a pivot or a gear (a drag goes with ``PhysicsBackend/removeDrag(_:from:)``).
    func removeJoint(_ joint: JointID, from world: WorldID) throws(FlingError)
}

/// A backend that reads the contacts the last step began into the caller's buffer, so that a
/// caller that reads them every tick (an animator with walls) makes no array for them: the
/// native and Chipmunk backends.
package protocol ContactReading: DynamicsBackend {
    /// Appends what ``DynamicsBackend/contacts(of:)`` returns to `contacts`, in that order;
    /// throws as it does, appending nothing.
    func readContacts(of world: WorldID, into contacts: inout [Wall.Contact]) throws(FlingError)
}

/// A backend that runs a caller's work on its threads besides the caller's (the native backend
/// made with several): what lets an animator split its per-item passes over the same threads
/// the step uses. Work given in parts touches nothing another part touches, so the bits cannot
/// depend on how many parts there are.
package protocol ParallelWork: AnyObject {
    /// How many parts `runParts` splits work into: the threads, the caller's included.
    var parts: Int { get }
    /// The fewest items of cheap per-item work worth splitting (below it, waking the threads
    /// costs more than they save).
    var partsFrom: Int { get }
    /// Runs `body(p)` for every part `p` in `0..<parts`, part 0 on the caller's thread and the
    /// others on the backend's, and returns when all are done.
    func runParts(_ body: (Int) -> Void)
}

extension Limits {
    /// The shortest wall, in points.
    static let wallLength: Double = 1e-3
    /// Range of a wall's radius, in points.
    static let wallRadius: ClosedRange<Double> = 0...1e6
    /// The most walls a world holds.
    package static let walls = 64
    /// Range of an elasticity (an item's or a wall's). At most 1, so that no contact's
    /// restitution (their product) adds energy: two walls facing each other could otherwise
    /// double a speed on every bounce until it overflows.
    static let elasticity: ClosedRange<Double> = 0...1
    /// Range of a friction coefficient.
    static let friction: ClosedRange<Double> = 0...1e6
    /// Range of a linear or angular resistance, per second.
    static let resistance: ClosedRange<Double> = 0...1e300
    /// Range of an item's charge.
    static let charge: ClosedRange<Double> = -1e6...1e6
    /// Largest absolute push component (force or impulse).
    static let push: Double = 1e12
    /// The most continuous pushes and the most fields a world holds.
    static let forces = 32
    static let fields = 32
    /// Largest absolute field strength.
    static let fieldStrength: Double = 1e12
    /// Range of a field's falloff exponent.
    static let falloff: ClosedRange<Double> = 0...8
    /// Range of a noise field's animation speed, lattice steps per second.
    static let animationSpeed: ClosedRange<Double> = 0...1e4
    /// Range of a gear's ratio magnitude.
    static let gearRatio: ClosedRange<Double> = 1e-3...1e3
    /// The most joints (drags, pivots, gears) a world holds at once.
    package static let joints = 16
    /// The largest force (or torque) limit of a joint: a drag's `maxForce`, its grab
    /// frictions, a pivot's or a gear's `maxForce`. Chipmunk's default is ∞; Fling's largest
    /// acts the same unless a step needs more than 10¹⁸·dt of impulse, and it keeps a world
    /// whose joints fight each other (two rigid pivots that cannot both hold, a drag pulling
    /// into a wall) finite: each step can then change the velocities by a bounded amount only,
    /// where ∞ lets the accumulated impulses grow until they overflow.
    @usableFromInline package static let jointForce: Double = 1e18
}

/// The checks of the dynamics calls, shared by both backends.
extension BackendValidation {
    static func size(_ s: Vector, _ field: String) throws(FlingError) {
        try Check.range(s.x, Limits.size, "\(field).x")
        try Check.range(s.y, Limits.size, "\(field).y")
    }

    /// A world's walls (``DynamicsBackend/setWalls(_:of:)``) for an item of box `size` (the
    /// world definition's): at most 64, none without a size, each with ends within ±10⁷ points
    /// and at least 10⁻³ points apart, a radius within 0...10⁶, an elasticity within 0...1 and
    /// a friction within 0...10⁶.
    public static func walls(_ walls: [Wall], size: Vector?) throws(FlingError) {
        guard walls.count <= Limits.walls else {
            throw FlingError(
                .outOfRange, field: "walls.count", value: "\(walls.count)", reason: "a world holds at most \(Limits.walls) walls")
        }
        if !walls.isEmpty && size == nil {
            throw FlingError(
                .invalidState, field: "WorldDefinition.size", value: "nil",
                reason: "a world with walls needs its item's box: give the definition a size")
        }
        for (k, w) in walls.enumerated() {
            try Check.coordinate(w.start, "walls[\(k)].start")
            try Check.coordinate(w.end, "walls[\(k)].end")
            let dx = w.end.x - w.start.x, dy = w.end.y - w.start.y
            guard (dx * dx + dy * dy).squareRoot() >= Limits.wallLength else {
                throw FlingError(
                    .outOfRange, field: "walls[\(k)]", value: "\(w.start)-\(w.end)",
                    reason: "its ends must lie at least \(Limits.wallLength) pt apart")
            }
            try Check.range(w.radius, Limits.wallRadius, "walls[\(k)].radius")
            try Check.range(w.elasticity, Limits.elasticity, "walls[\(k)].elasticity")
            try Check.range(w.friction, Limits.friction, "walls[\(k)].friction")
        }
    }

    /// An item's properties (``DynamicsBackend/setItemProperties(_:of:)``): elasticity within
    /// 0...1, friction within 0...10⁶, resistances within 0...10³⁰⁰, charge within ±10⁶.
    public static func properties(_ p: ItemProperties) throws(FlingError) {
        try Check.range(p.elasticity, Limits.elasticity, "ItemProperties.elasticity")
        try Check.range(p.friction, Limits.friction, "ItemProperties.friction")
        try Check.range(p.resistance, Limits.resistance, "ItemProperties.resistance")
        try Check.range(p.angularResistance, Limits.resistance, "ItemProperties.angularResistance")
        try Check.range(p.charge, Limits.charge, "ItemProperties.charge")
    }

    /// A push (``DynamicsBackend/applyImpulse(_:to:)``, ``DynamicsBackend/addForce(_:to:)``):
    /// each component of its vector within ±10¹², its offset within ±10⁷ points. An impulse is
    /// also refused when the velocity it leaves would pass ±10⁹ (points or radians per second).
    public static func push(_ p: Push) throws(FlingError) {
        try Check.range(p.vector.x, -Limits.push...Limits.push, "Push.vector.x")
        try Check.range(p.vector.y, -Limits.push...Limits.push, "Push.vector.y")
        try Check.range(p.offset.x, -Limits.coordinate...Limits.coordinate, "Push.offset.x")
        try Check.range(p.offset.y, -Limits.coordinate...Limits.coordinate, "Push.offset.y")
    }

    /// The velocity an impulse leaves, against the velocity limits.
    package static func impulseResult(_ v: (Double, Double), _ w: Double) throws(FlingError) {
        guard v.0.magnitude <= Limits.velocity, v.1.magnitude <= Limits.velocity, w.magnitude <= Limits.angularVelocity else {
            throw FlingError(
                .outOfRange, field: "Push", value: "velocity (\(v.0), \(v.1)), spin \(w)",
                reason:
                    "the push would leave the velocity within ±\(Limits.velocity) pt/s and the spin within ±\(Limits.angularVelocity) rad/s"
            )
        }
    }

    package static func forceCount(_ n: Int) throws(FlingError) {
        guard n < Limits.forces else {
            throw FlingError(
                .outOfRange, field: "addForce", value: "\(n)", reason: "a world holds at most \(Limits.forces) continuous pushes")
        }
    }

    /// A world's fields (``DynamicsBackend/setFields(_:of:)``): at most 32, each at a position
    /// within ±10⁷ points, of strength within ±10¹², falloff within 0...8, a minimum radius and
    /// region within 0...10⁷ points, a direction within ±10⁷, a target within ±10⁹, a
    /// smoothness within 0...1 and an animation speed within 0...10⁴.
    public static func fields(_ fields: [Field]) throws(FlingError) {
        guard fields.count <= Limits.fields else {
            throw FlingError(
                .outOfRange, field: "fields.count", value: "\(fields.count)", reason: "a world holds at most \(Limits.fields) fields")
        }
        for (k, f) in fields.enumerated() {
            let at = "fields[\(k)]"
            try Check.coordinate(f.position, "\(at).position")
            try Check.range(f.strength, -Limits.fieldStrength...Limits.fieldStrength, "\(at).strength")
            try Check.range(f.falloff, Limits.falloff, "\(at).falloff")
            try Check.range(f.minimumRadius, 0...Limits.coordinate, "\(at).minimumRadius")
            switch f.region {
            case .everywhere: break
            case .rectangle(let w, let h):
                try Check.range(w, 0...Limits.coordinate, "\(at).region.width")
                try Check.range(h, 0...Limits.coordinate, "\(at).region.height")
            case .circle(let r): try Check.range(r, 0...Limits.coordinate, "\(at).region.radius")
            }
            switch f.kind {
            case .linearGravity(let d):
                try Check.range(d.x, -Limits.gravity...Limits.gravity, "\(at).direction.x")
                try Check.range(d.y, -Limits.gravity...Limits.gravity, "\(at).direction.y")
            case .velocity(let t):
                try Check.range(t.x, -Limits.velocity...Limits.velocity, "\(at).target.x")
                try Check.range(t.y, -Limits.velocity...Limits.velocity, "\(at).target.y")
            case .noise(let smoothness, let speed), .turbulence(let smoothness, let speed):
                try Check.range(smoothness, 0...1, "\(at).smoothness")
                try Check.range(speed, Limits.animationSpeed, "\(at).animationSpeed")
            case .radialGravity, .spring, .drag, .vortex, .electric, .magnetic: break
            }
        }
    }

    /// A bias limit: 0...∞ (Chipmunk's default is ∞).
    package static func limit(_ x: Double, _ field: String) throws(FlingError) {
        guard x >= 0, !x.isNaN else {
            throw FlingError(x.isNaN ? .notFinite : .outOfRange, field: field, value: "\(x)", reason: "must lie in 0...∞")
        }
    }

    static func localAnchor(_ a: Vector, _ field: String) throws(FlingError) {
        try Check.range(a.x, -Limits.coordinate...Limits.coordinate, "\(field).x")
        try Check.range(a.y, -Limits.coordinate...Limits.coordinate, "\(field).y")
    }

    package static func friction(_ j: DragJoint) throws(FlingError) {
        try Check.range(j.friction, 0...Limits.jointForce, "DragJoint.friction")
        try Check.range(j.rotaryFriction, 0...Limits.jointForce, "DragJoint.rotaryFriction")
    }

    /// A static pivot (``DynamicsBackend/addPivot(_:to:)``): an anchor within ±10⁷ points, a
    /// local anchor within ±10⁷ and near enough the center for the body (the rule of
    /// ``DragJoint/validate(for:)``), a `maxForce` within 0...10¹⁸, a `maxBias` of 0...∞ and an
    /// `errorBias` within 10⁻³⁰⁰...1. At most 16 joints (drags, pivots, gears) share a world.
    public static func pivot(_ p: StaticPivot) throws(FlingError) {
        try Check.coordinate(p.anchor, "StaticPivot.anchor")
        try localAnchor(p.localAnchor, "StaticPivot.localAnchor")
        try Check.range(p.maxForce, 0...Limits.jointForce, "StaticPivot.maxForce")
        try limit(p.maxBias, "StaticPivot.maxBias")
        try Check.range(p.errorBias, 1e-300...1, "StaticPivot.errorBias")
    }

    /// A pivot's item anchor against the body (see ``leverage(_:massInverse:momentInverse:)``).
    package static func leverage(_ a: Vector, _ field: String, massInverse: Double, momentInverse: Double) throws(FlingError) {
        try leverage(
            DragJoint(localAnchor: a, finger: .zero, maxForce: 1, errorBias: 1), massInverse: massInverse, momentInverse: momentInverse)
    }

    /// A static gear (``DynamicsBackend/addGear(_:to:)``) on a body of inverse moment
    /// `momentInverse` (0 for a body that cannot rotate, which a gear cannot act on): a phase
    /// within ±10⁶, a ratio of magnitude within 10⁻³...10³, a `maxForce` within 0...10¹⁸, a
    /// `maxBias` of 0...∞ and an `errorBias` within 10⁻³⁰⁰...1.
    public static func gear(_ g: StaticGear, momentInverse: Double) throws(FlingError) {
        try Check.range(g.phase, -1e6...1e6, "StaticGear.phase")
        try Check.range(g.ratio.magnitude, Limits.gearRatio, "StaticGear.ratio")
        try Check.range(g.maxForce, 0...Limits.jointForce, "StaticGear.maxForce")
        try limit(g.maxBias, "StaticGear.maxBias")
        try Check.range(g.errorBias, 1e-300...1, "StaticGear.errorBias")
        guard momentInverse > 0 else {
            throw FlingError(
                .invalidState, field: "addGear", value: "allowsRotation false",
                reason: "a gear joint cannot act on a body that cannot rotate (Chipmunk would divide by zero)")
        }
    }

    package static func jointCount(_ n: Int) throws(FlingError) {
        guard n < Limits.joints else {
            throw FlingError(.outOfRange, field: "joints", value: "\(n)", reason: "a world holds at most \(Limits.joints) joints")
        }
    }

    /// An id that names no drag of the world (``PhysicsBackend/moveDrag(_:in:to:velocity:)``,
    /// ``PhysicsBackend/removeDrag(_:from:)``).
    package static func unknownDrag(_ id: JointID, _ world: WorldID) -> FlingError {
        FlingError(.invalidState, field: "\(id)", value: "\(world)", reason: "is not a drag of this world")
    }

    /// An id that names no pivot or gear of the world (``DynamicsBackend/removeJoint(_:from:)``).
    package static func unknownJoint(_ id: JointID, _ world: WorldID) -> FlingError {
        FlingError(
            .invalidState, field: "\(id)", value: "\(world)",
            reason: "is not a pivot or gear of this world (a drag goes with removeDrag)")
    }

    package static func unknownForce(_ id: ForceID, _ world: WorldID) -> FlingError {
        FlingError(.invalidState, field: "\(id)", value: "\(world)", reason: "is not a continuous push of this world")
    }

    /// A rotary spring on a body that cannot rotate (Chipmunk: "Unsolvable spring").
    package static func rotates(_ momentInverse: Double, _ operation: String) throws(FlingError) {
        guard momentInverse > 0 else {
            throw FlingError(
                .invalidState, field: operation, value: "allowsRotation false",
                reason: "the rotary spring cannot act on a body that cannot rotate")
        }
    }
}
