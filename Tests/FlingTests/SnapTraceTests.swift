import Fling
import Foundation
@testable import FlingCLIKit
import Testing
@testable import FlingTraces

/// The snap scene fixtures: how each was made (a live run, recorded), and its pinned digests
/// (portable arithmetic: the same on every machine): the per-sample digest, the samples, and
/// the snap animator's tick digest and tick count.
enum SnapFixtures {
    static let pins: [(file: String, samples: Int, digest: UInt64, ticks: Int, tickDigest: UInt64)] = [
        ("heads-throw-edges.json", 181, 0x7c93_d8d2_7b6e_14b4, 180, 0x5321_c795_cec0_c8ab),
        ("heads-slow-drop.json", 211, 0x6b93_aa99_2a28_c0b4, 210, 0x092f_e61e_79eb_964b),
        ("heads-press.json", 271, 0x9831_69d8_d1a4_8aa8, 270, 0x8b0c_776b_8b84_9722),
        ("switch-tap-pull-flick.json", 271, 0x3c0c_e0bf_ce55_1d8a, 270, 0xc42d_8e91_67c6_6154),
        ("heads-demo.json", 511, 0x7aa6_67dc_2c7a_2a65, 510, 0x1c37_350d_9ff2_de69),
        ("heads-demo-first-bounce.json", 511, 0x3b30_ee81_f9a1_e553, 510, 0x1501_81ff_0f4d_6e67),
        ("heads-pushed.json", 241, 0xb91d_1079_50c5_8100, 240, 0x4c2c_9aa9_5411_5e11),
    ]

    /// One head on each side; the left one thrown right, the right one thrown left, by two
    /// fingers at once.
    static func throwEdges(_ kind: BackendKind) throws -> (ChatHeads, [TouchEvent], Double) {
        let heads = try ChatHeads(
            heads: [(1, Vector(18, 300)), (2, Vector(372, 500))],
            configuration: ChatHeads.Configuration(screen: phone, safeBand: 47...810), backend: try kind.make())
        let events =
            (throwEvents(touch: 1, from: Vector(18, 300), velocity: Vector(1400, -300))
            + throwEvents(touch: 2, from: Vector(372, 500), velocity: Vector(-2200, 400), start: 0.15)).sorted { $0.time < $1.time }
        return (heads, events, 3)
    }

    /// One head dragged slowly from the left edge to just left of the middle and let go.
    static func slowDrop(_ kind: BackendKind) throws -> (ChatHeads, [TouchEvent], Double) {
        let heads = try ChatHeads(
            heads: [(1, Vector(18, 300))],
            configuration: ChatHeads.Configuration(screen: phone, safeBand: 47...810), backend: try kind.make())
        var events = [TouchEvent(time: 0.1, touch: 1, phase: .began, position: Vector(18, 300))]
        for s in 1...60 {
            events.append(
                TouchEvent(time: 0.1 + Double(s) / 60, touch: 1, phase: .moved, position: Vector(18 + 2.9 * Double(s), 300 + Double(s))))
        }
        events.append(TouchEvent(time: 1.5, touch: 1, phase: .ended, position: Vector(192, 360)))
        return (heads, events, 3.5)
    }

    /// Three heads: a press on the second opens the conversation, a second press closes it.
    static func press(_ kind: BackendKind) throws -> (ChatHeads, [TouchEvent], Double) {
        let heads = try threeHeads(on: kind)
        return (heads, tap(1, at: Vector(20, 300), time: 0.2) + tap(2, at: Vector(216, 85), time: 2.2), 4.5)
    }

    /// A switch tapped on, pulled back past the off end and let go (off), then flicked on.
    static func switchRun(_ kind: BackendKind) throws -> (SunSwitch, [TouchEvent], Double) {
        let s = try SunSwitch(configuration: SunSwitchTests.config, backend: try kind.make())
        var events = tap(1, at: Vector(100, 300), time: 0.1)
        events.append(TouchEvent(time: 1.2, touch: 2, phase: .began, position: Vector(160, 300)))
        for n in 1...30 {
            events.append(TouchEvent(time: 1.2 + Double(n) / 60, touch: 2, phase: .moved, position: Vector(160 - 3.5 * Double(n), 305)))
        }
        events.append(TouchEvent(time: 2.0, touch: 2, phase: .ended, position: Vector(55, 305)))
        events.append(TouchEvent(time: 3.0, touch: 3, phase: .began, position: Vector(100, 300)))
        for n in 1...5 {
            events.append(TouchEvent(time: 3.0 + Double(n) / 120, touch: 3, phase: .moved, position: Vector(100 + 8 * Double(n), 300)))
        }
        events.append(TouchEvent(time: 3.05, touch: 3, phase: .ended, position: Vector(140, 300)))
        return (s, events, 4.5)
    }

