// Compiled twice: here, and by .ci/client-check in a client package's test target beside
// DocumentationExamples.swift, where only the public API is visible: so it imports nothing with
// @testable, and the backends below are written from the public API alone.
import Fling
import FlingTesting
import Testing

/// A backend broken on purpose in one way, the native backend in every other: the conformance
/// suite must fail it on the clause its fault breaks, and on no other. The first three are the
/// faults the issue names; the others break one clause each of the rest.
final class BrokenBackend: DynamicsBackend, SnapshotBackend {
    enum Fault: String, CaseIterable, Sendable {
        /// Once every world was destroyed, each step nudges every body's velocity by one ulp.
        case nudgedOnSecondRun
        /// A drag is checked and made, but pulls with no force.
        case dragIgnored
        /// A velocity that is not finite is accepted, and dropped.
        case nanAccepted
        /// Setting one world's gravity sets every world's.
        case gravityShared
        /// A world falls under half its gravity.
        case gravityHalved
        /// The springs are 10 % stiffer than asked.
        case springsStiffer
        /// The last of four walls is left out.
        case wallLeftOut
        /// The item never bounces (its elasticity taken as 0).
        case bounceLost
        /// A restored world has lost its spin.
        case spinLostOnRestore

        /// The clause the fault breaks.
        var clause: BackendConformance.Clause {
            switch self {
            case .nudgedOnSecondRun: .sameBitsTwice
            case .dragIgnored: .dragFollows
            case .nanAccepted: .refusesBadInput
            case .gravityShared: .worldsIndependent
            case .gravityHalved: .freeFall
            case .springsStiffer: .dampedSpring
            case .wallLeftOut: .wallsHold
            case .bounceLost: .restitution
            case .spinLostOnRestore: .snapshotsRestore
            }
        }
    }

    let fault: Fault
    private let inner: any DynamicsBackend & SnapshotBackend
    /// The live worlds in the order they were made, and each one's body (for the checks).
    private var live: [WorldID] = []
    private var bodies: [WorldID: WorldDefinition] = [:]
    private var emptied = false

    init(_ fault: Fault, wrapping inner: any DynamicsBackend & SnapshotBackend) {
        self.fault = fault
        self.inner = inner
    }
    convenience init(_ fault: Fault) throws { self.init(fault, wrapping: try NativeBackend()) }

    var name: String { "broken (\(fault.rawValue))" }
    var snapshotKind: String { "broken-\(inner.snapshotKind)" }
    var solverIterations: Int { inner.solverIterations }
    var arithmetic: Arithmetic { inner.arithmetic }
    var worldCount: Int { inner.worldCount }

    private func body(_ world: WorldID) throws(FlingError) -> WorldDefinition {
        guard let body = bodies[world] else { throw .unknownWorld(world) }
        return body
    }

