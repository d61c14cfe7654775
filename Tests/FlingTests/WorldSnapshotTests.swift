import Fling
import FlingCore
import Testing

@testable import FlingTestSupport
import _FlingCoding

/// World snapshots at the backend level: a world taken at any step and made again, in the same
/// backend or in a fresh one of the same kind, goes on exactly as the original under the same
/// calls; a snapshot reads back from its bytes; a bad one is refused, changing nothing.
@Suite struct WorldSnapshotTests {
    static func kinds() -> [BackendKind] { BackendKind.available }

    /// `==` is bit for bit, as the byte form is: -0 is not +0, a NaN equals the same NaN, and
    /// two snapshots are equal exactly when their bytes are.
    @Test(arguments: BackendKind.available)
    func equalityIsBitForBit(kind: BackendKind) throws {
        let backend = try kind.make() as! any SnapshotBackend
        let world = try backend.makeWorld(
            WorldDefinition(mass: 1, moment: 100, transform: Transform(position: Vector(10, 20)), gravity: Vector(0, 10)))
        try backend.step(by: 1.0 / 60)
        let s = try backend.snapshot(of: world)
        var negative = s, nan = s
        negative.biasAngularVelocity = -s.biasAngularVelocity
        nan.fieldTime = .nan
        let nanAgain = nan
        #expect(s.biasAngularVelocity == 0 && negative.biasAngularVelocity == s.biasAngularVelocity)
        #expect(negative != s && nan == nanAgain && nan != s && s == s)
        for (a, b) in [(s, s), (negative, s), (nan, nanAgain), (nan, s)] { #expect((a == b) == (a.bytes == b.bytes)) }
    }

    /// Random scripts through every behaviour (walls with corners, drags, several fingers,
    /// friction, springs, pushes, forces, fields, pivots, gears): snapshot every world at a
    /// random step, restore each both beside it in the same backend and into a fresh backend of
    /// the same kind, and go on with the same calls: after every step each copy's snapshot
    /// equals the original's byte for byte (body, bias velocity, joints and their impulses,
    /// arbiters, contacts, field clock, counters), and so do the refusals.
    @Test(arguments: kinds())
    func restoredWorldsContinueBitForBit(kind: BackendKind) throws {
        var compared = 0, active = 0, cached = 0, impulses = 0
        for run in UInt64(0)..<30 {
            let seed = run / 3 + 1
            let script = DynamicsScript.random(seed: seed &* 7919)
            let steps = script.ops.indices.filter { if case .step = script.ops[$0] { true } else { false } }
            var rng = SplitMix64(state: run)
            let cut = steps[Int(rng.next() % UInt64(steps.count - 20)) + 10]
            var original = DynamicsScript.Player(try kind.make() as! any SnapshotBackend)
            for n in 0...cut { original.apply(script.ops[n], n) }
            let taken = try original.worlds.map { try $0.map { try original.backend.snapshot(of: $0) } }
            for s in taken.compactMap({ $0 }) {
                var r = ByteReader(s.bytes, what: "WorldSnapshot")
                #expect(try WorldSnapshot(from: &r) == s, "a snapshot reads back from its bytes")
                active += s.arbiters.filter { $0.age == 0 }.count
                cached += s.arbiters.filter { $0.age > 0 }.count
                impulses += s.constraints.filter { $0.impulse != .zero }.count
            }
            var beside = try original.restored(taken, into: original.backend)
            var fresh = try original.restored(taken, into: try kind.make() as! any SnapshotBackend)
            #expect(try beside.snapshots() == original.snapshots(), "seed \(seed): a restored world is its snapshot")
            #expect(try fresh.snapshots() == original.snapshots(), "seed \(seed): a restored world is its snapshot")
            for n in (cut + 1)..<script.ops.count {
                let op = script.ops[n]
                if case .step = op {
                    // The original and its copy beside it step together.
                    original.apply(op, n)
                    fresh.apply(op, n)
                    let o = try original.snapshots()
                    let b = try beside.snapshots(), f = try fresh.snapshots()
                    guard o == b, o == f else {
                        Issue.record("\(kind) seed \(seed): the copies part from the original at op \(n) (cut at \(cut))")
                        return
                    }
                    compared += 1
                } else {
                    original.apply(op, n)
                    beside.apply(op, n)
                    fresh.apply(op, n)
                }
            }
            #expect(original.refusals == beside.refusals && original.refusals == fresh.refusals, "seed \(seed)")
        }
        // The scripts reach what a snapshot must carry.
        #expect(
            compared > 3_000 && active > 5 && cached > 0 && impulses > 20,
            "compared \(compared) steps; at the cuts \(active) arbiters of the last step, \(cached) older, \(impulses) joint impulses")
    }

