/// An item's material and damping, as UIKit's `UIDynamicItemBehavior` names them.
///
/// The defaults are UIKit's: no bounce, no friction, no resistance, no charge. Density and
/// `allowsRotation` shape the body itself and are part of its ``WorldDefinition``.
public struct ItemProperties: Hashable, Sendable {
    /// Restitution against walls, 0...1; a contact's is the product with
    /// the wall's (Chipmunk's `cpShape.e`).
    public var elasticity: Double
    /// Coulomb friction against walls, 0...10⁶; a contact's is the product with
    /// the wall's (Chipmunk's `cpShape.u`).
    public var friction: Double
    /// Linear resistance `r`, per second, 0...10³⁰⁰: each step multiplies the
    /// velocity (after forces and gravity) by `1 / (1 + r·dt)`, so with no forces
    /// `v(t) ≈ v₀·e^(−r·t)` (exactly `v₀·(1 + r·dt)^(−n)` after `n` steps). Box2D's linear
    /// damping; UIKit's `resistance` (0 = none, large = complete damping).
    public var resistance: Double
    /// Angular resistance, per second, applied to the spin as ``resistance`` is to the velocity.
    public var angularResistance: Double
    /// Electric charge, ±10⁶: what electric and magnetic fields act on.
    public var charge: Double

    public init(
        elasticity: Double = 0, friction: Double = 0, resistance: Double = 0, angularResistance: Double = 0,
        charge: Double = 0
    ) {
        self.elasticity = elasticity
        self.friction = friction
        self.resistance = resistance
        self.angularResistance = angularResistance
        self.charge = charge
    }

    var description: String {
        "e \(elasticity) u \(friction) resistance \(resistance) angular \(angularResistance) charge \(charge)"
    }
}
