import FlingCore

/// What a world's velocity update adds to Chipmunk's: continuous pushes, fields and resistance.
/// Both backends run this same code in the item's velocity update (Chipmunk through the body's
/// velocity function, the native solver in its step), on the same inputs, so both give the same
/// bits; fields use Fling's portable functions only.
///
/// The update, Chipmunk's `cpBodyUpdateVelocity` with the forces and the resistance factors
/// `1/(1 + r·dt)` (Box2D's damping) applied last:
///
///     v ← (v·damping + (g + F/m)·dt) · 1/(1 + r·dt)
///     ω ← (ω·damping + τ/I·dt) · 1/(1 + r_ω·dt)
///
/// `F` sums the fields (in list order), then the pushes (in the order added); `τ` the pushes'
/// torques `(R·offset) × force`. With no pushes, fields or resistance this is exactly
/// `cpBodyUpdateVelocity`'s arithmetic (the forces are +0 and the factors exactly 1).
package struct Motion: Sendable {
    package var properties = ItemProperties()
    /// The item's mass, for the fields that act in proportion to it: `1 / (1/m)` in both
    /// backends (the inverse is what each keeps).
    var mass: Double
    package private(set) var fields: [PreparedField] = []
    /// The continuous pushes in the order added, and their ids.
    private(set) var pushes: [Push] = []
    private(set) var forceIDs: [ForceID] = []
    package var forces: [(id: ForceID, push: Push)] { Array(zip(forceIDs, pushes)) }
    private var nextForce: UInt32 = 0
    /// The field clock: seconds of velocity updates so far (the noise's time).
    package var time: Double = 0

    package init(mass: Double) { self.mass = mass }

    package mutating func setFields(_ fields: [Field]) {
        self.fields = fields.map(PreparedField.init)
    }

    package mutating func addForce(_ push: Push) -> ForceID {
        let id = ForceID(nextForce)
        nextForce &+= 1
        forceIDs.append(id)
        pushes.append(push)
        return id
    }

    /// The id the next push gets.
    package var nextForceID: UInt32 { nextForce }

    /// The pushes and the next id as a snapshot holds them (WorldSnapshot).
    package mutating func restoreForces(_ forces: [(id: ForceID, push: Push)], next: UInt32) {
        forceIDs = forces.map(\.id)
        pushes = forces.map(\.push)
        nextForce = next
    }

    /// Removes a push; false if there is none with this id.
    package mutating func removeForce(_ id: ForceID) -> Bool {
        guard let k = forceIDs.firstIndex(of: id) else { return false }
        forceIDs.remove(at: k)
        pushes.remove(at: k)
        return true
    }

    /// One velocity update of a body at `(px, py)` turned by `(cos, sin)`.
    @inline(__always)
    package mutating func updateVelocity(
        vx: inout Double, vy: inout Double, w: inout Double, px: Double, py: Double, cos: Double, sin: Double,
        massInverse: Double, momentInverse: Double, gx: Double, gy: Double, damping: Double, dt: Double
    ) {
        fields.withUnsafeBufferPointer { fields in
            pushes.withUnsafeBufferPointer { pushes in
                Self.updateVelocity(
                    fields: fields, pushes: pushes, properties: properties, mass: mass, time: &time, vx: &vx, vy: &vy, w: &w,
                    px: px, py: py, cos: cos, sin: sin, massInverse: massInverse, momentInverse: momentInverse, gx: gx, gy: gy,
                    damping: damping, dt: dt)
            }
        }
    }

    /// The velocity update itself, on the fields and pushes wherever they are kept (the native
    /// backend keeps them in flat buffers): both backends run this code. `noise`, if given,
    /// memoizes the noise fields' lattice cells (the same bits with it or without).
    package static func updateVelocity(
        fields: UnsafeBufferPointer<PreparedField>, pushes: UnsafeBufferPointer<Push>, properties: ItemProperties, mass: Double,
        time: inout Double,
        vx: inout Double, vy: inout Double, w: inout Double, px: Double, py: Double, cos: Double, sin: Double,
        massInverse: Double, momentInverse: Double, gx: Double, gy: Double, damping: Double, dt: Double, noise: NoiseCache? = nil
    ) {
        var fx = 0.0, fy = 0.0, torque = 0.0
        for f in fields {
            let (x, y) = f.force(px: px, py: py, vx: vx, vy: vy, mass: mass, charge: properties.charge, time: time, noise: noise)
            fx = fx + x
            fy = fy + y
        }
        for push in pushes {
            let jx = push.vector.x, jy = push.vector.y
            fx = fx + jx
            fy = fy + jy
            let rx = cos * push.offset.x + (-sin) * push.offset.y
            let ry = sin * push.offset.x + cos * push.offset.y
            torque = torque + (rx * jy - ry * jx)
        }
        time = time + dt
        vx = vx * damping + (gx + fx * massInverse) * dt
        vy = vy * damping + (gy + fy * massInverse) * dt
        w = w * damping + torque * momentInverse * dt
        // Without resistance the factor is exactly 1, and a product by 1 changes no bit: the
        // division is made only for a resistance.
        if properties.resistance != 0 {
            let linear = 1.0 / (1.0 + dt * properties.resistance)
            vx = vx * linear
            vy = vy * linear
        }
        if properties.angularResistance != 0 { w = w * (1.0 / (1.0 + dt * properties.angularResistance)) }
    }

    /// An instantaneous push: `cpBodyApplyImpulseAtWorldPoint` at the offset turned by the
    /// body's rotation, `v += j·m⁻¹`, `ω += I⁻¹ (r × j)`. Returns the new velocity and spin.
    package static func impulse(
        _ push: Push, vx: Double, vy: Double, w: Double, cos: Double, sin: Double, massInverse: Double, momentInverse: Double
    ) -> (vx: Double, vy: Double, w: Double) {
        let jx = push.vector.x, jy = push.vector.y
        let rx = cos * push.offset.x + (-sin) * push.offset.y
        let ry = sin * push.offset.x + cos * push.offset.y
        return (vx + jx * massInverse, vy + jy * massInverse, w + momentInverse * (rx * jy - ry * jx))
    }
}

