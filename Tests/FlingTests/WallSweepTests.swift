import Fling
import Testing

/// Nothing leaves a closed room: the sweep of each step's motion against the walls
/// (`WallSweep`, docs/DYNAMICS.md "The sweep") keeps an item's centre inside, at any speed, for
/// any size, on every backend and layout.
@Suite struct WallSweepTests {
    /// Whether `p` lies strictly inside the room's walls (their segments, whatever their radius).
    static func inside(_ p: Vector, _ room: Rect) -> Bool {
        p.x > room.minX && p.x < room.maxX && p.y > room.minY && p.y < room.maxY
    }

    /// A tile animator with the phone's edges as walls; tiles released fall.
    static func animator(_ kind: BackendKind, tile size: Double) throws -> TileAnimator {
        var room = TileConfiguration()
        room.dynamics.translatesReferenceBoundsIntoBoundary = true
        room.dynamics.itemProperties = ItemProperties(elasticity: 0.6, friction: 0.3)
        room.releaseRule = .alwaysFall
        let frame = Rect(x: 195 - size / 2, y: 422 - size / 2, width: size, height: size)
        return try TileAnimator(
            viewport: phone, tiles: [TileDefinition(id: 1, frame: frame)], configuration: room, backend: kind.make())
    }

    /// Flicks tile 1 from the phone's centre at `velocity` (touches sampled at 120 Hz), then
    /// runs ten seconds of frames: every culled event, and every frame at which the tile's
    /// centre is outside the room.
    static func flick(_ a: TileAnimator, _ velocity: Vector) throws -> (culled: [TileEvent], outside: [(Int, Vector)]) {
        let start = Vector(195, 422)
        try a.handle(TouchEvent(time: 0.05, touch: 1, phase: .began, position: start))
        for n in 1...4 {
            try a.handle(TouchEvent(time: 0.05 + Double(n) / 120, touch: 1, phase: .moved, position: start + velocity * (Double(n) / 120)))
        }
        try a.handle(TouchEvent(time: 0.05 + 4.0 / 120, touch: 1, phase: .ended, position: start + velocity * (4.0 / 120)))
        var culled: [TileEvent] = [], outside: [(Int, Vector)] = []
        for frame in 4...600 {
            for event in try a.advance(to: Double(frame) / 60) where event.kind == .culled { culled.append(event) }
            let p = try a.state(of: 1).state.position
            if !inside(p, phone) { outside.append((frame, p)) }
        }
        return (culled, outside)
    }

    /// The first case: a 100-pt tile flicked up at about 3,500 pt/s went through the
    /// top wall and was culled. Whether it does depends on where the last step before the wall
    /// leaves it: without the sweep, of these flicks the one at 3,650 pt/s goes through (its
    /// centre at y = −5.5 at frame 13, then culled).
    @Test(arguments: BackendKind.available)
    func aTileFlickedHardAtTheTopWallStaysIn(kind: BackendKind) throws {
        for speed in stride(from: 3_500.0, through: 3_700, by: 50) {
            let (culled, outside) = try Self.flick(Self.animator(kind, tile: 100), Vector(0, -speed))
            #expect(culled.isEmpty, "\(speed) pt/s: \(culled)")
            #expect(outside.isEmpty, "\(speed) pt/s: \(outside.prefix(3))")
        }
    }

    /// The second case: a 20-pt tile flicked up at 500 pt/s fell back through the floor
    /// (its fall outruns its half-size in one tick) and was culled at y = 887.
    @Test(arguments: BackendKind.available)
    func aSmallTileFallingFastStaysOnTheFloor(kind: BackendKind) throws {
        let (culled, outside) = try Self.flick(Self.animator(kind, tile: 20), Vector(0, -500))
        #expect(culled.isEmpty, "\(culled)")
        #expect(outside.isEmpty, "\(outside.prefix(3))")
    }

    /// Items of 1 to 200 pt thrown at up to 10⁵ pt/s in 16 directions, spinning or not, in a
    /// closed room of walls of radius 0 and 8, with full elasticity (they keep their speed):
    /// after every step of two seconds every centre is inside the room.
    @Test(arguments: BackendKind.available)
    func nothingThrownLeavesAClosedRoom(kind: BackendKind) throws {
        let escaped = try Self.throwIntoAClosedRoom(kind.make())
        #expect(escaped.isEmpty, "\(escaped.count) escapes: \(escaped.prefix(4))")
    }

    /// The throws of ``nothingThrownLeavesAClosedRoom(kind:)``: every step at which a centre was outside.
    static func throwIntoAClosedRoom(_ backend: any DynamicsBackend) throws -> [(step: Int, what: String)] {
        let bounds = Rect(x: 0, y: 0, width: 390, height: 844)
        var worlds: [(WorldID, String)] = []
        for radius in [0.0, 8.0] {
            let room = Wall.edges(of: bounds, radius: radius, elasticity: 1, friction: 0.4)
            for size in [1.0, 3, 20, 100, 200] {
                for speed in [600.0, 6_000, 100_000] {
                    for direction in 0..<16 {
                        for spin in [0.0, 40] {
                            let angle = Double(direction) * .pi / 8 + 0.1
                            let w = try backend.makeWorld(
                                .box(
                                    size: Vector(size, size * 0.6 + 0.4), density: 1, transform: Transform(position: Vector(195, 422)),
                                    gravity: Vector(0, 2000)))
                            try backend.setWalls(room, of: w)
                            try backend.setItemProperties(ItemProperties(elasticity: 1, friction: 0.2), of: w)
                            try backend.setVelocity(
                                of: w, linear: Vector(speed * Portable.cos(angle), speed * Portable.sin(angle)), angular: spin)
                            worlds.append((w, "radius \(radius) size \(size) speed \(speed) direction \(direction) spin \(spin)"))
                        }
                    }
                }
            }
        }
        var escaped: [(step: Int, what: String)] = []
        for step in 1...120 {
            try backend.step(by: 1.0 / 60)
            for (w, name) in worlds {
                let p = try backend.state(of: w).position
                if !Self.inside(p, bounds) { escaped.append((step, "\(name): \(p)")) }
            }
        }
        return escaped
    }
}
