import FlingCore
import FlingInteraction

/// A recorded (or scripted) run of photo tiles: one or more sessions, each the tiles, the
/// physics, the touch events with their times, how long to run, and optionally the digests the
/// run must give. (Its JSON keeps the key `scenes` for them.)
///
/// A trace is what an app records (``TraceRecorder``), what a test replays
/// (``TraceReplayer``), and what the `fling` command line reads. Its file form is a versioned
/// JSON document (``Trace/json`` and `Trace(json:)`), specified in `docs/TRACES.md`.
///
/// Replaying a trace is exact: the same trace gives the same tick states, to the bit, on every
/// backend and at every display rate. The state digest runs through the sessions in order:
/// session `i + 1` starts from the digest session `i` ended with, so one digest names the whole
/// trace.
public struct Trace: Hashable, Sendable {
    /// The value of the document's `"format"` key.
    static let formatName = "fling-trace"
    /// The newest format version: this build reads versions 1 to 4, and writes the lowest
    /// one that can hold the trace (2 for tile operations, explicit ticks, or portable
    /// arithmetic; 3 for the dynamics: walls, the rest rule, item properties, fields, pushes;
    /// 4 for predictions and snapshots).
    static let version = 4

    /// A short name, for reports.
    public var name: String?
    /// What the trace shows, in words.
    public var notes: String?
    /// Where recorded input came from and under what license; kept by every conversion.
    public var attribution: String?
    /// The sessions, replayed in order (the document's `scenes`).
    public var sessions: [Session]
    /// The arithmetic the trace's pinned digests were made with: a replay compares them only
    /// on a backend of that arithmetic. Default `.portable` (the same bits on every machine);
    /// a version-1 document, from before portable arithmetic, is `.platform`.
    var arithmetic: Arithmetic

    public init(
        name: String? = nil, notes: String? = nil, attribution: String? = nil, arithmetic: Arithmetic = .portable,
        sessions: [Session]
    ) {
        self.name = name
        self.notes = notes
        self.attribution = attribution
        self.arithmetic = arithmetic
        self.sessions = sessions
    }

    /// One session of a `TileAnimator`: a fresh animator over a fresh backend, its tiles, its
    /// physics and its inputs (an element of the document's `scenes`).
    public struct Session: Hashable, Sendable {
        /// A short name, for reports (`stroke 3`, say).
        public var name: String?
        /// The animator's viewport, in points.
        public var viewport: Rect
        /// The tiles, at rest at their origins when the session starts; ids unique.
        public var tiles: [TileDefinition]
        /// The physics, in full (a replay must not depend on a later version's defaults).
        public var configuration: TileConfiguration
        /// The solver iterations of the backend the session ran on (`PhysicsBackend.solverIterations`):
        /// a replay makes its backend with them. Written in the document's configuration object,
        /// where traces have always carried them. Default 10 (Chipmunk's).
        public var solverIterations: Int
        /// How long the session runs.
        var run: RunLength
        /// What happened, in the order the animator applied it: touches (times in seconds
        /// from the session's start, never decreasing) and tile operations.
        public internal(set) var inputs: [Input]
        /// The digests the replay must give, if pinned.
        var expected: Expectation?
        /// Snapshots of the session's animator at some of its ticks, in tick order (version 4):
        /// where a replay may start instead of the beginning (``Trace/withSnapshots(every:makeBackend:)``
        /// takes them).
        public internal(set) var snapshots: [Snapshot] = []

        init(
            name: String? = nil, viewport: Rect, tiles: [TileDefinition], configuration: TileConfiguration = .init(),
            solverIterations: Int = 10, run: RunLength = .init(), events: [TouchEvent], expected: Expectation? = nil
        ) {
            self.name = name
            self.viewport = viewport
            self.tiles = tiles
            self.configuration = configuration
            self.solverIterations = solverIterations
            self.run = run
            self.inputs = events.map { Input(.touch($0)) }
            self.expected = expected
        }

