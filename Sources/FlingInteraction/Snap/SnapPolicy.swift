// The snap policy: what the drag kernel does with an item that snaps to resting places (chat
// heads, the sun switch, picture-in-picture corners). An item's world is one body with the
// largest moment the backends take and no gravity; the drag joint holds its center and the
// finger body follows the touch minus the grab offset, so the item does not jump and no joint
// force has a lever arm: angle and spin stay exactly 0, bit for bit. On release the target is
// the resting place nearest the position projected from the release velocity (``SnapProjection``),
// and the kernel's home spring, started with that velocity, carries the item there (or
// SKBounceAnimation keyframes, with no world); once home it is placed exactly on its target.
// After each step: keyframes advance, every item's scale springs, and the digest covers every
// item's state and scale; then a configuration's rules (chat heads, the switch) run.
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
    /// Item ids from back to front: a grabbed item comes to the front.
    var zOrder: [SnapItem.ID]
    /// Each item's travel, beside the kernel's records (items never come or go).
    var motions: [SnapMotionState]
    /// A configuration's rules (chat heads, a switch), run at the end of every tick with the
    /// index of the tick's first event. What they do follows from the ticks alone, so a replay
    /// of the animator's inputs repeats it.
    var rules: ((_ tick: Int, _ firstEvent: Int) -> Void)?

    public typealias Item = SnapItem
    public typealias Phase = SnapPhase
    public typealias Input = SnapInput
    public typealias Event = SnapEvent
}

/// An item's travel: where it rests or is going, its grab offset, its scale and its keyframes.
struct SnapMotionState {
    /// Where it rests, or is going.
    var target: Vector
    /// Center minus the touch point at the grab, so the finger body holds the center.
    var grabOffset = Vector.zero
    var scale = ScalarSpring(value: 1)
    var keyframes: KeyframeRun?
    /// A timed run of the scale (``SnapConfiguration/scaleMotion``'s keyframes, or a configuration's rules):
    /// its keyframes from the tick it starts before; the scale's spring rests meanwhile.
    var scaleRun: (startTick: Int, keyframes: BounceCurve.Keyframes<Double>)?
}

/// SKBounceAnimation keyframes an item follows, per axis, from the tick they start before; or
/// (the two-step form) eased keyframes of the point.
struct KeyframeRun {
    var startTick: Int
    var duration: Double
    var x: [Double]
    var y: [Double]
    var eased: BounceCurve.Keyframes<Vector>? = nil
}

extension SnapPolicy: PolicyRules {
    package static let naming = ItemNaming(
        noun: "item", indefinite: "an item", idField: "SnapItem.ID", definitionField: "SnapItem.id",
        unknownCode: .unknownItem, duplicateCode: .duplicateItem)

    /// The moment of inertia every item's body gets: the largest the backends take
    /// (``Limits/moment``), so that even a rounding-sized torque could not turn it (none arises:
    /// every joint acts at the center).
    static let moment = Limits.moment.upperBound

    static func validate(_ item: SnapItem, _ policy: SnapPolicy, settings: DragSettings) throws(FlingError) {
        try item.validate(tick: settings.tick)
    }

    static func home(of item: SnapItem) -> Vector { item.center }

    static func settingUsingDynamics(_ policy: SnapPolicy) -> String? {
        policy.configuration.dynamics.settingUsingDynamics("SnapConfiguration", drag: policy.configuration.drag)
    }

    // MARK: Grab

    /// The frontmost draggable item under the point.
    static func hit(_ a: DragAnimator<SnapPolicy>, at point: Vector) -> Int? {
        for id in a.policy.zOrder.reversed() {
            guard let i = a.index(of: id.rawValue), a.records[i].item.isDraggable else { continue }
            if a.records[i].item.contains(point, center: a.records[i].state.position) { return i }
        }
        return nil
    }

    static func canGrab(_ a: DragAnimator<SnapPolicy>, _ i: Int) -> Bool {
        a.records[i].item.isDraggable && a.statuses[i].phase.holder == nil
    }

    static func world(for record: ItemRecord<SnapItem>, _ policy: SnapPolicy) -> WorldDefinition {
        WorldDefinition(mass: record.item.mass, moment: moment, transform: Transform(position: record.state.position), gravity: .zero)
    }

    static func box(of item: SnapItem) -> Vector { Vector(item.width, item.height) }

    /// A springing item loses its spring and its damping.
    static func takeOver(_ a: DragAnimator<SnapPolicy>, _ i: Int, world: WorldID) throws(FlingError) {
        guard a.statuses[i].phase == .springing else { return }
        try a.backend.detachAttraction(from: world)
        try a.backend.setDamping(of: world, 1)
    }

