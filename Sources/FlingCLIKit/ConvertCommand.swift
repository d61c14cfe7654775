import Fling
import FlingTraces
import Foundation

/// `fling convert FILE`: any document rewritten in its kind's canonical layout (a CSV stroke
/// file as a trace), optionally renamed and pinned.
enum ConvertCommand {
    static func run(_ arguments: [String], _ out: inout Output) throws {
        let args = try Arguments(
            arguments,
            valued: ["out", "viewport", "tile-size", "name", "notes", "attribution", "every", "backend", "arithmetic", "snapshots"],
            flags: ["help", "pin"])
        if args.flag("help") { out.print(Help.convert); return }
        let path = try args.file()
        var document = try Input.document(path, args, out)
        if let name = args.value("name") { document.name = name }
        if let notes = args.value("notes") { document.notes = notes }
        if let attribution = args.value("attribution") {
            guard var trace = document as? Trace else {
                throw UsageError("--attribution applies to tile traces only; \(path) is a \(type(of: document).kind.name) document")
            }
            trace.attribution = attribution
            document = trace
        }
        let every = try args.int("every", in: 1...1_000_000)
        if every != nil, !args.flag("pin") { throw UsageError("--every goes with --pin") }
        if every != nil, !(document is Trace) { throw UsageError("--every applies to tile traces only (checkpoints every N ticks)") }
        let snapshots = try args.int("snapshots", in: 1...100_000_000)
        if snapshots != nil, !(document is Trace) { throw UsageError("--snapshots applies to tile traces only") }
        if args.flag("pin") {
            let kind = try Input.backend(args)
            var options = Input.options(kind, keepsSteps: false, reference: false)
            options.checkpointInterval = every
            document = try document.pinned(options)
        } else if args.has("backend"), snapshots == nil {
            throw UsageError("--backend goes with --pin or --snapshots")
        }
        if let snapshots, let trace = document as? Trace {
            let kind = try Input.backend(args)
            document = try trace.withSnapshots(every: snapshots) { n throws(FlingError) in try kind.make(solverIterations: n) }
        }
        let json = document.json
        if let target = args.value("out") {
            try writeFile(target, json, &out)
        } else {
            out.stdout += json
        }
    }
}

/// Writes `text` to `path`, or to standard output for `-` (see ``FileIO/write(_:_:_:)``).
func writeFile(_ path: String, _ text: String, _ out: inout Output) throws { try FileIO.write(path, text, &out) }
