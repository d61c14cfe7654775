import FlingCore

/// One contact point of an arbiter (`struct cpContact`).
struct ContactPoint {
    var r1x: Double, r1y: Double, r2x: Double, r2y: Double
    var nMass = 0.0, tMass = 0.0
    var bias = 0.0, jBias = 0.0, bounce = 0.0
    var jnAcc = 0.0, jtAcc = 0.0
    /// The feature pair Chipmunk hashes the contact by (wall end << 8 | box corner).
    var feature: UInt16
}

/// What Chipmunk keeps of a wall's arbiter from one step to the next, 40 bytes: its state,
/// the step it last collided in (`arb->stamp`, modulo 256: an arbiter goes 3 steps after its
/// last contact, and every live world steps in every step, so the difference of two stamps is
/// exact), and per contact the feature pair and the accumulated impulses. What its solver
/// computes afresh each step is an ``Arbiter``, made from this record for the steps the wall
/// touches the box and written back after them.
struct ArbiterRecord {
    enum State: UInt8 {
        /// No arbiter (the wall and the box have not touched for persistence steps).
        case none
        case firstCollision, normal, cached
    }
    var jn0 = 0.0, jt0 = 0.0, jn1 = 0.0, jt1 = 0.0
    var feature0: UInt16 = 0, feature1: UInt16 = 0
    var stamp: UInt8 = 0
    var state = State.none
    var count: UInt8 = 0
}

/// Chipmunk's `cpArbiter` for a wall and the item's box (`cpArbiter.c`) during a step: the
/// contacts it carries, its state, and the contact solver: pre-step, cached impulse (warm
/// start) and the impulse of one iteration, with the wall's static body as body A.
struct Arbiter {
    typealias State = ArbiterRecord.State
    var state = State.firstCollision
    /// The wall's index in the world's list.
    var wall = 0
    var count = 0
    var c0 = ContactPoint(r1x: 0, r1y: 0, r2x: 0, r2y: 0, feature: 0)
    var c1 = ContactPoint(r1x: 0, r1y: 0, r2x: 0, r2y: 0, feature: 0)
    var nx = 0.0, ny = 0.0
    var e = 0.0, u = 0.0

    init() {}

    /// The arbiter the record keeps (a new one, in its first collision, for a record with none).
    @inline(__always) init(_ r: ArbiterRecord, wall: Int) {
        self.wall = wall
        guard r.state != .none else { return }
        state = r.state
        count = Int(r.count)
        c0.feature = r.feature0
        c0.jnAcc = r.jn0
        c0.jtAcc = r.jt0
        c1.feature = r.feature1
        c1.jnAcc = r.jn1
        c1.jtAcc = r.jt1
    }

    /// What the record keeps of it after the step's collision, `stamp` its step.
    @inline(__always) func record(stamp: UInt8) -> ArbiterRecord {
        ArbiterRecord(
            jn0: c0.jnAcc, jt0: c0.jtAcc, jn1: c1.jnAcc, jt1: c1.jtAcc, feature0: c0.feature, feature1: c1.feature, stamp: stamp,
            state: state, count: UInt8(count))
    }

    /// `cpArbiterUpdate`: new contacts relative to the bodies, each taking the accumulated
    /// impulses of the old contact with its feature pair; the combined restitution and friction
    /// (`a.e·b.e`, `a.u·b.u`, the wall first). The surface velocity is (+0, +0), added in
    /// ``applyImpulse(_:_:)``.
    @inline(__always) mutating func update(_ info: CollisionInfo, _ body: RigidBody, _ wall: SegmentShape, _ box: BoxShape) {
        let old0 = c0, old1 = c1, oldCount = count
        @inline(__always) func fresh(_ c: CollisionContact) -> ContactPoint {
            var k = ContactPoint(
                r1x: c.p1.x - AnchorBody.staticPosition, r1y: c.p1.y - AnchorBody.staticPosition,
                r2x: c.p2.x - body.px, r2y: c.p2.y - body.py, feature: c.feature)
            if oldCount > 0 && old0.feature == k.feature { k.jnAcc = old0.jnAcc; k.jtAcc = old0.jtAcc }
            if oldCount > 1 && old1.feature == k.feature { k.jnAcc = old1.jnAcc; k.jtAcc = old1.jtAcc }
            return k
        }
        if info.count > 0 { c0 = fresh(info.c0) }
        if info.count > 1 { c1 = fresh(info.c1) }
        count = info.count
        nx = info.n.x; ny = info.n.y
        e = wall.elasticity * box.elasticity
        u = wall.friction * box.friction
        if state == .cached { state = .firstCollision }
    }

    /// `k_scalar` for the static body and the item along `(nx, ny)`.
    @inline(__always) static func kScalar(
        _ b: RigidBody, _ r1x: Double, _ r1y: Double, _ r2x: Double, _ r2y: Double, _ nx: Double, _ ny: Double
    ) -> Double {
        let rcn1 = r1x * ny - r1y * nx
        let rcn2 = r2x * ny - r2y * nx
        return (AnchorBody.mInv + AnchorBody.iInv * rcn1 * rcn1) + (b.mInv + b.iInv * rcn2 * rcn2)
    }

