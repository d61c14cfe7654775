import Foundation
import Testing
import Fling
@testable import FlingTraces

/// The synthetic trace fixtures, built in code: the source of truth for the JSON files in
/// `Fixtures/traces/` (which add the pinned digests). `FLING_WRITE_FIXTURES=1 swift test
/// --filter FixtureRegeneration` rewrites the files (every fixture kind, FixtureRegenerationTests.swift);
/// the normal run checks they still match, byte for byte.
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
            ("we-heart-pics.json", weHeartPics),
            (
                "cancelled.json",
                scene(
                    "a drag far away cancelled by the system: the tile still goes home",
                    drag(from: Vector(195, 422), to: Vector(120, 760), duration: 0.3, end: .cancelled))
            ),
        ] + DynamicsFixtures.traces
    }

    /// We Heart Pics' photo stack under ``TileConfiguration/weHeartPics``: three photos of its
    /// mass, 128 pt, at the stack's center on a 320 × 480 screen of its day. A tap on the top
    /// photo; two fingers that take it while it is still going home, twist it and let it go
    /// near; a throw home; a throw away (removed below y = 1000); then the next photo taken by
    /// a touch 15 pt above its top edge (the grab radius), hung from it and let go near.
    static var weHeartPics: Trace {
        let photos = (1...3).map {
            TileDefinition.weHeartPics(id: TileID($0), frame: Rect(center: Vector(160, 200), width: 128, height: 128))
        }
        func moves(_ touch: TouchID, from a: Vector, to b: Vector, start: Double, duration: Double) -> [TouchEvent] {
            let steps = Int((duration * 120).rounded())
            return (1...steps).map { s in
                let f = Double(s) / Double(steps)
                return TouchEvent(time: start + duration * f, touch: touch, phase: .moved, position: a + (b - a) * f)
            }
        }
        var events = [
            TouchEvent(time: 0.10, touch: 1, phase: .began, position: Vector(165, 205)),
            TouchEvent(time: 0.20, touch: 1, phase: .ended, position: Vector(165, 205)),
            TouchEvent(time: 1.00, touch: 2, phase: .began, position: Vector(120, 170)),
            TouchEvent(time: 1.05, touch: 3, phase: .began, position: Vector(200, 230)),
        ]
        events += moves(2, from: Vector(120, 170), to: Vector(135, 150), start: 1.05, duration: 0.4)
        events += moves(3, from: Vector(200, 230), to: Vector(185, 250), start: 1.05, duration: 0.4)
        events += [
            TouchEvent(time: 1.50, touch: 2, phase: .ended, position: Vector(135, 150)),
            TouchEvent(time: 1.60, touch: 3, phase: .ended, position: Vector(185, 250)),
        ]
        events += drag(touch: 4, from: Vector(160, 200), to: Vector(184, 218), start: 4.0, duration: 0.5).dropLast()
        events += moves(4, from: Vector(184, 218), to: Vector(176, 212), start: 4.5, duration: 0.06)
        events.append(TouchEvent(time: 4.561, touch: 4, phase: .ended, position: Vector(176, 212)))
        events += drag(touch: 5, from: Vector(160, 200), to: Vector(200, 290), start: 7.0, duration: 0.06)
        events += drag(touch: 6, from: Vector(160, 121), to: Vector(162, 118), start: 8.0, duration: 0.6)
        let sorted = events.enumerated().sorted { ($0.element.time, $0.offset) < ($1.element.time, $1.offset) }.map(\.element)
        return Trace(
            name: "we-heart-pics", notes: "TileConfiguration.weHeartPics: We Heart Pics' photo tile", attribution: attribution,
            sessions: [
                Trace.Session(
                    name: "a tap, two fingers, a throw home, a throw away, the next photo from off its edge",
                    viewport: Rect(x: 0, y: 0, width: 320, height: 480), tiles: photos, configuration: .weHeartPics,
                    run: Trace.RunLength(duration: 12, stopsWhenIdle: true), events: sorted)
            ])
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

    /// The files hold exactly the generator's scenes (plus their pinned digests, made with
    /// portable arithmetic); FixtureRegenerationTests checks (and with FLING_WRITE_FIXTURES=1
    /// writes) their bytes.
    @Test func filesMatchTheirGenerator() throws {
        var all = SyntheticTraces.all
        all.append(("flutter-strokes.json", try SyntheticTraces.flutterStrokes()))
        for (file, trace) in all {
            let stored = try Trace(json: try Fixture.text("traces/\(file)"))
            var bare = stored
            for s in bare.sessions.indices { bare.sessions[s].expected = nil }
            #expect(bare == trace, "\(file) differs from its generator")
            #expect(stored.sessions.allSatisfy { $0.expected != nil }, "\(file) pins its digests")
            #expect(stored.arithmetic == .portable, "\(file) pins portable digests")
        }
    }
}
