import Fling
@testable import FlingTraces
import Foundation
import Testing

/// The dynamics fixtures (issue 22): how each is made. Traces are built in code, like
/// SyntheticTraces' (the JSON files add the pinned digests); the pushed chat heads are recorded
/// from a live run, like the other snap scenes.
enum DynamicsFixtures {
    static let attribution = "Synthetic: scripted by Fling's tests (Tests/FlingTests/DynamicsFixtures.swift)."

    /// A room: the viewport's edges as walls, and a bouncy, slightly rough tile.
    static var room: TileConfiguration {
        var c = TileConfiguration()
        c.dynamics.translatesReferenceBoundsIntoBoundary = true
        c.dynamics.itemProperties = ItemProperties(elasticity: 0.6, friction: 0.3)
        return c
    }

    static func trace(_ name: String, notes: String, _ session: Trace.Session) -> Trace {
        Trace(name: name, notes: notes, attribution: attribution, sessions: [session])
    }

    /// Touches in time order, each a trace input.
    static func inputs(_ events: [TouchEvent]) -> [Trace.Input] {
        events.enumerated().sorted { ($0.element.time, $0.offset) < ($1.element.time, $1.offset) }.map { Trace.Input(.touch($0.element)) }
    }

    /// Inputs merged by the tick each is applied before (touches by their time's tick), touches
    /// first within a tick, in the order given otherwise.
    static func merged(_ touches: [TouchEvent], _ operations: [Trace.Input], tick: Double = 1.0 / 60) -> [Trace.Input] {
        let all = inputs(touches) + operations
        func k(_ i: Trace.Input) -> Int {
            if let t = i.tick { return t }
            if case .touch(let e) = i.input { return FixedStepClock.firstTick(atOrAfter: e.time, tick: tick) }
            return 0
        }
        return all.enumerated().sorted { (k($0.element), $0.offset) < (k($1.element), $1.offset) }.map(\.element)
    }

    static let square = TileDefinition(id: 1, frame: Rect(center: Vector(195, 422), width: 100, height: 100))

    /// A tile thrown into the top right corner bounces off the right and top edges, falls, bounces
    /// on the floor and lies there; a second finger takes it from where it lies and throws it into
    /// the top left corner, and it comes to rest again.
    static var bounceCorners: Trace {
        let first = drag(from: Vector(195, 422), to: Vector(245, 332), duration: 0.05)
        let second = drag(touch: 2, from: Vector(186, 800), to: Vector(146, 690), start: 5.5, duration: 0.05, tile: 1)
        return trace(
            "bounce-corners", notes: "a tile thrown into the viewport's corners bounces off the edges and comes to rest, twice",
            Trace.Session(
                name: "bounce-corners", viewport: phone, tiles: [square], configuration: room,
                run: Trace.RunLength(duration: 12, stopsWhenIdle: true), inputs: inputs(first + second)))
    }

    /// Pushes on a table top (no gravity, the edges as walls, resistance): tile 1 at rest gets
    /// an instantaneous push at its bottom edge (it slides right, turning counter-clockwise),
    /// bounces and stops; tile 2 a continuous push up at its right edge, removed after a second
    /// (it turns as it goes), then an instantaneous one in UIKit's units; both come to rest.
    static var push: Trace {
        var c = room
        c.gravity = .zero
        c.dynamics.itemProperties = ItemProperties(elasticity: 0.5, friction: 0.4, resistance: 1.5, angularResistance: 1.5)
        let tiles = [
            TileDefinition(id: 1, frame: Rect(center: Vector(110, 250), width: 90, height: 90)),
            TileDefinition(id: 2, frame: Rect(center: Vector(280, 600), width: 120, height: 80), density: 1),
        ]
        let operations: [Trace.Input] = [
            Trace.Input(.dynamics(.push(1, Push(Vector(900, 0), at: Vector(0, 45)))), tick: 6),
            Trace.Input(.dynamics(.addPush(1, 2, Push(Vector(0, -400), at: Vector(60, 0)))), tick: 30),
            Trace.Input(.dynamics(.removePush(1)), tick: 90),
            Trace.Input(.dynamics(.push(2, .uikit(angle: .pi, magnitude: 3, offset: Vector(0, -40)))), tick: 150),
        ]
        return trace(
            "push", notes: "instantaneous and continuous pushes at an offset on a table top with walls: the tiles slide, turn and stop",
            Trace.Session(
                name: "push", viewport: phone, tiles: tiles, configuration: c, run: Trace.RunLength(duration: 10, stopsWhenIdle: true),
                inputs: operations))
    }

