// The bad-input clause: two backends made alike (a body moving under gravity, a dragged tile, a
// tile on stiff springs, a body that cannot turn, a boxed item in walls where dynamics are
// adopted, and a destroyed world's stale id), one of them given every bad input the built-in
// backends refuse, one call at a time. Each must throw (an id that names no live world with
// code `unknownWorld`), and change nothing: right after it, and after the next step of both, every
// world's state is the other backend's to the bit, and so is the world count.
import Fling

extension BackendConformance {
    /// The worlds both backends hold, and the ids a bad call names.
    struct Fixture {
        let backend: any PhysicsBackend
        var worlds: [WorldID] = []
        var stale = WorldID(index: 0, generation: 0)
        /// The dragged tile's drag (nil if the backend refused it), and a second drag it removed.
        var drag: JointID?
        var removedDrag: JointID?
        /// Whether the tile on stiff springs has them.
        var springs = false
        var tick = 0
        static let roles = [
            "the body moving under gravity", "the dragged tile", "the tile on stiff springs", "the body that cannot turn",
            "the boxed item in walls",
        ]
        var plain: WorldID { worlds[0] }
        var dragged: WorldID { worlds[1] }
        var sprung: WorldID { worlds[2] }
        var rigid: WorldID { worlds[3] }
        var boxed: WorldID { worlds[worlds.count - 1] }
        /// An id no backend gave.
        static let unknown = WorldID(index: 99_999, generation: 7)

        static let plainBody = WorldDefinition(
            mass: 1, moment: 800, transform: Transform(position: Vector(100, 100), angle: 0.2), gravity: Vector(0, 500))
        static let draggedBody = box(60, 40, at: Vector(300, 100), gravity: Vector(0, 900))
        static let sprungBody = WorldDefinition(
            mass: 1, moment: 500, transform: Transform(position: Vector(200, 300), angle: 0.5), gravity: .zero)
        static let rigidBody = WorldDefinition(
            mass: 2, moment: 1, transform: Transform(position: Vector(50, 400)), gravity: Vector(0, 300), allowsRotation: false)
        static let boxedBody = box(40, 40, at: Vector(200, 200), gravity: Vector(0, 900))
        /// Springs stable for steps up to about 0.03 s (`ω² = 4000 s⁻²`).
        static let stiff = Attraction(origin: Vector(220, 320), stiffness: 4000, damping: 20, angularStiffness: 1000, angularDamping: 50)
        static let joint = DragJoint(localAnchor: Vector(10, 5), finger: Vector(320, 90), maxForce: 1e4, errorBias: 1e-3)

        // Not optimized: Swift 6.3's -Ounchecked pipeline crashes on this initializer
        // (LoadableByAddress, signal 11; .ci/ounchecked-build builds it so). It runs once a check.
        @_optimize(none)
        init(_ backend: any PhysicsBackend, _ f: Factory) throws(Failed) {
            self.backend = backend
            let dynamics = backend as? any DynamicsBackend
            var bodies = [Self.plainBody, Self.draggedBody, Self.sprungBody, Self.rigidBody]
            if dynamics != nil { bodies.append(Self.boxedBody) }
            for (k, body) in bodies.enumerated() {
                worlds.append(
                    try f.accepted("makeWorld(\(Self.roles[k]))", world: k) { () throws(FlingError) in try backend.makeWorld(body) })
            }
            let w = worlds
            stale = try f.accepted("setting the worlds going") { () throws(FlingError) -> WorldID in
                try backend.setVelocity(of: w[0], linear: Vector(30, -20), angular: 1)
                try backend.setVelocity(of: w[3], linear: Vector(10, 0), angular: 0)
                let made = try backend.makeWorld(Self.plainBody)
                try backend.destroyWorld(made)
                if let dynamics {
                    try dynamics.setWalls(Wall.edges(of: Rect(x: 0, y: 0, width: 400, height: 400)), of: w[4])
                    try dynamics.setVelocity(of: w[4], linear: Vector(300, -200), angular: 2)
                }
                return made
            }
            // Springs and drags refused fail dampedSpring and dragFollows, not this clause, whose
            // calls on them are then left out.
            springs = (try? backend.attachAttraction(Self.stiff, to: w[2])) != nil
            drag = try? backend.addDrag(Self.joint, to: w[1])
            if drag != nil, let second = try? backend.addDrag(Self.joint, to: w[1]) {
                if (try? backend.removeDrag(second, from: w[1])) != nil { removedDrag = second }
            }
            try advance(f)
            try advance(f)
        }

