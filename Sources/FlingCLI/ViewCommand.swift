import Fling

/// `fling view FILE [B] --html OUT`: the replay page of a document, or of two runs side by side;
/// `--json OUT --frames LIST` writes the same run's exact state at some frames (what the
/// browser check compares the page with).
enum ViewCommand {
    static func run(_ arguments: [String], _ out: inout Output) throws {
        let args = try Arguments(
            arguments, valued: ["html", "json", "frames", "backend", "arithmetic", "backend-b", "arithmetic-b", "label-a", "label-b"],
            flags: ["help"])
        if args.flag("help") { out.print(Help.view); return }
        guard (1...2).contains(args.positionals.count) else {
            throw UsageError(args.positionals.isEmpty ? "missing FILE" : "view takes one or two files, not \(args.positionals.count)")
        }
        guard args.has("html") || args.has("json") else { throw UsageError("view needs --html OUT or --json OUT") }
        let pathA = args.positionals[0]
        let kindA = try Input.backend(args)
        let compares = args.positionals.count == 2 || args.has("backend-b") || args.has("arithmetic-b")
        var second = args
        second.rename(from: ["backend-b", "arithmetic-b"], to: ["backend", "arithmetic"])
        // The second run on its own backend when one is named, else on the first run's.
        let kindB = args.has("backend-b") || args.has("arithmetic-b") ? try Input.backend(second) : kindA
        let a = try load(pathA, on: kindA)
        if args.has("json") {
            guard !compares else { throw UsageError("--json writes one run: give one FILE and no --backend-b") }
            let frames = try args.value("frames").map { try list($0, count: a.frames.count) } ?? Array(a.frames.indices)
            try writeFile(args.value("json")!, RunJSON.frames(a, frames), &out)
        }
        guard let target = args.value("html") else { return }
        let page: ReplayPage
        if compares {
            let pathB = args.positionals.count == 2 ? args.positionals[1] : pathA
            guard pathB != "-" || pathA != "-" else { throw UsageError("standard input can be read once: name a file for one run") }
            let b = try load(pathB, on: kindB)
            func label(_ path: String, _ kind: BackendKind, _ option: String) -> String {
                args.value(option) ?? "\(name(path)) on \(kind)"
            }
            page = ReplayPage(comparing: a, with: b, labels: [label(pathA, kindA, "label-a"), label(pathB, kindB, "label-b")])
            if let d = page.divergence {
                out.print("first divergence: \(d.description)")
            } else {
                out.print("the runs are the same: \(a.frames.count) frames, digest \(a.digest.hex)")
            }
        } else {
            page = ReplayPage(a)
        }
        try writeFile(target, page.html, &out)
    }

    static func name(_ path: String) -> String {
        path == "-" ? "standard input" : String(path.split(separator: "/").last ?? Substring(path))
    }

    /// The run of the document at `path`, replayed on `kind` where it runs physics.
    static func load(_ path: String, on kind: BackendKind) throws -> Run {
        let bytes = try Input.readFile(path)
        let title = name(path)
        let make = { (n: Int) throws(FlingError) -> any PhysicsBackend in try kind.make(solverIterations: n) }
        do {
            if PathScene.isPathDocument(bytes) { return Run.adapting(try PathScene(json: bytes), title: title) }
            switch try Input.load(bytes: bytes, path: path) {
            case .scene(let scene): return try Run.adapting(scene, title: title, makeBackend: make)
            case .trace(let trace): return try Run.adapting(trace, title: title, makeBackend: make)
            case .strokes(let strokes):
                return try Run.adapting(
                    try Trace(strokes: strokes, viewport: Trace.defaultStrokeViewport, tileSize: 160), title: title, makeBackend: make)
            }
        } catch let e as FlingError {
            throw RunError("\(path): \(e)")
        }
    }

    /// `0,10,last`: frame positions (`last` is the last frame), each within the run.
    static func list(_ text: String, count: Int) throws -> [Int] {
        try text.split(separator: ",").map { part in
            if part == "last", count > 0 { return count - 1 }
            guard let k = Int(part), (0..<count).contains(k) else {
                throw UsageError("--frames \(text): \(part) is not a frame of this run (0...\(count - 1), or last)")
            }
            return k
        }
    }
}
