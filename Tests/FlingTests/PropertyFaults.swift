// A planted fault for each built-in property of FlingTesting (issue 44 item 1): one bug of a
// kind Fling could have, which that property alone catches. Faults in code every backend shares
// (the velocity update, the sweep, the springs, the prediction's stepping) are planted in every
// backend a check makes, its peers included, so that comparing backends cannot see them; a fault
// of one backend, in that backend alone; a recorder's or a replayer's, in what the check plays.
// They live here, in the tests: no product can turn one on.
import Fling
import FlingCore
@testable import FlingTesting
@testable import FlingTraces
import Testing

/// A backend of Fling's (native or Chipmunk) with one planted fault.
final class PlantedBackend: DynamicsBackend, SnapshotBackend, ForwardingDynamics {
    enum Fault: String, CaseIterable, Sendable {
        /// A shared reading that turns an item's angular velocity into NaN, now and then, while it
        /// moves faster than 4,000 pt/s (a division by a term that vanishes for one in sixteen
        /// positions). Rare and of the state alone: a snapshot that held the NaN would be
        /// refused on restore, which restoreContinues would see.
        case nanWhenFast = "nan-when-fast"
        /// A shared fast path that steps an item moving faster than 3,000 pt/s without its walls:
        /// it passes through them (tunnelling). The world keeps its walls between steps (a world
        /// without the animator's walls is refused on restore, which restoreContinues sees).
        case tunnelsWhenFast = "tunnels-when-fast"
        /// The home springs attached without their damping: a tile sent home swings forever.
        case undampedHome = "undamped-home"
        /// A prediction's scratch world stepped one ulp longer than the tick.
        case predictionStepsLonger = "prediction-steps-longer"
        /// One backend's release drops one ulp of the x velocity it is given.
        case releaseUlp = "release-ulp"
        /// A restored world forgets its constraints' accumulated impulses (the solver's warm
        /// start): restored mid-drag it does not continue bit for bit. Predictions copy worlds by
        /// another path, and keep them.
        case forgetfulRestore = "forgetful-restore"
    }

    let fault: Fault
    let inner: any DynamicsBackend & SnapshotBackend
    var forwardee: any DynamicsBackend { inner }
    /// Whether this is a prediction's scratch backend (where predictionStepsLonger acts).
    let isScratch: Bool

    init(_ fault: Fault, _ inner: any DynamicsBackend & SnapshotBackend, isScratch: Bool = false) {
        self.fault = fault
        self.inner = inner
        self.isScratch = isScratch
    }

    /// Makes `kind`'s backends with the fault.
    static func maker(_ fault: Fault, _ kind: BackendKind) -> ReplayOptions.MakeBackend {
        { (n) throws(FlingError) in
            guard let b = try kind.make(solverIterations: n) as? any DynamicsBackend & SnapshotBackend else {
                throw FlingError(.invalidState, field: "PlantedBackend", value: "\(kind)", reason: "not a dynamics and snapshot backend")
            }
            return PlantedBackend(fault, b)
        }
    }

    var name: String { "\(inner.name) with \(fault.rawValue)" }
    var solverIterations: Int { inner.solverIterations }
    var worldCount: Int { inner.worldCount }
    var arithmetic: Arithmetic { inner.arithmetic }
    var snapshotKind: String { inner.snapshotKind }

