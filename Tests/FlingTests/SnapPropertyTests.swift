import Foundation
import Testing
import Fling
@testable import FlingTesting
@testable import FlingCLIKit
@testable import FlingTestSupport

/// FlingTesting in snap scenes (issue 40): chat heads, with and without dynamics, given built in
/// or as a snap scene document, and a sun switch document. Sessions touch, drag, fling and tap the heads (and push them
/// where the scene has dynamics); the built-in properties hold on Fling's own backends; a
/// planted fault is found, shrunk and written as a snap scene document `fling replay` reads;
/// `fling check` takes the scenes.
@Suite struct SnapPropertyTests {
    /// The same seed gives the same session; the heads are released and tapped (the
    /// conversation opens), and the scene with dynamics gets pushes and field changes.
    @Test func snapSessionsTouchTheHeads() throws {
        let gen = Gen<TouchSession>.sessions(in: .chatHeadsWithDynamics)
        #expect(gen.generate(seed: 42) == gen.generate(seed: 42))
        #expect(gen.generate(seed: 42) != gen.generate(seed: 43))
        let sessions = (0..<30 as Range<UInt64>).map { gen.generate(seed: $0) }
        #expect(sessions.reduce(0) { $0 + $1.dynamicsCount } > 10 && sessions.map(\.touchCount).max() == 4)
        #expect((0..<30 as Range<UInt64>).allSatisfy { Gen<TouchSession>.sessions(in: .chatHeads).generate(seed: $0).dynamicsCount == 0 })
        // A test's own properties over the replay's Run: heads are released, the conversation opens.
        for (name, event) in [("no head is released", "released"), ("the conversation never opens", "opened")] {
            var check = PropertyCheck(
                scene: .chatHeads, properties: [Property(name) { run in !run.events.contains { $0.name == event } }], sessions: 30,
                seed: 2)
            check.shrinkBudget = 200
            let failure = try #require(try check.run().failure, "\(name) held in 30 sessions")
            #expect(failure.property == name && failure.shrunk.touchCount == 1 && failure.trace == nil, "\(failure.message)")
            #expect(failure.document.contains("\"kind\": \"chatHeads\""))
        }
    }

