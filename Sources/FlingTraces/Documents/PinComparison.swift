import FlingCore

// A green replay must have compared something. Every replay result (TraceReplay, SceneReplay,
// PathReplay, DocumentReplay) carries a PinComparison that counts the pins the document holds and the
// pins that were compared, and says at what arithmetic; `verify()` throws when a pin differs and
// also when nothing was compared, unless the caller says that is fine (`allowingNoPins: true`).
//
// Pins checked on a reference run (the replay's backend computes with another arithmetic than
// the pins') prove the reference, not the replay: there the replay's own run is checked too
// (`RunComparison`, RunComparison.swift): it covers every frame the reference covers, refuses no input the
// reference accepted, and equals a run on a peer backend of its arithmetic bit for bit. A backend
// without a peer (one written outside the package) leaves its run "not compared", which
// `verify()` refuses unless told (`allowingUncomparedRun: true`).
//
// Pins are digests only (a final digest, a tick or sample count, and for traces a checkpoint
// every N ticks): a mismatch cannot say which value differed. It names the frames within which
// the run first left its pins (between the last matching checkpoint and the first differing
// one); `fling diff` against a run that gives the pins (another build, the pinned arithmetic)
// then names the tick, item, field and bits.

/// What comparing a replay with its document's pinned digests found.
public struct PinComparison: Hashable, Sendable, CustomStringConvertible {
    /// The arithmetic the document's pins were made with (seeded scenes and path documents use
    /// no transcendental function: their pins hold for both, and say `portable`).
    public var arithmetic: Arithmetic
    /// The pins the document holds: each tick or sample count, final digest and checkpoint.
    public var pinned: Int
    /// The pins compared with a run of their arithmetic.
    public var compared: Int
    /// Where the pins were compared: on this run, or on a reference run of the pins'
    /// arithmetic (a `reference:` backend in ``ReplayOptions``) because this run's arithmetic is another.
    public var comparedOn: Where
    /// The pins that differ, in document order (``PinnedReplay/verify(allowingNoPins:allowingUncomparedRun:)``
    /// throws naming the first; ``description`` counts them).
    public var mismatches: [Mismatch]
    /// For pins compared on a reference run: what checking this replay's own run found (nil when
    /// the pins were compared on this run, or nowhere).
    public var run: RunComparison?

    /// Where pins were compared.
    public enum Where: Hashable, Sendable, CustomStringConvertible {
        /// On the replay itself.
        case thisRun
        /// On a reference run of the pins' arithmetic, named by its backend.
        case reference(String)
        /// Nowhere: the replay's arithmetic (named) is not the pins', and no reference was given.
        case nowhere(replayArithmetic: Arithmetic)

        /// `this run`, `a reference run on chipmunk`.
        public var description: String {
            switch self {
            case .thisRun: "this run"
            case .reference(let backend): "a reference run on \(backend)"
            case .nowhere(let a): "nowhere (this run computed with \(a) arithmetic)"
            }
        }
    }

    /// A pinned digest or count that differs from the replay's.
    public struct Mismatch: Hashable, Sendable, CustomStringConvertible {
        /// The trace session (from 0; 0 for a one-stage document).
        public var session: Int
        /// The pin's key path in the document (`scenes[0] (tap).expected.checkpoints[3]`).
        public var field: String
        /// The pinned value and the replay's, as the document writes them.
        public var expected: String
        public var actual: String
        /// The steps (ticks or samples, counted within the session) inside which the run first
        /// left its pins: from the last matching checkpoint to the first differing one.
        public var within: Range<Int>?

        init(session: Int, field: String, expected: String, actual: String, within: Range<Int>? = nil) {
            self.session = session; self.field = field; self.expected = expected; self.actual = actual; self.within = within
        }

        public var description: String { "\(field): expected \(expected), replay gave \(actual)" }
    }

    init(arithmetic: Arithmetic, pinned: Int, compared: Int, comparedOn: Where, mismatches: [Mismatch] = []) {
        self.arithmetic = arithmetic; self.pinned = pinned; self.compared = compared; self.comparedOn = comparedOn
        self.mismatches = mismatches
    }

