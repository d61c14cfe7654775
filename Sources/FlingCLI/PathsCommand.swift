import Fling

/// `fling paths digest FILE` and `fling paths render FILE --svg OUT [--animated] [--frames N]`
/// for path scene documents (`"format": "fling-paths"`: keyframe morphs and conveyors).
enum PathsCommand {
    static func run(_ arguments: [String], _ out: inout Output) throws {
        guard let sub = arguments.first, sub != "-h", sub != "--help" else { out.print(Help.paths); return }
        let args = try Arguments(Array(arguments.dropFirst()), valued: ["svg", "frames"], flags: ["help", "animated"])
        if args.flag("help") { out.print(Help.paths); return }
        let path = try args.file()
        let scene = try PathScene(json: try Input.readFile(path))
        let label = "\(scene.content.kind)\(scene.name.map { " [\($0)]" } ?? "")"
        switch sub {
        case "digest":
            let digest = try scene.digest
            out.print("paths \(label): \(scene.sampling.frames) frames")
            out.print("digest \(digest.hex) frames \(scene.sampling.frames)")
            if let expected = scene.expected, expected != digest {
                throw RunError("\(path): the samples give digest \(digest.hex), the document pins \(expected.hex)")
            }
        case "render":
            guard let target = args.value("svg") else { throw UsageError("paths render needs --svg OUT") }
            let frames = try args.int("frames", in: 2...10_000)
            let svg: String
            switch scene.content {
            case .morph(_, let animation):
                if args.flag("animated") {
                    svg = PathSVG.animated(animation, frames: frames ?? 61)
                } else {
                    let times = try KeyframeAnimation.sampleTimes(
                        frames: frames ?? min(scene.sampling.frames, 24),
                        from: scene.sampling.from, to: scene.sampling.to)
                    svg = PathSVG.filmstrip(animation, times: times, title: scene.name ?? label)
                }
            case .conveyor(let conveyor):
                if args.flag("animated") {
                    svg = PathSVG.animated(conveyor, frames: frames ?? 31)
                } else {
                    let n = Int64(frames ?? 8)
                    let times = (0..<n).map { k in
                        Int64(n).dividingFullWidth(conveyor.periodNanoseconds.multipliedFullWidth(by: k)).quotient
                    }
                    svg = PathSVG.filmstrip(conveyor, nanoseconds: times)
                }
            }
            try writeFile(target, svg, &out)
        default:
            throw UsageError("paths needs digest or render, not \(sub)")
        }
    }
}
