import FlingCore

/// A spring's motion in closed form, for animations that need no physics world: where a
/// value on the spring is, and how fast it moves, at any time, from a displacement and an
/// initial velocity. Portable arithmetic: the same bits everywhere.
///
/// The value `x(t)` is the displacement from the target (the animated value is
/// `target + x(t)`), obeying `x'' + 2ζω x' + ω² x = 0` with `x(0) = x₀`, `x'(0) = v₀`:
/// - under-damped (`ζ < 1`), `ω_d = ω√(1 − ζ²)`:
///   `x = e^(−ζωt) (x₀ cos ω_d t + (v₀ + ζω x₀)/ω_d · sin ω_d t)`;
/// - critically damped (`ζ = 1`): `x = e^(−ωt) (x₀ + (v₀ + ω x₀) t)`;
/// - over-damped (`ζ > 1`), `r₁,₂ = −ω(ζ ∓ √(ζ² − 1))`: `x = c₁ e^(r₁t) + c₂ e^(r₂t)`,
///   `c₁ = (v₀ − r₂ x₀)/(r₁ − r₂)`, `c₂ = x₀ − c₁`.
public struct SpringCurve: Hashable, Sendable {
    var spring: SpringTuning
    /// Initial displacement from the target (`from − to`), in the value's units.
    var displacement: Double
    /// Initial velocity, in the value's units per second.
    var velocity: Double

    package init(spring: SpringTuning, displacement: Double, velocity: Double = 0) {
        self.spring = spring
        self.displacement = displacement
        self.velocity = velocity
    }

    /// A curve from `from` to `to` (its ``value(at:target:)`` adds `to` back).
    public init(spring: SpringTuning, from: Double, to: Double, velocity: Double = 0) {
        self.init(spring: spring, displacement: from - to, velocity: velocity)
    }

    /// `(x(t), x'(t))`: the displacement from the target and the velocity, `t` seconds in.
    func state(at t: Double) -> (displacement: Double, velocity: Double) {
        let omega = spring.angularFrequency, zeta = spring.dampingRatio
        let x0 = displacement, v0 = velocity
        if zeta < 1 {
            let wd = omega * (1 - zeta * zeta).squareRoot()
            let decay = Portable.exp(-zeta * omega * t)
            let (s, c) = Portable.sincos(wd * t)
            let b = (v0 + zeta * omega * x0) / wd
            let x = decay * (x0 * c + b * s)
            // x' = −ζω x + e^(−ζωt) (−x₀ ω_d sin + b ω_d cos)
            let v = -zeta * omega * x + decay * wd * (b * c - x0 * s)
            return (x, v)
        }
        if zeta == 1 {
            let decay = Portable.exp(-omega * t)
            let b = v0 + omega * x0
            return (decay * (x0 + b * t), decay * (b - omega * (x0 + b * t)))
        }
        let root = (zeta * zeta - 1).squareRoot()
        let r1 = -omega * (zeta - root), r2 = -omega * (zeta + root)
        let c1 = (v0 - r2 * x0) / (r1 - r2), c2 = x0 - c1
        let e1 = Portable.exp(r1 * t), e2 = Portable.exp(r2 * t)
        return (c1 * e1 + c2 * e2, c1 * r1 * e1 + c2 * r2 * e2)
    }

    /// The displacement `t` seconds in.
    package func displacement(at t: Double) -> Double { state(at: t).displacement }

    /// The animated value `t` seconds in, for a curve made ``init(spring:from:to:velocity:)``.
    public func value(at t: Double, target: Double) -> Double { target + displacement(at: t) }

    /// The first time after which the displacement stays within `threshold` of the target and
    /// the speed within `threshold` per second: found on a bound of the motion's envelope
    /// (which it never exceeds), then refined by bisection to 1e-9 s. 0 when it starts there.
    ///
    /// Bounded work for every argument: `.infinity` when the motion never comes within the
    /// threshold as doubles compute it (a NaN or infinite spring or start, a threshold that is
    /// not positive); when refining would take more than 10⁶ steps back from the bound (a
    /// damping ratio near 0 leaves the envelope bound far out), the bound itself, which is an
    /// upper bound of the settle time.
    public func settleTime(threshold: Double = 1e-3) -> Double {
        let omega = spring.angularFrequency, zeta = spring.dampingRatio
        func within(_ t: Double) -> Bool {
            let (x, v) = state(at: t)
            return abs(x) <= threshold && abs(v) <= threshold
        }
        // An upper bound: the envelope A·e^(−σt) under the threshold, with σ the slowest decay
        // rate and A bounding |x| and |v| (a sum of the coefficients' sizes, times ω for v).
        let sigma = zeta < 1 ? zeta * omega : omega * (zeta - (zeta * zeta - 1).squareRoot())
        let scale =
            (abs(displacement) + abs(velocity) / omega) * (1 + omega) * (zeta < 1 ? 1 / (1 - zeta * zeta).squareRoot() + 1 : 2 + omega)
        guard sigma > 0, scale > threshold else { return 0 }
        guard threshold > 0, scale.isFinite, (threshold / scale) > 0 else { return within(0) ? 0 : .infinity }
        var hi = max(Portable.log(scale / threshold) / sigma, 0) + 1 / omega
        // Doubling reaches ∞ within about 2,100 steps; a motion not within by then never is.
        while !within(hi) {
            guard hi.isFinite else { return .infinity }
            hi *= 2
        }
        // The last time outside: scan back in steps a tenth of the oscillation's period (the
        // motion can re-enter and leave the band within a period), then bisect.
        let step = 0.1 / max(omega, 1e-9)
        guard hi / step <= 1e6 else { return hi }
        var t = hi
        while t > 0, within(max(t - step, 0)) { t -= step }
        guard t > 0 else { return 0 }
        var lo = max(t - step, 0)
        hi = t
        while hi - lo > 1e-9 {
            let mid = (lo + hi) / 2
            guard mid > lo, mid < hi else { break }  // no double left between
            if within(mid) { hi = mid } else { lo = mid }
        }
        return hi
    }
}
