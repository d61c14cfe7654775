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

    /// Whether a tile at `center` moving at `velocity` goes back to `origin`.
    @inlinable public func attracts(center: Vector, velocity: Vector, origin: Vector) -> Bool {
        switch self {
        case .alwaysAttract: return true
        case .alwaysFall: return false
        case .projectedDistance(let lookahead, let radius):
            return (center + velocity * lookahead - origin).length <= radius
        }
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
        case .alwaysAttract, .alwaysFall: break
        }
        try settle.validate("TileConfiguration.settle")
        try Check.range(cullMargin, 0...Limits.coordinate, "TileConfiguration.cullMargin")
    }
}

@available(
    *, deprecated, renamed: "TileConfiguration",
    message: "tick, maxFrameInterval and the drag limits are in `drag`; solverIterations is the backend's"
)
public typealias EngineConfiguration = TileConfiguration
