import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing
import Fling
@testable import FlingCLIKit
@testable import FlingTraces

/// Every trace fixture: its file name and the trace it holds.
let traceFixtures: [String] = [
    "tap.json", "slow-drag-attract.json", "fling-down.json", "fling-up.json", "corner-grab.json",
    "two-fingers.json", "regrab-falling.json", "cancelled.json", "flutter-strokes.json", "we-heart-pics.json",
    // The dynamics (version 3): walls, item properties, pushes, fields.
    "bounce-corners.json", "push.json", "fields.json",
]

func fixturePath(_ name: String) throws -> String {
    try #require(Bundle.module.url(forResource: "Fixtures/\(name)", withExtension: nil)).path
}

/// The display rates every trace fixture is replayed at (and jittered frames besides).
let fixtureDisplayRates: [Double] = [30, 60, 120, 144, 240]

@Suite struct TraceReplayTests {
    /// Every fixture replays to its pinned portable digests (final and every 30 ticks) with
    /// portable arithmetic, and every display rate gives the same ticks, events and digests.
    /// The platform-arithmetic backends (Chipmunk, native) are not held to the pins (their
    /// bits are this machine's): they must equal each other, tick for tick, at every rate.
    @Test(arguments: traceFixtures)
    func fixtureReplaysToItsPinnedDigestsEverywhere(file: String) throws {
        let trace = try Trace(json: try Fixture.text("traces/\(file)"))
        #expect(trace.attribution?.isEmpty == false)
        var reference: [Arithmetic: TraceReplay] = [:]
        for kind in BackendKind.available {
            for display in fixtureDisplayRates.map({ ReplayOptions.DisplayFrames.rate($0) }) + [.jittered(rate: 90, seed: 7)] {
                let replay = try TraceReplayer(trace, display: display).replay { n throws(FlingError) in try kind.make(solverIterations: n)
                }
                if kind.arithmetic == trace.arithmetic {
                    try replay.verify()  // every pin compared, every pin equal
                } else {
                    // Platform bits cannot give portable pins: none is compared, and the check
                    // says so rather than passing.
                    #expect(replay.pins.compared == 0 && replay.pins.pinned > 0)
                    #expect(throws: FlingError.self) { try replay.verify() }
                }
                if let reference = reference[kind.arithmetic] {
                    #expect(replay.digest == reference.digest)
                    #expect(replay.tickCount == reference.tickCount)
                    #expect(replay.sessions.map(\.events) == reference.sessions.map(\.events))
                    #expect(replay.sessions.map(\.ticks) == reference.sessions.map(\.ticks), "\(file) on \(kind) at \(display)")
                    expectSameRun(
                        trace.run(of: replay, title: "\(kind) at \(display)"), trace.run(of: reference, title: "reference"),
                        "\(file) on \(kind) at \(display)")
                } else {
                    reference[kind.arithmetic] = replay
                }
            }
        }
        #expect(reference.count == 2)
    }

