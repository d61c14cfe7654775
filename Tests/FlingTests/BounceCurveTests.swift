import Fling
import Foundation
import Testing
@testable import FlingCurves
@testable import FlingInteraction

/// SKBounceAnimation, whole: every form, every value kind, the keyframe list and the value at
/// any time, against numbers computed apart from the implementation: the library's algorithm
/// written out here with Foundation's (the platform's) functions, and values computed with
/// mpmath at 40 digits, pasted with a tolerance.
@Suite struct BounceCurveTests {
    /// SKBounceAnimation's `valueArrayForStartValue:endValue:` for one number, with Foundation.
    static func library(
        from: Double, to: Double, duration: Double, bounces: Int, c: Double, overshoot: Bool = true, shake: Bool = false
    ) -> [Double] {
        let steps = Int(60 * duration)
        var alpha = from == to ? log2(c) / Double(steps) : log2(c / abs(to - from)) / Double(steps)
        if alpha > 0 { alpha = -alpha }
        let omega = (Double(bounces / 2) + 0.5) * 2 * Double.pi / Double(steps)
        return (0..<steps).map { t in
            let w = shake ? sin(omega * Double(t)) : cos(omega * Double(t))
            return (from - to) * pow(2.71, alpha * Double(t)) * (overshoot ? w : abs(w)) + to
        }
    }

    /// `a` and `b` agree to `tol`, relative to their size (at least 1).
    static func close(_ a: Double, _ b: Double, _ tol: Double = 1e-12) -> Bool { abs(a - b) <= tol * max(1, abs(b)) }

