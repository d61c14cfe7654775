import Fling

/// The workload draws every number from Fling's SplitMix64, seeded by tile index (and tick),
/// so every backend (and every run) sees the same scene and the same inputs. Nothing reads a
/// clock or a global random source.
extension SplitMix64 {
    init(_ a: Int, _ b: Int = 0, salt: UInt64) {
        self.init(
            state: salt ^ (UInt64(truncatingIfNeeded: a) &* 0x9E37_79B9_7F4A_7C15)
                ^ (UInt64(truncatingIfNeeded: b) &* 0xD1B5_4A32_D192_ED03))
    }
    /// Uniform in [lo, hi).
    mutating func uniform(_ lo: Double, _ hi: Double) -> Double { lo + (hi - lo) * unit() }
    /// Uniform in 0..<n.
    mutating func below(_ n: Int) -> Int { Int(next() % UInt64(n)) }
}

/// What a tile does for the whole run. Tile `i` has role `i % 3`, so a third of the tiles
/// are held by fingers, a third spring back to their origins, a third fall.
enum Role: Int {
    case dragged = 0, springing = 1, falling = 2
}

/// One tile's fixed plan, drawn once from its index.
struct TilePlan {
    var role: Role
    var origin: Vector
    var mass: Double
    var moment: Double
    /// Half the tile's diagonal: a fallen tile whose center is this far outside the
    /// viewport (plus margin) lies wholly outside it, whatever its angle.
    var cullRadius: Double
    /// Width and height: the box the walls rows collide.
    var size: Vector
    var attraction: Attraction
    /// Dragged: the grabbed point (tile coordinates), the finger's start, and its
    /// Lissajous path: `start + (ax (sin θx − sin θx₀), ay sin θy)`, θ advancing per tick.
    var localAnchor = Vector.zero
    var fingerStart = Vector.zero
    var amplitude = Vector.zero
    var thetaX0 = 0.0
    var stepX = 0.0, stepY = 0.0
    /// Springing: the pose it starts from (then released toward its origin), and its phase
    /// in the re-release cycle.
    var startOffset = Vector.zero
    var startAngle = 0.0
    var springBucket = 0
    /// Falling: how far into its first flight it starts, in seconds, so that respawns come
    /// at their steady rate from the first tick rather than all together.
    var flightTime = 0.0
}

/// The whole scene for N tiles: a 390×844 phone viewport, tiles laid over it at seeded
/// places, and the periodic events (a springing tile is kicked and re-released every
/// ``springPeriod`` ticks, a dragged tile re-grabbed every ``regrabPeriod`` ticks, each at
/// its own seeded phase, so the same few happen every tick).
struct Scene {
    static let viewport = Rect(x: 0, y: 0, width: 390, height: 844)
    static let springPeriod = 90
    static let regrabPeriod = 240
    /// Every backend's solver iterations (Chipmunk's default).
    static let solverIterations = 10

    let count: Int
    let configuration: TileConfiguration
    let dt: Double
    let tiles: [TilePlan]
    let dragged: [Int]
    let springing: [Int]
    let falling: [Int]
    /// Per falling tile, in `falling` order: its cull radius, kept dense as an app keeps what
    /// it checks every frame (reading it from `tiles` would stride 208-byte plans).
    let fallingRadius: [Double]
    /// `springBuckets[k % springPeriod]`: the springing tiles re-released after tick k.
    let springBuckets: [[Int]]
    /// `regrabBuckets[k % regrabPeriod]`: the dragged tiles re-grabbed after tick k.
    let regrabBuckets: [[Int]]
    /// The culling box: the viewport grown by the configuration's cull margin.
    let minX, minY, maxX, maxY: Double

