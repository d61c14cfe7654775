import Testing
import Fling

/// README's "Paths" section, compiled and checked.
@Suite struct ReadmePathsTests {
    @Test(arguments: [0.0, 0.37, 1, 2.5])
    func readmePinExample(frameTime: Double) throws {
        let p1 = try BezierPath(svg: PathScenes.pinData)      // "M 412.7 238.9 C 381 238.9 …": 2 closed subpaths of 4 cubics
        let tip = Vector(409.2, 408.8)
        func squash(_ sx: Double, _ sy: Double, lift: Double) -> BezierPath {
            p1.mapPoints { Vector(tip.x + ($0.x - tip.x) * sx, tip.y + ($0.y - tip.y) * sy - lift) }
        }
        let pin = try KeyframeAnimation(
            keyframes: [p1, squash(1.2, 0.75, lift: 0), squash(0.9, 1.15, lift: 40), squash(1, 1, lift: 90),
                        squash(0.92, 1.1, lift: 30), p1],
            timingFunctions: [.default], duration: 1, repeatCount: .infinity)
        let shape = pin.shape(at: frameTime)                   // shape.svgData is its `d`; at whole seconds, p1's exact bits
        let dots = try Conveyor(from: Vector(0, 20), to: Vector(320, 20), spacing: 160, period: 3, reversed: true)
        let visible = dots.items(at: frameTime)                // positions and alphas (0 at the edges, 1 from 50 pt in)

        #expect(shape == PathScenes.jumpingPin().shape(at: frameTime))
        #expect(try BezierPath(svg: shape.svgData) == shape)
        if frameTime == frameTime.rounded() { #expect(shape == p1) } else { #expect(shape != p1) }
        #expect(visible == PathScenes.dots().items(at: frameTime))
        #expect(!visible.isEmpty && visible.allSatisfy { $0.alpha >= 0 && $0.alpha <= 1 })
    }
}
