// Faults planted on purpose, to show that `fling check`'s properties find what they should
// (issue 40): a native backend with one bug of a kind Fling has had or could have. It lives in
// this non-product target, so no shipped path (the `fling` command, the library products) can
// turn it on; the tests and `FlingSelfTest faults` use it. The animator sees world ids of its
// own: a fault that replaces a world (restoring an older snapshot of it) keeps the id.
#if FLING_TESTABLE
import Fling
import FlingTraces
import FlingTesting

/// A native backend (platform arithmetic, so that Chipmunk and native are its peers) with one
/// planted fault.
final class PlantedFaultBackend: DynamicsBackend, SnapshotBackend {
    enum Fault: String, CaseIterable, Sendable {
        /// The old "frozen item" wall sweep: after each step, an item that touches a wall is put
        /// back where it was, with the velocity it came with. It never comes to rest.
        case frozenSweep = "frozen-sweep"
        /// A release drops one ulp of the x velocity the animator gives the item: this backend
        /// alone, so it no longer equals Chipmunk or native.
        case releaseUlp = "release-ulp"
        /// A restored world forgets its joints' accumulated impulses (the solver's warm start):
        /// a snapshot restored while a finger holds a tile does not continue bit for bit.
        case forgetfulRestore = "forgetful-restore"

        /// The scene the fault shows in (the sweep needs walls).
        var scene: GestureScene { self == .frozenSweep ? .room : .photoTiles }
        /// The snap scene it shows in (chat heads; the sweep needs their walls).
        var snapScene: GestureScene { self == .frozenSweep ? .chatHeadsWithDynamics : .chatHeads }
    }

    let fault: Fault
    let inner: NativeBackend
    /// The animator's world ids, in the order they were made, and the inner world each is now.
    private var outer: [WorldID] = []
    private var innerOf: [WorldID: WorldID] = [:]  // looked up, never iterated

    init(_ fault: Fault, solverIterations: Int) throws(FlingError) {
        self.fault = fault
        inner = try NativeBackend(solverIterations: solverIterations)
    }

    static func maker(_ fault: Fault) -> ReplayOptions.MakeBackend {
        { (n) throws(FlingError) in try PlantedFaultBackend(fault, solverIterations: n) }
    }

    var name: String { "native with \(fault.rawValue)" }
    var solverIterations: Int { inner.solverIterations }
    var worldCount: Int { inner.worldCount }
    var arithmetic: Arithmetic { inner.arithmetic }
    var snapshotKind: String { inner.snapshotKind }

    func w(_ world: WorldID) throws(FlingError) -> WorldID {
        guard let w = innerOf[world] else {
            throw FlingError(.unknownWorld, field: "world", value: "\(world)", reason: "no such world in \(name)")
        }
        return w
    }

    private func adopt(_ world: WorldID) -> WorldID {
        outer.append(world)
        innerOf[world] = world
        return world
    }

    func makeWorld(_ definition: WorldDefinition) throws(FlingError) -> WorldID { adopt(try inner.makeWorld(definition)) }
    func destroyWorld(_ world: WorldID) throws(FlingError) {
        try inner.destroyWorld(try w(world))
        innerOf[world] = nil
        outer.removeAll { $0 == world }
    }
    func addDrag(_ joint: DragJoint, to world: WorldID) throws(FlingError) -> JointID { try inner.addDrag(joint, to: try w(world)) }
    func moveDrag(_ joint: JointID, in world: WorldID, to position: Vector, velocity: Vector) throws(FlingError) {
        try inner.moveDrag(joint, in: try w(world), to: position, velocity: velocity)
    }
    func removeDrag(_ joint: JointID, from world: WorldID) throws(FlingError) {
        try inner.removeDrag(joint, from: try w(world))
    }
    func attachAttraction(_ attraction: Attraction, to world: WorldID) throws(FlingError) {
        try inner.attachAttraction(attraction, to: try w(world))
    }
    func detachAttraction(from world: WorldID) throws(FlingError) { try inner.detachAttraction(from: try w(world)) }
    func setGravity(of world: WorldID, _ gravity: Vector) throws(FlingError) { try inner.setGravity(of: try w(world), gravity) }
    func setDamping(of world: WorldID, _ damping: Double) throws(FlingError) { try inner.setDamping(of: try w(world), damping) }
    func setVelocity(of world: WorldID, linear: Vector, angular: Double) throws(FlingError) {
        // The animator sets a released item's velocity (the tracker's) after its drag goes.
        let v = fault == .releaseUlp ? Vector(linear.x.nextDown, linear.y) : linear
        try inner.setVelocity(of: try w(world), linear: v, angular: angular)
    }
    func state(of world: WorldID) throws(FlingError) -> BodyState { try inner.state(of: try w(world)) }

    func step(by dt: Double) throws(FlingError) {
        guard fault == .frozenSweep else { return try inner.step(by: dt) }
        var before: [WorldSnapshot] = []
        for o in outer { before.append(try inner.snapshot(of: try w(o))) }
        try inner.step(by: dt)
        for (k, o) in outer.enumerated() where !(try inner.contacts(of: try w(o))).isEmpty {
            // Put back where it was before the step, with the velocity it came with.
            try inner.destroyWorld(try w(o))
            innerOf[o] = try inner.restore(before[k])
        }
    }

    func setWalls(_ walls: [Wall], of world: WorldID) throws(FlingError) { try inner.setWalls(walls, of: try w(world)) }
    func setItemProperties(_ properties: ItemProperties, of world: WorldID) throws(FlingError) {
        try inner.setItemProperties(properties, of: try w(world))
    }
    func applyImpulse(_ push: Push, to world: WorldID) throws(FlingError) { try inner.applyImpulse(push, to: try w(world)) }
    func addForce(_ push: Push, to world: WorldID) throws(FlingError) -> ForceID { try inner.addForce(push, to: try w(world)) }
    func removeForce(_ force: ForceID, from world: WorldID) throws(FlingError) { try inner.removeForce(force, from: try w(world)) }
    func setFields(_ fields: [Field], of world: WorldID) throws(FlingError) { try inner.setFields(fields, of: try w(world)) }
    func contacts(of world: WorldID) throws(FlingError) -> [Wall.Contact] { try inner.contacts(of: try w(world)) }
    func addPivot(_ pivot: StaticPivot, to world: WorldID) throws(FlingError) -> JointID { try inner.addPivot(pivot, to: try w(world)) }
    func addGear(_ gear: StaticGear, to world: WorldID) throws(FlingError) -> JointID { try inner.addGear(gear, to: try w(world)) }
    func removeJoint(_ joint: JointID, from world: WorldID) throws(FlingError) { try inner.removeJoint(joint, from: try w(world)) }

    func snapshot(of world: WorldID) throws(FlingError) -> WorldSnapshot { try inner.snapshot(of: try w(world)) }
    func restore(_ snapshot: WorldSnapshot) throws(FlingError) -> WorldID {
        var s = snapshot
        if fault == .forgetfulRestore {
            for k in s.constraints.indices { s.constraints[k].impulse = .zero }
        }
        return adopt(try inner.restore(s))
    }
    func makeScratch() throws(FlingError) -> any SnapshotBackend { try inner.makeScratch() }
}
#endif
