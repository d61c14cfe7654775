#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#elseif canImport(ucrt)
import ucrt
#endif

/// The elementary functions every part of Fling calls, from the platform's C math library.
///
/// Chipmunk calls `cos`, `sin`, `exp` and `pow` from the same library, so the native solver
/// must too for its results to match Chipmunk's bit for bit. Routing every call through here
/// keeps that promise in one place.
package enum PlatformFunctions {
    @inlinable package static func cos(_ x: Double) -> Double { _cos(x) }
    @inlinable package static func sin(_ x: Double) -> Double { _sin(x) }
    @inlinable package static func exp(_ x: Double) -> Double { _exp(x) }
    @inlinable package static func pow(_ x: Double, _ y: Double) -> Double { _pow(x, y) }
    @inlinable package static func floor(_ x: Double) -> Double { x.rounded(.down) }
}

@usableFromInline func _cos(_ x: Double) -> Double { cos(x) }
@usableFromInline func _sin(_ x: Double) -> Double { sin(x) }
@usableFromInline func _exp(_ x: Double) -> Double { exp(x) }
@usableFromInline func _pow(_ x: Double, _ y: Double) -> Double { pow(x, y) }
