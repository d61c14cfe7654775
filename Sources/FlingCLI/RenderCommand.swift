import Fling

/// `fling render FILE --svg OUT`.
enum RenderCommand {
    static func run(_ arguments: [String], _ out: inout Output) throws {
        let args = try Arguments(
            arguments, valued: ["svg", "backend", "arithmetic", "every", "viewport", "tile-size", "clouds"], flags: ["help"])
        if args.flag("help") { out.print(Help.render); return }
        let path = try args.file()
        guard let target = args.value("svg") else { throw UsageError("render needs --svg OUT") }
        let kind = try Input.backend(args)
        let every = try args.int("every", in: 1...1_000_000) ?? 6
        if case .scene(let scene) = try Input.load(path) {
            let clouds = try args.int("clouds", in: 0...Int(1 << 53)).map(UInt64.init) ?? 1
            try writeFile(target, try SceneCommands.render(scene, path: path, clouds: clouds, backend: kind), &out)
            return
        }
        let trace = try Input.trace(path, args)
        let replay = try Input.replay(trace, on: kind)
        let name = path == "-" ? "standard input" : String(path.split(separator: "/").last ?? Substring(path))
        var named = trace
        if named.name == nil { named.name = name }
        let picture = SVGPicture(
            trace: named, replay: replay, every: every,
            subtitle: "\(name), replayed on \(kind): \(replay.summary)")
        try writeFile(target, picture.render(), &out)
    }
}
