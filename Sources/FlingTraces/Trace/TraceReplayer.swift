import FlingCore
import FlingInteraction

extension ReplayOptions {
    /// When display frames come during a replay.
    ///
    /// Every choice gives the same ticks (see ``TraceReplayer``), as long as no frame interval is
    /// longer than the session's `DragSettings.maxDisplayFrameInterval` (a longer one would be a
    /// stall, and the clock drops stalled time): the replayer refuses rates that would stall.
    public enum DisplayFrames: Hashable, Sendable {
        /// Frame `n` (from 1) at `n / hz` seconds.
        case rate(Double)
        /// Frames whose intervals are drawn uniformly from `0.25 / hz ... 1.75 / hz` by a seeded
        /// SplitMix64 generator: irregular, but the same for the same seed.
        case jittered(rate: Double, seed: UInt64)

        /// The nominal rate, in hertz.
        var rate: Double {
            switch self {
            case .rate(let hz), .jittered(let hz, _): hz
            }
        }

        /// The longest interval between two frames, in seconds.
        var longestInterval: Double {
            switch self {
            case .rate(let hz): 1 / hz
            case .jittered(let hz, _): 1.75 / hz
            }
        }
    }
}

/// Replays a ``Trace`` on a backend and returns the tick states, the life-cycle events and the
/// digests, session by session.
///
/// Each session gets a fresh `TileAnimator` over a fresh backend. Before each display frame,
/// every event whose time is at or before the frame's time is handed to the animator (which
/// applies it at the first tick boundary at or after its time); then the animator advances to
/// the frame's time. The last frame lands exactly on the session's duration. Because ticks and
/// event application depend only on times, never on where the frames fall, every
/// ``ReplayOptions/DisplayFrames`` gives the same ticks, the same events and the same digests.
///
/// ```swift
/// let trace = try Trace(json: bytes)
/// let replay = try TraceReplayer(trace, display: .rate(120))
///     .replay { n throws(FlingError) in try NativeBackend(solverIterations: n, arithmetic: .portable) }
/// try replay.verify()      // every pin compared and equal; throws when none could be compared
/// ```
public struct TraceReplayer {
    var trace: Trace
    var display: ReplayOptions.DisplayFrames
    /// Whether to keep every tick's states in the result (on by default; a long trace replayed
    /// only for its digest may turn it off).
    public var recordsTicks = true
    /// Ticks between checkpoint digests; nil uses each session's pinned interval.
    public var checkpointInterval: Int?
    /// With ``recordsTicks``, keep only ticks `0, k, 2k, …` and those with a life-cycle event
    /// (a picture of a long trace draws what it can show).
    public var recordInterval = 1
    /// Take a recording's snapshot of each session's animator every this many ticks
    /// (``TraceReplay/SessionReplay/snapshots``; ``Trace/withSnapshots(every:makeBackend:)``).
    var snapshotEvery: Int?
    /// Start each session that carries snapshots from its last one, not from its start. Such a
    /// session's inputs are then checked by the restored animator as it is given them (those
    /// from the snapshot's tick on), not all before the replay: a replay of a long recording's
    /// last second costs what that second costs.
    public var startsFromSnapshots = false
    /// Releases carry predictions looking this many ticks ahead, whatever the sessions say.
    var predictionTicks: Int?

    public init(_ trace: Trace, display: ReplayOptions.DisplayFrames = .rate(60)) {
        self.trace = trace
        self.display = display
    }

    /// Replays every session in order, making each session's backend with `makeBackend`, which
    /// is given the session's `Trace/Session/solverIterations`.
    ///
    /// Throws when the trace does not validate, the display rate would stall a session's clock
    /// (an interval longer than its `maxFrameInterval`) or is not within 1...100000 Hz, or the
    /// backend throws. A digest that differs from the trace's pins is not an error here: it is
    /// reported in ``TraceReplay/pins``, which ``PinnedReplay/verify(allowingNoPins:allowingUncomparedRun:)`` checks.
    /// Pinned digests are compared only on backends of the trace's `Trace/arithmetic` (the
    /// pins say how many were compared; `verify()` refuses a replay that compared none).
    public func replay(
        makeBackend: (_ solverIterations: Int) throws(FlingError) -> any PhysicsBackend
    ) throws(FlingError) -> TraceReplay {
        try replay(cutAt: nil, makeBackend: makeBackend).replay
    }

