// Snap scenes: chat heads or a sun switch over a SnapAnimator, as a snap scene document
// (`fling-scene`, kind `chatHeads` or `sunSwitch`) holds them. A session in one is played live
// on a `ChatHeads` (`SunSwitch`) recorded by a `SnapSceneRecorder`, so its recording is a snap
// scene document `fling replay` reads; the properties replay that document tick by tick (the
// same inputs, scheduled at their ticks, at any display frames, on any backend, cut and
// restored from a snapshot with the scene's own state).
import Fling
import FlingTraces

extension GestureScene {
    /// Three chat heads on a phone screen, resting at its side edges (the default
    /// `ChatHeads.Configuration`): a tap on one opens the conversation, a drag or fling carries
    /// it to the nearest edge, on a spring.
    public static var chatHeads: GestureScene {
        GestureScene(unchecked: .heads(ChatHeadsScene(ChatHeads.Configuration(screen: phone), heads: Self.headCenters)))
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
            unchecked: .heads(ChatHeadsScene(ChatHeads.Configuration(screen: phone), heads: Self.headCenters, dynamics: dynamics)))
    }

    static let headCenters = [Vector(18, 300), Vector(372, 560), Vector(18, 680)]

    /// A sun switch, off, its track across a phone screen's middle: a tap flips it, a pull
    /// carries the knob with rubber banding past the track's ends, a flick throws it to the
    /// nearer end (`fling check --scene sun-switch`).
    public static var sunSwitch: GestureScene {
        GestureScene(
            unchecked: .sunSwitch(
                SunSwitchScene(SunSwitch.Configuration(offCenter: Vector(150, 422), onCenter: Vector(240, 422)), isOn: false)))
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
        } else if let heads = document as? SceneDocument<ChatHeadsScene> {
            try self.init(snap: .heads(heads.scene))
        } else if let sun = document as? SceneDocument<SunSwitchScene> {
            try self.init(snap: .sunSwitch(sun.scene))
        } else {
            throw Self.notAScene(document, "GestureScene(document:)")
        }
    }

    static func notAScene(_ document: any FlingDocument, _ field: String) -> FlingError {
        let kind = type(of: document).kind
        return FlingError(
            .malformedInput, field: field, value: "a \(kind.format) document of kind \(kind.name)",
            reason: "FlingTesting checks trace documents and snap scene documents (format fling-scene) of kind chatHeads or sunSwitch")
    }

    /// The scene of snap scene `snap` (its inputs left out).
    package init(snap: SnapSpec) throws(FlingError) {
        let scene = snap.withoutInputs
        try scene.validate()
        self.init(unchecked: scene)
    }

    init(unchecked snap: SnapSpec) {
        self.init(unchecked: snap.viewport, [], TileConfiguration())
        self.solverIterations = SnapScenes.solverIterations
        self.snap = snap
    }

    /// The chat heads of a chat heads scene.
    package var heads: ChatHeadsScene? {
        get { if case .heads(let h) = snap { h } else { nil } }
        set { snap = newValue.map(SnapSpec.heads) }
    }
}

/// A snap scene FlingTesting plays: chat heads or a sun switch, as a snap scene document holds
/// it (its inputs left out).
package enum SnapSpec: Hashable, Sendable {
    case heads(ChatHeadsScene)
    case sunSwitch(SunSwitchScene)

    var dynamics: DynamicsSettings {
        switch self {
        case .heads(let s): s.dynamics
        case .sunSwitch(let s): s.dynamics
        }
    }

    var withoutInputs: SnapSpec {
        switch self {
        case .heads(var s):
            s.inputs = []
            return .heads(s)
        case .sunSwitch(var s):
            s.inputs = []
            return .sunSwitch(s)
        }
    }

    func validate() throws(FlingError) {
        switch self {
        case .heads(let s): try s.validate(SceneSampling(duration: 0))
        case .sunSwitch(let s): try s.validate(SceneSampling(duration: 0))
        }
    }

    /// The screen; a switch's track with 60 points around it.
    var viewport: Rect {
        switch self {
        case .heads(let s): return s.configuration.screen
        case .sunSwitch(let s):
            let t = s.configuration.trackFrame
            return Rect(x: t.x - 60, y: t.y - 60, width: t.width + 120, height: t.height + 120)
        }
    }

    /// The heads at their resting centers, or the knob where it rests.
    var targets: [(id: Int, center: Vector, half: Vector)] {
        switch self {
        case .heads(let s):
            let r = s.configuration.diameter / 2
            return s.heads.enumerated().map { (id: $0.offset + 1, center: $0.element, half: Vector(r, r)) }
        case .sunSwitch(let s):
            let c = s.configuration, r = c.knobDiameter / 2
            return [(id: 1, center: s.isOn ? c.onCenter : c.offCenter, half: Vector(r, r))]
        }
    }

    var itemNoun: String {
        switch self {
        case .heads: "head"
        case .sunSwitch: "knob"
        }
    }
}

