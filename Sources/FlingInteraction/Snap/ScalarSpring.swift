// One number on a spring, stepped in the animator's tick (a head's scale, the sun's alpha):
// plain arithmetic in a fixed order, so the same bits on every machine and display rate.
import FlingCore
import FlingCurves

/// One number springing toward a target (a head's scale, the sun's alpha), stepped once per
/// physics tick with semi-implicit Euler for `x'' = −ω²(x − target) − 2ζω x'`:
///
///     v ← v + (−ω²(x − target) − 2ζω v) · dt
///     x ← x + v · dt
///
/// Plain arithmetic in a fixed order, so it gives the same bits on every machine and at every
/// display rate. It stops exactly on the target once within 1e-4 and moving slower than 1e-3
/// per second. `ω = 2π · frequency`, `ζ` the damping ratio of the ``SpringTuning``.
struct ScalarSpring: Hashable, Sendable {
    var value: Double
    var velocity: Double = 0
    var target: Double

    init(value: Double) {
        self.value = value
        self.target = value
    }

    /// Whether it rests on its target.
    var isAtRest: Bool { value == target && velocity == 0 }

    mutating func step(by dt: Double, tuning: SpringTuning) {
        guard !isAtRest else { return }
        let omega = 2 * Double.pi * tuning.frequency
        velocity = velocity + (-(omega * omega) * (value - target) - 2 * tuning.dampingRatio * omega * velocity) * dt
        value = value + velocity * dt
        if abs(value - target) < 1e-4, abs(velocity) < 1e-3 { value = target; velocity = 0 }
    }
}
