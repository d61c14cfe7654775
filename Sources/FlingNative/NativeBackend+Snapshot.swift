// A native world taken whole and made again (WorldSnapshot: FlingCore/Snapshot), in the form
// Chipmunk's backend gives: the native state is Chipmunk's field for field, so after the same
// calls both backends' snapshots of a world are the same bytes, and either restores the other's.
//
// Read and written through the backend's own places: the slot's body and anchor body, its
// joint record (a lanes drag's pivot or the attraction springs) or its DynamicWorld (the extra
// joints, in the solver's order), and its WorldDynamics in the flat store (bias velocity, field
// clock, walls with their arbiter records, fields, pushes, material). What a step recomputes or
// keeps only to save work is left out and starts afresh: the joints' `pow`/`exp` memos, the
// body's `damping^dt`, the noise cache (each a memo of a value computed again with the same
// bits), the effective masses and biases of the pre-steps.
//
// The previous step's dt is the backend's (every live world steps in every step): a world
// that has stepped is restored into a backend that has not, or last stepped by the same dt. A
// restored world goes on the path the same calls would have put a new world on (the SIMD lanes
// for no joint, one plain drag or the attraction; the general path for the extra joints): both
// paths give the same bits for the same state. An arbiter's age becomes its record's stamp
// relative to this backend's step count. The contacts the last step began are kept as they
// were reported (held, as after a change of walls) until the next step.
import FlingCore

extension NativeBackend: SnapshotBackend {
    public var snapshotKind: String { "native" }

    public func snapshot(of world: WorldID) throws(FlingError) -> WorldSnapshot {
        let i = try slot(world)
        let b = bodies[i]
        var s = WorldSnapshot(definition: WorldDefinition(mass: 1, moment: 1, transform: .identity, gravity: .zero))
        s.massInverse = b.mInv
        s.momentInverse = b.iInv
        s.size = boxSize(i)
        s.body = b.state
        s.gravity = Vector(b.gx, b.gy)
        s.damping = b.damping
        s.previousDt = records[i].hasStepped ? lastDt : 0
        switch records[i].kind {
        case .none, .free:
            s.nextJoint = UInt32(records[i].joints)
        case .drag:
            s.nextJoint = UInt32(records[i].joints)
            let p = joints.load(i, as: PivotJoint.self)
            let id = JointID(s.nextJoint - 1)
            s.joints = [WorldSnapshot.Joint(id: id, kind: .drag(Self.drag(p, finger: anchors[i], friction: 0, rotary: 0)))]
            s.constraints = [WorldSnapshot.Constraint(joint: id, part: 0, impulse: Vector(p.jAccX, p.jAccY))]
        case .attraction:
            s.nextJoint = UInt32(records[i].joints)
            s.attraction = Self.attraction(joints.load(i, as: AttractionSprings.self))
        case .dynamic:
            snapshotJoints(dynamics[i]!, into: &s)
        }
        guard records[i].hasDynamics else { return s }
        let k = Int(store.index[i])
        let d = store.worlds[k]
        s.hasDynamics = true
        s.biasVelocity = Vector(d.bias.vx, d.bias.vy)
        s.biasAngularVelocity = d.bias.w
        s.properties = store.material(k)
        if d.fieldSet >= 0 {
            let set = store.fieldSets[Int(d.fieldSet)]
            s.fields = (0..<Int(set.count)).map { store.fields.items[Int(set.fields) + $0].field }
        }
        s.forces = (0..<Int(d.forceCount)).map {
            WorldSnapshot.Force(id: store.forceIDs.items[Int(d.forces) + $0], push: store.pushes.items[Int(d.forces) + $0])
        }
        s.nextForce = d.nextForce
        s.fieldTime = d.fieldTime
        s.walls = store.wallList(k)
        if d.wallSet >= 0 { s.wallOrder = store.insertionOf[Int(d.wallSet)] }
        let now = UInt8(truncatingIfNeeded: stepCount)
        for w in s.walls.indices {
            let r = store.arbiters.items[Int(d.arbiters) + w]
            guard let state = Self.state(r.state) else { continue }
            let contacts = [(r.feature0, r.jn0, r.jt0), (r.feature1, r.jn1, r.jt1)].prefix(Int(r.count)).map {
                WorldSnapshot.ContactState(feature: $0.0, normalImpulse: $0.1, tangentImpulse: $0.2)
            }
            s.arbiters.append(WorldSnapshot.ArbiterState(wall: w, state: state, age: Int(now &- r.stamp), contacts: contacts))
        }
        try readContacts(of: world, into: &s.contacts)
        return s
    }

