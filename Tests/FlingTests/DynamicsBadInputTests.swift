import Testing
import Fling

/// Every dynamics call checks its values where they arrive (FlingCore's BackendValidation, shared
/// by both backends): a bad one throws a typed error naming the field, and changes nothing.
@Suite struct DynamicsBadInputTests {
    static let box = WorldDefinition.box(
        size: Vector(100, 60), density: 1, transform: Transform(position: Vector(200, 300)), gravity: Vector(0, 900))
    static let room = Wall.edges(of: Rect(x: 0, y: 0, width: 390, height: 844), elasticity: 0.5, friction: 0.5)

    /// The bad calls of `world` (which has walls, a drag and a field), each with the code it
    /// must throw and a word its field must contain.
    static func badCalls(_ b: any DynamicsBackend, _ w: WorldID, _ still: WorldID) -> [(
        FlingError.Code, String, () throws(FlingError) -> Void
    )] {
        var tooMany = room
        while tooMany.count <= Limits.walls { tooMany += room }
        return [
            (
                .notFinite, "walls[0].start.x",
                { () throws(FlingError) in try b.setWalls([Wall(from: Vector(.nan, 0), to: Vector(1, 1))], of: w) }
            ),
            (
                .outOfRange, "walls[1]",
                { () throws(FlingError) in try b.setWalls([room[0], Wall(from: Vector(5, 5), to: Vector(5, 5.0001))], of: w) }
            ),
            (
                .outOfRange, "walls[0].elasticity",
                { () throws(FlingError) in try b.setWalls([Wall(from: .zero, to: Vector(9, 0), elasticity: 1.5)], of: w) }
            ),
            (
                .outOfRange, "walls[0].radius",
                { () throws(FlingError) in try b.setWalls([Wall(from: .zero, to: Vector(9, 0), radius: -1)], of: w) }
            ),
            (.outOfRange, "walls.count", { () throws(FlingError) in try b.setWalls(tooMany, of: w) }),
            (.invalidState, "size", { () throws(FlingError) in try b.setWalls(room, of: still) }),
            (
                .outOfRange, "ItemProperties.elasticity",
                { () throws(FlingError) in try b.setItemProperties(ItemProperties(elasticity: 2), of: w) }
            ),
            (
                .outOfRange, "ItemProperties.friction",
                { () throws(FlingError) in try b.setItemProperties(ItemProperties(friction: -1), of: w) }
            ),
            (
                .notFinite, "ItemProperties.resistance",
                { () throws(FlingError) in try b.setItemProperties(ItemProperties(resistance: .nan), of: w) }
            ),
            (
                .outOfRange, "ItemProperties.charge",
                { () throws(FlingError) in try b.setItemProperties(ItemProperties(charge: 1e7), of: w) }
            ),
            (.notFinite, "Push.vector.x", { () throws(FlingError) in try b.applyImpulse(Push(Vector(.infinity, 0)), to: w) }),
            (.outOfRange, "Push.offset.y", { () throws(FlingError) in try b.applyImpulse(Push(Vector(1, 0), at: Vector(0, 2e7)), to: w) }),
            (.outOfRange, "Push", { () throws(FlingError) in try b.applyImpulse(Push(Vector(1e12, 0)), to: w) }),
            (.outOfRange, "Push.vector.y", { () throws(FlingError) in _ = try b.addForce(Push(Vector(0, -2e12)), to: w) }),
            (.invalidState, "force 77", { () throws(FlingError) in try b.removeForce(ForceID(77), from: w) }),
            (.outOfRange, "fields[0].strength", { () throws(FlingError) in try b.setFields([Field(.spring, strength: 1e13)], of: w) }),
            (
                .outOfRange, "fields[1].falloff",
                { () throws(FlingError) in try b.setFields([Field(.drag), Field(.radialGravity, falloff: 9)], of: w) }
            ),
            (
                .outOfRange, "fields[0].smoothness",
                { () throws(FlingError) in try b.setFields([Field(.noise(smoothness: 2, animationSpeed: 1))], of: w) }
            ),
            (
                .notFinite, "fields[0].region.radius",
                { () throws(FlingError) in try b.setFields([Field(.vortex, region: .circle(radius: .nan))], of: w) }
            ),
            (.outOfRange, "fields.count", { () throws(FlingError) in try b.setFields(Array(repeating: Field(.drag), count: 33), of: w) }),
            (
                .outOfRange, "DragJoint.friction",
                { () throws(FlingError) in
                    _ = try b.addDrag(DragJoint(localAnchor: .zero, finger: .zero, maxForce: 1, errorBias: 0.5, friction: -1), to: w)
                }
            ),
            (
                .outOfRange, "DragJoint.localAnchor",
                { () throws(FlingError) in
                    _ = try b.addDrag(DragJoint(localAnchor: Vector(1e6, 0), finger: .zero, maxForce: 1, errorBias: 0.5), to: w)
                }
            ),
            (.invalidState, "joint 9", { () throws(FlingError) in try b.moveDrag(JointID(9), in: w, to: .zero, velocity: .zero) }),
            (
                .outOfRange, "StaticPivot.maxBias",
                { () throws(FlingError) in _ = try b.addPivot(StaticPivot(anchor: .zero, localAnchor: .zero, maxBias: -1), to: w) }
            ),
            (
                .outOfRange, "StaticPivot.errorBias",
                { () throws(FlingError) in _ = try b.addPivot(StaticPivot(anchor: .zero, localAnchor: .zero, errorBias: 0), to: w) }
            ),
            (.outOfRange, "StaticGear.ratio", { () throws(FlingError) in _ = try b.addGear(StaticGear(ratio: 0), to: w) }),
            (.notFinite, "StaticGear.maxForce", { () throws(FlingError) in _ = try b.addGear(StaticGear(maxForce: .nan), to: w) }),
            (
                .notFinite, "StaticPivot.maxForce",
                { () throws(FlingError) in
                    _ = try b.addPivot(StaticPivot(anchor: .zero, localAnchor: .zero, maxForce: .infinity), to: w)
                }
            ),
            (
                .outOfRange, "DragJoint.maxForce",
                { () throws(FlingError) in
                    _ = try b.addDrag(DragJoint(localAnchor: .zero, finger: .zero, maxForce: 1e19, errorBias: 0.5), to: w)
                }
            ),
            (.invalidState, "joint 5", { () throws(FlingError) in try b.removeJoint(JointID(5), from: w) }),
            (.invalidState, "joint 5", { () throws(FlingError) in try b.removeDrag(JointID(5), from: w) }),
            // The drag (joint 0) is not a pivot or gear, and the pivot (joint 1) not a drag.
            (.invalidState, "joint 0", { () throws(FlingError) in try b.removeJoint(JointID(0), from: w) }),
            (.invalidState, "joint 1", { () throws(FlingError) in try b.removeDrag(JointID(1), from: w) }),
            (.invalidState, "joint 1", { () throws(FlingError) in try b.moveDrag(JointID(1), in: w, to: .zero, velocity: .zero) }),
            (
                .invalidState, "attachAttraction",
                { () throws(FlingError) in
                    try b.attachAttraction(
                        Attraction(origin: .zero, stiffness: 1, damping: 1, angularStiffness: 1, angularDamping: 1), to: w)
                }
            ),
        ]
    }

