import Testing
@testable import FlingMath
@testable import FlingCore

/// `Portable.sincos` on SIMD lanes: every lane has the bits of the scalar `Portable.sincos` of
/// that lane's angle, for the scalar function's special cases in every lane position, and for
/// seeded random angles over several ranges.
struct PortableLanesTests {
    /// The lanes whose sine or cosine differ in any bit from the scalar function's, described.
    static func mismatches(_ x: SIMD4<Double>) -> [String] {
        let (s, c) = Portable.sincos(x)
        return (0..<4).compactMap { i in
            let (es, ec) = Portable.sincos(x[i])
            if s[i].bitPattern == es.bitPattern && c[i].bitPattern == ec.bitPattern { return nil }
            return "lane \(i) of \(x): (\(s[i]), \(c[i])), scalar (\(es), \(ec))"
        }
    }

    /// The same for two lanes.
    static func mismatches(_ x: SIMD2<Double>) -> [String] {
        let (s, c) = Portable.sincos(x)
        return (0..<2).compactMap { i in
            let (es, ec) = Portable.sincos(x[i])
            if s[i].bitPattern == es.bitPattern && c[i].bitPattern == ec.bitPattern { return nil }
            return "lane \(i) of \(x): (\(s[i]), \(c[i])), scalar (\(es), \(ec))"
        }
    }

    /// Each value, its neighbours `steps` ulps either side, and their negations.
    static func around(_ values: [Double], steps: Int = 2) -> [Double] {
        var out = [Double]()
        for v in values {
            var up = v, down = v
            out.append(v)
            for _ in 0..<steps {
                up = up.nextUp
                down = down.nextDown
                out += [up, down]
            }
        }
        return out + out.map { -$0 }
    }

    /// Where the scalar code branches or its arithmetic is at an edge.
    static let edgeCases: [Double] = {
        var values: [Double] = [
            0, .leastNonzeroMagnitude, 0x1p-1070, Double.leastNormalMagnitude.nextDown, .leastNormalMagnitude, 1e-300, 1e-20,
            0x1p-28, 0x1p-27, 0x1.8p-27, 0x1p-26, 0x1p-25, 1e-8, 1e-4,
            0.785_398_163_397_448_2, 0.785_398_163_397_448_3, 0.785_398_163_397_448_4, 0.5, 1, 2, 3, 10, 100, 1e5, 1e6,
            Portable.exactTrigonometryBound, 2e6, 1e10, 1e22, 1e300, .greatestFiniteMagnitude,
        ]
        // Multiples of π/2 (where the reduced argument nears 0) and odd multiples of π/4 (where
        // the quadrant changes), small and up to the bound, where n reaches 2²⁰.
        for k in [1.0, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 16, 31, 64, 100, 1000, 65_536, 355_000, 1_000_000, 1_048_575, 1_048_576] {
            values += [k * .pi / 2, (k - 0.5) * .pi / 2, (k + 0.5) * .pi / 2]
        }
        return around(values) + [.infinity, -.infinity, .nan, -.nan, .signalingNaN, Double(bitPattern: 0x7FF8_0000_0000_1234)]
    }()

    /// Every edge case in every lane position, the other lanes random (small and wide).
    @Test func edgeCasesInEveryLane() {
        var rng = SplitMix64(state: 0x1A_E5)
        var failures = [String]()
        for value in Self.edgeCases {
            for lane in 0..<4 {
                let width = rng.next() & 1 == 0 ? 10.0 : 1.6e6
                var x = SIMD4<Double>((0..<4).map { _ in width * (2 * rng.unit() - 1) })
                x[lane] = value
                failures += Self.mismatches(x)
            }
            failures += Self.mismatches(SIMD2(value, 2 * rng.unit() - 1)) + Self.mismatches(SIMD2(rng.unit(), value))
        }
        #expect(Self.edgeCases.count > 500)
        #expect(failures.isEmpty, "\(failures.count) lanes differ: \(failures.prefix(8))")
    }