/// What a check does with a snap scene kind: make it live on a backend, step it, record it, and
/// hand one's own state (which an animator's snapshot does not hold) to another.
protocol CheckedSnapScene: SampledScene {
    associatedtype Rig: AnyObject
    var inputs: [Trace.Input] { get }
    var dynamics: DynamicsSettings { get }
    func rig(on backend: any PhysicsBackend) throws(FlingError) -> Rig
    static func animator(_ rig: Rig) -> SnapAnimator
    /// Advances to `t` (a rule's failure thrown after the ticks are stepped).
    static func advance(_ rig: Rig, to t: Double) throws(FlingError)
    static func adopt(_ rig: Rig, from other: Rig)
    static func recorder(_ rig: Rig) throws(FlingError) -> SceneRecorder<Self>
}

extension ChatHeadsScene: CheckedSnapScene {
    func rig(on backend: any PhysicsBackend) throws(FlingError) -> ChatHeads { try make(on: backend) }
    static func animator(_ rig: ChatHeads) -> SnapAnimator { rig.animator }
    static func advance(_ rig: ChatHeads, to t: Double) throws(FlingError) { _ = try rig.advance(to: t) }
    static func adopt(_ rig: ChatHeads, from other: ChatHeads) { rig.adoptRules(of: other) }
    static func recorder(_ rig: ChatHeads) throws(FlingError) -> SceneRecorder<Self> { try SceneRecorder(recording: rig) }
}

extension SunSwitchScene: CheckedSnapScene {
    func rig(on backend: any PhysicsBackend) throws(FlingError) -> SunSwitch {
        try SunSwitch(configuration: configuration, isOn: isOn, snap: SnapScenes.configuration(dynamics), backend: backend)
    }
    static func animator(_ rig: SunSwitch) -> SnapAnimator { rig.animator }
    static func advance(_ rig: SunSwitch, to t: Double) throws(FlingError) { _ = try rig.advance(to: t) }
    static func adopt(_ rig: SunSwitch, from other: SunSwitch) { rig.adoptRules(of: other) }
    static func recorder(_ rig: SunSwitch) throws(FlingError) -> SceneRecorder<Self> { try SceneRecorder(recording: rig) }
}

extension TouchSession {
    /// Plays the session on the snap scene as an app would (``play(settleBudget:makeBackend:)``).
    func playing(_ snap: SnapSpec, settleBudget: Double, makeBackend: MakeBackend) throws(FlingError) -> Played {
        switch snap {
        case .heads(let s): try playing(s, settleBudget: settleBudget, makeBackend: makeBackend)
        case .sunSwitch(let s): try playing(s, settleBudget: settleBudget, makeBackend: makeBackend)
        }
    }

