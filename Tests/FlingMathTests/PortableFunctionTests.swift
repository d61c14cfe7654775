#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Testing
@testable import FlingMath
@testable import FlingCore

/// Each portable elementary function on its own (atan2 too; PortableMathTests covers them
/// together): close to the platform's (tolerance: 1 ulp, since
/// both are within 1 ulp of the true value they can sit on its two sides, never further),
/// special values exactly as C99 Annex F, and their bits pinned by a digest over fixed
/// arguments, so that any change to a portable result is caught on every machine.
struct PortableFunctionTests {
    enum Function: String, CaseIterable, CustomTestStringConvertible {
        case sin, cos, sincosSin, sincosCos, exp, log, pow, atan2
        var testDescription: String { rawValue }

        /// Arguments the engine uses and wider, from a seeded generator (the same everywhere).
        func arguments(_ count: Int) -> [(Double, Double)] {
            var rng = SplitMix64(state: 0xF11A_0010 &+ UInt64(Function.allCases.firstIndex(of: self)!))
            func u(_ a: Double, _ b: Double) -> Double { a + (b - a) * rng.unit() }
            return (0..<count).map { i in
                let wide = i % 4 == 3  // a quarter of the arguments from the wide range
                switch self {
                case .sin, .cos, .sincosSin, .sincosCos: return (wide ? u(-1.6e6, 1.6e6) : u(-7, 7), 0)
                case .exp: return (wide ? u(-745, 709) : u(-2, 0.5), 0)
                case .log: return (wide ? Double(sign: .plus, exponent: Int(u(-1070, 1020)), significand: u(1, 2)) : u(0.01, 4), 0)
                case .pow: return wide ? (u(0.01, 10), u(-30, 30)) : (u(0, 1), u(0, 0.1))
                case .atan2: return wide ? (u(-1e3, 1e3), u(-1e3, 1e3)) : (u(-1, 1), u(-1, 1))
                }
            }
        }

        func portable(_ a: Double, _ b: Double) -> Double {
            switch self {
            case .sin: Portable.sin(a)
            case .cos: Portable.cos(a)
            case .sincosSin: Portable.sincos(a).sin
            case .sincosCos: Portable.sincos(a).cos
            case .exp: Portable.exp(a)
            case .log: Portable.log(a)
            case .pow: Portable.pow(a, b)
            case .atan2: Portable.atan2(a, b)
            }
        }

        func platform(_ a: Double, _ b: Double) -> Double {
            switch self {
            case .sin, .sincosSin: PlatformLibrary.sin(a)
            case .cos, .sincosCos: PlatformLibrary.cos(a)
            case .exp: PlatformLibrary.exp(a)
            case .log: PlatformLibrary.log(a)
            case .pow: PlatformLibrary.pow(a, b)
            case .atan2: PlatformLibrary.atan2(a, b)
            }
        }
    }

    /// Distance in ulps between two finite doubles, by their ordered bit patterns.
    static func ulps(_ a: Double, _ b: Double) -> UInt64 {
        func ordered(_ x: Double) -> Int64 {
            let i = Int64(bitPattern: x.bitPattern)
            return i < 0 ? Int64.min &- i : i
        }
        let d = ordered(a) &- ordered(b)
        return d.magnitude
    }

    @Test("within 1 ulp of the platform's C library on 4,096 seeded arguments", arguments: Function.allCases)
    func closeToPlatform(_ f: Function) {
        var worst: UInt64 = 0
        var differing = 0
        for (a, b) in f.arguments(4096) {
            let d = Self.ulps(f.portable(a, b), f.platform(a, b))
            if d > 1 { Issue.record("\(f)(\(a), \(b)): portable \(f.portable(a, b)), platform \(f.platform(a, b)), \(d) ulps apart") }
            worst = max(worst, d)
            if d != 0 { differing += 1 }
        }
        #expect(worst <= 1)
        // Not every result may differ: most must be the correctly rounded value both give.
        #expect(differing < 4096 / 5)
    }

    /// FNV-1a over the bits of the portable results on fixed arguments, per function.
    static let pinned: [Function: String] = [
        .sin: "9e1fc37c998c18a8", .cos: "306436c502b42e7a",
        .sincosSin: "40d10e8f8c63e8ea", .sincosCos: "75823258040e69aa",
        .exp: "98cb5c60e014dbf7", .log: "be95388e49b67e4a",
        .pow: "79ddd2377573a816", .atan2: "df8a1e3bdf003f22",
    ]

