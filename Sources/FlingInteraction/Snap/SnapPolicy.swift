// The snap policy: what the drag kernel does with an item that snaps to resting places (chat
// heads, the sun switch, picture-in-picture corners), as decisions the kernel applies. An item's
// world is one body with the largest moment the backends take and no gravity; the drag joint
// holds its center and the finger body follows the touch minus the grab offset, so the item does
// not jump and no joint force has a lever arm: angle and spin stay exactly 0, bit for bit. On
// release the target is the resting place nearest the position projected from the release
// velocity (``SnapProjection``), and the kernel's home spring, started with that velocity,
// carries the item there (or SKBounceAnimation keyframes, with no world); once home it is placed
// exactly on its target. After each step, for every item: keyframes advance, the scale springs,
// and the digest covers the item's state and scale; springing items home for long enough settle.
// A configuration's scene rules (chat heads, the switch) then run, as commands the kernel
// applies.
//
// A push is a throw by code: an item not held goes to the resting place nearest the position its
// new velocity projects to, on its spring, as a release sends it (a held item is pushed but
// stays with its finger). Items never turn, so a push acts at the center (and along a track, only
// along it). An item that travels by keyframes has no physics to push. With walls, an item's box
// collides with them; contacts may give its (practically infinite) moment a rounding-sized spin,
// which the settle rule ignores, as it ignores the angle.
import FlingCore
import FlingCurves

/// The snap interaction (``SnapAnimator``): projection, resting places, keyframes, scale.
public struct SnapPolicy: DragPolicy {
    let configuration: SnapConfiguration
    /// The items as the app gave them, in id order: they never come or go, and a snapshot names
    /// them by id.
    let items: [SnapItem]

    public typealias Item = SnapItem
    public typealias Phase = SnapPhase
    public typealias Input = SnapInput
    public typealias Event = SnapEvent

    /// The moment of inertia every item's body gets: the largest the backends take
    /// (``Limits/moment``), so that even a rounding-sized torque could not turn it (none arises:
    /// every joint acts at the center).
    static let moment = Limits.moment.upperBound

    /// The world an item gets where it is.
    func world(for item: SnapItem, at state: BodyState) -> WorldDefinition {
        WorldDefinition(mass: item.mass, moment: Self.moment, transform: Transform(position: state.position), gravity: .zero)
    }
}

/// What the snap policy keeps of each item: its travel (where it rests or is going, its
/// keyframes), its grab offset, its scale and its run, and its place from back to front.
struct SnapMemory: Sendable {
    /// Consecutive ticks a springing item has spent under every settle threshold.
    var settleCount = 0
    /// Where it rests, or is going.
    var target: Vector
    /// Center minus the touch point at the grab, so the finger body holds the center.
    var grabOffset = Vector.zero
    var scale = ScalarSpring(value: 1)
    var keyframes: KeyframeRun?
    /// A timed run of the scale (``SnapConfiguration/scaleMotion``'s keyframes, or a
    /// configuration's rules): its keyframes from the tick it starts before; the scale's spring
    /// rests meanwhile.
    var scaleRun: ScaleRun?
    /// Its place from back to front (the highest in front): a grab brings it to the front.
    var z: Int
    /// Whether the finger holding it has moved from where it went down (its scale then springs
    /// back to 1, once).
    var fingerMoved = false
}

/// A run of an item's scale along keyframes, from the tick it starts before.
struct ScaleRun: Sendable {
    var startTick: Int
    var keyframes: BounceCurve.Keyframes<Double>
}

/// SKBounceAnimation keyframes an item follows, per axis, from the tick they start before; or
/// (the two-step form) eased keyframes of the point.
struct KeyframeRun: Sendable {
    var startTick: Int
    var duration: Double
    var x: [Double]
    var y: [Double]
    var eased: BounceCurve.Keyframes<Vector>? = nil
}

