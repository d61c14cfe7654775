import Fling
import FlingView

/// `fling view FILE [B] --html OUT`: the replay page of a document (any registered kind), or of
/// two runs side by side, opened at their first divergence (``Run/firstDivergence(from:)``);
/// `--json OUT --frames LIST` writes one run's exact state at some frames (what the browser
/// check compares the page with).
enum ViewCommand {
    static func run(_ arguments: [String], _ out: inout Output) throws {
        let sided = DiffCommand.sided
        let args = try Arguments(
            arguments, valued: sided + sided.flatMap { ["\($0)-a", "\($0)-b"] } + ["viewport", "tile-size", "html", "json", "frames"],
            flags: ["help", "predict"])
        if args.flag("help") { out.print(Help.view); return }
        guard (1...2).contains(args.positionals.count) else {
            throw UsageError(args.positionals.isEmpty ? "missing FILE" : "view takes one or two files, not \(args.positionals.count)")
        }
        guard args.has("html") || args.has("json") else { throw UsageError("view needs --html OUT or --json OUT") }
        let pathA = args.positionals[0], pathB = args.positionals.count == 2 ? args.positionals[1] : pathA
        let compares = args.positionals.count == 2 || sided.contains { args.has("\($0)-b") }
        let kindA = try Input.backend(args, suffix: "-a"), kindB = try Input.backend(args, suffix: "-b")
        let displayA = try Input.display(args, suffix: "-a"), displayB = try Input.display(args, suffix: "-b")
        // One file (or standard input twice) is read and parsed once.
        let a = try Input.document(pathA, args, out)
        let (titleA, titleB) = Input.titles(pathA, kindA, displayA, pathB, kindB, displayB)
        var optionsA = Input.options(kindA, display: displayA, keepsSteps: true, reference: false)
        // With --predict, releases carry predictions, and the page draws each predicted end pose.
        if args.flag("predict") { optionsA.predictionTicks = DragSettings.defaultPredictionTicks }
        try ReplayPage.validateWork(of: a, optionsA)
        let runA = try a.play(optionsA, title: compares ? titleA : Input.title(pathA)).run
        if let target = args.value("json") {
            guard !compares else { throw UsageError("--json writes one run: give one FILE and no option for a second run") }
            let frames = try args.value("frames").map { try list($0, count: runA.steps.count) } ?? Array(runA.steps.indices)
            try writeFile(target, ReplayPage.stateJSON(of: runA, steps: frames), &out)
        }
        guard let target = args.value("html") else { return }
        let page: ReplayPage
        if compares {
            let b = pathB == pathA ? a : try Input.document(pathB, args, out)
            var optionsB = Input.options(kindB, display: displayB, keepsSteps: true, reference: false)
            optionsB.predictionTicks = optionsA.predictionTicks
            try ReplayPage.validateWork(of: b, optionsB)
            let runB = try b.play(optionsB, title: titleB).run
            page = ReplayPage(comparing: runA, with: runB)
            out.print(
                page.divergence.map(\.description)
                    ?? "equal: \(runA.steps.count) \(runA.stepUnit)s, \(runA.summary) (\(titleA); \(titleB))")
        } else {
            page = ReplayPage(runA)
        }
        try writeFile(target, page.html, &out)
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
