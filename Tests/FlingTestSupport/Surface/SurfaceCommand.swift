#if FLING_TESTABLE
import Fling
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
@testable import FlingCLIKit

/// `FlingSelfTest surface`: for the test suite, not for people. Walks the public surface of
/// every module, one case per public function, initializer, subscript and computed property
/// (each case names the declarations it covers, as the symbol graph spells them:
/// `FlingPaths.Conveyor.items(at:)`), calling each with the values a caller can pass: NaN, the
/// infinities, the largest doubles, subnormals, `Int.max` and `Int.min`, empty and huge
/// collections, zero sizes, malformed text. Every call must return or throw ``FlingError``; a
/// trap, an exhausted address space (the walk limits its own to `--memory-mib`, 4 GiB by
/// default) or a case running past `--case-seconds` of CPU time (60 by default, an `ITIMER_PROF`
/// timer: CPU time, so that a machine busy with other work does not end a slow case) ends the process by
/// a signal, which the test running this in a child process reports, naming the case from the
/// `case NAME` line written to standard error before each case runs.
///
/// `--list` prints every declaration the walk covers (the test compares them with the symbol
/// graph's); `--case PREFIX` runs only the cases covering a declaration with that prefix;
/// `--plant trap|hog|hang` adds a case that traps, exhausts memory or never returns, to prove the
/// harness notices.
enum SurfaceCommand {
    static func run(_ arguments: [String], _ out: inout Output) throws {
        let args = try Arguments(
            arguments, valued: ["case", "plant", "memory-mib", "case-seconds"], flags: ["help", "list", "list-unwalked"])
        if args.flag("help") {
            out.print(
                "FlingSelfTest surface [--list | --list-unwalked] [--case PREFIX] [--memory-mib N] [--case-seconds S] [--plant trap|hog|hang]: for the test suite"
            )
            return
        }
        var walk = SurfaceWalk()
        walk.registerAll()
        if let plant = args.value("plant") {
            guard let planted = SurfaceWalk.planted(plant) else { throw UsageError("--plant \(plant): expected trap, hog or hang") }
            walk.cases.append(planted)
        }
        if args.flag("list-unwalked") {
            for name in SurfaceWalk.unwalked { out.print(name) }
            return
        }
        if args.flag("list") {
            var names: [String] = []
            for c in walk.cases { names += c.names }
            for name in Set(names).sorted() { out.print(name) }
            return
        }
        let memory = try args.int("memory-mib", in: 64...1 << 20) ?? 4096
        let seconds = try args.int("case-seconds", in: 1...100_000) ?? 60
        var limit = rlimit(rlim_cur: rlim_t(memory) << 20, rlim_max: rlim_t(memory) << 20)
        guard setrlimit(Int32(RLIMIT_AS.rawValue), &limit) == 0 else { throw RunError("selftest-surface: cannot limit the address space") }
        // The timer's signal must end the process whatever the parent set up: default action,
        // unblocked. CPU time, not wall time: a loaded machine stretches a case's wall time.
        signal(SIGPROF, SIG_DFL)
        var timerOnly = sigset_t()
        sigemptyset(&timerOnly)
        sigaddset(&timerOnly, SIGPROF)
        sigprocmask(SIG_UNBLOCK, &timerOnly, nil)
        func cpuTimer(_ seconds: Int) {
            var t = itimerval(it_interval: timeval(tv_sec: 0, tv_usec: 0), it_value: timeval(tv_sec: seconds, tv_usec: 0))
            #if canImport(Glibc)
            setitimer(__itimer_which_t(ITIMER_PROF.rawValue), &t, nil)
            #else
            setitimer(ITIMER_PROF, &t, nil)
            #endif
        }
        let only = args.value("case")
        var probe = Probe()
        var ran = 0
        for c in walk.cases where only.map({ p in c.names.contains { $0.hasPrefix(p) } }) ?? true {
            FileHandle.standardError.write(Data("case \(c.names.first ?? "(unnamed)")\n".utf8))
            let start = DispatchTime.now().uptimeNanoseconds
            cpuTimer(seconds)
            c.body(&probe)
            cpuTimer(0)
            // How long the case took, for whoever keeps the walk short (not checked).
            let ms = (DispatchTime.now().uptimeNanoseconds - start) / 1_000_000
            FileHandle.standardError.write(Data("  \(ms) ms\n".utf8))
            ran += 1
        }
        if !probe.failures.isEmpty {
            for f in probe.failures.prefix(20) { out.error("FlingSelfTest: surface: \(f)") }
            throw RunError("selftest-surface: \(probe.failures.count) calls threw something other than FlingError")
        }
        out.print("selftest-surface: \(ran) cases, \(probe.calls) calls, \(probe.refused) refused with FlingError, no signal")
    }
}

/// The cases, registered per module (SurfaceWalk+Module.swift).
struct SurfaceWalk {
    struct Case {
        /// The declarations the case covers, as `Module.Type.member(labels:)`.
        var names: [String]
        var body: (inout Probe) -> Void
    }

    var cases: [Case] = []

