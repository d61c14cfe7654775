import FlingCore

/// Chipmunk's `cpPivotJoint` in full (`cpPivotJoint.c`), from a point of an anchor body (the
/// static body, or a finger for grab friction: angle 0, infinite mass) to a point of the item,
/// with `maxBias`: the static pivots and the drags' friction pivots. (The drag's own pivot,
/// anchored at the finger's center with `maxBias` ∞, is ``PivotJoint``, whose lanes the common
/// case runs in; both follow the same C lines.)
struct PivotConstraint {
    var anchorAx: Double, anchorAy: Double
    var anchorBx: Double, anchorBy: Double
    var maxForce: Double, maxBias: Double, errorBias: Double
    var r1x = 0.0, r1y = 0.0, r2x = 0.0, r2y = 0.0
    var ka = 0.0, kb = 0.0, kc = 0.0, kd = 0.0
    var biasX = 0.0, biasY = 0.0
    var jAccX = 0.0, jAccY = 0.0
    /// `-(1 - errorBias^dt) / dt` for `biasDt` (0 before the first step): `pow` only when dt
    /// changes, with the same result.
    var biasCoef = 0.0, biasDt = 0.0

    init(anchorA: Vector, anchorB: Vector, maxForce: Double, maxBias: Double, errorBias: Double) {
        anchorAx = anchorA.x; anchorAy = anchorA.y
        anchorBx = anchorB.x; anchorBy = anchorB.y
        self.maxForce = maxForce
        self.maxBias = maxBias
        self.errorBias = errorBias
    }

    @inline(__always) mutating func preStep<M: ArithmeticFunctions>(
        _ a: AnchorBody, _ b: RigidBody, _ rotation: Rotation, _ dt: Double, _: M.Type
    ) {
        (r1x, r1y) = AnchorBody.rotate(anchorAx - 0.0, anchorAy - 0.0)
        (r2x, r2y) = rotation.rotate(anchorBx - 0.0, anchorBy - 0.0)
        (ka, kb, kc, kd) = inverseMassTensor(b, r1x, r1y, r2x, r2y)
        (biasX, biasY) = pivotBias(a, b, r1x, r1y, r2x, r2y, errorBias, dt, maxBias, &biasCoef, &biasDt, M.self)
    }

    @inline(__always) func applyCachedImpulse(_ a: inout AnchorBody, _ b: inout RigidBody, _ dtCoef: Double) {
        applyImpulses(&a, &b, r1x, r1y, r2x, r2y, jAccX * dtCoef, jAccY * dtCoef)
    }

    @inline(__always) mutating func applyImpulse(_ a: inout AnchorBody, _ b: inout RigidBody, _ dt: Double) {
        let (vrx, vry) = relativeVelocity(a, b, r1x, r1y, r2x, r2y)
        let ex = biasX - vrx, ey = biasY - vry
        let jx = ex * ka + ey * kb
        let jy = ex * kc + ey * kd
        let oldX = jAccX, oldY = jAccY
        (jAccX, jAccY) = clamp(jAccX + jx, jAccY + jy, maxForce * dt)
        applyImpulses(&a, &b, r1x, r1y, r2x, r2y, jAccX - oldX, jAccY - oldY)
    }
}