    /// The replay cut at tick `tick` (counted over the sessions, in order): there the session's
    /// animator is taken whole, its snapshot written as bytes and read back into a fresh
    /// animator over a fresh backend, and the replay goes on there to the end. The same replay
    /// as ``replay(makeBackend:)`` when snapshots restore bit for bit (`fling replay --from TICK`
    /// compares the two); the snapshot is nil when the trace ends first.
    public func replay(
        cutAt tick: Int?, makeBackend: (_ solverIterations: Int) throws(FlingError) -> any PhysicsBackend
    ) throws(FlingError) -> (replay: TraceReplay, snapshot: AnimatorSnapshot?) {
        try trace.validate(resuming: startsFromSnapshots) { $0.description }
        try Check.range(display.rate, 1...100_000, "ReplayOptions.DisplayFrames.rate")
        if let checkpointInterval, checkpointInterval < 1 {
            throw FlingError(
                .outOfRange, field: "TraceReplayer.checkpointInterval", value: "\(checkpointInterval)",
                reason: "must be at least 1")
        }
        for (s, session) in trace.sessions.enumerated() where display.longestInterval > session.configuration.drag.maxDisplayFrameInterval {
            throw FlingError(
                .outOfRange, field: "scenes[\(s)] display rate", value: "\(display.rate) Hz",
                reason: "frames up to \(display.longestInterval) s apart would stall the clock "
                    + "(maxFrameInterval \(session.configuration.drag.maxDisplayFrameInterval) s)")
        }
        let pinned = trace.sessions.reduce(0) { n, s in n + (s.expected.map { 2 + $0.checkpoints.count } ?? 0) }
        var result = TraceReplay(
            sessions: [], digest: StateDigest(), tickCount: 0,
            pins: PinComparison(arithmetic: trace.arithmetic, pinned: pinned, compared: 0, comparedOn: .thisRun))
        var taken: AnimatorSnapshot?
        /// A session's replay into the result, its pins compared (from a snapshot, the pins of its
        /// end: the checkpoints before the snapshot were not replayed).
        func tally(_ r: TraceReplay.SessionReplay, _ session: Trace.Session, _ s: Int, _ backend: any PhysicsBackend, resumed: Bool = false)
        {
            if backend.arithmetic == trace.arithmetic {
                if var x = session.expected {
                    if resumed {
                        result.pins.pinned -= x.checkpoints.count
                        x.interval = nil
                        x.checkpoints = []
                    }
                    result.pins.compared += 2 + x.checkpoints.count
                    result.pins.mismatches += Self.compare(x, r, session: s)
                }
            } else {
                result.pins.comparedOn = .nowhere(replayArithmetic: backend.arithmetic)
            }
            result.digest = r.digest
            result.tickCount += r.tickCount
            result.sessions.append(r)
        }
        for (s, session) in trace.sessions.enumerated() {
            let backend = try makeBackend(session.solverIterations)
            if startsFromSnapshots, let last = session.snapshots.last {
                tally(try resume(session, from: last, startingFrom: result.digest, backend: backend), session, s, backend, resumed: true)
                continue
            }
            let cut = tick.flatMap { taken == nil && $0 >= result.tickCount ? $0 - result.tickCount : nil }
            let r = try replay(session, startingFrom: result.digest, backend: backend, cut: cut, taken: { taken = $0 }) {
                (snapshot) throws(FlingError) in
                let a = try TileAnimator(
                    viewport: session.viewport, tiles: session.tiles, configuration: session.configuration,
                    backend: try makeBackend(session.solverIterations))
                try a.restore(try AnimatorSnapshot(bytes: snapshot.bytes))
                return a
            }
            tally(r, session, s, backend)
        }
        return (result, taken)
    }

