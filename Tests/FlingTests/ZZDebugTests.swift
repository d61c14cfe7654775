import Fling
import Testing

@Suite struct ZZDebugTests {
    static func depth(_ s: BodyState, _ size: Vector) -> Double {
        let (sin, cos) = Portable.sincos(s.angle)
        var deepest = -Double.infinity
        for (sx, sy) in [(1.0, 1.0), (1, -1), (-1, -1), (-1, 1)] {
            let x = s.position.x + cos * sx * size.x / 2 - sin * sy * size.y / 2
            let y = s.position.y + sin * sx * size.x / 2 + cos * sy * size.y / 2
            deepest = max(deepest, -x, x - phone.maxX, -y, y - phone.maxY)
        }
        return deepest
    }
    @Test func rests() throws {
        var deep: [String] = [], count = 0, never = 0
        for size in [Vector(110, 20), Vector(304, 100), Vector(60, 60), Vector(20, 200)] {
            for speed in [1_000.0, 2_000, 4_000] {
                for deg in stride(from: 0.0, to: 360, by: 20) {
                    var room = TileConfiguration()
                    room.dynamics.translatesReferenceBoundsIntoBoundary = true
                    room.dynamics.itemProperties = ItemProperties(elasticity: 0.3, friction: 0.5)
                    room.releaseRule = .alwaysFall
                    let a = try TileAnimator(
                        viewport: phone, tiles: [TileDefinition(id: 1, frame: Rect(x: 195 - size.x / 2, y: 422 - size.y / 2, width: size.x, height: size.y))],
                        configuration: room, backend: BackendKind.native.make())
                    let start = Vector(200, 430), velocity = Vector(speed * Portable.cos(deg * .pi / 180), speed * Portable.sin(deg * .pi / 180))
                    try a.handle(TouchEvent(time: 0.05, touch: 1, phase: .began, position: start))
                    for n in 1...4 {
                        try a.handle(TouchEvent(time: 0.05 + Double(n) / 120, touch: 1, phase: .moved, position: start + velocity * (Double(n) / 120)))
                    }
                    try a.handle(TouchEvent(time: 0.05 + 4.0 / 120, touch: 1, phase: .ended, position: start + velocity * (4.0 / 120)))
                    var rested = false
                    frames: for frame in 4...1_200 {
                        for event in try a.advance(to: Double(frame) / 60) where event.kind == .cameToRest {
                            let s = try a.snapshot(of: 1).state
                            count += 1; rested = true
                            let d = Self.depth(s, size)
                            if d > 0.101 { deep.append("\(size) \(speed) \(deg): tick \(event.tick) depth \(d) at \(s.position) angle \(s.angle)") }
                            break frames
                        }
                    }
                    if !rested { never += 1; let s = try a.snapshot(of: 1).state; deep.append("never: \(size) \(speed) \(deg) at \(s.position) v \(s.velocity) w \(s.angularVelocity) depth \(Self.depth(s, size))") }
                }
            }
        }
        print("rested \(count) never \(never)")
        for d in deep { print(d) }
    }
}