    /// On Fling's own backends every built-in property holds in the snap scenes, built in and
    /// read from a snap scene document with dynamics (pushes and a noise field).
    @Test func builtInPropertiesHoldInSnapScenes() throws {
        let heads = try PropertyCheck(scene: .chatHeads, sessions: 5, seed: 11, backend: .native).run()
        #expect(heads.passed && heads.sessionsPlayed == 5, "\(heads)")
        let walls = try PropertyCheck(scene: .chatHeadsWithDynamics, sessions: 5, seed: 12, backend: .native).run()
        #expect(walls.passed && walls.sessionsPlayed == 5, "\(walls)")
        let scene = try GestureScene(
            sceneDocument: try String(contentsOfFile: try fixturePath("scenes/heads-pushed.json"), encoding: .utf8))
        #expect(scene.heads?.heads.count == 2 && scene.heads?.dynamics.fields.count == 1 && !scene.isClosed)
        let pushed = try PropertyCheck(scene: scene, sessions: 3, seed: 13).run()
        #expect(pushed.passed && pushed.sessionsPlayed == 3, "\(pushed)")
        #expect(throws: FlingError.self) { try GestureScene(sceneDocument: "{}") }
        #expect(throws: FlingError.self) {
            try GestureScene(sceneDocument: try String(contentsOfFile: try fixturePath("scenes/bubbles-taps.json"), encoding: .utf8))
        }
        // A sun switch document: its knob dragged, flung and tapped across the track.
        let sun = try GestureScene(
            sceneDocument: try String(contentsOfFile: try fixturePath("scenes/switch-tap-pull-flick.json"), encoding: .utf8))
        let toggles = try PropertyCheck(scene: sun, sessions: 4, seed: 14, backend: .native).run()
        #expect(sun.snap != nil && sun.heads == nil && toggles.passed && toggles.sessionsPlayed == 4, "\(toggles)")
    }

    /// A planted fault that breaks a snap run (a release one ulp off on this backend alone; a
    /// wall sweep that never lets a head rest) is found by the default check and shrunk to one
    /// finger or none and one head; the snap scene document written names the property, the
    /// seed and the tick, reads back, replays with `fling replay`, and still fails on the faulty
    /// backend, where no smaller session does.
    @Test(arguments: [PlantedFaultBackend.Fault.releaseUlp, .frozenSweep])
    func plantedFaultIsFoundInSnapScene(_ fault: PlantedFaultBackend.Fault) throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("fling-snap-faults-\(fault.rawValue)-\(getpid())").path
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let check = FaultsCommand.check(fault, out: dir, snap: true)
        let failure = try #require(try check.run().failure, "\(fault) not found in chat heads")
        #expect(failure.property == (fault == .releaseUlp ? "sameOnEveryBackend" : "settles"), "\(failure.message)")
        #expect(failure.shrunk.touchCount <= 1 && failure.shrunk.sampleCount < failure.original.sampleCount, "\(failure.shrunk.summary)")
        let tick = try #require(failure.tick)
        #expect(failure.message.contains("property \(failure.property) failed at tick \(tick), item "), "\(failure.message)")
        let path = try #require(failure.path)
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(text == failure.document && text.contains("\"format\": \"fling-scene\"") && text.contains("\"expected\""))
        let read = try GestureScene(sceneDocument: text)
        #expect(read.heads?.heads == failure.shrunk.scene.heads?.heads)
        #expect(text.contains("\(failure.property) failed at tick \(tick)") && text.contains("seed 1"))
        // Without Chipmunk, native's run has no peer to be compared with: say that is intended.
        let allow = BackendKind.available.contains(.chipmunk) ? [] : ["--allow-uncompared-run"]
        let replay = FlingCommand.run(["replay", path, "--backend", "native"] + allow)
        #expect(failure.message.contains("fling replay \(path) --backend ") && allow.allSatisfy(failure.message.contains))
        #expect(replay.status == 0, "\(replay.stderr)")
        // Shrunk to one head, still failing, and a local minimum: no smaller candidate fails.
        #expect(failure.shrunk.scene.heads?.heads.count == 1, "\(failure.shrunk.summary)")
        let property = try #require(Property.builtIn.first { $0.name == failure.property })
        #expect(try check.firstFailure(failure.shrunk, [property]) != nil)
        for candidate in PropertyCheck.candidates(failure.shrunk) where candidate != failure.shrunk {
            #expect((try? check.firstFailure(candidate, [property])) == nil, "\(candidate.summary) still fails")
        }
    }

    /// `fling check` takes a snap scene document or `--scene chat-heads…`, `sun-switch`.
    @Test func flingCheckTakesSnapScenes() throws {
        let doc = FlingCommand.run(["check", try fixturePath("scenes/heads-press.json"), "--sessions", "2", "--seed", "5"])
        #expect(
            doc.status == 0 && doc.stdout.contains("check: 2 sessions (") && doc.stdout.contains(" of heads-press.json"), "\(doc.stderr)")
        let builtIn = FlingCommand.run(["check", "--scene", "chat-heads-dynamics", "--sessions", "2", "--properties", "finite,staysInRoom"])
        #expect(builtIn.status == 0 && builtIn.stdout.contains("every property held"), "\(builtIn.stderr)")
        let sun = FlingCommand.run(["check", "--scene", "sun-switch", "--sessions", "2", "--seed", "3"])
        #expect(sun.status == 0 && sun.stdout.contains("check: 2 sessions (") && sun.stdout.contains(" of sun-switch"), "\(sun.stderr)")
        let moon = FlingCommand.run(["check", "--scene", "moon"])
        #expect(moon.status == 2 && moon.stderr.contains("chat-heads-dynamics"), "\(moon.stderr)")
    }
}
