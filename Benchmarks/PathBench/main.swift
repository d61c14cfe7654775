// path-bench: nanoseconds per sampled morph frame (the shape at a time t, as an app asks for it
// once per display frame, every coordinate of it read) for the jumping pin and for a
// 1,000-segment path, each checked against an untimed second pass; and, with --digests, the
// sampled-shape digests that the tests pin (to check a release build).
//
//     swift run -c release path-bench [--frames N] [--digests]

import FlingCore
import FlingPaths
import FlingPathsTestSupport
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

func now() -> UInt64 {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return UInt64(ts.tv_sec) * 1_000_000_000 + UInt64(ts.tv_nsec)
}

var frames = 200_000
var printDigests = false
var args = CommandLine.arguments.dropFirst()
while let a = args.popFirst() {
    switch a {
    case "--frames": frames = Int(args.popFirst() ?? "") ?? frames
    case "--digests": printDigests = true
    default:
        print("usage: path-bench [--frames N] [--digests]")
        exit(a == "-h" || a == "--help" ? 0 : 2)
    }
}

if printDigests {
    for (name, hex) in MapPinKeyframes.sampleDigests() { print("\(hex)  \(name)") }
}

/// A closed wobbly ring of `n` cubic segments around (500, 500), and keyframes made from it.
func ring(_ n: Int, radius: Double, wobble: Double, phase: Double) -> BezierPath {
    var points: [Vector] = []
    for k in 0..<n {
        let a = 2 * Double.pi * Double(k) / Double(n)
        let (s, c) = Portable.sincos(a)
        let r = radius + wobble * Portable.sin(7 * a + phase)
        points.append(Vector(500 + r * c, 500 + r * s))
    }
    var segments: [CubicSegment] = []
    for k in 0..<n {
        let p = points[k], q = points[(k + 1) % n]
        let d = (q - p).perp * 0.2
        segments.append(CubicSegment(p, p + (q - p) * (1.0 / 3.0) + d, q - (q - p) * (1.0 / 3.0) + d, q))
    }
    return BezierPath(subpaths: [BezierPath.Subpath(start: points[0], segments: segments, isClosed: true)])
}

/// Every coordinate of a sampled shape folded into one word (rotate and xor of the IEEE bits,
/// a handful of cycles per coordinate): the timed loop consumes the whole frame, so no part of
/// the sampling can be optimized away, and the frames' words add up to a digest.
@inline(__always) func fold(_ shape: BezierPath) -> UInt64 {
    var h: UInt64 = 0x9E37_79B9_7F4A_7C15
    @inline(__always) func mix(_ v: Vector) {
        h = ((h &<< 5) | (h &>> 59)) ^ v.x.bitPattern
        h = ((h &<< 5) | (h &>> 59)) ^ v.y.bitPattern
    }
    for subpath in shape.subpaths {
        mix(subpath.start)
        for segment in subpath.segments { mix(segment.p0); mix(segment.p1); mix(segment.p2); mix(segment.p3) }
    }
    return h
}

/// Times `frames` samples spread over the whole loop, consuming each whole; then samples the
/// same times again, untimed and in reverse order, and compares the digests (the sum of the
/// frames' words): a shape must not depend on when or in what order it is asked for.
func measure(_ name: String, _ animation: KeyframeAnimation, frames: Int) -> Bool {
    var sink: UInt64 = 0
    for k in 0..<1000 { sink &+= fold(animation.shape(at: Double(k) * 0.000_97)) }  // warm-up
    let step = animation.duration / Double(frames)
    var digest: UInt64 = 0
    let t0 = now()
    for k in 0..<frames {
        digest &+= fold(animation.shape(at: Double(k) * step))
    }
    let ns = Double(now() - t0) / Double(frames)
    var again: UInt64 = 0
    for k in (0..<frames).reversed() { again &+= fold(animation.shape(at: Double(k) * step)) }
    let segments = animation.keyframes[0].segmentCount
    print(
        "\(name): \(segments) segments, \(frames) frames, \((ns * 10).rounded() / 10) ns per frame (every coordinate read); "
            + (digest == again
                ? "digest \(hex(digest)) = an untimed second pass in reverse order"
                : "DIGESTS DIFFER: \(hex(digest)) timed, \(hex(again)) untimed in reverse order"))
    return digest == again && sink != 1
}

/// 16 hex digits.
func hex(_ v: UInt64) -> String {
    let s = String(v, radix: 16)
    return String(repeating: "0", count: 16 - s.count) + s
}

let pinAgrees = measure("pin", MapPinKeyframes.jumpingMapPin(), frames: frames)
let big = (0..<5).map { ring(1000, radius: 300 + 20 * Double($0), wobble: 15, phase: Double($0)) }
let bigAnimation = try! KeyframeAnimation(
    keyframes: big + [big[0]], timingFunctions: [.default],
    duration: 1, repeatCount: .infinity)
let ringAgrees = measure("1,000-segment ring", bigAnimation, frames: max(1, frames / 100))
exit(pinAgrees && ringAgrees ? 0 : 1)