        /// A session made in memory from touches (a test's own trace, with
        /// `Trace(sessions:)`): a fresh animator over `viewport` with `tiles` at rest at their
        /// origins, `configuration`, a backend of `solverIterations`, and `events` (times in
        /// seconds from the session's start, never decreasing), run until idle or 10 seconds,
        /// without pins. ``Trace/validate()``, which a replay runs first, judges it as it judges
        /// a session read from a file.
        public init(
            viewport: Rect, tiles: [TileDefinition], configuration: TileConfiguration = .init(), solverIterations: Int = 10,
            events: [TouchEvent]
        ) {
            self.init(
                name: nil, viewport: viewport, tiles: tiles, configuration: configuration, solverIterations: solverIterations,
                run: RunLength(), events: events)
        }

        init(
            name: String? = nil, viewport: Rect, tiles: [TileDefinition], configuration: TileConfiguration = .init(),
            solverIterations: Int = 10, run: RunLength = .init(), inputs: [Input], expected: Expectation? = nil
        ) {
            self.init(
                name: name, viewport: viewport, tiles: tiles, configuration: configuration, solverIterations: solverIterations,
                run: run, events: [], expected: expected)
            self.inputs = inputs
        }

        /// The touch events among the inputs; setting it replaces every input with these touches.
        public var events: [TouchEvent] {
            get { inputs.compactMap { if case .touch(let e) = $0.input { e } else { nil } } }
            set { inputs = newValue.map { Input(.touch($0)) } }
        }
    }

    /// One input of a session and the tick it is applied before.
    ///
    /// A touch without a tick is applied before the first tick starting at or after its time
    /// (what a live animator does when frames come on time); a recorder gives one a tick when
    /// the animator applied it elsewhere (a late touch, a stall). A tile operation always has
    /// its tick.
    public struct Input: Hashable, Sendable {
        /// What the app did.
        public internal(set) var input: TileInput
        /// The tick it was applied before, where its time alone does not say it.
        public internal(set) var tick: Int?

        init(_ input: TileInput, tick: Int? = nil) {
            self.input = input
            self.tick = tick
        }
    }

    /// How long a session runs: display frames up to ``duration`` seconds (the last frame lands
    /// on it exactly), or, when ``stopsWhenIdle``, until the first tick after which every event
    /// has been applied and no tile has a world (each has settled, been culled, or never moved).
    ///
    /// A session stopped when idle has `k + 1` ticks, `k` being that first idle tick, whatever the
    /// display rate (ticks stepped later in the same display frame change nothing and are not
    /// counted). A session that runs its full duration has `⌊duration / tick⌋` ticks.
    struct RunLength: Hashable, Sendable {
        /// The longest display time, in seconds, within 0...``maximumDuration``.
        var duration: Double
        /// Whether to stop at the first idle tick.
        var stopsWhenIdle: Bool

        /// The largest duration a trace may ask for: one hour.
        static let maximumDuration: Double = 3600

        /// Until idle, or 10 seconds: the default.
        init(duration: Double = 10, stopsWhenIdle: Bool = true) {
            self.duration = duration
            self.stopsWhenIdle = stopsWhenIdle
        }
    }

    /// The digests a session's replay must give: its tick count, the digest after its last tick,
    /// and optionally the digest after every `interval` ticks (after ticks `interval`,
    /// `2 interval`, …, that is after tick indices `interval - 1`, `2 interval - 1`, …).
    /// Every digest is the chained one (it continues from the previous session's).
    struct Expectation: Hashable, Sendable {
        var ticks: Int
        var digest: StateDigest
        /// Ticks between checkpoints, or nil for none.
        var interval: Int?
        /// `ticks / interval` digests (rounded down).
        var checkpoints: [StateDigest]

        init(ticks: Int, digest: StateDigest, interval: Int? = nil, checkpoints: [StateDigest] = []) {
            self.ticks = ticks
            self.digest = digest
            self.interval = interval
            self.checkpoints = checkpoints
        }
    }
}

// MARK: - Validation

