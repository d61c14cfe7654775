import Fling

/// The same kind of scene driven through the real ``TileAnimator``, as an app drives it: the
/// `tile-animator` row. Every tick the app hands the animator its touches (a third of the
/// tiles held by fingers moving along their Lissajous paths, a third flicked gently and
/// springing home, a third flung down and falling), advances it one display frame, resets
/// the tiles it culled, and reads every tile's pose to draw. So the figure covers the whole
/// path: touch validation and queueing, the velocity tracker, release rules, settling and
/// culling, the backend (native, portable arithmetic), and reading the poses back.
///
/// Each tile's cycle: held tiles are grabbed once and re-grabbed every ``Scene/regrabPeriod``
/// ticks; springing tiles are grabbed, moved 30 points and let go every ``Scene/springPeriod``
/// ticks (they come back home and settle in between); falling tiles are grabbed and flung
/// down 40 points a tick for 3 ticks, every ``fallPeriod`` ticks (culled, then reset).
/// The animator's own digest is off (an app does not need it); the run folds the drawn poses
/// into its digest outside the timed region.
struct AnimatorRun: Workload {
    static let fallPeriod = 120

    let label: String
    let scene: Scene
    let animator: TileAnimator
    var fingers: [Finger] = []
    var poses: [Transform] = []
    var events: [TileEvent] = []
    var digest = StateDigest()
    var tick = 0
    var respawns = 0

    init(label: String, scene: Scene) throws {
        self.label = label
        self.scene = scene
        let tiles = scene.tiles.enumerated().map { i, p in
            TileDefinition(id: TileID(i), frame: Rect(center: p.origin, width: 80, height: 80), mass: p.mass)
        }
        animator = try TileAnimator(
            viewport: Scene.viewport, tiles: tiles, configuration: scene.configuration,
            backend: try NativeBackend(solverIterations: Scene.solverIterations, arithmetic: .portable))
        animator.keepsDigest = false
        for i in scene.dragged { fingers.append(Finger(scene.tiles[i])) }
        poses.reserveCapacity(scene.count)
        events.reserveCapacity(scene.count)
    }

    mutating func populate(reserve: Bool) throws {
        if reserve, let native = animator.backend as? NativeBackend { native.reserveCapacity(scene.count) }
    }

    mutating func foldDigest() {
        for p in poses { digest.combine(p.position.x); digest.combine(p.position.y); digest.combine(p.angle) }
    }

    @inline(__always)
    func touch(_ i: Int, _ phase: TouchEvent.Phase, _ at: Vector, _ t: Double) throws {
        try animator.handle(TouchEvent(time: t, touch: TouchID(i), phase: phase, position: at, item: phase == .began ? ItemID(i) : nil))
    }

    @inline(__always)
    mutating func tickBody() throws {
        let k = tick, dt = scene.dt
        let t = Double(k) * dt
        // Held tiles: a finger each, moving every tick; let go and grabbed again now and then.
        for (d, i) in scene.dragged.enumerated() {
            let p = fingers[d].advance()
            if k == 0 {
                try touch(i, .began, p, t)
            } else if (k + i) % Scene.regrabPeriod == 0 {
                try touch(i, .ended, p, t)
                try touch(i, .began, p, t)
            } else {
                try touch(i, .moved, p, t)
            }
        }
        // Springing tiles: grabbed, moved 30 pt, let go gently: they spring home and settle.
        for i in scene.springing {
            let o = scene.tiles[i].origin
            let phase = (k + i) % Scene.springPeriod
            guard k >= phase else { continue }  // this cycle's began was before tick 0
            switch phase {
            case 0: try touch(i, .began, o, t)
            case 1: try touch(i, .moved, o + Vector(15, 10), t)
            case 2: try touch(i, .moved, o + Vector(30, 20), t)
            case 3: try touch(i, .ended, o + Vector(30, 20), t)
            default: break
            }
        }
        // Falling tiles: grabbed and flung down; they fall, are culled, and reset.
        for i in scene.falling {
            let o = scene.tiles[i].origin
            let phase = (k + i) % Self.fallPeriod
            if phase < 5, k >= phase {
                let at = o + Vector(0, 40 * Double(phase))
                try touch(i, phase == 0 ? .began : phase == 4 ? .ended : .moved, at, t)
            }
        }
        // One display frame: exactly one tick. Last frame's events are let go first, as an app
        // done with them would: the animator then refills the same storage instead of allocating.
        events.removeAll()
        events = try animator.advance(to: t + dt)
        for e in events where e.kind == .culled {
            try animator.reset(e.tile)
            respawns += 1
        }
        animator.drawnTransforms(into: &poses)
    }

    mutating func tearDown() throws {}
}
