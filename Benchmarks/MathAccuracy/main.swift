#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import FlingCore

// math-accuracy: Fling's portable elementary functions against a higher-precision reference.
//
// The reference is glibc's `long double` function (64-bit significand, itself within about an
// ulp of *that* precision: 2⁻¹¹ of a double's ulp), so the error measured is the portable
// result's distance from the true value, in ulps of the double nearest it. Arguments come from a
// seeded SplitMix64, spread over each function's range (uniform, and log-uniform where the range
// spans magnitudes). Also counted: results that differ in any bit from the platform's double
// function (what `.platform` arithmetic gives). Usage: math-accuracy [arguments per function];
// `math-accuracy timing [angles]` times sincos instead (SincosTiming.swift).

#if arch(x86_64) && !os(Windows)
typealias Wide = Float80
#else
typealias Wide = Double  // no wider type: errors are then measured against the platform's double
#endif

struct Tally {
    var name: String
    var count = 0, maxUlp = 0.0, worst = (0.0, 0.0), overHalf = 0, overOne = 0, differ = 0
    /// The largest distance from the platform's double result, in ulps (ordered bit patterns).
    var maxFromPlatform: UInt64 = 0
    mutating func add(_ mine: Double, _ reference: Wide, platform: Double, args: (Double, Double)) {
        count += 1
        if mine.bitPattern != platform.bitPattern {
            differ += 1
            if !mine.isNaN && !platform.isNaN {
                func ordered(_ x: Double) -> Int64 {
                    let i = Int64(bitPattern: x.bitPattern)
                    return i < 0 ? Int64.min &- i : i
                }
                maxFromPlatform = max(maxFromPlatform, (ordered(mine) &- ordered(platform)).magnitude)
            }
        }
        let r = Double(reference)
        if r.isNaN && mine.isNaN { return }
        if r.isInfinite || mine.isInfinite {
            if r != mine { maxUlp = .infinity; worst = args; overOne += 1 }
            return
        }
        let ulp = r == 0 ? Double.leastNonzeroMagnitude : r.ulp
        let e = Double(abs(Wide(mine) - reference) / Wide(ulp))
        if e > 0.5 { overHalf += 1 }
        if e > 1 { overOne += 1 }
        if e > maxUlp { maxUlp = e; worst = args }
    }
    var line: String {
        let m = (maxUlp * 1000).rounded() / 1000
        return "| \(name) | \(count) | \(m) | \(overHalf) | \(overOne) | \(differ) | \(maxFromPlatform) | \(worst.0), \(worst.1) |"
    }
}

if CommandLine.arguments.count > 1 && CommandLine.arguments[1] == "timing" {
    sincosTiming(count: CommandLine.arguments.count > 2 ? Int(CommandLine.arguments[2])! : 1_000_000)
    exit(0)
}

nonisolated(unsafe) var rng = SplitMix64(state: 2026)
func uniform(_ a: Double, _ b: Double) -> Double { a + (b - a) * rng.unit() }
func logUniform(_ lo: Double, _ hi: Double) -> Double { Portable.exp(uniform(Portable.log(lo), Portable.log(hi))) }

let n = CommandLine.arguments.count > 1 ? Int(CommandLine.arguments[1])! : 10_000_000
print("math-accuracy: \(n) arguments per function; error in ulps against glibc's long double")
print("| function, range | arguments | max ulp | > 0.5 ulp | > 1 ulp | ≠ glibc double | max ulps from glibc double | worst argument |")
print("| --- | ---: | ---: | ---: | ---: | ---: | ---: | --- |")

func run(
    _ name: String, _ count: Int, _ arg: () -> (Double, Double), _ mine: (Double, Double) -> Double,
    _ wide: (Wide, Wide) -> Wide, _ platform: (Double, Double) -> Double
) {
    var t = Tally(name: name)
    for _ in 0..<count {
        let (a, b) = arg()
        t.add(mine(a, b), wide(Wide(a), Wide(b)), platform: platform(a, b), args: (a, b))
    }
    print(t.line)
}

