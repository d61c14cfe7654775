import FlingCore
import FlingScenes
import FlingInteraction

/// A scene trace's replay: the state at every sample, the digest over them, the scene's events.
public struct SceneReplay: Sendable {
    /// The scene's state at one sample.
    public enum Frame: Hashable, Sendable {
        case bubbles([BubbleEmitter.State])
        case dayNight(DayNightPicker.Layers)
        case clouds([CloudSpawner.Cloud])
        /// A snap scene's items (heads and the panel, or the knob) and the scene's own numbers:
        /// the panel's frame (x, y, width, height) for chat heads; the rays' angle and alpha
        /// and 1 or 0 for on or off for a switch.
        case snap([SnapSnapshot], extras: [Double])
    }

    /// The state at each sample time (empty when frames are not kept).
    public var frames: [Frame]
    /// The number of samples taken.
    public var samples: Int
    /// FNV-1a over every sample's state (``SceneTrace/replay(keepsFrames:)`` says what).
    public var digest: StateDigest
    /// What happened, in order: emitted, popped, removed bubbles; clouds appearing and leaving.
    public var events: [String]
    /// Where the replay differs from the document's expectation.
    public var mismatches: [TraceReplay.Mismatch]
    /// For a snap scene, the snap animator's own tick digest (``SnapAnimator/digest``) and
    /// tick count: the same at every sampling rate, and equal to the live run's.
    public var tickDigest: StateDigest?
    public var ticks: Int?
    /// Whether the pinned digest was compared: a snap scene's pins are made with portable
    /// arithmetic and compared only on such a backend.
    public var comparedPins = true

    /// `digest <16 hex digits> samples <count>`: the line that names a replay.
    public var summary: String { "digest \(digest.hex) samples \(samples)" }
}

extension SceneTrace {
    /// Replays the scene: applies its inputs at their times and samples it at
    /// ``Sampling/time(_:)``, chaining the digest over the samples: per sample, for bubbles
    /// their count then each live bubble's id, center x, y and scale; for the picker the
    /// animated minutes, sky offset, layer rotation and star alpha; for clouds their count then
    /// each cloud's id, center x, y and alpha (every number as its IEEE 754 bits).
    public func replay(keepsFrames: Bool = true) throws(FlingError) -> SceneReplay {
        try replay(keepsFrames: keepsFrames, makeBackend: nil)
    }

    /// Replays the scene; a snap scene (``isSnapScene``) runs on a backend from `makeBackend`
    /// (given the solver iterations, 10), and samples, per sample, every item's center x, y
    /// and scale in id order, then the scene's numbers (``SceneReplay/Frame/snap(_:extras:)``).
    public func replay(
        keepsFrames: Bool = true,
        makeBackend: ((_ solverIterations: Int) throws(FlingError) -> any PhysicsBackend)?
    ) throws(FlingError) -> SceneReplay {
        try validate()
        var out = SceneReplay(frames: [], samples: 0, digest: StateDigest(), events: [], mismatches: [])
        let n = sampling.count
        switch scene {
        case .bubbles(let c, let seed, let taps):
            var e = try BubbleEmitter(configuration: c, seed: seed)
            for t in taps { try e.tap(at: t) }
            var states: [BubbleEmitter.State] = []
            for k in 0..<n {
                out.events += try e.advance(to: sampling.time(k)).map(\.description)
                e.states(into: &states)
                out.digest.combine(Double(states.count))
                for s in states {
                    out.digest.combine(Double(s.id)); out.digest.combine(s.position.x); out.digest.combine(s.position.y)
                    out.digest.combine(s.scale)
                }
                if keepsFrames { out.frames.append(.bubbles(states)) }
            }
        case .dayNight(let c, let minutes, let picks):
            var p = try DayNightPicker(configuration: c, minutes: minutes)
            var next = 0
            for k in 0..<n {
                let t = sampling.time(k)
                while next < picks.count, picks[next].time <= t {
                    try p.pick(picks[next].minutes, at: picks[next].time)
                    out.events.append("time picked \(picks[next].minutes) min at \(picks[next].time) s")
                    next += 1
                }
                let l = p.layers(at: t)
                for x in [l.minutes, l.skyOffset, l.rotation, l.starAlpha] { out.digest.combine(x) }
                if keepsFrames { out.frames.append(.dayNight(l)) }
            }
        case .clouds(let c, let seed):
            var s = try CloudSpawner(configuration: c, seed: seed)
            for k in 0..<n {
                let t = sampling.time(k)
                out.events += try s.advance(to: t).map(\.description)
                out.digest.combine(Double(s.clouds.count))
                for cloud in s.clouds {
                    let p = cloud.position(at: t)
                    out.digest.combine(Double(cloud.id)); out.digest.combine(p.x); out.digest.combine(p.y); out.digest.combine(cloud.alpha)
                }
                if keepsFrames { out.frames.append(.clouds(s.clouds)) }
            }
        case .chatHeads, .sunSwitch:
            guard let makeBackend else {
                throw FlingError(
                    .invalidState, field: "SceneTrace.replay", value: scene.kind,
                    reason: "a snap scene runs physics: replay it with a backend (makeBackend)")
            }
            try replaySnap(n, keepsFrames: keepsFrames, backend: try makeBackend(Self.snapSolverIterations), into: &out)
        }
        out.samples = n
        if let x = expected, out.comparedPins {
            if x.samples != n {
                out.mismatches.append(.init(scene: 0, field: "expected.samples", expected: "\(x.samples)", actual: "\(n)"))
            }
            if x.digest != out.digest {
                out.mismatches.append(.init(scene: 0, field: "expected.digest", expected: x.digest.hex, actual: out.digest.hex))
            }
        }
        return out
    }

    /// The document with its expectation set from a replay.
    public func pinned() throws(FlingError) -> SceneTrace {
        try pinned(makeBackend: nil)
    }

    /// The document with its expectation set from a replay on `makeBackend`'s backends (a snap
    /// scene's pins are meant for portable arithmetic).
    public func pinned(makeBackend: ((_ solverIterations: Int) throws(FlingError) -> any PhysicsBackend)?) throws(FlingError) -> SceneTrace
    {
        var bare = self
        bare.expected = nil
        let r = try bare.replay(keepsFrames: false, makeBackend: makeBackend)
        bare.expected = Expectation(samples: r.samples, digest: r.digest)
        return bare
    }
}
