import Fling
import FlingFloor
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

// MARK: - Clock

/// Nanoseconds on the monotonic clock (`clock_gettime(CLOCK_MONOTONIC)`, a vDSO call on
/// Linux: tens of nanoseconds, no allocation).
@inline(__always) func monotonicNanoseconds() -> UInt64 {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return UInt64(ts.tv_sec) &* 1_000_000_000 &+ UInt64(ts.tv_nsec)
}

/// What two back-to-back clock reads cost, in nanoseconds (median of many): the bias every
/// timed tick carries. Reported, not subtracted.
func clockOverhead() -> Double {
    var samples: [UInt64] = []
    samples.reserveCapacity(1001)
    for _ in 0..<1001 {
        let t0 = monotonicNanoseconds()
        let t1 = monotonicNanoseconds()
        samples.append(t1 &- t0)
    }
    samples.sort()
    return Double(samples[samples.count / 2])
}

// MARK: - Heap

/// Bytes the C heap has handed out and not taken back: glibc's `mallinfo2()`, `uordblks`
/// (in-use bytes of the main arena) plus `hblkhd` (bytes in chunks served by `mmap`, which
/// large arrays get). Swift's allocations and Chipmunk's `calloc`s both go through glibc's
/// malloc, so a delta across making N worlds is what those worlds hold.
///
/// `mallinfo2` is not in Swift's Glibc module, so it is looked up with `dlsym` and called
/// through a pointer. It returns a 10-word struct; on x86-64 System V such a return goes
/// through a hidden pointer passed in `%rdi`, which is exactly how a
/// `(UnsafeMutableRawPointer) -> UnsafeMutableRawPointer` function is called. Elsewhere (or
/// on a libc without it) this returns nil and the report says "n/a".
func heapInUse() -> Int? {
    #if os(Linux) && arch(x86_64)
    guard let call = mallinfo2 else { return nil }
    return withUnsafeTemporaryAllocation(of: Int.self, capacity: 10) { fields in
        fields.initialize(repeating: 0)
        _ = call(UnsafeMutableRawPointer(fields.baseAddress!))
        // struct mallinfo2 { arena, ordblks, smblks, hblks, hblkhd, usmblks, fsmblks, uordblks, fordblks, keepcost }
        return fields[4] + fields[7]
    }
    #else
    return nil
    #endif
}

/// What `make` returns, and the heap bytes making it took (nil where the heap cannot be read).
func heapTaken<T>(_ make: () throws -> T) rethrows -> (T, bytes: Int?) {
    let before = heapInUse()
    let made = try make()
    return (made, before.flatMap { b in heapInUse().map { $0 - b } })
}

#if os(Linux) && arch(x86_64)
private typealias Mallinfo2 = @convention(c) (UnsafeMutableRawPointer) -> UnsafeMutableRawPointer?
private let mallinfo2: Mallinfo2? = {
    guard let symbol = dlsym(nil, "mallinfo2") else { return nil }
    return unsafeBitCast(symbol, to: Mallinfo2.self)
}()
#endif

// MARK: - Statistics

struct Summary {
    var median: Double
    var min: Double
    var max: Double

    init(_ samples: [Double]) {
        let s = samples.sorted()
        min = s.first ?? .nan
        max = s.last ?? .nan
        if s.isEmpty {
            median = .nan
        } else if s.count % 2 == 1 {
            median = s[s.count / 2]
        } else {
            median = (s[s.count / 2 - 1] + s[s.count / 2]) / 2
        }
    }
}

// MARK: - The side-by-side run

/// The benchmark's names for the backends it compares: a backend, and for the native ones
/// the threads its step runs on (`native-portable×2`).
struct BenchBackend: Hashable, CaseIterable {
    enum Base: String, CaseIterable {
        case chipmunkPerWorld = "chipmunk-per-world"
        case chipmunkShared = "chipmunk-shared"
        case native
        case nativePortable = "native-portable"
        /// The whole app path: ``TileAnimator`` over native-portable (its own workload and digest).
        case tileAnimator = "tile-animator"
        /// The same app path over Chipmunk, one space per world: what the animator rows'
        /// speed-up is taken against (platform arithmetic, so its digest is its own).
        case tileAnimatorChipmunk = "tile-animator-chipmunk"
        /// Chat-head-like items through ``SnapAnimator`` over native-portable (`SnapRun`: its own
        /// workload and digest).
        case snapAnimator = "snap-animator"
        /// The machine's floor: the same per-tile work in plain C (`FloorRun`), in every run.
        case floor
    }

