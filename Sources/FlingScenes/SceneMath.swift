import FlingCore

/// The transcendental functions the scenes use, in one place: always Fling's portable ones,
/// so a scene's samples have the same bits on every machine.
enum SceneMath {
    static func exp(_ x: Double) -> Double { Portable.exp(x) }
    static func cos(_ x: Double) -> Double { Portable.cos(x) }
    static func sin(_ x: Double) -> Double { Portable.sin(x) }
}
