import Fling

/// The same kind of scene driven through the real ``TileAnimator``, as an app drives it: the
/// `tile-animator` row. Every tick the app hands the animator its touches (in one call), advances it one
/// display frame, resets the tiles it culled, and reads every tile's pose to draw. So the
/// figure covers the whole path: touch validation and queueing, the velocity tracker, release
/// rules, the settle and cull checks, the backend (native, portable arithmetic; Chipmunk per
/// world in the `tile-animator-chipmunk` row, the same workload its ratio is taken against),
/// and reading the poses back.
///
/// Equal work: like the backend rows, every tile has a world on every tick, so the row steps N
/// worlds per tick (the report prints the count it measured, from the backend's world count
/// and the settle and cull events, and divides by it). Each tile's cycle:
/// - held tiles are grabbed at tick 0 and let go and grabbed again every
///   ``Scene/regrabPeriod`` ticks, each at its own phase (the grab takes the world over);
/// - springing tiles are held from tick 0 for a stretch of their own, then moved 36 points
///   over ``springMoves`` ticks and let go; they spring home and are grabbed again
///   ``springPeriod`` ticks after the last grab, before they can settle;
/// - falling tiles are held for a while, flung down 40 points a tick for 3 ticks and let go;
///   once culled they are reset and grabbed again on the next tick.
/// The animator's own digest is off (an app does not need it); the run folds the drawn poses
/// into its digest outside the timed region.
///
/// With walls (`tile-animator+walls`), the configuration gives every tile's world the walls
/// rows' extras (``Scene/walls``, ``Scene/material``, ``Scene/fields``), so the animator reads
/// the wall contacts every tick, and the app pushes the held and falling tiles through the
/// animator (``Scene/push(_:_:)`` every ``Scene/pushPeriod`` ticks, a continuous push
/// ``Scene/force(_:_:)`` added or removed every ``Scene/forcePeriod``). A falling tile inside
/// walls is not culled: once it comes to rest it is reset and grabbed again on the next tick,
/// as a culled one is.
struct AnimatorRun: Workload {
    /// Ticks from a springing tile's grab to the next: it is let go ``springMoves`` ticks after
    /// the grab, 36 pt from home, and would need about 30 more (and 6 under every threshold) to
    /// settle.
    static let springPeriod = 24
    /// Ticks a springing tile is dragged before it is let go (the last one the release).
    static let springMoves = 10
    /// Ticks a falling tile is held after a re-grab before it is flung.
    static let holdBeforeFling = 10

    let label: String
    let scene: Scene
    let walls: Bool
    let animator: TileAnimator
    /// Heap bytes that making the animator with its tiles took.
    let animatorBytes: Int?
    let backend: any DynamicsBackend
    /// The backend, when it is native (its threads, its reservation).
    let native: NativeBackend?
    var fingers: [Finger] = []
    /// Per falling tile (`scene.falling` order): held ticks still to wait (negative), the
    /// fling's step (0...3), or `released` while it falls, or `regrab` once culled and reset.
    var fallState: [Int] = []
    /// The springing and falling tiles' origins (`scene.springing` and `scene.falling` order),
    /// held apart as an app holds its views' home frames: read every tick, they would otherwise
    /// come from the scene's 224-byte tile plans, a cache miss per tile that is the workload's
    /// cost, not the animator's.
    let springOrigins: [Vector], fallOrigins: [Vector]
    var poses: [Transform] = []
    var events: [TileEvent] = []
    /// Per tile, its continuous push while it has one (with walls).
    var pushes: [Push.ID?] = []
    var digest = StateDigest()
    var tick = 0
    var respawns = 0
    var steppedWorlds = 0
    /// What an observer saw (with `observe`): the states handed to it, and their x summed.
    let observed = Observed()

    final class Observed {
        var states = 0
        var sum = 0.0
    }

    static let released = 1_000, regrab = 1_001

