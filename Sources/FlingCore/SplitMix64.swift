/// SplitMix64 (Steele, Lea and Flood): a tiny seeded generator whose sequence is the same on
/// every platform. Fling draws jittered display frames from it, and its tests and benchmark
/// their scenarios, so that everything "random" is reproducible from a seed. Never used
/// inside a tick.
package struct SplitMix64: RandomNumberGenerator, Sendable {
    var state: UInt64

    package init(state: UInt64) { self.state = state }

    package mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// Uniform in [0, 1): the top 53 bits as a fraction.
    package mutating func unit() -> Double { Double(next() >> 11) * 0x1p-53 }
}