extension Trace {
    /// A location in a trace: `scenes[0].events[12].time`.
    struct Path: Hashable, Sendable, CustomStringConvertible {
        enum Component: Hashable, Sendable {
            case key(String)
            case index(Int)
        }

        var components: [Component] = []

        func appending(_ key: String) -> Path { Path(components: components + [.key(key)]) }
        func appending(_ index: Int) -> Path { Path(components: components + [.index(index)]) }
        static func / (p: Path, key: String) -> Path { p.appending(key) }
        static func / (p: Path, index: Int) -> Path { p.appending(index) }

        var description: String {
            var s = ""
            for c in components {
                switch c {
                case .key(let k): s += s.isEmpty ? k : ".\(k)"
                case .index(let i): s += "[\(i)]"
                }
            }
            return s.isEmpty ? "(document)" : s
        }
    }

    /// Throws unless every session can be replayed: every number finite and in range (through
    /// the same checks `TileAnimator` and `TileConfiguration.validate()` run), tile ids
    /// unique, event times at or after 0 and never decreasing, every `began` naming a touch not
    /// down and a known tile (if any), every other phase naming a touch that is down, and the
    /// expectations consistent. The error's `field` is the key path, `scenes[0].events[3].time`.
    public func validate() throws(FlingError) {
        try validate { $0.description }
    }

    /// Validates, naming a location with `locate` (the JSON reader adds line numbers).
    /// `resuming`: what a replay from each session's last snapshot needs (its inputs are not
    /// checked in a session that has snapshots: the animator restored from the last one checks
    /// each input it is given, from its touch sequences and pushes, and those before it are not
    /// replayed).
    /// The size check: a whole replay's (inputs and tile-ticks), or, resuming, the inputs' only
    /// (the tile-ticks a replay steps from a last snapshot are fewer, and counting them reads
    /// every input).
    func validate(resuming: Bool = false, locate: (Path) -> String) throws(FlingError) {
        for (s, session) in sessions.enumerated() {
            try session.validate(at: Path() / "scenes" / s, checksInputs: !resuming || session.snapshots.isEmpty, locate: locate)
        }
        try checkSize(tileTicks: !resuming, locate: locate)
    }
}

extension Trace.Session {
    /// Whether the session needs version 4: predictions asked for, or snapshots.
    var needsVersion4: Bool { configuration.drag.predictionTicks != nil || !snapshots.isEmpty }

    /// Whether the session holds what only version 3 of the format says: dynamics in its
    /// configuration (walls, the viewport's edges as walls, rest thresholds other than the
    /// default, a material, fields), a tile with its own material, or a dynamics input.
    var needsVersion3: Bool {
        let c = configuration
        return c.settle.rest != TileConfiguration.RestThresholds() || !c.dynamics.isEmpty
            || !JSONWriter.presetMembers(c).isEmpty || c.releaseRule.isVersion3
            || tiles.contains { $0.properties != nil }
            || inputs.contains {
                switch $0.input {
                case .dynamics: true
                case .addTile(let d): d.properties != nil
                case .touch, .reset, .removeTile: false
                }
            }
    }

    /// Throws unless the session can be replayed, naming what is wrong as ``Trace/validate()``
    /// does (a scene built in code, say, before it becomes a trace's).
    public func validate() throws(FlingError) {
        try validate(at: Trace.Path()) { $0.description }
    }

