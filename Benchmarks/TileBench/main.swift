// tile-bench: step throughput for many simultaneous photo tiles, backend against backend.
// See Benchmarks/PERFORMANCE.md for what it measures and a run's results.
import Fling
import FlingFloor
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

let usage = """
    usage: tile-bench [options]

    Runs one workload — N photo tiles alive at once, a third dragged by fingers along
    Lissajous paths, a third springing back to their origins, a third falling (respawned when
    off screen) — on several backends side by side, and the same scene through TileAnimator
    (the tile-animator row, over native-portable; tile-animator-chipmunk, over Chipmunk).
    Reports the worlds each row stepped per tick (N for every row: every tile has a world on
    every tick) and ns per world-step (median of the repetitions after a warm-up, with min and
    max), world-steps per second, heap bytes per tile and each row's speed-up, per world-step,
    over Chipmunk on its own workload (chipmunk-per-world; the animator rows over
    tile-animator-chipmunk). Compares every row's end state (digest) with another run of the
    same workload and arithmetic: the other rows (chipmunk-per-world, chipmunk-shared and
    native compute with the platform's libm; native-portable and tile-animator with Fling's
    portable functions), or, for a row with none, a reference run made for it (native on 2
    threads sharing every step from 100 tiles, on one below; untimed). Exits 1 when a comparison differs. Table on stdout, progress on stderr.
    Every run also times the machine's floor beside the rows (but with --no-floor): floor (and floor+walls when
    a +walls row runs), the same tick's per-tile work as tight C over structure-of-arrays, vectorized by the
    compiler (Benchmarks/FlingFloor), on the best instruction set this CPU runs (AVX2 and FMA on x86-64 that has
    them; the Swift rows are built for baseline x86-64, SSE2), and gives each native and animator row's ns per
    tile-step over its floor's (vs floor, naming the floor's instruction set; the isa column names each row's).
    Each floor row is compared with the floor's scalar reference (the same tick written plainly in C, compiled
    for the same instruction set, run untimed for as many ticks): states and counters must be equal. With walls,
    every row's edge contacts (tiles past an edge, and contacts, per tile-step, counted from its states after each
    step by the floor's rule) are printed; the floor's own counters must equal that count, and each walls row of
    the backend workload must lie within 25 % of the floor's (from 100 tiles).

    options:
      --tiles LIST        tile counts, comma-separated; a k suffix means thousands
                          (default 1,10,100,1k,10k,100k)
      --backends LIST     some of: chipmunk-per-world, chipmunk-shared, native, native-portable,
                          tile-animator, tile-animator-chipmunk, snap-animator, and each but the last with +walls: the workload with the viewport's
                          edges as walls and a noise field in every world (tile-animator+walls:
                          also a material, pushes through the animator, and a tile that comes to
                          rest grabbed again) (default: every one this build has, but
                          chipmunk-shared+walls, whose shared space meets every pair of tiles in
                          its broad phase: O(N²), and the animator rows with walls). Rows
                          whose heap, projected with the rows before them, would pass 80 % of
                          the memory available are skipped at that N, and the report says so
      --quick             a short run (make run): tiles 1,10,100,1k,10k, 100k tile-steps per
                          repetition, 3 repetitions
      --reps R            repetitions per N (default 9; 5 at N >= 100k): more repetitions
                          give a steadier median on a shared machine
      --tile-steps S      tile-steps per repetition: ticks = max(10, ceil(S / N)); the warm-up is
                          one repetition's ticks, at least 5 (default 300k)
      --threads LIST      thread counts for the native backends' steps, comma-separated: each
                          native row (and tile-animator) is run once per count, named like
                          native-portable×2 (default 1)
      --csv FILE          also write the results as CSV
      --svg FILE          also write a chart (ns per tile-step against N, log-log) as SVG
      --no-reserve        do not call NativeBackend.reserveCapacity(N) before making the worlds
      --no-floor          leave out the floor rows (and the vs floor column's figures)
      --floor-isa LIST    the floor's instruction sets, comma-separated: best (the best this CPU runs, the
                          default) and sse2 (baseline x86-64, as the Swift rows are built: floor-sse2 and
                          floor-sse2+walls); with both, vs floor gives the ratio over each
      --plant-floor-fault LIST
                          plant faults in the floor rows (not in their references), comma-separated: noise
                          (its field left out), contacts (its contacts left out), lift-test (its lift test
                          left out), so that the floor's checks can be seen to fail the run (exit 1)
      --scalar-contacts   native rows iterate every world's wall contacts one world at a time
                          instead of eight at a time in SIMD lanes (the same bits): what the
                          lanes save
      --alloc-check T     native (or the one backend named by --backends: native,
                          native-portable, their +walls rows, which then also push the tiles
                          (an instantaneous push and a continuous one added or removed, each
                          tile every 60 and 45 ticks) and respawn a falling tile every tick,
                          tile-animator, tile-animator+walls or snap-animator): make the tiles (first
                          of --tiles, default 1000), warm up 300 ticks, run T more ticks, print
                          the digest. Compare heap totals of two T under valgrind to see
                          whether a tick allocates (.ci/alloc-check does)
      --plant-allocation  with --alloc-check: allocate on every measured tick, on purpose, so
                          that a check can be seen to catch it
      --observe           with --alloc-check and an animator row: an onTick observer reads
                          every tick's states (the animator hands it its own array, refilled)
      --predictions R     instead of the table: what a release's prediction costs (600 ticks
                          ahead at most) beside stepping the same world alone for as many
                          ticks, on each backend with world snapshots (first of --tiles tiles,
                          default 20; R releases per backend)
      --prediction-alloc-check T
                          one tile held against a wall in a noise field, predicted twice with
                          predictionTicks T (the second after the scratch backend is made), on
                          the first of --backends (default native): compare a heap profiler's
                          totals for two T
      --long-recording    instead of the table: a 10-minute recording of 20 tiles (--tiles
                          gives another count) on the first of --backends (default native),
                          with a snapshot every second; the whole replay and the replay from
                          its last snapshot timed, digests compared (exit 1 if they differ)
      --quiet             no progress on stderr
      --help              this text
    """

