import Testing
import Fling

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
}
