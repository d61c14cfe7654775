import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing
@testable import Fling
@testable import FlingCore
import FlingPaths
@testable import FlingCLIKit
import FlingPathsTestSupport
@testable import FlingTraces

/// The `fling-paths` document format (in FlingTraces, read by the trace reader's JSON parser)
/// and the `fling paths` commands.
@Suite struct PathSceneTests {
    static let pinDigest = "a08063f3d1424b8d"  // DigestTests' "pin 240 frames over 2 s"
    static let dotsDigest = "aa43599bc5e9a95a"  // DigestTests' "dots 90 frames"

    /// A path document's work budget is what the library's sampling takes: a document within
    /// its kind's budget never meets the sampling call's refusal, and one past it is refused by
    /// the document's budget first.
    @Test func pathDocumentBudgetsAreTheSamplingCalls() {
        #expect(MorphPaths.budget.limit == KeyframeAnimation.sampleBudget.limit)
        #expect(MorphPaths.budget.unit == KeyframeAnimation.sampleBudget.unit)
        #expect(ConveyorPaths.budget.limit == Conveyor.sampleBudget.limit)
        #expect(ConveyorPaths.budget.unit == Conveyor.sampleBudget.unit)
    }

    /// The overview's example: a conveyor document gives its conveyor and its dots' looks, a
    /// morph document its animation over its time range, a trace nothing.
    @Test func pathContentReadsWhatTheDocumentHolds() throws {
        let dots = try DocumentationExamples.pathContent(Array(try Fixture.text("paths/pin-and-dots.json").utf8))
        let items = try #require(dots.first?.first as? [Conveyor.Item])
        let document = try PathDocument<ConveyorPaths>(json: try fixtureBytes("paths/pin-and-dots.json"))
        #expect(dots.count == 1 && items == document.paths.conveyor.items(atNanoseconds: 0) && !items.isEmpty)
        #expect(dots.first?.last as? [String] == ["#e2e2e2", "#e2e2e2", "#f64145"])
        let content = try #require(document.pathContent)
        guard case .conveyor(_, let look) = content.paths else { Issue.record("not a conveyor: \(content.paths)"); return }
        #expect(look.baseline?.width == 2 && look.pin?.beginTime == document.paths.pin?.beginTime && !look.isPlain)
        #expect(content.sampleCount == document.sampling.frames && content.name == document.name)
        let pin = try PathDocument<MorphPaths>(json: try fixtureBytes("paths/jumping-pin.json"))
        let morph = try DocumentationExamples.pathContent(Array(try Fixture.text("paths/jumping-pin.json").utf8))
        let shape = try #require(morph.first?.first as? BezierPath)
        #expect(shape == pin.paths.animation.shape(at: (pin.sampling.from + pin.sampling.to) / 2) && shape.segmentCount > 0)
        let tap = try DocumentationExamples.pathContent(Array(try Fixture.text("traces/tap.json").utf8))
        #expect(tap.count == 1 && tap.first?.first as? String == "not a path document")
    }

    @Test func fixturesReadAndGiveTheLibraryDigests() throws {
        let pin = try PathDocument<MorphPaths>(json: try fixtureBytes("paths/jumping-pin.json"))
        let texts = pin.paths.keyframes, animation = pin.paths.animation
        #expect(texts.count == 6 && texts[0] == MapPinKeyframes.mapPinData && texts[5] == texts[0])
        #expect(animation.keyframes == MapPinKeyframes.mapPinKeyframes() + [MapPinKeyframes.mapPinKeyframes()[0]])
        #expect(try pin.digest.hex == Self.pinDigest && pin.expected?.hex == Self.pinDigest)
        let dots = try PathDocument<ConveyorPaths>(json: try fixtureBytes("paths/dots.json"))
        #expect(try dots.digest.hex == Self.dotsDigest && dots.expected?.hex == Self.dotsDigest)
        // The replay's samples chain to the library's digest, and compare with the pin.
        let pinReplay = try pin.replay(ReplayOptions()), dotsReplay = try dots.replay(ReplayOptions())
        #expect(try pinReplay.digest == pin.digest && dotsReplay.digest == dots.digest)
        try pinReplay.verify()
        try dotsReplay.verify()
        // Writing reads back to the same document, byte for byte.
        #expect(try PathDocument<MorphPaths>(json: pin.json).json == pin.json)
        #expect(try PathDocument<ConveyorPaths>(json: dots.json).json == dots.json)
        #expect(pin.json == (try Fixture.text("paths/jumping-pin.json")))
        #expect(dots.json == (try Fixture.text("paths/dots.json")))
        // The registry finds each kind by its format and kind; a typed reader refuses the other.
        #expect(try Documents.read(Array(pin.json.utf8)).kindName == "morph")
        #expect(try Documents.read(Array(dots.json.utf8)).kindName == "conveyor")
        #expect(throws: FlingError.self) { try PathDocument<ConveyorPaths>(json: pin.json) }
    }