    /// A recorded run replays to the recorded bits.
    @Test(arguments: backends)
    func recorderAndReplayerRoundTrip(kind: BackendKind) throws {
        let run = DeterminismTests.goldenRun
        let animator = try TileAnimator(viewport: phone, tiles: run.tiles, configuration: run.configuration, backend: try kind.make())
        let recorder = try TraceRecorder(recording: animator)
        var next = 0
        for frame in 1...Int(run.duration * 60) {
            let t = Double(frame) / 60
            while next < run.events.count, run.events[next].time <= t {
                try animator.handle(run.events[next]); next += 1
            }
            try animator.advance(to: t)
        }
        let trace = try recorder.trace()
        let decoded = try Trace(json: trace.json)
        #expect(decoded == trace)
        let replay = try TraceReplayer(decoded, display: .rate(144)).replay { n throws(FlingError) in try kind.make(solverIterations: n) }
        #expect(replay.digest == animator.digest)
        if kind.arithmetic == .portable { #expect(replay.digest.value == DeterminismTests.goldenDigest) }
        #expect(replay.tickCount == DeterminismTests.goldenTicks)
    }

    /// A recorder starts on a fresh animator only; what the animator refuses is not recorded.
    @Test(arguments: backends)
    func recorderRecordsOnlyWhatTheAnimatorApplied(kind: BackendKind) throws {
        let animator = try TileAnimator(viewport: phone, tiles: [centerTile], backend: try kind.make())
        let recorder = try TraceRecorder(recording: animator)
        #expect(throws: FlingError.self) { try TraceRecorder(recording: animator) }
        #expect(throws: FlingError.self) { try animator.handle(TouchEvent(time: 0.1, touch: 1, phase: .moved, position: .zero)) }
        try animator.handle(TouchEvent(time: 0.1, touch: 1, phase: .began, position: .zero))
        #expect(throws: FlingError.self) { try animator.handle(TouchEvent(time: 0.05, touch: 1, phase: .moved, position: .zero)) }
        #expect(throws: FlingError.self) { try animator.handle(TouchEvent(time: 0.2, touch: 1, phase: .moved, position: Vector(.nan, 0))) }
        #expect(recorder.inputCount == 0)  // accepted, not yet applied
        try animator.advance(to: 0.2)
        #expect(recorder.inputCount == 1)
        let trace = try recorder.trace()
        #expect(trace.sessions[0].events.count == 1 && trace.sessions[0].run.duration == animator.clock.start(ofTick: 12))
        let late = try TileAnimator(viewport: phone, tiles: [centerTile], backend: try kind.make())
        try late.advance(to: 0.5)
        #expect(throws: FlingError.self) { try TraceRecorder(recording: late) }
    }

    /// A trace made in memory from touches (the public `Trace.Session(viewport:tiles:events:)`)
    /// replays to the bits of a live animator given the same touches, and stops where that one is
    /// idle; touches out of order are refused by the replay, as from a file.
    @Test(arguments: backends)
    func aTraceMadeInMemoryReplaysTheLiveRun(kind: BackendKind) throws {
        let touches = [
            TouchEvent(time: 0, touch: 1, phase: .began, position: Vector(150, 350)),
            TouchEvent(time: 0.05, touch: 1, phase: .moved, position: Vector(170, 352)),
            TouchEvent(time: 0.1, touch: 1, phase: .ended, position: Vector(190, 355)),
        ]
        let trace = Trace(sessions: [Trace.Session(viewport: phone, tiles: [centerTile], events: touches)])
        let replay = try TraceReplayer(trace).replay { n throws(FlingError) in try kind.make(solverIterations: n) }
        let ticks = replay.sessions[0].tickCount
        let animator = try TileAnimator(viewport: phone, tiles: [centerTile], backend: try kind.make())
        for touch in touches { try animator.handle(touch) }
        // The replay's display frames, 60 a second, up to its last tick.
        for frame in 1...600 where animator.clock.ticks < ticks { try animator.advance(to: Double(frame) / 60) }
        // Thrown gently near home: it settles well within the session's 10 s.
        #expect(animator.clock.ticks == ticks && ticks > 6 && ticks < 600, "\(animator.clock.ticks) of \(ticks) ticks")
        #expect(replay.digest == animator.digest && animator.liveTileCount == 0)
        #expect(replay.sessions[0].events.contains { $0.kind == .settled })
        let backwards = Trace(sessions: [Trace.Session(viewport: phone, tiles: [centerTile], events: touches.reversed())])
        #expect(throws: FlingError.self) {
            try TraceReplayer(backwards).replay { n throws(FlingError) in try kind.make(solverIterations: n) }
        }
    }
}

