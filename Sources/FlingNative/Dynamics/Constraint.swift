import FlingCore

/// One entry of a dynamic world's constraint list: Chipmunk's `cpSpace.constraints` for the
/// world's own space, one entry per `cpConstraint` (the attraction's spring and rotary spring,
/// added and removed together and alone in the list, are one entry that runs both in order).
/// `finger` is the anchor body's slot in ``DynamicWorld/fingers``, or −1 for the static body.
///
/// The joint itself sits in raw storage sized for the largest kind (``PivotConstraint``, 168
/// bytes) and is worked on in place, through a pointer rebound to its kind: no copy per
/// iteration.
struct ConstraintEntry {
    enum Kind: UInt8 {
        /// A drag's own pivot, from the finger's center (the lanes' ``PivotJoint``).
        case grab
        /// A static pivot, or a drag's friction pivot (``PivotConstraint``).
        case pivot
        /// A static gear, or a drag's rotary friction (``GearJoint``).
        case gear
        /// The attraction (``AttractionSprings``).
        case springs
    }
    var serial: UInt32
    var finger: Int32
    var kind: Kind
    var record = Storage()

    /// 21 `Double`s.
    struct Storage {
        var words:
            (
                Double, Double, Double, Double, Double, Double, Double, Double, Double, Double,
                Double, Double, Double, Double, Double, Double, Double, Double, Double, Double, Double
            ) = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
    }

    init<Joint>(serial: UInt32, finger: Int, kind: Kind, _ joint: Joint) {
        precondition(
            MemoryLayout<Joint>.size <= MemoryLayout<Storage>.size && MemoryLayout<Storage>.alignment % MemoryLayout<Joint>.alignment == 0
                && _isPOD(Joint.self))
        self.serial = serial
        self.finger = Int32(finger)
        self.kind = kind
        withUnsafeMutableBytes(of: &record) { $0.storeBytes(of: joint, as: Joint.self) }
    }

    /// The joint, read whole.
    func load<Joint>(_: Joint.Type) -> Joint {
        withUnsafeBytes(of: record) { $0.load(as: Joint.self) }
    }

    /// Runs `body` on the joint of the entry at `p`, in place.
    @inline(__always)
    static func with<Joint, R>(_ p: UnsafeMutablePointer<ConstraintEntry>, _: Joint.Type, _ body: (inout Joint) -> R) -> R {
        let raw = UnsafeMutableRawPointer(p) + MemoryLayout<ConstraintEntry>.offset(of: \.record)!
        return raw.withMemoryRebound(to: Joint.self, capacity: 1) { body(&$0.pointee) }
    }

    @inline(__always)
    static func preStep<M: ArithmeticFunctions>(
        _ p: UnsafeMutablePointer<ConstraintEntry>, _ a: inout AnchorBody, _ b: inout RigidBody, _ rotation: Rotation, _ dt: Double,
        _ math: M.Type
    ) {
        switch p.pointee.kind {
        case .grab: with(p, PivotJoint.self) { $0.preStep(a, b, rotation, dt, math) }
        case .pivot: with(p, PivotConstraint.self) { $0.preStep(a, b, rotation, dt, math) }
        case .gear: with(p, GearJoint.self) { $0.preStep(a, b, dt, math) }
        case .springs: with(p, AttractionSprings.self) { $0.preStep(&a, &b, rotation, dt, math) }
        }
    }

    @inline(__always)
    static func applyCachedImpulse(
        _ p: UnsafeMutablePointer<ConstraintEntry>, _ a: inout AnchorBody, _ b: inout RigidBody, _ dtCoef: Double
    ) {
        switch p.pointee.kind {
        case .grab: with(p, PivotJoint.self) { $0.applyCachedImpulse(&a, &b, dtCoef) }
        case .pivot: with(p, PivotConstraint.self) { $0.applyCachedImpulse(&a, &b, dtCoef) }
        case .gear: with(p, GearJoint.self) { $0.applyCachedImpulse(&a, &b, dtCoef) }
        case .springs: break  // Neither spring caches an impulse.
        }
    }

    @inline(__always)
    static func applyImpulse(_ p: UnsafeMutablePointer<ConstraintEntry>, _ a: inout AnchorBody, _ b: inout RigidBody, _ dt: Double) {
        switch p.pointee.kind {
        case .grab: with(p, PivotJoint.self) { $0.applyImpulse(&a, &b, dt) }
        case .pivot: with(p, PivotConstraint.self) { $0.applyImpulse(&a, &b, dt) }
        case .gear: with(p, GearJoint.self) { $0.applyImpulse(&a, &b, dt) }
        case .springs:
            with(p, AttractionSprings.self) { s in
                s.spring.applyImpulse(&a, &b)
                s.rotary.applyImpulse(&a, &b)
            }
        }
    }
}
