import Fling
@testable import FlingCore
import Foundation
import Testing

@testable import FlingCLIKit
@testable import FlingTestSupport
@testable import FlingTraces

/// Reading figures out of the documents (README.md, docs/, Benchmarks/), each by its path from
/// the package's root.
enum DocumentFigures {
    static func text(_ file: String) throws -> String {
        try String(contentsOf: DocumentationExampleTests.root.appendingPathComponent(file), encoding: .utf8)
    }

    /// The text with every run of white space (line breaks included) as one space: a phrase
    /// is found wherever a document breaks its lines.
    static func flattened(_ text: String) -> String {
        text.split(whereSeparator: { $0 == " " || $0 == "\n" }).joined(separator: " ")
    }

    /// The numbers written just before each of `markers`, in order, in the text that follows
    /// `anchor` (`1,000 cases` → 1000); nil when the anchor or a marker is missing.
    static func numbers(in text: String, after anchor: String, _ markers: [String]) -> [Double]? {
        let flat = flattened(text)
        guard var at = flat.range(of: anchor)?.upperBound else { return nil }
        var found: [Double] = []
        for marker in markers {
            guard let m = flat.range(of: marker, range: at..<flat.endIndex) else { return nil }
            let before = flat[at..<m.lowerBound].split(separator: " ").last.map { $0.filter { $0 != "," } } ?? ""
            guard let value = Double(before) else { return nil }
            found.append(value)
            at = m.upperBound
        }
        return found
    }

    /// `x` as the documents write a power of ten: `10⁷`, `10⁻²⁰`.
    static func power(_ x: Double) -> String {
        let e = Int(log10(x).rounded())
        precondition(pow(10, Double(e)) == x || abs(pow(10, Double(e)) - x) <= 1e-12 * x, "\(x) is not a power of ten")
        let digits: [Character: Character] = [
            "0": "⁰", "1": "¹", "2": "²", "3": "³", "4": "⁴", "5": "⁵", "6": "⁶", "7": "⁷", "8": "⁸", "9": "⁹", "-": "⁻",
        ]
        return "10" + String(String(e).map { digits[$0]! })
    }

    /// 1000 → "1,000".
    static func grouped(_ n: Int) -> String {
        let digits = Array(String(n))
        var out = ""
        for (i, c) in digits.enumerated() {
            if i > 0, (digits.count - i) % 3 == 0 { out += "," }
            out.append(c)
        }
        return out
    }

    static let words = [
        "zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve", "thirteen", "fourteen",
        "fifteen",
    ]
}

/// Every figure the documents state about the tests, CI and the limits is the one the code
/// uses: each is rebuilt here from the constant the test, the script or the library holds, and
/// must appear as written in the document that states it (the README's sections moved to
/// docs/, and each check follows its text there). Change either, and this fails until the other
/// follows. (Benchmark figures are produced by the commands the documents name beside them.)
struct DocumentFiguresTests {
    static let tiles = "docs/TILES.md", badInput = "docs/BAD-INPUT.md", time = "docs/TIME.md", replay = "docs/REPLAY.md"
    static let snap = "docs/SNAP.md", performance = "Benchmarks/PERFORMANCE.md"

    let documents: [String: String]

    init() throws {
        var documents: [String: String] = [:]
        for file in [Self.tiles, Self.badInput, Self.time, Self.replay, Self.snap] {
            documents[file] = DocumentFigures.flattened(try DocumentFigures.text(file))
        }
        self.documents = documents
    }

    func states(_ phrase: String, in file: String, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(documents[file]?.contains(phrase) == true, "\(file) does not say: \(phrase)", sourceLocation: sourceLocation)
    }

