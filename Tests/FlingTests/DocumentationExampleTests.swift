import Fling
import FlingTraces
import Foundation
import Testing
import FlingPathsTestSupport
@testable import FlingPaths
@testable import FlingInteraction

/// The documentation's examples: each one appears verbatim in `DocumentationExamples.swift`
/// (so it compiles), and each one runs and does what its comments say.
@Suite struct DocumentationExampleTests {
    /// The package's root, from this file's path (Tests/FlingTests/<file>).
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// An example's lines as compared: trimmed, without blank lines and `import` lines (the
    /// examples file imports once at its top; an example's own lines sit inside functions).
    static func normalized(_ lines: [Substring]) -> [String] {
        lines.map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty && !$0.hasPrefix("import ") }
    }

    /// docs/ORIGINALS.md names, for each claim that Fling matches an original, the test that
    /// fails if it stops matching (`Suite.test`): every **Matches** paragraph names at least one,
    /// and every test named exists (a file of `Tests/` declares the suite and the test).
    @Test func originalsNameTestsThatExist() throws {
        let text = try String(contentsOf: Self.root.appendingPathComponent("docs/ORIGINALS.md"), encoding: .utf8)
        var sources: [String] = []
        let fm = FileManager.default
        for folder in ["Tests/FlingTests", "Tests/FlingPathsTests", "Tests/FlingMathTests"] {
            for name in try fm.contentsOfDirectory(atPath: Self.root.appendingPathComponent(folder).path) where name.hasSuffix(".swift") {
                sources.append(try String(contentsOf: Self.root.appendingPathComponent("\(folder)/\(name)"), encoding: .utf8))
            }
        }
        var named = 0
        for match in text.matches(of: /`([A-Za-z0-9]+Tests)\.([A-Za-z0-9_]+)`/) {
            let suite = String(match.1), test = String(match.2)
            #expect(
                sources.contains { $0.contains("struct \(suite) ") && $0.contains("func \(test)(") },
                "docs/ORIGINALS.md names \(suite).\(test), which no test file declares")
            named += 1
        }
        #expect(named >= 40)
        // Every Matches paragraph (up to the next blank line) names a test.
        let paragraphs = text.components(separatedBy: "\n\n").filter { $0.hasPrefix("**Matches.**") }
        #expect(paragraphs.count >= 5)
        for p in paragraphs { #expect(p.contains(/`[A-Za-z0-9]+Tests\.[A-Za-z0-9_]+`/), "\(p.prefix(80))") }
    }

    /// The ```swift blocks of a Markdown text: each block's lines.
    static func swiftBlocks(_ text: String) -> [[Substring]] {
        var blocks: [[Substring]] = [], current: [Substring]?
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let t = line.trimmingCharacters(in: .whitespaces)
            if current == nil, t == "```swift" {
                current = []
            } else if current != nil, t == "```" {
                blocks.append(current!); current = nil
            } else if current != nil {
                current!.append(line)
            }
        }
        return blocks
    }

    /// Every documented example with where it is from: README.md, every page of docs/, the
    /// catalog's pages, and the `///` comments of the sources (their `///` taken off). A manifest
    /// fragment (first line `// Package.swift`) is not Swift a test target can compile, and is
    /// left out.
    static func documentedExamples() throws -> [(source: String, lines: [String])] {
        var texts: [(String, String)] = [("README.md", try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8))]
        let fm = FileManager.default
        for page in try fm.contentsOfDirectory(atPath: root.appendingPathComponent("docs").path).sorted() where page.hasSuffix(".md") {
            texts.append(("docs/\(page)", try String(contentsOf: root.appendingPathComponent("docs/\(page)"), encoding: .utf8)))
        }
        let sources = root.appendingPathComponent("Sources")
        let files = (fm.enumerator(atPath: sources.path)?.compactMap { $0 as? String } ?? []).sorted()
        for file in files {
            let url = sources.appendingPathComponent(file)
            if file.hasSuffix(".md") {
                texts.append((file, try String(contentsOf: url, encoding: .utf8)))
            } else if file.hasSuffix(".swift") {
                let comments = try String(contentsOf: url, encoding: .utf8).split(separator: "\n").compactMap { line -> String? in
                    let t = line.trimmingCharacters(in: .whitespaces)
                    guard t.hasPrefix("///") else { return nil }
                    return String(t.dropFirst(t.hasPrefix("/// ") ? 4 : 3))
                }
                texts.append((file, comments.joined(separator: "\n")))
            }
        }
        return texts.flatMap { source, text in
            swiftBlocks(text).filter { $0.first?.hasPrefix("// Package.swift") != true }.map { (source, normalized($0)) }
        }
    }

    @Test func everyExampleIsCompiled() throws {
        let examples = try Self.documentedExamples()
        // README (the app), docs/ (traces, scenes, snap, paths, tiles, dynamics), the catalog
        // (GettingStarted 5, TileLifeCycle, Springs 2, SnapInteractions, TracesInTests,
        // ChoosingABackend), doc comments (4): 21 or more; a broken extraction finds fewer.
        #expect(examples.count >= 21, "found \(examples.count) examples")
        #expect(examples.contains { $0.source == "README.md" })
        #expect(examples.contains { $0.source.hasSuffix("Fling.docc/Springs.md") })
        for page in ["docs/DYNAMICS.md", "docs/REPLAY.md", "docs/SCENES.md", "docs/SNAP.md", "docs/SVG-PATHS.md", "docs/TILES.md"] {
            #expect(examples.contains { $0.source == page }, "no example read from \(page)")
        }
        let compiled = Self.normalized(
            try String(contentsOf: Self.root.appendingPathComponent("Tests/FlingTests/DocumentationExamples.swift"), encoding: .utf8)
                .split(separator: "\n", omittingEmptySubsequences: false))
        for example in examples where !example.lines.isEmpty {
            let n = example.lines.count
            let found = compiled.count >= n && (0...(compiled.count - n)).contains { Array(compiled[$0..<($0 + n)]) == example.lines }
            #expect(
                found,
                "an example in \(example.source) is not in DocumentationExamples.swift verbatim:\n\(example.lines.joined(separator: "\n"))")
        }
    }

    /// The top-level public names of the products that `import Fling` does not give, read from
    /// their sources: an example that names one imports its product.
    static let productNames: [String: Set<String>] = {
        var names: [String: Set<String>] = [:]
        for module in ["FlingTraces", "FlingScenes", "FlingPaths"] {
            let folder = root.appendingPathComponent("Sources/\(module)")
            guard let files = FileManager.default.enumerator(atPath: folder.path) else { continue }
            for case let file as String in files where file.hasSuffix(".swift") {
                guard let text = try? String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8) else { continue }
                for match in text.matches(
                    of: /(?m)^public (?:final )?(?:struct|enum|class|protocol|typealias|func|let|var) ([A-Za-z_][A-Za-z0-9_]*)/)
                {
                    names[module, default: []].insert(String(match.1))
                }
            }
        }
        return names
    }()

    /// What an example needs imported, by the names it uses: Foundation for CoreGraphics' and
    /// Foundation's types, Testing for its macros, FlingTraces, FlingScenes or FlingPaths for
    /// their own names (FlingTesting gives FlingTraces' too), a Fling module for anything else
    /// (the FlingTesting catalog's examples FlingTesting too).
    static func importsNeeded(_ lines: [String], page: String) -> Set<String> {
        let text = lines.filter { !$0.hasPrefix("import ") && !$0.hasPrefix("//") }.joined(separator: "\n")
        var needed: Set<String> = []
        let words = Set(text.matches(of: /(?:^|[^A-Za-z0-9_.])([A-Z][A-Za-z0-9_]*)/).map { String($0.output.1) })
        for (module, names) in productNames where !names.isDisjoint(with: words) { needed.insert(module) }
        if text.contains(
            /(?:^|[^A-Za-z0-9_.])(?:(?:CG(?:Rect|Point|Size|Float|Vector|AffineTransform)|TimeInterval|FileManager)(?![A-Za-z0-9_])|(?:URL|Data|Date)\()/
        ) {
            needed.insert("Foundation")
        }
        if text.contains(/#expect|#require|@Test(?![A-Za-z0-9_])/) { needed.insert("Testing") }
        if !text.isEmpty { needed.insert(page.contains("FlingTesting.docc/") ? "FlingTesting" : "a Fling module") }
        return needed
    }

    /// Every example says its imports (issue 47 item 6): pasted into a file of its own, an
    /// example compiles with the `import` lines it or an earlier example of its page shows (the
    /// examples of a page continue one another). What it needs is judged by the names it uses
    /// (`importsNeeded`). Doc comments' examples sit in a module's own source, and are not read.
    @Test func everyPageSaysItsImports() throws {
        var missing: [String] = [], examples = 0
        for (page, text) in try Self.pages() {
            var imported: Set<String> = []
            for (k, block) in Self.swiftBlocks(text).enumerated() where block.first?.hasPrefix("// Package.swift") != true {
                let lines = block.map { $0.trimmingCharacters(in: .whitespaces) }
                for line in lines where line.hasPrefix("import ") {
                    let module = String(line.dropFirst(7))
                    imported.insert(module)
                    if module.hasPrefix("Fling") { imported.insert("a Fling module") }
                    if module == "FlingTesting" { imported.insert("FlingTraces") }
                }
                examples += 1
                let lacking = Self.importsNeeded(lines, page: page).subtracting(imported).sorted()
                if !lacking.isEmpty { missing.append("\(page), example \(k + 1): import \(lacking.joined(separator: ", "))") }
            }
        }
        #expect(examples >= 30, "read \(examples) examples")
        #expect(missing.isEmpty, "examples that use what no import line of their page gives:\n\(missing.joined(separator: "\n"))")
        // The judge itself.
        #expect(Self.importsNeeded(["let r = CGRect.zero"], page: "docs/X.md") == ["Foundation", "a Fling module"])
        #expect(Self.importsNeeded(["let t = try Trace(json: data)"], page: "docs/X.md") == ["FlingTraces", "a Fling module"])
        #expect(Self.importsNeeded(["let e = BubbleEmitter()"], page: "docs/X.md") == ["FlingScenes", "a Fling module"])
        #expect(
            Self.importsNeeded(["#expect(a == b)"], page: "Sources/FlingTesting/FlingTesting.docc/X.md") == ["Testing", "FlingTesting"])
    }

    /// A closure constant at an example's top level (`let portable = { … }`) is what a reader
    /// pastes as a global; Swift 6 language mode refuses a global that is not concurrency-safe,
    /// so each one stands verbatim at the file scope of DocumentationExamples.swift (column 0:
    /// not inside a function), where the test target, in Swift 6 mode, compiles it as a global.
    @Test func everyClosureConstantCompilesAsAGlobal() throws {
        let compiled = try String(
            contentsOf: Self.root.appendingPathComponent("Tests/FlingTests/DocumentationExamples.swift"), encoding: .utf8
        ).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var globals = 0
        for (source, text) in try Self.pages() {
            for block in Self.swiftBlocks(text) {
                var k = 0
                while k < block.count {
                    defer { k += 1 }
                    guard block[k].contains(/^(?:let|var) [A-Za-z_][A-Za-z0-9_]*(?:: [^=]+)? = \{/),
                        let end = block[k...].firstIndex(where: { $0 == "}" })
                    else { continue }
                    let declaration = block[k...end].map(String.init)
                    globals += 1
                    let n = declaration.count
                    #expect(
                        (0...(compiled.count - n)).contains { Array(compiled[$0..<($0 + n)]) == declaration },
                        "\(source): a top-level closure constant not compiled as a global:\n\(declaration.joined(separator: "\n"))")
                }
            }
        }
        #expect(globals >= 2, "found \(globals)")
    }

    /// README.md, docs/*.md and every DocC catalog's pages, with their text.
    static func pages() throws -> [(source: String, text: String)] {
        var pages = ["README.md"]
        let fm = FileManager.default
        pages += try fm.contentsOfDirectory(atPath: root.appendingPathComponent("docs").path).filter { $0.hasSuffix(".md") }.sorted()
            .map { "docs/\($0)" }
        pages += (fm.enumerator(atPath: root.appendingPathComponent("Sources").path)?.compactMap { $0 as? String } ?? []).sorted()
            .filter { $0.hasSuffix(".md") && $0.contains(".docc/") }.map { "Sources/\($0)" }
        return try pages.map { ($0, try String(contentsOf: root.appendingPathComponent($0), encoding: .utf8)) }
    }

    /// The checker itself: a changed line is noticed.
    @Test func aDriftedExampleIsNoticed() {
        let compiled = Self.normalized(["let a = 1", "    let b = 2", "", "let c = 3"])
        let same = Self.normalized(["let b = 2", "let c = 3"]), drifted = Self.normalized(["let b = 2", "let c = 4"])
        func appears(_ lines: [String]) -> Bool {
            (0...(compiled.count - lines.count)).contains { Array(compiled[$0..<($0 + lines.count)]) == lines }
        }
        #expect(appears(same) && !appears(drifted))
        #expect(Self.swiftBlocks("x\n```swift\nlet a = 1\n```\n```sh\nls\n```\n").map { $0.map(String.init) } == [["let a = 1"]])
    }

    // The examples run, and do what they say.

    /// FlingTraces' recorded strokes: the flick's release velocity points where it went (right
    /// and up), its replay releases the tile once, and that release's prediction comes true.
    @Test func recordedStrokesRun() throws {
        let (printed, comparison) = try DocumentationExamples.recordedStrokes()
        let velocity = try #require(printed.first?.last as? Vector)
        #expect(printed.first?.first as? String == "flick" && velocity.x > 0 && velocity.y < 0, "\(printed) \(velocity)")
        let entries = try #require(comparison?.entries)
        #expect(entries.count == 1 && comparison?.exact == 1, "\(entries)")
        #expect(printed.last?.first as? [String] == entries.map(\.description))
        #expect(entries.first?.description.hasPrefix("tile 1 released at tick ") == true, "\(entries)")
    }

    @Test func usingItRuns() throws {
        let view = ExampleView(bounds: CGRect(x: 0, y: 0, width: 390, height: 844), frame: .zero)
        let tileView = ExampleView(bounds: .zero, frame: CGRect(x: 115, y: 342, width: 160, height: 160))
        let animator = try DocumentationExamples.usingIt(
            view: view, tileView: tileView, touch: ExampleTouch(timestamp: 1000.05, point: CGPoint(x: 150, y: 350)),
            link: ExampleDisplayLink(timestamp: 1000.1))
        // Grabbed off-center at 0.05 s, drawn at 0.1 s (6 ticks): held, drawn where the tick says.
        let phase = try animator.state(of: 1).phase, pose = try animator.drawnTransform(of: 1)
        #expect(animator.clock.ticks == 6 && phase == .held(by: 1))
        #expect(tileView.layer.position == pose.cgPosition && !tileView.isHidden)
        #expect(tileView.layer.position != .zero)
    }

    @Test func tracesRoundTrip() throws {
        let animator = try TileAnimator(
            viewport: Rect(x: 0, y: 0, width: 390, height: 844),
            tiles: [TileDefinition(id: 1, frame: Rect(x: 115, y: 342, width: 160, height: 160))],
            backend: NativeBackend(arithmetic: .portable))
        // docs/REPLAY.md's recording: a touch off-centre (the tile turns), then a frame at 0.2 s
        // (12 ticks), replayed on portable arithmetic to the same ticks and bits.
        let (replay, ticks, events) = try DocumentationExamples.traces(
            animator, touch: TouchEvent(time: 0.1, touch: 1, phase: .began, position: Vector(150, 350)), displayTime: 0.2)
        #expect(animator.clock.ticks == 12 && ticks == 12 && events == 1, "\(animator.clock.ticks) \(ticks) \(events)")
        #expect(replay.sessions.count == 1 && replay.sessions[0].digest == animator.digest && replay.digest == animator.digest)
        #expect(replay.sessions[0].events.map(\.kind) == [.grabbed(touch: 1, at: Vector(150, 350))])
        #expect(replay.sessions[0].ticks.last?.tiles.first?.state.angle != 0)
        let again = try DocumentationExamples.tracesInTests(
            try TileAnimator(
                viewport: Rect(x: 0, y: 0, width: 390, height: 844),
                tiles: [TileDefinition(id: 1, frame: Rect(x: 115, y: 342, width: 160, height: 160))], backend: NativeBackend()))
        #expect(again.sessions[0].tickCount > 0)
        let thrown = try TileAnimator(
            viewport: Rect(x: 0, y: 0, width: 390, height: 844),
            tiles: [TileDefinition(id: 1, frame: Rect(x: 115, y: 342, width: 160, height: 160))], backend: NativeBackend())
        let recorder = try TraceRecorder(recording: thrown)
        try thrown.handle(TouchEvent(time: 0, touch: 1, phase: .began, position: Vector(195, 422)))
        try thrown.handle(TouchEvent(time: 0.1, touch: 1, phase: .ended, position: Vector(300, 422)))
        try thrown.advance(to: 3)
        let thrownTrace = try recorder.trace()
        let thrownReplay = try TraceReplayer(thrownTrace).replay { n throws(FlingError) in try NativeBackend(solverIterations: n) }
        let (settle, atRest, x, frames) = DocumentationExamples.tracesInTestsRun(thrownTrace, thrownReplay)
        // Released toward home, the tile settles there once; the run reads the settle with its
        // tick, and the tile at that frame at home (195, 422), still.
        let settled = thrownReplay.sessions[0].events.filter { $0.kind == .settled }
        #expect(settled.count == 1, "\(thrownReplay.sessions[0].events)")
        #expect(settle?.id == 1 && settle?.step == settled.first?.tick && frames == thrownReplay.sessions[0].tickCount)
        #expect(atRest.map(\.id) == [1] && x == 195 && atRest.first?.value("y") == 422, "\(atRest)")
        #expect(atRest.first?.value("vx") == 0 && atRest.first?.value("angle") == 0, "\(atRest)")
        // The whole run: one session over the viewport, the tile's six fields, its first step the
        // replay's first tick with the tile as the replay left it there, and the release's touch
        // applied within the session, after the touch that began.
        let wholeRun = thrownTrace.run(of: thrownReplay, title: "a throw")
        let (session, fields, first, release) = DocumentationExamples.tracesInTestsWholeRun(wholeRun)
        #expect(wholeRun.stages.count == 1 && session.viewport == Rect(x: 0, y: 0, width: 390, height: 844))
        #expect(session.stepCount == thrownReplay.sessions[0].tickCount && wholeRun.stepUnit == "tick")
        #expect(session.items.contains { $0.itemKind == "tile" && $0.id == 1 && $0.facts.contains { $0.name == "homeX" } })
        #expect(fields == ["x", "y", "angle", "vx", "vy", "w"])
        let firstTick = try #require(thrownReplay.sessions[0].ticks.first)
        #expect(first.localStep == firstTick.tick && first.items.map(\.id) == [1] && first.items.first?.fields == fields, "\(first)")
        #expect(first.items.first?.value("x") == firstTick.tiles.first?.state.position.x && first.items.first?.phase == "held")
        let began = wholeRun.inputs.first { $0.phase == "began" }
        #expect(release?.name == "touch" && release?.touch == 1 && release?.time == 0.1 && release?.position == Vector(300, 422))
        #expect(began.map { $0.step <= release?.step ?? -1 } == true && release.map { $0.step < session.stepCount } == true)
        // The results read by field: pinned on portable arithmetic, the throw's one tile settles
        // once, at the tick its event says; a replay at another display rate parts nowhere.
        let pinnedThrow = try thrownTrace.pinned(every: 30, makeBackend: portable)
        let printed = try DocumentationExamples.tracesInTestsResults(pinnedThrow)
        let portableReplay = try TraceReplayer(pinnedThrow).replay(makeBackend: portable)
        let settledTick = portableReplay.sessions[0].events.first { $0.kind == .settled }?.tick
        #expect(printed.map(\.0) == [1] && printed.first?.1 == settledTick && settledTick != nil, "\(printed)")
        #expect(portableReplay.sessions[0].outcomes.first.map { $0.release?.tick ?? .max < $0.tick } == true)
        let run = pinnedThrow.run(of: portableReplay, title: "60 Hz")
        let at120 = pinnedThrow.run(of: try TraceReplayer(pinnedThrow, display: .rate(120)).replay(makeBackend: portable), title: "120 Hz")
        #expect(DocumentationExamples.tracesInTestsDivergence(run, at120) == nil)
        // A run with the tile's x changed at one step parts there, on that field.
        var moved = portableReplay
        moved.sessions[0].ticks[5].tiles[0].state.position.x += 1
        let d = try #require(run.firstDivergence(from: pinnedThrow.run(of: moved, title: "moved")))
        #expect(d.part == .item && d.step == 5 && d.localStep == 5 && d.itemKind == "tile" && d.id == 1 && d.field == "x", "\(d)")
        #expect(d.value.number.map { $0 + 1 } == d.otherValue.number && d.stepUnit == "tick")
        let json = try DocumentationExamples.recorderDocumentation(
            bounds: Rect(x: 0, y: 0, width: 390, height: 844),
            tiles: [TileDefinition(id: 1, frame: Rect(x: 0, y: 0, width: 10, height: 10))])
        // An unpinned recording compared nothing: the documented check refuses it.
        #expect(throws: FlingError.self) { try DocumentationExamples.replayerDocumentation(bytes: Array(json.utf8)) }
        let tap = try Fixture.text("traces/tap.json")
        try DocumentationExamples.replayerDocumentation(bytes: Array(tap.utf8))
        let tapReplay = try TraceReplayer(try Trace(json: tap)).replay { n throws(FlingError) in
            try NativeBackend(solverIterations: n, arithmetic: .portable)
        }
        try DocumentationExamples.pinCheckDocumentation(tapReplay)
        // A trace whose tile turns (transcendentals): its platform run parts from the portable one.
        let corner = try Trace(json: try Fixture.text("traces/corner-grab.json"))
        // On Chipmunk where the build has it (its run compared with native's); without, native
        // has no peer, and the example's verify() says so.
        let platform = { (n: Int) throws(FlingError) -> any PhysicsBackend in try BackendKind.default.make(solverIterations: n) }
        if BackendKind.available.contains(.chipmunk) {
            let divergence = try DocumentationExamples.tracesOnPlatform(corner, chipmunk: platform)
            #expect(divergence?.contains("tile 1") == true && divergence?.contains("0x") == true, "\(divergence ?? "equal")")
        } else {
            let e = #expect(throws: FlingError.self) { try DocumentationExamples.tracesOnPlatform(corner, chipmunk: platform) }
            #expect(e?.code == .notCompared && e?.field == "run on native", "\(String(describing: e))")
        }
    }

    @Test(.timeLimit(.minutes(1))) func gettingStartedAndTheRest() async throws {
        let (ticks, poses, homecomings) = try DocumentationExamples.gettingStarted()
        #expect(ticks == 60 && poses.count == 1)
        // The stream saw the settle (tick 31, inside the 60 frames) and finished with the animator.
        #expect(await homecomings.value == [1])
        #expect(DocumentationExamples.lifeCycle() == ("tick 31: tile 1 settled", "attract"))
        let springs = DocumentationExamples.springs()
        #expect(abs(springs[0].response - 0.55) < 1e-12 && abs(springs[2].angularFrequency - 10) < 1e-12)
        let (x, done) = DocumentationExamples.springCurve(springs[0])
        #expect(x > 0 && x < 500 && done > 0.1 && done < 3)
        #expect(try !DocumentationExamples.bubbles().isEmpty)
        #expect(try DocumentationExamples.backends().count == 2)
        // A kind says the arithmetic its backends step with (ChoosingABackend.md).
        for kind in BackendKind.available { #expect(try kind.make().arithmetic == kind.arithmetic, "\(kind)") }
        #expect(BackendKind.available.filter { $0.arithmetic == .portable } == [.nativePortable])
        let scenes = try DocumentationExamples.scenes(displayTime: 2)
        #expect(!scenes.events.isEmpty && !scenes.drawn.isEmpty)
    }

    /// ChoosingABackend.md's backend of its own: its bodies fly by semi-implicit Euler under
    /// gravity (exact in binary here), it refuses what the built-in backends refuse with their
    /// errors, a destroyed world's id stays unknown, and an animator on it throws at the grab.
    @Test func customBackendRuns() throws {
        let backend = BallisticBackend()
        let world = try backend.makeWorld(
            WorldDefinition(mass: 1, moment: 1, transform: Transform(position: Vector(10, 20)), gravity: Vector(0, 100)))
        try backend.setVelocity(of: world, linear: Vector(4, 0), angular: 1)
        for _ in 0..<16 { try backend.step(by: 1.0 / 16) }
        // v₁₆ = v₀ + g, p₁₆ = p₀ + v₀ + g·(1/16)²·16·17/2: exact in binary.
        #expect(
            try backend.state(of: world) == BodyState(position: Vector(14, 73.125), angle: 1, velocity: Vector(4, 100), angularVelocity: 1))
        let bad = WorldDefinition(mass: .nan, moment: 1, transform: Transform(position: .zero), gravity: .zero)
        let ours = #expect(throws: FlingError.self) { try backend.makeWorld(bad) }
        let native = #expect(throws: FlingError.self) { try NativeBackend().makeWorld(bad) }
        #expect(ours != nil && ours == native && backend.worldCount == 1)
        try backend.destroyWorld(world)
        #expect(throws: FlingError.unknownWorld(world)) { try backend.state(of: world) }
        #expect(backend.worldCount == 0)
        let animator = try TileAnimator(
            viewport: Rect(x: 0, y: 0, width: 390, height: 844),
            tiles: [TileDefinition(id: 1, frame: Rect(x: 100, y: 100, width: 100, height: 100))],
            backend: backend)
        try animator.handle(TouchEvent(time: 0, touch: 1, phase: .began, position: Vector(150, 150)))
        let refused = #expect(throws: FlingError.self) { try animator.advance(to: 0.1) }
        #expect(refused?.field.contains("addDrag") == true, "\(String(describing: refused))")
    }

    /// Foresight.md's examples: the prefetch fires at the release of a tile thrown up, for where
    /// it settles (its home); the haptic is scheduled for the display time of the tick the head
    /// snaps on the edge; a snapshot saved to a file and read back restores the animator.
    @Test func foresightRuns() throws {
        prefetched = []
        let photos = try DocumentationExamples.prefetch()
        try photos.handle(TouchEvent(time: 0, touch: 1, phase: .began, position: Vector(195, 422)))
        try photos.handle(TouchEvent(time: 0.05, touch: 1, phase: .moved, position: Vector(196, 420)))
        try photos.handle(TouchEvent(time: 0.06, touch: 1, phase: .ended, position: Vector(196, 420)))
        var events: [TileEvent] = []
        for displayFrame in 4...180 { events += try photos.advance(to: Double(displayFrame) / 60) }
        #expect(prefetched.count == 1 && prefetched.first?.0 == 1 && prefetched.first?.1 == Vector(195, 422), "\(prefetched)")
        let settled = try #require(events.first { $0.kind == .settled })
        #expect(events.first { if case .released = $0.kind { true } else { false } }?.prediction?.tick == settled.tick)

        let (heads, haptics) = try DocumentationExamples.haptic()
        try heads.handle(TouchEvent(time: 0, touch: 1, phase: .began, position: Vector(20, 300)))
        try heads.handle(TouchEvent(time: 0.03, touch: 1, phase: .moved, position: Vector(120, 310)))
        try heads.handle(TouchEvent(time: 0.05, touch: 1, phase: .moved, position: Vector(220, 320)))
        try heads.handle(TouchEvent(time: 0.06, touch: 1, phase: .ended, position: Vector(220, 320)))
        var snaps: [SnapEvent] = []
        for displayFrame in 4...240 { snaps += try heads.advance(to: Double(displayFrame) / 60).snap }
        let snapped = snaps.first { if case .settled = $0.kind { true } else { false } }
        let tick = try #require(snapped?.tick)
        #expect(haptics.scheduled == [heads.animator.clock.start(ofTick: tick + 1)] && haptics.cancels == 1)

        let url = FileManager.default.temporaryDirectory.appendingPathComponent("fling-foresight-\(getpid()).snapshot")
        defer { try? FileManager.default.removeItem(at: url) }
        let before = try photos.snapshot().bytes
        try DocumentationExamples.snapshots(photos, snapshotURL: url)
        #expect(try photos.snapshot().bytes == before)
    }

    @Test func presetsRun() throws {
        let (floating, toonie) = try DocumentationExamples.presets(displayTime: 1)
        #expect(floating.configuration.shape == .triangleUp && floating.configuration.fadesOut && floating.taps == [0.25])
        #expect(toonie.value(at: 10) == 60)  // back 22 hours from 23:00
    }

    @Test func bounceRuns() throws {
        let b = DocumentationExamples.bounce(displayTime: 0.1)
        #expect(b.y != 300 && b.y != 100 && b.values.count == 180 && b.values[0] == 300)
        #expect(abs(b.values[10] - 210.6) < 0.05 && abs(b.values[45] - 70.1) < 0.05)
        #expect(b.grow.values.count == 29 && b.grow.values.last != .identity)
        #expect(b.pop.values.count == 29 && b.pop.values.contains { $0.m33 > 1.2 } && b.pop.finalValue.m33 == 1.2)
        #expect(b.hue.red != 1 && b.hue.blue != 0)
        #expect(b.first.values[1] == Vector(25, 507) && b.first.keyTimes.count == 3)
    }

    /// The everyday values compile from outside (the client package builds this file) and read back what was made.
    @Test func everydayValuesReadBack() throws {
        let values = try DocumentationExamples.everydayValues()
        #expect(values.kinds.contains(.native) && values.kinds.contains(.nativePortable))
        #expect(values.speed == 20 && values.wallLength == 390 && values.push == Vector(3, 4) && values.origin == Vector(60, 50))
    }

    @Test func pictureInPictureRuns() throws {
        let (window, events) = try DocumentationExamples.pictureInPicture()
        #expect(events.contains { $0.kind == .grabbed(touch: 1) })
        #expect(try window.state(of: 1).phase == .held(by: 1))
    }

    /// docs/DYNAMICS.md's example: the pushed box meets the walls and stays in the room, on
    /// the turn the push at its top edge gives it (clockwise on screen: a positive spin).
    @Test func dynamicsRuns() throws {
        let (backend, world, hits) = try DocumentationExamples.dynamics()
        let s = try backend.state(of: world)
        #expect(hits > 0)
        #expect(s.position.x > 0 && s.position.x < 390 && s.position.y > 0 && s.position.y < 844)
        let pushed = try NativeBackend()
        let w = try pushed.makeWorld(.box(size: Vector(120, 120), density: 1, transform: Transform(position: .zero), gravity: .zero))
        try pushed.applyImpulse(.uikit(angle: 0, magnitude: 2, offset: Vector(0, -60)), to: w)
        let kicked = try pushed.state(of: w)
        #expect(abs(kicked.velocity.x - 200 / 1.44) < 1e-9 && kicked.angularVelocity > 0)
    }

    /// The We Heart Pics example: a touch on the photo holds it; lifted in place (a second
    /// animator, the same code path), it is a tap.
    @Test func weHeartPicsRuns() throws {
        let (photos, taps) = try DocumentationExamples.weHeartPics(
            touch: TouchEvent(time: 0.05, touch: 1, phase: .began, position: Vector(170, 210)), displayTime: 0.1)
        #expect(taps.isEmpty && photos.configuration == .weHeartPics)
        #expect(try photos.state(of: 1).phase == .held(by: 1) && photos.state(of: 1).definition.mass == 3)
        try photos.handle(TouchEvent(time: 0.15, touch: 1, phase: .ended, position: Vector(170, 210)))
        #expect(try photos.advance(to: 0.2).contains { $0.kind == .tapped })
    }

    /// The ChatHeads demo example: a press (held a second, not moved) opens the conversation.
    @Test func chatHeadsDemoRuns() throws {
        let demo = try DocumentationExamples.chatHeadsDemo()
        try demo.handle(TouchEvent(time: 0.1, touch: 1, phase: .began, position: Vector(22, 300)))
        try demo.handle(TouchEvent(time: 1.1, touch: 1, phase: .ended, position: Vector(22, 300)))
        #expect(try demo.advance(to: 1.2).heads.count == 1 && demo.openHead == 1)
    }

    /// The room example: the thrown tile meets the right and top edges, bounces on the floor,
    /// and comes to rest lying on it, inside the screen, its world freed.
    @Test func roomRuns() throws {
        let (animator, bounces, restedAt) = try DocumentationExamples.room()
        #expect(Array(bounces.prefix(2)).map(\.wall).sorted() == [0, 1] && bounces.contains { $0.wall == 2 }, "\(bounces.map(\.wall))")
        let at = try #require(restedAt)
        #expect(at.x > 50 && at.x < 340 && at.y > 790 && at.y < 795)
        #expect(try animator.state(of: 1).phase == .lying && animator.liveTileCount == 0)
    }

    @Test func snapInteractionsRun() throws {
        let touch = TouchEvent(time: 0.1, touch: 1, phase: .began, position: Vector(18, 200))
        #expect(try DocumentationExamples.snapInteractions(screen: phone, touch: touch, displayTime: 0.2))
    }

    @Test(arguments: [0.0, 0.37, 1, 2.5])
    func pathsRun(displayTime: Double) throws {
        let (shape, visible, p1) = try DocumentationExamples.paths(displayTime: displayTime)
        #expect(shape == MapPinKeyframes.jumpingMapPin().shape(at: displayTime))
        #expect(try BezierPath(svg: shape.svgData) == shape)
        if displayTime == displayTime.rounded() { #expect(shape == p1) } else { #expect(shape != p1) }
        #expect(visible == MapPinKeyframes.dots().items(at: displayTime))
        #expect(!visible.isEmpty && visible.allSatisfy { $0.alpha >= 0 && $0.alpha <= 1 })
    }

    @Test func morphRuns() throws {
        let m = try DocumentationExamples.morph()
        #expect(!PathMorph.sameStructure(m.square, m.triangle) && PathMorph.sameStructure(m.from, m.to))
        #expect(m.from == m.square && m.to.segmentCount == 4)  // the square unchanged, the triangle split once
        #expect(try KeyframeAnimation.sampleTimes(count: 5, from: 0, to: 1) == [0, 0.25, 0.5, 0.75, 1])
        #expect(m.frames.count == 5 && m.frames.first == m.from && m.frames.last == m.to)
        #expect(m.frames.allSatisfy { PathMorph.sameStructure($0, m.from) } && m.frames[2] != m.from && m.frames[2] != m.to)
    }

    @Test func pathDataRuns() throws {
        let d = try DocumentationExamples.pathData()
        #expect(try PathData(d.text).commands == d.commands)
        #expect(d.text == "M10.0 10.0 h80.0 v80.0 h-80.0 Z")  // as the doc comment says
    }

    @MainActor @Test func mainActorControllers() throws {
        let board = try TileBoardController(
            bounds: CGRect(x: 0, y: 0, width: 390, height: 844),
            tileFrames: [CGRect(x: 10, y: 10, width: 100, height: 100), CGRect(x: 200, y: 10, width: 100, height: 100)])
        try board.displayLinkFired(at: 0.25)
        #expect(board.poses.count == 2 && board.animator.tileIDs == [0, 1])
        let tiles = try TilesController()
        try tiles.frame(at: 0.1)
        #expect(tiles.animator.clock.ticks == 6)
    }
}

/// Every tick's states through `onTick`, read from outside: one call per tick stepped, in
/// order, through a stall, each with the held tile's state, and the last equal to
/// what `state(of:)` reads after `advance`.
@Suite struct TickObserverTests {
    @Test func onTickSeesEveryTick() throws {
        let animator = try TileAnimator(viewport: phone, tiles: [centerTile], backend: BackendKind.nativePortable.make())
        var seen: [(Int, [(TileID, BodyState)])] = []
        animator.onTick = { tick, states in seen.append((tick, states)) }
        try animator.handle(TouchEvent(time: 0.01, touch: 1, phase: .began, position: Vector(195, 422)))
        try animator.handle(TouchEvent(time: 0.2, touch: 1, phase: .moved, position: Vector(250, 400)))
        try animator.advance(to: 0.05)
        try animator.advance(to: 0.5)  // a stall: many ticks in one frame
        #expect(seen.map(\.0) == Array(0..<seen.count) && seen.count == animator.clock.ticks, "\(seen.map(\.0))")
        // The touch at 0.01 s is applied at the next tick's start: tick 0 has no world yet.
        #expect(seen.first?.1.isEmpty == true && seen.dropFirst().allSatisfy { $0.1.map(\.0) == [1] })
        #expect(seen.last?.1.first?.1 == (try animator.state(of: 1)).state)
    }
}