    /// Edge cases side by side: vectors made only of them, so that the special lanes also meet
    /// each other (and the fast path runs with none of its generic lanes taken).
    @Test func edgeCasesTogether() {
        var rng = SplitMix64(state: 0x70_6E7E)
        let values = Self.edgeCases
        var failures = [String]()
        for i in 0..<values.count {
            failures += Self.mismatches(
                SIMD4(values[i], values[(i + 1) % values.count], values[(i + 7) % values.count], values[(i + 31) % values.count]))
            failures += Self.mismatches(SIMD4((0..<4).map { _ in values[Int(rng.next() % UInt64(values.count))] }))
        }
        #expect(failures.isEmpty, "\(failures.count) lanes differ: \(failures.prefix(8))")
    }

    /// The literals the lanes reduce with are the scalar reduction's constants, bit for bit.
    @Test func reductionConstantsAreTheScalarOnes() {
        typealias C = Portable.LanesConstant
        #expect(C.twoOverPi.bitPattern == Portable.twoOverPi.bitPattern)
        #expect(C.halfPi1.bitPattern == Portable.halfPi1.bitPattern)
        #expect(C.halfPi2.bitPattern == Portable.halfPi2.bitPattern)
        #expect(C.halfPi3.bitPattern == Portable.halfPi3.bitPattern)
        #expect(C.halfPi4.bitPattern == Portable.halfPi4.bitPattern)
        #expect(C.halfPi5.bitPattern == Portable.halfPi5.bitPattern)
        #expect(C.exactBound.bitPattern == Portable.exactTrigonometryBound.bitPattern)
    }

    enum Range: String, CaseIterable, CustomTestStringConvertible {
        case tiny, smallAngles, unit, ten, thousand, belowBound, twoMillion, bitPatterns, mixed
        var testDescription: String { rawValue }

        /// Of 10,000 vectors, how many at least have every lane within the fast range: all, for
        /// the ranges inside it; (1.65/2)⁴ ≈ 46 % of those up to 2·10⁶; about (1/2)⁴ of random
        /// bit patterns (half have an exponent below 21); and most of the mixed ones.
        var minimumFastVectors: Int {
            switch self {
            case .twoMillion: 4000
            case .bitPatterns: 400
            case .mixed: 5000
            default: 10_000
            }
        }

        /// A seeded random angle from the range.
        func draw(_ rng: inout SplitMix64) -> Double {
            let sign = rng.next() & 1 == 0 ? 1.0 : -1.0
            switch self {
            case .tiny: return sign * 1e-8 * rng.unit()
            case .smallAngles: return sign * Double(sign: .plus, exponent: -30 + Int(rng.next() % 12), significand: 1 + rng.unit())
            case .unit: return sign * rng.unit()
            case .ten: return sign * 10 * rng.unit()
            case .thousand: return sign * 1e3 * rng.unit()
            case .belowBound: return sign * Portable.exactTrigonometryBound * rng.unit()
            case .twoMillion: return sign * 2e6 * rng.unit()
            case .bitPatterns: return Double(bitPattern: rng.next())
            case .mixed:
                let pick = Range.allCases[Int(rng.next() % UInt64(Range.allCases.count - 1))]
                return pick.draw(&rng)
            }
        }
    }

    /// 40,000 seeded random angles per range (360,000 in all), four to a vector, and two to a
    /// vector for the first 4,000.
    @Test(arguments: Range.allCases) func randomAngles(_ range: Range) {
        var rng = SplitMix64(state: 0x5EED_0000 &+ UInt64(Range.allCases.firstIndex(of: range)!))
        var failures = [String]()
        var fastVectors = 0
        for i in 0..<10_000 {
            let x = SIMD4<Double>((0..<4).map { _ in range.draw(&rng) })
            if (0..<4).allSatisfy({ abs(x[$0]) <= Portable.exactTrigonometryBound }) { fastVectors += 1 }
            failures += Self.mismatches(x)
            if i < 1000 { failures += Self.mismatches(x.lowHalf) + Self.mismatches(x.highHalf) }
        }
        #expect(failures.isEmpty, "\(failures.count) lanes differ: \(failures.prefix(8))")
        // The fast path is what is being compared.
        #expect(fastVectors >= range.minimumFastVectors)
    }
}
