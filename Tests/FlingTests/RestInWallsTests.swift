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
