import Foundation
import Testing
import Fling
import FlingTraces
@testable import FlingTesting
@testable import FlingCLIKit
@testable import FlingTestSupport

/// FlingTesting (issue 40): generated sessions are reproducible and shaped like real use; the
/// built-in properties hold on Fling's own backends; each planted fault is found by the default
/// check within its budget and shrunk to at most two fingers, written as a trace that reads back
/// and still fails; a test's own properties work; `fling check` runs, fails and refuses as
/// documented.
@Suite struct GesturePropertyTests {
    /// The same seed gives the same session; sessions hold taps, drags and fast flings, several
    /// fingers, cancels, late and mid-frame touches, frames at several rates, and in the room
    /// pushes and field changes.
    @Test func generatedSessionsAreReproducibleAndVaried() {
        let gen = Gen<TouchSession>.sessions(in: .room)
        #expect(gen.generate(seed: 42) == gen.generate(seed: 42))
        #expect(gen.generate(seed: 42) != gen.generate(seed: 43))
        var fastest = 0.0, fingers = 0, cancels = 0, late = 0, midFrame = 0, dynamics = 0
        var intervals: Set<Int> = []  // membership and count only
        for seed in 0..<60 as Range<UInt64> {
            let s = gen.generate(seed: seed)
            fingers = max(fingers, s.touchCount)
            dynamics += s.dynamicsCount
            var last: [TouchID: TouchEvent] = [:]  // looked up only
            var frame = 0.0, previousFrame = 0.0
            for a in s.actions {
                switch a {
                case .displayFrame(let t):
                    intervals.insert(Int((1 / (t - frame)).rounded()))
                    previousFrame = frame
                    frame = t
                case .touch(let e):
                    if e.phase == .cancelled { cancels += 1 }
                    if e.time < frame { late += 1 } else if e.time > previousFrame { midFrame += 1 }
                    if let p = last[e.touch], e.time > p.time {
                        fastest = max(fastest, (e.position - p.position).length / (e.time - p.time))
                    }
                    last[e.touch] = e
                default: break
                }
            }
        }
        #expect(fastest > 10_000 && fastest < 40_000, "fastest stroke \(fastest) pt/s")
        #expect(fingers >= 3 && cancels > 0 && late > 0 && midFrame > 0 && dynamics > 20)
        #expect(intervals.count > 20, "display intervals: \(intervals.count) distinct rates")
    }

    /// The combinators draw in a fixed order: the same seed, the same values.
    @Test func generatorsCompose() {
        let g = Gen.zip(Gen.double(in: 0...1).map { $0 * 10 }, Gen.int(in: 1...3).flatMap { n in Gen.bool().array(count: n...n) })
        let a = g.generate(seed: 9), b = g.generate(seed: 9)
        #expect(a.0 == b.0 && a.1 == b.1 && (0...10).contains(a.0) && (1...3).contains(a.1.count))
        let pick = Gen.oneOf([Gen.always(1), Gen.always(2)]).array(count: 50...50).generate(seed: 3)
        #expect(Set(pick) == [1, 2])
        let fling = Gen<Gesture>.fling(from: Vector(100, 100)).generate(seed: 5)
        #expect(fling.samples.first?.phase == .began && fling.samples.count >= 3)
        #expect([.ended, .cancelled].contains(fling.samples.last?.phase))
    }

    /// On Fling's own backends every built-in property holds (platform arithmetic: Chipmunk,
    /// both layouts, equal native where the build has it).
    @Test func builtInPropertiesHoldOnFlingsBackends() throws {
        let room = try PropertyCheck(scene: .room, sessions: 6, seed: 11, backend: .native).run()
        #expect(room.passed && room.sessionsPlayed == 6, "\(room)")
        let tiles = try PropertyCheck(scene: .photoTiles, sessions: 6, seed: 12).run()
        #expect(tiles.passed && tiles.sessionsPlayed == 6, "\(tiles)")
    }

    /// Each planted fault is found by the default check (every built-in property, 100
    /// sessions) and shrunk to at most two fingers; the trace written names the property, the
    /// seed and the tick, reads back, and still fails the property on the faulty backend.
    @Test(arguments: PlantedFaultBackend.Fault.allCases)
    func plantedFaultIsFoundAndShrunk(_ fault: PlantedFaultBackend.Fault) throws {
        let expected: [PlantedFaultBackend.Fault: String] = [
            .frozenSweep: "settles", .releaseUlp: "sameOnEveryBackend", .forgetfulRestore: "restoreContinues",
        ]
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("fling-faults-\(fault.rawValue)-\(getpid())").path
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let check = FaultsCommand.check(fault, out: dir)
        let report = try check.run()
        let failure = try #require(report.failure, "\(fault) not found: \(report)")
        #expect(failure.property == expected[fault], "\(failure.message)")
        #expect(failure.shrunk.touchCount <= 2 && failure.shrunk.sampleCount <= 6, "\(failure.shrunk.summary)")
        #expect(failure.shrunk.sampleCount < failure.original.sampleCount && failure.shrinkSteps > 0)
        let tick = try #require(failure.tick)
        #expect(failure.message.contains("property \(failure.property) failed at tick \(tick)") && failure.message.contains("seed 1"))
        let path = try #require(failure.path)
        let read = try Trace(json: Array(try String(contentsOfFile: path, encoding: .utf8).utf8))
        #expect(read.notes?.contains("\(failure.property) failed at tick \(tick)") == true && read.name?.contains("seed 1") == true)
        // The shrunk session still fails, and is a local minimum: no smaller candidate does.
        let property = try #require(Property.builtIn.first { $0.name == failure.property })
        #expect(try check.firstFailure(failure.shrunk, [property]) != nil)
        for candidate in PropertyCheck.candidates(failure.shrunk) where candidate != failure.shrunk {
            #expect((try? check.firstFailure(candidate, [property])) == nil, "\(candidate.summary) still fails")
        }
    }

