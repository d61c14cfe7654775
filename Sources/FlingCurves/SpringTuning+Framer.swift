import FlingCore

/// Framer Motion's time-defined springs (`transition: { type: "spring", visualDuration, bounce }`).
extension SpringTuning {
    /// Framer Motion's `visualDuration` and `bounce` (motion's
    /// `packages/motion-dom/src/animation/generators/spring/index.ts`, `getSpringOptions`):
    /// `root = 2π / (visualDuration · 1.2)`, `stiffness = root²`,
    /// `damping = 2 · clamp(0.05, 1, 1 − bounce) · √stiffness`, mass 1. So
    /// `ω = 2π / (1.2 · visualDuration)` (the undamped period is 1.2 × the visual duration) and
    /// `ζ = 1 − bounce`, clamped to 0.05…1 (Framer never overdamps, nor lets a spring ring on).
    /// Framer's defaults: visual duration 0.3 s, bounce 0.25. Its `duration` form (without
    /// `visual`) is solved numerically by `findSpring` and is not converted here.
    public init(framerVisualDuration visualDuration: Double, bounce: Double = 0.25) {
        let zeta = min(max(1 - bounce, 0.05), 1)
        self.init(frequency: 1 / (1.2 * visualDuration), dampingRatio: zeta)
    }

    /// Framer Motion's `(visualDuration, bounce)` for this spring, when it has one: a damping
    /// ratio in 0.05…1 (`nil` otherwise). `visualDuration = 1 / (1.2 · frequency)`, `bounce = 1 − ζ`.
    public var framerVisualDurationAndBounce: (visualDuration: Double, bounce: Double)? {
        guard (0.05...1).contains(dampingRatio) else { return nil }
        return (1 / (1.2 * frequency), 1 - dampingRatio)
    }
}