    init(count: Int, configuration: TileConfiguration = TileConfiguration()) {
        self.count = count
        self.configuration = configuration
        dt = configuration.drag.tick
        let vp = Scene.viewport
        // Every springing tile goes home on the configuration's springs and every falling one is
        // culled outside the viewport grown by its margin: the default cases (Scene makes only those).
        guard case .springs(let attraction, let rotation) = configuration.home, case .outsideViewport(let margin) = configuration.cull
        else { preconditionFailure("the workload's tiles go home on springs and are culled outside the viewport") }
        var tiles: [TilePlan] = []
        tiles.reserveCapacity(count)
        var dragged: [Int] = [], springing: [Int] = [], falling: [Int] = []
        var springBuckets = [[Int]](repeating: [], count: Scene.springPeriod)
        var regrabBuckets = [[Int]](repeating: [], count: Scene.regrabPeriod)
        for i in 0..<count {
            var rng = SplitMix64(i, salt: 0x7115_BE4C_0000_0001)
            let w = rng.uniform(60, 140), h = rng.uniform(60, 160)
            let mass = rng.uniform(0.5, 2)
            let origin = Vector(rng.uniform(vp.minX + w / 2, vp.maxX - w / 2), rng.uniform(vp.minY + h / 2, vp.maxY - h / 2))
            let moment = mass * (w * w + h * h) / 12
            let linear = attraction.constants(forInertia: mass)
            let angular = rotation.constants(forInertia: moment)
            let spring = Attraction(
                origin: origin, stiffness: linear.stiffness, damping: linear.damping,
                angularStiffness: angular.stiffness, angularDamping: angular.damping)
            let role = Role(rawValue: i % 3)!
            var plan = TilePlan(
                role: role, origin: origin, mass: mass, moment: moment,
                cullRadius: (w * w + h * h).squareRoot() / 2, size: Vector(w, h), attraction: spring)
            switch role {
            case .dragged:
                plan.localAnchor = Vector(rng.uniform(-0.4, 0.4) * w, rng.uniform(-0.4, 0.4) * h)
                plan.fingerStart = origin + plan.localAnchor
                plan.amplitude = Vector(rng.uniform(40, 150), rng.uniform(40, 200))
                plan.thetaX0 = rng.uniform(0, 2 * Double.pi)
                // 0.3 to 1.5 turns a second on each axis.
                plan.stepX = 2 * Double.pi * rng.uniform(0.3, 1.5) * dt
                plan.stepY = 2 * Double.pi * rng.uniform(0.3, 1.5) * dt
                dragged.append(i)
                regrabBuckets[rng.below(Scene.regrabPeriod)].append(i)
            case .springing:
                plan.startOffset = Vector(rng.uniform(-150, 150), rng.uniform(-200, 200))
                plan.startAngle = rng.uniform(-0.5, 0.5)
                plan.springBucket = rng.below(Scene.springPeriod)
                springing.append(i)
                springBuckets[plan.springBucket].append(i)
            case .falling:
                plan.flightTime = rng.uniform(0, 1)
                falling.append(i)
            }
            tiles.append(plan)
        }
        self.tiles = tiles
        self.dragged = dragged
        self.springing = springing
        self.falling = falling
        fallingRadius = falling.map { tiles[$0].cullRadius }
        self.springBuckets = springBuckets
        self.regrabBuckets = regrabBuckets
        let m = margin
        minX = vp.minX - m; minY = vp.minY - m
        maxX = vp.maxX + m; maxY = vp.maxY + m
    }

    /// The velocity a falling tile is tossed with when (re)spawned after tick `k` (-1 at start).
    @inline(__always) static func toss(_ i: Int, _ k: Int) -> (Vector, Double) {
        var rng = SplitMix64(i, k, salt: 0xFA11_0000_0000_0002)
        return (Vector(rng.uniform(-700, 700), rng.uniform(-1400, 200)), rng.uniform(-8, 8))
    }

    /// The velocity a springing tile is kicked with when re-released after tick `k`.
    @inline(__always) static func kick(_ i: Int, _ k: Int) -> (Vector, Double) {
        var rng = SplitMix64(i, k, salt: 0x5B41_0000_0000_0003)
        return (Vector(rng.uniform(-1200, 1200), rng.uniform(-1200, 1200)), rng.uniform(-6, 6))
    }

