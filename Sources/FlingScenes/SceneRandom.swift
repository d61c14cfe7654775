import FlingCore

/// The one seeded generator of a scene: every random value a scene uses is drawn from it, in
/// the order the scene documents, so a seed and the inputs name the whole run.
struct SceneRandom: Sendable {
    private var generator: SplitMix64

    init(seed: UInt64) { generator = SplitMix64(state: seed) }

    /// Uniform in `range` (its lower bound when the range is a single value, drawing anyway,
    /// so that the order of draws does not depend on the configuration's values).
    mutating func uniform(_ range: ClosedRange<Double>) -> Double {
        let u = generator.unit()
        return range.lowerBound + (range.upperBound - range.lowerBound) * u
    }

    /// Uniform between `a` and `b` in either order: `a + (b − a) · u` (JRMFloatingAnimation's
    /// `randomFloatBetween:and:`, which a reversed pair does not trouble).
    mutating func between(_ a: Double, _ b: Double) -> Double {
        let u = generator.unit()
        return a + (b - a) * u
    }

    /// Heads with probability 1/2.
    mutating func coin() -> Bool { generator.next() >> 63 == 1 }

    /// A whole number in `0..<n`, `n` at least 1.
    mutating func index(_ n: Int) -> Int { Int(generator.next() % UInt64(n)) }
}

/// Checks a configuration range: finite bounds within `limits`.
func checkRange(_ r: ClosedRange<Double>, _ limits: ClosedRange<Double>, _ field: String) throws(FlingError) {
    try Check.range(r.lowerBound, limits, "\(field).lowerBound")
    try Check.range(r.upperBound, limits, "\(field).upperBound")
}