    @Test("the portable results' bits are pinned", arguments: Function.allCases)
    func pinnedBits(_ f: Function) {
        var digest = StateDigest()
        for (a, b) in f.arguments(10_000) { digest.combine(f.portable(a, b)) }
        #expect(digest.hex == Self.pinned[f], "\(f): \(digest.hex)")
    }

    static func same(_ a: Double, _ b: Double) -> Bool { a.isNaN ? b.isNaN : a.bitPattern == b.bitPattern }

    @Test func sinCosSpecialValues() {
        let nan = Double.nan, inf = Double.infinity
        for x in [nan, inf, -inf] {
            #expect(Portable.sin(x).isNaN); #expect(Portable.cos(x).isNaN)
            #expect(Portable.sincos(x).sin.isNaN); #expect(Portable.sincos(x).cos.isNaN)
        }
        // The NaN made from an infinity is the canonical one, not the CPU's default NaN.
        #expect(Portable.sin(inf).bitPattern == Double.nan.bitPattern)
        #expect(Portable.cos(-inf).bitPattern == Double.nan.bitPattern)
        #expect(Self.same(Portable.sin(0.0), 0.0)); #expect(Self.same(Portable.sin(-0.0), -0.0))
        #expect(Self.same(Portable.sincos(-0.0).sin, -0.0))
        #expect(Portable.cos(0.0) == 1); #expect(Portable.cos(-0.0) == 1)
        #expect(Self.same(Portable.sin(0x1p-1074), 0x1p-1074))
        #expect(Self.same(Portable.sin(-1e-300), -1e-300))
        // Large arguments stay in [-1, 1] and never trap.
        for x in [1e7, 1e22, 1e300, -Double.greatestFiniteMagnitude, Double.greatestFiniteMagnitude] {
            #expect(Portable.sin(x).magnitude <= 1); #expect(Portable.cos(x).magnitude <= 1)
        }
    }

    /// Beyond 2²⁰·π/2 sine and cosine take Payne–Hanek reduction: still within 1 ulp of the
    /// platform's (glibc reduces exactly too), up to the largest double.
    @Test func hugeArguments() {
        // 6381956970095103·2⁷⁹⁷, the double closest to a multiple of π/2 (2⁻⁶¹ of it away, an
        // odd multiple): cos is -4.687165924254627611e-19 (mpmath at 2,000 bits), and this is
        // the double nearest it. glibc 2.36's cos is 8 ulps off here, so it is no reference.
        let hard = 6381956970095103 * 0x1p797
        #expect(Portable.cos(hard) == -4.687165924254628e-19)
        #expect(Portable.cos(-hard) == -4.687165924254628e-19)
        #expect(Portable.sin(hard) == 1 && Portable.sin(-hard) == -1)
        var rng = SplitMix64(state: 0x9A7E_4A2E)
        var xs: [Double] = [
            1e22, 0x1p1023,
            .greatestFiniteMagnitude, -.greatestFiniteMagnitude, 1_647_100, -1_647_100,
        ]
        for _ in 0..<4000 {
            let e = Int(rng.next() % 1003) + 21
            let x = Double(sign: rng.next() & 1 == 0 ? .plus : .minus, exponent: e, significand: 1 + rng.unit())
            xs.append(x)
        }
        for x in xs {
            let s = Portable.sin(x), c = Portable.cos(x), sc = Portable.sincos(x)
            #expect(Self.ulps(s, PlatformLibrary.sin(x)) <= 1, "sin(\(x)): \(s) vs \(PlatformLibrary.sin(x))")
            #expect(Self.ulps(c, PlatformLibrary.cos(x)) <= 1, "cos(\(x)): \(c) vs \(PlatformLibrary.cos(x))")
            #expect(sc.sin.bitPattern == s.bitPattern && sc.cos.bitPattern == c.bitPattern)
        }
    }

    @Test func expLogSpecialValues() {
        let nan = Double.nan, inf = Double.infinity
        #expect(Portable.exp(nan).isNaN)
        #expect(Portable.exp(inf) == inf)
        #expect(Self.same(Portable.exp(-inf), 0.0))
        #expect(Portable.exp(0.0) == 1); #expect(Portable.exp(-0.0) == 1)
        #expect(Portable.exp(710) == inf)
        #expect(Self.same(Portable.exp(-746), 0.0))
        #expect(Portable.exp(-745.1) == 0x1p-1074)  // the smallest subnormal
        #expect(Portable.log(nan).isNaN)
        #expect(Portable.log(-1).isNaN); #expect(Portable.log(-inf).isNaN)
        #expect(Portable.log(0.0) == -inf); #expect(Portable.log(-0.0) == -inf)
        #expect(Portable.log(inf) == inf)
        #expect(Self.same(Portable.log(1), 0.0))
        #expect(Portable.log(0x1p-1074) == PlatformLibrary.log(0x1p-1074))
    }