    var base: Base
    var threads = 1
    /// A floor row's instruction set: `FLING_FLOOR_BEST` (the best this CPU runs) or
    /// `FLING_FLOOR_BASELINE` (`--floor-isa sse2`); 0 for the others.
    var floorISA: Int32 = 0
    /// The workload with walls: every tile's world holds the viewport's four edges (elasticity
    /// 0.5, friction 0.3, the tile's box elasticity 0.6, friction 0.4) and a seeded noise field
    /// (`Scene.walls`, `Scene.fields`), so every step collides, solves contacts and evaluates a
    /// field.
    var walls = false

    static let chipmunkPerWorld = BenchBackend(base: .chipmunkPerWorld)
    static let chipmunkShared = BenchBackend(base: .chipmunkShared)
    static let native = BenchBackend(base: .native)
    static let nativePortable = BenchBackend(base: .nativePortable)
    static let tileAnimator = BenchBackend(base: .tileAnimator)
    static let tileAnimatorChipmunk = BenchBackend(base: .tileAnimatorChipmunk)
    static let snapAnimator = BenchBackend(base: .snapAnimator)
    static let floor = BenchBackend(base: .floor)
    static let floorWalls = BenchBackend(base: .floor, walls: true)
    /// The rows one can name (the floor rows are added to every run, not named).
    static let allCases =
        Base.allCases.filter { $0 != .floor }.map { BenchBackend(base: $0) }
        + [Base.chipmunkPerWorld, .chipmunkShared, .native, .nativePortable, .tileAnimator, .tileAnimatorChipmunk].map {
            BenchBackend(base: $0, walls: true)
        }

    var rawValue: String {
        base.rawValue + (floorISA == FLING_FLOOR_BASELINE ? "-\(baselineFloorISA)" : "") + (walls ? "+walls" : "")
            + (threads == 1 ? "" : "×\(threads)")
    }

    /// Whether the row runs the tile animator's workload (not the backend workload).
    var isAnimator: Bool { base == .tileAnimator || base == .tileAnimatorChipmunk }
    /// Whether the row drives an animator (the tile animator's rows, or the snap animator's).
    var drivesAnimator: Bool { isAnimator || base == .snapAnimator }

    /// What a row's speed-up is measured against: Chipmunk, one space per world, on the same
    /// workload (chipmunk-per-world for the backend rows, tile-animator-chipmunk for the
    /// animator's).
    var baseline: BenchBackend {
        // The snap row has no Chipmunk counterpart: its own, so that it shows no ratio.
        base == .snapAnimator ? self : BenchBackend(base: isAnimator ? .tileAnimatorChipmunk : .chipmunkPerWorld, walls: walls)
    }

    var kind: BackendKind {
        switch base {
        case .chipmunkPerWorld, .tileAnimatorChipmunk: return .chipmunk
        case .chipmunkShared: return .chipmunkShared
        case .native: return .native
        case .nativePortable, .tileAnimator, .snapAnimator: return .nativePortable
        case .floor: return .native  // Never made: a floor row runs FloorRun.
        }
    }

    /// The floors a row's ns per tile-step is divided by ("vs floor"), on each instruction set:
    /// `floor` for the native and animator rows of the open-space workload, `floor+walls` for
    /// their `+walls` rows.
    var floorRows: [BenchBackend] {
        threadable && base != .snapAnimator
            ? [FLING_FLOOR_BEST, FLING_FLOOR_BASELINE].map { BenchBackend(base: .floor, walls: walls, floorISA: Int32($0)) } : []
    }

