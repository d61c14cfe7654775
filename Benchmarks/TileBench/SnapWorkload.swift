import Fling

/// The `snap-animator` row: N items driven through the real ``SnapAnimator`` as an app drives
/// chat heads, over native-portable. Each item rests on one of two resting places 80 points
/// apart (where its tile of the ``Scene`` would be, ± 40 points across); every
/// ``period`` ticks, at a phase of its own, a finger takes it where it is, drags it
/// ``dragTicks`` ticks toward the other place and lets go: the release projects it past that
/// place, it springs there and comes to rest, its world freed, before the next grab. So every
/// tick some items are grabbed, some let go, some settle, and most move (about four in five
/// have a world); the row steps what the animator steps, and divides by the worlds it stepped
/// (the backend's world count after each tick and the worlds freed by it).
///
/// The animator's own chained digest stays on (the snap policy's covers every item each tick)
/// and is the row's digest: equal to that of a reference run on two threads, or the run fails.
struct SnapRun: Workload {
    /// Ticks from one grab of an item to its next.
    static let period = 60
    /// Ticks an item is dragged (the last one the release).
    static let dragTicks = 6
    /// Distance between an item's two resting places.
    static let span = 80.0

    let label: String
    let scene: Scene
    let animator: SnapAnimator
    /// Heap bytes that making the animator with its items took.
    let animatorBytes: Int?
    let backend: NativeBackend
    /// Per item, the side it rests on (or is going to): -1 left, +1 right.
    var side: [Double]
    /// Per item, where its finger went down.
    var downAt: [Vector]
    var events: [SnapEvent] = []
    var digest = StateDigest()
    var tick = 0
    let respawns = 0
    var steppedWorlds = 0

    init(label: String, scene: Scene, threads: Int = 1, shareEveryStep: Bool = false) throws {
        self.label = label
        self.scene = scene
        backend = try NativeBackend(solverIterations: Scene.solverIterations, arithmetic: .portable, threads: threads)
        if shareEveryStep { backend.parallelSlots = 0 }
        let items = scene.tiles.enumerated().map { i, p in
            SnapItem(
                id: SnapItem.ID(i), center: p.origin - Vector(Self.span / 2, 0), width: 60, height: 60, shape: .circle,
                restingPlaces: .points([p.origin - Vector(Self.span / 2, 0), p.origin + Vector(Self.span / 2, 0)]))
        }
        let backend = self.backend
        (animator, animatorBytes) = try heapTaken { try SnapAnimator(items: items, backend: backend) }
        side = [Double](repeating: -1, count: scene.count)
        downAt = [Vector](repeating: .zero, count: scene.count)
        events.reserveCapacity(scene.count)
    }

    mutating func populate(reserve: Bool) throws {
        if reserve { backend.reserveCapacity(scene.count) }
    }

    mutating func foldDigest() { digest = animator.digest }

    @inline(__always)
    func touch(_ i: Int, _ phase: TouchEvent.Phase, _ at: Vector, _ t: Double) throws {
        try animator.handle(
            TouchEvent(time: t, touch: TouchID(i), phase: phase, position: at, item: phase == .began ? TouchEvent.ItemID(i) : nil))
    }

    mutating func tickBody() throws {
        let k = tick, dt = scene.dt
        // Stamped half a tick before tick k starts, as the tile-animator row's touches are.
        let t = k == 0 ? 0 : (Double(k) - 0.5) * dt
        for i in 0..<scene.count {
            let c = (k + i * 7) % Self.period
            // Nothing before its first grab, at the first tick of its phase 0.
            if k < (Self.period - (i * 7) % Self.period) % Self.period { continue }
            if c == 0 {
                downAt[i] = try animator.state(of: SnapItem.ID(i)).state.position
                try touch(i, .began, downAt[i], t)
            } else if c <= Self.dragTicks {
                // Toward the other place, a sixth of the span a tick (about 800 pt/s at 60 Hz).
                let at = downAt[i] + Vector(-side[i] * Self.span * Double(c) / Double(Self.dragTicks), 0)
                try touch(i, c == Self.dragTicks ? .ended : .moved, at, t)
                if c == Self.dragTicks { side[i] = -side[i] }
            }
        }
        events.removeAll()
        events = try animator.advance(to: Double(k + 1) * dt)
        var freed = 0
        for e in events { if case .settled = e.kind { freed += 1 } }
        steppedWorlds += backend.worldCount + freed
    }

    mutating func tearDown() throws {}
}
