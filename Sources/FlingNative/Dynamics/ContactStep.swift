import FlingCore
import _FlingSolver

// The step of a world with dynamics (``WorldDynamics``) after its positions, as `cpSpaceStep`
// runs it for one body and the static body: the collision of its box with its walls (in the
// spatial hash's order, `WallHash`) and the arbiters' update, persistence and expiry; the
// arbiters' pre-steps, then the joints'; the velocity update (``Motion``); the cached
// impulses, arbiters then joints; the iterations, arbiters then joints. A world none of whose
// walls touches its box this step has no arbiter to solve: its joint goes to the SIMD lanes
// like any other world's (`NativeBackend+Step.swift`); the others are solved here, one world
// at a time.

/// A world's joints as its contact step drives them, each call after the arbiters'.
protocol StepJoints {
    mutating func preStep<M: ArithmeticFunctions>(_ b: inout RigidBody, _ rotation: Rotation, _ dt: Double, _: M.Type)
    mutating func applyCachedImpulse(_ b: inout RigidBody, _ dtCoef: Double)
    mutating func applyImpulse(_ b: inout RigidBody, _ dt: Double)
}

/// No joint.
struct NoJoints: StepJoints {
    @inline(__always) func preStep<M: ArithmeticFunctions>(_: inout RigidBody, _: Rotation, _: Double, _: M.Type) {}
    @inline(__always) func applyCachedImpulse(_: inout RigidBody, _: Double) {}
    @inline(__always) func applyImpulse(_: inout RigidBody, _: Double) {}
}

/// The drag's pivot joint from its finger body.
struct PivotJoints: StepJoints {
    var joint: PivotJoint
    let finger: UnsafeMutablePointer<AnchorBody>

    @inline(__always) mutating func preStep<M: ArithmeticFunctions>(_ b: inout RigidBody, _ r: Rotation, _ dt: Double, _ m: M.Type) {
        joint.preStep(finger.pointee, b, r, dt, m)
    }
    @inline(__always) func applyCachedImpulse(_ b: inout RigidBody, _ dtCoef: Double) {
        joint.applyCachedImpulse(&finger.pointee, &b, dtCoef)
    }
    @inline(__always) mutating func applyImpulse(_ b: inout RigidBody, _ dt: Double) {
        joint.applyImpulse(&finger.pointee, &b, dt)
    }
}

/// The attraction's springs from the static body.
struct SpringJoints: StepJoints {
    var springs: AttractionSprings
    let ground: UnsafeMutablePointer<AnchorBody>

    @inline(__always) mutating func preStep<M: ArithmeticFunctions>(_ b: inout RigidBody, _ r: Rotation, _ dt: Double, _ m: M.Type) {
        springs.preStep(&ground.pointee, &b, r, dt, m)
    }
    // Neither spring caches an impulse.
    @inline(__always) func applyCachedImpulse(_: inout RigidBody, _: Double) {}
    @inline(__always) mutating func applyImpulse(_ b: inout RigidBody, _: Double) {
        springs.spring.applyImpulse(&ground.pointee, &b)
        springs.rotary.applyImpulse(&ground.pointee, &b)
    }
}

/// A ``DynamicWorld``'s constraint list, in order.
struct EntryJoints: StepJoints {
    let entries: UnsafeMutablePointer<ConstraintEntry>
    let count: Int
    let fingers: UnsafeMutablePointer<AnchorBody>

    @inline(__always) func anchor(_ k: Int) -> UnsafeMutablePointer<AnchorBody> { fingers + Int(entries[k].finger) }

    @inline(__always) func preStep<M: ArithmeticFunctions>(_ b: inout RigidBody, _ r: Rotation, _ dt: Double, _ m: M.Type) {
        for k in 0..<count { ConstraintEntry.preStep(entries + k, &anchor(k).pointee, &b, r, dt, m) }
    }
    @inline(__always) func applyCachedImpulse(_ b: inout RigidBody, _ dtCoef: Double) {
        for k in 0..<count { ConstraintEntry.applyCachedImpulse(entries + k, &anchor(k).pointee, &b, dtCoef) }
    }
    @inline(__always) func applyImpulse(_ b: inout RigidBody, _ dt: Double) {
        for k in 0..<count { ConstraintEntry.applyImpulse(entries + k, &anchor(k).pointee, &b, dt) }
    }
}

