#if FLING_TESTABLE
import Fling
#if Chipmunk
import FlingChipmunk
#endif

// What a backend written outside the package calls and makes (issue 48): the argument checks
// with hostile values, the ids and contacts it makes, and world snapshots it builds by hand,
// each hostile number in turn, validated and restored into every built-in backend (the walk's
// point: a crafted snapshot is a FlingError, never a trap or a Chipmunk assertion).

extension SurfaceWalk {
    mutating func registerBackendKit() {
        add(
            "FlingCore.BackendValidation.finger(_:_:)", "FlingCore.BackendValidation.gravity(_:)",
            "FlingCore.BackendValidation.damping(_:)",
            "FlingCore.BackendValidation.velocity(_:_:)", "FlingCore.BackendValidation.dt(_:)",
            "FlingCore.BackendValidation.walls(_:size:)",
            "FlingCore.BackendValidation.properties(_:)", "FlingCore.BackendValidation.push(_:)", "FlingCore.BackendValidation.fields(_:)",
            "FlingCore.BackendValidation.pivot(_:)", "FlingCore.BackendValidation.gear(_:momentInverse:)",
            "FlingCore.DragJoint.validate(for:)", "FlingCore.Attraction.validate(for:)", "FlingCore.Attraction.longestStableStep(for:)",
            "FlingCore.JointID.init(_:)", "FlingCore.ForceID.init(_:)", "FlingCore.Wall.Contact.init(wall:impulse:normal:point:)"
        ) { p in
            for v in Hostile.vectors {
                p.call { () throws(FlingError) in try BackendValidation.finger(v, v) }
                p.call { () throws(FlingError) in try BackendValidation.gravity(v) }
                p.call { () throws(FlingError) in try BackendValidation.velocity(v, v.x) }
                p.call { () throws(FlingError) in try BackendValidation.walls([Wall(from: v, to: Vector(v.y, v.x))], size: v) }
                p.call { () throws(FlingError) in try BackendValidation.push(Push(v, at: v)) }
                p.call { () throws(FlingError) in try BackendValidation.fields([Field(.velocity(target: v), position: v)]) }
                p.call { () throws(FlingError) in try BackendValidation.pivot(StaticPivot(anchor: v, localAnchor: v)) }
                p.count { Wall.Contact(wall: Int(truncatingIfNeeded: v.y.bitPattern), impulse: v, normal: v, point: v) }
            }
            for x in Hostile.doubles {
                p.call { () throws(FlingError) in try BackendValidation.damping(x) }
                p.call { () throws(FlingError) in try BackendValidation.dt(x) }
                p.call { () throws(FlingError) in try BackendValidation.properties(ItemProperties(elasticity: x, friction: x, charge: x)) }
                p.call { () throws(FlingError) in try BackendValidation.gear(StaticGear(phase: x, ratio: x), momentInverse: x) }
            }
            for n in [UInt32.min, 1, .max] { p.count { (JointID(n), ForceID(n)) } }
            for v in varied([1, 1, 0, 0, 10, 10, 100, 1e-3]) {
                let body = WorldDefinition(
                    mass: v[0], moment: v[1], transform: Transform(position: .zero), gravity: .zero, allowsRotation: v[7] != 0)
                let joint = DragJoint(localAnchor: Vector(v[2], v[3]), finger: .zero, maxForce: v[6], errorBias: v[7], friction: v[4])
                let springs = Attraction(origin: .zero, stiffness: v[4], damping: v[5], angularStiffness: v[6], angularDamping: v[7])
                p.call { () throws(FlingError) in try joint.validate(for: body) }
                p.call { () throws(FlingError) in try springs.validate(for: body) }
                p.count { springs.longestStableStep(for: body) }
            }
        }
        add(
            "FlingCore.WorldSnapshot.init(definition:)", "FlingCore.WorldSnapshot.definition", "FlingCore.WorldSnapshot.validate()",
            "FlingCore.WorldSnapshot.==(_:_:)", "FlingCore.WorldSnapshot.Force.init(id:push:)",
            "FlingCore.WorldSnapshot.Joint.init(id:kind:)",
            "FlingCore.WorldSnapshot.Drag.init(localAnchor:maxForce:errorBias:friction:rotaryFriction:finger:fingerVelocity:fingerAngularVelocity:)",
            "FlingCore.WorldSnapshot.Constraint.init(joint:part:impulse:)",
            "FlingCore.WorldSnapshot.ArbiterState.init(wall:state:age:contacts:)",
            "FlingCore.WorldSnapshot.ContactState.init(feature:normalImpulse:tangentImpulse:)",
            "FlingCore.WorldSnapshot.ArbiterState.State.init(rawValue:)", "FlingCore.SnapshotBackend.snapshotKind",
            "FlingCore.SnapshotBackend.snapshot(of:)", "FlingCore.SnapshotBackend.restore(_:)", "FlingCore.SnapshotBackend.makeScratch()",
            "FlingNative.NativeBackend.snapshotKind", "FlingNative.NativeBackend.snapshot(of:)", "FlingNative.NativeBackend.restore(_:)",
            "FlingNative.NativeBackend.makeScratch()"
        ) { p in
            for raw in UInt8.min...UInt8.max { p.count { WorldSnapshot.ArbiterState.State(rawValue: raw) } }
            guard let native = try? NativeBackend(arithmetic: .portable) else { return }
            Self.walkSnapshots(native, &p, validating: true)
        }
        #if Chipmunk
        add(
            "FlingChipmunk.ChipmunkBackend.snapshotKind", "FlingChipmunk.ChipmunkBackend.snapshot(of:)",
            "FlingChipmunk.ChipmunkBackend.restore(_:)", "FlingChipmunk.ChipmunkBackend.makeScratch()"
        ) { p in
            for layout in [ChipmunkBackend.Layout.spacePerWorld, .sharedSpace] {
                guard let chipmunk = try? ChipmunkBackend(layout: layout) else { continue }
                Self.walkSnapshots(chipmunk, &p, validating: false)
            }
        }
        #endif
    }

