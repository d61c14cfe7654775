import FlingCore

/// The cold state of a world that uses UIKit Dynamics' behaviours (walls, item properties,
/// pushes, fields, several drags, static pivots and gears), stepped by the general path: its
/// item's body stays in the backend's hot array, everything else is here, one object per such
/// world, touched only by the thread that steps its slot. A world's first such call moves its
/// joint (if any) here; it steps here until it is destroyed. (Worlds that never use them keep
/// the lanes path of `SolverLanes.swift`, untouched.)
///
/// The step is `cpSpaceStep` for one body and the static body: positions (with the bias
/// velocity the contacts left); collisions (`Collision.swift`, in `WallHash` order) and the
/// arbiters' update, persistence and expiry; arbiters' pre-steps, then the joints' in list
/// order; the velocity update (``Motion``); cached impulses, arbiters then joints; the
/// iterations, arbiters then joints; the first contacts as events.
final class DynamicWorld {
    @exclusivity(unchecked) var motion: Motion
    /// The item's `v_bias` and `w_bias`.
    @exclusivity(unchecked) var bias = BiasVelocity()

    // Walls.
    /// The item's box size (from its definition), nil without one.
    let size: Vector?
    var wallKey: [Wall] = []
    @exclusivity(unchecked) var walls: [SegmentShape] = []
    @exclusivity(unchecked) var box: BoxShape?
    @exclusivity(unchecked) var hash = WallHash()
    /// By wall index: the arbiter of the wall and the box while Chipmunk caches it.
    @exclusivity(unchecked) var arbiters: [Arbiter?] = []
    /// The wall indices with arbiters (in no particular order: each is filtered alone).
    @exclusivity(unchecked) var cached: [Int32] = []
    /// This step's arbiters, in the order the collisions found them (`cpSpace.arbiters`).
    @exclusivity(unchecked) var active: [Int32] = []
    @exclusivity(unchecked) var order: [Int32] = []
    @exclusivity(unchecked) var contacts: [Wall.Contact] = []

    // Joints.
    /// The world's `cpSpace.constraints`: added at the end, removed by moving the last into
    /// the hole (`cpArrayDeleteObj`).
    @exclusivity(unchecked) var entries: [ConstraintEntry] = []
    /// Anchor bodies by slot: slot 0 is the space's static body (at rest, at the origin, for
    /// ever), the others drags' finger bodies; `freeFingers` are reusable slots.
    @exclusivity(unchecked) var fingers: [AnchorBody] = [AnchorBody()]
    var freeFingers: [Int] = []
    /// Each joint's entries (by serial, in the order added) and finger slot.
    var joints: [(id: JointID, serials: [UInt32], finger: Int)] = []
    var nextJoint: UInt32 = 0
    var nextSerial: UInt32 = 0

    init(mass: Double, size: Vector?) {
        motion = Motion(mass: mass)
        self.size = size
        order.reserveCapacity(Limits.walls)
    }

    var hasAttraction: Bool { entries.contains { $0.kind == .springs } }

    // MARK: - Joints

    func newSerial() -> UInt32 {
        defer { nextSerial &+= 1 }
        return nextSerial
    }

    func newJointID() -> JointID {
        defer { nextJoint &+= 1 }
        return JointID(nextJoint)
    }

    func newFinger(_ body: AnchorBody) -> Int {
        if let slot = freeFingers.popLast() {
            fingers[slot] = body
            return slot
        }
        fingers.append(body)
        return fingers.count - 1
    }

    /// `cpArrayDeleteObj` on the entries.
    func removeEntry(_ serial: UInt32) {
        let k = entries.firstIndex { $0.serial == serial }!
        entries[k] = entries[entries.count - 1]
        entries.removeLast()
    }

    /// Removes a joint's entries in the order they were added, and frees its finger.
    func removeJoint(at index: Int) {
        let joint = joints.remove(at: index)
        for serial in joint.serials { removeEntry(serial) }
        if joint.finger > 0 { freeFingers.append(joint.finger) }
    }

    // MARK: - Walls

    /// Replaces the walls (the box and its arbiters go, as the Chipmunk backend removes and
    /// re-adds the box shape).
    func setWalls(_ walls: [Wall]) {
        wallKey = walls
        self.walls = walls.map(SegmentShape.init)
        hash = WallHash(self.walls)
        arbiters = Array(repeating: nil, count: walls.count)
        cached.removeAll()
        active.removeAll()
        if walls.isEmpty {
            box = nil
        } else {
            var b = BoxShape(width: size!.x, height: size!.y)
            b.elasticity = motion.properties.elasticity
            b.friction = motion.properties.friction
            box = b
            contacts.reserveCapacity(walls.count)
            active.reserveCapacity(walls.count)
            cached.reserveCapacity(walls.count)
        }
    }

