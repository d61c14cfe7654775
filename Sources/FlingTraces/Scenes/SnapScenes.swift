import FlingCore
import FlingInteraction

// What the two snap scene kinds (chat heads, the sun switch) share: their inputs' checks, the
// replay that schedules every input at its tick up front (as TraceReplayer does) and samples
// the animator, the event words, the dynamics (version 2: the snap configuration's `dynamics`,
// pushes and field changes among the inputs), and the backend validation builds a scene on. Unlike the
// seeded scenes they run physics, so their replay takes a backend, and their pins (made with
// portable arithmetic) are compared only on a backend of that arithmetic.

/// One sample of a snap scene: every item's snapshot in id order (heads and the panel, or the
/// knob), and the scene's own numbers: the panel's frame (x, y, width, height) for chat heads;
/// the rays' angle and alpha and 1 or 0 for on or off for a switch.
struct SnapFrame: Hashable, Sendable {
    var items: [SnapItemState]
    var extras: [Double]
    init(items: [SnapItemState], extras: [Double]) { self.items = items; self.extras = extras }
}

/// A snap scene being replayed: its animator, one advance to a sample time (the animator's
/// events, the scene's own in words and for a Run), and its own numbers after it.
struct SnapDriver {
    let animator: SnapAnimator
    let advance: (_ time: Double, _ sample: Int) throws(FlingError) -> (snap: [SnapEvent], words: [String], timeline: [RunEvent])
    let extras: () -> [Double]
    /// The item kind of an item id, for a Run (`head`, `panel`, `knob`).
    let itemKind: (SnapItem.ID) -> String
}

enum SnapScenes {
    /// The most items (heads and the panel) a snap scene may have.
    static let maximumItems = 1001

    /// The physics ticks a snap scene steps over its sampling's duration (default tick).
    static func ticks(_ sampling: SceneSampling) -> Double { (sampling.duration / SnapConfiguration().drag.tick).rounded(.down) + 1 }

    /// The solver iterations of a snap scene's backend: Chipmunk's default (a snap scene
    /// document does not carry them; its recorder refuses a backend of others).
    static let solverIterations = 10

    /// Throws unless `inputs` are touches obeying the touch rules (`TouchSequence`), naming
    /// items `1...items` if any, with ticks never decreasing (a wall change only where the
    /// scene has `walls`).
    static func validate(touches inputs: [Trace.Input], items: Int, sampling: SceneSampling, walls: [Wall]) throws(FlingError) {
        var pushes = DynamicsInputCheck(current: walls)
        // A sample interval longer than the clock's maxFrameInterval (0.25 s) would be a stall:
        // the replay would drop time the live run simulated.
        try Check.range(sampling.rate, 4...1000, "sampling.rate")
        guard items <= maximumItems else {
            throw FlingError(
                .outOfRange, field: "heads", value: "\(items - 1)", reason: "a snap scene has at most \(maximumItems - 1) heads")
        }
        guard inputs.count <= 1_000_000 else {
            throw FlingError(.outOfRange, field: "inputs", value: "\(inputs.count)", reason: "a snap scene has at most 1000000 inputs")
        }
        var sequence = TouchSequence()
        var lastTick = 0
        for (n, input) in inputs.enumerated() {
            switch input.input {
            case .touch(let e):
                try sequence.accept(
                    e, field: { "inputs[\(n)].\($0)" }, items: SnapItem.self, knows: { (1...items).contains($0.rawValue) })
            case .dynamics(let d):
                guard input.tick != nil else {
                    throw FlingError(
                        .malformedInput, field: "inputs[\(n)].tick", value: "none", reason: "a push or field change needs its tick")
                }
                if let item = d.item, !(1...items).contains(item.rawValue) {
                    throw FlingError(.unknownItem, field: "inputs[\(n)]", value: "\(item.rawValue)", reason: "no item has this id")
                }
                try pushes.accept(d, at: "inputs[\(n)]")
            case .reset, .addTile, .removeTile:
                throw FlingError(
                    .malformedInput, field: "inputs[\(n)]", value: "tile operation",
                    reason: "a snap scene takes touches, pushes and field changes only")
            }
            if let tick = input.tick {
                guard tick >= lastTick, tick <= 216_000_000 else {
                    throw FlingError(.outOfOrder, field: "inputs[\(n)].tick", value: "\(tick)", reason: "ticks never decrease")
                }
                lastTick = tick
            }
        }
    }

