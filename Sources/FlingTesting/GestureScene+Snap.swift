// Snap scenes: chat heads or a sun switch over a SnapAnimator, as a snap scene document
// (`fling-scene`, kind `chatHeads` or `sunSwitch`) holds them (`SceneContent`). A session in one
// is played live on a `ChatHeads` (`SunSwitch`) recorded by a `SnapSceneRecorder`, so its
// recording is a snap scene document `fling replay` reads; the properties replay that document
// tick by tick with a `SnapSceneReplayer` (the same inputs, scheduled at their ticks, at any
// display frames, on any backend, cut and restored from a snapshot with the scene's own state).
import Fling
import FlingTraces

extension GestureScene {
    /// Three chat heads on a phone screen, resting at its side edges (the default
    /// `ChatHeads.Configuration`): a tap on one opens the conversation, a drag or fling carries
    /// it to the nearest edge, on a spring.
    public static var chatHeads: GestureScene {
        GestureScene(unchecked: .heads(SnapHeads(configuration: ChatHeads.Configuration(screen: phone), heads: Self.headCenters)))
    }

    /// The same heads in a closed room (walls just outside the screen and around the hidden
    /// panel) under a faint noise field: heads bounce off the walls, and sessions push them and
    /// change the fields as they go.
    public static var chatHeadsWithDynamics: GestureScene {
        let room = Rect(x: -20, y: -20, width: 430, height: 1_300)
        let dynamics = DynamicsSettings(
            walls: Wall.edges(of: room), itemProperties: ItemProperties(elasticity: 0.4, friction: 0.3),
            fields: [Field(.noise(smoothness: 0.6, animationSpeed: 1), strength: 5, seed: 9)])
        return GestureScene(
            unchecked: .heads(
                SnapHeads(configuration: ChatHeads.Configuration(screen: phone), heads: Self.headCenters, snap: .init(dynamics))))
    }

    static let headCenters = [Vector(18, 300), Vector(372, 560), Vector(18, 680)]

    /// A sun switch, off, its track across a phone screen's middle: a tap flips it, a pull
    /// carries the knob with rubber banding past the track's ends, a flick throws it to the
    /// nearer end (`fling check --scene sun-switch`).
    public static var sunSwitch: GestureScene {
        GestureScene(
            unchecked: .sunSwitch(
                SunSwitch.Configuration(offCenter: Vector(150, 422), onCenter: Vector(240, 422)), isOn: false, snap: .init()))
    }

    /// The scene of a snap scene document (format `fling-scene`, docs/TRACES.md) of kind
    /// `chatHeads` (its heads, configuration and dynamics) or `sunSwitch`; its inputs and
    /// sampling are left out. Throws for another document or kind, naming what it read.
    public init(sceneDocument json: String) throws(FlingError) {
        let document = try Documents.read(Array(json.utf8))
        guard !(document is Trace) else { throw Self.notAScene(document, "GestureScene(sceneDocument:)") }
        try self.init(document: document)
    }

    /// The scene of a document already read: a trace's first session (``init(trace:session:)``)
    /// or a snap scene document's (``init(sceneDocument:)``). Throws for a document of another
    /// kind, naming it.
    public init(document: any FlingDocument) throws(FlingError) {
        if let trace = document as? Trace {
            try self.init(trace: trace)
            return
        }
        guard let content = document.sceneContent, let snap = content.snapConfiguration else {
            throw Self.notAScene(document, "GestureScene(document:)")
        }
        switch content.scene {
        case .chatHeads(let configuration, let heads, _):
            self.init(unchecked: .heads(SnapHeads(configuration: configuration, heads: heads, snap: snap)))
        case .sunSwitch(let configuration, let isOn, _):
            self.init(unchecked: .sunSwitch(configuration, isOn: isOn, snap: snap))
        case .bubbles, .dayNight, .clouds:
            throw Self.notAScene(document, "GestureScene(document:)")
        }
    }

    static func notAScene(_ document: any FlingDocument, _ field: String) -> FlingError {
        let kind = type(of: document).kind
        return FlingError(
            .malformedInput, field: field, value: "a \(kind.format) document of kind \(kind.name)",
            reason: "FlingTesting checks trace documents and snap scene documents (format fling-scene) of kind chatHeads or sunSwitch")
    }

    init(unchecked snap: SnapSpec) {
        self.init(unchecked: snap.viewport, [], TileConfiguration())
        self.solverIterations = SnapSceneRecorder.solverIterations
        self.snap = snap
    }

    /// The chat heads of a chat heads scene.
    var heads: SnapHeads? {
        get { if case .heads(let h) = snap { h } else { nil } }
        set { snap = newValue.map(SnapSpec.heads) }
    }
}

extension SnapConfiguration {
    /// The default configuration with `dynamics`: what a snap scene without touch rules of its
    /// own runs.
    init(_ dynamics: DynamicsSettings) {
        self.init()
        self.dynamics = dynamics
    }
}

/// Chat heads as a snap scene document holds them (its inputs left out): their configuration,
/// each head's home center (ids 1, 2, …) and the snap configuration they run.
struct SnapHeads: Hashable, Sendable {
    var configuration: ChatHeads.Configuration
    var heads: [Vector]
    var snap = SnapConfiguration()
    var dynamics: DynamicsSettings { snap.dynamics }
}

/// A snap scene FlingTesting plays: chat heads or a sun switch, as a snap scene document holds
/// it (its inputs left out).
enum SnapSpec: Hashable, Sendable {
    case heads(SnapHeads)
    case sunSwitch(SunSwitch.Configuration, isOn: Bool, snap: SnapConfiguration)