    /// `cpArbiterPreStep(arb, dt, slop, biasCoef)`.
    @inline(__always) mutating func preStep(_ a: AnchorBody, _ b: RigidBody, _ dt: Double, _ slop: Double, _ biasCoef: Double) {
        let deltaX = b.px - a.px, deltaY = b.py - a.py
        @inline(__always) func prepare(_ c: inout ContactPoint) {
            c.nMass = 1.0 / Self.kScalar(b, c.r1x, c.r1y, c.r2x, c.r2y, nx, ny)
            c.tMass = 1.0 / Self.kScalar(b, c.r1x, c.r1y, c.r2x, c.r2y, -ny, nx)
            let dist = ((c.r2x - c.r1x) + deltaX) * nx + ((c.r2y - c.r1y) + deltaY) * ny
            c.bias = -biasCoef * cpfmin(0.0, dist + slop) / dt
            c.jBias = 0.0
            let (vrx, vry) = relativeVelocity(a, b, c.r1x, c.r1y, c.r2x, c.r2y)
            c.bounce = (vrx * nx + vry * ny) * e
        }
        if count > 0 { prepare(&c0) }
        if count > 1 { prepare(&c1) }
    }

    /// `cpArbiterApplyCachedImpulse`: nothing on a first collision.
    @inline(__always) mutating func applyCachedImpulse(_ a: inout AnchorBody, _ b: inout RigidBody, _ dtCoef: Double) {
        guard state != .firstCollision else { return }
        @inline(__always) func apply(_ c: ContactPoint) {
            // j = cpvrotate(n, (jn, jt)), scaled by dt_coef.
            let jx = nx * c.jnAcc - ny * c.jtAcc, jy = nx * c.jtAcc + ny * c.jnAcc
            applyImpulses(&a, &b, c.r1x, c.r1y, c.r2x, c.r2y, jx * dtCoef, jy * dtCoef)
        }
        if count > 0 { apply(c0) }
        if count > 1 { apply(c1) }
    }

    /// `cpArbiterApplyImpulse`: per contact, the bias impulse into `v_bias`/`w_bias`, then the
    /// normal impulse and the friction impulse within `u·jn`.
    @inline(__always) mutating func applyImpulse(_ a: inout AnchorBody, _ b: inout RigidBody, _ bias: inout BiasVelocity) {
        let nx = self.nx, ny = self.ny, friction = u
        @inline(__always) func solve(_ c: inout ContactPoint) {
            let r1x = c.r1x, r1y = c.r1y, r2x = c.r2x, r2y = c.r2y
            // The static body's biases are +0 for ever.
            let vb1x = 0.0 + (-r1y) * 0.0, vb1y = 0.0 + r1x * 0.0
            let vb2x = bias.vx + (-r2y) * bias.w, vb2y = bias.vy + r2x * bias.w
            let (rvx, rvy) = relativeVelocity(a, b, r1x, r1y, r2x, r2y)
            let vrx = rvx + 0.0, vry = rvy + 0.0
            let vbn = (vb2x - vb1x) * nx + (vb2y - vb1y) * ny
            let vrn = vrx * nx + vry * ny
            let vrt = vrx * -ny + vry * nx

            let jbn = (c.bias - vbn) * c.nMass
            let jbnOld = c.jBias
            c.jBias = cpfmax(jbnOld + jbn, 0.0)

            let jn = -(c.bounce + vrn) * c.nMass
            let jnOld = c.jnAcc
            c.jnAcc = cpfmax(jnOld + jn, 0.0)

            let jtMax = friction * c.jnAcc
            let jt = -vrt * c.tMass
            let jtOld = c.jtAcc
            c.jtAcc = cpfclamp(jtOld + jt, -jtMax, jtMax)

            // apply_bias_impulses(a, b, r1, r2, n·(jBias − jbnOld)): a's stay +0.
            let dj = c.jBias - jbnOld
            let bjx = nx * dj, bjy = ny * dj
            bias.vx = bias.vx + bjx * b.mInv
            bias.vy = bias.vy + bjy * b.mInv
            bias.w += b.iInv * (r2x * bjy - r2y * bjx)

            let djn = c.jnAcc - jnOld, djt = c.jtAcc - jtOld
            applyImpulses(&a, &b, r1x, r1y, r2x, r2y, nx * djn - ny * djt, nx * djt + ny * djn)
        }
        if count > 0 { solve(&c0) }
        if count > 1 { solve(&c1) }
    }
}

/// A body's bias velocity (`v_bias`, `w_bias`): what the contacts' position correction adds
/// to the next position update only.
struct BiasVelocity {
    var vx = 0.0, vy = 0.0, w = 0.0
}
