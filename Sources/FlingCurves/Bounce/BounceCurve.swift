import FlingCore

/// SKBounceAnimation, whole (Soroush Khanlou's `CAKeyframeAnimation` subclass, which the open
/// ChatHeads project bounces with): the keyframes it makes, the times Core Animation gives them,
/// and the value at any time, for apps that want the library's look instead of physics.
///
/// The article's equation, `x(t) = A·e^(−α t)·cos(ω t) + B` with `A = from − to`, `B = to` and
/// `t` counted in frames of a 60 Hz display, in the library's own form: for a `duration` in
/// seconds and each number that bounces (``BounceValue``),
///
///     frames = Int(60 · duration)                        (t = 0 … frames − 1)
///     value(t) = (from − to) · 2.71^(−α·t) · cos(ω·t) + to
///
/// with `sin` instead of `cos` for a shake (it starts and ends at `to`) and `|cos|` when
/// overshoot is off (the value then stays on the `from` side of `to`). `2.71` is the library's
/// constant for `e`. The `Form` says where `α` and `ω` come from:
///
/// - `Form/library(bounces:stiffness:)`, the library's: `α = −log₂(c / |to − from|) / frames`
///   (`log₂(c) / frames` when `from == to`), made positive so that the envelope decays, with `c`
///   the ``BounceCurve/Stiffness`` coefficient; `ω = (bounces / 2 + 0.5) · 2π / frames` (integer
///   division first: 2 and 3 bounces are both 1.5 periods);
/// - `Form/equation(alpha:omega:base:)`, the raw form: `α` and `ω` per frame as given (the
///   ChatHeads article's example is `ω` 0.06, `α` 0.04 from 300 to 100), and the base of the
///   power (2.71 as the library, or `e`);
/// - `Form/twoSteps(overshoot:firstDuration:integral:)`: not SKBounceAnimation but the bounce
///   the ChatHeads project had before it (see ``chatHeadsFirstBounce``).
///
/// Core Animation's timing: SKBounceAnimation sets the frames as `values` (a scalar, a rect, a
/// transform, a colour) or as the vertices of a `path` (a point, a size), the linear timing
/// function and no key times, so keyframe `i` of `n` is at `i / (n − 1)` of the duration and the
/// value between two keyframes is linear (``keyframeAnimation(from:to:)``, ``value(at:from:to:)``);
/// once the animation is over the layer shows its model value, `to`.
///
/// Fidelity: the library computes in `CGFloat` with `float` functions in places (`log2f`,
/// `fabsf`), stores the frames as `float`s and declares its stiffness presets as `float`
/// literals (`.1f`); Fling computes in `Double` with FlingMath's portable `log`, `pow`, `sin`
/// and `cos`, so its frames are the library's formula to within a few ulps of `Double`, and differ
/// from an iPhone's by the library's `float` rounding (about 1e-7 relative).
public struct BounceCurve: Hashable, Sendable {
    /// Where the decay and the frequency come from.
    package enum Form: Hashable, Sendable {
        /// SKBounceAnimation's own: from a number of bounces and a stiffness.
        case library(bounces: Int, stiffness: BounceCurve.Stiffness)
        /// The equation with its own `α` (decay per frame, ≥ 0) and `ω` (radians per frame), and
        /// the base of the power (2.71, the library's, or `e` as the article writes it).
        case equation(alpha: Double, omega: Double, base: Double)
        /// Two eased steps: past the target by `overshoot` times the distance, in
        /// `firstDuration` seconds, then back to the target in the rest of the ``duration``,
        /// each step through Core Animation's ease-in-ease-out curve; with `integral`, both
        /// targets truncated toward zero to whole numbers (the project's `CGPointIntegral`).
        case twoSteps(overshoot: Double, firstDuration: Double, integral: Bool)
    }

    package var form: Form
    /// Seconds. Default 0.75.
    package var duration: Double
    /// Whether the value passes `to` (`cos`), or only approaches it (`|cos|`). Default true.
    package var overshoot: Bool
    /// A shake: `sin` instead of `cos`. Default false.
    package var shake: Bool

    package init(form: Form, duration: Double = 0.75, overshoot: Bool = true, shake: Bool = false) {
        self.form = form
        self.duration = duration
        self.overshoot = overshoot
        self.shake = shake
    }

    /// The library's curve (its defaults: 2 bounces, medium stiffness, overshoot, no shake).
    public init(
        duration: Double = 0.75, bounces: Int = 2, stiffness: BounceCurve.Stiffness = .medium,
        overshoot: Bool = true, shake: Bool = false
    ) {
        self.init(form: .library(bounces: bounces, stiffness: stiffness), duration: duration, overshoot: overshoot, shake: shake)
    }

