import Fling
import FlingScenes
import FlingView
import _FlingCoding
import Foundation
import FoundationXML
@testable import FlingCLIKit
import Testing
@testable import FlingTraces

/// The scene fixtures and their pinned digests, as constants: the same on every machine (bubbles
/// and clouds use only + − × ÷ and square roots; the day-night spring, portable arithmetic).
let pinnedSceneDigests: [(file: String, samples: Int, digest: UInt64)] = [
    ("bubbles-fish.json", 361, 0xcbcb_c8c1_acff_869a),
    ("bubbles-taps.json", 211, 0x0539_c2d3_d931_a019),
    ("clouds.json", 1801, 0x7bae_30a6_50a0_49e1),
    ("day-night.json", 301, 0x6e39_6f0d_91e3_7dcf),
    ("jrm-floating.json", 301, 0xf773_cf9c_cac6_33cf),
    ("jrm-floating-shapes.json", 391, 0x05e6_fdb6_58cc_ba6a),
    ("toonie.json", 301, 0x6ee7_95b5_cb4b_4fe9),
]

@Suite struct SceneTraceTests {
    /// Every scene fixture replays to its pinned digest, in-process (found by the registry,
    /// whatever its kind) and through `fling replay`, and reads back from its own JSON unchanged.
    @Test(arguments: pinnedSceneDigests.map(\.file))
    func fixturesReplayToTheirPinnedDigests(file: String) throws {
        let pin = try #require(pinnedSceneDigests.first { $0.file == file })
        let text = try Fixture.text("scenes/\(file)")
        let scene = try Documents.read(Array(text.utf8))
        try checkPinnedReplay(scene, name: file)  // a failure leaves a replay page in FLING_VIEW_DIR
        let replay = try scene.play(ReplayOptions())
        try replay.verify()
        #expect(replay.pins.pinned == 2 && replay.pins.compared == 2)
        #expect(replay.run.digest.value == pin.digest && replay.run.steps.count == pin.samples)
        let again = try Documents.read(Array(scene.json.utf8))
        #expect(again.json == scene.json)
        let cli = FlingCommand.run(["replay", try fixturePath("scenes/\(file)")])
        #expect(cli.status == 0 && cli.stdout.hasSuffix("digest \(StateDigest(value: pin.digest).hex) samples \(pin.samples)\n"))
        // A wrong pin is caught, and named.
        let wrong = text.replacingOccurrences(of: StateDigest(value: pin.digest).hex, with: StateDigest(value: pin.digest ^ 1).hex)
        #expect(wrong != text)
        let e = try #require(throws: FlingError.self) {
            try Documents.read(Array(wrong.utf8)).play(ReplayOptions(keepsSteps: false)).verify()
        }
        #expect(e.code == .pinMismatch && e.field == "expected.digest")
    }

    /// A live emitter, tapped while sampled at an irregular rate, records a scene trace whose
    /// replay samples exactly the states the live emitter showed at the replay's sample times.
    @Test func recordedEmitterReplaysToTheLiveStates() throws {
        var live = try BubbleEmitter(configuration: BubbleTests.fish, seed: 99)
        var t = 0.0, k = 0
        while t < 3.95 {
            t += [0.007, 0.016, 0.033][k % 3]; k += 1
            if k % 40 == 0 { try live.tap(at: t) }
            try live.advance(to: t)
        }
        try live.advance(to: 4)
        let recorded = SceneDocument(recording: live, sampling: .init(rate: 50, duration: 4))
        let again = try SceneDocument<BubblesScene>(json: recorded.json)
        #expect(again == recorded)
        #expect(again.scene.seed == 99 && again.scene.taps == live.taps && again.scene.taps.count >= 2)
        let replay = try again.replay()
        // The replayed frame at 4 s equals a fresh emitter driven to 4 s in one step.
        var fresh = try BubbleEmitter(configuration: BubbleTests.fish, seed: 99)
        for tap in live.taps { try fresh.tap(at: tap) }
        try fresh.advance(to: 4)
        var states: [BubbleEmitter.State] = []
        fresh.states(into: &states)
        #expect(replay.frames.last?.states == states)
        var liveStates: [BubbleEmitter.State] = []
        live.states(into: &liveStates)
        #expect(states == liveStates)
    }

    /// The public recording (FlingTraces' overview): the document a tapped emitter gives reads
    /// back to the same JSON, and its replay's last sample is the emitter driven to the end in one
    /// step, bubble for bubble; a sampling out of range is refused, naming it.
    @Test func publicSceneRecordingReplaysTheEmitter() throws {
        let (emitter, document, again) = try DocumentationExamples.seededSceneRecording()
        #expect(again.json == document.json && type(of: document).kind.name == "bubbles")
        let run = try again.play(ReplayOptions(keepsSteps: true)).run
        #expect(run.stepCount == 61 && run.inputs.map(\.time) == [0.5] && run.inputs.first?.step == 15)
        var end = emitter
        try end.advance(to: 2)
        var states: [BubbleEmitter.State] = []
        end.states(into: &states)
        let last = run.items(atStep: 60)
        #expect(!states.isEmpty && last.map(\.id) == states.map(\.id))
        #expect(last.map { [$0.value("x"), $0.value("y"), $0.value("scale")] } == states.map { [$0.position.x, $0.position.y, $0.scale] })
        let refused: [(Double, Double, FlingError.Code, String)] = [
            (0, 1, .outOfRange, "sampling.rate"), (60, -1, .outOfRange, "sampling.duration"), (.nan, 1, .notFinite, "sampling.rate"),
        ]
        for (rate, duration, code, field) in refused {
            let e = try #require(throws: FlingError.self) { try Documents.scene(recording: emitter, rate: rate, duration: duration) }
            #expect(e.code == code && e.field == field, "\(e)")
        }
        // Its content drives the emitter again to the document's last sample, bubble for bubble.
        let content = try #require(again.sceneContent)
        #expect(content.sampleCount == 61 && content.rate == 30 && content.duration == 2 && content.name == nil)
        let driven = try #require(try DocumentationExamples.seededSceneContent(again))
        var drivenStates: [BubbleEmitter.State] = []
        driven.states(into: &drivenStates)
        #expect(drivenStates == states && driven.taps == [0.5])
        let picker = try Documents.scene(recording: try DayNightPicker(minutes: 600), duration: 1, name: "noon")
        let spawner = try Documents.scene(recording: try CloudSpawner(seed: 3), rate: 10, duration: 5, notes: "clouds")
        #expect(type(of: picker).kind.name == "dayNight" && picker.json.contains("\"noon\""))
        if case .dayNight(_, let minutes, let picks)? = picker.sceneContent?.scene {
            #expect(minutes == 600 && picks.isEmpty && picker.sceneContent?.name == "noon")
        } else {
            Issue.record("no day-night content: \(String(describing: picker.sceneContent))")
        }
        if case .clouds(_, let seed)? = spawner.sceneContent?.scene { #expect(seed == 3) } else { Issue.record("no clouds content") }
        #expect(try Documents.read(Array(try Fixture.text("traces/tap.json").utf8)).sceneContent == nil)
        #expect(type(of: spawner).kind.name == "clouds" && spawner.json.contains("\"clouds\""))
    }

    /// A snap scene document's content is its setup, as its replay's run shows it: the chat
    /// heads' screen and homes, the switch's track and starting side, and the samples.
    @Test func snapSceneContentIsWhatTheReplayRuns() throws {
        let options = ReplayOptions(makeBackend: { n throws(FlingError) in try NativeBackend(solverIterations: n) })
        let heads = try Documents.read(Array(try Fixture.text("scenes/heads-press.json").utf8))
        let run = try heads.play(options, title: "heads").run
        guard case .chatHeads(let configuration, let homes, _)? = heads.sceneContent?.scene else {
            Issue.record("no chat heads content: \(String(describing: heads.sceneContent))")
            return
        }
        func fact(_ item: FlingTraces.Run.StageItem, _ name: String) -> Double? { item.facts.first { $0.name == name }?.value }
        let stageHeads = try #require(run.stages.first).items.filter { $0.itemKind == "head" }
        #expect(configuration.screen == run.stages.first?.viewport && !homes.isEmpty && homes.count == stageHeads.count)
        #expect(zip(homes, stageHeads).allSatisfy { h, s in fact(s, "homeX") == h.x && fact(s, "homeY") == h.y })
        #expect(heads.sceneContent?.sampleCount == run.steps.count)
        let toggle = try Documents.read(Array(try Fixture.text("scenes/switch-tap-pull-flick.json").utf8))
        let knob = try #require(try toggle.play(options, title: "switch").run.stages.first?.items.first { $0.itemKind == "knob" })
        guard case .sunSwitch(let c, let isOn, _)? = toggle.sceneContent?.scene else {
            Issue.record("no sun switch content: \(String(describing: toggle.sceneContent))")
            return
        }
        #expect(
            fact(knob, "trackX") == c.trackFrame.x && fact(knob, "trackWidth") == c.trackFrame.width && fact(knob, "onX") == c.onCenter.x)
        #expect(isOn == toggle.json.contains("\"isOn\": true"))
    }

    /// The chat heads' picture draws the panel's last frame as the run reports it (and the replay
    /// page draws it): in the conversation layout, the view as it is scaled from its top middle.
    @Test func theChatHeadsPictureDrawsThePanelAsTheRunReportsIt() throws {
        let options = ReplayOptions(makeBackend: { n throws(FlingError) in try NativeBackend(solverIterations: n) })
        let heads = try Documents.read(Array(try Fixture.text("scenes/heads-demo.json").utf8))
        let panel = try #require(try heads.play(options, title: "t").run.steps.last?.items.first { $0.kind == "panel" })
        let svg = try heads.render(Documents.RenderOptions(replay: options, title: "t"))
        let dashed = svg.split(separator: "\n").filter { $0.contains("stroke-dasharray") }
        let f = { (name: String) in NumberText.hundredths(panel.value(name) ?? .nan) }
        let frame = "<rect x=\"\(f("x"))\" y=\"\(f("y"))\" width=\"\(f("width"))\" height=\"\(f("height"))\""
        #expect(dashed.count == 1 && dashed[0].hasPrefix(frame), "\(dashed)")
    }

    /// A thinned replay's run (`ReplayOptions.stepStride`) keeps every k-th sample and the last:
    /// each step is its sample, at its time, with the clouds where the full run has them there,
    /// and each event sits at the first step kept at or after its sample.
    @Test func aThinnedRunKeepsItsSamplesTimes() throws {
        let document = try Documents.read(Array(try Fixture.text("scenes/clouds.json").utf8))
        let full = try document.play(ReplayOptions(keepsSteps: true)).run
        var options = ReplayOptions(keepsSteps: true)
        options.stepStride = 7
        let thinned = try document.play(options).run
        let n = full.stepCount
        let kept = Array(stride(from: 0, to: n, by: 7)) + ((n - 1) % 7 == 0 ? [] : [n - 1])
        #expect(n == 1_801 && thinned.steps.map(\.localStep) == kept)
        #expect(thinned.steps.map(\.time) == kept.map { full.steps[$0].time })
        #expect(thinned.steps.map(\.items) == kept.map { full.steps[$0].items } && kept.contains { !full.steps[$0].items.isEmpty })
        #expect(!full.events.isEmpty && thinned.events.count == full.events.count)
        for (a, b) in zip(full.events, thinned.events) {
            #expect(kept[b.step] >= a.step && (b.step == 0 || kept[b.step - 1] < a.step), "\(a) \(b)")
        }
    }

    @Test func pickerRecordingReplays() throws {
        var picker = try DayNightPicker(minutes: 600)
        try picker.pick(1320, at: 0.3)
        try picker.pick(200, at: 1.1)
        let recorded = SceneDocument(recording: picker, sampling: .init(rate: 60, duration: 3))
        let replay = try SceneDocument<DayNightScene>(json: recorded.json).replay()
        #expect(replay.frames.last == picker.layers(at: 3))
        #expect(replay.frames[30] == picker.layers(at: 0.5) || replay.frames[30] != picker.layers(at: 3))
    }

    /// The pictures are well-formed XML: the bubbles' picture has one path per bubble; the
    /// picker's is animated (SMIL) with a value per sample.
    @Test func renderedScenesAreWellFormedSVG() throws {
        let bubbles = FlingCommand.run(["render", try fixturePath("scenes/bubbles-taps.json"), "--svg", "-"])
        #expect(bubbles.status == 0, "\(bubbles.stderr)")
        let doc = try XMLDocument(xmlString: bubbles.stdout)
        let paths = try doc.nodes(forXPath: "//*[local-name()='path'][@class='bubble']")
        #expect(paths.count == 4)
        let sky = FlingCommand.run(["render", try fixturePath("scenes/day-night.json"), "--svg", "-", "--clouds", "5"])
        #expect(sky.status == 0, "\(sky.stderr)")
        let skyDoc = try XMLDocument(xmlString: sky.stdout)
        let rotate = try #require(try skyDoc.nodes(forXPath: "//*[local-name()='animateTransform']").first as? XMLElement)
        let values = rotate.attributes?.first { $0.name == "values" }?.stringValue
        #expect(values?.split(separator: ";").count == 301, "\(rotate.attributes?.map { $0.name ?? "" } ?? [])")
        #expect(try skyDoc.nodes(forXPath: "//*[local-name()='ellipse'][@class='cloud']").count > 0)
    }

    @Test func badSceneDocuments() throws {
        let good = try Fixture.text("scenes/bubbles-taps.json")
        for (from, to) in [
            ("\"kind\": \"bubbles\"", "\"kind\": \"fireworks\""), ("\"duration\": [2.0, 2.0]", "\"duration\": [2.0, 1.0]"),
            ("{\"time\": 0.4, \"tap\": true}", "{\"time\": -0.4, \"tap\": true}"), ("\"seed\": 7", "\"seed\": -7"),
            ("\"timing\": \"parameter\"", "\"timing\": \"linear\""), ("\"rate\": 60.0", "\"rate\": 0.0"),
            ("{\"time\": 0.8, \"tap\": true}", "{\"time\": 0.1, \"tap\": true}"),
        ] {
            let bad = good.replacingOccurrences(of: from, with: to)
            #expect(bad != good)
            #expect(throws: FlingError.self, "\(to)") { try SceneDocument<BubblesScene>(json: bad) }
            #expect(throws: FlingError.self, "\(to)") { try Documents.read(Array(bad.utf8)) }
        }
        // A document of another kind is refused by a typed reader, read by the registry.
        let clouds = try Fixture.text("scenes/clouds.json")
        #expect(throws: FlingError.self) { try SceneDocument<BubblesScene>(json: clouds) }
        #expect(try Documents.read(Array(clouds.utf8)).kindName == "clouds")
        // `fling convert` writes any kind in its canonical layout.
        let convert = FlingCommand.run(["convert", try fixturePath("scenes/clouds.json")])
        let canonical = try Documents.read(Array(clouds.utf8)).json
        #expect(convert.status == 0 && convert.stdout == canonical)
    }
}
