import Testing
import Fling
@testable import FlingTestSupport
@testable import _FlingSolver

/// The dynamics behaviours' bits, pinned: seeded scripts through walls, item properties,
/// pushes, every field kind and the extra joints, on the portable native backend, give the
/// digests of Fixtures/dynamics/digests.txt on every machine (and in debug, release and
/// -Ounchecked builds, under glibc's non-FMA paths and a poisoned math library:
/// .ci/portable-check runs `FlingSelfTest backend --dynamics-digest` and compares each with
/// the same file).
@Suite struct DynamicsDigestTests {
    /// Seed, digest, from the fixture (seed 15: 10 field kinds, 46 contacts; seed 42: 10 field
    /// kinds, 17 contacts).
    static func pins() throws -> [(seed: UInt64, digest: UInt64)] {
        let pins = try Fixture.text("dynamics/digests.txt").split(separator: "\n").filter { !$0.hasPrefix("#") }.map { line in
            let words = line.split(separator: " ")
            return (
                seed: try #require(words.count == 2 ? UInt64(words[0]) : nil, "\(line)"), digest: try #require(UInt64(words[1], radix: 16))
            )
        }
        try #require(pins.count >= 2)
        return pins
    }

    @Test func portableDigestsArePinned() throws {
        for pin in try Self.pins() {
            let script = DynamicsScript.random(seed: pin.seed)
            var kinds = Set<String>()
            for case .fields(_, let fields) in script.ops { for f in fields { kinds.insert(f.kind.name) } }
            #expect(kinds.count == 10, "seed \(pin.seed) has every field kind: \(kinds.sorted())")
            let result = try script.run(on: .nativePortable)
            #expect(result.contactCount > 10 && result.frames.count > 300)
            #expect(result.digest.value == pin.digest, "seed \(pin.seed): \(result.digest.hex)")
        }
    }

    /// The platform-arithmetic backends agree with each other (their digest is the machine's
    /// own): native against Chipmunk, one space per world and one shared; without the Chipmunk
    /// trait, native against native on 2 threads sharing every step. Never native with itself.
    @Test func platformBackendsAgree() throws {
        var compared = 0
        for pin in try Self.pins() {
            let script = DynamicsScript.random(seed: pin.seed)
            let native = try script.run(on: .native)
            #expect(native.contactCount > 10 && native.frames.count > 300)
            let others: [(String, any DynamicsBackend)] =
                BackendKind.available.contains(.chipmunk)
                ? [("chipmunk", try BackendKind.chipmunk.make()), ("chipmunk-shared", try BackendKind.chipmunkShared.make())]
                : [
                    (
                        "native on 2 threads sharing every step",
                        try #require(BackendChoice.nativeOnTwoThreads.make(10) as? any DynamicsBackend)
                    )
                ]
            for (name, backend) in others {
                #expect(try script.run(on: backend).digest == native.digest, "\(name), seed \(pin.seed)")
                compared += 1
            }
        }
        #expect(compared >= 2)
    }

    /// The noise itself: 4,096 samples of the seeded value noise over space and time.
    @Test func valueNoiseIsPinned() {
        var digest = StateDigest()
        var low = 0.0, high = 0.0
        for i in 0..<16 {
            for j in 0..<16 {
                for k in 0..<16 {
                    let n = ValueNoise.value(0x5EED, Double(i) * 0.37 - 3, Double(j) * 0.61 - 5, Double(k) * 0.113)
                    digest.combine(n)
                    low = min(low, n)
                    high = max(high, n)
                }
            }
        }
        #expect(digest.value == 0x97f3_503a_8fac_d404, "\(digest.hex)")
        // It spans its range, [−1, 1), and is continuous: a step of 10⁻⁹ changes it by little.
        #expect(low >= -1 && low < -0.5 && high < 1 && high > 0.5)
        #expect(abs(ValueNoise.value(7, 2.5, 3.25, 0.5) - ValueNoise.value(7, 2.5 + 1e-9, 3.25, 0.5)) < 1e-7)
    }

    /// Both channels at once (what the fields compute) are each channel alone, bit for bit,
    /// over cells of every sign and the edges of the held range.
    @Test func bothNoiseChannelsAreEachChannel() {
        var rng = SplitMix64(state: 0x0150)
        var points = [(0.0, 0.0, 0.0), (-0.0, 1e-300, -1e-300), (0x1p62, -0x1p62, 0x1p63), (-3.5, 7.25, 1e9)]
        for _ in 0..<2_000 {
            points.append(
                (Double.random(in: -50...50, using: &rng), Double.random(in: -50...50, using: &rng), Double.random(in: 0...20, using: &rng))
            )
        }
        var compared = 0
        for (x, y, z) in points {
            let seed0 = rng.next(), seed1 = seed0 ^ 0x5DEE_CE66_D1CE_4E5B
            let both = ValueNoise.values(seed0, seed1, x, y, z)
            #expect(both.0.bitPattern == ValueNoise.value(seed0, x, y, z).bitPattern, "\(x), \(y), \(z)")
            #expect(both.1.bitPattern == ValueNoise.value(seed1, x, y, z).bitPattern, "\(x), \(y), \(z)")
            compared += 1
        }
        #expect(compared == 2_004)
    }

