import FlingCore
import FlingInteraction

/// When display frames come during a replay.
///
/// Every choice gives the same ticks (see ``TraceReplayer``), as long as no frame interval is
/// longer than the scene's ``EngineConfiguration/maxFrameInterval`` (a longer one would be a
/// stall, and the clock drops stalled time): the replayer refuses rates that would stall.
public enum DisplayFrames: Hashable, Sendable {
    /// Frame `n` (from 1) at `n / hz` seconds.
    case rate(Double)
    /// Frames whose intervals are drawn uniformly from `0.25 / hz ... 1.75 / hz` by a seeded
    /// SplitMix64 generator: irregular, but the same for the same seed.
    case jittered(rate: Double, seed: UInt64)

    /// The nominal rate, in hertz.
    public var rate: Double {
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

/// Replays a ``Trace`` on a backend and returns the tick states, the life-cycle events and the
/// digests, scene by scene.
///
/// Each scene gets a fresh ``TileAnimator`` over a fresh backend. Before each display frame,
/// every event whose time is at or before the frame's time is handed to the animator (which
/// applies it at the first tick boundary at or after its time); then the animator advances to
/// the frame's time. The last frame lands exactly on the scene's duration. Because ticks and
/// event application depend only on times, never on where the frames fall, every
/// ``DisplayFrames`` gives the same ticks, the same events and the same digests.
///
/// ```swift
/// let trace = try Trace(json: bytes)
/// let replay = try TraceReplayer(trace, display: .rate(120))
///     .replay { n throws(FlingError) in try NativeBackend(solverIterations: n) }
/// #expect(replay.mismatches.isEmpty)
/// ```
public struct TraceReplayer {
    public var trace: Trace
    public var display: DisplayFrames
    /// Whether to keep every tick's states in the result (on by default; a long trace replayed
    /// only for its digest may turn it off).
    public var recordsTicks = true
    /// Ticks between checkpoint digests; nil uses each scene's ``Trace/Expectation/interval``.
    public var checkpointInterval: Int?

    public init(_ trace: Trace, display: DisplayFrames = .rate(60)) {
        self.trace = trace
        self.display = display
    }

    /// Replays every scene in order, making each scene's backend with `makeBackend`, which is
    /// given the scene's ``Trace/Scene/solverIterations``.
    ///
    /// Throws when the trace does not validate, the display rate would stall a scene's clock
    /// (an interval longer than its `maxFrameInterval`) or is not within 1...100000 Hz, or the
    /// backend throws. A digest that differs from the trace's expectation is not an error: it is
    /// reported in ``TraceReplay/mismatches``. Pinned digests are compared only on backends of
    /// the trace's ``Trace/arithmetic`` (``TraceReplay/comparedPins`` says whether they were).
    public func replay(
        makeBackend: (_ solverIterations: Int) throws(FlingError) -> any PhysicsBackend
    ) throws(FlingError) -> TraceReplay {
        try trace.validate()
        try Check.range(display.rate, 1...100_000, "DisplayFrames.rate")
        if let checkpointInterval, checkpointInterval < 1 {
            throw FlingError(
                .outOfRange, field: "TraceReplayer.checkpointInterval", value: "\(checkpointInterval)",
                reason: "must be at least 1")
        }
        for (s, scene) in trace.scenes.enumerated() where display.longestInterval > scene.configuration.drag.maxFrameInterval {
            throw FlingError(
                .outOfRange, field: "scenes[\(s)] display rate", value: "\(display.rate) Hz",
                reason: "frames up to \(display.longestInterval) s apart would stall the clock "
                    + "(maxFrameInterval \(scene.configuration.drag.maxFrameInterval) s)")
        }
        var result = TraceReplay(scenes: [], digest: StateDigest(), tickCount: 0, mismatches: [], comparedPins: true)
        for (s, scene) in trace.scenes.enumerated() {
            let backend = try makeBackend(scene.solverIterations)
            let r = try replay(scene, startingFrom: result.digest, backend: backend)
            if backend.arithmetic != trace.arithmetic { result.comparedPins = false }
            if let x = scene.expected, backend.arithmetic == trace.arithmetic { result.mismatches += Self.compare(x, r, scene: s) }
            result.digest = r.digest
            result.tickCount += r.tickCount
            result.scenes.append(r)
        }
        return result
    }

    func replay(_ scene: Trace.Scene, startingFrom start: StateDigest, backend: any PhysicsBackend) throws(FlingError) -> TraceReplay.Scene
    {
        let animator = try TileAnimator(viewport: scene.viewport, tiles: scene.tiles, configuration: scene.configuration, backend: backend)
        let interval = checkpointInterval ?? scene.expected?.interval
        var out = TraceReplay.Scene(
            name: scene.name, ticks: [], events: [], tickCount: 0, startDigest: start, digest: start,
            checkpointInterval: interval, checkpoints: [], stoppedWhenIdle: false, outcomes: [], errors: [])

        // The ticks of the current frame, as the animator steps them.
        var stepped: [TraceReplay.TickState] = []
        animator.onTick = { k, states in
            stepped.append(TraceReplay.TickState(tick: k, tiles: states.map { TraceReplay.TileState(id: $0.0, state: $0.1) }))
        }
        defer { animator.onTick = nil }

        // Every input goes in up front, with its tick (a recorded one, or its time's).
        var lastTick = 0
        for input in scene.inputs {
            try animator.schedule(input.input, tick: input.tick)
            if let tick = input.tick {
                lastTick = tick
            } else if case .touch(let e) = input.input {
                lastTick = animator.clock.firstTick(atOrAfter: e.time)
            }
        }
        var frames = FrameTimes(display)
        var done = scene.run.duration <= 0
        while !done {
            var t = frames.next()
            if t >= scene.run.duration { t = scene.run.duration; done = true }
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
                if recordsTicks { out.ticks.append(state) }
                out.tickCount = k + 1
                if let interval, out.tickCount % interval == 0 { out.checkpoints.append(out.digest) }
                out.events += lifeCycle.filter { $0.tick == k }
                guard scene.run.stopsWhenIdle else { continue }
                // Idle after tick k: every input applied (the last one before tick `lastTick`)
                // and no tile has a world.
                let applied = lastTick <= k
                let gone = lifeCycle.filter { $0.tick == k && ($0.kind == .settled || $0.kind == .culled) }.map(\.tile)
                if applied, state.tiles.allSatisfy({ gone.contains($0.id) }) {
                    out.stoppedWhenIdle = true
                    done = true
                    break
                }
            }
        }
        guard animator.clock.droppedTime == 0 else {
            throw FlingError(
                .invalidState, field: "TraceReplayer", value: "\(animator.clock.droppedTime) s dropped",
                reason: "a display frame stalled the clock")
        }
        for id in animator.tileIDs {
            let snapshot = try animator.snapshot(of: id)
            out.outcomes.append(TraceReplay.TileOutcome(tile: id, phase: snapshot.phase, events: out.events, lastTick: out.tickCount - 1))
        }
        return out
    }

    static func compare(_ x: Trace.Expectation, _ r: TraceReplay.Scene, scene s: Int) -> [TraceReplay.Mismatch] {
        var m: [TraceReplay.Mismatch] = []
        let name = r.name.map { " (\($0))" } ?? ""
        if x.ticks != r.tickCount {
            m.append(.init(scene: s, field: "scenes[\(s)]\(name).expected.ticks", expected: "\(x.ticks)", actual: "\(r.tickCount)"))
        }
        if x.digest != r.digest {
            m.append(.init(scene: s, field: "scenes[\(s)]\(name).expected.digest", expected: x.digest.hex, actual: r.digest.hex))
        }
        if x.interval != nil {
            for (c, (e, a)) in zip(x.checkpoints, r.checkpoints).enumerated() where e != a {
                m.append(.init(scene: s, field: "scenes[\(s)]\(name).expected.checkpoints[\(c)]", expected: e.hex, actual: a.hex))
                break
            }
            if x.checkpoints.count != r.checkpoints.count {
                m.append(
                    .init(
                        scene: s, field: "scenes[\(s)]\(name).expected.checkpoints", expected: "\(x.checkpoints.count) digests",
                        actual: "\(r.checkpoints.count) digests"))
            }
        }
        return m
    }
}

/// Display-frame times for one scene.
struct FrameTimes {
    let display: DisplayFrames
    var n = 0
    var t = 0.0
    var rng: SplitMix64