    /// Whether it can run on several threads (the native backends, and the animator's).
    var threadable: Bool { base == .native || base == .nativePortable || base == .tileAnimator || base == .snapAnimator }

    /// The rows whose end states must be equal bit for bit: one workload (the backend
    /// workload, or the animator's), one arithmetic.
    var comparisonGroup: String {
        if base == .snapAnimator { return "the SnapAnimator workload (\(kind.arithmetic))" }
        return isAnimator
            ? "the TileAnimator workload\(walls ? " with walls, a field and pushes" : "") (\(kind.arithmetic))"
            : "the backend workload\(walls ? " with walls and a field" : ""), \(kind.arithmetic) arithmetic"
    }

    /// A fresh backend of this kind.
    func make(solverIterations: Int) throws -> any DynamicsBackend {
        threadable
            ? try NativeBackend(solverIterations: solverIterations, arithmetic: kind.arithmetic, threads: threads)
            : try kind.make(solverIterations: solverIterations)
    }

    /// The backends this build has, in report order.
    static var available: [BenchBackend] {
        allCases.filter { BackendKind.available.contains($0.kind) }
    }

    /// The default rows: every one but chipmunk-shared+walls, whose one space puts every tile's
    /// box in the same few cells of the spatial hash, so its broad phase meets every pair of
    /// tiles: O(N²) a step, and tile-animator+walls, the allocation check's workload (its
    /// pushes and rests make it other work than the other rows'). Ask for them by name.
    static var defaults: [BenchBackend] {
        available.filter { !($0.walls && ($0.base == .chipmunkShared || $0.isAnimator)) }
    }

    init(base: Base, threads: Int = 1, walls: Bool = false, floorISA: Int32 = 0) {
        self.base = base
        self.threads = threads
        self.walls = walls
        self.floorISA = floorISA
    }

    init?(argument: String) {
        if argument.hasSuffix("+walls") {
            guard var b = BenchBackend(argument: String(argument.dropLast(6))) else { return nil }
            b.walls = true
            self = b
            return
        }
        switch argument {
        case "chipmunk-per-world", "chipmunk": self = .chipmunkPerWorld
        case "chipmunk-shared": self = .chipmunkShared
        case "native": self = .native
        case "native-portable": self = .nativePortable
        case "tile-animator": self = .tileAnimator
        case "tile-animator-chipmunk": self = .tileAnimatorChipmunk
        case "snap-animator": self = .snapAnimator
        default: return nil
        }
    }
}

/// One backend's figures at one N.
struct Measurement {
    var backend: BenchBackend
    var tiles: Int
    /// Per repetition: timed nanoseconds / worlds stepped in it.
    var samples: [Double]
    var nsPerWorldStep: Summary
    /// Worlds stepped per tick over the timed repetitions (N for every row when the workloads
    /// do equal work).
    var worldsPerTick: Double
    /// Heap bytes held per tile once warmed up (nil where the heap cannot be read).
    var bytesPerTile: Double?
    /// An animator row's heap bytes per tile taken by making the animator with its N items (its
    /// columns), before the worlds: not in ``bytesPerTile``; nil for the other rows.
    var setupBytesPerTile: Double?
    var digest: StateDigest
    var ticks: Int
    var respawns: Int
    /// The instruction set its tick ran with.
    var isa: String
    /// Its edge contacts by the floor's rule, from its states (walls rows of the backend workload, and the floor's).
    var edges: EdgeCounts
    /// A floor row's own counters (`FloorRun.counters`), nil for the others.
    var floorCounters: (edges: EdgeCounts, crossings: Int, lifts: Int)?
    /// Wall time of the shortest repetition, in seconds.
    var shortestRepetition: Double

    var worldStepsPerSecond: Double { 1e9 / nsPerWorldStep.median }
}