    /// A session replayed from one of its snapshots: restored into a fresh animator on
    /// `backend`, the session's inputs from the snapshot's tick on scheduled, and the frames
    /// from there; the digest chained on from the snapshot's.
    func resume(_ session: Trace.Session, from snapshot: Trace.Snapshot, startingFrom start: StateDigest, backend: any PhysicsBackend)
        throws(FlingError) -> TraceReplay.SessionReplay
    {
        let animator = try TileAnimator(
            viewport: session.viewport, tiles: session.tiles, configuration: session.configuration, backend: backend)
        do throws(FlingError) { try animator.restore(try AnimatorSnapshot(bytes: snapshot.bytes)) } catch {
            throw FlingError(
                error.code, field: "snapshot at tick \(snapshot.tick): \(error.field)", value: error.value, reason: error.reason)
        }
        guard animator.clock.ticks == snapshot.tick else {
            throw FlingError(
                .malformedInput, field: "snapshot at tick \(snapshot.tick)", value: "tick \(animator.clock.ticks)",
                reason: "the snapshot's animator stands at another tick than the document says")
        }
        // The inputs from the snapshot's tick on (the session's inputs are in tick order: the
        // first of them found by halving, those before it not read), each checked by the
        // animator as it schedules it, in order.
        let inputs = session.inputs
        var lo = 0, hi = inputs.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if Self.tick(of: inputs[mid], session) < snapshot.tick { lo = mid + 1 } else { hi = mid }
        }
        var previous = snapshot.tick
        for n in lo..<inputs.count {
            let tick = Self.tick(of: inputs[n], session)
            guard tick >= previous else {
                throw FlingError(
                    .outOfOrder, field: "events[\(n)]", value: "tick \(tick)",
                    reason: "is earlier than the previous input's tick, \(previous)")
            }
            previous = tick
            try animator.schedule(inputs[n].input, tick: inputs[n].tick)
        }
        var r = try replay(
            session, startingFrom: start, backend: backend, cut: nil, taken: { _ in }, resume: { _ in animator }, resuming: animator,
            resumingDigest: snapshot.digest)
        r.startDigest = start
        return r
    }

    /// The tick an input is applied at: its own, or its touch time's.
    static func tick(of input: Trace.Input, _ session: Trace.Session) -> Int {
        if let tick = input.tick { return tick }
        if case .touch(let e) = input.input { return FixedStepClock.firstTick(atOrAfter: e.time, tick: session.configuration.drag.tick) }
        return 0
    }

    /// Session `s` replayed on from `snapshot` (its animator taken at a cut, here or in another
    /// process), its animator restored over a fresh backend: the session's replay from the
    /// snapshot's tick on, whose animator's digest (``TraceReplay/SessionReplay/digest`` for the first
    /// session) is the one the whole replay gives.
    func resume(
        session s: Int, from snapshot: AnimatorSnapshot, makeBackend: (_ solverIterations: Int) throws(FlingError) -> any PhysicsBackend
    ) throws(FlingError) -> TraceReplay.SessionReplay {
        try trace.validate()
        guard trace.sessions.indices.contains(s) else {
            throw FlingError(.outOfRange, field: "resume.session", value: "\(s)", reason: "the trace has \(trace.sessions.count) sessions")
        }
        let session = trace.sessions[s]
        let backend = try makeBackend(session.solverIterations)
        let animator = try TileAnimator(
            viewport: session.viewport, tiles: session.tiles, configuration: session.configuration, backend: backend)
        try animator.restore(snapshot)
        return try replay(
            session, startingFrom: StateDigest(), backend: backend, cut: nil, taken: { _ in }, resume: { _ in animator }, resuming: animator
        )
    }

    func replay(_ session: Trace.Session, startingFrom start: StateDigest, backend: any PhysicsBackend) throws(FlingError)
        -> TraceReplay.SessionReplay
    {
        try replay(session, startingFrom: start, backend: backend, cut: nil, taken: { _ in }) { (_) throws(FlingError) in
            throw FlingError(.invalidState, field: "TraceReplayer", value: "no cut", reason: "a replay without a cut resumes nothing")
        }
    }

    /// The session's replay, from its start or from `resuming` (an animator restored from a
    /// snapshot: its queue holds every input not yet applied, so none is scheduled again). Cut
    /// at the start of tick `cut`: there its animator is taken whole, handed to `taken`, and the
    /// replay goes on in the animator `resume` makes from the snapshot.
    func replay(
        _ session: Trace.Session, startingFrom start: StateDigest, backend: any PhysicsBackend, cut: Int?,
        taken: (AnimatorSnapshot) -> Void, resume: (AnimatorSnapshot) throws(FlingError) -> TileAnimator, resuming: TileAnimator? = nil,
        resumingDigest: StateDigest? = nil
    ) throws(FlingError) -> TraceReplay.SessionReplay {
        var animator: TileAnimator
        if let resuming {
            animator = resuming
        } else {
            var configuration = session.configuration
            if let predictionTicks { configuration.drag.predictionTicks = predictionTicks }
            animator = try TileAnimator(viewport: session.viewport, tiles: session.tiles, configuration: configuration, backend: backend)
        }
        let interval = checkpointInterval ?? session.expected?.interval
        var out = TraceReplay.SessionReplay(
            name: session.name, ticks: [], events: [], tickCount: animator.clock.ticks, startDigest: start,
            digest: resumingDigest ?? resuming?.digest ?? start, checkpointInterval: interval, checkpoints: [], stoppedWhenIdle: false,
            outcomes: [],
            errors: [])

        // The ticks of the current frame, as the animator steps them.
        var stepped: [TraceReplay.TickState] = []
        func record(_ a: TileAnimator) {
            a.onTick = { k, states in
                stepped.append(TraceReplay.TickState(tick: k, tiles: states.map { TraceReplay.TileState(id: $0.0, state: $0.1) }))
            }
        }
        record(animator)
        defer { animator.onTick = nil }

        // Every input goes in up front, with its tick (a recorded one, or its time's).
        if resuming == nil {
            for input in session.inputs { try animator.schedule(input.input, tick: input.tick) }
        }
        // The last input's tick (they are in tick order).
        let lastTick = session.inputs.last.map { Self.tick(of: $0, session) } ?? 0
        var cut = cut
        var nextSnapshot = snapshotEvery.map { (animator.clock.ticks / $0 + 1) * $0 }
        var frames = FrameTimes(display)
        if resuming != nil { frames.skip(before: animator.clock.displayTime) }
        var done = session.run.duration <= 0
        /// Steps the animator to display time `t`; whether the session is over.
        func frame(_ t: Double) -> Bool {
            stepped.removeAll(keepingCapacity: true)
            // An input the backend refused fails here as it failed live: the animator consumes
            // it, reports it, and the same call again steps the frame's remaining ticks.
            var lifeCycle: [TileEvent] = []
            while true {
                do {
                    lifeCycle = try animator.advance(to: t)
                    break
                } catch {
                    out.errors.append(error)
                }
            }
            for state in stepped {
                let k = state.tick
                for s in state.tiles { out.digest.combine(s.state) }
                if recordsTicks, k % max(1, recordInterval) == 0 || lifeCycle.contains(where: { $0.tick == k }) {
                    out.ticks.append(state)
                }
                out.tickCount = k + 1
                if let interval, out.tickCount % interval == 0 { out.checkpoints.append(out.digest) }
                out.events += lifeCycle.filter { $0.tick == k }
                guard session.run.stopsWhenIdle else { continue }
                // Idle after tick k: every input applied (the last one before tick `lastTick`)
                // and no tile has a world.
                let applied = lastTick <= k
                let gone = lifeCycle.filter { $0.tick == k && $0.kind.endsWorld }.map(\.tile)
                if applied, state.tiles.allSatisfy({ gone.contains($0.id) }) {
                    out.stoppedWhenIdle = true
                    return true
                }
            }
            return false
        }
        while !done {
            var t = frames.next()
            // A resumed replay's frames start after the snapshot's display time.
            if t <= animator.clock.displayTime, resuming != nil, !(t >= session.run.duration) { continue }
            if t >= session.run.duration { t = session.run.duration; done = true }
            // Where the frame would step past a tick a snapshot is taken at (the cut, or a
            // recording's every `snapshotEvery`): a frame at that tick's start first (ticks do not
            // depend on where frames fall), then the snapshot.
            var stopped = false
            while !stopped, let stop = [cut, nextSnapshot].compactMap({ $0 }).min(),
                FixedStepClock.ticksEnded(by: t, tick: animator.clock.tick) > stop
            {
                let at = animator.clock.start(ofTick: stop)
                if at > animator.clock.displayTime, frame(at) {
                    stopped = true
                    break
                }
                if stop == nextSnapshot {
                    if animator.clock.ticks == stop {
                        out.snapshots.append(Trace.Snapshot(tick: stop, digest: out.digest, bytes: try animator.recordingSnapshot().bytes))
                    }
                    nextSnapshot = snapshotEvery.map { stop + $0 }
                }
                if stop == cut {
                    if animator.clock.ticks == stop {
                        let snapshot = try animator.snapshot()
                        taken(snapshot)
                        animator.onTick = nil
                        animator = try resume(snapshot)
                        record(animator)
                    }
                    cut = nil
                }
            }
            if stopped || frame(t) { done = true }
        }
        guard animator.clock.droppedTime == 0 else {
            throw FlingError(
                .invalidState, field: "TraceReplayer", value: "\(animator.clock.droppedTime) s dropped",
                reason: "a display frame stalled the clock")
        }
        for id in animator.tileIDs {
            let snapshot = try animator.state(of: id)
            out.outcomes.append(TraceReplay.TileOutcome(tile: id, phase: snapshot.phase, events: out.events, lastTick: out.tickCount - 1))
        }
        return out
    }

    /// The pins of session `s` that the replay `r` does not give, each with the ticks within
    /// which the session first left its pins: from the last matching checkpoint to the first
    /// differing one (or to the end, when every checkpoint matched).
    static func compare(_ x: Trace.Expectation, _ r: TraceReplay.SessionReplay, session s: Int) -> [PinComparison.Mismatch] {
        var m: [PinComparison.Mismatch] = []
        let name = r.name.map { " (\($0))" } ?? ""
        var within = 0..<max(x.ticks, r.tickCount)
        if let interval = x.interval {
            let common = zip(x.checkpoints, r.checkpoints)
            let matched = common.prefix { $0.0 == $0.1 }.count
            let differs = matched < min(x.checkpoints.count, r.checkpoints.count)
            let upper = differs ? (matched + 1) * interval : within.upperBound
            within = (matched * interval)..<max(upper, matched * interval)
            if within.isEmpty { within = within.lowerBound..<(within.lowerBound + 1) }
        }
        if x.ticks != r.tickCount {
            m.append(
                .init(
                    session: s, field: "scenes[\(s)]\(name).expected.ticks", expected: "\(x.ticks)", actual: "\(r.tickCount)",
                    within: within))
        }
        if x.digest != r.digest {
            m.append(
                .init(
                    session: s, field: "scenes[\(s)]\(name).expected.digest", expected: x.digest.hex, actual: r.digest.hex,
                    within: within))
        }
        if x.interval != nil {
            // Every checkpoint that differs (chained, they all differ after the first that does):
            // the first is named, the count is true.
            for (c, (e, a)) in zip(x.checkpoints, r.checkpoints).enumerated() where e != a {
                m.append(
                    .init(
                        session: s, field: "scenes[\(s)]\(name).expected.checkpoints[\(c)]", expected: e.hex, actual: a.hex,
                        within: within))
            }
            if x.checkpoints.count != r.checkpoints.count {
                m.append(
                    .init(
                        session: s, field: "scenes[\(s)]\(name).expected.checkpoints", expected: "\(x.checkpoints.count) digests",
                        actual: "\(r.checkpoints.count) digests", within: within))
            }
        }
        return m
    }
}

