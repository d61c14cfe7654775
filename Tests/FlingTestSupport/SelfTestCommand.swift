import Fling
import FlingCLIKit
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `FlingSelfTest backend`: for the test suite, not for people. Drives a backend (Chipmunk by
/// default) and the tile and snap animators on it (with walls, materials, fields and pushes)
/// over the whole accepted range of every input
/// (extreme sizes, masses, moments, coordinates, grab points, springs, steps, velocities),
/// refusals included, so that a Chipmunk assertion, which aborts the process in Debian's
/// build, ends this process instead of the test run. `--abort` aborts on purpose, to prove
/// the harness notices.
enum SelfTestCommand {
    static func run(_ arguments: [String], _ out: inout Output) throws {
        let args = try Arguments(arguments, valued: ["seed", "cases", "backend", "walk", "dynamics-digest"], flags: ["abort", "help"])
        if args.flag("help") {
            out.print(
                "FlingSelfTest backend [--seed S] [--cases N] [--walk N] [--backend KIND] [--abort] [--dynamics-digest SEED]: for the test suite"
            )
            return
        }
        if args.flag("abort") { abort() }
        if args.has("dynamics-digest") {
            // The seeded dynamics script (walls, properties, pushes, every field kind, joints)
            // on one backend (default native-portable): its digest, for the portable pin.
            let seed = UInt64(try args.int("dynamics-digest", in: 0...Int.max) ?? 0)
            let kind = args.has("backend") ? try Input.backend(args) : .nativePortable
            let result = try DynamicsScript.random(seed: seed).run(on: kind)
            out.print("dynamics digest \(result.digest.hex) (\(result.frames.count) steps, \(result.contactCount) contacts) on \(kind)")
            return
        }
        #if FLING_TESTABLE
        try runCases(args, &out)
        #else
        throw UsageError(SelfTest.debugOnly("backend (without --dynamics-digest)"))
        #endif
    }
}
