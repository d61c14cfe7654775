#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#elseif canImport(ucrt)
import ucrt
#endif

// The one number formatter: numbers as the pictures (FlingView's), the reports, the JSON
// writer and the command line print them, each form named once. Fixed decimals come from the C
// library's printf (`%.Nf`: the exact binary value, correctly rounded, ties to even), which is
// what the command line printed them with before the pictures moved behind the registrations,
// so every picture and line stays byte for byte what it was.

package enum NumberText {
    /// `x` with exactly `decimals` decimals, as printf's `%.Nf` writes it (`-0.000` for a small
    /// negative number).
    static func fixed(_ x: Double, _ decimals: Int) -> String {
        var buffer = [CChar](repeating: 0, count: 512)
        let count = buffer.count
        _ = buffer.withUnsafeMutableBufferPointer { b in
            withVaList([x]) { vsnprintf(b.baseAddress, count, "%.\(decimals)f", $0) }
        }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// `12.5`: at most `decimals` decimals, no trailing zeros, no negative zero.
    package static func f(_ x: Double, _ decimals: Int = 1) -> String {
        var s = fixed(x, decimals)
        if s.contains(".") {
            while s.hasSuffix("0") { s.removeLast() }
            if s.hasSuffix(".") { s.removeLast() }
        }
        return s == "-0" ? "0" : s
    }

    /// `1304.702`: three decimals, no negative zero.
    package static func fixed3(_ x: Double) -> String {
        let s = fixed(x, 3)
        return s == "-0.000" ? "0.000" : s
    }

    /// `12.35`: rounded to two decimals (as `(x · 100).rounded() / 100`), no trailing `.0`
    /// (the scene pictures' numbers).
    package static func hundredths(_ x: Double) -> String {
        let r = (x * 100).rounded() / 100
        return r == r.rounded() ? String(Int(r)) : String(r)
    }

    /// Swift's shortest form that reads back to the same bits (`0.1`, `1e-07`, `nan`): JSON's
    /// and the path pictures' numbers.
    package static func shortest(_ x: Double) -> String { x.description }

    /// `0x` and the 16 hexadecimal digits of `x`'s IEEE 754 bit pattern.
    package static func bits(_ x: Double) -> String {
        let h = String(x.bitPattern, radix: 16)
        return "0x" + String(repeating: "0", count: 16 - h.count) + h
    }

    /// A number without a needless `.0`: `60`, `0.5` (the command line's options).
    package static func short(_ x: Double) -> String {
        if x == x.rounded(), abs(x) < 1e15 { return String(Int(x)) }
        return x.description
    }
}