/// Display-frame times for one session.
struct FrameTimes {
    let display: ReplayOptions.DisplayFrames
    var n = 0
    var t = 0.0
    var rng: SplitMix64

    init(_ display: ReplayOptions.DisplayFrames) {
        self.display = display
        if case .jittered(_, let seed) = display { rng = SplitMix64(state: seed) } else { rng = SplitMix64(state: 0) }
    }

    /// Passes over the frames of a steady rate that fall well before `time` (the ones a
    /// resumed replay would pass over one by one); a jittered display's are drawn one by one.
    mutating func skip(before time: Double) {
        guard case .rate(let hz) = display, time.isFinite, time > 0 else { return }
        n = max(n, Int(min((time * hz).rounded(.down), 1e15)) - 2)
    }

    mutating func next() -> Double {
        n += 1
        switch display {
        case .rate(let hz):
            return Double(n) / hz
        case .jittered(let hz, _):
            t += (0.25 + 1.5 * rng.unit()) / hz
            return t
        }
    }
}

/// What a replay gave: per session, the tick states, the life-cycle events and the digests;
/// and how it compared with the trace's pins (``pins``; ``PinnedReplay/verify(allowingNoPins:allowingUncomparedRun:)``).
public struct TraceReplay: PinnedReplay, Sendable {
    /// One tile's state after a tick, compared by bits (``ReplayedState``).
    public typealias TileState = ReplayedState<TileDefinition>

