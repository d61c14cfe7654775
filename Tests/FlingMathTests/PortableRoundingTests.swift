@testable import FlingCore
import Testing

@testable import FlingMath

/// The portable functions round to integers by bit manipulation (`Double.rounded(_:)` is a C
/// library call on baseline x86-64): the same bits as `rounded(.toNearestOrEven)` and
/// `rounded(.towardZero)` for every double, checked on the edge cases and on values of every
/// exponent.
struct PortableRoundingTests {
    /// Equal bits, or both NaN (a NaN's payload is not part of the promise).
    static func same(_ a: Double, _ b: Double) -> Bool {
        a.bitPattern == b.bitPattern || (a.isNaN && b.isNaN)
    }

    static func check(_ x: Double) -> Bool {
        same(Portable.roundedToNearestEven(x), x.rounded(.toNearestOrEven))
            && same(Portable.roundedTowardZero(x), x.rounded(.towardZero))
    }

    /// Signed zeros, halves and their neighbours, the last fractional binade, subnormals,
    /// the extremes, infinities and NaNs.
    static var edgeCases: [Double] {
        var values: [Double] = [
            0, 0.5, 1, 1.5, 2.5, 3.5, 0x1p-1074, 0x1p-1022, (0x1p-1022).nextDown,
            0.49999999999999994, 0.5000000000000001, 0.9999999999999999,
            0x1p51, 0x1p51 + 0.5, 0x1p51 + 1.5, 0x1p52 - 0.5, 0x1p52 - 1.5, 0x1p52 - 1, 0x1p52,
            0x1p52 + 1, 0x1p53, 0x1p53 + 2, 0x1p1023, .greatestFiniteMagnitude, .infinity,
            .nan, .signalingNaN, Double(bitPattern: 0x7FF0_0000_0000_0001), Double(bitPattern: 0x7FFF_FFFF_FFFF_FFFF),
        ]
        for k in [0.0, 1, 2, 3, 4, 5, 1023, 1024, 1e6, 1e15, 0x1p50, 0x1p51 - 1] {
            values += [k + 0.5, (k + 0.5).nextUp, (k + 0.5).nextDown, k.nextUp, k.nextDown, (k + 1).nextDown]
        }
        return values + values.map { -$0 }
    }

    @Test func edgeCasesRoundAsTheStandardLibraryDoes() {
        for x in Self.edgeCases {
            #expect(Self.check(x), "\(x) (\(String(x.bitPattern, radix: 16)))")
        }
        // The cases the two rules treat apart, spelled out.
        #expect(Portable.roundedToNearestEven(2.5) == 2 && Portable.roundedToNearestEven(3.5) == 4)
        #expect(Portable.roundedToNearestEven(-0.5).bitPattern == (-0.0).bitPattern)
        #expect(Portable.roundedToNearestEven(0x1p52 - 0.5) == 0x1p52)  // the carry raises the exponent
        #expect(Portable.roundedTowardZero(-1.75) == -1 && Portable.roundedTowardZero(-0.75).bitPattern == (-0.0).bitPattern)
    }

    /// 2,048 biased exponents × 512 seeded significands × both signs, and the neighbours of
    /// every half-integer significand in the fractional binades: about 1.1 million values.
    @Test func everyExponentRoundsAsTheStandardLibraryDoes() {
        var rng = SplitMix64(state: 0x0E0D_D0E7)
        var checked = 0, failed: [Double] = []
        for e in UInt64(0)...2047 {
            for i in 0..<512 {
                // Some significands with few bits set (exact halves and quarters among them).
                let significand = i % 4 == 0 ? (rng.next() & 0x000F_F000_0000_0000) : rng.next() & 0x000F_FFFF_FFFF_FFFF
                for sign in [UInt64(0), 1 << 63] {
                    let x = Double(bitPattern: sign | e << 52 | significand)
                    if !Self.check(x) { failed.append(x) }
                    checked += 1
                }
            }
        }
        for e in 1023...1074 {  // the binades with a fraction: k + 1/2 and its neighbours
            let fractionBits = UInt64(1075 - e)  // 1 … 52; the stored integer bits are the other e − 1023
            let half = UInt64(1) << (fractionBits - 1)
            for _ in 0..<64 {
                let integerPart = rng.next() & ((UInt64(1) << UInt64(e - 1023)) &- 1)
                let base = UInt64(e) << 52 | integerPart << fractionBits
                for delta in [half, half - 1, half + 1] {
                    let x = Double(bitPattern: base | delta)
                    if !Self.check(x) || !Self.check(-x) { failed.append(x) }
                    checked += 2
                }
            }
        }
        #expect(failed.isEmpty, "\(failed.count) values differ, first \(failed.first.map { "\($0)" } ?? "")")
        #expect(checked > 1_000_000)
    }

    /// The two uses in the portable functions see only moderate values; they must behave
    /// there too (and not just somewhere): every multiple of 1/8 in ±1,100.
    @Test func theRangeThePortableFunctionsUse() {
        var failed = 0
        for k in -8_800...8_800 where !Self.check(Double(k) / 8) { failed += 1 }
        #expect(failed == 0)
    }
}
