import Fling
import FlingTraces

/// `fling replay FILE`.
enum ReplayCommand {
    static func run(_ arguments: [String], _ out: inout Output) throws {
        let args = try Arguments(
            arguments, valued: ["backend", "arithmetic", "display-hz", "jitter", "viewport", "tile-size", "reference", "from"],
            flags: ["help", "allow-unpinned", "allow-uncompared-run", "predict", "from-last-snapshot"])
        if args.flag("help") { out.print(Help.replay); return }
        let path = try args.file()
        let kind = try Input.backend(args)
        let display = try Input.display(args)
        var reference = true
        if let r = args.value("reference") {
            guard r == "none" || r == "auto" else { throw UsageError("--reference \(r): expected auto or none") }
            reference = r == "auto"
        }
        // Every option is checked before the replay runs.
        let from = try args.int("from", in: 0...Int(Int32.max))
        let document = try Input.document(path, args, out)
        if from != nil, !(document is Trace) { throw continuesTraces }
        if args.flag("from-last-snapshot") { return try fromLastSnapshot(document, kind, display, path, &out) }
        let options = Input.options(kind, display: display, keepsSteps: false, reference: reference)
        let replay = try document.play(options)
        for line in replay.report.dropLast() { out.print(line) }
        for line in compared(replay.pins, backend: kind) { out.print(line) }
        var failures: [String] = []
        if args.flag("predict") { failures += try predictions(document, options, &out) }
        if let tick = from { failures += try continued(document, from: tick, options, &out) }
        if let last = replay.report.last { out.print(last) }
        try check(
            replay.pins, stepUnit: replay.run.stepUnit, path: path, allowingUnpinned: args.flag("allow-unpinned"),
            allowingUncomparedRun: args.flag("allow-uncompared-run"), &out)
        if let first = failures.first { throw RunError("\(path): \(first)") }
    }

    /// `--from-last-snapshot`: a trace carrying snapshots replayed from each session's last one
    /// (on a backend of the kind they were taken on): a line per session saying where it
    /// started, the pins of the sessions' ends compared, the digest line.
    static func fromLastSnapshot(
        _ document: any FlingDocument, _ kind: BackendKind, _ display: ReplayOptions.DisplayFrames, _ path: String, _ out: inout Output
    ) throws {
        guard let trace = document as? Trace, trace.sessions.contains(where: { !$0.snapshots.isEmpty }) else {
            throw UsageError("--from-last-snapshot replays tile traces that carry snapshots (fling convert FILE --snapshots N)")
        }
        var replayer = TraceReplayer(trace, display: display)
        replayer.recordsTicks = false
        replayer.startsFromSnapshots = true
        let replay = try replayer.replay { n throws(FlingError) in try kind.make(solverIterations: n) }
        for (s, session) in trace.sessions.enumerated() {
            let from = session.snapshots.last.map { "its snapshot at tick \($0.tick)" } ?? "its start (no snapshot)"
            out.print("scene \(s + 1): replayed from \(from) to tick \(replay.sessions[s].tickCount - 1)")
        }
        for line in compared(replay.pins, backend: kind) { out.print(line) }
        out.print(replay.summary)
        try check(replay.pins, stepUnit: "tick", path: path, allowingUnpinned: true, allowingUncomparedRun: true, &out)
    }

    /// `--predict`: each release's prediction beside what its item then did (a replay with
    /// predictions, one tick at a time); a failure for each that differs.
    static func predictions(_ document: any FlingDocument, _ options: ReplayOptions, _ out: inout Output) throws -> [String] {
        guard let check = try document.comparePredictions(options) else {
            out.print("predictions: none: this document has no releases")
            return []
        }
        for e in check.entries {
            out.print("\(e)" + (e.actual.isEmpty || e.verdict == .exact ? "" : " (\(e.actual))"))
        }
        let differing = check.differing.count
        out.print(
            "predictions: \(check.entries.count) releases: \(check.exact) exact, \(check.superseded) superseded, \(differing) differ")
        return differing == 0 ? [] : ["\(differing) of the releases' predictions differ from what their items did"]
    }

    static let continuesTraces = UsageError(
        "--from continues tile traces (a snap scene's rules and the seeded scenes keep state no animator snapshot holds)")

    /// `--from TICK`: the replay cut at TICK, its animator taken whole as bytes and read back
    /// into a fresh one over a fresh backend, and continued; its final digest beside the whole
    /// replay's, and a failure when they differ.
    static func continued(_ document: any FlingDocument, from tick: Int, _ options: ReplayOptions, _ out: inout Output) throws
        -> [String]
    {
        guard let trace = document as? Trace else { throw continuesTraces }
        var replayer = TraceReplayer(trace, display: options.display)
        replayer.recordsTicks = false
        guard let make = options.makeBackend else { throw RunError("--from \(tick): the replay needs a backend") }
        let whole = try replayer.replay(makeBackend: make)
        let (cut, snapshot) = try replayer.replay(cutAt: tick, makeBackend: make)
        guard let snapshot else {
            throw RunError("--from \(tick): the trace ends at tick \(whole.tickCount), before it")
        }
        let equal = cut.digest == whole.digest && cut.tickCount == whole.tickCount
        out.print(
            "from tick \(tick): a snapshot of \(snapshot.bytes.count) bytes, continued in a fresh animator: "
                + "digest \(cut.digest.hex) ticks \(cut.tickCount); the whole replay: digest \(whole.digest.hex) ticks \(whole.tickCount): "
                + (equal ? "equal" : "DIFFER"))
        return equal ? [] : ["continued from tick \(tick), the replay differs from the whole replay"]
    }

