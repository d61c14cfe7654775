import FlingCore

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
    /// EPA's hulls (``WallBoxPair/hullCapacity`` points).
    let hull: UnsafeMutablePointer<MinkowskiPoint>
    /// The worlds whose contacts iterate in lanes, by list (``ContactLanes``), each list
    /// ``capacity`` long; how many each holds; and their arbiters, two per slot of the block.
    let contactLanes: UnsafeMutableBufferPointer<Int32>
    let contactCounts: UnsafeMutableBufferPointer<Int>
    let laneArbiters: UnsafeMutablePointer<Arbiter>

    init() {
        let n = Self.capacity
        live = .allocate(capacity: n)
        angle = .allocate(capacity: n); cos = .allocate(capacity: n); sin = .allocate(capacity: n)
        dragLanes = .allocate(capacity: n); attractionLanes = .allocate(capacity: n)
        dragScalar = .allocate(capacity: n); attractionScalar = .allocate(capacity: n)
        arbiters = .allocate(capacity: Limits.walls)
        arbiters.initialize(repeating: Arbiter())
        order = .allocate(capacity: Limits.walls)
        order.initialize(repeating: 0)
        hull = .allocate(capacity: WallBoxPair.hullCapacity)
        contactLanes = .allocate(capacity: ContactLanes.lists * n)
        contactLanes.initialize(repeating: 0)
        contactCounts = .allocate(capacity: ContactLanes.lists)
        contactCounts.initialize(repeating: 0)
        laneArbiters = .allocate(capacity: ContactLanes.arbiters * n)
        laneArbiters.initialize(repeating: Arbiter(), count: ContactLanes.arbiters * n)
    }

    deinit {
        for b in [live, dragLanes, attractionLanes, dragScalar, attractionScalar] { b.deallocate() }
        for b in [angle, cos, sin] { b.deallocate() }
        arbiters.deallocate()
        order.deallocate()
        hull.deallocate()
        contactLanes.deallocate()
        contactCounts.deallocate()
        laneArbiters.deallocate()
    }
}
