// The tile policy's settings, apart from the kernel's (``DragSettings``, its `drag` member), one
// member per concern, so that no setting is read only when another says so: the release rule,
// the way home (springs with their tunings, or pivots, in one enum), settling (home, or at rest
// inside walls: TileRules.swift says why rest belongs there), culling with its margin or line,
// and the dynamics every tile's world gets (``DynamicsSettings``, the viewport's edges as walls
// among them, as UIKit's `UICollisionBehavior` holds its `translatesReferenceBoundsIntoBoundary`
// beside its boundaries). Each concern validates itself, once; the configuration calls each.
import FlingCore

extension TileConfiguration {
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
        /// `m v·v + I ω²`, `TileRelease/kineticEnergy`) is below `maxKineticEnergy` (We Heart
        /// Pics: 40 pt and 500,000).
        case nearGrab(radius: Double, maxKineticEnergy: Double)

        /// Whether a tile released as `release` says goes back to its origin.
        @inlinable func attracts(_ release: TileRelease) -> Bool {
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
        @inlinable func attracts(center: Vector, velocity: Vector, origin: Vector) -> Bool {
            attracts(TileRelease(center: center, velocity: velocity, origin: origin, holdStart: origin))
        }
    }
}

/// Everything that shapes a tile's motion, one member per concern: the kernel's settings
/// (``drag``: tick, frame clamp, drag limits), gravity, the release (``releaseRule``,
/// ``releaseVelocity``), the way home (``home``), when a moving tile stops (``settle``) and when
/// it leaves (``cull``), grabs and taps, and the dynamics every tile's world gets (``dynamics``,
/// the viewport's edges as walls among them). Part of a trace, so that a replay runs the same
/// physics. Solver iterations are the backend's (``PhysicsBackend/solverIterations``).
public struct TileConfiguration: Hashable, Sendable {
    /// The kernel's settings: tick, frame clamp, drag limits.
    public var drag = DragSettings()
    /// Gravity on a held or falling tile, in points per second squared; y grows downward.
    /// A tile going home on springs feels none, so that it comes to rest exactly at its origin.
    /// Default (0, 2000).
    public var gravity: Vector = Vector(0, 2000)
    /// Attract or fall. Default `.projectedDistance(lookahead: 0.15, radius: 100)`.
    public var releaseRule: TileConfiguration.ReleaseRule = .projectedDistance(lookahead: 0.15, radius: 100)
    /// The velocity a tile is released with. Default ``TileConfiguration/ReleaseVelocity/tracker``.
    public var releaseVelocity: TileConfiguration.ReleaseVelocity = .tracker
    /// What pulls an attracted tile home: Fling's springs with their tunings, or pivot joints.
    /// Default ``TileConfiguration/HomeAttachment/springs(attraction:rotation:)`` with its defaults (2.5 Hz,
    /// damping ratio 0.55; 2.5 Hz, 0.7).
    public var home: TileConfiguration.HomeAttachment = .springs()
    /// When a moving tile stops and its world is freed: home (``TileConfiguration/SettleRule/home``) or, inside
    /// walls, where it lies (``TileConfiguration/SettleRule/rest``). Default ``TileConfiguration/SettleRule/init(home:rest:)``.
    public var settle = TileConfiguration.SettleRule()
    /// When a moving tile leaves for good. Default `.outsideViewport(margin: 20)`.
    public var cull: TileConfiguration.CullRule = .outsideViewport(margin: 20)
    /// How far from a tile, in points, a touch that lies on none still takes the nearest one
    /// (`ChipmunkMultiGrab`'s `grabRadius`: within less than this distance; the drag joint then
    /// holds the tile's nearest point). A touch on tiles takes the topmost. Default 0: only a
    /// touch on a tile takes it.
    public var grabRadius: Double = 0
    /// A tile whose last finger lifts (not cancelled) with its center less than this distance,
    /// in points, from where it was when the hold began, and that goes home, is reported
    /// ``TileEvent/Kind/tapped`` after its release (We Heart Pics: 5). Default nil: no taps.
    public var tapDistance: Double? = nil
    /// Walls (the viewport's edges among them, ``DynamicsSettings/translatesReferenceBoundsIntoBoundary``),
    /// the tiles' default material and damping, and fields: what every tile's world gets while
    /// it moves. Default none.
    public var dynamics = DynamicsSettings()

    public init() {}

    /// The largest spring frequency a tile's springs may have at `tick`: `0.3 / tick` (18 Hz at
    /// 60 Hz; a SwiftUI response down to 3⅓ ticks, 0.056 s). The explicit spring impulse is
    /// stable only while `ω·tick < 2`, and the backends keep a 5 % margin (`ω·tick ≤ 1.9`, see
    /// SpringStability); 0.3/tick is `ω·tick = 1.885`.
    static func maxSpringFrequency(tick: Double) -> Double { 0.3 / tick }

    /// Throws unless every field is finite and in range (`DragSettings/validate(_:)` for
    /// ``drag``; spring frequencies up to `0.3 / tick`). An error's field is the member's path,
    /// `TileConfiguration.home.attraction.frequency`, `TileConfiguration.settle.rest.ticks`.
    public func validate() throws(FlingError) {
        try drag.validate("TileConfiguration.drag")
        try Check.range(gravity.x, -Limits.gravity...Limits.gravity, "TileConfiguration.gravity.x")
        try Check.range(gravity.y, -Limits.gravity...Limits.gravity, "TileConfiguration.gravity.y")
        switch releaseRule {
        case .projectedDistance(let lookahead, let radius):
            try Check.range(lookahead, 0...10, "TileConfiguration.releaseRule.lookahead")
            try Check.range(radius, 0...Limits.coordinate, "TileConfiguration.releaseRule.radius")
        case .nearGrab(let radius, let energy):
            try Check.range(radius, 0...Limits.coordinate, "TileConfiguration.releaseRule.radius")
            try Check.range(energy, 0...1e300, "TileConfiguration.releaseRule.maxKineticEnergy")
        case .alwaysAttract, .alwaysFall: break
        }
        try home.validate(maxFrequency: Self.maxSpringFrequency(tick: drag.tick), "TileConfiguration.home")
        try settle.validate("TileConfiguration.settle")
        try cull.validate("TileConfiguration.cull")
        try Check.range(grabRadius, 0...Limits.coordinate, "TileConfiguration.grabRadius")
        if let tapDistance { try Check.range(tapDistance, 0...Limits.coordinate, "TileConfiguration.tapDistance") }
        try dynamics.validate("TileConfiguration.dynamics")
    }
}

extension TileConfiguration {
    /// When a falling tile inside walls has come to rest (``TileConfiguration/SettleRule/rest``): its speed and spin
    /// under these for `ticks` ticks in a row, and it lies in no wall deeper than the collision slop
    /// and 10⁻³ pt (the contacts' position correction done; docs/DYNAMICS.md, "At rest where it
    /// lies"), or, for a tile that cannot fit its room (a side at least the room's smaller
    /// side), still for ten times `ticks`. Then it lies where it is, its world freed.
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
}