@Suite struct TraceFileErrorTests {
    func expectMalformed(_ text: String, mentions: String, sourceLocation: SourceLocation = #_sourceLocation) {
        do {
            _ = try Trace(json: text)
            Issue.record("accepted: \(text.prefix(60))", sourceLocation: sourceLocation)
        } catch {
            #expect(
                error.code == .malformedInput || error.code == .notFinite || error.code == .outOfRange
                    || error.code == .notPositive || error.code == .duplicateTile || error.code == .unknownTouch
                    || error.code == .outOfOrder || error.code == .touchAlreadyDown || error.code == .unknownTile,
                sourceLocation: sourceLocation)
            #expect("\(error)".contains(mentions), "\(error) should mention \(mentions)", sourceLocation: sourceLocation)
        }
    }

    @Test func errorsNameTheLineOrKeyPath() throws {
        let good = try Fixture.text("traces/tap.json")
        expectMalformed("", mentions: "line 1")
        expectMalformed("{\n  \"format\": \"fling-trace\",\n  \"version\": 1,\n  \"scenes\": [\n}", mentions: "line 5")
        expectMalformed(good.replacingOccurrences(of: "\"version\": 2", with: "\"version\": 7"), mentions: "version")
        expectMalformed(
            good.replacingOccurrences(of: "\"arithmetic\": \"portable\"", with: "\"arithmetic\": \"exact\""), mentions: "arithmetic")
        expectMalformed(good.replacingOccurrences(of: "\"mass\": 1.0", with: "\"mass\": -1.0"), mentions: "mass")
        expectMalformed(good.replacingOccurrences(of: "\"phase\": \"ended\"", with: "\"phase\": \"lifted\""), mentions: "phase")
        expectMalformed(good.replacingOccurrences(of: "\"tick\": 0.016666666666666666", with: "\"tick\": \"fast\""), mentions: "tick")
        expectMalformed(good.replacingOccurrences(of: "\"width\": 160.0", with: "\"width\": 1e999"), mentions: "width")
    }

    /// Seeded byte mutations and truncations of real fixtures: each either parses or throws a
    /// FlingError; nothing crashes. (A crash would end the test process.)
    @Test(arguments: ["tap.json", "two-fingers.json"])
    func fuzzedAndTruncatedJSONNeverCrash(file: String) throws {
        let bytes = Array(try Fixture.text("traces/\(file)").utf8)
        var rng = SplitMix64(state: 2026)
        var rejected = 0, cases = 0
        let alphabet = Array("{}[]\",:.-+eE0123456789 \ntruefalsenull\\u00".utf8) + [0, 0xff, 0xc3]
        for n in 0..<400 {
            var mutated = bytes
            if n % 4 == 0 {
                mutated = Array(bytes.prefix(Int.random(in: 0..<bytes.count, using: &rng)))
            } else {
                for _ in 0..<Int.random(in: 1...4, using: &rng) {
                    let at = Int.random(in: 0..<mutated.count, using: &rng)
                    switch Int.random(in: 0..<3, using: &rng) {
                    case 0: mutated[at] = alphabet.randomElement(using: &rng)!
                    case 1: mutated.remove(at: at)
                    default: mutated.insert(alphabet.randomElement(using: &rng)!, at: at)
                    }
                }
            }
            cases += 1
            do { _ = try Trace(json: mutated) } catch { rejected += 1; #expect(!error.field.isEmpty) }
        }
        #expect(cases == 400)
        #expect(rejected > 300)
    }

    @Test func fuzzedAndTruncatedCSVNeverCrash() throws {
        let text = try Fixture.text("flutter-velocity-tracker.csv")
        let bytes = Array(text.utf8)
        var rng = SplitMix64(state: 11)
        var rejected = 0
        for n in 0..<300 {
            var mutated = bytes
            if n % 3 == 0 {
                mutated = Array(bytes.prefix(Int.random(in: 0..<bytes.count, using: &rng)))
            } else {
                let at = Int.random(in: 0..<mutated.count, using: &rng)
                mutated[at] = Array(",\n-x.9e".utf8).randomElement(using: &rng)!
            }
            do { _ = try StrokeCSV.parse(String(decoding: mutated, as: UTF8.self)) } catch {
                rejected += 1
                #expect(error.field.hasPrefix("line "))
            }
        }
        #expect(rejected > 100)
        #expect(throws: FlingError.self) { try StrokeCSV.parse("stroke_id,t_seconds,phase,x,y\n1,0.0,began,1,2\n") }
        #expect(throws: FlingError.self) { try StrokeCSV.parse("id,t,phase,x,y\n") }
        #expect(throws: FlingError.self) { try StrokeCSV.parse("stroke_id,t_seconds,phase,x,y\n1,0.0,moved,1,2\n") }
    }
}

@Suite struct CommandLineTests {
    func fling(_ arguments: String...) -> CommandResult { FlingCommand.run(arguments) }
    func fling(_ arguments: [String]) -> CommandResult { FlingCommand.run(arguments) }

