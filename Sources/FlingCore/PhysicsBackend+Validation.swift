// The argument checks of `PhysicsBackend`, public for backends written outside this package:
// a backend of one's own refuses exactly what the built-in ones refuse (`BackendValidation` holds
// the checks once; these forward to it). The checks that need the body (a drag's leverage, the
// springs' stability and the rotary spring's need of a body that turns) take the world's
// definition, and compute the inverse mass and moment as both backends hold them.

extension WorldDefinition {
    /// Throws what every backend's ``PhysicsBackend/makeWorld(_:)`` throws for this
    /// definition: mass within 10⁻⁶...10⁶, a positive moment within 10⁻²⁰...10²⁰, a
    /// position within ±10⁷ points, an angle within ±10⁶ rad, gravity within ±10⁷ points per
    /// second squared, a size (if any) within 10⁻³...10⁶ points.
    public func validate() throws(FlingError) { try BackendValidation.definition(self) }

    /// `1/mass` and `1/moment` as the built-in backends hold them (`1/moment` is 0 for a body
    /// that cannot rotate).
    var inverses: (mass: Double, moment: Double) { (1.0 / mass, 1.0 / (allowsRotation ? moment : .infinity)) }
}

extension DragJoint {
    /// Throws what every backend's ``PhysicsBackend/addDrag(_:to:)`` throws for this joint on a
    /// world made from `body`: an anchor within ±10⁷ points, a finger within ±10⁷ points, a
    /// `maxForce` within 0...10¹⁸ and positive, an `errorBias` within 10⁻³⁰⁰...1, grab
    /// frictions within 0...10¹⁸, and the anchor near enough the center for the body's mass
    /// and moment (`|anchor|²·mass/moment` at most 10⁶: farther, the joint's effective mass is
    /// lost to rounding).
    public func validate(for body: WorldDefinition) throws(FlingError) {
        try BackendValidation.drag(self)
        try BackendValidation.friction(self)
        let (m, i) = body.inverses
        try BackendValidation.leverage(self, massInverse: m, momentInverse: i)
    }
}

extension Attraction {
    /// Throws what every backend's ``PhysicsBackend/attachAttraction(_:to:)`` throws for these
    /// springs on a world made from `body` (besides the rule that springs and joints never
    /// share a world): an origin within ±10⁷ points, stiffnesses and dampings within
    /// 0...10³⁰⁰, springs stable at the shortest step (``longestStableStep(for:)`` at least
    /// 10⁻⁴ s), and a body that can rotate (the rotary spring turns it).
    public func validate(for body: WorldDefinition) throws(FlingError) {
        try BackendValidation.attraction(self)
        let (m, i) = body.inverses
        try BackendValidation.stable(self, massInverse: m, momentInverse: i)
        try BackendValidation.rotates(i, "attachAttraction")
    }

    /// The longest step these springs integrate stably on a world made from `body`: `1.9/ω`
    /// for the stiffer spring, `ω² = stiffness/mass` or `angularStiffness/moment` (+∞ for
    /// springs of no stiffness). A backend refuses a ``PhysicsBackend/step(by:)`` longer than
    /// this for any world holding the springs (`outOfRange`, field `step.dt`), stepping
    /// nothing: the built-in backends' spring impulse is explicit, and a longer step would
    /// make its oscillation grow until it overflows.
    public func longestStableStep(for body: WorldDefinition) -> Double {
        let (m, i) = body.inverses
        return longestStableStep(massInverse: m, momentInverse: i)
    }

    /// ``longestStableStep(for:)`` on a body with these inverse mass and moment (the bound the
    /// backends keep per world: _FlingSolver's `SpringStability`).
    package func longestStableStep(massInverse: Double, momentInverse: Double) -> Double {
        let omega2 = max(stiffness * massInverse, angularStiffness * momentInverse)
        return omega2 > 0 ? 1.9 / omega2.squareRoot() : .infinity
    }
}

extension FlingError {
    /// The error every backend throws for a ``WorldID`` that is not one of its live worlds.
    public static func unknownWorld(_ world: WorldID) -> FlingError { BackendValidation.unknownWorld(world) }
}
