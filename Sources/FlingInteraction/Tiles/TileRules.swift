// The tile policy's rules besides the release rule (TileConfiguration.swift): what a released
// tile keeps, what pulls it home, when it rests and when it is culled. Each default is what
// Fling did before these rules existed; the other cases are We Heart Pics' (its code,
// `PAStackPicView.m`, read in docs/ORIGINALS.md), stated as general rules.
import FlingCore

/// The velocity a tile is released with, when its last finger lifts.
public enum ReleaseVelocity: String, Hashable, Sendable, CaseIterable {
    /// The velocity tracker's estimate of the finger's velocity (its spin kept). The default.
    case tracker
    /// The velocity and spin the tile's body has: nothing is set (We Heart Pics, which tracks no
    /// velocity: its multi-grab's joints move the body, and release only removes them).
    case body
}

/// What pulls an attracted tile home.
public enum HomeAttachment: Hashable, Sendable {
    /// Fling's: a damped spring toward the origin (``TileConfiguration/attraction``) and a damped
    /// rotary spring toward angle 0 (``TileConfiguration/rotation``), with gravity off. The
    /// default. It overshoots as far as its damping ratio lets it.
    case spring
    /// Pivot joints (``StaticPivot``) from the world's static body at `origin + offset` to the
    /// tile's point `offset` (tile coordinates), one per offset, with Chipmunk's `maxForce`,
    /// `maxBias` and `errorBias`; gravity stays on (the joints hold the tile against it). Two
    /// offsets hold the angle too. Rigid joints (``rigidPivots(_:)``) close a fraction
    /// `1 − errorBias^tick` of the error each tick and never pass home (We Heart Pics: two, at
    /// (−10, −10) and (10, 10)).
    case pivots(offsets: [Vector], maxForce: Double, maxBias: Double, errorBias: Double)

    /// Rigid pivots at `offsets`, as Chipmunk makes them by default but for the force, which is
    /// ``Limits/jointForce`` (every joint's cap; Chipmunk's is unlimited): unlimited bias,
    /// Chipmunk's default error bias (``chipmunkDefaultErrorBias``).
    public static func rigidPivots(_ offsets: [Vector]) -> HomeAttachment {
        .pivots(offsets: offsets, maxForce: Limits.jointForce, maxBias: .infinity, errorBias: chipmunkDefaultErrorBias)
    }
}

/// When an attracted tile counts as home (then it is placed exactly on its origin at angle 0
/// and its world freed).
public enum SettleRule: Hashable, Sendable {
    /// Offset, speed, angle and spin all under ``TileConfiguration/settle`` for its number of
    /// ticks in a row. The default.
    case thresholds
    /// Its kinetic energy (Chipmunk's, `BodyState.kineticEnergy(mass:moment:)`) at most `atMost`
    /// after a tick (We Heart Pics: 1e-4).
    case kineticEnergy(atMost: Double)
}

/// When a moving tile leaves for good (``TileEventKind/culled``).
public enum CullRule: Hashable, Sendable {
    /// When a falling tile's rotated bounds lie wholly outside the viewport grown by
    /// ``TileConfiguration/cullMargin``. The default.
    case outsideViewport
    /// When its center's y is greater than `y` (y grows downward: below a line; We Heart Pics:
    /// 1000, in the coordinates of the view the photos move in), whatever it is doing: falling,
    /// going home or held (its fingers then hold nothing), as the app checks it every frame.
    case below(y: Double)
}

/// What the release rule knows when a tile's last finger lifts.
public struct TileRelease: Hashable, Sendable {
    /// The tile's center and the velocity and spin it is released with.
    public var center: Vector
    public var velocity: Vector
    public var angularVelocity: Double
    /// Its origin, and where its center was when the first finger of the hold went down.
    public var origin: Vector
    public var holdStart: Vector
    /// Its mass and moment of inertia.
    public var mass: Double
    public var moment: Double

    public init(
        center: Vector, velocity: Vector, angularVelocity: Double = 0, origin: Vector, holdStart: Vector, mass: Double = 1,
        moment: Double = 0
    ) {
        self.center = center; self.velocity = velocity; self.angularVelocity = angularVelocity
        self.origin = origin; self.holdStart = holdStart; self.mass = mass; self.moment = moment
    }

    /// Chipmunk's kinetic energy of the tile as released, `m v·v + I ω²`.
    @inlinable public var kineticEnergy: Double {
        BodyState(position: center, velocity: velocity, angularVelocity: angularVelocity).kineticEnergy(mass: mass, moment: moment)
    }
}

extension BodyState {
    /// Chipmunk's kinetic energy (`cpBodyKineticEnergy`): `m v·v + I ω²`, without the ½ of the
    /// textbook's (so twice the physical energy), each term 0 when its speed is 0 whatever the
    /// mass or moment. The numbers We Heart Pics compares with (500,000 and 1e-4) are in
    /// these units.
    @inlinable public func kineticEnergy(mass: Double, moment: Double) -> Double {
        let vsq = velocity.x * velocity.x + velocity.y * velocity.y
        let wsq = angularVelocity * angularVelocity
        return (vsq != 0 ? vsq * mass : 0) + (wsq != 0 ? wsq * moment : 0)
    }
}
