import Fling
import Testing

/// Nothing frozen against a wall: an item thrown into walls and corners, at any speed, size,
/// aspect and spin, never keeps its centre to the bit for three steps in a row while it moves
/// faster than 100 pt/s, and comes to rest in a closed room with gravity (docs/DYNAMICS.md,
/// "The sweep"). With the sweep that kept the velocity into the wall, a body whose contact gave
/// no normal impulse crossed again on the next move and was put back at the same point.
@Suite struct WallFreezeTests {
    struct Throw: CustomStringConvertible {
        var size: Vector, speed: Double, direction: Double, spin: Double, radius: Double
        var description: String { "size \(size) speed \(speed) direction \(direction) spin \(spin) radius \(radius)" }
    }

    /// Throws from the phone's centre at walls and corners: long sides 5 to 300 pt with aspects
    /// 1 to 20, speeds 1,000 to 20,000 pt/s, aimed at the right wall, the bottom-right corner and
    /// the floor (0° to 90°, the room's symmetry covers the rest), spins 0 to 1,000 rad/s, walls
    /// of radius 0 and 8.
    static let throws_: [Throw] = {
        var all: [Throw] = []
        for radius in [0.0, 8] {
            for long in [5.0, 40, 110, 300] {
                for aspect in [1.0, 5, 20] {
                    for speed in [1_000.0, 3_000, 8_000, 20_000] {
                        for degrees in stride(from: 0.0, through: 90, by: 15) {
                            for spin in [0.0, 37, 1_000] {
                                all.append(
                                    Throw(
                                        size: Vector(long, Swift.max(long / aspect, 1)), speed: speed,
                                        direction: degrees * .pi / 180, spin: spin, radius: radius))
                            }
                        }
                    }
                }
            }
        }
        return all
    }()

    /// Steps every throw for 10 s in the phone's room (elasticity 0.5 and friction 0.3, gravity
    /// 2,000 pt/s² down): the throws that froze (centre equal to the bit for 3 steps in a row
    /// at more than 100 pt/s) and those still moving at the end.
    static func run(_ kind: BackendKind, _ throws_: ArraySlice<Throw>) throws -> (frozen: [String], moving: [String]) {
        let backend = try kind.make()
        var worlds: [WorldID] = []
        for t in throws_ {
            let w = try backend.makeWorld(
                .box(size: t.size, density: 1, transform: Transform(position: Vector(195, 422)), gravity: Vector(0, 2_000)))
            try backend.setWalls(Wall.edges(of: phone, radius: t.radius, elasticity: 0.5, friction: 0.3), of: w)
            try backend.setItemProperties(ItemProperties(elasticity: 0.8, friction: 0.6), of: w)
            try backend.setVelocity(
                of: w, linear: Vector(t.speed * Portable.cos(t.direction), t.speed * Portable.sin(t.direction)), angular: t.spin)
            worlds.append(w)
        }
        var last = [Vector](repeating: Vector(.nan, .nan), count: worlds.count)
        var same = [Int](repeating: 0, count: worlds.count)
        var frozen: [String] = [], isFrozen = [Bool](repeating: false, count: worlds.count)
        for step in 1...600 {
            try backend.step(by: 1.0 / 60)
            for (k, w) in worlds.enumerated() {
                let s = try backend.state(of: w)
                let p = s.position
                let unchanged = p.x.bitPattern == last[k].x.bitPattern && p.y.bitPattern == last[k].y.bitPattern
                same[k] = unchanged && s.velocity.length > 100 ? same[k] + 1 : 0
                if same[k] >= 2 && !isFrozen[k] {
                    isFrozen[k] = true
                    frozen.append("step \(step): \(throws_[throws_.startIndex + k]) at \(p) v \(s.velocity) w \(s.angularVelocity)")
                }
                last[k] = p
            }
        }
        var moving: [String] = []
        for (k, w) in worlds.enumerated() {
            let s = try backend.state(of: w)
            if s.velocity.length > 1 { moving.append("\(throws_[throws_.startIndex + k]): at \(s.position) v \(s.velocity)") }
        }
        return (frozen, moving)
    }

    @Test(arguments: BackendKind.available)
    func nothingThrownFreezesAgainstAWall(kind: BackendKind) throws {
        let (frozen, moving) = try Self.run(kind, Self.throws_[...])
        #expect(frozen.isEmpty, "\(frozen.count) of \(Self.throws_.count) froze: \(frozen.prefix(3))")
        #expect(moving.isEmpty, "\(moving.count) of \(Self.throws_.count) still moving at 10 s: \(moving.prefix(3))")
    }
}
