import FlingCore
import FlingPaths

/// A scene of moving paths (format `fling-paths`, version 1; see `docs/PATHS.md`): a keyframe
/// morph or a conveyor, how to sample it, and optionally the digest the samples must give.
/// `fling paths digest` prints the digest; `fling paths render` draws it.
public struct PathScene: Sendable {
    public static let formatName = "fling-paths"
    public static let version = 1

    /// What moves.
    public enum Content: Sendable {
        /// Keyframes as path data (kept as written), and the animation made from them.
        case morph(keyframes: [String], KeyframeAnimation)
        case conveyor(Conveyor)

        public var kind: String {
            switch self {
            case .morph: "morph"
            case .conveyor: "conveyor"
            }
        }
    }

    /// Sample times: for a morph, `frames` instants from `from` to `to` seconds inclusive
    /// (``KeyframeAnimation/sampleTimes(frames:from:to:)``); for a conveyor, `frames` instants
    /// over one period (``Conveyor/sampleDigest(frames:)``), `from` and `to` unused.
    public struct Sampling: Hashable, Sendable {
        public var frames: Int
        public var from: Double
        public var to: Double
        public init(frames: Int, from: Double = 0, to: Double = 1) { self.frames = frames; self.from = from; self.to = to }
    }

    public var name: String?
    public var notes: String?
    public var content: Content
    public var sampling: Sampling
    /// The digest the samples must give, when pinned.
    public var expected: StateDigest?

    public init(
        name: String? = nil, notes: String? = nil, content: Content, sampling: Sampling,
        expected: StateDigest? = nil
    ) {
        self.name = name; self.notes = notes; self.content = content; self.sampling = sampling; self.expected = expected
    }

    /// The digest over the sampled frames (see ``BezierPath/combine(into:)``); throws unless the
    /// scene validates (``validate()``).
    public var digest: StateDigest {
        get throws(FlingError) {
            try validate()
            switch content {
            case .morph(_, let a): return try a.sampleDigest(frames: sampling.frames, from: sampling.from, to: sampling.to)
            case .conveyor(let c): return try c.sampleDigest(frames: sampling.frames)
            }
        }
    }

    /// The work the samples ask for, and the budget it must stay within: frames × segments of a
    /// shape for a morph (``KeyframeAnimation/sampleBudget``), frames × items shown for a conveyor
    /// (``Conveyor/sampleBudget``).
    package var work: (figure: Double, budget: WorkBudget) {
        switch content {
        case .morph(_, let a): (a.sampleWork(frames: sampling.frames), KeyframeAnimation.sampleBudget)
        case .conveyor(let c): (c.sampleWork(frames: sampling.frames), Conveyor.sampleBudget)
        }
    }

    /// Throws unless the scene can be sampled: `frames` within 1...``KeyframeAnimation/maximumFrames``,
    /// a morph's `from` and `to` finite, and the work within its budget (`overBudget`, naming the
    /// budget and the document's figure).
    public func validate() throws(FlingError) {
        guard (1...KeyframeAnimation.maximumFrames).contains(sampling.frames) else {
            throw FlingError(
                .outOfRange, field: "sampling.frames", value: "\(sampling.frames)",
                reason: "must lie in 1...\(KeyframeAnimation.maximumFrames)")
        }
        if case .morph = content {
            try Check.finite(sampling.from, "sampling.from")
            try Check.finite(sampling.to, "sampling.to")
        }
        let (figure, budget) = work
        try budget.check(figure, "sampling.frames")
    }
}
