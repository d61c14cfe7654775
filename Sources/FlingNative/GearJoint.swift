import FlingCore

/// Chipmunk's `cpGearJoint` between an anchor body (the static body, or a finger for rotary
/// grab friction: angle 0, infinite moment) and the item: keeps `angle·ratio − phase` at 0
/// within `maxBias` and `maxForce` (`cpGearJoint.c`).
struct GearJoint {
    var phase: Double, ratio: Double, ratioInv: Double
    var maxForce: Double, maxBias: Double, errorBias: Double
    var iSum = 0.0, bias = 0.0, jAcc = 0.0
    /// `1 - errorBias^dt` for `coefDt` (0 before the first step): `pow` only when dt changes.
    var coef = 0.0, coefDt = 0.0

    init(phase: Double, ratio: Double, maxForce: Double, maxBias: Double, errorBias: Double) {
        self.phase = phase
        self.ratio = ratio
        ratioInv = 1.0 / ratio
        self.maxForce = maxForce
        self.maxBias = maxBias
        self.errorBias = errorBias
    }

    /// The anchor body's angle: 0 for the static body and for a finger.
    static let anchorAngle = 0.0

    @inline(__always) mutating func preStep<M: ArithmeticFunctions>(_ a: AnchorBody, _ b: RigidBody, _ dt: Double, _: M.Type) {
        iSum = 1.0 / (AnchorBody.iInv * ratioInv + ratio * b.iInv)
        if coefDt != dt {
            coef = 1.0 - M.pow(errorBias, dt)
            coefDt = dt
        }
        bias = cpfclamp(-coef * (b.angle * ratio - Self.anchorAngle - phase) / dt, -maxBias, maxBias)
    }

    @inline(__always) func applyCachedImpulse(_ a: inout AnchorBody, _ b: inout RigidBody, _ dtCoef: Double) {
        let j = jAcc * dtCoef
        a.w = a.w - j * AnchorBody.iInv * ratioInv
        b.w = b.w + j * b.iInv
    }

    @inline(__always) mutating func applyImpulse(_ a: inout AnchorBody, _ b: inout RigidBody, _ dt: Double) {
        let wr = b.w * ratio - a.w
        let jMax = maxForce * dt
        var j = (bias - wr) * iSum
        let jOld = jAcc
        jAcc = cpfclamp(jOld + j, -jMax, jMax)
        j = jAcc - jOld
        a.w = a.w - j * AnchorBody.iInv * ratioInv
        b.w = b.w + j * b.iInv
    }
}
