import Fling
import FlingFloor

// The floor rows: the workload's tick in plain C over flat arrays (Benchmarks/FlingFloor,
// whose top comment says what it computes and leaves out), on the same scene and inputs as
// the other rows, timed by the same harness. `floor` is the open-space workload, `floor+walls`
// the walls and field one; `floor-sse2` and `floor-sse2+walls` the same on the baseline
// instruction set. Their end states are their own (not Chipmunk's bits): each is compared with
// the floor's scalar reference (`reference`: the same tick written plainly, compiled for the
// same instruction set), run untimed for as many ticks, states and counters alike; its edge
// contacts are counted from its states as the other walls rows' are (`EdgeCounts`). bytes/tile
// is what the floor's arrays take.
struct FloorRun: Workload {
    let label: String
    let scene: Scene
    let walls: Bool
    /// `FLING_FLOOR_BEST` or `FLING_FLOOR_BASELINE`.
    let isaChoice: Int32
    /// The scalar reference instead of the floor.
    let reference: Bool
    /// Faults planted on purpose (`FLING_FLOOR_PLANT_…`, `--plant-floor-fault`): 0 but to see the checks fail.
    let plant: Int32
    var floor: OpaquePointer?
    var digest = StateDigest()
    var tick = 0
    var steppedWorlds = 0
    var edges = EdgeCounts()
    var respawns: Int { floor.map { Int(fling_floor_respawns($0)) } ?? 0 }
    var bytesPerTile: Double { floor.map { Double(fling_floor_bytes($0)) / Double(scene.count) } ?? 0 }
    var isa: String { floor.map { String(cString: fling_floor_isa($0)) } ?? "" }
    /// The floor's own counters since creation: tile-steps touching an edge and contacts made
    /// (as `EdgeCounts` has them), centre paths across an edge's line, boxes the lift test found deep.
    var counters: (edges: EdgeCounts, crossings: Int, lifts: Int) {
        guard let floor else { return (EdgeCounts(), 0, 0) }
        return (
            EdgeCounts(tileSteps: steppedWorlds, touching: Int(fling_floor_touching(floor)), contacts: Int(fling_floor_contacts(floor))),
            Int(fling_floor_crossings(floor)), Int(fling_floor_lifts(floor))
        )
    }
    /// What the reference must equal: every counter and the respawns.
    var counterSummary: String {
        let c = counters
        return "touching \(grouped(c.edges.touching)), contacts \(grouped(c.edges.contacts)), crossings \(grouped(c.crossings)), "
            + "lift tests deep \(grouped(c.lifts)), respawns \(grouped(respawns))"
    }

    struct OutOfMemory: Error, CustomStringConvertible {
        var description: String { "the floor's arrays could not be allocated" }
    }

    init(label: String, scene: Scene, walls: Bool, isa: Int32 = Int32(FLING_FLOOR_BEST), reference: Bool = false, plant: Int32 = 0) {
        self.label = label
        self.scene = scene
        self.walls = walls
        self.isaChoice = isa
        self.reference = reference
        self.plant = plant
    }

