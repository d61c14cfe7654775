// A snap item as the app lays it out (the snap policy's item): its shape, where it may rest,
// how it travels there, and how a finger moves it.
import FlingCore
import FlingCurves

extension SnapItem {
    /// Identifies an item within one ``SnapAnimator``. Items are kept, stepped and hashed in id
    /// order; a ``TouchEvent`` names one by the same number (``TouchEvent/ItemID``).
    public typealias ID = Identifier<SnapItem>

    /// How a released item travels to its resting place, and how an item's scale goes to a new one
    /// (``SnapConfiguration/scaleMotion``).
    public enum Motion: Hashable, Sendable {
        /// A damped spring on the physics backend, started with the release velocity: a throw's
        /// momentum makes it overshoot more. In designers' terms: SwiftUI's
        /// `.spring(response:dampingFraction:)` is `SpringTuning(frequency: 1 / response,
        /// dampingRatio: dampingFraction)`; SwiftUI's `.spring(duration: d, bounce: b)` is
        /// `frequency = 1 / d`, `dampingRatio = 1 − b` (for `b ≥ 0`); a UIKit
        /// `usingSpringWithDamping` ratio is the damping ratio; Pop's/CASpringAnimation's
        /// `stiffness k`, `damping c`, `mass m` are `frequency = √(k/m) / 2π`,
        /// `dampingRatio = c / (2√(k m))`; `SpringTuning`'s own initializers say the same
        /// (`SpringTuning(response:dampingFraction:)`, `SpringTuning(duration:bounce:)`, …).
        case spring(SpringTuning)
        /// SKBounceAnimation's keyframe curve, each axis from the release position to the target;
        /// the release velocity is not used (the library's look, not physics). The two-step form
        /// (``BounceCurve/chatHeadsFirstBounce``) moves the point through its eased keyframes and
        /// rests on the last (whole points, for ChatHeads' first bounce).
        case keyframes(BounceCurve)
    }

    /// How a finger moves an item.
    public enum Axis: Hashable, Sendable {
        /// Anywhere, following the finger.
        case free
        /// Along a horizontal track at height `y`: the center follows the finger's x between
        /// `minX` and `maxX` and past them with UIScrollView's rubber band: an excess `x` beyond
        /// an end shows as `(1 − 1 / (x · c / d + 1)) · d`, `d = maxX − minX`, `c` = `rubberBand`
        /// (UIKit's 0.55).
        case horizontal(minX: Double, maxX: Double, y: Double, rubberBand: Double)

        /// UIScrollView's rubber band: `(1 − 1/(x·c/d + 1))·d` for an excess `x ≥ 0`.
        static func rubberBand(_ x: Double, coefficient c: Double, dimension d: Double) -> Double {
            (1 - 1 / (x * c / d + 1)) * d
        }

        /// Where the center goes for a finger that wants it at `p`.
        func constrain(_ p: Vector) -> Vector {
            switch self {
            case .free: return p
            case .horizontal(let minX, let maxX, let y, let c):
                let d = maxX - minX
                if p.x > maxX { return Vector(maxX + (d > 0 ? Self.rubberBand(p.x - maxX, coefficient: c, dimension: d) : 0), y) }
                if p.x < minX { return Vector(minX - (d > 0 ? Self.rubberBand(minX - p.x, coefficient: c, dimension: d) : 0), y) }
                return Vector(p.x, y)
            }
        }
    }

    /// The outline a touch hits.
    public enum Shape: Hashable, Sendable {
        case rectangle, circle
    }
}

/// A draggable item that snaps to resting places: a chat head, a switch's knob, a
/// picture-in-picture window.
public struct SnapItem: Hashable, Sendable, IdentifierTag {
    public static let noun = "item"

