import FlingCore

/// Every way iOS and design tools describe a spring, as one ``SpringTuning`` (an undamped
/// frequency and a damping ratio: `x'' + 2ζω x' + ω² x = 0`, `ω = 2π · frequency`). Each
/// conversion follows the anchor's own formula, cited beside it; the reverse conversions give
/// the dialect's numbers back. Only `+ − × ÷ √`: the same bits everywhere.
extension SpringTuning {
    /// `ω`, in radians per second.
    @inlinable public var angularFrequency: Double { 2 * Double.pi * frequency }

    // MARK: Physical: mass, stiffness, damping (CASpringAnimation, Framer Motion, React Spring)

    /// A mass on a spring with a damper, as `CASpringAnimation` (`mass`, `stiffness`, `damping`;
    /// defaults 1, 100, 10) and Framer Motion's `type: "spring"` take it:
    /// `m x'' + c x' + k x = 0`, so `ω = √(k/m)` and `ζ = c / (2√(k m))`.
    public init(mass: Double = 1, stiffness: Double, damping: Double) {
        let omega = (stiffness / mass).squareRoot()
        self.init(frequency: omega / (2 * Double.pi), dampingRatio: damping / (2 * (stiffness * mass).squareRoot()))
    }

    /// `(stiffness, damping)` for a body of `mass`: `k = m ω²`, `c = 2 m ζ ω`.
    public func physical(mass: Double = 1) -> (stiffness: Double, damping: Double) { constants(forInertia: mass) }

    // MARK: SwiftUI

    /// SwiftUI's `Spring(response:dampingRatio:)` and `.spring(response:dampingFraction:)`:
    /// `response` is the period of the undamped oscillation, `ω = 2π / response`; the damping
    /// fraction is the damping ratio (Apple's documentation of `Spring`; WWDC18 "Designing
    /// Fluid Interfaces"). SwiftUI's default: response 0.55, damping fraction 0.825.
    public init(response: Double, dampingFraction: Double) {
        self.init(frequency: 1 / response, dampingRatio: dampingFraction)
    }

    /// SwiftUI's `response`: `1 / frequency`.
    public var response: Double { 1 / frequency }

    /// SwiftUI's `Spring(duration:bounce:)` (iOS 17; also UIKit's `UIView.animate(springDuration:bounce:)`):
    /// `duration` is the perceptual duration, the response of the spring (`ω = 2π / duration`);
    /// `bounce` in −1…1: `ζ = 1 − bounce` for a bounce ≥ 0 (0 is critically damped, 1 never
    /// stops), `ζ = 1 / (1 + bounce)` below 0 (overdamped) — the mapping of SwiftUI's
    /// `Spring(duration:bounce:)` (WWDC23 "Animate with springs"; its inverse is `Spring.bounce`).
    public init(duration: Double, bounce: Double) {
        let zeta = bounce >= 0 ? 1 - bounce : 1 / (1 + bounce)
        self.init(frequency: 1 / duration, dampingRatio: zeta)
    }

    /// SwiftUI's `(duration, bounce)` for this spring: `duration = 1 / frequency`,
    /// `bounce = 1 − ζ` for `ζ ≤ 1`, `1/ζ − 1` above.
    public var durationAndBounce: (duration: Double, bounce: Double) {
        (1 / frequency, dampingRatio <= 1 ? 1 - dampingRatio : 1 / dampingRatio - 1)
    }

    // MARK: UIKit

    /// UIKit's spring timing with a duration: `UIView.animate(withDuration:delay:usingSpringWithDamping:…)`
    /// and `UISpringTimingParameters(dampingRatio:)` under a `UIViewPropertyAnimator(duration:)`.
    /// Apple publishes no stiffness for these; since iOS 17 UIKit documents its springs in
    /// SwiftUI's terms (`animate(springDuration:bounce:)`), whose duration is the response, so
    /// this is `init(response: duration, dampingFraction: dampingRatio)`.
    public init(uiKitDuration duration: Double, dampingRatio: Double) {
        self.init(response: duration, dampingFraction: dampingRatio)
    }

    // MARK: Pop, Rebound, Origami