    private static func state(_ s: ArbiterRecord.State) -> WorldSnapshot.ArbiterState.State? {
        switch s {
        case .none: nil
        case .firstCollision: .firstCollision
        case .normal: .normal
        case .cached: .cached
        }
    }

    private static func drag(_ p: PivotJoint, finger f: AnchorBody, friction: Double, rotary: Double) -> WorldSnapshot.Drag {
        WorldSnapshot.Drag(
            localAnchor: Vector(p.anchorBx, p.anchorBy), maxForce: p.maxForce, errorBias: p.errorBias, friction: friction,
            rotaryFriction: rotary, finger: Vector(f.px, f.py), fingerVelocity: Vector(f.vx, f.vy), fingerAngularVelocity: f.w)
    }

    private static func attraction(_ a: AttractionSprings) -> Attraction {
        Attraction(
            origin: Vector(a.spring.originX, a.spring.originY), stiffness: a.spring.stiffness, damping: a.spring.damping,
            angularStiffness: a.rotary.stiffness, angularDamping: a.rotary.damping)
    }

    /// A general-path world's joints (in id order) and constraints (in the solver's order).
    private func snapshotJoints(_ d: DynamicWorld, into s: inout WorldSnapshot) {
        s.nextJoint = d.nextJoint
        func entry(_ serial: UInt32) -> ConstraintEntry { d.entries.first { $0.serial == serial }! }
        var parts: [UInt32: (JointID, UInt8)] = [:]  // By serial; looked up, never iterated.
        for joint in d.joints.sorted(by: { $0.id.value < $1.id.value }) {
            let first = entry(joint.serials[0])
            for (n, serial) in joint.serials.enumerated() {
                let e = entry(serial)
                parts[serial] = (joint.id, joint.finger == 0 || n == 0 ? 0 : (e.kind == .gear ? 2 : 1))
            }
            if joint.finger > 0 {
                var friction = 0.0, rotary = 0.0
                for serial in joint.serials.dropFirst() {
                    let e = entry(serial)
                    if e.kind == .gear {
                        rotary = e.load(GearJoint.self).maxForce
                    } else {
                        friction = e.load(PivotConstraint.self).maxForce
                    }
                }
                let drag = Self.drag(first.load(PivotJoint.self), finger: d.fingers[joint.finger], friction: friction, rotary: rotary)
                s.joints.append(WorldSnapshot.Joint(id: joint.id, kind: .drag(drag)))
            } else if first.kind == .gear {
                let g = first.load(GearJoint.self)
                s.joints.append(
                    WorldSnapshot.Joint(
                        id: joint.id,
                        kind: .gear(
                            StaticGear(phase: g.phase, ratio: g.ratio, maxForce: g.maxForce, maxBias: g.maxBias, errorBias: g.errorBias))))
            } else {
                let p = first.load(PivotConstraint.self)
                s.joints.append(
                    WorldSnapshot.Joint(
                        id: joint.id,
                        kind: .pivot(
                            StaticPivot(
                                anchor: Vector(p.anchorAx, p.anchorAy), localAnchor: Vector(p.anchorBx, p.anchorBy), maxForce: p.maxForce,
                                maxBias: p.maxBias, errorBias: p.errorBias))))
            }
        }
        for e in d.entries {
            let impulse: Vector
            switch e.kind {
            case .springs:
                s.attraction = Self.attraction(e.load(AttractionSprings.self))
                continue
            case .grab:
                let p = e.load(PivotJoint.self)
                impulse = Vector(p.jAccX, p.jAccY)
            case .pivot:
                let p = e.load(PivotConstraint.self)
                impulse = Vector(p.jAccX, p.jAccY)
            case .gear:
                impulse = Vector(e.load(GearJoint.self).jAcc, 0)
            }
            let (joint, part) = parts[e.serial]!
            s.constraints.append(WorldSnapshot.Constraint(joint: joint, part: part, impulse: impulse))
        }
    }