    /// The replay: every input scheduled at its tick up front, then the animator advanced to
    /// each sample time; per sample, every item's center x, y and scale in id order, then the
    /// scene's numbers, chained into the digest.
    static func replay<Scene: SampledScene>(
        _ inputs: [Trace.Input], _ sampling: SceneSampling, _ options: ReplayOptions, backend: any PhysicsBackend,
        _ driver: SnapDriver, into out: inout SceneReplay<Scene>
    ) throws(FlingError) where Scene.Frame == SnapFrame {
        let animator = driver.animator
        try schedule(inputs, on: animator)
        let ids = animator.zOrder.sorted()
        let n = sampling.count
        for k in 0..<n {
            let r = try driver.advance(sampling.time(k), k)
            out.events += r.words
            out.events += r.snap.map(describe)
            out.timeline += r.timeline
            out.timeline += r.snap.map { e in event(e, sample: k, kind: e.item.map(driver.itemKind) ?? "item") }
            var snapshots: [SnapItemState] = []
            let keepsSteps = options.keeps(k, of: n)
            for id in ids {
                let s = try animator.state(of: id)
                out.digest.combine(s.state.position.x); out.digest.combine(s.state.position.y); out.digest.combine(s.scale)
                if keepsSteps { snapshots.append(s) }
            }
            let extras = driver.extras()
            for x in extras { out.digest.combine(x) }
            if keepsSteps { out.frames.append(SnapFrame(items: snapshots, extras: extras)); out.sampleDigests.append(out.digest) }
        }
        // The ticks after the last sample, up to the duration (a recording's last tick).
        if n > 0, sampling.time(n - 1) < sampling.duration { _ = try driver.advance(sampling.duration, n - 1) }
        if backend.arithmetic != .portable { out.pins.comparedOn = .nowhere(replayArithmetic: backend.arithmetic) }
        out.tickDigest = animator.digest
        out.ticks = animator.clock.ticks
    }

    /// Schedules every input at its tick up front (a snap scene takes touches, pushes and field
    /// changes only).
    static func schedule(_ inputs: [Trace.Input], on animator: SnapAnimator) throws(FlingError) {
        for input in inputs {
            switch input.input {
            case .touch(let e): try animator.schedule(.touch(e), tick: input.tick)
            case .dynamics(let d): try animator.schedule(.dynamics(d), tick: input.tick)
            case .reset, .addTile, .removeTile: continue
            }
        }
    }