    /// The states of the tiles that had a world during one tick, in id order (what
    /// `DragAnimator/onTick` reports); compared by bits (``TileState``).
    public struct TickState: Hashable, Sendable {
        public var tick: Int
        public var tiles: [TileState]
        public init(tick: Int, tiles: [TileState]) { self.tick = tick; self.tiles = tiles }
    }

    /// How a tile's session ended for it.
    public struct TileOutcome: Hashable, Sendable, CustomStringConvertible {
        public enum Kind: String, Hashable, Sendable {
            /// Came home and was snapped to its origin.
            case settled
            /// Left the viewport and was dropped.
            case culled
            /// Never moved (no finger took it).
            case resting
            /// Still moving when the session's time ran out.
            case held, attracted, falling
            /// Came to rest inside walls, where it lies.
            case lying
        }

        /// A finger letting go of the tile.
        public struct Release: Hashable, Sendable {
            /// The tick the finger let go after.
            public var tick: Int
            /// What the release rule decided (`ReleaseOutcome`).
            public var outcome: ReleaseOutcome
            /// The release velocity, in points per second.
            public var velocity: Vector
            /// Whether the touch was cancelled rather than ended.
            public var cancelled: Bool
            /// Whether it was reported a tap (`TileEvent.Kind.tapped`).
            public var tapped = false
        }