extension SnapPolicy {
    /// How snap items stack: each memory's place from back to front, and the greatest over them
    /// all (the kernel keeps it as memories change, so that a grab reads one number).
    static var stacking: Stacking<SnapMemory> { Stacking(place: { $0.z }, greatest: { $0.lazy.map(\.z).max() }) }
}

extension SnapPolicy: ItemRules {
    /// Its own checks (a spring's frequency capped for the tick); at rest on its center, at its
    /// place in the app's list from back to front.
    func admit(_ item: SnapItem, at position: Int, settings: DragSettings) throws(FlingError) -> SnapMemory {
        try item.validate(tick: settings.tick)
        return SnapMemory(target: item.center, z: position)
    }

    /// On its target, its scale back to 1.
    func rest(_ item: ItemView<SnapPolicy>) -> Decision<SnapPolicy> {
        var m = item.memory
        m.settleCount = 0
        m.keyframes = nil
        m.scale = ScalarSpring(value: 1)
        m.scaleRun = nil
        return Decision(placement: .move(BodyState(position: m.target)), memory: m)
    }
}

extension SnapPolicy: InputRules {
    /// The item the app named or the frontmost draggable one under the point, if no finger holds
    /// it. A springing item loses its spring and its damping; the drag holds its center, where
    /// the finger body starts; it comes to the front, its keyframes stop, and its scale goes to
    /// its pressed scale.
    func grab(
        _ items: ItemTable<SnapPolicy>, named: Int?, at point: Vector, touch: TouchID, tick k: Int, extraFinger: (Int) -> Bool
    ) -> (index: Int, grab: Grab<SnapPolicy>)? {
        guard let i = named ?? hit(items, at: point) else { return nil }
        let item = items.items[i], phase = items.phases[i], state = items.states[i]
        if phase.holder != nil {
            guard extraFinger(i) else { return nil }
        } else if !item.isDraggable {
            return nil
        }
        var d = Decision<SnapPolicy>()
        if phase == .springing { d.edits.append(.detachHome) }
        var m = items.memories[i]
        m.settleCount = 0
        m.fingerMoved = false
        m.keyframes = nil
        m.grabOffset = state.position - point
        scale(&m, to: item.pressedScale, tick: k)
        // The front the kernel keeps (every memory's place read only when it has none).
        m.z = (items.front ?? Self.stacking.greatest(items.memories) ?? 0) + 1
        d.memory = m
        d.events.append(SnapEvent(tick: k, item: item.id, kind: .grabbed(touch: touch)))
        return (i, Grab(world: world(for: item, at: state), anchor: .zero, finger: state.position, decision: d))
    }

    /// The frontmost draggable item under the point.
    func hit(_ items: ItemTable<SnapPolicy>, at point: Vector) -> Int? {
        var front: Int?
        for i in 0..<items.count where items.items[i].isDraggable && items.items[i].contains(point, center: items.states[i].position) {
            if front.map({ items.memories[i].z > items.memories[$0].z }) ?? true { front = i }
        }
        return front
    }

    /// The center follows the touch plus the grab offset, along the item's axis, within
    /// ``Limits/coordinate`` (a touch near the limit, plus the offset or the rubber band, would
    /// otherwise ask the backend for a finger it refuses); the first move away from where the
    /// touch went down springs the scale back to 1.
    func fingerTarget(_ item: ItemView<SnapPolicy>, _ finger: FingerView, to position: Vector, tick k: Int) -> FingerTarget<SnapPolicy> {
        var memory: SnapMemory?
        if !item.memory.fingerMoved, position != finger.downPosition {
            var m = item.memory
            m.fingerMoved = true
            scale(&m, to: 1, tick: k)
            memory = m
        }
        let p = item.item.axis.constrain(position + item.memory.grabOffset)
        func clamp(_ x: Double) -> Double { min(max(x, -Limits.coordinate), Limits.coordinate) }
        return FingerTarget(position: Vector(clamp(p.x), clamp(p.y)), memory: memory)
    }

