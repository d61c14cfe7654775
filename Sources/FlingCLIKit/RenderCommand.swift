import Fling
import FlingTraces

/// `fling render FILE --svg OUT`: the document's picture, drawn by its kind (``FlingDocument/render(_:)``).
enum RenderCommand {
    static func run(_ arguments: [String], _ out: inout Output) throws {
        let args = try Arguments(
            arguments, valued: ["svg", "backend", "arithmetic", "every", "viewport", "tile-size", "clouds", "frames"],
            flags: ["help", "animated"])
        if args.flag("help") { out.print(Help.render); return }
        let path = try args.file()
        guard let target = args.value("svg") else { throw UsageError("render needs --svg OUT") }
        let kind = try Input.backend(args)
        let every = try args.int("every", in: 1...1_000_000) ?? 6
        let clouds = try args.int("clouds", in: 0...Int(1 << 53)).map(UInt64.init) ?? 1
        let frames = try args.int("frames", in: 2...10_000)
        let document = try Input.document(path, args, out)
        let options = Documents.RenderOptions(
            replay: Input.options(kind, keepsSteps: true, reference: false), title: Input.title(path), backendName: kind.rawValue,
            every: every, clouds: clouds, animated: args.flag("animated"), samples: frames)
        try writeFile(target, try document.render(options), &out)
    }
}
