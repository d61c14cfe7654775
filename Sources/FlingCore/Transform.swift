/// Where a rigid body is: its center in points and its angle in radians (clockwise on a
/// y-down screen, as Core Animation's rotation is).
public struct Transform: Hashable, Sendable {
    /// The body's center, in points.
    public var position: Vector
    /// The body's rotation, in radians.
    public var angle: Double

    @inlinable public init(position: Vector, angle: Double = 0) {
        self.position = position
        self.angle = angle
    }

    package static let identity = Transform(position: .zero)

    /// The rotation part as `(cos angle, sin angle)`.
    @inlinable package var rotation: Vector { Vector(Portable.cos(angle), Portable.sin(angle)) }

    /// Maps a point given in body coordinates (relative to the center) to world coordinates.
    @inlinable public func apply(toLocal local: Vector) -> Vector {
        let r = rotation
        return Vector(position.x + (r.x * local.x - r.y * local.y), position.y + (r.y * local.x + r.x * local.y))
    }

    /// Maps a world point to body coordinates (relative to the center, unrotated).
    @inlinable package func local(fromWorld point: Vector) -> Vector {
        let r = rotation
        let d = point - position
        return Vector(r.x * d.x + r.y * d.y, -r.y * d.x + r.x * d.y)
    }

    /// Linear interpolation of position and angle, `self + (other - self) * t`; for drawing only.
    @inlinable package func interpolated(to other: Transform, fraction t: Double) -> Transform {
        Transform(position: position + (other.position - position) * t, angle: angle + (other.angle - angle) * t)
    }
}
