/// An axis-aligned rectangle in points: its minimum corner and its size.
public struct Rect: Hashable, Sendable {
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double

    @inlinable public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x; self.y = y; self.width = width; self.height = height
    }

    /// A rectangle of the given size centred on `center`.
    @inlinable public init(center: Vector, width: Double, height: Double) {
        self.init(x: center.x - width / 2, y: center.y - height / 2, width: width, height: height)
    }

    @inlinable public var minX: Double { x }
    @inlinable public var minY: Double { y }
    @inlinable public var maxX: Double { x + width }
    @inlinable public var maxY: Double { y + height }
    @inlinable public var center: Vector { Vector(x + width / 2, y + height / 2) }
    @inlinable public var size: Vector { Vector(width, height) }

    var description: String { "\(x),\(y) \(width)x\(height)" }
}
