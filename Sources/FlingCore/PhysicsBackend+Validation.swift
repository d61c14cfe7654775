// The argument checks of `PhysicsBackend`, public for backends written outside this package:
// a backend of one's own refuses exactly what the built-in ones refuse (`BackendCheck` holds
// the checks once; these forward to it).

extension WorldDefinition {
    /// Throws what every backend's ``PhysicsBackend/makeWorld(_:)`` throws for this
    /// definition: mass within `Limits/mass`, moment within `Limits/moment`, a coordinate
    /// position, an angle within ±10⁶ rad, gravity within `Limits/gravity`, a size within
    /// `Limits/size`.
    public func validate() throws(FlingError) { try BackendCheck.definition(self) }
}

extension DragJoint {
    /// Throws what every backend's ``PhysicsBackend/addDrag(_:to:)`` throws for this joint
    /// before it looks at the body (its leverage against the body is the backend's check).
    package func validate() throws(FlingError) {
        try BackendCheck.drag(self)
        try BackendCheck.friction(self)
    }
}

extension Attraction {
    /// Throws what every backend's ``PhysicsBackend/attachAttraction(_:to:)`` throws for these
    /// springs.
    package func validate() throws(FlingError) { try BackendCheck.attraction(self) }
}

extension FlingError {
    /// The error every backend throws for a ``WorldID`` that is not one of its live worlds.
    public static func unknownWorld(_ world: WorldID) -> FlingError { BackendCheck.unknownWorld(world) }
}
