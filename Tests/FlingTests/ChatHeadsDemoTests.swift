import Fling
import Testing
@testable import FlingTraces
@testable import FlingInteraction

/// The ChatHeads demo (``ChatHeads/Configuration/chatHeadsDemo(screen:safeBand:firstBounce:)``
/// with ``SnapConfiguration/chatHeadsDemo``): the original's defining numbers, each checked on
/// a run, on every backend (docs/ORIGINALS.md says where each comes from).
@Suite struct ChatHeadsDemoTests {
    /// An iPhone 5's screen, the demo's day, and its application frame below the status bar.
    static let screen = Rect(x: 0, y: 0, width: 320, height: 568)
    static let band = 20.0...568.0

    static func demo(on kind: BackendKind, firstBounce: Bool = false, at center: Vector = Vector(22, 300)) throws -> ChatHeads {
        try ChatHeads(
            heads: [(1, center)], configuration: .chatHeadsDemo(screen: screen, safeBand: band, firstBounce: firstBounce),
            snap: .chatHeadsDemo, backend: try kind.make())
    }

    /// A held touch, still for `hold` seconds, then lifted where it went down.
    static func press(_ touch: Int, at p: Vector, time: Double, hold: Double = 0.1) -> [TouchEvent] {
        [
            TouchEvent(time: time, touch: TouchID(touch), phase: .began, position: p),
            TouchEvent(time: time + hold, touch: TouchID(touch), phase: .ended, position: p),
        ]
    }

    /// Frame `f`'s time at 60 Hz.
    static func t(_ f: Int) -> Double { Double(f) / 60 }

    /// The head, 66 pt across, rests 11 pt past either edge (the drop area is the application
    /// frame grown by `(int)(66 / 6)`), at the release height clamped half a head inside the band;
    /// the edge is the one on the release point's side, however the throw points.
    @Test(arguments: backends)
    func edgesAndRestingPlaces(kind: BackendKind) throws {
        let c = ChatHeads.Configuration.chatHeadsDemo(screen: Self.screen, safeBand: Self.band)
        #expect(c.diameter == 66)
        #expect(c.restingPlaces == .sideEdges(left: 22, right: 298, minY: 53, maxY: 535))
        // Let go left of the middle while flung right at 1,000 pt/s: the left edge (Fling's
        // projection, half a second of that velocity, would carry it right).
        var flick = Array(drag(touch: 1, from: Vector(22, 300), to: Vector(100, 300), duration: 0.5).dropLast())
        for n in 1...6 {
            flick.append(TouchEvent(time: 0.55 + Double(n) / 120, touch: 1, phase: .moved, position: Vector(100 + 50 * Double(n) / 6, 300)))
        }
        flick.append(TouchEvent(time: 0.601, touch: 1, phase: .ended, position: Vector(150, 300)))
        for (snap, edge) in [(SnapConfiguration.chatHeadsDemo, 22.0), (SnapConfiguration(), 298.0)] {
            let heads = try ChatHeads(heads: [(1, Vector(22, 300))], configuration: c, snap: snap, backend: try kind.make())
            for e in flick { try heads.handle(e) }
            var release: (velocity: Vector, target: Vector)?
            var before = Vector.zero
            for f in 1...180 {
                for e in try heads.advance(to: Self.t(f)).snap {
                    if case .released(let v, _, let target) = e.kind { release = (v, target) }
                }
                if release == nil { before = try heads.animator.state(of: 1).state.position }
            }
            let r = try #require(release)
            #expect(before.x < 160 && r.velocity.x > 500, "let go at \(before) moving \(r.velocity)")
            #expect(r.target.x == edge)
            #expect(try heads.animator.state(of: 1).state.position.x == edge)
        }
        // Clamped into the band: let go near the bottom, it rests half a head above the band's end.
        let low = try Self.demo(on: kind)
        for e in drag(touch: 1, from: Vector(22, 300), to: Vector(60, 560), duration: 0.5) { try low.handle(e) }
        for f in 1...150 { try low.advance(to: Self.t(f)) }
        #expect(try low.animator.state(of: 1).state.position == Vector(22, 535))
    }

