// The tile policy's settings, apart from the kernel's (``DragSettings``, its `drag` member):
// gravity, the springs home, the release rule, settling and culling; and the dynamics every
// tile's world gets (``DynamicsSettings``, with the viewport's edges as walls on request) with
// the rule that lets a falling tile inside walls come to rest where it lies.
import FlingCore

/// The rule that decides, when a finger lets go of a tile, whether the tile springs back to
/// its origin (`true`) or falls away under gravity (`false`).
public enum ReleaseRule: Hashable, Sendable {
    /// Attract when the tile's center, projected `lookahead` seconds ahead at the release
    /// velocity, lies within `radius` points of its origin. The default:
    /// `lookahead` 0.15 s, `radius` 100 pt.
    case projectedDistance(lookahead: Double, radius: Double)
    /// Always spring back.
    case alwaysAttract
    /// Always fall.
    case alwaysFall
    /// Attract when the tile's center lies less than `radius` from where it was when the first
    /// finger of the hold went down, and its kinetic energy as released (Chipmunk's
    /// `m v·v + I ω²`, ``TileRelease/kineticEnergy``) is below `maxKineticEnergy` (We Heart
    /// Pics: 40 pt and 500,000).
    case nearGrab(radius: Double, maxKineticEnergy: Double)

    /// Whether a tile released as `release` says goes back to its origin.
    @inlinable public func attracts(_ release: TileRelease) -> Bool {
        switch self {
        case .alwaysAttract: return true
        case .alwaysFall: return false
        case .projectedDistance(let lookahead, let radius):
            return (release.center + release.velocity * lookahead - release.origin).length <= radius
        case .nearGrab(let radius, let maxKineticEnergy):
            return (release.center - release.holdStart).length < radius && release.kineticEnergy < maxKineticEnergy
        }
    }

    /// Whether a tile at `center` moving at `velocity` goes back to `origin`: ``attracts(_:)``
    /// for a tile of unit mass, without spin, whose hold began at its origin.
    @inlinable public func attracts(center: Vector, velocity: Vector, origin: Vector) -> Bool {
        attracts(TileRelease(center: center, velocity: velocity, origin: origin, holdStart: origin))
    }
}

/// Everything that shapes a tile's motion: the kernel's settings (``drag``: tick, frame clamp,
/// drag limits) and the tile policy's. Part of a trace, so that a replay runs the same physics.
/// Solver iterations are the backend's (``PhysicsBackend/solverIterations``).
public struct TileConfiguration: Hashable, Sendable {
    /// The kernel's settings: tick, frame clamp, drag limits.
    public var drag = DragSettings()
    /// Gravity on a held or falling tile, in points per second squared; y grows downward.
    /// An attracted tile feels none, so that it comes to rest exactly at its origin.
    /// Default (0, 2000).
    public var gravity: Vector = Vector(0, 2000)
    /// The spring that pulls a released tile's center back to its origin: its frequency sets
    /// the spring's stiffness; its damping ratio sets the world's isotropic velocity damping
    /// while attracted (see ``TileAnimator``). Default 2.5 Hz, damping ratio 0.55 (one soft
    /// overshoot).
    public var attraction = SpringTuning(frequency: 2.5, dampingRatio: 0.55)
    /// The rotary spring that turns a released tile back to angle 0. The world damping of
    /// ``attraction`` slows the spin as well. Default 2.5 Hz, damping ratio 0.7.
    public var rotation = SpringTuning(frequency: 2.5, dampingRatio: 0.7)
    /// Attract or fall. Default `.projectedDistance(lookahead: 0.15, radius: 100)`.
    public var releaseRule: ReleaseRule = .projectedDistance(lookahead: 0.15, radius: 100)
    /// When an attracted tile is home.
    public var settle = SettleThresholds()
    /// How far outside the viewport a tile's rotated bounds must lie before it is culled,
    /// in points. Default 20.
    public var cullMargin: Double = 20
    /// The velocity a tile is released with. Default ``ReleaseVelocity/tracker``.
    public var releaseVelocity: ReleaseVelocity = .tracker
    /// What pulls an attracted tile home. Default ``HomeAttachment/spring`` (``attraction`` and
    /// ``rotation``).
    public var home: HomeAttachment = .spring
    /// When an attracted tile counts as home. Default ``SettleRule/thresholds`` (``settle``).
    public var settleRule: SettleRule = .thresholds
    /// When a falling tile is culled. Default ``CullRule/outsideViewport`` (``cullMargin``).
    public var cullRule: CullRule = .outsideViewport
    /// How far from a tile, in points, a touch that lies on none still takes the nearest one
    /// (`ChipmunkMultiGrab`'s `grabRadius`: within less than this distance; the drag joint then
    /// holds the tile's nearest point). A touch on tiles takes the topmost. Default 0: only a
    /// touch on a tile takes it.
    public var grabRadius: Double = 0
    /// A tile whose last finger lifts (not cancelled) with its center less than this distance,
    /// in points, from where it was when the hold began, and that goes home, is reported
    /// ``TileEventKind/tapped`` after its release (We Heart Pics: 5). Default nil: no taps.
    public var tapDistance: Double? = nil
    /// The viewport's edges as walls, as UIKit's `translatesReferenceBoundsIntoBoundary`
    /// makes the reference view's bounds: a thrown tile bounces off the screen's edges instead
    /// of falling out (and comes to rest where it lies, ``rest``). The edges are
    /// ``Wall/edges(of:radius:elasticity:friction:)`` of the viewport, before
    /// ``DynamicsSettings/walls``. Default false.
    public var translatesReferenceBoundsIntoBoundary = false
    /// Walls, the tiles' default material and damping, and fields: what every tile's world
    /// gets while it moves. Default none.
    public var dynamics = DynamicsSettings()
    /// When a falling tile inside walls has come to rest (it can no longer leave the viewport
    /// to be culled): it is left where it lies, its world freed (``TilePhase/lying``). Applies
    /// only when the tiles have walls.
    public var rest = RestThresholds()

