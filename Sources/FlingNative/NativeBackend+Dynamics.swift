import FlingCore
import _FlingSolver

extension NativeBackend {
    /// The world's dynamics, made on first use: its joint (if any) moves into the general
    /// path's list with every bit of its state, and it steps there from now on.
    @discardableResult
    func dynamic(_ i: Int) -> DynamicWorld {
        if let d = dynamics[i] { return d }
        let d = DynamicWorld()
        // Its joints go on being numbered where the lanes path left off.
        d.nextJoint = UInt32(records[i].joints)
        switch records[i].kind {
        case .drag:
            let finger = d.newFinger(anchors[i])
            let serial = d.newSerial()
            d.entries.append(ConstraintEntry(serial: serial, finger: finger, kind: .grab, joints.load(i, as: PivotJoint.self)))
            d.joints.append((JointID(d.nextJoint - 1), [serial], finger))
        case .attraction:
            d.fingers[0] = anchors[i]
            d.entries.append(ConstraintEntry(serial: d.newSerial(), finger: 0, kind: .springs, joints.load(i, as: AttractionSprings.self)))
        case .none, .dynamic, .free:
            break
        }
        dynamics[i] = d
        records[i].kind = .dynamic
        return d
    }

    /// A drag as `ChipmunkMultiGrab` makes one: the finger body, the grab pivot, then the
    /// friction pivot and the rotary friction gear if asked (the gear only if the body turns).
    func makeDrag(_ joint: DragJoint, _ i: Int, _ d: DynamicWorld) -> JointID {
        var body = AnchorBody()
        body.place(at: joint.finger)
        let finger = d.newFinger(body)
        var serials = [d.newSerial()]
        d.entries.append(ConstraintEntry(serial: serials[0], finger: finger, kind: .grab, PivotJoint(joint)))
        if joint.friction > 0 {
            let pivot = PivotConstraint(
                anchorA: .zero, anchorB: joint.localAnchor, maxForce: joint.friction, maxBias: 0, errorBias: chipmunkDefaultErrorBias)
            serials.append(d.newSerial())
            d.entries.append(ConstraintEntry(serial: serials.last!, finger: finger, kind: .pivot, pivot))
        }
        if joint.rotaryFriction > 0, bodies[i].iInv != 0 {
            let gear = GearJoint(phase: 0, ratio: 1, maxForce: joint.rotaryFriction, maxBias: 0, errorBias: chipmunkDefaultErrorBias)
            serials.append(d.newSerial())
            d.entries.append(ConstraintEntry(serial: serials.last!, finger: finger, kind: .gear, gear))
        }
        let id = d.newJointID()
        d.joints.append((id, serials, finger))
        return id
    }

    /// The index of slot `i`'s ``WorldDynamics``, made on first use (with the box size the
    /// world was made with). From then on its positions take the contacts' bias velocity and its
    /// velocity update is ``Motion``'s, which gives the same bits as the plain one while it adds
    /// nothing; its joints stay where they are.
    @discardableResult
    func dynamicsIndex(_ i: Int) -> Int {
        if !records[i].hasDynamics {
            store.add(slot: i, slots: records.count, size: boxSizes[i])
            boxSizes[i] = nil
            records[i].hasDynamics = true
        }
        return Int(store.index[i])
    }

    /// The box slot `i`'s world was made with, nil without one.
    func boxSize(_ i: Int) -> Vector? {
        guard records[i].hasDynamics else { return boxSizes[i] }
        let d = store.worlds[Int(store.index[i])]
        return d.width > 0 ? Vector(d.width, d.height) : nil
    }

    public func setWalls(_ walls: [Wall], of world: WorldID) throws(FlingError) {
        let i = try slot(world)
        try BackendValidation.walls(walls, size: boxSize(i))
        // No walls for a world that has none changes nothing (as on Chipmunk): its field clock
        // does not start.
        if walls.isEmpty, !records[i].hasDynamics { return }
        let k = dynamicsIndex(i)
        let old = store.wallList(k)
        guard walls != old else { return }
        // A wall moved into the box pushes it ahead (WallSweep.push), as on Chipmunk.
        if !walls.isEmpty && !old.isEmpty {
            let b = bodies[i]
            let (c, s) =
                arithmetic == .platform
                ? (PlatformFunctions.cos(b.angle), PlatformFunctions.sin(b.angle)) : (Portable.cos(b.angle), Portable.sin(b.angle))
            if let pushed = WallSweep.push(
                Vector(b.px + 0.0, b.py + 0.0), velocity: Vector(b.vx + 0.0, b.vy + 0.0), halfWidth: store.worlds[k].width / 2.0,
                halfHeight: store.worlds[k].height / 2.0, cos: c, sin: s, old: old, new: walls)
            {
                // cpBodySetPosition: the center of gravity (0, 0) through the transform, plus the point.
                bodies[i].px = (c * 0.0 + (-s) * 0.0) + pushed.position.x
                bodies[i].py = (s * 0.0 + c * 0.0) + pushed.position.y
                bodies[i].vx = pushed.velocity.x
                bodies[i].vy = pushed.velocity.y
            }
        }
        // Contacts the last step began stay readable until the next step, as Chipmunk's
        // callbacks left them.
        if store.worlds[k].beganContact {
            var held: [Wall.Contact] = []
            readBeganContacts(i, into: &held)
            store.heldContacts[i] = held
            store.worlds[k].beganContact = false
        }
        store.setWalls(walls, k)
    }

