import Fling
import FlingCLIKit

/// `FlingSelfTest`: what the tests and CI run, not a product and not for people. Its commands
/// drive the package from outside, in a process of their own, where a trap or an abort ends
/// this process rather than the test run.
///
/// Test machinery reads internals through `@testable import`, which needs modules built for
/// testing: debug builds are (`FLING_TESTABLE`, set in Package.swift). A release build of this
/// tool keeps what CI runs optimized, the soak and `backend --dynamics-digest`, which use the
/// public API; the other commands say so and stop.
package enum SelfTest {
    static let usage = """
        USAGE: FlingSelfTest <command> [options]   (for the test suite and .ci/, not for people)

        COMMANDS:
          backend     Drives a backend and the animators over the whole accepted range of every
                      input (selftest-backend); --dynamics-digest SEED prints a dynamics script's digest.
          soak        Many tiles for many simulated minutes; resident memory must stay flat.
          documents   Writes crafted documents at every work budget's edge (.ci/bounded-check).
          surface     Walks every public declaration with hostile values.
          snapshot    World and animator snapshots: a memory checker's driver, a snapshot continued
                      in this process.
          faults      The property check against each fault planted on purpose (issue 40).

        Run `FlingSelfTest <command> --help` for its options.
        """

    /// What a release build says for a command that reads the package's internals.
    static func debugOnly(_ command: String) -> String {
        "\(command) reads the package's internals (@testable import) and is built in debug only: run .build/debug/FlingSelfTest"
    }

    /// Runs `FlingSelfTest` with `arguments` (without the program name).
    package static func run(_ arguments: [String]) -> CommandResult {
        CommandResult.running("FlingSelfTest") { out in
            guard let command = arguments.first else {
                out.error(usage)
                throw UsageError("missing command")
            }
            let rest = Array(arguments.dropFirst())
            switch command {
            case "-h", "--help", "help": out.print(usage)
            case "backend": try SelfTestCommand.run(rest, &out)
            case "soak": try SoakCommand.run(rest, &out)
            #if FLING_TESTABLE
            case "documents": try DocumentsCommand.run(rest, &out)
            case "surface": try SurfaceCommand.run(rest, &out)
            case "snapshot": try SnapshotCommand.run(rest, &out)
            case "faults": try FaultsCommand.run(rest, &out)
            #else
            case "documents", "surface", "snapshot", "faults": throw UsageError(debugOnly(command))
            #endif
            default: throw UsageError("unknown command \(command)")
            }
        }
    }
}
