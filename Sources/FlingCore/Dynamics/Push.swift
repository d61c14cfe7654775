/// A push on an item: a force (continuous) or an impulse (instantaneous), in world
/// coordinates, acting at an offset from the item's center (which turns the item), as
/// UIKit's `UIPushBehavior`.
///
/// Fling's units are the app's mass units and points: a continuous push is a force in
/// mass·pt/s², an instantaneous one an impulse in mass·pt/s. UIKit's are its own: "a
/// continuous force vector with a magnitude of 1.0, applied to a 100 × 100 point view whose
/// density is 1.0, accelerates it at 100 points/s²" (the UIKit Newton). With Fling's density
/// convention (``WorldDefinition/box(size:density:transform:gravity:allowsRotation:)``: a
/// 100 × 100 item of density 1 has mass 1) that is a force of 100 per unit of magnitude:
/// ``uikit(angle:magnitude:offset:)`` converts. An instantaneous push of magnitude 1 is the
/// same quantity applied as an impulse: the 100 × 100 view of density 1 gains 100 points/s.
public struct Push: Hashable, Sendable {
    /// The force or impulse, in world coordinates.
    public var vector: Vector
    /// Where it acts, relative to the item's center in the item's own coordinates (it turns
    /// with the item), in points. Zero pushes without turning.
    public var offset: Vector

    public init(_ vector: Vector, at offset: Vector = .zero) {
        self.vector = vector
        self.offset = offset
    }

    /// Fling's force (or impulse) per UIKit magnitude unit: 100 mass·pt/s² (see the type's notes).
    public static let uikitNewton: Double = 100

    /// UIKit's `angle` (radians, 0 along +x, π/2 along +y: down the screen) and `magnitude`,
    /// converted. The direction's sine and cosine are Fling's portable ones.
    public static func uikit(angle: Double, magnitude: Double, offset: Vector = .zero) -> Push {
        let s = Portable.sincos(angle)
        return Push(Vector(s.cos * magnitude * uikitNewton, s.sin * magnitude * uikitNewton), at: offset)
    }

    /// UIKit's `pushDirection`, a vector whose length is the magnitude, converted.
    public static func uikit(pushDirection: Vector, offset: Vector = .zero) -> Push {
        Push(Vector(pushDirection.x * uikitNewton, pushDirection.y * uikitNewton), at: offset)
    }

    var description: String { "push \(vector) at \(offset)" }
}

/// Names one continuous push of a world (``DynamicsBackend/addForce(_:to:)``).
public struct ForceID: Hashable, Sendable {
    /// The push's number in its world. A backend of one's own numbers them as it likes (the
    /// built-in ones from 0, in the order the world adds them).
    public var value: UInt32
    public init(_ value: UInt32) { self.value = value }
    var description: String { "force \(value)" }
}

/// Names one joint of a world added by ``PhysicsBackend/addDrag(_:to:)``,
/// ``DynamicsBackend/addPivot(_:to:)`` or ``DynamicsBackend/addGear(_:to:)``: numbered from 0
/// in the order the world makes them.
public struct JointID: Hashable, Sendable {
    /// The joint's number in its world: what a backend hands out from ``PhysicsBackend/addDrag(_:to:)``.
    public var value: UInt32
    public init(_ value: UInt32) { self.value = value }
    var description: String { "joint \(value)" }
}