        /// One step, the drag's finger moved first.
        mutating func advance(_ f: Factory) throws(Failed) {
            let t = Double(tick) * dt60, drag = drag, w = dragged, backend = backend
            if let drag {
                try f.accepted("moveDrag", world: 1, tick: tick) { () throws(FlingError) in
                    try backend.moveDrag(drag, in: w, to: Vector(320 + 100 * t, 90 - 50 * t), velocity: Vector(100, -50))
                }
            }
            try f.accepted("step(by: \(dt60))", tick: tick) { () throws(FlingError) in try backend.step(by: dt60) }
            tick += 1
        }

        /// Throws unless every world and the count are `other`'s to the bit (`after` names the call).
        func same(as other: Fixture, after: String, _ f: Factory) throws(Failed) {
            guard backend.worldCount == other.backend.worldCount else {
                throw f.fail(
                    tick: tick, field: "worldCount",
                    "is \(backend.worldCount) after \(after) was refused, where the backend not given it has \(other.backend.worldCount)")
            }
            for k in worlds.indices {
                let (w, o) = (worlds[k], other.worlds[k])
                let s = try f.accepted("state(of: \(w))", world: k, tick: tick) { () throws(FlingError) in try backend.state(of: w) }
                let r = try f.accepted("state(of: \(o))", world: k, tick: tick) { () throws(FlingError) in try other.backend.state(of: o) }
                if let d = difference(s, r) {
                    throw f.fail(
                        world: k, tick: tick, field: d.field,
                        "\(Self.roles[k]) is \(bits(d.a)) after \(after) was refused, where the backend not given it has \(bits(d.b))")
                }
            }
        }
    }

    /// A call that must be refused. `world`: the fixture's world it names, if any;
    /// `unknownWorld`: whether the refusal must be `FlingError.Code.unknownWorld`.
    struct BadCall {
        var label: String
        var world: Int?
        var unknownWorld = false
        var call: (Fixture) throws -> Void
    }

    static func refusesBadInput(_ f: Factory) throws(Failed) {
        var probed = try Fixture(try f.fresh(), f)
        var reference = try Fixture(try f.fresh(), f)
        try probed.same(as: reference, after: "nothing", f)
        for bad in badCalls(probed) {
            var refusal: FlingError?
            do { try bad.call(probed) } catch let error as FlingError { refusal = error } catch {
                throw f.fail(world: bad.world, tick: probed.tick, field: bad.label, "threw \(error), which is not a FlingError")
            }
            guard let refusal else {
                throw f.fail(
                    world: bad.world, tick: probed.tick, field: bad.label, "was accepted: every backend refuses it with a FlingError")
            }
            if bad.unknownWorld && refusal.code != .unknownWorld {
                throw f.fail(
                    world: bad.world, tick: probed.tick, field: bad.label,
                    "was refused with code \(refusal.code), where an id that names no live world is unknownWorld: \(refusal)")
            }
            try probed.same(as: reference, after: bad.label, f)
            try probed.advance(f)
            try reference.advance(f)
            try probed.same(as: reference, after: "\(bad.label) (and one step)", f)
        }
    }

