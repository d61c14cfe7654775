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
                ys.withUnsafeMutableBufferPointer { y in LeastSquares.linearCoefficients(t: t, x: x, y: y, count: m) }
            }
        }
        guard let (vx, vy) = v else { return .zero }
        return Vector(vx * 1000, vy * 1000)
    }
}
