// The snap policy's settings, apart from the kernel's (``DragSettings``, its `drag` member):
// the release projection, what counts as a tap, how the scale moves (a spring or keyframes, one
// member, as a snap item's own motion is) and settling. A snap animator has no viewport, so it
// refuses the viewport's edges as walls (``DynamicsSettings/translatesReferenceBoundsIntoBoundary``).
import FlingCore
import FlingCurves

/// The snap animator's physics and touch rules: the kernel's settings (``drag``) and the snap
/// policy's. Part of a snap trace. Solver iterations are the backend's.
public struct SnapConfiguration: Hashable, Sendable {
    /// The kernel's settings: tick, frame clamp, drag limits (as the tile animator's defaults).
    public var drag = DragSettings()
    /// The release projection's deceleration rate per millisecond (`SnapProjection`).
    /// Default UIKit's normal rate, 0.998.
    public var decelerationRate: Double = SnapProjection.normal
    /// A touch lifted within this distance of where it went down (points) and within
    /// ``tapDuration`` counts as a press. Defaults 10 pt and 0.3 s.
    public var tapSlop: Double = 10
    public var tapDuration: Double = 0.3
    /// How an item's scale goes to a new target (pressed, or back to 1): on a spring
    /// (``SnapItem/Motion/spring(_:)``, started with the scale's own speed), or by SKBounceAnimation's
    /// keyframes of a scale transform (``SnapItem/Motion/keyframes(_:)``; its first frame left out, as
    /// the library does for transforms) from the old target to the new one, as the ChatHeads
    /// demo bounces a touched head (0.2 s, the library's defaults). Default a spring of response
    /// 0.3 s, damping fraction 0.5 (a bounce).
    public var scaleMotion: SnapItem.Motion = .spring(SnapConfiguration.defaultScaleSpring)
    /// When a springing item is home: within `distance` and slower than `speed` for `ticks`
    /// ticks (items never turn: their angle and spin are exactly 0). Then it is placed exactly
    /// on its target.
    public var settle = SettleThresholds(distance: 0.5, speed: 10, angle: 0, angularSpeed: 0, ticks: 6)
    /// Walls, the items' default material and damping, and fields: what every item's world
    /// gets while it moves. Items collide with walls as their bounding box (a circle's too).
    /// Default none.
    public var dynamics = DynamicsSettings()

    public init() {}

    /// The largest spring frequency an item's spring (and the scale spring) may have at `tick`:
    /// `0.25 / tick` (`ω·tick ≤ π/2`, inside the backends' stable `ω·tick ≤ 1.9`).
    static func maxSpringFrequency(tick: Double) -> Double { 0.25 / tick }

    /// The default scale spring: response 0.3 s, damping fraction 0.5.
    static let defaultScaleSpring = SpringTuning(frequency: 1 / 0.3, dampingRatio: 0.5)

    /// The spring the scale rests on between keyframe runs: ``scaleMotion``'s, or with keyframes
    /// the default one (a run ends on its target, at rest, so it never moves the scale then).
    var scaleSpring: SpringTuning {
        if case .spring(let tuning) = scaleMotion { tuning } else { Self.defaultScaleSpring }
    }

    /// Throws unless every field is finite and in range (`DragSettings/validate(_:)` for
    /// ``drag``).
    public func validate() throws(FlingError) {
        try drag.validate("SnapConfiguration.drag")
        guard drag.fingersPerItem == 1 else {
            throw FlingError(
                .outOfRange, field: "SnapConfiguration.drag.fingersPerItem", value: "\(drag.fingersPerItem)",
                reason: "a snap item is held at its center by one finger: must be 1")
        }
        try Check.range(decelerationRate, 0...0.9999, "SnapConfiguration.decelerationRate")
        try Check.range(tapSlop, 0...Limits.coordinate, "SnapConfiguration.tapSlop")
        try Check.range(tapDuration, 0...10, "SnapConfiguration.tapDuration")
        switch scaleMotion {
        case .spring(let tuning):
            try tuning.validate(maxFrequency: Self.maxSpringFrequency(tick: drag.tick), "SnapConfiguration.scaleMotion.spring")
        case .keyframes(let curve): try curve.validate()
        }
        try settle.validate("SnapConfiguration.settle")
        guard !dynamics.translatesReferenceBoundsIntoBoundary else {
            throw FlingError(
                .outOfRange, field: "SnapConfiguration.dynamics.translatesReferenceBoundsIntoBoundary", value: "true",
                reason: "a snap animator has no viewport whose edges could be walls: must be false (give the edges in walls)")
        }
        try dynamics.validate("SnapConfiguration.dynamics")
    }
}
