/// Fling's own elementary functions: the same bits on every IEEE 754 machine.
///
/// C math libraries differ: glibc alone returns other bits for `sin`, `cos`, `exp` and `pow`
/// on a CPU without FMA than on one with it, and Apple's libm differs from both. These are
/// built only from operations IEEE 754 requires to be correctly rounded and that every
/// platform performs alike: `+ − × ÷`, `squareRoot()`, comparisons, conversions and
/// bit manipulation of the representation; never a fused multiply-add (Swift does not contract
/// `a * b + c` into one unless asked), never a libm or Foundation call. So a run that uses them
/// gives the same bits on Linux and macOS, x86-64 and ARM, debug and release.
///
/// How they are built (the math beside each function says more):
/// - **Exact range reduction.** Products of a small integer and a constant cut to 33 (or 32)
///   significant bits are exact; differences of nearby numbers are exact (Sterbenz); the
///   rounding error of a sum is recovered exactly (Knuth's two-sum) and of a product by
///   Dekker's splitting (no FMA needed). The reduced argument is carried as a double-double.
///   Trigonometric arguments beyond 2²⁰·π/2 take Payne–Hanek reduction (exact integer
///   products with 1,216 bits of 2/π).
/// - **Kernels from the Taylor series**, whose coefficients are `±1/n!` (and `2/(2j+1)` for the
///   logarithm) rounded once to the nearest double (computed with 300-bit arithmetic, mpmath),
///   summed far enough that the truncation is below 2⁻⁶⁰ of the result on the reduced range.
///   `atan2` instead uses fdlibm 5.3's published minimax polynomial for atan (s_atan.c), with
///   the quotient y/x carried as a double-double.
/// - **Accuracy**, measured against glibc's `long double` functions over at least 10 million
///   arguments per function (`math-accuracy`, Benchmarks/MATH-ACCURACY.md): within 1 ulp
///   on the documented ranges.
public enum Portable {}

// MARK: - Exact arithmetic on pairs of doubles (double-double)

extension Portable {
    /// `a + b` and its rounding error, exactly: `s + e == a + b` (Knuth's two-sum).
    @inlinable @inline(__always)
    static func twoSum(_ a: Double, _ b: Double) -> (s: Double, e: Double) {
        let s = a + b
        let bb = s - a
        return (s, (a - (s - bb)) + (b - bb))
    }

    /// `a + b` and its rounding error when `|a| ≥ |b|` (or `a` is 0).
    @inlinable @inline(__always)
    static func fastTwoSum(_ a: Double, _ b: Double) -> (s: Double, e: Double) {
        let s = a + b
        return (s, b - (s - a))
    }

    /// `a` as two halves of at most 26 significant bits each (Veltkamp), so their products
    /// are exact. For `|a| < 2⁹⁹⁵`.
    @inlinable @inline(__always)
    static func split(_ a: Double) -> (hi: Double, lo: Double) {
        let c = 134_217_729.0 * a  // 2²⁷ + 1
        let hi = c - (c - a)
        return (hi, a - hi)
    }

    /// `a × b` and its rounding error, exactly: `p + e == a × b` (Dekker), without FMA.
    @inlinable @inline(__always)
    static func twoProduct(_ a: Double, _ b: Double) -> (p: Double, e: Double) {
        let p = a * b
        let (ah, al) = split(a), (bh, bl) = split(b)
        return (p, ((ah * bh - p) + ah * bl + al * bh) + al * bl)
    }

    /// `y × 2ⁿ`, by multiplying with exact powers of two (built from their bits).
    @inlinable
    static func scaled(_ y: Double, by n: Int) -> Double {
        if n > 1023 { return y * 0x1p1023 * Double(sign: .plus, exponent: n - 1023, significand: 1) }
        if n < -1022 { return y * 0x1p-1022 * Double(sign: .plus, exponent: max(n + 1022, -1100), significand: 1) }
        return y * Double(sign: .plus, exponent: n, significand: 1)
    }
}

// MARK: - Rounding to an integer, by bit manipulation

// `Double.rounded(_:)` is a C library call (`rint`, `trunc`, `floor` …) wherever the compiler
// does not inline an instruction for it (baseline x86-64 has none before SSE4.1). These give
// the same bits for every double, from the representation alone: a double with biased
// exponent `e` has `1075 − e` fraction bits (none from `e = 1075`, that is `|x| ≥ 2⁵²`), and
// rounding clears them, carrying into the integer part (and on into the exponent) when the
// value rounds up. A NaN is returned quiet, as `rounded` does.

extension Portable {
    /// `x` rounded to the nearest integer, ties to even: the bits of
    /// `x.rounded(.toNearestOrEven)` for every `x` (signed zeros kept, ±∞ and integers
    /// unchanged, NaN quiet).
    @inlinable @inline(__always)
    static func roundedToNearestEven(_ x: Double) -> Double {
        let bits = x.bitPattern
        let sign = bits & 0x8000_0000_0000_0000
        let e = Int((bits >> 52) & 0x7FF)
        if e >= 1075 { return x + 0 }  // an integer already, or ±∞, or NaN (made quiet)
        if e < 1022 { return Double(bitPattern: sign) }  // |x| < 0.5: ±0
        if e == 1022 {  // 0.5 ≤ |x| < 1: ±1 above a half, ±0 at it (0 is even)
            return Double(bitPattern: bits & 0x000F_FFFF_FFFF_FFFF == 0 ? sign : sign | 0x3FF0_0000_0000_0000)
        }
        let fractionBits = UInt64(1075 - e)  // 1 … 52
        let one = UInt64(1) << fractionBits  // the integer part's last bit
        let fraction = bits & (one - 1), half = one >> 1
        let integer = bits & ~(one - 1)
        if fraction > half || (fraction == half && integer & one != 0) {
            return Double(bitPattern: integer + one)  // a carry out of the significand raises the exponent: still exact
        }
        return Double(bitPattern: integer)
    }

    /// `x` rounded toward zero: the bits of `x.rounded(.towardZero)` for every `x`.
    @inlinable @inline(__always)
    static func roundedTowardZero(_ x: Double) -> Double {
        let bits = x.bitPattern
        let e = Int((bits >> 52) & 0x7FF)
        if e >= 1075 { return x + 0 }  // an integer already, or ±∞, or NaN (made quiet)
        if e < 1023 { return Double(bitPattern: bits & 0x8000_0000_0000_0000) }  // |x| < 1: ±0
        let fractionBits = UInt64(1075 - e)  // 1 … 52
        return Double(bitPattern: bits & ~((UInt64(1) << fractionBits) - 1))
    }
}
