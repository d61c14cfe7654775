import FlingCore

/// The transcendental functions the scenes use, in one place (so that the arithmetic they
/// run on is chosen once).
enum SceneMath {
    static func exp(_ x: Double) -> Double { Elementary.exp(x) }
    static func cos(_ x: Double) -> Double { Elementary.cos(x) }
    static func sin(_ x: Double) -> Double { Elementary.sin(x) }
}
