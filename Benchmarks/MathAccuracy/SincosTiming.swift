#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import FlingCore

// math-accuracy timing [count]: nanoseconds per sine-and-cosine pair, side by side in one run,
// for the scalar `Portable.sincos`, the SIMD4 lanes `Portable.sincos` (per value) and the
// platform's `sin` plus `cos`, over `count` seeded angles uniform in [−10, 10]. Each is run
// several times, interleaved, and the fastest run kept (the machine is shared). The results are
// folded into a checksum so that none of the work can be dropped, and the lanes are checked
// against the scalar function bit for bit on the same angles.

/// The scalar portable function over every angle: an xor of the result bits.
@inline(never)
func scalarPortableChecksum(_ angles: [Double]) -> UInt64 {
    var sum: UInt64 = 0
    for x in angles {
        let (s, c) = Portable.sincos(x)
        sum ^= s.bitPattern &+ c.bitPattern
    }
    return sum
}

/// The lanes function over every angle, four at a time: the same checksum as the scalar one
/// when every lane has the scalar bits.
@inline(never)
func lanesPortableChecksum(_ angles: [SIMD4<Double>]) -> UInt64 {
    var sum: UInt64 = 0
    for x in angles {
        let (s, c) = Portable.sincos(x)
        for i in 0..<4 { sum ^= s[i].bitPattern &+ c[i].bitPattern }
    }
    return sum
}

/// `cosSin` over every angle as the native step calls it, a block of angles at a time (with
/// portable arithmetic, eight lanes at a time): the same checksum as the scalar one.
@inline(never)
func blockChecksum<M: ArithmeticFunctions>(_ angles: [Double], _: M.Type) -> UInt64 {
    let block = 256
    var cosines = [Double](repeating: 0, count: block), sines = cosines
    var sum: UInt64 = 0
    angles.withUnsafeBufferPointer { a in
        var k = 0
        while k < a.count {
            let n = min(block, a.count - k)
            M.cosSin(a.baseAddress! + k, &cosines, &sines, n)
            for i in 0..<n { sum ^= sines[i].bitPattern &+ cosines[i].bitPattern }
            k += n
        }
    }
    return sum
}

/// The platform's `sin` and `cos` over every angle.
@inline(never)
func platformChecksum(_ angles: [Double]) -> UInt64 {
    var sum: UInt64 = 0
    for x in angles { sum ^= sin(x).bitPattern &+ cos(x).bitPattern }
    return sum
}

/// Runs the three side by side and prints nanoseconds per angle.
func sincosTiming(count: Int, rounds: Int = 7) {
    var rng = SplitMix64(state: 0x5_1AC0)
    let angles = (0..<(count / 4 * 4)).map { _ in -10 + 20 * rng.unit() }
    let vectors = stride(from: 0, to: angles.count, by: 4).map {
        SIMD4(angles[$0], angles[$0 + 1], angles[$0 + 2], angles[$0 + 3])
    }
    func seconds(_ d: Duration) -> Double {
        Double(d.components.seconds) + Double(d.components.attoseconds) * 1e-18
    }
    var best = [Double](repeating: .infinity, count: 5)
    var sums = [UInt64](repeating: 0, count: 5)
    let clock = ContinuousClock()
    for _ in 0..<rounds {
        best[0] = min(best[0], seconds(clock.measure { sums[0] = scalarPortableChecksum(angles) }))
        best[1] = min(best[1], seconds(clock.measure { sums[1] = lanesPortableChecksum(vectors) }))
        best[2] = min(best[2], seconds(clock.measure { sums[2] = platformChecksum(angles) }))
        best[3] = min(best[3], seconds(clock.measure { sums[3] = blockChecksum(angles, Portable.self) }))
        best[4] = min(best[4], seconds(clock.measure { sums[4] = blockChecksum(angles, PlatformFunctions.self) }))
    }
    func ns(_ t: Double) -> String { String((t / Double(angles.count) * 1e10).rounded() / 10) }
    print("sincos timing: \(angles.count) angles uniform in [−10, 10], best of \(rounds) runs, ns per angle")
    print(
        "| Portable.sincos scalar | Portable.sincos SIMD4 lanes, per angle | platform sin + cos "
            + "| Portable.cosSin, blocks of 256 | PlatformFunctions.cosSin, blocks of 256 |")
    print("| ---: | ---: | ---: | ---: | ---: |")
    print("| \(ns(best[0])) | \(ns(best[1])) | \(ns(best[2])) | \(ns(best[3])) | \(ns(best[4])) |")
    print("lanes checksum \(sums[1] == sums[0] ? "equals" : "DIFFERS FROM") the scalar one")
    print("Portable.cosSin checksum \(sums[3] == sums[0] ? "equals" : "DIFFERS FROM") the scalar one")
    print("PlatformFunctions.cosSin checksum \(sums[4] == sums[2] ? "equals" : "DIFFERS FROM") sin + cos")
}