    /// Tile `i`'s world; with its box size for the walls rows.
    func worldDefinition(_ i: Int, at position: Vector, angle: Double = 0, walls: Bool = false) -> WorldDefinition {
        WorldDefinition(
            mass: tiles[i].mass, moment: tiles[i].moment,
            transform: Transform(position: position, angle: angle), gravity: configuration.gravity, size: walls ? tiles[i].size : nil)
    }

    /// The walls rows' extras, the same for every world: the viewport's edges, the tile's box
    /// material and a seeded noise field over the viewport (strength 1,500, 128-point cells,
    /// changing once a second).
    static let walls = Wall.edges(of: viewport, elasticity: 0.5, friction: 0.3)
    static let material = ItemProperties(elasticity: 0.6, friction: 0.4)
    static let fields = [
        Field(.noise(smoothness: 0.5, animationSpeed: 1), position: viewport.center, strength: 1_500, seed: 0xF1E1D)
    ]

    /// Gives world `w` the walls rows' extras.
    func addWalls(_ backend: any DynamicsBackend, _ w: WorldID) throws {
        try backend.setWalls(Scene.walls, of: w)
        try backend.setItemProperties(Scene.material, of: w)
        try backend.setFields(Scene.fields, of: w)
    }

    /// The allocation check's pushes (`--alloc-check` with a `+walls` backend): every
    /// ``pushPeriod`` ticks each tile gets an instantaneous push, and every ``forcePeriod``
    /// ticks a continuous push is added to it or, if it has one, removed, each at its own
    /// phase (tile index modulo the period), so that some happen on every tick.
    static let pushPeriod = 60
    static let forcePeriod = 45

    /// The instantaneous push tile `i` gets after tick `k`: up to 300 mass·pt/s at an offset.
    @inline(__always) static func push(_ i: Int, _ k: Int) -> Push {
        var rng = SplitMix64(i, k, salt: 0x9054_0000_0000_0004)
        return Push(Vector(rng.uniform(-300, 300), rng.uniform(-300, 300)), at: Vector(rng.uniform(-20, 20), rng.uniform(-20, 20)))
    }

    /// The continuous push tile `i` gets after tick `k`: up to 1,500 mass·pt/s² at an offset.
    @inline(__always) static func force(_ i: Int, _ k: Int) -> Push {
        var rng = SplitMix64(i, k, salt: 0xF02C_0000_0000_0005)
        return Push(Vector(rng.uniform(-1_500, 1_500), rng.uniform(-1_500, 1_500)), at: Vector(rng.uniform(-20, 20), rng.uniform(-20, 20)))
    }

    func drag(_ i: Int, localAnchor: Vector, finger: Vector) -> DragJoint {
        DragJoint(
            localAnchor: localAnchor, finger: finger,
            maxForce: configuration.drag.dragMaxAcceleration * tiles[i].mass, errorBias: configuration.drag.dragErrorBias)
    }
}

/// The workload on one backend: its worlds (indexed by tile), the fingers, the reused
/// buffers and the chained digest. Every backend gets its own, built from the same
/// ``Scene``, and is driven through ``PhysicsBackend`` alone (``DynamicsBackend`` for the walls rows).
///
/// A struct, mutated in place: inside its mutating methods every access to its arrays is
/// checked for exclusivity at compile time, so the timed loop pays no runtime checks of its own.
/// What `runRound` drives: one backend's run of the workload, or the animator's.
protocol Workload {
    var label: String { get }
    var digest: StateDigest { get }
    var tick: Int { get set }
    var respawns: Int { get }
    /// Worlds stepped so far, summed over the ticks: what the per-world-step figures divide by.
    var steppedWorlds: Int { get }
    mutating func populate(reserve: Bool) throws
    /// One tick's timed work.
    mutating func tickBody() throws
    /// Folds the tick's results into the digest (untimed).
    mutating func foldDigest()
    mutating func tearDown() throws
    /// The instruction set its tick runs with (``swiftISA`` for every Swift row).
    var isa: String { get }
    /// Its edge contacts by the floor's rule, counted from its states (walls rows of the backend
    /// workload and the floor's; empty elsewhere).
    var edges: EdgeCounts { get }
    /// Heap bytes that making its animator with its items took (an animator row's), else nil.
    var animatorBytes: Int? { get }
}