    var dynamics: DynamicsSettings {
        switch self {
        case .heads(let s): s.dynamics
        case .sunSwitch(_, _, let snap): snap.dynamics
        }
    }

    /// The screen; a switch's track with 60 points around it.
    var viewport: Rect {
        switch self {
        case .heads(let s): return s.configuration.screen
        case .sunSwitch(let c, _, _):
            let t = c.trackFrame
            return Rect(x: t.x - 60, y: t.y - 60, width: t.width + 120, height: t.height + 120)
        }
    }

    /// The heads at their resting centers, or the knob where it rests.
    var targets: [(id: Int, center: Vector, half: Vector)] {
        switch self {
        case .heads(let s):
            let r = s.configuration.diameter / 2
            return s.heads.enumerated().map { (id: $0.offset + 1, center: $0.element, half: Vector(r, r)) }
        case .sunSwitch(let c, let isOn, _):
            let r = c.knobDiameter / 2
            return [(id: 1, center: isOn ? c.onCenter : c.offCenter, half: Vector(r, r))]
        }
    }

    var itemNoun: String {
        switch self {
        case .heads: "head"
        case .sunSwitch: "knob"
        }
    }

    /// The scene live on `backend`: its animator, how it advances (a rule's failure thrown
    /// after the ticks are stepped) and its recorder, started.
    func live(on backend: any PhysicsBackend) throws(FlingError) -> (
        animator: SnapAnimator, advance: (Double) throws(FlingError) -> Void, recorder: SnapSceneRecorder
    ) {
        switch self {
        case .heads(let s):
            let heads = try ChatHeads(
                heads: s.heads.enumerated().map { (SnapItem.ID($0.offset + 1), $0.element) }, configuration: s.configuration,
                snap: s.snap, backend: backend)
            return (heads.animator, { t throws(FlingError) in _ = try heads.advance(to: t) }, try SnapSceneRecorder(recording: heads))
        case .sunSwitch(let c, let isOn, let snap):
            let sun = try SunSwitch(configuration: c, isOn: isOn, snap: snap, backend: backend)
            return (sun.animator, { t throws(FlingError) in _ = try sun.advance(to: t) }, try SnapSceneRecorder(recording: sun))
        }
    }
}

extension TouchSession {
    /// Plays the session on the snap scene as an app would (``play(settleBudget:makeBackend:)``).
    func playing(_ snap: SnapSpec, settleBudget: Double, makeBackend: MakeBackend) throws(FlingError) -> Played {
        let backend = try makeBackend(SnapSceneRecorder.solverIterations)
        let live = try snap.live(on: backend)
        let animator = live.animator
        var ticks: [TraceReplay.TickState] = []
        var events: [AnyEvent] = []
        var refusals: [String] = []
        animator.onTick = { k, states in ticks.append(Self.tickState(k, states)) }
        animator.onEvent = { events.append(.snap($0)) }
        defer {
            animator.onTick = nil
            animator.onEvent = nil
        }
        var display = 0.0
        func advance(_ t: Double) {
            display = max(display, t)
            while true {
                do {
                    try live.advance(display)
                    return
                } catch {
                    refusals.append("\(error)")
                }
            }
        }
        _ = try animator.play(
            actions, handle: { e throws(FlingError) in try animator.handle(e) }, frame: advance, fields: snap.dynamics.fields,
            walls: snap.dynamics.walls)
        let sessionTicks = ticks.count
        animator.settle(after: display, budget: settleBudget, frame: advance) { !animator.isIdle }
        var played = Played(
            recording: .snap(try live.recorder.document(rate: 60)), ticks: ticks, events: events, refusals: refusals,
            arithmetic: backend.arithmetic)
        played.sessionTicks = sessionTicks
        if !animator.isIdle {
            played.stillMoving = animator.zOrder.sorted().filter { (try? animator.state(of: $0))?.phase != .resting }
                .map { TileID($0.rawValue) }
        }
        return played
    }

    static func tickState(_ k: Int, _ states: [(SnapItem.ID, BodyState)]) -> TraceReplay.TickState {
        TraceReplay.TickState(tick: k, tiles: states.map { TraceReplay.TileState(id: TileID($0.0.rawValue), state: $0.1) })
    }
}

/// A replay's ticks (the states of the items that moved) and events.
struct Replayed {
    var ticks: [TraceReplay.TickState] = []
    var events: [AnyEvent] = []
}

extension Replayed {
    /// A snap scene document `document` replayed tick by tick (`SnapSceneReplayer`) at
    /// `display` on a backend from `makeBackend`, cut and restored at `cut` if given.
    init(snap document: any FlingDocument, display: ReplayOptions.DisplayFrames, makeBackend: MakeBackend, cut: Int?)
        throws(FlingError)
    {
        let r = try SnapSceneReplayer(document, display: display).replay(cutAt: cut, makeBackend: makeBackend)
        ticks = r.ticks.map { TouchSession.tickState($0.tick, $0.items.map { ($0.id, $0.state) }) }
        events = r.events.map(AnyEvent.snap)
    }
}

/// The JSON written for a failure's snap scene document: named, noted, pinned on `pinning` when
/// it can be.
func written(_ document: any FlingDocument, name: String, notes: String, pinning: @escaping MakeBackend) -> String {
    func write<D: FlingDocument>(_ d: D) -> String {
        var d = (try? d.pinned(ReplayOptions(makeBackend: pinning, keepsSteps: false))) ?? d
        d.name = name
        d.notes = notes
        return d.json
    }
    return write(document)
}
