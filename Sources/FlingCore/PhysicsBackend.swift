/// Names one world inside a backend. The index is a slot the backend may reuse after the
/// world is destroyed; the generation changes on every reuse, so a stale id is an error
/// (``FlingError/Code/unknownWorld``), never another tile.
public struct WorldID: Hashable, Sendable {
    public var index: UInt32
    public var generation: UInt32
    @inlinable public init(index: UInt32, generation: UInt32) {
        self.index = index
        self.generation = generation
    }
    var description: String { "world \(index)#\(generation)" }
}

/// The one dynamic body a world is made with.
public struct WorldDefinition: Hashable, Sendable {
    /// Mass, in the app's mass units.
    public var mass: Double
    /// Moment of inertia about the center (for a tile, `TileDefinition.moment`).
    public var moment: Double
    /// Initial center and angle.
    public var transform: Transform
    /// Gravity, in points per second squared.
    public var gravity: Vector
    /// The item's box, width and height in points: the `cpPolyShape` (`cpBoxShapeNew`, radius
    /// 0) that collides with the world's walls. Needed only for walls.
    public var size: Vector?
    /// Whether the body turns (UIKit's `allowsRotation`). When false its moment is infinite
    /// (`1/I = 0`): nothing turns it, and `moment` is not used.
    public var allowsRotation: Bool

    public init(
        mass: Double, moment: Double, transform: Transform, gravity: Vector, size: Vector? = nil, allowsRotation: Bool = true
    ) {
        self.mass = mass
        self.moment = moment
        self.transform = transform
        self.gravity = gravity
        self.size = size
        self.allowsRotation = allowsRotation
    }

    /// A box of `size` whose mass comes from its area, as UIKit's `density` does: a 100 × 100
    /// point item of density 1 has mass 1 (`mass = density·width·height / 10,000`), and the
    /// moment of a box, `mass·(width² + height²) / 12`.
    public static func box(
        size: Vector, density: Double, transform: Transform, gravity: Vector, allowsRotation: Bool = true
    ) -> WorldDefinition {
        let mass = density * size.x * size.y / 10_000
        return WorldDefinition(
            mass: mass, moment: mass * (size.x * size.x + size.y * size.y) / 12, transform: transform, gravity: gravity,
            size: size, allowsRotation: allowsRotation)
    }
}

/// A drag joint: a pivot between a kinematic finger body and a point of the tile.
public struct DragJoint: Hashable, Sendable {
    /// The grabbed point in tile coordinates (relative to the center, unrotated), in points.
    public var localAnchor: Vector
    /// Where the finger body starts, in points.
    public var finger: Vector
    /// Force limit of the joint (Chipmunk's `maxForce`), positive, at most `Limits/jointForce`.
    public var maxForce: Double
    /// Fraction of position error left after one second (Chipmunk's `errorBias`).
    public var errorBias: Double
    /// Grab friction, as Chipmunk's `ChipmunkMultiGrab` makes it: when positive, a second
    /// pivot between the finger body and the same point of the tile, with `maxBias` 0 and this
    /// `maxForce`: it resists the tile's motion relative to the finger up to this force,
    /// without pulling. 0 (the default): none.
    public var friction: Double
    /// Rotary grab friction, as `ChipmunkMultiGrab`: when positive, a gear joint (phase 0,
    /// ratio 1, `maxBias` 0) between the finger body and the tile with this `maxForce`, which
    /// resists the tile's spin. Not made for a body that cannot rotate (as there). 0: none.
    public var rotaryFriction: Double

    public init(
        localAnchor: Vector, finger: Vector, maxForce: Double, errorBias: Double, friction: Double = 0,
        rotaryFriction: Double = 0
    ) {
        self.localAnchor = localAnchor
        self.finger = finger
        self.maxForce = maxForce
        self.errorBias = errorBias
        self.friction = friction
        self.rotaryFriction = rotaryFriction
    }
}

/// One finger body's place for the next step: what ``PhysicsBackend/moveDrags(_:refused:)``
/// takes, a drag's ``PhysicsBackend/moveDrag(_:in:to:velocity:)`` as a value.
public struct DragMove: Hashable, Sendable {
    public var world: WorldID
    public var joint: JointID
    public var position: Vector
    public var velocity: Vector

    @inlinable public init(world: WorldID, joint: JointID, position: Vector, velocity: Vector) {
        self.world = world
        self.joint = joint
        self.position = position
        self.velocity = velocity
    }
}

/// The springs that pull a released tile home: a damped spring of rest length 0 from the
/// tile's center to its origin, and a damped rotary spring toward angle 0.
public struct Attraction: Hashable, Sendable {
    /// Where the tile's center is pulled to, in points.
    public var origin: Vector
    /// Spring stiffness (force per point) and damping (force per point per second).
    public var stiffness: Double
    public var damping: Double
    /// Rotary spring stiffness (torque per radian) and damping (torque per radian per second).
    public var angularStiffness: Double
    public var angularDamping: Double

