import Fling
import Testing

/// Moving walls push (docs/DYNAMICS.md, "Walls that move"): a wall moved between steps by
/// `setWalls` pushes the box it moves into ahead of it, and never passes through one, resting
/// or moving, at up to 20 pt per tick and beyond; the platform backends keep the same bits.
@Suite struct WallMotionTests {
    /// The phone's room with its left wall at `left`, its floor at `floor`, its right wall at
    /// `right` and its ceiling at `top` (the edges' order of `Wall.edges`: top, right, bottom, left).
    static func room(left: Double = 0, top: Double = 0, right: Double = 390, floor: Double = 844) -> [Wall] {
        Wall.edges(of: Rect(x: left, y: top, width: right - left, height: floor - top), elasticity: 0.3, friction: 0.5)
    }

    /// Tiles of these sizes, side by side, dropped in the phone's room and left to rest for 2 s.
    static func restingTiles(_ backend: any DynamicsBackend, sizes: [Vector]) throws -> [WorldID] {
        var worlds: [WorldID] = []
        for (k, size) in sizes.enumerated() {
            let x = 60 + Double(k) * 300 / Double(Swift.max(sizes.count - 1, 1))
            let w = try backend.makeWorld(
                .box(size: size, density: 1, transform: Transform(position: Vector(x, 700)), gravity: Vector(0, 2_000)))
            try backend.setWalls(room(), of: w)
            try backend.setItemProperties(ItemProperties(elasticity: 0.2, friction: 0.4), of: w)
            worlds.append(w)
        }
        for _ in 0..<120 { try backend.step(by: 1.0 / 60) }
        return worlds
    }

    static let sizes = [Vector(20, 20), Vector(100, 40), Vector(8, 60)]

    /// A motion's run: its digest, and what went wrong (a centre on the wrong side of a moving
    /// wall at a step, a tile not carried where the wall left it).
    struct Run {
        var digest = StateDigest()
        var passed: [String] = []
        var notCarried: [String] = []
        /// The tiles (by index) that were ever on the wrong side.
        var tilesPassed: Set<Int> = []
    }

    /// The left wall slides right by `perTick` points a tick into tiles resting on the floor,
    /// to x = 330: every tile's centre stays right of it at every step, and every tile is
    /// carried (it ends right of where the wall stopped).
    static func slide(_ backend: any DynamicsBackend, perTick: Double) throws -> Run {
        let worlds = try restingTiles(backend, sizes: sizes)
        var run = Run(), left = 0.0
        while left < 330 {
            left = Swift.min(left + perTick, 330)
            for w in worlds { try backend.setWalls(room(left: left), of: w) }
            try backend.step(by: 1.0 / 60)
            for (k, w) in worlds.enumerated() {
                let s = try backend.state(of: w)
                run.digest.combine(s)
                if !(s.position.x > left) {
                    run.passed.append("tile \(k) at \(s.position) behind the wall at \(left)")
                    run.tilesPassed.insert(k)
                }
            }
        }
        for (k, w) in worlds.enumerated() {
            let s = try backend.state(of: w)
            if !(s.position.x > 330 && s.position.x < 390) { run.notCarried.append("tile \(k) at \(s.position)") }
        }
        return run
    }

    /// The floor rises by `perTick` points a tick under a pile of resting tiles, from 844 to
    /// 444: every tile stays above it and rides up with it.
    static func rise(_ backend: any DynamicsBackend, perTick: Double) throws -> Run {
        let worlds = try restingTiles(backend, sizes: sizes)
        var run = Run(), floor = 844.0
        while floor > 444 {
            floor = Swift.max(floor - perTick, 444)
            for w in worlds { try backend.setWalls(room(floor: floor), of: w) }
            try backend.step(by: 1.0 / 60)
            for (k, w) in worlds.enumerated() {
                let s = try backend.state(of: w)
                run.digest.combine(s)
                if !(s.position.y < floor) {
                    run.passed.append("tile \(k) at \(s.position) below the floor at \(floor)")
                    run.tilesPassed.insert(k)
                }
            }
        }
        for _ in 0..<60 { try backend.step(by: 1.0 / 60) }
        for (k, w) in worlds.enumerated() {
            let s = try backend.state(of: w)
            if !(s.position.y < 444 && s.position.y > 444 - 61) { run.notCarried.append("tile \(k) at \(s.position)") }
        }
        return run
    }

