import Fling
import Testing

/// At rest where it lies: a tile inside walls comes to rest only once the contacts no longer
/// push it out, so it lies in no wall deeper than the collision slop (0.1 pt) and the rule's
/// 10⁻³ pt, for every elasticity and friction, on every backend.
@Suite struct RestInWallsTests {
    /// How deep the box at `state` lies beyond the phone's edges (radius 0): the deepest corner
    /// past any edge's line.
    static func overlap(_ state: BodyState, width: Double, height: Double) -> Double {
        let (sin, cos) = Portable.sincos(state.angle)
        var deepest = -Double.infinity
        for (sx, sy) in [(1.0, 1.0), (1, -1), (-1, -1), (-1, 1)] {
            let x = state.position.x + cos * sx * width / 2 - sin * sy * height / 2
            let y = state.position.y + sin * sx * width / 2 + cos * sy * height / 2
            deepest = max(deepest, -x, x - phone.maxX, -y, y - phone.maxY)
        }
        return deepest
    }

    /// A 100 × 70 tile flicked up and right in the phone's room, with each elasticity and
    /// friction: where it comes to rest (nil if it does not within 30 s) and its overlap there.
    static func rest(_ kind: BackendKind, elasticity: Double, friction: Double) throws -> (tick: Int, overlap: Double)? {
        var room = TileConfiguration()
        room.dynamics.translatesReferenceBoundsIntoBoundary = true
        room.dynamics.itemProperties = ItemProperties(elasticity: elasticity, friction: friction)
        room.releaseRule = .alwaysFall
        let a = try TileAnimator(
            viewport: phone, tiles: [TileDefinition(id: 1, frame: Rect(x: 145, y: 387, width: 100, height: 70))],
            configuration: room, backend: kind.make())
        let start = Vector(195, 422), velocity = Vector(900, -1_500)
        try a.handle(TouchEvent(time: 0.05, touch: 1, phase: .began, position: Vector(215, 432)))
        for n in 1...4 {
            try a.handle(
                TouchEvent(time: 0.05 + Double(n) / 120, touch: 1, phase: .moved, position: start + velocity * (Double(n) / 120)))
        }
        try a.handle(TouchEvent(time: 0.05 + 4.0 / 120, touch: 1, phase: .ended, position: start + velocity * (4.0 / 120)))
        for frame in 4...1_800 {
            for event in try a.advance(to: Double(frame) / 60) where event.kind == .cameToRest {
                return (event.tick, overlap(try a.snapshot(of: 1).state, width: 100, height: 70))
            }
        }
        return nil
    }

    /// Every elasticity and friction from 0 to 1. A tile with friction comes to rest within
    /// 30 s (elasticity 1 with the edges' 1 keeps every bounce; without friction a tile slides
    /// from wall to wall, losing speed only at each, for longer): at rest, its deepest overlap
    /// is at most the slop and 10⁻³ pt, and it touches the floor.
    @Test(arguments: BackendKind.available)
    func aTileAtRestLiesInNoWallDeeperThanTheSlop(kind: BackendKind) throws {
        var rested = 0
        for elasticity in [0.0, 0.3, 0.6, 0.9, 1] {
            for friction in [0.0, 0.5, 1] {
                let rest = try Self.rest(kind, elasticity: elasticity, friction: friction)
                if elasticity < 1 && friction > 0 { #expect(rest != nil, "e \(elasticity) u \(friction): never came to rest") }
                guard let rest else { continue }
                rested += 1
                #expect(
                    rest.overlap <= 0.1 + 1e-3, "e \(elasticity) u \(friction): at rest at tick \(rest.tick) \(rest.overlap) pt deep")
                #expect(
                    rest.overlap > -1e-3, "e \(elasticity) u \(friction): at rest at tick \(rest.tick) off the walls by \(-rest.overlap)")
            }
        }
        #expect(rested >= 8, "\(rested) of 15 came to rest")
    }
}

/// At rest only where physics puts it (docs/DYNAMICS.md, "At rest where it lies"): a tile that
/// fits its room (both sides shorter than the room's smaller side) never comes to rest deeper
/// than 0.101 pt in a wall, after flicks at walls and corners, drags held past a corner at any
/// acceleration setting, and pushes; a tile that cannot fit has its own rule, tested on its own.
@Suite struct RestWhereItFitsTests {
    static let sizes = [Vector(110, 20), Vector(304, 100), Vector(60, 60), Vector(20, 200), Vector(8, 160)]

    /// The phone's room, tiles falling when released, rest rule on.
    static func animator(_ kind: BackendKind, _ size: Vector, acceleration: Double = 50_000) throws -> TileAnimator {
        var room = TileConfiguration()
        room.dynamics.translatesReferenceBoundsIntoBoundary = true
        room.dynamics.itemProperties = ItemProperties(elasticity: 0.3, friction: 0.5)
        room.releaseRule = .alwaysFall
        room.drag.dragMaxAcceleration = acceleration
        let frame = Rect(x: 195 - size.x / 2, y: 422 - size.y / 2, width: size.x, height: size.y)
        return try TileAnimator(viewport: phone, tiles: [TileDefinition(id: 1, frame: frame)], configuration: room, backend: kind.make())
    }

