// The tile policy's rules besides the release rule (TileConfiguration.swift): what a released
// tile keeps, what pulls it home, when it stops (home, or at rest inside walls) and when it is
// culled; each with its own numbers in it, and its own check. Each default is what Fling did
// before these rules existed; the other cases are We Heart Pics' (its code, `PAStackPicView.m`,
// read in docs/ORIGINALS.md), stated as general rules.
//
// Rest (a falling tile inside walls lying where it stopped) is a member of the settle rule,
// beside the rule for home: it answers the same question for the other moving phase (has the
// tile stopped, so that its world goes?), with the same counter of still ticks, after the same
// step. It is a member rather than part of a case because it holds whichever rule takes a tile
// home: We Heart Pics' kinetic energy is checked only going home, as the app checks it.
import FlingCore
import FlingCurves

extension TileConfiguration {
    /// The velocity a tile is released with, when its last finger lifts.
    public enum ReleaseVelocity: String, Hashable, Sendable, CaseIterable {
        /// The velocity tracker's estimate of the finger's velocity (its spin kept). The default.
        case tracker
        /// The velocity and spin the tile's body has: nothing is set (We Heart Pics, which tracks no
        /// velocity: its multi-grab's joints move the body, and release only removes them).
        case body
    }

    /// What pulls an attracted tile home.
    public enum HomeAttachment: Hashable, Sendable {
        /// Fling's: a damped spring pulls the tile's center to its origin and a damped rotary
        /// spring turns it back to angle 0, with gravity off. `attraction`'s frequency sets the
        /// spring's stiffness (`m ω²`) and its damping ratio the world's isotropic velocity damping
        /// while attracted (`exp(-2ζω)` per second, see ``TileAnimator``), which slows the spin as
        /// well; `rotation`'s sets the rotary spring's stiffness (`I ω²`) and damping (`2 I ζ ω`).
        /// The default, `.springs()`: 2.5 Hz, damping ratio 0.55 (one soft overshoot), and 2.5 Hz,
        /// 0.7. It overshoots as far as its damping ratio lets it.
        case springs(
            attraction: SpringTuning = SpringTuning(frequency: 2.5, dampingRatio: 0.55),
            rotation: SpringTuning = SpringTuning(frequency: 2.5, dampingRatio: 0.7))
        /// Pivot joints (``StaticPivot``) from the world's static body at `origin + offset` to the
        /// tile's point `offset` (tile coordinates), one per offset, with Chipmunk's `maxForce`,
        /// `maxBias` and `errorBias`; gravity stays on (the joints hold the tile against it). Two
        /// offsets hold the angle too. Rigid joints (``rigidPivots(_:)``) close a fraction
        /// `1 − errorBias^tick` of the error each tick and never pass home (We Heart Pics: two, at
        /// (−10, −10) and (10, 10)).
        case pivots(offsets: [Vector], maxForce: Double, maxBias: Double, errorBias: Double)

        /// Rigid pivots at `offsets`, as Chipmunk makes them by default but for the force, which is
        /// `Limits/jointForce` (every joint's cap; Chipmunk's is unlimited): unlimited bias,
        /// Chipmunk's default error bias (`chipmunkDefaultErrorBias`).
        public static func rigidPivots(_ offsets: [Vector]) -> TileConfiguration.HomeAttachment {
            .pivots(offsets: offsets, maxForce: Limits.jointForce, maxBias: .infinity, errorBias: chipmunkDefaultErrorBias)
        }

        /// Throws unless every number is finite and in range: the springs' frequencies up to
        /// `maxFrequency`; 1 to ``Limits/joints`` pivots within the coordinate range. `field` names
        /// the attachment (`TileConfiguration.home`).
        func validate(maxFrequency: Double, _ field: String) throws(FlingError) {
            switch self {
            case .springs(let attraction, let rotation):
                try attraction.validate(maxFrequency: maxFrequency, "\(field).attraction")
                try rotation.validate(maxFrequency: maxFrequency, "\(field).rotation")
            case .pivots(let offsets, let maxForce, let maxBias, let errorBias):
                guard (1...Limits.joints).contains(offsets.count) else {
                    throw FlingError(
                        .outOfRange, field: "\(field).offsets", value: "\(offsets.count) offsets", reason: "must be 1...\(Limits.joints)")
                }
                for (n, offset) in offsets.enumerated() {
                    try Check.range(offset.x, -Limits.coordinate...Limits.coordinate, "\(field).offsets[\(n)].x")
                    try Check.range(offset.y, -Limits.coordinate...Limits.coordinate, "\(field).offsets[\(n)].y")
                }
                try Check.range(maxForce, 0...Limits.jointForce, "\(field).maxForce")
                try BackendValidation.limit(maxBias, "\(field).maxBias")
                try Check.range(errorBias, 1e-300...1, "\(field).errorBias")
            }
        }
    }

