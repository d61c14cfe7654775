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
}
