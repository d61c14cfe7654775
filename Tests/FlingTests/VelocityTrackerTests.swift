import Testing
import Fling
@testable import FlingInteraction

@Suite struct VelocityTrackerTests {
    /// Flutter's own test accepts its tracker's result within 0.1 % of these values.
    @Test func matchesFlutterOnRealStrokes() throws {
        let strokes = try Fixture.flutterStrokes
        #expect(strokes.count == 13)
        let expected = try Fixture.text("flutter-expected-velocities.csv")
            .split(whereSeparator: \.isNewline).dropFirst().map { $0.split(separator: ",").map { Double($0)! } }
        #expect(expected.count == strokes.count)
        for row in expected {
            let stroke = try #require(strokes.first { $0.id == String(Int(row[0])) })
            let v = stroke.releaseVelocity
            #expect(abs(v.x - row[1]) <= abs(row[1]) * 0.001, "stroke \(stroke.id) vx \(v.x) vs \(row[1])")
            #expect(abs(v.y - row[2]) <= abs(row[2]) * 0.001, "stroke \(stroke.id) vy \(v.y) vs \(row[2])")
        }
    }

    @Test func tooFewSamplesGiveZero() {
        var tracker = VelocityTracker()
        tracker.add(time: 0, position: Vector(0, 0))
        tracker.add(time: 0.01, position: Vector(10, 0))
        #expect(tracker.velocity == .zero)
        tracker.add(time: 0.02, position: Vector(20, 0))
        #expect(abs(tracker.velocity.x - 1000) < 1e-6)
    }

    @Test func aPauseLongerThan40msForgetsEarlierMotion() {
        var tracker = VelocityTracker()
        for i in 0..<5 { tracker.add(time: Double(i) * 0.01, position: Vector(Double(i) * 10, 0)) }
        // Finger rests 50 ms, then two more samples: only 2 samples after the gap, so zero.
        tracker.add(time: 0.09, position: Vector(40, 0))
        tracker.add(time: 0.10, position: Vector(40, 0))
        #expect(tracker.velocity == .zero)
    }

    @Test func linearMotionIsRecoveredExactlyEnough() {
        var tracker = VelocityTracker()
        for i in 0..<30 { tracker.add(time: Double(i) / 120, position: Vector(3 + Double(i) * 5, 7 - Double(i) * 2.5)) }
        // Times are quantized to whole microseconds (1/120 s is not), hence 1e-5 relative.
        #expect(abs(tracker.velocity.x - 600) < 600e-5)
        #expect(abs(tracker.velocity.y + 300) < 300e-5)
    }

    /// A sample's time in whole microseconds is rounded half away from zero, as `rounded()`
    /// does, by the tracker's own integer rounding: the same integer for the halves, the
    /// neighbours of the halves, the largest magnitudes and seeded values across the range.
    @Test func sampleTimesRoundAsRoundedDoes() {
        var values: [Double] = [0, -0.0, 0.5, -0.5, 1.5, -1.5, 2.5, -2.5, 1e18, -1e18, 4_503_599_627_370_495.5, -4_503_599_627_370_495.5]
        for h in [0.5, 1.5, 2.5, 1e6 + 0.5] { values += [h.nextUp, h.nextDown, -h.nextUp, -h.nextDown] }
        var rng = SplitMix64(state: 0x7E57)
        for _ in 0..<100_000 {
            var magnitude = 1.0
            for _ in 0..<Int(rng.next() % 19) { magnitude *= 10 }
            values.append((rng.unit() * 2 - 1) * magnitude)
        }
        let differing = values.filter { VelocityTracker.rounded($0) != Int64($0.rounded()) }
        #expect(differing.isEmpty, "\(differing.prefix(5))")
        #expect(values.count > 100_000)
    }

