// The public face of the drag kernel, for every interaction: ``TileAnimator`` and
// ``SnapAnimator`` are final subclasses of this class over the tile and snap policies, so each
// interaction keeps a type of its own, with its own API and documentation, while what they
// share (the clock and digest, the observers and streams, the dynamics calls) is declared once
// here. The kernel (Kernel/Kernel.swift) is a value that only its own functions change; it lives
// in a box (``KernelBox``) that the subclass holds by its policy's type and this class as an
// ``AnimatorCore``, which answers what every animator has whatever its policy. (The class's
// generic parameter is the public ``DragPolicy``, which does not say the kernel's rules, so this
// class cannot hold a `Kernel<Policy>` itself.) The class is public but not open, so those two
// are all its subclasses.
//
// The entry points that run per touch or per frame are declared on the subclasses and call the
// kernel's generic code from there, so it is specialized for the policy in this module (a call
// from another module into a generic method would run it unspecialized). Each reaches its
// kernel in place, through the box (through a protocol's property it would be copied out and
// written back, and its columns copied on write). `advance(to:)` steps each tick in its parts,
// with the observer and a configuration's scene rules between them run with no access to the
// kernel open, so that they may call back into the animator.
import FlingCore

/// The drag kernel, generic over an interaction's policy: ``TileAnimator`` is a
/// `DragAnimator<TilePolicy>`, ``SnapAnimator`` a `DragAnimator<SnapPolicy>`.
///
/// Feed it touches with `handle(_:)` and display times with `advance(to:)`. Physics runs in
/// fixed ticks (``FixedStepClock``); touches are applied at tick boundaries in time order (every
/// touch at or before a tick's start is applied before that tick), so the same touches give the
/// same ticks at any display rate. A touch on an item makes a world for it (or takes over the
/// one it has) with a drag joint from a kinematic finger body; the policy says what the world
/// holds and what a release does.
///
/// Not `Sendable`: make it, feed it and read it on one thread or actor (an app's main actor:
/// touches, the display link and drawing all happen there). Its values are `Sendable`.
public class DragAnimator<Policy: DragPolicy> {
    deinit { for c in eventContinuations { c.finish() } }

    /// Called after every tick with the tick's index and the states of the items with a world,
    /// in id order. (The array is the animator's, refilled every tick: keep a copy to keep it.)
    public final var onTick: ((_ tick: Int, _ states: [(Identifier<Policy.Item>, BodyState)]) -> Void)?
    /// Called with every event, in order, as `advance(to:)` returns them.
    public final var onEvent: ((Policy.Event) -> Void)?
    /// The ``eventStream(bufferingNewest:)`` streams.
    final var eventContinuations: [AsyncStream<Policy.Event>.Continuation] = []
    /// The snapshot fingerprint, once computed (what it covers never changes: the
    /// configuration, the viewport or items, the time origin, the solver iterations).
    final var fingerprintMemo: UInt64?

    /// The subclass's kernel, as every animator reads it.
    final let core: any AnimatorCore

    init(core: any AnimatorCore) { self.core = core }

    /// The kernel's settings (tick, frame clamp, drag limits), from the configuration.
    final var settings: DragSettings { core.settings }
    /// The backend the animator steps. It is the animator's alone: a world destroyed or changed
    /// behind its back breaks the item that had it.
    public final var backend: any PhysicsBackend { core.backend }
    /// The timestamp that is time 0 on the animator's timeline, in the app's own clock
    /// (`CACurrentMediaTime()`, `UITouch.timestamp`, ...). Touch and display times are given in
    /// that clock and kept relative to this start. Default 0: times are already relative.
    public final var timeOrigin: Double { core.timeOrigin }

    /// The animator's clock: its tick, and the ticks stepped so far.
    public final var clock: FixedStepClock { core.clock }
    /// The chained digest of every tick so far (while ``keepsDigest``); the policy says what it
    /// covers.
    public final var digest: StateDigest { core.digest }
    /// Whether each tick folds its states into ``digest``. Default true; an app that never reads
    /// the digest may turn it off (it is a sizeable share of a tick at thousands of items).
    public final var keepsDigest: Bool {
        get { core.keepsDigest }
        set { core.keepsDigest = newValue }
    }

