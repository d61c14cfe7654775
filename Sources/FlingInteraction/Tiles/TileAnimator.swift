// The photo-tile animator: the drag kernel over the tile policy, and what an app calls on it.
// It holds its kernel; every entry point is one call into it, declared on the concrete type so
// that the kernel's generic code runs specialized for tiles (see Kernel/DragAnimator.swift).
import FlingCore

/// The photo-tile life cycle over a physics backend: the package's answer to the original
/// photo app's physics-animation class. The drag kernel (``DragAnimator``) over the tile
/// policy (``TilePolicy``).
///
/// It owns tiles by id. A touch on a tile makes a world for it (one box body, gravity, and a
/// drag joint from a kinematic finger body to the grabbed point); on release the tile springs
/// home or falls away (``TileConfiguration/releaseRule``); a tile home is snapped exactly to
/// its origin and its world freed (``TileEvent/Kind/settled``); a tile off screen loses its
/// world and is dropped from the picture (``TileEvent/Kind/culled``) until ``reset(_:)``. A touch
/// on a tile still moving takes its world over without a jump. Tiles never collide.
///
/// Feed it touches with ``handle(_:)`` and display times with ``advance(to:)``. Physics runs
/// in fixed ticks (``FixedStepClock``); touches are applied at tick boundaries in time order
/// (every touch at or before a tick's start is applied before that tick), so the same touches
/// give the same ticks at any display rate. Read ``state(of:)`` for tick states and
/// ``drawnTransform(of:)`` for the interpolated pose to draw.
public final class TileAnimator: DragAnimator<TilePolicy> {
    /// The kernel, in its box (shared with the base class, as its ``AnimatorCore``).
    final let box: KernelBox<TilePolicy>
    /// The kernel, in place.
    final var kernel: Kernel<TilePolicy> {
        _read { yield box.kernel }
        _modify { yield &box.kernel }
    }

    /// - Parameters:
    ///   - viewport: the visible area, in points; tiles wholly outside it (plus the margin of
    ///     ``TileConfiguration/CullRule/outsideViewport(margin:)``) are culled.
    ///   - tiles: the tiles, at rest; ids must be unique.
    ///   - configuration: the physics; validated here.
    ///   - backend: a fresh backend, the animator's alone (it makes and destroys its worlds).
    ///     The core (``PhysicsBackend``) runs every configuration without dynamics; one that
    ///     uses them (walls, the viewport's edges, item properties, fields, home pivots, grab
    ///     friction, a tile's own properties) needs a ``DynamicsBackend``, and over any other
    ///     backend this throws, naming the setting and the backend.
    ///   - timeOrigin: the timestamp, in the app's clock, that is time 0 of the animator's
    ///     timeline; touches and display times before it are refused. Default 0.
    public init(
        viewport: Rect, tiles: [TileDefinition] = [], configuration: TileConfiguration = .init(),
        backend: any PhysicsBackend, timeOrigin: Double = 0
    ) throws(FlingError) {
        try configuration.validate()
        try Check.viewport(viewport, "viewport")
        let policy = TilePolicy(viewport: viewport, configuration: configuration)
        box = KernelBox(
            try Kernel(
                items: tiles, policy: policy, settings: configuration.drag, dynamics: configuration.dynamics,
                dynamicsSetting: policy.settingUsingDynamics, homePivots: policy.homePivots,
                walls: configuration.dynamics.walls(in: viewport), backend: backend, timeOrigin: timeOrigin))
        super.init(core: box)
    }

    /// The visible area, in points.
    public var viewport: Rect { kernel.policy.viewport }
    public var configuration: TileConfiguration { kernel.policy.configuration }

    /// The ids of every tile, in order: the order of ``drawnTransforms(into:)``' poses.
    public var tileIDs: [TileID] { kernel.ids }

    /// The tiles' definitions, in id order.
    var tileDefinitions: [TileDefinition] { kernel.definitions }

    /// The number of tiles that have a world now.
    public var liveTileCount: Int { kernel.liveCount }

    /// Adds a tile at rest at its origin. A tile with properties of its own needs a
    /// ``DynamicsBackend``: over any other backend this throws, changing nothing.
    public func addTile(_ definition: TileDefinition) throws(FlingError) { try kernel.addItem(definition, journaled: .addTile(definition)) }

    /// Removes a tile (freeing its world); a touch holding it then holds nothing. Throws, with
    /// nothing changed, when the backend fails to free the world.
    public func removeTile(_ id: TileID) throws(FlingError) { try kernel.removeItem(id, journaled: .removeTile(id)) }

