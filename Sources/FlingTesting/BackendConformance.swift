// The contract of a backend as a suite anyone can run: each clause plays a small script of
// calls on fresh backends from the caller's factory and holds the results to what the protocol
// promises (refusals, bits, closed forms). A clause stops at its first failure and says where:
// the world (its number in the clause's script, from 0), the tick (steps since the world was
// made) and the field. Nothing here reads a clock or a random source, so a report is the same
// every time for the same backend. The clauses live in files of their own
// (BackendConformance+*.swift); this one holds the public face and the bookkeeping they share.
import Fling

/// The conformance suite of `PhysicsBackend`: one call runs it over any backend, and the
/// report names each clause that failed, with the world, the tick and the field.
///
/// ```swift
/// let report = BackendConformance.run { try CountingBackend() }
/// #expect(report.passed, "\(report)")           // every clause held (the dynamics ones skipped)
/// ```
///
/// The backend is made by the closure, afresh for each clause and for each run a clause
/// compares (a second run, a fresh instance, a world alone). The clauses of `DynamicsBackend`
/// run when the backend adopts it, the clause of `SnapshotBackend` when it adopts that; the
/// others are reported skipped. <doc:BackendConformanceClauses> states each clause and its
/// tolerances.
public enum BackendConformance {
    /// One promise of the protocol, checked by a script of its own.
    public enum Clause: String, CaseIterable, Sendable {
        /// Every bad input the built-in backends refuse is refused with a `FlingError` (an
        /// unknown or stale world with code `unknownWorld`), and changes nothing.
        case refusesBadInput
        /// The same calls give the same bits on a second run and on a fresh instance.
        case sameBitsTwice
        /// A world gives the same bits alone and among others, whatever order they were made in.
        case worldsIndependent
        /// A body under gravity alone follows `p₀ + v₀t + gt²/2` (within half a step's worth).
        case freeFall
        /// The attraction springs oscillate with the damped period and decay of their closed form.
        case dampedSpring
        /// A drag closes the gap to its finger as `errorBias^t`.
        case dragFollows
        /// Nothing crosses a room of walls (`DynamicsBackend`).
        case wallsHold
        /// A bounce keeps the product of the item's and the wall's elasticity (`DynamicsBackend`).
        case restitution
        /// A world restored from its snapshot, into the same backend or its scratch backend, is
        /// the world it was taken from, bit for bit (`SnapshotBackend`).
        case snapshotsRestore
    }

    /// A clause that did not hold: where, and what was seen against what was promised.
    public struct Failure: Sendable, CustomStringConvertible {
        /// The clause.
        public var clause: Clause
        /// The world, by its number in the clause's script (from 0, in the order the script
        /// makes them; the message names its role and its `WorldID`), if one world is at fault.
        public var world: Int?
        /// The tick, counted in steps since that world was made (the first step is tick 0).
        public var tick: Int?
        /// What differs or was wrong: a state field (`position.x`), or the call.
        public var field: String
        /// What was seen, against what the clause promises.
        var detail: String

        init(_ clause: Clause, world: Int? = nil, tick: Int? = nil, field: String, _ detail: String) {
            self.clause = clause
            self.world = world
            self.tick = tick
            self.field = field
            self.detail = detail
        }

        /// `dragFollows failed: world 0, tick 2, gap: …`.
        public var description: String {
            var at: [String] = []
            if let world { at.append("world \(world)") }
            if let tick { at.append("tick \(tick)") }
            at.append(field)
            return "\(clause.rawValue) failed: \(at.joined(separator: ", ")): \(detail)"
        }
    }

    /// What a run of the suite found.
    public struct Report: Sendable, CustomStringConvertible {
        /// The backend's name.
        public var backend: String
        /// The clauses that did not hold, in the order they ran, each with its first failure.
        public var failures: [Failure] = []
        /// The clauses not run because the backend does not adopt their protocol.
        public var skipped: [Clause] = []
        var held: [Clause] = []
        var reasons: [String] = []

        init(backend: String) { self.backend = backend }

        /// Whether every clause that ran held.
        public var passed: Bool { failures.isEmpty }

        /// One line per clause: held, failed (with the failure) or skipped (with why).
        public var description: String {
            var lines = [
                "\(backend): \(held.count) clause\(held.count == 1 ? "" : "s") held, \(failures.count) failed, \(skipped.count) skipped"
            ]
            for clause in Clause.allCases {
                if held.contains(clause) { lines.append("  held: \(clause.rawValue)") }
                if let f = failures.first(where: { $0.clause == clause }) { lines.append("  \(f)") }
                if let k = skipped.firstIndex(of: clause) { lines.append("  skipped: \(clause.rawValue) (\(reasons[k]))") }
            }
            return lines.joined(separator: "\n")
        }
    }

