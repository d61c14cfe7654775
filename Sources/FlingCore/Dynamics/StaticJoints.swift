/// Joints from a world's static body to its item, Chipmunk's own: what We Heart Pics pins its
/// photos home with (two pivots) and what gives a grab its friction.

/// Chipmunk's default joint `errorBias`, `pow(1 - 0.1, 60)` with `1 - 0.1` in single precision
/// (`cpConstraintInit`), computed with Fling's portable `pow` so that it is the same number on
/// every machine (a test checks it equals the platform's, which Chipmunk uses, here).
@usableFromInline package let chipmunkDefaultErrorBias = Portable.pow(Double(Float(1) - Float(0.1)), 60)

/// A pivot joint (`cpPivotJoint`) from the world's static body at a fixed world point to a
/// point of the item: it holds that point of the item there (rigidly by default).
public struct StaticPivot: Hashable, Sendable {
    /// Where the item's point is held, in world points (anchor A, on the static body).
    public var anchor: Vector
    /// The item's point, relative to its center, unrotated (anchor B).
    public var localAnchor: Vector
    /// The largest force the joint applies (Chipmunk's `maxForce`), 0...10¹⁸
    /// (Chipmunk's default ∞ becomes Fling's largest, which acts the same but for runaways).
    public var maxForce: Double
    /// The fastest it corrects its error, in points per second (Chipmunk's `maxBias`), 0...∞.
    /// 0 makes it friction only: it resists motion up to `maxForce` but never pulls back.
    public var maxBias: Double
    /// Fraction of the error left after one second (Chipmunk's `errorBias`), in (0, 1].
    public var errorBias: Double

    public init(
        anchor: Vector, localAnchor: Vector, maxForce: Double = Limits.jointForce, maxBias: Double = .infinity,
        errorBias: Double = chipmunkDefaultErrorBias
    ) {
        self.anchor = anchor
        self.localAnchor = localAnchor
        self.maxForce = maxForce
        self.maxBias = maxBias
        self.errorBias = errorBias
    }

    var description: String { "pivot \(anchor) to \(localAnchor) max force \(maxForce) max bias \(maxBias)" }
}

/// A gear joint (`cpGearJoint`) from the world's static body (angle 0, at rest) to the item:
/// it holds `angle·ratio` at `phase`; with `maxBias` 0 it only resists turning (rotary
/// friction up to `maxForce`).
public struct StaticGear: Hashable, Sendable {
    /// The angle held at `angle·ratio`, in radians (within ±10⁶).
    public var phase: Double
    /// Non-zero, |ratio| within 10⁻³...10³.
    public var ratio: Double
    /// The largest torque, 0...10¹⁸.
    public var maxForce: Double
    /// The fastest correction, radians per second, 0...∞.
    public var maxBias: Double
    /// Fraction of the error left after one second (Chipmunk's `errorBias`), in (0, 1].
    public var errorBias: Double

    public init(
        phase: Double = 0, ratio: Double = 1, maxForce: Double = Limits.jointForce, maxBias: Double = .infinity,
        errorBias: Double = chipmunkDefaultErrorBias
    ) {
        self.phase = phase
        self.ratio = ratio
        self.maxForce = maxForce
        self.maxBias = maxBias
        self.errorBias = errorBias
    }

    var description: String { "gear phase \(phase) ratio \(ratio) max force \(maxForce) max bias \(maxBias)" }
}
