import Fling
import Foundation

/// `fling convert FILE`.
enum ConvertCommand {
    static func run(_ arguments: [String], _ out: inout Output) throws {
        let args = try Arguments(
            arguments, valued: ["out", "viewport", "tile-size", "name", "notes", "attribution", "every", "backend", "arithmetic"],
            flags: ["help", "pin"])
        if args.flag("help") { out.print(Help.convert); return }
        let path = try args.file()
        var trace = try Input.trace(path, args)
        if let name = args.value("name") { trace.name = name }
        if let notes = args.value("notes") { trace.notes = notes }
        if let attribution = args.value("attribution") { trace.attribution = attribution }
        let every = try args.int("every", in: 1...1_000_000)
        if every != nil, !args.flag("pin") { throw UsageError("--every goes with --pin") }
        if args.flag("pin") {
            let kind = try Input.backend(args)
            trace = try trace.pinned(every: every) { n throws(FlingError) in try kind.make(solverIterations: n) }
        } else if args.has("backend") {
            throw UsageError("--backend goes with --pin")
        }
        let json = trace.json
        if let target = args.value("out") {
            try writeFile(target, json, &out)
        } else {
            out.stdout += json
        }
    }
}

/// Writes `text` to `path`, or to standard output for `-` (see ``FileIO/write(_:_:_:)``).
func writeFile(_ path: String, _ text: String, _ out: inout Output) throws { try FileIO.write(path, text, &out) }
