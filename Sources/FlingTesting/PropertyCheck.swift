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

    /// Another backend than ``backend``: a test's own, or one broken on purpose.
    package var makeBackend: MakeBackend?
    package var backendName: String?
    /// Called after each session (the command line's progress line).
    package var onProgress: ((CheckProgress) -> Void)?

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
    package static func sessionSeed(_ seed: UInt64, _ index: Int) -> UInt64 {
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
    public func run() throws(FlingError) -> CheckReport {
        guard sessions >= 0, seconds.map({ $0 >= 0 && $0.isFinite }) ?? true, settleBudget >= 0, settleBudget <= 600 else {
            throw FlingError(
                .outOfRange, field: "PropertyCheck", value: "sessions \(sessions), seconds \(seconds.map { "\($0)" } ?? "nil")",
                reason: "sessions and seconds must not be negative, settleBudget within 0...600 s")
        }
        let clock = ContinuousClock()
        let started = clock.now
        var report = CheckReport(seed: seed, backend: name)
        var ticks = 0
        for index in 0..<sessions {
            if let seconds, clock.now - started > .seconds(seconds) { break }
            let sessionSeed = Self.sessionSeed(seed, index)
            let session = generator.generate(seed: sessionSeed)
            let failing: Found?
            do {
                (failing, ticks) = try firstFailure(session, properties)
            } catch let u {
                throw FlingError(
                    u.error.code, field: "session \(index) (seed \(sessionSeed)): \(u.error.field)", value: u.error.value,
                    reason: u.error.reason + " (the generator made a session the animator refuses)")
            }
            report.sessionsRun += 1
            report.ticks += ticks
            if let found = failing {
                onProgress?(CheckProgress(sessions: report.sessionsRun, of: sessions, seconds: elapsed(clock.now - started), failed: true))
                let shrinkStart = clock.now
                let shrunk = shrinks ? shrink(found) : Shrunk(found)
                report.failure = try failure(found, shrunk, index: index, sessionSeed: sessionSeed)
                report.shrinkSeconds = elapsed(clock.now - shrinkStart)
                break
            }
            onProgress?(CheckProgress(sessions: report.sessionsRun, of: sessions, seconds: elapsed(clock.now - started), failed: false))
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

    /// Plays `session` and checks `properties` in order: the first that fails, or nil.
    func firstFailure(_ session: TouchSession, _ properties: [Property]) throws(Unplayable) -> (Found?, ticks: Int) {
        let played = try session.play(settleBudget: settleBudget, makeBackend: make)
        let context = CheckContext(
            session: session, played: played, makeBackend: make, kind: makeBackend == nil ? backend : nil,
            arithmetic: played.arithmetic, backendName: name)
        for p in properties {
            var v: PropertyViolation?
            do { v = try p.check(context) } catch { v = PropertyViolation("the check threw: \(error)") }
            v?.noun = context.noun
            if let v { return (Found(property: p, context: context, violation: v), played.ticks.count) }
        }
        return (nil, played.ticks.count)
    }
}

/// Where a running check is: sessions done, of how many, seconds since it started.
package struct CheckProgress: Sendable {
    package var sessions: Int
    package var of: Int
    package var seconds: Double
    package var failed: Bool
}

/// What a ``PropertyCheck`` found.
public struct CheckReport: Sendable, CustomStringConvertible {
    /// The check's seed and backend.
    package var seed: UInt64
    package var backend: String
    /// The sessions played (the failing one included).
    public var sessionsRun = 0
    /// The ticks those sessions stepped live.
    package var ticks = 0
    /// The first property that failed, shrunk; nil when every session passed.
    public var failure: PropertyFailure?
    /// Seconds the whole check took, and the part of it spent shrinking.
    package var seconds = 0.0
    package var shrinkSeconds = 0.0

    init(seed: UInt64, backend: String) {
        self.seed = seed
        self.backend = backend
    }

    /// Whether every session satisfied every property.
    public var passed: Bool { failure == nil }

    /// `50 sessions on native-portable (seed 1): every property held`, or the failure's message.
    public var description: String {
        let head = "\(sessionsRun) session\(sessionsRun == 1 ? "" : "s") on \(backend) (seed \(seed))"
        guard let failure else { return head + ": every property held" }
        return head + ": " + failure.message
    }
}