    func makeWorld(_ definition: WorldDefinition) throws(FlingError) -> WorldID { try inner.makeWorld(definition) }
    func destroyWorld(_ world: WorldID) throws(FlingError) {
        try inner.destroyWorld(world)
        if let k = worlds.firstIndex(of: world) {
            worlds.remove(at: k)
            walls.remove(at: k)
        }
    }
    func addDrag(_ joint: DragJoint, to world: WorldID) throws(FlingError) -> JointID { try inner.addDrag(joint, to: world) }
    func moveDrag(_ joint: JointID, in world: WorldID, to position: Vector, velocity: Vector) throws(FlingError) {
        try inner.moveDrag(joint, in: world, to: position, velocity: velocity)
    }
    func removeDrag(_ joint: JointID, from world: WorldID) throws(FlingError) { try inner.removeDrag(joint, from: world) }
    func attachAttraction(_ attraction: Attraction, to world: WorldID) throws(FlingError) {
        var a = attraction
        if fault == .undampedHome {
            a.damping = 0
            a.angularDamping = 0
        }
        try inner.attachAttraction(a, to: world)
    }
    func detachAttraction(from world: WorldID) throws(FlingError) { try inner.detachAttraction(from: world) }
    func setGravity(of world: WorldID, _ gravity: Vector) throws(FlingError) { try inner.setGravity(of: world, gravity) }
    func setDamping(of world: WorldID, _ damping: Double) throws(FlingError) {
        try inner.setDamping(of: world, fault == .undampedHome ? 0 : damping)
    }
    func setVelocity(of world: WorldID, linear: Vector, angular: Double) throws(FlingError) {
        let v = fault == .releaseUlp ? Vector(linear.x.nextDown, linear.y) : linear
        try inner.setVelocity(of: world, linear: v, angular: angular)
    }
    func state(of world: WorldID) throws(FlingError) -> BodyState {
        var s = try inner.state(of: world)
        if fault == .nanWhenFast, s.velocity.length > 4_000, (s.position.x.bitPattern ^ s.position.y.bitPattern) & 15 == 0 {
            s.angularVelocity = .nan
        }
        return s
    }
    func step(by dt: Double) throws(FlingError) {
        guard fault == .tunnelsWhenFast else {
            return try inner.step(by: fault == .predictionStepsLonger && isScratch ? dt.nextUp : dt)
        }
        var skipped: [Int] = []
        for (k, w) in worlds.enumerated() where try inner.state(of: w).velocity.length > 3_000 {
            try inner.setWalls([], of: w)
            skipped.append(k)
        }
        try inner.step(by: dt)
        for k in skipped { try inner.setWalls(walls[k], of: worlds[k]) }
    }

    /// The worlds alive with walls, in id order (made and destroyed through this wrapper or
    /// restored), and each one's walls.
    private var worlds: [WorldID] = []
    private var walls: [[Wall]] = []

    private func remember(_ w: WorldID, _ ws: [Wall]) {
        if let k = worlds.firstIndex(of: w) {
            walls[k] = ws
        } else {
            let k = worlds.firstIndex { ($0.index, $0.generation) > (w.index, w.generation) } ?? worlds.count
            worlds.insert(w, at: k)
            walls.insert(ws, at: k)
        }
    }

    func setWalls(_ walls: [Wall], of world: WorldID) throws(FlingError) {
        try inner.setWalls(walls, of: world)
        remember(world, walls)
    }
    func setItemProperties(_ properties: ItemProperties, of world: WorldID) throws(FlingError) {
        try inner.setItemProperties(properties, of: world)
    }

    func snapshot(of world: WorldID) throws(FlingError) -> WorldSnapshot { try inner.snapshot(of: world) }
    func restore(_ snapshot: WorldSnapshot) throws(FlingError) -> WorldID {
        var s = snapshot
        if fault == .forgetfulRestore, !isScratch {
            for k in s.constraints.indices { s.constraints[k].impulse = .zero }
        }
        let w = try inner.restore(s)
        if !s.walls.isEmpty { remember(w, s.walls) }
        return w
    }
    func makeScratch() throws(FlingError) -> any SnapshotBackend {
        guard let scratch = try inner.makeScratch() as? any DynamicsBackend & SnapshotBackend else {
            throw FlingError(.invalidState, field: "PlantedBackend.makeScratch", value: name, reason: "no dynamics scratch")
        }
        return PlantedBackend(fault, scratch, isScratch: true)
    }
}

