/// Which elementary functions a computation uses: the determinism level it promises.
///
/// - ``platform``: the platform's C math library (`sin`, `cos`, `exp`, `pow`), called exactly
///   where Chipmunk calls it, so the native backend equals the Chipmunk backend bit for bit
///   **on the same machine**. Other machines (another libm, or glibc on a CPU without FMA)
///   give other bits.
/// - ``portable``: Fling's own functions (``Portable``), built from IEEE 754 operations every
///   platform rounds alike: the same bits **on every machine**, OS, CPU and build.
///
/// Everything above the backends (animators, release rules, springs' constants, scenes,
/// paths) always uses portable arithmetic; only the native backend's step can choose.
public enum Arithmetic: String, Hashable, Sendable, CaseIterable, CustomStringConvertible {
    case platform, portable
    public var description: String { rawValue }
}

/// The elementary functions a solver step calls, as static methods, so that a step written
/// once is specialized for each kind of arithmetic (no call through a function pointer).
public protocol ElementaryFunctions {
    static func sin(_ x: Double) -> Double
    static func cos(_ x: Double) -> Double
    static func exp(_ x: Double) -> Double
    static func pow(_ x: Double, _ y: Double) -> Double
}

extension Elementary: ElementaryFunctions {}
extension Portable: ElementaryFunctions {}
