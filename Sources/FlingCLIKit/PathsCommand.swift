import Fling
import FlingTraces

/// `fling paths digest FILE` and `fling paths render FILE --svg OUT [--animated] [--frames N]`
/// for path documents (`"format": "fling-paths"`: keyframe morphs and conveyors); the same as
/// `fling replay` and `fling render` of such a document.
enum PathsCommand {
    static func run(_ arguments: [String], _ out: inout Output) throws {
        guard let sub = arguments.first, sub != "-h", sub != "--help" else { out.print(Help.paths); return }
        let args = try Arguments(Array(arguments.dropFirst()), valued: ["svg", "frames"], flags: ["help", "animated"])
        if args.flag("help") { out.print(Help.paths); return }
        guard sub == "digest" || sub == "render" else { throw UsageError("paths needs digest or render, not \(sub)") }
        let path = try args.file()
        let document = try Input.document(path, args, out)
        let kind = type(of: document).kind
        guard document.pathContent != nil else {
            throw RunError("\(path): a \(kind.name) document; fling paths reads path documents (format fling-paths)")
        }
        if sub == "digest" {
            let replay = try document.play(ReplayOptions(keepsSteps: false))
            for line in replay.report { out.print(line) }
            // It prints a document's digest: one without a pin is what it is for (`fling replay` says so).
            try ReplayCommand.check(replay.pins, stepUnit: replay.run.stepUnit, path: path, allowingUnpinned: true, &out)
        } else {
            guard let target = args.value("svg") else { throw UsageError("paths render needs --svg OUT") }
            let options = Documents.RenderOptions(
                replay: ReplayOptions(), title: Input.title(path), animated: args.flag("animated"),
                samples: try args.int("frames", in: 2...10_000))
            try writeFile(target, try document.render(options), &out)
        }
    }
}