    /// The center, and the finger body on it.
    static func grip(_ a: DragAnimator<SnapPolicy>, _ i: Int, at point: Vector) -> (anchor: Vector, finger: Vector) {
        (.zero, a.records[i].state.position)
    }

    static func grabbed(_ a: DragAnimator<SnapPolicy>, _ i: Int, touch: TouchID, at point: Vector, tick k: Int) {
        a.policy.motions[i].keyframes = nil
        a.policy.motions[i].grabOffset = a.records[i].state.position - point
        scale(a, i, to: a.records[i].item.pressedScale, tick: k)
        let id = a.records[i].item.id
        if let z = a.policy.zOrder.firstIndex(of: id) { a.policy.zOrder.remove(at: z) }
        a.policy.zOrder.append(id)
        a.events.append(SnapEvent(tick: k, item: id, kind: .grabbed(touch: touch)))
    }

    /// The center follows the touch plus the grab offset, along the item's axis, within
    /// ``Limits/coordinate`` (a touch near the limit, plus the offset or the rubber band, would
    /// otherwise ask the backend for a finger it refuses); the first move away from where the
    /// touch went down springs the scale back to 1.
    static func fingerTarget(
        _ a: DragAnimator<SnapPolicy>, _ i: Int, _ record: ItemRecord<SnapItem>, _ touch: inout TouchRecord, to position: Vector
    ) -> Vector {
        if !touch.hasMoved, position != touch.downPosition {
            touch.hasMoved = true
            scale(a, i, to: 1, tick: a.clock.ticks)
        }
        let p = record.item.axis.constrain(position + a.policy.motions[i].grabOffset)
        func clamp(_ x: Double) -> Double { min(max(x, -Limits.coordinate), Limits.coordinate) }
        return Vector(clamp(p.x), clamp(p.y))
    }

    // MARK: Release

    static func release(_ a: DragAnimator<SnapPolicy>, _ i: Int, velocity: Vector, cancelled: Bool, tick k: Int) throws(FlingError) {
        var velocity = velocity
        if case .horizontal = a.records[i].item.axis { velocity.y = 0 }
        let projected = SnapProjection.project(
            a.records[i].state.position, velocity: velocity, decelerationRate: a.policy.configuration.decelerationRate)
        let target = a.records[i].item.restingPlaces.nearest(to: projected)
        scale(a, i, to: 1, tick: k)
        a.events.append(
            SnapEvent(tick: k, item: a.records[i].item.id, kind: .released(velocity: velocity, projected: projected, target: target)))
        try travel(a, i, to: target, velocity: velocity, tick: k)
    }

    /// A press: lifted (not cancelled) within the tap slop and duration of where and when it
    /// went down, on the item it held or on none.
    static func lifted(_ a: DragAnimator<SnapPolicy>, _ event: TouchEvent, _ touch: TouchRecord, tick k: Int) {
        let c = a.policy.configuration
        guard event.phase == .ended, (event.position - touch.downPosition).length <= c.tapSlop,
            event.time - touch.downTime <= c.tapDuration
        else { return }
        a.events.append(SnapEvent(tick: k, item: touch.item.map { SnapItem.ID($0) }, kind: .tapped(touch: event.touch, at: event.position)))
    }

    /// On its target, its scale back to 1.
    static func rest(_ a: DragAnimator<SnapPolicy>, _ i: Int) {
        place(a, i)
        a.policy.motions[i].scale = ScalarSpring(value: 1)
        a.policy.motions[i].scaleRun = nil
    }

    /// Gives the item's scale a new target: its spring turns toward it, or, with keyframes
    /// (``SnapConfiguration/scaleMotion``), SKBounceAnimation's keyframes of a scale transform
    /// run from the old target (the layer's model value, as the library's `fromValue` is the
    /// model transform) to the new one, from tick `k` (nothing when the target is unchanged).
    static func scale(_ a: DragAnimator<SnapPolicy>, _ i: Int, to target: Double, tick k: Int) {
        guard case .keyframes(let curve) = a.policy.configuration.scaleMotion else {
            a.policy.motions[i].scale.target = target
            return
        }
        let from = a.policy.motions[i].scale.target
        guard from != target else { return }
        let keyframes = curve.keyframeAnimation(from: AffineMatrix.scale(from, from), to: .scale(target, target)).map(\.a)
        animateScale(a, i, keyframes, tick: k)
    }

