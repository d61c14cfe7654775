import FlingCore

/// Bubbles that float up a rounded zigzag from a source and pop: the JRMFloatingAnimation
/// look (a fish blowing bubbles), deterministic.
///
/// Bubbles are emitted on demand (``tap(at:)``) or on a timer whose intervals are drawn from
/// ``Configuration/interval``. A bubble starts at the source's position at the moment it is
/// emitted (plus a horizontal offset), follows its ``BubbleCurve`` for its duration, then pops:
/// it scales from 1 to ``Configuration/popScale`` over ``Configuration/popDuration`` at the
/// curve's end and is removed.
///
/// Every random value comes from one generator seeded by the seed, drawn in emission order:
/// for each bubble its offset, height, sway, mirror (a coin: sway negated), duration and size,
/// and after a timer emission the next interval (the first interval is drawn at the start).
/// The state at a time is a function of the seed, the configuration and the taps alone: not of
/// how often it is sampled. Everything is + − × ÷ and square roots: the same bits everywhere.
public struct BubbleEmitter: Sendable {
    /// Where bubbles come from.
    public enum Source: Hashable, Sendable {
        /// A point that stays put.
        case fixed(Vector)
        /// A point that moves from `from` to `to` in `period` seconds and starts over (the
        /// tutorial's fish swimming across the screen): at time `t` it is at
        /// `from + (to − from) · (t mod period) / period`.
        case sweep(from: Vector, to: Vector, period: Double)

        /// The source's position at time `t`.
        public func position(at t: Double) -> Vector {
            switch self {
            case .fixed(let p): return p
            case .sweep(let a, let b, let period):
                let f = t.truncatingRemainder(dividingBy: period) / period
                return Vector(a.x + (b.x - a.x) * f, a.y + (b.y - a.y) * f)
            }
        }
    }

    /// How a bubble moves along its curve in time.
    public enum Timing: String, Hashable, Sendable, CaseIterable {
        /// By the curve's parameter, linearly in time: Core Animation's default for a path.
        case parameter
        /// At constant speed along the curve (Core Animation's `paced` calculation mode).
        case paced
    }

    /// What shapes the bubbles. Ranges are drawn uniformly; a single value is a fixed one.
    public struct Configuration: Hashable, Sendable {
        public var source: Source = .fixed(Vector(0, 0))
        /// Seconds between timer emissions, or nil for taps only. Default nil.
        public var interval: ClosedRange<Double>? = nil
        /// How far a bubble rises, points. Default 200...300.
        public var height: ClosedRange<Double> = 200...300
        /// The control points' sideways distance, points. Default 20...40.
        public var sway: ClosedRange<Double> = 20...40
        /// Seconds from emission to the pop. Default 2 (JRMFloatingAnimation's).
        public var duration: ClosedRange<Double> = 2...2
        /// The bubble's diameter, points. Default 20 (JRMFloatingAnimation's largest).
        public var size: ClosedRange<Double> = 20...20
        /// Horizontal offset of a bubble's origin from the source, points. Default 0.
        public var startOffset: ClosedRange<Double> = 0...0
        public var timing: Timing = .parameter
        /// The scale a bubble pops to. Default 1.3.
        public var popScale: Double = 1.3
        /// Seconds the pop lasts. Default 0.1.
        public var popDuration: Double = 0.1

        public init() {}

        /// Throws unless every number is finite and in range.
        public func validate() throws(FlingError) {
            switch source {
            case .fixed(let p): try Check.coordinate(p, "BubbleEmitter.source")
            case .sweep(let a, let b, let period):
                try Check.coordinate(a, "BubbleEmitter.source.from")
                try Check.coordinate(b, "BubbleEmitter.source.to")
                try Check.range(period, 1e-3...1e6, "BubbleEmitter.source.period")
            }
            if let interval { try checkRange(interval, 1e-4...1e6, "BubbleEmitter.interval") }
            try checkRange(height, 0...Limits.coordinate, "BubbleEmitter.height")
            try checkRange(sway, -Limits.coordinate...Limits.coordinate, "BubbleEmitter.sway")
            try checkRange(duration, 1e-3...1e6, "BubbleEmitter.duration")
            try checkRange(size, 0...Limits.coordinate, "BubbleEmitter.size")
            try checkRange(startOffset, -Limits.coordinate...Limits.coordinate, "BubbleEmitter.startOffset")
            try Check.range(popScale, 0...1e3, "BubbleEmitter.popScale")
            try Check.range(popDuration, 0...1e3, "BubbleEmitter.popDuration")
        }
    }