    /// The pin fixture is paced as Core Animation paces the article's animation (no timing
    /// functions: linear): halfway through each interval every point is halfway between the two
    /// keyframes' (Core Animation's default curve would put it 80 % of the way).
    @Test func pinFixtureIsLinearByDefault() throws {
        let animation = try PathDocument<MorphPaths>(json: try fixtureBytes("paths/jumping-pin.json")).paths.animation
        #expect(animation.calculationMode == .linear && animation.timingFunctions.allSatisfy { $0 == .linear })
        let frames = animation.keyframes
        for i in 0..<(frames.count - 1) {
            let t = (Double(i) + 0.5) / Double(frames.count - 1)  // seconds: the middle of interval i
            let shape = animation.shape(at: t)
            for (s, (x, y)) in zip(shape.subpaths, zip(frames[i].subpaths, frames[i + 1].subpaths)) {
                for (c, (p, q)) in zip(s.segments, zip(x.segments, y.segments)) {
                    for (m, (u, v)) in zip([c.p1, c.p2, c.p3], zip([p.p1, p.p2, p.p3], [q.p1, q.p2, q.p3])) {
                        #expect((m - (u + v) * 0.5).length < 1e-9, "interval \(i)")
                    }
                }
            }
        }
    }

    @Test(arguments: [
        (
            "{\"format\": \"fling-paths\", \"version\": 1, \"kind\": \"morph\", \"keyframes\": [\"M 0 0 L 1\", \"M 0 0 L 1 1\"], \"duration\": 1, \"sampling\": {\"frames\": 2, \"from\": 0, \"to\": 1}}",
            "path data at offset 9"
        ),
        (
            "{\"format\": \"fling-paths\", \"version\": 1, \"kind\": \"morph\", \"keyframes\": [\"M 0 0 L 1 1\"], \"duration\": 1, \"sampling\": {\"frames\": 2, \"from\": 0, \"to\": 1}}",
            "KeyframeAnimation.keyframes"
        ),
        (
            "{\"format\": \"fling-paths\", \"version\": 1, \"kind\": \"conveyor\", \"from\": {\"x\": 0, \"y\": 0}, \"to\": {\"x\": 1, \"y\": 0}, \"spacing\": -1, \"period\": 1, \"sampling\": {\"frames\": 2}}",
            "Conveyor.spacing"
        ),
        ("{\"format\": \"fling-paths\", \"version\": 1, \"kind\": \"wobble\"}", "kind"),
        ("{\"format\": \"fling-paths\", \"version\": 1, \"kind\": \"conveyor\", \"speed\": 3}", "speed"),
        (
            "{\"format\": \"fling-paths\", \"version\": 1, \"kind\": \"morph\", \"keyframes\": [\"M0 0\", \"M0 0\"], \"timing\": [\"bouncy\"], \"duration\": 1, \"sampling\": {\"frames\": 2, \"from\": 0, \"to\": 1}}",
            "timing[0]"
        ),
    ])
    func badDocumentsSayWhere(_ json: String, _ where_: String) {
        #expect {
            _ = try Documents.read(Array(json.utf8))
        } throws: { e in
            guard let e = e as? FlingError else { return false }
            return e.field.contains(where_)
        }
    }

    @Test func flingPathsDigestAndRender() throws {
        let pin = try fixturePath("paths/jumping-pin.json")
        let digest = FlingCommand.run(["paths", "digest", pin])
        #expect(digest.status == 0 && digest.stderr.isEmpty)
        #expect(digest.stdout == "paths morph [jumping pin]: 240 frames\ndigest \(Self.pinDigest) frames 240\n")
        let dots = FlingCommand.run(["paths", "digest", try fixturePath("paths/dots.json")])
        #expect(dots.stdout.hasSuffix("digest \(Self.dotsDigest) frames 90\n"))

        // The filmstrip on standard output: well-formed, its frames the sampled shapes.
        let strip = FlingCommand.run(["paths", "render", pin, "--svg", "-", "--frames", "9"])
        #expect(strip.status == 0)
        let doc = try XMLDocument(xmlString: strip.stdout, options: [])
        let paths = try doc.nodes(forXPath: "//*[local-name()='path']").compactMap { $0 as? XMLElement }
        let animation = try PathDocument<MorphPaths>(json: try fixtureBytes("paths/jumping-pin.json")).paths.animation
        let times = try KeyframeAnimation.sampleTimes(count: 9, from: 0, to: 2)
        #expect(paths.count == 9)
        for (p, t) in zip(paths, times) {
            let d = try #require(p.attributes?.first { $0.name == "d" }?.stringValue)
            #expect(try BezierPath(svg: d) == animation.shape(at: t))
        }
        let animated = FlingCommand.run(["paths", "render", pin, "--svg", "-", "--animated"])
        #expect(animated.status == 0)
        let a = try XMLDocument(xmlString: animated.stdout, options: [])
        #expect(try a.nodes(forXPath: "//*[local-name()='animate']").count == 1)
        for extra in [["--animated"], []] {
            let r = FlingCommand.run(["paths", "render", try fixturePath("paths/dots.json"), "--svg", "-"] + extra)
            #expect(r.status == 0)
            _ = try XMLDocument(xmlString: r.stdout, options: [])
        }
    }

    @Test func flingPathsErrors() throws {
        #expect(FlingCommand.run(["paths", "wiggle", try fixturePath("paths/dots.json")]).status == 2)
        #expect(FlingCommand.run(["paths", "render", try fixturePath("paths/dots.json")]).status == 2)
        #expect(FlingCommand.run(["paths", "digest", try fixturePath("traces/\(try firstTrace())")]).status == 1)
        #expect(FlingCommand.run(["paths"]).stdout.contains("fling paths digest FILE"))
        #expect(FlingCommand.run(["help", "paths"]).status == 0)
        // A pinned digest that the samples do not give is an error.
        var scene = try PathDocument<ConveyorPaths>(json: try fixtureBytes("paths/dots.json"))
        scene.expected = StateDigest(value: 1)
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("fling-paths-\(UInt64.random(in: 0...UInt64.max)).json")
        try scene.json.write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        let r = FlingCommand.run(["paths", "digest", file.path])
        #expect(r.status == 1 && r.stderr.contains("0000000000000001"))
    }

    /// docs/PATHS.md's example reads and gives its pinned digest.
    @Test func documentedExampleReads() throws {
        let docs = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("docs/PATHS.md")
        let text = try String(contentsOf: docs, encoding: .utf8)
        let start = try #require(text.range(of: "```json\n"))
        let end = try #require(text.range(of: "```", range: start.upperBound..<text.endIndex))
        let scene = try PathDocument<ConveyorPaths>(json: String(text[start.upperBound..<end.lowerBound]))
        #expect(try scene.expected == scene.digest && scene.digest.hex == Self.dotsDigest)
    }

    func firstTrace() throws -> String {
        let dir = try fixturePath("traces")
        return try FileManager.default.contentsOfDirectory(atPath: dir).sorted().first { $0.hasSuffix(".json") }!
    }
}

func fixtureBytes(_ name: String) throws -> [UInt8] { Array(try Fixture.text(name).utf8) }