/// The contact step's parts, on a step's raw views.
enum ContactStep {
    /// `cpBodyUpdatePosition` with the bias velocity, which it then clears.
    @inline(__always) static func integratePosition(_ b: inout RigidBody, _ d: UnsafeMutablePointer<WorldDynamics>, _ dt: Double) {
        let bias = d.pointee.bias
        b.px = b.px + (b.vx + bias.vx) * dt
        b.py = b.py + (b.vy + bias.vy) * dt
        b.angle = b.angle + (b.w + bias.w) * dt
        d.pointee.bias = BiasVelocity()
    }

    /// ``integratePosition(_:_:_:)`` of a world with walls, then ``WallSweep`` (whether it put the
    /// body back is returned): if the centre
    /// crossed a wall's segment, the body goes back along its path to the time of impact
    /// (written as `cpBodySetPosition` writes it, the Chipmunk backend's call). Positions enter
    /// the sweep as `x + 0`, as the Chipmunk backend reads them (the two differ at most in the
    /// sign of a zero).
    @inline(__always) static func integratePositionSwept<M: ArithmeticFunctions>(
        _ b: inout RigidBody, _ v: DynamicsView, _ d: UnsafeMutablePointer<WorldDynamics>, _ dt: Double, _: M.Type
    ) -> Bool {
        let p0 = Vector(b.px + 0.0, b.py + 0.0)
        integratePosition(&b, d, dt)
        let p1 = Vector(b.px + 0.0, b.py + 0.0)
        let set = v.wallSets[Int(d.pointee.wallSet)]
        let walls = v.walls + Int(set.walls)
        guard
            let hit = WallSweep.crossing(
                from: p0, to: p1, count: Int(set.count),
                wall: { k in (Vector(walls[k].shape.ta.x, walls[k].shape.ta.y), Vector(walls[k].shape.tb.x, walls[k].shape.tb.y)) })
        else { return false }
        sweep(&b, v, d, walls[hit.wall].shape, p0, p1, hit.fraction, M.self)
        return true
    }

    /// The body put back at the time of impact with `wall`, leaving it with the sweep's rebound
    /// (rare: kept out of the step's code).
    @inline(never)
    static func sweep<M: ArithmeticFunctions>(
        _ b: inout RigidBody, _ v: DynamicsView, _ d: UnsafeMutablePointer<WorldDynamics>, _ wall: SegmentShape, _ p0: Vector,
        _ p1: Vector, _ fraction: Double, _: M.Type
    ) {
        var angle = b.angle, cos = 0.0, sin = 0.0
        M.cosSin(&angle, &cos, &sin, 1)
        let q = WallSweep.impact(
            from: p0, to: p1, fraction: fraction, start: Vector(wall.ta.x, wall.ta.y), end: Vector(wall.tb.x, wall.tb.y),
            radius: wall.radius, halfWidth: d.pointee.width / 2.0, halfHeight: d.pointee.height / 2.0, cos: cos, sin: sin)
        // cpBodySetPosition: the center of gravity (0, 0) through the transform, plus q.
        b.px = (cos * 0.0 + (-sin) * 0.0) + q.position.x
        b.py = (sin * 0.0 + cos * 0.0) + q.position.y
        let material = v.materials[Int(d.pointee.material)]
        let away = WallSweep.reboundAtPutBack(
            Vector(b.vx + 0.0, b.vy + 0.0), normal: q.normal, elasticity: wall.elasticity * material.elasticity,
            friction: wall.friction * material.friction)
        b.vx = away.x
        b.vy = away.y
    }