    /// Runs the item's scale along `keyframes` from tick `k`, ending on their final value.
    static func animateScale(_ a: DragAnimator<SnapPolicy>, _ i: Int, _ keyframes: BounceCurve.Keyframes<Double>, tick k: Int) {
        a.policy.motions[i].scaleRun = (k, keyframes)
        a.policy.motions[i].scale.target = keyframes.finalValue
        a.policy.motions[i].scale.velocity = 0
    }

    /// Exactly on its target, at rest, with no world (freed already).
    static func place(_ a: DragAnimator<SnapPolicy>, _ i: Int) {
        a.statuses[i].phase = .resting
        a.records[i].settleCount = 0
        a.policy.motions[i].keyframes = nil
        a.records[i].previous = a.records[i].state
        a.records[i].state = BodyState(position: a.policy.motions[i].target)
    }

    // MARK: Dynamics

    /// At the center, and along the item's track if it has one.
    static func acting(_ push: Push, on item: SnapItem) -> Push {
        if case .horizontal = item.axis { return Push(Vector(push.vector.x, 0)) }
        return Push(push.vector)
    }

    /// Items that travel on their spring (keyframes have no physics).
    static func canPush(_ a: DragAnimator<SnapPolicy>, _ i: Int) -> Bool {
        if case .spring = a.records[i].item.motion { true } else { false }
    }

    /// Not held: to the resting place nearest the projection of the velocity the push left.
    static func pushed(_ a: DragAnimator<SnapPolicy>, _ i: Int, tick k: Int) throws(FlingError) {
        guard a.statuses[i].phase.holder == nil, let world = a.statuses[i].world else { return }
        let s = try a.backend.state(of: world)
        let projected = SnapProjection.project(s.position, velocity: s.velocity, decelerationRate: a.policy.configuration.decelerationRate)
        if a.statuses[i].phase == .springing { try a.backend.detachAttraction(from: world) }
        let target = a.records[i].item.restingPlaces.nearest(to: projected)
        a.events.append(SnapEvent(tick: k, item: a.records[i].item.id, kind: .sent(target: target)))
        try travel(a, i, to: target, velocity: s.velocity, tick: k)
    }

    static func wallContact(_ a: DragAnimator<SnapPolicy>, _ i: Int, _ contact: Wall.Contact, tick k: Int) -> SnapEvent {
        SnapEvent(tick: k, item: a.records[i].item.id, kind: .wallContact(contact))
    }

    // MARK: Sends

    static func apply(_ a: DragAnimator<SnapPolicy>, _ input: SnapInput, tick k: Int) throws(FlingError) {
        guard case .send(let id, let target) = input, let i = a.index(of: id.rawValue) else { return }
        do throws(FlingError) { try retarget(a, i, to: target, tick: k) } catch {
            a.putToRest(i)
            throw FlingError(
                error.code, field: "tick \(k), send item \(id.rawValue): \(error.field)", value: error.value, reason: error.reason)
        }
    }

    static func check(_ a: DragAnimator<SnapPolicy>, scheduled input: SnapInput) throws(FlingError) {
        if case .send(_, let target) = input { try Check.coordinate(target, "send.target") }
    }

    /// Sends a resting or travelling item to a new target (a held one is left to its finger).
    static func retarget(_ a: DragAnimator<SnapPolicy>, _ i: Int, to target: Vector, tick k: Int) throws(FlingError) {
        if a.statuses[i].phase.holder != nil { return }
        a.acted(on: i)
        if a.statuses[i].phase == .springing, let world = a.statuses[i].world {
            try a.backend.detachAttraction(from: world)
        }
        a.events.append(SnapEvent(tick: k, item: a.records[i].item.id, kind: .sent(target: target)))
        try travel(a, i, to: target, velocity: a.records[i].state.velocity, tick: k)
    }

