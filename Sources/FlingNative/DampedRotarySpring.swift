import FlingCore

/// The rotary attraction: Chipmunk's `cpDampedRotarySpring` between the static body
/// (angle 0) and the tile, rest angle 0.
///
/// Note the signs: the pre-step's spring torque goes `w_a -= j·i_a⁻¹, w_b += j·i_b⁻¹`, the
/// iterations' damping `w_a += j·i_a⁻¹, w_b -= j·i_b⁻¹`, as in Chipmunk.
struct DampedRotarySpring {
    var stiffness: Double, damping: Double
    var iSum: Double = 0, targetWrn: Double = 0
    /// `1 - exp(-damping·dt·(1/I))`, kept for the dt of the owning ``AttractionSprings``
    /// (the moment never changes): `exp` once per dt.
    var wCoef: Double = 0

    init(_ a: Attraction) {
        stiffness = a.angularStiffness; damping = a.angularDamping
    }

    /// The pre-step. `fresh`: whether `wCoef` holds this dt's value.
    @inline(__always) mutating func preStep<M: ArithmeticFunctions>(
        _ a: inout AnchorBody, _ b: inout RigidBody, _ dt: Double, fresh: Bool, _: M.Type
    ) {
        let moment = AnchorBody.iInv + b.iInv
        iSum = 1.0 / moment
        if !fresh { wCoef = 1.0 - M.exp(-damping * dt * moment) }
        targetWrn = 0.0
        // Relative angle a_a - a_b with a_a = 0; torque (relativeAngle - restAngle)·stiffness.
        let j = ((0.0 - b.angle) - 0.0) * stiffness * dt
        a.w -= j * AnchorBody.iInv
        b.w += j * b.iInv
    }

    @inline(__always) mutating func applyImpulse(_ a: inout AnchorBody, _ b: inout RigidBody) {
        let wrn = a.w - b.w
        let wDamp = (targetWrn - wrn) * wCoef
        targetWrn = wrn + wDamp
        let j = wDamp * iSum
        a.w += j * AnchorBody.iInv
        b.w -= j * b.iInv
    }
}

/// An attracted world's joints, in the order they were added: the spring, then the rotary
/// spring. 136 bytes, in the world's ``JointRecord``.
struct AttractionSprings {
    var spring: DampedSpring
    var rotary: DampedRotarySpring
    /// The dt both springs' damping coefficients were computed for, 0 for none (a step's dt
    /// is always positive): `exp` is only called when it changes, with the same result.
    var coefDt: Double = 0

    init(_ a: Attraction) {
        spring = DampedSpring(a)
        rotary = DampedRotarySpring(a)
    }

    /// Both pre-steps, spring first.
    @inline(__always) mutating func preStep<M: ArithmeticFunctions>(
        _ a: inout AnchorBody, _ b: inout RigidBody, _ rotation: Rotation, _ dt: Double, _ math: M.Type
    ) {
        let fresh = dt == coefDt
        let springKept = spring.preStep(&a, &b, rotation, dt, fresh: fresh, math)
        rotary.preStep(&a, &b, dt, fresh: fresh, math)
        coefDt = springKept ? dt : 0
    }
}
