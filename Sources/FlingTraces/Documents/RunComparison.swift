import FlingCore

// Pins are portable; Chipmunk and `native` compute with the platform's arithmetic, whose bits
// cannot give them. `play` then compares the pins on a reference run of their arithmetic
// (`ReplayOptions.reference`), which proves the reference and nothing about the run on the
// backend asked for. So that run is checked too, against two things:
//
//   - the reference run: it covers every frame the reference covers (per stage) and refuses no
//     input the reference accepted (a backend that cannot grab refuses every grab);
//   - a run on a peer: another backend of its own arithmetic, which must give the same bits,
//     frame for frame (compared by every value when the caller keeps frames, else by the events,
//     the inputs and the digest chained over every frame). Chipmunk's peer is `native`, and
//     `native`'s is Chipmunk when the build has it (the umbrella module pairs them: FlingCore's
//     `PeerBackend`).
//
// A backend with no peer (one written outside the package, or `native` without the Chipmunk
// trait) leaves its run "not compared", said plainly; `verify()` refuses that unless the caller
// allows it (`allowingUncomparedRun: true`).

/// What checking a replay's own run found, where its pins were compared on a reference run
/// (its arithmetic is not theirs): against the reference (frames covered, inputs refused) and
/// against a run on its peer (another backend of its arithmetic: Chipmunk for `native`, `native` for Chipmunk).
public struct RunComparison: Hashable, Sendable, CustomStringConvertible {
    /// The run's backend (`chipmunk`).
    public var backend: String
    /// The reference run's backend (`native-portable`).
    public var reference: String
    /// The peer the run was compared with (`native`); nil when there is none.
    public var peer: String?
    /// How many ticks or samples the check covered, over every stage.
    public var covered: Int
    /// What it counts: `tick` or `sample`.
    public var unit: String
    /// Whether every value of every tick or sample was compared (both runs kept them), rather
    /// than the events, the inputs and the digest chained over every one.
    public var comparedValues: Bool
    /// The first difference found, a `runMismatch` error naming it; nil when none was.
    public var failure: FlingError?
    /// Why the run was compared with no peer; nil when it was.
    public var notCompared: String?

    /// `run on chipmunk compared with native over 106 ticks, tick for tick: equal`.
    public var description: String {
        let over = "over \(covered) \(unit)\(covered == 1 ? "" : "s")"
        let how = comparedValues ? ", \(unit) for \(unit)" : " (their events, inputs and digest chained over every \(unit))"
        if let peer {
            return "run on \(backend) compared with \(peer) \(over)\(how): " + (failure.map { "differs (\($0.value))" } ?? "equal")
        }
        if let failure {
            return "run on \(backend) checked against the reference run on \(reference): differs (\(failure.field): \(failure.value))"
        }
        return "run on \(backend) not compared: \(notCompared ?? "no peer")"
    }

    /// Throws the failure, if any; then, unless `allowingUncompared`, `notCompared` when the
    /// run had no peer.
    func verify(allowingUncompared: Bool) throws(FlingError) {
        if let failure { throw failure }
        guard let why = notCompared, !allowingUncompared else { return }
        throw FlingError(
            .notCompared, field: "run on \(backend)", value: "not compared",
            reason: "the pins were compared on a reference run on \(reference), and this run, of another arithmetic, with "
                + "nothing: \(why). Replay on a backend of the pins' arithmetic, or call "
                + "verify(allowingUncomparedRun: true) to say a run checked by nothing is intended")
    }
}

extension Run {
    /// An input the backend refused while it was applied (the replay goes on, as the live run
    /// did): where (`scene 1: tick 12, touch 1 began on tile 1`) and the error.
    struct Refusal: Hashable, Sendable {
        var at: String
        var error: FlingError
        init(at: String, error: FlingError) { self.at = at; self.error = error }
    }
}

extension FlingDocument {
    /// Checks `run` (of `options.makeBackend`) against `reference` (a run on the backend that
    /// gave the pins, `options.referenceName`) and against a run on its backend's peer.
    func checkRun(_ run: Run, reference: Run, _ options: ReplayOptions) throws(FlingError) -> RunComparison {
        // A backend of the kind the replay ran on, to ask for its peer (replays make theirs per
        // stage, with the stage's solver iterations; the peer is made the same way).
        let probe = try options.backend(10, for: "ReplayOptions.makeBackend")
        var check = RunComparison(
            backend: probe.name, reference: options.referenceName, peer: nil, covered: run.stageSteps.reduce(0, +),
            unit: run.stepUnit, comparedValues: false)
        let unit = run.stepUnit
        for (s, n) in reference.stageSteps.enumerated() {
            let mine = s < run.stageSteps.count ? run.stageSteps[s] : 0
            guard mine < n else { continue }
            let stage = s < reference.stages.count ? reference.stages[s].name.map { " (\($0))" } ?? "" : ""
            check.failure = FlingError(
                .runMismatch, field: "run on \(probe.name), stage \(s + 1)\(stage)", value: "\(mine) of \(n) \(unit)s",
                reason: "it stops before the reference run on \(options.referenceName), which gave the pins: \(unit)s "
                    + "\(mine)..<\(n) were never run on this backend"
                    + (run.refusals.first.map { "; it refused an input (\($0.at): \($0.error))" } ?? ""))
            return check
        }
        let accepted = Set(reference.refusals.map(\.at))
        if let r = run.refusals.first(where: { !accepted.contains($0.at) }) {
            check.failure = FlingError(
                .runMismatch, field: "run on \(probe.name), \(r.at)", value: "refused",
                reason: "the backend refused an input the reference run on \(options.referenceName) accepted: \(r.error)")
            return check
        }
        guard let peered = probe as? any PeerBackend else {
            check.notCompared =
                "\(probe.name) (\(type(of: probe))) is not one of Fling's backends, so no backend of \(probe.arithmetic) arithmetic "
                + "is known to give its bits"
            return check
        }
        guard let peer = try peered.makePeer(solverIterations: 10) else {
            check.notCompared = peered.missingPeer
            return check
        }
        check.peer = peer.name
        var o = options
        o.makeBackend = { n throws(FlingError) in
            guard let p = try peered.makePeer(solverIterations: n) else {
                throw FlingError(.invalidState, field: "peer of \(probe.name)", value: "none", reason: peered.missingPeer)
            }
            return p
        }
        o.reference = nil
        var theirs = self.run(of: try replay(o), title: "the run on \(peer.name)")
        var mine = run
        mine.title = "this run (\(probe.name))"
        theirs.title = "the run on \(peer.name)"
        check.comparedValues = !mine.steps.isEmpty && !theirs.steps.isEmpty
        if let d = mine.firstDivergence(from: theirs) {
            var reason = "\(d)"
            if !check.comparedValues {
                reason +=
                    "\n(frames were not kept: replay both with frames, `fling diff` with --backend-a \(probe.name) "
                    + "--backend-b \(peer.name), to name the \(unit), item and bits)"
            }
            check.failure = FlingError(.runMismatch, field: "run on \(probe.name) against its peer", value: d.field, reason: reason)
        } else if mine.refusals.map(\.at) != theirs.refusals.map(\.at) {
            check.failure = FlingError(
                .runMismatch, field: "run on \(probe.name) against its peer", value: "refusals",
                reason: "it refused \(mine.refusals.map(\.at)), the run on \(peer.name) \(theirs.refusals.map(\.at))")
        }
        return check
    }
}
