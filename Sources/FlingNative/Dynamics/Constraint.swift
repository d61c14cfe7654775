import FlingCore

/// One entry of a dynamic world's constraint list: Chipmunk's `cpSpace.constraints` for the
/// world's own space, one entry per `cpConstraint` (the attraction's spring and rotary spring,
/// added and removed together and alone in the list, are one entry that runs both in order).
/// `finger` is the anchor body's slot in ``DynamicWorld/fingers``, or −1 for the static body.
struct ConstraintEntry {
    enum Kind {
        /// A drag's own pivot, from the finger's center (the lanes' ``PivotJoint``).
        case grab(PivotJoint)
        /// A static pivot, or a drag's friction pivot.
        case pivot(PivotConstraint)
        /// A static gear, or a drag's rotary friction.
        case gear(GearJoint)
        case springs(AttractionSprings)
    }
    var serial: UInt32
    var finger: Int
    var kind: Kind

    @inline(__always) mutating func preStep<M: ArithmeticFunctions>(
        _ a: inout AnchorBody, _ b: inout RigidBody, _ rotation: Rotation, _ dt: Double, _ math: M.Type
    ) {
        switch kind {
        case .grab(var j): j.preStep(a, b, rotation, dt, math); kind = .grab(j)
        case .pivot(var j): j.preStep(a, b, rotation, dt, math); kind = .pivot(j)
        case .gear(var j): j.preStep(a, b, dt, math); kind = .gear(j)
        case .springs(var s): s.preStep(&a, &b, rotation, dt, math); kind = .springs(s)
        }
    }

    @inline(__always) func applyCachedImpulse(_ a: inout AnchorBody, _ b: inout RigidBody, _ dtCoef: Double) {
        switch kind {
        case .grab(let j): j.applyCachedImpulse(&a, &b, dtCoef)
        case .pivot(let j): j.applyCachedImpulse(&a, &b, dtCoef)
        case .gear(let j): j.applyCachedImpulse(&a, &b, dtCoef)
        case .springs: break  // Neither spring caches an impulse.
        }
    }

    @inline(__always) mutating func applyImpulse(_ a: inout AnchorBody, _ b: inout RigidBody, _ dt: Double) {
        switch kind {
        case .grab(var j): j.applyImpulse(&a, &b, dt); kind = .grab(j)
        case .pivot(var j): j.applyImpulse(&a, &b, dt); kind = .pivot(j)
        case .gear(var j): j.applyImpulse(&a, &b, dt); kind = .gear(j)
        case .springs(var s):
            s.spring.applyImpulse(&a, &b)
            s.rotary.applyImpulse(&a, &b)
            kind = .springs(s)
        }
    }
}
