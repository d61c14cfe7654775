import Testing
@testable import FlingCore
@testable import FlingPaths
import FlingPathsTestSupport

/// The jumping pin's frames: the article's frame 1 and Fling's own frames 2-5, which move as
/// the original does (squash and stretch on the tip, then a leaning hop).
@Suite struct PinTests {
    /// The tip of a shape: the end of the outer subpath's second segment (frame 1's tip).
    func tip(_ p: BezierPath) -> Vector { p.subpaths[0].segments[1].p3 }
    func height(_ p: BezierPath) -> Double {
        p.subpaths[0].segments.map(\.bounds).reduce(p.subpaths[0].segments[0].bounds) { $0.union($1) }.heightOfBox
    }

    @Test func framesKeepTheTipOnTheGroundUntilTheHop() throws {
        let frames = MapPinKeyframes.mapPinKeyframes()
        #expect(frames[0] == (try BezierPath(svg: MapPinKeyframes.mapPinData)))
        for f in frames[0...3] {
            #expect(tip(f).x.bitPattern == 409.2.bitPattern && tip(f).y.bitPattern == 408.8.bitPattern)
        }
        // The head squashes (shorter), stretches (taller), squashes deeper, then the hop: off the
        // ground and leaning (its top right of the tip).
        let h = frames.map(height)
        #expect(h[1] < h[0] && h[2] > h[0] && h[3] < h[1])
        #expect(tip(frames[4]).y < 408.8 - 40)
        let top = frames[4].subpaths[0].start
        #expect(top.x > tip(frames[4]).x + 40)
        // Sampled through the loop, the tip stays on the ground (exactly) until 0.6 s, then lifts.
        let pin = MapPinKeyframes.jumpingMapPin()
        for k in 0...120 {
            let t = Double(k) / 120
            let p = tip(pin.shape(at: t))
            if t <= 0.6 {
                #expect(p == MapPinKeyframes.mapPinTip, "t = \(t)")
            } else if t < 1 {
                #expect(p.y < 408.8, "t = \(t)")
            }
        }
    }

    /// The pose map: scale about the tip, then turn, then move.
    @Test func posesAreAffineMapsAboutTheTip() throws {
        let p1 = try BezierPath(svg: MapPinKeyframes.mapPinData)
        let pose = MapPinKeyframes.mapPinPose(sx: 0.96, sy: 1.04, angle: 0.3, dx: -18, dy: -48)
        let (s, c) = (Portable.sin(0.3), Portable.cos(0.3))
        for (q, p) in zip(pose.coordinates.chunked2, p1.coordinates.chunked2) {
            let x = (p.x - 409.2) * 0.96, y = (p.y - 408.8) * 1.04
            #expect(abs(q.x - (409.2 + x * c - y * s - 18)) < 1e-12 && abs(q.y - (408.8 + x * s + y * c - 48)) < 1e-12)
        }
    }
}

extension Array where Element == Double {
    /// Pairs (x, y).
    var chunked2: [Vector] { stride(from: 0, to: count - 1, by: 2).map { Vector(self[$0], self[$0 + 1]) } }
}

extension BoundingBox {
    var heightOfBox: Double { max.y - min.y }
}
