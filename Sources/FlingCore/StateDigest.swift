/// A 64-bit FNV-1a hash over the IEEE 754 bit patterns of tile states, chained tick after
/// tick: after each tick, every live tile's position x and y, angle, velocity x and y and
/// angular velocity, in tile id order, each as 8 little-endian bytes. Two runs with the same
/// digest produced the same bits (up to hash collisions); tests pin digests as constants.
public struct StateDigest: Hashable, Sendable {
    @usableFromInline static let offsetBasis: UInt64 = 0xcbf2_9ce4_8422_2325
    static let prime: UInt64 = 0x0000_0100_0000_01b3

    public private(set) var value: UInt64

    public init(value: UInt64 = StateDigest.offsetBasis) { self.value = value }

    package mutating func combine(_ x: Double) {
        var bits = x.bitPattern
        for _ in 0..<8 {
            value = (value ^ (bits & 0xff)) &* Self.prime
            bits >>= 8
        }
    }

    package mutating func combine(_ s: BodyState) {
        combine(s.position.x); combine(s.position.y); combine(s.angle)
        combine(s.velocity.x); combine(s.velocity.y); combine(s.angularVelocity)
    }

    /// 16 lowercase hexadecimal digits.
    public var hex: String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }

}

extension StateDigest: CustomStringConvertible {
    /// The ``hex`` digits, as a test pins them: `3ac228421aac3952`.
    public var description: String { hex }
}