/// A row's end state compared with another run's: another row of the same workload and
/// arithmetic, or a reference run made for the purpose when the row has no such partner (for a
/// floor row, the floor's scalar reference on its instruction set).
struct Comparison {
    var group: String
    /// The rows (and reference runs) compared, with their digests and tick counts, and what
    /// else must be equal (a floor's counters; empty for the others).
    var members: [(name: String, digest: StateDigest, ticks: Int, detail: String)]
    var agree: Bool {
        guard let first = members.first else { return false }
        return members.count >= 2
            && members.allSatisfy { $0.digest == first.digest && $0.ticks == first.ticks && $0.detail == first.detail }
    }
}

/// The floor's edge contacts against the other walls rows' (`EdgeCounts`, the same rule on each
/// row's states): the floor's own counters must equal the count from its states, and every walls
/// row of the backend workload must touch the edges about as often and make about as many
/// contacts as the floor (their dynamics differ in detail, not in what the scene does).
struct EdgeCheck {
    var lines: [String]
    var agree: Bool
    /// Whether the Swift rows were held to the floor's figures (enough tiles).
    var compared: Bool
    /// How far a Swift row's touching and contacts per tile-step may lie from the floor's:
    /// ±25 %, relative. Measured (tile-bench --quick and --tiles 100,1k,10k): the Swift rows
    /// touch 5 to 15 % more often than the floor (Chipmunk's contacts persist, the floor's do
    /// not, and the floor leaves the rare put-back and lift out); a floor without its contacts
    /// is caught by its own counters (0) and its reference.
    static let tolerance = 0.25
    /// The fewest tiles at which the Swift rows' edge contacts are held to the floor's: one
    /// tile's or ten's bounces are their own (at 1 tile they have lain 28 % apart).
    static let fewestTiles = 100
}

/// How much work each N gets.
struct Plan {
    /// Tile-steps per repetition (ticks = max(minTicks, ⌈tileSteps / N⌉)).
    var tileSteps: Int
    var minTicks: Int
    /// Warm-up ticks: max(minWarmup, one repetition).
    var minWarmup: Int
    var repetitions: Int
    /// Repetitions at N ≥ 100,000, where one tick of the slowest backend is long.
    var largeRepetitions: Int
    var reserve: Bool

    func ticks(_ n: Int) -> Int { max(minTicks, (tileSteps + n - 1) / n) }
    func warmup(_ n: Int) -> Int { max(minWarmup, ticks(n)) }
    func repetitions(_ n: Int) -> Int { n >= 100_000 ? largeRepetitions : repetitions }
}

/// The result for one N: every backend's figures, from one interleaved run.
struct Round {
    var tiles: Int
    var measurements: [Measurement]
    /// One per group of rows that must end equal; every row is in one.
    var comparisons: [Comparison]
    /// The floor's edge contacts against the walls rows' (nil without a floor+walls row).
    var edgeCheck: EdgeCheck? = nil
    /// Every row was compared with at least one other run, every comparison agreed, and so did
    /// the edge contacts.
    var digestsAgree: Bool { !comparisons.isEmpty && comparisons.allSatisfy(\.agree) && edgeCheck?.agree != false }
    /// Backends left out at this N, and why.
    var skipped: [(BenchBackend, String)] = []
}

/// `MemAvailable` from /proc/meminfo, in bytes (nil where there is none).
func memoryAvailable() -> Double? {
    procField("/proc/meminfo", "MemAvailable").flatMap { Double($0.filter(\.isNumber)) }.map { $0 * 1024 }
}

/// The value after the colon on the first line of a /proc text file that starts with `key`,
/// trimmed (nil where there is no such file or line).
func procField(_ path: String, _ key: String) -> String? {
    guard let file = fopen(path, "r") else { return nil }
    defer { fclose(file) }
    var line: UnsafeMutablePointer<CChar>? = nil
    var capacity = 0
    defer { free(line) }
    while getline(&line, &capacity, file) > 0 {
        let text = String(cString: line!)
        guard text.hasPrefix(key) else { continue }
        let parts = text.split(separator: ":", maxSplits: 1)
        guard parts.count == 2 else { return nil }
        return String(parts[1].drop(while: { $0 == " " || $0 == "\t" }).dropLast(while: { $0 == "\n" }))
    }
    return nil
}