    public func restore(_ s: WorldSnapshot) throws(FlingError) -> WorldID {
        try s.validate()
        if s.previousDt != 0, lastDt != 0, lastDt != s.previousDt {
            throw FlingError(
                .invalidState, field: "restore(WorldSnapshot).previousDt", value: "\(s.previousDt)",
                reason:
                    "the backend's worlds last stepped by \(lastDt) s, and a world's warm start scales by the dt before: restore it into a backend that has not stepped, or stepped by the same dt"
            )
        }
        guard
            s.hasDynamics || (s.biasVelocity.x.bitPattern == 0 && s.biasVelocity.y.bitPattern == 0 && s.biasAngularVelocity.bitPattern == 0)
        else {
            throw FlingError(
                .malformedInput, field: "WorldSnapshot.biasVelocity", value: "\(s.biasVelocity), \(s.biasAngularVelocity)",
                reason: "a bias velocity comes from wall contacts, which need the world's dynamics")
        }
        let world = try makeWorld(s.definition)
        do { try restore(s, into: world) } catch {
            try? destroyWorld(world)
            throw error
        }
        return world
    }

    /// Everything but the body's making, into `world` (made from the snapshot's definition).
    private func restore(_ s: WorldSnapshot, into world: WorldID) throws(FlingError) {
        let i = try slot(world)
        try setDamping(of: world, s.damping)
        bodies[i].mInv = s.massInverse
        bodies[i].iInv = s.momentInverse
        bodies[i].px = s.body.position.x
        bodies[i].py = s.body.position.y
        bodies[i].angle = s.body.angle
        bodies[i].vx = s.body.velocity.x
        bodies[i].vy = s.body.velocity.y
        bodies[i].w = s.body.angularVelocity
        if s.previousDt != 0 {
            lastDt = s.previousDt
            records[i].hasStepped = true
        }
        restoreJoints(s, i)
        if let attraction = s.attraction {
            switch records[i].kind {
            case .dynamic:
                dynamics[i]!.entries.append(
                    ConstraintEntry(serial: dynamics[i]!.newSerial(), finger: 0, kind: .springs, AttractionSprings(attraction)))
            default:
                anchors[i] = AnchorBody()
                joints.store(AttractionSprings(attraction), i)
                records[i].kind = .attraction
            }
            stability.set(i, attraction.longestStableStep(massInverse: s.massInverse, momentInverse: s.momentInverse))
        }
        guard s.hasDynamics else { return }
        let k = dynamicsIndex(i)
        store.setMaterial(s.properties, k)
        store.setFields(s.fields, k)
        for f in s.forces { _ = store.addForce(f.push, k) }
        for (n, f) in s.forces.enumerated() { store.forceIDs.items[Int(store.worlds[k].forces) + n] = f.id }
        store.worlds[k].nextForce = s.nextForce
        store.worlds[k].fieldTime = s.fieldTime
        store.worlds[k].bias = BiasVelocity(vx: s.biasVelocity.x, vy: s.biasVelocity.y, w: s.biasAngularVelocity)
        if !s.walls.isEmpty {
            try BackendValidation.walls(s.walls, size: boxSize(i))
            store.setWalls(s.walls, k, order: s.wallOrder)
            let now = UInt8(truncatingIfNeeded: stepCount)
            for a in s.arbiters {
                var r = ArbiterRecord()
                r.state = a.state == .firstCollision ? .firstCollision : (a.state == .normal ? .normal : .cached)
                r.stamp = now &- UInt8(truncatingIfNeeded: a.age)
                r.count = UInt8(a.contacts.count)
                if let c = a.contacts.first { (r.feature0, r.jn0, r.jt0) = (c.feature, c.normalImpulse, c.tangentImpulse) }
                if a.contacts.count > 1 {
                    let c = a.contacts[1]
                    (r.feature1, r.jn1, r.jt1) = (c.feature, c.normalImpulse, c.tangentImpulse)
                }
                store.arbiters.items[Int(store.worlds[k].arbiters) + a.wall] = r
            }
        }
        // The contacts as reported (held until the next step, as after a change of walls).
        if !s.contacts.isEmpty { store.heldContacts[i] = s.contacts }
    }

