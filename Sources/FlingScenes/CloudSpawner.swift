import FlingCore

/// Clouds that drift across a view on a random timer (the day-night picker's sky).
///
/// Clouds appear at intervals drawn from ``Configuration/interval``; each is one of the
/// ``Configuration/variants`` (its size), with a random alpha and height (its center's y),
/// starts wholly beyond the right edge, drifts left at a speed drawn from
/// ``Configuration/speed``, and is removed once wholly past the left edge. Draws, from one
/// seeded generator: the first interval at the start; per cloud its variant, alpha, height and
/// speed, then the next interval.
public struct CloudSpawner: Sendable {
    public struct Configuration: Hashable, Sendable {
        /// The view's width, points. Default 390.
        public var viewWidth = 390.0
        /// Seconds between clouds. Default 2...6.
        public var interval: ClosedRange<Double> = 2...6
        /// Drift speed, points per second. Default 8...24.
        public var speed: ClosedRange<Double> = 8...24
        public var alpha: ClosedRange<Double> = 0.4...0.9
        /// The y of a cloud's center, points. Default 20...160.
        public var height: ClosedRange<Double> = 20...160
        /// The three cloud images' sizes (width, height), points.
        public var variants: [Vector] = [Vector(120, 60), Vector(90, 44), Vector(64, 30)]

        public init() {}

        /// Throws unless every number is finite and in range (what ``CloudSpawner/init(configuration:seed:)``
        /// checks first).
        public func validate() throws(FlingError) {
            try Check.range(viewWidth, 0...Limits.coordinate, "CloudSpawner.viewWidth")
            try checkRange(interval, 1e-3...1e6, "CloudSpawner.interval")
            try checkRange(speed, 1e-3...1e6, "CloudSpawner.speed")
            try checkRange(alpha, 0...1, "CloudSpawner.alpha")
            try checkRange(height, -Limits.coordinate...Limits.coordinate, "CloudSpawner.height")
            guard (1...16).contains(variants.count) else {
                throw FlingError(.outOfRange, field: "CloudSpawner.variants", value: "\(variants.count)", reason: "1 to 16 variants")
            }
            for (n, v) in variants.enumerated() {
                try Check.range(v.x, 0...Limits.coordinate, "CloudSpawner.variants[\(n)].width")
                try Check.range(v.y, 0...Limits.coordinate, "CloudSpawner.variants[\(n)].height")
            }
        }
    }

    public struct Cloud: Hashable, Sendable {
        public var id: Int
        public var variant: Int
        public var born: Double
        /// The center's x when born: `viewWidth + width / 2`, wholly outside the view.
        public var startX: Double
        public var y: Double
        public var speed: Double
        public var alpha: Double
        public var size: Vector

        /// The center at time `t`.
        public func position(at t: Double) -> Vector { Vector(startX - speed * (t - born), y) }
        /// When it is wholly past the left edge: `born + (startX + width / 2) / speed`.
        var leaves: Double { born + (startX + size.x / 2) / speed }
    }

    public struct Event: Hashable, Sendable, CustomStringConvertible {
        public enum Kind: String, Hashable, Sendable { case appeared, removed }
        public var time: Double
        public var cloud: Int
        public var kind: Kind
        /// `cloud 3 appeared at 1.5 s`.
        public var description: String { "cloud \(cloud) \(kind.rawValue) at \(time) s" }
    }

    /// The configuration it was made with.
    public let configuration: Configuration
    /// The seed of its random choices: the same seed, the same clouds.
    public let seed: UInt64
    private(set) var time = 0.0
    /// Clouds in the sky, in order of appearance.
    public private(set) var clouds: [Cloud] = []
    private var random: SceneRandom
    private var next: Double
    private var count = 0

    public init(configuration: Configuration = .init(), seed: UInt64) throws(FlingError) {
        try configuration.validate()
        self.configuration = configuration
        self.seed = seed
        random = SceneRandom(seed: seed)
        next = random.uniform(configuration.interval)
    }

    /// The work budget of one ``advance(to:)``: the clouds in the sky before it plus those it
    /// may make (`(time − next) / interval.lowerBound + 1`), at most 10⁶. A bound on the memory
    /// the spawner holds and the time one advance takes.
    static let emissionBudget = WorkBudget("CloudSpawner.emissionBudget", unit: "clouds live or made", limit: 1e6)

    /// The most clouds an advance to `time` can leave in the sky.
    func liveBound(at time: Double) -> Double {
        Double(clouds.count) + (next <= time ? ((time - next) / configuration.interval.lowerBound).rounded(.down) + 1 : 0)
    }

    /// Moves to `time` (never decreasing) and returns what appeared and was removed, in time order.
    ///
    /// Throws (changing nothing) unless `time` lies in 0...10⁹ at or after the current time, and
    /// `overBudget` when the clouds live and due exceed `emissionBudget`.
    @discardableResult
    public mutating func advance(to time: Double) throws(FlingError) -> [Event] {
        try Check.range(time, 0...1e9, "CloudSpawner.advance.time")
        guard time >= self.time else {
            throw FlingError(
                .outOfOrder, field: "CloudSpawner.advance.time", value: "\(time)",
                reason: "is earlier than the current time, \(self.time)")
        }
        try Self.emissionBudget.check(liveBound(at: time), "CloudSpawner.advance.time")
        var events: [Event] = []
        let c = configuration
        while next <= time {
            let variant = random.index(c.variants.count)
            let alpha = random.uniform(c.alpha), y = random.uniform(c.height), speed = random.uniform(c.speed)
            let size = c.variants[variant]
            clouds.append(
                Cloud(
                    id: count, variant: variant, born: next, startX: c.viewWidth + size.x / 2, y: y,
                    speed: speed, alpha: alpha, size: size))
            events.append(Event(time: next, cloud: count, kind: .appeared))
            count += 1
            next += random.uniform(c.interval)
        }
        for cloud in clouds where cloud.leaves <= time { events.append(Event(time: cloud.leaves, cloud: cloud.id, kind: .removed)) }
        clouds.removeAll { $0.leaves <= time }
        self.time = time
        events.sort { ($0.time, $0.kind == .appeared ? 0 : 1, $0.cloud) < ($1.time, $1.kind == .appeared ? 0 : 1, $1.cloud) }
        return events
    }
}