    /// Pop's and Rebound's dynamics: tension and friction with mass 1 (`POPSpringAnimation`'s
    /// `dynamicsTension`, `dynamicsFriction`; Rebound's `SpringConfig(tension:friction:)`):
    /// `x'' + friction x' + tension x = 0`.
    public init(tension: Double, friction: Double) {
        self.init(mass: 1, stiffness: tension, damping: friction)
    }

    /// `(tension, friction)` in Pop's and Rebound's dynamics (mass 1).
    public var tensionAndFriction: (tension: Double, friction: Double) {
        let omega = angularFrequency
        return (omega * omega, 2 * dampingRatio * omega)
    }

    /// Origami's (Quartz Composer) and Rebound's designer values:
    /// `tension = (origamiTension − 30) · 3.62 + 194`, `friction = (origamiFriction − 8) · 3 + 25`
    /// (Rebound's `OrigamiValueConverter.tensionFromOrigamiValue`/`frictionFromOrigamiValue`;
    /// Pop's `POPTensionFromOrigamiValue`/`POPFrictionFromOrigamiValue`). Framer Classic's
    /// `spring(tension, friction)` takes the same values.
    public init(origamiTension: Double, origamiFriction: Double) {
        self.init(tension: Self.tension(fromOrigami: origamiTension), friction: Self.friction(fromOrigami: origamiFriction))
    }

    /// Origami's `(tension, friction)` for this spring (the inverse conversion).
    public var origami: (tension: Double, friction: Double) {
        let (t, f) = tensionAndFriction
        return ((t - 194) / 3.62 + 30, (f - 25) / 3 + 8)
    }

    static func tension(fromOrigami v: Double) -> Double { (v - 30) * 3.62 + 194 }
    static func friction(fromOrigami v: Double) -> Double { (v - 8) * 3 + 25 }

    /// Pop's `springBounciness` and `springSpeed` (each 0…20; Pop's defaults 4 and 12), through
    /// Rebound's `BouncyConversion` (Pop's `POPConvertBouncinessAndSpeedToFrictionAndTension`):
    /// `b = project(normalize(bounciness / 1.7, 0, 20), 0, 0.8)`,
    /// `s = project(normalize(speed / 1.7, 0, 20), 0.5, 200)`; Origami tension `s`, Origami
    /// friction `quadraticOut(b, bouncy3NoBounce(s), 0.01)`, then Origami to tension/friction.
    /// Also Rebound's `SpringConfig.fromBouncinessAndSpeed`. The speed is normalized over
    /// 0…20 as in Rebound (Java `BouncyConversion`, rebound-js) and Pop; one Swift port's 0…2
    /// is a slip. Pop's defaults (4, 12) give tension 342.10, friction 30.49: ζ 0.824, 2.94 Hz.
    public init(bounciness: Double, speed: Double) {
        func normalize(_ v: Double, _ start: Double, _ end: Double) -> Double { (v - start) / (end - start) }
        func project(_ n: Double, _ start: Double, _ end: Double) -> Double { start + n * (end - start) }
        func quadraticOut(_ t: Double, _ start: Double, _ end: Double) -> Double { project(2 * t - t * t, start, end) }
        let b = project(normalize(bounciness / 1.7, 0, 20), 0, 0.8)
        let s = project(normalize(speed / 1.7, 0, 20), 0.5, 200)
        let friction = quadraticOut(b, Self.bouncy3NoBounce(s), 0.01)
        self.init(origamiTension: s, origamiFriction: friction)
    }

    /// Rebound's `BouncyConversion.b3Nobounce`: the Origami friction of a spring that just
    /// doesn't bounce, for an Origami tension, by three cubic fits.
    static func bouncy3NoBounce(_ tension: Double) -> Double {
        if tension <= 18 { return 0.0007 * tension * tension * tension - 0.031 * tension * tension + 0.64 * tension + 1.28 }
        if tension <= 44 { return 0.000044 * tension * tension * tension - 0.006 * tension * tension + 0.36 * tension + 2 }
        return 0.00000045 * tension * tension * tension - 0.000332 * tension * tension + 0.1078 * tension + 5.84
    }
}
