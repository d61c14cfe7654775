import Fling
import Testing
@testable import FlingTraces

/// Portable pins checked on a reference run prove the reference: the run on the backend asked
/// for is checked too (issue 29). It must cover every tick the reference covers, refuse no input
/// the reference accepted, and equal a run on its peer (Chipmunk against native, native against
/// Chipmunk) tick for tick; a backend with no peer gets "run not compared", which `verify()`
/// refuses unless allowed. Backends broken on purpose show that each of these can fail.
@Suite struct RunComparisonTests {
    static func portable(_ n: Int) throws(FlingError) -> any PhysicsBackend { try BackendKind.nativePortable.make(solverIterations: n) }
    static let hasChipmunk = BackendKind.available.contains(.chipmunk)

    static func checked(_ document: any FlingDocument, on make: @escaping ReplayOptions.MakeBackend, keepsSteps: Bool = true)
        throws -> DocumentReplay
    {
        try document.play(ReplayOptions(makeBackend: make, keepsSteps: keepsSteps, reference: portable, referenceName: "native-portable"))
    }

    /// On Chipmunk and `native`, every pinned physics fixture is checked on the reference and
    /// its own run compared with its peer's, frame for frame (frames kept) or by the events and
    /// the digest chained over every frame (not kept); without the Chipmunk trait `native` has
    /// no peer, which is said and refused.
    @Test(arguments: ["traces/corner-grab.json", "traces/we-heart-pics.json", "traces/bounce-corners.json", "scenes/heads-press.json"])
    func platformRunsAreComparedWithTheirPeer(fixture: String) throws {
        let doc = try document(fixture)
        for kind in BackendKind.available where kind.arithmetic == .platform {
            for keepsSteps in [true, false] {
                let r = try Self.checked(doc, on: { n throws(FlingError) in try kind.make(solverIterations: n) }, keepsSteps: keepsSteps)
                let run = try #require(r.pins.run, "\(kind): the run was checked")
                #expect(r.pins.compared == r.pins.pinned && r.pins.comparedOn == .reference("native-portable"))
                #expect(run.backend == kind.rawValue && run.failure == nil && run.covered == r.run.stageSteps.reduce(0, +))
                #expect(run.covered > 20)
                if Self.hasChipmunk {
                    #expect(run.peer == (kind == .native ? "chipmunk" : "native"), "\(kind)")
                    #expect(run.comparedValues == keepsSteps)
                    try r.verify()
                    #expect(r.matchesPins && r.pins.description.contains("compared with \(run.peer!) over \(run.covered)"))
                } else {
                    #expect(run.peer == nil && run.notCompared?.contains("Chipmunk trait is off") == true)
                    let e = try #require(throws: FlingError.self) { try r.verify() }
                    #expect(e.code == .notCompared && e.field == "run on native", "\(e)")
                    try r.verify(allowingUncomparedRun: true)
                }
            }
        }
    }

    /// One step perturbed by one ulp (a body's vx, after step 12): the pins hold on the
    /// reference, yet the run differs from its peer's, and `verify()` names the tick and field.
    @Test(arguments: [true, false])
    func aBackendOffByOneUlpFails(keepsSteps: Bool) throws {
        let doc = try document("traces/corner-grab.json")
        let r = try Self.checked(
            doc, on: { n throws(FlingError) in try NudgedBackend(solverIterations: n, nudgeAfter: 12) }, keepsSteps: keepsSteps)
        #expect(r.pins.compared == 5 && r.pins.mismatches.isEmpty)
        let e = try #require(throws: FlingError.self) { try r.verify() }
        #expect(e.code == .runMismatch && e.field == "run on nudged against its peer", "\(e)")
        if keepsSteps {
            // The nudged step is tick 11 (step 12): tile 1's vx, both bit patterns.
            #expect(e.value == "vx" && e.reason.contains("first divergence at tick 11 ") && e.reason.contains("(0x"), "\(e)")
        }
        #expect(!r.matchesPins && r.pins.run?.peer == "native")
        // The same wrapper that nudges nothing passes: the check is the nudge's doing.
        try Self.checked(doc, on: { n throws(FlingError) in try NudgedBackend(solverIterations: n, nudgeAfter: nil) }).verify()
    }

    /// A backend that refuses every grab: the pins hold on the reference, the run does not cover
    /// it (it stops when idle, 35 ticks in) and refused what the reference accepted.
    @Test func aBackendThatRefusesGrabsFails() throws {
        let doc = try document("traces/corner-grab.json")
        let r = try Self.checked(doc, on: { n throws(FlingError) in try GriplessBackend(solverIterations: n) })
        #expect(r.pins.compared == 5 && r.pins.mismatches.isEmpty && r.run.refusals.count == 1)
        let e = try #require(throws: FlingError.self) { try r.verify() }
        #expect(e.code == .runMismatch && e.field.hasPrefix("run on gripless"), "\(e)")
        // Even with every tick covered (a run to the end), the refused grab fails it.
        var full = try Trace(json: try Fixture.text("traces/corner-grab.json"))
        full.sessions[0].run.stopsWhenIdle = false
        let all = try Self.checked(
            full.pinned(makeBackend: Self.portable), on: { n throws(FlingError) in try GriplessBackend(solverIterations: n) })
        #expect(all.run.stageSteps == all.pins.run.map { [$0.covered] })
        let refused = try #require(throws: FlingError.self) { try all.verify() }
        #expect(refused.code == .runMismatch && refused.value == "refused" && refused.field.contains("touch 1 began"), "\(refused)")
    }

