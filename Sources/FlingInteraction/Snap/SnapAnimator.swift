// The snap animator: the drag kernel over the snap policy, and what an app and a
// configuration's scene rules (chat heads, the switch) call on it. It holds its kernel; every
// entry point is one call into it, declared on the concrete type so that the kernel's generic
// code runs specialized for snap items.
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
    /// The kernel, in its box (shared with the base class, as its ``AnimatorCore``).
    final let box: KernelBox<SnapPolicy>
    /// The kernel, in place.
    final var kernel: Kernel<SnapPolicy> {
        _read { yield box.kernel }
        _modify { yield &box.kernel }
    }
    /// A configuration's scene rules (chat heads, a switch), run at the end of every tick. What
    /// they do follows from the ticks alone, so a replay of the animator's inputs repeats it.
    weak var sceneRules: (any SceneRules<SnapPolicy>)?

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
        let policy = SnapPolicy(configuration: configuration, items: items.sorted { $0.id < $1.id })
        box = KernelBox(
            try Kernel(
                items: items, policy: policy, settings: configuration.drag, dynamics: configuration.dynamics,
                dynamicsSetting: configuration.dynamics.settingUsingDynamics("SnapConfiguration", drag: configuration.drag),
                walls: configuration.dynamics.walls, backend: backend, timeOrigin: timeOrigin,
                stacking: SnapPolicy.stacking))
        super.init(core: box)
    }

    /// The configuration the animator was made with.
    public var configuration: SnapConfiguration { kernel.policy.configuration }

    /// Item ids from back to front: a grabbed item comes to the front.
    public var zOrder: [SnapItem.ID] {
        let items = kernel.table
        return items.items.indices.sorted { items.memories[$0].z < items.memories[$1].z }.map { items.items[$0].id }
    }

    /// The items' definitions, in id order.
    var itemDefinitions: [SnapItem] { kernel.definitions }

    /// The item's definition, phase, state, target and scale after the last tick.
    public func state(of id: SnapItem.ID) throws(FlingError) -> SnapItemState {
        let item = try kernel.view(of: id)
        return SnapItemState(
            item: item.item, phase: item.phase, state: item.state, target: item.memory.target, scale: item.memory.scale.value)
    }

    /// The center to draw at the last display time (the last two tick states interpolated).
    func drawnCenter(of id: SnapItem.ID) throws(FlingError) -> Vector { try kernel.drawnCenter(of: id) }

    /// Whether nothing moves: every item rests (its scale too) and every input has been applied.
    /// An app may stop its display link until the next touch (UIKit Dynamics' `isRunning`).
    public var isIdle: Bool { kernel.isIdle { $0.scale.isAtRest && $0.scaleRun == nil } }

    /// Accepts a touch (times in the app's clock), applied before the first tick that starts
    /// at or after its time, by the tile animator's rules (``TileAnimator/handle(_:)``).
    /// Throws, changing nothing, for bad numbers, times out of order, a `began` of a touch
    /// already down or naming an unknown item, or another phase of a touch not down.
    public func handle(_ event: TouchEvent) throws(FlingError) { try kernel.accept(event) }

    /// Moves the display time to `time` (app's clock, never decreasing), stepping every due
    /// tick, and returns the events of those ticks. Transactional per input as
    /// ``TileAnimator/advance(to:)``: a failing input is consumed, its item put at rest on its
    /// target, events of ticks already stepped are returned by the next call.
    @discardableResult
    public func advance(to time: Double) throws(FlingError) -> [SnapEvent] {
        // After each tick's step, the scene rules with no access to the kernel open; their
        // commands are the kernel's to apply.
        try box.advance(to: time, observer: { [unowned self] in onTick }) { [unowned self] in
            guard let rules = sceneRules else { return }
            let k = kernel.clock.ticks
            var commands = kernel.takeCommands()
            rules.afterTick(k, events: kernel.events[kernel.firstEvent...], items: kernel.table, commands: &commands)
            kernel.apply(commands, tick: k)
        }
        deliver(kernel.events)
        return kernel.events
    }

    /// Sends an item to `target` from wherever it is (with its velocity), by its spring or
    /// curve, before the next tick. A held item keeps its finger and ignores it.
    public func send(_ id: SnapItem.ID, to target: Vector) throws(FlingError) {
        _ = try kernel.index(of: id)
        try Check.coordinate(target, "send.target")
        kernel.accept(own: .send(id, target))
    }

    /// Queues an input of a recording for the tick it was applied at (`nil`: a touch's own time
    /// decides, as for ``handle(_:)``): how a replayer feeds a recording back, after checking it.
    public func schedule(_ input: SnapInput, tick: Int?) throws(FlingError) { try kernel.schedule(input, tick: tick) }

    /// For a configuration being set up: an item's scale at rest at `value` (before any tick).
    func setScale(of id: SnapItem.ID, to value: Double) throws(FlingError) {
        var memory = try kernel.view(of: id).memory
        memory.scale = ScalarSpring(value: value)
        try kernel.setMemory(memory, of: id)
    }

    /// Every input applied, with its tick, while it is being recorded; nil otherwise. A recorder
    /// sets it to `[]` on a fresh animator (no input, no tick) and reads it when it ends.
    public var journal: [AppliedInput<SnapInput>]? {
        get { kernel.journal }
        set { kernel.journal = newValue }
    }
}