    /// Every bad call the built-in backends refuse, for `fx`'s worlds.
    static func badCalls(_ fx: Fixture) -> [BadCall] {
        let nan = Double.nan, inf = Double.infinity
        let plain = fx.plain, dragged = fx.dragged, sprung = fx.sprung, rigid = fx.rigid, stale = fx.stale
        var calls: [BadCall] = []
        func add(_ label: String, _ world: Int?, unknownWorld: Bool = false, _ call: @escaping (Fixture) throws -> Void) {
            calls.append(BadCall(label: label, world: world, unknownWorld: unknownWorld, call: call))
        }
        // Worlds: bad definitions, and ids that name no live world.
        let body = Fixture.plainBody
        var definitions: [(String, WorldDefinition)] = []
        func def(_ label: String, _ change: (inout WorldDefinition) -> Void) {
            var d = body
            change(&d)
            definitions.append((label, d))
        }
        def("mass nan") { $0.mass = nan }
        def("mass inf") { $0.mass = inf }
        def("mass 0") { $0.mass = 0 }
        def("mass -1") { $0.mass = -1 }
        def("moment nan") { $0.moment = nan }
        def("moment 0") { $0.moment = 0 }
        def("moment -inf") { $0.moment = -inf }
        def("transform.position.x nan") { $0.transform.position.x = nan }
        def("transform.position.y inf") { $0.transform.position.y = inf }
        def("transform.position.x 1e8") { $0.transform.position.x = 1e8 }
        def("transform.angle nan") { $0.transform.angle = nan }
        def("gravity.x nan") { $0.gravity.x = nan }
        def("gravity.y -inf") { $0.gravity.y = -inf }
        def("size (nan, 10)") { $0.size = Vector(nan, 10) }
        def("size (0, 10)") { $0.size = Vector(0, 10) }
        for (label, d) in definitions { add("makeWorld(WorldDefinition with \(label))", nil) { _ = try $0.backend.makeWorld(d) } }
        let wrongGeneration = WorldID(index: plain.index, generation: plain.generation &+ 1)
        for (name, id) in [
            ("an id never given", Fixture.unknown), ("a destroyed world's id", stale),
            ("a live slot's id of another generation", wrongGeneration),
        ] {
            add("destroyWorld(\(name))", nil, unknownWorld: true) { try $0.backend.destroyWorld(id) }
            add("state(of: \(name))", nil, unknownWorld: true) { _ = try $0.backend.state(of: id) }
        }
        add("readStates(of: a live world and a destroyed one, into:)", nil, unknownWorld: true) {
            var states: [BodyState] = []
            try $0.backend.readStates(of: [plain, stale], into: &states)
        }
        // The world's own calls.
        add("setGravity(of: a destroyed world)", nil, unknownWorld: true) { try $0.backend.setGravity(of: stale, .zero) }
        for g in [Vector(nan, 0), Vector(0, inf), Vector(2e7, 0)] {
            add("setGravity(of: world 0, \(g))", 0) { try $0.backend.setGravity(of: plain, g) }
        }
        add("setDamping(of: a destroyed world)", nil, unknownWorld: true) { try $0.backend.setDamping(of: stale, 0.5) }
        for d in [nan, -0.5, 1.5, inf] { add("setDamping(of: world 0, \(d))", 0) { try $0.backend.setDamping(of: plain, d) } }
        add("setVelocity(of: a destroyed world)", nil, unknownWorld: true) {
            try $0.backend.setVelocity(of: stale, linear: .zero, angular: 0)
        }
        for (v, w) in [(Vector(nan, 0), 0.0), (Vector(0, -inf), 0), (Vector(2e9, 0), 0), (.zero, nan), (.zero, inf)] {
            add("setVelocity(of: world 0, linear: \(v), angular: \(w))", 0) { try $0.backend.setVelocity(of: plain, linear: v, angular: w) }
        }
        for dt in [nan, inf, 0, -dt60, 1] { add("step(by: \(dt))", nil) { try $0.backend.step(by: dt) } }
        if fx.springs { add("step(by: 0.05), longer than world 2's springs allow", 2) { try $0.backend.step(by: 0.05) } }
        // Drags.
        add("addDrag(to: a destroyed world)", nil, unknownWorld: true) { _ = try $0.backend.addDrag(Fixture.joint, to: stale) }
        var joints: [(String, DragJoint)] = []
        func joint(_ label: String, _ change: (inout DragJoint) -> Void) {
            var j = DragJoint(localAnchor: Vector(5, 5), finger: Vector(120, 90), maxForce: 1e4, errorBias: 1e-3)
            change(&j)
            joints.append((label, j))
        }
        joint("localAnchor.x nan") { $0.localAnchor.x = nan }
        joint("finger.y nan") { $0.finger.y = nan }
        joint("finger.x inf") { $0.finger.x = inf }
        joint("maxForce nan") { $0.maxForce = nan }
        joint("maxForce 0") { $0.maxForce = 0 }
        joint("maxForce -1") { $0.maxForce = -1 }
        joint("maxForce inf") { $0.maxForce = inf }
        joint("errorBias nan") { $0.errorBias = nan }
        joint("errorBias 0") { $0.errorBias = 0 }
        joint("errorBias 1.5") { $0.errorBias = 1.5 }
        joint("friction nan") { $0.friction = nan }
        joint("friction -1") { $0.friction = -1 }
        joint("rotaryFriction nan") { $0.rotaryFriction = nan }
        joint("localAnchor (5e4, 0), too far from the center for the body") { $0.localAnchor = Vector(5e4, 0) }
        for (label, j) in joints { add("addDrag(DragJoint with \(label), to: world 0)", 0) { _ = try $0.backend.addDrag(j, to: plain) } }
        add("addDrag(to: world 2, which has springs)", 2) { _ = try $0.backend.addDrag(Fixture.joint, to: sprung) }
        var ghosts: [(String, JointID, WorldID, Int)] = [("joint 999 of world 1", JointID(999), dragged, 1)]
        if let drag = fx.drag { ghosts.append(("world 1's drag, in world 0", drag, plain, 0)) }
        if let removed = fx.removedDrag { ghosts.append(("a drag world 1 removed", removed, dragged, 1)) }
        for (name, id, w, k) in ghosts {
            add("moveDrag(\(name))", k) { try $0.backend.moveDrag(id, in: w, to: Vector(1, 1), velocity: .zero) }
            add("removeDrag(\(name))", k) { try $0.backend.removeDrag(id, from: w) }
        }
        if let drag = fx.drag {
            add("moveDrag(in: a destroyed world)", nil, unknownWorld: true) {
                try $0.backend.moveDrag(drag, in: stale, to: .zero, velocity: .zero)
            }
            add("removeDrag(from: a destroyed world)", nil, unknownWorld: true) { try $0.backend.removeDrag(drag, from: stale) }
            for (p, v) in [(Vector(nan, 0), Vector.zero), (Vector(0, inf), .zero), (.zero, Vector(nan, 0)), (.zero, Vector(0, -inf))] {
                add("moveDrag(world 1's drag, to: \(p), velocity: \(v))", 1) {
                    try $0.backend.moveDrag(drag, in: dragged, to: p, velocity: v)
                }
            }
            add("attachAttraction(to: world 1, which has a drag)", 1) { try $0.backend.attachAttraction(Fixture.stiff, to: dragged) }
        }
        // Springs.
        add("attachAttraction(to: a destroyed world)", nil, unknownWorld: true) {
            try $0.backend.attachAttraction(Fixture.stiff, to: stale)
        }
        var springs: [(String, Attraction)] = []
        func spring(_ label: String, _ change: (inout Attraction) -> Void) {
            var a = Attraction(origin: Vector(100, 100), stiffness: 100, damping: 10, angularStiffness: 1000, angularDamping: 50)
            change(&a)
            springs.append((label, a))
        }
        spring("origin.x nan") { $0.origin.x = nan }
        spring("stiffness nan") { $0.stiffness = nan }
        spring("stiffness -1") { $0.stiffness = -1 }
        spring("stiffness inf") { $0.stiffness = inf }
        spring("damping nan") { $0.damping = nan }
        spring("damping -1") { $0.damping = -1 }
        spring("angularStiffness nan") { $0.angularStiffness = nan }
        spring("angularDamping -1") { $0.angularDamping = -1 }
        spring("stiffness 1e9, unstable at every step for a body of mass 1") { $0.stiffness = 1e9 }
        for (label, a) in springs {
            add("attachAttraction(Attraction with \(label), to: world 0)", 0) { try $0.backend.attachAttraction(a, to: plain) }
        }
        add("attachAttraction(to: world 2, which has springs)", 2) { try $0.backend.attachAttraction(Fixture.stiff, to: sprung) }
        add("attachAttraction(to: world 3, whose body cannot turn)", 3) {
            try $0.backend.attachAttraction(
                Attraction(origin: .zero, stiffness: 10, damping: 1, angularStiffness: 10, angularDamping: 1), to: rigid)
        }
        add("detachAttraction(from: a destroyed world)", nil, unknownWorld: true) { try $0.backend.detachAttraction(from: stale) }
        add("detachAttraction(from: world 0, which has none)", 0) { try $0.backend.detachAttraction(from: plain) }
        add("detachAttraction(from: world 1, which has none)", 1) { try $0.backend.detachAttraction(from: dragged) }
        if fx.backend is any DynamicsBackend { calls += dynamicsCalls(fx) }
        if fx.backend is any SnapshotBackend { calls += snapshotCalls(fx) }
        return calls
    }

