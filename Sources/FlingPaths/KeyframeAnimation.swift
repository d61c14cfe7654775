import FlingCore

/// A shape animated through keyframe paths, as `CAKeyframeAnimation` on a shape layer's `path`
/// with the linear calculation mode: key times, a timing function per interval, a duration,
/// a repeat count (or forever) and autoreverse. Unlike Core Animation, keyframes need not share
/// their structure (see ``PathMorph``).
///
/// Time: one pass through the keyframes takes ``duration`` seconds; with ``autoreverses`` it
/// plays backward after each forward pass. Before time 0 the shape is the first keyframe; after
/// the last repeat it holds the final shape (Core Animation's `fillMode = .forwards`).
/// The pass and the progress within it are `k = ⌊t / duration⌋` and `(t - k·duration) / duration`,
/// so a whole number of passes lands exactly on a key time: when the last keyframe equals the
/// first, t = 0, 1·duration, 2·duration … give the first keyframe's exact bits.
public struct KeyframeAnimation: Sendable {
    public let keyframes: [BezierPath]
    /// Progress (0...1) of each keyframe within a pass; starts at 0, ends at 1, nondecreasing.
    public let keyTimes: [Double]
    /// One per interval between keyframes.
    public let timingFunctions: [TimingFunction]
    /// Seconds per pass.
    public let duration: Double
    /// Passes (fractions allowed); `.infinity` repeats forever. Default 1.
    public let repeatCount: Double
    public let autoreverses: Bool
    /// The keyframes of each interval brought to a common structure.
    let pairs: [(BezierPath, BezierPath)]
    /// The most segments a shape of the animation has (a keyframe, or a matched pair's).
    package let maximumShapeSegments: Int

    /// The most segments (plus subpaths) the keyframes may hold together: a bound on the memory
    /// an animation takes (each keyframe is kept, and matched with its neighbours).
    public static let maximumSegments = 1_000_000

    /// The work budget of sampling an animation (``sampleDigest(frames:from:to:)``, a morph
    /// document): frames × the most segments a sampled shape has.
    public static let sampleBudget = WorkBudget("KeyframeAnimation.sampleBudget", unit: "frames × segments", limit: 2e7)

    /// - Parameters:
    ///   - keyTimes: nil spaces the keyframes evenly (Core Animation's default).
    ///   - timingFunctions: one per interval, or one for every interval; default linear.
    public init(
        keyframes: [BezierPath], keyTimes: [Double]? = nil, timingFunctions: [TimingFunction] = [.linear],
        duration: Double, repeatCount: Double = 1, autoreverses: Bool = false
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
        let even: [Double] = (0..<n).map { (k: Int) -> Double in k == n - 1 ? 1 : Double(k) / Double(n - 1) }
        let times = keyTimes ?? even
        guard times.count == n else {
            throw FlingError(
                .outOfRange, field: "KeyframeAnimation.keyTimes", value: "\(times.count) values",
                reason: "needs one key time per keyframe (\(n))")
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
        guard timingFunctions.count == 1 || timingFunctions.count == n - 1 else {
            throw FlingError(
                .outOfRange, field: "KeyframeAnimation.timingFunctions",
                value: "\(timingFunctions.count)", reason: "needs 1 or \(n - 1) (one per interval)")
        }
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
        self.keyframes = keyframes
        self.keyTimes = times
        self.timingFunctions =
            timingFunctions.count == 1
            ? Array(repeating: timingFunctions[0], count: n - 1)
            : timingFunctions
        self.duration = duration
        self.repeatCount = repeatCount
        self.autoreverses = autoreverses
        pairs = (0..<(n - 1)).map { PathMorph.matched(keyframes[$0], keyframes[$0 + 1]) }
        maximumShapeSegments = max(keyframes.map(\.segmentCount).max() ?? 0, pairs.map(\.0.segmentCount).max() ?? 0)
    }

    /// Total active seconds (infinite when repeating forever).
    public var activeDuration: Double { duration * repeatCount * (autoreverses ? 2 : 1) }

    /// Progress through the keyframes (0...1) at `t` seconds: 0 for a NaN time, and for a time
    /// too far out to have a pass (`t / duration` infinite while the animation repeats forever).
    public func progress(at t: Double) -> Double {
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
        // An infinite time of an endless animation, or a time so far out that `t / duration`
        // overflows, has no pass to be in: the first keyframe, as before time 0.
        return f.isNaN ? 0 : f
    }

    /// The shape at `t` seconds. At a key time it is that keyframe exactly.
    public func shape(at t: Double) -> BezierPath { shape(progress: progress(at: t)) }

    /// The shape at a progress (0...1) through the keyframes; a NaN progress gives the first
    /// keyframe, as 0 does.
    public func shape(progress f: Double) -> BezierPath {
        let n = keyframes.count
        if !(f > 0) { return keyframes[0] }
        if f >= 1 { return keyframes[n - 1] }
        // The interval holding f: the last i in 0...n - 2 with keyTimes[i] <= f (key times do
        // not decrease and keyTimes[0] = 0 < f), found by bisection.
        var i = 0, hi = n - 2
        while i < hi {
            let mid = i + (hi - i + 1) / 2
            if keyTimes[mid] <= f { i = mid } else { hi = mid - 1 }
        }
        let t0 = keyTimes[i], t1 = keyTimes[i + 1]
        if f == t0 { return keyframes[i] }
        let u = t1 > t0 ? (f - t0) / (t1 - t0) : 1
        let e = timingFunctions[i](u)
        if e == 0 { return keyframes[i] }
        if e == 1 { return keyframes[i + 1] }
        return PathMorph.interpolate(pairs[i].0, pairs[i].1, e)
    }
}
