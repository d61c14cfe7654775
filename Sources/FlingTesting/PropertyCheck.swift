// The runner: session `i` of a check is generated from a seed derived from the check's seed and
// `i` alone, played live, and held to every property in order; the first failure is shrunk
// (PropertyCheck+Shrinking.swift) and written as a trace document that names the property, the
// seed and the first failing tick. A time budget only decides how many sessions run, never what
// any of them holds.
import Fling

/// Runs properties over generated touch sessions and shrinks the first failure.
///
/// ```swift
/// let report = try PropertyCheck(scene: .room, properties: Property.builtIn, sessions: 5, seed: 1).run()
/// if let failure = report.failure { print(failure.message) }   // or #expect(report.passed, "\(report)")
/// ```
public struct PropertyCheck {
    /// Where sessions happen.
    public var scene: GestureScene
    /// What every session must satisfy, checked in this order.
    public var properties: [Property]
    /// How sessions are generated (default: ``Gen/sessions(in:)`` of the scene).
    public var generator: Gen<TouchSession>
    /// How many sessions to run at most.
    public var sessions: Int
    /// Stop starting sessions after this many seconds (nil: no time limit).
    public var seconds: Double?
    /// The seed every session's is derived from.
    public var seed: UInt64
    /// The backend sessions play on (default: native with portable arithmetic).
    public var backend: BackendKind
    /// How long, in seconds of session time, every tile has to settle once the app stops.
    public var settleBudget: Double = 10
    /// Whether to shrink a failing session (on by default).
    public var shrinks = true
    /// The most sessions shrinking may play (each candidate is one).
    public var shrinkBudget = 2_000
    /// A directory to write the shrunk failure's trace document in (nil: none written).
    public var outputDirectory: String?

    /// Another backend than ``backend``: your own (a backend of your own, checked against
    /// every property), or one broken on purpose; made with the solver iterations a session
    /// asks for. Nil: ``backend``.
    public var makeBackend: ReplayOptions.MakeBackend?
    var backendName: String?
    /// The backends ``Property/sameOnEveryBackend`` compares with, when not Fling's own of the
    /// check's arithmetic (tests: peers carrying the same planted fault, as a bug in code every
    /// backend shares would).
    var peers: [CheckContext.Peer]?
    /// Planted faults of the recording and of the replayer (tests only): the recording a faulty
    /// recorder would have written of the live run, and what a faulty replayer would play.
    var recordingFault: ((Recording) -> Recording)?
    var replayFault: CheckContext.ReplayFault?
    /// Called after each session with the sessions played so far, the seconds since ``run()``
    /// began, and whether a property failed in it (the check then shrinks the failing session):
    /// a progress line for a long check (`fling check` shows one).
    public var onProgress: ((_ sessions: Int, _ seconds: Double, _ failed: Bool) -> Void)?

    public init(
        scene: GestureScene = .photoTiles, properties: [Property] = Property.builtIn, sessions: Int = 100, seed: UInt64 = 1,
        backend: BackendKind = .nativePortable
    ) {
        self.scene = scene
        self.properties = properties
        self.generator = .sessions(in: scene)
        self.sessions = sessions
        self.seed = seed
        self.backend = backend
    }

    /// The seed of session `index` (from 0) of a check seeded `seed`.
    static func sessionSeed(_ seed: UInt64, _ index: Int) -> UInt64 {
        var r = SplitMix64(state: seed ^ (UInt64(truncatingIfNeeded: index) &* 0xD605_BBB5_8C8A_BBB3))
        return r.next()
    }

    var make: MakeBackend {
        if let makeBackend { return makeBackend }
        let kind = backend
        return { (n) throws(FlingError) in try kind.make(solverIterations: n) }
    }

    var name: String { backendName ?? backend.rawValue }

    /// Runs the sessions; returns the report, with the shrunk failure if a property failed.
    /// Throws only for what is not a property's failure: a scene or generator the animator
    /// refuses, a directory that cannot be written.
    public func run() throws(FlingError) -> PropertyCheckReport {
        guard sessions >= 0, seconds.map({ $0 >= 0 && $0.isFinite }) ?? true, settleBudget >= 0, settleBudget <= 600 else {
            throw FlingError(
                .outOfRange, field: "PropertyCheck", value: "sessions \(sessions), seconds \(seconds.map { "\($0)" } ?? "nil")",
                reason: "sessions and seconds must not be negative, settleBudget within 0...600 s")
        }
        let clock = ContinuousClock()
        let started = clock.now
        var report = PropertyCheckReport(seed: seed, backend: name, properties: properties.map { PropertyTally(property: $0.name) })
        var ticks = 0
        for index in 0..<sessions {
            if let seconds, clock.now - started > .seconds(seconds) { break }
            let sessionSeed = Self.sessionSeed(seed, index)
            let session = generator.generate(seed: sessionSeed)
            let failing: Found?
            let outcomes: [Outcome]
            do {
                (failing, ticks, outcomes) = try play(session, properties)
            } catch let u {
                throw FlingError(
                    u.error.code, field: "session \(index) (seed \(sessionSeed)): \(u.error.field)", value: u.error.value,
                    reason: u.error.reason + " (the generator made a session the animator refuses)")
            }
            report.sessionsPlayed += 1
            report.ticks += ticks
            for (k, outcome) in outcomes.enumerated() {
                switch outcome {
                case .held, .violated: report.properties[k].sessionsChecked += 1
                case .notChecked(let why): report.properties[k].notCheckedBecause = why
                }
            }
            if let found = failing {
                onProgress?(report.sessionsPlayed, elapsed(clock.now - started), true)
                let shrinkStart = clock.now
                let shrunk = shrinks ? shrink(found) : Shrunk(found)
                report.failure = try failure(found, shrunk, index: index, sessionSeed: sessionSeed)
                report.shrinkSeconds = elapsed(clock.now - shrinkStart)
                break
            }
            onProgress?(report.sessionsPlayed, elapsed(clock.now - started), false)
        }
        report.seconds = elapsed(clock.now - started)
        return report
    }