    @Test func limits() {
        let p = DocumentFigures.power
        states(
            "within ±\(p(Limits.coordinate)) pt, mass \(p(Limits.mass.lowerBound))…\(p(Limits.mass.upperBound)), "
                + "tick \(p(Limits.tick.lowerBound))…\(Limits.tick.upperBound) s, velocities ±\(p(Limits.velocity))", in: Self.tiles)
        states("`Limits.moment`, \(p(Limits.moment.lowerBound))…\(p(Limits.moment.upperBound))", in: Self.badInput)
        states("`|anchor|²·m/I > \(p(BackendValidation.maximumLeverage))`", in: Self.badInput)
        states("clamps the released spin to ±\(p(Limits.angularVelocity)) rad/s", in: Self.badInput)
        states("at most \(p(Trace.maximumTileTicks)) ticks × tiles and \(p(Double(Trace.maximumInputs))) inputs", in: Self.badInput)
        states("reads at most \(FileIO.maximumInput >> 20) MiB", in: Self.badInput)
    }

    @Test func theTestsTheDocumentsDescribe() throws {
        let parity = ParityPlan.batches * ParityPlan.scenariosPerBatch
        let ticks = Int((randomScenario(seed: 0).duration * 60).rounded())
        states("a differential test runs \(parity) seeded random scenarios of \(ticks) ticks", in: Self.time)
        states("A test plays \(ReplayContractTests.sessionsPerBackend) seeded random app sessions per backend", in: Self.replay)
        states("in \(ReplayContractTests.mutationSessions) of those sessions one decisive recorded input is dropped", in: Self.replay)
        let plan = ReliabilityTests.selfTest
        let cases = plan.seeds.count * plan.cases + plan.sharedCases, walks = plan.seeds.count * plan.walks + plan.sharedWalks
        states("(\(DocumentFigures.grouped(cases)) cases of about", in: Self.badInput)
        states("then \(DocumentFigures.grouped(walks)) random walks of about", in: Self.badInput)
        let traces = FixtureFiles.all.filter { $0.kind == .trace }.count
        states("`Tests/FlingTests/Fixtures/traces/` holds \(DocumentFigures.words[traces]) fixtures", in: Self.replay)
        states("the \(try Fixture.flutterStrokes.count) real strokes of Flutter's velocity-tracker recordings", in: Self.replay)
        let rates = fixtureDisplayRates.map { String(Int($0)) }
        states("at \(rates.dropLast().joined(separator: ", ")) and \(rates.last!) Hz and with jittered display frames", in: Self.replay)
    }

    @Test func theSoakCIRuns() throws {
        let script = try String(contentsOf: DocumentationExampleTests.root.appendingPathComponent(".ci/soak-check"), encoding: .utf8)
        let run = try #require(script.split(separator: "\n").first { $0.contains("soak --tiles") && $0.contains("--backend") })
        let words = run.split(separator: " ")
        func value(_ flag: String) -> Int? { words.firstIndex(of: Substring(flag)).flatMap { Int(words[$0 + 1]) } }
        let tiles = try #require(value("--tiles")), minutes = try #require(value("--minutes"))
        states("CI runs \(DocumentFigures.grouped(tiles)) tiles for \(minutes) simulated minutes", in: Self.badInput)
        #expect(SoakCommand.growthLimitKiB % 1024 == 0)
        states("the peak rises more than \(SoakCommand.growthLimitKiB / 1024) MiB above the reading after warm-up", in: Self.badInput)
    }

