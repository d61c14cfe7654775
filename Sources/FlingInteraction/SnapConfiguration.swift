import FlingCore

/// The snap animator's physics and touch rules. Part of a snap trace.
public struct SnapConfiguration: Hashable, Sendable {
    /// The fixed physics tick, in seconds. Default 1/60.
    public var tick: Double = 1.0 / 60.0
    /// Longest display-frame interval honoured, in seconds. Default 0.25.
    public var maxFrameInterval: Double = 0.25
    /// Impulse-solver iterations per tick. Default 10.
    public var solverIterations: Int = 10
    /// Greatest acceleration of the drag joint, in points per second squared. Default 50,000.
    public var dragMaxAcceleration: Double = 50_000
    /// The drag joint's error bias. Default `0.85^60`, as the tile animator's.
    public var dragErrorBias: Double = Portable.pow(0.85, 60)
    /// The release projection's deceleration rate per millisecond (``SnapProjection``).
    /// Default UIKit's normal rate, 0.998.
    public var decelerationRate: Double = SnapProjection.normal
    /// A touch lifted within this distance of where it went down (points) and within
    /// ``tapDuration`` counts as a press. Defaults 10 pt and 0.3 s.
    public var tapSlop: Double = 10
    public var tapDuration: Double = 0.3
    /// The spring of an item's scale. Default response 0.3 s, damping fraction 0.5 (a bounce).
    public var scaleSpring = SpringTuning(frequency: 1 / 0.3, dampingRatio: 0.5)
    /// When a springing item is home: within `distance` and slower than `speed` for `ticks`
    /// ticks (the angle thresholds are unused: items never turn). Then it is placed exactly
    /// on its target.
    public var settle = SettleThresholds(distance: 0.5, speed: 10, angle: 0, angularSpeed: 0, ticks: 6)

    public init() {}

    public func validate() throws(FlingError) {
        try Check.positive(tick, "SnapConfiguration.tick")
        try Check.range(tick, Limits.tick, "SnapConfiguration.tick")
        try Check.range(maxFrameInterval, tick...10, "SnapConfiguration.maxFrameInterval")
        guard (1...100).contains(solverIterations) else {
            throw FlingError(
                .outOfRange, field: "SnapConfiguration.solverIterations", value: "\(solverIterations)",
                reason: "must lie in 1...100")
        }
        try Check.positive(dragMaxAcceleration, "SnapConfiguration.dragMaxAcceleration")
        try Check.range(dragMaxAcceleration, 0...1e9, "SnapConfiguration.dragMaxAcceleration")
        try Check.positive(dragErrorBias, "SnapConfiguration.dragErrorBias")
        try Check.range(dragErrorBias, 0...1, "SnapConfiguration.dragErrorBias")
        try Check.range(decelerationRate, 0...0.9999, "SnapConfiguration.decelerationRate")
        try Check.range(tapSlop, 0...Limits.coordinate, "SnapConfiguration.tapSlop")
        try Check.range(tapDuration, 0...10, "SnapConfiguration.tapDuration")
        try Check.positive(scaleSpring.frequency, "SnapConfiguration.scaleSpring.frequency")
        try Check.range(scaleSpring.frequency, 0...(0.25 / tick), "SnapConfiguration.scaleSpring.frequency")
        try Check.range(scaleSpring.dampingRatio, 0...100, "SnapConfiguration.scaleSpring.dampingRatio")
        try Check.range(settle.distance, 0...Limits.coordinate, "SnapConfiguration.settle.distance")
        try Check.range(settle.speed, 0...Limits.velocity, "SnapConfiguration.settle.speed")
        guard (1...1_000_000).contains(settle.ticks) else {
            throw FlingError(
                .outOfRange, field: "SnapConfiguration.settle.ticks", value: "\(settle.ticks)",
                reason: "must lie in 1...1000000")
        }
    }
}
