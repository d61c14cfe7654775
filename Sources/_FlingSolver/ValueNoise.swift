import FlingCore

/// Seeded value noise for the noise and turbulence fields: the same bits on every machine.
///
/// A lattice value at integer point `(i, j, k)` is the top 53 bits of a SplitMix64 finalizer
/// over the seed and the three coordinates, scaled to [−1, 1). Between lattice points the
/// values are blended trilinearly with smoothstep weights `f²(3 − 2f)`. Only integer
/// operations, `+ − ×` and rounding down: nothing a platform rounds differently.
enum ValueNoise {
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
    @inline(__always) static func roundedDown(_ x: Double) -> Double {
        guard x.magnitude < 0x1p52 else { return x.rounded(.down) }
        guard x != 0 else { return x }
        let t = Double(Int64(x))
        return t > x ? t - 1 : t
    }

    /// `x` split into its lattice cell and the fraction within it. Beyond ±2⁶² the cell is
    /// held there (the fraction is then 0: such a double is an integer). Below 2⁵² in
    /// magnitude (but ±0) the cell is the truncation, less one where that lies above `x`, taken
    /// without a branch (an offset's sign is as likely either way, and a branch on it is
    /// mispredicted half the time), and the fraction `x` less it: the same bits.
    @inline(__always) static func split(_ x: Double) -> (Int64, Double) {
        if x.magnitude < 0x1p52 && x != 0 {
            let t = Int64(x)
            let i = t &- (Double(t) > x ? 1 : 0)
            return (i, x - Double(i))
        }
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
    static func values(_ seed0: UInt64, _ seed1: UInt64, _ x: Double, _ y: Double, _ z: Double) -> (Double, Double) {
        let (i, fx) = split(x), (j, fy) = split(y), (k, fz) = split(z)
        var cell = NoiseCell()
        cell.fill(seed0, seed1, i, j, k)
        return cell.blend(fx, fy, fz)
    }

    /// ``values(_:_:_:_:_:)``, bit for bit, with the cell's corner values taken from `cache`
    /// when it holds them (and put there when it does not): a body's cell changes only when it
    /// crosses a cell's edge in space or in time, so most steps find it there.
    @inline(__always)
    static func values(
        _ seed0: UInt64, _ seed1: UInt64, _ x: Double, _ y: Double, _ z: Double, cache: NoiseCache
    ) -> (Double, Double) {
        let (i, fx) = split(x), (j, fy) = split(y), (k, fz) = split(z)
        let cell = cache.cell(i, j, k)
        if !cell.pointee.holds(seed0, seed1, i, j, k) { cell.pointee.fill(seed0, seed1, i, j, k) }
        return cell.pointee.blend(fx, fy, fz)
    }

    /// The noise at `(x, y, z)`, in [−1, 1).
    static func value(_ seed: UInt64, _ x: Double, _ y: Double, _ z: Double) -> Double {
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

/// One lattice cell of the noise: its coordinates, the two seeds, and the values at its eight
/// corners for each seed (corner `(i + a, j + b, k + c)` at index `a + 2b + 4c`).
struct NoiseCell {
    var seed0: UInt64 = 0, seed1: UInt64 = 0
    /// `Int64.min` while the cell holds nothing (``ValueNoise/split(_:)`` never gives it).
    var i: Int64 = .min, j: Int64 = 0, k: Int64 = 0
    var c0: (Double, Double, Double, Double, Double, Double, Double, Double) = (0, 0, 0, 0, 0, 0, 0, 0)
    var c1: (Double, Double, Double, Double, Double, Double, Double, Double) = (0, 0, 0, 0, 0, 0, 0, 0)

    @inline(__always) func holds(_ seed0: UInt64, _ seed1: UInt64, _ i: Int64, _ j: Int64, _ k: Int64) -> Bool {
        self.i == i && self.j == j && self.k == k && self.seed0 == seed0 && self.seed1 == seed1
    }

    /// The corner values of cell `(i, j, k)` for both seeds: each corner's coordinate hash
    /// once, then its value for each seed (``ValueNoise/corner(_:_:)``).
    @inline(never)
    mutating func fill(_ seed0: UInt64, _ seed1: UInt64, _ i: Int64, _ j: Int64, _ k: Int64) {
        self.seed0 = seed0
        self.seed1 = seed1
        self.i = i
        self.j = j
        self.k = k
        let i1 = i &+ 1, j1 = j &+ 1, k1 = k &+ 1
        let h = (
            ValueNoise.inner(i, j, k), ValueNoise.inner(i1, j, k), ValueNoise.inner(i, j1, k), ValueNoise.inner(i1, j1, k),
            ValueNoise.inner(i, j, k1), ValueNoise.inner(i1, j, k1), ValueNoise.inner(i, j1, k1), ValueNoise.inner(i1, j1, k1)
        )
        @inline(__always) func corners(_ s: UInt64) -> (Double, Double, Double, Double, Double, Double, Double, Double) {
            (
                ValueNoise.corner(s, h.0), ValueNoise.corner(s, h.1), ValueNoise.corner(s, h.2), ValueNoise.corner(s, h.3),
                ValueNoise.corner(s, h.4), ValueNoise.corner(s, h.5), ValueNoise.corner(s, h.6), ValueNoise.corner(s, h.7)
            )
        }
        c0 = corners(seed0)
        c1 = corners(seed1)
    }

    /// Both channels at fractions `(fx, fy, fz)` of the cell: the corners blended trilinearly
    /// with smoothstep weights, along x, then y, then z.
    @inline(__always) func blend(_ fx: Double, _ fy: Double, _ fz: Double) -> (Double, Double) {
        let sx = fx * fx * (3 - 2 * fx), sy = fy * fy * (3 - 2 * fy), sz = fz * fz * (3 - 2 * fz)
        @inline(__always) func blend(_ c: (Double, Double, Double, Double, Double, Double, Double, Double)) -> Double {
            @inline(__always) func edge(_ a: Double, _ b: Double) -> Double { a + (b - a) * sx }
            @inline(__always) func face(_ e0: Double, _ e1: Double) -> Double { e0 + (e1 - e0) * sy }
            let a = face(edge(c.0, c.1), edge(c.2, c.3)), b = face(edge(c.4, c.5), edge(c.6, c.7))
            return a + (b - a) * sz
        }
        return (blend(c0), blend(c1))
    }
}

/// A memo of noise cells (``ValueNoise/values(_:_:_:_:_:cache:)``), one per thread that steps
/// worlds: ``count`` places, a cell's place chosen by a hash of its coordinates, a new cell
/// taking the place of the one there. It holds only values the noise computes, so what it
/// holds never changes a bit; it is allocated once and never grows.
package struct NoiseCache: @unchecked Sendable {
    static let count = 256
    let cells: UnsafeMutablePointer<NoiseCell>

    package static func allocate() -> NoiseCache {
        let cells = UnsafeMutablePointer<NoiseCell>.allocate(capacity: count)
        cells.initialize(repeating: NoiseCell(), count: count)
        return NoiseCache(cells: cells)
    }

    package func deallocate() { cells.deallocate() }

    /// The place of cell `(i, j, k)`: the top 8 bits (``count`` places) of a multiplicative hash.
    @inline(__always) func cell(_ i: Int64, _ j: Int64, _ k: Int64) -> UnsafeMutablePointer<NoiseCell> {
        let h =
            UInt64(bitPattern: i) &* 0x9E37_79B9_7F4A_7C15 &+ UInt64(bitPattern: j) &* 0xC2B2_AE3D_27D4_EB4F
            &+ UInt64(bitPattern: k) &* 0x1656_67B1_9E37_79F9
        return cells + Int(truncatingIfNeeded: h >> 56)
    }
}
