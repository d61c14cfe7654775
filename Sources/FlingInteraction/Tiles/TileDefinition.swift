// A photo tile as the app lays it out: the tile policy's item.
import FlingCore

/// Identifies a tile within one ``TileAnimator``. Tiles are kept, stepped and hashed in id order.
public typealias TileID = Identifier<TileDefinition>

/// A tile as the app lays it out: its home frame (whose center is the tile's origin, where the
/// attraction spring pulls it back to) and its mass.
public struct TileDefinition: Hashable, Sendable, IdentifierTag {
    public static let noun = "tile"

    public var id: TileID
    /// The tile's frame at rest, in points. Its center is the tile's origin.
    public var frame: Rect
    /// Mass in the app's mass units. Default 1. The box moment of inertia follows from it.
    public var mass: Double
    /// The tile's material and damping against walls and while it moves (UIKit's
    /// `UIDynamicItemBehavior`), or nil (the default) for the configuration's
    /// (``DynamicsSettings/itemProperties``).
    public var properties: ItemProperties?

    public init(id: TileID, frame: Rect, mass: Double = 1, properties: ItemProperties? = nil) {
        self.id = id
        self.frame = frame
        self.mass = mass
        self.properties = properties
    }

    /// A tile whose mass comes from its area, as UIKit's `density` does: a 100 × 100 point
    /// tile of density 1 has mass 1 (`mass = density · width · height / 10,000`,
    /// ``WorldDefinition/box(size:density:transform:gravity:allowsRotation:)``'s convention).
    public init(id: TileID, frame: Rect, density: Double, properties: ItemProperties? = nil) {
        self.init(id: id, frame: frame, mass: density * frame.width * frame.height / 10_000, properties: properties)
    }

    /// The point the tile rests at and springs back to.
    @inlinable public var origin: Vector { frame.center }

    /// Moment of inertia of a solid box about its center: `m (w² + h²) / 12`.
    @inlinable var moment: Double { mass * (frame.width * frame.width + frame.height * frame.height) / 12 }

    /// The point of the tile nearest `p` (tile coordinates: relative to the center,
    /// unrotated): `p` itself when it lies on the tile.
    @inlinable func nearestPoint(toLocal p: Vector) -> Vector {
        let hw = frame.width / 2, hh = frame.height / 2
        return Vector(min(max(p.x, -hw), hw), min(max(p.y, -hh), hh))
    }

    /// Throws unless every number is finite and within the backends' ranges, the center included (the
    /// backends place the body there).
    public func validate() throws(FlingError) {
        try Check.coordinate(Vector(frame.x, frame.y), "TileDefinition(\(id.rawValue)).frame.origin")
        try Check.coordinate(frame.center, "TileDefinition(\(id.rawValue)).frame.center")
        try Check.positive(frame.width, "TileDefinition(\(id.rawValue)).frame.width")
        try Check.positive(frame.height, "TileDefinition(\(id.rawValue)).frame.height")
        try Check.range(frame.width, Limits.size, "TileDefinition(\(id.rawValue)).frame.width")
        try Check.range(frame.height, Limits.size, "TileDefinition(\(id.rawValue)).frame.height")
        try Check.positive(mass, "TileDefinition(\(id.rawValue)).mass")
        try Check.range(mass, Limits.mass, "TileDefinition(\(id.rawValue)).mass")
        if let properties { try DynamicsSettings.validate(properties: properties, "TileDefinition(\(id.rawValue)).properties") }
    }
}
