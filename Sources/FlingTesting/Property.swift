// A property is a name and a check of one played session. The built-in ones
// (Property+BuiltIn.swift) see the live run, its recording and replays of it; a test's own see
// the replay's `Run` (its frames and events), and may say where they failed by throwing a
// `PropertyViolation`. The context computes each replay once, when a property first asks.
import Fling

/// Something every session must satisfy: a name, and a check of the session's run.
///
/// Built in: ``finite``, ``staysInRoom``, ``settles``, ``replayEqualsLive``,
/// ``predictionsComeTrue``, ``restoreContinues``, ``sameOnEveryBackend`` and
/// ``sameAtEveryDisplayRate`` (all of them: ``builtIn``). A test writes its own over the
/// replay's `Run`:
///
/// ```swift
/// let fewEvents = Property("at most 40 events") { run in run.eventList.count <= 40 }
/// ```
public struct Property: Sendable {
    /// The name reports use.
    public let name: String
    let check: @Sendable (CheckContext) throws -> PropertyViolation?

    init(name: String, check: @escaping @Sendable (CheckContext) throws -> PropertyViolation?) {
        self.name = name
        self.check = check
    }

    /// A property that holds when `holds` returns true for the session's replay.
    public init(_ name: String, holds: @escaping @Sendable (Run) -> Bool) {
        self.init(name: name) { context in
            try holds(context.run()) ? nil : PropertyViolation("\(name) is false")
        }
    }

    /// A property that holds when `check` returns; a ``PropertyViolation`` it throws says where
    /// it failed, any other error is the failure's message.
    public init(_ name: String, check: @escaping @Sendable (Run) throws -> Void) {
        self.init(name: name) { context in
            let run = try context.run()
            do {
                try check(run)
                return nil
            } catch let v as PropertyViolation {
                return v
            } catch {
                return PropertyViolation("\(error)")
            }
        }
    }
}

/// How a property failed: what, and where (the tick and the item), when it can say.
public struct PropertyViolation: Error, Hashable, Sendable, CustomStringConvertible {
    /// What went wrong, in words.
    public var message: String
    /// The first tick (frame of the run) where it went wrong.
    public var tick: Int?
    /// The tile or snap item (its id) it went wrong for.
    public var item: Int?

    public init(_ message: String, tick: Int? = nil, item: Int? = nil) {
        self.message = message
        self.tick = tick
        self.item = item
    }

    /// What the item is called: `tile`, or `item` for a snap scene's (set by the check).
    var noun = "tile"

    /// `at tick 41, tile 2: …` (`item 2` in a snap scene).
    public var description: String {
        var at: [String] = []
        if let tick { at.append("tick \(tick)") }
        if let item { at.append("\(noun) \(item)") }
        return at.isEmpty ? message : "at \(at.joined(separator: ", ")): \(message)"
    }
}

/// One played session and what the properties ask of it, each computed once.
final class CheckContext {
    let session: TouchSession
    let played: Played
    let makeBackend: MakeBackend
    /// The backend's kind when it is one of Fling's; nil for another (a test's own).
    let kind: BackendKind?
    let arithmetic: Arithmetic
    let backendName: String
    private var cachedRun: Run?
    private var cachedReplay: Replayed?

    init(
        session: TouchSession, played: Played, makeBackend: @escaping MakeBackend, kind: BackendKind?, arithmetic: Arithmetic,
        backendName: String
    ) {
        self.session = session
        self.played = played
        self.makeBackend = makeBackend
        self.kind = kind
        self.arithmetic = arithmetic
        self.backendName = backendName
    }

    /// The recording replayed on the session's backend at 60 Hz, as a `Run` with its frames
    /// (a snap scene's: its samples at 60 Hz).
    func run() throws(FlingError) -> Run {
        if let cachedRun { return cachedRun }
        let options = ReplayOptions(makeBackend: makeBackend, keepsFrames: true)
        let run =
            switch played.recording {
            case .trace(let trace): try trace.play(options, title: backendName).run
            case .snap(let document): try document.play(options, title: backendName).run
            }
        cachedRun = run
        return run
    }

    /// The recording replayed on the session's backend at 60 Hz.
    func replay() throws(FlingError) -> Replayed {
        if let cachedReplay { return cachedReplay }
        let r = try replay(display: .rate(60), on: makeBackend)
        cachedReplay = r
        return r
    }

    /// The recording replayed at `display` on a backend from `make`, cut and restored at tick
    /// `cut` if given.
    func replay(display: ReplayOptions.DisplayFrames, on make: MakeBackend, cut: Int? = nil) throws(FlingError) -> Replayed {
        switch played.recording {
        case .trace(let trace):
            let r =
                if let cut {
                    try TraceReplayer(trace, display: display).replay(cutAt: cut, makeBackend: make).replay.sessions[0]
                } else {
                    try TraceReplayer(trace, display: display).replay(makeBackend: make).sessions[0]
                }
            return Replayed(ticks: r.ticks, events: r.events.map(AnyEvent.tile))
        case .snap(let document):
            return try document.replayTicks(display: display, makeBackend: make, cut: cut)
        }
    }

    /// Every release's prediction checked against what its item then did, on the session's
    /// backend; nil when there is nothing to check.
    func predictions() throws(FlingError) -> PredictionCheck? {
        switch played.recording {
        case .trace(let trace): try TraceReplayer(trace).checkPredictions(makeBackend: makeBackend)
        case .snap(let document): try document.checkPredictions(ReplayOptions(makeBackend: makeBackend))
        }
    }

    /// What an item is called in messages: `tile`, or `item` in a snap scene.
    var noun: String { session.scene.snap == nil ? "tile" : "item" }

    /// Whether the backend takes snapshots (what predictions and restores need).
    var takesSnapshots: Bool { (try? makeBackend(session.scene.solverIterations)) is any SnapshotBackend }
}
