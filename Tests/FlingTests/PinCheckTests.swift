import Fling
import Foundation
@testable import FlingCLIKit
import Testing
@testable import FlingTraces

/// A replay that compared nothing cannot pass: for every kind, `verify()` counts the pins and
/// fails when none was compared, unless told that is intended; portable pins replayed on a
/// platform backend are refused, or checked on a reference run of their arithmetic.
@Suite struct PinCheckTests {
    static func make(_ kind: BackendKind) -> ReplayOptions.MakeBackend {
        { n throws(FlingError) in try kind.make(solverIterations: n) }
    }

    /// docs/REPLAY.md's check on every pinned fixture of every kind: on a backend of the pins'
    /// arithmetic every pin is compared and equal; on Chipmunk and `native` (platform bits) the
    /// check refuses to pass, unless the pins are compared on a portable reference run.
    @Test(arguments: ["traces/tap.json", "traces/corner-grab.json", "scenes/heads-press.json", "scenes/switch-tap-pull-flick.json"])
    func portablePinsOnAPlatformBackendAreRefusedUnlessCheckedOnAReference(fixture: String) throws {
        let doc = try document(fixture)
        let portable = try doc.play(ReplayOptions(makeBackend: Self.make(.nativePortable), keepsSteps: false))
        try portable.verify()
        #expect(portable.pins.compared == portable.pins.pinned && portable.pins.pinned >= 2)
        #expect(portable.pins.comparedOn == .thisRun && portable.pins.arithmetic == .portable)
        for kind in backends where kind.arithmetic == .platform {
            let refused = try doc.play(ReplayOptions(makeBackend: Self.make(kind), keepsSteps: false))
            #expect(refused.pins.compared == 0 && !refused.matchesPins)
            let e = try #require(throws: FlingError.self) { try refused.verify() }
            #expect(e.code == .notCompared && e.reason.contains("native-portable"), "\(e)")
            try refused.verify(allowingNoPins: true)
            let checked = try doc.play(
                ReplayOptions(
                    makeBackend: Self.make(kind), keepsSteps: false, reference: Self.make(.nativePortable),
                    referenceName: "native-portable"))
            // Its own run is compared with its peer's (RunComparisonTests); without Chipmunk, native
            // has none, which verify() refuses unless allowed.
            try checked.verify(allowingUncomparedRun: !BackendKind.available.contains(.chipmunk))
            #expect(checked.pins.comparedOn == .reference("native-portable") && checked.pins.compared == portable.pins.compared)
            // The run itself is the platform one: its lines are the platform backend's.
            #expect(checked.report == refused.report)
        }
    }

    /// The typed replays refuse in the same way (what a test written from docs/REPLAY.md does).
    @Test(arguments: backends)
    func theTypedReplayRefusesOnPlatformBits(kind: BackendKind) throws {
        let trace = try Trace(json: try Fixture.text("traces/two-fingers.json"))
        let replay = try TraceReplayer(trace).replay(makeBackend: Self.make(kind))
        if kind.arithmetic == .portable {
            try replay.verify()
        } else {
            #expect(throws: FlingError.self) { try replay.verify() }
            #expect(replay.pins.comparedOn == .nowhere(replayArithmetic: .platform))
        }
        let heads = try SceneDocument<ChatHeadsScene>(json: try Fixture.text("scenes/heads-press.json"))
        let snap = try heads.replay(keepsSteps: false, makeBackend: Self.make(kind))
        #expect(snap.matchesPins == (kind.arithmetic == .portable))
    }

    /// Seeded scenes and paths use no platform arithmetic: their pins are always compared.
    @Test(arguments: [
        "scenes/bubbles-taps.json", "scenes/clouds.json", "scenes/day-night.json", "paths/dots.json", "paths/jumping-pin.json",
        "paths/pin-and-dots.json",
    ])
    func seededAndPathPinsAreAlwaysCompared(fixture: String) throws {
        let r = try document(fixture).play(ReplayOptions(makeBackend: Self.make(.native), keepsSteps: false))
        try r.verify()
        #expect(r.pins.compared == r.pins.pinned && r.pins.pinned >= 1)
    }

