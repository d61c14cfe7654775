// The snap animator: the drag kernel over the snap policy, and what an app and a
// configuration's rules (chat heads, the switch) call on it. Declared on the concrete type, so
// the kernel's generic code it runs is specialized for snap items.
import FlingCore
import FlingCurves

/// Draggable items that snap to resting places when released: the engine of chat heads, the
/// sun switch and picture-in-picture windows. The drag kernel (``DragAnimator``) over the snap
/// policy (``SnapPolicy``): the same backends, clock, touch rules, velocity tracker, input
/// queue and tick as ``TileAnimator``.
///
/// A touch on an item makes a world for it: one body (effectively infinite moment of inertia)
/// and a drag joint from a kinematic finger body to the body's **center**; the finger body
/// follows the touch minus the grab offset, so the item does not jump and no joint force has
/// a lever arm: the angle and spin stay exactly 0, bit for bit. On release the item's target
/// is the resting place nearest the projected position (`SnapProjection`); a damped spring of
/// rest length 0, started with the release velocity, carries it there (or SKBounceAnimation
/// keyframes, ``SnapItem/Motion/keyframes(_:)``), and once under the settle thresholds it is placed
/// exactly on the target and its world freed.
///
/// Touches apply before the first tick starting at or after their time (late touches before
/// the next tick, stalled frames keep their spacing), so the same touches give the same ticks
/// at any display rate.
public final class SnapAnimator: DragAnimator<SnapPolicy> {
    /// - Parameters:
    ///   - items: at rest at their centers; ids must be unique.
    ///   - configuration: the physics and touch rules; validated here.
    ///   - backend: a fresh backend, the animator's alone. A configuration or item that uses
    ///     dynamics needs a ``DynamicsBackend``, as for a ``TileAnimator``.
    ///   - timeOrigin: the timestamp, in the app's clock, that is time 0 of the timeline.
    public init(
        items: [SnapItem], configuration: SnapConfiguration = .init(), backend: any PhysicsBackend, timeOrigin: Double = 0
    ) throws(FlingError) {
        try configuration.validate()
        var policy = SnapPolicy(configuration: configuration, zOrder: items.map(\.id), motions: [])
        let prepared = try Self.prepare(
            items: items, policy: policy, settings: configuration.drag, timeOrigin: timeOrigin, backend: backend)
        policy.motions = prepared.records.map { SnapMotionState(target: $0.item.center) }
        try super.init(
            policy: policy, settings: configuration.drag, dynamics: configuration.dynamics, walls: configuration.dynamics.walls,
            records: prepared.records, statuses: prepared.statuses, backend: backend, timeOrigin: timeOrigin)
    }

    package var configuration: SnapConfiguration { policy.configuration }

    /// Item ids from back to front: a grabbed item comes to the front.
    public var zOrder: [SnapItem.ID] { policy.zOrder }

    /// The items' definitions, in id order.
    package var itemDefinitions: [SnapItem] { records.map(\.item) }

    /// The item's definition, phase, state, target and scale after the last tick.
    public func snapshot(of id: SnapItem.ID) throws(FlingError) -> SnapSnapshot {
        let i = try index(of: id)
        let m = policy.motions[i]
        return SnapSnapshot(
            item: records[i].item, phase: statuses[i].phase, state: records[i].state, target: m.target, scale: m.scale.value)
    }

    /// The center to draw at the last display time (the last two tick states interpolated).
    package func drawnCenter(of id: SnapItem.ID) throws(FlingError) -> Vector {
        let r = records[try index(of: id)]
        return r.previous.position + (r.state.position - r.previous.position) * clock.fraction
    }

    /// Whether every item rests and every input has been applied.
    package var isIdle: Bool {
        queue.isDrained && statuses.allSatisfy { $0.phase == .resting }
            && policy.motions.allSatisfy { $0.scale.isAtRest && $0.scaleRun == nil }
    }

    /// Accepts a touch (times in the app's clock), applied before the first tick that starts
    /// at or after its time, by the tile animator's rules (``TileAnimator/handle(_:)``).
    /// Throws, changing nothing, for bad numbers, times out of order, a `began` of a touch
    /// already down or naming an unknown item, or another phase of a touch not down.
    public func handle(_ event: TouchEvent) throws(FlingError) { try accept(event) }

    /// Moves the display time to `time` (app's clock, never decreasing), stepping every due
    /// tick, and returns the events of those ticks. Transactional per input as
    /// ``TileAnimator/advance(to:)``: a failing input is consumed, its item put at rest on its
    /// target, events of ticks already stepped are returned by the next call.
    @discardableResult
    public func advance(to time: Double) throws(FlingError) -> [SnapEvent] { try advanceTicks(to: time) }

    /// Sends an item to `target` from wherever it is (with its velocity), by its spring or
    /// curve, before the next tick. A held item keeps its finger and ignores it.
    public func send(_ id: SnapItem.ID, to target: Vector) throws(FlingError) {
        _ = try index(of: id)
        try Check.coordinate(target, "send.target")
        queue.enqueue(.send(id, target), time: -.infinity, tick: clock.ticks)
    }

    /// The kernel's entry for the dynamics calls (``DragAnimator/applyPush(_:to:)``, …).
    override func acceptDynamics(_ input: DynamicsInput) throws(FlingError) { try accept(input) }

    /// Queues a recorded input for its tick (the replayer's way in).
    package func schedule(_ input: SnapInput, tick: Int?) throws(FlingError) { try scheduleInput(input, tick: tick) }

    /// For a configuration's rules, run at the end of every tick with the tick's index and the
    /// index of its first event (chat heads, a switch). What they do follows from the ticks
    /// alone, so a replay of the animator's inputs repeats it.
    package var rules: ((_ tick: Int, _ firstEvent: Int) -> Void)? {
        get { policy.rules }
        set { policy.rules = newValue }
    }

    /// For rules: sends an item from inside tick `k` (not journaled: a replay's rules send it
    /// again).
    package func send(_ id: SnapItem.ID, to target: Vector, tick k: Int) throws(FlingError) {
        try SnapPolicy.retarget(self, try index(of: id), to: target, tick: k)
    }

    /// For rules: runs an item's scale along `keyframes` from inside tick `k` (not journaled: a
    /// replay's rules run it again).
    package func animateScale(of id: SnapItem.ID, _ keyframes: BounceCurve.Keyframes<Double>, tick k: Int) throws(FlingError) {
        SnapPolicy.animateScale(self, try index(of: id), keyframes, tick: k)
    }

    /// For a configuration being set up: an item's scale at rest at `value` (before any tick).
    package func setScale(of id: SnapItem.ID, to value: Double) throws(FlingError) {
        policy.motions[try index(of: id)].scale = ScalarSpring(value: value)
    }

    /// For rules: mixes a configuration's own numbers (a switch's alpha) into the digest.
    package func combineIntoDigest(_ x: Double) { digest.combine(x) }

    /// For rules: the events of the tick being finished, from `first`.
    package func events(from first: Int) -> ArraySlice<SnapEvent> { events[first...] }
}
