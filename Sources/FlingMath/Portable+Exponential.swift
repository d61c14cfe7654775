extension Portable {
    /// ln 2 rounded to nearest, and the rest (400-bit arithmetic).
    @usableFromInline static let ln2 = Double(bitPattern: 0x3FE6_2E42_FEFA_39EF)
    @usableFromInline static let ln2Low = Double(bitPattern: 0x3C7A_BC9E_3B39_803F)
    /// ln 2 cut to 32 significant bits (`k · ln2Hi32` is exact for `|k| < 2²¹`), and the rest.
    @usableFromInline static let ln2Hi32 = Double(bitPattern: 0x3FE6_2E42_FEE0_0000)
    @usableFromInline static let ln2Lo32 = Double(bitPattern: 0x3DEA_39EF_3579_3C76)
    /// 1/ln 2 rounded to nearest, and the rest.
    @usableFromInline static let log2e = Double(bitPattern: 0x3FF7_1547_652B_82FE)
    @usableFromInline static let log2eLow = Double(bitPattern: 0x3C77_77D0_FFDA_0D24)

    /// `(eʳ − 1 − r) / r²` for `|r| ≤ ln2/2 + ε`: Taylor to r¹⁶ (the remainder is under
    /// 2e-21 of `eʳ`).
    @inlinable
    static func expTail(_ r: Double) -> Double {
        0.5 + r
            * (0.16666666666666666 + r
                * (0.041666666666666664 + r
                    * (0.008333333333333333
                        + r
                        * (0.001388888888888889 + r
                            * (0.0001984126984126984 + r
                                * (2.48015873015873e-05
                                    + r
                                    * (2.7557319223985893e-06 + r
                                        * (2.755731922398589e-07 + r
                                            * (2.505210838544172e-08
                                                + r
                                                * (2.08767569878681e-09 + r
                                                    * (1.6059043836821613e-10 + r
                                                        * (1.1470745597729725e-11
                                                            + r * (7.647163731819816e-13 + r * 4.779477332387385e-14)))))))))))))
    }

    /// `e^(hi + lo) · 2ⁿ` for `|hi| ≤ ln2/2 + ε` and `lo` tiny: `1 + hi` is formed exactly
    /// (two-sum), the small rest `hi²·tail + lo·e^hi` added to its error, one rounding at the
    /// end, then an exact scaling.
    @inlinable
    static func expReduced(_ hi: Double, _ lo: Double, _ n: Int) -> Double {
        let q = hi * hi * expTail(hi)
        let (s, e) = twoSum(1, hi)
        return scaled(s + (e + (q + lo * (1 + (hi + q)))), by: n)
    }

    /// e raised to `x`.
    ///
    /// - Accuracy: within 1 ulp of the true value (0.75 ulp is the largest error measured, over
    ///   10 million arguments in [−745, 709.78], subnormal results included;
    ///   Benchmarks/MATH-ACCURACY.md). The same bits on every IEEE 754 platform.
    /// - Domain: every double.
    /// - Edge cases: `exp(±0)` is `1`, and so is `exp(x)` for `|x| < 2⁻⁵⁴` (subnormals included);
    ///   above 709.782712893384 (and `+∞`) the result is `+∞`; below −745.1332191019412 (and
    ///   `−∞`) it is `+0`; results between 2⁻¹⁰⁷⁴ and 2⁻¹⁰²² are subnormal, rounded once; NaN
    ///   gives NaN.
    ///
    /// `x = n·ln2 + r` with `n` the nearest integer to `x/ln2`: `x − n·ln2Hi32` is exact (the
    /// product has at most 43 bits, the difference is of nearby numbers), and `n·ln2Lo32`
    /// follows with its rounding error kept, so `r` is known to about 2⁻⁸⁰.
    @inlinable
    public static func exp(_ x: Double) -> Double {
        guard !x.isNaN else { return x + x }
        if x > 709.782_712_893_384 { return .infinity }
        if x < -745.133_219_101_941_2 { return 0 }
        if abs(x) < 0x1p-54 { return 1 + x }
        let n = roundedToNearestEven(x * log2e)
        let a = x - n * ln2Hi32
        let b = n * ln2Lo32
        let r = a - b
        return expReduced(r, (a - r) - b, Int(n))
    }

    /// `ln x` as a double-double, for finite `x > 0`.
    ///
    /// `x = 2ᵏ · m` with `m` in `[√½, √2)`, and `ln m = 2 atanh(s) = 2s + (2/3)s³ + (2/5)s⁵ + …`
    /// with `s = (m − 1)/(m + 1)`, `|s| ≤ 0.1716`: `s`, `2s` and `(2/3)s³` in double-double,
    /// the rest (under 1.7e-4 of the whole) in double, to s²⁷; then `k · ln2` added exactly.
    /// Relative error about 2⁻⁶⁵: enough for ``pow(_:_:)``.
    @inlinable
    static func logDD(_ x: Double) -> (hi: Double, lo: Double) {
        var m = x, k = 0
        if m < 0x1p-1022 { m *= 0x1p54; k = -54 }  // subnormal: make it normal
        k += Int(m.exponent)
        m = Double(sign: .plus, exponent: 0, significand: m.significand)
        if m > 1.414_213_562_373_095_1 { m *= 0.5; k += 1 }
        let f = m - 1  // exact: m is within [0.7, 1.42]
        let kd = Double(k)
        if f == 0 {
            let (s, e) = twoSum(kd * ln2Hi32, kd * ln2Lo32)
            return (s, e)
        }
        // s = f / (2 + f), with the division's error recovered.
        let (d, dl) = twoSum(2, f)
        let sh = f / d
        let (p, pe) = twoProduct(sh, d)
        let sl = (((f - p) - pe) - sh * dl) / d
        // s² and s³ in double-double.
        var (z, zl) = twoProduct(sh, sh)
        zl += 2 * sh * sl
        var (t, tl) = twoProduct(sh, z)
        tl += sh * zl + sl * z
        // (2/3)·s³, 2/3 = 0.6666666666666666 + 3.700743415417188e-17.
        var (u, ul) = twoProduct(0.6666666666666666, t)
        ul += 0.6666666666666666 * tl + 3.700743415417188e-17 * t
        // (2/5)s⁵ + (2/7)s⁷ + … to s²⁷.
        let q =
            0.4 + z
            * (0.2857142857142857 + z
                * (0.2222222222222222 + z
                    * (0.18181818181818182
                        + z
                        * (0.15384615384615385 + z
                            * (0.13333333333333333 + z
                                * (0.11764705882352941
                                    + z
                                    * (0.10526315789473684 + z
                                        * (0.09523809523809523 + z
                                            * (0.08695652173913043
                                                + z * (0.08 + z * 0.07407407407407407))))))))))
        let v = t * z * q
        let (a, ae) = twoSum(2 * sh, u)
        var lo = ae + (2 * sl + (ul + v))
        // + k·ln2, the product exact.
        let (b, be) = twoSum(kd * ln2Hi32, a)
        lo += be + kd * ln2Lo32
        (u, ul) = fastTwoSum(b, lo)
        return (u, ul)
    }

    /// The natural logarithm of `x`.
    ///
    /// - Accuracy: within 1 ulp of the true value, and correctly rounded in all but 74 of 10
    ///   million measured arguments in [0.5, 2] (0.501 ulp the largest error; over every positive
    ///   double, subnormals included, 0.5; Benchmarks/MATH-ACCURACY.md). The same bits on every
    ///   IEEE 754 platform.
    /// - Domain: `x ≥ 0`.
    /// - Edge cases: `log(±0)` is `−∞`; `log(1)` is `+0`; subnormal `x` is exact to normalize
    ///   and as accurate; `log(+∞)` is `+∞`; `x < 0` (`−∞` included) and NaN give the canonical
    ///   `Double.nan`.
    @inlinable
    public static func log(_ x: Double) -> Double {
        guard x > 0 else { return x == 0 ? -.infinity : .nan }
        guard x.isFinite else { return x }
        let (hi, lo) = logDD(x)
        return hi + lo
    }

    /// `x` raised to `y`.
    ///
    /// - Accuracy: within 1 ulp of the true value (0.61 ulp is the largest error measured, over
    ///   10 million pairs: x ∈ (0, 10] with y ∈ [−30, 30], x within 10⁻³ of 1 with |y| ≤ 10⁵,
    ///   and the damping powers `d^dt`; Benchmarks/MATH-ACCURACY.md). The same bits on every IEEE
    ///   754 platform.
    /// - Domain: every pair; a negative `x` only to an integer power (else NaN).
    /// - Edge cases, as C99 Annex F.9.4.4: `pow(x, ±0)` is `1` and `pow(1, y)` is `1`, even for
    ///   NaN; otherwise NaN in gives NaN; `pow(±0, y)` and `pow(±∞, y)` by the sign of `y` and
    ///   whether it is an odd integer (`pow(−0, −3)` is `−∞`, `pow(−∞, 3)` is `−∞`,
    ///   `pow(−0, 2)` is `+0`); `pow(x, ±∞)` is `+∞` or `+0` by whether `|x| > 1` (and `1` for
    ///   `x = −1`); beyond `|y| > 2⁶⁴`, or a result past the double range, `±∞` or `±0`;
    ///   subnormal results are rounded once.
    ///
    /// `xʸ = 2^(y log₂|x|)`: `log₂|x|` in double-double (`logDD(_:)` times `1/ln2`), its
    /// product with `y` in double-double, split into an integer `n` and a fraction `g`, then
    /// `2^g = e^(g ln2)` by the exponential kernel and an exact scaling by `2ⁿ`.
    @inlinable
    public static func pow(_ x: Double, _ y: Double) -> Double {
        if y == 0 || x == 1 { return 1 }
        if x.isNaN || y.isNaN { return x + y }
        let yInteger = roundedTowardZero(y) == y
        let yOdd = yInteger && abs(y) < 0x1p53 && Int64(y) & 1 != 0
        if y.isInfinite {
            let ax = abs(x)
            if ax == 1 { return 1 }
            return (ax > 1) == (y > 0) ? .infinity : 0
        }
        if x == 0 {
            if y > 0 { return yOdd ? x : 0 }
            return yOdd ? 1 / x : .infinity
        }
        if x.isInfinite {
            if x > 0 { return y > 0 ? .infinity : 0 }
            if y > 0 { return yOdd ? -.infinity : .infinity }
            return yOdd ? -0.0 : 0
        }
        var sign = 1.0
        if x < 0 {
            guard yInteger else { return .nan }
            if yOdd { sign = -1 }
        }
        let ax = abs(x)
        // |y| beyond 2⁶⁴: the result overflows or underflows unless |x| is 1 (done above).
        if abs(y) > 0x1p64 { return (ax > 1) == (y > 0) ? sign * .infinity : sign * 0 }
        let (l, ll) = logDD(ax)
        // log₂|x| = ln|x| · (1/ln2), in double-double.
        var (g, gl) = twoProduct(l, log2e)
        gl += l * log2eLow + ll * log2e
        (g, gl) = fastTwoSum(g, gl)
        // y · log₂|x|.
        var (t, tl) = twoProduct(y, g)
        tl += y * gl
        (t, tl) = fastTwoSum(t, tl)
        if t > 1024 { return sign * .infinity }
        if t < -1080 { return sign * 0 }
        let n = roundedToNearestEven(t)
        let (f, fl) = twoSum(t - n, tl)  // t − n is exact
        // 2^f = e^(f·ln2), f·ln2 in double-double.
        var (r, rl) = twoProduct(f, ln2)
        rl += f * ln2Low + fl * ln2
        (r, rl) = fastTwoSum(r, rl)
        return sign * expReduced(r, rl, Int(n))
    }
}