/// The instruction set the Swift rows are built for: SwiftPM's default target, the baseline of
/// the architecture (x86-64 with SSE2; no `-mavx2` or `-mfma` anywhere in Package.swift).
#if arch(x86_64)
let swiftISA = "sse2"
#elseif arch(arm64)
let swiftISA = "neon"
#else
let swiftISA = "baseline"
#endif

extension Workload {
    var isa: String { swiftISA }
    var edges: EdgeCounts { EdgeCounts() }
    var animatorBytes: Int? { nil }

    /// Runs `count` ticks and returns the nanoseconds spent in their timed part. Folding the
    /// results into the digest is not timed: it costs the same for every backend and would
    /// only blur the comparison.
    @inline(never)
    mutating func run(ticks count: Int) throws -> UInt64 {
        var total: UInt64 = 0
        for _ in 0..<count {
            let t0 = monotonicNanoseconds()
            try tickBody()
            let t1 = monotonicNanoseconds()
            total &+= t1 &- t0
            foldDigest()
            tick += 1
        }
        return total
    }
}

struct WorkloadRun: Workload {
    let label: String
    let backend: any DynamicsBackend
    let scene: Scene
    /// World of tile i, in tile order: the order states are read and hashed in.
    var worlds: [WorldID] = []
    /// Per dragged tile, in `scene.dragged` order: its drag.
    var drags: [JointID] = []
    var states: [BodyState] = []
    /// Per dragged tile, in `scene.dragged` order: its finger.
    var fingers: [Finger] = []
    var digest = StateDigest()
    /// Ticks stepped so far.
    var tick = 0
    /// Falling tiles respawned so far (for the report).
    var respawns = 0
    /// Every tile has a world on every tick: N per tick.
    var steppedWorlds = 0

    /// Whether every world has the walls rows' extras (``Scene/addWalls(_:_:)``).
    let walls: Bool
    /// Whether the ticks also push the tiles (``Scene/push(_:_:)``, ``Scene/force(_:_:)``):
    /// the allocation check's workload with walls, fields and pushes.
    let pushes: Bool
    /// Per tile, its continuous push while it has one.
    var forces: [ForceID?] = []
    /// With walls (and no pushes, the backend workload the floor's walls row does): its edge contacts.
    var edges = EdgeCounts()

    init(label: String, backend: any DynamicsBackend, scene: Scene, walls: Bool = false, pushes: Bool = false) {
        self.label = label
        self.backend = backend
        self.scene = scene
        self.walls = walls
        self.pushes = pushes
        // Every buffer the ticks use is allocated here, before the caller's memory baseline.
        worlds.reserveCapacity(scene.count)
        states.reserveCapacity(scene.count)
        fingers.reserveCapacity(scene.dragged.count)
        drags.reserveCapacity(scene.dragged.count)
        for i in scene.dragged { fingers.append(Finger(scene.tiles[i])) }
        if pushes { forces = Array(repeating: nil, count: scene.count) }
    }