    /// A run of 120 steps with walls, a drag with grab friction (removed halfway), a friction
    /// pivot, a field and a push; with
    /// `inject`, every bad call is made (and must be refused as documented) before each tenth
    /// step. The bits must be the same either way.
    static func play(_ kind: BackendKind, inject: Bool) throws -> StateDigest {
        let b = try kind.make()
        let w = try b.makeWorld(box)
        let still = try b.makeWorld(WorldDefinition(mass: 1, moment: 100, transform: Transform(position: .zero), gravity: .zero))
        try b.setWalls(room, of: w)
        try b.setItemProperties(ItemProperties(elasticity: 0.4, friction: 0.6), of: w)
        let drag = try b.addDrag(
            DragJoint(localAnchor: Vector(10, 5), finger: Vector(210, 305), maxForce: 1e5, errorBias: 1e-4, friction: 1e3), to: w)
        try b.setFields([Field(.vortex, position: Vector(195, 422), strength: 2)], of: w)
        _ = try b.addPivot(StaticPivot(anchor: Vector(190, 290), localAnchor: Vector(-10, -10), maxForce: 300, maxBias: 0), to: w)
        _ = try b.addForce(Push(Vector(500, 0), at: Vector(20, 0)), to: w)
        var digest = StateDigest()
        for step in 0..<120 {
            if inject && step % 10 == 0 {
                for (code, field, call) in badCalls(b, w, still) {
                    do {
                        try call()
                        Issue.record("\(kind): \(field) was accepted")
                    } catch {
                        #expect(error.code == code && error.field.contains(field), "\(kind): \(error) (expected \(code) at \(field))")
                    }
                }
            }
            if step == 60 { try b.removeDrag(drag, from: w) }
            if step < 60 { try b.moveDrag(drag, in: w, to: Vector(210 + Double(step), 305), velocity: Vector(60, 0)) }
            try b.step(by: 1.0 / 60)
            digest.combine(try b.state(of: w))
            for c in try b.contacts(of: w) { digest.combine(c.impulse.x) }
        }
        return digest
    }