    func validate(at path: Trace.Path, checksInputs: Bool = true, locate: (Trace.Path) -> String) throws(FlingError) {
        /// Re-throws a core check's error at `at`, keeping its code and its own field name.
        func within<T>(_ at: Trace.Path, _ body: () throws(FlingError) -> T) throws(FlingError) -> T {
            do { return try body() } catch {
                throw FlingError(error.code, field: "\(locate(at)) (\(error.field))", value: error.value, reason: error.reason)
            }
        }
        func fail(_ at: Trace.Path, _ code: FlingError.Code, _ value: String, _ reason: String) -> FlingError {
            FlingError(code, field: locate(at), value: value, reason: reason)
        }

        try within(path / "viewport") { () throws(FlingError) in
            try Check.viewport(viewport, "viewport")
        }
        try within(path / "configuration") { () throws(FlingError) in try configuration.validate() }
        try within(path / "configuration" / "solverIterations") { () throws(FlingError) in
            try BackendValidation.iterations(solverIterations, "solverIterations")
        }
        for (i, tile) in tiles.enumerated() {
            try within(path / "tiles" / i) { () throws(FlingError) in try tile.validate() }
        }
        // Tile indices sorted by (id, index): a repeated id is next to its first use.
        let order = tiles.indices.sorted { (tiles[$0].id, $0) < (tiles[$1].id, $1) }
        let ids = order.map { tiles[$0].id }
        for n in order.indices.dropFirst() where ids[n] == ids[n - 1] {
            throw fail(
                path / "tiles" / order[n] / "id", .duplicateTile, "\(ids[n].rawValue)",
                "tiles[\(order[n - 1])] already has this id")
        }
        try within(path / "run" / "duration") { () throws(FlingError) in
            try Check.range(run.duration, 0...Trace.RunLength.maximumDuration, "RunLength.duration")
        }

        var touches = TouchSequence()
        var pushes = DynamicsInputCheck(current: configuration.dynamics.walls(in: viewport))
        var present = Set(ids), known = Set(ids)  // membership only: never iterated
        if checksInputs { for input in inputs { if case .addTile(let d) = input.input { known.insert(d.id) } } }
        var lastTick = 0
        for (e, input) in (checksInputs ? inputs : []).enumerated() {
            let at = path / "events" / e
            if let tick = input.tick {
                guard tick >= lastTick, tick <= 100_000_000 else {
                    throw fail(
                        at / "tick", tick < lastTick ? .outOfOrder : .outOfRange, "\(tick)",
                        tick < lastTick ? "is earlier than the previous input's tick, \(lastTick)" : "must lie in 0...100000000")
                }
            }
            switch input.input {
            case .touch(let event):
                try touches.accept(event, field: { locate(at / $0) }, items: TileDefinition.self, knows: { known.contains($0) })
                let tick = input.tick ?? FixedStepClock.firstTick(atOrAfter: event.time, tick: configuration.drag.tick)
                guard tick >= lastTick else {
                    throw fail(
                        at / "time", .outOfOrder, "\(event.time)",
                        "falls in tick \(tick), before the previous input's tick, \(lastTick)")
                }
                lastTick = tick
            case .reset(let id), .removeTile(let id):
                guard let tick = input.tick else { throw fail(at / "tick", .malformedInput, "none", "a tile operation needs its tick") }
                guard present.contains(id) else {
                    throw fail(at, .unknownTile, "\(id.rawValue)", "no tile of the scene has this id at this point")
                }
                if case .removeTile = input.input {
                    present.remove(id)
                    pushes.removed(id.rawValue)
                }
                lastTick = tick
            case .dynamics(let d):
                guard let tick = input.tick else { throw fail(at / "tick", .malformedInput, "none", "a tile operation needs its tick") }
                // A push is applied at a later tick than the app made it: its tile may be gone by
                // then (the animator ignores it), but must be one of the session's.
                if let item = d.item, !known.contains(TileID(item)) {
                    throw fail(at, .unknownTile, "\(item.rawValue)", "no tile of the scene has this id")
                }
                try pushes.accept(d, present: d.item.map { present.contains(TileID($0)) } ?? true, at: locate(at))
                lastTick = tick
            case .addTile(let definition):
                guard let tick = input.tick else { throw fail(at / "tick", .malformedInput, "none", "a tile operation needs its tick") }
                try within(at / "addTile") { () throws(FlingError) in try definition.validate() }
                guard !present.contains(definition.id) else {
                    throw fail(
                        at / "addTile" / "id", .duplicateTile, "\(definition.id.rawValue)", "a tile with this id exists at this point")
                }
                present.insert(definition.id)
                lastTick = tick
            }
        }

        if let expected {
            let at = path / "expected"
            guard (0...100_000_000).contains(expected.ticks) else {
                throw fail(at / "ticks", .outOfRange, "\(expected.ticks)", "must lie in 0...100000000")
            }
            if let interval = expected.interval {
                guard (1...100_000_000).contains(interval) else {
                    throw fail(at / "every", .outOfRange, "\(interval)", "must lie in 1...100000000")
                }
                guard expected.checkpoints.count == expected.ticks / interval else {
                    throw fail(
                        at / "checkpoints", .malformedInput, "\(expected.checkpoints.count) digests",
                        "must hold ticks / every = \(expected.ticks / interval) digests")
                }
            } else if !expected.checkpoints.isEmpty {
                throw fail(
                    at / "checkpoints", .malformedInput, "\(expected.checkpoints.count) digests",
                    "checkpoints need `every`")
            }
        }
        // Snapshots in tick order, within the ticks the run can step (their bytes are read when
        // a replay starts from one).
        let most = FixedStepClock.ticksEnded(by: run.duration, tick: configuration.drag.tick)
        for (k, snapshot) in snapshots.enumerated() {
            guard (1...max(most, 1)).contains(snapshot.tick), k == 0 || snapshots[k - 1].tick < snapshot.tick else {
                throw fail(
                    path / "snapshots" / k / "tick", .outOfRange, "\(snapshot.tick)",
                    "snapshots' ticks increase, within 1...\(most) (the run's ticks)")
            }
        }
    }
}