    /// Makes every tile's world, joints and springs: what the memory figure measures.
    mutating func populate(reserve: Bool) throws {
        if reserve, let native = backend as? NativeBackend { native.reserveCapacity(scene.count) }
        for (i, p) in scene.tiles.enumerated() {
            switch p.role {
            case .dragged:
                let w = try backend.makeWorld(scene.worldDefinition(i, at: p.origin, walls: walls))
                if walls { try scene.addWalls(backend, w) }
                drags.append(try backend.addDrag(scene.drag(i, localAnchor: p.localAnchor, finger: p.fingerStart), to: w))
                worlds.append(w)
            case .springing:
                let w = try backend.makeWorld(scene.worldDefinition(i, at: p.origin + p.startOffset, angle: p.startAngle, walls: walls))
                if walls { try scene.addWalls(backend, w) }
                let (v, spin) = Scene.kick(i, -1)
                try backend.setVelocity(of: w, linear: v, angular: spin)
                try backend.attachAttraction(p.attraction, to: w)
                worlds.append(w)
            case .falling:
                // Already `flightTime` seconds into its first toss (ballistic, no joints).
                let (v, spin) = Scene.toss(i, -1)
                let t = p.flightTime, g = scene.configuration.gravity
                let at = Vector(p.origin.x + v.x * t + 0.5 * g.x * t * t, p.origin.y + v.y * t + 0.5 * g.y * t * t)
                let w = try backend.makeWorld(scene.worldDefinition(i, at: at, angle: spin * t, walls: walls))
                if walls { try scene.addWalls(backend, w) }
                try backend.setVelocity(of: w, linear: Vector(v.x + g.x * t, v.y + g.y * t), angular: spin)
                worlds.append(w)
            }
        }
    }

    /// One tick, as the photo app would run it over N tiles.
    @inline(__always)
    mutating func tickBody() throws {
        let k = tick
        let dt = scene.dt
        // 1. Fingers: every dragged tile's finger moves along its path; velocity = delta / dt.
        for d in fingers.indices {
            let from = fingers[d].position
            let target = fingers[d].advance()
            try backend.moveDrag(
                drags[d], in: worlds[scene.dragged[d]], to: target,
                velocity: Vector((target.x - from.x) / dt, (target.y - from.y) / dt))
        }
        // 2. One step of every world.
        try backend.step(by: dt)
        steppedWorlds += worlds.count
        // 3. Every state, in tile order, into the reused buffer.
        try backend.readStates(of: worlds, into: &states)
        // 4. Life cycle. A fallen tile off the viewport (plus margin) is culled and respawned
        //    at its origin with a fresh toss, so N stays constant.
        for (f, i) in scene.falling.enumerated() {
            let s = states[i].position, r = scene.fallingRadius[f]
            if s.x + r < scene.minX || s.x - r > scene.maxX || s.y + r < scene.minY || s.y - r > scene.maxY {
                try backend.destroyWorld(worlds[i])
                let w = try backend.makeWorld(scene.worldDefinition(i, at: scene.tiles[i].origin, walls: walls))
                if walls { try scene.addWalls(backend, w) }
                let (v, spin) = Scene.toss(i, k)
                try backend.setVelocity(of: w, linear: v, angular: spin)
                worlds[i] = w
                respawns += 1
                if pushes { forces[i] = nil }
            }
        }
        //    Springing tiles due this tick are kicked and released again toward their origins.
        for i in scene.springBuckets[k % Scene.springPeriod] {
            let w = worlds[i]
            try backend.detachAttraction(from: w)
            let (v, spin) = Scene.kick(i, k)
            try backend.setVelocity(of: w, linear: v, angular: spin)
            try backend.attachAttraction(scene.tiles[i].attraction, to: w)
        }
        //    Dragged tiles due this tick are let go and grabbed again where the finger is.
        for i in scene.regrabBuckets[k % Scene.regrabPeriod] {
            let w = worlds[i], finger = fingers[i / 3].position  // tile i is the (i / 3)-th dragged one
            try backend.removeDrag(drags[i / 3], from: w)
            let local = states[i].transform.local(fromWorld: finger)
            drags[i / 3] = try backend.addDrag(scene.drag(i, localAnchor: local, finger: finger), to: w)
        }
        if pushes { try push(k) }
    }

