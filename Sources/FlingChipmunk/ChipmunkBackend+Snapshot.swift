// A Chipmunk world taken whole and made again (WorldSnapshot: FlingCore/Snapshot). What the
// public API reads (positions, joints' parameters, walls) comes through it; what only
// Chipmunk's private structures hold (the body's bias velocity, the joints' accumulated
// impulses, the space's stamp and previous dt, the cached arbiters with their contacts)
// through the CChipmunkSnapshot target, which copies numbers and nothing else.
//
// A restore makes the world through the backend's own paths (makeWorld, the attraction, the
// walls), so its C objects are owned and freed as every other world's, then writes the state:
// the exact inverse mass and moment, the body, the joints made afresh and added in the
// snapshot's solver order with their impulses, the arbiters rebuilt in the space's cache from
// its pool and contact buffers (which the space frees). A restored per-world space gets the
// same spatial hash and the same order of shapes as the original (walls then box), so its box
// meets its walls in the same order; contacts carry their features, hashed afresh with the new
// shapes' ids. In the shared space every world's previous dt is the space's: a world that has
// stepped is restored only where that dt is its own (or none yet).
#if Chipmunk
internal import CChipmunk
internal import CChipmunkSnapshot
import FlingCore

extension ChipmunkBackend: SnapshotBackend {
    public var snapshotKind: String { name }

    /// The space's step count (`cpSpace.stamp`).
    func stamp(of space: OpaquePointer) -> UInt32 { fling_space_stamp(space) }

    /// The wall shapes world `i`'s box collides with, in wall order.
    private func wallShapes(_ i: Int) -> [OpaquePointer] {
        let w = worlds[i]!
        guard layout == .sharedSpace else { return w.walls }
        return w.dynamics?.wallCodes.map { wallSets[$0 >> 8]!.shapes[$0 & 0xFF] } ?? []
    }

    public func snapshot(of world: WorldID) throws(FlingError) -> WorldSnapshot {
        let i = try slot(world)
        let w = worlds[i]!
        var s = WorldSnapshot(definition: WorldDefinition(mass: 1, moment: 1, transform: .identity, gravity: .zero))
        s.massInverse = w.massInverse
        s.momentInverse = w.momentInverse
        s.size = w.size
        var b = FlingBodyState()
        fling_body_get(w.body, &b)
        s.body = BodyState(position: Vector(b.px, b.py), angle: b.angle, velocity: Vector(b.vx, b.vy), angularVelocity: b.w)
        s.biasVelocity = Vector(b.bias_vx, b.bias_vy)
        s.biasAngularVelocity = b.bias_w
        if let medium = w.medium {
            s.gravity = Vector(medium.pointee.gravity.x, medium.pointee.gravity.y)
            s.damping = medium.pointee.damping
        } else {
            let g = cpSpaceGetGravity(w.space)
            s.gravity = Vector(g.x, g.y)
            s.damping = cpSpaceGetDamping(w.space)
        }
        let stepped = layout == .spacePerWorld || stamp(of: w.space) != w.bornAt
        s.previousDt = stepped ? fling_space_previous_dt(w.space) : 0
        if let spring = w.spring, let rotary = w.rotary {
            let origin = cpDampedSpringGetAnchorA(spring)
            s.attraction = Attraction(
                origin: Vector(origin.x, origin.y), stiffness: cpDampedSpringGetStiffness(spring),
                damping: cpDampedSpringGetDamping(spring),
                angularStiffness: cpDampedRotarySpringGetStiffness(rotary), angularDamping: cpDampedRotarySpringGetDamping(rotary))
        }
        // Each constraint's joint and part, to list them in the solver's order (none to list
        // without joints: the attraction's springs are not listed).
        var parts: [OpaquePointer: (JointID, UInt8)] = [:]
        if !w.joints.isEmpty { parts.reserveCapacity(w.joints.count * 3) }
        for j in w.joints {
            s.joints.append(WorldSnapshot.Joint(id: j.id, kind: Self.kind(of: j)))
            for (n, c) in j.constraints.enumerated() {
                parts[c] = (j.id, n == 0 ? 0 : (cpConstraintIsGearJoint(c) != 0 ? 2 : 1))
            }
        }
        for c in w.joints.isEmpty ? [] : constraintOrder(i) {
            guard let (joint, part) = parts[c] else { continue }  // The attraction's springs.
            let impulse: Vector
            if cpConstraintIsGearJoint(c) != 0 {
                impulse = Vector(fling_gear_impulse(c), 0)
            } else {
                var x = 0.0, y = 0.0
                fling_pivot_impulse(c, &x, &y)
                impulse = Vector(x, y)
            }
            s.constraints.append(WorldSnapshot.Constraint(joint: joint, part: part, impulse: impulse))
        }
        s.nextJoint = w.nextJoint
        if let d = w.dynamics {
            s.hasDynamics = true
            s.properties = d.motion.properties
            s.fields = d.motion.fields.map(\.field)
            s.forces = d.motion.forces.map { WorldSnapshot.Force(id: $0.id, push: $0.push) }
            s.nextForce = d.motion.nextForceID
            s.fieldTime = d.motion.time
            s.contacts = d.contacts
        }
        s.walls = w.wallKey
        // The walls in the order they were put in the space: their shapes' hash ids.
        let ids = wallShapes(i).map { fling_shape_hashid($0) }
        s.wallOrder = ids.indices.sorted { ids[$0] < ids[$1] }
        if let box = w.shape {
            let shapes: [OpaquePointer?] = wallShapes(i)
            var found = [FlingArbiterState](repeating: FlingArbiterState(), count: shapes.count)
            let n = shapes.withUnsafeBufferPointer { walls in
                found.withUnsafeMutableBufferPointer { out in
                    fling_arbiters(w.space, box, walls.baseAddress, Int32(walls.count), out.baseAddress)
                }
            }
            guard n >= 0 else { throw Self.unexpectedArbiter(world) }
            s.arbiters = found.prefix(Int(n)).map { a in
                WorldSnapshot.ArbiterState(
                    wall: Int(a.wall), state: WorldSnapshot.ArbiterState.State(rawValue: UInt8(a.state))!, age: Int(a.age),
                    contacts: withUnsafeBytes(of: a.contacts) { raw in
                        (0..<Int(a.count)).map { n in
                            let c = raw.load(fromByteOffset: n * MemoryLayout<FlingContactState>.stride, as: FlingContactState.self)
                            return WorldSnapshot.ContactState(feature: c.feature, normalImpulse: c.jn, tangentImpulse: c.jt)
                        }
                    })
            }
        }
        return s
    }