    /// A test's own properties: a Bool over the run, and a throwing check that says where.
    @Test func userPropertiesFailAndShrink() throws {
        let neverCulled = Property("no tile is culled") { run in !run.events.contains { $0.name == "culled" } }
        var check = PropertyCheck(scene: .photoTiles, properties: [neverCulled], sessions: 30, seed: 2)
        check.shrinkBudget = 300
        let failure = try #require(try check.run().failure)
        #expect(failure.property == "no tile is culled" && failure.shrunk.touchCount == 1, "\(failure.message)")
        let below = Property("tiles stay above y 700") { run throws in
            for k in 0..<run.stepCount {
                for item in run.items(atStep: k) where (item.value("y") ?? 0) > 700 {
                    throw PropertyViolation("y is \(item.value("y")!)", tick: k, item: item.id)
                }
            }
        }
        check.properties = [below]
        let f = try #require(try check.run().failure)
        #expect(f.tick != nil && f.item != nil && f.message.contains("tiles stay above y 700 failed at tick"), "\(f.message)")
        let holds = try PropertyCheck(properties: [Property("always") { _ in true }], sessions: 3).run()
        #expect(holds.passed && holds.sessionsPlayed == 3)
    }

    /// A failing Bool property names the first tick it fails at and the tile it fails for
    /// (issue 47 item 6), and a failure without an output directory names no file it did not
    /// write.
    @Test func aBoolPropertyNamesWhereItFails() throws {
        let noneFalls = Property("no tile falls") { run in
            !run.events.contains { $0.name == "released" && $0.detail.contains("fall") }
        }
        var check = PropertyCheck(scene: .photoTiles, properties: [noneFalls], sessions: 30, seed: 3)
        check.shrinkBudget = 200
        let failure = try #require(try check.run().failure)
        let tick = try #require(failure.tick, "\(failure.message)")
        let item = try #require(failure.item, "\(failure.message)")
        #expect(failure.message.contains("no tile falls failed at tick \(tick), tile \(item)"), "\(failure.message)")
        // The release it names is the first that falls, at that tick, of that tile.
        let run = try failure.shrunk.play(settleBudget: 10) { (n) throws(FlingError) in
            try BackendKind.nativePortable.make(solverIterations: n)
        }
        guard case .trace(let trace) = run.recording else { Issue.record("not a trace"); return }
        let make: ReplayOptions.MakeBackend = { (n) throws(FlingError) in try BackendKind.nativePortable.make(solverIterations: n) }
        let events = try trace.play(ReplayOptions(makeBackend: make, keepsSteps: true)).run.events
        let first = try #require(events.first { $0.name == "released" && $0.detail.contains("fall") })
        #expect(first.step == tick && first.id == item, "\(first) against tick \(tick), tile \(item)")
        #expect(failure.path == nil && !failure.replayCommand.contains(".json"), "\(failure.replayCommand)")
        #expect(failure.replayCommand.contains("it was not written"), "\(failure.replayCommand)")
    }

    /// At a settled event's frame the run reads the tile where it settled: a settled tile ends
    /// exactly at home, written as a property, holds.
    @Test func aSettledTileEndsExactlyAtHome() throws {
        let home = Property("a settled tile ends exactly at home") { run throws in
            for e in run.events where e.name == "settled" {
                let tile = try #require(run.items(atStep: e.step).first { $0.id == e.id })
                let definition = try #require(GestureScene.photoTiles.tiles.first { $0.id.rawValue == e.id })
                guard tile.value("x") == definition.origin.x, tile.value("y") == definition.origin.y, tile.value("angle") == 0 else {
                    throw PropertyViolation("settled at \(tile.values)", tick: e.step, item: e.id)
                }
            }
        }
        var check = PropertyCheck(scene: .photoTiles, properties: [home], sessions: 12, seed: 4)
        check.shrinks = false
        let report = try check.run()
        #expect(report.passed, "\(report)")
        // Not vacuous: the sessions settled tiles (the property looked at some).
        let settling = Property("nothing settles") { run in !run.events.contains { $0.name == "settled" } }
        check.properties = [settling]
        #expect(try check.run().failure != nil, "no session of the check settled a tile")
    }

    /// `fling check`: passes on Fling, fails (status 1) on a property that does not hold, and
    /// refuses bad arguments and documents with what and where.
    @Test func flingCheckCommand() throws {
        let ok = FlingCommand.run(["check", try fixturePath("traces/two-fingers.json"), "--sessions", "3", "--seed", "5"])
        #expect(
            ok.status == 0 && ok.stdout.contains("check: 3 sessions (") && ok.stdout.contains(" of two-fingers.json")
                && ok.stdout.contains("every property held"),
            "\(ok.stderr)")
        for bad in [["--sessions", "-1"], ["--scene", "moon"], ["--seed", "x"], ["--properties", "finite,nope"], ["--bogus"]] {
            let r = FlingCommand.run(["check"] + bad)
            #expect(r.status == 2 && r.stderr.contains("fling: "), "\(bad): \(r.stderr)")
        }
        let scene = FlingCommand.run(["check", try fixturePath("scenes/bubbles-taps.json"), "--sessions", "1"])
        #expect(scene.status == 1 && scene.stderr.contains("reads a trace document"), "\(scene.stderr)")
        #expect(throws: FlingError.self) { try GestureScene(trace: try SyntheticTraces.flutterStrokes(), session: 99) }
        #expect(FlingCommand.run(["help", "check"]).stdout.contains("USAGE: fling check"))
    }
}