    /// Replays the scene one tick at a time with predictions, checking each release's against
    /// what its item then did (PredictionComparison), on past the scene's end until every one is due.
    static func comparePredictions(_ inputs: [Trace.Input], _ sampling: SceneSampling, _ driver: SnapDriver) throws(FlingError)
        -> PredictionComparison
    {
        let animator = driver.animator
        try schedule(inputs, on: animator)
        var check = PredictionComparison(noun: "item")
        var events: [SnapEvent] = []
        animator.onTick = { k, _ in check.inputsApplied(k) { animator.predictionStands(SnapItem.ID($0)) } }
        animator.onEvent = { events.append($0) }
        defer {
            animator.onTick = nil
            animator.onEvent = nil
        }
        let dt = animator.configuration.drag.tick
        let last = FixedStepClock.ticksEnded(by: sampling.duration, tick: dt) - 1
        let places = Dictionary(
            uniqueKeysWithValues: try animator.zOrder.map { id throws(FlingError) in (id, try animator.state(of: id).item.restingPlaces) })
        var k = 0
        while k <= last || !check.isDone {
            events.removeAll()
            _ = try driver.advance(Double(k + 1) * dt, 0)
            check.ticked(
                k, scene: 0, events.compactMap { PredictionComparison.Seen($0) { places[$0] } },
                stands: { animator.predictionStands(SnapItem.ID($0)) },
                pose: { (try? animator.state(of: SnapItem.ID($0)))?.state.transform })
            k += 1
        }
        check.finish(at: k - 1)
        return check
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
        case .wallContact(let c): return "tick \(e.tick) \(item) hit \(Trace.contactDetail(c))"
        }
    }

    static func event(_ e: SnapEvent, sample k: Int, kind: String) -> RunEvent {
        let name: String, detail: String
        switch e.kind {
        case .grabbed(let touch): name = "grabbed"; detail = "touch \(touch.rawValue) at tick \(e.tick)"
        case .released(let v, _, let target):
            name = "released"; detail = "vx \(v.x) vy \(v.y) target (\(target.x), \(target.y)) at tick \(e.tick)"
        case .tapped(let touch, let at): name = "tapped"; detail = "touch \(touch.rawValue) at (\(at.x), \(at.y)) at tick \(e.tick)"
        case .sent(let target): name = "sent"; detail = "to (\(target.x), \(target.y)) at tick \(e.tick)"
        case .settled(let at): name = "snapped"; detail = "at (\(at.x), \(at.y)) at tick \(e.tick)"
        case .wallContact(let c): name = "wallContact"; detail = "\(Trace.contactDetail(c)) at tick \(e.tick)"
        }
        return RunEvent(step: k, kind: kind, id: e.item?.rawValue ?? 0, name: name, detail: detail)
    }

    /// The touches, pushes and field changes, each at the first sample that shows it (the first
    /// after the end of the tick it is applied before).
    static func inputs(_ inputs: [Trace.Input], _ sampling: SceneSampling) -> [Run.Input] {
        let tick = SnapConfiguration().drag.tick
        return inputs.compactMap { input in
            switch input.input {
            case .touch(let e):
                let j = input.tick ?? FixedStepClock.firstTick(atOrAfter: e.time, tick: tick)
                return Run.Input(
                    step: sampling.firstSample(atOrAfter: Double(j + 1) * tick), time: e.time, name: "touch", touch: e.touch.rawValue,
                    phase: e.phase.rawValue, position: e.position, detail: input.tick.map { "at tick \($0)" } ?? "")
            case .dynamics(let d):
                let j = input.tick ?? 0
                let (name, detail) = d.runInput
                return Run.Input(
                    step: sampling.firstSample(atOrAfter: Double(j + 1) * tick), time: Double(j) * tick, name: name,
                    detail: "\(detail) at tick \(j)")
            case .reset, .addTile, .removeTile: return nil
            }
        }
    }

    /// The snap configuration a scene runs: the default, with the scene's dynamics.
    static func configuration(_ dynamics: DynamicsSettings, predictionTicks: Int? = nil) -> SnapConfiguration {
        var c = SnapConfiguration()
        c.dynamics = dynamics
        c.drag.predictionTicks = predictionTicks
        return c
    }

    /// The lowest document version that holds a snap scene: 2 with dynamics, else 1.
    static func minimumVersion(_ dynamics: DynamicsSettings, _ inputs: [Trace.Input]) -> Int {
        dynamics.isEmpty && !inputs.contains { if case .dynamics = $0.input { true } else { false } } ? 1 : 2
    }

    /// The scene's `dynamics` member, written from version 2 on.
    static func members(_ dynamics: DynamicsSettings, version: Int) -> [String] {
        version >= 2 ? ["\"dynamics\": \(JSONWriter.dynamics(dynamics))"] : []
    }

    /// The word for an item's phase.
    static func phase(_ p: SnapPhase) -> String {
        switch p {
        case .resting: "resting"
        case .held: "held"
        case .springing: "springing"
        case .keyframing: "keyframing"
        }
    }

    /// A snapshot's values for a Run: `x y vx vy scale`.
    static func values(_ s: SnapItemState) -> [Double] {
        [s.state.position.x, s.state.position.y, s.state.velocity.x, s.state.velocity.y, s.scale]
    }
}