    /// Runs to 10 s after the release at `frame`: the depth at the tile's rest (nil if it
    /// never rested).
    static func restDepth(_ a: TileAnimator, _ size: Vector, from frame: Int) throws -> Double? {
        for f in frame...(frame + 600) {
            for event in try a.advance(to: Double(f) / 60) where event.kind == .cameToRest {
                return RestInWallsTests.overlap(try a.snapshot(of: 1).state, width: size.x, height: size.y)
            }
        }
        return nil
    }

    /// Every size flicked at 1,000 to 4,000 pt/s in 12 directions; every size dragged to each
    /// corner and 200 pt past it, held there, and let go, at accelerations 5,000 to 500,000
    /// pt/s²; every size pushed by an impulse into each corner: each rests within 10 s of its
    /// release, and no deeper than 0.101 pt.
    @Test(arguments: BackendKind.available)
    func aTileThatFitsRestsInNoWall(kind: BackendKind) throws {
        var deep: [String] = [], rests = 0
        func check(_ depth: Double?, _ what: String) {
            guard let depth else { return deep.append("\(what): never at rest") }
            rests += 1
            if depth > 0.101 { deep.append("\(what): at rest \(depth) pt deep") }
        }
        for size in Self.sizes {
            for speed in [1_000.0, 4_000] {
                for direction in stride(from: 5.0, to: 360, by: 30) {
                    let a = try Self.animator(kind, size)
                    let start = Vector(197, 430), radians = direction * .pi / 180
                    let velocity = Vector(speed * Portable.cos(radians), speed * Portable.sin(radians))
                    try a.handle(TouchEvent(time: 0.05, touch: 1, phase: .began, position: start))
                    for n in 1...4 {
                        let t = Double(n) / 120
                        try a.handle(TouchEvent(time: 0.05 + t, touch: 1, phase: .moved, position: start + velocity * t))
                    }
                    try a.handle(TouchEvent(time: 0.05 + 4.0 / 120, touch: 1, phase: .ended, position: start + velocity * (4.0 / 120)))
                    check(try Self.restDepth(a, size, from: 4), "\(size) flicked at \(speed) pt/s, \(direction)°")
                }
            }
            for acceleration in [5_000.0, 50_000, 500_000] {
                for corner in [Vector(-200, -200), Vector(590, -200), Vector(590, 1_044), Vector(-200, 1_044)] {
                    let a = try Self.animator(kind, size, acceleration: acceleration)
                    let start = Vector(195, 422)
                    try a.handle(TouchEvent(time: 0.05, touch: 1, phase: .began, position: start))
                    for n in 1...30 {
                        let t = Double(n) / 30
                        try a.handle(TouchEvent(time: 0.05 + t * 0.5, touch: 1, phase: .moved, position: start + (corner - start) * t))
                    }
                    try a.handle(TouchEvent(time: 1.2, touch: 1, phase: .moved, position: corner))
                    try a.handle(TouchEvent(time: 1.25, touch: 1, phase: .ended, position: corner))
                    check(try Self.restDepth(a, size, from: 75), "\(size) dragged past \(corner) at \(acceleration) pt/s²")
                }
            }
            for corner in [Vector(-1, -1), Vector(1, -1), Vector(1, 1), Vector(-1, 1)] {
                let a = try Self.animator(kind, size)
                try a.handle(TouchEvent(time: 0.05, touch: 1, phase: .began, position: Vector(195, 422)))
                try a.handle(TouchEvent(time: 0.1, touch: 1, phase: .ended, position: Vector(195, 422)))
                _ = try a.advance(to: 0.2)
                try a.applyPush(
                    .uikit(angle: corner.y > 0 ? (corner.x > 0 ? 0.8 : 2.3) : (corner.x > 0 ? -0.8 : -2.3), magnitude: 6_000), to: 1)
                check(try Self.restDepth(a, size, from: 13), "\(size) pushed toward \(corner)")
            }
        }
        #expect(deep.isEmpty, "\(deep.count) of \(rests + deep.count): \(deep.prefix(4))")
        #expect(rests == Self.sizes.count * (24 + 12 + 4))
    }

    /// A tile that cannot fit (longer than the room's diagonal, 930 pt, so no turn frees it)
    /// wedges between the side walls: it lies where it is once still for ten times the rule's
    /// ticks, however deep the walls hold it.
    @Test(arguments: BackendKind.available)
    func aTileThatCannotFitLiesWhereItWedges(kind: BackendKind) throws {
        let size = Vector(1_000, 40)
        let a = try Self.animator(kind, size)
        try a.handle(TouchEvent(time: 0.05, touch: 1, phase: .began, position: Vector(195, 422)))
        try a.handle(TouchEvent(time: 0.1, touch: 1, phase: .ended, position: Vector(195, 422)))
        var restTick: Int?
        for f in 7...1_200 where restTick == nil {
            for event in try a.advance(to: Double(f) / 60) where event.kind == .cameToRest { restTick = event.tick }
        }
        let tick = try #require(restTick, "a wedged tile comes to rest")
        let depth = RestInWallsTests.overlap(try a.snapshot(of: 1).state, width: size.x, height: size.y)
        #expect(depth > 1, "wedged: \(depth) pt past a wall")
        #expect(tick >= 10 * TileConfiguration.RestThresholds().ticks)
    }
}
