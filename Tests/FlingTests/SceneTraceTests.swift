import Fling
import Foundation
import FoundationXML
@testable import FlingCLI
import Testing

/// The scene fixtures and their pinned digests, as constants: the same on every machine (bubbles
/// and clouds use only + − × ÷ and square roots; the day-night spring, portable arithmetic).
let pinnedSceneDigests: [(file: String, samples: Int, digest: UInt64)] = [
    ("bubbles-fish.json", 361, 0xcbcb_c8c1_acff_869a),
    ("bubbles-taps.json", 211, 0x0539_c2d3_d931_a019),
    ("clouds.json", 1801, 0x7bae_30a6_50a0_49e1),
    ("day-night.json", 301, 0x6e39_6f0d_91e3_7dcf),
]

@Suite struct SceneTraceTests {
    /// Every scene fixture replays to its pinned digest, in-process and through `fling replay`,
    /// and reads back from its own JSON unchanged.
    @Test(arguments: pinnedSceneDigests.map(\.file))
    func fixturesReplayToTheirPinnedDigests(file: String) throws {
        let pin = try #require(pinnedSceneDigests.first { $0.file == file })
        let scene = try SceneTrace(json: try Fixture.text("scenes/\(file)"))
        #expect(scene.expected == SceneTrace.Expectation(samples: pin.samples, digest: StateDigest(value: pin.digest)))
        let replay = try scene.replay()
        #expect(replay.mismatches.isEmpty && replay.digest.value == pin.digest && replay.samples == pin.samples)
        #expect(try SceneTrace(json: scene.json) == scene)
        let cli = FlingCommand.run(["replay", try fixturePath("scenes/\(file)")])
        #expect(cli.status == 0 && cli.stdout.hasSuffix("digest \(StateDigest(value: pin.digest).hex) samples \(pin.samples)\n"))
        // A wrong pin is caught.
        var wrong = scene
        wrong.expected?.digest = StateDigest(value: pin.digest ^ 1)
        #expect(try wrong.replay(keepsFrames: false).mismatches.count == 1)
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
        let recorded = SceneTrace(recording: live, sampling: .init(rate: 50, duration: 4))
        let again = try SceneTrace(json: recorded.json)
        #expect(again == recorded)
        guard case .bubbles(_, let seed, let taps) = again.scene else { Issue.record("not bubbles"); return }
        #expect(seed == 99 && taps == live.taps && taps.count >= 2)
        let replay = try again.replay()
        // The replayed frame at 4 s equals a fresh emitter driven to 4 s in one step.
        var fresh = try BubbleEmitter(configuration: BubbleTests.fish, seed: 99)
        for tap in live.taps { try fresh.tap(at: tap) }
        try fresh.advance(to: 4)
        var states: [BubbleEmitter.State] = []
        fresh.states(into: &states)
        #expect(replay.frames.last == .bubbles(states))
        var liveStates: [BubbleEmitter.State] = []
        live.states(into: &liveStates)
        #expect(states == liveStates)
    }

    @Test func pickerRecordingReplays() throws {
        var picker = try DayNightPicker(minutes: 600)
        try picker.pick(1320, at: 0.3)
        try picker.pick(200, at: 1.1)
        let recorded = SceneTrace(recording: picker, sampling: .init(rate: 60, duration: 3))
        let replay = try SceneTrace(json: recorded.json).replay()
        #expect(replay.frames.last == .dayNight(picker.layers(at: 3)))
        #expect(replay.frames[30] == .dayNight(picker.layers(at: 0.5)) || replay.frames[30] != .dayNight(picker.layers(at: 3)))
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
            ("\"kind\": \"bubbles\"", "\"kind\": \"fireworks\""), ("\"duration\": [2, 2]", "\"duration\": [2, 1]"),
            ("{\"time\": 0.4, \"tap\": true}", "{\"time\": -0.4, \"tap\": true}"), ("\"seed\": 7", "\"seed\": -7"),
            ("\"timing\": \"parameter\"", "\"timing\": \"linear\""), ("\"rate\": 60", "\"rate\": 0"),
            ("{\"time\": 0.8, \"tap\": true}", "{\"time\": 0.1, \"tap\": true}"),
        ] {
            let bad = good.replacingOccurrences(of: from, with: to)
            #expect(bad != good)
            #expect(throws: FlingError.self, "\(to)") { try SceneTrace(json: bad) }
        }
        #expect(FlingCommand.run(["convert", try fixturePath("scenes/clouds.json")]).status == 2)
    }
}