    /// The snap is SKBounceAnimation's: keyframes over 1.2 s with the library's defaults (two
    /// bounces, medium stiffness), each axis on its own curve, as Core Animation shows them.
    @Test(arguments: backends)
    func snapsBySKBounceAnimation(kind: BackendKind) throws {
        let heads = try Self.demo(on: kind)
        for e in drag(touch: 1, from: Vector(22, 300), to: Vector(230, 350), duration: 0.4) { try heads.handle(e) }
        var start: (tick: Int, target: Vector)?
        var positions: [Int: Vector] = [:]
        for f in 1...150 {
            for e in try heads.advance(to: Self.t(f)).snap {
                if case .released(_, _, let target) = e.kind, start == nil { start = (e.tick, target) }
            }
            positions[heads.animator.clock.ticks - 1] = try heads.animator.state(of: 1).state.position
        }
        let s = try #require(start)
        let curve = BounceCurve(duration: 1.2)
        let to = s.target
        #expect(to.x == 298)
        #expect(try heads.animator.state(of: 1).state.position == to)
        // Where the released head was before the keyframes took it: the tick before.
        let from = try #require(positions[s.tick - 1])
        var compared = 0
        for k in s.tick..<(s.tick + 71) {
            let expected = curve.value(at: Double(k + 1 - s.tick) / 60, from: from, to: to)
            let p = try #require(positions[k])
            #expect((p - expected).length < 1e-9, "tick \(k): \(p) against \(expected)")
            compared += 1
        }
        #expect(compared == 71)
        // It passes the edge and comes back: the bounce.
        #expect(positions.values.contains { $0.x > 298 + 1 })
    }

    /// The project's first bounce, as an option: 4 % of the distance past the target along the
    /// line from the head, in 0.28 s, then back in 0.25 s, resting on whole points.
    @Test(arguments: backends)
    func firstBounce(kind: BackendKind) throws {
        let heads = try Self.demo(on: kind, firstBounce: true)
        for e in drag(touch: 1, from: Vector(22, 300), to: Vector(230, 350.5), duration: 0.4) { try heads.handle(e) }
        var release: (tick: Int, at: Vector)?
        var positions: [Int: Vector] = [:]
        for f in 1...120 {
            for e in try heads.advance(to: Self.t(f)).snap where release == nil {
                if case .released = e.kind { release = (e.tick, positions[e.tick - 1] ?? .zero) }
            }
            positions[heads.animator.clock.ticks - 1] = try heads.animator.state(of: 1).state.position
        }
        let r = try #require(release)
        let from = r.at, target = Vector(298, 350.5)
        let past = target + (target - from) * 0.04
        // At 0.28 s (tick 17 after the release: its end is 0.3 s, 1/60 past the turn), near the
        // turning point, which is `past` truncated to whole points.
        let turn = Vector(past.x.rounded(.towardZero), past.y.rounded(.towardZero))
        let atTurn = try #require(positions[r.tick + 16])
        #expect((atTurn - turn).length < 0.5, "\(atTurn) against \(turn)")
        #expect(atTurn.x > 298)
        // At rest on the target truncated: (298, 350).
        #expect(try heads.animator.state(of: 1).state.position == Vector(298, 350))
        #expect(try heads.animator.state(of: 1).target == Vector(298, 350))
    }

    /// A touch that does not move is a press however long it is held (Fling's default: within
    /// 0.3 s); it opens the conversation: the head to the center of the top strip, a head tall,
    /// and the conversation view below it growing from its top middle to 1.1 in 0.3 s and back
    /// to 1 in 0.3 s; a second press sends the head back to its edge and shrinks the view to 0.
    @Test(arguments: backends)
    func pressOpensTheConversation(kind: BackendKind) throws {
        let heads = try Self.demo(on: kind)
        for e in Self.press(1, at: Vector(22, 300), time: 0.1, hold: 1.0) { try heads.handle(e) }
        var opened: Int?
        var scales: [Int: Double] = [:]
        for f in 1...150 {
            let r = try heads.advance(to: Self.t(f))
            for case .opened(_, let tick) in r.heads { opened = tick }
            scales[heads.animator.clock.ticks - 1] = heads.panelFrame.width / 320
        }
        let k = try #require(opened)
        #expect(heads.openHead == 1)
        #expect(try heads.animator.state(of: 1).state.position == Vector(160, 53))
        // The view's frame: full width, from the strip's bottom (y = 86) to the band's end.
        #expect(heads.panelFrame == Rect(x: 0, y: 86, width: 320, height: 482))
        // Scale 1.1 at 0.3 s, 1 from 0.6 s; at 0.15 s halfway to 1.1 (ease in and out).
        #expect(abs(try #require(scales[k + 17]) - 1.1) < 0.01)
        #expect(abs(try #require(scales[k + 8]) - 0.55) < 0.05)
        #expect(try #require(scales[k + 36]) == 1)
        // The second press closes: the head back where it rested, the view to nothing.
        for e in Self.press(2, at: Vector(160, 53), time: 2.6) { try heads.handle(e) }
        for f in 151...300 { try heads.advance(to: Self.t(f)) }
        #expect(heads.openHead == nil)
        #expect(try heads.animator.state(of: 1).state.position == Vector(22, 300))
        #expect(heads.panelFrame.width == 0 && heads.panelFrame.height == 0)
        // Fling's default touch rules: a 1-second hold is not a press.
        let held = try ChatHeads(
            heads: [(1, Vector(22, 300))], configuration: .chatHeadsDemo(screen: Self.screen, safeBand: Self.band),
            backend: try kind.make())
        for e in Self.press(1, at: Vector(22, 300), time: 0.1, hold: 1.0) { try held.handle(e) }
        for f in 1...150 { try held.advance(to: Self.t(f)) }
        #expect(held.openHead == nil)
    }

