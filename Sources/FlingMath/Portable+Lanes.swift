// Fling's portable sine and cosine on SIMD lanes: several angles at once, each lane the same
// bits as the scalar `Portable.sincos(_:)`.
//
// The fast path performs, in every lane, the IEEE operations of the scalar code in the same
// order (`reduce`, `sinKernel`, `cosKernel`, the quadrant switch), with lane arithmetic; the
// scalar code's branches become per-lane selects: every lane computes the generic path, then
// takes exactly the value the scalar code would return for it. A vector with any lane beyond
// `exactTrigonometryBound`, or not finite, is computed lane by lane with the scalar function.

extension Portable {
    /// The sine and cosine of four angles in radians: lane `i` of each result has the bits of
    /// `Portable.sincos(x[i])`, for every lane value (so the accuracy, domain and edge cases
    /// are the scalar `sincos(_:)`'s). A vector with a lane beyond about 1.6 × 10⁶ (where the
    /// fast reduction stops being exact), infinite or NaN is computed lane by lane.
    @inlinable
    public static func sincos(_ x: SIMD4<Double>) -> (sin: SIMD4<Double>, cos: SIMD4<Double>) {
        lanesSincos(x)
    }

    /// The sine and cosine of two angles in radians: lane `i` of each result has the bits of
    /// `Portable.sincos(x[i])`, for every lane value (the accuracy, domain and edge cases of
    /// the scalar `sincos(_:)`).
    @inlinable
    static func sincos(_ x: SIMD2<Double>) -> (sin: SIMD2<Double>, cos: SIMD2<Double>) {
        lanesSincos(x)
    }

    /// `sincos(_:)` on every lane; written once for all lane counts, specialized (and inlined)
    /// at each public overload.
    @inlinable @inline(__always)
    static func lanesSincos<V: SIMD>(_ x: V) -> (sin: V, cos: V) where V.Scalar == Double {
        // |x| for the comparisons; a −0 lane keeps its sign here, which no result depends
        // on: ax enters arithmetic only in lanes where |x| > π/4.
        let ax = x.replacing(with: -x, where: x .< 0)
        // NaN fails the comparison, ±∞ exceeds the bound: both take the scalar path.
        guard all(ax .<= LanesConstant.exactBound) else { return sincosLaneByLane(x) }

        // reduce(_:): the generic path for every lane.
        // `(v + 1.5·2⁵²) − 1.5·2⁵²` rounds 0 ≤ v < 2⁵¹ to the nearest integer, ties to even,
        // exactly as `.rounded(.toNearestOrEven)` (v + 1.5·2⁵² lies in [2⁵², 2⁵³), where the
        // spacing of doubles is 1, and 1.5·2⁵² is even); `.rounded` on lanes is a libm call
        // per lane on baseline x86-64 (no SSE4.1 `roundpd`). Here v ≤ 2²⁰.
        let magic = 0x1.8p52
        var n = ax * LanesConstant.twoOverPi
        n = (n + magic) - magic
        let r = ax - n * LanesConstant.halfPi1
        var (hi, lo) = lanesTwoSum(r, -(n * LanesConstant.halfPi2))
        var e: V
        (hi, e) = lanesTwoSum(hi, -(n * LanesConstant.halfPi3)); lo = lo + e
        (hi, e) = lanesTwoSum(hi, -(n * LanesConstant.halfPi4)); lo = lo + e
        lo = lo - n * LanesConstant.halfPi5
        (hi, lo) = lanesFastTwoSum(hi, lo)
        // Int(n) & 3 in doubles: floor(n/4) = round(n/4 − 3/8), since n/4 − 3/8 is an integer
        // plus −3/8, −1/8, 1/8 or 3/8; every step exact for the integer 0 ≤ n ≤ 2²⁰.
        let quarter = ((n * 0.25 - 0.375) + magic) - magic
        var q = n - 4 * quarter
        // x < 0: ((4 − q) & 3, −hi, −lo).
        let negative = x .< 0
        let qNegative = (4 - q).replacing(with: 0, where: q .== 0)
        q = q.replacing(with: qNegative, where: negative)
        hi = hi.replacing(with: -hi, where: negative)
        lo = lo.replacing(with: -lo, where: negative)
        // |x| ≤ π/4: (0, x, 0), taken before the generic path in the scalar code.
        let near = ax .<= 0.785_398_163_397_448_3
        q = q.replacing(with: 0, where: near)
        hi = hi.replacing(with: x, where: near)
        lo = lo.replacing(with: 0, where: near)

        // sincos(_:): both kernels, then the quadrant switch.
        let s = lanesSinKernel(hi, lo), c = lanesCosKernel(hi, lo)
        var sine = s, cosine = c
        let q1 = q .== 1, q2 = q .== 2, q3 = q .== 3
        sine = sine.replacing(with: c, where: q1)
        cosine = cosine.replacing(with: -s, where: q1)
        sine = sine.replacing(with: -s, where: q2)
        cosine = cosine.replacing(with: -c, where: q2)
        sine = sine.replacing(with: -c, where: q3)
        cosine = cosine.replacing(with: s, where: q3)
        // |x| < 2⁻²⁶: (x, cosKernel(x, 0)); the lane's cosine is already that call, since
        // |x| ≤ π/4 selected (q, hi, lo) = (0, x, 0) above. |x| < 2⁻²⁷: (x, 1).
        sine = sine.replacing(with: x, where: ax .< 0x1p-26)
        cosine = cosine.replacing(with: 1, where: ax .< 0x1p-27)
        return (sine, cosine)
    }