    /// To the resting place nearest the position projected from the release velocity (along a
    /// track, the velocity along it), its scale back to 1.
    func release(_ item: ItemView<SnapPolicy>, velocity: Vector, cancelled: Bool, tick k: Int) -> Decision<SnapPolicy> {
        var velocity = velocity
        if case .horizontal = item.item.axis { velocity.y = 0 }
        let projected = SnapProjection.project(item.state.position, velocity: velocity, decelerationRate: configuration.decelerationRate)
        let target = item.item.restingPlaces.nearest(to: projected)
        var m = item.memory
        scale(&m, to: 1, tick: k)
        var d = Decision<SnapPolicy>()
        d.events.append(SnapEvent(tick: k, item: item.item.id, kind: .released(velocity: velocity, projected: projected, target: target)))
        travel(&d, item, &m, to: target, velocity: velocity, tick: k)
        return d
    }

    /// A press: lifted (not cancelled) within the tap slop and duration of where and when it
    /// went down, on the item it held or on none.
    func lifted(_ event: TouchEvent, _ finger: FingerView, tick k: Int) -> SnapEvent? {
        let c = configuration
        guard event.phase == .ended, (event.position - finger.downPosition).length <= c.tapSlop,
            event.time - finger.downTime <= c.tapDuration
        else { return nil }
        return SnapEvent(tick: k, item: finger.item.map { SnapItem.ID($0) }, kind: .tapped(touch: event.touch, at: event.position))
    }

    /// At the center, and along the item's track if it has one; on items that travel on their
    /// spring (keyframes have no physics).
    func push(_ push: Push, on item: ItemView<SnapPolicy>) -> PushPlan {
        let acting: Push
        if case .horizontal = item.item.axis { acting = Push(Vector(push.vector.x, 0)) } else { acting = Push(push.vector) }
        let springs: Bool
        if case .spring = item.item.motion { springs = true } else { springs = false }
        return PushPlan(push: acting, acts: springs, world: world(for: item.item, at: item.state))
    }

    /// Not held: to the resting place nearest the projection of the velocity the push left.
    func pushed(_ item: ItemView<SnapPolicy>, now: BodyState, tick k: Int) -> Decision<SnapPolicy> {
        guard item.phase.holder == nil, item.hasWorld else { return Decision() }
        let projected = SnapProjection.project(now.position, velocity: now.velocity, decelerationRate: configuration.decelerationRate)
        var d = Decision<SnapPolicy>()
        if item.phase == .springing { d.edits.append(.detachHome) }
        let target = item.item.restingPlaces.nearest(to: projected)
        d.events.append(SnapEvent(tick: k, item: item.item.id, kind: .sent(target: target)))
        var m = item.memory
        travel(&d, item, &m, to: target, velocity: now.velocity, tick: k)
        return d
    }

    /// A send: a resting or travelling item goes to its new target from where it is, with its
    /// velocity (a held one is left to its finger).
    func apply(_ input: SnapInput, to item: ItemView<SnapPolicy>, tick k: Int) -> Decision<SnapPolicy> {
        guard case .send(_, let target) = input, item.phase.holder == nil else { return Decision() }
        var d = Decision<SnapPolicy>()
        if item.phase == .springing, item.hasWorld { d.edits.append(.detachHome) }
        d.events.append(SnapEvent(tick: k, item: item.item.id, kind: .sent(target: target)))
        var m = item.memory
        travel(&d, item, &m, to: target, velocity: item.state.velocity, tick: k)
        return d
    }