    public var id: SnapItem.ID
    /// Where it rests at the start, in points.
    public var center: Vector
    /// Width and height, in points (a circle's diameter is the width).
    public var width: Double
    public var height: Double
    public var shape: SnapItem.Shape
    /// Mass, in the app's mass units. Default 1. (A spring's motion does not depend on it.)
    public var mass: Double
    /// Where it may come to rest after a release.
    public var restingPlaces: SnapItem.RestingPlaces
    /// How it travels there. Default: SwiftUI's default spring (response 0.55 s, damping
    /// fraction 0.825): `SpringTuning(frequency: 1 / 0.55, dampingRatio: 0.825)`.
    public var motion: SnapItem.Motion
    /// How a finger moves it. Default ``SnapItem/Axis/free``.
    public var axis: SnapItem.Axis
    /// The scale it springs to while a finger holds it still (1 after release or the first
    /// move). Default 1 (no change); a chat head's is 0.9.
    public var pressedScale: Double
    /// Whether a touch can take it. Default true (a chat heads panel is not).
    public var isDraggable: Bool
    /// Its material and damping while it moves (UIKit's `UIDynamicItemBehavior`), or nil (the
    /// default) for the configuration's (``DynamicsSettings/itemProperties``).
    public var properties: ItemProperties?

    /// The default spring: SwiftUI's `.spring()` (response 0.55 s, damping fraction 0.825).
    @usableFromInline static let defaultSpring = SpringTuning(frequency: 1 / 0.55, dampingRatio: 0.825)

    public init(
        id: SnapItem.ID, center: Vector, width: Double, height: Double, shape: SnapItem.Shape = .rectangle,
        mass: Double = 1, restingPlaces: SnapItem.RestingPlaces, motion: SnapItem.Motion = .spring(SnapItem.defaultSpring),
        axis: SnapItem.Axis = .free, pressedScale: Double = 1, isDraggable: Bool = true, properties: ItemProperties? = nil
    ) {
        self.id = id
        self.center = center
        self.width = width
        self.height = height
        self.shape = shape
        self.mass = mass
        self.restingPlaces = restingPlaces
        self.motion = motion
        self.axis = axis
        self.pressedScale = pressedScale
        self.isDraggable = isDraggable
        self.properties = properties
    }

    /// Whether `point` lies on the item when its center is at `center`.
    func contains(_ point: Vector, center: Vector) -> Bool {
        let d = point - center
        switch shape {
        case .rectangle: return abs(d.x) <= width / 2 && abs(d.y) <= height / 2
        case .circle: return d.dot(d) <= (width / 2) * (width / 2)
        }
    }

    /// Throws unless every number is finite and in range; a spring's frequency is capped at
    /// `0.25 / tick` (``SnapConfiguration``'s cap).
    func validate(tick: Double) throws(FlingError) {
        let f = "SnapItem(\(id.rawValue))"
        try Check.coordinate(center, "\(f).center")
        try Check.range(width, Limits.size, "\(f).width")
        try Check.range(height, Limits.size, "\(f).height")
        try Check.range(mass, Limits.mass, "\(f).mass")
        try restingPlaces.validate("\(f).restingPlaces")
        switch motion {
        case .spring(let s): try s.validate(maxFrequency: SnapConfiguration.maxSpringFrequency(tick: tick), "\(f).motion.spring")
        case .keyframes(let curve): try curve.validate()
        }
        if case .horizontal(let minX, let maxX, let y, let c) = axis {
            try Check.coordinate(Vector(minX, y), "\(f).axis.minX")
            try Check.coordinate(Vector(maxX, y), "\(f).axis.maxX")
            guard minX <= maxX else {
                throw FlingError(.outOfRange, field: "\(f).axis.minX", value: "\(minX)", reason: "must not exceed maxX, \(maxX)")
            }
            try Check.range(c, 0...10, "\(f).axis.rubberBand")
        }
        try Check.range(pressedScale, 0.01...100, "\(f).pressedScale")
        if let properties { try DynamicsSettings.validate(properties: properties, "\(f).properties") }
    }
}
