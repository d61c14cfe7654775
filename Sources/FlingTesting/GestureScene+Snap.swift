// Snap scenes: chat heads over a SnapAnimator, as a snap scene document (`fling-scene`, kind
// `chatHeads`) holds them. A session in one is played live on a `ChatHeads` recorded by a
// `SnapSceneRecorder`, so its recording is a snap scene document `fling replay` reads; the
// properties replay that document tick by tick (the same inputs, scheduled at their ticks, at
// any display frames, on any backend, cut and restored from a snapshot).
import Fling

extension GestureScene {
    /// Three chat heads on a phone screen, resting at its side edges (the default
    /// `ChatHeads.Configuration`): a tap on one opens the conversation, a drag or fling carries
    /// it to the nearest edge, on a spring.
    public static var chatHeads: GestureScene {
        GestureScene(unchecked: ChatHeadsScene(ChatHeads.Configuration(screen: phone), heads: Self.headCenters))
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
            unchecked: ChatHeadsScene(ChatHeads.Configuration(screen: phone), heads: Self.headCenters, dynamics: dynamics))
    }

    static let headCenters = [Vector(18, 300), Vector(372, 560), Vector(18, 680)]

    /// The scene of a snap scene document of kind `chatHeads` (format `fling-scene`,
    /// docs/TRACES.md): its heads, configuration and dynamics; its inputs and sampling are left
    /// out. Throws for another document or kind, naming what it read.
    public init(sceneDocument json: String) throws(FlingError) {
        let document = try SceneDocument<ChatHeadsScene>(json: json)
        try self.init(heads: document.scene)
    }

    /// The scene of chat heads `heads` (their inputs left out).
    package init(heads: ChatHeadsScene) throws(FlingError) {
        var scene = heads
        scene.inputs = []
        try scene.validate(SceneSampling(duration: 0))
        self.init(unchecked: scene)
    }

    init(unchecked heads: ChatHeadsScene) {
        self.init(unchecked: heads.configuration.screen, [], TileConfiguration())
        self.solverIterations = SnapScenes.solverIterations
        self.heads = heads
    }
}

extension TouchSession {
    /// Plays the session on chat heads as an app would (``play(settleBudget:makeBackend:)``).
    func playing(_ scene: ChatHeadsScene, settleBudget: Double, makeBackend: MakeBackend) throws(FlingError) -> Played {
        let backend = try makeBackend(SnapScenes.solverIterations)
        let heads = try scene.make(on: backend)
        let recorder = try SnapSceneRecorder(recording: heads)
        let animator = heads.animator
        var ticks: [TraceReplay.TickState] = []
        var events: [AnyEvent] = []
        var refusals: [String] = []
        animator.onTick = { k, states in ticks.append(Self.tickState(k, states)) }
        defer { animator.onTick = nil }
        var display = 0.0
        func advance(_ t: Double) {
            display = max(display, t)
            while true {
                do {
                    events += try heads.advance(to: display).snap.map(AnyEvent.snap)
                    return
                } catch {
                    refusals.append("\(error)")
                }
            }
        }
        var fieldsChanged = false
        for action in actions {
            switch action {
            case .touch(let e): try heads.handle(e)
            case .frame(let t): advance(t)
            case .push(let p, let id): try animator.applyPush(p, to: SnapItem.ID(id.rawValue))
            case .addPush(let p, let id): _ = try animator.addPush(p, to: SnapItem.ID(id.rawValue))
            case .removePush(let id): if animator.continuousPushes.contains(id) { try animator.removePush(id) }
            case .setFields(let f):
                try animator.setFields(f)
                fieldsChanged = true
            }
        }
        let sessionTicks = ticks.count
        // The app lets go: continuous pushes off, the scene's fields back; then frames until idle.
        for id in animator.continuousPushes { try animator.removePush(id) }
        if fieldsChanged { try animator.setFields(scene.dynamics.fields) }
        let frame = 1.0 / 60
        let last = display + settleBudget
        var t = display
        repeat {
            t += frame
            advance(t)
        } while t < last && !animator.isIdle
        var played = Played(
            recording: .heads(try recorder.document(rate: 60)), ticks: ticks, events: events, refusals: refusals,
            arithmetic: backend.arithmetic)
        played.sessionTicks = sessionTicks
        if !animator.isIdle {
            played.stillMoving = animator.itemDefinitions.map(\.id).filter { (try? animator.snapshot(of: $0))?.phase != .resting }
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

extension SceneDocument where Scene == ChatHeadsScene {
    /// The recording replayed on fresh heads over a backend from `makeBackend`, every input
    /// scheduled at its tick up front (as `fling replay` does), frames as `display` says up to
    /// the recording's duration; with `cut`, the heads are taken whole at the start of that
    /// tick (the animator's snapshot as bytes, the rules' own state) into fresh heads over a
    /// fresh backend, which go on.
    func replayTicks(display: ReplayOptions.DisplayFrames, makeBackend: MakeBackend, cut: Int? = nil) throws(FlingError) -> Replayed {
        var heads = try scene.make(on: try makeBackend(SnapScenes.solverIterations))
        for input in scene.inputs {
            switch input.input {
            case .touch(let e): try heads.animator.schedule(.touch(e), tick: input.tick)
            case .dynamics(let d): try heads.animator.schedule(.dynamics(d), tick: input.tick)
            case .reset, .addTile, .removeTile: continue
            }
        }
        var out = Replayed()
        var ticks: [TraceReplay.TickState] = []
        func record(_ h: ChatHeads) { h.animator.onTick = { k, states in ticks.append(TouchSession.tickState(k, states)) } }
        record(heads)
        func step(_ t: Double) {
            while true {
                do {
                    out.events += try heads.advance(to: t).snap.map(AnyEvent.snap)
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
            if let c = cut, FixedStepClock.ticksEnded(by: t, tick: heads.animator.clock.tick) > c {
                let at = heads.animator.clock.start(ofTick: c)
                if at > heads.animator.clock.displayTime { step(at) }
                if heads.animator.clock.ticks == c {
                    let snapshot = try AnimatorSnapshot(bytes: try heads.animator.snapshot().bytes)
                    let fresh = try scene.make(on: try makeBackend(SnapScenes.solverIterations))
                    try fresh.animator.restore(snapshot)
                    fresh.adoptRules(of: heads)
                    heads.animator.onTick = nil
                    heads = fresh
                    record(heads)
                }
                cut = nil
            }
            step(t)
        }
        heads.animator.onTick = nil
        out.ticks = ticks
        return out
    }
}
