#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Fling
import FlingTraces

// How `fling` and `FlingSelfTest` run: the logic returns a ``CommandResult`` instead of
// writing and exiting, so that tests can run it in-process; `main.swift` writes it and exits.

/// What a run of a command printed and its exit status.
package struct CommandResult: Sendable {
    var status: Int32
    var stdout: String
    var stderr: String
    /// How many times the run read standard input (at most once, whatever the command).
    var standardInputReads = 0
    /// How many documents the run parsed (JSON documents and CSV files).
    var documentsParsed = 0

    /// Runs `body` as the program `program`: a ``UsageError`` is exit status 2 (with a pointer
    /// to `--help`), a ``RunError``, ``FlingError`` or any other error status 1, each reported on
    /// standard error after the program's name. Standard input (`-`) is read at most once, from
    /// the process's (or from `standardInput`, when given).
    package static func running(
        _ program: String, standardInput: [UInt8]? = nil, _ body: (inout Output) throws -> Void
    ) -> CommandResult {
        let input = StandardInput(standardInput)
        var out = Output(input: input)
        let status: Int32 = {
            do {
                try body(&out)
                return 0
            } catch let e as UsageError {
                out.error("\(program): \(e.message)")
                out.error("Run `\(program) --help` for usage.")
                return 2
            } catch let e as RunError {
                out.error("\(program): \(e.message)")
                return 1
            } catch let e as FlingError {
                out.error("\(program): \(e)")
                return 1
            } catch {
                out.error("\(program): \(error)")
                return 1
            }
        }()
        return CommandResult(
            status: status, stdout: out.stdout, stderr: out.stderr, standardInputReads: input.reads, documentsParsed: input.parses)
    }

    /// Writes the output to the process's standard output and error and exits with the status.
    package func exit() -> Never {
        FileIO.writeAll(1, Array(stdout.utf8))
        FileIO.writeAll(2, Array(stderr.utf8))
        #if canImport(Glibc)
        Glibc.exit(status)
        #elseif canImport(Musl)
        Musl.exit(status)
        #elseif canImport(Darwin)
        Darwin.exit(status)
        #endif
    }
}