    /// Accepts a dynamics call for the next tick boundary, made with the id the next continuous
    /// push gets; returns that id.
    final func acceptDynamics(_ input: (Push.ID) -> DynamicsInput) throws(FlingError) -> Push.ID {
        try core.acceptDynamics(input)
    }

    /// Whether every input accepted so far (touches, pushes, field and wall changes) has been
    /// applied: false from `handle(_:)` until the tick boundary that applies it. A test that
    /// steps until an animator is still keeps stepping while this is false.
    public final var isDrained: Bool { core.isDrained }
    /// Inputs held in the queue's storage, applied ones not yet dropped included.
    final var pendingStorage: Int { core.pendingStorage }
    /// The fields as applied so far.
    final var fields: [Field] { core.fields }
    /// The continuous pushes on, in the order they were added (as accepted: one removed by
    /// ``removePush(_:)``, or whose item was removed, is gone at once).
    final var continuousPushes: [Push.ID] { core.continuousPushes }
}

/// What every animator reads and changes of its kernel, whatever its policy.
protocol AnimatorCore: AnyObject {
    var settings: DragSettings { get }
    var backend: any PhysicsBackend { get }
    var timeOrigin: Double { get }
    var clock: FixedStepClock { get }
    var digest: StateDigest { get }
    var keepsDigest: Bool { get set }
    var isDrained: Bool { get }
    var pendingStorage: Int { get }
    var fields: [Field] { get }
    var continuousPushes: [Push.ID] { get }
    func acceptDynamics(_ input: (Push.ID) -> DynamicsInput) throws(FlingError) -> Push.ID
}

/// An animator's kernel, held by reference: its subclass reaches it by its policy's type (in
/// place, `box.kernel`), the base class as an ``AnimatorCore``.
final class KernelBox<Policy: PolicyRules>: AnimatorCore {
    var kernel: Kernel<Policy>

    init(_ kernel: Kernel<Policy>) { self.kernel = kernel }

    var settings: DragSettings { kernel.settings }
    var backend: any PhysicsBackend { kernel.backend }
    var timeOrigin: Double { kernel.timeOrigin }
    var clock: FixedStepClock { kernel.clock }
    var digest: StateDigest { kernel.digest }
    var keepsDigest: Bool {
        get { kernel.keepsDigest }
        set { kernel.keepsDigest = newValue }
    }
    var isDrained: Bool { kernel.isDrained }
    var pendingStorage: Int { kernel.pendingStorage }
    var fields: [Field] { kernel.fields }
    var continuousPushes: [Push.ID] { kernel.continuousPushes }
    func acceptDynamics(_ input: (Push.ID) -> DynamicsInput) throws(FlingError) -> Push.ID {
        let id = Push.ID(kernel.nextPush)
        try kernel.accept(input(id))
        return id
    }

    /// `advance(to:)`: steps every due tick in its parts, the observer (read anew each tick)
    /// and `afterEachStep` between them with no access to the kernel open, so that they may call
    /// back into the animator. Transactional per input: on a failure the events of the ticks
    /// stepped are carried to the next call and the error is thrown.
    func advance(
        to time: Double, observer: () -> ((Int, [(Identifier<Policy.Item>, BodyState)]) -> Void)?, afterEachStep: () -> Void = {}
    ) throws(FlingError) {
        let due = try kernel.beginAdvance(to: time)
        for _ in 0..<due {
            do throws(FlingError) {
                let observe = observer()
                try kernel.stepTick(observed: observe != nil)
                if let observe { observe(kernel.clock.ticks, kernel.observed) }
                kernel.finishStep()
                afterEachStep()
                try kernel.completeTick()
            } catch {
                kernel.carryEvents()
                throw error
            }
        }
    }
}

// Listening to an animator's events beside the array `advance(to:)` returns: a closure, and
// an `AsyncStream`, for every interaction alike.

