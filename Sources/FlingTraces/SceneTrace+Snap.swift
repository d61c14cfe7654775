import FlingCore
import FlingInteraction

/// Snap scenes (chat heads, the sun switch) in scene documents: validation, recording and
/// replay. Unlike the seeded scenes they run physics, so their replay takes a backend.
extension SceneTrace {
    /// Throws unless `inputs` are touches obeying the touch rules (``TouchSequence``), naming
    /// items `1...items` if any, with ticks never decreasing.
    static func validate(touches inputs: [Trace.Input], items: Int, sampling: Sampling) throws(FlingError) {
        // A sample interval longer than the clock's maxFrameInterval (0.25 s) would be a stall:
        // the replay would drop time the live run simulated.
        try Check.range(sampling.rate, 4...1000, "sampling.rate")
        guard items <= Self.maximumSnapItems else {
            throw FlingError(
                .outOfRange, field: "heads", value: "\(items - 1)", reason: "a snap scene has at most \(Self.maximumSnapItems - 1) heads")
        }
        guard inputs.count <= 1_000_000 else {
            throw FlingError(.outOfRange, field: "inputs", value: "\(inputs.count)", reason: "a snap scene has at most 1000000 inputs")
        }
        var sequence = TouchSequence()
        var lastTick = 0
        for (n, input) in inputs.enumerated() {
            guard case .touch(let e) = input.input else {
                throw FlingError(.malformedInput, field: "inputs[\(n)]", value: "tile operation", reason: "a snap scene takes touches only")
            }
            try sequence.accept(
                e, field: { "inputs[\(n)].\($0)" }, naming: SnapPolicy.naming, knows: { (1...items).contains($0.rawValue) })
            if let tick = input.tick {
                guard tick >= lastTick, tick <= 216_000_000 else {
                    throw FlingError(.outOfOrder, field: "inputs[\(n)].tick", value: "\(tick)", reason: "ticks never decrease")
                }
                lastTick = tick
            }
        }
    }

    /// The solver iterations of a snap scene's backend: Chipmunk's default.
    package static let snapSolverIterations = 10

    /// The most items (heads and the panel) a snap scene may have.
    public static let maximumSnapItems = 1001

    /// Whether the scene runs physics (and so needs a backend to replay).
    public var isSnapScene: Bool {
        switch scene {
        case .chatHeads, .sunSwitch: true
        case .bubbles, .dayNight, .clouds: false
        }
    }
}

/// Records chat heads or a sun switch as a scene document.
///
/// Make it before the scene's first touch and tick; use the scene as usual; then
/// ``trace(rate:name:notes:)`` gives the document. The replay contract holds as for tile
/// traces: the replay steps the same ticks, with the same touches at the same ticks, to the
/// same tick digest (``SceneReplay/tickDigest``).
public struct SnapSceneRecorder {
    let animator: SnapAnimator
    let scene: (_ inputs: [Trace.Input]) -> SceneTrace.Scene

    public init(recording heads: ChatHeads) throws(FlingError) {
        try Self.start(heads.animator)
        animator = heads.animator
        let c = heads.configuration
        let centers = heads.heads.map { id in heads.animator.itemDefinitions.first { $0.id == id }!.center }
        guard heads.heads == (1...max(1, heads.heads.count)).map({ SnapItemID($0) }) else {
            throw FlingError(
                .invalidState, field: "SnapSceneRecorder(recording:)", value: "\(heads.heads)", reason: "head ids must be 1, 2, …")
        }
        scene = { .chatHeads(c, heads: centers, inputs: $0) }
    }

    public init(recording sunSwitch: SunSwitch) throws(FlingError) {
        try Self.start(sunSwitch.animator)
        animator = sunSwitch.animator
        let c = sunSwitch.configuration, on = sunSwitch.isOn
        scene = { .sunSwitch(c, isOn: on, inputs: $0) }
    }

    static func start(_ animator: SnapAnimator) throws(FlingError) {
        guard animator.clock.ticks == 0, animator.isDrained, animator.journal == nil, animator.clock.displayTime == 0,
            animator.configuration == SnapConfiguration(), animator.timeOrigin == 0,
            animator.backend.solverIterations == SceneTrace.snapSolverIterations
        else {
            throw FlingError(
                .invalidState, field: "SnapSceneRecorder(recording:)", value: "\(animator.clock.ticks) ticks",
                reason:
                    "record a fresh scene with the default SnapConfiguration, a backend of \(SceneTrace.snapSolverIterations) solver iterations and time origin 0, once"
            )
        }
        animator.journal = []
    }

    /// The recording so far, sampled at `rate` up to the last display time.
    public func trace(rate: Double = 60, name: String? = nil, notes: String? = nil) throws(FlingError) -> SceneTrace {
        var inputs: [Trace.Input] = []
        for applied in animator.journal ?? [] {
            guard case .touch(let e) = applied.input else {
                throw FlingError(
                    .invalidState, field: "SnapSceneRecorder.trace", value: "send",
                    reason: "a snap scene document records touches only; the app sent an item")
            }
            let natural = FixedStepClock.firstTick(atOrAfter: e.time, tick: animator.settings.tick)
            inputs.append(Trace.Input(.touch(e), tick: natural == applied.tick ? nil : applied.tick))
        }
        let duration = animator.clock.start(ofTick: animator.clock.ticks)
        let trace = SceneTrace(name: name, notes: notes, scene: scene(inputs), sampling: .init(rate: rate, duration: duration))
        try trace.validate()
        return trace
    }
}

