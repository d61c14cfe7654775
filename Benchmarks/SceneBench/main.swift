import Fling
import FlingScenes

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// scene-bench: the cost of sampling seeded scenes, per live item per frame.
//
// Bubbles: an emitter whose timer keeps about 10,000 bubbles alive (2 s each, one every
// 0.2 ms), sampled at 60 Hz: each frame advances the emitter (emissions, pops, removals) and
// reads every live bubble's state into a reused buffer. Reported per bubble per frame, for
// both timings, as the median of 9 runs of 120 frames after a warm-up. The digest of the last
// frame's states is compared with an untimed reference run: a fresh emitter of the same seed
// advanced to the same time in one call (a seeded scene's state at a time does not depend on
// how often it was sampled), so the work measured is the work that gives the right bubbles;
// a difference fails the run (exit status 1).
//
//     swift run -c release scene-bench [--quick]     (--quick: 2 runs of 12 frames, for a check)

let quick = CommandLine.arguments.dropFirst().contains("--quick")
guard CommandLine.arguments.dropFirst().allSatisfy({ $0 == "--quick" }) else {
    print("usage: scene-bench [--quick]")
    exit(2)
}
let runsCount = quick ? 2 : 9, framesPerRun = quick ? 12 : 120

func emitter(_ timing: BubbleEmitter.Timing) throws -> BubbleEmitter {
    var c = BubbleEmitter.Configuration()
    c.source = .sweep(from: Vector(-40, 700), to: Vector(430, 700), period: 8)
    c.interval = 0.0002...0.0002  // 5,000 a second: 10,000 alive at 2 s each
    c.duration = 2...2
    c.timing = timing
    return try BubbleEmitter(configuration: c, seed: 1)
}

func digest(_ states: [BubbleEmitter.State]) -> StateDigest {
    var digest = StateDigest()
    for s in states { digest.combine(s.position.x); digest.combine(s.position.y); digest.combine(s.scale) }
    return digest
}

func measure(_ timing: BubbleEmitter.Timing) throws -> (ns: Double, live: Int, digest: StateDigest, time: Double) {
    var emitter = try emitter(timing)
    var states: [BubbleEmitter.State] = []
    var t = 2.5
    try emitter.advance(to: t)  // warm: ~10,000 alive
    emitter.states(into: &states)
    var runs: [Double] = []
    var bubbleFrames = 0
    let clock = ContinuousClock()
    for _ in 0..<runsCount {
        bubbleFrames = 0
        let start = clock.now
        for _ in 0..<framesPerRun {
            t += 1.0 / 60
            try emitter.advance(to: t)
            emitter.states(into: &states)
            bubbleFrames += states.count
        }
        let d = clock.now - start
        let ns = Double(d.components.seconds) * 1e9 + Double(d.components.attoseconds) / 1e9
        runs.append(ns / Double(bubbleFrames))
    }
    return (runs.sorted()[runs.count / 2], states.count, digest(states), t)
}

/// The untimed reference: a fresh emitter advanced straight to `time`, its states' digest.
func reference(_ timing: BubbleEmitter.Timing, at time: Double) throws -> (live: Int, digest: StateDigest) {
    var emitter = try emitter(timing)
    try emitter.advance(to: time)
    var states: [BubbleEmitter.State] = []
    emitter.states(into: &states)
    return (states.count, digest(states))
}

print("scene-bench: ns per live bubble per sampled frame (median of \(runsCount) × \(framesPerRun) frames at 60 Hz)")
var differ = false
for timing in BubbleEmitter.Timing.allCases {
    let r = try measure(timing)
    let ref = try reference(timing, at: r.time)
    let agree = ref.digest == r.digest && ref.live == r.live
    differ = differ || !agree
    print(
        "bubbles \(timing.rawValue): \(r.live) live, \((r.ns * 10).rounded() / 10) ns per bubble per frame, digest \(r.digest.hex), "
            + (agree
                ? "equal to a reference run advanced to \(r.time) s in one call (untimed)"
                : "DIFFERS from a reference run advanced to \(r.time) s in one call: \(ref.live) live, digest \(ref.digest.hex)"))
}
if differ {
    print("scene-bench: FAILED: a measured run's bubbles differ from the reference run's")
    exit(1)
}
