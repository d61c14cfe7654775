import FlingCore
import FlingCurves

/// A shape animated through keyframe paths, as `CAKeyframeAnimation` on a shape layer's `path`:
/// a calculation mode, key times, a timing function per interval, a duration, a repeat count
/// (or forever) and autoreverse. Unlike Core Animation, keyframes need not share their
/// structure in the linear, discrete and paced modes (see `PathMorph`).
///
/// Pacing, as Core Animation does it (``CalculationMode``): without timing functions every
/// interval is linear (Core Animation's `timingFunctions` default, nil); `keyTimes` place the
/// keyframes within a pass (evenly spaced by default); `discrete` jumps, `paced` ignores key times
/// and timing functions and moves at constant speed, `cubic` passes a Kochanek–Bartels spline
/// through the keyframes.
///
/// Time: one pass through the keyframes takes ``duration`` seconds; with ``autoreverses`` it
/// plays backward after each forward pass. Before time 0 the shape is the first keyframe; after
/// the last repeat it holds the final shape (Core Animation's `fillMode = .forwards`).
/// The pass and the progress within it are `k = ⌊t / duration⌋` and `(t - k·duration) / duration`,
/// so a whole number of passes lands exactly on a key time: when the last keyframe equals the
/// first, t = 0, 1·duration, 2·duration … give the first keyframe's exact bits.
public struct KeyframeAnimation: Sendable {
    /// How values between keyframes are computed: Core Animation's `calculationMode`.
    public enum CalculationMode: String, Hashable, Sendable, CaseIterable {
        /// Straight from keyframe to keyframe, each interval through its timing function
        /// (linear when there is none). Core Animation's default.
        case linear
        /// No interpolation: keyframe `i` is shown from key time `i` until key time `i + 1`.
        /// Key times, when given, number one more than the keyframes (0 first, 1 last), as Core
        /// Animation asks; by default keyframe `i` of `n` starts at `i / n`.
        case discrete
        /// Constant speed: key times and timing functions are ignored; each interval gets time
        /// in proportion to the distance between its two keyframes, the Euclidean norm of the
        /// differences of all their points (start, then each segment's p0…p3, after
        /// `PathMorph/match(_:_:)`), as Core Animation paces a vector value by its length.
        /// When every keyframe is the same, the keyframes are spaced evenly.
        case paced
        /// A Kochanek–Bartels spline through the keyframes, point by point, each interval a
        /// cubic Hermite curve in its (timed) progress `u`:
        /// `h₀₀(u) pᵢ + h₁₀(u) dᵢ + h₀₁(u) pᵢ₊₁ + h₁₁(u) d′ᵢ₊₁`, with the outgoing tangent
        /// `dᵢ = (1−T)(1+B)(1+C)/2 (pᵢ − pᵢ₋₁) + (1−T)(1−B)(1−C)/2 (pᵢ₊₁ − pᵢ)` and the incoming
        /// `d′ᵢ₊₁ = (1−T)(1+B)(1−C)/2 (pᵢ₊₁ − pᵢ) + (1−T)(1−B)(1+C)/2 (pᵢ₊₂ − pᵢ₊₁)` (T, C, B the
        /// tension, continuity and bias of the keyframe the tangent belongs to, 0 by default:
        /// Catmull-Rom). Core Animation documents its cubic mode as this spline with
        /// `tensionValues`, `continuityValues` and `biasValues`, but not its ends or its handling
        /// of uneven key times; Fling's choice, stated: a missing neighbour at either end is the
        /// end keyframe itself (a zero chord), and tangents are per interval, not rescaled by
        /// the intervals' durations. Every keyframe must have the same structure (as Core
        /// Animation requires for any path animation).
        case cubic
    }

    public let keyframes: [BezierPath]
    public let calculationMode: CalculationMode
    /// Progress (0...1) at which each keyframe starts within a pass; starts at 0, ends at 1,
    /// nondecreasing. One per keyframe, or one more in the discrete mode; in the paced mode,
    /// the key times the distances give.
    public let keyTimes: [Double]
    /// One per interval between keyframes; `.linear` where none was given.
    public let timingFunctions: [TimingFunction]
    /// The cubic mode's tension, continuity and bias per keyframe (all 0 unless given).
    public let tension: [Double]
    public let continuity: [Double]
    public let bias: [Double]
    /// Seconds per pass.
    public let duration: Double
    /// Passes (fractions allowed); `.infinity` repeats forever. Default 1.
    public let repeatCount: Double
    public let autoreverses: Bool
    /// The keyframes of each interval brought to a common structure.
    let pairs: [(BezierPath, BezierPath)]
    /// The most segments a shape of the animation has (a keyframe, or a matched pair's).
    public let maximumShapeSegments: Int

