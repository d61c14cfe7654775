extension Portable {
    /// The high 32 bits of `x`'s IEEE-754 pattern, signed: sign, exponent and 20 bits of
    /// mantissa (fdlibm's `GET_HIGH_WORD`), which the classification below compares.
    @inlinable @inline(__always)
    static func highWord(_ x: Double) -> Int32 { Int32(truncatingIfNeeded: x.bitPattern >> 32) }

    /// The low 32 bits of `x`'s pattern (`GET_LOW_WORD`).
    @inlinable @inline(__always)
    static func lowWord(_ x: Double) -> UInt32 { UInt32(truncatingIfNeeded: x.bitPattern) }

    /// atan of 0.5, 1, 1.5, ∞ as head and tail (fdlibm s_atan.c `atanhi`, `atanlo`).
    @usableFromInline static let atanHi: (Double, Double, Double, Double) = (
        4.63647609000806093515e-01,  // 0x3FDDAC67_0561BB4F
        7.85398163397448278999e-01,  // 0x3FE921FB_54442D18
        9.82793723247329054082e-01,  // 0x3FEF730B_D281F69B
        1.57079632679489655800e+00  // 0x3FF921FB_54442D18
    )
    @usableFromInline static let atanLo: (Double, Double, Double, Double) = (
        2.26987774529616870924e-17,  // 0x3C7A2B7F_222F65E2
        3.06161699786838301793e-17,  // 0x3C81A626_33145C07
        1.39033110312309984516e-17,  // 0x3C700788_7AF0CBBD
        6.12323399573676603587e-17  // 0x3C91A626_33145C07
    )
    /// Coefficients of atan t = t - t³·(a0 + a1·t² + ... + a10·t^20) on [0, 7/16]
    /// (fdlibm s_atan.c aT[0...10]).
    @usableFromInline static let aT: (Double, Double, Double, Double, Double, Double, Double, Double, Double, Double, Double) = (
        3.33333333333329318027e-01,  // 0x3FD55555_5555550D
        -1.99999999998764832476e-01,  // 0xBFC99999_9998EBC4
        1.42857142725034663711e-01,  // 0x3FC24924_920083FF
        -1.11111104054623557880e-01,  // 0xBFBC71C6_FE231671
        9.09088713343650656196e-02,  // 0x3FB745CD_C54C206E
        -7.69187620504482999495e-02,  // 0xBFB3B0F2_AF749A6D
        6.66107313738753120669e-02,  // 0x3FB10D66_A0D03D51
        -5.83357013379057348645e-02,  // 0xBFADDE2D_52DEFD9A
        4.97687799461593236017e-02,  // 0x3FA97B4B_24760DEB
        -3.65315727442169155270e-02,  // 0xBFA2B444_2C6A6C2F
        1.62858201153657823623e-02  // 0x3F90AD3A_E322DA11
    )

    /// The arctangent of `x` in [-π/2, π/2] (fdlibm s_atan.c's method): the sign is taken
    /// off, and ``atanMagnitude(_:tail:)`` does the rest.
    @inlinable
    static func atan(_ x: Double) -> Double {
        if x.isNaN { return .nan }
        if highWord(x) & 0x7fff_ffff < 0x3e40_0000 { return x }  // |x| < 2^-27: atan x = x (keeps -0)
        let (h, l) = atanMagnitude(x.magnitude, tail: 0)
        return x < 0 ? -(h + l) : h + l
    }

    /// atan(x + tail) for x ≥ 2^-27, as an unrounded head and tail `h + l` (so that callers
    /// adding π do not round twice). |x| is reduced to [0, 7/16] by
    /// atan x = atan c + atan((x - c)/(1 + c·x)) with c = 1/2, 1, 3/2, or π/2 - atan(1/x),
    /// then the odd polynomial above; `tail` enters as atan' · tail = tail/(1 + x²).
    @inlinable
    static func atanMagnitude(_ x: Double, tail: Double) -> (Double, Double) {
        let ix = highWord(x) & 0x7fff_ffff
        if ix >= 0x4410_0000 { return (atanHi.3, atanLo.3) }  // x ≥ 2^66 (or +∞)
        var id = -1
        var t = x
        if ix >= 0x3fdc_0000 {  // x ≥ 7/16
            if ix < 0x3ff3_0000 {  // x < 19/16
                if ix < 0x3fe6_0000 {
                    id = 0; t = (2.0 * t - 1.0) / (2.0 + t)
                }  // [7/16, 11/16)
                else {
                    id = 1; t = (t - 1.0) / (t + 1.0)
                }  // [11/16, 19/16)
            } else if ix < 0x4003_8000 {  // x < 39/16
                id = 2; t = (t - 1.5) / (1.0 + 1.5 * t)
            } else {
                id = 3; t = -1.0 / t
            }
        }
        let z = t * t
        let w = z * z
        let s1 = z * (aT.0 + w * (aT.2 + w * (aT.4 + w * (aT.6 + w * (aT.8 + w * aT.10)))))
        let s2 = w * (aT.1 + w * (aT.3 + w * (aT.5 + w * (aT.7 + w * aT.9))))
        let correction = tail / (1.0 + x * x)
        if id < 0 {
            let (h, e) = fastTwoSum(t, -(t * (s1 + s2) - correction))
            return (h, e)
        }
        let hi: Double, lo: Double
        switch id {
        case 0: (hi, lo) = (atanHi.0, atanLo.0)
        case 1: (hi, lo) = (atanHi.1, atanLo.1)
        case 2: (hi, lo) = (atanHi.2, atanLo.2)
        default: (hi, lo) = (atanHi.3, atanLo.3)
        }
        // hi + lo + t - t·(s1 + s2) + correction, with the two big additions kept exact.
        let (u, e1) = fastTwoSum(t, -((t * (s1 + s2) - lo) - correction))
        let (h, e2) = fastTwoSum(hi, u)
        return (h, e1 + e2)
    }

    /// π and π/2, π/4 rounded, and the tail of π (fdlibm e_atan2.c).
    @usableFromInline static let pi = 3.1415926535897931160E+00  // 0x400921FB_54442D18
    @usableFromInline static let piOver2 = 1.5707963267948965580E+00  // 0x3FF921FB_54442D18
    @usableFromInline static let piOver4 = 7.8539816339744827900E-01  // 0x3FE921FB_54442D18
    @usableFromInline static let piLo = 1.2246467991473531772E-16  // 0x3CA1A626_33145C07

    /// The angle of the point (x, y) from the positive x axis, in radians.
    ///
    /// - Accuracy: within 1 ulp of the true value (0.72 ulp is the largest error measured, over
    ///   10 million pairs, log-uniform ones down to 2⁻¹⁰⁰⁰ and up to 2¹⁰⁰⁰ included;
    ///   Benchmarks/MATH-ACCURACY.md). The same bits on every IEEE 754 platform. Method: fdlibm
    ///   5.3's e_atan2.c and s_atan.c, the quotient y/x carried as a double-double.
    /// - Domain: every pair; the result lies in [−π, π] (π the double nearest it).
    /// - Edge cases, as C99 Annex F.9.1.4: `atan2(±0, +0)` is `±0` and `atan2(±0, −0)` is `±π`
    ///   (also for any `x > 0` or `x < 0`); `atan2(y, ±0)` is `±π/2` by the sign of `y`;
    ///   `atan2(±∞, +∞)` is `±π/4`, `atan2(±∞, −∞)` is `±3π/4`, `atan2(±∞, x)` for finite `x`
    ///   is `±π/2`; `atan2(y, +∞)` is `±0` and `atan2(y, −∞)` is `±π` for finite `y`; tiny and
    ///   huge pairs are scaled by a power of two first, so subnormals are as accurate; NaN in
    ///   either gives the canonical `Double.nan`.
    @inlinable
    public static func atan2(_ y: Double, _ x: Double) -> Double {
        if x.isNaN || y.isNaN { return .nan }
        let hx = highWord(x), lx = lowWord(x)
        let hy = highWord(y), ly = lowWord(y)
        let ix = hx & 0x7fff_ffff, iy = hy & 0x7fff_ffff
        if hx == 0x3ff0_0000 && lx == 0 { return atan(y) }  // x = 1
        let m = Int((hy >> 31) & 1) | Int((hx >> 30) & 2)  // 2·sign(x) + sign(y)
        if iy == 0 && ly == 0 {  // y = ±0
            switch m {
            case 0, 1: return y
            case 2: return pi
            default: return -pi
            }
        }
        if ix == 0 && lx == 0 { return hy < 0 ? -piOver2 : piOver2 }  // x = ±0
        if ix == 0x7ff0_0000 {  // x = ±∞
            if iy == 0x7ff0_0000 {
                switch m {
                case 0: return piOver4
                case 1: return -piOver4
                case 2: return 3.0 * piOver4
                default: return -3.0 * piOver4
                }
            }
            switch m {
            case 0: return 0
            case 1: return -0.0
            case 2: return pi
            default: return -pi
            }
        }
        if iy == 0x7ff0_0000 { return hy < 0 ? -piOver2 : piOver2 }  // y = ±∞
        let k = (iy - ix) >> 20
        var zh: Double, zl = 0.0
        var quadrant = m
        if k > 60 {  // |y/x| > 2^60
            zh = piOver2 + 0.5 * piLo
            quadrant &= 1
        } else if hx < 0 && k < -60 {  // 0 > |y|/x > -2^-60
            zh = 0
        } else {
            // q = y/x rounded, and its rounding error (y - q·x)/x from an exact product
            // (Dekker, no FMA): y - p is exact (Sterbenz) since p ≈ y. Feeding it to atan keeps
            // the quotient's half-ulp out of the result.
            let q = y / x
            // The exact product needs both operands well inside the exponent range: scale
            // tiny or huge pairs by a power of two first (exact, and q is unchanged).
            var ys = y, xs = x
            let big = Swift.max(y.magnitude, x.magnitude)
            if big < 0x1p-300 { ys *= 0x1p700; xs *= 0x1p700 } else if big > 0x1p900 { ys *= 0x1p-200; xs *= 0x1p-200 }
            var tail = 0.0
            let aq = q.magnitude
            if aq > 0x1p-60, aq < 0x1p60, xs.magnitude > 0x1p-800, ys.magnitude > 0x1p-800 {
                let (p, e) = twoProduct(q, xs)
                tail = ((ys - p) - e) / xs
            }
            if highWord(aq) & 0x7fff_ffff < 0x3e40_0000 {
                zh = aq  // |y/x| < 2^-27: atan q = q
            } else {
                (zh, zl) = atanMagnitude(aq, tail: q < 0 ? -tail : tail)
            }
        }
        switch quadrant {
        case 0: return zh + zl
        case 1: return -(zh + zl)
        default:
            // π - z with π = pi + piLo and z = zh + zl, one rounding at the end.
            let (s, e) = twoSum(pi, -zh)
            let r = s + ((e + piLo) - zl)
            return quadrant == 2 ? r : -r
        }
    }
}