    @Test(arguments: backends)
    func badDynamicsCallsAreRefusedAndChangeNothing(kind: BackendKind) throws {
        #expect(try Self.play(kind, inject: true) == Self.play(kind, inject: false))
    }

    /// A body that cannot rotate takes no gear and no rotary spring (Chipmunk would divide by
    /// zero); its drag's rotary friction is not made (as ChipmunkMultiGrab), its pivots are.
    @Test(arguments: backends)
    func bodiesThatCannotRotateRefuseWhatWouldTurnThem(kind: BackendKind) throws {
        let b = try kind.make()
        var d = Self.box
        d.allowsRotation = false
        let w = try b.makeWorld(d)
        let e1 = #expect(throws: FlingError.self) { _ = try b.addGear(StaticGear(), to: w) }
        #expect(e1?.code == .invalidState)
        let e2 = #expect(throws: FlingError.self) {
            try b.attachAttraction(Attraction(origin: .zero, stiffness: 1, damping: 1, angularStiffness: 1, angularDamping: 1), to: w)
        }
        #expect(e2?.code == .invalidState)
        _ = try b.addDrag(
            DragJoint(localAnchor: Vector(30, 20), finger: Vector(230, 320), maxForce: 1e5, errorBias: 1e-4, rotaryFriction: 1e4), to: w)
        _ = try b.addPivot(StaticPivot(anchor: Vector(190, 290), localAnchor: Vector(-10, -10)), to: w)
        try b.applyImpulse(Push(Vector(0, 100), at: Vector(50, 0)), to: w)
        for _ in 0..<60 { try b.step(by: 1.0 / 60) }
        let s = try b.state(of: w)
        #expect(s.angle == 0 && s.angularVelocity == 0)
    }
}

extension DynamicsBadInputTests {
    /// Found by the self-test's random walks: a drag and a rigid pivot that cannot both hold,
    /// far from a long, light box. With infinite force limits their accumulated impulses grew
    /// step after step until the state overflowed (Chipmunk aborted); with every limit at most
    /// `Limits.jointForce` a step adds a bounded amount, and the state stays finite.
    @Test(arguments: [BackendKind.native, .nativePortable])
    func jointsThatCannotBothHoldStayFinite(kind: BackendKind) throws {
        let b = try kind.make()
        let w = try b.makeWorld(
            WorldDefinition(
                mass: 0.008746414817857616, moment: 21_929_685.173718102, transform: Transform(position: Vector(-1e-6, 645), angle: 1e6),
                gravity: Vector(-121, 3000), size: Vector(173_457, 26.14)))
        try b.setWalls(Wall.edges(of: Rect(center: Vector(0, 700), width: 267_607, height: 304_902), friction: 1e6), of: w)
        _ = try b.addDrag(
            DragJoint(localAnchor: Vector(-28_224, 9.68), finger: Vector(1e7, -0.07), maxForce: Limits.jointForce, errorBias: 1e-120), to: w
        )
        _ = try b.addPivot(StaticPivot(anchor: Vector(1e7, 1e7), localAnchor: Vector(27.3, 1e7)), to: w)
        var fastest = 0.0
        for k in 0..<20_000 {
            try b.step(by: k % 7 == 0 ? 0.1 : 0.000175)
            let s = try b.state(of: w)
            let finite = [s.position.x, s.position.y, s.angle, s.velocity.x, s.velocity.y, s.angularVelocity].allSatisfy { $0.isFinite }
            #expect(finite, "step \(k): \(s)")
            if !finite { return }
            fastest = max(fastest, s.velocity.length)
        }
        #expect(fastest > 1e6, "the joints really fought (fastest \(fastest) pt/s)")
    }
}
