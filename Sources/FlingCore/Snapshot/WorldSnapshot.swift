// One backend world, whole, in terms both built-in backends share: everything a later step,
// call or query of the world reads. The backends give the same bits for the same calls, and
// their state is the same state field for field (the native solver is Chipmunk's step
// rewritten), so one form serves both: a world's snapshot taken on Chipmunk equals, bit for bit,
// the one taken on the native backend after the same calls, and a backend restores a world from
// either. What a step recomputes before reading (a joint's effective mass and bias, a contact's
// offsets and masses, the transform from the angle, `damping^dt`) is left out; what carries
// from step to step is in: the body with its bias velocity, each finger body, every joint's
// accumulated impulse in the solver's order, the contacts' accumulated impulses by feature with
// their arbiters' states and ages, the previous step's dt, the field clock and the id counters.
//
// A contact is named by its feature pair (wall end, box corner), as the native solver names it;
// Chipmunk hashes the pair with its shapes' ids, which a restored world need not share, so its
// backend turns hashes into features and back. An arbiter's age is its step count since it last
// collided (the space's stamp minus its own), so a world restored into a backend whose clock
// stands elsewhere ages the same.

/// A world of a ``SnapshotBackend``, whole: everything a later step, call or query of the world
/// reads.
///
/// The built-in backends hold the same state field for field (the native solver is Chipmunk's
/// step rewritten), so one form serves both, bit for bit. What a step recomputes before reading
/// (a joint's effective mass and bias, a contact's offsets, the transform from the angle) is
/// left out; what carries from step to step is in: the body with its bias velocity, each finger
/// body, every joint's accumulated impulse in the solver's order, the contacts' accumulated
/// impulses with their arbiters' states and ages, the previous step's dt, the field clock and
/// the id counters.
///
/// A backend of one's own fills what its worlds have (``init(definition:)`` makes a world as
/// ``PhysicsBackend/makeWorld(_:)`` would, then the body, gravity, damping, springs and joints
/// are set) and may leave the built-in solvers' caches (``biasVelocity``, ``constraints``'
/// impulses, ``arbiters``) as they start; what it restores must step on as the world it was
/// taken from did. An animator restores a snapshot only into a backend of the same
/// ``SnapshotBackend/snapshotKind``.
public struct WorldSnapshot: Sendable, Equatable {
    /// The body as made: `1/m` and `1/I` as both backends hold them (`1/I` is 0 for a body
    /// that cannot rotate), and its box (``WorldDefinition/size``).
    public var massInverse: Double
    public var momentInverse: Double
    public var size: Vector?
    /// The body now: position, angle, velocities; and the bias velocity the contacts left for
    /// the next position update (`v_bias`, `w_bias`).
    public var body: BodyState
    public var biasVelocity: Vector
    public var biasAngularVelocity: Double
    public var gravity: Vector
    public var damping: Double
    /// The dt of the last step the world took part in, 0 before its first
    /// (`cpSpace.curr_dt`, which scales the warm start).
    public var previousDt: Double
    /// The attraction springs (never with joints). Neither spring keeps an impulse between steps.
    public var attraction: Attraction?
    /// Drags, pivots and gears, in id order.
    public var joints: [Joint]
    /// Their constraints in the solver's order (Chipmunk's `cpSpace.constraints`), each with
    /// its accumulated impulse.
    public var constraints: [Constraint]
    /// The id the next joint gets.
    public var nextJoint: UInt32
    /// Whether the world's velocity update is the dynamics' (the world has used a ``DynamicsBackend`` call): then
    /// its field clock counts the seconds stepped.
    public var hasDynamics: Bool
    /// Pushes, fields, the item's material and the field clock, as ``DynamicsBackend``'s calls set them.
    public var properties: ItemProperties
    public var fields: [Field]
    public var forces: [Force]
    public var nextForce: UInt32
    public var fieldTime: Double
    /// The walls, and the arbiters the item has with them, by wall index.
    public var walls: [Wall]
    /// The order the walls were put in the space, as wall indices: the list's order for walls
    /// set afresh, the kept walls first after a change (``DynamicsBackend/setWalls(_:of:)``). The spatial hash
    /// meets walls that share a cell in this order, and with it the order of their contacts.
    public var wallOrder: [Int]
    public var arbiters: [ArbiterState]
    /// The walls the item began touching in the last step (``DynamicsBackend/contacts(of:)``).
    public var contacts: [Wall.Contact]

    /// A continuous push and its id.
    public struct Force: Sendable, Equatable {
        public var id: ForceID
        public var push: Push
        public init(id: ForceID, push: Push) {
            self.id = id
            self.push = push
        }
    }

    /// A joint and what it is.
    public struct Joint: Sendable, Equatable {
        public var id: JointID
        public var kind: Kind
        public init(id: JointID, kind: Kind) {
            self.id = id
            self.kind = kind
        }

        public enum Kind: Sendable, Equatable {
            /// A drag: its pivot's anchor and limits, its grab frictions, and its finger body now.
            case drag(Drag)
            case pivot(StaticPivot)
            case gear(StaticGear)
        }
    }

    /// A drag as made (``DragJoint`` less the finger's first position) and its finger body.
    public struct Drag: Sendable, Equatable {
        public var localAnchor: Vector
        public var maxForce: Double
        public var errorBias: Double
        public var friction: Double
        public var rotaryFriction: Double
        /// The kinematic finger body: where it is and how it moves (its angle is always 0).
        public var finger: Vector
        public var fingerVelocity: Vector
        public var fingerAngularVelocity: Double