    static func unexpectedArbiter(_ world: WorldID) -> FlingError {
        FlingError(
            .invalidState, field: "snapshot(of: \(world))", value: "an arbiter",
            reason: "a contact of the world is not one the backend makes (another handler, or a contact no feature pair names)")
    }

    /// A joint as its C objects say.
    private static func kind(of j: ChipmunkJoint) -> WorldSnapshot.Joint.Kind {
        let c = j.constraints[0]
        if let finger = j.finger {
            var friction = 0.0, rotary = 0.0
            for x in j.constraints.dropFirst() {
                if cpConstraintIsGearJoint(x) != 0 { rotary = cpConstraintGetMaxForce(x) } else { friction = cpConstraintGetMaxForce(x) }
            }
            var f = FlingBodyState()
            fling_body_get(finger, &f)
            let anchor = cpPivotJointGetAnchorB(c)
            return .drag(
                WorldSnapshot.Drag(
                    localAnchor: Vector(anchor.x, anchor.y), maxForce: cpConstraintGetMaxForce(c), errorBias: cpConstraintGetErrorBias(c),
                    friction: friction, rotaryFriction: rotary, finger: Vector(f.px, f.py), fingerVelocity: Vector(f.vx, f.vy),
                    fingerAngularVelocity: f.w))
        }
        if cpConstraintIsGearJoint(c) != 0 {
            return .gear(
                StaticGear(
                    phase: cpGearJointGetPhase(c), ratio: cpGearJointGetRatio(c), maxForce: cpConstraintGetMaxForce(c),
                    maxBias: cpConstraintGetMaxBias(c), errorBias: cpConstraintGetErrorBias(c)))
        }
        let a = cpPivotJointGetAnchorA(c), b = cpPivotJointGetAnchorB(c)
        return .pivot(
            StaticPivot(
                anchor: Vector(a.x, a.y), localAnchor: Vector(b.x, b.y), maxForce: cpConstraintGetMaxForce(c),
                maxBias: cpConstraintGetMaxBias(c), errorBias: cpConstraintGetErrorBias(c)))
    }

