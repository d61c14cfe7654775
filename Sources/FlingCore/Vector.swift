/// A 2D vector in points (logical pixels) or points per second, y growing downward as on screen.
///
/// Arithmetic is plain IEEE 754 double precision, one rounding per operation, never fused:
/// the native backend's bit-for-bit parity with Chipmunk depends on that.
public struct Vector: Hashable, Sendable {
    public var x: Double
    public var y: Double

    @inlinable public init(_ x: Double, _ y: Double) { self.x = x; self.y = y }
    @inlinable public init(x: Double, y: Double) { self.x = x; self.y = y }

    public static let zero = Vector(0, 0)

    @inlinable public static func + (a: Vector, b: Vector) -> Vector { Vector(a.x + b.x, a.y + b.y) }
    @inlinable public static func - (a: Vector, b: Vector) -> Vector { Vector(a.x - b.x, a.y - b.y) }
    @inlinable public static func * (a: Vector, s: Double) -> Vector { Vector(a.x * s, a.y * s) }
    @inlinable public static prefix func - (a: Vector) -> Vector { Vector(-a.x, -a.y) }

    @inlinable public func dot(_ b: Vector) -> Double { x * b.x + y * b.y }
    /// The z component of the 3D cross product, `x * b.y - y * b.x`.
    @inlinable package func cross(_ b: Vector) -> Double { x * b.y - y * b.x }
    /// The vector turned a quarter turn: `(-y, x)`.
    @inlinable public var perp: Vector { Vector(-y, x) }
    @inlinable public var length: Double { dot(self).squareRoot() }

    /// Whether both components are finite.
    @inlinable public var isFinite: Bool { x.isFinite && y.isFinite }

    var description: String { "(\(x), \(y))" }
}
