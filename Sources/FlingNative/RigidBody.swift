import FlingCore

/// The hot state of a world's one dynamic body: what the step reads and writes every tick.
///
/// Field for field this is Chipmunk's `cpBody` as its step uses it, less what a step
/// recomputes before reading: the transform (`cos a`, `sin a`) is made after
/// ``integratePosition(_:)`` and handed to the joints' pre-steps as a ``Rotation``, and the
/// previous step's dt (`cpSpace.curr_dt`) is the backend's, shared by every world that has
/// stepped (each step steps every live world). 104 bytes.
struct RigidBody {
    var px: Double, py: Double
    var vx: Double, vy: Double
    var angle: Double, w: Double
    /// `1 / mass` and `1 / moment`, divided once as `cpBodySetMass`/`cpBodySetMoment` do.
    var mInv: Double, iInv: Double
    var gx: Double, gy: Double
    /// Velocity kept after one second (`cpSpace.damping`), and its power `damping^dt` for
    /// the dt it was last raised to: `pow` is costly, and dt is the same every step.
    var damping: Double = 1
    var dampingPow: Double = 0
    var dampingDt: Double = 0

    init(_ d: WorldDefinition) {
        // cpBodySetPosition maps the center of gravity (0, 0) through the angle-0 transform,
        // which gives (+0, +0), and adds the position: `0 + x` turns a -0 into +0, as there.
        px = 0.0 + d.transform.position.x
        py = 0.0 + d.transform.position.y
        vx = 0; vy = 0; w = 0
        angle = d.transform.angle
        mInv = 1.0 / d.mass
        // A body that cannot rotate has an infinite moment (Chipmunk: 1 / ∞ = +0).
        iInv = 1.0 / (d.allowsRotation ? d.moment : .infinity)
        gx = d.gravity.x; gy = d.gravity.y
    }

    /// `cpBodyUpdatePosition`: `p += (v + v_bias) dt`, `a += (w + w_bias) dt`. Nothing here
    /// applies bias impulses, so the biases are always +0; they are still added, because
    /// `v + 0` turns a -0 into +0 exactly as Chipmunk's does. The new transform's rotation
    /// (`cpBodySetTransform`'s `cos a`, `sin a`) is made by the step from ``angle``, for a block
    /// of worlds at once, and handed to this step's pre-steps as a ``Rotation``.
    @inline(__always) mutating func integratePosition(_ dt: Double) {
        px = px + (vx + 0.0) * dt
        py = py + (vy + 0.0) * dt
        angle = angle + (w + 0.0) * dt
    }

    /// `cpBodyUpdateVelocity` with zero force and torque:
    /// `v = v·damping + (g + f/m) dt`, `w = w·damping + τ/I · dt`.
    @inline(__always) mutating func integrateVelocity<M: ArithmeticFunctions>(_ dt: Double, _ math: M.Type) {
        let damping = dampingFactor(dt, math)
        vx = vx * damping + (gx + 0.0 * mInv) * dt
        vy = vy * damping + (gy + 0.0 * mInv) * dt
        w = w * damping + 0.0 * iInv * dt
    }

    /// `damping^dt` (`cpSpaceStep`'s `cpfpow(space->damping, dt)`), kept for the last dt.
    @inline(__always) mutating func dampingFactor<M: ArithmeticFunctions>(_ dt: Double, _: M.Type) -> Double {
        if dampingDt != dt {
            dampingPow = M.pow(damping, dt)
            dampingDt = dt
        }
        return dampingPow
    }

    var state: BodyState {
        BodyState(position: Vector(px, py), angle: angle, velocity: Vector(vx, vy), angularVelocity: w)
    }
}

/// A body's transform as Chipmunk keeps it, `(cos a, sin a)` (`cpTransform` also stores
/// `-sin a`): made by the position integration, read by the same step's pre-steps.
struct Rotation {
    var cos: Double, sin: Double