    /// A document without pins compared nothing: `verify()` says so, unless asked not to.
    @Test func aDocumentWithoutPinsIsNotAPass() throws {
        var trace = try Trace(json: try Fixture.text("traces/tap.json"))
        trace.sessions[0].expected = nil
        let r = try TraceReplayer(trace).replay(makeBackend: Self.make(.nativePortable))
        #expect(r.pins.pinned == 0 && !r.matchesPins && r.pins.mismatches.isEmpty)
        let e = try #require(throws: FlingError.self) { try r.verify() }
        #expect(e.code == .notCompared && e.reason.contains("allowingNoPins"))
        try r.verify(allowingNoPins: true)
        var path = try PathDocument<ConveyorPaths>(json: try Fixture.text("paths/dots.json"))
        path.expected = nil
        #expect(throws: FlingError.self) { try path.replay(ReplayOptions()).verify() }
    }

    /// A differing checkpoint names the ticks within which the run left its pins: from the last
    /// matching checkpoint to the first differing one.
    @Test func aMismatchNamesTheTicksWhereTheRunLeftItsPins() throws {
        var trace = try Trace(json: try Fixture.text("traces/two-fingers.json"))
        var x = try #require(trace.sessions[0].expected)
        let interval = try #require(x.interval)
        #expect(x.checkpoints.count >= 2)
        x.checkpoints[1] = StateDigest(value: x.checkpoints[1].value ^ 1)
        trace.sessions[0].expected = x
        let r = try TraceReplayer(trace).replay(makeBackend: Self.make(.nativePortable))
        #expect(r.pins.mismatches.map(\.field) == ["scenes[0] (\(trace.sessions[0].name!)).expected.checkpoints[1]"])
        #expect(r.pins.mismatches.first?.within == interval..<(2 * interval))
        let e = try #require(throws: FlingError.self) { try r.verify() }
        #expect(e.code == .pinMismatch && e.reason.contains("within frames \(interval)..<\(2 * interval)"))
    }

    /// A run that leaves its pins early differs at every chained pin after that: the message
    /// names the first and counts the rest truly (issue 47 item 6).
    @Test func aMismatchCountsEveryPinThatDiffers() throws {
        var trace = try Trace(json: try Fixture.text("traces/two-fingers.json"))
        let x = try #require(trace.sessions[0].expected)
        #expect(x.checkpoints.count >= 2)
        trace.sessions[0].configuration.gravity.y += 1  // every tick differs from the first on
        let r = try TraceReplayer(trace).replay(makeBackend: Self.make(.nativePortable))
        let differing = r.pins.mismatches.count
        #expect(differing == 1 + x.checkpoints.count, "\(r.pins.mismatches.map(\.field))")  // the digest and every checkpoint
        let e = try #require(throws: FlingError.self) { try r.verify() }
        #expect(e.reason.contains("; \(differing - 1) more pins of \(r.pins.compared) differ"), "\(e.reason)")
    }

