import Fling
import Testing

/// The walls' last cases (docs/DYNAMICS.md, "The sweep" and "Walls that move push"): a room
/// that shrinks keeps what lies in its corners, a box hooked through a corner comes out, and
/// corners of any angle hold what is thrown at them, on every backend, with the same bits on
/// the platform backends.
enum Rooms {
    /// The walls around the convex polygon `vertices` (clockwise on screen, so each wall's
    /// normal points inside), elasticity 0.5, friction 0.3 unless given.
    static func polygon(_ vertices: [Vector], radius: Double = 0, elasticity: Double = 0.5, friction: Double = 0.3) -> [Wall] {
        vertices.indices.map { k in
            Wall(
                from: vertices[k], to: vertices[(k + 1) % vertices.count], radius: radius, elasticity: elasticity, friction: friction)
        }
    }

    /// How far `p` lies outside the convex polygon `vertices` (clockwise on screen): the largest
    /// distance past a side's line (negative inside).
    static func outside(_ p: Vector, _ vertices: [Vector]) -> Double {
        var most = -Double.infinity
        for k in vertices.indices {
            let a = vertices[k], b = vertices[(k + 1) % vertices.count], e = b - a
            // Clockwise on screen (y down): the inside is to the right of a → b, i.e. cross(e, p − a) > 0.
            let inside = e.cross(p - a) / e.length
            most = Swift.max(most, -inside)
        }
        return most
    }

    /// How deep the box of `size` at `state` lies past the polygon's sides: its deepest corner
    /// outside (the test's own geometry, not the library's).
    static func depth(_ state: BodyState, size: Vector, _ vertices: [Vector]) -> Double {
        let (sin, cos) = Portable.sincos(state.angle)
        var deepest = -Double.infinity
        for (sx, sy) in [(1.0, 1.0), (1, -1), (-1, -1), (-1, 1)] {
            let c = Vector(
                state.position.x + cos * sx * size.x / 2 - sin * sy * size.y / 2,
                state.position.y + sin * sx * size.x / 2 + cos * sy * size.y / 2)
            deepest = Swift.max(deepest, outside(c, vertices))
        }
        return deepest
    }

    /// The rectangle's corners, clockwise on screen from the top left.
    static func corners(_ r: Rect) -> [Vector] {
        [Vector(r.minX, r.minY), Vector(r.maxX, r.minY), Vector(r.maxX, r.maxY), Vector(r.minX, r.maxY)]
    }
}

@Suite struct ShrinkingRoomTests {
    /// Which walls close in: the right one, the right one and the floor, or all four.
    enum Closing: CaseIterable { case one, two, four }

