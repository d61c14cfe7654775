import Testing
@testable import FlingCore
@testable import FlingPaths
import FlingCurves

/// Keyframe pacing as Core Animation does it: linear without timing functions, key times,
/// per-interval timing functions, and the discrete, paced and cubic calculation modes.
@Suite struct PacingTests {
    let a = try! BezierPath(svg: "M 0 0 L 100 0 L 100 100 Z")
    let b = try! BezierPath(svg: "M 0 0 L 120 0 L 100 140 Z")
    let c = try! BezierPath(svg: "M 0 40 L 100 40 L 60 100 Z")
    let d = try! BezierPath(svg: "M 10 0 L 90 10 L 100 100 Z")

    /// Every point of `p`, against an expected value per point from `f`, within `tol` points.
    func pointsMatch(_ p: BezierPath, _ tol: Double, _ f: (Int) -> Double) -> Bool {
        p.coordinates.enumerated().allSatisfy { k, x in abs(x - f(k)) <= tol }
    }

    @Test func noTimingFunctionsMeansLinear() throws {
        let plain = try KeyframeAnimation(keyframes: [a, b, c], duration: 2)
        #expect(plain.timingFunctions == [.linear, .linear])
        let (x, y) = (a.coordinates, b.coordinates)
        // A quarter of the way through the first interval (0.25 s of its 1 s).
        #expect(pointsMatch(plain.shape(at: 0.25), 1e-12) { x[$0] + (y[$0] - x[$0]) / 4 })
        // With Core Animation's default curve it is further along: not linear.
        let eased = try KeyframeAnimation(keyframes: [a, b, c], timingFunctions: [.default], duration: 2)
        #expect(!pointsMatch(eased.shape(at: 0.25), 1e-6) { x[$0] + (y[$0] - x[$0]) / 4 })
        // Per interval: the second interval eased in, the first linear.
        let mixed = try KeyframeAnimation(keyframes: [a, b, c], timingFunctions: [.linear, .easeIn], duration: 2)
        #expect(mixed.shape(at: 0.5) == plain.shape(at: 0.5))
        let z = c.coordinates, e = TimingFunction.easeIn(0.5)
        #expect(pointsMatch(mixed.shape(at: 1.5), 1e-12) { y[$0] + (z[$0] - y[$0]) * e })
    }

    @Test func keyTimesPlaceTheKeyframes() throws {
        let keyed = try KeyframeAnimation(keyframes: [a, b, c], keyTimes: [0, 0.8, 1], duration: 1)
        #expect(keyed.shape(at: 0.8) == b)
        let (y, z) = (b.coordinates, c.coordinates)
        #expect(pointsMatch(keyed.shape(at: 0.9), 1e-12) { y[$0] + (z[$0] - y[$0]) * 0.5 })
    }