    public init() {}

    /// The walls of every tile's world in `viewport`: its edges (if asked) then the given ones.
    public func walls(in viewport: Rect) -> [Wall] {
        (translatesReferenceBoundsIntoBoundary ? Wall.edges(of: viewport) : []) + dynamics.walls
    }

    /// The largest spring frequency a tile's springs may have at `tick`: `0.3 / tick` (18 Hz at
    /// 60 Hz; a SwiftUI response down to 3⅓ ticks, 0.056 s). The explicit spring impulse is
    /// stable only while `ω·tick < 2`, and the backends keep a 5 % margin (`ω·tick ≤ 1.9`, see
    /// SpringStability); 0.3/tick is `ω·tick = 1.885`.
    package static func maxSpringFrequency(tick: Double) -> Double { 0.3 / tick }

    /// Throws unless every field is finite and in range (``DragSettings/validate(_:)`` for
    /// ``drag``; spring frequencies up to `0.3 / tick`).
    public func validate() throws(FlingError) {
        try drag.validate("TileConfiguration.drag")
        try Check.range(gravity.x, -Limits.gravity...Limits.gravity, "TileConfiguration.gravity.x")
        try Check.range(gravity.y, -Limits.gravity...Limits.gravity, "TileConfiguration.gravity.y")
        let maxFrequency = Self.maxSpringFrequency(tick: drag.tick)
        try attraction.validate(maxFrequency: maxFrequency, "TileConfiguration.attraction")
        try rotation.validate(maxFrequency: maxFrequency, "TileConfiguration.rotation")
        switch releaseRule {
        case .projectedDistance(let lookahead, let radius):
            try Check.range(lookahead, 0...10, "TileConfiguration.releaseRule.lookahead")
            try Check.range(radius, 0...Limits.coordinate, "TileConfiguration.releaseRule.radius")
        case .nearGrab(let radius, let energy):
            try Check.range(radius, 0...Limits.coordinate, "TileConfiguration.releaseRule.radius")
            try Check.range(energy, 0...1e300, "TileConfiguration.releaseRule.maxKineticEnergy")
        case .alwaysAttract, .alwaysFall: break
        }
        try settle.validate("TileConfiguration.settle")
        try Check.range(cullMargin, 0...Limits.coordinate, "TileConfiguration.cullMargin")
        if case .pivots(let offsets, let maxForce, let maxBias, let errorBias) = home {
            guard (1...Limits.joints).contains(offsets.count) else {
                throw FlingError(
                    .outOfRange, field: "TileConfiguration.home.offsets", value: "\(offsets.count) offsets",
                    reason: "must be 1...\(Limits.joints)")
            }
            for (n, offset) in offsets.enumerated() {
                try Check.range(offset.x, -Limits.coordinate...Limits.coordinate, "TileConfiguration.home.offsets[\(n)].x")
                try Check.range(offset.y, -Limits.coordinate...Limits.coordinate, "TileConfiguration.home.offsets[\(n)].y")
            }
            try Check.range(maxForce, 0...Limits.jointForce, "TileConfiguration.home.maxForce")
            try BackendCheck.limit(maxBias, "TileConfiguration.home.maxBias")
            try Check.range(errorBias, 1e-300...1, "TileConfiguration.home.errorBias")
        }
        if case .kineticEnergy(let energy) = settleRule {
            try Check.range(energy, 0...1e300, "TileConfiguration.settleRule.atMost")
        }
        if case .below(let y) = cullRule { try Check.range(y, -Limits.coordinate...Limits.coordinate, "TileConfiguration.cullRule.y") }
        try Check.range(grabRadius, 0...Limits.coordinate, "TileConfiguration.grabRadius")
        if let tapDistance { try Check.range(tapDistance, 0...Limits.coordinate, "TileConfiguration.tapDistance") }
        try dynamics.validate("TileConfiguration.dynamics", reserving: translatesReferenceBoundsIntoBoundary ? 4 : 0)
        try rest.validate("TileConfiguration.rest")
    }
}

/// When a falling tile inside walls has come to rest: its speed and spin under these for
/// `ticks` ticks in a row. Then it lies where it is, its world freed.
public struct RestThresholds: Hashable, Sendable {
    /// Speed, in points per second. Default 10.
    public var speed: Double = 10
    /// Absolute angular speed, in radians per second. Default 0.05.
    public var angularSpeed: Double = 0.05
    /// Consecutive ticks under both. Default 15 (a quarter of a second at the default tick:
    /// longer than a bounce spends slow at its top).
    public var ticks: Int = 15

    public init() {}
    public init(speed: Double, angularSpeed: Double, ticks: Int) {
        self.speed = speed; self.angularSpeed = angularSpeed; self.ticks = ticks
    }

    /// Throws unless every threshold is finite and in range; `field` names the thresholds.
    func validate(_ field: String) throws(FlingError) {
        try Check.range(speed, 0...Limits.velocity, "\(field).speed")
        try Check.range(angularSpeed, 0...1e6, "\(field).angularSpeed")
        guard (1...1_000_000).contains(ticks) else {
            throw FlingError(.outOfRange, field: "\(field).ticks", value: "\(ticks)", reason: "must lie in 1...1000000")
        }
    }

    /// Whether `state` is still.
    @inline(__always)
    func isStill(_ state: BodyState) -> Bool {
        state.velocity.length <= speed && abs(state.angularVelocity) <= angularSpeed
    }
}