    /// The ChatHeads article's example: ω 0.06, α 0.04, from 300 to 100, over 180 frames (3 s).
    /// mpmath: 200·base^(−0.04 t)·cos(0.06 t) + 100, for base e (the article's equation) and 2.71
    /// (the library's constant).
    @Test func theArticlesExample() throws {
        let expected: [(base: Double, values: [(Double, Double)])] = [
            (
                M_E,
                [
                    (0, 300), (10, 210.647_801_476_221_645_25), (26, 100.763_187_624_243_936_24), (45, 70.111_576_010_494_299_778),
                    (52, 75.019_782_113_781_506_087), (95, 103.734_633_855_012_296_37), (150, 99.548_306_776_025_353_546),
                ]
            ),
            (
                2.71,
                [
                    (0, 300), (10, 210.782_934_663_882_244_76), (26, 100.765_613_385_839_315_37), (45, 69.946_963_471_263_281_141),
                    (52, 74.860_732_484_724_368_536), (95, 103.778_189_665_368_354_67), (150, 99.539_960_924_766_444_061),
                ]
            ),
        ]
        for (base, values) in expected {
            let curve = BounceCurve.equation(alpha: 0.04, omega: 0.06, base: base, duration: 3)
            try curve.validate()
            #expect(curve.frames == 180)
            let frames = curve.values(from: 300.0, to: 100.0)
            #expect(frames.count == 180)
            for (t, v) in values {
                #expect(Self.close(curve.value(atFrame: t, from: 300, to: 100), v, 1e-13), "base \(base), t \(t)")
                #expect(Self.close(frames[Int(t)], v, 1e-13), "base \(base), t \(t)")
            }
        }
        // The default base is the library's 2.71.
        #expect(
            BounceCurve.equation(alpha: 0.04, omega: 0.06, duration: 3).values(from: 300.0, to: 100.0)
                == BounceCurve.equation(alpha: 0.04, omega: 0.06, base: 2.71, duration: 3).values(from: 300.0, to: 100.0))
    }

    /// The library's form, against mpmath (defaults: 2 bounces, medium stiffness; 0 → 100 in 0.5 s)
    /// and against the algorithm written out, with free stiffness, overshoot off and shake.
    @Test func theLibrarysForm() throws {
        let curve = BounceCurve(duration: 0.5)
        let decay = try #require(curve.decay(from: 0, to: 100))
        #expect(Self.close(decay.alpha, 0.332_192_809_488_736_234_79) && Self.close(decay.omega, 0.314_159_265_358_979_323_85))
        let frames = curve.values(from: 0.0, to: 100.0)
        for (t, v) in [
            (0, 0.0), (1, 31.706_866_431_018_851_267), (7, 105.786_469_777_864_391_52), (15, 100), (29, 100.006_414_415_021_676_35),
        ] {
            #expect(Self.close(frames[t], v, 1e-13), "t \(t)")
        }
        for (stiffness, overshoot, shake) in [(BounceCurve.Stiffness(2.5), true, false), (.heavy, false, false), (.light, true, true)] {
            let c = BounceCurve(duration: 0.7, bounces: 5, stiffness: stiffness, overshoot: overshoot, shake: shake)
            let reference = Self.library(
                from: -40, to: 260, duration: 0.7, bounces: 5, c: stiffness.coefficient, overshoot: overshoot, shake: shake)
            let values = c.values(from: -40.0, to: 260.0)
            #expect(values.count == reference.count)
            for (v, e) in zip(values, reference) { #expect(Self.close(v, e)) }
        }
        // Overshoot off stays on the from side; a shake starts and ends near the target.
        #expect(BounceCurve(bounces: 4, overshoot: false).values(from: 0.0, to: 100.0).allSatisfy { $0 <= 100 })
        #expect(BounceCurve(shake: true).values(from: 20.0, to: 100.0)[0] == 100)
        #expect(throws: FlingError.self) { try BounceCurve(stiffness: BounceCurve.Stiffness(0)).validate() }
        #expect(throws: FlingError.self) { try BounceCurve.equation(alpha: -1, omega: 0.06, duration: 1).validate() }
    }

    /// Every kind the library animates, each number on its own curve; rects, transforms and
    /// colours without their first frame, as the library hands them over; Core Animation's key
    /// times and the values between them.
    @Test func everyValueKind() throws {
        let curve = BounceCurve(duration: 0.5, bounces: 4, stiffness: .light)
        func check<V: BounceValue & Equatable>(_ from: V, _ to: V, omitsFirst: Bool) {
            let a = from.bounceComponents, b = to.bounceComponents
            let reference = a.indices.map { Self.library(from: a[$0], to: b[$0], duration: 0.5, bounces: 4, c: 5) }
            let values = curve.values(from: from, to: to)
            let skip = omitsFirst ? 1 : 0
            #expect(values.count == 30 - skip, "\(V.self)")
            for (k, v) in values.enumerated() {
                for (i, x) in v.bounceComponents.enumerated() { #expect(Self.close(x, reference[i][k + skip]), "\(V.self) frame \(k)") }
            }
            // Core Animation's timing: evenly spaced, linear between, the model value after.
            let animation = curve.keyframeAnimation(from: from, to: to)
            #expect(animation.keyTimes.count == values.count && animation.timingFunctions == nil)
            #expect(
                animation.keyTimes.enumerated().allSatisfy { $1 == ($0 == values.count - 1 ? 1 : Double($0) / Double(values.count - 1)) })
            let t = 0.5 * (animation.keyTimes[3] + animation.keyTimes[4]) * 0.5  // halfway between keyframes 3 and 4
            let mid = curve.value(at: t, from: from, to: to).bounceComponents
            let (p, q) = (values[3].bounceComponents, values[4].bounceComponents)
            for i in mid.indices { #expect(Self.close(mid[i], (p[i] + q[i]) / 2, 1e-9), "\(V.self)") }
            #expect(curve.value(at: 0.5, from: from, to: to) == to && curve.value(at: 0, from: from, to: to) == values[0])
        }
        check(10.0, 250.0, omitsFirst: false)
        check(Vector(20, 300), Vector(200, 100), omitsFirst: false)
        check(Size(width: 50, height: 80), Size(width: 150, height: 40), omitsFirst: false)
        check(Rect(x: 0, y: 0, width: 60, height: 60), Rect(x: 0, y: 0, width: 100, height: 100), omitsFirst: true)
        check(AffineMatrix.identity, AffineMatrix.scale(1.5, 1.5), omitsFirst: true)
        let turned = AffineMatrix.scale(1.5, rotation: Double.pi / 4)
        #expect(Self.close(turned.a, 1.5 * cos(Double.pi / 4)) && Self.close(turned.c, -1.5 * sin(Double.pi / 4)))
        check(AffineMatrix.identity, turned, omitsFirst: true)
        check(RGBA(red: 1, green: 0, blue: 0), RGBA(red: 0, green: 0, blue: 1), omitsFirst: true)
    }

    /// A `CATransform3D` bounces entry by entry, all sixteen, each against the library's formula
    /// for its own start and end (its own `α`), the first frame left out; m34 is the identity's
    /// 0 in every frame, as the library's copy loop leaves it (m34's frames go to m44, and m44's
    /// over them), and the model value, with its m34, shows once the animation is over.
    /// `CATransform3DMakeScale(s, s, s)` keeps its z scale; a 2D transform's entries have the
    /// bits ``AffineMatrix`` gives them.
    @Test func everyEntryOfATransform3D() throws {
        let curve = BounceCurve(duration: 0.5, bounces: 3, stiffness: .medium)
        let from = Transform3D(bounceComponents: (0..<16).map { Double($0) * 0.25 - 1 })
        let to = Transform3D(bounceComponents: (0..<16).map { 3 - Double($0 * $0) * 0.125 })
        let values = curve.values(from: from, to: to)
        #expect(values.count == 29)
        let a = from.bounceComponents, b = to.bounceComponents
        for entry in 0..<16 {
            let reference = Self.library(from: a[entry], to: b[entry], duration: 0.5, bounces: 3, c: 0.1)
            for (k, v) in values.enumerated() {
                let x = v.bounceComponents[entry]
                if entry == 11 {
                    #expect(x == 0, "m34 frame \(k + 1)")
                } else {
                    #expect(Self.close(x, reference[k + 1]), "entry \(entry) frame \(k + 1): \(x) against \(reference[k + 1])")
                }
            }
        }
        #expect(curve.value(at: 0.5, from: from, to: to) == to && curve.value(at: 0.5, from: from, to: to).m34 == b[11])
        // The z scale bounces to its end and stays.
        let pop = curve.keyframeAnimation(from: Transform3D.identity, to: .scale(1.2, 1.2, 1.2))
        let z = Self.library(from: 1, to: 1.2, duration: 0.5, bounces: 3, c: 0.1)
        #expect(zip(pop.values.map(\.m33), z.dropFirst()).allSatisfy { Self.close($0, $1) })
        #expect(pop.values.contains { $0.m33 > 1.2 } && pop.finalValue.m33 == 1.2)
        // A 2D transform: the same bits as AffineMatrix's, the other entries the identity's.
        let flat = curve.values(from: AffineMatrix.identity, to: .scale(1.5, rotation: 0.7))
        let turned = AffineMatrix.scale(1.5, rotation: 0.7)
        let lifted = curve.values(from: Transform3D.identity, to: Transform3D(m11: turned.a, m12: turned.b, m21: turned.c, m22: turned.d))
        #expect(lifted.count == flat.count)
        for (f, d) in zip(flat, lifted) {
            #expect([f.a, f.b, f.c, f.d, f.tx, f.ty].map(\.bitPattern) == [d.m11, d.m12, d.m21, d.m22, d.m41, d.m42].map(\.bitPattern))
            #expect([d.m13, d.m14, d.m23, d.m24, d.m31, d.m32, d.m34, d.m43] == Array(repeating: 0, count: 8) && d.m33 == 1 && d.m44 == 1)
        }
    }

    /// The ChatHeads project's first bounce, against its rule written out: the angle
    /// `atan2(dx, dy)` from the head to the target, 4 % of the distance along it, `sin` for x
    /// and `cos` for y, each point truncated; 0.28 s out and 0.25 s back, ease-in-ease-out.
    @Test func chatHeadsFirstBounce() throws {
        let curve = BounceCurve.chatHeadsFirstBounce
        try curve.validate()
        let from = Vector(210.5, 312.25), to = Vector(33, 500)
        let angle = atan2(to.x - from.x, to.y - from.y)
        let bounce = hypot(from.x - to.x, from.y - to.y) * 0.04
        let step1 = Vector((to.x + sin(angle) * bounce).rounded(.towardZero), (to.y + cos(angle) * bounce).rounded(.towardZero))
        let keyframes = curve.keyframeAnimation(from: from, to: to)
        #expect(keyframes.values == [from, step1, to] && step1 == Vector(25, 507))
        #expect(keyframes.keyTimes == [0, 0.28 / 0.53, 1] && keyframes.duration == 0.53)
        // Halfway through each eased step (ease-in-ease-out is symmetric): halfway between.
        let out = curve.value(at: 0.14, from: from, to: to), back = curve.value(at: 0.28 + 0.125, from: from, to: to)
        #expect((out - (from + step1) * 0.5).length < 1e-9 && (back - (step1 + to) * 0.5).length < 1e-9)
        // A quarter of the way through the first step, the curve's 0.42/0.58 easing: slower than linear.
        let quarter = curve.value(at: 0.07, from: from, to: to)
        let eased = TimingFunction.easeInEaseOut(0.25)
        #expect((quarter - (from + (step1 - from) * eased)).length < 1e-9 && eased < 0.25)
        #expect(curve.value(at: 0.53, from: from, to: to) == to)
        // A snap item travels by it too (ChatHeadsDemoTests follows one).
        #expect(throws: Never.self) {
            try SnapItem(id: 1, center: from, width: 40, height: 40, restingPlaces: .points([to]), motion: .keyframes(curve))
                .validate(tick: 1.0 / 120)
        }
    }

    /// A keyframe animation of one's own plays as Core Animation's linear mode does, and one
    /// whose arrays disagree in length is read as far as the shorter goes (no trap).
    @Test func keyframesOfOnesOwn() {
        let k = BounceCurve.Keyframes<Double>(
            values: [0, 10, 20], keyTimes: [0, 0.5, 1], timingFunctions: nil, duration: 2, finalValue: 20)
        #expect(k.value(at: 0.5) == 5 && k.value(at: 1.5) == 15 && k.value(at: 2) == 20 && k.value(at: -1) == 0)
        let eased = BounceCurve.Keyframes<Double>(
            values: [0, 10], keyTimes: [0, 1], timingFunctions: [.easeInEaseOut], duration: 1, finalValue: 10)
        #expect(eased.value(at: 0.25) == 10 * TimingFunction.easeInEaseOut(0.25))
        let short = BounceCurve.Keyframes<Double>(values: [0, 10, 20], keyTimes: [0, 1], timingFunctions: [], duration: 2, finalValue: 7)
        #expect(short.value(at: 1) == 5 && short.value(at: 3) == 7)
        let none = BounceCurve.Keyframes<Double>(values: [4], keyTimes: [], timingFunctions: nil, duration: 1, finalValue: 9)
        #expect(none.value(at: 0.5) == 4 && none.value(at: 1) == 9)
    }
}