    public init(origin: Vector, stiffness: Double, damping: Double, angularStiffness: Double, angularDamping: Double) {
        self.origin = origin
        self.stiffness = stiffness
        self.damping = damping
        self.angularStiffness = angularStiffness
        self.angularDamping = angularDamping
    }
}

/// A physics backend: many independent one-tile worlds, stepped together. The core every
/// animator needs: worlds, stepping, states, drags and the springs home.
///
/// Each world holds one dynamic body, optionally drags (each a kinematic finger body pinned to
/// a point of the body) or the two attraction springs (never both), and its own gravity.
/// Worlds never interact: creating, stepping or destroying one leaves every other's bits
/// unchanged. A backend keeps its worlds in whatever layout suits it; the caller only holds
/// ``WorldID``s and the ``JointID``s of its drags.
///
/// One finger is the case of several: every drag is added with ``addDrag(_:to:)``, moved with
/// ``moveDrag(_:in:to:velocity:)`` and removed with ``removeDrag(_:from:)``. A world numbers
/// its joints from 0 in the order it makes them (drags here; pivots and gears too on a
/// ``DynamicsBackend``), so the built-in backends hand out the same ids for the same calls,
/// and an id once removed stays unknown. A backend may keep a fast path for a world holding
/// one drag (the native backend steps those in SIMD lanes); the bits are the same either way.
///
/// Walls, item properties, pushes, fields, contacts and the extra joints are
/// ``DynamicsBackend``'s, which the built-in backends adopt; an animator asks for it only when
/// its configuration uses them.
///
/// Every method validates its arguments and throws ``FlingError`` without changing anything
/// when they are bad. Conforming backends produce the same bits for the same calls: that is
/// what the differential tests check.
public protocol PhysicsBackend: AnyObject {
    /// A short name for reports: `chipmunk`, `native`, ….
    var name: String { get }
    /// Impulse-solver iterations per step, for every world. Default 10.
    var solverIterations: Int { get }
    /// The number of live worlds.
    var worldCount: Int { get }
    /// The elementary functions its step uses (Chipmunk: always the platform's).
    var arithmetic: Arithmetic { get }

    /// Makes a world holding one body at rest (zero velocity) at `definition.transform`.
    func makeWorld(_ definition: WorldDefinition) throws(FlingError) -> WorldID
    /// Frees a world and everything in it.
    func destroyWorld(_ world: WorldID) throws(FlingError)

    /// Adds a drag, as Chipmunk's `ChipmunkMultiGrab` makes one per finger: a kinematic finger
    /// body at `joint.finger` (at rest) and a pivot joint from it to the body's
    /// `joint.localAnchor`, then the joint's grab friction, if any (a friction pivot, and a
    /// gear if the body turns: extra joints, which a backend that adopts only this protocol
    /// may refuse; an animator whose settings ask for grab friction asks for a
    /// ``DynamicsBackend``). A world holds several (at most `Limits/joints` joints), but not
    /// while it has the attraction springs. Returns the drag's id in this world.
    func addDrag(_ joint: DragJoint, to world: WorldID) throws(FlingError) -> JointID
    /// Places a drag's finger body for the next step, with the velocity it moved at.
    func moveDrag(_ joint: JointID, in world: WorldID, to position: Vector, velocity: Vector) throws(FlingError)
    /// Removes a drag: its joints, in the order they were added, and its finger body.
    func removeDrag(_ joint: JointID, from world: WorldID) throws(FlingError)
    /// Places the finger bodies of several drags, each as ``moveDrag(_:in:to:velocity:)``
    /// does, in order, in one call (an animator moves every finger that moved in a tick so). A
    /// move the backend refuses changes nothing and is handed to `refused` with its index and
    /// error; the others are made. The default calls ``moveDrag(_:in:to:velocity:)`` for each.
    func moveDrags(_ moves: [DragMove], refused: (_ index: Int, _ error: FlingError) -> Void)

    /// Adds the damped spring and then the damped rotary spring (refused while the world has
    /// joints).
    func attachAttraction(_ attraction: Attraction, to world: WorldID) throws(FlingError)
    /// Removes both springs.
    func detachAttraction(from world: WorldID) throws(FlingError)

    /// Sets the world's gravity (an attracted tile floats free of it; a held or falling
    /// tile feels it).
    func setGravity(of world: WorldID, _ gravity: Vector) throws(FlingError)

    /// Sets the world's velocity damping: the fraction of its linear and angular velocity a
    /// body keeps after one second with no other forces (Chipmunk's space `damping`), in
    /// 0...1. Default 1 (none). Each step multiplies the velocities by `damping^dt`.
    func setDamping(of world: WorldID, _ damping: Double) throws(FlingError)