struct Options {
    var tiles = [1, 10, 100, 1_000, 10_000, 100_000]
    var tilesGiven = false
    var backends = BenchBackend.defaults
    var backendsGiven = false
    /// Whether the floor rows run beside the others (`--no-floor`: not).
    var floor = true
    /// The floor rows' instruction sets (`--floor-isa`): FLING_FLOOR_BEST, FLING_FLOOR_BASELINE.
    var floorISAs: [Int32] = [Int32(FLING_FLOOR_BEST)]
    var plan = Plan(tileSteps: 300_000, minTicks: 10, minWarmup: 5, repetitions: 9, largeRepetitions: 5, reserve: true)
    var repsGiven = false
    var csvPath: String?
    var svgPath: String?
    var allocCheckTicks: Int?
    var plantAllocation = false
    var observe = false
    var predictionReleases: Int?
    var predictionAllocTicks: Int?
    var longRecording = false
    var quiet = false
    var quick = false
    var threads = [1]
}

struct UsageError: Error, CustomStringConvertible {
    var description: String
}

func parseCount(_ s: Substring) throws -> Int {
    var text = s.lowercased().replacingOccurrences(of: "_", with: "")
    var scale = 1
    if text.hasSuffix("k") { scale = 1_000; text.removeLast() }
    if text.hasSuffix("m") { scale = 1_000_000; text.removeLast() }
    guard let n = Int(text), n > 0, n <= 10_000_000 / scale else {
        throw UsageError(description: "not a count from 1 to 10,000,000: \(s)")
    }
    return n * scale
}

extension String {
    func replacingOccurrences(of a: String, with b: String) -> String {
        split(separator: Character(a), omittingEmptySubsequences: false).joined(separator: b)
    }
}