    /// Three tiles under a radial field toward the screen's center plus seeded noise, no
    /// gravity, in a room: one flung, two pushed; they swirl about the center for four seconds.
    static var fields: Trace {
        var c = room
        c.gravity = .zero
        c.releaseRule = .alwaysFall
        c.dynamics.itemProperties = ItemProperties(elasticity: 0.7, friction: 0.2, resistance: 0.4)
        c.dynamics.fields = [
            Field(.radialGravity, position: Vector(195, 422), strength: 1500, falloff: 0.5, minimumRadius: 10),
            Field(.noise(smoothness: 0.4, animationSpeed: 1.5), strength: 900, seed: 2016),
        ]
        let tiles = [
            TileDefinition(id: 1, frame: Rect(center: Vector(100, 150), width: 70, height: 70)),
            TileDefinition(id: 2, frame: Rect(center: Vector(300, 700), width: 60, height: 90)),
            TileDefinition(id: 3, frame: Rect(center: Vector(80, 720), width: 80, height: 50)),
        ]
        let fling = drag(from: Vector(100, 150), to: Vector(160, 140), duration: 0.06)
        let operations: [Trace.Input] = [
            Trace.Input(.dynamics(.push(2, Push(Vector(-300, -200), at: Vector(20, 0)))), tick: 3),
            Trace.Input(.dynamics(.push(3, Push(Vector(0, 0)))), tick: 3),
        ]
        return trace(
            "fields", notes: "tiles under a radial field toward the center plus seeded noise: one flung, two pushed, swirling",
            Trace.Session(
                name: "fields", viewport: phone, tiles: tiles, configuration: c, run: Trace.RunLength(duration: 4, stopsWhenIdle: false),
                inputs: merged(fling, operations)))
    }

    static var traces: [(file: String, trace: Trace)] {
        [("bounce-corners.json", bounceCorners), ("push.json", push), ("fields.json", fields)]
    }

    /// Two chat heads under a faint noise field: the left one pushed across the screen, the right
    /// one pushed up by a continuous push for a second; both settle on their edges.
    static func pushedHeads(on kind: BackendKind) throws -> ChatHeads {
        var snap = SnapConfiguration()
        snap.dynamics.fields = [Field(.noise(smoothness: 0.6, animationSpeed: 1), strength: 5, seed: 9)]
        return try ChatHeads(
            heads: [(1, Vector(18, 300)), (2, Vector(372, 600))],
            configuration: ChatHeads.Configuration(screen: phone, safeBand: 47...810), snap: snap, backend: try kind.make())
    }

    /// Records the pushed heads live at `hz` on `kind`: the document (unpinned), the live tick
    /// digest and ticks.
    static func recordPushedHeads(on kind: BackendKind, hz: Double = 60) throws -> (SceneDocument<ChatHeadsScene>, StateDigest, Int) {
        let heads = try pushedHeads(on: kind)
        let recorder = try SceneRecorder(recording: heads)
        var continuous: Push.ID?
        let frames = Int((4 * hz).rounded())
        for n in 1...frames {
            let t = Double(n) / hz
            // The app's calls between frames, at the first frame at or after their times.
            let before = Double(n - 1) / hz
            if before < 0.2, t >= 0.2 { try heads.animator.applyPush(.uikit(angle: -0.2, magnitude: 20), to: 1) }
            if before < 0.5, t >= 0.5 { continuous = try heads.animator.addPush(Push(Vector(0, -900), at: Vector(10, 0)), to: 2) }
            if before < 1.5, t >= 1.5, let id = continuous { try heads.animator.removePush(id) }
            try heads.advance(to: t)
        }
        return (try recorder.document(name: "heads-pushed"), heads.animator.digest, heads.animator.clock.ticks)
    }
}