    /// Sets the body's velocities (at release, from the velocity tracker).
    func setVelocity(of world: WorldID, linear: Vector, angular: Double) throws(FlingError)

    /// Advances every live world by `dt` seconds (within `Limits/tick`), in one call.
    func step(by dt: Double) throws(FlingError)

    /// The body's state now.
    func state(of world: WorldID) throws(FlingError) -> BodyState
    /// The states of `worlds`, in that order, written into `states` (cleared first; its
    /// capacity is kept, so a warmed-up caller allocates nothing).
    func readStates(of worlds: [WorldID], into states: inout [BodyState]) throws(FlingError)
}

extension PhysicsBackend {
    public var arithmetic: Arithmetic { .platform }

    public func moveDrags(_ moves: [DragMove], refused: (_ index: Int, _ error: FlingError) -> Void) {
        for (k, m) in moves.enumerated() {
            do { try moveDrag(m.joint, in: m.world, to: m.position, velocity: m.velocity) } catch { refused(k, error) }
        }
    }

    public func readStates(of worlds: [WorldID], into states: inout [BodyState]) throws(FlingError) {
        states.removeAll(keepingCapacity: true)
        for world in worlds { states.append(try state(of: world)) }
    }
}

/// The argument validation of ``PhysicsBackend``'s calls that no argument type holds, as every
/// backend runs them before it touches a world: a backend of one's own calls them to refuse
/// exactly what the built-in ones refuse, with the same ``FlingError``. The values' own validation
/// is ``WorldDefinition/validate()``, ``DragJoint/validate(for:)`` and
/// ``Attraction/validate(for:)``; an unknown or stale ``WorldID`` is
/// ``FlingError/unknownWorld(_:)``.
public enum BackendValidation {
    package static func definition(_ d: WorldDefinition) throws(FlingError) {
        try Check.range(d.mass, Limits.mass, "WorldDefinition.mass")
        try Check.positive(d.moment, "WorldDefinition.moment")
        try Check.range(d.moment, Limits.moment, "WorldDefinition.moment")
        try Check.coordinate(d.transform.position, "WorldDefinition.transform.position")
        try Check.range(d.transform.angle, -1e6...1e6, "WorldDefinition.transform.angle")
        try gravity(d.gravity)
        if let s = d.size { try size(s, "WorldDefinition.size") }
    }

    package static func drag(_ j: DragJoint) throws(FlingError) {
        try Check.range(j.localAnchor.x, -Limits.coordinate...Limits.coordinate, "DragJoint.localAnchor.x")
        try Check.range(j.localAnchor.y, -Limits.coordinate...Limits.coordinate, "DragJoint.localAnchor.y")
        try Check.coordinate(j.finger, "DragJoint.finger")
        try Check.positive(j.maxForce, "DragJoint.maxForce")
        try Check.range(j.maxForce, 0...Limits.jointForce, "DragJoint.maxForce")
        try Check.range(j.errorBias, 1e-300...1, "DragJoint.errorBias")
    }

    /// The largest `|anchor|² · mass / moment` a drag joint accepts: the joint's 2×2
    /// effective-mass matrix has determinant `m⁻¹² (1 + q)` with `q` this ratio, computed as a
    /// difference of terms of size `m⁻² q²`; past about 10⁸ the difference is lost to rounding
    /// and comes out 0 (Chipmunk aborts, "Unsolvable constraint"). 10⁶ keeps 30 good bits. A
    /// point of a box tile is never beyond `q = 3`.
    static let maximumLeverage = 1e6

    /// A drag joint's anchor against the body it pins.
    /// (Inverses, as both backends hold them: the same bits, so both accept the same joints.)
    package static func leverage(_ j: DragJoint, massInverse: Double, momentInverse: Double) throws(FlingError) {
        let a = j.localAnchor
        let q = (a.x * a.x + a.y * a.y) * momentInverse / massInverse
        guard q <= maximumLeverage else {
            throw FlingError(
                .outOfRange, field: "DragJoint.localAnchor", value: "\(a)",
                reason:
                    "lies too far from the body's center for its mass and moment: |anchor|²·mass/moment = \(q), at most \(maximumLeverage)")
        }
    }

    /// A finger's position and velocity (``PhysicsBackend/moveDrag(_:in:to:velocity:)``): the
    /// position a coordinate (within ±10⁷ points), the velocity within ±10¹² points per second.
    /// The common case by four comparisons (NaN and ±∞ fail them), the checks in full otherwise.
    @inline(__always)
    public static func finger(_ p: Vector, _ v: Vector) throws(FlingError) {
        let c = Limits.coordinate
        if p.x.magnitude <= c && p.y.magnitude <= c && v.x.magnitude <= 1e12 && v.y.magnitude <= 1e12 { return }
        try fingerInFull(p, v)
    }