/// The fewest tiles at which a reference run shares every step among 2 threads (one thread below).
let sharedReferenceTiles = 100

/// Runs every backend on the N-tile workload side by side: builds each (measuring the heap),
/// warms each up, then times `repetitions` rounds in which each backend runs the same number
/// of ticks, the order rotated every round so drift and noise hit all alike.
///
/// A backend whose heap, projected from `bytesPerTile` (measured at a smaller N), would take
/// more than 80% of the memory available is left out at this N, and the round says so.
func runRound(
    tiles n: Int, backends requested: [BenchBackend], plan: Plan, bytesPerTile: [BenchBackend: Double],
    progress: Progress
) throws -> Round {
    var backends: [BenchBackend] = []
    var skipped: [(BenchBackend, String)] = []
    let available = memoryAvailable()
    // The rows of a round are alive together: each is admitted while the heap projected for it
    // and the rows before it stays within 80 % of what is available.
    var admitted = 0.0
    for b in requested {
        let need = bytesPerTile[b].map { $0 * Double(n) } ?? 0
        if let perTile = bytesPerTile[b], let available, admitted + need > 0.8 * available {
            let why =
                "skipped: would need ≈ \(gigabytes(need)) of heap (\(grouped(Int(perTile))) B/tile) beside the "
                + "\(gigabytes(admitted)) of the rows before it, \(gigabytes(available)) available"
            progress.say("N=\(grouped(n)): \(b.rawValue) \(why)")
            skipped.append((b, why))
        } else {
            admitted += need
            backends.append(b)
        }
    }
    let scene = Scene(count: n)
    let ticks = plan.ticks(n), warmup = plan.warmup(n), reps = plan.repetitions(n)
    var runs: [any Workload] = []
    var bytes: [Double?] = []
    for b in backends {
        var run = try b.workload(scene: scene)
        let before = heapInUse()
        try run.populate(reserve: plan.reserve)
        runs.append(run)
        bytes.append(before.flatMap { b0 in heapInUse().map { Double($0 - b0) } })
    }
    progress.say("N=\(grouped(n)): warm-up, \(grouped(warmup)) ticks per backend; then \(reps) × \(grouped(ticks)) ticks")
    for r in runs.indices {
        let before = heapInUse()
        _ = try runs[r].run(ticks: warmup)
        if let floor = runs[r] as? FloorRun {
            bytes[r] = floor.bytesPerTile  // what its arrays take
        } else if let b0 = before, let b1 = heapInUse(), let setup = bytes[r] {
            bytes[r] = (setup + Double(b1 - b0)) / Double(n)
        } else {
            bytes[r] = nil
        }
    }
    var samples = [[Double]](repeating: [], count: runs.count)
    var stepped = [Int](repeating: 0, count: runs.count)
    var shortest = [Double](repeating: .infinity, count: runs.count)
    for rep in 0..<reps {
        var line = "N=\(grouped(n)) rep \(rep + 1)/\(reps):"
        for j in 0..<runs.count {
            let r = (j + rep) % runs.count
            let worlds0 = runs[r].steppedWorlds
            let wall0 = monotonicNanoseconds()
            let ns = try runs[r].run(ticks: ticks)
            let wall = Double(monotonicNanoseconds() - wall0) / 1e9
            let worlds = runs[r].steppedWorlds - worlds0
            stepped[r] += worlds
            shortest[r] = min(shortest[r], wall)
            let perWorldStep = Double(ns) / Double(max(worlds, 1))
            samples[r].append(perWorldStep)
            line += " \(runs[r].label) \(fixed(perWorldStep, 1)) ns"
        }
        progress.say(line)
    }
    let measurements = runs.indices.map { r in
        Measurement(
            backend: backends[r], tiles: n, samples: samples[r], nsPerWorldStep: Summary(samples[r]),
            worldsPerTick: Double(stepped[r]) / Double(reps * ticks),
            bytesPerTile: bytes[r], setupBytesPerTile: runs[r].animatorBytes.map { Double($0) / Double(n) }, digest: runs[r].digest,
            ticks: runs[r].tick, respawns: runs[r].respawns,
            isa: runs[r].isa, edges: runs[r].edges, floorCounters: (runs[r] as? FloorRun)?.counters, shortestRepetition: shortest[r])
    }
    let floorDetails = runs.map { ($0 as? FloorRun)?.counterSummary ?? "" }
    progress.say("N=\(grouped(n)): tearing down")
    for r in runs.indices { try runs[r].tearDown() }
    runs.removeAll()

    // Rows of one workload and one arithmetic must end with the same bits. A row with no such
    // partner in this run is compared with a reference run of its workload made now, untimed,
    // for as many ticks, on the native backend with 2 threads that share every step (another
    // code path to the same bits) where that costs about what the run it checks cost: waking the
    // second thread costs about 100 world-steps a tick (~8.5 µs against ~80 ns), so below
    // 100 tiles, where the runs have the most ticks, a shared reference would cost up to ten
    // times the whole row (a quick run's references at N = 1 and 10 took longer than all its
    // timed rows there), and the reference is a second run on one thread.
    var comparisons: [Comparison] = []
    var groups: [String] = []
    // The floor rows' bits are their own: each is compared with the floor's scalar reference.
    for (r, m) in measurements.enumerated() where m.backend.base == .floor {
        let name = "the scalar C reference (\(m.isa), untimed)"
        progress.say("N=\(grouped(n)): \(name) of \(m.backend.rawValue), \(grouped(m.ticks)) ticks")
        var reference = FloorRun(label: name, scene: scene, walls: m.backend.walls, isa: m.backend.floorISA, reference: true)
        try reference.populate(reserve: false)
        _ = try reference.run(ticks: m.ticks)
        comparisons.append(
            Comparison(
                group: "the floor's tick\(m.backend.walls ? " with walls and a field" : "") on \(m.isa)",
                members: [
                    (m.backend.rawValue, m.digest, m.ticks, floorDetails[r]),
                    (name, reference.digest, reference.tick, reference.counterSummary),
                ]))
        try reference.tearDown()
    }
    for m in measurements where m.backend.base != .floor && !groups.contains(m.backend.comparisonGroup) {
        groups.append(m.backend.comparisonGroup)
    }
    for group in groups {
        let rows = measurements.filter { $0.backend.base != .floor && $0.backend.comparisonGroup == group }
        var members = rows.map { (name: $0.backend.rawValue, digest: $0.digest, ticks: $0.ticks, detail: "") }
        if rows.count == 1 {
            let row = rows[0]
            let kind: BackendKind = row.backend.kind.arithmetic == .portable ? .nativePortable : .native
            let threads = n >= sharedReferenceTiles ? 2 : 1
            let what =
                row.backend.base == .snapAnimator
                ? "SnapAnimator over \(kind.rawValue)" : row.backend.isAnimator ? "TileAnimator over \(kind.rawValue)" : kind.rawValue
            let name =
                "a reference run (\(what) on \(threads == 1 ? "1 thread" : "\(threads) threads sharing every step"), untimed)"
            progress.say("N=\(grouped(n)): \(name), \(grouped(row.ticks)) ticks")
            var reference: any Workload =
                row.backend.base == .snapAnimator
                ? try SnapRun(label: name, scene: scene, threads: threads, shareEveryStep: threads > 1)
                : row.backend.isAnimator
                    ? try AnimatorRun(
                        label: name, scene: scene, kind: kind, threads: threads, shareEveryStep: threads > 1, walls: row.backend.walls)
                    : try BenchBackend(base: kind == .native ? .native : .nativePortable, threads: threads, walls: row.backend.walls)
                        .workload(scene: scene, shareEveryStep: threads > 1)
            try reference.populate(reserve: plan.reserve)
            _ = try reference.run(ticks: row.ticks)
            members.append((name: name, digest: reference.digest, ticks: reference.tick, detail: ""))
            try reference.tearDown()
        }
        comparisons.append(Comparison(group: group, members: members))
    }
    return Round(tiles: n, measurements: measurements, comparisons: comparisons, edgeCheck: edgeCheck(measurements), skipped: skipped)
}