    /// The most segments (plus subpaths) the keyframes may hold together: a bound on the memory
    /// an animation takes (each keyframe is kept, and matched with its neighbours).
    static let maximumSegments = 1_000_000

    /// The work budget of sampling an animation (``sampleDigest(count:from:to:)``, a morph
    /// document): frames × the most segments a sampled shape has.
    package static let sampleBudget = WorkBudget("KeyframeAnimation.sampleBudget", unit: "frames × segments", limit: 2e7)

    /// A shape animated through `keyframes`, as `CAKeyframeAnimation` animates a shape layer's
    /// `path`.
    ///
    /// - Parameters:
    ///   - keyframes: the shapes, at least two.
    ///   - keyTimes: nil spaces the keyframes evenly (Core Animation's default); ignored when paced.
    ///   - timingFunctions: nil (Core Animation's default) or empty: linear; else one per interval,
    ///     or one for every interval. Ignored when discrete or paced.
    ///   - calculationMode: linear, discrete, paced or cubic (``CalculationMode``).
    ///   - tension: the cubic mode's, one per keyframe (nil: 0); finite, in −10...10.
    ///   - continuity: the cubic mode's, one per keyframe (nil: 0); finite, in −10...10.
    ///   - bias: the cubic mode's, one per keyframe (nil: 0); finite, in −10...10.
    ///   - duration: seconds of one pass through the keyframes, positive.
    ///   - repeatCount: passes to play (a fraction plays part of the last), positive; `.infinity` repeats forever.
    ///   - autoreverses: whether each forward pass is followed by a backward one.
    public init(
        keyframes: [BezierPath], keyTimes: [Double]? = nil, timingFunctions: [TimingFunction]? = nil,
        calculationMode: CalculationMode = .linear, tension: [Double]? = nil, continuity: [Double]? = nil,
        bias: [Double]? = nil, duration: Double, repeatCount: Double = 1, autoreverses: Bool = false
    ) throws(FlingError) {
        guard keyframes.count >= 2 else {
            throw FlingError(
                .outOfRange, field: "KeyframeAnimation.keyframes", value: "\(keyframes.count)",
                reason: "needs at least two keyframes")
        }
        try Check.positive(duration, "KeyframeAnimation.duration")
        guard repeatCount > 0, !repeatCount.isNaN else {
            throw FlingError(
                .notPositive, field: "KeyframeAnimation.repeatCount", value: "\(repeatCount)",
                reason: "must be greater than zero (infinity repeats forever)")
        }
        let n = keyframes.count
        var held = 0.0, matching = 0.0
        for (k, frame) in keyframes.enumerated() {
            held += Double(frame.segmentCount + frame.subpaths.count)
            if k > 0 { matching += PathMorph.matchWork(keyframes[k - 1], frame) }
        }
        guard held <= Double(Self.maximumSegments) else {
            throw FlingError(
                .outOfRange, field: "KeyframeAnimation.keyframes", value: "\(WorkBudget.figure(held)) segments and subpaths",
                reason: "the keyframes may hold at most \(Self.maximumSegments) segments and subpaths together")
        }
        try PathMorph.matchBudget.check(matching, "KeyframeAnimation.keyframes")
        let pairs = (0..<(n - 1)).map { PathMorph.matched(keyframes[$0], keyframes[$0 + 1]) }
        let times: [Double]
        switch calculationMode {
        case .paced: times = Self.pacedKeyTimes(pairs)
        case .discrete: times = try Self.checkedKeyTimes(keyTimes, count: n + 1)
        case .linear, .cubic: times = try Self.checkedKeyTimes(keyTimes, count: n)
        }
        let functions = timingFunctions ?? []
        guard functions.count <= 1 || functions.count == n - 1 else {
            throw FlingError(
                .outOfRange, field: "KeyframeAnimation.timingFunctions",
                value: "\(functions.count)", reason: "needs 1 or \(n - 1) (one per interval), or none")
        }
        func perKeyframe(_ values: [Double]?, _ name: String) throws(FlingError) -> [Double] {
            guard let values else { return Array(repeating: 0, count: n) }
            guard values.count == n else {
                throw FlingError(
                    .outOfRange, field: "KeyframeAnimation.\(name)", value: "\(values.count) values",
                    reason: "needs one per keyframe (\(n))")
            }
            for (k, x) in values.enumerated() { try Check.range(x, -10...10, "KeyframeAnimation.\(name)[\(k)]") }
            return values
        }
        self.tension = try perKeyframe(tension, "tension")
        self.continuity = try perKeyframe(continuity, "continuity")
        self.bias = try perKeyframe(bias, "bias")
        if calculationMode == .cubic { try Self.checkOneStructure(keyframes) }
        self.keyframes = keyframes
        self.calculationMode = calculationMode
        self.keyTimes = times
        self.timingFunctions =
            functions.count == n - 1 ? functions : Array(repeating: functions.first ?? .linear, count: n - 1)
        self.duration = duration
        self.repeatCount = repeatCount
        self.autoreverses = autoreverses
        self.pairs = pairs
        maximumShapeSegments = max(keyframes.map(\.segmentCount).max() ?? 0, pairs.map(\.0.segmentCount).max() ?? 0)
    }