    func playing<S: CheckedSnapScene>(_ scene: S, settleBudget: Double, makeBackend: MakeBackend) throws(FlingError) -> Played {
        let backend = try makeBackend(SnapScenes.solverIterations)
        let rig = try scene.rig(on: backend)
        let recorder = try S.recorder(rig)
        let animator = S.animator(rig)
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
                    try S.advance(rig, to: display)
                    return
                } catch {
                    refusals.append("\(error)")
                }
            }
        }
        _ = try animator.play(
            actions, handle: { e throws(FlingError) in try animator.handle(e) }, frame: advance, fields: scene.dynamics.fields,
            walls: scene.dynamics.walls)
        let sessionTicks = ticks.count
        animator.settle(after: display, budget: settleBudget, frame: advance) { !animator.isIdle }
        var played = Played(
            recording: .snap(try recorder.document(rate: 60)), ticks: ticks, events: events, refusals: refusals,
            arithmetic: backend.arithmetic)
        played.sessionTicks = sessionTicks
        if !animator.isIdle {
            played.stillMoving = animator.itemDefinitions.map(\.id).filter { (try? animator.state(of: $0))?.phase != .resting }
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

/// A snap scene document a check recorded: what the properties and the failure do with it.
protocol SnapRecording {
    func play(_ options: ReplayOptions, title: String?) throws(FlingError) -> DocumentReplay
    func comparePredictions(_ options: ReplayOptions) throws(FlingError) -> PredictionComparison?
    func replayTicks(display: ReplayOptions.DisplayFrames, makeBackend: MakeBackend, cut: Int?) throws(FlingError) -> Replayed
    /// The JSON written for a failure: named, noted, pinned on `pinning` when it can be.
    func written(name: String, notes: String, pinning: @escaping MakeBackend) -> String
}

extension SceneDocument: SnapRecording where Scene: CheckedSnapScene {
    func written(name: String, notes: String, pinning: @escaping MakeBackend) -> String {
        var d = (try? pinned(makeBackend: pinning)) ?? self
        d.name = name
        d.notes = notes
        return d.json
    }

    /// The recording replayed on a fresh scene over a backend from `makeBackend`, every input
    /// scheduled at its tick up front (as `fling replay` does), frames as `display` says up to
    /// the recording's duration; with `cut`, the scene is taken whole at the start of that tick
    /// (the animator's snapshot as bytes, the scene's own state) into a fresh one over a fresh
    /// backend, which goes on.
    func replayTicks(display: ReplayOptions.DisplayFrames, makeBackend: MakeBackend, cut: Int?) throws(FlingError) -> Replayed {
        var rig = try scene.rig(on: try makeBackend(SnapScenes.solverIterations))
        for input in scene.inputs {
            switch input.input {
            case .touch(let e): try Scene.animator(rig).schedule(.touch(e), tick: input.tick)
            case .dynamics(let d): try Scene.animator(rig).schedule(.dynamics(d), tick: input.tick)
            case .reset, .addTile, .removeTile: continue
            }
        }
        var ticks: [TraceReplay.TickState] = []
        var events: [AnyEvent] = []
        func record(_ a: SnapAnimator) {
            a.onTick = { k, states in ticks.append(TouchSession.tickState(k, states)) }
            a.onEvent = { events.append(.snap($0)) }
        }
        func unhook(_ a: SnapAnimator) {
            a.onTick = nil
            a.onEvent = nil
        }
        record(Scene.animator(rig))
        func step(_ t: Double) {
            while true {
                do {
                    try Scene.advance(rig, to: t)
                    return
                } catch {}
            }
        }
        var frames = FrameTimes(display)
        let end = sampling.duration
        var done = end <= 0
        var cut = cut
        while !done {
            var t = frames.next()
            if t >= end {
                t = end
                done = true
            }
            let animator = Scene.animator(rig)
            if let c = cut, FixedStepClock.ticksEnded(by: t, tick: animator.clock.tick) > c {
                let at = animator.clock.start(ofTick: c)
                if at > animator.clock.displayTime { step(at) }
                if animator.clock.ticks == c {
                    let snapshot = try AnimatorSnapshot(bytes: try animator.snapshot().bytes)
                    let fresh = try scene.rig(on: try makeBackend(SnapScenes.solverIterations))
                    try Scene.animator(fresh).restore(snapshot)
                    Scene.adopt(fresh, from: rig)
                    unhook(animator)
                    rig = fresh
                    record(Scene.animator(rig))
                }
                cut = nil
            }
            step(t)
        }
        unhook(Scene.animator(rig))
        return Replayed(ticks: ticks, events: events)
    }
}