    // MARK: - Step

    /// `cpBodyUpdatePosition` with the bias velocity, which it then clears.
    @inline(__always) func integratePosition(_ b: inout RigidBody, _ dt: Double) {
        b.px = b.px + (b.vx + bias.vx) * dt
        b.py = b.py + (b.vy + bias.vy) * dt
        b.angle = b.angle + (b.w + bias.w) * dt
        bias = BiasVelocity()
    }

    /// Everything of the step after the positions, for this world alone. The lists are
    /// worked on through their buffers: this world is touched by one thread only.
    func step<M: ArithmeticFunctions>(
        _ b: inout RigidBody, _ rotation: Rotation, _ dt: Double, dtCoef: Double, stamp: Int, iterations: Int,
        biasCoef: Double, _ math: M.Type
    ) {
        contacts.removeAll(keepingCapacity: true)
        if box != nil { collide(b, rotation, stamp) }
        let active = self.active
        arbiters.withUnsafeMutableBufferPointer { arbiters in
            entries.withUnsafeMutableBufferPointer { entries in
                fingers.withUnsafeMutableBufferPointer { fingers in
                    let e = entries.baseAddress!, f = fingers.baseAddress!
                    @inline(__always) func anchor(_ k: Int) -> UnsafeMutablePointer<AnchorBody> { f + Int(e[k].finger) }
                    for k in active { arbiters[Int(k)]!.preStep(f[0], b, dt, Contact.slop, biasCoef) }
                    for k in 0..<entries.count { ConstraintEntry.preStep(e + k, &anchor(k).pointee, &b, rotation, dt, math) }
                    motion.updateVelocity(
                        vx: &b.vx, vy: &b.vy, w: &b.w, px: b.px, py: b.py, cos: rotation.cos, sin: rotation.sin,
                        massInverse: b.mInv, momentInverse: b.iInv, gx: b.gx, gy: b.gy, damping: b.dampingFactor(dt, math), dt: dt)
                    for k in active { arbiters[Int(k)]!.applyCachedImpulse(&f[0], &b, dtCoef) }
                    for k in 0..<entries.count { ConstraintEntry.applyCachedImpulse(e + k, &anchor(k).pointee, &b, dtCoef) }
                    for _ in 0..<iterations {
                        for k in active { arbiters[Int(k)]!.applyImpulse(&f[0], &b, &bias) }
                        for k in 0..<entries.count { ConstraintEntry.applyImpulse(e + k, &anchor(k).pointee, &b, dt) }
                    }
                    for k in active where arbiters[Int(k)]!.state == .firstCollision {
                        let arb = arbiters[Int(k)]!
                        let (jx, jy) = arb.totalImpulse
                        contacts.append(
                            Wall.Contact(
                                wall: Int(k), impulse: Vector(jx, jy), normal: Vector(arb.nx * 1.0, arb.ny * 1.0),
                                point: Vector(b.px + arb.c0.r2x, b.py + arb.c0.r2y)))
                    }
                }
            }
        }
    }

    /// The collision phase: the last step's arbiters back to normal, the box through the
    /// body's new transform, the walls in the hash's order, each arbiter updated, then the
    /// cached ones aged (`cpSpaceArbiterSetFilter`).
    private func collide(_ b: RigidBody, _ rotation: Rotation, _ stamp: Int) {
        for k in active { arbiters[Int(k)]!.state = .normal }
        active.removeAll(keepingCapacity: true)
        box!.update(BodyTransform(px: b.px, py: b.py, cos: rotation.cos, sin: rotation.sin))
        let box = self.box!
        order.removeAll(keepingCapacity: true)
        order.append(contentsOf: repeatElement(0, count: walls.count))
        let count = order.withUnsafeMutableBufferPointer { hash.query(box.bb, $0.baseAddress!) }
        for q in 0..<count {
            let k = Int(order[q])
            let wall = walls[k]
            // QueryReject: the bounding boxes must overlap (filters, bodies and joints pass).
            guard box.bb.intersects(wall.bb) else { continue }
            let info = WallBoxPair(wall: wall, box: box).collide()
            guard info.count > 0 else { continue }
            if arbiters[k] == nil {
                arbiters[k] = Arbiter()
                cached.append(Int32(k))
            }
            arbiters[k]!.update(info, b, wall, box)
            active.append(Int32(k))
            arbiters[k]!.stamp = stamp
        }
        var q = 0
        while q < cached.count {
            let k = Int(cached[q])
            let ticks = stamp - arbiters[k]!.stamp
            if ticks >= 1 && arbiters[k]!.state != .cached { arbiters[k]!.state = .cached }
            if ticks >= Contact.persistence {
                arbiters[k] = nil
                cached[q] = cached[cached.count - 1]
                cached.removeLast()
            } else {
                q += 1
            }
        }
    }
}