    /// The bad calls of `DynamicsBackend`.
    static func dynamicsCalls(_ fx: Fixture) -> [BadCall] {
        let nan = Double.nan, inf = Double.infinity
        let boxed = fx.boxed, plain = fx.plain, rigid = fx.rigid, stale = fx.stale, k = fx.worlds.count - 1
        var calls: [BadCall] = []
        func add(_ label: String, _ world: Int?, unknownWorld: Bool = false, _ call: @escaping (any DynamicsBackend) throws -> Void) {
            calls.append(BadCall(label: label, world: world, unknownWorld: unknownWorld) { try call($0.backend as! any DynamicsBackend) })
        }
        let wall = Wall(from: Vector(0, 300), to: Vector(400, 300))
        add("setWalls(of: a destroyed world)", nil, unknownWorld: true) { try $0.setWalls([wall], of: stale) }
        let walls: [(String, [Wall])] = [
            ("a wall from (nan, 0)", [Wall(from: Vector(nan, 0), to: Vector(10, 0))]),
            ("a wall of length 0", [Wall(from: Vector(5, 5), to: Vector(5, 5))]),
            ("65 walls", Array(repeating: wall, count: 65)),
            ("a wall of elasticity 1.5", [Wall(from: Vector(0, 300), to: Vector(400, 300), elasticity: 1.5)]),
            ("a wall of friction -1", [Wall(from: Vector(0, 300), to: Vector(400, 300), friction: -1)]),
            ("a wall of radius nan", [Wall(from: Vector(0, 300), to: Vector(400, 300), radius: nan)]),
        ]
        for (label, w) in walls { add("setWalls([\(label)], of: world \(k))", k) { try $0.setWalls(w, of: boxed) } }
        add("setWalls(of: world 0, which has no size)", 0) { try $0.setWalls([wall], of: plain) }
        add("setItemProperties(of: a destroyed world)", nil, unknownWorld: true) { try $0.setItemProperties(ItemProperties(), of: stale) }
        let properties: [(String, ItemProperties)] = [
            ("elasticity nan", ItemProperties(elasticity: nan)), ("elasticity 1.5", ItemProperties(elasticity: 1.5)),
            ("friction -1", ItemProperties(friction: -1)), ("resistance nan", ItemProperties(resistance: nan)),
            ("charge inf", ItemProperties(charge: inf)),
        ]
        for (label, p) in properties { add("setItemProperties(\(label), of: world \(k))", k) { try $0.setItemProperties(p, of: boxed) } }
        add("applyImpulse(to: a destroyed world)", nil, unknownWorld: true) { try $0.applyImpulse(Push(Vector(1, 0)), to: stale) }
        for (label, p) in [
            ("(nan, 0)", Push(Vector(nan, 0))), ("(1, 0) at (inf, 0)", Push(Vector(1, 0), at: Vector(inf, 0))),
            ("(1e12, 0), which would pass 10⁹ points per second", Push(Vector(1e12, 0))),
        ] {
            add("applyImpulse(\(label), to: world \(k))", k) { try $0.applyImpulse(p, to: boxed) }
        }
        add("addForce(to: a destroyed world)", nil, unknownWorld: true) { _ = try $0.addForce(Push(Vector(1, 0)), to: stale) }
        add("addForce((nan, 0), to: world \(k))", k) { _ = try $0.addForce(Push(Vector(nan, 0)), to: boxed) }
        add("removeForce(force 999, from: world \(k))", k) { try $0.removeForce(ForceID(999), from: boxed) }
        add("setFields(of: a destroyed world)", nil, unknownWorld: true) { try $0.setFields([], of: stale) }
        let fields: [(String, [Field])] = [
            ("a field of strength nan", [Field(.spring, strength: nan)]), ("33 fields", Array(repeating: Field(.drag), count: 33)),
            ("a field of falloff 9", [Field(.radialGravity, falloff: 9)]),
        ]
        for (label, list) in fields { add("setFields([\(label)], of: world \(k))", k) { try $0.setFields(list, of: boxed) } }
        add("contacts(of: a destroyed world)", nil, unknownWorld: true) { _ = try $0.contacts(of: stale) }
        add("addPivot(to: a destroyed world)", nil, unknownWorld: true) {
            _ = try $0.addPivot(StaticPivot(anchor: .zero, localAnchor: .zero), to: stale)
        }
        let pivots: [(String, StaticPivot)] = [
            ("anchor (nan, 0)", StaticPivot(anchor: Vector(nan, 0), localAnchor: .zero)),
            ("maxForce -1", StaticPivot(anchor: .zero, localAnchor: .zero, maxForce: -1)),
            ("errorBias 0", StaticPivot(anchor: .zero, localAnchor: .zero, errorBias: 0)),
            ("localAnchor (1e6, 0), too far from the center", StaticPivot(anchor: .zero, localAnchor: Vector(1e6, 0))),
        ]
        for (label, p) in pivots { add("addPivot(\(label), to: world \(k))", k) { _ = try $0.addPivot(p, to: boxed) } }
        add("addGear(to: world 3, whose body cannot turn)", 3) { _ = try $0.addGear(StaticGear(), to: rigid) }
        add("addGear(ratio 0, to: world \(k))", k) { _ = try $0.addGear(StaticGear(ratio: 0), to: boxed) }
        add("addGear(phase nan, to: world \(k))", k) { _ = try $0.addGear(StaticGear(phase: nan), to: boxed) }
        add("removeJoint(joint 999, from: world \(k))", k) { try $0.removeJoint(JointID(999), from: boxed) }
        if let drag = fx.drag {
            let dragged = fx.dragged
            add("removeJoint(world 1's drag), which goes with removeDrag", 1) { try $0.removeJoint(drag, from: dragged) }
        }
        return calls
    }