    /// World `i`'s constraints in the order its own space runs them.
    private func constraintOrder(_ i: Int) -> [OpaquePointer] {
        let w = worlds[i]!
        guard layout == .spacePerWorld else { return w.ownOrder }
        var order: [OpaquePointer] = []
        withUnsafeMutablePointer(to: &order) { list in
            cpSpaceEachConstraint(
                w.space,
                { c, data in data!.assumingMemoryBound(to: [OpaquePointer].self).pointee.append(c!) },
                UnsafeMutableRawPointer(list))
        }
        return order
    }

    public func restore(_ s: WorldSnapshot) throws(FlingError) -> WorldID {
        try s.validate()
        if layout == .sharedSpace, s.previousDt != 0, let shared = sharedSpace {
            let dt = fling_space_previous_dt(shared)
            guard dt == 0 || dt == s.previousDt else { throw Self.otherPreviousDt(s.previousDt, dt) }
        }
        let world = try makeWorld(s.definition)
        do { try restore(s, into: world) } catch {
            try? destroyWorld(world)
            throw error
        }
        return world
    }

    static func otherPreviousDt(_ wanted: Double, _ have: Double) -> FlingError {
        FlingError(
            .invalidState, field: "restore(WorldSnapshot).previousDt", value: "\(wanted)",
            reason:
                "the backend's worlds last stepped by \(have) s, and a world's warm start scales by the dt before: restore it into a backend that has not stepped, or stepped by the same dt"
        )
    }

    /// Everything but the body's making, into world `i` (made from the snapshot's definition).
    private func restore(_ s: WorldSnapshot, into id: WorldID) throws(FlingError) {
        let i = try slot(id)
        let body = worlds[i]!.body
        fling_body_set_inverses(body, s.massInverse, s.momentInverse)
        worlds[i]!.massInverse = s.massInverse
        worlds[i]!.momentInverse = s.momentInverse
        try setDamping(of: id, s.damping)
        var b = FlingBodyState(
            px: s.body.position.x, py: s.body.position.y, angle: s.body.angle, vx: s.body.velocity.x, vy: s.body.velocity.y,
            w: s.body.angularVelocity, bias_vx: s.biasVelocity.x, bias_vy: s.biasVelocity.y, bias_w: s.biasAngularVelocity)
        fling_body_set(body, &b)
        let space = worlds[i]!.space
        switch layout {
        case .spacePerWorld:
            // Any stamp past the arbiters' ages will do: only differences are read.
            fling_space_set_stamp(space, s.previousDt == 0 ? 0 : UInt32(Contact.persistence + 1))
            fling_space_set_previous_dt(space, s.previousDt)
        case .sharedSpace:
            if s.previousDt != 0 {
                fling_space_set_previous_dt(space, s.previousDt)
                worlds[i]!.bornAt = stamp(of: space) &- 1
            }
        }
        if let attraction = s.attraction { try attachAttraction(attraction, to: id) }
        restoreJoints(s, i)
        if s.hasDynamics {
            let d = dynamics(i)
            d.motion.properties = s.properties
            d.motion.setFields(s.fields)
            d.motion.restoreForces(s.forces.map { ($0.id, $0.push) }, next: s.nextForce)
            d.motion.time = s.fieldTime
        }
        if !s.walls.isEmpty {
            try BackendValidation.walls(s.walls, size: worlds[i]!.size)
            let inListOrder = s.wallOrder.indices.allSatisfy { s.wallOrder[$0] == $0 }
            addWalls(s.walls, i, dynamics(i), order: inListOrder ? nil : s.wallOrder)
            let box = worlds[i]!.shape!, shapes = wallShapes(i)
            for a in s.arbiters {
                var state = FlingArbiterState()
                state.wall = Int32(a.wall)
                state.state = Int32(a.state.rawValue)
                state.age = UInt32(a.age)
                state.count = Int32(a.contacts.count)
                withUnsafeMutableBytes(of: &state.contacts) { raw in
                    for (n, c) in a.contacts.enumerated() {
                        raw.storeBytes(
                            of: FlingContactState(feature: c.feature, jn: c.normalImpulse, jt: c.tangentImpulse),
                            toByteOffset: n * MemoryLayout<FlingContactState>.stride, as: FlingContactState.self)
                    }
                }
                fling_restore_arbiter(space, shapes[a.wall], box, &state)
            }
        }
        worlds[i]!.dynamics?.contacts = s.contacts
    }

