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
        try trace.validate()
        // A picture draws at most SVGPicture.maximumStates tile positions and a sixteenth as
        // many outlines: a longer trace is drawn every k-th tick (its outlines every k'-th).
        let interval = max(1, Int((trace.tileTicks / Double(SVGPicture.maximumStates)).rounded(.up)))
        let outlines = max(every, Int((trace.tileTicks / Double(SVGPicture.maximumStates / 16)).rounded(.up)))
        let outlineEvery = (outlines + interval - 1) / interval * interval
        var replayer = TraceReplayer(trace)
        replayer.recordInterval = interval
        let replay = try replayer.replay { n throws(FlingError) in try kind.make(solverIterations: n) }
        let name = path == "-" ? "standard input" : String(path.split(separator: "/").last ?? Substring(path))
        var named = trace
        if named.name == nil { named.name = name }
        let picture = SVGPicture(
            trace: named, replay: replay, every: outlineEvery,
            subtitle: "\(name), replayed on \(kind): \(replay.summary)")
        try writeFile(target, picture.render(), &out)
    }
}