    /// Records the chat heads fixture `file` live at 60 Hz on `kind`: the document (unpinned),
    /// and the live tick digest and ticks.
    static func recordHeads(_ file: String, on kind: BackendKind, hz: Double = 60) throws
        -> (SceneDocument<ChatHeadsScene>, StateDigest, Int)
    {
        if file == "heads-pushed.json" { return try DynamicsFixtures.recordPushedHeads(on: kind, hz: hz) }
        let name = String(file.dropLast(5))
        let (heads, events, duration) =
            try file == "heads-throw-edges.json"
            ? throwEdges(kind)
            : file == "heads-slow-drop.json"
                ? slowDrop(kind)
                : file.hasPrefix("heads-demo") ? demo(kind, firstBounce: file.contains("first-bounce")) : press(kind)
        let recorder = try SceneRecorder(recording: heads)
        try drive({ try heads.handle($0) }, { try heads.advance(to: $0) }, events: events, duration: duration, hz: hz)
        return (try recorder.document(name: name), heads.animator.digest, heads.animator.clock.ticks)
    }

    /// Records the sun switch fixture live at 60 Hz on `kind`.
    static func recordSwitch(on kind: BackendKind, hz: Double = 60) throws -> (SceneDocument<SunSwitchScene>, StateDigest, Int) {
        let (s, events, duration) = try switchRun(kind)
        let recorder = try SceneRecorder(recording: s)
        try drive({ try s.handle($0) }, { try s.advance(to: $0) }, events: events, duration: duration, hz: hz)
        return (try recorder.document(name: "switch-tap-pull-flick"), s.animator.digest, s.animator.clock.ticks)
    }
}

@Suite struct SnapTraceTests {
    /// Each fixture is the recording of its live run (with the pins), replays to its pinned
    /// digests in-process and through `fling replay`, and reads back from its JSON unchanged.
    @Test(arguments: SnapFixtures.pins.map(\.file))
    func fixturesAreTheirRecordingsAndReplayToTheirPins(file: String) throws {
        if file == "switch-tap-pull-flick.json" {
            let (recorded, digest, ticks) = try SnapFixtures.recordSwitch(on: .nativePortable)
            try check(recorded, file: file, liveDigest: digest, liveTicks: ticks)
        } else {
            let (recorded, digest, ticks) = try SnapFixtures.recordHeads(file, on: .nativePortable)
            try check(recorded, file: file, liveDigest: digest, liveTicks: ticks)
        }
    }

    /// The public recorder (what an app records with) writes the document the typed one does,
    /// and what it writes reads back and replays to the live run's tick digest, as SNAP.md and
    /// the recorder's documentation say; its documented example runs and reads back too.
    @Test(arguments: ["heads-throw-edges.json", "switch-tap-pull-flick.json"])
    func anAppRecordsAScene(file: String) throws {
        let typed =
            try file.hasPrefix("switch")
            ? SnapFixtures.recordSwitch(on: .nativePortable).0.json
            : SnapFixtures.recordHeads(file, on: .nativePortable).0.json
        let json: String, liveDigest: StateDigest, liveTicks: Int
        if file.hasPrefix("switch") {
            let (s, events, duration) = try SnapFixtures.switchRun(.nativePortable)
            let recorder = try SnapSceneRecorder(recording: s)
            try drive({ try s.handle($0) }, { try s.advance(to: $0) }, events: events, duration: duration, hz: 60)
            (json, liveDigest, liveTicks) = (
                try recorder.document(name: "switch-tap-pull-flick").json, s.animator.digest, s.animator.clock.ticks
            )
        } else {
            let (heads, events, duration) = try SnapFixtures.throwEdges(.nativePortable)
            let recorder = try SnapSceneRecorder(recording: heads)
            try drive({ try heads.handle($0) }, { try heads.advance(to: $0) }, events: events, duration: duration, hz: 60)
            (json, liveDigest, liveTicks) = (
                try recorder.document(name: "heads-throw-edges").json, heads.animator.digest, heads.animator.clock.ticks
            )
        }
        #expect(json == typed)
        let read = try Documents.read(Array(json.utf8))
        #expect(read.json == json && type(of: read).kind.format == "fling-scene")
        let make = { (n: Int) throws(FlingError) -> any PhysicsBackend in try BackendKind.nativePortable.make(solverIterations: n) }
        let replay = try read.play(ReplayOptions(makeBackend: make))
        let tickDigest =
            try file.hasPrefix("switch")
            ? SceneDocument<SunSwitchScene>(json: json).replay(keepsSteps: false, makeBackend: make).tickDigest
            : SceneDocument<ChatHeadsScene>(json: json).replay(keepsSteps: false, makeBackend: make).tickDigest
        #expect(tickDigest == liveDigest, "the replay of the public recorder's document is the live run")
        #expect(replay.run.stepCount > 1 && liveTicks > 100)
        // The documented example: a throw, recorded, read back and replayed.
        let example = try Documents.read(Array(try recordedThrow().utf8))
        #expect(example.name == "a throw")
        let played = try example.play(ReplayOptions(makeBackend: { n throws(FlingError) in try NativeBackend(solverIterations: n) }))
        #expect(played.run.events.contains { $0.name == "released" }, "\(played.run.events.prefix(5))")
    }