    @Test func discreteJumps() throws {
        let steps = try KeyframeAnimation(keyframes: [a, b, c], calculationMode: .discrete, duration: 3)
        #expect(steps.keyTimes == [0, 1.0 / 3, 2.0 / 3, 1])
        #expect(steps.shape(at: 0.99) == a && steps.shape(at: 1) == b && steps.shape(at: 1.01) == b && steps.shape(at: 2.5) == c)
        #expect(steps.shape(at: 3) == c && steps.shape(at: 99) == c)
        let keyed = try KeyframeAnimation(keyframes: [a, b, c], keyTimes: [0, 0.1, 0.2, 1], calculationMode: .discrete, duration: 1)
        #expect(keyed.shape(at: 0.05) == a && keyed.shape(at: 0.15) == b && keyed.shape(at: 0.5) == c)
        // Core Animation's rule: one more key time than keyframes.
        #expect(throws: FlingError.self) {
            _ = try KeyframeAnimation(keyframes: [a, b, c], keyTimes: [0, 0.5, 1], calculationMode: .discrete, duration: 1)
        }
    }

    @Test func pacedMovesAtConstantSpeed() throws {
        // Distances between keyframes as whole-path vectors: b − a and c − b.
        func distance(_ p: BezierPath, _ q: BezierPath) -> Double {
            zip(p.coordinates, q.coordinates).reduce(0.0) { $0 + ($1.1 - $1.0) * ($1.1 - $1.0) }.squareRoot()
        }
        let d1 = distance(a, b), d2 = distance(b, c)
        let paced = try KeyframeAnimation(
            keyframes: [a, b, c], keyTimes: [0, 0.9, 1], timingFunctions: [.easeIn], calculationMode: .paced, duration: 1)
        #expect(abs(paced.keyTimes[1] - d1 / (d1 + d2)) < 1e-15 && paced.keyTimes.first == 0 && paced.keyTimes.last == 1)
        // Key times and timing functions ignored: b is reached when its share of the way is done,
        // and the distance covered grows in proportion to the time.
        #expect(paced.shape(progress: paced.keyTimes[1]) == b)
        for k in 0...40 {
            let f = Double(k) / 40, s = paced.shape(progress: f)
            let travelled = f <= paced.keyTimes[1] ? distance(a, s) : d1 + distance(b, s)
            #expect(abs(travelled - f * (d1 + d2)) < 1e-9 * (d1 + d2), "progress \(f)")
        }
        // Nothing moves: spaced evenly.
        #expect(try KeyframeAnimation(keyframes: [a, a, a], calculationMode: .paced, duration: 1).keyTimes == [0, 0.5, 1])
    }

    /// The cubic mode against the Kochanek–Bartels formula written out here point by point.
    @Test func cubicIsAKochanekBartelsSpline() throws {
        let frames = [a, b, c, d]
        let (t, cc, bb) = ([0.2, -0.3, 0.5, 0.0], [0.0, 0.4, -0.5, 0.1], [0.1, 0.0, 0.3, -0.2])
        let spline = try KeyframeAnimation(
            keyframes: frames, calculationMode: .cubic, tension: t, continuity: cc, bias: bb, duration: 3)
        let p = frames.map(\.coordinates)
        for (interval, u) in [(0, 0.3), (1, 0.5), (2, 0.85)] {
            let i = interval
            let before = p[max(i - 1, 0)], p1 = p[i], p2 = p[i + 1], after = p[min(i + 2, 3)]
            // Hermite basis and the tangents of the spline's definition.
            let h00 = 2 * u * u * u - 3 * u * u + 1, h10 = u * u * u - 2 * u * u + u
            let h01 = -2 * u * u * u + 3 * u * u, h11 = u * u * u - u * u
            let shape = spline.shape(at: Double(i) + u)
            #expect(
                pointsMatch(shape, 1e-9) { k in
                    let out =
                        (1 - t[i]) * (1 + bb[i]) * (1 + cc[i]) / 2 * (p1[k] - before[k])
                        + (1 - t[i]) * (1 - bb[i]) * (1 - cc[i]) / 2 * (p2[k] - p1[k])
                    let into =
                        (1 - t[i + 1]) * (1 + bb[i + 1]) * (1 - cc[i + 1]) / 2 * (p2[k] - p1[k])
                        + (1 - t[i + 1]) * (1 - bb[i + 1]) * (1 + cc[i + 1]) / 2 * (after[k] - p2[k])
                    return h00 * p1[k] + h10 * out + h01 * p2[k] + h11 * into
                })
        }
        // It passes through every keyframe, and with no tension, continuity or bias it is
        // Catmull-Rom: the middle of an interval is (−p0 + 9 p1 + 9 p2 − p3) / 16.
        for (k, f) in frames.enumerated() { #expect(spline.shape(at: Double(k)) == f) }
        let catmull = try KeyframeAnimation(keyframes: frames, calculationMode: .cubic, duration: 3)
        #expect(pointsMatch(catmull.shape(at: 1.5), 1e-9) { k in (-p[0][k] + 9 * p[1][k] + 9 * p[2][k] - p[3][k]) / 16 })
        // Keyframes of another structure are refused.
        let square = try BezierPath(svg: "M 0 0 H 10 V 10 H 0 Z")
        #expect(throws: FlingError.self) { _ = try KeyframeAnimation(keyframes: [a, square], calculationMode: .cubic, duration: 1) }
        #expect(throws: FlingError.self) {
            _ = try KeyframeAnimation(keyframes: [a, b], calculationMode: .cubic, tension: [0], duration: 1)
        }
    }
}
