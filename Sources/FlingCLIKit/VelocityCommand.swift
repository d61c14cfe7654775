import Fling

/// `fling velocity FILE`.
enum VelocityCommand {
    static func run(_ arguments: [String], _ out: inout Output) throws {
        let args = try Arguments(arguments, valued: [], flags: ["help"])
        if args.flag("help") { out.print(Help.velocity); return }
        let path = try args.file()
        for stroke in try Input.strokes(path, out) {
            let v = stroke.releaseVelocity
            out.print("stroke \(stroke.id) vx \(v.x) vy \(v.y)")
        }
    }
}