    func check<Scene: SampledScene>(_ recorded: SceneDocument<Scene>, file: String, liveDigest: StateDigest, liveTicks: Int) throws {
        let pin = try #require(SnapFixtures.pins.first { $0.file == file })
        let pinned = try recorded.pinned(makeBackend: { n throws(FlingError) in try BackendKind.nativePortable.make(solverIterations: n) })
        let text = try Fixture.text("scenes/\(file)")
        let fixture = try SceneDocument<Scene>(json: text)
        #expect(fixture == pinned)
        #expect(fixture.json == text)
        #expect(fixture.expected == SceneExpectation(samples: pin.samples, digest: StateDigest(value: pin.digest)))
        for kind in backends {
            let r = try fixture.replay(keepsSteps: false, makeBackend: { n throws(FlingError) in try kind.make(solverIterations: n) })
            if kind.arithmetic == .portable {
                try r.verify()
                // The replay contract: the live run's tick digest, tick for tick.
                #expect(r.tickDigest == liveDigest && r.ticks == liveTicks)
                #expect(r.tickDigest?.value == pin.tickDigest && r.ticks == pin.ticks && r.digest.value == pin.digest)
            } else {
                // Portable pins cannot be compared with platform bits: the check refuses to pass.
                #expect(r.pins.compared == 0)
                #expect(throws: FlingError.self) { try r.verify() }
            }
        }
        // Native and Chipmunk (or, built without it, native on 2 threads) agree on the same
        // machine, sample for sample: always two runs compared.
        let runs = try BackendChoice.platformPair.map { choice in
            try fixture.play(ReplayOptions(makeBackend: choice.make), title: choice.description).run
        }
        #expect(runs.count == 2)
        for run in runs.dropFirst() { expectSameRun(run, runs[0], file) }
        let cli = FlingCommand.run(["replay", try fixturePath("scenes/\(file)"), "--backend", "native-portable"])
        #expect(cli.status == 0 && cli.stdout.hasSuffix("digest \(StateDigest(value: pin.digest).hex) samples \(pin.samples)\n"))
        let svg = FlingCommand.run(["render", try fixturePath("scenes/\(file)"), "--svg", "-"])
        #expect(svg.status == 0 && svg.stdout.contains("<polyline class=\"path\""))
    }

    /// Each fixture shows what its name says.
    @Test func fixturesShowWhatTheirNamesSay() throws {
        func replay<Scene: SampledScene>(_ file: String, as: Scene.Type = ChatHeadsScene.self) throws -> SceneReplay<Scene> {
            try SceneDocument<Scene>(json: try Fixture.text("scenes/\(file)"))
                .replay(makeBackend: { n throws(FlingError) in try BackendKind.nativePortable.make(solverIterations: n) })
        }
        func last<Scene: SampledScene>(_ r: SceneReplay<Scene>) -> [SnapItemState] where Scene.Frame == SnapFrame {
            r.frames.last?.items ?? []
        }
        let edges = last(try replay("heads-throw-edges.json"))
        #expect(edges[0].state.position.x == 372 && edges[1].state.position.x == 18)
        let drop = try replay("heads-slow-drop.json")
        // Let go at x ≈ 192, just left of the middle (195), still drifting right at about
        // 170 pt/s: the projection (0.499 s of that velocity) is right of the middle, so it
        // rests on the right edge.
        #expect(last(drop)[0].state.position.x == 372)
        #expect(drop.events.contains { $0.contains("released vx") })
        let press = try replay("heads-press.json")
        #expect(press.events.filter { $0.contains("opened the conversation") }.count == 1)
        #expect(press.events.filter { $0.contains("closed back") }.count == 1)
        #expect(last(press).prefix(3).map(\.state.position) == [Vector(18, 200), Vector(18, 300), Vector(372, 400)])
        let toggles = try replay("switch-tap-pull-flick.json", as: SunSwitchScene.self).events.filter { $0.contains("toggled") }
        #expect(toggles.map { $0.hasSuffix("on") } == [true, false, true])
    }

