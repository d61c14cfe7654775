import FlingCore
import _FlingSolver

/// One thread's scratch for a step: the slots of one block of worlds, their rotations, and
/// the work lists of the solver iterations by joint kind. Allocated once, with the backend,
/// at a fixed size (``capacity`` slots), and reused block after block, step after step: the
/// step never allocates, and a block's hot data stays in the core's caches between the
/// passes that read it.
final class StepScratch: @unchecked Sendable {
    /// Slots per block. 256 worlds' hot state (≈ 75 KB) stays within a core's L2 cache
    /// between the step's passes over the block.
    static let capacity = 256

    /// The live slots of the block, in slot order.
    let live: UnsafeMutableBufferPointer<Int32>
    /// Each live slot's new angle, then the cosine and sine of it (same index as `live`).
    let angle: UnsafeMutableBufferPointer<Double>
    let cos: UnsafeMutableBufferPointer<Double>
    let sin: UnsafeMutableBufferPointer<Double>
    /// Each live slot's centre before its move (worlds with walls only): the side of each wall
    /// the wall sweep's lift keeps it on.
    let x0: UnsafeMutableBufferPointer<Double>
    let y0: UnsafeMutableBufferPointer<Double>
    /// Whether the sweep put it back this step.
    let swept: UnsafeMutableBufferPointer<Bool>
    /// Drag worlds whose finger body is inert and attracted worlds whose static body is at
    /// rest: their iterations run in SIMD lanes.
    let dragLanes: UnsafeMutableBufferPointer<Int32>
    let attractionLanes: UnsafeMutableBufferPointer<Int32>
    /// The others (an anchor with a -0 velocity or a spin): iterated one world at a time, with
    /// every impulse applied to the anchor too.
    let dragScalar: UnsafeMutableBufferPointer<Int32>
    let attractionScalar: UnsafeMutableBufferPointer<Int32>
    /// One world's arbiters of the step (the walls its box touches, at most ``Limits/walls``),
    /// and the walls a query of the spatial hash reports.
    let arbiters: UnsafeMutableBufferPointer<Arbiter>
    let order: UnsafeMutableBufferPointer<UInt8>
    /// EPA's hulls.
    let hull: EPAScratch
    /// The noise fields' lattice cells this thread met last (``NoiseCache``, about 43 KB).
    let noise: NoiseCache
    /// The worlds readied for contact lanes, by list (``ContactLanes``), up to a group of
    /// ``SolverLanes/width`` each (a full group is iterated at once, the rest when the step's
    /// slots are done); how many each list holds; and their arbiters, two per world.
    let pendingWorlds: UnsafeMutableBufferPointer<Int32>
    let pending: UnsafeMutableBufferPointer<Int>
    let pendingArbiters: UnsafeMutablePointer<Arbiter>
    /// Worlds whose contacts this thread iterated in lanes (``NativeBackend/contactLaneWorlds``).
    var laneWorlds = 0

    init() {
        let n = Self.capacity
        live = .allocate(capacity: n)
        angle = .allocate(capacity: n); cos = .allocate(capacity: n); sin = .allocate(capacity: n)
        x0 = .allocate(capacity: n); y0 = .allocate(capacity: n)
        x0.initialize(repeating: 0); y0.initialize(repeating: 0)
        swept = .allocate(capacity: n)
        swept.initialize(repeating: false)
        dragLanes = .allocate(capacity: n); attractionLanes = .allocate(capacity: n)
        dragScalar = .allocate(capacity: n); attractionScalar = .allocate(capacity: n)
        arbiters = .allocate(capacity: Limits.walls)
        arbiters.initialize(repeating: Arbiter())
        order = .allocate(capacity: Limits.walls)
        order.initialize(repeating: 0)
        hull = .allocate()
        noise = .allocate()
        let waiting = ContactLanes.lists * SolverLanes.width
        pendingWorlds = .allocate(capacity: waiting)
        pendingWorlds.initialize(repeating: 0)
        pending = .allocate(capacity: ContactLanes.lists)
        pending.initialize(repeating: 0)
        pendingArbiters = .allocate(capacity: ContactLanes.arbiters * waiting)
        pendingArbiters.initialize(repeating: Arbiter(), count: ContactLanes.arbiters * waiting)
    }

    /// Adds slot `i`, readied, to contact lanes list `list`, with its `count` arbiters (in
    /// ``arbiters``).
    @inline(__always) func pend(_ list: Int, _ i: Int, _ count: Int) {
        let q = list * SolverLanes.width + pending[list]
        pendingWorlds[q] = Int32(truncatingIfNeeded: i)
        let kept = pendingArbiters + ContactLanes.arbiters * q
        for a in 0..<count { kept[a] = arbiters[a] }
        pending[list] += 1
    }

    deinit {
        for b in [live, dragLanes, attractionLanes, dragScalar, attractionScalar] { b.deallocate() }
        for b in [angle, cos, sin, x0, y0] { b.deallocate() }
        swept.deallocate()
        arbiters.deallocate()
        order.deallocate()
        hull.deallocate()
        noise.deallocate()
        pendingWorlds.deallocate()
        pending.deallocate()
        pendingArbiters.deallocate()
    }
}
