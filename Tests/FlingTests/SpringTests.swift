import Fling
import Testing
@testable import FlingCurves

/// Every spring dialect against its own published formula (written again here, in another
/// form), the reverse conversions, and the closed-form curves against the analytic solution,
/// a fine numerical integration and the physics.
@Suite struct SpringTests {
    static func close(_ a: Double, _ b: Double, _ tolerance: Double = 1e-12) -> Bool { abs(a - b) <= tolerance * max(1, abs(b)) }

    @Test func physicalAndSwiftUI() {
        // CASpringAnimation / Framer Motion defaults: mass 1, stiffness 100, damping 10 → ω 10, ζ 0.5.
        let ca = SpringTuning(mass: 1, stiffness: 100, damping: 10)
        #expect(Self.close(ca.angularFrequency, 10) && Self.close(ca.dampingRatio, 0.5))
        let heavy = SpringTuning(mass: 4, stiffness: 100, damping: 10)
        #expect(Self.close(heavy.angularFrequency, 5) && Self.close(heavy.dampingRatio, 0.25))
        #expect(Self.close(heavy.physical(mass: 4).stiffness, 100) && Self.close(heavy.physical(mass: 4).damping, 10))
        // SwiftUI: Spring(response: 0.55, dampingRatio: 0.825) has stiffness (2π/0.55)² and
        // damping 4π·0.825/0.55 at mass 1 (Spring's documented stiffness and damping).
        let swiftUI = SpringTuning(response: 0.55, dampingFraction: 0.825)
        let k = (2 * Double.pi / 0.55) * (2 * Double.pi / 0.55), c = 4 * Double.pi * 0.825 / 0.55
        #expect(Self.close(swiftUI.physical().stiffness, k) && Self.close(swiftUI.physical().damping, c))
        #expect(Self.close(swiftUI.response, 0.55))
        // duration and bounce: ζ = 1 − bounce, or 1/(1 + bounce) below zero; and back.
        for (duration, bounce, zeta) in [(0.5, 0.3, 0.7), (0.5, 0.0, 1.0), (1.2, -0.5, 2.0), (0.35, 0.15, 0.85)] {
            let s = SpringTuning(duration: duration, bounce: bounce)
            #expect(Self.close(s.dampingRatio, zeta) && Self.close(s.response, duration))
            #expect(Self.close(s.durationAndBounce.bounce, bounce) && Self.close(s.durationAndBounce.duration, duration))
        }
        #expect(SpringTuning(uiKitDuration: 0.4, dampingRatio: 0.6) == SpringTuning(response: 0.4, dampingFraction: 0.6))
    }

    @Test func popReboundOrigami() {
        // Tension and friction: x'' + f x' + t x = 0.
        let tf = SpringTuning(tension: 400, friction: 20)
        #expect(Self.close(tf.angularFrequency, 20) && Self.close(tf.dampingRatio, 0.5))
        #expect(Self.close(tf.tensionAndFriction.tension, 400) && Self.close(tf.tensionAndFriction.friction, 20))
        // Origami 40/7: tension (40 − 30)·3.62 + 194 = 230.2, friction (7 − 8)·3 + 25 = 22.
        let o = SpringTuning(origamiTension: 40, origamiFriction: 7)
        #expect(Self.close(o.tensionAndFriction.tension, 230.2) && Self.close(o.tensionAndFriction.friction, 22))
        #expect(Self.close(o.origami.tension, 40) && Self.close(o.origami.friction, 7))
        // Pop's defaults, bounciness 4 and speed 12, by Rebound's BouncyConversion written out:
        // b = 0.8·(4/1.7)/20, s = 0.5 + 199.5·(12/1.7)/20, friction_o = f3(s) + (0.01 − f3(s))·(2b − b²).
        let b = 0.8 * (4 / 1.7) / 20, s = 0.5 + 199.5 * ((12 / 1.7) / 20)
        let f3 = 0.00000045 * s * s * s - 0.000332 * s * s + 0.1078 * s + 5.84  // s > 44
        let frictionO = f3 + (0.01 - f3) * (2 * b - b * b)
        let pop = SpringTuning(bounciness: 4, speed: 12)
        #expect(Self.close(pop.tensionAndFriction.tension, (s - 30) * 3.62 + 194, 1e-9))
        #expect(Self.close(pop.tensionAndFriction.friction, (frictionO - 8) * 3 + 25, 1e-9))
        // The sample value, computed apart (Python, the same formula): Pop's defaults are
        // tension 342.10058823529414, friction 30.48697964824425 (ζ 0.824, 2.94 Hz).
        #expect(Self.close(pop.tensionAndFriction.tension, 342.10058823529414, 1e-9))
        #expect(Self.close(pop.tensionAndFriction.friction, 30.48697964824425, 1e-9))
        // A slow, bouncy one goes through the lowest cubic (Origami tension ≤ 18).
        let slow = SpringTuning(bounciness: 10, speed: 0.2)
        let s2 = 0.5 + 199.5 * ((0.2 / 1.7) / 20), b2 = 0.8 * (10 / 1.7) / 20
        let f1 = 0.0007 * s2 * s2 * s2 - 0.031 * s2 * s2 + 0.64 * s2 + 1.28
        #expect(Self.close(slow.tensionAndFriction.friction, ((f1 + (0.01 - f1) * (2 * b2 - b2 * b2)) - 8) * 3 + 25, 1e-9))
    }