    /// The tracker keeps only the samples an estimate can still read (8 inline, a ring of 20 for
    /// faster input); Flutter's tracker keeps a ring of 20 and walks it. Over seeded touch
    /// streams (30 to 480 Hz, jittered, with pauses past the 40 ms gap, samples exactly 100 ms
    /// apart, resets, repeated times) both give the same velocity, bit for bit, after every
    /// sample; and a tracker written to its snapshot form and read back goes on the same.
    @Test func keepingOnlyWhatAnEstimateReadsGivesFluttersBits() {
        var rng = SplitMix64(state: 0x7EAC)
        var compared = 0, nonzero = 0
        for stream in 0..<400 {
            var tracker = VelocityTracker(), ring = RingTracker()
            let rate = [30.0, 60, 90, 120, 240, 480][stream % 6]
            var t = Double(rng.next() % 1000) / 7
            for k in 0..<200 {
                switch rng.next() % 40 {
                case 0: t += 0.041 + rng.unit() * 0.1  // a pause past the gap
                case 1: t += 0.1  // exactly the horizon
                case 2: break  // the same time again
                case 3:
                    tracker.reset()
                    ring.reset()
                default: t += (1 + (rng.unit() - 0.5) * 0.4) / rate
                }
                let p = Vector(rng.unit() * 400, Double(k) * 3 + rng.unit())
                tracker.add(time: t, position: p)
                ring.add(time: t, position: p)
                if k % 50 == 49 {
                    let s = tracker.saved
                    tracker = VelocityTracker(newest: s.newest, count: s.count, samples: s.samples)
                }
                let v = tracker.velocity, u = ring.velocity
                #expect(
                    v.x.bitPattern == u.x.bitPattern && v.y.bitPattern == u.y.bitPattern, "stream \(stream) sample \(k): \(v) against \(u)")
                compared += 1
                if v != .zero { nonzero += 1 }
            }
        }
        #expect(compared == 80_000 && nonzero > 40_000)
        // What a finger holds: 8 samples inline, not a ring of 20 (496 bytes).
        #expect(MemoryLayout<VelocityTracker>.stride == 208)
    }

    /// The tracker's fit, written out for its three columns, gives the general solver's bits:
    /// over seeded samples (3 to 20 of them; ages over a few ms or a whole horizon, positions
    /// small, large or exact; repeated and all-equal times, whose columns are dependent) both
    /// agree on whether a fit exists and on both coefficients, bit for bit.
    @Test func theWrittenOutFitGivesTheGeneralSolversBits() {
        var rng = SplitMix64(state: 0x15AF)
        var fits = 0, degenerate = 0
        for trial in 0..<20_000 {
            let m = 3 + Int(rng.next() % 18)
            let span = [0.004, 0.1, 16.0, 100.0][trial % 4], scale = [1.0, 1e-3, 1e6, 400.0][(trial / 4) % 4]
            var t = [Double](repeating: 0, count: m), x = t, y = t
            for h in 0..<m {
                // Ages in milliseconds, newest first (as the tracker hands them), 0 first.
                switch rng.next() % 16 {
                case _ where h == 0: t[h] = 0
                case 0: t[h] = t[h - 1]  // a repeated time
                case 1: t[h] = -Double(h * 16)  // whole milliseconds
                default: t[h] = -(Double(h) + (rng.unit() - 0.5) * 0.5) * span / Double(m)
                }
                x[h] = (rng.unit() - 0.5) * scale
                y[h] = trial % 7 == 0 ? Double(h) * 3 : (rng.unit() - 0.5) * scale
            }
            if trial % 50 == 0 { for h in 0..<m { t[h] = -5 } }  // all at one time: no fit
            func fit(_ general: Bool) -> (Double, Double)? {
                var t = t, x = x, y = y
                return t.withUnsafeMutableBufferPointer { t in
                    x.withUnsafeMutableBufferPointer { x in
                        y.withUnsafeMutableBufferPointer { y in
                            general
                                ? FlutterLeastSquares.linearCoefficients(t: t, x: x, y: y, count: m)
                                : LeastSquares.linearCoefficients(t: t, x: x, y: y, count: m)
                        }
                    }
                }
            }
            let mine = fit(false), reference = fit(true)
            #expect(
                mine?.0.bitPattern == reference?.0.bitPattern && mine?.1.bitPattern == reference?.1.bitPattern,
                "trial \(trial), \(m) samples: \(String(describing: mine)) against \(String(describing: reference))")
            if reference == nil { degenerate += 1 } else { fits += 1 }
        }
        #expect(fits > 15_000 && degenerate >= 400)
    }

    /// The horizon and the gap compared in whole microseconds give Flutter's comparison in
    /// milliseconds: at and around 100 ms and 40 ms, and far beyond.
    @Test func theHorizonAndGapInMicrosecondsAreFluttersComparisons() {
        let ds: [Int64] =
            Array(39_990...40_010) + Array(99_990...100_010) + [
                0, 1, 1 << 40, 1 << 53, (1 << 53) + 1, 2_000_000_000_000_000_000, -1, -100_001, -2_000_000_000_000_000_000,
            ]
        for d in ds {
            #expect((d > VelocityTracker.horizonMicros) == (Double(d) / 1000 > VelocityTracker.horizon * 1000), "\(d)")
            #expect((d > VelocityTracker.maxGapMicros) == (Double(d) / 1000 > VelocityTracker.maxGap * 1000), "\(d)")
        }
    }
}

