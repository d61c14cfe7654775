import Testing
import Fling
@testable import FlingCLI

/// The dynamics behaviours' bits, pinned: seeded scripts through walls, item properties,
/// pushes, every field kind and the extra joints, on the portable native backend, give these
/// digests on every machine (and in debug, release and -Ounchecked builds, under glibc's
/// non-FMA paths and a poisoned math library: .ci/portable-check runs
/// `fling selftest-backend --dynamics-digest` for them).
@Suite struct DynamicsDigestTests {
    /// Seed, digest. Seed 15: 10 field kinds, 49 contacts; seed 42: 10 field kinds, 14 contacts.
    static let pins: [(seed: UInt64, digest: UInt64)] = [(15, 0xbd02_35ab_a98b_82b2), (42, 0x1cb7_d4de_9bcb_a3e3)]

    @Test func portableDigestsArePinned() throws {
        for pin in Self.pins {
            let script = DynamicsScript.random(seed: pin.seed)
            var kinds = Set<String>()
            for case .fields(_, let fields) in script.ops { for f in fields { kinds.insert(f.kind.name) } }
            #expect(kinds.count == 10, "seed \(pin.seed) has every field kind: \(kinds.sorted())")
            let result = try script.run(on: .nativePortable)
            #expect(result.contactCount > 10 && result.frames.count > 300)
            #expect(result.digest.value == pin.digest, "seed \(pin.seed): \(result.digest.hex)")
        }
    }

    /// The platform-arithmetic backends agree with each other (their digest is machine's own).
    @Test func platformBackendsAgree() throws {
        for pin in Self.pins {
            let script = DynamicsScript.random(seed: pin.seed)
            let native = try script.run(on: .native)
            for kind in BackendKind.available where kind.arithmetic == .platform {
                #expect(try script.run(on: kind).digest == native.digest, "\(kind), seed \(pin.seed)")
            }
        }
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