    /// The closed form against RK4 with a 10 µs step (agreement to 1e-8 of the displacement)
    /// in every damping regime, and its initial conditions exactly.
    @Test(arguments: [0.2, 1.0, 2.5])
    func closedFormAgainstIntegration(zeta: Double) {
        let spring = SpringTuning(frequency: 1.7, dampingRatio: zeta)
        let curve = SpringCurve(spring: spring, displacement: 120, velocity: -800)
        #expect(curve.state(at: 0).displacement == 120 && Self.close(curve.state(at: 0).velocity, -800, 1e-12))
        let w = spring.angularFrequency
        func f(_ x: Double, _ v: Double) -> (Double, Double) { (v, -2 * zeta * w * v - w * w * x) }
        var x = 120.0, v = -800.0
        let h = 1e-5
        for step in 1...200_000 {
            let (k1x, k1v) = f(x, v)
            let (k2x, k2v) = f(x + h / 2 * k1x, v + h / 2 * k1v)
            let (k3x, k3v) = f(x + h / 2 * k2x, v + h / 2 * k2v)
            let (k4x, k4v) = f(x + h * k3x, v + h * k3v)
            x += h / 6 * (k1x + 2 * k2x + 2 * k3x + k4x)
            v += h / 6 * (k1v + 2 * k2v + 2 * k3v + k4v)
            if step % 20_000 == 0 {
                let (cx, cv) = curve.state(at: Double(step) * h)
                #expect(abs(cx - x) <= 1e-8 * 120 && abs(cv - v) <= 1e-7 * 800, "ζ \(zeta) t \(Double(step) * h): \(cx) vs \(x)")
            }
        }
        // Settled from the settle time on; not just before it.
        let t = curve.settleTime(threshold: 0.01)
        for k in 0...50 {
            let (sx, sv) = curve.state(at: t + Double(k) * 0.05)
            #expect(abs(sx) <= 0.01 && abs(sv) <= 0.01)
        }
        let (bx, bv) = curve.state(at: t - 1e-6)
        #expect(abs(bx) > 0.01 || abs(bv) > 0.01)
    }

    /// The physics springs follow the curve: a body on the attraction spring (stiffness m ω²)
    /// in a world damped by e^(−2ζω) per second, stepped at 240 Hz, stays within 5 % of the
    /// initial displacement of the closed form over two seconds (semi-implicit Euler lags the
    /// continuous motion by about half a step: ω·v·dt/2, some 3 pt at the fastest).
    @Test(arguments: [0.3, 0.55, 1.0])
    func physicsFollowsTheCurve(zeta: Double) throws {
        let spring = SpringTuning(frequency: 2.5, dampingRatio: zeta)
        let backend = try NativeBackend(arithmetic: .portable)
        let w = try backend.makeWorld(WorldDefinition(mass: 2, moment: 1e9, transform: Transform(position: Vector(100, 0)), gravity: .zero))
        try backend.setDamping(of: w, Portable.exp(-2 * zeta * spring.angularFrequency))
        try backend.attachAttraction(
            Attraction(
                origin: .zero, stiffness: spring.physical(mass: 2).stiffness, damping: 0,
                angularStiffness: 0, angularDamping: 0), to: w)
        let curve = SpringCurve(spring: spring, displacement: 100)
        for k in 1...480 {
            try backend.step(by: 1.0 / 240)
            let x = try backend.state(of: w).position.x
            #expect(abs(x - curve.displacement(at: Double(k) / 240)) <= 5.0, "ζ \(zeta), step \(k)")
        }
    }
}

/// Framer Motion's `visualDuration` and `bounce`, against its getSpringOptions written out:
/// stiffness = (2π / (1.2 d))², damping = 2 · clamp(0.05, 1, 1 − bounce) · √stiffness, mass 1.
@Suite struct FramerSpringTests {
    @Test(arguments: [(0.3, 0.25), (0.5, 0.0), (0.8, 0.6), (0.4, 0.99), (0.4, -0.5)])
    func visualDurationAndBounce(duration: Double, bounce: Double) {
        let root = 2 * Double.pi / (duration * 1.2)
        let stiffness = root * root
        let damping = 2 * min(1, max(0.05, 1 - bounce)) * stiffness.squareRoot()
        let s = SpringTuning(framerVisualDuration: duration, bounce: bounce)
        let (k, c) = s.physical(mass: 1)
        #expect(abs(k - stiffness) <= 1e-12 * stiffness && abs(c - damping) <= 1e-12 * damping)
        // The reverse, where the clamp kept the bounce.
        let back = s.framerVisualDurationAndBounce
        #expect(back != nil && abs(back!.visualDuration - duration) < 1e-12)
        if (0...0.95).contains(bounce) { #expect(abs(back!.bounce - bounce) < 1e-12) }
    }

    @Test func framerDefaultsAndOutOfRange() {
        // Framer's default spring: 0.3 s, bounce 0.25 → ω = 2π/0.36 ≈ 17.453 rad/s, ζ 0.75.
        let s = SpringTuning(framerVisualDuration: 0.3)
        #expect(abs(s.angularFrequency - 17.453292519943293) < 1e-12 && s.dampingRatio == 0.75)
        #expect(SpringTuning(frequency: 2, dampingRatio: 1.5).framerVisualDurationAndBounce == nil)
    }
}