    /// Puts a tile back at rest at its origin (a culled one, say), freeing its world; a touch
    /// holding it then holds nothing. Throws, with nothing changed, when the backend fails to
    /// free the world.
    public func reset(_ id: TileID) throws(FlingError) { try kernel.resetItem(id, journaled: .reset(id)) }

    /// The tile's definition, phase and state after the last tick.
    public func state(of id: TileID) throws(FlingError) -> TileState {
        let tile = try kernel.view(of: id)
        return TileState(definition: tile.item, phase: tile.phase, state: tile.state)
    }

    /// The pose to draw at the last display time: the last two tick states interpolated by
    /// `FixedStepClock/fraction`. For drawing only; never fed back into the physics.
    public func drawnTransform(of id: TileID) throws(FlingError) -> Transform { try kernel.drawnTransform(of: id) }

    /// Every tile's pose to draw, in id order (``tileIDs``), written into `transforms`
    /// (cleared first; its capacity is kept, so a warmed-up caller allocates nothing): what
    /// ``drawnTransform(of:)`` gives, for all tiles in one call. A culled tile's is its last
    /// state; a resting tile's is its origin at angle 0.
    public func drawnTransforms(into transforms: inout [Transform]) { kernel.drawnTransforms(into: &transforms) }

    /// Accepts a touch event, to be applied before the first tick that starts at or after its
    /// time; its time is in the app's clock (see `DragAnimator/timeOrigin`).
    ///
    /// A **late** touch, one whose time the display clock has already passed (its tick is
    /// stepped), is applied before the next tick; its own time still feeds the velocity
    /// tracker. A touch inside a **stalled** frame (an interval longer than
    /// ``DragSettings/maxDisplayFrameInterval``, which the clock clamps) keeps its place in the frame:
    /// its offset into the frame is scaled by the same clamp. Either way a `TraceRecorder` (FlingTraces)
    /// writes the tick the touch was applied at, so the replay is exact.
    ///
    /// Throws, changing nothing, when a number is not finite or out of `Limits`, the time is
    /// before `DragAnimator/timeOrigin` or earlier than the last accepted event's, a `began` names an
    /// unknown tile or a touch already down, or another phase names a touch that is not down.
    public func handle(_ event: TouchEvent) throws(FlingError) { try kernel.accept(event) }

    /// Accepts touch events in order, exactly as ``handle(_:)`` one by one, through one access to
    /// the animator: a display frame's touches (the set `touchesMoved(_:with:)` hands a view, its
    /// coalesced touches) cost less this way when a crowd of tiles moves. Stops at the first
    /// event that is refused: the events before it stay accepted, it and those after it are not,
    /// and its error's field starts with its index (`events[2], TouchEvent(touch 3, moved).time`).
    public func handle(contentsOf events: [TouchEvent]) throws(FlingError) { try kernel.accept(contentsOf: events) }

    /// Moves the display time to `time` (in the app's clock, never decreasing; a time before
    /// `DragAnimator/timeOrigin` counts as the origin), stepping every tick that has become due, and
    /// returns the life-cycle events of those ticks in order.
    ///
    /// Transactional per input: when applying an input fails (a backend refusing a value),
    /// the ticks before it stay stepped and their events are returned by the next call; the
    /// failing input is consumed, its tile put back at rest without a world, and the error,
    /// naming the tick, the touch and the tile, is thrown. The animator keeps working: the
    /// next call steps the remaining ticks.
    ///
    /// The returned array's storage is refilled by the next call when the caller has let go of
    /// it by then (a warmed-up frame then allocates nothing); one still held is left alone.
    @discardableResult
    public func advance(to time: Double) throws(FlingError) -> [TileEvent] {
        try box.advance(to: time, observer: { [unowned self] in onTick })
        deliver(kernel.events)
        return kernel.events
    }

    /// Queues an input of a recording for the tick it was applied at (`nil`: a touch's own
    /// time decides, as for ``handle(_:)``): how a replayer feeds a recording back, after checking it.
    public func schedule(_ input: TileInput, tick: Int?) throws(FlingError) { try kernel.schedule(input, tick: tick) }

    /// Every input applied, with its tick, while it is being recorded; nil otherwise. A recorder
    /// sets it to `[]` on a fresh animator (no input, no tick) and reads it when it ends.
    public var journal: [AppliedInput<TileInput>]? {
        get { kernel.journal }
        set { kernel.journal = newValue }
    }

}
