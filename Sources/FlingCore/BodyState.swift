/// The dynamic state of one tile's body after a tick: what the state digest hashes.
public struct BodyState: Hashable, Sendable {
    /// Center of mass, in points.
    public var position: Vector
    /// Rotation, in radians.
    public var angle: Double
    /// Linear velocity, in points per second.
    public var velocity: Vector
    /// Angular velocity, in radians per second.
    public var angularVelocity: Double

    @inlinable
    public init(position: Vector, angle: Double = 0, velocity: Vector = .zero, angularVelocity: Double = 0) {
        self.position = position
        self.angle = angle
        self.velocity = velocity
        self.angularVelocity = angularVelocity
    }

    /// Position and angle, without the velocities.
    @inlinable public var transform: Transform { Transform(position: position, angle: angle) }

    /// Whether two states are the same to the bit (`==` would call `0.0 == -0.0` equal).
    @inlinable package func isBitwiseEqual(to other: BodyState) -> Bool {
        position.x.bitPattern == other.position.x.bitPattern
            && position.y.bitPattern == other.position.y.bitPattern
            && angle.bitPattern == other.angle.bitPattern
            && velocity.x.bitPattern == other.velocity.x.bitPattern
            && velocity.y.bitPattern == other.velocity.y.bitPattern
            && angularVelocity.bitPattern == other.angularVelocity.bitPattern
    }
}