let part = n / 10
#if arch(x86_64)
let wsin: (Wide, Wide) -> Wide = { a, _ in sinl(a) }, wcos: (Wide, Wide) -> Wide = { a, _ in cosl(a) }
let wexp: (Wide, Wide) -> Wide = { a, _ in expl(a) }, wlog: (Wide, Wide) -> Wide = { a, _ in logl(a) }
let wpow: (Wide, Wide) -> Wide = { a, b in powl(a, b) }
#else
let wsin: (Wide, Wide) -> Wide = { a, _ in sin(a) }, wcos: (Wide, Wide) -> Wide = { a, _ in cos(a) }
let wexp: (Wide, Wide) -> Wide = { a, _ in exp(a) }, wlog: (Wide, Wide) -> Wide = { a, _ in log(a) }
let wpow: (Wide, Wide) -> Wide = { a, b in pow(a, b) }
#endif
run("sin, [−2π, 2π]", part * 5, { (uniform(-2 * .pi, 2 * .pi), 0) }, { a, _ in Portable.sin(a) }, wsin, { a, _ in sin(a) })
run("sin, [−10⁴, 10⁴]", part * 3, { (uniform(-1e4, 1e4), 0) }, { a, _ in Portable.sin(a) }, wsin, { a, _ in sin(a) })
run("sin, [−2²⁰·π/2, 2²⁰·π/2]", part * 2, { (uniform(-1.647e6, 1.647e6), 0) }, { a, _ in Portable.sin(a) }, wsin, { a, _ in sin(a) })
run("cos, [−2π, 2π]", part * 5, { (uniform(-2 * .pi, 2 * .pi), 0) }, { a, _ in Portable.cos(a) }, wcos, { a, _ in cos(a) })
run("cos, [−10⁴, 10⁴]", part * 3, { (uniform(-1e4, 1e4), 0) }, { a, _ in Portable.cos(a) }, wcos, { a, _ in cos(a) })
run("cos, [−2²⁰·π/2, 2²⁰·π/2]", part * 2, { (uniform(-1.647e6, 1.647e6), 0) }, { a, _ in Portable.cos(a) }, wcos, { a, _ in cos(a) })
run(
    "sin, ±[2²⁰·π/2, 2¹⁰²⁴) log-uniform", part, { ((rng.next() & 1 == 0 ? 1.0 : -1.0) * logUniform(1.648e6, 1.79e308), 0) },
    { a, _ in Portable.sin(a) }, wsin, { a, _ in sin(a) })
run(
    "cos, ±[2²⁰·π/2, 2¹⁰²⁴) log-uniform", part, { ((rng.next() & 1 == 0 ? 1.0 : -1.0) * logUniform(1.648e6, 1.79e308), 0) },
    { a, _ in Portable.cos(a) }, wcos, { a, _ in cos(a) })
run("exp, [−745, 709.78]", part * 5, { (uniform(-745, 709.78), 0) }, { a, _ in Portable.exp(a) }, wexp, { a, _ in exp(a) })
run("exp, [−1, 1]", part * 5, { (uniform(-1, 1), 0) }, { a, _ in Portable.exp(a) }, wexp, { a, _ in exp(a) })
run(
    "log, [2⁻¹⁰⁷⁴, 2¹⁰²⁴) log-uniform", part * 5, { (logUniform(.leastNonzeroMagnitude, 1.7e308), 0) }, { a, _ in Portable.log(a) }, wlog,
    { a, _ in log(a) })
run("log, [0.5, 2]", part * 5, { (uniform(0.5, 2), 0) }, { a, _ in Portable.log(a) }, wlog, { a, _ in log(a) })
run("pow, x ∈ (0, 10], y ∈ [−30, 30]", part * 4, { (uniform(1e-9, 10), uniform(-30, 30)) }, { Portable.pow($0, $1) }, wpow, { pow($0, $1) })
run(
    "pow, x ∈ 1 ± 10⁻³, y ∈ [−10⁵, 10⁵]", part * 2, { (uniform(0.999, 1.001), uniform(-1e5, 1e5)) }, { Portable.pow($0, $1) }, wpow,
    { pow($0, $1) })
run(
    "pow, damping^dt: x ∈ [0, 1], y ∈ [10⁻⁴, 0.1]", part * 4, { (uniform(0, 1), uniform(1e-4, 0.1)) }, { Portable.pow($0, $1) }, wpow,
    { pow($0, $1) })
#if arch(x86_64)
let watan2: (Wide, Wide) -> Wide = { a, b in atan2l(a, b) }
#else
let watan2: (Wide, Wide) -> Wide = { a, b in atan2(a, b) }
#endif
run("atan2, y, x ∈ [−1, 1]", part * 4, { (uniform(-1, 1), uniform(-1, 1)) }, { Portable.atan2($0, $1) }, watan2, { atan2($0, $1) })
run(
    "atan2, y, x ∈ [−10³, 10³]", part * 3, { (uniform(-1e3, 1e3), uniform(-1e3, 1e3)) }, { Portable.atan2($0, $1) }, watan2,
    { atan2($0, $1) })
func signedLogUniform() -> Double { (rng.next() & 1 == 0 ? 1.0 : -1.0) * logUniform(0x1p-1000, 0x1p1000) }
run(
    "atan2, y, x ∈ ±[2⁻¹⁰⁰⁰, 2¹⁰⁰⁰] log-uniform", part * 3, { (signedLogUniform(), signedLogUniform()) },
    { Portable.atan2($0, $1) }, watan2, { atan2($0, $1) })