    /// A live run at irregular display frames replays (at 60 Hz samples) to the same ticks.
    @Test(arguments: backends)
    func jitteredLiveRunReplaysTickForTick(kind: BackendKind) throws {
        let (heads, events, _) = try SnapFixtures.throwEdges(kind)
        let recorder = try SceneRecorder(recording: heads)
        var rng = SplitMix64(state: 7)
        var t = 0.0, next = 0
        while t < 2.5 {
            t += 0.004 + Double(rng.next() % 1000) / 1000 * 0.03
            while next < events.count, events[next].time <= t + 0.02 { try heads.handle(events[next]); next += 1 }  // some late
            try heads.advance(to: t)
        }
        let trace = try recorder.document()
        let r = try trace.replay(keepsSteps: false, makeBackend: { n throws(FlingError) in try kind.make(solverIterations: n) })
        #expect(r.tickDigest == heads.animator.digest && r.ticks == heads.animator.clock.ticks)
    }

    /// The public tick-by-tick replay (what FlingTesting compares a live run with): a live run's
    /// recording replays to the live ticks and events, bit for bit, at other display frames; cut
    /// anywhere (the pressed fixture opens the conversation and closes it: the scene's own state
    /// crosses the cut) it replays to the same ticks; other documents and bad cuts are refused.
    @Test(arguments: backends)
    func aRecordingReplaysTickByTickAcrossACut(kind: BackendKind) throws {
        let make = { (n: Int) throws(FlingError) -> any PhysicsBackend in try kind.make(solverIterations: n) }
        let (heads, touches, duration) = try SnapFixtures.throwEdges(kind)
        let recorder = try SnapSceneRecorder(recording: heads)
        var live: [(tick: Int, items: [(SnapItem.ID, BodyState)])] = []
        var liveEvents: [SnapEvent] = []
        heads.animator.onTick = { k, states in live.append((k, states.map { ($0.0, $0.1) })) }
        heads.animator.onEvent = { liveEvents.append($0) }
        try drive({ try heads.handle($0) }, { _ = try heads.advance(to: $0) }, events: touches, duration: duration, hz: 60)
        let recording = try recorder.document()
        let replay = try SnapSceneReplayer(recording, display: .jittered(rate: 45, seed: 3)).replay(makeBackend: make)
        let liveTicks = live.map { SnapSceneReplay.TickState(tick: $0.tick, items: $0.items.map { .init(id: $0.0, state: $0.1) }) }
        let sameLive = liveTicks == replay.ticks, sameEvents = replay.events == liveEvents
        #expect(live.count > 100 && sameLive, "\(live.count) live ticks, \(replay.ticks.count) replayed")
        #expect(sameEvents && replay.refusals.isEmpty, "\(liveEvents.count) live events, \(replay.events.count) replayed")

        let press = try Documents.read(Array(try Fixture.text("scenes/heads-press.json").utf8))
        let whole = try SnapSceneReplayer(press).replay(makeBackend: make)
        #expect(whole.events.count > 4 && whole.ticks.count > 100)
        for cut in [1, whole.ticks.count / 3, whole.ticks.count / 2, whole.ticks.count - 2] {
            let r = try SnapSceneReplayer(press).replay(cutAt: cut, makeBackend: make)
            let sameTicks = r.ticks == whole.ticks
            let sameEvents = r.events == whole.events
            #expect(sameTicks && sameEvents, "cut at tick \(cut): the same ticks \(sameTicks), the same events \(sameEvents)")
        }
        let trace = try Documents.read(Array(try Fixture.text("traces/tap.json").utf8))
        let refused = #expect(throws: FlingError.self) { try SnapSceneReplayer(trace) }
        #expect(refused?.field == "SnapSceneReplayer(_:)" && refused?.value.contains("fling-trace") == true)
        #expect(throws: FlingError.self) { try SnapSceneReplayer(press).replay(cutAt: -1, makeBackend: make) }
        #expect(throws: FlingError.self) { try SnapSceneReplayer(press, display: .rate(2)).replay(makeBackend: make) }
    }