    /// ``WallSweep/lift(from:to:velocity:swept:halfWidth:halfHeight:cos:sin:elasticity:friction:count:walls:stride:)``
    /// after the position update and its sweep, before the collision, as the Chipmunk backend's
    /// position function ends (`cpBodySetPosition`, `cpBodySetVelocity`); `p0` the centre before
    /// the move.
    @inline(__always) static func lift(
        _ b: inout RigidBody, _ v: DynamicsView, _ d: UnsafeMutablePointer<WorldDynamics>, _ p0: Vector, _ swept: Bool,
        _ rotation: Rotation
    ) {
        let set = v.wallSets[Int(d.pointee.wallSet)]
        let walls = UnsafeRawPointer(v.walls + Int(set.walls)) + MemoryLayout<WallEntry>.offset(of: \.side)!
        let p = Vector(b.px + 0.0, b.py + 0.0), hw = d.pointee.width / 2.0, hh = d.pointee.height / 2.0
        guard
            WallSweep.mayLift(
                from: p0, to: p, velocity: Vector(b.vx + 0.0, b.vy + 0.0), swept: swept, halfWidth: hw, halfHeight: hh, cos: rotation.cos,
                sin: rotation.sin,
                count: Int(set.count), walls: walls, stride: MemoryLayout<WallEntry>.stride)
        else { return }
        let material = v.materials[Int(d.pointee.material)]
        guard
            let lifted = WallSweep.lift(
                from: p0, to: Vector(b.px + 0.0, b.py + 0.0), velocity: Vector(b.vx + 0.0, b.vy + 0.0), swept: swept,
                halfWidth: d.pointee.width / 2.0, halfHeight: d.pointee.height / 2.0, cos: rotation.cos, sin: rotation.sin,
                elasticity: material.elasticity, friction: material.friction, count: Int(set.count), walls: walls,
                stride: MemoryLayout<WallEntry>.stride)
        else { return }
        b.px = (rotation.cos * 0.0 + (-rotation.sin) * 0.0) + lifted.position.x
        b.py = (rotation.sin * 0.0 + rotation.cos * 0.0) + lifted.position.y
        b.vx = lifted.velocity.x
        b.vy = lifted.velocity.y
    }

    /// The velocity update (``Motion``) with the world's fields, pushes and material; the
    /// noise fields' cells memoized in the stepping thread's `noise`.
    @inline(__always) static func updateVelocity<M: ArithmeticFunctions>(
        _ v: DynamicsView, _ d: UnsafeMutablePointer<WorldDynamics>, _ b: inout RigidBody, _ rotation: Rotation, _ dt: Double,
        _ noise: NoiseCache, _ math: M.Type
    ) {
        var fields = UnsafeBufferPointer<PreparedField>(start: nil, count: 0)
        if d.pointee.fieldSet >= 0 {
            let set = v.fieldSets[Int(d.pointee.fieldSet)]
            fields = UnsafeBufferPointer(start: v.fields + Int(set.fields), count: Int(set.count))
        }
        let pushes = UnsafeBufferPointer(start: v.pushes + Int(d.pointee.forces), count: Int(d.pointee.forceCount))
        // The fields' mass is 1/(1/m), as the Chipmunk backend takes it.
        let mass = fields.isEmpty ? 0 : 1.0 / b.mInv
        let damping = b.dampingFactor(dt, math)
        Motion.updateVelocity(
            fields: fields, pushes: pushes, properties: v.materials[Int(d.pointee.material)], mass: mass,
            time: &d.pointee.fieldTime, vx: &b.vx, vy: &b.vy, w: &b.w, px: b.px, py: b.py, cos: rotation.cos, sin: rotation.sin,
            massInverse: b.mInv, momentInverse: b.iInv, gx: b.gx, gy: b.gy, damping: damping, dt: dt, noise: noise)
    }

    /// The item's box through the body's transform (its normals only if `normals`: see
    /// ``BoxShape/updateNormals(_:)``), with its material.
    @inline(__always) static func box(
        _ v: DynamicsView, _ d: UnsafeMutablePointer<WorldDynamics>, _ b: RigidBody, _ rotation: Rotation, normals: Bool = true
    ) -> BoxShape {
        var box = BoxShape(width: d.pointee.width, height: d.pointee.height, p: d.pointee.normalP, q: d.pointee.normalQ)
        let t = BodyTransform(px: b.px, py: b.py, cos: rotation.cos, sin: rotation.sin)
        box.updateBounds(t)
        if normals { box.updateNormals(t) }
        let material = v.materials[Int(d.pointee.material)]
        box.elasticity = material.elasticity
        box.friction = material.friction
        return box
    }

    /// The shape of the wall at `entry`.
    @inline(__always) static func shape(_ entry: UnsafeMutablePointer<WallEntry>) -> UnsafePointer<SegmentShape> {
        UnsafeRawPointer(entry).advanced(by: MemoryLayout<WallEntry>.offset(of: \.shape)!).assumingMemoryBound(to: SegmentShape.self)
    }