    /// A backend's snapshot calls, with hand-made snapshots restored, stepped and taken again.
    static func walkSnapshots(_ b: any SnapshotBackend, _ p: inout Probe, validating: Bool) {
        p.count { b.snapshotKind }
        p.call { () throws(FlingError) in try b.makeScratch() }
        p.call { () throws(FlingError) in try b.snapshot(of: WorldID(index: .max, generation: 0)) }
        for s in Self.handMadeSnapshots() {
            if validating {
                p.count { (s.definition, s == s) }
                p.call { () throws(FlingError) in try s.validate() }
            }
            p.call { () throws(FlingError) in
                let w = try b.restore(s)
                try b.step(by: 1.0 / 60)
                _ = try b.snapshot(of: w)
                try b.destroyWorld(w)
            }
        }
    }

    /// A world with a drag (its friction pivot and gear), walls with arbiters, a push and a field,
    /// built by hand; then each of its numbers replaced by every hostile double in turn.
    static func handMadeSnapshots() -> [WorldSnapshot] {
        func make(_ v: [Double]) -> WorldSnapshot {
            var s = WorldSnapshot(
                definition: WorldDefinition.box(size: Vector(v[0], v[1]), density: 1, transform: .identity, gravity: Vector(0, v[2])))
            s.body = BodyState(position: Vector(v[3], v[4]), angle: v[5], velocity: Vector(v[6], v[7]), angularVelocity: v[8])
            s.joints = [
                WorldSnapshot.Joint(
                    id: JointID(0),
                    kind: .drag(
                        WorldSnapshot.Drag(
                            localAnchor: Vector(v[9], v[10]), maxForce: v[11], errorBias: v[12], friction: v[13], rotaryFriction: v[13],
                            finger: Vector(v[14], v[15]), fingerVelocity: Vector(v[16], v[17]), fingerAngularVelocity: 0)))
            ]
            s.constraints = (0...2).map { WorldSnapshot.Constraint(joint: JointID(0), part: UInt8($0), impulse: Vector(v[18], v[19])) }
            s.nextJoint = 1
            s.hasDynamics = true
            s.walls = Wall.edges(of: Rect(x: 0, y: 0, width: v[20], height: v[21]))
            s.wallOrder = [3, 0, 1, 2]
            s.arbiters = [
                WorldSnapshot.ArbiterState(
                    wall: 2, state: .normal, age: 0,
                    contacts: [WorldSnapshot.ContactState(feature: 0x0102, normalImpulse: v[22], tangentImpulse: v[23])])
            ]
            s.forces = [WorldSnapshot.Force(id: ForceID(0), push: Push(Vector(v[24], 0)))]
            s.nextForce = 1
            s.fields = [Field(.vortex, position: Vector(v[20] / 2, v[21] / 2), strength: v[25])]
            s.previousDt = v[26]
            return s
        }
        let base: [Double] = [
            40, 30, 980, 100, 100, 0.3, 200, -100, 2, 5, 5, 1e4, 1e-3, 10, 120, 90, 50, 0, 1, -1, 400, 300, 2, 0.5, 3, 2, 1.0 / 60,
        ]
        return varied(base).map(make)
    }
}
#endif