        public var tile: TileID
        public var kind: Kind
        /// For `settled` and `culled`, the tick it happened after; otherwise the session's last tick.
        public var tick: Int
        /// The last release of the tile, if a finger ever let go of it.
        public var release: Release?

        init(tile: TileID, phase: TilePhase, events: [TileEvent], lastTick: Int) {
            self.tile = tile
            let mine = events.filter { $0.tile == tile }
            let end = mine.last { $0.kind.endsWorld }
            switch phase {
            case .resting: kind = end == nil ? .resting : .settled
            case .culled: kind = .culled
            case .held: kind = .held
            case .attracted: kind = .attracted
            case .falling: kind = .falling
            case .lying: kind = .lying
            }
            tick = (kind == .settled || kind == .culled || kind == .lying) ? (end?.tick ?? lastTick) : lastTick
            for e in mine.reversed() {
                if case .released(let outcome, let velocity, let cancelled) = e.kind {
                    let tapped = mine.contains { $0.tick == e.tick && $0.kind == .tapped }
                    release = Release(tick: e.tick, outcome: outcome, velocity: velocity, cancelled: cancelled, tapped: tapped)
                    break
                }
            }
        }

        public var description: String {
            var s = "\(tile) \(kind.rawValue) at tick \(tick)"
            if let r = release {
                s += ", released (\(r.cancelled ? "cancelled, " : "")\(r.outcome.rawValue)) at \(r.velocity) pt/s"
                if r.tapped { s += ", tapped" }
            }
            return s
        }
    }