    /// The tiles due after tick `k` are pushed, and their continuous pushes added or removed;
    /// and one falling tile is respawned (a tile inside walls is never culled, so this is the
    /// walls workload's only making of worlds once warmed up).
    @inline(never)
    mutating func push(_ k: Int) throws {
        if !scene.falling.isEmpty {
            let i = scene.falling[k % scene.falling.count]
            try backend.destroyWorld(worlds[i])
            let w = try backend.makeWorld(scene.worldDefinition(i, at: scene.tiles[i].origin, walls: walls))
            if walls { try scene.addWalls(backend, w) }
            let (v, spin) = Scene.toss(i, k)
            try backend.setVelocity(of: w, linear: v, angular: spin)
            worlds[i] = w
            forces[i] = nil
            respawns += 1
        }
        var i = k % Scene.pushPeriod
        while i < worlds.count {
            try backend.applyImpulse(Scene.push(i, k), to: worlds[i])
            i += Scene.pushPeriod
        }
        i = k % Scene.forcePeriod
        while i < worlds.count {
            if let force = forces[i] {
                try backend.removeForce(force, from: worlds[i])
                forces[i] = nil
            } else {
                forces[i] = try backend.addForce(Scene.force(i, k), to: worlds[i])
            }
            i += Scene.forcePeriod
        }
    }

    /// Destroys every world (untimed). Springing tiles go first, newest attachment first:
    /// Chipmunk keeps a body's constraints in a singly linked list, newest at the head, and in
    /// a shared space every spring hangs off the one static body, so this order finds each
    /// at the head instead of walking the list (an O(N²) teardown otherwise).
    mutating func tearDown() throws {
        func lastAttach(_ i: Int) -> Int {
            // The last re-release before `tick` (ticks k with k % period == bucket), or -1.
            let b = scene.tiles[i].springBucket, period = Scene.springPeriod
            guard tick > b else { return -1 }
            return b + (tick - 1 - b) / period * period
        }
        let springs = scene.springing.sorted { a, b in
            let ka = lastAttach(a), kb = lastAttach(b)
            return ka != kb ? ka > kb : a > b
        }
        for i in springs { try backend.destroyWorld(worlds[i]) }
        for i in scene.tiles.indices.reversed() where scene.tiles[i].role != .springing {
            try backend.destroyWorld(worlds[i])
        }
        worlds.removeAll()
    }

    @inline(__always)
    mutating func foldDigest() {
        for s in states { digest.combine(s) }
        if walls && !pushes {
            for (i, s) in states.enumerated() { edges.count(s, hw: scene.tiles[i].size.x / 2, hh: scene.tiles[i].size.y / 2) }
        }
    }
}

/// A finger on a dragged tile, moving along a Lissajous curve from the grabbed point:
/// `start + (ax (sin θx − sin θx₀), ay sin θy)`. The phases are kept as (cos, sin) pairs and
/// advanced each tick by a fixed rotation: four multiplies per axis, no libm call per tick.
struct Finger {
    var position: Vector
    let start: Vector, amplitude: Vector, sinX0: Double
    var cx: Double, sx: Double, cy = 1.0, sy = 0.0
    let rcx: Double, rsx: Double, rcy: Double, rsy: Double

    init(_ p: TilePlan) {
        position = p.fingerStart
        start = p.fingerStart
        amplitude = p.amplitude
        cx = Portable.cos(p.thetaX0); sx = Portable.sin(p.thetaX0)
        sinX0 = sx
        rcx = Portable.cos(p.stepX); rsx = Portable.sin(p.stepX)
        rcy = Portable.cos(p.stepY); rsy = Portable.sin(p.stepY)
    }

    /// Moves to the next tick's point and returns it.
    @inline(__always) mutating func advance() -> Vector {
        (cx, sx) = (cx * rcx - sx * rsx, sx * rcx + cx * rsx)
        (cy, sy) = (cy * rcy - sy * rsy, sy * rcy + cy * rsy)
        position = Vector(start.x + amplitude.x * (sx - sinX0), start.y + amplitude.y * sy)
        return position
    }
}