    /// `fling replay` prints the fixture's pinned final digest by default (portable arithmetic)
    /// at every display rate; on the platform-arithmetic backends it prints the same line on
    /// each (they agree bit for bit), without comparing it to the portable pins.
    @Test(arguments: traceFixtures)
    func replayPrintsTheSameLastLineEverywhere(file: String) throws {
        let path = try fixturePath("traces/\(file)")
        let trace = try Trace(json: try Fixture.text("traces/\(file)"))
        let expected = try #require(trace.sessions.last?.expected)
        let ticks = trace.sessions.compactMap(\.expected?.ticks).reduce(0, +)
        let line = "digest \(expected.digest.hex) ticks \(ticks)"
        var platformLine: String?
        for kind in BackendKind.available.filter({ $0 != .chipmunkShared }) {
            for hz in ["30", "60", "120", "240"] {
                // Without Chipmunk, native's run has no peer: allowed here (RunComparisonTests checks the refusal).
                let allow = BackendKind.available.contains(.chipmunk) ? [] : ["--allow-uncompared-run"]
                let result = fling(["replay", path, "--backend", kind.rawValue, "--display-hz", hz] + allow)
                #expect(result.status == 0, "\(result.stderr)")
                let last = result.stdout.split(separator: "\n").last.map(String.init)
                if kind.arithmetic == .portable {
                    #expect(last == line, "\(kind) \(hz) Hz")
                } else {
                    if platformLine == nil { platformLine = last }
                    #expect(last == platformLine, "\(kind) \(hz) Hz")
                }
                #expect(result.stderr.isEmpty)
            }
        }
        #expect(fling("replay", path).stdout.split(separator: "\n").last.map(String.init) == line)
        #expect(fling("replay", path, "--arithmetic", "platform").stdout.split(separator: "\n").last.map(String.init) == platformLine)
        #expect(
            fling("replay", path, "--backend", "chipmunk-shared", "--arithmetic", "portable").status == 2
                || !BackendKind.available.contains(.chipmunk))
    }

    /// Real recordings name their strokes: any non-empty id, kept in order of first
    /// appearance, printed by `fling velocity` and `fling replay`.
    @Test func namedStrokes() throws {
        let flutter = try Fixture.text("flutter-velocity-tracker.csv")
        // Strokes 1 and 2 of the Flutter recording, renamed, interleaved and read back.
        let rows = flutter.split(whereSeparator: \.isNewline).dropFirst()
        let named = rows.compactMap { row -> String? in
            let id = row.prefix { $0 != "," }
            guard id == "2" || id == "1" else { return nil }
            return (id == "1" ? "SailfishFlingUpFast1" : " pixel 7 drag ") + row.drop { $0 != "," }
        }
        let text = "stroke_id,t_seconds,phase,x,y\n" + named.joined(separator: "\n") + "\n"
        let strokes = try StrokeCSV.parse(text)
        #expect(strokes.map(\.id) == ["SailfishFlingUpFast1", "pixel 7 drag"])
        let original = try Fixture.flutterStrokes
        #expect(strokes.map(\.samples) == [original[0].samples, original[1].samples])
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("named-\(getpid()).csv").path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let velocity = fling("velocity", path)
        #expect(velocity.stdout.hasPrefix("stroke SailfishFlingUpFast1 vx "))
        #expect(velocity.stdout.contains("\nstroke pixel 7 drag vx "))
        let replay = fling("replay", path, "--allow-unpinned")
        #expect(
            replay.status == 0 && replay.stdout.contains("[stroke SailfishFlingUpFast1]") && replay.stdout.contains("[stroke pixel 7 drag]")
        )
        #expect(throws: FlingError.self) { try StrokeCSV.parse("stroke_id,t_seconds,phase,x,y\n ,0.0,began,1,2\n ,0.1,ended,1,2\n") }
    }

    @Test func replayOfTheCSVChainsScenesAndMatchesItsJSONConversion() throws {
        let csv = fling("replay", try fixturePath("flutter-velocity-tracker.csv"), "--allow-unpinned")
        let json = fling("replay", try fixturePath("traces/flutter-strokes.json"), "--display-hz", "120")
        let lines = csv.stdout.split(separator: "\n")
        #expect(csv.status == 0 && lines.count == 15)
        #expect(lines.dropLast(2).allSatisfy { $0.hasPrefix("scene ") })
        #expect(lines.dropLast().last == "pins: none: the document pins no digest, so nothing was compared")
        #expect(lines.last == json.stdout.split(separator: "\n").last)
        #expect(lines.last?.wholeMatch(of: /digest [0-9a-f]{16} ticks [0-9]+/) != nil)
    }

    /// `--viewport` and `--tile-size` shape the CSV sessions: a smaller tile on a smaller screen
    /// is a different run (other digest), still the same on both backends; bad values are usage errors.
    @Test func viewportAndTileSizeOptions() throws {
        let path = try fixturePath("flutter-velocity-tracker.csv")
        let standard = fling("replay", path, "--allow-unpinned").stdout.split(separator: "\n").last
        let small = fling("replay", path, "--viewport", "300x600", "--tile-size", "100", "--allow-unpinned")
        #expect(small.status == 0)
        let line = small.stdout.split(separator: "\n").last
        #expect(line != standard)
        let native = fling("replay", path, "--viewport", "300x600", "--tile-size", "100", "--backend", "native", "--allow-unpinned")
        #expect(native.stdout.split(separator: "\n").last == line)
        for bad in [["--viewport", "300"], ["--viewport", "0x600"], ["--tile-size", "-4"], ["--display-hz", "nan"]] {
            let r = FlingCommand.run(["replay", path] + bad)
            #expect(r.status != 0 && r.stdout.isEmpty && !r.stderr.isEmpty, "\(bad)")
        }
    }

    @Test func velocityMatchesFlutterWithinATenthOfAPercent() throws {
        let result = fling("velocity", try fixturePath("flutter-velocity-tracker.csv"))
        #expect(result.status == 0)
        let expected = try Fixture.text("flutter-expected-velocities.csv").split(whereSeparator: \.isNewline).dropFirst()
            .map { $0.split(separator: ",").map { Double($0)! } }
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.count == expected.count)
        for (line, row) in zip(lines, expected) {
            let f = line.split(separator: " ")
            #expect(f.count == 6 && f[0] == "stroke" && f[2] == "vx" && f[4] == "vy")
            #expect(Int(f[1]) == Int(row[0]))
            let vx = try #require(Double(f[3])), vy = try #require(Double(f[5]))
            #expect(abs(vx - row[1]) <= abs(row[1]) * 0.001)
            #expect(abs(vy - row[2]) <= abs(row[2]) * 0.001)
        }
    }

    @Test(arguments: ["traces/two-fingers.json", "flutter-velocity-tracker.csv"])
    func renderWritesAValidSVG(file: String) throws {
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("fling-render-\(UUID().uuidString).svg")
        defer { try? FileManager.default.removeItem(at: out) }
        let result = fling("render", try fixturePath(file), "--svg", out.path)
        #expect(result.status == 0, "\(result.stderr)")
        let data = try Data(contentsOf: out)
        final class Collector: NSObject, XMLParserDelegate {
            var elements: [String: Int] = [:]
            var root: String?
            func parser(
                _ parser: XMLParser, didStartElement name: String, namespaceURI: String?,
                qualifiedName: String?, attributes: [String: String] = [:]
            ) {
                if root == nil { root = name }
                elements[name, default: 0] += 1
            }
        }
        let parser = XMLParser(data: data)
        let collector = Collector()
        parser.delegate = collector
        #expect(parser.parse(), "\(parser.parserError.map { "\($0)" } ?? "")")
        #expect(collector.root == "svg")
        #expect(collector.elements["polyline", default: 0] + collector.elements["path", default: 0] >= 2)
        #expect(collector.elements["text", default: 0] >= 1)
    }

    @Test func badInputGivesAnErrorOnStderrAndANonZeroStatus() throws {
        let missing = fling("replay", "/nonexistent/trace.json")
        #expect(missing.status == 1 && missing.stdout.isEmpty && !missing.stderr.isEmpty)
        let usage = fling("replay")
        #expect(usage.status == 2 && usage.stdout.isEmpty)
        let unknown = fling("replay", try fixturePath("traces/tap.json"), "--backend", "box2d")
        #expect(unknown.status != 0 && unknown.stdout.isEmpty)
        let help = fling("--help")
        #expect(help.status == 0 && help.stdout.contains("replay") && help.stderr.isEmpty)
    }

    #if Chipmunk
    /// Chipmunk's debug banner never reaches stdout: the real `fling` process, on the Chipmunk
    /// backend, prints only the documented lines.
    @Test func nothingPrintedComesFromChipmunk() throws {
        let binary = Bundle.module.bundleURL.deletingLastPathComponent().appendingPathComponent("fling")
        try #require(FileManager.default.isExecutableFile(atPath: binary.path), "build the fling product first")
        let process = Process()
        process.executableURL = binary
        process.arguments = ["replay", try fixturePath("traces/cancelled.json"), "--backend", "chipmunk"]
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let stdout = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let stderr = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        let lines = stdout.split(separator: "\n")
        #expect(lines.count == 4)
        #expect(lines.first?.hasPrefix("scene 1 ") == true)
        #expect(lines.dropFirst().first?.hasPrefix("pins: ") == true && lines.dropFirst(2).first?.hasPrefix("runs: ") == true)
        #expect(lines.last?.hasPrefix("digest ") == true)
        #expect(!stdout.contains("Chipmunk") && !stdout.contains("cpSpace"))
        #expect(!stderr.contains("Chipmunk"))
    }
    #endif
}
