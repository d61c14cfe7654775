// Settings by concern: what the drag kernel needs (the clock and the drag joint), shared by
// every interaction's configuration, apart from each policy's own settings. They are checked
// once, here, through the very checks the backends run on the joint they become
// (BackendValidation.drag), at both ends of the mass range, so that a configuration that validates
// never fails at a grab. Solver iterations are the backend's alone.
//
// The grab options (several fingers per item, grab friction, finger smoothing) are Chipmunk's
// `ChipmunkMultiGrab`, which We Heart Pics grabs its photos with; each defaults to what Fling
// did before them, so a configuration that leaves them alone runs exactly as it did.
import FlingCore
import FlingCurves

/// The drag kernel's settings: the clock and the drag joint. Part of every interaction's
/// configuration (``TileConfiguration/drag``, ``SnapConfiguration/drag``).
public struct DragSettings: Hashable, Sendable {
    /// The fixed physics tick, in seconds, within `Limits/tick`. Default 1/60.
    public var tick: Double = 1.0 / 60.0
    /// Longest display-frame interval the clock honours, in seconds (`tick...10`); a longer
    /// stall is clamped to it (the rest of the time is dropped, not simulated). Default 0.25.
    public var maxDisplayFrameInterval: Double = 0.25
    /// Greatest acceleration the drag joint may give an item, in points per second squared
    /// (`0 < x ≤ 10⁹`); the joint's force limit is this times the item's mass (with
    /// ``forces`` `.absolute`, the force limit itself, whatever the mass). Default 50,000.
    public var dragMaxAcceleration: Double = 50_000
    /// Fraction of the drag joint's position error left after one second (Chipmunk's
    /// `errorBias`), within `1e-300...1` as the backends take it. Default `pow(0.85, 60)`
    /// ≈ 5.8e-5, as the Chipmunk demos' mouse joint.
    public var dragErrorBias: Double = Portable.pow(0.85, 60)
    /// How many touches may hold one item at once, each with its own finger body and drag joint
    /// (and grab friction), as `ChipmunkMultiGrab` makes one per touch; 1 to `Limits/joints` (16).
    /// The item is released when the last of them lifts. Default 1. A snap item takes one.
    public var fingersPerItem: Int = 1
    /// Grab friction (`ChipmunkMultiGrab`'s `grabFriction`), in points per second squared: while
    /// a finger holds an item, a second pivot from its finger body to the grabbed point with
    /// `maxBias` 0 resists the item's motion relative to the finger with a force of up to this
    /// times the item's mass (with ``forces`` `.absolute`, up to this), without pulling it anywhere. 0 (the default): none. At most
    /// `maxGrabFriction` (10¹², so that the heaviest item's joint stays within
    /// `Limits/jointForce`).
    public var grabFriction: Double = 0
    /// Rotary grab friction (`grabRotaryFriction`), per unit of mass: while a finger holds an
    /// item, a gear joint (phase 0, ratio 1, `maxBias` 0) from its finger body resists the
    /// item's spin with a torque of up to this times the item's mass (with ``forces``
    /// `.absolute`, up to this). 0 (the default): none.
    /// At most `maxGrabFriction`.
    public var grabRotaryFriction: Double = 0
    /// The largest grab friction and rotary grab friction: ``Limits/jointForce`` over the
    /// largest mass (``Limits/mass``), 10¹².
    @usableFromInline static let maxGrabFriction = Limits.jointForce / Limits.mass.upperBound
    /// How ``dragMaxAcceleration``, ``grabFriction`` and ``grabRotaryFriction`` become the
    /// joints' limits: per unit of the item's mass (the default) or as they are.
    public var forces: Forces = .perUnitMass

