// A property is a name and a check of one played session. The built-in ones
// (Property+BuiltIn.swift) see the live run, its recording and replays of it; a test's own see
// the replay's `Run` (its frames and events), and may say where they failed by throwing a
// `PropertyViolation`. The context computes each replay once, when a property first asks.
// A check says whether it compared anything: a property with nothing to compare in a session
// (no peer backend, an open scene for staysInRoom, no release to predict) is not checked there,
// and a report never counts it as held (issue 44: nothing vacuous passes). FlingTraces is
// re-exported from here: a test that imports FlingTesting replays and reads traces with it.
import Fling
@_exported import FlingTraces

/// Something every session must satisfy: a name, and a check of the session's run.
///
/// Built in: ``finite``, ``staysInRoom``, ``settles``, ``replayEqualsLive``,
/// ``predictionsComeTrue``, ``restoreContinues``, ``sameOnEveryBackend`` and
/// ``sameAtEveryDisplayRate`` (all of them: ``builtIn``). A test writes its own over the
/// replay's `Run`:
///
/// ```swift
/// let fewEvents = Property("at most 40 events") { run in run.events.count <= 40 }
/// ```
public struct Property: Sendable {
    /// The name reports use.
    public let name: String
    let check: @Sendable (CheckContext) throws -> Outcome

    init(name: String, check: @escaping @Sendable (CheckContext) throws -> Outcome) {
        self.name = name
        self.check = check
    }

    /// A property that holds when `holds` returns true for the session's replay.
    public init(_ name: String, holds: @escaping @Sendable (Run) -> Bool) {
        self.init(name: name) { context in
            let run = try context.run()
            guard !run.steps.isEmpty else { return .notChecked("the run has no frame") }
            guard !holds(run) else { return .held }
            let (tick, item) = Self.whereFalse(run, holds)
            return .violated(PropertyViolation("\(name) is false", tick: tick, item: item))
        }
    }

    /// Where a Bool property first fails: the first step whose run up to it makes `holds`
    /// false (a binary search over the run's prefixes, each with the events up to its end),
    /// and the item of that step without which that prefix holds again, when one alone does.
    static func whereFalse(_ run: Run, _ holds: (Run) -> Bool) -> (tick: Int?, item: Int?) {
        func prefix(_ n: Int) -> Run {
            var r = run
            r.steps = Array(run.steps[..<n])
            r.events = run.events.filter { $0.step < n }
            return r
        }
        var low = 0, high = run.steps.count  // holds(prefix(low)) assumed, !holds(prefix(high)) known
        guard !holds(prefix(high)) else { return (nil, nil) }
        if !holds(prefix(0)) { return (nil, nil) }  // false before any frame: nowhere to point
        while high - low > 1 {
            let mid = (low + high) / 2
            if holds(prefix(mid)) { low = mid } else { high = mid }
        }
        let first = prefix(high)
        let ids = Set(first.steps[high - 1].items.map(\.id)).sorted()
        let item = ids.first { id in
            var r = first
            for k in r.steps.indices { r.steps[k].items.removeAll { $0.id == id } }
            r.events.removeAll { $0.id == id }
            return holds(r)
        }
        return (high - 1, item)
    }

    /// A property that holds when `check` returns; a ``PropertyViolation`` it throws says where
    /// it failed, any other error is the failure's message.
    public init(_ name: String, check: @escaping @Sendable (Run) throws -> Void) {
        self.init(name: name) { context in
            let run = try context.run()
            guard !run.steps.isEmpty else { return .notChecked("the run has no frame") }
            do {
                try check(run)
                return .held
            } catch let v as PropertyViolation {
                return .violated(v)
            } catch {
                return .violated(PropertyViolation("\(error)"))
            }
        }
    }
}

/// What one property found in one session.
enum Outcome {
    /// It compared something, and it held.
    case held
    /// It failed, so.
    case violated(PropertyViolation)
    /// It had nothing to compare in this session (why, in words): neither held nor failed.
    case notChecked(String)

    init(_ violation: PropertyViolation?) { self = violation.map(Outcome.violated) ?? .held }
}

/// How a property failed: what, and where (the tick and the item), when it can say.
public struct PropertyViolation: Error, Hashable, Sendable, CustomStringConvertible {
    /// What went wrong, in words.
    public var message: String
    /// The first tick (step of the run) where it went wrong.
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
    /// The other backends a replay is compared with (``Property/sameOnEveryBackend``).
    let peers: [Peer]
    /// A fault planted in the replays (tests only): what a replay at a display rate plays.
    let replayFault: ReplayFault?
    private var cachedRun: Run?
    private var cachedReplay: Replayed?

    /// A backend to compare with: its name, and how to make one.
    struct Peer {
        var name: String
        var make: MakeBackend
    }

    /// A planted replayer fault: given the recording and the display frames of a replay, the
    /// recording the faulty replayer would play instead.
    typealias ReplayFault = (Recording, ReplayOptions.DisplayFrames) -> Recording

    init(
        session: TouchSession, played: Played, makeBackend: @escaping MakeBackend, kind: BackendKind?, arithmetic: Arithmetic,
        backendName: String, peers: [Peer], replayFault: ReplayFault? = nil
    ) {
        self.session = session
        self.played = played
        self.makeBackend = makeBackend
        self.kind = kind
        self.arithmetic = arithmetic
        self.backendName = backendName
        self.peers = peers
        self.replayFault = replayFault
    }

    /// Whether any tile or item moved in the live run (had a world at some tick).
    var somethingMoved: Bool { played.ticks.contains { !$0.tiles.isEmpty } }
    static let nothingMoved = "nothing moved in the session"

    /// The recording replayed on the session's backend at 60 Hz, as a `Run` with its steps
    /// (a snap scene's: its samples at 60 Hz).
    func run() throws(FlingError) -> Run {
        if let cachedRun { return cachedRun }
        let options = ReplayOptions(makeBackend: makeBackend, keepsSteps: true)
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
        let recording = replayFault.map { $0(played.recording, display) } ?? played.recording
        switch recording {
        case .trace(let trace):
            let r =
                if let cut {
                    try TraceReplayer(trace, display: display).replay(cutAt: cut, makeBackend: make).replay.sessions[0]
                } else {
                    try TraceReplayer(trace, display: display).replay(makeBackend: make).sessions[0]
                }
            return Replayed(ticks: r.ticks, events: r.events.map(AnyEvent.tile))
        case .snap(let document):
            return try Replayed(snap: document, display: display, makeBackend: make, cut: cut)
        }
    }

    /// Every release's prediction checked against what its item then did, on the session's
    /// backend; nil when there is nothing to check.
    func predictions() throws(FlingError) -> PredictionComparison? {
        switch played.recording {
        case .trace(let trace): try trace.comparePredictions(ReplayOptions(makeBackend: makeBackend))
        case .snap(let document): try document.comparePredictions(ReplayOptions(makeBackend: makeBackend))
        }
    }

    /// What an item is called in messages: `tile`, or `item` in a snap scene.
    var noun: String { session.scene.snap == nil ? "tile" : "item" }

    /// Whether the backend takes snapshots (what predictions and restores need).
    var takesSnapshots: Bool { (try? makeBackend(session.scene.solverIterations)) is any SnapshotBackend }
}