    @Test func aSnapSceneNeedsABackendAndRefusesBadTouches() throws {
        let (trace, _, _) = try SnapFixtures.recordHeads("heads-press.json", on: .nativePortable)
        #expect(throws: FlingError.self) { try trace.replay() }
        var bad = trace
        bad.scene.inputs.removeFirst()  // an `ended` of a touch never down
        #expect(throws: FlingError.self) { try bad.validate() }
        #expect(throws: FlingError.self) { try SceneDocument<ChatHeadsScene>(json: bad.json) }
    }
}

/// Mutated snap documents: every one either is refused with a FlingError or replays on every
/// backend (no input reaches a Chipmunk assertion); seeded, so the same mutants every run.
@Test func mutatedSnapDocumentsAreRefusedOrReplay() throws {
    var rng = SplitMix64(state: 11)
    let sources = try ["heads-press.json", "switch-tap-pull-flick.json"].map { try Fixture.text("scenes/\($0)") }
    let replacements = ["-1", "0", "1e300", "-1e300", "1e-300", "3", "\"x\"", "null", "true", "[]", "{}", "2.5", "1000000"]
    var replayed = 0
    for n in 0..<120 {
        var bytes = Array(sources[n % 2].utf8)
        // Replace one number with another value.
        let digits = bytes.indices.filter { (bytes[$0] >= 48 && bytes[$0] <= 57) && (bytes[$0 - 1] == 32 || bytes[$0 - 1] == 91) }
        let at = digits[Int(rng.next() % UInt64(digits.count))]
        var end = at
        while end < bytes.count, "0123456789.e-".utf8.contains(bytes[end]) { end += 1 }
        bytes.replaceSubrange(at..<end, with: Array(replacements[Int(rng.next() % UInt64(replacements.count))].utf8))
        guard let document = try? Documents.read(bytes) else { continue }
        let short: any FlingDocument
        if var heads = document as? SceneDocument<ChatHeadsScene> {
            heads.sampling.duration = min(heads.sampling.duration, 5)
            short = heads
        } else if var sun = document as? SceneDocument<SunSwitchScene> {
            sun.sampling.duration = min(sun.sampling.duration, 5)
            short = sun
        } else {
            Issue.record("a snap document read as \(document.kindName)")
            continue
        }
        for kind in backends {
            do { try replayOn(short, kind) } catch {
                let e = error as? FlingError
                #expect(e != nil && e?.reason.isEmpty == false)
            }
        }
        replayed += 1
    }
    #expect(replayed > 10)
}

func replayOn(_ document: any FlingDocument, _ kind: BackendKind) throws {
    _ = try document.play(ReplayOptions(makeBackend: { k throws(FlingError) in try kind.make(solverIterations: k) }, keepsSteps: false))
}

/// A live run with a stalled frame (1 s between two frames, clamped to 0.25 s) and touches
/// handed in late: the recording replays to the live ticks.
@Test(arguments: backends)
func stalledLiveRunReplaysTickForTick(kind: BackendKind) throws {
    let s = try SunSwitch(configuration: SunSwitchTests.config, backend: try kind.make())
    let recorder = try SceneRecorder(recording: s)
    let events = tap(1, at: Vector(100, 300), time: 0.3) + tap(2, at: Vector(160, 300), time: 1.5)
    var frames = (1...20).map { Double($0) / 60 }
    frames += [1.4] + (1...120).map { 1.4 + Double($0) / 60 }  // a 1.07 s stall, then 60 Hz
    var next = 0
    for t in frames {
        while next < events.count, events[next].time <= t + 0.01 { try s.handle(events[next]); next += 1 }
        try s.advance(to: t)
    }
    let r = try recorder.document().replay(keepsSteps: false, makeBackend: { n throws(FlingError) in try kind.make(solverIterations: n) })
    #expect(r.tickDigest == s.animator.digest && r.ticks == s.animator.clock.ticks)
    #expect(r.events.filter { $0.contains("toggled") }.count == 2)
}

@Test(arguments: backends)
func theFirstMoveSpringsTheScaleBack(kind: BackendKind) throws {
    let heads = try threeHeads(on: kind)
    try heads.handle(TouchEvent(time: 0.05, touch: 1, phase: .began, position: Vector(18, 200)))
    for f in 1...12 { try heads.advance(to: Double(f) / 60) }
    let pressed = try heads.animator.state(of: 1).scale
    try heads.handle(TouchEvent(time: 0.21, touch: 1, phase: .moved, position: Vector(40, 210)))
    var scales: [Double] = []
    for f in 13...60 { try heads.advance(to: Double(f) / 60); scales.append(try heads.animator.state(of: 1).scale) }
    #expect(pressed < 0.93)
    #expect(scales.max()! > 1 && scales.last! == 1)  // back to 1 with a bounce, still held
    #expect(heads.zOrder.last == 1)
}
