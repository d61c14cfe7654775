#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import FlingMath
@testable import FlingCore
import Testing

/// Fling's portable elementary functions: IEEE special values exactly, within a stated
/// distance of the platform's library on seeded arguments, and a pinned digest of their bits
/// (the same on every machine: a change of any bit of any result fails it).
@Suite struct PortableMathTests {
    /// Distance in ulps of the platform's result.
    static func ulps(_ a: Double, _ b: Double) -> Double {
        if a == b || (a.isNaN && b.isNaN) { return 0 }
        return abs(a - b) / max(b.ulp, Double.leastNonzeroMagnitude)
    }

    /// Within 1 ulp of the true value (math-accuracy measures that); the platform is within
    /// about 1 ulp too, so they may differ by up to 2.
    @Test func closeToThePlatformLibrary() {
        var rng = SplitMix64(state: 11)
        func u(_ a: Double, _ b: Double) -> Double { a + (b - a) * rng.unit() }
        var worst = [String: Double]()
        for _ in 0..<4000 {
            let x = u(-1e4, 1e4), e = u(-700, 700), l = Portable.exp(u(-700, 700)), p = u(0, 10), q = u(-20, 20)
            worst["sin", default: 0] = max(worst["sin", default: 0], Self.ulps(Portable.sin(x), sin(x)))
            worst["cos", default: 0] = max(worst["cos", default: 0], Self.ulps(Portable.cos(x), cos(x)))
            worst["exp", default: 0] = max(worst["exp", default: 0], Self.ulps(Portable.exp(e), exp(e)))
            worst["log", default: 0] = max(worst["log", default: 0], Self.ulps(Portable.log(l), log(l)))
            worst["pow", default: 0] = max(worst["pow", default: 0], Self.ulps(Portable.pow(p, q), pow(p, q)))
            let (s, c) = Portable.sincos(x)
            #expect(s.bitPattern == Portable.sin(x).bitPattern && c.bitPattern == Portable.cos(x).bitPattern)
        }
        for (name, w) in worst { #expect(w <= 2, "\(name): \(w) ulps from the platform") }
    }

    @Test func specialValues() {
        let inf = Double.infinity, nan = Double.nan
        #expect(Portable.sin(-0.0).sign == .minus && Portable.sin(0) == 0 && Portable.sin(inf).isNaN && Portable.sin(nan).isNaN)
        #expect(Portable.cos(0) == 1 && Portable.cos(-inf).isNaN)
        #expect(Portable.exp(0) == 1 && Portable.exp(-inf) == 0 && Portable.exp(inf) == inf && Portable.exp(710) == inf)
        #expect(Portable.exp(-746) == 0 && Portable.exp(1) == 2.718281828459045 && Portable.exp(nan).isNaN)
        #expect(Portable.log(1) == 0 && Portable.log(0) == -inf && Portable.log(-1).isNaN && Portable.log(inf) == inf)
        #expect(Portable.log(2) == 0.6931471805599453 && Portable.log(Double.leastNonzeroMagnitude) == -744.4400719213812)
        // C99 Annex F.9.4.4.
        #expect(Portable.pow(nan, 0) == 1 && Portable.pow(1, nan) == 1 && Portable.pow(2, nan).isNaN)
        #expect(Portable.pow(-0.0, 3).sign == .minus && Portable.pow(-0.0, -3) == -inf && Portable.pow(0, -2) == inf)
        #expect(Portable.pow(-2, 3) == -8 && Portable.pow(-2, 0.5).isNaN && Portable.pow(-1, inf) == 1)
        #expect(Portable.pow(0.5, inf) == 0 && Portable.pow(0.5, -inf) == inf && Portable.pow(-inf, 3) == -inf)
        #expect(Portable.pow(-inf, -3).sign == .minus && Portable.pow(inf, -1) == 0 && Portable.pow(10, 400) == inf)
        #expect(Portable.pow(2, 10) == 1024 && Portable.pow(2, -1074) == Double.leastNonzeroMagnitude && Portable.pow(4, 0.5) == 2)
    }

    /// The bits of every function over fixed arguments, pinned: the same on every machine.
    @Test func bitsArePinned() {
        var rng = SplitMix64(state: 2026)
        var digest = StateDigest()
        for _ in 0..<20_000 {
            let x = (rng.unit() - 0.5) * 2e5
            let (s, c) = Portable.sincos(x)
            digest.combine(s); digest.combine(c)
            digest.combine(Portable.exp((rng.unit() - 0.5) * 1400))
            digest.combine(Portable.log(rng.unit() * 1e6))
            digest.combine(Portable.pow(rng.unit() * 4, (rng.unit() - 0.5) * 60))
            digest.combine(Portable.pow(rng.unit(), rng.unit() * 0.1))  // damping^dt
        }
        #expect(digest.hex == Self.pinned, "portable bits changed: \(digest.hex)")
    }
    static let pinned = "0945a3eefab3552c"
}