    /// The cubic mode's rule: every keyframe has the first one's structure.
    static func checkOneStructure(_ keyframes: [BezierPath]) throws(FlingError) {
        guard let k = keyframes.indices.first(where: { !PathMorph.sameStructure(keyframes[0], keyframes[$0]) }) else { return }
        throw FlingError(
            .outOfRange, field: "KeyframeAnimation.keyframes[\(k)]", value: "cubic",
            reason: "the cubic mode needs every keyframe to have the first one's structure (subpaths, segments, closedness)")
    }

    /// `count` key times, 0 first, 1 last, not decreasing; nil: evenly spaced.
    static func checkedKeyTimes(_ given: [Double]?, count n: Int) throws(FlingError) -> [Double] {
        guard let times = given else {
            return (0..<n).map { (k: Int) -> Double in k == n - 1 ? 1 : Double(k) / Double(n - 1) }
        }
        guard times.count == n else {
            throw FlingError(
                .outOfRange, field: "KeyframeAnimation.keyTimes", value: "\(times.count) values",
                reason: "needs \(n) key times (one per keyframe; one more in the discrete mode)")
        }
        for (k, x) in times.enumerated() {
            try Check.range(x, 0...1, "KeyframeAnimation.keyTimes[\(k)]")
            if k > 0, x < times[k - 1] {
                throw FlingError(
                    .outOfOrder, field: "KeyframeAnimation.keyTimes[\(k)]", value: "\(x)",
                    reason: "key times must not decrease")
            }
        }
        guard times[0] == 0, times[n - 1] == 1 else {
            throw FlingError(
                .outOfRange, field: "KeyframeAnimation.keyTimes", value: "\(times[0])...\(times[n - 1])",
                reason: "must start at 0 and end at 1")
        }
        return times
    }

    /// Total active seconds (infinite when repeating forever).
    public var activeDuration: Double { duration * repeatCount * (autoreverses ? 2 : 1) }

    /// Progress through the keyframes (0...1) at `t` seconds.
    func progress(at t: Double) -> Double {
        if !(t > 0) { return 0 }
        let halves = repeatCount * (autoreverses ? 2 : 1)  // passes, counting reversed ones
        var k: Double, f: Double
        if t >= activeDuration {
            // Hold the end: the last pass, complete or cut short by a fractional count.
            k = halves.rounded(.down)
            f = halves - k
            if f == 0 { k -= 1; f = 1 }
        } else {
            k = (t / duration).rounded(.down)
            f = (t - k * duration) / duration
            if f >= 1 { k += 1; f = 0 }  // rounding in t / duration
            if f < 0 { k -= 1; f = 1 + f }
        }
        if autoreverses, k.truncatingRemainder(dividingBy: 2) == 1 { f = 1 - f }
        return f
    }

    /// The shape at `t` seconds. At a key time it is that keyframe exactly.
    public func shape(at t: Double) -> BezierPath { shape(progress: progress(at: t)) }
}
