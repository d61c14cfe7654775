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

/// When an attracted tile counts as home: every quantity under its threshold for
/// `ticks` ticks in a row. Then it is snapped exactly to its origin and angle 0.
public struct SettleThresholds: Hashable, Sendable {
    /// Distance from origin, in points. Default 0.5.
    public var distance: Double = 0.5
    /// Speed, in points per second. Default 10.
    public var speed: Double = 10
    /// Absolute angle, in radians. Default 0.005.
    public var angle: Double = 0.005
    /// Absolute angular speed, in radians per second. Default 0.05.
    public var angularSpeed: Double = 0.05
    /// Consecutive ticks under every threshold. Default 6 (0.1 s at the default tick).
    public var ticks: Int = 6

    public init() {}
    public init(distance: Double, speed: Double, angle: Double, angularSpeed: Double, ticks: Int) {
        self.distance = distance; self.speed = speed; self.angle = angle
        self.angularSpeed = angularSpeed; self.ticks = ticks
    }
}

/// Everything that shapes the motion. Part of a trace, so that a replay runs the same physics.
public struct EngineConfiguration: Hashable, Sendable {
    /// The fixed physics tick, in seconds. Default 1/60.
    public var tick: Double = 1.0 / 60.0
    /// Longest display-frame interval the clock honours, in seconds; a longer stall is
    /// clamped to it (the rest of the time is dropped, not simulated). Default 0.25.
    public var maxFrameInterval: Double = 0.25
    /// Gravity on a held or falling tile, in points per second squared; y grows downward.
    /// An attracted tile feels none, so that it comes to rest exactly at its origin.
    /// Default (0, 2000).
    public var gravity: Vector = Vector(0, 2000)
    /// Impulse-solver iterations per tick (Chipmunk's `iterations`). Default 10.
    public var solverIterations: Int = 10
    /// Greatest acceleration the drag joint may give a tile, in points per second squared;
    /// the joint's force limit is this times the tile's mass. Default 50,000.
    public var dragMaxAcceleration: Double = 50_000
    /// Fraction of the drag joint's position error left after one second (Chipmunk's
    /// `errorBias`). Default `pow(0.85, 60)` ≈ 5.9e-5, as the Chipmunk demos' mouse joint.
    public var dragErrorBias: Double = Portable.pow(0.85, 60)
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

    /// Throws unless every field is finite and in range. Spring frequencies are capped at
    /// `0.3 / tick` (18 Hz at 60 Hz; a SwiftUI response down to 3⅓ ticks, 0.056 s): the
    /// explicit spring impulse is stable only while `ω·tick < 2`, and the backends keep a 5 %
    /// margin (`ω·tick ≤ 1.9`, see SpringStability); 0.3/tick is `ω·tick = 1.885`.
    public func validate() throws(FlingError) {
        try Check.positive(tick, "EngineConfiguration.tick")
        try Check.range(tick, Limits.tick, "EngineConfiguration.tick")
        try Check.positive(maxFrameInterval, "EngineConfiguration.maxFrameInterval")
        try Check.range(maxFrameInterval, tick...10, "EngineConfiguration.maxFrameInterval")
        try Check.range(gravity.x, -Limits.gravity...Limits.gravity, "EngineConfiguration.gravity.x")
        try Check.range(gravity.y, -Limits.gravity...Limits.gravity, "EngineConfiguration.gravity.y")
        try BackendCheck.iterations(solverIterations, "EngineConfiguration.solverIterations")
        try Check.positive(dragMaxAcceleration, "EngineConfiguration.dragMaxAcceleration")
        try Check.range(dragMaxAcceleration, 0...1e9, "EngineConfiguration.dragMaxAcceleration")
        try Check.positive(dragErrorBias, "EngineConfiguration.dragErrorBias")
        try Check.range(dragErrorBias, 1e-300...1, "EngineConfiguration.dragErrorBias")  // as the backends accept
        let maxFrequency = 0.3 / tick
        for (spring, name) in [(attraction, "attraction"), (rotation, "rotation")] {
            try Check.positive(spring.frequency, "EngineConfiguration.\(name).frequency")
            try Check.range(spring.frequency, 0...maxFrequency, "EngineConfiguration.\(name).frequency")
            try Check.range(spring.dampingRatio, 0...100, "EngineConfiguration.\(name).dampingRatio")
        }
        switch releaseRule {
        case .projectedDistance(let lookahead, let radius):
            try Check.range(lookahead, 0...10, "EngineConfiguration.releaseRule.lookahead")
            try Check.range(radius, 0...Limits.coordinate, "EngineConfiguration.releaseRule.radius")
        case .alwaysAttract, .alwaysFall: break
        }
        try Check.range(settle.distance, 0...Limits.coordinate, "EngineConfiguration.settle.distance")
        try Check.range(settle.speed, 0...Limits.velocity, "EngineConfiguration.settle.speed")
        try Check.range(settle.angle, 0...Double.pi, "EngineConfiguration.settle.angle")
        try Check.range(settle.angularSpeed, 0...1e6, "EngineConfiguration.settle.angularSpeed")
        guard (1...1_000_000).contains(settle.ticks) else {
            throw FlingError(
                .outOfRange, field: "EngineConfiguration.settle.ticks",
                value: "\(settle.ticks)", reason: "must lie in 1...1000000")
        }
        try Check.range(cullMargin, 0...Limits.coordinate, "EngineConfiguration.cullMargin")
    }
}
