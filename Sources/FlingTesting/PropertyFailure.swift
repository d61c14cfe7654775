// A failure as a test reads it and as a person replays it: which property, where (tick, tile),
// the seed that made the session, how far it shrank, and the shrunk session's recording as a
// trace document (the existing format: its `name` and `notes` say the property, the seed and
// the first failing tick; in a snap scene, a snap scene document), pinned so that
// `fling replay FILE` checks it and a test can keep it as a fixture.
import Fling
import FlingTraces

#if canImport(Foundation)
import Foundation
#endif

/// The first property a ``PropertyCheck`` found failing, with its session shrunk.
public struct PropertyFailure: Sendable {
    /// The property's name.
    public var property: String
    /// What failed and where.
    public var violation: PropertyViolation
    /// The check's seed, the failing session's index in the check (from 0), and that session's
    /// own seed (``Gen/generate(seed:)`` of the check's generator gives it back).
    public var seed: UInt64
    var sessionIndex: Int
    public var sessionSeed: UInt64
    /// The session as generated, and as shrunk.
    var original: TouchSession
    public var shrunk: TouchSession
    /// Shrinking steps taken (each a smaller session that still failed), and sessions tried.
    var shrinkSteps: Int
    var shrinkTries: Int
    /// The shrunk session's recording: a trace document naming the property, the seed and the
    /// first failing tick in its `name` and `notes`, pinned when it could be; nil in a snap
    /// scene (its recording is a snap scene document: ``document``).
    public var trace: Trace?
    /// The shrunk session's recording as the JSON written (a trace document, or a snap scene
    /// document in a snap scene), named, noted and pinned alike.
    public var document: String
    /// The file name the trace is written under: `<property>-seed<seed>-session<index>.json`.
    var fileName: String
    /// Where it was written (``PropertyCheck/outputDirectory``), if it was.
    public var path: String?
    /// The backend it failed on.
    var backend: String
    /// The command that replays the written trace.
    public var replayCommand: String

    /// The first failing tick and tile, where the property said.
    public var tick: Int? { violation.tick }
    public var item: Int? { violation.item }

    /// What failed, where, from which seed, how far it shrank, and how to replay it.
    public var message: String {
        "property \(property) failed \(violation) (seed \(seed), session \(sessionIndex), session seed \(sessionSeed), on \(backend)); "
            + "shrunk in \(shrinkSteps) steps (\(shrinkTries) sessions tried) from \(original.summary) to \(shrunk.summary); "
            + "replay it: \(replayCommand)"
    }

    var description: String { message }
}

extension PropertyCheck {
    /// The failure of `found`, shrunk to `shrunk`: its trace named, noted, pinned and written.
    func failure(_ found: Found, _ shrunk: Shrunk, index: Int, sessionSeed: UInt64) throws(FlingError) -> PropertyFailure {
        let property = found.property.name
        let safe = String(property.map { $0.isLetter || $0.isNumber ? $0 : "-" })
        let fileName = "\(safe)-seed\(seed)-session\(index).json"
        let reference: BackendKind = shrunk.context.played.arithmetic == .portable ? .nativePortable : .native
        let makeReference: MakeBackend = { (n) throws(FlingError) in try reference.make(solverIterations: n) }
        let path = outputDirectory.map { $0.hasSuffix("/") ? $0 + fileName : $0 + "/" + fileName }
        let replayBackend = makeBackend == nil ? backend : reference
        // Only a file that is written is named: without an output directory, the document is
        // the failure's own (``PropertyFailure/document``), to be saved first.
        var command = "fling replay \(path ?? "FILE") --backend \(replayBackend)"
        // Without Chipmunk a platform run has no peer to be compared with: the command says that is intended.
        if replayBackend == .native && !BackendKind.available.contains(.chipmunk) { command += " --allow-uncompared-run" }
        if property == Property.predictionsComeTrue.name { command += " --predict" }
        if path == nil { command = "save failure.document as FILE (it was not written: no output directory), then \(command)" }
        if makeBackend != nil {
            let recording = shrunk.context.session.scene.snap == nil ? "failure.trace" : "failure.document"
            command = "play \(recording) on \(name) in the test (Fling's own backend replays it with `\(command)`)"
        }
        let title = "fling check: \(property) fails (seed \(seed), session \(index))"
        let notes =
            "Property \(property) failed \(shrunk.violation) on \(name). Found by a check seeded \(seed) (session \(index), "
            + "session seed \(sessionSeed)) and shrunk in \(shrunk.steps) steps from \(found.context.session.summary) to "
            + "\(shrunk.session.summary). Replay: \(command)"
        var trace: Trace?
        let json: String
        switch shrunk.context.played.recording {
        case .trace(var t):
            if let pinned = try? t.pinned(every: 30, makeBackend: makeReference) { t = pinned }
            t.name = title
            t.notes = notes
            trace = t
            json = t.json
        case .snap(let d):
            // A snap scene document's pins are of portable arithmetic, whatever the check's.
            json = written(
                d, name: title, notes: notes,
                pinning: { (n) throws(FlingError) in try BackendKind.nativePortable.make(solverIterations: n) })
        }
        var failure = PropertyFailure(
            property: property, violation: shrunk.violation, seed: seed, sessionIndex: index, sessionSeed: sessionSeed,
            original: found.context.session, shrunk: shrunk.session, shrinkSteps: shrunk.steps, shrinkTries: shrunk.tries,
            trace: trace, document: json, fileName: fileName, path: nil, backend: name, replayCommand: command)
        if let outputDirectory, let path {
            try Self.write(json, to: path, directory: outputDirectory)
            failure.path = path
        }
        return failure
    }

    static func write(_ text: String, to path: String, directory: String) throws(FlingError) {
        #if canImport(Foundation)
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            try text.write(toFile: path, atomically: true, encoding: .utf8)
        } catch {
            throw FlingError(.invalidState, field: "PropertyCheck.outputDirectory", value: path, reason: "cannot be written: \(error)")
        }
        #else
        throw FlingError(.invalidState, field: "PropertyCheck.outputDirectory", value: path, reason: "no file system in this build")
        #endif
    }
}
