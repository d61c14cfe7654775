import FlingCore

/// The attraction spring: Chipmunk's `cpDampedSpring`, rest length 0, from the static body's
/// anchor at the tile's origin (anchor A) to the tile's center (anchor B = 0).
///
/// Its spring impulse is explicit, applied once in the pre-step (so before gravity); its
/// damping is implicit, `v_coef = 1 - exp(-c·dt·k)`, spread over the iterations.
///
/// `r1`, the static-side anchor in world orientation, is not stored: ``r1`` recomputes it
/// from the origin with Chipmunk's operations (the static body's angle is 0 forever).
struct DampedSpring {
    var originX: Double, originY: Double
    var stiffness: Double, damping: Double
    var r2x: Double = 0, r2y: Double = 0
    var nx: Double = 0, ny: Double = 0
    var nMass: Double = 0, targetVrn: Double = 0
    /// `1 - exp(-damping·dt·k)`. `exp` is costly and k is the tile's `1/m` (the effective mass
    /// of a body on a static anchor along n), so it is kept for `k = 1/m` and the dt of the
    /// owning ``AttractionSprings``; any other k gets its own `exp`, and the cache is dropped.
    var vCoef: Double = 0

    init(_ a: Attraction) {
        originX = a.origin.x; originY = a.origin.y
        stiffness = a.stiffness; damping = a.damping
    }

    /// `r1 = cpTransformVect(static.transform, anchorA - cog)`, the static body at angle 0.
    @inline(__always) var r1: (Double, Double) { AnchorBody.rotate(originX - 0.0, originY - 0.0) }

    /// The pre-step. `fresh`: whether `vCoef` holds `k = 1/m` at this dt. Returns whether it
    /// does afterwards.
    @inline(__always) mutating func preStep<M: ArithmeticFunctions>(
        _ a: inout AnchorBody, _ b: inout RigidBody, _ rotation: Rotation, _ dt: Double, fresh: Bool, _: M.Type
    ) -> Bool {
        let (r1x, r1y) = r1
        (r2x, r2y) = rotation.rotate(0.0 - 0.0, 0.0 - 0.0)
        let dx = (b.px + r2x) - (a.px + r1x)
        let dy = (b.py + r2y) - (a.py + r1y)
        let dist = (dx * dx + dy * dy).squareRoot()
        // n = delta / dist, or 0 when the ends meet (Chipmunk divides by ∞ then).
        let inv = 1.0 / (dist != 0 ? dist : .infinity)
        nx = dx * inv; ny = dy * inv

        // k_scalar: m_a⁻¹ + i_a⁻¹ (r1 × n)² + m_b⁻¹ + i_b⁻¹ (r2 × n)².
        let rcn1 = r1x * ny - r1y * nx
        let rcn2 = r2x * ny - r2y * nx
        let k = (AnchorBody.mInv + AnchorBody.iInv * rcn1 * rcn1) + (b.mInv + b.iInv * rcn2 * rcn2)
        nMass = 1.0 / k
        targetVrn = 0.0
        // k == 1/m (both positive) means the same bits: the kept value is the one exp gives.
        let keeps = k == b.mInv
        if !(fresh && keeps) { vCoef = 1.0 - M.exp(-damping * dt * k) }

        // Spring force (restLength - dist)·stiffness, as an impulse over dt.
        let jSpring = (0.0 - dist) * stiffness * dt
        applyImpulses(&a, &b, r1x, r1y, r2x, r2y, nx * jSpring, ny * jSpring)
        return keeps
    }

    @inline(__always) mutating func applyImpulse(_ a: inout AnchorBody, _ b: inout RigidBody) {
        let (r1x, r1y) = r1
        let (vrx, vry) = relativeVelocity(a, b, r1x, r1y, r2x, r2y)
        let jDamp = damp(vrx * nx + vry * ny)
        applyImpulses(&a, &b, r1x, r1y, r2x, r2y, nx * jDamp, ny * jDamp)
    }

    /// Velocity loss from drag along n: `v_damp = (target - vrn)·v_coef`, returned as an impulse.
    @inline(__always) mutating func damp(_ vrn: Double) -> Double {
        let vDamp = (targetVrn - vrn) * vCoef
        targetVrn = vrn + vDamp
        return vDamp * nMass
    }
}