func parse(_ arguments: [String]) throws -> Options {
    var o = Options()
    var i = 0
    func value(_ flag: String) throws -> String {
        i += 1
        guard i < arguments.count else { throw UsageError(description: "\(flag) needs a value") }
        return arguments[i]
    }
    var repsValue: Int?, tileStepsValue: Int?
    while i < arguments.count {
        let a = arguments[i]
        switch a {
        case "--tiles":
            o.tiles = try value(a).split(separator: ",").map(parseCount)
            o.tilesGiven = true
            guard !o.tiles.isEmpty else { throw UsageError(description: "--tiles needs at least one count") }
        case "--threads":
            o.threads = try value(a).split(separator: ",").map { t in
                guard let n = Int(t), (1...64).contains(n) else {
                    throw UsageError(description: "--threads: \(t) is not a count in 1...64")
                }
                return n
            }
        case "--backends":
            o.backends = try value(a).split(separator: ",").map { name in
                guard let b = BenchBackend(argument: String(name)) else {
                    throw UsageError(
                        description: "unknown backend \(name); known: \(BenchBackend.allCases.map(\.rawValue).joined(separator: ", "))")
                }
                guard BenchBackend.available.contains(b) else {
                    throw UsageError(description: "\(name) is not in this build (built without the Chipmunk trait)")
                }
                return b
            }
            guard !o.backends.isEmpty else { throw UsageError(description: "--backends needs at least one name") }
            o.backendsGiven = true
        case "--quick": o.quick = true
        case "--reps":
            repsValue = try parseCount(Substring(try value(a)))
        case "--tile-steps":
            tileStepsValue = try parseCount(Substring(try value(a)))
        case "--csv": o.csvPath = try value(a)
        case "--svg": o.svgPath = try value(a)
        case "--no-reserve": o.plan.reserve = false
        case "--no-floor": o.floor = false
        case "--floor-isa":
            o.floorISAs = try value(a).split(separator: ",").map { name in
                switch name {
                case "best": return Int32(FLING_FLOOR_BEST)
                case "sse2", "baseline": return Int32(FLING_FLOOR_BASELINE)
                default: throw UsageError(description: "--floor-isa: \(name) is not best or sse2")
                }
            }
            o.floorISAs = [Int32(FLING_FLOOR_BEST), Int32(FLING_FLOOR_BASELINE)].filter(o.floorISAs.contains)
        case "--plant-floor-fault":
            for name in try value(a).split(separator: ",") {
                switch name {
                case "noise": plantedFloorFaults |= Int32(FLING_FLOOR_PLANT_NOISE)
                case "contacts": plantedFloorFaults |= Int32(FLING_FLOOR_PLANT_CONTACTS)
                case "lift-test": plantedFloorFaults |= Int32(FLING_FLOOR_PLANT_LIFT_TEST)
                default: throw UsageError(description: "--plant-floor-fault: \(name) is not noise, contacts or lift-test")
                }
            }
        case "--scalar-contacts": scalarContacts = true
        case "--alloc-check": o.allocCheckTicks = try parseCount(Substring(try value(a)))
        case "--plant-allocation": o.plantAllocation = true
        case "--observe": o.observe = true
        case "--long-recording": o.longRecording = true
        case "--prediction-alloc-check": o.predictionAllocTicks = try parseCount(Substring(try value(a)))
        case "--predictions": o.predictionReleases = try parseCount(Substring(try value(a)))
        case "--quiet": o.quiet = true
        case "--help", "-h":
            print(usage)
            exit(0)
        default:
            throw UsageError(description: "unknown option \(a)")
        }
        i += 1
    }
    if o.quick {
        if !o.tilesGiven { o.tiles = [1, 10, 100, 1_000, 10_000] }
        o.plan.tileSteps = 100_000
        o.plan.repetitions = 3
        o.plan.largeRepetitions = 3
    }
    if let r = repsValue { o.plan.repetitions = r; o.plan.largeRepetitions = r }
    if let s = tileStepsValue { o.plan.tileSteps = s }
    // Each N once, in increasing order.
    o.tiles = Array(Set(o.tiles)).sorted()
    // Report order, whatever order they were named in.
    o.backends = BenchBackend.allCases.filter(o.backends.contains)
    // Each native backend once per thread count asked for.
    o.backends = o.backends.flatMap { b in
        b.threadable ? o.threads.map { BenchBackend(base: b.base, threads: $0, walls: b.walls) } : [b]
    }
    // The machine's floor beside the rows of each workload the run has (one thread); not in the
    // modes that run one backend alone (the allocation checks).
    let timed = o.allocCheckTicks == nil && o.predictionAllocTicks == nil
    for isa in o.floorISAs where timed && o.floor {
        if o.backends.contains(where: { !$0.walls && $0.base != .floor }) { o.backends.append(BenchBackend(base: .floor, floorISA: isa)) }
        if o.backends.contains(where: { $0.walls && $0.base != .floor }) {
            o.backends.append(BenchBackend(base: .floor, walls: true, floorISA: isa))
        }
    }
    return o
}