    /// The joints: their C objects made as `makeDrag`, `addPivot` and `addGear` make them,
    /// added to the space in the snapshot's solver order, with their impulses.
    private func restoreJoints(_ s: WorldSnapshot, _ i: Int) {
        worlds[i]!.nextJoint = s.nextJoint
        guard !s.joints.isEmpty else { return }
        let body = worlds[i]!.body, staticBody = cpSpaceGetStaticBody(worlds[i]!.space)
        var made: [JointID: [UInt8: OpaquePointer]] = [:]
        var joints: [ChipmunkJoint] = []
        for joint in s.joints {
            var parts: [UInt8: OpaquePointer] = [:]
            var finger: OpaquePointer?
            switch joint.kind {
            case .drag(let d):
                let f = cpBodyNewKinematic()!
                var state = FlingBodyState(
                    px: d.finger.x, py: d.finger.y, angle: 0, vx: d.fingerVelocity.x, vy: d.fingerVelocity.y,
                    w: d.fingerAngularVelocity, bias_vx: 0, bias_vy: 0, bias_w: 0)
                fling_body_set(f, &state)
                finger = f
                let anchor = cpVect(x: d.localAnchor.x, y: d.localAnchor.y)
                let pivot = cpPivotJointNew2(f, body, cpVect(x: 0, y: 0), anchor)!
                cpConstraintSetMaxForce(pivot, d.maxForce)
                cpConstraintSetErrorBias(pivot, d.errorBias)
                parts[0] = pivot
                if d.friction > 0 {
                    let friction = cpPivotJointNew2(f, body, cpVect(x: 0, y: 0), anchor)!
                    cpConstraintSetMaxForce(friction, d.friction)
                    cpConstraintSetMaxBias(friction, 0)
                    cpConstraintSetErrorBias(friction, chipmunkDefaultErrorBias)
                    parts[1] = friction
                }
                if d.rotaryFriction > 0, worlds[i]!.momentInverse != 0 {
                    let gear = cpGearJointNew(f, body, 0, 1)!
                    cpConstraintSetMaxForce(gear, d.rotaryFriction)
                    cpConstraintSetMaxBias(gear, 0)
                    cpConstraintSetErrorBias(gear, chipmunkDefaultErrorBias)
                    parts[2] = gear
                }
            case .pivot(let p):
                let c = cpPivotJointNew2(
                    staticBody, body, cpVect(x: p.anchor.x, y: p.anchor.y), cpVect(x: p.localAnchor.x, y: p.localAnchor.y))!
                cpConstraintSetMaxForce(c, p.maxForce)
                cpConstraintSetMaxBias(c, p.maxBias)
                cpConstraintSetErrorBias(c, p.errorBias)
                parts[0] = c
            case .gear(let g):
                let c = cpGearJointNew(staticBody, body, g.phase, g.ratio)!
                cpConstraintSetMaxForce(c, g.maxForce)
                cpConstraintSetMaxBias(c, g.maxBias)
                cpConstraintSetErrorBias(c, g.errorBias)
                parts[0] = c
            }
            made[joint.id] = parts
            joints.append(ChipmunkJoint(id: joint.id, constraints: parts.keys.sorted().map { parts[$0]! }, finger: finger))
        }
        for c in s.constraints {
            let x = made[c.joint]![c.part]!
            add(x, i)
            if cpConstraintIsGearJoint(x) != 0 {
                fling_gear_set_impulse(x, c.impulse.x)
            } else {
                fling_pivot_set_impulse(x, c.impulse.x, c.impulse.y)
            }
        }
        worlds[i]!.joints = joints
    }

    /// The shared layout for both layouts: its worlds step to the per-world spaces' bits (the
    /// layouts' digests agree), and a world restored there costs no new space nor the contact
    /// buffers a fresh space allocates in its first steps (what made a per-world prediction
    /// cost 2.3 times stepping the same world: tile-bench --predictions).
    public func makeScratch() throws(FlingError) -> any SnapshotBackend {
        try ChipmunkBackend(layout: .sharedSpace, solverIterations: solverIterations)
    }
}
#endif