/// A backend that makes nothing: validation builds a snap scene on it to check its numbers
/// (a scene at rest never asks its backend for a world). A `DynamicsBackend`, so that a
/// scene whose configuration has dynamics builds on it too.
final class SnapValidationBackend: DynamicsBackend {
    var name: String { "validation" }
    var solverIterations: Int { 10 }
    var worldCount: Int { 0 }
    var arithmetic: Arithmetic { .portable }
    func refuse() -> FlingError { FlingError(.invalidState, field: "validation backend", value: "", reason: "runs nothing") }
    func makeWorld(_ definition: WorldDefinition) throws(FlingError) -> WorldID { throw refuse() }
    func destroyWorld(_ world: WorldID) throws(FlingError) { throw refuse() }
    func addDrag(_ joint: DragJoint, to world: WorldID) throws(FlingError) -> JointID { throw refuse() }
    func moveDrag(_ joint: JointID, in world: WorldID, to position: Vector, velocity: Vector) throws(FlingError) { throw refuse() }
    func removeDrag(_ joint: JointID, from world: WorldID) throws(FlingError) { throw refuse() }
    func attachAttraction(_ attraction: Attraction, to world: WorldID) throws(FlingError) { throw refuse() }
    func detachAttraction(from world: WorldID) throws(FlingError) { throw refuse() }
    func setGravity(of world: WorldID, _ gravity: Vector) throws(FlingError) { throw refuse() }
    func setDamping(of world: WorldID, _ damping: Double) throws(FlingError) { throw refuse() }
    func setVelocity(of world: WorldID, linear: Vector, angular: Double) throws(FlingError) { throw refuse() }
    func step(by dt: Double) throws(FlingError) { throw refuse() }
    func state(of world: WorldID) throws(FlingError) -> BodyState { throw refuse() }
    func setWalls(_ walls: [Wall], of world: WorldID) throws(FlingError) { throw refuse() }
    func setItemProperties(_ properties: ItemProperties, of world: WorldID) throws(FlingError) { throw refuse() }
    func applyImpulse(_ push: Push, to world: WorldID) throws(FlingError) { throw refuse() }
    func addForce(_ push: Push, to world: WorldID) throws(FlingError) -> ForceID { throw refuse() }
    func removeForce(_ force: ForceID, from world: WorldID) throws(FlingError) { throw refuse() }
    func setFields(_ fields: [Field], of world: WorldID) throws(FlingError) { throw refuse() }
    func contacts(of world: WorldID) throws(FlingError) -> [Wall.Contact] { throw refuse() }
    func addPivot(_ pivot: StaticPivot, to world: WorldID) throws(FlingError) -> JointID { throw refuse() }
    func addGear(_ gear: StaticGear, to world: WorldID) throws(FlingError) -> JointID { throw refuse() }
    func removeJoint(_ joint: JointID, from world: WorldID) throws(FlingError) { throw refuse() }
}

/// Records chat heads or a sun switch as a `fling-scene` document.
///
/// Make it before the scene's first touch and tick; use the scene as usual; then
/// ``document(rate:name:notes:)`` gives the document, whose ``FlingDocument/json`` you save.
/// The replay contract holds as for tile traces: ``Documents/read(_:)`` reads the text back,
/// and ``FlingDocument/play(_:title:)`` steps the same ticks, with the same touches at the same
/// ticks, to the same tick digest.
///
/// ```swift
/// import Fling
///
/// func recordedThrow() throws(FlingError) -> String {
///     let screen = Rect(x: 0, y: 0, width: 390, height: 844)
///     let heads = try ChatHeads(heads: [(1, Vector(18, 200)), (2, Vector(18, 300))],
///                               configuration: ChatHeads.Configuration(screen: screen, safeBand: 47...810),
///                               backend: NativeBackend())
///     let recorder = try SnapSceneRecorder(recording: heads)
///     try heads.handle(TouchEvent(time: 0.10, touch: 1, phase: .began, position: Vector(18, 200)))
///     try heads.handle(TouchEvent(time: 0.20, touch: 1, phase: .moved, position: Vector(120, 260)))
///     try heads.handle(TouchEvent(time: 0.25, touch: 1, phase: .ended, position: Vector(160, 280)))
///     _ = try heads.advance(to: 2)
///     return try recorder.document(rate: 60, name: "a throw").json
/// }
/// ```
public struct SnapSceneRecorder {
    /// The solver iterations of a snap scene's backend, 10 (Chipmunk's default): a snap scene
    /// document does not carry them, so the recorder refuses a backend of others.
    public static let solverIterations = SnapScenes.solverIterations

    private let take: (_ rate: Double, _ name: String?, _ notes: String?) throws(FlingError) -> any FlingDocument

