import FlingCore
import FlingCurves

/// Bubbles that float up from a source and pop: the JRMFloatingAnimation look (a fish blowing
/// bubbles), deterministic.
///
/// Bubbles are emitted on demand (``tap(at:)``) or on a timer whose intervals are drawn from
/// ``Configuration/interval``. A bubble starts at the source's position at the moment it is
/// emitted (plus a horizontal offset), follows its `BubbleCurve` for its duration, then pops:
/// it scales from 1 to ``Configuration/popScale`` over ``Configuration/popDuration`` at the
/// curve's end and is removed (or, with ``Configuration/removeOnCompletion`` off, stays there). Its curve has one of the ``Shape``s: Fling's zigzag, or
/// JRMFloatingAnimation's straight, curve-left, curve-right and triangle-up shapes with the
/// library's geometry; it may start with a drawn opacity, fade out as it rises, and wear one of
/// several images (``Configuration/jrmFloatingAnimation(startingPoint:viewWidth:)`` is the
/// library's defaults).
///
/// Every random value comes from one generator seeded by the seed, drawn in emission order.
/// For a zigzag bubble: its offset, height, sway, mirror (a coin: sway negated), duration and
/// size, then its opacity (only when ``Configuration/alpha`` is a range, not one value) and its
/// image (only when there are several). For the library's shapes, in the library's own order:
/// size, image (when several), opacity (when a range), offset (when a range), for triangle-up
/// which of curve-left, curve-right and straight (one in three), then the path's numbers as the
/// library draws them (straight: sway, height; curve left: width, height; curve right: height,
/// width), the mirror coin (the control points swapped), and the duration. After a timer
/// emission, the next interval (the first interval is drawn at the start). The state at a time
/// is a function of the seed, the configuration and the taps alone: not of how often it is
/// sampled. Everything is + − × ÷ and square roots: the same bits everywhere.
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
        func position(at t: Double) -> Vector {
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

    /// The path a bubble takes (all of them one cubic Bézier). `x`, `y` is where the bubble
    /// starts, `size` its diameter, `width` the library's `animationWidth`.
    public enum Shape: String, Hashable, Sendable, CaseIterable {
        /// Fling's: from the source straight up ``Configuration/height`` points, control points
        /// ``Configuration/sway`` to either side at mid-height (mirrored on a coin).
        case zigzag
        /// JRMFloatingAnimation's straight shape (its default): from its frame's origin `(x, y)`
        /// (half the size above the source) up to `(x, y − h + size)`, `h` drawn from
        /// ``Configuration/height``, control points `r` in `1...width` to either side at
        /// mid-height (swapped on a coin); `width` twice the size by default.
        case straight
        /// Curving left to `(x − w, y − h)`, `w` in `50...width` (default: the source's x), `h` from
        /// ``Configuration/height``; control points `(x, y − 0.75 h)` and `(x − w, y − 0.25 h)`
        /// (swapped on a coin).
        case curveLeft
        /// The mirror image, to `(x + w, y − h)` (`width` by default the view's width less the
        /// source's x).
        case curveRight
        /// Each bubble one of curve left, curve right and straight, one in three (`width` by
        /// default the view's width).
        case triangleUp
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
        /// The bubbles' path. Default ``Shape/zigzag``.
        public var shape: Shape = .zigzag
        /// JRMFloatingAnimation's `animationWidth` for its shapes; nil: the library's default for
        /// the shape (see ``Shape``).
        public var animationWidth: Double? = nil
        /// The width of the view the bubbles float in (the library's superview), for the curve
        /// shapes' default width. Default 390.
        public var viewWidth: Double = 390
        /// A bubble's opacity, drawn when it is made. Default 1...1 (JRMFloatingAnimation's
        /// `varyAlpha`: 0.1...1).
        public var alpha: ClosedRange<Double> = 1...1
        /// Whether a bubble fades from its opacity to 0 over its rise, on Core Animation's
        /// ease-in-ease-out curve (JRMFloatingAnimation's `fadeOut`, a `UIView` animation over the
        /// same duration). Default false.
        public var fadesOut = false
        /// How many images the bubbles are drawn from; each bubble draws one. Default 1.
        public var images = 1
        /// Whether a bubble is removed once its pop is over (JRMFloatingAnimation's
        /// `removeOnCompletion`, default true). Off, it stays where its path ends, at the pop
        /// scale, with the opacity it ended with (0 when it fades out), for good: a live bubble
        /// that is no longer popping, with no `removed` event.
        public var removeOnCompletion = true

        public init() {}

        /// JRMFloatingAnimation's defaults for a view `viewWidth` wide, bubbles released at
        /// `startingPoint` on taps: the straight shape, sizes 10...20, 2 s, heights from a third
        /// of the starting point's y to all of it (`minAnimationHeight`, `maxAnimationHeight`),
        /// the control points' reach up to twice the size, no alpha variation, no fade, one image,
        /// no pop (`pop` is off: the bubble stays 0.1 s at the end, the cross-dissolve that
        /// removes it, at scale 1), removed once it is over, timed by the curve's parameter.
        ///
        /// Throws unless the starting point is within `Limits/coordinate` with a y of at least
        /// 0 (the heights run from a third of it to all of it: the library's range is empty for
        /// a negative y) and the view's width is within 0...`Limits/coordinate`.
        public static func jrmFloatingAnimation(startingPoint: Vector, viewWidth: Double) throws(FlingError) -> Configuration {
            let field = "BubbleEmitter.Configuration.jrmFloatingAnimation"
            try Check.coordinate(startingPoint, "\(field).startingPoint")
            guard startingPoint.y >= 0 else {
                throw FlingError(
                    .outOfRange, field: "\(field).startingPoint.y", value: "\(startingPoint.y)",
                    reason: "must be at least 0: the heights run from a third of it to all of it")
            }
            var c = Configuration()
            c.source = .fixed(startingPoint)
            c.shape = .straight
            c.size = 10...20
            c.duration = 2...2
            c.height = (startingPoint.y * 1 / 3)...startingPoint.y
            c.viewWidth = viewWidth
            c.popScale = 1
            c.popDuration = 0.1
            do { try c.validate() } catch {
                throw FlingError(error.code, field: "\(field) (\(error.field))", value: error.value, reason: error.reason)
            }
            return c
        }

        /// Throws unless every number is finite and in range.
        func validate() throws(FlingError) {
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
            if let animationWidth { try Check.range(animationWidth, 0...Limits.coordinate, "BubbleEmitter.animationWidth") }
            try Check.range(viewWidth, 0...Limits.coordinate, "BubbleEmitter.viewWidth")
            try checkRange(alpha, 0...1, "BubbleEmitter.alpha")
            guard (1...1_000_000).contains(images) else {
                throw FlingError(.outOfRange, field: "BubbleEmitter.images", value: "\(images)", reason: "must lie in 1...1000000")
            }
        }

        /// Whether bubbles differ in opacity or image (so a scene's digest covers them).
        public var variesLook: Bool { alpha.lowerBound != alpha.upperBound || fadesOut || images > 1 }
    }

    /// One bubble, as emitted: its whole path (``lastEmitted`` gives each as it is made, to
    /// draw the zigzag it will rise along).
    public struct Bubble: Hashable, Sendable {
        /// Emission order, from 0.
        public internal(set) var id: Int
        /// When it was emitted, seconds.
        public internal(set) var born: Double
        /// The path it rises along.
        public internal(set) var curve: BubbleCurve
        /// Seconds from emission to the pop.
        public internal(set) var duration: Double
        /// Diameter, points.
        public internal(set) var size: Double
        /// Whether its sway was negated (it zigzags right first), or for the library's shapes its
        /// control points swapped.
        public internal(set) var mirrored: Bool
        /// The shape its curve has (for triangle-up, the one drawn).
        var shape: Shape
        /// Its opacity when made, 0...1.
        var alpha: Double
        /// Which image it wears, from 0.
        var image: Int
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
        /// Its opacity now (fading when the configuration fades bubbles out).
        public var alpha: Double
        /// Which image it wears.
        public var image: Int
    }

    /// Something that happened to a bubble, at a time.
    public struct Event: Hashable, Sendable, CustomStringConvertible {
        public enum Kind: String, Hashable, Sendable { case emitted, popped, removed }
        public var time: Double
        public var bubble: Int
        public var kind: Kind
        /// `bubble 3 popped at 1.5 s`.
        public var description: String { "bubble \(bubble) \(kind.rawValue) at \(time) s" }
    }

    /// The configuration it was made with.
    public let configuration: Configuration
    /// The seed of its random choices: the same seed, the same bubbles.
    public let seed: UInt64
    /// The time of the last ``advance(to:)``, seconds (0 at the start).
    private(set) var time = 0.0
    /// Bubbles alive (rising, popping, or staying where they ended), in emission order.
    private(set) var bubbles: [Bubble] = []
    private var random: SceneRandom
    private var nextTimer = Double.infinity
    /// Every tap given so far, in order: the emitter's inputs, which a scene trace records.
    public private(set) var taps: [Double] = []
    private var tapHead = 0
    private var emitted = 0
    /// Every bubble the last ``advance(to:)`` emitted, in order, those it already removed too
    /// (for drawing each bubble's path).
    public private(set) var lastEmitted: [Bubble] = []

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
    static let emissionBudget = WorkBudget("BubbleEmitter.emissionBudget", unit: "bubbles live or emitted", limit: 1e6)

    /// The most bubbles an advance to `time` can leave alive: those alive now and every one it
    /// may emit.
    func liveBound(at time: Double) -> Double {
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
    /// `overBudget` when the bubbles live and due exceed `emissionBudget`.
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
        // By index, reading fields: a bubble is not copied (its curve's table would be retained).
        for i in bubbles.indices {
            let pop = bubbles[i].born + bubbles[i].duration, gone = pop + configuration.popDuration
            if pop > previous, pop <= time {
                events.append(Event(time: pop, bubble: bubbles[i].id, kind: .popped))
            }
            if gone <= time, configuration.removeOnCompletion {
                events.append(Event(time: gone, bubble: bubbles[i].id, kind: .removed))
            }
        }
        if configuration.removeOnCompletion { bubbles.removeAll { $0.born + $0.duration + configuration.popDuration <= time } }
        self.time = time
        // Time order; at one time, emitted before popped before removed, then by bubble.
        func rank(_ k: Event.Kind) -> Int { k == .emitted ? 0 : k == .popped ? 1 : 2 }
        events.sort { ($0.time, rank($0.kind), $0.bubble) < ($1.time, rank($1.kind), $1.bubble) }
        return events
    }

    private mutating func emit(at t: Double) -> Bubble {
        let c = configuration
        let source = c.source.position(at: t)
        let bubble: Bubble
        if c.shape == .zigzag {
            let offset = random.uniform(c.startOffset)
            let height = random.uniform(c.height)
            var sway = random.uniform(c.sway)
            let mirrored = random.coin()
            if mirrored { sway = -sway }
            let duration = random.uniform(c.duration)
            let size = random.uniform(c.size)
            let alpha = c.alpha.lowerBound == c.alpha.upperBound ? c.alpha.lowerBound : random.uniform(c.alpha)
            let image = c.images > 1 ? random.index(c.images) : 0
            bubble = Bubble(
                id: emitted, born: t, curve: BubbleCurve(origin: Vector(source.x + offset, source.y), height: height, sway: sway),
                duration: duration, size: size, mirrored: mirrored, shape: .zigzag, alpha: alpha, image: image)
        } else {
            bubble = libraryBubble(at: t, source: source)
        }
        emitted += 1
        bubbles.append(bubble)
        lastEmitted.append(bubble)
        return bubble
    }

    /// A bubble of one of JRMFloatingAnimation's shapes, drawn in the library's order.
    private mutating func libraryBubble(at t: Double, source: Vector) -> Bubble {
        let c = configuration
        let size = random.uniform(c.size)
        let image = c.images > 1 ? random.index(c.images) : 0
        let alpha = c.alpha.lowerBound == c.alpha.upperBound ? c.alpha.lowerBound : random.uniform(c.alpha)
        let offset = c.startOffset.lowerBound == c.startOffset.upperBound ? c.startOffset.lowerBound : random.uniform(c.startOffset)
        // The layer's frame origin: the offset x, half the size above the source.
        let x = source.x + offset, y = source.y - size / 2
        var shape = c.shape
        if shape == .triangleUp { shape = [Shape.curveLeft, .curveRight, .straight][random.index(3)] }
        let width: Double
        if let given = c.animationWidth {
            width = given
        } else {
            switch c.shape {
            case .curveLeft: width = source.x
            case .curveRight: width = c.viewWidth - source.x
            case .triangleUp: width = c.viewWidth
            case .straight, .zigzag: width = size * 2
            }
        }
        let start = Vector(x, y)
        var c1: Vector, c2: Vector, end: Vector
        switch shape {
        case .curveLeft, .curveRight:
            let left = shape == .curveLeft
            let w = left ? random.between(50, width) : 0
            let h = random.uniform(c.height)
            let reach = left ? w : random.between(50, width)
            let dx = left ? -reach : reach
            c1 = Vector(x, y - 0.75 * h)
            c2 = Vector(x + dx, y - 0.25 * h)
            end = Vector(x + dx, y - h)
        default:
            let r = random.between(1, width)
            let h = random.uniform(c.height)
            let ey = y - h + size
            c1 = Vector(x - r, (y + ey) / 2)
            c2 = Vector(x + r, c1.y)
            end = Vector(x, ey)
        }
        let mirrored = random.coin()
        if mirrored { swap(&c1, &c2) }
        let duration = random.uniform(c.duration)
        return Bubble(
            id: emitted, born: t, curve: BubbleCurve(start: start, control1: c1, control2: c2, end: end), duration: duration,
            size: size, mirrored: mirrored, shape: shape, alpha: alpha, image: image)
    }

    /// The live bubbles as drawn at the current time, in emission order, written into
    /// `states` (cleared first; its capacity is kept, so a warmed-up caller allocates nothing).
    public func states(into states: inout [State]) {
        states.removeAll(keepingCapacity: true)
        for i in bubbles.indices { states.append(checkedState(of: bubbles[i], at: time)) }
    }

    /// The bubble's state at `t`; a time before its birth is taken as its birth. Throws
    /// `notFinite` for a NaN or infinite time.
    func state(of b: Bubble, at t: Double) throws(FlingError) -> State {
        try Check.finite(t, "BubbleEmitter.state.time")
        return checkedState(of: b, at: max(t, b.born))
    }

    func checkedState(of b: Bubble, at t: Double) -> State {
        let age = t - b.born
        if age < b.duration {
            let u = age / b.duration
            let s = configuration.timing == .paced ? b.curve.parameter(atLengthFraction: u) : u
            let alpha = configuration.fadesOut ? b.alpha * (1 - TimingFunction.easeInEaseOut(u)) : b.alpha
            return State(
                id: b.id, position: b.curve.point(at: s), scale: 1, size: b.size, isPopping: false, alpha: alpha, image: b.image)
        }
        let c = configuration
        let f = c.popDuration > 0 ? min((age - b.duration) / c.popDuration, 1) : 1
        // A bubble that stays is no longer popping once its pop is over.
        let popping = c.removeOnCompletion || age < b.duration + c.popDuration
        return State(
            id: b.id, position: b.curve.end, scale: 1 + (c.popScale - 1) * f, size: b.size, isPopping: popping,
            alpha: c.fadesOut ? 0 : b.alpha, image: b.image)
    }
}