/// The animator is not `Sendable`: make it, feed it and read it on one thread or actor (an
/// app's main actor: touches, the display link and drawing all happen there). Its values
/// (``TileEvent``, ``TouchEvent``, ``Transform``, ``SpringTuning``, …) are `Sendable` and may go
/// anywhere. The stream is `Sendable` too, so a task elsewhere can consume it:
///
/// ```swift
/// @MainActor final class TilesController {
///     let animator: TileAnimator
///     init() throws {
///         animator = try TileAnimator(viewport: Rect(x: 0, y: 0, width: 390, height: 844),
///                                     backend: NativeBackend())
///         animator.onEvent = { event in print(event) }      // "tick 31: tile 1 settled"
///     }
///     func frame(at time: Double) throws { try animator.advance(to: time) }
/// }
/// ```
extension DragAnimator {
    /// A new stream of every event from now on, in order, delivered as `advance(to:)` returns
    /// them. Keeps the newest `limit` events if its consumer falls behind (default 1,024);
    /// finishes when the animator is freed.
    public func eventStream(bufferingNewest limit: Int = 1024) -> AsyncStream<Policy.Event> {
        let (stream, continuation) = AsyncStream.makeStream(of: Policy.Event.self, bufferingPolicy: .bufferingNewest(limit))
        eventContinuations.append(continuation)
        return stream
    }

    /// Hands the events `advance` returns to ``onEvent`` and the streams.
    func deliver(_ events: [Policy.Event]) {
        guard onEvent != nil || !eventContinuations.isEmpty else { return }
        for e in events {
            onEvent?(e)
            for c in eventContinuations { c.yield(e) }
        }
    }
}

// The app's dynamics calls, the same for every interaction; what a push does to an item is its
// policy's (a tile falls, a snap item is thrown). Each needs a DynamicsBackend: over any other
// backend it throws, naming the call and the backend, and changes nothing.
extension DragAnimator {
    /// An instantaneous push (UIKit's `.instantaneous` `UIPushBehavior`), applied before the next
    /// tick to the item's world (made if it has none). What the item does is its policy's: a
    /// ``TileAnimator`` tile at rest or lying falls from where it is (``TileEvent/Kind/pushed``),
    /// a moving one is pushed as it goes, a culled one is left alone; a ``SnapAnimator`` item
    /// not held is thrown by it to the resting place nearest the projection of its new velocity
    /// (``SnapEvent/Kind/sent(target:)``), at its center (snap items never turn), and one that
    /// travels by keyframes is left alone. ``Push/uikit(angle:magnitude:offset:)`` converts
    /// UIKit's units.
    ///
    /// Throws, changing nothing, over a backend that is not a ``DynamicsBackend``, for an
    /// unknown item or a push outside `Limits/push` (or an offset outside
    /// `Limits/coordinate`). At its tick the backend refuses a push that would take the
    /// velocity past `Limits/velocity`: it changes nothing, and `advance(to:)` throws, naming
    /// the tick and the item.
    public func applyPush(_ push: Push, to item: Identifier<Policy.Item>) throws(FlingError) {
        _ = try acceptDynamics { _ in .push(TouchEvent.ItemID(item), push) }
    }

    /// Adds a continuous push (UIKit's `.continuous`) on an item, from the next tick until
    /// ``removePush(_:)``: a force in every step of every world the item has. An item at rest
    /// is set moving as by ``applyPush(_:to:)``; an item under a continuous push keeps its world
    /// (it neither settles nor comes to rest). At most `Limits/forces` per item. Returns the
    /// push's id, given in call order from 1.
    @discardableResult
    public func addPush(_ push: Push, to item: Identifier<Policy.Item>) throws(FlingError) -> Push.ID {
        try acceptDynamics { .addPush($0, TouchEvent.ItemID(item), push) }
    }

    /// Ends a continuous push before the next tick. Throws for an id that is not on.
    public func removePush(_ id: Push.ID) throws(FlingError) { _ = try acceptDynamics { _ in .removePush(id) } }

    /// Replaces the fields every item's world feels (``DynamicsSettings/fields``), before the
    /// next tick: the live worlds' and those made later.
    public func setFields(_ fields: [Field]) throws(FlingError) { _ = try acceptDynamics { _ in .setFields(fields) } }

    /// Replaces the walls every item's world has (the configuration's: the viewport's edges
    /// first, when asked, then ``DynamicsSettings/walls``), before the next tick: a wall that
    /// moves pushes an item it meets ahead of it (a wall kept in the new list does not move),
    /// and an item at rest or lying that the new walls overlap is set moving as by a push.
    /// Contacts' wall indices then count in the new list. Throws, changing nothing, on an
    /// animator without walls, for an empty list, or a wall outside the backends' ranges.
    public func setWalls(_ walls: [Wall]) throws(FlingError) { _ = try acceptDynamics { _ in .setWalls(walls) } }
}