    @inline(never)
    static func fingerInFull(_ p: Vector, _ v: Vector) throws(FlingError) {
        try Check.coordinate(p, "finger.position")
        try Check.range(v.x, -1e12...1e12, "finger.velocity.x")
        try Check.range(v.y, -1e12...1e12, "finger.velocity.y")
    }

    package static func attraction(_ a: Attraction) throws(FlingError) {
        try Check.coordinate(a.origin, "Attraction.origin")
        try Check.range(a.stiffness, 0...1e300, "Attraction.stiffness")
        try Check.range(a.damping, 0...1e300, "Attraction.damping")
        try Check.range(a.angularStiffness, 0...1e300, "Attraction.angularStiffness")
        try Check.range(a.angularDamping, 0...1e300, "Attraction.angularDamping")
    }

    /// Throws unless `a`'s springs, on a body with these inverse mass and moment, integrate
    /// stably at some step a backend takes (their bound, ``Attraction/longestStableStep(for:)``, at least the
    /// shortest, ``Limits/tick``'s lower end): a spring so stiff for its body would make every
    /// later step of the backend refused. Named by the stiffness over the mass (or moment).
    package static func stable(
        _ a: Attraction, massInverse: Double, momentInverse: Double, _ field: String = "Attraction"
    ) throws(FlingError) {
        let bound = a.longestStableStep(massInverse: massInverse, momentInverse: momentInverse)
        guard bound >= Limits.tick.lowerBound else {
            let linear = a.stiffness * massInverse, angular = a.angularStiffness * momentInverse
            let (name, ratio) = linear >= angular ? ("stiffness/mass", linear) : ("angularStiffness/moment", angular)
            throw FlingError(
                .outOfRange, field: "\(field).\(name == "stiffness/mass" ? "stiffness" : "angularStiffness")", value: "\(ratio)",
                reason:
                    "\(name) is \(ratio) per s², so the springs are stable only for steps up to \(bound) s, shorter than the shortest step (\(Limits.tick.lowerBound) s): soften the spring or make the body heavier"
            )
        }
    }

    /// A world's gravity (``PhysicsBackend/setGravity(of:_:)``): each component within ±10⁷
    /// points per second squared.
    public static func gravity(_ g: Vector) throws(FlingError) {
        try Check.range(g.x, -Limits.gravity...Limits.gravity, "gravity.x")
        try Check.range(g.y, -Limits.gravity...Limits.gravity, "gravity.y")
    }

    /// A world's velocity damping (``PhysicsBackend/setDamping(of:_:)``): within 0...1.
    public static func damping(_ d: Double) throws(FlingError) {
        try Check.range(d, 0...1, "damping")
    }

    /// A body's velocities (``PhysicsBackend/setVelocity(of:linear:angular:)``): each
    /// component within ±10⁹ points per second, the spin within ±10⁹ radians per second.
    public static func velocity(_ v: Vector, _ w: Double) throws(FlingError) {
        try Check.range(v.x, -Limits.velocity...Limits.velocity, "velocity.x")
        try Check.range(v.y, -Limits.velocity...Limits.velocity, "velocity.y")
        try Check.range(w, -Limits.angularVelocity...Limits.angularVelocity, "angularVelocity")
    }

    package static func iterations(_ n: Int, _ field: String) throws(FlingError) {
        guard (1...100).contains(n) else {
            throw FlingError(.outOfRange, field: field, value: "\(n)", reason: "must lie in 1...100")
        }
    }

    package static func unknownWorld(_ world: WorldID) -> FlingError {
        FlingError(
            .unknownWorld, field: "WorldID", value: "\(world)",
            reason: "is not a live world of this backend (destroyed, or never made)")
    }

    /// The attraction springs on a world with joints, or a joint on a world with the springs.
    package static func occupied(_ world: WorldID, _ operation: String) -> FlingError {
        FlingError(
            .invalidState, field: "\(operation)(\(world))", value: "joints present",
            reason: "the attraction springs never share a world with drags, pivots or gears; remove those first")
    }

    /// A use of joints the world does not have.
    package static func missing(_ world: WorldID, _ operation: String, _ what: String) -> FlingError {
        FlingError(.invalidState, field: "\(operation)(\(world))", value: "none", reason: "the world has no \(what)")
    }

    /// A step's length (``PhysicsBackend/step(by:)``): within 10⁻⁴...0.1 seconds. A step must
    /// also be no longer than the springs of every world allow
    /// (``Attraction/longestStableStep(for:)``): a backend refuses it whole, stepping nothing.
    public static func dt(_ dt: Double) throws(FlingError) {
        try Check.range(dt, Limits.tick, "step.dt")
    }
}