    /// The joints, on the lanes when the same calls would have put them there (no joint, one
    /// plain drag, numbered below the lanes' 16-bit count), else on the general path, each
    /// made as `addDrag`, `addPivot` and `addGear` make it, its constraints listed in the
    /// snapshot's solver order with their impulses.
    private func restoreJoints(_ s: WorldSnapshot, _ i: Int) {
        let lanes = s.nextJoint < UInt32(UInt16.max)
        if lanes, s.joints.isEmpty {
            records[i].joints = UInt16(s.nextJoint)
            return
        }
        if lanes, s.joints.count == 1, s.joints[0].id.value == s.nextJoint - 1, case .drag(let d) = s.joints[0].kind, d.friction == 0,
            d.rotaryFriction == 0
        {
            var pivot = PivotJoint(
                DragJoint(localAnchor: d.localAnchor, finger: d.finger, maxForce: d.maxForce, errorBias: d.errorBias))
            pivot.jAccX = s.constraints[0].impulse.x
            pivot.jAccY = s.constraints[0].impulse.y
            anchors[i] = AnchorBody(
                px: d.finger.x, py: d.finger.y, vx: d.fingerVelocity.x, vy: d.fingerVelocity.y, w: d.fingerAngularVelocity)
            joints.store(pivot, i)
            records[i].kind = .drag
            records[i].joints = UInt16(s.nextJoint)
            return
        }
        let d = DynamicWorld()
        d.nextJoint = s.nextJoint
        var made: [JointID: [UInt8: ConstraintEntry]] = [:]  // Looked up, never iterated.
        for joint in s.joints {
            var parts: [UInt8: ConstraintEntry] = [:]
            var finger = 0
            switch joint.kind {
            case .drag(let g):
                finger = d.newFinger(
                    AnchorBody(px: g.finger.x, py: g.finger.y, vx: g.fingerVelocity.x, vy: g.fingerVelocity.y, w: g.fingerAngularVelocity))
                let j = DragJoint(localAnchor: g.localAnchor, finger: g.finger, maxForce: g.maxForce, errorBias: g.errorBias)
                parts[0] = ConstraintEntry(serial: d.newSerial(), finger: finger, kind: .grab, PivotJoint(j))
                if g.friction > 0 {
                    let pivot = PivotConstraint(
                        anchorA: .zero, anchorB: g.localAnchor, maxForce: g.friction, maxBias: 0, errorBias: chipmunkDefaultErrorBias)
                    parts[1] = ConstraintEntry(serial: d.newSerial(), finger: finger, kind: .pivot, pivot)
                }
                if g.rotaryFriction > 0, s.momentInverse != 0 {
                    let gear = GearJoint(phase: 0, ratio: 1, maxForce: g.rotaryFriction, maxBias: 0, errorBias: chipmunkDefaultErrorBias)
                    parts[2] = ConstraintEntry(serial: d.newSerial(), finger: finger, kind: .gear, gear)
                }
            case .pivot(let p):
                let c = PivotConstraint(
                    anchorA: p.anchor, anchorB: p.localAnchor, maxForce: p.maxForce, maxBias: p.maxBias, errorBias: p.errorBias)
                parts[0] = ConstraintEntry(serial: d.newSerial(), finger: 0, kind: .pivot, c)
            case .gear(let g):
                let c = GearJoint(phase: g.phase, ratio: g.ratio, maxForce: g.maxForce, maxBias: g.maxBias, errorBias: g.errorBias)
                parts[0] = ConstraintEntry(serial: d.newSerial(), finger: 0, kind: .gear, c)
            }
            made[joint.id] = parts
            d.joints.append((joint.id, parts.keys.sorted().map { parts[$0]!.serial }, finger))
        }
        for c in s.constraints {
            var e = made[c.joint]![c.part]!
            withUnsafeMutablePointer(to: &e) { p in
                switch p.pointee.kind {
                case .grab: ConstraintEntry.with(p, PivotJoint.self) { ($0.jAccX, $0.jAccY) = (c.impulse.x, c.impulse.y) }
                case .pivot: ConstraintEntry.with(p, PivotConstraint.self) { ($0.jAccX, $0.jAccY) = (c.impulse.x, c.impulse.y) }
                case .gear: ConstraintEntry.with(p, GearJoint.self) { $0.jAcc = c.impulse.x }
                case .springs: break
                }
            }
            d.entries.append(e)
        }
        dynamics[i] = d
        records[i].kind = .dynamic
    }

    /// A backend like this one (arithmetic, solver iterations, contact lanes) on one thread.
    public func makeScratch() throws(FlingError) -> any SnapshotBackend {
        let scratch = try NativeBackend(solverIterations: solverIterations, arithmetic: arithmetic)
        scratch.contactLanes = contactLanes
        return scratch
    }
}
