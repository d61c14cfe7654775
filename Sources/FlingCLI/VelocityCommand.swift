import Fling

/// `fling velocity FILE`.
enum VelocityCommand {
    static func run(_ arguments: [String], _ out: inout Output) throws {
        let args = try Arguments(arguments, valued: [], flags: ["help"])
        if args.flag("help") { out.print(Help.velocity); return }
        let path = try args.file()
        guard case .strokes(let strokes) = try Input.load(path) else {
            throw RunError("\(path): velocity reads a CSV stroke file (stroke_id,t_seconds,phase,x,y), not a JSON trace")
        }
        for stroke in strokes {
            let v = stroke.releaseVelocity
            out.print("stroke \(stroke.id) vx \(v.x) vy \(v.y)")
        }
    }
}