    /// One bubble, as emitted.
    public struct Bubble: Hashable, Sendable {
        /// Emission order, from 0.
        public var id: Int
        /// When it was emitted, seconds.
        public var born: Double
        public var curve: BubbleCurve
        /// Seconds from emission to the pop.
        public var duration: Double
        /// Diameter, points.
        public var size: Double
        /// Whether its sway was negated (it zigzags right first).
        public var mirrored: Bool
    }

    /// A bubble as drawn at the current time.
    public struct State: Hashable, Sendable {
        public var id: Int
        /// Its center, points.
        public var position: Vector
        /// 1 while rising; growing to the pop scale while popping.
        public var scale: Double
        public var size: Double
        public var isPopping: Bool
    }

    /// Something that happened to a bubble, at a time.
    public struct Event: Hashable, Sendable, CustomStringConvertible {
        public enum Kind: String, Hashable, Sendable { case emitted, popped, removed }
        public var time: Double
        public var bubble: Int
        public var kind: Kind
        public var description: String { "bubble \(bubble) \(kind.rawValue) at \(time) s" }
    }

    public let configuration: Configuration
    public let seed: UInt64
    /// The time of the last ``advance(to:)``, seconds (0 at the start).
    public private(set) var time = 0.0
    /// Bubbles alive (rising or popping), in emission order.
    public private(set) var bubbles: [Bubble] = []
    private var random: SceneRandom
    private var nextTimer = Double.infinity
    /// Every tap given so far, in order: the emitter's inputs, which a scene trace records.
    public private(set) var taps: [Double] = []
    private var tapHead = 0
    private var emitted = 0
    /// Every bubble the last ``advance(to:)`` emitted, in order, those it already removed too
    /// (for drawing each bubble's path).
    package private(set) var lastEmitted: [Bubble] = []

    /// A fresh emitter at time 0.
    public init(configuration: Configuration = .init(), seed: UInt64) throws(FlingError) {
        try configuration.validate()
        self.configuration = configuration
        self.seed = seed
        random = SceneRandom(seed: seed)
        if let interval = configuration.interval { nextTimer = random.uniform(interval) }
    }

    /// Emits a bubble at `time` (at or after the current time and the last tap's), applied by
    /// the ``advance(to:)`` that reaches it.
    public mutating func tap(at time: Double) throws(FlingError) {
        try Check.range(time, 0...1e9, "BubbleEmitter.tap.time")
        let last = taps.last ?? 0
        guard time >= max(last, self.time) else {
            throw FlingError(
                .outOfOrder, field: "BubbleEmitter.tap.time", value: "\(time)",
                reason: "is earlier than the current time or the last tap, \(max(last, self.time))")
        }
        taps.append(time)
    }

    /// The work budget of one ``advance(to:)``: the bubbles live before it plus those it may
    /// emit (every tap due, and `(time − next timer) / interval.lowerBound + 1` timer
    /// emissions), at most 10⁶. A bound on the memory the emitter holds and the time one
    /// advance takes.
    public static let emissionBudget = WorkBudget("BubbleEmitter.emissionBudget", unit: "bubbles live or emitted", limit: 1e6)

    /// The most bubbles an advance to `time` can leave alive: those alive now and every one it
    /// may emit.
    package func liveBound(at time: Double) -> Double {
        // Taps never decrease: those due are the run from tapHead up to the first later one.
        var lo = tapHead, hi = taps.count
        while lo < hi {
            let mid = lo + (hi - lo) / 2
            if taps[mid] <= time { lo = mid + 1 } else { hi = mid }
        }
        var n = Double(bubbles.count) + Double(lo - tapHead)
        if let interval = configuration.interval, nextTimer <= time {
            n += ((time - nextTimer) / interval.lowerBound).rounded(.down) + 1
        }
        return n
    }