        public init(
            localAnchor: Vector, maxForce: Double, errorBias: Double, friction: Double, rotaryFriction: Double, finger: Vector,
            fingerVelocity: Vector, fingerAngularVelocity: Double
        ) {
            self.localAnchor = localAnchor
            self.maxForce = maxForce
            self.errorBias = errorBias
            self.friction = friction
            self.rotaryFriction = rotaryFriction
            self.finger = finger
            self.fingerVelocity = fingerVelocity
            self.fingerAngularVelocity = fingerAngularVelocity
        }
    }

    /// One constraint of a joint: `part` 0 the joint itself (a drag's grab pivot, a pivot, a
    /// gear), 1 a drag's friction pivot, 2 its rotary friction gear; with its accumulated
    /// impulse (a gear's in `x`, `y` 0).
    public struct Constraint: Sendable, Equatable {
        public var joint: JointID
        public var part: UInt8
        public var impulse: Vector
        public init(joint: JointID, part: UInt8, impulse: Vector) {
            self.joint = joint
            self.part = part
            self.impulse = impulse
        }
    }

    /// An arbiter of the item's box and a wall (`cpArbiter`).
    public struct ArbiterState: Sendable, Equatable {
        public enum State: UInt8, Sendable { case firstCollision, normal, cached }
        public var wall: Int
        public var state: State
        /// Steps since it last collided: 0 for an arbiter of the last step.
        public var age: Int
        public var contacts: [ContactState]
        public init(wall: Int, state: State, age: Int, contacts: [ContactState]) {
            self.wall = wall
            self.state = state
            self.age = age
            self.contacts = contacts
        }
    }

    /// A contact: its feature pair (`wall end << 8 | box corner`) and accumulated impulses.
    public struct ContactState: Sendable, Equatable {
        public var feature: UInt16
        public var normalImpulse: Double
        public var tangentImpulse: Double
        public init(feature: UInt16, normalImpulse: Double, tangentImpulse: Double) {
            self.feature = feature
            self.normalImpulse = normalImpulse
            self.tangentImpulse = tangentImpulse
        }
    }

    public init(definition d: WorldDefinition) {
        massInverse = 1.0 / d.mass
        momentInverse = 1.0 / (d.allowsRotation ? d.moment : .infinity)
        size = d.size
        body = BodyState(position: d.transform.position, angle: d.transform.angle)
        biasVelocity = .zero
        biasAngularVelocity = 0
        gravity = d.gravity
        damping = 1
        previousDt = 0
        attraction = nil
        joints = []
        constraints = []
        nextJoint = 0
        hasDynamics = false
        properties = ItemProperties()
        fields = []
        forces = []
        nextForce = 0
        fieldTime = 0
        walls = []
        wallOrder = []
        arbiters = []
        contacts = []
    }

    /// Whether the body turns.
    var allowsRotation: Bool { momentInverse != 0 }

    /// A definition a backend can make the world from (at the origin: the body's state and
    /// its exact inverses are set afterwards).
    public var definition: WorldDefinition {
        WorldDefinition(
            mass: 1 / massInverse, moment: allowsRotation ? 1 / momentInverse : 1, transform: .identity, gravity: gravity,
            size: size, allowsRotation: allowsRotation)
    }

    /// The world's constraints of joint `id`, in the order its joint made them (parts 0, 1, 2).
    func parts(of id: JointID) -> [UInt8] {
        constraints.filter { $0.joint == id }.map(\.part).sorted()
    }

    /// Equal to `other` bit for bit (every number by its bit pattern).
    public static func == (a: WorldSnapshot, b: WorldSnapshot) -> Bool { Fingerprint.walk(a) == Fingerprint.walk(b) }
}

/// A backend whose worlds can be taken whole and made again: what an animator's snapshots
/// (`TileAnimator.snapshot()`, `restore(_:)`) and predictions need. The built-in backends adopt
/// it, and so may a backend of one's own: a world as a ``WorldSnapshot``, and a world made from
/// one that then gives the same bits, call for call, as the world it was taken from.
public protocol SnapshotBackend: PhysicsBackend {
    /// What a snapshot's header names this backend by: `native`, `chipmunk`, `chipmunk-shared`
    /// (arithmetic apart), or a backend of one's own's name. An animator's snapshot restores
    /// only into an animator whose backend has the same kind and arithmetic.
    var snapshotKind: String { get }
    /// The world, whole.
    func snapshot(of world: WorldID) throws(FlingError) -> WorldSnapshot
    /// A new world equal to the snapshot's bit for bit: the same calls then give the same bits
    /// as they give the world it was taken from. Validates the snapshot first
    /// (``WorldSnapshot/validate()``: a typed error, nothing made).
    func restore(_ snapshot: WorldSnapshot) throws(FlingError) -> WorldID
    /// A new, empty backend of the same arithmetic and solver iterations, on one thread, whose
    /// worlds step to the same bits as this one's: where a prediction steps a world alone (the
    /// same kind, or one held to the same bits: Chipmunk's shared layout for both layouts).
    func makeScratch() throws(FlingError) -> any SnapshotBackend
}