    /// The memoized noise (what the native backend's step computes, a cache per thread) is
    /// the noise, bit for bit: walks that stay in a cell for many steps (found in the cache),
    /// cross cells' edges in space and time, jump far (evicting what was in a cell's place),
    /// alternate seeds that share a cell, and visit the edges of the held range.
    @Test func memoizedNoiseIsTheNoise() {
        let cache = NoiseCache.allocate()
        defer { cache.deallocate() }
        var rng = SplitMix64(state: 0x0CAC)
        func u(_ a: Double, _ b: Double) -> Double { Double.random(in: a...b, using: &rng) }
        let seeds: [UInt64] = [0xF1E1D, 7, 0xF1E1D ^ 1]
        var points = [(0.0, 0.0, 0.0), (-0.0, 1e-300, -1e-300), (0x1p62, -0x1p62, 0x1p63), (-0x1p62, 0x1p63, 0x1p62), (-3.5, 7.25, 1e9)]
        var x = 0.3, y = -2.7, z = 0.0
        for n in 0..<12_000 {
            if n % 400 == 0 {
                (x, y) = (u(-1e4, 1e4), u(-1e4, 1e4))
            } else {
                x += u(-0.02, 0.02)
                y += u(-0.02, 0.02)
            }
            z += 1.0 / 60
            points.append((x, y, z))
        }
        // Cells that differ in one coordinate and share a place in the cache, in turn: each
        // must be told from the other.
        let (i0, j0, k0): (Int64, Int64, Int64) = (3, -5, 11)
        for axis in 0..<3 {
            var d: Int64 = 1
            func other(_ d: Int64) -> (Int64, Int64, Int64) {
                (axis == 0 ? i0 + d : i0, axis == 1 ? j0 + d : j0, axis == 2 ? k0 + d : k0)
            }
            while true {
                let (i, j, k) = other(d)
                if cache.cell(i, j, k) == cache.cell(i0, j0, k0) { break }
                d += 1
            }
            let (i, j, k) = other(d)
            for n in 0..<6 {
                let (ci, cj, ck) = n % 2 == 0 ? (i0, j0, k0) : (i, j, k)
                points.append((Double(ci) + 0.25, Double(cj) + 0.5, Double(ck) + 0.75))
            }
        }
        var hits = 0, compared = 0
        for (n, (x, y, z)) in points.enumerated() {
            let seed0 = seeds[(n / 7) % seeds.count], seed1 = seed0 ^ 0x5DEE_CE66_D1CE_4E5B
            let (i, j, k) = (Int64(exactly: x.rounded(.down)), Int64(exactly: y.rounded(.down)), Int64(exactly: z.rounded(.down)))
            if let i, let j, let k, cache.cell(i, j, k).pointee.holds(seed0, seed1, i, j, k) { hits += 1 }
            let memo = ValueNoise.values(seed0, seed1, x, y, z, cache: cache)
            let plain = ValueNoise.values(seed0, seed1, x, y, z)
            #expect(memo.0.bitPattern == plain.0.bitPattern && memo.1.bitPattern == plain.1.bitPattern, "\(x), \(y), \(z)")
            compared += 1
        }
        // Most points were found in the cache; the rest were computed into it.
        #expect(compared == 12_023 && hits > 9_000 && hits < compared - 500, "\(hits) hits")
    }

    /// The noise's own rounding down is the standard library's, bit for bit: signed zeros,
    /// fractions of either sign, integers, the edges of 2⁵², subnormals, infinities and NaN.
    @Test func noiseRoundsDownAsTheLibrary() {
        var values: [Double] = [
            0, -0.0, 0.5, -0.5, 1, -1, 0.9999999999999999, -0.9999999999999999, 0x1p-1060, -0x1p-1060, 0x1p52, -0x1p52,
            0x1p52 - 0.5, -(0x1p52 - 0.5), 0x1p53 + 2, -0x1p63, 1e300, .infinity, -.infinity, .nan, .leastNonzeroMagnitude,
        ]
        var rng = SplitMix64(state: 0xF100)
        for _ in 0..<10_000 {
            values.append(Double.random(in: -1e6...1e6, using: &rng))
            values.append(Double(Int.random(in: -1_000...1_000, using: &rng)) + [0, 0.5, 1e-9, -1e-9].randomElement(using: &rng)!)
        }
        for x in values {
            #expect(ValueNoise.roundedDown(x).bitPattern == x.rounded(.down).bitPattern, "\(x)")
        }
    }
}