    /// The rare vector with a lane beyond the fast range (huge, infinite or NaN): every lane
    /// by the scalar function. Kept out of line so the fast path stays small.
    @inlinable @inline(never)
    static func sincosLaneByLane<V: SIMD>(_ x: V) -> (sin: V, cos: V) where V.Scalar == Double {
        var sine = V(), cosine = V()
        for i in x.indices { (sine[i], cosine[i]) = sincos(x[i]) }
        return (sine, cosine)
    }

    /// The constants of `reduce(_:)`, the same bits (a test checks them), as literals the
    /// optimizer folds: the stored `static let`s are reached from another module through an
    /// accessor call each, six calls per vector that spill every register and cost the lanes
    /// about a tenth of their time.
    @usableFromInline enum LanesConstant {
        @inlinable static var twoOverPi: Double { Double(bitPattern: 0x3FE4_5F30_6DC9_C883) }
        @inlinable static var halfPi1: Double { Double(bitPattern: 0x3FF9_21FB_5440_0000) }
        @inlinable static var halfPi2: Double { Double(bitPattern: 0x3DD0_B461_1A60_0000) }
        @inlinable static var halfPi3: Double { Double(bitPattern: 0x3BA3_198A_2E00_0000) }
        @inlinable static var halfPi4: Double { Double(bitPattern: 0x397B_839A_2520_0000) }
        @inlinable static var halfPi5: Double { Double(bitPattern: 0x3712_7044_5330_0000) }
        @inlinable static var exactBound: Double { 1_647_099.323_974_340_4 }
    }

    /// `twoSum(_:_:)` on lanes.
    @inlinable @inline(__always)
    static func lanesTwoSum<V: SIMD>(_ a: V, _ b: V) -> (s: V, e: V) where V.Scalar == Double {
        let s = a + b
        let bb = s - a
        return (s, (a - (s - bb)) + (b - bb))
    }

    /// `fastTwoSum(_:_:)` on lanes.
    @inlinable @inline(__always)
    static func lanesFastTwoSum<V: SIMD>(_ a: V, _ b: V) -> (s: V, e: V) where V.Scalar == Double {
        let s = a + b
        return (s, b - (s - a))
    }

    /// `sinKernel(_:_:)` on lanes: the same Horner steps, innermost first.
    @inlinable @inline(__always)
    static func lanesSinKernel<V: SIMD>(_ x: V, _ y: V) -> V where V.Scalar == Double {
        let z = x * x
        var p = 2.8114572543455206e-15 + z * -8.22063524662433e-18
        p = -7.647163731819816e-13 + z * p
        p = 1.6059043836821613e-10 + z * p
        p = -2.505210838544172e-08 + z * p
        p = 2.7557319223985893e-06 + z * p
        p = -0.0001984126984126984 + z * p
        p = 0.008333333333333333 + z * p
        let s = -0.16666666666666666 + z * p
        return x + (x * z * s + (y - y * z * 0.5))
    }

    /// `cosKernel(_:_:)` on lanes, with `twoProduct(x, x)` and `twoSum(1, −z/2)` spelled out.
    @inlinable @inline(__always)
    static func lanesCosKernel<V: SIMD>(_ x: V, _ y: V) -> V where V.Scalar == Double {
        // twoProduct(x, x): both factors split alike (Veltkamp, 2²⁷ + 1).
        let z = x * x
        let t = 134_217_729.0 * x
        let xh = t - (t - x)
        let xl = x - xh
        let zl = ((xh * xh - z) + xh * xl + xl * xh) + xl * xl
        // twoSum(1, −0.5 · z).
        let b = -0.5 * z
        let s = 1 + b
        let bb = s - 1
        let e = (1 - (s - bb)) + (b - bb)
        var p = -1.5619206968586225e-16 + z * 4.110317623312165e-19
        p = 4.779477332387385e-14 + z * p
        p = -1.1470745597729725e-11 + z * p
        p = 2.08767569878681e-09 + z * p
        p = -2.755731922398589e-07 + z * p
        p = 2.48015873015873e-05 + z * p
        p = -0.001388888888888889 + z * p
        let c = 0.041666666666666664 + z * p
        return s + (((e - 0.5 * zl) + z * z * c) - x * y)
    }
}