    /// The raw form of the equation: `α` and `ω` per frame, over `duration` seconds.
    public static func equation(alpha: Double, omega: Double, base: Double = 2.71, duration: Double) -> BounceCurve {
        BounceCurve(form: .equation(alpha: alpha, omega: omega, base: base), duration: duration)
    }

    /// The ChatHeads project's first snap bounce (`CHDraggableView`, April 2013, before it
    /// switched to SKBounceAnimation): from where the head is to 4 % of the distance past the
    /// target, along the line from the head to the target (its `atan2f(dx, dy)` angle with
    /// `sin` for x and `cos` for y is that direction), in 0.28 s, then back to the target in 0.25 s,
    /// each step ease-in-ease-out, both points truncated to whole points.
    public static let chatHeadsFirstBounce = BounceCurve(
        form: .twoSteps(overshoot: 0.04, firstDuration: 0.28, integral: true), duration: 0.53)

    /// Throws unless the duration lies in 1/60...60 s and the form's numbers in range: bounces
    /// 0...1000, a stiffness coefficient in 1e-300...1e300; `α` in 0...1e3, `ω` in −1e3...1e3, a
    /// base in 1.000001...1e3; an overshoot in −10...10 and a first step inside the duration.
    public func validate() throws(FlingError) {
        try Check.range(duration, (1.0 / 60)...60, "BounceCurve.duration")
        switch form {
        case .library(let bounces, let stiffness):
            guard (0...1000).contains(bounces) else {
                throw FlingError(.outOfRange, field: "BounceCurve.bounces", value: "\(bounces)", reason: "must lie in 0...1000")
            }
            try Check.range(stiffness.coefficient, 1e-300...1e300, "BounceCurve.stiffness")
        case .equation(let alpha, let omega, let base):
            try Check.range(alpha, 0...1e3, "BounceCurve.alpha")
            try Check.range(omega, -1e3...1e3, "BounceCurve.omega")
            try Check.range(base, 1.000001...1e3, "BounceCurve.base")
        case .twoSteps(let overshoot, let first, _):
            try Check.range(overshoot, -10...10, "BounceCurve.overshoot")
            guard first > 0, first < duration else {
                throw FlingError(
                    .outOfRange, field: "BounceCurve.firstDuration", value: "\(first)",
                    reason: "must lie strictly between 0 and the duration, \(duration)")
            }
        }
    }

    /// The number of frames, `Int(60 · duration)`: 0 for a duration that is NaN or under
    /// 1/60 s, and at most 3,600 (the 60 s ``validate()`` allows), so that the keyframes of any
    /// curve, valid or not, fit in memory.
    var frames: Int {
        let n = 60 * duration
        return n >= 1 ? Int(min(n, 3600)) : 0
    }

    /// The number of frames (the library's name for it).
    var steps: Int { frames }

    /// `α` (decay per frame, ≥ 0) and `ω` (radians per frame) for one number going from `from` to
    /// `to` (the library's `α` depends on the distance); nil for the two-step form.
    func decay(from: Double, to: Double) -> (alpha: Double, omega: Double)? {
        let n = Double(frames)
        switch form {
        case .library(let bounces, let stiffness):
            let c = stiffness.coefficient
            var alpha = from == to ? Self.log2(c) / n : Self.log2(c / abs(to - from)) / n
            if alpha > 0 { alpha = -alpha }
            let periods = Double(bounces / 2) + 0.5
            return (-alpha, periods * 2 * Double.pi / n)
        case .equation(let alpha, let omega, _): return (alpha, omega)
        case .twoSteps: return nil
        }
    }

    /// The equation's value at frame `t` (any real number of frames from the start) for one
    /// number going from `from` to `to`: `(from − to)·base^(−α t)·osc(ω t) + to`. For the two-step
    /// form, the eased value at `t / 60` seconds.
    func value(atFrame t: Double, from: Double, to: Double) -> Double {
        guard let (alpha, omega) = decay(from: from, to: to) else {
            return value(at: t / 60, from: from, to: to)
        }
        let base: Double
        if case .equation(_, _, let b) = form { base = b } else { base = 2.71 }
        let wave = shake ? Portable.sin(omega * t) : Portable.cos(omega * t)
        let oscillation = overshoot ? wave : abs(wave)
        return (from - to) * Portable.pow(base, -alpha * t) * oscillation + to
    }

    /// `log₂ x = ln x / ln 2`, portable.
    static func log2(_ x: Double) -> Double { Portable.log(x) / Portable.log(2) }
}
