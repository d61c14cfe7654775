// Settings by concern: what the drag kernel needs (the clock and the drag joint), shared by
// every interaction's configuration, apart from each policy's own settings. They are checked
// once, here, through the very checks the backends run on the joint they become
// (BackendCheck.drag), at both ends of the mass range, so that a configuration that validates
// never fails at a grab. Solver iterations are the backend's alone.
import FlingCore

/// The drag kernel's settings: the clock and the drag joint. Part of every interaction's
/// configuration (``TileConfiguration/drag``, ``SnapConfiguration/drag``).
public struct DragSettings: Hashable, Sendable {
    /// The fixed physics tick, in seconds, within ``Limits/tick``. Default 1/60.
    public var tick: Double = 1.0 / 60.0
    /// Longest display-frame interval the clock honours, in seconds (`tick...10`); a longer
    /// stall is clamped to it (the rest of the time is dropped, not simulated). Default 0.25.
    public var maxFrameInterval: Double = 0.25
    /// Greatest acceleration the drag joint may give an item, in points per second squared
    /// (`0 < x ≤ 10⁹`); the joint's force limit is this times the item's mass. Default 50,000.
    public var dragMaxAcceleration: Double = 50_000
    /// Fraction of the drag joint's position error left after one second (Chipmunk's
    /// `errorBias`), within `1e-300...1` as the backends take it. Default `pow(0.85, 60)`
    /// ≈ 5.8e-5, as the Chipmunk demos' mouse joint.
    public var dragErrorBias: Double = Portable.pow(0.85, 60)

    public init() {}

    /// Throws unless every field is finite and in range, and the drag joint these settings make
    /// for an item of any mass within ``Limits/mass`` passes the backends' own joint check.
    /// `owner` prefixes the error's field (`TileConfiguration.drag`).
    public func validate(_ owner: String = "DragSettings") throws(FlingError) {
        try Check.positive(tick, "\(owner).tick")
        try Check.range(tick, Limits.tick, "\(owner).tick")
        try Check.positive(maxFrameInterval, "\(owner).maxFrameInterval")
        try Check.range(maxFrameInterval, tick...10, "\(owner).maxFrameInterval")
        try Check.positive(dragMaxAcceleration, "\(owner).dragMaxAcceleration")
        try Check.range(dragMaxAcceleration, 0...1e9, "\(owner).dragMaxAcceleration")
        for mass in [Limits.mass.lowerBound, Limits.mass.upperBound] {
            let joint = DragJoint(localAnchor: .zero, finger: .zero, maxForce: dragMaxAcceleration * mass, errorBias: dragErrorBias)
            do { try BackendCheck.drag(joint) } catch {
                let field = error.field.hasSuffix("errorBias") ? "dragErrorBias" : "dragMaxAcceleration"
                throw FlingError(
                    error.code, field: "\(owner).\(field) (\(error.field), mass \(mass))", value: error.value, reason: error.reason)
            }
        }
    }
}

/// When a homing item counts as home: every quantity under its threshold for `ticks` ticks in a
/// row. Then it is placed exactly on its resting place.
public struct SettleThresholds: Hashable, Sendable {
    /// Distance from home, in points. Default 0.5.
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

    /// Throws unless every threshold is finite and in range; `field` names the thresholds.
    func validate(_ field: String) throws(FlingError) {
        try Check.range(distance, 0...Limits.coordinate, "\(field).distance")
        try Check.range(speed, 0...Limits.velocity, "\(field).speed")
        try Check.range(angle, 0...Double.pi, "\(field).angle")
        try Check.range(angularSpeed, 0...1e6, "\(field).angularSpeed")
        guard (1...1_000_000).contains(ticks) else {
            throw FlingError(.outOfRange, field: "\(field).ticks", value: "\(ticks)", reason: "must lie in 1...1000000")
        }
    }

    /// Whether `state` is home at `home` (an item that never turns has angle and spin exactly 0,
    /// under any angle thresholds).
    @inline(__always)
    func isHome(_ state: BodyState, at home: Vector) -> Bool {
        (state.position - home).length <= distance && state.velocity.length <= speed
            && abs(state.angle) <= angle && abs(state.angularVelocity) <= angularSpeed
    }
}

extension SpringTuning {
    /// Throws unless the frequency is positive and at most `maxFrequency` and the damping ratio
    /// lies in 0...100; `field` names the spring.
    func validate(maxFrequency: Double, _ field: String) throws(FlingError) {
        try Check.positive(frequency, "\(field).frequency")
        try Check.range(frequency, 0...maxFrequency, "\(field).frequency")
        try Check.range(dampingRatio, 0...100, "\(field).dampingRatio")
    }
}