    /// `fling replay` checks portable pins on a reference run when it replays on a platform
    /// backend and compares the run with its peer's, and prints what it compared before the
    /// digest line (status 0); with `--reference none` nothing is compared and the status is 1;
    /// a wrong pin fails on every backend; a document without pins says so and fails unless
    /// `--allow-unpinned`.
    @Test func flingReplayComparesPinsOrFails() throws {
        let tap = try fixturePath("traces/tap.json")
        let portable = FlingCommand.run(["replay", tap])
        #expect(portable.status == 0 && portable.stderr.isEmpty)
        #expect(portable.stdout.contains("\npins: 2 of 2 compared on this run (portable arithmetic): all match\ndigest "))
        #expect(!portable.stdout.contains("runs: "))
        for kind in backends where kind.arithmetic == .platform {
            let checked = FlingCommand.run(["replay", tap, "--backend", kind.rawValue])
            #expect(
                checked.stdout.contains("\npins: 2 of 2 compared on a reference run on native-portable (portable arithmetic): all match\n"))
            if BackendKind.available.contains(.chipmunk) {
                #expect(checked.status == 0 && checked.stderr.isEmpty, "\(checked.stderr)")
                let peer = kind == .native ? "chipmunk" : "native"
                #expect(
                    checked.stdout.contains("\nruns: this run on \(kind) compared with a run on \(peer) over 28 ticks ("),
                    "\(checked.stdout)")
                #expect(checked.stdout.contains("): equal\ndigest "))
            } else {
                // Without Chipmunk, native has no peer: said on stdout, refused unless allowed.
                #expect(checked.status == 1 && checked.stderr.contains("--allow-uncompared-run"), "\(checked.stderr)")
                #expect(checked.stdout.contains("\nruns: this run on native (28 ticks) not compared: this build of Fling has no Chipmunk"))
                let allowed = FlingCommand.run(["replay", tap, "--backend", kind.rawValue, "--allow-uncompared-run"])
                #expect(allowed.status == 0 && allowed.stdout == checked.stdout)
            }
            let none = FlingCommand.run(["replay", tap, "--backend", kind.rawValue, "--reference", "none"])
            #expect(none.status == 1 && none.stderr.contains("none of the document's 2 pins was compared"), "\(none.stderr)")
            #expect(
                none.stdout.contains("\npins: 0 of 2 compared: they are of portable arithmetic, this run on \(kind) computed with platform")
            )
            #expect(!none.stdout.contains("runs: "))
            #expect(none.stdout.split(separator: "\n").last == checked.stdout.split(separator: "\n").last)
        }
        let wrong = try Fixture.text("traces/tap.json").replacingOccurrences(of: "768dee72e556c02f", with: "768dee72e556c02e")
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("fling-pins-\(UUID().uuidString).json")
        try wrong.write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        for kind in backends {
            let r = FlingCommand.run(["replay", file.path, "--backend", kind.rawValue])
            #expect(
                r.status == 1 && r.stderr.contains("expected 768dee72e556c02e") && r.stderr.contains("ticks 0..<28"), "\(kind): \(r.stderr)"
            )
            #expect(r.stdout.contains("pins: 2 of 2 compared on ") && r.stdout.contains("): 1 differ\n"))
        }
        #expect(FlingCommand.run(["replay", tap, "--reference", "sometimes"]).status == 2)
        // A document without pins compared nothing: it says so, and fails unless allowed.
        var bare = try Trace(json: try Fixture.text("traces/tap.json"))
        bare.sessions[0].expected = nil
        try bare.json.write(to: file, atomically: true, encoding: .utf8)
        let unpinned = FlingCommand.run(["replay", file.path])
        #expect(unpinned.status == 1 && unpinned.stderr.contains("pins no digest") && unpinned.stderr.contains("--allow-unpinned"))
        #expect(unpinned.stdout.contains("\npins: none: the document pins no digest, so nothing was compared\ndigest 768dee72e556c02f"))
        let allowed = FlingCommand.run(["replay", file.path, "--allow-unpinned"])
        #expect(allowed.status == 0 && allowed.stderr.isEmpty && allowed.stdout == unpinned.stdout)
        let csv = FlingCommand.run(["replay", try fixturePath("flutter-velocity-tracker.csv")])
        #expect(csv.status == 1 && csv.stdout.contains("\npins: none: "))
        // `fling paths digest` prints a path document's digest: unpinned is what it is for.
        var dots = try PathDocument<ConveyorPaths>(json: try Fixture.text("paths/dots.json"))
        dots.expected = nil
        try dots.json.write(to: file, atomically: true, encoding: .utf8)
        #expect(FlingCommand.run(["paths", "digest", file.path]).status == 0)
        #expect(FlingCommand.run(["replay", file.path]).status == 1)
    }
}