/// Flutter's tracker as it is written: a ring of 20 samples, walked back from the newest (the
/// reference the compact tracker is checked against).
private struct RingTracker {
    var samples = [TrackerSample](repeating: TrackerSample(time: 0, x: 0, y: 0), count: 20)
    var newest = -1, count = 0

    mutating func reset() { (newest, count) = (-1, 0) }

    mutating func add(time: Double, position: Vector) {
        newest = (newest + 1) % 20
        samples[newest] = TrackerSample(time: VelocityTracker.micros(time), x: position.x, y: position.y)
        count = min(count + 1, 20)
    }

    var velocity: Vector {
        guard count > 0 else { return .zero }
        var ts: [Double] = [], xs: [Double] = [], ys: [Double] = []
        let newestTime = samples[newest].time
        var previousTime = newestTime, index = newest
        while ts.count < count {
            let s = samples[index]
            let age = Double(newestTime - s.time) / 1000, gap = Double(abs(s.time - previousTime)) / 1000
            previousTime = s.time
            if age > 100 || gap > 40 { break }
            ts.append(-age)
            xs.append(s.x)
            ys.append(s.y)
            index = (index + 19) % 20
        }
        let m = ts.count
        guard m >= 3 else { return .zero }
        let v: (Double, Double)? = ts.withUnsafeMutableBufferPointer { t in
            xs.withUnsafeMutableBufferPointer { x in
                ys.withUnsafeMutableBufferPointer { y in FlutterLeastSquares.linearCoefficients(t: t, x: x, y: y, count: m) }
            }
        }
        guard let (vx, vy) = v else { return .zero }
        return Vector(vx * 1000, vy * 1000)
    }
}

/// Flutter's `LeastSquaresSolver` as it is written, for any degree (here 2): the reference the
/// tracker's solver, written out for three columns, is held to, bit for bit.
private enum FlutterLeastSquares {
    /// The coefficients `b` of `x ≈ a + b t + c t²` and of `y ≈ …` (weights 1) over the first `m`
    /// samples, or nil when the columns are (numerically) dependent.
    static func linearCoefficients(
        t: UnsafeMutableBufferPointer<Double>, x: UnsafeMutableBufferPointer<Double>, y: UnsafeMutableBufferPointer<Double>,
        count m: Int
    ) -> (Double, Double)? {
        let n = 3
        guard m >= n else { return nil }
        // a[j][h] = t_h^j at a[j * m + h]; q: orthonormal columns; r: upper triangular, a = q r.
        return withUnsafeTemporaryAllocation(of: Double.self, capacity: 2 * n * m + n * n + n) { w in
            let a = UnsafeMutableBufferPointer(rebasing: w[0..<(n * m)])
            let q = UnsafeMutableBufferPointer(rebasing: w[(n * m)..<(2 * n * m)])
            let r = UnsafeMutableBufferPointer(rebasing: w[(2 * n * m)..<(2 * n * m + n * n)])
            let b = UnsafeMutableBufferPointer(rebasing: w[(2 * n * m + n * n)..<(2 * n * m + n * n + n)])
            for h in 0..<m {
                a[h] = 1
                for j in 1..<n { a[j * m + h] = a[(j - 1) * m + h] * t[h] }
            }
            for k in 0..<(n * m) { q[k] = a[k] }
            for k in 0..<(n * n) { r[k] = 0 }
            for j in 0..<n {
                for i in 0..<j {
                    var dot = 0.0
                    for h in 0..<m { dot += q[j * m + h] * q[i * m + h] }
                    for h in 0..<m { q[j * m + h] -= dot * q[i * m + h] }
                }
                var norm = 0.0
                for h in 0..<m { norm += q[j * m + h] * q[j * m + h] }
                norm = norm.squareRoot()
                if norm < 1e-6 { return nil }
                for h in 0..<m { q[j * m + h] /= norm }
                for i in j..<n {
                    var dot = 0.0
                    for h in 0..<m { dot += q[j * m + h] * a[i * m + h] }
                    r[j * n + i] = dot
                }
            }
            // Solve r b = qᵀ y by back substitution, for each axis.
            func solve(_ y: UnsafeMutableBufferPointer<Double>) -> Double {
                for i in stride(from: n - 1, through: 0, by: -1) {
                    var v = 0.0
                    for h in 0..<m { v += q[i * m + h] * y[h] }
                    for j in stride(from: n - 1, to: i, by: -1) { v -= r[i * n + j] * b[j] }
                    b[i] = v / r[i * n + i]
                }
                return b[1]
            }
            let bx = solve(x)
            return (bx, solve(y))
        }
    }
}