    /// - Parameter kind: the backend the animator runs on (native-portable for `tile-animator`,
    ///   Chipmunk per world for `tile-animator-chipmunk`, native for that row's reference run).
    ///   `threads`: a native backend's threads; `shareEveryStep` makes every step
    ///   take them, however few the worlds (for the reference runs). `walls`: the workload with
    ///   walls, a material, a field and pushes.
    /// With `observe`, an `onTick` observer reads every tick's states (``observed``).
    init(
        label: String, scene: Scene, kind: BackendKind = .nativePortable, threads: Int = 1, shareEveryStep: Bool = false,
        walls: Bool = false, observe: Bool = false
    ) throws {
        self.label = label
        self.scene = scene
        self.walls = walls
        let tiles = scene.tiles.enumerated().map { i, p in
            TileDefinition(id: TileID(i), frame: Rect(center: p.origin, width: 80, height: 80), mass: p.mass)
        }
        if kind == .native || kind == .nativePortable {
            let native = try NativeBackend(solverIterations: Scene.solverIterations, arithmetic: kind.arithmetic, threads: threads)
            if shareEveryStep { native.parallelSlots = 0 }
            self.native = native
            backend = native
        } else {
            native = nil
            backend = try kind.make(solverIterations: Scene.solverIterations)
        }
        var configuration = scene.configuration
        if walls {
            configuration.dynamics = DynamicsSettings(walls: Scene.walls, itemProperties: Scene.material, fields: Scene.fields)
            pushes = [Push.ID?](repeating: nil, count: scene.count)
        }
        let backend = self.backend
        (animator, animatorBytes) = try heapTaken {
            try TileAnimator(viewport: Scene.viewport, tiles: tiles, configuration: configuration, backend: backend)
        }
        animator.keepsDigest = false
        if observe {
            let seen = observed
            animator.onTick = { _, states in
                var sum = 0.0
                for (_, s) in states { sum += s.position.x }
                seen.states += states.count
                seen.sum += sum
            }
        }
        for i in scene.dragged { fingers.append(Finger(scene.tiles[i])) }
        springOrigins = scene.springing.map { scene.tiles[$0].origin }
        fallOrigins = scene.falling.map { scene.tiles[$0].origin }
        fallState = [Int](repeating: Self.regrab, count: scene.falling.count)
        poses.reserveCapacity(scene.count)
        touches.reserveCapacity(scene.count)
        events.reserveCapacity(scene.count)
    }

    mutating func populate(reserve: Bool) throws {
        if reserve { native?.reserveCapacity(scene.count) }
    }

    mutating func foldDigest() {
        for p in poses { digest.combine(p.position.x); digest.combine(p.position.y); digest.combine(p.angle) }
    }

    /// The tick's touches, handed to the animator in one call (``TileAnimator/handle(contentsOf:)``)
    /// as an app hands a display frame's.
    var touches: [TouchEvent] = []

    @inline(__always)
    mutating func touch(_ i: Int, _ phase: TouchEvent.Phase, _ at: Vector, _ t: Double) {
        touches.append(
            TouchEvent(time: t, touch: TouchID(i), phase: phase, position: at, item: phase == .began ? TouchEvent.ItemID(i) : nil))
    }

