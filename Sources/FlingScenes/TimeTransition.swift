import FlingCore
import FlingCurves

/// How a value moves to a new target: a spring, or a timing curve over a duration.
///
/// Both are closed forms of the time since the transition began, so the value at a time does
/// not depend on how often it is sampled.
public enum TimeTransition: Hashable, Sendable {
    /// A critically or under-damped spring, started at rest, in SwiftUI's terms: `response`
    /// is the period of the undamped oscillation (ω = 2π / response), `dampingFraction` the
    /// damping ratio ζ in 0 < ζ ≤ 1. Settled, by definition, once
    /// `t ≥ settleTime` (the envelope `e^(−ζωt)` under 10⁻⁶), when it lands exactly on the target.
    case spring(response: Double, dampingFraction: Double)
    /// A cubic Bézier timing curve through (0,0), (x1,y1), (x2,y2), (1,1) over `duration`
    /// seconds, as `CAMediaTimingFunction(controlPoints:)`; `.easeInEaseOut` is (0.42, 0, 0.58, 1).
    case curve(duration: Double, x1: Double, y1: Double, x2: Double, y2: Double)

    /// A spring in any of its dialects (`SpringTuning`), critically damped or under.
    public static func spring(_ spring: SpringTuning) -> TimeTransition {
        .spring(response: spring.response, dampingFraction: spring.dampingRatio)
    }

    /// Core Animation's `easeInEaseOut` over `duration` seconds.
    public static func easeInEaseOut(duration: Double) -> TimeTransition { .curve(duration: duration, x1: 0.42, y1: 0, x2: 0.58, y2: 1) }

    func validate(_ field: String) throws(FlingError) {
        switch self {
        case .spring(let response, let zeta):
            try Check.range(response, 1e-3...1e3, "\(field).response")
            try Check.range(zeta, 1e-3...1, "\(field).dampingFraction")
        case .curve(let duration, let x1, let y1, let x2, let y2):
            try Check.range(duration, 0...1e6, "\(field).duration")
            try Check.range(x1, 0...1, "\(field).x1")
            try Check.range(x2, 0...1, "\(field).x2")
            try Check.range(y1, -10...10, "\(field).y1")
            try Check.range(y2, -10...10, "\(field).y2")
        }
    }

    /// Seconds until the value is exactly at its target.
    var settleTime: Double {
        switch self {
        case .spring(let response, let zeta):
            // e^(−ζωt) ≤ 1e-6  ⇔  t ≥ ln(1e6) / (ζω); ln(1e6) = 13.815510557964274.
            return 13.815_510_557_964_274 / (zeta * 2 * Double.pi / response)
        case .curve(let duration, _, _, _, _): return duration
        }
    }

    /// The fraction of the way from start to target, `t` seconds after the start: 0 at 0,
    /// exactly 1 from ``settleTime`` on (a spring overshoots in between).
    func progress(at t: Double) -> Double {
        guard t > 0 else { return 0 }
        guard t < settleTime else { return 1 }
        switch self {
        case .spring(let response, let zeta):
            // x'' + 2ζω x' + ω² x = 0 with x(0) = 1, x'(0) = 0 (FlingCore's one closed form);
            // progress = 1 − x.
            let curve = SpringCurve(spring: SpringTuning(response: response, dampingFraction: zeta), from: 1, to: 0)
            return 1 - curve.value(at: t, target: 0)
        case .curve(let duration, let x1, let y1, let x2, let y2):
            // The package's one timing-curve solver; validated when the transition was made (x1, x2
            // in 0...1, y1, y2 finite), so the checked curve is always made here.
            guard let timing = try? TimingFunction(x1, y1, x2, y2) else { return t / duration }
            return timing(t / duration)
        }
    }
}