    /// ChoosingABackend.md's `BallisticBackend` (no joints) was reported "5 of 5 pins compared
    /// … all match"; it fails now, and so does `native` with 17 solver iterations instead of 10.
    @Test func theDocumentedBallisticBackendAndAWrongSolverFail() throws {
        let doc = try document("traces/corner-grab.json")
        let ballistic = try Self.checked(doc, on: { _ throws(FlingError) in BallisticBackend() })
        let e = try #require(throws: FlingError.self) { try ballistic.verify() }
        #expect(e.code == .runMismatch && ballistic.pins.description.contains("differs"), "\(e)")
        let seventeen = try Self.checked(doc, on: { _ throws(FlingError) in try NativeBackend(solverIterations: 17) })
        let wrong = try #require(throws: FlingError.self) { try seventeen.verify() }
        #expect(wrong.code == (Self.hasChipmunk ? .runMismatch : .notCompared), "\(wrong)")
    }

    /// A backend written outside the package (this forwarding one) has no peer: "run not
    /// compared", said by the pins and refused by `verify()` unless allowed.
    @Test func aBackendWithoutAPeerIsNotCompared() throws {
        let r = try Self.checked(
            try document("traces/tap.json"), on: { n throws(FlingError) in try ForwardingBackend(solverIterations: n) })
        let run = try #require(r.pins.run)
        #expect(run.peer == nil && run.failure == nil && run.notCompared?.contains("not one of Fling's backends") == true)
        #expect(r.pins.description.contains("run on forwarding not compared") && !r.matchesPins)
        let e = try #require(throws: FlingError.self) { try r.verify() }
        #expect(e.code == .notCompared && e.reason.contains("allowingUncomparedRun"), "\(e)")
        try r.verify(allowingUncomparedRun: true)
    }
}

// MARK: Backends broken on purpose

/// Forwards every call to a native backend of platform arithmetic: a backend written outside the
/// package, with no peer.
class ForwardingBackend: PhysicsBackend {
    let inner: NativeBackend
    var name: String { "forwarding" }
    var solverIterations: Int { inner.solverIterations }
    var worldCount: Int { inner.worldCount }
    var arithmetic: Arithmetic { inner.arithmetic }
    init(solverIterations: Int) throws(FlingError) { inner = try NativeBackend(solverIterations: solverIterations) }
    func makeWorld(_ definition: WorldDefinition) throws(FlingError) -> WorldID { try inner.makeWorld(definition) }
    func destroyWorld(_ world: WorldID) throws(FlingError) { try inner.destroyWorld(world) }
    func addDrag(_ joint: DragJoint, to world: WorldID) throws(FlingError) -> JointID { try inner.addDrag(joint, to: world) }
    func moveDrag(_ joint: JointID, in world: WorldID, to position: Vector, velocity: Vector) throws(FlingError) {
        try inner.moveDrag(joint, in: world, to: position, velocity: velocity)
    }
    func removeDrag(_ joint: JointID, from world: WorldID) throws(FlingError) { try inner.removeDrag(joint, from: world) }
    func attachAttraction(_ attraction: Attraction, to world: WorldID) throws(FlingError) {
        try inner.attachAttraction(attraction, to: world)
    }
    func detachAttraction(from world: WorldID) throws(FlingError) { try inner.detachAttraction(from: world) }
    func setGravity(of world: WorldID, _ gravity: Vector) throws(FlingError) { try inner.setGravity(of: world, gravity) }
    func setDamping(of world: WorldID, _ damping: Double) throws(FlingError) { try inner.setDamping(of: world, damping) }
    func setVelocity(of world: WorldID, linear: Vector, angular: Double) throws(FlingError) {
        try inner.setVelocity(of: world, linear: linear, angular: angular)
    }
    func step(by dt: Double) throws(FlingError) { try inner.step(by: dt) }
    func state(of world: WorldID) throws(FlingError) -> BodyState { try inner.state(of: world) }
}

/// A native backend that, after its `nudgeAfter`-th step, moves one live body's vx by one ulp:
/// the smallest error a backend can make. Its peer is the plain native backend.
final class NudgedBackend: ForwardingBackend, PeerBackend {
    let nudgeAfter: Int?
    var steps = 0
    var live: [WorldID] = []
    override var name: String { "nudged" }
    init(solverIterations: Int, nudgeAfter: Int?) throws(FlingError) {
        self.nudgeAfter = nudgeAfter
        try super.init(solverIterations: solverIterations)
    }
    override func makeWorld(_ definition: WorldDefinition) throws(FlingError) -> WorldID {
        let world = try super.makeWorld(definition)
        live.append(world)
        return world
    }
    override func destroyWorld(_ world: WorldID) throws(FlingError) {
        try super.destroyWorld(world)
        live.removeAll { $0 == world }
    }
    override func step(by dt: Double) throws(FlingError) {
        try super.step(by: dt)
        steps += 1
        guard steps == nudgeAfter, let world = live.first else { return }
        let s = try state(of: world)
        try setVelocity(of: world, linear: Vector(s.velocity.x.nextUp, s.velocity.y), angular: s.angularVelocity)
    }
    func makePeer(solverIterations: Int) throws(FlingError) -> (any PhysicsBackend)? {
        try NativeBackend(solverIterations: solverIterations)
    }
    var missingPeer: String { "" }
}

/// A native backend that refuses every grab (as a backend without joints does). Its peer is
/// the plain native backend, which grabs.
final class GriplessBackend: ForwardingBackend, PeerBackend {
    override var name: String { "gripless" }
    override func addDrag(_ joint: DragJoint, to world: WorldID) throws(FlingError) -> JointID {
        throw FlingError(.invalidState, field: "addDrag", value: "gripless", reason: "this backend refuses grabs")
    }
    func makePeer(solverIterations: Int) throws(FlingError) -> (any PhysicsBackend)? {
        try NativeBackend(solverIterations: solverIterations)
    }
    var missingPeer: String { "" }
}