/// Standard input is read once, whatever the command, and a document is parsed once.
@Suite struct StandardInputTests {
    static let commands: [(arguments: [String], file: String)] = [
        (["replay"], "traces/tap.json"),
        (["replay"], "scenes/heads-press.json"),
        (["replay"], "paths/dots.json"),
        (["replay", "--allow-unpinned"], "flutter-velocity-tracker.csv"),
        (["render", "--svg", "-"], "traces/tap.json"),
        (["render", "--svg", "-"], "scenes/bubbles-taps.json"),
        (["convert"], "flutter-velocity-tracker.csv"),
        (["velocity"], "flutter-velocity-tracker.csv"),
        (["paths", "digest"], "paths/jumping-pin.json"),
        (["diff", "--display-hz-b", "30"], "scenes/switch-tap-pull-flick.json"),
    ]

    /// `fling <command> -` with the file on standard input prints what `fling <command> FILE`
    /// prints, reading standard input once and parsing the document once.
    @Test(arguments: commands.indices)
    func standardInputIsReadOnceAndGivesTheFilesOutput(index: Int) throws {
        let (arguments, file) = Self.commands[index]
        let path = try fixturePath(file)
        func run(_ target: String, stdin: [UInt8]? = nil) -> CommandResult {
            // The subcommand word(s) first, then the file, then the options.
            let words = arguments.prefix { !$0.hasPrefix("-") }
            return FlingCommand.run(Array(words) + [target] + arguments.dropFirst(words.count), standardInput: stdin)
        }
        let fromFile = run(path)
        let fromInput = run("-", stdin: Array(try Fixture.text(file).utf8))
        #expect(fromFile.status == 0, "\(arguments) \(file): \(fromFile.stderr)")
        let title = String(path.split(separator: "/").last!)
        #expect(
            fromInput.stdout == fromFile.stdout.replacingOccurrences(of: title, with: "standard input")
                || fromInput.stdout == fromFile.stdout, "\(arguments) \(file)")
        #expect(fromInput.status == fromFile.status && fromInput.stderr == fromFile.stderr)
        #expect(fromInput.standardInputReads == 1 && fromFile.standardInputReads == 0)
        #expect(fromFile.documentsParsed == 1 && fromInput.documentsParsed == 1, "\(arguments) \(file)")
    }

    /// Two files are parsed once each; the same file named twice, or standard input named
    /// twice, is read and parsed once.
    @Test func diffReadsAndParsesEachInputOnce() throws {
        let tap = try fixturePath("traces/tap.json"), corner = try fixturePath("traces/corner-grab.json")
        #expect(FlingCommand.run(["diff", tap, corner]).documentsParsed == 2)
        #expect(FlingCommand.run(["diff", tap, tap]).documentsParsed == 1)
        let stdin = FlingCommand.run(["diff", "-", "-"], standardInput: Array(try Fixture.text("traces/tap.json").utf8))
        #expect(stdin.status == 0 && stdin.standardInputReads == 1 && stdin.documentsParsed == 1, "\(stdin.stderr)")
    }

    /// The real `fling` process with the trace on its standard input prints the same lines as
    /// with the file (issue 21: it used to read standard input twice and refuse it as empty).
    @Test func theFlingProcessReadsStandardInput() throws {
        let binary = Bundle.module.bundleURL.deletingLastPathComponent().appendingPathComponent("fling")
        try #require(FileManager.default.isExecutableFile(atPath: binary.path), "build the fling product first")
        let path = try fixturePath("traces/tap.json")
        func run(_ arguments: [String], stdin: URL?) throws -> (Int32, String) {
            let process = Process()
            process.executableURL = binary
            process.arguments = arguments
            let out = Pipe()
            process.standardOutput = out
            process.standardError = FileHandle.nullDevice
            if let stdin { process.standardInput = try FileHandle(forReadingFrom: stdin) }
            try process.run()
            let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            return (process.terminationStatus, text)
        }
        let file = try run(["replay", path], stdin: nil)
        let input = try run(["replay", "-"], stdin: URL(fileURLWithPath: path))
        #expect(file.0 == 0 && input.0 == 0 && input.1 == file.1 && file.1.hasSuffix("digest 768dee72e556c02f ticks 28\n"))
    }
}