    /// The bad calls of `SnapshotBackend`.
    static func snapshotCalls(_ fx: Fixture) -> [BadCall] {
        let stale = fx.stale
        var calls: [BadCall] = []
        func add(_ label: String, _ world: Int?, unknownWorld: Bool = false, _ call: @escaping (any SnapshotBackend) throws -> Void) {
            calls.append(BadCall(label: label, world: world, unknownWorld: unknownWorld) { try call($0.backend as! any SnapshotBackend) })
        }
        add("snapshot(of: a destroyed world)", nil, unknownWorld: true) { _ = try $0.snapshot(of: stale) }
        guard let backend = fx.backend as? any SnapshotBackend, let taken = try? backend.snapshot(of: fx.plain),
            let springs = try? backend.snapshot(of: fx.sprung)
        else { return calls }
        var broken: [(String, WorldSnapshot)] = []
        func snapshot(_ label: String, from s: WorldSnapshot, _ change: (inout WorldSnapshot) -> Void) {
            var s = s
            change(&s)
            broken.append((label, s))
        }
        snapshot("body.position.x nan", from: taken) { $0.body.position.x = .nan }
        snapshot("massInverse 0", from: taken) { $0.massInverse = 0 }
        snapshot("damping 2", from: taken) { $0.damping = 2 }
        snapshot("previousDt 7", from: taken) { $0.previousDt = 7 }
        snapshot("springs and a drag", from: springs) {
            $0.joints = [
                WorldSnapshot.Joint(
                    id: JointID(0),
                    kind: .drag(
                        WorldSnapshot.Drag(
                            localAnchor: .zero, maxForce: 1e4, errorBias: 1e-3, friction: 0, rotaryFriction: 0, finger: .zero,
                            fingerVelocity: .zero, fingerAngularVelocity: 0)))
            ]
            $0.constraints = [WorldSnapshot.Constraint(joint: JointID(0), part: 0, impulse: .zero)]
            $0.nextJoint = 1
        }
        for (label, s) in broken { add("restore(world 0's snapshot with \(label))", 0) { _ = try $0.restore(s) } }
        return calls
    }
}
