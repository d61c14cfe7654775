// `FlingSelfTest faults`: the default property check run against each planted fault
// (PlantedFaultBackend.swift): which property found it, after how many sessions, how long finding and
// shrinking took, and what the shrunk session holds. Benchmarks/PERFORMANCE.md quotes it; the
// tests assert the same over a smaller budget.
#if FLING_TESTABLE
import Fling
@testable import FlingTesting
@testable import FlingCLIKit

enum FaultsCommand {
    static let usage = """
        USAGE: FlingSelfTest faults [--seed N] [--sessions N] [--out DIR]

        Runs the default property check (every built-in property, --sessions N, default 100,
        seed --seed, default 1) on a native backend with each planted fault in turn
        (frozen-sweep, release-ulp, forgetful-restore), in its tile scene and then in its
        snap scene (chat heads; with walls for the sweep; written under DIR/chat-heads): the
        property that found it, the sessions it took, seconds to find and to shrink, and the
        shrunk session. Fails unless every fault is found.
        """

    static func run(_ arguments: [String], _ out: inout Output) throws {
        let args = try Arguments(arguments, valued: ["seed", "sessions", "out"], flags: ["help"])
        if args.flag("help") { out.print(usage); return }
        let seed = UInt64(try args.int("seed", in: 0...Int.max) ?? 1)
        let sessions = try args.int("sessions", in: 1...100_000) ?? 100
        var missed: [String] = []
        for snap in [false, true] {
            for fault in PlantedFaultBackend.Fault.allCases {
                let label = fault.rawValue + (snap ? " (chat heads)" : "")
                // The snap scenes' failures in a folder of their own (the same file names).
                let dir = args.value("out").map { snap ? $0 + "/chat-heads" : $0 }
                let report = try check(fault, seed: seed, sessions: sessions, out: dir, snap: snap).run()
                guard let f = report.failure else {
                    out.print("\(label): NOT FOUND in \(report.sessionsPlayed) sessions (\(fixed3(report.seconds)) s)")
                    missed.append(label)
                    continue
                }
                out.print(
                    "\(label): \(f.property) failed in session \(f.sessionIndex + 1); found in "
                        + "\(fixed3(report.seconds - report.shrinkSeconds)) s, shrunk in \(fixed3(report.shrinkSeconds)) s "
                        + "(\(f.shrinkSteps) steps, \(f.shrinkTries) sessions tried) from \(f.original.summary) to \(f.shrunk.summary)")
            }
        }
        if !missed.isEmpty { throw RunError("planted faults not found: \(missed.joined(separator: ", "))") }
    }

    /// The default check, on a backend with `fault`, in the tile (or snap) scene the fault shows in.
    static func check(
        _ fault: PlantedFaultBackend.Fault, seed: UInt64 = 1, sessions: Int = 100, out: String? = nil, snap: Bool = false
    ) -> PropertyCheck {
        var check = PropertyCheck(scene: snap ? fault.snapScene : fault.scene, sessions: sessions, seed: seed, backend: .native)
        check.makeBackend = PlantedFaultBackend.maker(fault)
        check.backendName = "native with \(fault.rawValue)"
        check.outputDirectory = out
        return check
    }
}
#endif