    /// The walls the spatial hash reports for the box, in its order: a pointer to `count`
    /// wall indices (the wall set's table, or `scratch` filled by a query).
    @inline(__always) static func order(
        _ v: DynamicsView, _ set: WallSetInfo, _ bb: BB, _ scratch: UnsafeMutablePointer<UInt8>
    ) -> (UnsafePointer<UInt8>, Int) {
        let n = Int(set.count)
        if let r = WallOrders.range(bb) {
            let table = v.orders + Int(set.orders) + r * (n + 1)
            return (UnsafePointer(table + 1), Int(table[0]))
        }
        let cells = WallHash.cells(bb)
        if let r = WallOrders.range(cells) {
            let table = v.orders + Int(set.orders) + r * (n + 1)
            return (UnsafePointer(table + 1), Int(table[0]))
        }
        let walls = v.walls + Int(set.walls)
        let inserted = v.insertions + Int(set.insertion)
        return (UnsafePointer(scratch), WallHash.query(cells, n, { walls[$0].bins }, { Int(inserted[$0]) }, scratch))
    }

    /// The collision phase: the last step's first contacts back to normal, the box through
    /// the body's new transform, the walls in the hash's order (each bounding box first), each
    /// touching wall's arbiter updated into `active`, then every arbiter aged
    /// (`cpSpaceArbiterSetFilter`). Returns how many walls touch the box.
    @inline(__always) static func collide(
        _ v: DynamicsView, _ d: UnsafeMutablePointer<WorldDynamics>, _ b: RigidBody, _ rotation: Rotation, _ stamp: UInt8,
        _ active: UnsafeMutablePointer<Arbiter>, _ scratch: UnsafeMutablePointer<UInt8>, _ hull: EPAScratch
    ) -> Int {
        let set = v.wallSets[Int(d.pointee.wallSet)]
        let n = Int(set.count)
        let records = v.arbiters + Int(d.pointee.arbiters)
        let walls = v.walls + Int(set.walls)
        for k in 0..<n where records[k].state == .firstCollision { records[k].state = .normal }
        d.pointee.beganContact = false
        var box = Self.box(v, d, b, rotation, normals: false)
        var turned = false
        let (order, count) = Self.order(v, set, box.bb, scratch)
        var touching = 0
        withUnsafeMutablePointer(to: &box) { box in
            for q in 0..<count {
                let k = Int(order[q])
                let wall = shape(walls + k)
                // QueryReject: the bounding boxes must overlap (filters, bodies and joints pass).
                guard box.pointee.bb.intersects(wall.pointee.bb) else { continue }
                if !turned {
                    box.pointee.updateNormals(BodyTransform(px: b.px, py: b.py, cos: rotation.cos, sin: rotation.sin))
                    turned = true
                }
                let info = WallBoxPair(wall: wall, box: box, hull: hull).collide()
                guard info.count > 0 else { continue }
                let arbiter = active + touching
                arbiter.pointee = Arbiter(records[k], wall: k)
                arbiter.pointee.update(info, b, wall.pointee, box.pointee)
                records[k] = arbiter.pointee.record(stamp: stamp)
                touching += 1
            }
        }
        let persistence = Contact.persistence
        for k in 0..<n where records[k].state != .none {
            let ticks = Int(stamp &- records[k].stamp)
            if ticks >= 1 && records[k].state != .cached { records[k].state = .cached }
            if ticks >= persistence { records[k].state = .none }
        }
        return touching
    }

    /// The step after the collision, up to the iterations, for a world whose box touches
    /// `count` walls (`active`): the arbiters' pre-steps then the joints', the velocity update,
    /// the cached impulses, arbiters then joints. `ground` is the static body (the arbiters'
    /// body A).
    @inline(__always) static func prepare<J: StepJoints, M: ArithmeticFunctions>(
        _ v: DynamicsView, _ d: UnsafeMutablePointer<WorldDynamics>, _ b: inout RigidBody, _ joints: inout J,
        _ active: UnsafeMutablePointer<Arbiter>, _ count: Int, _ ground: UnsafeMutablePointer<AnchorBody>, _ rotation: Rotation,
        _ dt: Double, dtCoef: Double, biasCoef: Double, _ noise: NoiseCache, _ math: M.Type
    ) {
        for a in 0..<count { active[a].preStep(ground.pointee, b, dt, Contact.slop, biasCoef) }
        joints.preStep(&b, rotation, dt, math)
        updateVelocity(v, d, &b, rotation, dt, noise, math)
        for a in 0..<count { active[a].applyCachedImpulse(&ground.pointee, &b, dtCoef) }
        joints.applyCachedImpulse(&b, dtCoef)
    }

