extension Portable {
    /// π/2 as five parts of at most 33 significant bits each (165 bits in all, the rest
    /// 3.8e-53): `n × part` is exact for `|n| ≤ 2²⁰`. Cut from π/2 with 400-bit arithmetic.
    @usableFromInline static let halfPi1 = Double(bitPattern: 0x3FF9_21FB_5440_0000)
    @usableFromInline static let halfPi2 = Double(bitPattern: 0x3DD0_B461_1A60_0000)
    @usableFromInline static let halfPi3 = Double(bitPattern: 0x3BA3_198A_2E00_0000)
    @usableFromInline static let halfPi4 = Double(bitPattern: 0x397B_839A_2520_0000)
    @usableFromInline static let halfPi5 = Double(bitPattern: 0x3712_7044_5330_0000)
    /// 2/π rounded to nearest.
    @usableFromInline static let twoOverPi = Double(bitPattern: 0x3FE4_5F30_6DC9_C883)

    /// The largest argument reduced by the fast Cody–Waite path: 2²⁰ · π/2, where `n × part`
    /// stops being exact. Larger arguments take Payne–Hanek reduction (`reduceLarge(_:)`),
    /// slower but as accurate; the engine's angles stay far below the bound.
    @usableFromInline static let exactTrigonometryBound = 1_647_099.323_974_340_4

    /// `x` as `n · π/2 + (hi + lo)`, `|hi + lo| ≲ π/4`, with `n` mod 4: the quadrant.
    ///
    /// Beyond ``exactTrigonometryBound`` the products `n · part` are no longer exact, so a
    /// larger `x` goes to `reduceLarge(_:)`: Payne–Hanek reduction with 1,216 bits of 2/π,
    /// exact integer products, accurate for every finite double.
    @inlinable
    static func reduce(_ x: Double) -> (quadrant: Int, hi: Double, lo: Double) {
        if abs(x) > exactTrigonometryBound { return reduceLarge(x) }
        let ax = abs(x)
        if ax <= 0.785_398_163_397_448_3 { return (0, x, 0) }
        let n = roundedToNearestEven(ax * twoOverPi)
        // ax − n·P1 is exact: the product has at most 53 bits, and the two are within a
        // factor of 2 (Sterbenz). The next parts are subtracted with their errors kept.
        let r = ax - n * halfPi1
        var (hi, lo) = twoSum(r, -(n * halfPi2))
        var e: Double
        (hi, e) = twoSum(hi, -(n * halfPi3)); lo += e
        (hi, e) = twoSum(hi, -(n * halfPi4)); lo += e
        lo -= n * halfPi5
        (hi, lo) = fastTwoSum(hi, lo)
        // n ≤ 2²⁰ here (larger arguments went to reduceLarge).
        let q = Int(n) & 3
        return x < 0 ? ((4 - q) & 3, -hi, -lo) : (q, hi, lo)
    }

    /// sin(x + y) for `|x| ≲ π/4`, `|y|` below half an ulp of `x`: Taylor to x¹⁹ (the
    /// remainder is under 1.3e-22); the tail `y · cos x ≈ y (1 − x²/2)` corrects for `y`.
    @inlinable
    static func sinKernel(_ x: Double, _ y: Double) -> Double {
        let z = x * x
        let s =
            -0.16666666666666666 + z
            * (0.008333333333333333 + z
                * (-0.0001984126984126984
                    + z
                    * (2.7557319223985893e-06 + z
                        * (-2.505210838544172e-08 + z
                            * (1.6059043836821613e-10
                                + z * (-7.647163731819816e-13 + z * (2.8114572543455206e-15 + z * -8.22063524662433e-18)))))))
        return x + (x * z * s + (y - y * z * 0.5))
    }