    func makeWorld(_ definition: WorldDefinition) throws(FlingError) -> WorldID {
        var made = definition
        if fault == .gravityHalved { made.gravity = definition.gravity * 0.5 }
        let w = try inner.makeWorld(made)
        live.append(w)
        bodies[w] = definition
        return w
    }
    func destroyWorld(_ world: WorldID) throws(FlingError) {
        try inner.destroyWorld(world)
        live.removeAll { $0 == world }
        bodies[world] = nil
        if live.isEmpty { emptied = true }
    }
    func step(by dt: Double) throws(FlingError) {
        try inner.step(by: dt)
        guard fault == .nudgedOnSecondRun, emptied else { return }
        for w in live {
            let s = try inner.state(of: w)
            try inner.setVelocity(of: w, linear: Vector(s.velocity.x.nextUp, s.velocity.y), angular: s.angularVelocity)
        }
    }
    func state(of world: WorldID) throws(FlingError) -> BodyState { try inner.state(of: world) }
    func addDrag(_ joint: DragJoint, to world: WorldID) throws(FlingError) -> JointID {
        guard fault == .dragIgnored else { return try inner.addDrag(joint, to: world) }
        try joint.validate(for: try body(world))
        var weak = joint
        weak.maxForce = .leastNonzeroMagnitude
        return try inner.addDrag(weak, to: world)
    }
    func moveDrag(_ joint: JointID, in world: WorldID, to position: Vector, velocity: Vector) throws(FlingError) {
        try inner.moveDrag(joint, in: world, to: position, velocity: velocity)
    }
    func removeDrag(_ joint: JointID, from world: WorldID) throws(FlingError) { try inner.removeDrag(joint, from: world) }
    func attachAttraction(_ attraction: Attraction, to world: WorldID) throws(FlingError) {
        var springs = attraction
        if fault == .springsStiffer { springs.stiffness *= 1.1 }
        try inner.attachAttraction(springs, to: world)
    }
    func detachAttraction(from world: WorldID) throws(FlingError) { try inner.detachAttraction(from: world) }
    func setGravity(of world: WorldID, _ g: Vector) throws(FlingError) {
        guard fault == .gravityShared else { return try inner.setGravity(of: world, g) }
        _ = try body(world)
        try BackendValidation.gravity(g)
        for w in live { try inner.setGravity(of: w, g) }
    }
    func setDamping(of world: WorldID, _ d: Double) throws(FlingError) { try inner.setDamping(of: world, d) }
    func setVelocity(of world: WorldID, linear: Vector, angular: Double) throws(FlingError) {
        if fault == .nanAccepted, !(linear.x.isFinite && linear.y.isFinite && angular.isFinite) {
            _ = try body(world)
            return
        }
        try inner.setVelocity(of: world, linear: linear, angular: angular)
    }
    func snapshot(of world: WorldID) throws(FlingError) -> WorldSnapshot { try inner.snapshot(of: world) }
    func restore(_ snapshot: WorldSnapshot) throws(FlingError) -> WorldID {
        let w = try inner.restore(snapshot)
        live.append(w)
        bodies[w] = snapshot.definition
        if fault == .spinLostOnRestore { try inner.setVelocity(of: w, linear: snapshot.body.velocity, angular: 0) }
        return w
    }
    func makeScratch() throws(FlingError) -> any SnapshotBackend {
        BrokenBackend(fault, wrapping: try inner.makeScratch() as! any DynamicsBackend & SnapshotBackend)
    }

    // The dynamics, forwarded.
    func setWalls(_ walls: [Wall], of world: WorldID) throws(FlingError) {
        guard fault == .wallLeftOut, walls.count == 4 else { return try inner.setWalls(walls, of: world) }
        try BackendValidation.walls(walls, size: try body(world).size)
        try inner.setWalls(Array(walls.prefix(3)), of: world)
    }
    func setItemProperties(_ properties: ItemProperties, of world: WorldID) throws(FlingError) {
        guard fault == .bounceLost else { return try inner.setItemProperties(properties, of: world) }
        try BackendValidation.properties(properties)
        var dull = properties
        dull.elasticity = 0
        try inner.setItemProperties(dull, of: world)
    }
    func applyImpulse(_ push: Push, to world: WorldID) throws(FlingError) { try inner.applyImpulse(push, to: world) }
    func addForce(_ push: Push, to world: WorldID) throws(FlingError) -> ForceID { try inner.addForce(push, to: world) }
    func removeForce(_ force: ForceID, from world: WorldID) throws(FlingError) { try inner.removeForce(force, from: world) }
    func setFields(_ fields: [Field], of world: WorldID) throws(FlingError) { try inner.setFields(fields, of: world) }
    func contacts(of world: WorldID) throws(FlingError) -> [Wall.Contact] { try inner.contacts(of: world) }
    func addPivot(_ pivot: StaticPivot, to world: WorldID) throws(FlingError) -> JointID { try inner.addPivot(pivot, to: world) }
    func addGear(_ gear: StaticGear, to world: WorldID) throws(FlingError) -> JointID { try inner.addGear(gear, to: world) }
    func removeJoint(_ joint: JointID, from world: WorldID) throws(FlingError) { try inner.removeJoint(joint, from: world) }
}

