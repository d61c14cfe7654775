import Fling
import Foundation
@testable import FlingCLIKit
import Testing
@testable import FlingTraces

/// Inputs inside the documented limits never reach a Chipmunk assertion, never wedge the
/// animator, and files cost time and memory in proportion to their size.
@Suite struct ReliabilityTests {
    /// The audit's cases that aborted Debian's Chipmunk: each is now refused with a typed error
    /// (and the world is left as it was), on every backend alike.
    @Test(arguments: backends.filter { $0 != .nativePortable })
    func backendArgumentsThatAbortedChipmunkAreRefused(kind: BackendKind) throws {
        let backend = try kind.make()
        func world(mass: Double = 1, moment: Double = 1000) throws -> WorldID {
            try backend.makeWorld(
                WorldDefinition(
                    mass: mass, moment: moment, transform: Transform(position: Vector(10, 10)),
                    gravity: Vector(0, 100)))
        }
        func drag(_ anchor: Vector) -> DragJoint { DragJoint(localAnchor: anchor, finger: .zero, maxForce: 1e4, errorBias: 1e-3) }
        // Drag anchors whose effective mass would be singular.
        var e = try #require(throws: FlingError.self) {
            _ = try backend.addDrag(drag(Vector(1, 1)), to: try world(moment: Limits.moment.lowerBound))
        }
        #expect(e.code == .outOfRange && e.field == "DragJoint.localAnchor")
        e = try #require(throws: FlingError.self) { _ = try backend.addDrag(drag(Vector(1e7, 1e7)), to: try world(mass: 1e6, moment: 1)) }
        #expect(e.reason.contains("mass and moment"))
        // Springs too stiff for the step: the step is refused and says the largest stable one.
        func spring(_ k: Double, angular: Double = 10) -> Attraction {
            Attraction(origin: .zero, stiffness: k, damping: 0, angularStiffness: angular, angularDamping: 1)
        }
        let w = try world()
        try backend.attachAttraction(spring(1e6), to: w)
        let before = try backend.state(of: w)
        e = try #require(throws: FlingError.self) { try backend.step(by: 1.0 / 60) }
        #expect(e.field == "step.dt" && e.reason.contains("0.0019"))
        #expect(try backend.state(of: w) == before)  // nothing stepped
        try backend.step(by: 1e-3)  // a short enough step is fine
        try backend.detachAttraction(from: w)
        try backend.step(by: 1.0 / 60)  // and without the spring, any step
        // Springs unstable at every step a backend takes: refused where they are added, so
        // the backend's steps go on.
        for attraction in [spring(1e300), spring(1, angular: 1e300)] {
            let refused = try #require(throws: FlingError.self) { try backend.attachAttraction(attraction, to: w) }
            #expect(refused.code == .outOfRange && refused.reason.contains("stable only for steps up to"))
            try backend.step(by: 1e-4)
        }
        // A spring tuned for mass 1 on a mass-1e-6 world.
        let light = try world(mass: 1e-6, moment: 1e-3)
        try backend.attachAttraction(spring(1 * 2 * 2 * .pi * .pi * 6.25, angular: 1e-4), to: light)
        #expect(throws: FlingError.self) { try backend.step(by: 1.0 / 60) }
        try backend.destroyWorld(light)
        try backend.step(by: 1.0 / 60)  // its bound left with it
    }

    /// A rotary spring stable by its ω (stiffness 1e300 on a moment of 1e300: ω = 1) still
    /// overflowed: a 1e9 rad/s spin turns the body past 1.8e8 rad, `stiffness · angle` is ∞,
    /// Chipmunk aborted and native went NaN. Moments are now within Limits.moment, and there
    /// the stiffest spring the stability bound lets through stays finite under the same spin.
    @Test(arguments: backends)
    func aStableRotarySpringCannotOverflow(kind: BackendKind) throws {
        let backend = try kind.make()
        func world(_ moment: Double) throws -> WorldID {
            try backend.makeWorld(WorldDefinition(mass: 1, moment: moment, transform: Transform(position: .zero), gravity: .zero))
        }
        for moment in [1e300, 1e21, 1e-21, 1e-300] {
            let e = try #require(throws: FlingError.self) { try world(moment) }
            #expect(e.field == "WorldDefinition.moment" && e.code == .outOfRange)
        }
        let w = try world(Limits.moment.upperBound)
        let stiffest = Limits.moment.upperBound * 3.6 / (0.1 * 0.1)  // ω·0.1 s = 1.897 < 1.9
        try backend.attachAttraction(
            Attraction(origin: .zero, stiffness: 0, damping: 0, angularStiffness: stiffest, angularDamping: 0), to: w)
        try backend.setVelocity(of: w, linear: .zero, angular: -1e9)
        for _ in 0..<2000 { try backend.step(by: 0.1) }
        let s = try backend.state(of: w)
        #expect(s.angle.isFinite && s.angularVelocity.isFinite && abs(s.angle) < 1e9)
    }

    /// A 0.1-point tile named by a touch at (4194304, 4194304): the grab takes the tile's
    /// nearest point, and the run stays finite on every backend.
    @Test(arguments: backends)
    func namedGrabFarOutsideATinyTile(kind: BackendKind) throws {
        let tile = TileDefinition(id: 1, frame: Rect(center: Vector(100, 100), width: 0.1, height: 0.1))
        let a = try TileAnimator(viewport: phone, tiles: [tile], backend: try kind.make())
        try a.handle(TouchEvent(time: 0, touch: 1, phase: .began, position: Vector(4_194_304, 4_194_304), item: 1))
        try a.handle(TouchEvent(time: 0.1, touch: 1, phase: .moved, position: Vector(4_194_300, 4_194_310)))
        var t = 0.0
        while t < 1 { t += 1.0 / 60; try a.advance(to: t) }
        let s = try a.state(of: 1).state
        #expect(s.position.x.isFinite && s.velocity.x.isFinite && s.angularVelocity.isFinite)
        #expect(s.position.x > 1_000)  // the finger drags it away, at the joint's force limit
    }

    @Test func derivedValuesAreCheckedWhereTheyArrive() {
        // A frame whose origin is within the limit but whose center is not.
        #expect(throws: FlingError.self) { try TileDefinition(id: 1, frame: Rect(x: 1e7 - 1, y: 0, width: 10, height: 10)).validate() }
        var c = TileConfiguration()
        c.drag.dragErrorBias = .leastNonzeroMagnitude
        #expect(throws: FlingError.self) { try c.validate() }
        // Times beyond the velocity tracker's ±1e12 s saturate instead of trapping.
        var tracker = VelocityTracker()
        tracker.add(time: 1e13, position: .zero)
        tracker.add(time: -1e300, position: .zero)
        #expect(tracker.velocity.x.isFinite)
    }

    /// The self-test's plan: per seed, cases then random walks; then the shared-space layout.
    static let selfTest = (seeds: 1...3, cases: 300, walks: 2000, sharedCases: 100, sharedWalks: 1000)

    /// The abort-freedom proof: thousands of calls over the whole accepted range on the
    /// Chipmunk backend and the animator, in a child process, so an abort fails this test
    /// instead of ending the test run; and the harness does notice an abort.
    @Test func noChipmunkAbortIsReachable() throws {
        let selfTest = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("FlingSelfTest")
        try #require(FileManager.default.isExecutableFile(atPath: selfTest.path), "the FlingSelfTest executable is built beside the tests")
        func run(_ arguments: [String]) throws -> (status: Int32, reason: Process.TerminationReason, output: String) {
            let p = Process()
            p.executableURL = selfTest
            p.arguments = arguments
            let pipe = Pipe()
            p.standardOutput = pipe
            p.standardError = FileHandle.nullDevice
            try p.run()
            let data = pipe.fileHandleForReading.readDataToEndOfFile()
            p.waitUntilExit()
            return (p.terminationStatus, p.terminationReason, String(decoding: data, as: UTF8.self))
        }
        var totals = (cases: 0, calls: 0, refused: 0, walks: 0, steps: 0)
        func count(_ output: String) {
            for line in output.split(separator: "\n") {
                let words = line.split(separator: " ")
                func number(before word: String) -> Int {
                    words.firstIndex { $0.hasPrefix(word) }.flatMap { $0 > 0 ? Int(words[$0 - 1]) : nil } ?? 0
                }
                if line.contains("random walks") {
                    totals.walks += number(before: "random"); totals.steps += number(before: "steps")
                } else {
                    totals.cases += number(before: "cases"); totals.calls += number(before: "calls")
                    totals.refused += number(before: "refused")
                }
            }
        }
        // Without Chipmunk the self-test drives the native backend, in this debug build many
        // times slower than Chipmunk's C: one seed and a tenth of the walks (docs/BAD-INPUT.md's
        // figures are of the Chipmunk run, and are checked only there).
        let plan =
            BackendKind.available.contains(.chipmunk)
            ? Self.selfTest : (seeds: 1...1, cases: Self.selfTest.cases, walks: Self.selfTest.walks / 10, sharedCases: 0, sharedWalks: 0)
        for seed in plan.seeds {
            let r = try run(["backend", "--seed", "\(seed)", "--cases", "\(plan.cases)", "--walk", "\(plan.walks)"])
            #expect(r.reason == .exit && r.status == 0, "seed \(seed): \(r.reason) \(r.status)")
            #expect(r.output.contains("\(plan.cases) cases") && r.output.contains("no abort"))
            #expect(r.output.contains("\(plan.walks) random walks") && r.output.contains("all finite"))
            count(r.output)
        }
        // The shared-space layout too (one cpSpace for every world).
        if BackendKind.available.contains(.chipmunkShared) {
            let shared = try run([
                "backend", "--backend", "chipmunk-shared", "--cases", "\(plan.sharedCases)", "--walk", "\(plan.sharedWalks)",
            ])
            #expect(shared.reason == .exit && shared.status == 0, "\(shared.reason) \(shared.status)")
            count(shared.output)
            // docs/BAD-INPUT.md's figures for this run: cases and walks exactly, calls, the
            // share refused and steps as stated (they are this machine's Chipmunk's: within 5 %).
            let document = try DocumentFigures.text(DocumentFiguresTests.badInput)
            let stated = try #require(
                DocumentFigures.numbers(
                    in: document, after: "over the whole accepted range (",
                    ["cases of about", "calls,", "% of them refused, then", "random walks of about", "steps"]),
                "docs/BAD-INPUT.md states the self-test's figures")
            #expect(stated[0] == Double(totals.cases) && stated[3] == Double(totals.walks), "docs/BAD-INPUT.md \(stated), ran \(totals)")
            #expect(abs(stated[1] - Double(totals.calls)) <= 0.05 * stated[1], "docs/BAD-INPUT.md \(stated), ran \(totals)")
            #expect(abs(stated[2] - 100 * Double(totals.refused) / Double(totals.calls)) <= 1, "docs/BAD-INPUT.md \(stated), ran \(totals)")
            #expect(abs(stated[4] - Double(totals.steps)) <= 0.05 * stated[4], "docs/BAD-INPUT.md \(stated), ran \(totals)")
        }
        let aborted = try run(["backend", "--abort"])
        #expect(aborted.reason == .uncaughtSignal && aborted.status == SIGABRT)
    }

    /// Large documents are read or refused: an object of 200,000 keys (unknown ones, or with a
    /// duplicate) is refused, a trace of 20,000 touch events is read, and a trace asking for
    /// more simulation than its budget is refused before it runs. That reading takes time
    /// linear in the size is measured from outside the reader, by the instructions the `fling`
    /// process runs on documents of these three shapes at n and 4n (`.ci/linear-check`, under
    /// valgrind), not by counters placed in the code it checks.
    @Test func largeDocumentsAreReadOrRefused() throws {
        /// `n` keys of one width, so that 4× the keys is 4× the bytes.
        func object(_ n: Int, duplicate: Bool = false) -> [UInt8] {
            let keys = (0..<n).map { i -> String in
                let digits = String(i)
                return "\"k\(String(repeating: "0", count: 7 - digits.count))\(digits)\": \(i % 10)"
            }
            return Array(("{" + keys.joined(separator: ", ") + (duplicate ? ", \"k0000007\": 1" : "") + "}").utf8)
        }
        /// A valid trace: one long drag of `n` moves, each position of one width.
        func drag(_ n: Int) -> [UInt8] {
            var events = [TouchEvent(time: 0, touch: 1, phase: .began, position: Vector(100.5, 200.5))]
            for k in 1...n {
                events.append(
                    TouchEvent(time: 0.001 * Double(k), touch: 1, phase: .moved, position: Vector(100.25, 200.75 + Double(k % 7))))
            }
            events.append(TouchEvent(time: 0.001 * Double(n + 1), touch: 1, phase: .ended, position: Vector(100.25, 200.75)))
            var session = Trace.Session(viewport: phone, tiles: [centerTile], events: events)
            session.run = Trace.RunLength(duration: 0.001 * Double(n + 2), stopsWhenIdle: false)
            return Array(Trace(sessions: [session]).json.utf8)
        }
        #expect(try Trace(json: drag(20_000)).sessions[0].inputs.count == 20_002)
        let e = try #require(throws: FlingError.self) { try Trace(json: object(200_000)) }
        #expect(e.field.contains("format"))
        let dup = try #require(throws: FlingError.self) { try Trace(json: object(200_000, duplicate: true)) }
        #expect(dup.reason.contains("duplicate"))
        // A trace asking for more simulation than the limit is refused before it runs.
        var scene = Trace.Session(
            viewport: phone, tiles: (1...2000).map { TileDefinition(id: TileID($0), frame: Rect(x: 0, y: 0, width: 10, height: 10)) },
            events: [])
        scene.run = Trace.RunLength(duration: 3600, stopsWhenIdle: false)
        let big = try #require(throws: FlingError.self) { try Trace(sessions: [scene]).validate() }
        // Named as a work budget, with the trace's figure: 2000 tiles × 216,000 ticks.
        #expect(big.code == .overBudget && big.reason.contains("Trace.tileTickBudget"))
        #expect(big.value == "432000000 tile-ticks")
    }

    @Test func commandLineFilesAndMessages() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("fling-cli-\(getpid())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let tap = try fixturePath("traces/tap.json")
        // Output never replaces a symbolic link or a FIFO.
        let target = dir.appendingPathComponent("target.txt").path
        try "keep".write(toFile: target, atomically: true, encoding: .utf8)
        let link = dir.appendingPathComponent("link.svg").path
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target)
        let r = FlingCommand.run(["render", tap, "--svg", link])
        #expect(r.status == 1 && r.stderr.contains("not a regular file"))
        #expect(try String(contentsOfFile: target, encoding: .utf8) == "keep")
        #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: link)) == target)
        let fifo = dir.appendingPathComponent("fifo").path
        #expect(mkfifo(fifo, 0o644) == 0)
        #expect(FlingCommand.run(["convert", tap, "--out", fifo]).status == 1)
        // A regular file is written (atomically).
        let svg = dir.appendingPathComponent("out.svg").path
        #expect(FlingCommand.run(["render", tap, "--svg", svg]).status == 0)
        #expect(try String(contentsOfFile: svg, encoding: .utf8).contains("<svg"))
        // Inputs over 64 MiB are refused without being read.
        let huge = dir.appendingPathComponent("huge.json").path
        #expect(FileManager.default.createFile(atPath: huge, contents: nil))
        #expect(truncate(huge, 65 << 20) == 0)
        #expect(FlingCommand.run(["replay", huge]).stderr.contains("64 MiB"))
        // Control characters in names and errors are shown escaped, never sent to the terminal.
        let named = try String(contentsOfFile: tap, encoding: .utf8)
            .replacingOccurrences(of: "\"name\": \"", with: "\"name\": \"\\u001b[2J")
        let namedPath = dir.appendingPathComponent("named.json").path
        try named.write(toFile: namedPath, atomically: true, encoding: .utf8)
        #expect(named.contains("\\u001b[2J"))
        let out = FlingCommand.run(["replay", namedPath])
        #expect(out.status == 0 && out.stdout.contains("[2J") && !out.stdout.contains("\u{1B}"))
        let bad = FlingCommand.run(["replay", dir.appendingPathComponent("\u{1B}[31mred").path])
        #expect(bad.status == 1 && !bad.stderr.contains("\u{1B}") && bad.stderr.contains("\\u{1B}"))
        // A CSV with a UTF-8 byte-order mark reads; a time beyond ±1e12 s is refused.
        let csv = "\u{FEFF}stroke_id,t_seconds,phase,x,y\n1,0,began,1,2\n1,0.01,moved,1,3\n1,0.02,ended,1,3\n"
        #expect(try StrokeCSV.parse(csv).count == 1)
        #expect(throws: FlingError.self) { try StrokeCSV.parse("stroke_id,t_seconds,phase,x,y\n1,1e13,began,1,2\n1,1e13,ended,1,2\n") }
    }
}
