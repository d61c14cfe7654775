import Fling

/// `fling replay FILE`.
enum ReplayCommand {
    static func run(_ arguments: [String], _ out: inout Output) throws {
        let args = try Arguments(
            arguments, valued: ["backend", "arithmetic", "display-hz", "jitter", "viewport", "tile-size"], flags: ["help"])
        if args.flag("help") { out.print(Help.replay); return }
        let path = try args.file()
        let kind = try Input.backend(args)
        let hz = try args.double("display-hz", in: 1...100_000) ?? 60
        var display = DisplayFrames.rate(hz)
        if let seed = args.value("jitter") {
            guard let s = UInt64(seed) else { throw UsageError("--jitter \(seed): expected a whole number seed") }
            display = .jittered(rate: hz, seed: s)
        }
        if case .scene(let scene) = try Input.load(path) {
            try SceneCommands.replay(scene, path: path, backend: kind, &out)
            return
        }
        let trace = try Input.trace(path, args)
        let replay = try Input.replay(trace, on: kind, display: display, recordsTicks: false)
        for (n, scene) in replay.scenes.enumerated() {
            out.print(line(scene: n, scene))
        }
        out.print(replay.summary)
        if !replay.mismatches.isEmpty {
            for m in replay.mismatches { out.error("fling: \(path): \(m)") }
            throw RunError("\(path): the replay differs from the digests the trace pins")
        }
    }

    /// `scene 3 [stroke 3]: tile 1 settled tick 87 release attract vx 12.658 vy -36.904`.
    static func line(scene n: Int, _ scene: TraceReplay.Scene) -> String {
        var s = "scene \(n + 1)"
        if let name = scene.name { s += " [\(name.filter { !$0.isNewline })]" }
        s += ":"
        if scene.outcomes.isEmpty { return s + " no tiles" }
        s +=
            " "
            + scene.outcomes.map { o in
                var part = "tile \(o.tile.rawValue) \(o.kind.rawValue) tick \(o.tick)"
                if let r = o.release {
                    part +=
                        " release \(r.cancelled ? "cancelled" : r.outcome.rawValue) vx \(fixed3(r.velocity.x)) vy \(fixed3(r.velocity.y))"
                } else {
                    part += " release none"
                }
                return part
            }.joined(separator: "; ")
        return s
    }
}
