import Testing
@testable import FlingCore
@testable import FlingCurves

@Suite struct TimingFunctionTests {
    static let all: [TimingFunction] = [
        .linear, .easeIn, .easeOut, .easeInEaseOut, .default,
        try! TimingFunction(0.68, -0.55, 0.265, 1.55), try! TimingFunction(1, 0, 0, 1),
    ]

    @Test(arguments: all)
    func solvedToOneTrillionth(_ f: TimingFunction) {
        #expect(f(0) == 0 && f(1) == 1 && f(-3) == 0 && f(7) == 1)
        var previous = 0.0
        for k in 1..<1000 {
            let x = Double(k) / 1000
            let s = f.parameter(for: x)
            #expect(abs(TimingFunction.bezier(s, f.controlPoint1.x, f.controlPoint2.x) - x) <= 1e-12)
            let y = f(x)
            if f.controlPoint1.y >= 0 && f.controlPoint1.y <= 1 && f.controlPoint2.y >= 0 && f.controlPoint2.y <= 1 {
                #expect(y >= previous)
            }
            previous = y
        }
    }

    @Test func knownValues() throws {
        #expect(TimingFunction.linear(0.3) == 0.3)
        // CSS `ease` (= Core Animation's default) at 0.5, and symmetry of easeInEaseOut.
        // Reference by plain bisection on x(s) = 0.5 to the last bit.
        var lo = 0.0, hi = 1.0
        for _ in 0..<200 {
            let m = (lo + hi) / 2
            if TimingFunction.bezier(m, 0.25, 0.25) < 0.5 { lo = m } else { hi = m }
        }
        #expect(abs(TimingFunction.default(0.5) - TimingFunction.bezier(lo, 0.1, 1)) < 1e-12)
        #expect(abs(TimingFunction.default(0.5) - 0.8024033877399112) < 1e-9)  // CSS `ease` at 0.5
        for x in [0.1, 0.25, 0.4] {
            #expect(abs(TimingFunction.easeInEaseOut(x) + TimingFunction.easeInEaseOut(1 - x) - 1) < 1e-12)
            #expect(abs(TimingFunction.easeIn(x) + TimingFunction.easeOut(1 - x) - 1) < 1e-12)
        }
        #expect(throws: FlingError.self) { _ = try TimingFunction(1.5, 0, 0, 1) }
        #expect(throws: FlingError.self) { _ = try TimingFunction(0.5, .nan, 0, 1) }
    }
}
