/// A force field, as UIKit's `UIFieldBehavior` names them: a region around a position and a
/// function of the item's position, velocity, mass and charge that gives a force.
///
/// Both backends apply fields in the item's velocity update by the same Swift code
/// (`Motion`), so they give the same bits; that code always uses Fling's portable functions
/// (``Portable``), so a field's force is the same on every machine whatever the backend.
///
/// With `d = p − position` the item's center relative to the field, `r = |d|`, `m` its mass,
/// `q` its charge, `v` its velocity and `s` the strength, the force is the kind's (see
/// ``Kind``) times the falloff factor `φ = 1 / max(r, minimumRadius, 10⁻³)^falloff` (1 when
/// `falloff` is 0), where the item's center lies in the region (or outside it, `inverted`),
/// and 0 elsewhere. UIKit documents `falloff` as the exponent of the decay with distance and
/// `minimumRadius` as the distance below which it stops growing; the 10⁻³ pt floor is
/// Fling's, so that no force is infinite. Offsets and velocities enter clamped to ±10¹²,
/// so every force is finite.
public struct Field: Hashable, Sendable {
    /// What the field does. Positive strengths act as UIKit's do where Apple says; the rest
    /// is Fling's choice, stated per kind. "Toward" and "turns" are on the screen (y down).
    public enum Kind: Hashable, Sendable {
        /// `F = m·s·direction·φ`: an acceleration `s·direction` in pt/s².
        case linearGravity(direction: Vector)
        /// `F = −m·s·(d/r)·φ`: toward the position, 0 at it. With falloff 2, inverse-square.
        case radialGravity
        /// `F = −s·d·φ`: a spring of stiffness `s` to the position (mass-independent force).
        case spring
        /// `F = −s·v·φ`: resists motion in proportion to speed.
        case drag
        /// `F = m·s·(target − v)·φ`: drives the velocity toward `target` at rate `s` per second.
        case velocity(target: Vector)
        /// `F = m·s·(d.y, −d.x)·φ`: around the position, counter-clockwise on screen (y down)
        /// for positive strength, in proportion to the mass and the distance (UIKit's words).
        case vortex
        /// `F = s·N(d, t)·φ`: seeded value noise `N`, each component in [−1, 1), smooth over
        /// `16·64^smoothness` points and changing `animationSpeed` lattice steps per second.
        case noise(smoothness: Double, animationSpeed: Double)
        /// `F = s·|v|·N(d, t)·φ`: noise in proportion to speed.
        case turbulence(smoothness: Double, animationSpeed: Double)
        /// `F = q·s·(d/r)·φ`: like charges (q·s > 0) repel.
        case electric
        /// `F = q·s·(v.y, −v.x)·φ`: the Lorentz force `q·v × B` of a field out of the screen,
        /// turning a positive charge counter-clockwise on screen for positive strength (UIKit's
        /// words).
        case magnetic
    }

    /// Where a field acts, centred on its position.
    public enum Region: Hashable, Sendable {
        case everywhere
        /// `|d.x| ≤ width/2` and `|d.y| ≤ height/2`.
        case rectangle(width: Double, height: Double)
        /// `d·d ≤ radius²`.
        case circle(radius: Double)
    }

    public var kind: Kind
    /// The field's center, in world points.
    public var position: Vector
    public var region: Region
    /// Acts outside the region instead (UIKit's `UIRegion.inverse()`).
    public var inverted: Bool
    public var strength: Double
    public var falloff: Double
    public var minimumRadius: Double
    /// The noise's seed (noise and turbulence): the same seed, the same field, everywhere.
    public var seed: UInt64

    public init(
        _ kind: Kind, position: Vector = .zero, region: Region = .everywhere, inverted: Bool = false,
        strength: Double = 1, falloff: Double = 0, minimumRadius: Double = 0, seed: UInt64 = 0
    ) {
        self.kind = kind
        self.position = position
        self.region = region
        self.inverted = inverted
        self.strength = strength
        self.falloff = falloff
        self.minimumRadius = minimumRadius
        self.seed = seed
    }

    var description: String {
        "field \(kind) at \(position) in \(inverted ? "not " : "")\(region) strength \(strength) falloff \(falloff) min radius \(minimumRadius)"
    }
}