    /// Runs `clauses` (all of them by default) over backends `make` makes, afresh for each.
    /// A factory that throws fails the clause that called it.
    public static func run(_ clauses: [Clause] = Clause.allCases, backend make: () throws -> any PhysicsBackend) -> Report {
        let probe = try? make()
        var report = Report(backend: probe.map { $0.name } ?? "a backend whose factory threw")
        let dynamics = probe is any DynamicsBackend, snapshots = probe is any SnapshotBackend
        withoutActuallyEscaping(make) { make in
            for clause in Clause.allCases where clauses.contains(clause) { run(clause, make, dynamics, snapshots, &report) }
        }
        return report
    }

    /// Runs one clause (or skips it) into `report`.
    static func run(
        _ clause: Clause, _ make: @escaping () throws -> any PhysicsBackend, _ dynamics: Bool, _ snapshots: Bool, _ report: inout Report
    ) {
        if (clause == .wallsHold || clause == .restitution) && !dynamics {
            report.skipped.append(clause)
            report.reasons.append("the backend does not adopt DynamicsBackend")
            return
        }
        if clause == .snapshotsRestore && !snapshots {
            report.skipped.append(clause)
            report.reasons.append("the backend does not adopt SnapshotBackend")
            return
        }
        do throws(Failed) {
            let factory = Factory(clause: clause, make: make)
            switch clause {
            case .refusesBadInput: try refusesBadInput(factory)
            case .sameBitsTwice: try sameBitsTwice(factory)
            case .worldsIndependent: try worldsIndependent(factory)
            case .freeFall: try freeFall(factory)
            case .dampedSpring: try dampedSpring(factory)
            case .dragFollows: try dragFollows(factory)
            case .wallsHold: try wallsHold(factory)
            case .restitution: try restitution(factory)
            case .snapshotsRestore: try snapshotsRestore(factory)
            }
            report.held.append(clause)
        } catch {
            report.failures.append(error.failure)
        }
    }
}

// MARK: - What the clauses share

extension BackendConformance {
    /// A clause's first failure, thrown to end it.
    struct Failed: Error {
        var failure: Failure
        init(_ failure: Failure) { self.failure = failure }
    }

    /// The caller's factory, for one clause.
    struct Factory {
        let clause: Clause
        let make: () throws -> any PhysicsBackend

        func fresh() throws(Failed) -> any PhysicsBackend {
            do { return try make() } catch { throw fail(field: "making the backend", "the factory threw \(error)") }
        }

        func dynamics() throws(Failed) -> any DynamicsBackend {
            guard let b = try fresh() as? any DynamicsBackend else {
                throw fail(field: "making the backend", "the factory made a backend that does not adopt DynamicsBackend")
            }
            return b
        }

        func snapshots() throws(Failed) -> any SnapshotBackend {
            guard let b = try fresh() as? any SnapshotBackend else {
                throw fail(field: "making the backend", "the factory made a backend that does not adopt SnapshotBackend")
            }
            return b
        }

        func fail(world: Int? = nil, tick: Int? = nil, field: String, _ detail: String) -> Failed {
            Failed(Failure(clause, world: world, tick: tick, field: field, detail))
        }

        /// `body`, a call the clause needs to succeed: its refusal is the clause's failure.
        func accepted<T>(
            _ call: @autoclosure () -> String, world: Int? = nil, tick: Int? = nil, _ body: () throws(FlingError) -> T
        ) throws(Failed) -> T {
            do { return try body() } catch {
                throw fail(world: world, tick: tick, field: call(), "refused a valid call: \(error)")
            }
        }
    }

    /// A number as both a reader and a bit comparison need it.
    static func bits(_ x: Double) -> String { "\(x) (0x\(String(x.bitPattern, radix: 16)))" }

    /// The first field in which `a` and `b` differ to the bit, with both values.
    static func difference(_ a: BodyState, _ b: BodyState) -> (field: String, a: Double, b: Double)? {
        let fields = [
            ("position.x", a.position.x, b.position.x), ("position.y", a.position.y, b.position.y), ("angle", a.angle, b.angle),
            ("velocity.x", a.velocity.x, b.velocity.x), ("velocity.y", a.velocity.y, b.velocity.y),
            ("angularVelocity", a.angularVelocity, b.angularVelocity),
        ]
        for f in fields where f.1.bitPattern != f.2.bitPattern { return f }
        return nil
    }

    /// The length of `v`.
    static func length(_ v: Vector) -> Double { (v.x * v.x + v.y * v.y).squareRoot() }
}
