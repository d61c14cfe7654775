// We Heart Pics' photo tile as a configuration of the tile policy, beside Fling's defaults: the
// numbers and rules of the article's app, read from its code (pavelpanov/PhysicsAnimation at
// a7af963, `PAPhysicsAnimation.m` and `PAStackPicView.m`; docs/ORIGINALS.md), each through a
// general option of the kernel or the tile policy. docs/TILES.md's settings table lists them beside
// Fling's defaults and says where each comes from; docs/ORIGINALS.md what still differs.
import FlingCore

extension TileConfiguration {
    /// We Heart Pics' photo tile (the app of the article Fling was made from), with tiles of
    /// mass 3 (``TileDefinition/weHeartPics(id:frame:)``):
    ///
    /// - gravity (0, 3000) pt/s²;
    /// - grabbed as `ChipmunkMultiGrab` grabs (grab force 1e5, smoothing 0.3⁶⁰, grab friction
    ///   1e4, rotary grab friction 8e3, grab radius 20, Chipmunk's default joint error bias),
    ///   every touch on a photo a finger of its own (up to 10); the forces are forces
    ///   (``DragSettings/Forces/absolute``), the same for a tile of any mass;
    /// - released with the velocity its body has, home when its center lies less than 40 pt from
    ///   where it was when the first finger went down and its kinetic energy (Chipmunk's, no ½)
    ///   is below 500,000; a tap when also less than 5 pt;
    /// - pulled home by two rigid pivot joints from the static body to its points (−10, −10) and
    ///   (10, 10), gravity on: no spring, no overshoot;
    /// - home when its kinetic energy is at most 1e-4 (going home: the app checks it only once a
    ///   release sent the photo home); gone once its center is below y = 1000, in any phase
    ///   (held, going home, falling), as the app checks it every frame.
    public static var weHeartPics: TileConfiguration {
        var c = TileConfiguration()
        c.drag.forces = .absolute
        c.drag.dragMaxAcceleration = 1e5
        c.drag.dragErrorBias = chipmunkDefaultErrorBias
        c.drag.fingersPerItem = 10
        c.drag.grabFriction = 1e4
        c.drag.grabRotaryFriction = 8e3
        c.drag.fingerSmoothing = Portable.pow(0.3, 60)
        c.gravity = Vector(0, 3000)
        c.releaseRule = .nearGrab(radius: 40, maxKineticEnergy: 500_000)
        c.releaseVelocity = .body
        c.home = .rigidPivots([Vector(-10, -10), Vector(10, 10)])
        c.settle.home = .kineticEnergy(atMost: 1e-4)
        c.cull = .below(y: 1000)
        c.grabRadius = 20
        c.tapDistance = 5
        return c
    }
}

extension TileDefinition {
    /// We Heart Pics' photo mass.
    static let weHeartPicsMass: Double = 3

    /// A tile of We Heart Pics' mass, 3, for ``TileConfiguration/weHeartPics``.
    public static func weHeartPics(id: TileID, frame: Rect) -> TileDefinition {
        TileDefinition(id: id, frame: frame, mass: weHeartPicsMass)
    }
}
