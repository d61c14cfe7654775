import FlingCore

/// The largest step a backend's springs integrate stably, kept per world so that a step too
/// long for some world's springs is refused before it runs (Chipmunk's debug build would
/// abort on the infinite velocities an unstable spring reaches).
///
/// The attraction's spring impulse is explicit: each step `v += −(k/m)·x·dt` with the position
/// then advanced by `v·dt` (symplectic Euler), whose oscillation stays bounded only while
/// `ω·dt < 2`, `ω² = k/m`; the same for the rotary spring with `ω² = κ/I`. The springs' own
/// damping is applied as `1 − e^(−c·dt/m)` and is stable at any step. A world's bound is
/// `1.9/ω` (a 5 % margin) for the stiffer of its two springs (`Attraction.longestStableStep`).
package struct SpringStability: Sendable {
    /// By slot: the world's bound, or +∞ without springs.
    private var bounds: [Double] = []
    private var minimum = Double.infinity
    /// Whether `minimum` may be below the true minimum (a bounding world lost its springs).
    private var stale = false

    package init() {}

    package mutating func set(_ slot: Int, _ bound: Double) {
        while bounds.count <= slot { bounds.append(.infinity) }
        if bounds[slot] == minimum, bound > minimum { stale = true }
        bounds[slot] = bound
        if bound < minimum { minimum = bound }
    }

    package mutating func clear(_ slot: Int) {
        if slot < bounds.count { set(slot, .infinity) }
    }

    /// Throws, naming the largest stable step, unless every world's springs integrate `dt`
    /// stably. Recomputes the minimum (a pass over the slots) only after it may have risen.
    package mutating func check(_ dt: Double) throws(FlingError) {
        if stale {
            minimum = bounds.reduce(.infinity) { min($0, $1) }
            stale = false
        }
        guard dt <= minimum else {
            throw FlingError(
                .outOfRange, field: "step.dt", value: "\(dt)",
                reason:
                    "a world's springs are stable only for steps up to \(minimum) s (ω·dt < 2 for the explicit spring impulse); step by less, or soften the springs"
            )
        }
    }
}
