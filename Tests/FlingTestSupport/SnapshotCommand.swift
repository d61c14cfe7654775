#if FLING_TESTABLE
import Fling
@testable import FlingTraces
@testable import FlingCLIKit

/// `FlingSelfTest snapshot`: for the tests and CI, not for people.
///
/// `--continue TRACE SNAPSHOT`: a tile trace's first session resumed from an animator's
/// snapshot bytes (taken at a cut of its replay in another process), restored into a fresh
/// animator over a fresh backend and replayed on to the end; prints `digest <hex> ticks <n>`,
/// the animator's digest and tick count then, which the whole replay's must equal.
///
/// `--worlds`: world snapshots through every behaviour, for a memory checker (valgrind): seeded
/// dynamics scripts, each world taken at a step and restored beside itself and into a fresh
/// backend, then every copy stepped on and every backend freed; exit 1 if a copy parts from
/// its original. Every C object a restore makes must be freed once, with its backend.
enum SnapshotCommand {
    static func run(_ arguments: [String], _ out: inout Output) throws {
        let args = try Arguments(arguments, valued: ["backend", "scripts"], flags: ["worlds", "continue", "help"])
        if args.flag("help") {
            out.print("USAGE: FlingSelfTest snapshot --worlds [--backend KIND] [--scripts N]")
            out.print("       FlingSelfTest snapshot --continue TRACE SNAPSHOT [--backend KIND]")
            return
        }
        let kind = args.has("backend") ? try Input.backend(args) : .chipmunk
        if args.flag("continue") {
            guard args.positionals.count == 2 else { throw UsageError("snapshot --continue: give a trace and a snapshot file") }
            let trace = try Trace(json: String(decoding: try FileIO.read(args.positionals[0]), as: UTF8.self))
            let snapshot = try AnimatorSnapshot(bytes: try FileIO.read(args.positionals[1]))
            let session = try TraceReplayer(trace).resume(session: 0, from: snapshot) { (n) throws(FlingError) in
                try kind.make(solverIterations: n)
            }
            out.print("digest \(session.digest.hex) ticks \(session.tickCount)")
            return
        }
        guard args.flag("worlds") else { throw UsageError("snapshot: give --worlds or --continue") }
        let scripts = try args.int("scripts", in: 1...1000) ?? 4
        var steps = 0
        for seed in 1...UInt64(scripts) {
            let script = DynamicsScript.random(seed: seed &* 7919)
            let cut = script.ops.count / 2
            guard let made = try kind.make() as? any SnapshotBackend else { throw RunError("\(kind) takes no snapshots") }
            var original = DynamicsScript.Player(made)
            for n in 0...cut { original.apply(script.ops[n], n) }
            let taken = try original.worlds.map { try $0.map { try original.backend.snapshot(of: $0) } }
            var beside = try original.restored(taken, into: original.backend)
            var fresh = try original.restored(taken, into: try kind.make() as! any SnapshotBackend)
            for n in (cut + 1)..<script.ops.count {
                let op = script.ops[n]
                original.apply(op, n)
                fresh.apply(op, n)
                if case .step = op {
                    steps += 1
                } else {
                    beside.apply(op, n)
                }
            }
            guard try original.snapshots() == beside.snapshots(), try original.snapshots() == fresh.snapshots() else {
                throw RunError("\(kind), script \(seed): a restored world parted from its original")
            }
        }
        out.print("snapshot --worlds: \(scripts) scripts on \(kind), \(steps) steps after the cut, every copy equal")
    }
}
#endif
