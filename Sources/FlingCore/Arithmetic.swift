// The portable functions are a module of their own (a product a user can depend on alone);
// everything that imports FlingCore sees them too.
@_exported import FlingMath

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
public enum Arithmetic: String, Hashable, Sendable, CaseIterable {
    case platform, portable
    var description: String { rawValue }
}

/// The elementary functions a solver step calls, as static methods, so that a step written
/// once is specialized for each kind of arithmetic (no call through a function pointer).
package protocol ArithmeticFunctions {
    static func sin(_ x: Double) -> Double
    static func cos(_ x: Double) -> Double
    static func exp(_ x: Double) -> Double
    static func pow(_ x: Double, _ y: Double) -> Double
    /// `cos[k] = cos(angles[k])`, `sin[k] = sin(angles[k])` for `k < count`: element for
    /// element the bits of ``cos(_:)`` and ``sin(_:)``, computed for many angles at once (in
    /// SIMD lanes where an implementation can). `cos` and `sin` hold at least `count` elements.
    static func cosSin(
        _ angles: UnsafePointer<Double>, _ cos: UnsafeMutablePointer<Double>, _ sin: UnsafeMutablePointer<Double>,
        _ count: Int)
}

extension ArithmeticFunctions {
    /// One angle after another (none for a count of 0 or less).
    @inlinable
    package static func cosSin(
        _ angles: UnsafePointer<Double>, _ cos: UnsafeMutablePointer<Double>, _ sin: UnsafeMutablePointer<Double>,
        _ count: Int
    ) {
        for k in 0..<max(0, count) {
            cos[k] = Self.cos(angles[k])
            sin[k] = Self.sin(angles[k])
        }
    }
}

extension PlatformFunctions: ArithmeticFunctions {}
extension Portable: ArithmeticFunctions {
    /// Four angles at a time in SIMD lanes (`Portable.sincos(_:)` of a `SIMD4<Double>`), the
    /// last few one at a time: every element has the bits of ``cos(_:)`` and ``sin(_:)``,
    /// which the scalar `sincos` shares.
    @inlinable
    package static func cosSin(
        _ angles: UnsafePointer<Double>, _ cos: UnsafeMutablePointer<Double>, _ sin: UnsafeMutablePointer<Double>,
        _ count: Int
    ) {
        var k = 0
        while k + 4 <= count {
            let (s, c) = sincos(UnsafeRawPointer(angles + k).loadUnaligned(as: SIMD4<Double>.self))
            UnsafeMutableRawPointer(cos + k).storeBytes(of: c, as: SIMD4<Double>.self)
            UnsafeMutableRawPointer(sin + k).storeBytes(of: s, as: SIMD4<Double>.self)
            k += 4
        }
        while k < count {
            (sin[k], cos[k]) = sincos(angles[k])
            k += 1
        }
    }
}