    /// Starts recording `heads` (ids 1, 2, …; the default `SnapConfiguration` but for its
    /// dynamics and snap rules, a backend of 10 solver iterations, time origin 0), before its
    /// first touch and tick.
    public init(recording heads: ChatHeads) throws(FlingError) {
        let recorder = try SceneRecorder<ChatHeadsScene>(recording: heads)
        take = { rate, name, notes throws(FlingError) in try recorder.document(rate: rate, name: name, notes: notes) }
    }

    /// Starts recording `sunSwitch` (the default `SnapConfiguration` but for its dynamics, a
    /// backend of 10 solver iterations, time origin 0), before its first touch and tick.
    public init(recording sunSwitch: SunSwitch) throws(FlingError) {
        let recorder = try SceneRecorder<SunSwitchScene>(recording: sunSwitch)
        take = { rate, name, notes throws(FlingError) in try recorder.document(rate: rate, name: name, notes: notes) }
    }

    /// The recording so far: a `fling-scene` document sampled `rate` times a second up to the
    /// last display time the scene was advanced to.
    public func document(rate: Double = 60, name: String? = nil, notes: String? = nil) throws(FlingError) -> any FlingDocument {
        try take(rate, name, notes)
    }
}

/// What ``SnapSceneRecorder`` records with, typed by the scene it writes (the tests and the
/// property checks read the scene document it gives as it is).
struct SceneRecorder<Scene: SampledScene> {
    let animator: SnapAnimator
    let make: (_ inputs: [Trace.Input], _ dynamics: DynamicsSettings) -> Scene

    static func start(_ animator: SnapAnimator, rules: SnapRules = .init()) throws(FlingError) {
        guard animator.clock.ticks == 0, animator.isDrained, animator.journal == nil, animator.clock.displayTime == 0,
            animator.configuration == rules.applied(to: SnapScenes.configuration(animator.configuration.dynamics)),
            animator.timeOrigin == 0,
            animator.backend.solverIterations == SnapScenes.solverIterations
        else {
            throw FlingError(
                .invalidState, field: "SnapSceneRecorder(recording:)", value: "\(animator.clock.ticks) ticks",
                reason:
                    "record a fresh scene with the default SnapConfiguration (dynamics aside), a backend of \(SnapScenes.solverIterations) solver iterations and time origin 0, once"
            )
        }
        animator.journal = []
    }

    /// The recording so far, sampled at `rate` up to the last display time.
    func document(rate: Double = 60, name: String? = nil, notes: String? = nil) throws(FlingError) -> SceneDocument<Scene> {
        var inputs: [Trace.Input] = []
        for applied in animator.journal ?? [] {
            switch applied.input {
            case .touch(let e):
                let natural = FixedStepClock.firstTick(atOrAfter: e.time, tick: animator.configuration.drag.tick)
                inputs.append(Trace.Input(.touch(e), tick: natural == applied.tick ? nil : applied.tick))
            case .dynamics(let d):
                inputs.append(Trace.Input(.dynamics(d), tick: applied.tick))
            case .send:
                throw FlingError(
                    .invalidState, field: "SnapSceneRecorder.document", value: "send",
                    reason: "a snap scene document records touches, pushes and field changes only; the app sent an item")
            }
        }
        let duration = animator.clock.start(ofTick: animator.clock.ticks)
        let scene = make(inputs, animator.configuration.dynamics)
        let document = SceneDocument(name: name, notes: notes, scene: scene, sampling: .init(rate: rate, duration: duration))
        try document.validate()
        return document
    }
}

/// A scene over a snap animator (chat heads, the sun switch): its recorded inputs and the driver
/// that makes it on a backend; its replay is the snap scenes' one.
protocol SnapDrivenScene: SampledScene where Frame == SnapFrame {
    var inputs: [Trace.Input] { get }
    func driver(_ options: ReplayOptions) throws(FlingError) -> (backend: any PhysicsBackend, driver: SnapDriver)
}

extension SnapDrivenScene {
    func replay(_ sampling: SceneSampling, _ options: ReplayOptions, into out: inout SceneReplay<Self>) throws(FlingError) {
        try checkSampling(sampling)
        let made = try driver(options)
        try SnapScenes.replay(inputs, sampling, options, backend: made.backend, made.driver, into: &out)
    }
}