/// `--alloc-check`: one native backend alone (or the animator's workload), so that a heap
/// profiler's totals for two tick counts can be compared. Setup and warm-up are the same for
/// every T; only the T ticks differ. A `+walls` backend runs the walls workload with pushes.
func allocCheck(tiles n: Int, ticks: Int, reserve: Bool, backend b: BenchBackend, plant: Bool, observe: Bool) throws {
    let scene = Scene(count: n)
    var run: any Workload
    if b.base == .snapAnimator {
        run = try SnapRun(label: b.rawValue, scene: scene)
    } else {
        run =
            b.isAnimator
            ? try AnimatorRun(
                label: b.rawValue + (b.walls ? " (pushes too)" : "") + (observe ? " (observed)" : ""), scene: scene, kind: b.kind,
                walls: b.walls, observe: observe)
            : WorkloadRun(
                label: b.rawValue + (b.walls ? " (pushes too)" : ""), backend: try b.make(solverIterations: Scene.solverIterations),
                scene: scene, walls: b.walls, pushes: b.walls)
    }
    try run.populate(reserve: reserve)
    _ = try run.run(ticks: 300)
    let before = heapInUse()
    var ns: UInt64 = 0
    if plant {
        // One small array a tick, kept until the next: a tick that allocates, on purpose.
        for t in 0..<ticks {
            ns &+= try run.run(ticks: 1)
            plantedAllocation = [UInt8](repeating: UInt8(truncatingIfNeeded: t), count: 64)
        }
    } else {
        ns = try run.run(ticks: ticks)
    }
    let after = heapInUse()
    // Fixed-width fields: the report's own strings then cost the same allocations whatever
    // T is (a respawn count that gains a digit would otherwise add one).
    print("alloc-check: \(run.label), \(pad(String(n), 8)) tiles, 300 warm-up ticks + \(pad(String(ticks), 8)) ticks")
    print(
        "digest \(run.digest.hex), respawns \(pad(String(run.respawns), 10)), "
            + "\(fixed(Double(ns) / Double(ticks) / Double(n), 1, width: 10)) ns per tile-step")
    if let before, let after {
        print("heap in use across the measured ticks: \(pad(String(after - before), 12)) bytes")
    }
}

/// `--plant-allocation`'s array, kept so that making it is not optimized away.
nonisolated(unsafe) var plantedAllocation: [UInt8] = []

