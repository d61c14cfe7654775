@testable import Fling
import Foundation
import Testing

/// What an app touches: CoreGraphics types, reading every pose at once, events by closure and
/// stream, and descriptions a person can read.
@Suite struct AppSurfaceTests {
    @Test func coreGraphicsTypes() throws {
        let p = CGPoint(x: 12.5, y: -3), r = CGRect(x: 115, y: 342, width: 160, height: 160)
        #expect(Vector(p) == Vector(12.5, -3) && Vector(p).cgPoint == p)
        #expect(Rect(r) == Rect(x: 115, y: 342, width: 160, height: 160) && Rect(r).cgRect == r)
        #expect(Vector(CGSize(width: 3, height: 4)).cgSize == CGSize(width: 3, height: 4))
        // The entry points take them, and mean the same as Fling's own types.
        let a = try TileAnimator(
            viewport: CGRect(x: 0, y: 0, width: 390, height: 844),
            tiles: [TileDefinition(id: 1, frame: r)], backend: NativeBackend())
        let b = try TileAnimator(viewport: phone, tiles: [centerTile], backend: NativeBackend())
        for animator in [a, b] {
            try animator.handle(TouchEvent(time: 0, touch: 1, phase: .began, location: CGPoint(x: 200, y: 430)))
            try animator.handle(TouchEvent(time: 0.1, touch: 1, phase: .ended, location: CGPoint(x: 260, y: 430)))
            try animator.advance(to: 0.5)
        }
        #expect(a.digest == b.digest)
        #expect(try a.drawnTransform(of: 1).cgPosition == (try b.drawnTransform(of: 1)).position.cgPoint)
    }

    /// All poses in one call into the caller's buffer; a warmed-up buffer keeps its storage.
    @Test func drawnTransformsInOneCall() throws {
        let a = try TileAnimator(
            viewport: phone, tiles: [centerTile, TileDefinition(id: 2, frame: Rect(x: 10, y: 10, width: 50, height: 50))],
            backend: NativeBackend())
        try a.handle(TouchEvent(time: 0, touch: 1, phase: .began, position: Vector(195, 422)))
        var poses: [Transform] = []
        poses.reserveCapacity(2)
        let storage = poses.withUnsafeBufferPointer { $0.baseAddress }
        for frame in 1...30 {
            try a.advance(to: Double(frame) / 60)
            a.drawnTransforms(into: &poses)
            #expect(poses.withUnsafeBufferPointer { $0.baseAddress } == storage)
        }
        #expect(poses == [try a.drawnTransform(of: 1), try a.drawnTransform(of: 2)])
        // The k-th pose is tileIDs[k]'s, whatever order the tiles were given in.
        let b = try TileAnimator(
            viewport: phone, tiles: [TileDefinition(id: 9, frame: Rect(x: 10, y: 10, width: 50, height: 50)), centerTile],
            backend: NativeBackend())
        try b.handle(TouchEvent(time: 0, touch: 1, phase: .began, position: Vector(195, 422)))
        try b.advance(to: 0.5)
        b.drawnTransforms(into: &poses)
        let each = try b.tileIDs.map { id throws(FlingError) in try b.drawnTransform(of: id) }
        #expect(b.tileIDs == [1, 9] && poses == each)
        #expect(poses[0] != poses[1])
    }

    @Test func eventsByClosureAndStream() async throws {
        let a = try TileAnimator(viewport: phone, tiles: [centerTile], backend: NativeBackend())
        var heard: [TileEvent] = []
        a.onEvent = { heard.append($0) }
        let stream = a.eventStream()
        var returned: [TileEvent] = []
        try a.handle(TouchEvent(time: 0, touch: 1, phase: .began, position: Vector(195, 422)))
        try a.handle(TouchEvent(time: 0.1, touch: 1, phase: .ended, position: Vector(195, 422)))
        var t = 0.0
        while t < 2 { t += 1.0 / 60; returned += try a.advance(to: t) }
        #expect(heard == returned && returned.count == 3)
        var streamed: [TileEvent] = []
        for await e in stream {
            streamed.append(e)
            if streamed.count == returned.count { break }
        }
        #expect(streamed == returned)
        // Released at home and at rest, it is under every settle threshold at once: settled
        // after the configured run of ticks.
        let settle = if case .thresholds(let t) = TileConfiguration().settle.home { t.ticks } else { 0 }
        #expect(
            returned.map(\.description) == [
                "tick 0: tile 1 grabbed by touch 1 at (195.0, 422.0)",
                "tick 6: tile 1 released (attract) at (0.0, 0.0) pt/s",
                "tick \(6 + settle - 1): tile 1 settled",
            ])
        #expect("\(TilePhase.held(by: 3))" == "held by touch 3" && "\(ReleaseOutcome.fall)" == "fall")
    }
}