    mutating func populate(reserve: Bool) throws {
        let c = scene.configuration, vp = Scene.viewport
        guard case .noise(let smoothness, let speed) = Scene.fields[0].kind else { preconditionFailure("the walls rows' field is noise") }
        var s = fling_floor_scene()
        s.dt = scene.dt
        s.gravity_x = c.gravity.x
        s.gravity_y = c.gravity.y
        s.damping = 1
        s.drag_error_bias = c.drag.dragErrorBias
        s.iterations = Int32(Scene.solverIterations)
        s.cull_min_x = scene.minX; s.cull_min_y = scene.minY
        s.cull_max_x = scene.maxX; s.cull_max_y = scene.maxY
        s.spring_period = Int32(Scene.springPeriod)
        s.regrab_period = Int32(Scene.regrabPeriod)
        s.viewport_min_x = vp.minX; s.viewport_min_y = vp.minY
        s.viewport_max_x = vp.maxX; s.viewport_max_y = vp.maxY
        s.wall_radius = Scene.walls[0].radius
        s.wall_elasticity = Scene.walls[0].elasticity
        s.wall_friction = Scene.walls[0].friction
        s.box_elasticity = Scene.material.elasticity
        s.box_friction = Scene.material.friction
        s.collision_bias = Contact.bias(PlatformFunctions.self)
        s.slop = Contact.slop
        s.field_x = Scene.fields[0].position.x
        s.field_y = Scene.fields[0].position.y
        s.field_strength = Scene.fields[0].strength
        s.field_cell_inverse = 1 / (16 * Portable.pow(64, smoothness))
        s.field_rate = speed
        s.field_seed = Scene.fields[0].seed
        let made =
            reference
            ? fling_floor_reference_create(&s, Int64(scene.count), walls ? 1 : 0, isaChoice)
            : fling_floor_create(&s, Int64(scene.count), walls ? 1 : 0, isaChoice)
        guard let floor = made else { throw OutOfMemory() }
        if plant != 0 { fling_floor_plant(floor, plant) }
        self.floor = floor
        var regrab = [Int32](repeating: 0, count: scene.count)
        for (b, tiles) in scene.regrabBuckets.enumerated() { for i in tiles { regrab[i] = Int32(b) } }
        // The tiles as WorkloadRun.populate makes their worlds.
        for (i, p) in scene.tiles.enumerated() {
            var t = fling_floor_tile()
            t.role = Int32(p.role.rawValue)
            t.index = Int64(i)
            t.mass = p.mass; t.moment = p.moment
            t.width = p.size.x; t.height = p.size.y
            t.cull_radius = p.cullRadius
            t.origin_x = p.origin.x; t.origin_y = p.origin.y
            t.px = p.origin.x; t.py = p.origin.y
            switch p.role {
            case .dragged:
                let f = Finger(p)
                t.anchor_x = p.localAnchor.x; t.anchor_y = p.localAnchor.y
                t.max_force = c.drag.dragMaxAcceleration * p.mass
                t.finger_x = f.start.x; t.finger_y = f.start.y
                t.amplitude_x = f.amplitude.x; t.amplitude_y = f.amplitude.y
                t.sin_x0 = f.sinX0
                t.cos_x = f.cx; t.sin_x = f.sx
                t.rot_cos_x = f.rcx; t.rot_sin_x = f.rsx; t.rot_cos_y = f.rcy; t.rot_sin_y = f.rsy
                t.bucket = regrab[i]
            case .springing:
                t.px = p.origin.x + p.startOffset.x; t.py = p.origin.y + p.startOffset.y
                t.angle = p.startAngle
                let (v, spin) = Scene.kick(i, -1)
                t.vx = v.x; t.vy = v.y; t.w = spin
                t.stiffness = p.attraction.stiffness; t.damping = p.attraction.damping
                t.angular_stiffness = p.attraction.angularStiffness; t.angular_damping = p.attraction.angularDamping
                t.bucket = Int32(p.springBucket)
            case .falling:
                let (v, spin) = Scene.toss(i, -1)
                let time = p.flightTime, g = c.gravity
                t.px = p.origin.x + v.x * time + 0.5 * g.x * time * time
                t.py = p.origin.y + v.y * time + 0.5 * g.y * time * time
                t.angle = spin * time
                t.vx = v.x + g.x * time; t.vy = v.y + g.y * time; t.w = spin
            }
            fling_floor_set_tile(floor, Int64(i), &t)
        }
    }

    mutating func tickBody() throws {
        fling_floor_tick(floor)
        steppedWorlds += scene.count
    }

    mutating func foldDigest() {
        withUnsafeTemporaryAllocation(of: Double.self, capacity: 6) { s in
            for i in 0..<scene.count {
                fling_floor_state(floor, Int64(i), s.baseAddress!)
                let state = BodyState(position: Vector(s[0], s[1]), angle: s[2], velocity: Vector(s[3], s[4]), angularVelocity: s[5])
                digest.combine(state)
                if walls { edges.count(state, hw: scene.tiles[i].size.x / 2, hh: scene.tiles[i].size.y / 2) }
            }
        }
    }

    mutating func tearDown() throws {
        fling_floor_destroy(floor)
        floor = nil
    }
}