    /// The native backend and Chipmunk (both layouts) hold the same state: after the same calls
    /// every world's snapshot is the same bytes on each (body, bias velocity, joints in the
    /// solver's order with their impulses, arbiters with their ages and contacts, the contacts
    /// reported, field clock, counters), and a world taken on one backend, restored on another,
    /// goes on with the same calls to the same bits as the world it was taken from, every step.
    @Test(arguments: BackendKind.available.filter { $0 == .chipmunk || $0 == .chipmunkShared })
    func nativeSnapshotsAreChipmunks(chipmunk: BackendKind) throws {
        var compared = 0, arbiters = 0, joints = 0
        for run in UInt64(0)..<12 {
            let script = DynamicsScript.random(seed: (run + 41) &* 7919)
            let steps = script.ops.indices.filter { if case .step = script.ops[$0] { true } else { false } }
            var rng = SplitMix64(state: run &+ 99)
            let cut = steps[Int(rng.next() % UInt64(steps.count - 20)) + 10]
            var native = DynamicsScript.Player(try BackendKind.native.make() as! any SnapshotBackend)
            var other = DynamicsScript.Player(try chipmunk.make() as! any SnapshotBackend)
            for n in 0...cut {
                native.apply(script.ops[n], n)
                other.apply(script.ops[n], n)
            }
            let fromNative = try native.worlds.map { try $0.map { try native.backend.snapshot(of: $0) } }
            let fromOther = try other.worlds.map { try $0.map { try other.backend.snapshot(of: $0) } }
            #expect(fromNative == fromOther, "run \(run): native's snapshots are \(chipmunk)'s at op \(cut)")
            for s in fromNative.compactMap({ $0 }) {
                arbiters += s.arbiters.count
                joints += s.constraints.count
            }
            // Each backend's worlds go on in the other kind.
            var onOther = try native.restored(fromNative, into: try chipmunk.make() as! any SnapshotBackend)
            var onNative = try other.restored(fromOther, into: try BackendKind.native.make() as! any SnapshotBackend)
            for n in (cut + 1)..<script.ops.count {
                let op = script.ops[n]
                for player in [0, 1, 2, 3] {
                    switch player {
                    case 0: native.apply(op, n)
                    case 1: other.apply(op, n)
                    case 2: onOther.apply(op, n)
                    default: onNative.apply(op, n)
                    }
                }
                guard case .step = op else { continue }
                let o = try native.snapshots()
                guard try o == other.snapshots(), try o == onOther.snapshots(), try o == onNative.snapshots() else {
                    Issue.record("run \(run): the worlds part at op \(n) (cut at \(cut))")
                    break
                }
                compared += 1
            }
        }
        #expect(
            compared > 1_000 && arbiters > 5 && joints > 5,
            "compared \(compared) steps; \(arbiters) arbiters, \(joints) constraints at the cuts")
    }

    /// A world whose walls were changed, keeping some, holds them in the order they were put in
    /// the space (the kept walls first), which the spatial hash's order follows: a box at rest in
    /// a corner of such a room, snapshot, restored into a fresh backend, goes on bit for bit.
    @Test(arguments: BackendKind.available)
    func keptWallsKeepTheirOrder(kind: BackendKind) throws {
        let room = Wall.edges(of: Rect(x: 0, y: 0, width: 300, height: 600), elasticity: 0.2, friction: 0.8)
        let far = Wall(from: Vector(1000, 1000), to: Vector(1100, 1000))
        let original = try kind.make() as! any SnapshotBackend
        let dynamics = original as! any DynamicsBackend
        let definition = WorldDefinition.box(
            size: Vector(40, 40), density: 1, transform: Transform(position: Vector(100, 400), angle: 0.3), gravity: Vector(-900, 900))
        let world = try original.makeWorld(definition)
        try dynamics.setWalls(room, of: world)
        for _ in 0..<240 { try original.step(by: 1.0 / 60) }
        // Every wall kept, in another order, after a new one: put in the space kept first.
        try dynamics.setWalls([far] + room.reversed(), of: world)
        for _ in 0..<5 { try original.step(by: 1.0 / 60) }
        let taken = try original.snapshot(of: world)
        #expect(taken.arbiters.filter { $0.age == 0 }.count == 2, "the box rests in a corner, touching two walls")
        #expect(taken.wallOrder == [4, 3, 2, 1, 0], "the kept walls in their old order, then the new one")
        let fresh = try kind.make() as! any SnapshotBackend
        let copy = try fresh.restore(taken)
        for n in 0..<120 {
            try original.step(by: 1.0 / 60)
            try fresh.step(by: 1.0 / 60)
            guard try original.snapshot(of: world) == fresh.snapshot(of: copy) else {
                Issue.record("\(kind): the copy parts from the original at step \(n)")
                return
            }
        }
    }
}
