// A snap scene document (chat heads, a sun switch) replayed tick by tick, as TraceReplayer
// replays a trace: every recorded input scheduled at its tick up front (as `fling replay`
// does), then the scene advanced at display frames up to the recording's duration, each tick's
// moving items and every event kept. With a cut, the scene is taken whole at the start of that
// tick (the animator's snapshot written as bytes and read back, and the scene's own state,
// which an animator's snapshot does not hold) into a fresh scene over a fresh backend, which
// goes on: the same replay when snapshots restore bit for bit. FlingTesting's properties compare
// a live run with this.
import FlingCore
import FlingInteraction

/// Replays a snap scene document (format `fling-scene`, kind `chatHeads` or `sunSwitch`, as
/// ``SnapSceneRecorder`` writes one) tick by tick: each tick's moving items and every event.
public struct SnapSceneReplayer {
    /// The display frames the scene is advanced at.
    public var display: ReplayOptions.DisplayFrames
    let run:
        (_ display: ReplayOptions.DisplayFrames, _ cut: Int?, _ makeBackend: ReplayOptions.MakeBackend) throws(FlingError) ->
            SnapSceneReplay

    /// A replayer of `document`. Throws for a document of another kind, naming it.
    public init(_ document: any FlingDocument, display: ReplayOptions.DisplayFrames = .rate(60)) throws(FlingError) {
        self.display = display
        if let d = document as? SceneDocument<ChatHeadsScene> {
            run = { display, cut, make throws(FlingError) in try d.replayTicks(display: display, cut: cut, makeBackend: make) }
        } else if let d = document as? SceneDocument<SunSwitchScene> {
            run = { display, cut, make throws(FlingError) in try d.replayTicks(display: display, cut: cut, makeBackend: make) }
        } else {
            let kind = type(of: document).kind
            throw FlingError(
                .malformedInput, field: "SnapSceneReplayer(_:)", value: "a \(kind.format) document of kind \(kind.name)",
                reason: "replays snap scene documents (format fling-scene) of kind chatHeads or sunSwitch")
        }
    }

    /// The replay on a backend from `makeBackend` (given the snap scenes' solver iterations,
    /// ``SnapSceneRecorder/solverIterations``), cut at tick `tick` if given: there the scene is
    /// taken whole into a fresh one over a fresh backend, which goes on to the end (a cut at a
    /// tick the recording does not step cuts nothing). Throws when the display rate is not within
    /// 1...100000 Hz or would stall the clock, or the backend throws; an error the scene's
    /// advance throws is kept in ``SnapSceneReplay/refusals``. The document's work budget is
    /// not checked here: `FlingDocument.validateWork(_:)` checks it, as `play(_:title:)` does.
    public func replay(cutAt tick: Int? = nil, makeBackend: ReplayOptions.MakeBackend) throws(FlingError) -> SnapSceneReplay {
        try Check.range(display.rate, 1...100_000, "ReplayOptions.DisplayFrames.rate")
        let longest = SnapConfiguration().drag.maxDisplayFrameInterval
        guard display.longestInterval <= longest else {
            throw FlingError(
                .outOfRange, field: "display rate", value: "\(display.rate) Hz",
                reason: "frames up to \(display.longestInterval) s apart would stall the clock (maxFrameInterval \(longest) s)")
        }
        if let tick, tick < 0 {
            throw FlingError(.outOfRange, field: "SnapSceneReplayer.replay(cutAt:)", value: "\(tick)", reason: "a tick is never negative")
        }
        return try run(display, tick, makeBackend)
    }
}

/// What ``SnapSceneReplayer`` gave: each tick's moving items, and the snap events in order.
public struct SnapSceneReplay: Sendable {
    /// An item's state after a tick, compared by bits (``ReplayedState``).
    public typealias ItemState = ReplayedState<SnapItem>

    /// The items that moved in tick `tick` (had a world), in id order; compared by bits
    /// (``ItemState``).
    public struct TickState: Hashable, Sendable {
        public var tick: Int
        public var items: [ItemState]
    }

    /// Every tick stepped, in order (a cut's restored scene goes on from the cut).
    public var ticks: [TickState] = []
    /// The animator's events, in order.
    public var events: [SnapEvent] = []
    /// The errors the scene's advance threw (a scene rule's command refused), in order: the
    /// ticks were stepped.
    public var refusals: [FlingError] = []
}

/// What a replay does with a snap scene kind: make it live on a backend, step it, and hand its
/// own state (which an animator's snapshot does not hold) to another.
protocol LiveSnapScene: SnapDrivenScene {
    associatedtype Rig: AnyObject
    func make(on backend: any PhysicsBackend, predictionTicks: Int?) throws(FlingError) -> Rig
    static func animator(_ rig: Rig) -> SnapAnimator
    /// Advances to `t` (a rule's failure thrown after the ticks are stepped).
    static func advance(_ rig: Rig, to t: Double) throws(FlingError)
    static func adopt(_ rig: Rig, from other: Rig)
}

extension ChatHeadsScene: LiveSnapScene {
    static func animator(_ rig: ChatHeads) -> SnapAnimator { rig.animator }
    static func advance(_ rig: ChatHeads, to t: Double) throws(FlingError) { _ = try rig.advance(to: t) }
    static func adopt(_ rig: ChatHeads, from other: ChatHeads) { rig.adoptState(of: other) }
}

extension SunSwitchScene: LiveSnapScene {
    static func animator(_ rig: SunSwitch) -> SnapAnimator { rig.animator }
    static func advance(_ rig: SunSwitch, to t: Double) throws(FlingError) { _ = try rig.advance(to: t) }
    static func adopt(_ rig: SunSwitch, from other: SunSwitch) { rig.adoptState(of: other) }
}

extension SceneDocument where Scene: LiveSnapScene {
    func replayTicks(display: ReplayOptions.DisplayFrames, cut: Int?, makeBackend: ReplayOptions.MakeBackend) throws(FlingError)
        -> SnapSceneReplay
    {
        try validate()
        var rig = try scene.make(on: try makeBackend(SnapScenes.solverIterations), predictionTicks: nil)
        try SnapScenes.schedule(scene.inputs, on: Scene.animator(rig))
        var out = SnapSceneReplay()
        func record(_ a: SnapAnimator) {
            a.onTick = { k, states in
                out.ticks.append(.init(tick: k, items: states.map { SnapSceneReplay.ItemState(id: $0.0, state: $0.1) }))
            }
            a.onEvent = { out.events.append($0) }
        }
        func unhook(_ a: SnapAnimator) {
            a.onTick = nil
            a.onEvent = nil
        }
        record(Scene.animator(rig))
        defer { unhook(Scene.animator(rig)) }
        // A rule's failure is thrown once the ticks are stepped: the call again steps none.
        func step(_ t: Double) {
            while true {
                do {
                    try Scene.advance(rig, to: t)
                    return
                } catch {
                    out.refusals.append(error)
                }
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
                    let fresh = try scene.make(on: try makeBackend(SnapScenes.solverIterations), predictionTicks: nil)
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
        return out
    }
}
