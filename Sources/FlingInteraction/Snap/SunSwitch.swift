// The Toonie alarm app's sun switch as a configuration of the snap policy: one knob on a
// horizontal axis with a rubber band, two resting places, and rules run after every tick (the
// toggle, the rays' angle and alpha, which go into the digest).
import FlingCore
import FlingCurves

extension SunSwitch {
    /// The Toonie alarm app's sun switch as a configuration of the ``SnapAnimator``: a knob on a
    /// horizontal track between an off position (left) and an on position (right).
    ///
    /// A tap on the knob or the track toggles. A pan drags the knob along the track, past either
    /// end with UIScrollView's rubber band `(1 − 1/(x·c/d + 1))·d` (`c` = ``rubberBand``, `d` the
    /// track length); the release picks the side nearer the projected position
    /// (`SnapProjection`), so a flick toward "on" switches even from near "off". While on, the
    /// sun's rays turn at ``raysAngularSpeed``; their alpha springs between 0 and 1
    /// (a scalar damped spring, stepped in the animator's tick).
    public struct Configuration: Hashable, Sendable {
        /// The knob's center when off and when on (same y), in points.
        public var offCenter: Vector
        public var onCenter: Vector
        /// The knob's diameter, in points. Default 44.
        public var knobDiameter: Double = 44
        /// The rubber-band coefficient `c`. Default 0.55 (UIScrollView's).
        public var rubberBand: Double = 0.55
        /// The knob's spring. Default SwiftUI response 0.4 s, damping fraction 0.7.
        public var spring = SpringTuning(frequency: 2.5, dampingRatio: 0.7)
        /// The rays' angular speed while on, in radians per second. Default π/4.
        public var raysAngularSpeed: Double = Double.pi / 4
        /// The rays' alpha spring. Default response 0.3 s, damping fraction 0.8.
        public var alphaSpring = SpringTuning(frequency: 1 / 0.3, dampingRatio: 0.8)

        public init(offCenter: Vector, onCenter: Vector) {
            self.offCenter = offCenter
            self.onCenter = onCenter
        }

        /// The track's frame: from the off to the on center, a knob high, plus half a knob each side.
        public var trackFrame: Rect {
            Rect(
                x: offCenter.x - knobDiameter / 2, y: offCenter.y - knobDiameter / 2,
                width: onCenter.x - offCenter.x + knobDiameter, height: knobDiameter)
        }
    }

    /// What the switch reports.
    public enum Event: Hashable, Sendable {
        /// The switch changed side (at a release or a tap), before tick `tick`.
        case toggled(on: Bool, tick: Int)
    }
}

/// One sun switch over a ``SnapAnimator``.
public final class SunSwitch {
    /// The configuration the switch was made with.
    public let configuration: SunSwitch.Configuration
    /// The snap animator the knob moves on (its `onTick` and `onEvent`, its snapshot), as
    /// ``ChatHeads/animator`` is the heads'.
    public let animator: SnapAnimator
    /// The knob's item id (1).
    let knob: SnapItem.ID = 1
    public private(set) var isOn: Bool
    /// The rays' angle, in radians (advancing while on), and their alpha (0 off, 1 on).
    public private(set) var raysAngle: Double = 0
    public var raysAlpha: Double { alpha.value }
    var alpha: ScalarSpring
    var ruleEvents: [SunSwitch.Event] = []

    public init(
        configuration: SunSwitch.Configuration, isOn: Bool = false, snap: SnapConfiguration = .init(),
        backend: any PhysicsBackend, timeOrigin: Double = 0
    ) throws(FlingError) {
        try Check.coordinate(configuration.offCenter, "SunSwitch.Configuration.offCenter")
        try Check.coordinate(configuration.onCenter, "SunSwitch.Configuration.onCenter")
        guard configuration.offCenter.y == configuration.onCenter.y, configuration.offCenter.x < configuration.onCenter.x else {
            throw FlingError(
                .malformedInput, field: "SunSwitch.Configuration.onCenter", value: "\(configuration.onCenter)",
                reason: "must lie right of offCenter at the same height")
        }
        try Check.range(configuration.raysAngularSpeed, -1e3...1e3, "SunSwitch.Configuration.raysAngularSpeed")
        try configuration.alphaSpring.validate(
            maxFrequency: SnapConfiguration.maxSpringFrequency(tick: snap.drag.tick), "SunSwitch.Configuration.alphaSpring")
        self.configuration = configuration
        self.isOn = isOn
        self.alpha = ScalarSpring(value: isOn ? 1 : 0)
        let c = configuration
        let item = SnapItem(
            id: 1, center: isOn ? c.onCenter : c.offCenter, width: c.knobDiameter, height: c.knobDiameter, shape: .circle,
            restingPlaces: .points([c.offCenter, c.onCenter]), motion: .spring(c.spring),
            axis: .horizontal(minX: c.offCenter.x, maxX: c.onCenter.x, y: c.offCenter.y, rubberBand: c.rubberBand))
        animator = try SnapAnimator(items: [item], configuration: snap, backend: backend, timeOrigin: timeOrigin)
        animator.sceneRules = self
    }

    /// The knob's center after the last tick.
    public var knobCenter: Vector { (try? animator.state(of: knob).state.position) ?? configuration.offCenter }

    public func handle(_ event: TouchEvent) throws(FlingError) { try animator.handle(event) }

    /// Advances the animator and returns the toggles of the ticks stepped.
    @discardableResult
    public func advance(to time: Double) throws(FlingError) -> [SunSwitch.Event] {
        ruleEvents.removeAll()
        try animator.advance(to: time)
        return ruleEvents
    }

    /// Takes `other`'s own state (on or off, the rays' angle and alpha), which an animator's
    /// snapshot does not hold: with ``SnapAnimator/restore(_:)`` of `other`'s animator's
    /// snapshot, this switch continues as `other` would.
    public func adoptState(of other: SunSwitch) {
        isOn = other.isOn
        raysAngle = other.raysAngle
        alpha = other.alpha
    }

    func set(_ on: Bool, tick k: Int) {
        guard on != isOn else { return }
        isOn = on
        ruleEvents.append(.toggled(on: on, tick: k))
    }
}

extension SunSwitch: SceneRules {
    /// The toggle at a release or a tap (a tap sends the knob across), then the rays: alpha
    /// springs toward the side, the angle turns while on (after this tick's toggles, a tick of
    /// `tick` seconds); both go into the digest.
    func afterTick(_ k: Int, events: ArraySlice<SnapEvent>, items: ItemTable<SnapPolicy>, commands: inout [SceneCommand<SnapPolicy>]) {
        let track = configuration.trackFrame
        for event in events {
            switch event.kind {
            case .released(_, _, let target):
                set(target == configuration.onCenter, tick: k)
            case .tapped(_, let at):
                guard event.item == knob || (at.x >= track.minX && at.x <= track.maxX && at.y >= track.minY && at.y <= track.maxY)
                else { continue }
                set(!isOn, tick: k)
                commands.append(.input(.send(knob, isOn ? configuration.onCenter : configuration.offCenter)))
            default: continue
            }
        }
        let dt = animator.settings.tick
        alpha.target = isOn ? 1 : 0
        alpha.step(by: dt, tuning: configuration.alphaSpring)
        if isOn { raysAngle = raysAngle + configuration.raysAngularSpeed * dt }
        commands.append(.digest(alpha.value))
        commands.append(.digest(raysAngle))
    }
}
