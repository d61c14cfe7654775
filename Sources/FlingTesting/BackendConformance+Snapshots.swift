// The clause of `SnapshotBackend`: worlds taken whole mid-motion (a dragged tile, a tile on its
// springs, and where dynamics are adopted a box bouncing in walls under a push and a field),
// restored into the same backend and into its scratch backend, then driven by the same calls as
// the originals: their snapshots and every later state equal the originals' to the bit.
import Fling

extension BackendConformance {
    static func snapshotsRestore(_ f: Factory) throws(Failed) {
        let backend = try f.snapshots()
        let dynamics = backend as? any DynamicsBackend
        let roles = ["the dragged tile", "the tile on its springs", "the box bouncing in walls"]
        // The worlds, made and set going.
        let tile = box(100, 80, at: Vector(150, 200), angle: 0.2, gravity: Vector(0, 1500))
        let a = try f.accepted("makeWorld(\(roles[0]))", world: 0) { () throws(FlingError) in try backend.makeWorld(tile) }
        let joint = DragJoint(localAnchor: Vector(20, -10), finger: Vector(170, 190), maxForce: tile.mass * 5e4, errorBias: 5.8e-5)
        let drag = try f.accepted("addDrag(\(joint), to: \(a))", world: 0) { () throws(FlingError) in try backend.addDrag(joint, to: a) }
        let b = try f.accepted("makeWorld(\(roles[1]))", world: 1) { () throws(FlingError) in
            try backend.makeWorld(
                WorldDefinition(mass: 2, moment: 3000, transform: Transform(position: Vector(400, 300), angle: -0.4), gravity: .zero))
        }
        try f.accepted("attachAttraction", world: 1) { () throws(FlingError) in
            try backend.attachAttraction(
                Attraction(origin: Vector(350, 320), stiffness: 400, damping: 20, angularStiffness: 3e5, angularDamping: 1.5e4), to: b)
            try backend.setVelocity(of: b, linear: Vector(-200, 100), angular: -3)
            try backend.setDamping(of: b, 0.7)
        }
        var originals = [a, b]
        if let dynamics {
            let c = try f.accepted("makeWorld(\(roles[2]))", world: 2) { () throws(FlingError) in
                try dynamics.makeWorld(box(40, 30, at: Vector(200, 150), gravity: Vector(0, 980)))
            }
            try f.accepted("the dynamics calls", world: 2) { () throws(FlingError) in
                try dynamics.setWalls(Wall.edges(of: Rect(x: 0, y: 0, width: 400, height: 300), elasticity: 0.9, friction: 0.3), of: c)
                try dynamics.setItemProperties(ItemProperties(elasticity: 0.8, friction: 0.2, resistance: 0.1), of: c)
                try dynamics.setVelocity(of: c, linear: Vector(2500, -1800), angular: 7)
                _ = try dynamics.addForce(Push(Vector(0, -5), at: Vector(5, 0)), to: c)
                try dynamics.setFields([Field(.vortex, position: Vector(200, 150), strength: 2)], of: c)
                _ = try dynamics.addGear(StaticGear(maxForce: 50, maxBias: 0), to: c)
            }
            originals.append(c)
        }
        var tick = 0
        func finger(_ tick: Int) -> (Vector, Vector) {
            let t = Double(tick) * dt60
            return (Vector(170 + 300 * t, 190 - 200 * t), Vector(300, -200))
        }
        /// One tick: each dragged world's finger moved, each backend stepped.
        func step(_ dragged: [(any SnapshotBackend, WorldID)], _ backends: [any SnapshotBackend]) throws(Failed) {
            let (p, v) = finger(tick)
            for (b, w) in dragged {
                try f.accepted("moveDrag(\(drag), in: \(w), to: \(p), velocity: \(v))", world: 0, tick: tick) { () throws(FlingError) in
                    try b.moveDrag(drag, in: w, to: p, velocity: v)
                }
            }
            for b in backends {
                try f.accepted("step(by: \(dt60)) on \(b.name)", tick: tick) { () throws(FlingError) in try b.step(by: dt60) }
            }
            tick += 1
        }
        for _ in 0..<30 { try step([(backend, a)], [backend]) }
        // Taken, taken again (taking changes nothing), restored here and into a scratch backend.
        var taken: [WorldSnapshot] = []
        for (k, w) in originals.enumerated() {
            let s = try f.accepted("snapshot(of: \(w))", world: k, tick: tick) { () throws(FlingError) in try backend.snapshot(of: w) }
            let again = try f.accepted("snapshot(of: \(w))", world: k, tick: tick) { () throws(FlingError) in try backend.snapshot(of: w) }
            if let d = snapshotDifference(again, s) {
                throw f.fail(world: k, tick: tick, field: d, "a second snapshot of \(roles[k]) differs from the first, taken just before")
            }
            taken.append(s)
        }
        let scratch = try f.accepted("makeScratch()") { () throws(FlingError) in try backend.makeScratch() }
        var restored: [WorldID] = [], copies: [WorldID] = []
        for (k, s) in taken.enumerated() {
            restored.append(
                try f.accepted("restore(the snapshot of \(roles[k]))", world: k, tick: tick) { () throws(FlingError) in
                    try backend.restore(s)
                })
            copies.append(
                try f.accepted("restore(the snapshot of \(roles[k])) into makeScratch()", world: k, tick: tick) { () throws(FlingError) in
                    try scratch.restore(s)
                })
        }
        for (k, s) in taken.enumerated() {
            for (what, b, w) in [
                ("restored into the same backend", backend, restored[k]), ("restored into makeScratch()", scratch, copies[k]),
            ] {
                let again = try f.accepted("snapshot(of: \(w))", world: k, tick: tick) { () throws(FlingError) in try b.snapshot(of: w) }
                if let d = snapshotDifference(again, s) {
                    throw f.fail(
                        world: k, tick: tick, field: d, "the snapshot of \(roles[k]) \(what) differs from the one it was made from")
                }
            }
        }
        // The same calls on the originals and both copies: the same bits, every tick.
        for _ in 0..<60 {
            try step([(backend, a), (backend, restored[0]), (scratch, copies[0])], [backend, scratch])
            for k in originals.indices {
                let s = try f.accepted("state(of: \(originals[k]))", world: k, tick: tick - 1) { () throws(FlingError) in
                    try backend.state(of: originals[k])
                }
                for (what, b, w) in [
                    ("restored into the same backend", backend, restored[k]), ("restored into makeScratch()", scratch, copies[k]),
                ] {
                    let r = try f.accepted("state(of: \(w))", world: k, tick: tick - 1) { () throws(FlingError) in try b.state(of: w) }
                    if let d = difference(r, s) {
                        throw f.fail(
                            world: k, tick: tick - 1, field: d.field,
                            "\(roles[k]) \(what) (\(w)) gives \(bits(d.a)) \(tick - 30) steps after the restore, where the original (\(originals[k])) gives \(bits(d.b))"
                        )
                    }
                }
            }
        }
    }