    /// The tile settings table (README or docs/, wherever it lives) follows the configuration's
    /// shape: every setting it names is a member path of `TileConfiguration` (`settle.rest`,
    /// `dynamics.translatesReferenceBoundsIntoBoundary`), and it names every member, and every
    /// member of the drag settings, which it lists one by one.
    @Test func theTileSettingsTableFollowsTheConfiguration() throws {
        let root = DocumentationExampleTests.root
        let docs = try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("docs").path).filter {
            $0.hasSuffix(".md")
        }
        let header = "| setting | Fling's default | where it comes from | `.weHeartPics` |"
        let table = try (["README.md"] + docs.map { "docs/\($0)" }).compactMap { file -> [String]? in
            let lines = try String(contentsOf: root.appendingPathComponent(file), encoding: .utf8).split(separator: "\n").map(String.init)
            guard let start = lines.firstIndex(of: header) else { return nil }
            return Array(lines[(start + 2)...].prefix { $0.hasPrefix("| `") })
        }
        #expect(table.count == 1, "one table of the tile settings")
        let settings = (table.first ?? []).compactMap { $0.split(separator: "`").dropFirst().first.map(String.init) }
        func labels(_ x: Any) -> [String] { Mirror(reflecting: x).children.compactMap(\.label) }
        func resolves(_ path: [Substring], in value: Any) -> Bool {
            guard let name = path.first else { return true }
            guard let child = Mirror(reflecting: value).children.first(where: { $0.label == String(name) }) else { return false }
            return resolves(Array(path.dropFirst()), in: child.value)
        }
        for s in settings { #expect(resolves(s.split(separator: "."), in: TileConfiguration()), "\(s) is no member of TileConfiguration") }
        for member in labels(TileConfiguration()) {
            #expect(settings.contains { $0 == member || $0.hasPrefix(member + ".") }, "the table leaves out \(member)")
        }
        for member in labels(DragSettings()) { #expect(settings.contains("drag.\(member)"), "the table leaves out drag.\(member)") }
        #expect(settings.count >= 20)
    }

    /// The snap figures: the overshoot at three speeds (to the digits printed) and the
    /// fixtures' pinned digests.
    @Test func snapFigures() throws {
        let text = try DocumentFigures.text(Self.snap)
        let speeds = [600.0, 1500, 3000]
        let stated = try #require(
            DocumentFigures.numbers(in: text, after: "overshoot past the edge", ["pt at 600", "pt at 1,500", "pt at 3,000"]))
        let printed = DocumentFigures.flattened(text)
        for (speed, value) in zip(speeds, stated) {
            let measured = try SnapAnimatorTests.overshoot(speed: speed, on: .nativePortable)
            // Within half a unit of the last digit the document prints.
            let phrase = printed.range(of: " pt at \(DocumentFigures.grouped(Int(speed))) pt/s")!
            let token = printed[..<phrase.lowerBound].split(separator: " ").last!
            let decimals = token.split(separator: ".").dropFirst().first?.count ?? 0
            #expect(
                abs(measured - value) <= 0.5 * pow(10, -Double(decimals)),
                "overshoot at \(speed): \(Self.snap) \(value), measured \(measured)")
        }
        for pin in SnapFixtures.pins {
            let name = String(pin.file.dropLast(5))
            states("`\(name)` \(StateDigest(value: pin.digest).hex) / \(StateDigest(value: pin.tickDigest).hex)", in: Self.snap)
        }
    }

    /// Every row of Benchmarks/PERFORMANCE.md's tables (its summary and its full table) is the
    /// committed run's (Benchmarks/results/tile-bench.csv, written by the command it names):
    /// each row's worlds per tick, median ns per world-step and heap bytes per tile, as the CSV
    /// has them. A table belongs to the `tile-bench` command written last before it, and is read
    /// against the CSV that command writes (`--csv FILE`); the tables of a run that wrote none
    /// are quoted as printed and not read here.
    @Test func performanceTableIsTheCommittedRun() throws {
        var csvs: [String: [String: [String]]] = [:]
        func runs(_ file: String) throws -> [String: [String]] {
            if let runs = csvs[file] { return runs }
            let csv = try String(contentsOf: DocumentationExampleTests.root.appendingPathComponent(file), encoding: .utf8)
            var runs: [String: [String]] = [:]
            for line in csv.split(separator: "\n").dropFirst() {
                let f = line.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
                runs["\(f[0]) \(f[1])"] = f
            }
            csvs[file] = runs
            return runs
        }
        let text = try DocumentFigures.text(Self.performance)
        var rows = 0
        var csv: String?
        for line in text.split(separator: "\n") {
            if line.contains(".build/release/tile-bench ") {
                let words = line.split(separator: " ")
                csv = words.firstIndex(of: "--csv").map { String(words[$0 + 1]) }
            }
            guard line.hasPrefix("|"), !line.contains("---"), !line.contains("backend") else { continue }
            let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            guard cells.count == 9, let tiles = Int(cells[0].filter { $0 != "," }), let csv else { continue }
            let run = try #require(try runs(csv)["\(cells[1]) \(tiles)"], "no row for \(cells[1]) at \(tiles) in \(csv)")
            // backend,tiles,worlds_per_tick,ns_per_world_step,ns_min,ns_max,world_steps_per_second,bytes_per_tile
            #expect(Double(cells[2].filter { $0 != "," }) == Double(run[2]), "\(line)")
            #expect(abs(Double(cells[3])! - Double(run[3])!) <= 0.051, "\(line): CSV \(run[3])")
            // Whole bytes in the table, one decimal in the CSV, both rounded from the same value:
            // within half a byte (300.47 prints 300 and 300.5).
            #expect(abs(Double(cells[7].filter { $0 != "," })! - Double(run[7])!) <= 0.5, "\(line): CSV \(run[7])")
            rows += 1
        }
        // The summary's 26 rows (10,000 and 100,000 tiles) and the full table's 82.
        #expect(csvs.keys.contains("Benchmarks/results/tile-bench.csv") && rows >= 108, "found \(rows) table rows")
    }

    /// The ratios that Benchmarks/PERFORMANCE.md's "At a glance" writes in prose are the
    /// committed run's: each phrase in the words `tile-bench` prints them (`A` steps a world R×
    /// as fast as `B` at N tiles; `A` has R× `B`'s throughput at N tiles; `A` holds B heap bytes
    /// per tile at N tiles; `A` needs C of a core for 100,000 tiles at 60 Hz) is recomputed from
    /// the CSV's medians to the decimals written, a speed-up only against a row of the same
    /// workload (the animator rows against `tile-animator-chipmunk`), and no other × figure may
    /// stand in the prose.
    @Test func performanceProseIsTheCommittedRun() throws {
        let text = try DocumentFigures.text(Self.performance)
        let csv = try DocumentFigures.text("Benchmarks/results/tile-bench.csv")
        var median: [String: Double] = [:], bytes: [String: Double] = [:]
        for line in csv.split(separator: "\n").dropFirst() {
            let f = line.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
            median["\(f[0]) \(f[1])"] = Double(f[3])
            bytes["\(f[0]) \(f[1])"] = Double(f[7])
        }
        let glance = try #require(
            text.range(of: "## At a glance").flatMap { a in
                text.range(of: "\n## ", range: a.upperBound..<text.endIndex).map { String(text[a.upperBound..<$0.lowerBound]) }
            })
        let prose = DocumentFigures.flattened(glance.split(separator: "\n").filter { !$0.hasPrefix("|") }.joined(separator: "\n"))
        let problems = PerformanceProse.check(prose, median: median, bytes: bytes)
        #expect(problems.errors.isEmpty, "\(problems.errors)")
        #expect(problems.speedups >= 3 && problems.checked >= 6, "read \(problems.checked) figures, \(problems.speedups) speed-ups")
        // Seen to fail: a sentence that divides across workloads, and a figure off by 0.1.
        let planted = PerformanceProse.check(
            "`tile-animator` steps a world 1.0× as fast as `chipmunk-per-world` at 10,000 tiles; "
                + "`native` holds 1 heap bytes per tile at 10,000 tiles; a loose 3.34× figure",
            median: median, bytes: bytes)
        #expect(
            planted.errors.contains { $0.hasPrefix("across workloads") } && planted.errors.contains { $0.contains("heap bytes") }
                && planted.errors.contains { $0.hasPrefix("a × figure outside") }, "\(planted.errors)")
    }

    /// The reader of figures, on a sample it must read and one it must not.
    @Test func theFigureReaderReadsWhatIsWritten() {
        let sample = "the range (1,000 cases of\nabout 108,000 calls, 28 % of them"
        #expect(DocumentFigures.numbers(in: sample, after: "range (", ["cases of about", "calls,", "% of them"]) == [1000, 108_000, 28])
        #expect(DocumentFigures.numbers(in: sample, after: "range (", ["walks"]) == nil)
        #expect(DocumentFigures.power(1e-20) == "10⁻²⁰" && DocumentFigures.power(1e7) == "10⁷")
    }
}