    /// The item's motion toward `target` with `velocity`, into `d`: the home spring on its world
    /// (made if it has none), or the keyframe curve (its world freed).
    func travel(
        _ d: inout Decision<SnapPolicy>, _ item: ItemView<SnapPolicy>, _ m: inout SnapMemory, to target: Vector, velocity: Vector,
        tick k: Int
    ) {
        m.target = target
        m.settleCount = 0
        switch item.item.motion {
        case .spring(let tuning):
            d.edits.append(.makeWorld(world(for: item.item, at: item.state)))
            d.edits.append(.setVelocity(velocity, angular: 0))
            d.edits.append(.attachHome(to: target, tuning, rotation: nil))
            d.phase = .springing
            var s = item.state
            s.velocity = velocity
            d.placement = .set(s)
        case .keyframes(let curve):
            if item.hasWorld { d.edits.append(.freeWorld) }
            let p = item.state.position
            let animation = curve.keyframeAnimation(from: p, to: target)
            if animation.timingFunctions != nil {
                // The two-step form (the only one with timing functions): eased steps to whole
                // points, the last one where the item rests (the animation's final value).
                m.target = animation.value(at: animation.duration)
                m.keyframes = KeyframeRun(startTick: k, duration: animation.duration, x: [], y: [], eased: animation)
            } else {
                // SKBounceAnimation's frames, each axis bouncing on its own (a point's keyframes
                // are its axes' frames side by side).
                m.keyframes = KeyframeRun(
                    startTick: k, duration: animation.duration, x: animation.values.map(\.x), y: animation.values.map(\.y))
            }
            d.phase = .keyframing
            d.placement = .set(BodyState(position: p))
        }
        d.memory = m
    }

    /// Gives the item's scale a new target: its spring turns toward it, or, with keyframes
    /// (``SnapConfiguration/scaleMotion``), SKBounceAnimation's keyframes of a scale transform
    /// run from the old target (the layer's model value, as the library's `fromValue` is the
    /// model transform) to the new one, from tick `k` (nothing when the target is unchanged).
    func scale(_ m: inout SnapMemory, to target: Double, tick k: Int) {
        guard case .keyframes(let curve) = configuration.scaleMotion else {
            m.scale.target = target
            return
        }
        let from = m.scale.target
        guard from != target else { return }
        let matrices = curve.keyframeAnimation(from: AffineMatrix.scale(from, from), to: .scale(target, target))
        let keyframes = BounceCurve.Keyframes<Double>(
            values: matrices.values.map(\.a), keyTimes: matrices.keyTimes, timingFunctions: matrices.timingFunctions,
            duration: matrices.duration, finalValue: matrices.value(at: matrices.duration).a)
        Self.animateScale(&m, keyframes, tick: k)
    }

    /// Runs an item's scale along `keyframes` from tick `k`, ending on their final value.
    static func animateScale(_ m: inout SnapMemory, _ keyframes: BounceCurve.Keyframes<Double>, tick k: Int) {
        m.scaleRun = ScaleRun(startTick: k, keyframes: keyframes)
        m.scale.target = keyframes.value(at: keyframes.duration)  // its final value
        m.scale.velocity = 0
    }
}

extension SnapPolicy: StepRules {
    static let stepsEveryItem = true

    /// A keyframing item follows its curve (and once it is over, rests exactly on its target);
    /// the scale follows its run or springs; the digest covers the scale after the state; a
    /// springing item home for long enough settles, exactly on its target. Items never turn: a
    /// wall contact's rounding-sized spin does not keep one from home.
    @inline(__always)
    func afterStep(
        _ item: SnapItem, _ phase: SnapPhase, _ s: BodyState, _ m: inout SnapMemory, world: Bool, pushes: Int,
        room: Room, ending: inout Ending<SnapPolicy>?, tick k: Int
    ) -> Step {
        let dt = configuration.drag.tick
        var step = Step()
        if phase == .keyframing, let run = m.keyframes {
            if let p = Self.follow(run, tick: k, dt) {
                step.moved = BodyState(position: p)
            } else {
                m.settleCount = 0
                m.keyframes = nil
                ending = settled(item, at: m.target, tick: k)
            }
        }
        if let run = m.scaleRun {
            let elapsed = Double(k + 1 - run.startTick) * dt
            m.scale.value = run.keyframes.value(at: elapsed)
            if elapsed >= run.keyframes.duration { m.scaleRun = nil }
        } else {
            m.scale.step(by: dt, tuning: configuration.scaleSpring)
        }
        step.digest = m.scale.value
        if phase == .springing {
            let home = pushes == 0 && configuration.settle.isHome(BodyState(position: s.position, velocity: s.velocity), at: m.target)
            m.settleCount = home ? m.settleCount + 1 : 0
            if m.settleCount >= configuration.settle.ticks {
                m.settleCount = 0
                m.keyframes = nil
                ending = settled(item, at: m.target, tick: k)
            }
        }
        return step
    }