    /// cos(x + y) for `|x| ≲ π/4`: `1 − x²/2` is formed exactly (x² by Dekker's product, the
    /// difference by two-sum) so the only large rounding is the last one; then Taylor to x²⁰,
    /// and `−x·y` for `y`.
    @inlinable
    static func cosKernel(_ x: Double, _ y: Double) -> Double {
        let (z, zl) = twoProduct(x, x)
        let (s, e) = twoSum(1, -0.5 * z)
        let c =
            0.041666666666666664 + z
            * (-0.001388888888888889 + z
                * (2.48015873015873e-05
                    + z
                    * (-2.755731922398589e-07 + z
                        * (2.08767569878681e-09 + z
                            * (-1.1470745597729725e-11
                                + z * (4.779477332387385e-14 + z * (-1.5619206968586225e-16 + z * 4.110317623312165e-19)))))))
        return s + (((e - 0.5 * zl) + z * z * c) - x * y)
    }

    /// The sine of `x` radians.
    ///
    /// - Accuracy: within 1 ulp of the true value for every finite `x` (0.80 ulp is the largest
    ///   error measured, over 11 million arguments up to ±2¹⁰²⁴; Benchmarks/MATH-ACCURACY.md).
    ///   The same bits on every IEEE 754 platform, in every build.
    /// - Domain: every double. Beyond 2²⁰·π/2 the argument takes
    ///   Payne–Hanek reduction: as accurate, slower.
    /// - Edge cases: `sin(±0)` is `±0`; for `|x| < 2⁻²⁶`, subnormals included, the result is
    ///   `x` itself (the next term is below half an ulp); huge arguments, up to
    ///   `±greatestFiniteMagnitude`, give the sine of the exactly reduced angle; `±∞` and NaN
    ///   give the canonical `Double.nan` (not the argument's payload: x86 and ARM make
    ///   different ones).
    @inlinable
    public static func sin(_ x: Double) -> Double {
        guard x.isFinite else { return .nan }  // canonical NaN: x86 and ARM make different ones
        if abs(x) < 0x1p-26 { return x }  // x³/6 is below half an ulp of x
        let (q, hi, lo) = reduce(x)
        switch q {
        case 0: return sinKernel(hi, lo)
        case 1: return cosKernel(hi, lo)
        case 2: return -sinKernel(hi, lo)
        default: return -cosKernel(hi, lo)
        }
    }

    /// The cosine of `x` radians.
    ///
    /// - Accuracy: within 1 ulp of the true value for every finite `x` (0.81 ulp is the largest
    ///   error measured, near 3π/4; Benchmarks/MATH-ACCURACY.md). The same bits on every IEEE
    ///   754 platform.
    /// - Domain: every double; beyond 2²⁰·π/2, Payne–Hanek reduction.
    /// - Edge cases: `cos(±0)` is `1`, and so is `cos(x)` for `|x| < 2⁻²⁷` (subnormals
    ///   included); huge arguments give the cosine of the exactly reduced angle; `±∞` and NaN
    ///   give the canonical `Double.nan`.
    @inlinable
    public static func cos(_ x: Double) -> Double {
        guard x.isFinite else { return .nan }  // canonical NaN: x86 and ARM make different ones
        if abs(x) < 0x1p-27 { return 1 }  // x²/2 is below half an ulp of 1
        let (q, hi, lo) = reduce(x)
        switch q {
        case 0: return cosKernel(hi, lo)
        case 1: return -sinKernel(hi, lo)
        case 2: return -cosKernel(hi, lo)
        default: return sinKernel(hi, lo)
        }
    }

    /// The sine and cosine of `x` radians, from one reduction: the bits of ``sin(_:)`` and
    /// ``cos(_:)`` exactly, with their accuracy, domain and edge cases (`(±0, 1)` at `±0`, the
    /// canonical `(nan, nan)` for `±∞` and NaN).
    @inlinable
    public static func sincos(_ x: Double) -> (sin: Double, cos: Double) {
        guard x.isFinite else { return (.nan, .nan) }
        if abs(x) < 0x1p-27 { return (x, 1) }
        if abs(x) < 0x1p-26 { return (x, cosKernel(x, 0)) }
        let (q, hi, lo) = reduce(x)
        let s = sinKernel(hi, lo), c = cosKernel(hi, lo)
        switch q {
        case 0: return (s, c)
        case 1: return (c, -s)
        case 2: return (-s, -c)
        default: return (-c, s)
        }
    }
}