    func elapsed(_ d: Duration) -> Double {
        Double(d.components.seconds) + Double(d.components.attoseconds) * 1e-18
    }

    /// A property that failed on a played session.
    struct Found {
        var property: Property
        var context: CheckContext
        var violation: PropertyViolation
    }

    /// Plays `session` and checks `properties` in order, up to the first that fails: that one
    /// (or nil), the ticks stepped live, and each property's outcome (those after a failure
    /// are not reached, and not counted).
    func play(_ session: TouchSession, _ properties: [Property]) throws(Unplayable) -> (Found?, ticks: Int, [Outcome]) {
        var played = try session.play(settleBudget: settleBudget, makeBackend: make)
        if let recordingFault { played.recording = recordingFault(played.recording) }
        let kind = makeBackend == nil ? backend : nil
        let context = CheckContext(
            session: session, played: played, makeBackend: make, kind: kind, arithmetic: played.arithmetic, backendName: name,
            peers: peers ?? Self.peers(of: kind, played.arithmetic), replayFault: replayFault)
        var outcomes: [Outcome] = []
        for p in properties {
            var outcome: Outcome
            do { outcome = try p.check(context) } catch { outcome = .violated(PropertyViolation("the check threw: \(error)")) }
            outcomes.append(outcome)
            if case .violated(var v) = outcome {
                v.noun = context.noun
                return (Found(property: p, context: context, violation: v), played.ticks.count, outcomes)
            }
        }
        return (nil, played.ticks.count, outcomes)
    }

    /// Plays `session`: the first of `properties` that fails, or nil.
    func firstFailure(_ session: TouchSession, _ properties: [Property]) throws(Unplayable) -> Found? {
        try play(session, properties).0
    }

    /// Fling's backends of `arithmetic` in this build other than `kind` (every one for a
    /// backend not Fling's own).
    static func peers(of kind: BackendKind?, _ arithmetic: Arithmetic) -> [CheckContext.Peer] {
        BackendKind.available.filter { $0.arithmetic == arithmetic && $0 != kind }.map { peer in
            CheckContext.Peer(name: peer.rawValue) { (n) throws(FlingError) in try peer.make(solverIterations: n) }
        }
    }
}

/// What a ``PropertyCheck`` found.
public struct PropertyCheckReport: Sendable, CustomStringConvertible {
    /// The check's seed and backend.
    var seed: UInt64
    var backend: String
    /// The sessions played (the failing one included).
    public var sessionsPlayed = 0
    /// The ticks those sessions stepped live.
    public var ticks = 0
    /// The first property that failed, shrunk; nil when every session passed.
    public var failure: PropertyFailure?
    /// Each property, in the check's order, with the sessions it compared something in.
    public var properties: [PropertyTally]
    /// Seconds the whole check took (read from the clock, outside every session), and the part
    /// of it spent shrinking.
    public var seconds = 0.0
    var shrinkSeconds = 0.0

    init(seed: UInt64, backend: String, properties: [PropertyTally]) {
        self.seed = seed
        self.backend = backend
        self.properties = properties
    }

    /// Whether something was checked: a session ran and some property compared something in it.
    public var checkedSomething: Bool { sessionsPlayed > 0 && properties.contains { $0.sessionsChecked > 0 } }

    /// Whether the check passed: something was checked, and no property failed. A check of no
    /// session, or whose every property had nothing to compare, did not pass.
    public var passed: Bool { failure == nil && checkedSomething }

    /// `50 sessions (6,012 ticks) on native (seed 1): every property held that was checked: finite 50, …;
    /// not checked: …`, or the failure's message.
    public var description: String {
        let head = "\(sessionsPlayed) session\(sessionsPlayed == 1 ? "" : "s") (\(ticks) ticks) on \(backend) (seed \(seed))"
        if let failure { return head + ": " + failure.message }
        guard checkedSomething else { return head + ": nothing was checked" }
        return head + ": every property held where it was checked: " + tallies
    }

    /// `finite 50, settles 48 (2 sessions not checked: nothing moved); not checked at all: sameOnEveryBackend (why)`.
    public var tallies: String {
        let checked = properties.filter { $0.sessionsChecked > 0 }.map(\.description)
        let never = properties.filter { $0.sessionsChecked == 0 }.map { "\($0.property) (\($0.notCheckedBecause ?? "no session"))" }
        return checked.joined(separator: ", ") + (never.isEmpty ? "" : "; not checked at all: " + never.joined(separator: ", "))
    }
}

/// One property in a ``PropertyCheckReport``: the sessions in which it compared something (and held,
/// or was the one that failed), and why it did not in the others.
public struct PropertyTally: Sendable, Hashable, CustomStringConvertible {
    /// The property's name.
    public var property: String
    /// The sessions in which it compared something.
    public var sessionsChecked = 0
    /// Why it compared nothing in a session where it did not (the last such reason), if any.
    public var notCheckedBecause: String?

    init(property: String) { self.property = property }

    /// `settles 48` (with the last reason a session was not checked, if one was not).
    public var description: String {
        "\(property) \(sessionsChecked)" + (notCheckedBecause.map { " (some not checked: \($0))" } ?? "")
    }
}