/// Reads the performance prose's figures (see `performanceProseIsTheCommittedRun`).
enum PerformanceProse {
    struct Result {
        var errors: [String] = []
        var checked = 0
        var speedups = 0
    }

    static func check(_ prose: String, median: [String: Double], bytes: [String: Double]) -> Result {
        var result = Result()
        var covered: [Range<String.Index>] = []
        func matches(_ pattern: String) -> [[String]] {
            let regex = try! NSRegularExpression(pattern: pattern)
            let ns = prose as NSString
            return regex.matches(in: prose, range: NSRange(location: 0, length: ns.length)).map { m in
                covered.append(Range(m.range, in: prose)!)
                return (0..<m.numberOfRanges).map { ns.substring(with: m.range(at: $0)) }
            }
        }
        func tiles(_ s: String) -> String { s.filter { $0 != "," } }
        func decimals(_ s: String) -> Int { s.split(separator: ".").dropFirst().first?.count ?? 0 }
        func agrees(_ written: String, _ value: Double) -> Bool {
            let scale = pow(10, Double(decimals(written)))
            return (value * scale).rounded() / scale == Double(written)
        }
        func workload(_ row: String) -> String {
            (row.hasPrefix("tile-animator") ? "animator" : "backend") + (row.contains("+walls") ? "+walls" : "")
        }
        let row = "`([^`]+)`"
        for m in matches(row + " steps a world ([0-9.]+)× as fast as " + row + " at ([0-9,]+) tiles") {
            result.speedups += 1
            let (a, r, b, n) = (m[1], m[2], m[3], tiles(m[4]))
            guard let ma = median["\(a) \(n)"], let mb = median["\(b) \(n)"] else {
                result.errors.append("no CSV row for \(m[0])"); continue
            }
            if workload(a) != workload(b) { result.errors.append("across workloads: \(m[0])") }
            if !agrees(r, mb / ma) { result.errors.append("\(m[0]): the CSV gives \(mb / ma)") }
            result.checked += 1
        }
        for m in matches(row + " has ([0-9.]+)× " + row + "'s throughput at ([0-9,]+) tiles") {
            let (a, r, b, n) = (m[1], m[2], m[3], tiles(m[4]))
            guard let ma = median["\(a) \(n)"], let mb = median["\(b) \(n)"] else {
                result.errors.append("no CSV row for \(m[0])"); continue
            }
            if !agrees(r, mb / ma) { result.errors.append("\(m[0]): the CSV gives \(mb / ma)") }
            result.checked += 1
        }
        for m in matches(row + " holds ([0-9,]+) heap bytes per tile at ([0-9,]+) tiles") {
            guard let b = bytes["\(m[1]) \(tiles(m[3]))"] else { result.errors.append("no CSV row for \(m[0])"); continue }
            if Double(tiles(m[2])) != b.rounded() { result.errors.append("\(m[0]): the CSV gives \(b)") }
            result.checked += 1
        }
        for m in matches(row + " needs ([0-9.]+) of a core for 100,000 tiles at 60 Hz") {
            guard let ns = median["\(m[1]) 100000"] else { result.errors.append("no CSV row for \(m[0])"); continue }
            if !agrees(m[2], ns * 100_000 * 60 / 1e9) { result.errors.append("\(m[0]): the CSV gives \(ns * 6e-3)") }
            result.checked += 1
        }
        // Every × figure stands in a phrase read above.
        let loose = try! NSRegularExpression(pattern: "[0-9.]+×")
        for m in loose.matches(in: prose, range: NSRange(location: 0, length: (prose as NSString).length)) {
            let r = Range(m.range, in: prose)!
            if !covered.contains(where: { $0.contains(r.lowerBound) }) {
                let from: String.Index = prose.index(r.lowerBound, offsetBy: -40, limitedBy: prose.startIndex) ?? prose.startIndex
                let context = String(prose[from..<r.upperBound])
                result.errors.append("a × figure outside the checked phrases: …" + context)
            }
        }
        return result
    }
}