    /// `cpTransformVect(body->transform, v)`: the rotation `[c -s; s c]` applied to `v`,
    /// written as Chipmunk's `t.a*x + t.c*y` with `t.c = -sin a`.
    @inline(__always) func rotate(_ x: Double, _ y: Double) -> (Double, Double) {
        (cos * x + (-sin) * y, sin * x + cos * y)
    }
}

/// The other end of a world's joints: the kinematic finger body while dragged, the space's
/// static body while attracted. Both have infinite mass (`m_inv = i_inv = 0`) and angle 0.
///
/// Impulses are still applied to it, as Chipmunk does: multiplying by a zero inverse mass
/// adds a signed zero, which can flip a -0 velocity to +0, and parity is bit for bit.
struct AnchorBody {
    var px: Double = 0, py: Double = 0
    var vx: Double = 0, vy: Double = 0
    var w: Double = 0
    static let mInv: Double = 0
    static let iInv: Double = 0
    /// The static body's position, (+0, +0) for ever.
    static let staticPosition: Double = 0
    /// Angle 0: Chipmunk's transform holds `cos 0 = 1`, `sin 0 = 0`.
    static let cosA: Double = 1
    static let sinA: Double = 0

    @inline(__always) static func rotate(_ x: Double, _ y: Double) -> (Double, Double) {
        (cosA * x + (-sinA) * y, sinA * x + cosA * y)
    }

    /// Whether impulses cannot change this body's bits: no velocity component is -0 and the
    /// spin is +0. Then `v + (±0)` and `w + (±0)` (what a zero inverse mass adds) leave every
    /// field as it is, `perp(r)·w` adds nothing to `v`, and the solver may skip this body.
    @inline(__always) var isInert: Bool {
        vx.bitPattern != (-0.0 as Double).bitPattern && vy.bitPattern != (-0.0 as Double).bitPattern
            && w.bitPattern == 0
    }

    /// Inert and still: velocity (+0, +0), as the space's static body always is.
    @inline(__always) var isAtRest: Bool {
        vx.bitPattern == 0 && vy.bitPattern == 0 && w.bitPattern == 0
    }

    /// `cpBodySetPosition` on an angle-0 body: `(+0, +0) + p`.
    @inline(__always) mutating func place(at p: Vector) {
        px = 0.0 + p.x
        py = 0.0 + p.y
    }
}

/// `apply_impulses(a, b, r1, r2, j)` from Chipmunk's `chipmunk_private.h`:
/// `a` receives `-j` at `r1`, `b` receives `j` at `r2`;
/// `v += j · m_inv`, `w += i_inv · (r × j)`.
@inline(__always)
func applyImpulses(
    _ a: inout AnchorBody, _ b: inout RigidBody,
    _ r1x: Double, _ r1y: Double, _ r2x: Double, _ r2y: Double, _ jx: Double, _ jy: Double
) {
    let nx = -jx, ny = -jy
    a.vx = a.vx + nx * AnchorBody.mInv
    a.vy = a.vy + ny * AnchorBody.mInv
    a.w += AnchorBody.iInv * (r1x * ny - r1y * nx)
    b.vx = b.vx + jx * b.mInv
    b.vy = b.vy + jy * b.mInv
    b.w += b.iInv * (r2x * jy - r2y * jx)
}

/// `relative_velocity(a, b, r1, r2)`: `(v_b + perp(r2)·w_b) - (v_a + perp(r1)·w_a)`,
/// with `perp(x, y) = (-y, x)`.
@inline(__always)
func relativeVelocity(
    _ a: AnchorBody, _ b: RigidBody, _ r1x: Double, _ r1y: Double, _ r2x: Double, _ r2y: Double
) -> (Double, Double) {
    let v1x = a.vx + (-r1y) * a.w, v1y = a.vy + r1x * a.w
    let v2x = b.vx + (-r2y) * b.w, v2y = b.vy + r2x * b.w
    return (v2x - v1x, v2y - v1y)
}
