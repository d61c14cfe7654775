import FlingCore

/// The drag joint: Chipmunk's `cpPivotJoint` from the finger body's center (anchor A = 0)
/// to the grabbed point of the tile (anchor B, tile coordinates). 128 bytes; it shares a
/// world's ``JointRecord`` with nothing else (a world holds a pivot joint or springs).
///
/// `r1`, the finger-side anchor in world orientation, is not stored: it is always the finger
/// body's rotation (angle 0) of (+0, +0), which is (+0, +0); ``r1`` recomputes it with
/// Chipmunk's operations.
struct PivotJoint {
    var anchorBx: Double, anchorBy: Double
    var maxForce: Double, errorBias: Double
    var r2x: Double = 0, r2y: Double = 0
    /// The inverted 2×2 effective mass `K⁻¹ = [ka kb; kc kd]`.
    var ka: Double = 0, kb: Double = 0, kc: Double = 0, kd: Double = 0
    var biasX: Double = 0, biasY: Double = 0
    /// Accumulated impulse, warm-started each step scaled by `dt / prev_dt`.
    var jAccX: Double = 0, jAccY: Double = 0
    /// `-(1 - errorBias^dt) / dt` for `biasDt`: Chipmunk computes it every step; it only
    /// changes with dt, and `pow` is the costliest call of the step.
    var biasCoef: Double = 0, biasDt: Double = 0

    init(_ j: DragJoint) {
        anchorBx = j.localAnchor.x; anchorBy = j.localAnchor.y
        maxForce = j.maxForce; errorBias = j.errorBias
    }

    /// `r1 = cpTransformVect(finger.transform, anchorA - cog)` with anchor A and the center of
    /// gravity at (0, 0): `1·(+0) + (-0)·(+0) = +0`, `0·(+0) + 1·(+0) = +0`.
    @inline(__always) var r1: (Double, Double) { AnchorBody.rotate(0.0 - 0.0, 0.0 - 0.0) }

    /// `preStep`: anchors in world orientation (`rotation` is the tile's this step), effective
    /// mass, and the bias velocity `clamp(delta · -(1 - errorBias^dt) / dt, maxBias = ∞)`.
    @inline(__always) mutating func preStep<M: ArithmeticFunctions>(
        _ a: AnchorBody, _ b: RigidBody, _ rotation: Rotation, _ dt: Double, _: M.Type
    ) {
        let (r1x, r1y) = r1
        (r2x, r2y) = rotation.rotate(anchorBx - 0.0, anchorBy - 0.0)

        (ka, kb, kc, kd) = inverseMassTensor(b, r1x, r1y, r2x, r2y)
        (biasX, biasY) = pivotBias(a, b, r1x, r1y, r2x, r2y, errorBias, dt, .infinity, &biasCoef, &biasDt, M.self)
    }

    @inline(__always) func applyCachedImpulse(_ a: inout AnchorBody, _ b: inout RigidBody, _ dtCoef: Double) {
        let (r1x, r1y) = r1
        applyImpulses(&a, &b, r1x, r1y, r2x, r2y, jAccX * dtCoef, jAccY * dtCoef)
    }

    /// One solver iteration: `j = K⁻¹ (bias - v_rel)`, accumulated impulse clamped to
    /// `maxForce · dt`, the change applied.
    @inline(__always) mutating func applyImpulse(_ a: inout AnchorBody, _ b: inout RigidBody, _ dt: Double) {
        let (r1x, r1y) = r1
        let (vrx, vry) = relativeVelocity(a, b, r1x, r1y, r2x, r2y)
        let (jx, jy) = solve(vrx, vry, dt)
        applyImpulses(&a, &b, r1x, r1y, r2x, r2y, jx, jy)
    }

    /// The impulse of one iteration for relative velocity `v_rel`, with the accumulated
    /// impulse updated.
    @inline(__always) mutating func solve(_ vrx: Double, _ vry: Double, _ dt: Double) -> (Double, Double) {
        let ex = biasX - vrx, ey = biasY - vry
        let jx = ex * ka + ey * kb
        let jy = ex * kc + ey * kd
        let oldX = jAccX, oldY = jAccY
        (jAccX, jAccY) = clamp(jAccX + jx, jAccY + jy, maxForce * dt)
        return (jAccX - oldX, jAccY - oldY)
    }
}

/// A pivot's effective mass, inverted: Chipmunk's `k_tensor(a, b, r1, r2)`
/// (`chipmunk_private.h`) with `a` an anchor body (infinite mass and moment: the finger or
/// the static body) and `b` the item, `K = (m_a⁻¹ + m_b⁻¹) I + each body's
/// i⁻¹ [ry² -rx·ry; -rx·ry rx²]`, then `K⁻¹ = [ka kb; kc kd]` by its determinant, each
/// operation Chipmunk's in its order. Every pivot (``PivotJoint``, ``PivotConstraint``) takes
/// it from here.
@inline(__always)
func inverseMassTensor(
    _ b: RigidBody, _ r1x: Double, _ r1y: Double, _ r2x: Double, _ r2y: Double
) -> (ka: Double, kb: Double, kc: Double, kd: Double) {
    let mSum = AnchorBody.mInv + b.mInv
    var k11 = mSum, k12 = 0.0
    var k21 = 0.0, k22 = mSum
    let aI = AnchorBody.iInv
    let r1xsq = r1x * r1x * aI, r1ysq = r1y * r1y * aI, r1nxy = -r1x * r1y * aI
    k11 += r1ysq; k12 += r1nxy
    k21 += r1nxy; k22 += r1xsq
    let bI = b.iInv
    let r2xsq = r2x * r2x * bI, r2ysq = r2y * r2y * bI, r2nxy = -r2x * r2y * bI
    k11 += r2ysq; k12 += r2nxy
    k21 += r2nxy; k22 += r2xsq
    let det = k11 * k22 - k12 * k21
    let detInv = 1.0 / det
    return (k22 * detInv, -k12 * detInv, -k21 * detInv, k11 * detInv)
}

/// A pivot's bias velocity, `clamp(delta · −(1 − errorBias^dt)/dt, maxBias)`, with the
/// coefficient kept for the `dt` it was made for (`coef`, `coefDt`). Every pivot takes it from here.
@inline(__always)
func pivotBias<M: ArithmeticFunctions>(
    _ a: AnchorBody, _ b: RigidBody, _ r1x: Double, _ r1y: Double, _ r2x: Double, _ r2y: Double, _ errorBias: Double,
    _ dt: Double, _ maxBias: Double, _ coef: inout Double, _ coefDt: inout Double, _: M.Type
) -> (Double, Double) {
    let dx = (b.px + r2x) - (a.px + r1x)
    let dy = (b.py + r2y) - (a.py + r1y)
    if coefDt != dt {
        coef = -(1.0 - M.pow(errorBias, dt)) / dt
        coefDt = dt
    }
    return clamp(dx * coef, dy * coef, maxBias)
}

/// `cpvclamp(v, len)`: `v` rescaled to length `len` when `v·v > len²`, where normalizing
/// multiplies by `1 / (|v| + DBL_MIN)`.
@inline(__always) func clamp(_ x: Double, _ y: Double, _ len: Double) -> (Double, Double) {
    let dot = x * x + y * y
    guard dot > len * len else { return (x, y) }
    let inv = 1.0 / (dot.squareRoot() + Double.leastNormalMagnitude)
    return ((x * inv) * len, (y * inv) * len)
}