    /// All four walls close in by `perTick` points a tick around a tile thrown about the room,
    /// until the room is 120 × 120 around (195, 422): the tile's centre stays inside at every step.
    static func shrink(_ backend: any DynamicsBackend, perTick: Double) throws -> Run {
        let w = try backend.makeWorld(
            .box(size: Vector(60, 30), density: 1, transform: Transform(position: Vector(120, 300)), gravity: Vector(0, 2_000)))
        try backend.setWalls(room(), of: w)
        try backend.setItemProperties(ItemProperties(elasticity: 0.6, friction: 0.3), of: w)
        try backend.setVelocity(of: w, linear: Vector(900, -700), angular: 6)
        var run = Run(), inset = 0.0
        var x0 = 0.0, y0 = 0.0, x1 = 390.0, y1 = 844.0
        while x0 < 135 || y0 < 362 {
            inset += perTick
            x0 = Swift.min(inset, 135); x1 = Swift.max(390 - inset, 255)
            y0 = Swift.min(inset, 362); y1 = Swift.max(844 - inset, 482)
            try backend.setWalls(room(left: x0, top: y0, right: x1, floor: y1), of: w)
            try backend.step(by: 1.0 / 60)
            let s = try backend.state(of: w)
            run.digest.combine(s)
            let p = s.position
            if !(p.x > x0 && p.x < x1 && p.y > y0 && p.y < y1) {
                run.passed.append("at \(p), room \(x0)-\(x1) × \(y0)-\(y1)")
                run.tilesPassed.insert(0)
            }
        }
        return run
    }

    static let speeds = [0.95, 4.9, 20, 60]

    @Test(arguments: BackendKind.available)
    func aWallSlidingIntoRestingTilesPushesThem(kind: BackendKind) throws {
        for perTick in Self.speeds {
            let run = try Self.slide(kind.make(), perTick: perTick)
            #expect(run.passed.isEmpty && run.notCarried.isEmpty, "\(perTick) pt a tick: \(run.passed.prefix(3)) \(run.notCarried)")
        }
    }

    @Test(arguments: BackendKind.available)
    func aFloorRisingUnderAPileLiftsIt(kind: BackendKind) throws {
        for perTick in Self.speeds {
            let run = try Self.rise(kind.make(), perTick: perTick)
            #expect(run.passed.isEmpty && run.notCarried.isEmpty, "\(perTick) pt a tick: \(run.passed.prefix(3)) \(run.notCarried)")
        }
    }

    @Test(arguments: BackendKind.available)
    func aRoomShrinkingAroundATileKeepsItIn(kind: BackendKind) throws {
        for perTick in Self.speeds {
            let run = try Self.shrink(kind.make(), perTick: perTick)
            #expect(run.passed.isEmpty, "\(perTick) pt a tick: \(run.passed.count) steps outside: \(run.passed.prefix(3))")
        }
    }

    /// The same bits on the platform backends (native and Chipmunk; without Chipmunk, native
    /// on one thread and on two), for each motion at 4.9 pt per tick.
    @Test func platformBackendsKeepTheSameBits() throws {
        let choices = BackendChoice.platformPair
        for motion in [Self.slide, Self.rise, Self.shrink] {
            let digests = try choices.map { try motion(#require($0.make(10) as? any DynamicsBackend), 4.9).digest }
            #expect(digests.count == 2 && digests[0] == digests[1])
        }
    }
}