    public func setItemProperties(_ properties: ItemProperties, of world: WorldID) throws(FlingError) {
        let i = try slot(world)
        try BackendValidation.properties(properties)
        store.setMaterial(properties, dynamicsIndex(i))
    }

    public func applyImpulse(_ push: Push, to world: WorldID) throws(FlingError) {
        let i = try slot(world)
        try BackendValidation.push(push)
        let b = bodies[i]
        // The rotation Chipmunk's transform holds: cos and sin of the angle, in this arithmetic.
        let (c, s) =
            arithmetic == .platform
            ? (PlatformFunctions.cos(b.angle), PlatformFunctions.sin(b.angle)) : (Portable.cos(b.angle), Portable.sin(b.angle))
        let r = Motion.impulse(push, vx: b.vx, vy: b.vy, w: b.w, cos: c, sin: s, massInverse: b.mInv, momentInverse: b.iInv)
        try BackendValidation.impulseResult((r.vx, r.vy), r.w)
        bodies[i].vx = r.vx
        bodies[i].vy = r.vy
        bodies[i].w = r.w
    }

    public func addForce(_ push: Push, to world: WorldID) throws(FlingError) -> ForceID {
        let i = try slot(world)
        try BackendValidation.push(push)
        try BackendValidation.forceCount(records[i].hasDynamics ? store.forceCount(Int(store.index[i])) : 0)
        return store.addForce(push, dynamicsIndex(i))
    }

    public func removeForce(_ force: ForceID, from world: WorldID) throws(FlingError) {
        let i = try slot(world)
        guard records[i].hasDynamics, store.removeForce(force, Int(store.index[i])) else {
            throw BackendValidation.unknownForce(force, world)
        }
    }

    public func setFields(_ fields: [Field], of world: WorldID) throws(FlingError) {
        let i = try slot(world)
        try BackendValidation.fields(fields)
        store.setFields(fields, dynamicsIndex(i))
    }

    public func contacts(of world: WorldID) throws(FlingError) -> [Wall.Contact] {
        var contacts: [Wall.Contact] = []
        try readContacts(of: world, into: &contacts)
        return contacts
    }

    package func readContacts(of world: WorldID, into contacts: inout [Wall.Contact]) throws(FlingError) {
        let i = try slot(world)
        if !store.heldContacts.isEmpty, let held = store.heldContacts[i] { return contacts.append(contentsOf: held) }
        guard records[i].hasDynamics, store.worlds[Int(store.index[i])].beganContact else { return }
        readBeganContacts(i, into: &contacts)
    }

    /// Appends the contacts slot `i`'s world began in the last step, found again with the
    /// first thread's scratch (no step runs while the backend is called).
    func readBeganContacts(_ i: Int, into contacts: inout [Wall.Contact]) {
        let d = store.view.world(i), s = chunks[0]
        switch arithmetic {
        case .platform: ContactStep.began(store.view, d, bodies[i], s, into: &contacts, PlatformFunctions.self)
        case .portable: ContactStep.began(store.view, d, bodies[i], s, into: &contacts, Portable.self)
        }
    }

    /// Throws unless the world may take one more joint: not while it has the attraction
    /// springs, and at most ``Limits/joints``.
    func checkJointRoom(_ world: WorldID, _ i: Int, _ operation: String) throws(FlingError) {
        switch records[i].kind {
        case .attraction, .free: throw BackendValidation.occupied(world, operation)
        case .dynamic:
            if dynamics[i]!.hasAttraction { throw BackendValidation.occupied(world, operation) }
            try BackendValidation.jointCount(dynamics[i]!.joints.count)
        case .drag: try BackendValidation.jointCount(1)
        case .none: break
        }
    }

    public func addPivot(_ pivot: StaticPivot, to world: WorldID) throws(FlingError) -> JointID {
        let i = try slot(world)
        try BackendValidation.pivot(pivot)
        try BackendValidation.leverage(
            pivot.localAnchor, "StaticPivot.localAnchor", massInverse: bodies[i].mInv, momentInverse: bodies[i].iInv)
        try checkJointRoom(world, i, "addPivot")
        let d = dynamic(i)
        let serial = d.newSerial()
        let c = PivotConstraint(
            anchorA: pivot.anchor, anchorB: pivot.localAnchor, maxForce: pivot.maxForce, maxBias: pivot.maxBias,
            errorBias: pivot.errorBias)
        d.entries.append(ConstraintEntry(serial: serial, finger: 0, kind: .pivot, c))
        let id = d.newJointID()
        d.joints.append((id, [serial], 0))
        return id
    }

    public func addGear(_ gear: StaticGear, to world: WorldID) throws(FlingError) -> JointID {
        let i = try slot(world)
        try BackendValidation.gear(gear, momentInverse: bodies[i].iInv)
        try checkJointRoom(world, i, "addGear")
        let d = dynamic(i)
        let serial = d.newSerial()
        let g = GearJoint(phase: gear.phase, ratio: gear.ratio, maxForce: gear.maxForce, maxBias: gear.maxBias, errorBias: gear.errorBias)
        d.entries.append(ConstraintEntry(serial: serial, finger: 0, kind: .gear, g))
        let id = d.newJointID()
        d.joints.append((id, [serial], 0))
        return id
    }

    public func removeJoint(_ joint: JointID, from world: WorldID) throws(FlingError) {
        let i = try slot(world)
        guard let d = dynamics[i], let k = d.joints.firstIndex(where: { $0.id == joint && $0.finger == 0 }) else {
            throw BackendValidation.unknownJoint(joint, world)
        }
        d.removeJoint(at: k)
    }
}

extension NativeBackend: ContactReading {}
