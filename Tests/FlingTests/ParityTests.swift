#if Chipmunk
import Testing
import Fling

/// Compares two runs tick by tick; returns a description of the first difference.
func firstDifference(_ a: Run.Result, _ b: Run.Result) -> String? {
    guard a.ticks.count == b.ticks.count else { return "tick counts differ: \(a.ticks.count) vs \(b.ticks.count)" }
    for (k, (ta, tb)) in zip(a.ticks, b.ticks).enumerated() {
        guard ta.map(\.0) == tb.map(\.0) else { return "tick \(k): live tiles \(ta.map(\.0)) vs \(tb.map(\.0))" }
        for ((id, sa), (_, sb)) in zip(ta, tb) where !sa.isBitwiseEqual(to: sb) {
            let fields: [(String, Double, Double)] = [
                ("position.x", sa.position.x, sb.position.x), ("position.y", sa.position.y, sb.position.y),
                ("angle", sa.angle, sb.angle), ("velocity.x", sa.velocity.x, sb.velocity.x),
                ("velocity.y", sa.velocity.y, sb.velocity.y), ("angularVelocity", sa.angularVelocity, sb.angularVelocity),
            ]
            let (name, x, y) = fields.first { $0.1.bitPattern != $0.2.bitPattern }!
            return "tick \(k), \(id), \(name): \(x) (\(String(x.bitPattern, radix: 16))) vs \(y) (\(String(y.bitPattern, radix: 16)))"
        }
    }
    guard a.events == b.events else { return "life-cycle events differ" }
    return nil
}

@Suite struct ParityTests {
    /// 500 seeded scenarios of 630 ticks: the native backend must equal Chipmunk bit for bit
    /// at every tick, in every field, and report the same life-cycle events.
    @Test(arguments: 0..<10)
    func nativeEqualsChipmunkOnRandomScenarios(batch: Int) throws {
        var ticks = 0
        var seen: [String: Int] = [:]
        for seed in UInt64(batch * 50)..<UInt64(batch * 50 + 50) {
            let run = randomScenario(seed: seed)
            let chipmunk = try run.play(on: .chipmunk)
            let native = try run.play(on: .native)
            #expect(chipmunk.ticks.count >= 600)
            if let diff = firstDifference(chipmunk, native) {
                Issue.record("seed \(seed): \(diff)")
                return
            }
            #expect(chipmunk.digest == native.digest)
            ticks += chipmunk.ticks.count
            for tile in run.tiles.map(\.id) {
                var moving = false
                for kind in chipmunk.events.kinds(of: tile) {
                    switch kind {
                    case .grabbed: seen[moving ? "re-grab of a moving tile" : "grab", default: 0] += 1; moving = true
                    case .released(let outcome, _, let cancelled):
                        seen[cancelled ? "cancel" : outcome.rawValue, default: 0] += 1
                    case .settled: seen["settle", default: 0] += 1; moving = false
                    case .culled: seen["cull", default: 0] += 1; moving = false
                    }
                }
            }
        }
        #expect(ticks >= 50 * 600)
        // The scenarios really exercise every path of the life cycle.
        for path in ["grab", "re-grab of a moving tile", "cancel", "attract", "fall", "settle", "cull"] {
            #expect(seen[path, default: 0] > 0, "batch \(batch) never had a \(path): \(seen.sorted { $0.key < $1.key })")
        }
    }

    /// All worlds in one shared `cpSpace` (the benchmark's `chipmunk-shared`) give the same
    /// bits as one space per world: the worlds really are independent.
    @Test func sharedSpaceEqualsSpacePerWorld() throws {
        for seed in UInt64(1000)..<1050 {
            let run = randomScenario(seed: seed)
            let perWorld = try run.play(on: .chipmunk)
            let shared = try run.play(on: .chipmunkShared)
            if let diff = firstDifference(perWorld, shared) {
                Issue.record("seed \(seed): \(diff)")
                return
            }
        }
    }

    /// Every real recorded stroke, as a one-tile scene, on both backends.
    @Test func nativeEqualsChipmunkOnRecordedStrokes() throws {
        for stroke in try Fixture.flutterStrokes {
            let t0 = stroke.samples[0].time
            var run = Run()
            run.tiles = [TileDefinition(id: 1, frame: Rect(center: stroke.samples[0].position, width: 160, height: 160))]
            run.events = stroke.samples.map {
                TouchEvent(time: $0.time - t0, touch: 1, phase: $0.phase, position: $0.position)
            }
            run.duration = 4
            let chipmunk = try run.play(on: .chipmunk)
            let native = try run.play(on: .native)
            #expect(firstDifference(chipmunk, native) == nil, "stroke \(stroke.id): \(firstDifference(chipmunk, native) ?? "")")
            #expect(chipmunk.events.contains { $0.kind.releaseOutcome != nil }, "stroke \(stroke.id) released")
        }
    }
}
#endif