    /// What the replay compared, in the lines printed before the digest line: `pins: …` always
    /// (how many of the document's pins, on which run), and `runs: …` where the pins were
    /// compared on a reference run (this run against its peer's, over how many frames, or why
    /// not).
    static func compared(_ pins: PinComparison, backend: BackendKind) -> [String] {
        var lines: [String] = []
        if pins.pinned == 0 {
            lines.append("pins: none: the document pins no digest, so nothing was compared")
        } else if pins.compared == 0 {
            lines.append(
                "pins: 0 of \(pins.pinned) compared: they are of \(pins.arithmetic) arithmetic, this run on \(backend) computed with "
                    + "\(backend.arithmetic), and no reference run was made (--reference none)")
        } else {
            let on: String
            switch pins.comparedOn {
            case .thisRun: on = "this run"
            case .reference(let name): on = "a reference run on \(name)"
            case .nowhere: on = "no run"
            }
            let outcome = pins.mismatches.isEmpty ? "all match" : "\(pins.mismatches.count) differ"
            lines.append("pins: \(pins.compared) of \(pins.pinned) compared on \(on) (\(pins.arithmetic) arithmetic): \(outcome)")
        }
        if let run = pins.run {
            let unit = run.unit, over = "\(run.covered) \(run.unit)\(run.covered == 1 ? "" : "s")"
            if let peer = run.peer {
                let how = run.comparedValues ? "\(unit) for \(unit)" : "their events, inputs and digest chained over every \(unit)"
                lines.append(
                    "runs: this run on \(run.backend) compared with a run on \(peer) over \(over) (\(how)): "
                        + (run.failure == nil ? "equal" : "differ"))
            } else if let failure = run.failure {
                lines.append(
                    "runs: this run on \(run.backend) checked against the reference run on \(run.reference): "
                        + "differs (\(failure.field): \(failure.value))")
            } else {
                lines.append("runs: this run on \(run.backend) (\(over)) not compared: \(run.notCompared ?? "no peer")")
            }
        }
        return lines
    }

    /// Fails (exit status 1) when a pin differs, naming each and the frames within which the run
    /// first left its pins; when the document has pins and none could be compared; when the run,
    /// checked where its pins were compared on a reference run, differs from its peer's or from
    /// what the reference did; and, unless allowed, when the document pins nothing or the run
    /// had no peer to be compared with.
    static func check(
        _ pins: PinComparison, stepUnit: String, path: String, allowingUnpinned: Bool = false, allowingUncomparedRun: Bool = false,
        _ out: inout Output
    ) throws {
        if !pins.mismatches.isEmpty {
            for m in pins.mismatches { out.error("fling: \(path): \(m)") }
            if let m = pins.mismatches.first, let r = m.within {
                out.error(
                    "fling: \(path): the run first left its pins within \(stepUnit)s \(r.lowerBound)..<\(r.upperBound) of scene \(m.session + 1)"
                        + " (pins are digests; `fling diff` against a run that gives them names the \(stepUnit), item and bits)")
            }
            throw RunError("\(path): the replay differs from the digests the document pins")
        }
        if pins.pinned == 0 {
            guard allowingUnpinned else {
                throw RunError(
                    "\(path): the document pins no digest, so the replay was compared with nothing; pin it "
                        + "(`fling convert \(path) --pin`), or pass --allow-unpinned to say that is intended")
            }
            return
        }
        if pins.compared == 0 {
            throw RunError(
                "\(path): none of the document's \(pins.pinned) pins was compared: they are of \(pins.arithmetic) arithmetic and "
                    + "this run's is another; replay with --reference auto (the default) or on a backend of \(pins.arithmetic) arithmetic")
        }
        guard let run = pins.run else { return }
        if let failure = run.failure {
            out.error("fling: \(path): \(failure.field): \(failure.reason)")
            throw RunError("\(path): the run on \(run.backend) is not what the pins were checked on (\(failure.value))")
        }
        if let why = run.notCompared, !allowingUncomparedRun {
            throw RunError(
                "\(path): the pins were compared on a reference run on \(run.reference), and this run on \(run.backend) with "
                    + "nothing: \(why); replay on a backend of \(pins.arithmetic) arithmetic, or pass --allow-uncompared-run to say "
                    + "that is intended")
        }
    }
}