    /// How the drag settings' numbers become the joints' force and torque limits.
    public enum Forces: String, Hashable, Sendable, CaseIterable {
        /// Each times the item's mass: an acceleration the joint can give any item alike. The
        /// default.
        case perUnitMass
        /// Each is the force (the torque, for rotary friction) itself, whatever the item's
        /// mass, as `ChipmunkMultiGrab` takes its `grabForce`, `grabFriction` and
        /// `grabRotaryFriction` (We Heart Pics: 10⁵, 10⁴, 8,000): a heavier item follows the
        /// finger more slowly.
        case absolute
    }
    /// How the finger body follows its touch. nil (the default): Fling's finger, on the touch at
    /// every tick, moving at the speed that took it there. A value `s` in `0..<1`:
    /// `ChipmunkMultiGrab`'s finger, a kinematic body that each tick moves at the velocity it
    /// was given the tick before and is then given the velocity that closes all but `s^tick` of
    /// its distance to the touch (`s` is the fraction left after one second; We Heart Pics
    /// `0.3⁶⁰`). Every finger has a drag of its own either way (``PhysicsBackend/addDrag(_:to:)``).
    public var fingerSmoothing: Double? = nil
    /// Whether each release carries a prediction (``TileEvent/prediction``,
    /// ``SnapEvent/prediction``), and how far it looks: the ticks a released item's world is
    /// stepped ahead, on a copy, to find where it ends if nothing touches it again (1...36,000,
    /// 10 minutes at 60 Hz, a bound on the work one release can cost). nil (the default): none,
    /// and a tick without a release never pays for it. ``TileAnimator/predict(_:)`` looks this
    /// far, or ``defaultPredictionTicks`` when nil (an app that turns predictions on without a
    /// horizon of its own sets that).
    public var predictionTicks: Int? = nil
    /// The most ticks a prediction looks ahead (``predictionTicks``).
    static let maxPredictionTicks = 36_000
    /// How far ``TileAnimator/predict(_:)`` looks when ``predictionTicks`` is nil: 600 ticks,
    /// 10 seconds at 60 Hz.
    public static let defaultPredictionTicks = 600

    public init() {}

    /// Throws unless every field is finite and in range, and the drag joint these settings make
    /// for an item of any mass within ``Limits/mass`` passes the backends' own joint check.
    /// `owner` prefixes the error's field (`TileConfiguration.drag`).
    func validate(_ owner: String = "DragSettings") throws(FlingError) {
        try Check.positive(tick, "\(owner).tick")
        try Check.range(tick, Limits.tick, "\(owner).tick")
        try Check.positive(maxDisplayFrameInterval, "\(owner).maxDisplayFrameInterval")
        try Check.range(maxDisplayFrameInterval, tick...10, "\(owner).maxDisplayFrameInterval")
        try Check.positive(dragMaxAcceleration, "\(owner).dragMaxAcceleration")
        try Check.range(dragMaxAcceleration, 0...1e9, "\(owner).dragMaxAcceleration")
        guard (1...Limits.joints).contains(fingersPerItem) else {
            throw FlingError(
                .outOfRange, field: "\(owner).fingersPerItem", value: "\(fingersPerItem)", reason: "must lie in 1...\(Limits.joints)")
        }
        try Check.range(grabFriction, 0...Self.maxGrabFriction, "\(owner).grabFriction")
        try Check.range(grabRotaryFriction, 0...Self.maxGrabFriction, "\(owner).grabRotaryFriction")
        if let s = fingerSmoothing {
            try Check.range(s, 0...1, "\(owner).fingerSmoothing")
            guard s < 1 else {
                throw FlingError(.outOfRange, field: "\(owner).fingerSmoothing", value: "\(s)", reason: "must lie in 0..<1")
            }
        }
        if let n = predictionTicks, !(1...Self.maxPredictionTicks).contains(n) {
            throw FlingError(
                .outOfRange, field: "\(owner).predictionTicks", value: "\(n)", reason: "must lie in 1...\(Self.maxPredictionTicks)")
        }
        for mass in [Limits.mass.lowerBound, Limits.mass.upperBound] {
            let joint = self.joint(mass: mass, anchor: .zero, finger: .zero)
            do throws(FlingError) {
                try BackendValidation.drag(joint)
                try BackendValidation.friction(joint)
            } catch {
                let field =
                    error.field.hasSuffix("errorBias")
                    ? "dragErrorBias"
                    : error.field.hasSuffix("rotaryFriction")
                        ? "grabRotaryFriction" : error.field.hasSuffix("friction") ? "grabFriction" : "dragMaxAcceleration"
                throw FlingError(
                    error.code, field: "\(owner).\(field) (\(error.field), mass \(mass))", value: error.value, reason: error.reason)
            }
        }
    }

    /// The drag joint these settings make for an item of `mass`, holding its point `anchor`
    /// (body coordinates) from a finger body at `finger`.
    func joint(mass: Double, anchor: Vector, finger: Vector) -> DragJoint {
        guard forces == .perUnitMass else {
            return DragJoint(
                localAnchor: anchor, finger: finger, maxForce: dragMaxAcceleration, errorBias: dragErrorBias,
                friction: grabFriction, rotaryFriction: grabRotaryFriction)
        }
        return DragJoint(
            localAnchor: anchor, finger: finger, maxForce: dragMaxAcceleration * mass, errorBias: dragErrorBias,
            friction: grabFriction * mass, rotaryFriction: grabRotaryFriction * mass)
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
