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
        let h = mix(
            seed
                ^ mix(
                    UInt64(bitPattern: i) &* 0xD1B5_4A32_D192_ED03 ^ UInt64(bitPattern: j) &* 0xABC9_8388_FB8F_AC03
                        ^ UInt64(bitPattern: k) &* 0x8CB9_2BA7_2F3D_8DD7))
        return Double(h >> 11) * 0x1p-52 - 1
    }

    /// `x` split into its lattice cell and the fraction within it. Beyond ±2⁶² the cell is
    /// held there (the fraction is then 0: such a double is an integer).
    @inline(__always) static func split(_ x: Double) -> (Int64, Double) {
        let floor = x.rounded(.down)
        let f = x - floor
        let i: Int64 = floor.magnitude < 0x1p62 ? Int64(floor) : (floor < 0 ? -(1 << 62) : 1 << 62)
        return (i, f)
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