/// A backend that makes nothing: validation builds a snap scene on it to check its numbers
/// (a scene at rest never asks its backend for a world).
final class SnapValidationBackend: PhysicsBackend {
    var name: String { "validation" }
    var solverIterations: Int { 10 }
    var worldCount: Int { 0 }
    var arithmetic: Arithmetic { .portable }
    func refuse() -> FlingError { FlingError(.invalidState, field: "validation backend", value: "", reason: "runs nothing") }
    func makeWorld(_ definition: WorldDefinition) throws(FlingError) -> WorldID { throw refuse() }
    func destroyWorld(_ world: WorldID) throws(FlingError) { throw refuse() }
    func attachDrag(_ joint: DragJoint, to world: WorldID) throws(FlingError) { throw refuse() }
    func moveFinger(in world: WorldID, to position: Vector, velocity: Vector) throws(FlingError) { throw refuse() }
    func detachDrag(from world: WorldID) throws(FlingError) { throw refuse() }
    func attachAttraction(_ attraction: Attraction, to world: WorldID) throws(FlingError) { throw refuse() }
    func detachAttraction(from world: WorldID) throws(FlingError) { throw refuse() }
    func setGravity(of world: WorldID, _ gravity: Vector) throws(FlingError) { throw refuse() }
    func setDamping(of world: WorldID, _ damping: Double) throws(FlingError) { throw refuse() }
    func setVelocity(of world: WorldID, linear: Vector, angular: Double) throws(FlingError) { throw refuse() }
    func step(by dt: Double) throws(FlingError) { throw refuse() }
    func state(of world: WorldID) throws(FlingError) -> BodyState { throw refuse() }
}

extension SceneTrace {
    /// The snap replay: every input scheduled at its tick up front (as ``TraceReplayer``
    /// does), then the animator advanced to each sample time.
    func replaySnap(_ n: Int, keepsFrames: Bool, backend: any PhysicsBackend, into out: inout SceneReplay) throws(FlingError) {
        let animator: SnapAnimator
        let inputs: [Trace.Input]
        var heads: ChatHeads?
        var sun: SunSwitch?
        switch scene {
        case .chatHeads(let c, let centers, let i):
            heads = try ChatHeads(
                heads: centers.enumerated().map { (SnapItemID($0.offset + 1), $0.element) }, configuration: c,
                backend: backend)
            animator = heads!.animator
            inputs = i
        case .sunSwitch(let c, let on, let i):
            sun = try SunSwitch(configuration: c, isOn: on, backend: backend)
            animator = sun!.animator
            inputs = i
        case .bubbles, .dayNight, .clouds:
            return
        }
        for input in inputs {
            guard case .touch(let e) = input.input else { continue }
            try animator.schedule(.touch(e), tick: input.tick)
        }
        let ids = animator.itemDefinitions.map(\.id)
        for k in 0..<n {
            let t = sampling.time(k)
            let events: [SnapEvent]
            if let heads {
                let r = try heads.advance(to: t)
                events = r.snap
                out.events += r.heads.map { e in
                    switch e {
                    case .opened(let head, let tick): "tick \(tick) head \(head.rawValue) opened the conversation"
                    case .closed(let tick): "tick \(tick) heads closed back"
                    }
                }
            } else {
                out.events += try sun!.advance(to: t).map { e in
                    switch e {
                    case .toggled(let on, let tick): "tick \(tick) switch toggled \(on ? "on" : "off")"
                    }
                }
                events = []
            }
            out.events += events.map(Self.describe)
            var snapshots: [SnapSnapshot] = []
            for id in ids {
                let s = try animator.snapshot(of: id)
                out.digest.combine(s.state.position.x); out.digest.combine(s.state.position.y); out.digest.combine(s.scale)
                if keepsFrames { snapshots.append(s) }
            }
            var extras: [Double]
            if let heads {
                let f = heads.panelFrame
                extras = [f.x, f.y, f.width, f.height]
            } else {
                extras = [sun!.raysAngle, sun!.raysAlpha, sun!.isOn ? 1 : 0]
            }
            for x in extras { out.digest.combine(x) }
            if keepsFrames { out.frames.append(.snap(snapshots, extras: extras)) }
        }
        // The ticks after the last sample, up to the duration (a recording's last tick).
        if n > 0, sampling.time(n - 1) < sampling.duration {
            if let heads { try heads.advance(to: sampling.duration) } else { try sun!.advance(to: sampling.duration) }
        }
        out.comparedPins = backend.arithmetic == .portable
        out.tickDigest = animator.digest
        out.ticks = animator.clock.ticks
    }

    static func describe(_ e: SnapEvent) -> String {
        let item = e.item.map { "item \($0.rawValue)" } ?? "no item"
        switch e.kind {
        case .grabbed(let touch): return "tick \(e.tick) \(item) grabbed by touch \(touch.rawValue)"
        case .released(let v, _, let target):
            return "tick \(e.tick) \(item) released vx \(v.x) vy \(v.y) target \(target.x) \(target.y)"
        case .tapped(let touch, let at): return "tick \(e.tick) \(item) tapped by touch \(touch.rawValue) at \(at.x) \(at.y)"
        case .sent(let target): return "tick \(e.tick) \(item) sent to \(target.x) \(target.y)"
        case .settled(let at): return "tick \(e.tick) \(item) settled at \(at.x) \(at.y)"
        }
    }
}