    @Test func powSpecialValues() {
        let nan = Double.nan, inf = Double.infinity
        // x^±0 = 1 and 1^y = 1, even for NaN.
        for x in [nan, inf, -inf, 0.0, -0.0, 2.5, -3] { #expect(Portable.pow(x, 0.0) == 1); #expect(Portable.pow(x, -0.0) == 1) }
        for y in [nan, inf, -inf, 0.5, -7] { #expect(Portable.pow(1, y) == 1) }
        #expect(Portable.pow(nan, 1).isNaN); #expect(Portable.pow(2, nan).isNaN)
        #expect(Portable.pow(-1, inf) == 1); #expect(Portable.pow(-1, -inf) == 1)
        #expect(Portable.pow(0.5, inf) == 0); #expect(Portable.pow(0.5, -inf) == inf)
        #expect(Portable.pow(2, inf) == inf); #expect(Self.same(Portable.pow(2, -inf), 0.0))
        #expect(Self.same(Portable.pow(-0.0, 3), -0.0)); #expect(Self.same(Portable.pow(-0.0, 2), 0.0))
        #expect(Portable.pow(-0.0, -3) == -inf); #expect(Portable.pow(0.0, -2) == inf)
        #expect(Self.same(Portable.pow(0.0, 0.5), 0.0))
        #expect(Self.same(Portable.pow(-inf, 3), -inf)); #expect(Self.same(Portable.pow(-inf, -3), -0.0))
        #expect(Portable.pow(-inf, 2) == inf); #expect(Self.same(Portable.pow(inf, -1), 0.0))
        #expect(Portable.pow(-2, 0.5).isNaN)
        #expect(Portable.pow(-2, 3) == -8); #expect(Portable.pow(-2, -2) == 0.25)
        #expect(Portable.pow(3, 4) == 81); #expect(Portable.pow(10, 15) == 1e15)
        #expect(Portable.pow(2, 1024) == inf); #expect(Portable.pow(2, -1074) == 0x1p-1074)
        #expect(Self.same(Portable.pow(2, -1080), 0.0))
        // The drag's error bias, pow(0.85, 60), as the platform gives it on this machine.
        #expect(Self.ulps(Portable.pow(0.85, 60), PlatformLibrary.pow(0.85, 60)) <= 1)
    }

    @Test func atan2SpecialValues() {
        let nan = Double.nan, inf = Double.infinity, pi = Double.pi
        #expect(Portable.atan2(nan, 1).isNaN); #expect(Portable.atan2(1, nan).isNaN)
        #expect(Self.same(Portable.atan2(0.0, 1), 0.0)); #expect(Self.same(Portable.atan2(-0.0, 1), -0.0))
        #expect(Self.same(Portable.atan2(0.0, 0.0), 0.0)); #expect(Self.same(Portable.atan2(-0.0, 0.0), -0.0))
        #expect(Portable.atan2(0.0, -0.0) == pi); #expect(Portable.atan2(-0.0, -0.0) == -pi)
        #expect(Portable.atan2(0.0, -1) == pi); #expect(Portable.atan2(-0.0, -1) == -pi)
        #expect(Portable.atan2(1, 0.0) == pi / 2); #expect(Portable.atan2(-1, -0.0) == -pi / 2)
        #expect(Portable.atan2(inf, inf) == pi / 4); #expect(Portable.atan2(-inf, inf) == -pi / 4)
        #expect(Portable.atan2(inf, -inf) == 3 * pi / 4); #expect(Portable.atan2(-inf, -inf) == -3 * pi / 4)
        #expect(Self.same(Portable.atan2(1, inf), 0.0)); #expect(Self.same(Portable.atan2(-1, inf), -0.0))
        #expect(Portable.atan2(1, -inf) == pi); #expect(Portable.atan2(-1, -inf) == -pi)
        #expect(Portable.atan2(inf, 1) == pi / 2); #expect(Portable.atan2(-inf, 1) == -pi / 2)
        #expect(Portable.atan2(1, 1) == pi / 4)
        #expect(Portable.atan2(1e-300, 1e300) == 0 || Portable.atan2(1e-300, 1e300) < 1e-299)
    }
}
