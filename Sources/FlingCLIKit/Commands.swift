import Fling

/// The `fling` command line: what users run (`replay`, `diff`, `view`, `render`, `convert`,
/// `velocity`, `paths`, `check`, `help`). The self-tests the tests and CI run live in `FlingSelfTest`,
/// which is not a product.
package enum FlingCommand {
    /// Runs `fling` with `arguments` (without the program name). Standard input (`-`) is read
    /// at most once, from the process's (or from `standardInput`, when given).
    package static func run(_ arguments: [String], standardInput: [UInt8]? = nil) -> CommandResult {
        CommandResult.running("fling", standardInput: standardInput) { out in try dispatch(arguments, &out) }
    }

    static func dispatch(_ arguments: [String], _ out: inout Output) throws {
        guard let command = arguments.first else {
            out.error(Help.main)
            throw UsageError("missing command")
        }
        let rest = Array(arguments.dropFirst())
        switch command {
        case "-h", "--help", "help":
            if command == "help", let topic = rest.first {
                guard let text = Help.command(topic) else { throw UsageError("no command named \(topic)") }
                out.print(text)
            } else {
                out.print(Help.main)
            }
        case "replay": try ReplayCommand.run(rest, &out)
        case "diff": try DiffCommand.run(rest, &out)
        case "velocity": try VelocityCommand.run(rest, &out)
        case "render": try RenderCommand.run(rest, &out)
        case "convert": try ConvertCommand.run(rest, &out)
        case "paths": try PathsCommand.run(rest, &out)
        case "view": try ViewCommand.run(rest, &out)
        case "check": try CheckCommand.run(rest, &out)
        default:
            throw UsageError("unknown command \(command)")
        }
    }
}
