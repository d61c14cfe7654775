// path-bench: nanoseconds per sampled morph frame (the shape at a time t, as an app asks for it
// once per display frame) for the jumping pin and for a 1,000-segment path; and, with
// --digests, the sampled-shape digests that the tests pin (to check a release build).
//
//     swift run -c release path-bench [--frames N] [--digests]

import FlingCore
import FlingPaths
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
    for (name, hex) in PathScenes.sampleDigests() { print("\(hex)  \(name)") }
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

func measure(_ name: String, _ animation: KeyframeAnimation, frames: Int) {
    var sink = 0.0
    // Warm up, then time `frames` samples spread over the whole loop.
    for k in 0..<1000 { sink += animation.shape(at: Double(k) * 0.000_97).subpaths[0].start.x }
    let step = animation.duration / Double(frames)
    let t0 = now()
    for k in 0..<frames {
        let shape = animation.shape(at: Double(k) * step)
        sink += shape.subpaths[0].segments[0].p1.x
    }
    let ns = Double(now() - t0) / Double(frames)
    let segments = animation.keyframes[0].segmentCount
    print("\(name): \(segments) segments, \(frames) frames, \((ns * 10).rounded() / 10) ns per frame (\(sink.isFinite ? "ok" : "?"))")
}

measure("pin", PathScenes.jumpingPin(), frames: frames)
let big = (0..<5).map { ring(1000, radius: 300 + 20 * Double($0), wobble: 15, phase: Double($0)) }
let bigAnimation = try! KeyframeAnimation(
    keyframes: big + [big[0]], timingFunctions: [.default],
    duration: 1, repeatCount: .infinity)
measure("1,000-segment ring", bigAnimation, frames: max(1, frames / 100))