    /// Starts the item's motion toward `target` with `velocity`: the home spring on its world,
    /// or the keyframe curve (no world).
    static func travel(_ a: DragAnimator<SnapPolicy>, _ i: Int, to target: Vector, velocity: Vector, tick k: Int) throws(FlingError) {
        a.policy.motions[i].target = target
        a.records[i].settleCount = 0
        switch a.records[i].item.motion {
        case .spring(let tuning):
            let world = try a.makeWorld(i)
            try a.backend.setVelocity(of: world, linear: velocity, angular: 0)
            try a.attachHomeSpring(i, world: world, to: target, tuning)
            a.statuses[i].phase = .springing
            a.records[i].state.velocity = velocity
        case .keyframes(let curve):
            if let world = a.statuses[i].world {
                try a.backend.destroyWorld(world)
                a.statuses[i].world = nil
            }
            let p = a.records[i].state.position
            if case .twoSteps = curve.form {
                // Eased steps to whole points: the last one is where the item rests.
                let eased = curve.keyframeAnimation(from: p, to: target)
                a.policy.motions[i].target = eased.finalValue
                a.policy.motions[i].keyframes = KeyframeRun(startTick: k, duration: curve.duration, x: [], y: [], eased: eased)
            } else {
                a.policy.motions[i].keyframes = KeyframeRun(
                    startTick: k, duration: curve.duration, x: curve.keyframes(from: p.x, to: target.x),
                    y: curve.keyframes(from: p.y, to: target.y))
            }
            a.statuses[i].phase = .keyframing
            a.records[i].state = BodyState(position: p)
        }
    }

    // MARK: After each step

    static let digestsLiveStates = false

    static func decide(_ phase: SnapPhase, _ record: inout ItemRecord<SnapItem>, _ policy: SnapPolicy, tick: Int) -> SnapEvent? {
        nil
    }

    /// Keyframes and scales advance and every item's state and scale go into the digest; then
    /// springing items home for long enough settle; then the configuration's rules run.
    static func afterStep(_ a: DragAnimator<SnapPolicy>, decided: [(Int, SnapEvent)], firstEvent: Int, tick k: Int) {
        let dt = a.settings.tick
        for i in a.records.indices {
            if a.statuses[i].phase == .keyframing { stepKeyframes(a, i, tick: k) }
            if let run = a.policy.motions[i].scaleRun {
                let elapsed = Double(k + 1 - run.startTick) * dt
                a.policy.motions[i].scale.value = run.keyframes.value(at: elapsed)
                if elapsed >= run.keyframes.duration { a.policy.motions[i].scaleRun = nil }
            } else {
                a.policy.motions[i].scale.step(by: dt, tuning: a.policy.configuration.scaleSpring)
            }
            if a.keepsDigest {
                a.digest.combine(a.records[i].state)
                a.digest.combine(a.policy.motions[i].scale.value)
            }
        }
        let settle = a.policy.configuration.settle
        for i in a.records.indices where a.statuses[i].phase == .springing {
            let target = a.policy.motions[i].target
            guard settles(&a.records[i], at: target, settle) else { continue }
            a.freeWorld(i)
            place(a, i)
            a.events.append(SnapEvent(tick: k, item: a.records[i].item.id, kind: .settled(at: target)))
        }
        a.policy.rules?(k, firstEvent)
    }

    /// A springing item's settle rule after a step (the live after-step and a prediction
    /// both): counts its ticks home; whether it settles now. Items never turn: a wall
    /// contact's rounding-sized spin does not keep one from home.
    @inline(__always)
    static func settles(_ r: inout ItemRecord<SnapItem>, at target: Vector, _ settle: SettleThresholds) -> Bool {
        let s = r.state
        let home = r.pushCount == 0 && settle.isHome(BodyState(position: s.position, velocity: s.velocity), at: target)
        r.settleCount = home ? r.settleCount + 1 : 0
        return r.settleCount >= settle.ticks
    }

    /// Places a keyframing item on its curve at the end of tick `k`, or on its target once the
    /// curve is over.
    static func stepKeyframes(_ a: DragAnimator<SnapPolicy>, _ i: Int, tick k: Int) {
        guard let run = a.policy.motions[i].keyframes, follow(run, &a.records[i], tick: k, a.settings.tick) else { return }
        place(a, i)
        a.events.append(SnapEvent(tick: k, item: a.records[i].item.id, kind: .settled(at: a.policy.motions[i].target)))
    }

    /// An item's place on its keyframes at the end of tick `k` (the live after-step and a
    /// prediction both); whether the curve is over (the item then goes on its target).
    @inline(__always)
    static func follow(_ run: KeyframeRun, _ r: inout ItemRecord<SnapItem>, tick k: Int, _ dt: Double) -> Bool {
        let elapsed = Double(k + 1 - run.startTick) * dt
        r.previous = r.state
        if let eased = run.eased {
            guard elapsed < run.duration else { return true }
            r.state = BodyState(position: eased.value(at: elapsed))
            return false
        }
        guard let x = BounceCurve.value(run.x, at: elapsed, duration: run.duration),
            let y = BounceCurve.value(run.y, at: elapsed, duration: run.duration)
        else { return true }
        r.state = BodyState(position: Vector(x, y))
        return false
    }
}
