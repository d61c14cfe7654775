import Foundation
import Fling

/// Fixture files copied into the test bundle (see Fixtures/README.md for their source).
enum Fixture {
    static func text(_ name: String) throws -> String {
        let url = try #require(Bundle.module.url(forResource: "Fixtures/\(name)", withExtension: nil))
        return try String(contentsOf: url, encoding: .utf8)
    }

    static var flutterStrokes: [Stroke] {
        get throws { try StrokeCSV.parse(try text("flutter-velocity-tracker.csv")) }
    }
}

import Testing

/// The backends of this build, for `@Test(arguments:)`.
let backends = BackendKind.available.filter { $0 != .chipmunkShared }

/// A 390×844 phone viewport.
let phone = Rect(x: 0, y: 0, width: 390, height: 844)

/// One 160-point tile at (195, 422).
let centerTile = TileDefinition(id: 1, frame: Rect(center: Vector(195, 422), width: 160, height: 160))

/// A scripted run: touch events, then display frames at `hz` until `duration`.
struct Run {
    var tiles: [TileDefinition] = [centerTile]
    var configuration = EngineConfiguration()
    var events: [TouchEvent] = []
    var duration: Double = 3
    var hz: Double = 60

    struct Result {
        var events: [TileEvent] = []
        var ticks: [[(TileID, BodyState)]] = []
        var digest = StateDigest()
        var animator: TileAnimator
    }

    /// Replays the run on `kind`: before each display frame, every event at or before the
    /// frame's time is handed over; `frameTimes` overrides the regular `hz` frames.
    func play(on kind: BackendKind, frameTimes: [Double]? = nil) throws -> Result {
        let animator = try TileAnimator(viewport: phone, tiles: tiles, configuration: configuration, backend: try kind.make())
        var result = Result(animator: animator)
        animator.onTick = { _, states in result.ticks.append(states) }
        let frames = frameTimes ?? (1...Int((duration * hz).rounded())).map { Double($0) / hz }
        var next = 0
        for t in frames {
            while next < events.count, events[next].time <= t {
                try animator.handle(events[next]); next += 1
            }
            result.events += try animator.advance(to: t)
        }
        result.digest = animator.digest
        result.animator = animator
        return result
    }
}

/// A straight drag from `from` to `to` over `duration` seconds, sampled at 120 Hz, then
/// `ended` (or `cancelled`) at the last point.
func drag(
    touch: TouchID = 1, from: Vector, to: Vector, start: Double = 0.05, duration: Double,
    end: TouchEvent.Phase = .ended, tile: TileID? = nil
) -> [TouchEvent] {
    var events = [TouchEvent(time: start, touch: touch, phase: .began, position: from, tile: tile)]
    let steps = max(1, Int((duration * 120).rounded()))
    for s in 1...steps {
        let f = Double(s) / Double(steps)
        events.append(TouchEvent(time: start + duration * f, touch: touch, phase: .moved, position: from + (to - from) * f))
    }
    events.append(TouchEvent(time: start + duration + 0.001, touch: touch, phase: end, position: to))
    return events
}

extension Array where Element == TileEvent {
    func kinds(of tile: TileID) -> [TileEvent.Kind] { filter { $0.tile == tile }.map(\.kind) }
    func first(_ tile: TileID, where match: (TileEvent.Kind) -> Bool) -> TileEvent? {
        first { $0.tile == tile && match($0.kind) }
    }
}

extension TileEvent.Kind {
    var isSettled: Bool { self == .settled }
    var isCulled: Bool { self == .culled }
    var releaseOutcome: ReleaseOutcome? {
        if case .released(let outcome, _, _) = self { return outcome }
        return nil
    }
    var isGrab: Bool { if case .grabbed = self { return true } else { return false } }
}
