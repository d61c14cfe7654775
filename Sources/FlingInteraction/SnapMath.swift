import FlingCore

/// The one place the snap animator and its scenes call transcendental functions: Fling's
/// portable ones (``Portable``), so that a snap scene gives the same bits on every machine.
enum SnapMath {
    static func cos(_ x: Double) -> Double { Portable.cos(x) }
    static func sin(_ x: Double) -> Double { Portable.sin(x) }
    static func exp(_ x: Double) -> Double { Portable.exp(x) }
    static func pow(_ x: Double, _ y: Double) -> Double { Portable.pow(x, y) }
    /// `log₂ x = ln x / ln 2`.
    static func log2(_ x: Double) -> Double { Portable.log(x) / Portable.log(2) }
}