func main() -> Int32 {
    let options: Options
    do {
        options = try parse(Array(CommandLine.arguments.dropFirst()))
    } catch {
        printError("tile-bench: \(error)\n\n\(usage)")
        return 2
    }

    if let ticks = options.allocCheckTicks {
        let backend = options.backendsGiven ? options.backends[0] : .native
        guard options.backends.count == 1 || !options.backendsGiven, backend.threadable else {
            printError("tile-bench: --alloc-check runs one native backend, tile-animator or snap-animator (with --backends)")
            return 2
        }
        do {
            try allocCheck(
                tiles: options.tilesGiven ? options.tiles[0] : 1_000, ticks: ticks, reserve: options.plan.reserve, backend: backend,
                plant: options.plantAllocation, observe: options.observe)
            return 0
        } catch {
            printError("tile-bench: \(error)")
            return 1
        }
    }

    if options.longRecording {
        do {
            let kind = options.backendsGiven ? options.backends[0].kind : .native
            let (report, agrees) = try LongRecordingBench.run(kind: kind, minutes: 10, tiles: options.tilesGiven ? options.tiles[0] : 20)
            print(report, terminator: "")
            return agrees ? 0 : 1
        } catch {
            printError("tile-bench: \(error)")
            return 1
        }
    }

    if let ticks = options.predictionAllocTicks {
        do {
            let kind = options.backendsGiven ? options.backends[0].kind : .native
            try PredictionBench.allocCheck(ticks: ticks, kind: kind)
            return 0
        } catch {
            printError("tile-bench: \(error)")
            return 1
        }
    }

    if let releases = options.predictionReleases {
        do {
            let tiles = options.tilesGiven ? options.tiles[0] : 20
            let rows = try PredictionBench.run(tiles: tiles, releases: releases, quiet: options.quiet)
            print(PredictionBench.table(rows, tiles: tiles), terminator: "")
            return 0
        } catch {
            printError("tile-bench: \(error)")
            return 1
        }
    }

    let progress = Progress()
    progress.quiet = options.quiet
    let overhead = clockOverhead()
    progress.say(
        "backends \(options.backends.map(\.rawValue).joined(separator: ", ")); tiles \(options.tiles.map(grouped).joined(separator: ", "))")

    var rounds: [Round] = []
    var bytesPerTile: [BenchBackend: Double] = [:]
    do {
        for n in options.tiles {
            let round = try runRound(
                tiles: n, backends: options.backends, plan: options.plan, bytesPerTile: bytesPerTile, progress: progress)
            rounds.append(round)
            for m in round.measurements { if let b = m.bytesPerTile { bytesPerTile[m.backend] = b } }
            progress.say("N=\(grouped(n)): " + (round.digestsAgree ? "every comparison agrees" : "DIGESTS DIFFER"))
        }
    } catch {
        printError("tile-bench: \(error)")
        return 1
    }
    let seconds = progress.elapsed

    // Report.
    let cores = sysconf(Int32(_SC_NPROCESSORS_ONLN))
    var out = "Fling tile-bench: N photo tiles alive at once; a third dragged along Lissajous paths, a third springing\n"
    out += "home (kicked again every \(Scene.springPeriod) ticks), a third falling (respawned once off the 390×844 viewport).\n"
    out += "tile-animator: the same kind of scene through TileAnimator (touches, velocity tracker, release rules, settle and\n"
    out += "cull checks) over native-portable, every tile grabbed again before it settles and right after it is culled;\n"
    out += "tile-animator-chipmunk: the same over chipmunk-per-world, what the animator rows' ratio is taken against.\n"
    out += "snap-animator: N items through SnapAnimator over native-portable, each grabbed every \(SnapRun.period) ticks, dragged\n"
    out += "toward its other resting place, let go, sprung there and at rest before the next grab (its worlds as it steps them).\n"
    out += "Tick 1/60 s, 10 solver iterations. Timed per tick: fingers + step + readStates + respawns/re-releases/re-grabs.\n"
    out += "worlds/tick: worlds each row stepped per tick, as measured. ns/world-step: timed ns / worlds stepped (every ratio\n"
    out += "below is per world-step), median of \(options.plan.repetitions) repetitions"
    if options.tiles.contains(where: { $0 >= 100_000 }) && options.plan.largeRepetitions != options.plan.repetitions {
        out += " (\(options.plan.largeRepetitions) at N ≥ 100,000)"
    }
    out += " after a warm-up, min and max beside it;\neach repetition ≈ \(grouped(options.plan.tileSteps)) tile-steps"
    out +=
        " (at least \(options.plan.minTicks) ticks), rows interleaved. bytes/tile: heap (mallinfo2) held per tile after setup and warm-up"
    out += options.plan.reserve ? "\n(native reserves N slots first).\n" : "\n(no reserveCapacity).\n"
    out += "Machine: \(cpuModel() ?? "unknown CPU"), \(cores) cores online; one clock read ≈ \(fixed(overhead, 0)) ns"
    out += " (in every timed tick). NativeBackend.bytesPerWorld = \(NativeBackend.bytesPerWorld).\n"
    out += "floor, floor+walls: the machine's floor, the same tick's per-tile work (fingers, step, states, respawns) as tight C\n"
    out += "over structure-of-arrays, vectorized (the best instruction set here: \(String(cString: fling_floor_best_isa())); floor-sse2:\n"
    out += "baseline x86-64), by the best algorithm for the case (walls: a box's corners past each axis-aligned edge, contacts\n"
    out += "of many tiles solved in lockstep, the sweep's lift test, but neither the rare put-back nor the rare lift), on one\n"
    out += "thread (Benchmarks/FlingFloor; bytes/tile: its arrays). isa: the instruction set each row ran (the Swift rows: the\n"
    out += "build's, \(swiftISA)). vs floor: a native or animator row's ns per tile-step over its floor's (+walls rows over\n"
    out += "floor+walls'), from this run, naming the floor's instruction set; a ×2 row's too, against the one-thread floor,\n"
    out += "so it is a ratio of ns per tile-step, not of work per core.\n\n"
    out += table(rounds)
    out += "\n"
    for round in rounds {
        for (b, why) in round.skipped { out += "N=\(grouped(round.tiles)): \(b.rawValue) \(why)\n" }
        for c in round.comparisons {
            let ticks = c.members.first.map { grouped($0.ticks) } ?? "0"
            if c.agree {
                out += "N=\(grouped(round.tiles)), \(c.group): \(c.members.map(\.name).joined(separator: " = ")): "
                out += "digest \(c.members[0].digest.hex) after \(ticks) ticks\n"
            } else {
                out += "N=\(grouped(round.tiles)), \(c.group): DIGESTS DIFFER: "
                out +=
                    c.members.map {
                        "\($0.name) \($0.digest.hex) after \(grouped($0.ticks)) ticks\($0.detail.isEmpty ? "" : " (\($0.detail))")"
                    }
                    .joined(separator: ", ") + "\n"
                continue
            }
            if let detail = c.members.first?.detail, !detail.isEmpty { out += "N=\(grouped(round.tiles)), \(c.group): \(detail)\n" }
        }
        if let check = round.edgeCheck {
            out += "N=\(grouped(round.tiles)), edge contacts by the floor's rule, from each row's states"
            out +=
                !check.agree
                ? ": CHECK FAILED: "
                : check.compared
                    ? " (within \(Int(EdgeCheck.tolerance * 100)) % of the floor's): "
                    : " (the floor's own counters checked; the rows not held to the floor's below \(EdgeCheck.fewestTiles) tiles): "
            out += check.lines.joined(separator: "; ") + "\n"
        }
    }
    let agree = rounds.allSatisfy(\.digestsAgree)
    let compared = rounds.reduce(0) { $0 + $1.comparisons.reduce(0) { $0 + $1.members.count } }
    let edgeChecks = rounds.filter { $0.edgeCheck != nil }.count
    out +=
        agree
        ? "digests agree: every row's end state equals that of another run of its workload and arithmetic, every floor's its "
            + "reference's (\(compared) runs compared)\(edgeChecks > 0 ? "; the edge contacts agree at \(edgeChecks) N" : "")\n"
        : "DIGESTS OR COUNTERS DIFFER (see above)\n"
    out += ratios(rounds)
    out += millisecondsPerTick(rounds)
    out += animatorSetupBytes(rounds)
    let short = rounds.flatMap(\.measurements).filter { $0.shortestRepetition < 0.05 }
    if !short.isEmpty {
        out +=
            "note: \(short.count) backend×N cells had a repetition under 50 ms (shortest \(fixed(short.map(\.shortestRepetition).min()! * 1000, 1)) ms); raise --tile-steps for steadier figures\n"
    }
    out += "total time \(fixed(seconds, 1)) s\n"
    print(out, terminator: "")

    do {
        if let path = options.csvPath { try writeFile(path, csv(rounds)); progress.say("wrote \(path)") }
        if let path = options.svgPath {
            try writeFile(path, svg(rounds, title: "Fling tile-bench: ns per tile-step against tiles alive"))
            progress.say("wrote \(path)")
        }
    } catch {
        printError("tile-bench: \(error)")
        return 1
    }
    return agree ? 0 : 1
}