    /// When a moving tile stops and its world is freed: a tile going home settles exactly on its
    /// origin at angle 0 (``home``, ``TileEvent/Kind/settled``); a falling tile inside walls, which
    /// can no longer leave the viewport to be culled, lies where it came to rest (``rest``,
    /// ``TileEvent/Kind/cameToRest``, ``TilePhase/lying``). A tile under a continuous push does
    /// neither.
    public struct SettleRule: Hashable, Sendable {
        /// When a tile going home is home. Default ``Home/thresholds(_:)`` with
        /// ``SettleThresholds/init()``.
        public var home: Home
        /// When a falling tile inside walls has come to rest; only when the tiles have walls.
        /// Default ``TileConfiguration/RestThresholds/init()``.
        public var rest: TileConfiguration.RestThresholds

        public init(
            home: Home = .thresholds(SettleThresholds()), rest: TileConfiguration.RestThresholds = TileConfiguration.RestThresholds()
        ) {
            self.home = home
            self.rest = rest
        }

        /// When a tile going home counts as home.
        public enum Home: Hashable, Sendable {
            /// Offset, speed, angle and spin all under these for their number of ticks in a row.
            /// The default.
            case thresholds(SettleThresholds)
            /// Its kinetic energy (Chipmunk's, `BodyState.kineticEnergy(mass:moment:)`) at most
            /// `atMost` after a tick (We Heart Pics: 1e-4).
            case kineticEnergy(atMost: Double)
        }

        /// Throws unless every threshold is finite and in range; `field` names the rule
        /// (`TileConfiguration.settle`).
        func validate(_ field: String) throws(FlingError) {
            switch home {
            case .thresholds(let thresholds): try thresholds.validate("\(field).home")
            case .kineticEnergy(let energy): try Check.range(energy, 0...1e300, "\(field).home.atMost")
            }
            try rest.validate("\(field).rest")
        }
    }

    /// When a moving tile leaves for good (``TileEvent/Kind/culled``).
    public enum CullRule: Hashable, Sendable {
        /// When a falling tile's rotated bounds lie wholly outside the viewport grown by `margin`
        /// points. The default, with a margin of 20.
        case outsideViewport(margin: Double = 20)
        /// When its center's y is greater than `y` (y grows downward: below a line; We Heart Pics:
        /// 1000, in the coordinates of the view the photos move in), whatever it is doing: falling,
        /// going home or held (its fingers then hold nothing), as the app checks it every frame.
        case below(y: Double)

        /// Throws unless the margin or the line is finite and in range; `field` names the rule
        /// (`TileConfiguration.cull`).
        func validate(_ field: String) throws(FlingError) {
            switch self {
            case .outsideViewport(let margin): try Check.range(margin, 0...Limits.coordinate, "\(field).margin")
            case .below(let y): try Check.range(y, -Limits.coordinate...Limits.coordinate, "\(field).y")
            }
        }
    }
}

/// What the release rule knows when a tile's last finger lifts.
@usableFromInline struct TileRelease: Hashable, Sendable {
    /// The tile's center and the velocity and spin it is released with.
    @usableFromInline var center: Vector
    @usableFromInline var velocity: Vector
    @usableFromInline var angularVelocity: Double
    /// Its origin, and where its center was when the first finger of the hold went down.
    @usableFromInline var origin: Vector
    @usableFromInline var holdStart: Vector
    /// Its mass and moment of inertia.
    @usableFromInline var mass: Double
    @usableFromInline var moment: Double

    @usableFromInline init(
        center: Vector, velocity: Vector, angularVelocity: Double = 0, origin: Vector, holdStart: Vector, mass: Double = 1,
        moment: Double = 0
    ) {
        self.center = center; self.velocity = velocity; self.angularVelocity = angularVelocity
        self.origin = origin; self.holdStart = holdStart; self.mass = mass; self.moment = moment
    }

    /// Chipmunk's kinetic energy of the tile as released, `m v·v + I ω²`.
    @inlinable var kineticEnergy: Double {
        BodyState(position: center, velocity: velocity, angularVelocity: angularVelocity).kineticEnergy(mass: mass, moment: moment)
    }
}

extension BodyState {
    /// Chipmunk's kinetic energy (`cpBodyKineticEnergy`): `m v·v + I ω²`, without the ½ of the
    /// textbook's (so twice the physical energy), each term 0 when its speed is 0 whatever the
    /// mass or moment. The numbers We Heart Pics compares with (500,000 and 1e-4) are in
    /// these units.
    @inlinable func kineticEnergy(mass: Double, moment: Double) -> Double {
        let vsq = velocity.x * velocity.x + velocity.y * velocity.y
        let wsq = angularVelocity * angularVelocity
        return (vsq != 0 ? vsq * mass : 0) + (wsq != 0 ? wsq * moment : 0)
    }
}
