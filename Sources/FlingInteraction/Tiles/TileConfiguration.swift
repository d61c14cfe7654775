// The tile policy's settings, apart from the kernel's (``DragSettings``, its `drag` member):
// gravity, the springs home, the release rule, settling and culling.
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
    /// When an attracted tile counts as home. Default ``RestRule/thresholds`` (``settle``).
    public var restRule: RestRule = .thresholds
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

    public init() {}

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
            try BackendCheck.limit(maxForce, "TileConfiguration.home.maxForce")
            try BackendCheck.limit(maxBias, "TileConfiguration.home.maxBias")
            try Check.range(errorBias, 1e-300...1, "TileConfiguration.home.errorBias")
        }
        if case .kineticEnergy(let energy) = restRule {
            try Check.range(energy, 0...1e300, "TileConfiguration.restRule.atMost")
        }
        if case .below(let y) = cullRule { try Check.range(y, -Limits.coordinate...Limits.coordinate, "TileConfiguration.cullRule.y") }
        try Check.range(grabRadius, 0...Limits.coordinate, "TileConfiguration.grabRadius")
        if let tapDistance { try Check.range(tapDistance, 0...Limits.coordinate, "TileConfiguration.tapDistance") }
    }
}

@available(
    *, deprecated, renamed: "TileConfiguration",
    message: "tick, maxFrameInterval and the drag limits are in `drag`; solverIterations is the backend's"
)
public typealias EngineConfiguration = TileConfiguration
