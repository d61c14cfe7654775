import Fling
import Testing
@testable import FlingTestSupport

/// Changing a world's walls keeps what stays: the walls in both lists (the same to the bit:
/// ends, radius, material) keep their contacts with the item, as Chipmunk keeps the arbiters of
/// the shapes it is not told to remove; the others start afresh. Both backends, both Chipmunk
/// layouts, the same bits.
@Suite struct WallChangeTests {
    static let room = Wall.edges(of: Rect(x: 0, y: 0, width: 390, height: 844), elasticity: 0.4, friction: 0.7)

    /// Two tiles in two rooms, the same in every way, come to rest on the floor; then one
    /// room's top wall moves up (the tile does not touch it). Neither tile moves: both stay,
    /// bit for bit, where they are, and equal to each other, step after step; and the change
    /// begins no contact.
    @Test(arguments: BackendKind.available)
    func movingAWallTheItemDoesNotTouchMovesNothing(kind: BackendKind) throws {
        let backend = try kind.make(solverIterations: 10)
        func tile() throws -> WorldID {
            let w = try backend.makeWorld(
                .box(
                    size: Vector(100, 80), density: 1, transform: Transform(position: Vector(150, 700), angle: 0.2),
                    gravity: Vector(0, 2000)))
            try backend.setWalls(Self.room, of: w)
            try backend.setItemProperties(ItemProperties(elasticity: 0.2, friction: 0.5), of: w)
            return w
        }
        let still = try tile(), changed = try tile()
        for _ in 0..<240 { try backend.step(by: 1.0 / 60) }
        let rest = try backend.state(of: still)
        #expect(rest.position.y > 780 && abs(rest.velocity.y) < 5, "at rest on the floor: \(rest)")
        var moved = Self.room
        moved[0] = Wall(from: Vector(0, -100), to: Vector(390, -100), elasticity: 0.4, friction: 0.7)
        try backend.setWalls(moved, of: changed)
        for step in 0..<120 {
            try backend.step(by: 1.0 / 60)
            let a = try backend.state(of: still), b = try backend.state(of: changed)
            #expect(bits(a) == bits(b), "step \(step): \(a) against \(b)")
            #expect(try backend.contacts(of: changed) == backend.contacts(of: still), "step \(step)")
            if bits(a) != bits(b) { break }
        }
    }

    static func bits(_ s: BodyState) -> [UInt64] {
        [s.position.x, s.position.y, s.angle, s.velocity.x, s.velocity.y, s.angularVelocity].map(\.bitPattern)
    }
    func bits(_ s: BodyState) -> [UInt64] { Self.bits(s) }

    #if Chipmunk
    /// Boxes thrown about rooms whose walls change every few steps (a wall moved, the list
    /// reordered, walls added and removed, the same list with a −0, all walls gone and back):
    /// native equals Chipmunk in one space per world and in one shared space, bit for bit at
    /// every tick, contact events included.
    @Test(arguments: 0..<2)
    func wallChangesAgreeAcrossBackends(batch: Int) throws {
        var contacts = 0
        for seed in UInt64(batch * 6)..<UInt64(batch * 6 + 6) {
            var rng = SplitMix64(state: seed &* 0x9E37_79B9)
            func r(_ range: ClosedRange<Double>) -> Double { Double.random(in: range, using: &rng) }
            var script = DynamicsScript()
            var lists: [[Wall]] = []
            for k in 0..<4 {
                script.ops.append(
                    .make(
                        .box(
                            size: Vector(r(20...150), r(20...150)), density: 1,
                            transform: Transform(position: Vector(r(100...290), r(200...700))),
                            gravity: Vector(0, 2000))))
                let list = Wall.edges(of: Rect(x: 0, y: 0, width: 390, height: 844), elasticity: r(0...1), friction: r(0...1))
                lists.append(list)
                script.ops.append(.walls(k, list))
                script.ops.append(.properties(k, ItemProperties(elasticity: r(0...1), friction: r(0...1))))
                script.ops.append(.velocity(k, Vector(r(-1_500...1_500), r(-1_500...1_500)), r(-10...10)))
            }
            for t in 0..<360 {
                if t % 15 == 7 {
                    let k = Int(rng.next() % 4)
                    var list = lists[k]
                    switch list.isEmpty ? 4 : rng.next() % 6 {
                    case 0: list[Int(rng.next() % UInt64(list.count))].start.y += r(-30...30)  // a wall moved
                    case 1: list.shuffle(using: &rng)  // the same walls, reordered
                    case 2: list.append(Wall(from: Vector(r(0...390), r(0...844)), to: Vector(r(0...390), r(0...844)), radius: r(0...5)))
                    case 3: if list.count > 1 { list.remove(at: Int(rng.next() % UInt64(list.count))) }
                    case 4: list = list.isEmpty ? Self.room : []  // all gone, or back
                    default:
                        // A wall whose end is −0 where it was +0: not the same wall.
                        list = list.map { w in
                            var w = w
                            if w.start.x == 0 { w.start.x = -0.0 } else if w.start.x.bitPattern == (-0.0).bitPattern { w.start.x = 0 }
                            return w
                        }
                        list.append(Wall(from: Vector(10, 10), to: Vector(380, 20)))
                    }
                    lists[k] = list
                    script.ops.append(.walls(k, list))
                }
                if t % 40 == 21 { script.ops.append(.velocity(t % 4, Vector(r(-2_000...2_000), r(-2_000...0)), r(-5...5))) }
                script.ops.append(.step(1.0 / 60))
            }
            let result = try ParityTests.dynamicsParity(script, "wall changes, seed \(seed)")
            contacts += result.contactCount
        }
        #expect(contacts > 50)
    }
    #endif
}
