#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#elseif canImport(ucrt)
import ucrt
#endif

/// The platform's C math library, which the portable functions are compared with, under names
/// apart from the tests' own `sin`, `log` … cases and from any module's: whichever C library
/// this platform has (glibc, musl, Apple's), never one named in the tests.
enum PlatformLibrary {
    static func sin(_ x: Double) -> Double { cSin(x) }
    static func cos(_ x: Double) -> Double { cCos(x) }
    static func exp(_ x: Double) -> Double { cExp(x) }
    static func log(_ x: Double) -> Double { cLog(x) }
    static func pow(_ x: Double, _ y: Double) -> Double { cPow(x, y) }
    static func atan2(_ y: Double, _ x: Double) -> Double { cAtan2(y, x) }
}

private func cSin(_ x: Double) -> Double { sin(x) }
private func cCos(_ x: Double) -> Double { cos(x) }
private func cExp(_ x: Double) -> Double { exp(x) }
private func cLog(_ x: Double) -> Double { log(x) }
private func cPow(_ x: Double, _ y: Double) -> Double { pow(x, y) }
private func cAtan2(_ y: Double, _ x: Double) -> Double { atan2(y, x) }
