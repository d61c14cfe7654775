import FlingCore

/// A damped spring described the way a designer tunes it: how fast it oscillates and how
/// quickly the oscillation dies, independent of the tile's mass.
///
/// For a body of mass `m` (or moment `I`) the solver's constants are
/// `stiffness = m ω²` and `damping = 2 m ζ ω`, with `ω = 2π · frequency`, so that
/// the motion obeys `x'' + 2ζω x' + ω² x = 0` whatever the mass.
public struct SpringTuning: Hashable, Sendable {
    /// Undamped natural frequency, in hertz.
    public var frequency: Double
    /// Damping ratio: 0 never stops, 1 is critical (no overshoot).
    public var dampingRatio: Double

    public init(frequency: Double, dampingRatio: Double) {
        self.frequency = frequency
        self.dampingRatio = dampingRatio
    }

    /// `(stiffness, damping)` for a body whose mass (or moment of inertia) is `inertia`.
    @inlinable public func constants(forInertia inertia: Double) -> (stiffness: Double, damping: Double) {
        let omega = 2 * Double.pi * frequency
        return (inertia * omega * omega, 2 * inertia * dampingRatio * omega)
    }
}