/// The ratios Benchmarks/PERFORMANCE.md quotes, from this run's medians (per world-step), each
/// in the words its prose uses and `DocumentFiguresTests.performanceProseIsTheCommittedRun`
/// reads back against the CSV: a row against a row of its own workload only.
func ratios(_ rounds: [Round]) -> String {
    func find(_ round: Round, _ b: BenchBackend) -> Measurement? {
        round.measurements.first { $0.backend == b }
    }
    var parts: [String] = []
    for round in rounds where round.tiles == 10_000 || round.tiles == 100_000 {
        let at = "at \(grouped(round.tiles)) tiles"
        for m in round.measurements where m.backend.threads == 1 && m.backend != m.backend.baseline && m.backend.base != .floor {
            guard let r = speedup(m, in: round, over: m.backend.baseline) else { continue }
            parts.append("`\(m.backend.rawValue)` steps a world \(fixed(r, 1))× as fast as `\(m.backend.baseline.rawValue)` \(at)")
        }
        for m in round.measurements where m.backend.threads == 2 {
            let one = BenchBackend(base: m.backend.base, walls: m.backend.walls)
            guard let r = speedup(m, in: round, over: one) else { continue }
            parts.append("`\(m.backend.rawValue)` has \(fixed(r, 2))× `\(one.rawValue)`'s throughput \(at)")
        }
        for m in round.measurements where m.backend.threads == 1 {
            // Each row and floor with its instruction set; the floor without the rare put-back and lift.
            for (r, f) in overFloors(m, in: round) {
                parts.append(
                    "`\(m.backend.rawValue)` (\(m.isa)) takes \(fixed(r, 1))× `\(f.backend.rawValue)` (\(f.isa))'s ns per tile-step \(at)")
            }
        }
        if let b = (find(round, .native) ?? find(round, .nativePortable)), let bytes = b.bytesPerTile {
            parts.append("`\(b.backend.rawValue)` holds \(grouped(Int(bytes.rounded()))) heap bytes per tile \(at)")
        }
        guard round.tiles == 100_000 else { continue }
        for base in [BenchBackend.native, .nativePortable, .tileAnimator] {
            // Cores busy stepping 100,000 worlds 60 times a second on one thread.
            guard let one = find(round, base) else { continue }
            let cores = one.nsPerWorldStep.median * 100_000 * 60 / 1e9
            parts.append("`\(base.rawValue)` needs \(fixed(cores, 2)) of a core for 100,000 tiles at 60 Hz")
        }
    }
    guard !parts.isEmpty else { return "" }
    let walls = rounds.contains { $0.measurements.contains { $0.backend.base == .floor && $0.backend.walls } }
    return "ratios (this run's medians, per world-step): " + parts.joined(separator: "; ")
        + (walls ? " (floor+walls runs the sweep's lift test every step, as native does, but not the rare put-back or lift)" : "") + "\n"
}

