import Fling
import FlingCommandLine

/// `fling replay FILE`.
enum ReplayCommand {
    static func run(_ arguments: [String], _ out: inout Output) throws {
        let args = try Arguments(
            arguments, valued: ["backend", "arithmetic", "display-hz", "jitter", "viewport", "tile-size", "reference"],
            flags: ["help"])
        if args.flag("help") { out.print(Help.replay); return }
        let path = try args.file()
        let kind = try Input.backend(args)
        let display = try Input.display(args)
        var reference = true
        if let r = args.value("reference") {
            guard r == "none" || r == "auto" else { throw UsageError("--reference \(r): expected auto or none") }
            reference = r == "auto"
        }
        let document = try Input.document(path, args, out)
        let replay = try document.play(Input.options(kind, display: display, keepsFrames: false, reference: reference))
        for line in replay.report { out.print(line) }
        try check(replay.pins, frameUnit: replay.run.frameUnit, path: path, &out)
    }

    /// Fails (exit status 1) when a pin differs, naming each and the frames within which the run
    /// first left its pins, or when the document has pins and none could be compared.
    static func check(_ pins: PinCheck, frameUnit: String, path: String, _ out: inout Output) throws {
        if !pins.mismatches.isEmpty {
            for m in pins.mismatches { out.error("fling: \(path): \(m)") }
            if let m = pins.mismatches.first, let r = m.frames {
                out.error(
                    "fling: \(path): the run first left its pins within \(frameUnit)s \(r.lowerBound)..<\(r.upperBound) of scene \(m.scene + 1)"
                        + " (pins are digests; `fling diff` against a run that gives them names the \(frameUnit), item and bits)")
            }
            throw RunError("\(path): the replay differs from the digests the document pins")
        }
        if pins.pinned > 0, pins.compared == 0 {
            throw RunError(
                "\(path): none of the document's \(pins.pinned) pins was compared: they are of \(pins.arithmetic) arithmetic and "
                    + "this run's is another; replay with --reference auto (the default) or on a backend of \(pins.arithmetic) arithmetic")
        }
    }
}
