extension Portable {
    /// The first 1,216 bits of the binary fraction 2/π = 0.101000101111…₂, 64 to a limb, most
    /// significant first, after one limb of zeros (the bits b₋₆₃…b₀ before the point, so that
    /// a window may start left of it). Computed with Python integers (π by Machin's formula at
    /// 1,500 bits) and checked against mpmath at 1,400 bits; the first limb is the well-known
    /// 0xA2F9836E4E441529. Enough for any double: the window below reaches bit 1,161 at most.
    @usableFromInline static let twoOverPiBits: [UInt64] = [
        0,
        0xA2F9_836E_4E44_1529,
        0xFC27_57D1_F534_DDC0,
        0xDB62_9599_3C43_9041,
        0xFE51_63AB_DEBB_C561,
        0xB724_6E3A_424D_D2E0,
        0x0649_2EEA_09D1_921C,
        0xFE1D_EB1C_B129_A73E,
        0xE882_35F5_2EBB_4484,
        0xE99C_7026_B45F_7E41,
        0x3991_D639_8353_39F4,
        0x9C84_5F8B_BDF9_283B,
        0x1FF8_97FF_DE05_980F,
        0xEF2F_118B_5A0A_6D1F,
        0x6D36_7ECF_27CB_09B7,
        0x4F46_3F66_9E5F_EA2D,
        0x7527_BAC7_EBE5_F17B,
        0x3D07_39F7_8A52_92EA,
        0x6BFB_5FB1_1F8D_5D08,
        0x5603_3046_FC7B_6BAB,
    ]

    /// π/2 as a double-double (hi is `Double.pi / 2`).
    @usableFromInline static let halfPiHi = Double(bitPattern: 0x3FF9_21FB_5444_2D18)
    @usableFromInline static let halfPiLo = Double(bitPattern: 0x3C91_A626_3314_5C07)

    /// Payne–Hanek reduction of a large finite `x` (|x| > ``exactTrigonometryBound``):
    /// `x = n·π/2 + (hi + lo)` exactly to about 2⁻⁷⁰ of the remainder, with `n mod 4`.
    ///
    /// `|x| = m·2ᴱ` with `m` the 53-bit integer significand. `|x|·(2/π) = Σ m·b_k·2^(E−k)`
    /// over the bits `b_k` of 2/π; the terms with `E − k ≥ 2` are multiples of 4 and do not
    /// change the quadrant, so only the 192 bits from `k₀ = E − 1` on are needed: `P = m·W`
    /// (a 245-bit integer product, exact in four 64-bit limbs) counts in units of 2⁻¹⁹⁰, with
    /// the quadrant in bits 190–191 and the fraction in bits 0–189. The fraction, moved to [−½, ½) (the quadrant
    /// taking the carry), becomes a double-double and is multiplied by π/2 in double-double.
    /// The bits of 2/π past the window change the fraction by less than 2⁻¹³⁸, and no double
    /// is closer to a multiple of π/2 than about 2⁻⁶¹ of it, so about 70 bits stay good.
    ///
    /// Out of line on purpose: it is the cold path, and inlining it into every `sin`/`cos`
    /// call site (the solver's step among them) would only grow the hot code.
    @usableFromInline @inline(never)
    static func reduceLarge(_ x: Double) -> (quadrant: Int, hi: Double, lo: Double) {
        let ax = abs(x)
        let m = ax.significandBitPattern | (1 << 52)
        let e = Int(ax.exponentBitPattern) - 1075  // |x| = m·2^e
        // Bit k of 2/π (k ≥ 1 after the point) sits at offset k + 63 in the table.
        let offset = (e - 1) + 63
        let limb = offset >> 6, shift = UInt64(offset & 63)
        @inline(__always) func window(_ j: Int) -> UInt64 {
            let a = twoOverPiBits[limb + j], b = twoOverPiBits[limb + j + 1]
            return shift == 0 ? a : (a << shift) | (b >> (64 - shift))
        }
        let w0 = window(0), w1 = window(1), w2 = window(2)
        // P = m·(w0·2¹²⁸ + w1·2⁶⁴ + w2), limbs p0 (top) … p3.
        let (h2, p3) = m.multipliedFullWidth(by: w2)
        let (h1, l1) = m.multipliedFullWidth(by: w1)
        let (h0, l0) = m.multipliedFullWidth(by: w0)
        let (p2, c2) = l1.addingReportingOverflow(h2)
        let (s1, c1a) = l0.addingReportingOverflow(h1)
        let (p1, c1b) = s1.addingReportingOverflow(c2 ? 1 : 0)
        let p0 = h0 &+ (c1a ? 1 : 0) &+ (c1b ? 1 : 0)
        // The window starts at bit e − 1, so P counts in units of 2⁻¹⁹⁰: shifted left by two,
        // the quadrant is the top limb's low two bits and the fraction the 192 bits below.
        var quadrant = Int(((p0 << 2) | (p1 >> 62)) & 3)
        var (f1, f2, f3) = ((p1 << 2) | (p2 >> 62), (p2 << 2) | (p3 >> 62), p3 << 2)
        var negative = false
        if f1 >> 63 == 1 {  // fraction ≥ ½: take fraction − 1, one more quadrant
            quadrant += 1
            negative = true
            // 2¹⁹² − F, the 192-bit two's complement.
            f1 = ~f1; f2 = ~f2; f3 = ~f3
            var carry: Bool
            (f3, carry) = f3.addingReportingOverflow(1)
            if carry { (f2, carry) = f2.addingReportingOverflow(1); if carry { f1 &+= 1 } }
        }
        // Normalize so the top bit of f1 is set; f = (f1 + f2·2⁻⁶⁴ + …)·2^(−64−lz).
        var lz = 0
        if f1 == 0 { (f1, f2, f3) = (f2, f3, 0); lz += 64 }
        if f1 == 0 { (f1, f2, f3) = (f2, f3, 0); lz += 64 }
        if f1 == 0 { return (quadrant & 3, 0, 0) }  // cannot happen for a double; harmless
        let z = f1.leadingZeroBitCount
        if z > 0 {
            f1 = (f1 << UInt64(z)) | (f2 >> UInt64(64 - z))
            f2 = (f2 << UInt64(z)) | (f3 >> UInt64(64 - z))
            lz += z
        }
        // The top 53 bits exactly, the next 75 rounded (only their first ~53 matter).
        let top = Double(f1 & ~0x7FF)
        let rest = Double(f1 & 0x7FF) + Double(f2) * 0x1p-64
        var (fh, fl) = fastTwoSum(top, rest)
        let scale = Double(sign: .plus, exponent: -64 - lz, significand: 1)
        fh *= scale; fl *= scale
        if negative { fh = -fh; fl = -fl }
        // r = f·π/2 in double-double.
        var (rh, rl) = twoProduct(fh, halfPiHi)
        rl += fh * halfPiLo + fl * halfPiHi
        (rh, rl) = fastTwoSum(rh, rl)
        return x < 0 ? ((4 - (quadrant & 3)) & 3, -rh, -rl) : (quadrant & 3, rh, rl)
    }
}