    /// Moves to `time` (never decreasing): emits what is due in time order (a timer emission
    /// before a tap at the same time), pops and removes bubbles whose time has come, and
    /// returns those events in time order.
    ///
    /// Throws (changing nothing) unless `time` lies in 0...10⁹ at or after the current time, and
    /// `overBudget` when the bubbles live and due exceed ``emissionBudget``.
    @discardableResult
    public mutating func advance(to time: Double) throws(FlingError) -> [Event] {
        try Check.range(time, 0...1e9, "BubbleEmitter.advance.time")
        guard time >= self.time else {
            throw FlingError(
                .outOfOrder, field: "BubbleEmitter.advance.time", value: "\(time)",
                reason: "is earlier than the current time, \(self.time)")
        }
        try Self.emissionBudget.check(liveBound(at: time), "BubbleEmitter.advance.time")
        let previous = self.time
        var events: [Event] = []
        lastEmitted.removeAll(keepingCapacity: true)
        while true {
            let tap = tapHead < taps.count ? taps[tapHead] : Double.infinity
            let next = min(nextTimer, tap)
            guard next <= time else { break }
            let bubble = emit(at: next)
            events.append(Event(time: next, bubble: bubble.id, kind: .emitted))
            if nextTimer <= tap {
                nextTimer = next + random.uniform(configuration.interval!)
            } else {
                tapHead += 1
            }
        }
        for b in bubbles {
            let pop = b.born + b.duration, gone = pop + configuration.popDuration
            if pop > previous, pop <= time {
                events.append(Event(time: pop, bubble: b.id, kind: .popped))
            }
            if gone <= time { events.append(Event(time: gone, bubble: b.id, kind: .removed)) }
        }
        bubbles.removeAll { $0.born + $0.duration + configuration.popDuration <= time }
        self.time = time
        // Time order; at one time, emitted before popped before removed, then by bubble.
        func rank(_ k: Event.Kind) -> Int { k == .emitted ? 0 : k == .popped ? 1 : 2 }
        events.sort { ($0.time, rank($0.kind), $0.bubble) < ($1.time, rank($1.kind), $1.bubble) }
        return events
    }

    private mutating func emit(at t: Double) -> Bubble {
        let c = configuration
        let source = c.source.position(at: t)
        let offset = random.uniform(c.startOffset)
        let height = random.uniform(c.height)
        var sway = random.uniform(c.sway)
        let mirrored = random.coin()
        if mirrored { sway = -sway }
        let duration = random.uniform(c.duration)
        let size = random.uniform(c.size)
        let bubble = Bubble(
            id: emitted, born: t, curve: BubbleCurve(origin: Vector(source.x + offset, source.y), height: height, sway: sway),
            duration: duration, size: size, mirrored: mirrored)
        emitted += 1
        bubbles.append(bubble)
        lastEmitted.append(bubble)
        return bubble
    }

    /// The live bubbles as drawn at the current time, in emission order, written into
    /// `states` (cleared first; its capacity is kept, so a warmed-up caller allocates nothing).
    public func states(into states: inout [State]) {
        states.removeAll(keepingCapacity: true)
        for b in bubbles { states.append(checkedState(of: b, at: time)) }
    }

    /// The bubble's state at `t`; a time before its birth is taken as its birth. Throws
    /// `notFinite` for a NaN or infinite time.
    public func state(of b: Bubble, at t: Double) throws(FlingError) -> State {
        try Check.finite(t, "BubbleEmitter.state.time")
        return checkedState(of: b, at: max(t, b.born))
    }

    func checkedState(of b: Bubble, at t: Double) -> State {
        let age = t - b.born
        if age < b.duration {
            let u = age / b.duration
            let s = configuration.timing == .paced ? b.curve.parameter(atLengthFraction: u) : u
            return State(id: b.id, position: b.curve.point(at: s), scale: 1, size: b.size, isPopping: false)
        }
        let c = configuration
        let f = c.popDuration > 0 ? min((age - b.duration) / c.popDuration, 1) : 1
        return State(id: b.id, position: b.curve.end, scale: 1 + (c.popScale - 1) * f, size: b.size, isPopping: true)
    }
}
