import FlingCore

/// The rotary attraction: Chipmunk's `cpDampedRotarySpring` between the static body
/// (angle 0) and the tile, rest angle 0.
///
/// Note the signs: the pre-step's spring torque goes `w_a -= j·i_a⁻¹, w_b += j·i_b⁻¹`, the
/// iterations' damping `w_a += j·i_a⁻¹, w_b -= j·i_b⁻¹`, as in Chipmunk.
struct DampedRotarySpring {
    var stiffness: Double, damping: Double
    var iSum: Double = 0, wCoef: Double = 0, targetWrn: Double = 0
    /// The dt `wCoef` was computed for (the moment never changes): `exp` once per dt.
    var wCoefDt: Double = 0

    /// An unused slot's spring.
    init() { stiffness = 0; damping = 0 }

    init(_ a: Attraction) {
        stiffness = a.angularStiffness; damping = a.angularDamping
    }

    @inline(__always) mutating func preStep<M: ElementaryFunctions>(_ a: inout AnchorBody, _ b: inout RigidBody, _ dt: Double, _: M.Type) {
        let moment = AnchorBody.iInv + b.iInv
        iSum = 1.0 / moment
        if dt != wCoefDt {
            wCoef = 1.0 - M.exp(-damping * dt * moment)
            wCoefDt = dt
        }
        targetWrn = 0.0
        // Relative angle a_a - a_b with a_a = 0; torque (relativeAngle - restAngle)·stiffness.
        let j = ((0.0 - b.angle) - 0.0) * stiffness * dt
        a.w -= j * AnchorBody.iInv
        b.w += j * b.iInv
    }

    /// The same iteration when the static body is inert: its spin stays +0, so
    /// `wrn = +0 - w_b` and only the tile's spin changes.
    @inline(__always) mutating func applyImpulse(inertAnchor b: inout RigidBody) {
        let wrn = 0.0 - b.w
        let wDamp = (targetWrn - wrn) * wCoef
        targetWrn = wrn + wDamp
        b.w -= wDamp * iSum * b.iInv
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