    /// A touched head's scale bounces as SKBounceAnimation does a transform (0.2 s, library
    /// defaults, its first frame left out): from 1 to 0.95, and back to 1 at the first move.
    @Test(arguments: backends)
    func pressScaleBounces(kind: BackendKind) throws {
        let heads = try Self.demo(on: kind)
        try heads.handle(TouchEvent(time: 0, touch: 1, phase: .began, position: Vector(22, 300)))
        var scales: [Double] = []
        for f in 1...30 {
            try heads.advance(to: Self.t(f))
            scales.append(try heads.animator.state(of: 1).scale)
        }
        let curve = BounceCurve(duration: 0.2)
        let expected = curve.keyframeAnimation(from: AffineMatrix.scale(1, 1), to: .scale(0.95, 0.95))
        for (n, s) in scales.enumerated() {
            #expect(abs(s - expected.value(at: Double(n + 1) / 60).a) < 1e-12, "tick \(n)")
        }
        #expect(scales.last == 0.95)
        #expect(scales.contains { $0 < 0.95 })  // it overshoots
        try heads.handle(TouchEvent(time: 0.5, touch: 1, phase: .moved, position: Vector(40, 310)))
        for f in 31...60 { try heads.advance(to: Self.t(f)) }
        #expect(try heads.animator.state(of: 1).scale == 1)
    }
}

extension ChatHeadsDemoTests {
    /// The fixtures (heads-demo.json, and with the first bounce) show what they say: the flick
    /// let go left of the middle rests on the left, the drag on the right, the long press opens
    /// the conversation at the top, the second press closes it; every document carries the
    /// demo's rules and reads back as written.
    @Test(arguments: ["heads-demo.json", "heads-demo-first-bounce.json"])
    func fixtureShowsItsGestures(file: String) throws {
        let text = try Fixture.text("scenes/\(file)")
        let document = try SceneDocument<ChatHeadsScene>(json: text)
        #expect(document.json == text)
        #expect(document.scene.snap == SnapRules(.chatHeadsDemo))
        let firstBounce = file.contains("first-bounce")
        #expect(
            document.scene.configuration
                == .chatHeadsDemo(screen: Self.screen, safeBand: Self.band, firstBounce: firstBounce))
        let replay = try document.replay(makeBackend: { n throws(FlingError) in try BackendKind.nativePortable.make(solverIterations: n) })
        func head(at time: Double) throws -> SnapItemState {
            try #require(replay.frames[Int((time * 60).rounded())].items.first)
        }
        #expect(try head(at: 1.9).state.position.x == 22)
        let right = try head(at: 3.9).state.position
        #expect(right.x == 298 && (firstBounce ? right.y.rounded(.towardZero) == right.y : true))
        #expect(try head(at: 6.4).state.position == Vector(160, 53))
        #expect(try head(at: 8.5).state.position == right)
        #expect(replay.events.filter { $0.contains("opened the conversation") }.count == 1)
        #expect(replay.events.filter { $0.contains("closed back") }.count == 1)
    }
}

extension SnapFixtures {
    /// The ChatHeads demo on an iPhone 5: a flick right let go left of the middle (back to the
    /// left edge), a drag to the right edge, a long press that opens the conversation, a press
    /// that closes it.
    static func demo(_ kind: BackendKind, firstBounce: Bool) throws -> (ChatHeads, [TouchEvent], Double) {
        let heads = try ChatHeadsDemoTests.demo(on: kind, firstBounce: firstBounce)
        var events = [TouchEvent(time: 0.1, touch: 1, phase: .began, position: Vector(22, 300))]
        for s in 1...24 {
            events.append(TouchEvent(time: 0.1 + Double(s) / 60, touch: 1, phase: .moved, position: Vector(22 + 5 * Double(s), 300)))
        }
        for s in 1...3 {
            events.append(TouchEvent(time: 0.5 + Double(s) / 120, touch: 1, phase: .moved, position: Vector(142 + 5 * Double(s), 300)))
        }
        events.append(TouchEvent(time: 0.53, touch: 1, phase: .ended, position: Vector(157, 300)))
        events += drag(touch: 2, from: Vector(22, 300), to: Vector(240, 420), start: 2.0, duration: 0.5)
        events += ChatHeadsDemoTests.press(3, at: Vector(298, 420), time: 4.0, hold: 0.8)
        events += ChatHeadsDemoTests.press(4, at: Vector(160, 53), time: 6.5)
        return (heads, events, 8.5)
    }
}
