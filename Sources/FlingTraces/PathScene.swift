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

    /// Whether `bytes` hold a JSON document whose `format` is ``formatName``.
    public static func isPathDocument(_ bytes: [UInt8]) -> Bool {
        var parser = JSONParser(bytes)
        guard let root = try? parser.parseDocument(), case .object(let members) = root.value,
            let format = members.first(where: { $0.key == "format" }), case .string(let name) = format.value.value
        else { return false }
        return name == formatName
    }

    /// The digest over the sampled frames (see ``BezierPath/combine(into:)``).
    public var digest: StateDigest {
        switch content {
        case .morph(_, let a): a.sampleDigest(frames: sampling.frames, from: sampling.from, to: sampling.to)
        case .conveyor(let c): c.sampleDigest(frames: sampling.frames)
        }
    }
}