/// The conformance suite seen from outside: a backend written from the public API passes it,
/// and each backend broken on purpose fails it on the clause its fault breaks, naming the
/// world, the tick and the field.
@Suite struct OutsideBackendTests {
    @Test func aForwardingBackendPassesAndOffersSnapshots() throws {
        let report = BackendConformance.run { try CountingBackend() }
        #expect(report.passed && report.backend == "counting native", "\(report)")
        #expect(report.skipped == [.wallsHold, .restitution], "\(report)")
        // An animator over it takes snapshots and predicts, as over the native backend itself.
        var configuration = TileConfiguration()
        configuration.drag.predictionTicks = 240
        func play(_ backend: any PhysicsBackend) throws -> (TileAnimator, [TileEvent]) {
            let animator = try TileAnimator(
                viewport: Rect(x: 0, y: 0, width: 390, height: 844),
                tiles: [TileDefinition(id: 1, frame: Rect(x: 115, y: 342, width: 160, height: 160))],
                configuration: configuration, backend: backend)
            try animator.handle(TouchEvent(time: 0, touch: 1, phase: .began, position: Vector(150, 380)))
            try animator.handle(TouchEvent(time: 0.05, touch: 1, phase: .moved, position: Vector(170, 390)))
            try animator.handle(TouchEvent(time: 0.06, touch: 1, phase: .ended, position: Vector(170, 390)))
            var events: [TileEvent] = []
            for frame in 1...30 { events += try animator.advance(to: Double(frame) / 60) }
            return (animator, events)
        }
        let counting = try CountingBackend()
        let (ours, events) = try play(counting)
        let (native, nativeEvents) = try play(try NativeBackend())
        #expect(ours.digest == native.digest && events.map(\.description) == nativeEvents.map(\.description))
        let prediction = try #require(events.compactMap(\.prediction).first, "\(events)")
        #expect(nativeEvents.compactMap(\.prediction).first == prediction)
        let saved = try ours.snapshot()
        for frame in 31...60 { try ours.advance(to: Double(frame) / 60) }
        let later = ours.digest
        try ours.restore(saved)
        for frame in 31...60 { try ours.advance(to: Double(frame) / 60) }
        #expect(ours.digest == later && counting.worldSteps > 0)
    }

    @Test(arguments: BrokenBackend.Fault.allCases)
    func aBrokenBackendFailsOnTheClauseItBreaks(fault: BrokenBackend.Fault) throws {
        let report = BackendConformance.run { try BrokenBackend(fault) }
        #expect(!report.passed && report.failures.map(\.clause) == [fault.clause] && report.skipped.isEmpty, "\(report)")
        let failure = try #require(report.failures.first)
        #expect(!failure.field.isEmpty && failure.description.hasPrefix("\(fault.clause.rawValue) failed: "), "\(failure)")
        switch fault {
        case .nudgedOnSecondRun:
            // The first nudged step: a world of the second run, its velocity.x one ulp off.
            #expect(failure.world != nil && failure.tick == 0 && failure.field == "velocity.x", "\(failure)")
            #expect(failure.description.contains("a second run on the same backend"), "\(failure)")
        case .dragIgnored:
            // The dragged body has not moved toward its finger after the first step that should move it.
            #expect(failure.world == 0 && failure.tick == 1 && failure.field.hasPrefix("gap to the finger"), "\(failure)")
        case .nanAccepted:
            #expect(failure.world == 0 && failure.field == "setVelocity(of: world 0, linear: (nan, 0.0), angular: 0.0)", "\(failure)")
            #expect(failure.description.contains("was accepted"), "\(failure)")
        default:
            #expect(failure.world != nil && failure.tick != nil, "\(failure)")
        }
    }

    @Test func aBackendWithoutJointsFailsTheirClausesAlone() {
        let report = BackendConformance.run { BallisticBackend() }
        #expect(report.failures.map(\.clause) == [.dampedSpring, .dragFollows], "\(report)")
        #expect(report.skipped == [.wallsHold, .restitution, .snapshotsRestore], "\(report)")
        #expect(report.failures.allSatisfy { $0.description.contains("refused a valid call") }, "\(report)")
    }
}
