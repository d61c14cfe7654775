import Testing
import Foundation
import Fling
@testable import FlingCurves
@testable import FlingInteraction

/// Three heads on a phone with a 47-point top and 34-point bottom safe inset.
func threeHeads(on kind: BackendKind) throws -> ChatHeads {
    try ChatHeads(
        heads: [(1, Vector(18, 200)), (2, Vector(18, 300)), (3, Vector(372, 400))],
        configuration: ChatHeads.Configuration(screen: phone, safeBand: 47...810), backend: try kind.make())
}

func tap(_ touch: Int, at p: Vector, time: Double) -> [TouchEvent] {
    [
        TouchEvent(time: time, touch: TouchID(touch), phase: .began, position: p),
        TouchEvent(time: time + 0.1, touch: TouchID(touch), phase: .ended, position: p + Vector(2, 1)),
    ]
}

struct ChatHeadsTests {
    @Test func restingPlacesArePartlyOffScreenAndClampedIntoTheSafeBand() {
        let c = ChatHeads.Configuration(screen: phone, safeBand: 47...810)
        // Diameter 60, 20 % (12 pt) outside: centers at 30 − 12 and 360 + 12.
        #expect(c.restingPlaces.nearest(to: Vector(-500, 10)) == Vector(18, 77))
        #expect(c.restingPlaces.nearest(to: Vector(900, 2000)) == Vector(372, 780))
    }

    @Test(arguments: backends)
    func pressOpensAndSecondPressCloses(kind: BackendKind) throws {
        let heads = try threeHeads(on: kind)
        var scene: [ChatHeads.Event] = []
        var panelYs: [Double] = []
        let events = tap(1, at: Vector(20, 300), time: 0.2) + tap(2, at: Vector(370, 60), time: 2.5)
        try drive({ try heads.handle($0) }, { scene += try heads.advance(to: $0).heads }, events: events, duration: 5) {
            panelYs.append(heads.panelFrame.minY)
        }
        #expect(scene.count == 2)
        guard scene.count == 2, case .opened(let head, _) = scene[0], case .closed = scene[1] else {
            Issue.record("expected opened then closed, got \(scene)")
            return
        }
        #expect(head == 2)
        // While open (frame at 2.4 s): head 2 top right, the others lined up to its left, panel below.
        let open = panelYs[143]
        #expect(abs(open - (47 + 16 + 60)) < 0.5)
        #expect(panelYs[..<143].min()! < open)  // the panel bounced past its place
        // Closed: every head back exactly where it rested, the panel below the screen.
        for (id, p) in [(1, Vector(18, 200)), (2, Vector(18, 300)), (3, Vector(372, 400))] {
            #expect(try heads.animator.state(of: SnapItem.ID(id)).state.position == p)
        }
        #expect(heads.panelFrame.minY > phone.maxY)
        #expect(heads.zOrder.last == 2)
    }

    @Test(arguments: backends)
    func openRowAndPressOutside(kind: BackendKind) throws {
        let heads = try threeHeads(on: kind)
        try drive({ try heads.handle($0) }, { try heads.advance(to: $0) }, events: tap(1, at: Vector(372, 400), time: 0.1), duration: 2.5)
        #expect(heads.openHead == 3)
        let slots = try [3, 1, 2].map { try heads.animator.state(of: SnapItem.ID($0)).state.position }
        #expect(slots == [Vector(352, 85), Vector(284, 85), Vector(216, 85)])
        // A press on the panel keeps it open; one outside closes.
        let more = tap(2, at: Vector(195, 400), time: 2.6) + tap(3, at: Vector(195, 830), time: 3.0)
        var scene: [ChatHeads.Event] = []
        try drive({ try heads.handle($0) }, { if $0 > 2.5 { scene += try heads.advance(to: $0).heads } }, events: more, duration: 5)
        #expect(scene.count == 1)
        #expect(heads.openHead == nil)
    }

    @Test(arguments: backends)
    func twoFingersThrowTwoHeads(kind: BackendKind) throws {
        let heads = try threeHeads(on: kind)
        let events =
            (throwEvents(touch: 1, from: Vector(18, 200), velocity: Vector(1500, 0))
            + throwEvents(touch: 2, from: Vector(372, 400), velocity: Vector(-1500, 100), start: 0.12))
            .sorted { $0.time < $1.time }
        try drive({ try heads.handle($0) }, { try heads.advance(to: $0) }, events: events, duration: 3)
        #expect(try heads.animator.state(of: 1).state.position.x == 372)
        #expect(try heads.animator.state(of: 3).state.position.x == 18)
        #expect(heads.zOrder.suffix(2) == [1, 3])
        #expect(heads.animator.isIdle)
    }
}

struct SunSwitchTests {
    static let config = SunSwitch.Configuration(offCenter: Vector(100, 300), onCenter: Vector(160, 300))