    /// The first field in which two snapshots differ to the bit, by name; nil when equal.
    static func snapshotDifference(_ a: WorldSnapshot, _ b: WorldSnapshot) -> String? {
        if let d = difference(a.body, b.body) { return "body.\(d.field): \(bits(d.a)) against \(bits(d.b))" }
        let doubles: [(String, Double, Double)] = [
            ("massInverse", a.massInverse, b.massInverse), ("momentInverse", a.momentInverse, b.momentInverse),
            ("biasVelocity.x", a.biasVelocity.x, b.biasVelocity.x), ("biasVelocity.y", a.biasVelocity.y, b.biasVelocity.y),
            ("biasAngularVelocity", a.biasAngularVelocity, b.biasAngularVelocity), ("gravity.x", a.gravity.x, b.gravity.x),
            ("gravity.y", a.gravity.y, b.gravity.y), ("damping", a.damping, b.damping), ("previousDt", a.previousDt, b.previousDt),
            ("fieldTime", a.fieldTime, b.fieldTime),
        ]
        for (name, x, y) in doubles where x.bitPattern != y.bitPattern { return "\(name): \(bits(x)) against \(bits(y))" }
        if a.size != b.size { return "size" }
        if a.attraction != b.attraction { return "attraction" }
        if a.joints != b.joints { return "joints" }
        if a.constraints != b.constraints { return "constraints" }
        if a.nextJoint != b.nextJoint { return "nextJoint" }
        if a.hasDynamics != b.hasDynamics { return "hasDynamics" }
        if a.properties != b.properties { return "properties" }
        if a.fields != b.fields { return "fields" }
        if a.forces != b.forces { return "forces" }
        if a.nextForce != b.nextForce { return "nextForce" }
        if a.walls != b.walls { return "walls" }
        if a.wallOrder != b.wallOrder { return "wallOrder" }
        if a.arbiters != b.arbiters { return "arbiters" }
        if a.contacts != b.contacts { return "contacts" }
        return a == b ? nil : "the byte form"
    }
}
