@testable import FlingCore
import Testing

@testable import FlingMath

/// The edge cases each portable function's doc comment promises, one by one, bit for bit
/// (the accuracy figures are math-accuracy's, Benchmarks/MATH-ACCURACY.md; PortableFunctionTests
/// holds every function within 1 ulp of the platform's on seeded arguments).
struct PortableContractTests {
    static func bits(_ a: Double, _ b: Double) -> Bool { a.bitPattern == b.bitPattern }
    static func canonicalNaN(_ x: Double) -> Bool { x.bitPattern == Double.nan.bitPattern }
    static let payloadNaN = Double(nan: 0x1234, signaling: false)
    static let subnormal = Double.leastNonzeroMagnitude

    /// Within 1 ulp of the platform's, which is within 1 ulp of the true value there too.
    static func close(_ a: Double, _ b: Double) -> Bool {
        a == b || abs(a - b) <= max(b.ulp, a.ulp)
    }

    @Test func sineAndCosine() {
        #expect(Self.bits(Portable.sin(0), 0) && Self.bits(Portable.sin(-0.0), -0.0))
        for x in [Self.subnormal, -Self.subnormal, 1e-300, 1e-9, 0x1p-27] { #expect(Self.bits(Portable.sin(x), x)) }
        #expect(Portable.cos(0) == 1 && Portable.cos(-0.0) == 1 && Portable.cos(Self.subnormal) == 1 && Portable.cos(1e-9) == 1)
        for x in [Double.infinity, -.infinity, .nan, Self.payloadNaN] {
            #expect(Self.canonicalNaN(Portable.sin(x)) && Self.canonicalNaN(Portable.cos(x)))
            let (s, c) = Portable.sincos(x)
            #expect(Self.canonicalNaN(s) && Self.canonicalNaN(c))
        }
        for x in [Double.greatestFiniteMagnitude, -.greatestFiniteMagnitude, 1e300, 1e22] {
            #expect(Self.close(Portable.sin(x), PlatformLibrary.sin(x)) && Self.close(Portable.cos(x), PlatformLibrary.cos(x)))
        }
        for x in [0, -0.0, Self.subnormal, 0x1p-27, 0x1.8p-27, 0x1p-26, 0.5, 3, 1e6, 2e6, -7e300] {
            let (s, c) = Portable.sincos(x)
            #expect(Self.bits(s, Portable.sin(x)) && Self.bits(c, Portable.cos(x)), "sincos(\(x))")
        }
        #expect(Portable.sincos(-0.0).sin.bitPattern == (-0.0).bitPattern && Portable.sincos(-0.0).cos == 1)
    }

    @Test func exponential() {
        for x in [0, -0.0, Self.subnormal, -Self.subnormal, 0x1p-55] { #expect(Portable.exp(x) == 1) }
        #expect(Portable.exp(709.79) == .infinity && Portable.exp(.infinity) == .infinity)
        #expect(Self.bits(Portable.exp(-745.14), 0) && Self.bits(Portable.exp(-.infinity), 0))
        let tiny = Portable.exp(-740)
        #expect(tiny.isSubnormal && Self.close(tiny, PlatformLibrary.exp(-740)))
        #expect(Portable.exp(.nan).isNaN && Portable.exp(Self.payloadNaN).isNaN)
    }

    @Test func logarithm() {
        #expect(Portable.log(0) == -.infinity && Portable.log(-0.0) == -.infinity)
        #expect(Self.bits(Portable.log(1), 0) && Portable.log(.infinity) == .infinity)
        for x in [-1, -Double.infinity, -Self.subnormal, .nan, Self.payloadNaN] { #expect(Self.canonicalNaN(Portable.log(x))) }
        for x in [Self.subnormal, 0x1p-1060, Double("3e-310")!] {
            #expect(Self.close(Portable.log(x), PlatformLibrary.log(x)), "log(\(x))")
        }
    }

    @Test func power() {
        #expect(Portable.pow(.nan, 0) == 1 && Portable.pow(.nan, -0.0) == 1 && Portable.pow(1, .nan) == 1)
        #expect(Portable.pow(.nan, 2).isNaN && Portable.pow(2, .nan).isNaN)
        #expect(Portable.pow(-0.0, -3) == -.infinity && Portable.pow(0, -3) == .infinity && Portable.pow(-0.0, -2) == .infinity)
        #expect(Portable.pow(-.infinity, 3) == -.infinity && Portable.pow(-.infinity, 2) == .infinity)
        #expect(
            Self.bits(Portable.pow(-0.0, 2), 0) && Self.bits(Portable.pow(-0.0, 3), -0.0) && Self.bits(Portable.pow(-.infinity, -3), -0.0))
        #expect(Portable.pow(2, .infinity) == .infinity && Self.bits(Portable.pow(0.5, .infinity), 0))
        #expect(Self.bits(Portable.pow(2, -.infinity), 0) && Portable.pow(0.5, -.infinity) == .infinity)
        #expect(Portable.pow(-1, .infinity) == 1 && Portable.pow(-1, -.infinity) == 1)
        #expect(Self.canonicalNaN(Portable.pow(-2, 0.5)) && Portable.pow(-2, 3) == -8)
        #expect(Portable.pow(2, 1e20) == .infinity && Self.bits(Portable.pow(2, -1e20), 0) && Portable.pow(-2, 0x1p70) == .infinity)
        let tiny = Portable.pow(0.5, 1070.5)
        #expect(tiny.isSubnormal && Self.close(tiny, PlatformLibrary.pow(0.5, 1070.5)))
    }

    @Test func angle() {
        let pi = Double.pi
        #expect(Self.bits(Portable.atan2(0, 0), 0) && Self.bits(Portable.atan2(-0.0, 0), -0.0))
        #expect(Portable.atan2(0, -0.0) == pi && Portable.atan2(-0.0, -0.0) == -pi)
        #expect(Self.bits(Portable.atan2(0, 5), 0) && Portable.atan2(0, -5) == pi && Portable.atan2(-0.0, -5) == -pi)
        #expect(Portable.atan2(1, 0) == pi / 2 && Portable.atan2(1, -0.0) == pi / 2 && Portable.atan2(-1, 0) == -pi / 2)
        #expect(Portable.atan2(.infinity, .infinity) == pi / 4 && Portable.atan2(-.infinity, .infinity) == -pi / 4)
        #expect(Portable.atan2(.infinity, -.infinity) == 3 * pi / 4 && Portable.atan2(-.infinity, -.infinity) == -3 * pi / 4)
        #expect(Portable.atan2(.infinity, 5) == pi / 2 && Portable.atan2(-.infinity, -5) == -pi / 2)
        #expect(Self.bits(Portable.atan2(3, .infinity), 0) && Self.bits(Portable.atan2(-3, .infinity), -0.0))
        #expect(Portable.atan2(3, -.infinity) == pi && Portable.atan2(-3, -.infinity) == -pi)
        for (y, x) in [(Double.nan, 1.0), (1, .nan), (Self.payloadNaN, .infinity)] { #expect(Self.canonicalNaN(Portable.atan2(y, x))) }
        for (y, x) in [(Self.subnormal, 3 * Self.subnormal), (-Double("1e-310")!, Double("2e-310")!), (1e300, -3e300)] {
            #expect(Self.close(Portable.atan2(y, x), PlatformLibrary.atan2(y, x)), "atan2(\(y), \(x))")
        }
        var rng = SplitMix64(state: 0xA7A2)
        for _ in 0..<10_000 {
            let r = Portable.atan2(rng.unit() * 2e3 - 1e3, rng.unit() * 2e3 - 1e3)
            #expect(r >= -pi && r <= pi)
        }
    }
}