    @Test(arguments: backends)
    func tapTogglesAndTheRaysTurnWhileOn(kind: BackendKind) throws {
        let s = try SunSwitch(configuration: Self.config, backend: try kind.make())
        var toggles: [SunSwitch.Event] = []
        var alphas: [Double] = []
        try drive({ try s.handle($0) }, { toggles += try s.advance(to: $0) }, events: tap(1, at: Vector(130, 300), time: 0.1), duration: 2)
        {
            alphas.append(s.raysAlpha)
        }
        #expect(toggles.count == 1 && s.isOn)
        #expect(s.knobCenter == Vector(160, 300))
        #expect(alphas.last == 1 && alphas.max()! > 1 - 1e-9)
        let angle = s.raysAngle
        for f in 121...180 { try s.advance(to: Double(f) / 60) }
        // 60 ticks at π/4 rad/s, one addition per tick.
        var expected = angle
        for _ in 0..<60 { expected = expected + Double.pi / 4 * (1.0 / 60) }
        #expect(s.raysAngle == expected)
        // Tapped again, off: the rays fade to nothing and stop turning (Toonie's switch).
        for e in tap(2, at: Vector(130, 300), time: 3.1) { try s.handle(e) }
        for f in 181...480 { toggles += try s.advance(to: Double(f) / 60) }
        #expect(toggles.count == 2 && !s.isOn && s.raysAlpha < 1e-3)
        let still = s.raysAngle
        for f in 481...540 { try s.advance(to: Double(f) / 60) }
        #expect(s.raysAngle == still && s.raysAlpha < 1e-3)
    }

    @Test(arguments: backends)
    func pullPastTheEndRubberBandsAndAFlickSwitchesFromNearOff(kind: BackendKind) throws {
        let s = try SunSwitch(configuration: Self.config, backend: try kind.make())
        // Pull left 60 pt past the off end and hold: the knob stays within the rubber band.
        var events = [TouchEvent(time: 0.1, touch: 1, phase: .began, position: Vector(100, 300))]
        for n in 1...20 {
            events.append(TouchEvent(time: 0.1 + Double(n) / 60, touch: 1, phase: .moved, position: Vector(100 - 3 * Double(n), 320)))
        }
        var minX = Double.infinity
        try drive({ try s.handle($0) }, { try s.advance(to: $0) }, events: events, duration: 1) { minX = min(minX, s.knobCenter.x) }
        let band = SnapItem.Axis.rubberBand(60, coefficient: 0.55, dimension: 60)
        #expect(abs(minX - (100 - band)) < 2)  // the drag joint trails the finger by a point
        #expect(s.knobCenter.y == 300)
        // A flick right from near off: on.
        var flick: [TouchEvent] = []
        for n in 1...6 {
            flick.append(TouchEvent(time: 1 + Double(n) / 120, touch: 1, phase: .moved, position: Vector(40 + 12 * Double(n), 300)))
        }
        flick.append(TouchEvent(time: 1.06, touch: 1, phase: .ended, position: Vector(112, 300)))
        var toggles: [SunSwitch.Event] = []
        try drive({ try s.handle($0) }, { if $0 > 1 { toggles += try s.advance(to: $0) } }, events: flick, duration: 3)
        #expect(toggles.count == 1 && s.isOn)
        #expect(s.knobCenter == Vector(160, 300))
    }
}

struct BounceKeyframesTests {
    @Test(arguments: [
        (0.0, 100.0, 0.5, 2, BounceCurve.Stiffness.medium, true, false),
        (100, 20, 1, 3, .light, true, false),
        (5, 5, 0.75, 4, .heavy, true, false),
        (0, -300, 0.4, 2, .medium, false, false),
        (10, 50, 0.6, 5, .light, true, true),
    ])
    func matchesTheFormula(
        from: Double, to: Double, duration: Double, bounces: Int, stiffness: BounceCurve.Stiffness, overshoot: Bool, shake: Bool
    ) {
        let curve = BounceCurve(duration: duration, bounces: bounces, stiffness: stiffness, overshoot: overshoot, shake: shake)
        let values = curve.keyframes(from: from, to: to)
        let expected = BounceCurveTests.library(
            from: from, to: to, duration: duration, bounces: bounces, c: stiffness.coefficient,
            overshoot: overshoot, shake: shake)
        #expect(values.count == Int(60 * duration))
        for (v, e) in zip(values, expected) {
            #expect(abs(v - e) <= 1e-12 * max(1, abs(e)))  // portable vs libm transcendentals: within ulps
        }
        #expect(values.first == (shake ? to : from))
    }

    @Test func coefficientsAndPeriods() {
        #expect(
            BounceCurve.Stiffness.light.coefficient == 5 && BounceCurve.Stiffness.medium.coefficient == 0.1
                && BounceCurve.Stiffness.heavy.coefficient == 0.001)
        #expect(BounceCurve(duration: 0.5).steps == 30)
        // 3 bounces: periods = 3/2 + 0.5 = 1.5 (integer division), the same as 2.
        #expect(
            BounceCurve(duration: 0.5, bounces: 3).keyframes(from: 0, to: 1)
                == BounceCurve(duration: 0.5, bounces: 2).keyframes(from: 0, to: 1))
    }
}
