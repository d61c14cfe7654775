import FlingCore

/// An axis-aligned box by its corners, in points (kept as corners, not origin and size, so the
/// extreme coordinates are exact).
public struct BoundingBox: Hashable, Sendable {
    public var min: Vector
    public var max: Vector
    public init(min: Vector, max: Vector) { self.min = min; self.max = max }

    /// The smallest box holding both.
    public func union(_ o: BoundingBox) -> BoundingBox {
        BoundingBox(
            min: Vector(Swift.min(min.x, o.min.x), Swift.min(min.y, o.min.y)),
            max: Vector(Swift.max(max.x, o.max.x), Swift.max(max.y, o.max.y)))
    }

    var center: Vector { Vector((min.x + max.x) / 2, (min.y + max.y) / 2) }
}
