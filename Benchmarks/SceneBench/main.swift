import Fling

// scene-bench: the cost of sampling seeded scenes, per live item per frame.
//
// Bubbles: an emitter whose timer keeps about 10,000 bubbles alive (2 s each, one every
// 0.2 ms), sampled at 60 Hz: each frame advances the emitter (emissions, pops, removals) and
// reads every live bubble's state into a reused buffer. Reported per bubble per frame, for
// both timings, as the median of 9 runs of 120 frames after a warm-up. The digest of the last
// frame's states is printed so that the work cannot be optimized away.

func measure(_ timing: BubbleEmitter.Timing) throws -> (ns: Double, live: Int, digest: StateDigest) {
    var c = BubbleEmitter.Configuration()
    c.source = .sweep(from: Vector(-40, 700), to: Vector(430, 700), period: 8)
    c.interval = 0.0002...0.0002  // 5,000 a second: 10,000 alive at 2 s each
    c.duration = 2...2
    c.timing = timing
    var emitter = try BubbleEmitter(configuration: c, seed: 1)
    var states: [BubbleEmitter.State] = []
    var t = 2.5
    try emitter.advance(to: t)  // warm: ~10,000 alive
    emitter.states(into: &states)
    var runs: [Double] = []
    var bubbleFrames = 0
    let clock = ContinuousClock()
    for _ in 0..<9 {
        bubbleFrames = 0
        let start = clock.now
        for _ in 0..<120 {
            t += 1.0 / 60
            try emitter.advance(to: t)
            emitter.states(into: &states)
            bubbleFrames += states.count
        }
        let d = clock.now - start
        let ns = Double(d.components.seconds) * 1e9 + Double(d.components.attoseconds) / 1e9
        runs.append(ns / Double(bubbleFrames))
    }
    var digest = StateDigest()
    for s in states { digest.combine(s.position.x); digest.combine(s.position.y); digest.combine(s.scale) }
    return (runs.sorted()[runs.count / 2], states.count, digest)
}

print("scene-bench: ns per live bubble per sampled frame (median of 9 × 120 frames at 60 Hz)")
for timing in BubbleEmitter.Timing.allCases {
    let r = try measure(timing)
    print("bubbles \(timing.rawValue): \(r.live) live, \((r.ns * 10).rounded() / 10) ns per bubble per frame, digest \(r.digest.hex)")
}
