/// Seeded value noise for the noise and turbulence fields: the same bits on every machine.
///
/// A lattice value at integer point `(i, j, k)` is the top 53 bits of a SplitMix64 finalizer
/// over the seed and the three coordinates, scaled to [−1, 1). Between lattice points the
/// values are blended trilinearly with smoothstep weights `f²(3 − 2f)`. Only integer
/// operations, `+ − ×` and rounding down: nothing a platform rounds differently.
package enum ValueNoise {
    @inline(__always) static func mix(_ x: UInt64) -> UInt64 {
        var z = x &+ 0x9E37_79B9_7F4A_7C15
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    @inline(__always) static func lattice(_ seed: UInt64, _ i: Int64, _ j: Int64, _ k: Int64) -> Double {
        corner(seed, inner(i, j, k))
    }

    /// `x.rounded(.down)`, bit for bit, without a call to the C library's `floor` (which a
    /// build for the baseline x86-64, without SSE4.1's `roundsd`, makes): below 2⁵² in
    /// magnitude, the truncation less one where it lies above `x`, and ±0 as it is.
    @inline(__always) package static func roundedDown(_ x: Double) -> Double {
        guard x.magnitude < 0x1p52 else { return x.rounded(.down) }
        guard x != 0 else { return x }
        let t = Double(Int64(x))
        return t > x ? t - 1 : t
    }

    /// `x` split into its lattice cell and the fraction within it. Beyond ±2⁶² the cell is
    /// held there (the fraction is then 0: such a double is an integer).
    @inline(__always) static func split(_ x: Double) -> (Int64, Double) {
        let floor = roundedDown(x)
        let f = x - floor
        let i: Int64 = floor.magnitude < 0x1p62 ? Int64(floor) : (floor < 0 ? -(1 << 62) : 1 << 62)
        return (i, f)
    }

    /// The lattice value of a corner whose coordinates' hash (the inner `mix`) is `inner`.
    @inline(__always) static func corner(_ seed: UInt64, _ inner: UInt64) -> Double {
        Double(mix(seed ^ inner) >> 11) * 0x1p-52 - 1
    }

    /// The hash of a corner's coordinates, the same for every seed.
    @inline(__always) static func inner(_ i: Int64, _ j: Int64, _ k: Int64) -> UInt64 {
        mix(
            UInt64(bitPattern: i) &* 0xD1B5_4A32_D192_ED03 ^ UInt64(bitPattern: j) &* 0xABC9_8388_FB8F_AC03
                ^ UInt64(bitPattern: k) &* 0x8CB9_2BA7_2F3D_8DD7)
    }

    /// `(value(seed0, x, y, z), value(seed1, x, y, z))`, bit for bit: the cell, the weights
    /// and each corner's coordinate hash are worked out once for both.
    package static func values(_ seed0: UInt64, _ seed1: UInt64, _ x: Double, _ y: Double, _ z: Double) -> (Double, Double) {
        let (i, fx) = split(x), (j, fy) = split(y), (k, fz) = split(z)
        let sx = fx * fx * (3 - 2 * fx), sy = fy * fy * (3 - 2 * fy), sz = fz * fz * (3 - 2 * fz)
        let i1 = i &+ 1, j1 = j &+ 1, k1 = k &+ 1
        let h000 = inner(i, j, k), h100 = inner(i1, j, k), h010 = inner(i, j1, k), h110 = inner(i1, j1, k)
        let h001 = inner(i, j, k1), h101 = inner(i1, j, k1), h011 = inner(i, j1, k1), h111 = inner(i1, j1, k1)
        @inline(__always) func blend(_ seed: UInt64) -> Double {
            @inline(__always) func edge(_ ha: UInt64, _ hb: UInt64) -> Double {
                let a = corner(seed, ha), b = corner(seed, hb)
                return a + (b - a) * sx
            }
            @inline(__always) func face(_ e0: Double, _ e1: Double) -> Double { e0 + (e1 - e0) * sy }
            let a = face(edge(h000, h100), edge(h010, h110)), b = face(edge(h001, h101), edge(h011, h111))
            return a + (b - a) * sz
        }
        return (blend(seed0), blend(seed1))
    }

    /// The noise at `(x, y, z)`, in [−1, 1).
    package static func value(_ seed: UInt64, _ x: Double, _ y: Double, _ z: Double) -> Double {
        let (i, fx) = split(x), (j, fy) = split(y), (k, fz) = split(z)
        let sx = fx * fx * (3 - 2 * fx), sy = fy * fy * (3 - 2 * fy), sz = fz * fz * (3 - 2 * fz)
        func edge(_ j: Int64, _ k: Int64) -> Double {
            let a = lattice(seed, i, j, k), b = lattice(seed, i &+ 1, j, k)
            return a + (b - a) * sx
        }
        func face(_ k: Int64) -> Double {
            let a = edge(j, k), b = edge(j &+ 1, k)
            return a + (b - a) * sy
        }
        let a = face(k), b = face(k &+ 1)
        return a + (b - a) * sz
    }
}