    /// Registers a case covering `names`.
    mutating func add(_ names: String..., body: @escaping (inout Probe) -> Void) {
        cases.append(Case(names: names, body: body))
    }

    mutating func registerAll() {
        registerMath()
        registerCore()
        registerBackends()
        registerInteraction()
        registerSnapshots()
        registerBackendKit()
        registerPaths()
        registerScenes()
        registerTraces()
        registerUmbrella()
    }

    /// A case that fails on purpose: `trap` overflows an integer, `hog` allocates without end,
    /// `hang` never returns.
    static func planted(_ kind: String) -> Case? {
        switch kind {
        case "trap":
            return Case(names: ["planted.trap"]) { p in
                let one = p.one
                p.count { Int.max - 1 + one + one }
            }
        case "hog":
            return Case(names: ["planted.hog"]) { p in
                var hoard: [[UInt8]] = []
                while true { hoard.append([UInt8](repeating: UInt8(p.one), count: 1 << 26)) }
            }
        case "hang":
            return Case(names: ["planted.hang"]) { p in
                var x = 0
                while p.one > 0 { x &+= 1 }
                p.count { x }
            }
        default: return nil
        }
    }
}

/// What the walk counts, and the calls it makes.
struct Probe {
    var calls = 0
    var refused = 0
    var failures: [String] = []
    /// 1, opaque to the optimizer (a planted trap must not be folded away).
    var one: Int { calls >= 0 ? 1 : 0 }

    /// Calls `body`, counting a ``FlingError`` as a refusal.
    mutating func call<T>(_ body: () throws(FlingError) -> T) {
        calls += 1
        do { _ = try body() } catch { refused += 1 }
    }

    /// Calls an untyped-throwing `body`: a ``FlingError`` is a refusal, anything else a failure.
    mutating func callAny<T>(_ what: @autoclosure () -> String, _ body: () throws -> T) {
        calls += 1
        do { _ = try body() } catch is FlingError { refused += 1 } catch { failures.append("\(what()): \(error)") }
    }

    /// Calls a non-throwing `body` (it must return).
    mutating func count<T>(_ body: () -> T) {
        calls += 1
        _ = body()
    }
}

/// The values a caller can pass.
enum Hostile {
    static let doubles: [Double] = [
        .nan, .infinity, -.infinity, .greatestFiniteMagnitude, -.greatestFiniteMagnitude, 1e300, -1e300, 1e18, -1e18, 0, -0.0,
        .leastNonzeroMagnitude, -.leastNonzeroMagnitude, .leastNormalMagnitude, 1e-300, -1, 1, 0.5, 1e-9, 60, 3600, 1e9,
    ]
    static let ints: [Int] = [.max, .min, .max - 1, .min + 1, 1 << 53, -(1 << 53), Int(Int32.max), Int(Int32.min), 0, 1, -1, 2, 1_000_000]
    static let vectors: [Vector] =
        doubles.map { Vector($0, 1) } + doubles.map { Vector(1, $0) } + [
            Vector(.nan, .nan), Vector(.infinity, -.infinity), Vector(1e300, 1e300), Vector(-1e300, 1e300), .zero,
        ]
    static let rects: [Rect] =
        [Rect(x: 0, y: 0, width: 0, height: 0), Rect(x: 0, y: 0, width: -1, height: 1)]
        + doubles.map { Rect(x: $0, y: 0, width: 10, height: 10) } + doubles.map { Rect(x: 0, y: 0, width: $0, height: $0) }
    static let strings: [String] = [
        "", "\u{0}", " ", "M", "{", "}", "{}", "[]", "null", "\u{FEFF}{", "é\u{301}", "\n\r\t", "M 1e999 0", "-",
        String(repeating: "9", count: 10_000), String(repeating: "[", count: 100_000), String(repeating: "M0 0 ", count: 20_000),
    ]
    /// Counts (frames, samples) a caller can pass: the extremes, and just past the largest
    /// accepted (not at it: the walk looks for traps, `.ci/bounded-check` times the largest).
    static let counts: [Int] = [.max, .min, .max - 1, .min + 1, 1 << 53, -(1 << 53), 0, 1, -1, 2, 1_000_001]
    /// Tolerances (flattening): none small enough to reach the points budget many times over.
    static let tolerances: [Double] = [.nan, .infinity, -.infinity, 0, -0.0, -1, .leastNonzeroMagnitude, 1e-300, 1e-3, 1, 1e300]
    static let unsigned: [UInt64] = [0, 1, .max, .max - 1, 1 << 63, 1 << 53]
    static let ranges: [ClosedRange<Double>] =
        [
            0...0, 1...1, -1...1, 0...1e300, -1e300...1e300, 1e-300...1e-300, 0...(.greatestFiniteMagnitude), -(.infinity)...(.infinity),
            1...(.infinity),
        ]
}

/// The doubles of `base` with each in turn replaced by every hostile double (the others kept).
func varied(_ base: [Double]) -> [[Double]] {
    var out = [base]
    for i in base.indices {
        for x in Hostile.doubles {
            var v = base
            v[i] = x
            out.append(v)
        }
    }
    return out
}
#endif
