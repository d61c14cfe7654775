import FlingCore
import FlingScenes
import FlingInteraction

/// A recorded run of a seeded scene (bubbles, the day-night picker, clouds): its definition,
/// its seed and its inputs, how it is sampled, and optionally the digest the samples must give.
///
/// Its file form is a JSON document of format `fling-scene` (``json`` and `init(json:)`,
/// specified in `docs/TRACES.md`); `fling replay` and `fling render` read it like a trace.
/// A scene's state is a closed form of its seed, its configuration and its inputs, so the
/// samples name the run: the same document gives the same digest everywhere.
public struct SceneTrace: Hashable, Sendable {
    /// The value of the document's `"format"` key.
    public static let formatName = "fling-scene"
    public static let version = 1

    /// The scene and its inputs.
    public enum Scene: Hashable, Sendable {
        /// A bubble emitter, its seed and its taps (seconds).
        case bubbles(BubbleEmitter.Configuration, seed: UInt64, taps: [Double])
        /// A day-night picker showing `minutes` at the start, and the times picked since.
        case dayNight(DayNightPicker.Configuration, minutes: Double, picks: [DayNightPicker.Pick])
        /// A cloud spawner and its seed.
        case clouds(CloudSpawner.Configuration, seed: UInt64)
        /// Chat heads (ids 1, 2, … at `heads`, at rest) over a ``SnapAnimator`` with the default
        /// ``SnapConfiguration``, and the touches applied, each with its tick where it differs
        /// from the one its time gives (a late touch, a stall).
        case chatHeads(ChatHeadsConfiguration, heads: [Vector], inputs: [Trace.Input])
        /// A sun switch, off or on at the start, and its touches (as for chat heads).
        case sunSwitch(SunSwitchConfiguration, isOn: Bool, inputs: [Trace.Input])

        /// `bubbles`, `dayNight` or `clouds`.
        public var kind: String {
            switch self {
            case .bubbles: "bubbles"
            case .dayNight: "dayNight"
            case .clouds: "clouds"
            case .chatHeads: "chatHeads"
            case .sunSwitch: "sunSwitch"
            }
        }
    }

    /// When the scene is sampled: at `k / rate` seconds for `k = 0 … ⌊duration · rate⌋`.
    public struct Sampling: Hashable, Sendable {
        /// Samples per second, within 1...1000.
        public var rate: Double
        /// Seconds, within 0...3600.
        public var duration: Double
        public init(rate: Double = 60, duration: Double) { self.rate = rate; self.duration = duration }

        /// The number of samples.
        public var count: Int { Int((duration * rate).rounded(.down)) + 1 }
        /// The time of sample `k`.
        public func time(_ k: Int) -> Double { Double(k) / rate }
    }

    /// What the samples must give.
    public struct Expectation: Hashable, Sendable {
        public var samples: Int
        public var digest: StateDigest
        public init(samples: Int, digest: StateDigest) { self.samples = samples; self.digest = digest }
    }

    public var name: String?
    public var notes: String?
    public var scene: Scene
    public var sampling: Sampling
    public var expected: Expectation?

    public init(name: String? = nil, notes: String? = nil, scene: Scene, sampling: Sampling, expected: Expectation? = nil) {
        self.name = name
        self.notes = notes
        self.scene = scene
        self.sampling = sampling
        self.expected = expected
    }

    /// The recording of a bubble emitter: its configuration, seed and every tap it was given.
    public init(recording emitter: BubbleEmitter, sampling: Sampling, name: String? = nil) {
        self.init(name: name, scene: .bubbles(emitter.configuration, seed: emitter.seed, taps: emitter.taps), sampling: sampling)
    }

    /// The recording of a day-night picker: its configuration, first time and every pick.
    public init(recording picker: DayNightPicker, sampling: Sampling, name: String? = nil) {
        self.init(
            name: name, scene: .dayNight(picker.configuration, minutes: picker.initialMinutes, picks: picker.picks),
            sampling: sampling)
    }

    /// The recording of a cloud spawner: its configuration and seed.
    public init(recording spawner: CloudSpawner, sampling: Sampling, name: String? = nil) {
        self.init(name: name, scene: .clouds(spawner.configuration, seed: spawner.seed), sampling: sampling)
    }

    /// The most items (bubbles, clouds) a document may make: a bound on the memory and time
    /// a replay can take.
    public static let maximumItems = 250_000.0

    /// Throws unless the scene can be replayed: a valid configuration, inputs in time order,
    /// a sampling within its limits, at most ``maximumItems`` items made, and the work within
    /// its kind's budget (``bubbleBudget``, ``cloudBudget``, ``dayNightBudget``, ``snapBudget``).
    public func validate() throws(FlingError) {
        try Check.range(sampling.rate, 1...1000, "sampling.rate")
        try Check.range(sampling.duration, 0...3600, "sampling.duration")
        let made: Double
        switch scene {
        case .bubbles(let c, _, let taps): made = Double(taps.count) + (c.interval.map { sampling.duration / $0.lowerBound } ?? 0)
        case .dayNight: made = 0
        case .clouds(let c, _): made = sampling.duration / c.interval.lowerBound
        case .chatHeads(_, let heads, _): made = Double(heads.count)
        case .sunSwitch: made = 1
        }
        guard made <= Self.maximumItems else {
            throw FlingError(
                .outOfRange, field: "sampling.duration", value: "\(sampling.duration) s",
                reason: "would make up to \(made) items; a scene document may make at most \(Self.maximumItems)")
        }
        switch scene {
        case .bubbles(let c, let seed, let taps):
            var e = try BubbleEmitter(configuration: c, seed: seed)
            for (n, t) in taps.enumerated() {
                do { try e.tap(at: t) } catch {
                    throw FlingError(error.code, field: "inputs[\(n)].time", value: error.value, reason: error.reason)
                }
            }
        case .dayNight(let c, let minutes, let picks):
            var p = try DayNightPicker(configuration: c, minutes: minutes)
            for (n, pick) in picks.enumerated() {
                do { try p.pick(pick.minutes, at: pick.time) } catch {
                    throw FlingError(error.code, field: "inputs[\(n)] (\(error.field))", value: error.value, reason: error.reason)
                }
            }
        case .clouds(let c, _):
            try c.validate()
        case .chatHeads(let c, let heads, let inputs):
            try Self.validate(touches: inputs, items: heads.count + 1, sampling: sampling)
            _ = try ChatHeads(
                heads: heads.enumerated().map { (SnapItemID($0.offset + 1), $0.element) }, configuration: c,
                backend: SnapValidationBackend())
        case .sunSwitch(let c, let isOn, let inputs):
            try Self.validate(touches: inputs, items: 1, sampling: sampling)
            _ = try SunSwitch(configuration: c, isOn: isOn, backend: SnapValidationBackend())
        }
        try checkWork()
    }
}