/// A field with the constants its force needs computed once.
package struct PreparedField: Sendable {
    package let field: Field
    /// Noise and turbulence: 1 / the lattice cell size, `1 / (16·64^smoothness)`.
    let cellInverse: Double
    /// Noise and turbulence: lattice steps per second.
    let rate: Double

    package init(_ field: Field) {
        self.field = field
        switch field.kind {
        case .noise(let smoothness, let speed), .turbulence(let smoothness, let speed):
            cellInverse = 1 / (16 * Portable.pow(64, smoothness))
            rate = speed
        default:
            cellInverse = 0
            rate = 0
        }
    }

    /// ±10¹²: offsets and velocities enter the forces clamped, so every force is finite.
    static let reach = 1e12
    @inline(__always) static func clamp(_ x: Double) -> Double { x > reach ? reach : (x < -reach ? -reach : x) }

    /// The field's force on an item at `(px, py)` moving at `(vx, vy)`, 0 outside its region;
    /// a noise's cells memoized in `noise` if given.
    func force(
        px: Double, py: Double, vx: Double, vy: Double, mass: Double, charge: Double, time: Double, noise cache: NoiseCache? = nil
    ) -> (Double, Double) {
        let f = field
        let dx = Self.clamp(px - f.position.x), dy = Self.clamp(py - f.position.y)
        let inside: Bool
        switch f.region {
        case .everywhere: inside = true
        case .rectangle(let w, let h): inside = dx.magnitude <= w * 0.5 && dy.magnitude <= h * 0.5
        case .circle(let r): inside = dx * dx + dy * dy <= r * r
        }
        guard inside != f.inverted else { return (0, 0) }
        // |d|, where a kind or the falloff needs it.
        @inline(__always) func radius() -> Double { (dx * dx + dy * dy).squareRoot() }
        var phi = 1.0
        if f.falloff != 0 {
            let r = radius()
            let clamped = r > f.minimumRadius ? r : f.minimumRadius
            phi = 1 / Portable.pow(clamped > 1e-3 ? clamped : 1e-3, f.falloff)
        }
        let s = f.strength
        let ux = Self.clamp(vx), uy = Self.clamp(vy)
        switch f.kind {
        case .linearGravity(let g):
            let k = mass * s * phi
            return (g.x * k, g.y * k)
        case .radialGravity:
            let r = radius()
            guard r > 0 else { return (0, 0) }
            let k = -(mass * s * phi) / r
            return (dx * k, dy * k)
        case .spring:
            let k = -s * phi
            return (dx * k, dy * k)
        case .drag:
            let k = -s * phi
            return (ux * k, uy * k)
        case .velocity(let target):
            let k = mass * s * phi
            return ((target.x - ux) * k, (target.y - uy) * k)
        case .vortex:
            let k = mass * s * phi
            return (dy * k, -dx * k)
        case .noise:
            let k = s * phi
            let (nx, ny) = noise(dx, dy, time, cache)
            return (nx * k, ny * k)
        case .turbulence:
            let k = s * (ux * ux + uy * uy).squareRoot() * phi
            let (nx, ny) = noise(dx, dy, time, cache)
            return (nx * k, ny * k)
        case .electric:
            let r = radius()
            guard r > 0 else { return (0, 0) }
            let k = charge * s * phi / r
            return (dx * k, dy * k)
        case .magnetic:
            let k = charge * s * phi
            return (uy * k, -ux * k)
        }
    }

    /// Two independent channels of the seeded noise at the offset and time.
    @inline(__always) func noise(_ dx: Double, _ dy: Double, _ time: Double, _ cache: NoiseCache?) -> (Double, Double) {
        let x = dx * cellInverse, y = dy * cellInverse, z = time * rate
        let seed1 = field.seed ^ 0x5DEE_CE66_D1CE_4E5B
        guard let cache else { return ValueNoise.values(field.seed, seed1, x, y, z) }
        return ValueNoise.values(field.seed, seed1, x, y, z, cache: cache)
    }
}