/// What a tick takes each animator row, whole (the app's touches, the animator's tick, the poses
/// drawn): the median ns per world-step times the worlds it stepped per tick, in milliseconds,
/// against a 60 Hz frame's 16.7 ms.
func millisecondsPerTick(_ rounds: [Round]) -> String {
    var parts: [String] = []
    for round in rounds {
        for m in round.measurements where m.backend.drivesAnimator {
            let ms = m.nsPerWorldStep.median * m.worldsPerTick / 1e6
            parts.append("`\(m.backend.rawValue)` \(fixed(ms, 2)) ms at \(grouped(round.tiles)) tiles")
        }
    }
    guard !parts.isEmpty else { return "" }
    return "ms per tick (median, the app's touches and the tick, and the tile rows' poses drawn): " + parts.joined(separator: "; ") + "\n"
}

/// What each animator row's bytes/tile leaves out: the heap the animator took when it was made
/// with its N items (its columns), before the worlds and the warm-up that bytes/tile counts.
func animatorSetupBytes(_ rounds: [Round]) -> String {
    var parts: [String] = []
    for round in rounds {
        for m in round.measurements where m.backend.drivesAnimator {
            guard let setup = m.setupBytesPerTile else { continue }
            parts.append("`\(m.backend.rawValue)` \(grouped(Int(setup.rounded()))) at \(grouped(round.tiles)) tiles")
        }
    }
    guard !parts.isEmpty else { return "" }
    return "heap bytes per tile an animator took when made with its tiles (not in bytes/tile, which counts from its worlds on): "
        + parts.joined(separator: "; ") + "\n"
}

exit(main())