    /// The room at fraction `f` of the way from the phone's to the closing's target (the right
    /// wall to x = 150; the floor to y = 150 too; all four to 150 × 150 around (195, 422), or
    /// to `side` × `side`).
    static func room(_ closing: Closing, _ f: Double, side: Double = 150) -> Rect {
        let target: Rect
        switch closing {
        case .one: target = Rect(x: 0, y: 0, width: side, height: 844)
        case .two: target = Rect(x: 0, y: 0, width: side, height: side)
        case .four: target = Rect(x: 195 - side / 2, y: 422 - side / 2, width: side, height: side)
        }
        func mix(_ a: Double, _ b: Double) -> Double { a + (b - a) * f }
        let x0 = mix(0, target.minX), y0 = mix(0, target.minY), x1 = mix(390, target.maxX), y1 = mix(844, target.maxY)
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    struct Item: CustomStringConvertible {
        var size: Vector
        /// Resting in this corner of the phone's room (0 top left, clockwise), or thrown from the centre toward it.
        var corner: Int
        var thrown: Bool
        var description: String { "\(size) \(thrown ? "thrown toward" : "resting in") corner \(corner)" }
    }

    static let items: [Item] = {
        var all: [Item] = []
        for side in [0.5, 5, 20, 100] {
            for size in side < 2 ? [Vector(side, side)] : [Vector(side, side), Vector(side, side / 4)] {
                for corner in 0..<4 {
                    for thrown in [false, true] { all.append(Item(size: size, corner: corner, thrown: thrown)) }
                }
            }
        }
        return all
    }()

    struct Outcome {
        var outside: [String] = []
        var deep: [String] = []
        var digest = StateDigest()
    }

    /// Every item, each in its own world, while the walls close in over `steps` steps (1: one
    /// jump), then 2 s more: every step, each centre must be inside the room; at the end, each
    /// box must lie in no wall deeper than twice the slop (the contacts' tail).
    static func close(
        _ backend: any DynamicsBackend, _ closing: Closing, steps: Int, items: [Item] = items, side: Double = 150
    ) throws -> Outcome {
        var worlds: [WorldID] = []
        for item in items {
            let c = Rooms.corners(phone)[item.corner]
            let toward = Vector(c.x < 195 ? -1 : 1, c.y < 422 ? -1 : 1)
            let start =
                item.thrown ? Vector(195, 422) : Vector(c.x - toward.x * (item.size.x / 2 + 1), c.y - toward.y * (item.size.y / 2 + 1))
            let w = try backend.makeWorld(
                .box(size: item.size, density: 1, transform: Transform(position: start), gravity: toward * 1_500))
            try backend.setWalls(Wall.edges(of: phone, elasticity: 0.3, friction: 0.5), of: w)
            try backend.setItemProperties(ItemProperties(elasticity: 0.5, friction: 0.4), of: w)
            if item.thrown { try backend.setVelocity(of: w, linear: toward * 2_000, angular: 7) }
            worlds.append(w)
        }
        for _ in 0..<60 { try backend.step(by: 1.0 / 60) }
        var outcome = Outcome()
        for step in 1...(steps + 120) {
            let r = room(closing, Swift.min(Double(step) / Double(steps), 1), side: side)
            if step <= steps { for w in worlds { try backend.setWalls(Wall.edges(of: r, elasticity: 0.3, friction: 0.5), of: w) } }
            try backend.step(by: 1.0 / 60)
            for (k, w) in worlds.enumerated() {
                let s = try backend.state(of: w)
                outcome.digest.combine(s)
                if Rooms.outside(s.position, Rooms.corners(r)) >= 0 {
                    outcome.outside.append("step \(step): \(items[k]) at \(s.position), room \(r)")
                }
                if step == steps + 120 {
                    let d = Rooms.depth(s, size: items[k].size, Rooms.corners(r))
                    if d > 0.2 { outcome.deep.append("\(items[k]) \(d) pt deep at \(s.position)") }
                }
            }
        }
        return outcome
    }

    /// Paces of 0.95 to 60 pt a tick (the right wall's travel, 240 pt, over that many steps) and one jump.
    static let paces: [(name: String, steps: Int)] = [("0.95", 253), ("4.9", 49), ("20", 12), ("60", 4), ("a jump", 1)]

    @Test(arguments: BackendKind.available)
    func aShrinkingRoomKeepsWhatLiesInItsCorners(kind: BackendKind) throws {
        var outside: [String] = [], deep: [String] = []
        for closing in Closing.allCases {
            for pace in Self.paces {
                let o = try Self.close(kind.make(), closing, steps: pace.steps)
                outside += o.outside.map { "\(closing) at \(pace.name): \($0)" }
                deep += o.deep.map { "\(closing) at \(pace.name): \($0)" }
            }
        }
        #expect(outside.isEmpty, "\(outside.count): \(outside.prefix(4))")
        #expect(deep.isEmpty, "\(deep.count): \(deep.prefix(4))")
    }

    /// A room that closes smaller than its item (all four walls to 60 × 60 around a 100 × 100
    /// and a 100 × 25 item, resting in each corner and thrown): the walls push it as far as they
    /// can without its centre crossing another wall, so its centre stays inside at every step,
    /// and the box is squeezed into the walls (deeper than the slop: it cannot fit).
    @Test(arguments: BackendKind.available)
    func aRoomSmallerThanItsItemSqueezesItInside(kind: BackendKind) throws {
        let big = Self.items.filter { $0.size.x == 100 }
        var outside: [String] = []
        for pace in Self.paces {
            let o = try Self.close(kind.make(), .four, steps: pace.steps, items: big, side: 60)
            outside += o.outside.map { "at \(pace.name): \($0)" }
            #expect(o.deep.count == big.count, "at \(pace.name): squeezed, \(o.deep.count) of \(big.count) deeper than 0.2 pt")
        }
        #expect(outside.isEmpty, "\(outside.count): \(outside.prefix(4))")
    }

    /// The platform backends (native and Chipmunk, or native on one thread and on two) give the
    /// same bits while every closing moves the walls, at 4.9 pt a tick and in one jump.
    @Test func platformBackendsKeepTheSameBits() throws {
        for closing in Closing.allCases {
            for steps in [49, 1] {
                let digests = try BackendChoice.platformPair.map {
                    try Self.close(#require($0.make(10) as? any DynamicsBackend), closing, steps: steps).digest
                }
                #expect(digests.count == 2 && digests[0] == digests[1], "\(closing), \(steps) steps")
            }
        }
    }
}

@Suite struct AngledRoomTests {
    /// Rooms with 30°, 60°, 90° and 120° corners, about the phone's size, clockwise on screen.
    static let rooms: [(name: String, vertices: [Vector])] = {
        let c = Vector(195, 422)
        func regular(_ n: Int, radius: Double, phase: Double) -> [Vector] {
            (0..<n).map { k in
                let a = phase + 2 * Double.pi * Double(k) / Double(n)
                return Vector(c.x + radius * Portable.cos(a), c.y + radius * Portable.sin(a))
            }
        }
        return [
            ("triangle 60°", regular(3, radius: 220, phase: -Double.pi / 2)),
            ("triangle 30° 60° 90°", [Vector(40, 200), Vector(350, 200), Vector(40, 200 + 310 * 3.0.squareRoot())]),
            ("hexagon 120°", regular(6, radius: 190, phase: 0)),
            (
                "rhombus 60° 120°",
                [
                    Vector(195, 100), Vector(195 + 170, 100 + 170 * 3.0.squareRoot()), Vector(195, 100 + 340 * 3.0.squareRoot()),
                    Vector(195 - 170, 100 + 170 * 3.0.squareRoot()),
                ]
            ),
        ]
    }()

    struct Throw: CustomStringConvertible {
        var size: Vector, speed: Double, spin: Double, vertex: Int
        /// Instead of a throw from the centroid, a move from this far before the vertex that ends on
        /// it, moved by this many ulps.
        var aim: (distance: Double, ulps: Int)? = nil
        var description: String {
            "size \(size) \(aim.map { _ in "aimed to end on" } ?? "thrown at \(speed) pt/s, spin \(spin), at") vertex \(vertex)"
                + (aim.map { " from \($0.distance) pt, \($0.ulps) ulps" } ?? "")
        }
    }

    static func centroid(_ v: [Vector]) -> Vector {
        v.reduce(Vector.zero) { $0 + $1 } * (1 / Double(v.count))
    }

    static func throws_(_ vertices: [Vector]) -> [Throw] {
        var all: [Throw] = []
        for vertex in vertices.indices {
            for long in [1.0, 5, 20, 60] {
                for aspect in [1.0, 4] {
                    for speed in [1_000.0, 5_000, 20_000] {
                        for spin in [0.0, 40] {
                            all.append(Throw(size: Vector(long, Swift.max(long / aspect, 1)), speed: speed, spin: spin, vertex: vertex))
                        }
                    }
                }
            }
            for distance in [10.0, 60] {
                for ulps in -2...2 { all.append(Throw(size: Vector(20, 12), speed: 0, spin: 0, vertex: vertex, aim: (distance, ulps))) }
            }
        }
        return all
    }

    struct Outcome {
        var frozen: [String] = []
        var outside: [String] = []
        var hooked: [String] = []
        var digest = StateDigest()
    }

    /// The throws in the room, 10 s with gravity 2,000 pt/s² down: a centre the same to the bit
    /// 3 steps in a row above 100 pt/s is frozen; one outside the room at any step is outside;
    /// a box still (10 pt/s, 0.05 rad/s) for 2.5 s deeper than 0.101 pt in a wall is hooked.
    static func run(_ backend: any DynamicsBackend, _ vertices: [Vector], _ throws_: [Throw], steps: Int = 600) throws -> Outcome {
        let walls = Rooms.polygon(vertices)
        let c = centroid(vertices)
        var worlds: [WorldID] = []
        for t in throws_ {
            let v = vertices[t.vertex]
            let toward = (v - c) * (1 / (v - c).length)
            var start = c, velocity = toward * t.speed
            if let aim = t.aim {
                let d = toward * aim.distance
                start = Vector((v.x - d.x).advanced(ulps: aim.ulps), (v.y - d.y).advanced(ulps: -aim.ulps))
                velocity = d * 60
            }
            let w = try backend.makeWorld(
                .box(size: t.size, density: 1, transform: Transform(position: start), gravity: Vector(0, 2_000)))
            try backend.setWalls(walls, of: w)
            try backend.setItemProperties(ItemProperties(elasticity: 0.8, friction: 0.6), of: w)
            try backend.setVelocity(of: w, linear: velocity, angular: t.spin)
            worlds.append(w)
        }
        var outcome = Outcome()
        var watch = FreezeWatch(count: worlds.count)
        var still = [Int](repeating: 0, count: worlds.count)
        var hooked = [Bool](repeating: false, count: worlds.count), out = hooked
        for step in 1...steps {
            try backend.step(by: 1.0 / 60)
            for (k, w) in worlds.enumerated() {
                let s = try backend.state(of: w)
                outcome.digest.combine(s)
                if watch.froze(k, s) { outcome.frozen.append("step \(step): \(throws_[k]) at \(s.position) v \(s.velocity)") }
                if Rooms.outside(s.position, vertices) >= 0 && !out[k] {
                    out[k] = true
                    outcome.outside.append("step \(step): \(throws_[k]) at \(s.position)")
                }
                still[k] = s.velocity.length <= 10 && abs(s.angularVelocity) <= 0.05 ? still[k] + 1 : 0
                let depth = Rooms.depth(s, size: throws_[k].size, vertices)
                if still[k] >= 150 && depth > WallOverlapAllowance.resting && !hooked[k] {
                    hooked[k] = true
                    outcome.hooked.append("step \(step): \(throws_[k]) still 2.5 s \(depth) pt deep at \(s.position)")
                }
            }
        }
        return outcome
    }

    /// The platform backends give the same bits in every room (every third throw, 4 s).
    @Test func platformBackendsKeepTheSameBits() throws {
        for room in Self.rooms {
            let some = Self.throws_(room.vertices).enumerated().filter { $0.offset % 3 == 0 }.map(\.element)
            let digests = try BackendChoice.platformPair.map {
                try Self.run(#require($0.make(10) as? any DynamicsBackend), room.vertices, some, steps: 240).digest
            }
            #expect(digests.count == 2 && digests[0] == digests[1], "\(room.name)")
        }
    }

    @Test(arguments: BackendKind.available)
    func cornersOfAnyAngleHoldWhatIsThrownAtThem(kind: BackendKind) throws {
        for room in Self.rooms {
            let outcome = try Self.run(kind.make(), room.vertices, Self.throws_(room.vertices))
            #expect(outcome.frozen.isEmpty, "\(room.name): \(outcome.frozen.count) froze: \(outcome.frozen.prefix(3))")
            #expect(outcome.outside.isEmpty, "\(room.name): \(outcome.outside.count) outside: \(outcome.outside.prefix(3))")
            #expect(outcome.hooked.isEmpty, "\(room.name): \(outcome.hooked.count) hooked: \(outcome.hooked.prefix(3))")
        }
    }
}

extension Double {
    /// This value moved by `ulps` units in the last place (toward +∞ for positive `ulps`).
    fileprivate func advanced(ulps: Int) -> Double {
        var x = self
        for _ in 0..<ulps.magnitude { x = ulps > 0 ? x.nextUp : x.nextDown }
        return x
    }
}

/// Nothing stays hooked (docs/DYNAMICS.md, "The sweep"): planks of aspect 9 to 40 pushed at
/// 30,000 pt/s and flicked at 3,000 and 12,000 pt/s into every corner of a 150 × 150 room (and
/// the longest into the phone's), elasticity 0.6, friction 1: each comes to rest within 10 s,
/// no deeper than 0.101 pt, and none stays still 2.5 s deeper than that (`StillWatch`).
@Suite struct HookedPlankTests {
    static let small = Rect(x: 0, y: 0, width: 150, height: 150)
    static let planks: [(size: Vector, room: Rect)] = [
        (Vector(88, 10), small), (Vector(134, 9), small), (Vector(120, 3), small), (Vector(40, 1), small), (Vector(60, 6), small),
        (Vector(288, 7), phone), (Vector(200, 5), phone),
    ]

    static func animator(_ kind: BackendKind, _ size: Vector, _ room: Rect) throws -> TileAnimator {
        var configuration = TileConfiguration()
        configuration.dynamics.translatesReferenceBoundsIntoBoundary = true
        configuration.dynamics.itemProperties = ItemProperties(elasticity: 0.6, friction: 1)
        configuration.releaseRule = .alwaysFall
        let frame = Rect(x: room.center.x - size.x / 2, y: room.center.y - size.y / 2, width: size.x, height: size.y)
        return try TileAnimator(
            viewport: room, tiles: [TileDefinition(id: 1, frame: frame)], configuration: configuration, backend: kind.make())
    }

    static func gestures(_ kind: BackendKind) throws -> RestWhereItFitsTests.Outcome {
        var outcome = RestWhereItFitsTests.Outcome()
        for (size, room) in planks {
            let center = Vector(room.center.x, room.center.y)
            for corner in Rooms.corners(room) {
                let toward = (corner - center) * (1 / (corner - center).length)
                // Pushed: let go where it lies, then an impulse that sets it moving at 30,000 pt/s.
                var a = try animator(kind, size, room)
                var watch = StillWatch(a, size: size)
                try a.handle(TouchEvent(time: 0.05, touch: 1, phase: .began, position: center))
                try a.handle(TouchEvent(time: 0.1, touch: 1, phase: .ended, position: center))
                try watch.run(a, frames: 1...12)
                let mass = try a.state(of: 1).definition.mass
                try a.applyPush(Push(toward * (30_000 * mass)), to: 1)
                try watch.run(a, frames: 13...613)
                outcome.watches.append(("\(size) in \(room.width) × \(room.height) pushed toward \(corner)", watch))
                for speed in [3_000.0, 12_000] {
                    a = try animator(kind, size, room)
                    watch = StillWatch(a, size: size)
                    try a.handle(TouchEvent(time: 0.05, touch: 1, phase: .began, position: center))
                    for n in 1...4 {
                        let t = Double(n) / 240
                        try a.handle(TouchEvent(time: 0.05 + t, touch: 1, phase: .moved, position: center + toward * (speed * t)))
                    }
                    try a.handle(TouchEvent(time: 0.05 + 4.0 / 240, touch: 1, phase: .ended, position: center + toward * (speed * 4 / 240)))
                    try watch.run(a, frames: 4...604)
                    outcome.watches.append(("\(size) in \(room.width) × \(room.height) flicked at \(speed) pt/s toward \(corner)", watch))
                }
            }
        }
        return outcome
    }

    @Test(arguments: BackendKind.available)
    func noPlankStaysHookedInACorner(kind: BackendKind) throws {
        let outcome = try Self.gestures(kind)
        #expect(outcome.watches.count == Self.planks.count * 4 * 3)
        #expect(outcome.hooked.isEmpty, "\(outcome.hooked.count): \(outcome.hooked.prefix(4))")
        #expect(outcome.deep.isEmpty, "\(outcome.deep.count): \(outcome.deep.prefix(4))")
        #expect(outcome.never.isEmpty, "\(outcome.never.count): \(outcome.never.prefix(4))")
    }
}