/// The floor's edge contacts against its own counters and the other walls rows' (`EdgeCheck`).
func edgeCheck(_ measurements: [Measurement]) -> EdgeCheck? {
    let floors = measurements.filter { $0.backend.base == .floor && $0.backend.walls }
    guard let floor = floors.first else { return nil }
    var lines: [String] = [], agree = true
    for f in floors {
        guard let own = f.floorCounters?.edges else { continue }
        let same = own == f.edges
        agree = agree && same && f.edges.touching > 0
        lines.append(
            "\(f.backend.rawValue): \(f.edges.summary) (its own counters \(same ? "the same" : "DIFFER: \(own.summary)"))"
                + (f.edges.touching > 0 ? "" : ": NO CONTACTS"))
    }
    func near(_ a: Double, _ b: Double) -> Bool { abs(a - b) <= EdgeCheck.tolerance * b }
    // Below ``EdgeCheck/fewestTiles`` a run's few tiles are a sample too small to compare.
    let compared = floor.tiles >= EdgeCheck.fewestTiles
    for m in measurements where m.backend.walls && m.backend.base != .floor && !m.backend.isAnimator {
        let ok =
            !compared
            || near(m.edges.touchingPerTileStep, floor.edges.touchingPerTileStep)
                && near(m.edges.contactsPerTileStep, floor.edges.contactsPerTileStep)
        agree = agree && ok
        lines.append(
            "\(m.backend.rawValue): \(m.edges.summary)"
                + (ok ? "" : ": MORE THAN \(Int(EdgeCheck.tolerance * 100)) % FROM \(floor.backend.rawValue)'s"))
    }
    return EdgeCheck(lines: lines, agree: agree, compared: compared)
}