    @inline(__always)
    mutating func tickBody() throws {
        let k = tick, dt = scene.dt
        // Touches are stamped half a tick before tick k starts (as UIKit's timestamps precede
        // the frame that delivers them), so each is applied just before tick k: a touch stamped
        // at k·dt exactly could land after it, by the rounding of k·dt / dt.
        let t = k == 0 ? 0 : (Double(k) - 0.5) * dt
        touches.removeAll(keepingCapacity: true)
        // Held tiles: a finger each, moving every tick; let go and grabbed again now and then.
        for (d, i) in scene.dragged.enumerated() {
            let p = fingers[d].advance()
            if k == 0 {
                touch(i, .began, p, t)
            } else if (k + i) % Scene.regrabPeriod == 0 {
                touch(i, .ended, p, t)
                touch(i, .began, p, t)
            } else {
                touch(i, .moved, p, t)
            }
        }
        // Springing tiles: held from tick 0 for a stretch of their own (so that they do not all
        // move together), then every `springPeriod` ticks: moved 36 pt, let go gently, sprung
        // home, grabbed again before they can settle.
        for (s, i) in scene.springing.enumerated() {
            let o = springOrigins[s]
            let hold = (i * 7) % Self.springPeriod
            if k == 0 { touch(i, .began, o, t) }
            guard k >= hold else { continue }
            let c = (k - hold) % Self.springPeriod
            if c == 0 {
                if k > hold { touch(i, .began, o, t) }  // at k == hold it is still held from tick 0
            } else if c <= Self.springMoves {
                // 36 pt in `springMoves` steps (about 216 pt/s): released within the release
                // rule's radius, so it springs home.
                let at = o + Vector(30, 20) * (Double(c) / Double(Self.springMoves))
                touch(i, c == Self.springMoves ? .ended : .moved, at, t)
            }
        }
        // Falling tiles: held still, flung down 40 pt a tick for 3 ticks, let go; culled,
        // reset (below) and grabbed again on the next tick.
        for (f, i) in scene.falling.enumerated() {
            let o = fallOrigins[f]
            let s = fallState[f]
            if k == 0 || s == Self.regrab {
                touch(i, .began, o, t)
                // The first stretch held is 10 to 69 ticks, so that they do not all fall together.
                fallState[f] = -(Self.holdBeforeFling + (k == 0 ? (i * 7) % 60 : 0))
                continue
            }
            if s == Self.released { continue }
            if s < 0 {  // held still
                fallState[f] = s + 1
                continue
            }
            // 0, 1, 2: the finger 40, 80, 120 pt below the grab; 3: let go there.
            touch(i, s == 3 ? .ended : .moved, o + Vector(0, 40 * Double(min(s + 1, 3))), t)
            fallState[f] = s == 3 ? Self.released : s + 1
        }
        try animator.handle(contentsOf: touches)
        if walls { try push(k) }
        // One display frame: exactly one tick. Last frame's events are let go first, as an app
        // done with them would: the animator then refills the same storage instead of allocating.
        events.removeAll()
        events = try animator.advance(to: Double(k + 1) * dt)
        // Worlds stepped this tick: those alive now, and those freed after the step.
        var freed = 0
        for e in events {
            switch e.kind {
            case .culled, .cameToRest:
                let i = Int(e.tile.rawValue)
                guard scene.tiles[i].role == .falling else { throw WorkloadBroken(what: "tile \(i), not a falling one, was \(e.kind)") }
                try animator.reset(e.tile)
                fallState[i / 3] = Self.regrab  // tile i is the (i / 3)-th falling one
                respawns += 1
                freed += 1
            case .settled:
                throw WorkloadBroken(what: "tile \(e.tile.rawValue) settled: the row would step fewer than N worlds")
            case .released(let outcome, _, _):
                let role = scene.tiles[Int(e.tile.rawValue)].role
                if role == .springing && outcome != .attract || role == .falling && outcome != .fall {
                    throw WorkloadBroken(what: "tile \(e.tile.rawValue) (\(role)) released to \(outcome)")
                }
            default: break
            }
        }
        steppedWorlds += backend.worldCount + freed
        animator.drawnTransforms(into: &poses)
    }

    /// The app's pushes after tick `k`, with walls: the held and falling tiles due are pushed,
    /// and their continuous pushes added or removed (the springing ones are left alone: a push
    /// could send one past the release rule's radius).
    mutating func push(_ k: Int) throws {
        var i = k % Scene.pushPeriod
        while i < scene.count {
            if scene.tiles[i].role != .springing { try animator.applyPush(Scene.push(i, k), to: TileID(i)) }
            i += Scene.pushPeriod
        }
        i = k % Scene.forcePeriod
        while i < scene.count {
            if scene.tiles[i].role != .springing {
                if let push = pushes[i] {
                    try animator.removePush(push)
                    pushes[i] = nil
                } else {
                    pushes[i] = try animator.addPush(Scene.force(i, k), to: TileID(i))
                }
            }
            i += Scene.forcePeriod
        }
    }

    mutating func tearDown() throws {}
}

/// The animator workload did not do what it must to step N worlds per tick (a springing tile
/// settled or fell, a falling one was sprung home): the figures would not compare equal work.
struct WorkloadBroken: Error, CustomStringConvertible {
    var what: String
    var description: String { "the tile-animator workload broke its premise: \(what)" }
}