    /// The iterations, arbiters then joints each time, one world alone; then the arbiters'
    /// impulses back into their records.
    @inline(__always) static func iterate<J: StepJoints>(
        _ v: DynamicsView, _ d: UnsafeMutablePointer<WorldDynamics>, _ b: inout RigidBody, _ joints: inout J,
        _ active: UnsafeMutablePointer<Arbiter>, _ count: Int, _ ground: UnsafeMutablePointer<AnchorBody>, _ dt: Double,
        iterations: Int
    ) {
        var bias = d.pointee.bias
        for _ in 0..<iterations {
            for a in 0..<count { active[a].applyImpulse(&ground.pointee, &b, &bias) }
            joints.applyImpulse(&b, dt)
        }
        d.pointee.bias = bias
        keep(v, d, active, count)
    }

    /// The arbiters' accumulated impulses back into their records, and whether one began.
    @inline(__always) static func keep(
        _ v: DynamicsView, _ d: UnsafeMutablePointer<WorldDynamics>, _ active: UnsafeMutablePointer<Arbiter>, _ count: Int
    ) {
        let records = v.arbiters + Int(d.pointee.arbiters)
        var began = false
        for a in 0..<count {
            let arbiter = active[a]
            let k = arbiter.wall
            records[k].jn0 = arbiter.c0.jnAcc
            records[k].jt0 = arbiter.c0.jtAcc
            records[k].jn1 = arbiter.c1.jnAcc
            records[k].jt1 = arbiter.c1.jtAcc
            began = began || arbiter.state == .firstCollision
        }
        d.pointee.beganContact = began
    }

    /// The contacts world `d` began in its last step (Chipmunk's `begin`, reported after the
    /// step with the step's total impulse), found again and appended to `contacts`: a body
    /// does not move between steps, so its box, the hash's order and each touching wall's
    /// contact points are the step's, and the arbiters' records hold the impulses the step
    /// left. `s` lends its EPA hulls and its room for the hash's order.
    static func began<M: ArithmeticFunctions>(
        _ v: DynamicsView, _ d: UnsafeMutablePointer<WorldDynamics>, _ b: RigidBody, _ s: StepScratch,
        into contacts: inout [Wall.Contact], _: M.Type
    ) {
        guard d.pointee.beganContact, d.pointee.wallSet >= 0 else { return }
        var angle = b.angle, cos = 0.0, sin = 0.0
        M.cosSin(&angle, &cos, &sin, 1)
        let set = v.wallSets[Int(d.pointee.wallSet)]
        let records = v.arbiters + Int(d.pointee.arbiters)
        let walls = v.walls + Int(set.walls)
        var box = Self.box(v, d, b, Rotation(cos: cos, sin: sin))
        let hull = s.hull
        do {
            let (order, count) = Self.order(v, set, box.bb, s.order.baseAddress!)
            for q in 0..<count {
                let k = Int(order[q])
                let wall = shape(walls + k)
                guard records[k].state == .firstCollision, box.bb.intersects(wall.pointee.bb) else { continue }
                let info = withUnsafePointer(to: &box) { WallBoxPair(wall: wall, box: $0, hull: hull).collide() }
                guard info.count > 0 else { continue }
                let r = records[k]
                // cpArbiterTotalImpulse turned to act on the item: Σ cpvrotate(n, (jn, jt)).
                let nx = info.n.x, ny = info.n.y
                var sx = 0.0, sy = 0.0
                sx = sx + (nx * r.jn0 - ny * r.jt0)
                sy = sy + (nx * r.jt0 + ny * r.jn0)
                if info.count > 1 {
                    sx = sx + (nx * r.jn1 - ny * r.jt1)
                    sy = sy + (nx * r.jt1 + ny * r.jn1)
                }
                let r2x = info.c0.p2.x - b.px, r2y = info.c0.p2.y - b.py
                contacts.append(
                    Wall.Contact(
                        wall: k, impulse: Vector(sx, sy), normal: Vector(nx * 1.0, ny * 1.0), point: Vector(b.px + r2x, b.py + r2y))
                )
            }
        }
    }
}