extension BenchBackend {
    /// A fresh run of this row's workload: the backend workload on this backend, or the
    /// animator's workload over native-portable with this row's threads.
    func workload(scene: Scene, shareEveryStep: Bool = false) throws -> any Workload {
        if base == .floor { return FloorRun(label: rawValue, scene: scene, walls: walls, isa: floorISA, plant: plantedFloorFaults) }
        if base == .snapAnimator { return try SnapRun(label: rawValue, scene: scene, threads: threads, shareEveryStep: shareEveryStep) }
        if isAnimator {
            return try AnimatorRun(
                label: rawValue, scene: scene, kind: kind, threads: threads, shareEveryStep: shareEveryStep, walls: walls)
        }
        let backend = try make(solverIterations: Scene.solverIterations)
        if shareEveryStep, let native = backend as? NativeBackend { native.parallelSlots = 0 }
        if scalarContacts, let native = backend as? NativeBackend { native.contactLanes = false }
        return WorkloadRun(label: rawValue, backend: backend, scene: scene, walls: walls)
    }
}

/// `--scalar-contacts`: the native rows iterate wall contacts one world at a time.
nonisolated(unsafe) var scalarContacts = false
/// `--plant-floor-fault`: faults planted in the floor rows (not in their references), so that
/// the checks on the floor can be seen to fail.
nonisolated(unsafe) var plantedFloorFaults: Int32 = 0
/// The name of the floor's baseline instruction set (`--floor-isa sse2`).
let baselineFloorISA: String = {
    #if arch(x86_64)
    return "sse2"
    #else
    return "baseline"
    #endif
}()

func gigabytes(_ bytes: Double) -> String { fixed(bytes / 1e9, 1) + " GB" }

/// Progress lines on stderr, stamped with the time since start.
final class Progress {
    let start = monotonicNanoseconds()
    var quiet = false

    var elapsed: Double { Double(monotonicNanoseconds() - start) / 1e9 }

    func say(_ message: String) {
        guard !quiet else { return }
        printError("[\(fixed(elapsed, 1, width: 6))s] \(message)")
    }
}

func printError(_ message: String) {
    var line = message + "\n"
    line.withUTF8 { bytes in _ = write(2, bytes.baseAddress, bytes.count) }
}
