import Foundation
import Testing
import Fling

/// The synthetic trace fixtures, built in code: the source of truth for the JSON files in
/// `Fixtures/traces/` (which add the pinned digests). `FLING_WRITE_FIXTURES=1 swift test
/// --filter SyntheticTraceFiles` rewrites the files; the normal run checks they still match.
enum SyntheticTraces {
    static let attribution = "Synthetic: scripted by Fling's tests (Tests/FlingTests/SyntheticTraces.swift)."

    static func scene(_ name: String, tiles: [TileDefinition] = [centerTile], _ events: [TouchEvent]) -> Trace {
        let sorted = events.enumerated().sorted { ($0.element.time, $0.offset) < ($1.element.time, $1.offset) }.map(\.element)
        return Trace(
            name: name, notes: nil, attribution: attribution,
            sessions: [
                Trace.Session(
                    name: name, viewport: phone, tiles: tiles, configuration: TileConfiguration(),
                    run: Trace.RunLength(duration: 8, stopsWhenIdle: true), events: sorted)
            ])
    }

    static var all: [(file: String, trace: Trace)] {
        let left = TileDefinition(id: 1, frame: Rect(center: Vector(100, 300), width: 120, height: 120))
        let right = TileDefinition(id: 2, frame: Rect(center: Vector(290, 300), width: 120, height: 120), mass: 2)
        return [
            (
                "tap.json",
                scene(
                    "a tap: grabbed and released in place, home at once",
                    [
                        TouchEvent(time: 0.05, touch: 1, phase: .began, position: Vector(200, 430)),
                        TouchEvent(time: 0.13, touch: 1, phase: .ended, position: Vector(200, 430)),
                    ])
            ),
            (
                "slow-drag-attract.json",
                scene(
                    "a slow drag released near the origin: attract, settle",
                    drag(from: Vector(195, 422), to: Vector(245, 462), duration: 0.7))
            ),
            (
                "fling-down.json",
                scene(
                    "a fling downward: fall, cull",
                    drag(from: Vector(195, 422), to: Vector(210, 560), duration: 0.08))
            ),
            (
                "fling-up.json",
                scene(
                    "a fling upward: leaves the top of the screen, culled",
                    drag(from: Vector(195, 422), to: Vector(180, 260), duration: 0.07))
            ),
            (
                "corner-grab.json",
                scene(
                    "a corner grab dragged sideways: the tile turns; released near, it turns back",
                    drag(from: Vector(125, 352), to: Vector(205, 372), duration: 0.5))
            ),
            (
                "two-fingers.json",
                scene(
                    "two fingers on two tiles at once: one flung away, one nudged home",
                    tiles: [left, right],
                    drag(touch: 1, from: Vector(100, 300), to: Vector(110, 420), start: 0.05, duration: 0.07)
                        + drag(touch: 2, from: Vector(290, 300), to: Vector(310, 330), start: 0.08, duration: 0.5))
            ),
            (
                "regrab-falling.json",
                scene(
                    "a fling, then a second finger catches the falling tile and brings it home",
                    drag(from: Vector(195, 422), to: Vector(200, 500), duration: 0.06)
                        + drag(touch: 2, from: Vector(200, 640), to: Vector(200, 450), start: 0.3, duration: 0.6, tile: 1))
            ),
            (
                "cancelled.json",
                scene(
                    "a drag far away cancelled by the system: the tile still goes home",
                    drag(from: Vector(195, 422), to: Vector(120, 760), duration: 0.3, end: .cancelled))
            ),
        ] + DynamicsFixtures.traces
    }

    /// The Flutter recordings, one scene per stroke, as `fling replay` reads the CSV.
    static func flutterStrokes() throws -> Trace {
        try Trace(
            strokes: try Fixture.flutterStrokes, name: "Flutter velocity-tracker strokes",
            notes: "13 real strokes (2 back-and-forth drags, 11 vertical flings), one scene each",
            attribution: "Real touch recordings from the Flutter framework's test data, "
                + "packages/flutter/test/gestures/velocity_tracker_data.dart (velocityEventData), "
                + "converted event for event. Copyright 2014 The Flutter Authors. All rights reserved. "
                + "BSD-3-Clause license.")
    }
}

@Suite struct SyntheticTraceFiles {
    static var fixturesDirectory: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/traces")
    }

    /// The files hold exactly the generator's scenes (plus their pinned digests); with
    /// FLING_WRITE_FIXTURES=1 the files are (re)written, pinned with portable arithmetic.
    @Test func filesMatchTheirGenerator() throws {
        var all = SyntheticTraces.all
        all.append(("flutter-strokes.json", try SyntheticTraces.flutterStrokes()))
        if ProcessInfo.processInfo.environment["FLING_WRITE_FIXTURES"] == "1" {
            for (file, trace) in all {
                let pinned = try trace.pinned(every: 30) { n throws(FlingError) in
                    try NativeBackend(solverIterations: n, arithmetic: .portable)
                }
                try pinned.json.write(to: Self.fixturesDirectory.appendingPathComponent(file), atomically: true, encoding: .utf8)
            }
        }
        for (file, trace) in all {
            let stored = try Trace(json: try Fixture.text("traces/\(file)"))
            var bare = stored
            for s in bare.sessions.indices { bare.sessions[s].expected = nil }
            #expect(bare == trace, "\(file) differs from its generator")
            #expect(stored.sessions.allSatisfy { $0.expected != nil }, "\(file) pins its digests")
        }
    }
}