    /// Exactly on `target`, at rest, with no world.
    func settled(_ item: SnapItem, at target: Vector, tick k: Int) -> Ending<SnapPolicy> {
        Ending(
            phase: .resting, placement: .move(BodyState(position: target)),
            event: SnapEvent(tick: k, item: item.id, kind: .settled(at: target)),
            outcome: .reachedRestingPlace(Self.restingPlace(target, of: item)))
    }

    /// An item's place on its keyframes at the end of tick `k`; nil once the curve is over.
    @inline(__always)
    static func follow(_ run: KeyframeRun, tick k: Int, _ dt: Double) -> Vector? {
        let elapsed = Double(k + 1 - run.startTick) * dt
        if let eased = run.eased { return elapsed < run.duration ? eased.value(at: elapsed) : nil }
        guard let x = value(run.x, at: elapsed, duration: run.duration), let y = value(run.y, at: elapsed, duration: run.duration)
        else { return nil }
        return Vector(x, y)
    }

    /// The value at `time` seconds after the start, linearly interpolated between keyframes
    /// spaced evenly over the duration; `nil` once the animation is over (the value is then
    /// the target, as Core Animation leaves the model value).
    @inline(__always)
    static func value(_ frames: [Double], at time: Double, duration: Double) -> Double? {
        guard frames.count >= 2, time < duration else { return nil }
        let f = max(time, 0) / duration * Double(frames.count - 1)
        let i = min(Int(f), frames.count - 2)
        let w = f - Double(i)
        return frames[i] + (frames[i + 1] - frames[i]) * w
    }

    /// At rest on its target, or (nil) on its keyframes to it.
    func outcomeAtRest(_ item: ItemView<SnapPolicy>) -> Prediction.Outcome? {
        if item.phase == .keyframing, item.memory.keyframes != nil { return nil }
        return .reachedRestingPlace(Self.restingPlace(item.memory.target, of: item.item))
    }

    /// `target`'s index among the item's resting points, if it is one.
    static func restingPlace(_ target: Vector, of item: SnapItem) -> Int? {
        guard case .points(let points) = item.restingPlaces else { return nil }
        return points.firstIndex(of: target)
    }
}

extension SnapItem: DragItem {
    var home: Vector { center }
    var box: Vector { Vector(width, height) }
    static let naming = ItemNaming(
        noun: "item", indefinite: "an item", idField: "SnapItem.ID", definitionField: "SnapItem.id", unknownCode: .unknownItem,
        duplicateCode: .duplicateItem)
}

extension SnapPhase: DragPhase {
    var holder: TouchID? { if case .held(let touch) = self { touch } else { nil } }
    var hasWorld: Bool {
        switch self {
        case .held, .springing: true
        case .resting, .keyframing: false
        }
    }
}

extension SnapInput: DragInput {
    var kernelInput: KernelInput<SnapItem> {
        switch self {
        case .touch(let e): .touch(e)
        case .dynamics(let d): .dynamics(d)
        case .send(let id, _): .own(item: id.rawValue, call: "send")
        }
    }

    func check() throws(FlingError) {
        if case .send(_, let target) = self { try Check.coordinate(target, "send.target") }
    }
}

extension SnapEvent: DragEvent {
    static func wallContact(_ contact: Wall.Contact, of item: SnapItem.ID, tick: Int) -> SnapEvent {
        SnapEvent(tick: tick, item: item, kind: .wallContact(contact))
    }
}