    /// Whether ``PinnedReplay/verify(allowingNoPins:allowingUncomparedRun:)`` passes without an allowance:
    /// at least one pin compared, none differs, and, for pins compared on a reference run, this
    /// run compared with its peer's and equal.
    public var matches: Bool { compared > 0 && mismatches.isEmpty && (run.map { $0.failure == nil && $0.notCompared == nil } ?? true) }

    /// `3 of 3 pins compared (portable arithmetic, on this run): all match`; for pins compared
    /// on a reference run, what checking this run found after a semicolon
    /// (`run on chipmunk compared with native over 106 ticks: equal`).
    public var description: String {
        var s = "\(compared) of \(pinned) pin\(pinned == 1 ? "" : "s") compared (\(arithmetic) arithmetic, on \(comparedOn))"
        if compared > 0 { s += mismatches.isEmpty ? ": all match" : ": \(mismatches.count) differ" }
        if let run { s += "; \(run)" }
        return s
    }

    /// Throws unless the replay gave its pins and, where they were compared on a reference run,
    /// its own run was checked: a `FlingError` with code `pinMismatch` naming the first
    /// differing pin and the steps within which the run left its pins; `runMismatch` naming
    /// where this run first parts from its peer's, or what it did not cover of the reference
    /// run (fewer ticks, an input refused); or `notCompared` saying what was not compared and
    /// what to do: no pin compared (unless `allowingNoPins`, for a replay that means to check
    /// nothing), or this run compared with no peer because its backend has none in this build
    /// (unless `allowingUncomparedRun`).
    func verify(allowingNoPins: Bool = false, allowingUncomparedRun: Bool = false) throws(FlingError) {
        if let m = mismatches.first {
            var reason = "expected \(m.expected)"
            if let r = m.within {
                reason +=
                    "; the run first left its pins within frames \(r.lowerBound)..<\(r.upperBound)"
                    + " (compare it with a run that gives the pins, `fling diff`, to name the tick, item and bits)"
            }
            if mismatches.count > 1 {
                reason += "; \(mismatches.count - 1) more pin\(mismatches.count == 2 ? "" : "s") of \(compared) differ"
            }
            throw FlingError(.pinMismatch, field: m.field, value: m.actual, reason: reason)
        }
        if compared > 0 {
            try run?.verify(allowingUncompared: allowingUncomparedRun)
            return
        }
        if allowingNoPins { return }
        if pinned == 0 {
            throw FlingError(
                .notCompared, field: "pins", value: "none",
                reason: "the document pins no digest, so the replay was compared with nothing: pin it "
                    + "(`fling convert --pin`, `pinned(...)`), or call verify(allowingNoPins: true) to say that is intended")
        }
        let other: String
        if case .nowhere(let a) = comparedOn { other = "\(a)" } else { other = "another" }
        throw FlingError(
            .notCompared, field: "pins", value: "\(pinned) \(arithmetic)-arithmetic pins",
            reason: "none was compared: this replay ran with \(other) arithmetic, whose bits differ from the pins' "
                + "(\(arithmetic)). Replay on a backend of \(arithmetic) arithmetic "
                + "(\(arithmetic == .portable ? "NativeBackend(arithmetic: .portable), --backend native-portable" : "NativeBackend(), --backend native")), "
                + "or check the pins on a reference run of that arithmetic (ReplayOptions.reference; `fling replay` does so)")
    }
}

/// A replay result that knows how it compared with its document's pins: ``TraceReplay``,
/// `SceneReplay`, `PathReplay` and ``DocumentReplay``.
public protocol PinnedReplay {
    /// What comparing the replay with the document's pins found.
    var pins: PinComparison { get }
}

extension PinnedReplay {
    /// Throws unless at least one pin was compared and every compared pin matched, and, for
    /// pins compared on a reference run, this run equals its peer's (see
    /// `PinComparison/verify(allowingNoPins:allowingUncomparedRun:)`): what a test asks of a replay.
    ///
    /// ```swift
    /// try replay.verify()      // fails when a pin differs, and when no pin was compared
    /// ```
    public func verify(allowingNoPins: Bool = false, allowingUncomparedRun: Bool = false) throws(FlingError) {
        try pins.verify(allowingNoPins: allowingNoPins, allowingUncomparedRun: allowingUncomparedRun)
    }

    /// Whether ``verify(allowingNoPins:allowingUncomparedRun:)`` passes without an allowance
    /// (``PinComparison/matches``).
    var matchesPins: Bool { pins.matches }
}