    init(_ display: DisplayFrames) {
        self.display = display
        if case .jittered(_, let seed) = display { rng = SplitMix64(state: seed) } else { rng = SplitMix64(state: 0) }
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

/// What a replay gave: per scene, the tick states, the life-cycle events and the digests.
public struct TraceReplay: Sendable {
    /// One tile's state after a tick.
    public struct TileState: Hashable, Sendable {
        public var id: TileID
        public var state: BodyState
        public init(id: TileID, state: BodyState) { self.id = id; self.state = state }
    }

    /// The states of the tiles that had a world during one tick, in id order (what
    /// ``TileAnimator/onTick`` reports).
    public struct TickState: Hashable, Sendable {
        public var tick: Int
        public var tiles: [TileState]
        public init(tick: Int, tiles: [TileState]) { self.tick = tick; self.tiles = tiles }
    }

    /// How a tile's scene ended for it.
    public struct TileOutcome: Hashable, Sendable, CustomStringConvertible {
        public enum Kind: String, Hashable, Sendable {
            /// Came home and was snapped to its origin.
            case settled
            /// Left the viewport and was dropped.
            case culled
            /// Never moved (no finger took it).
            case resting
            /// Still moving when the scene's time ran out.
            case held, attracted, falling
        }

        /// A finger letting go of the tile.
        public struct Release: Hashable, Sendable {
            public var tick: Int
            public var outcome: ReleaseOutcome
            public var velocity: Vector
            public var cancelled: Bool
        }

        public var tile: TileID
        public var kind: Kind
        /// For `settled` and `culled`, the tick it happened after; otherwise the scene's last tick.
        public var tick: Int
        /// The last release of the tile, if a finger ever let go of it.
        public var release: Release?

        init(tile: TileID, phase: TilePhase, events: [TileEvent], lastTick: Int) {
            self.tile = tile
            let mine = events.filter { $0.tile == tile }
            let end = mine.last { $0.kind == .settled || $0.kind == .culled }
            switch phase {
            case .resting: kind = end == nil ? .resting : .settled
            case .culled: kind = .culled
            case .held: kind = .held
            case .attracted: kind = .attracted
            case .falling: kind = .falling
            }
            tick = (kind == .settled || kind == .culled) ? (end?.tick ?? lastTick) : lastTick
            for e in mine.reversed() {
                if case .released(let outcome, let velocity, let cancelled) = e.kind {
                    release = Release(tick: e.tick, outcome: outcome, velocity: velocity, cancelled: cancelled)
                    break
                }
            }
        }

        public var description: String {
            var s = "\(tile) \(kind.rawValue) at tick \(tick)"
            if let r = release { s += ", released (\(r.cancelled ? "cancelled, " : "")\(r.outcome.rawValue)) at \(r.velocity) pt/s" }
            return s
        }
    }

    /// A scene's replay.
    public struct Scene: Sendable {
        public var name: String?
        /// Every tick's states, in order (empty when ``TraceReplayer/recordsTicks`` is off).
        public var ticks: [TickState]
        /// The life-cycle events, in order.
        public var events: [TileEvent]
        /// Ticks stepped (an idle-stopped scene ends at its first idle tick).
        public var tickCount: Int
        /// The digest the scene started from (the previous scene's, or the offset basis).
        public var startDigest: StateDigest
        /// The chained digest after the scene's last tick.
        public var digest: StateDigest
        /// Ticks between ``checkpoints``, if any were taken.
        public var checkpointInterval: Int?
        /// The chained digest after every `checkpointInterval` ticks.
        public var checkpoints: [StateDigest]
        /// Whether the scene stopped at its first idle tick rather than at its duration.
        public var stoppedWhenIdle: Bool
        /// Each tile's outcome, in id order.
        public var outcomes: [TileOutcome]
        /// Inputs the backend refused while they were applied (as they were refused live):
        /// each was consumed and its tile put back at rest. Empty for a sound recording.
        public var errors: [FlingError]

        /// The scene's digests as an expectation, to pin in a trace.
        public var expectation: Trace.Expectation {
            Trace.Expectation(ticks: tickCount, digest: digest, interval: checkpointInterval, checkpoints: checkpoints)
        }
    }

    /// A digest or tick count that differs from the trace's expectation.
    public struct Mismatch: Hashable, Sendable, CustomStringConvertible {
        public var scene: Int
        public var field: String
        public var expected: String
        public var actual: String
        public var description: String { "\(field): expected \(expected), replay gave \(actual)" }
    }

    public var scenes: [Scene]
    /// The digest chained over every scene: the last scene's ``Scene/digest``.
    public var digest: StateDigest
    /// Ticks over every scene.
    public var tickCount: Int
    /// Where the replay differs from the trace's expectations (empty when it has none).
    public var mismatches: [Mismatch]
    /// Whether the pinned digests were compared: only on backends of the trace's arithmetic.
    public var comparedPins: Bool

    /// `digest <16 hex digits> ticks <count>`: the line that names a replay.
    public var summary: String { "digest \(digest.hex) ticks \(tickCount)" }
}

extension Trace {
    /// The trace with every scene's expectation set from a replay: its tick count, final
    /// digest and, when `interval` is given, a checkpoint every `interval` ticks.
    public func pinned(
        every interval: Int? = nil,
        makeBackend: (_ solverIterations: Int) throws(FlingError) -> any PhysicsBackend
    ) throws(FlingError) -> Trace {
        var bare = self
        for s in bare.scenes.indices { bare.scenes[s].expected = nil }
        // The pins are of the arithmetic they are made with.
        bare.arithmetic = try makeBackend(bare.scenes.first?.solverIterations ?? 10).arithmetic
        var replayer = TraceReplayer(bare)
        replayer.recordsTicks = false
        replayer.checkpointInterval = interval
        let replay = try replayer.replay(makeBackend: makeBackend)
        for s in bare.scenes.indices { bare.scenes[s].expected = replay.scenes[s].expectation }
        return bare
    }
}