    /// A session's replay (of a ``Trace/Session``).
    public struct SessionReplay: Sendable {
        var name: String?
        /// Every tick's states, in order (empty when `TraceReplayer/recordsTicks` is off).
        public var ticks: [TickState]
        /// The life-cycle events, in order.
        public var events: [TileEvent]
        /// Ticks stepped (an idle-stopped session ends at its first idle tick).
        public var tickCount: Int
        /// The digest the session started from (the previous session's, or the offset basis).
        var startDigest: StateDigest
        /// The chained digest after the session's last tick.
        public var digest: StateDigest
        /// Ticks between ``checkpoints``, if any were taken.
        var checkpointInterval: Int?
        /// The chained digest after every `checkpointInterval` ticks.
        var checkpoints: [StateDigest]
        /// Whether the session stopped at its first idle tick rather than at its duration.
        var stoppedWhenIdle: Bool
        /// Each tile's outcome, in id order.
        public var outcomes: [TileOutcome]
        /// The recording's snapshots taken (``TraceReplayer/snapshotEvery``).
        var snapshots: [Trace.Snapshot] = []
        /// Inputs the backend refused while they were applied (as they were refused live):
        /// each was consumed and its tile put back at rest. Empty for a sound recording.
        var errors: [FlingError]

        /// The session's digests as an expectation, to pin in a trace.
        var expectation: Trace.Expectation {
            Trace.Expectation(ticks: tickCount, digest: digest, interval: checkpointInterval, checkpoints: checkpoints)
        }
    }

    /// Each session's replay, in the trace's order.
    public var sessions: [SessionReplay]
    /// The digest chained over every session: the last session's `SessionReplay/digest`.
    public var digest: StateDigest
    /// Ticks over every session.
    public var tickCount: Int
    /// How the replay compared with the trace's pins: how many were compared, at what
    /// arithmetic, and which differ. Pins are compared only on a backend of the trace's
    /// `Trace/arithmetic`.
    public var pins: PinComparison

    /// `digest <16 hex digits> ticks <count>`: the line that names a replay.
    public var summary: String { "digest \(digest.hex) ticks \(tickCount)" }
}

extension Trace {
    /// The trace with every session's expectation set from a replay: its tick count, final
    /// digest and, when `interval` is given, a checkpoint every `interval` ticks. The pins are
    /// of the backend's arithmetic (the trace's `arithmetic` is set to it).
    public func pinned(
        every interval: Int? = nil,
        makeBackend: (_ solverIterations: Int) throws(FlingError) -> any PhysicsBackend
    ) throws(FlingError) -> Trace {
        var bare = self
        for s in bare.sessions.indices { bare.sessions[s].expected = nil }
        // The pins are of the arithmetic they are made with.
        bare.arithmetic = try makeBackend(bare.sessions.first?.solverIterations ?? 10).arithmetic
        var replayer = TraceReplayer(bare)
        replayer.recordsTicks = false
        replayer.checkpointInterval = interval
        let replay = try replayer.replay(makeBackend: makeBackend)
        for s in bare.sessions.indices { bare.sessions[s].expected = replay.sessions[s].expectation }
        return bare
    }
}

extension TileEvent.Kind {
    /// Whether the event frees the tile's world after its tick (settled, culled, came to rest).
    var endsWorld: Bool { self == .settled || self == .culled || self == .cameToRest }
}