// MARK: - Strokes

extension Trace {
    /// The phone viewport the stroke conversion uses unless told otherwise: 390 × 844 points.
    @usableFromInline static let defaultStrokeViewport = Rect(x: 0, y: 0, width: 390, height: 844)

    /// Each recorded stroke as its own session, the way `fling replay` reads a CSV file: the
    /// `viewport`; one square tile (id 1, mass 1) of side `tileSize` centred on the stroke's
    /// first (`began`) point, which is so its origin; the stroke's events as touch 1, times
    /// shifted so that the first is 0; run until idle (settled or culled) or `duration` seconds.
    ///
    /// Throws (naming the stroke) when a stroke has no samples or the session would not validate.
    init(
        strokes: [Stroke], viewport: Rect = Trace.defaultStrokeViewport, tileSize: Double = 160,
        configuration: TileConfiguration = .init(), duration: Double = 10,
        name: String? = nil, notes: String? = nil, attribution: String? = nil
    ) throws(FlingError) {
        // One tile per stroke for up to `duration`: refuse an oversized file before building it.
        let tileTicks = Double(strokes.count) * (duration / configuration.drag.tick).rounded(.down)
        try Self.tileTickBudget.check(tileTicks, "strokes (\(strokes.count) strokes)")
        var sessions: [Session] = []
        for (n, stroke) in strokes.enumerated() {
            guard let first = stroke.samples.first else {
                throw FlingError(.malformedInput, field: "stroke \(stroke.id)", value: "0 samples", reason: "a stroke needs a began sample")
            }
            let t0 = first.time
            let session = Session(
                name: "stroke \(stroke.id)", viewport: viewport,
                tiles: [TileDefinition(id: 1, frame: Rect(center: first.position, width: tileSize, height: tileSize), mass: 1)],
                configuration: configuration, run: RunLength(duration: duration, stopsWhenIdle: true),
                events: stroke.samples.map { TouchEvent(time: $0.time - t0, touch: 1, phase: $0.phase, position: $0.position) })
            try session.validate(at: Path()) { path in "stroke \(stroke.id) (scene \(n + 1)): \(path)" }
            sessions.append(session)
        }
        self.init(name: name, notes: notes, attribution: attribution, sessions: sessions)
    }
}

extension TileConfiguration.ReleaseRule {
    /// Whether only version 3 of the format holds the rule (`nearGrab`).
    var isVersion3: Bool { if case .nearGrab = self { true } else { false } }
}