/// A planted fault and the one built-in property that must catch it: where it shows (the
/// scene) and how a check is set up with it.
struct PropertyFault: Sendable, CustomTestStringConvertible {
    enum Plant: Sendable {
        /// In every backend the check makes (code they all share).
        case shared(PlantedBackend.Fault)
        /// In the check's own backend alone.
        case oneBackend(PlantedBackend.Fault)
        /// The recorder writes touch times cut to the millisecond: the replays all agree, and
        /// differ from the live run whose touches they record.
        case roundingRecorder
        /// A replayer that clamps display frames to 25 ms (the recorded configuration's clamp
        /// ignored): replays at 30 Hz lose time; at 60 Hz and faster nothing shows.
        case clampingReplayer
    }

    var property: Property
    var scene: GestureScene
    var plant: Plant
    var testDescription: String { property.name }

    /// The platform-arithmetic backends the checks run on: native, with Chipmunk as peers
    /// where this build has it.
    static let subject = BackendKind.native

    /// A check of `scene` with the fault planted, over `properties`.
    func check(_ properties: [Property], sessions: Int, seed: UInt64 = 1) -> PropertyCheck {
        var check = PropertyCheck(scene: scene, properties: properties, sessions: sessions, seed: seed, backend: Self.subject)
        check.shrinkBudget = 400
        let peers = BackendKind.available.filter { $0.arithmetic == Self.subject.arithmetic && $0 != Self.subject }
        switch plant {
        case .shared(let fault):
            check.makeBackend = PlantedBackend.maker(fault, Self.subject)
            check.backendName = "\(Self.subject) with \(fault.rawValue)"
            check.peers = peers.map { CheckContext.Peer(name: "\($0) with \(fault.rawValue)", make: PlantedBackend.maker(fault, $0)) }
        case .oneBackend(let fault):
            // Its peers: every backend of Fling's of its arithmetic, native itself included.
            check.makeBackend = PlantedBackend.maker(fault, Self.subject)
            check.backendName = "\(Self.subject) with \(fault.rawValue)"
        case .roundingRecorder:
            check.recordingFault = { recording in
                guard case .trace(var trace) = recording else { return recording }
                for s in trace.sessions.indices {
                    let tick = trace.sessions[s].configuration.drag.tick
                    for k in trace.sessions[s].inputs.indices {
                        guard case .touch(var e) = trace.sessions[s].inputs[k].input else { continue }
                        // Cut to the millisecond below; still applied at the tick it was (the
                        // recorder keeps that right), so the document stays valid.
                        let natural = FixedStepClock.firstTick(atOrAfter: e.time, tick: tick)
                        e.time = (e.time * 1000).rounded(.down) / 1000
                        if trace.sessions[s].inputs[k].tick == nil, FixedStepClock.firstTick(atOrAfter: e.time, tick: tick) != natural {
                            trace.sessions[s].inputs[k].tick = natural
                        }
                        trace.sessions[s].inputs[k].input = .touch(e)
                    }
                }
                return .trace(trace)
            }
        case .clampingReplayer:
            check.replayFault = { recording, display in
                guard case .rate(let hz) = display, hz < 40, case .trace(var trace) = recording else { return recording }
                for s in trace.sessions.indices { trace.sessions[s].configuration.drag.maxDisplayFrameInterval = 0.025 }
                return .trace(trace)
            }
        }
        return check
    }

    static let all: [PropertyFault] = [
        PropertyFault(property: .finite, scene: .photoTiles, plant: .shared(.nanWhenFast)),
        PropertyFault(property: .staysInRoom, scene: .room, plant: .shared(.tunnelsWhenFast)),
        PropertyFault(property: .settles, scene: .photoTiles, plant: .shared(.undampedHome)),
        PropertyFault(property: .replayEqualsLive, scene: .photoTiles, plant: .roundingRecorder),
        PropertyFault(property: .sameAtEveryDisplayRate, scene: .photoTiles, plant: .clampingReplayer),
        PropertyFault(property: .sameOnEveryBackend, scene: .photoTiles, plant: .oneBackend(.releaseUlp)),
        PropertyFault(property: .predictionsComeTrue, scene: .photoTiles, plant: .shared(.predictionStepsLonger)),
        PropertyFault(property: .restoreContinues, scene: .photoTiles, plant: .shared(.forgetfulRestore)),
    ]
}
