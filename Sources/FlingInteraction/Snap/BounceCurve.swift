// SKBounceAnimation's keyframe curve, reproduced number for number (its constants included,
// 2.71 for e), for apps that want that library's look instead of physics: a snap item's
// alternative to the spring (`SnapMotion.keyframes`). Portable functions only, so the
// keyframes are the same bits everywhere.
import FlingCore

/// How stiff an SKBounceAnimation bounce is: the coefficient `c` of its decay.
public enum BounceStiffness: String, Hashable, Sendable, CaseIterable {
    /// `c` = 5.0: slow decay, many visible bounces.
    case light
    /// `c` = 0.1 (SKBounceAnimation's default).
    case medium
    /// `c` = 0.001: fast decay.
    case heavy

    /// The coefficient `c`.
    public var coefficient: Double {
        switch self {
        case .light: 5.0
        case .medium: 0.1
        case .heavy: 0.001
        }
    }
}

/// The keyframe curve of SKBounceAnimation (the animation the open ChatHeads project bounces
/// with), for apps that want the library's look instead of physics.
///
/// For `from`, `to`, a `duration` in seconds, `bounces`, a stiffness `c` and the flags:
///
///     steps  = Int(60 · duration)                       (keyframes, one per 60 Hz frame)
///     alpha  = log₂(c / |to − from|) / steps            (log₂(c) / steps when from == to),
///              negated if positive                      (so that the envelope decays)
///     periods = bounces / 2 + 0.5                       (integer division first: 2 → 1.5)
///     omega  = periods · 2π / steps
///     value(t) = (from − to) · 2.71^(alpha·t) · cos(omega·t) + to,   t in 0..<steps
///
/// with `sin` instead of `cos` for a shake (which starts and ends at `to`) and `|cos|` when
/// overshoot is off (the value then stays on the `from` side of `to`). The keyframes are spaced
/// evenly over the duration (Core Animation's linear keyframe timing): keyframe `i` is at time
/// `i · duration / (steps − 1)`. `2.71` is SKBounceAnimation's own constant, not `e`.
public struct BounceCurve: Hashable, Sendable {
    /// Seconds. Default 0.75.
    public var duration: Double
    /// Number of bounces. Default 2.
    public var bounces: Int
    /// Default ``BounceStiffness/medium``.
    public var stiffness: BounceStiffness
    /// Whether the value passes `to` (`cos`), or only approaches it (`|cos|`). Default true.
    public var overshoot: Bool
    /// A shake: `sin` instead of `cos`. Default false.
    public var shake: Bool

    public init(
        duration: Double = 0.75, bounces: Int = 2, stiffness: BounceStiffness = .medium,
        overshoot: Bool = true, shake: Bool = false
    ) {
        self.duration = duration
        self.bounces = bounces
        self.stiffness = stiffness
        self.overshoot = overshoot
        self.shake = shake
    }

    /// Throws unless the duration lies in 1/60...60 s and the bounces in 0...1000.
    public func validate() throws(FlingError) {
        try Check.range(duration, (1.0 / 60)...60, "BounceCurve.duration")
        guard (0...1000).contains(bounces) else {
            throw FlingError(.outOfRange, field: "BounceCurve.bounces", value: "\(bounces)", reason: "must lie in 0...1000")
        }
    }

    /// The number of keyframes, `Int(60 · duration)`.
    public var steps: Int { Int(60 * duration) }

    /// The keyframe values from `from` to `to`, exactly as SKBounceAnimation computes them.
    public func keyframes(from: Double, to: Double) -> [Double] {
        let steps = self.steps
        guard steps > 0 else { return [] }
        let n = Double(steps)
        let c = stiffness.coefficient
        var alpha = from == to ? Self.log2(c) / n : Self.log2(c / abs(to - from)) / n
        if alpha > 0 { alpha = -alpha }
        let periods = Double(bounces / 2) + 0.5
        let omega = periods * 2 * Double.pi / n
        return (0..<steps).map { i in
            let t = Double(i)
            let wave = shake ? Portable.sin(omega * t) : Portable.cos(omega * t)
            let oscillation = overshoot ? wave : abs(wave)
            return (from - to) * Portable.pow(2.71, alpha * t) * oscillation + to
        }
    }

    /// The value at `time` seconds after the start, linearly interpolated between keyframes
    /// spaced evenly over the duration; `nil` once the animation is over (the value is then
    /// `to`, as Core Animation leaves the model value).
    static func value(_ frames: [Double], at time: Double, duration: Double) -> Double? {
        guard frames.count >= 2, time < duration else { return nil }
        let f = max(time, 0) / duration * Double(frames.count - 1)
        let i = min(Int(f), frames.count - 2)
        let w = f - Double(i)
        return frames[i] + (frames[i + 1] - frames[i]) * w
    }

    /// `log₂ x = ln x / ln 2`, portable.
    static func log2(_ x: Double) -> Double { Portable.log(x) / Portable.log(2) }
}
