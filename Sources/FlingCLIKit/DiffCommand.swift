import Fling
import FlingTraces
import FlingView

/// `fling diff A [B]`: replays two runs of the same input (two files, or one file on two
/// backends, arithmetics or display rates) and prints where they first part
/// (``Run/firstDivergence(from:)``), or that they are equal.
enum DiffCommand {
    /// The largest document two runs are compared for frame by frame: work (frames × items) at
    /// most 5,000,000. A comparison holds every frame's state of every item of both runs, so its
    /// time and memory grow with the work; the limit keeps them within about 2 GB
    /// (.ci/bounded-check runs documents at and past it; the page has its own,
    /// `ReplayPage.budget`).
    static let budget = 5_000_000.0

    /// Throws `overBudget` unless `document`'s work with `options` fits ``budget``.
    static func checkBudget(_ document: any FlingDocument, _ options: ReplayOptions) throws(FlingError) {
        let work = document.work(options)
        guard work.amount <= budget else {
            let amount = work.amount.isFinite && work.amount < 0x1p53 ? "\(Int64(work.amount))" : "\(work.amount)"
            throw FlingError(
                .overBudget, field: "\(type(of: document).kind.name) comparison", value: "\(amount) \(work.unit)",
                reason: "exceeds the work budget of fling diff, at most \(Int64(budget)) \(work.unit)")
        }
    }

    static let sided = ["backend", "arithmetic", "display-hz", "jitter"]

    static func run(_ arguments: [String], _ out: inout Output) throws {
        let args = try Arguments(
            arguments, valued: sided + sided.flatMap { ["\($0)-a", "\($0)-b"] } + ["viewport", "tile-size", "html"], flags: ["help"])
        if args.flag("help") { out.print(Help.diff); return }
        guard (1...2).contains(args.positionals.count) else {
            throw UsageError(args.positionals.isEmpty ? "missing FILE" : "diff takes one or two files")
        }
        let pathA = args.positionals[0], pathB = args.positionals.count == 2 ? args.positionals[1] : pathA
        let kindA = try Input.backend(args, suffix: "-a"), kindB = try Input.backend(args, suffix: "-b")
        let displayA = try Input.display(args, suffix: "-a"), displayB = try Input.display(args, suffix: "-b")
        // One file (or standard input twice) is read and parsed once.
        let a = try Input.document(pathA, args, out)
        let b = pathB == pathA ? a : try Input.document(pathB, args, out)
        let (titleA, titleB) = Input.titles(pathA, kindA, displayA, pathB, kindB, displayB)
        let optionsA = Input.options(kindA, display: displayA, keepsSteps: true, reference: false)
        let optionsB = Input.options(kindB, display: displayB, keepsSteps: true, reference: false)
        for (document, options) in [(a, optionsA), (b, optionsB)] {
            try checkBudget(document, options)
            if args.has("html") { try ReplayPage.validateWork(of: document, options) }
        }
        let runA = try a.play(optionsA, title: titleA).run
        let runB = try b.play(optionsB, title: titleB).run
        // `--html OUT`: the replay page of both runs, opened where they part (as `fling view A B`).
        if let target = args.value("html") { try writeFile(target, ReplayPage(comparing: runA, with: runB).html, &out) }
        guard let d = runA.firstDivergence(from: runB) else {
            out.print("equal: \(runA.steps.count) \(runA.stepUnit)s, \(runA.summary) (\(titleA); \(titleB))")
            return
        }
        out.print(d.description)
        throw RunError("the runs differ")
    }
}
