import FlingCore

/// The day-night time picker: a chosen time of day drives a sky that scrolls, a sun-and-moon
/// layer that turns, and stars that fade in at night (the Toonie alarm's picker).
///
/// Times of day are minutes after midnight, in `0..<1440`. Picking a time animates the time
/// value itself (``Configuration/transition``), the shorter way round the clock or by the
/// signed difference (``Configuration/wrap``), and every layer follows the animated value:
///
/// - sky: the image is 24 h tall, offset 0 at 6:00, moving `imageHeight / 1440` points per
///   minute and wrapping; ``Layers/skyCopies`` says where to draw copies so the scroll is endless;
/// - sun-and-moon layer: rotation `2π · (m − 360) / 1440` (0 at 6:00, a full turn a day); the
///   moon counter-rotates by the same angle (it stays upright), the sun by
///   ``Configuration/sunMultiple`` times it;
/// - stars: the layer turns with the sky; alpha 0 from 6:00 to 18:00, rising to 1 at midnight
///   and back to 0 by 6:00 through ``Configuration/starRamp``.
///
/// The state at a time is a closed form of the picks before it: no clock, no randomness.
public struct DayNightPicker: Sendable {
    static let minutesPerDay = 1440.0

    /// How the stars' alpha rises over the six hours before midnight (and falls after).
    public enum Ramp: String, Hashable, Sendable, CaseIterable {
        /// In proportion to the time.
        case linear
        /// Smoothstep, `3x² − 2x³`: gentle at dusk and at midnight.
        case smooth

        func callAsFunction(_ x: Double) -> Double { self == .linear ? x : x * x * (3 - 2 * x) }
    }

    /// Which way a transition goes round the clock.
    public enum Wrap: String, Hashable, Sendable, CaseIterable {
        /// The shorter way (at most 12 hours; exactly 12 goes backwards).
        case shorter
        /// By the signed difference of the two times of day (as a scroll that can move back).
        case signed
    }

    public struct Configuration: Hashable, Sendable {
        /// Height of the sky image (24 hours), points. Default 2880 (2 points a minute).
        public var imageHeight = 2880.0
        /// Height of the view the sky is drawn in, points. Default 400.
        public var viewHeight = 400.0
        /// The sun's counter-rotation, as a multiple of the layer's. Default 1 (upright).
        public var sunMultiple = 1.0
        public var starRamp = Ramp.linear
        /// Default: a spring of response 0.55 s, damping fraction 0.825 (SwiftUI's default).
        public var transition = TimeTransition.spring(response: 0.55, dampingFraction: 0.825)
        public var wrap = Wrap.shorter

        public init() {}

        /// The Toonie alarm's picker as its case study builds it, beside Fling's defaults: the
        /// sun turns through more radians than the moon (twice as many here: the article's
        /// factor is Fling's reading, see docs/ORIGINALS.md) and a new time scrolls the sky by
        /// the signed difference of the two times of day (23:00 → 1:00 runs back 22 hours).
        /// The rest as Fling's defaults: 6:00 at offset 0, a turn a day, stars from 18:00 to 6:00.
        public static var toonie: Configuration {
            var c = Configuration()
            c.sunMultiple = 2
            c.wrap = .signed
            return c
        }

        /// Throws unless every number is finite and in range, and the view needs at most
        /// ``DayNightPicker/maximumSkyCopies`` copies of the sky image.
        func validate() throws(FlingError) {
            try Check.range(imageHeight, 1...Limits.coordinate, "DayNightPicker.imageHeight")
            try Check.range(viewHeight, 0...Limits.coordinate, "DayNightPicker.viewHeight")
            let copies = DayNightPicker.skyCopies(self)
            guard copies <= Double(DayNightPicker.maximumSkyCopies) else {
                throw FlingError(
                    .outOfRange, field: "DayNightPicker.viewHeight", value: "\(viewHeight)",
                    reason: "needs \(WorkBudget.figure(copies)) copies of a sky image \(imageHeight) points tall; "
                        + "at most \(DayNightPicker.maximumSkyCopies) (DayNightPicker.maximumSkyCopies)")
            }
            try Check.range(sunMultiple, -100...100, "DayNightPicker.sunMultiple")
            try transition.validate("DayNightPicker.transition")
        }
    }

    /// Every layer at one moment.
    public struct Layers: Hashable, Sendable {
        /// The animated time of day, minutes in `0..<1440`.
        public var minutes: Double
        /// How far the sky image is scrolled, points in `0..<imageHeight`.
        public var skyOffset: Double
        /// The y of each copy of the sky image to draw, top first, covering the view.
        public var skyCopies: [Double]
        /// The sun-and-moon layer's rotation, radians (clockwise on screen).
        public var rotation: Double
        public var moonRotation: Double
        public var sunRotation: Double
        public var starRotation: Double
        public var starAlpha: Double
    }

    /// The configuration it was made with.
    public let configuration: Configuration
    /// The time of the last pick, seconds.
    private(set) var pickTime: Double
    /// The animated value (unwrapped minutes) when the last pick began, and how far it moves.
    private var from: Double
    private var delta: Double
    /// The picked time of day, minutes.
    private(set) var target: Double
    /// The time of day shown at the start, minutes.
    public let initialMinutes: Double
    /// Every pick so far, in order: the picker's inputs, which a scene trace records.
    public private(set) var picks: [Pick] = []

    /// A time of day picked at a time.
    public struct Pick: Hashable, Sendable {
        /// When, seconds.
        public var time: Double
        /// The time of day picked, minutes.
        public var minutes: Double
        public init(time: Double, minutes: Double) { self.time = time; self.minutes = minutes }
    }

    /// A picker showing `minutes` at rest, at time 0.
    public init(configuration: Configuration = .init(), minutes: Double) throws(FlingError) {
        try configuration.validate()
        try Check.range(minutes, 0...(Self.minutesPerDay - 0x1p-40), "DayNightPicker.minutes")
        self.configuration = configuration
        pickTime = 0
        from = minutes
        delta = 0
        target = minutes
        initialMinutes = minutes
    }

    /// Picks a new time of day at `time` (seconds, never before the last pick): the value
    /// animates from wherever it is at `time`.
    public mutating func pick(_ minutes: Double, at time: Double) throws(FlingError) {
        try Check.range(minutes, 0...(Self.minutesPerDay - 0x1p-40), "DayNightPicker.pick.minutes")
        try Check.range(time, 0...1e9, "DayNightPicker.pick.time")
        guard time >= pickTime else {
            throw FlingError(
                .outOfOrder, field: "DayNightPicker.pick.time", value: "\(time)",
                reason: "is earlier than the last pick, \(pickTime)")
        }
        let now = value(at: time)
        var d = minutes - Self.wrapped(now)
        if configuration.wrap == .shorter { d = Self.wrapped(d + 720) - 720 }
        from = now
        delta = d
        target = minutes
        pickTime = time
        picks.append(Pick(time: time, minutes: minutes))
    }

    /// The animated value at `time` (unwrapped: it may leave 0..<1440 while going round).
    public func value(at time: Double) -> Double {
        let p = configuration.transition.progress(at: time - pickTime)
        return p == 1 ? from + delta : from + delta * p
    }

    /// `x` wrapped into `0..<1440`.
    static func wrapped(_ x: Double) -> Double {
        var r = x - minutesPerDay * (x / minutesPerDay).rounded(.down)
        if r >= minutesPerDay { r -= minutesPerDay }
        if r < 0 { r += minutesPerDay }
        return r
    }

    /// The most copies of the sky image a view may need (`⌈viewHeight / imageHeight⌉ + 1`,
    /// ``Layers/skyCopies``): a bound on the memory of one ``Layers`` and the time to make it.
    static let maximumSkyCopies = 10_000

    /// The number of copies of the sky image ``Layers/skyCopies`` holds for a configuration:
    /// the fewest, from the first at `-offset` (at most one image above the view's top), that
    /// reach the view's bottom (what each layers' reading costs: a scene's work counts it).
    public static func skyCopies(_ c: Configuration) -> Double {
        (c.viewHeight / c.imageHeight).rounded(.down) + 2
    }

    /// Every layer at `time` (at or after the last pick).
    public func layers(at time: Double) -> Layers { Self.unchecked(minutes: Self.wrapped(value(at: time)), configuration) }

    /// Every layer for a time of day, without animation: `minutes` (finite) is taken modulo a
    /// day first, so every layer lies in its documented range (star alpha in 0...1).
    ///
    /// Throws unless `minutes` is finite and `c` validates (``Configuration/validate()``).
    static func layers(minutes m: Double, _ c: Configuration) throws(FlingError) -> Layers {
        try Check.finite(m, "DayNightPicker.layers.minutes")
        try c.validate()
        return unchecked(minutes: wrapped(m), c)
    }

    /// ``layers(minutes:_:)`` for minutes in `0..<1440` and a valid configuration.
    static func unchecked(minutes m: Double, _ c: Configuration) -> Layers {
        let sinceSix = wrapped(m - 360)
        let rotation = 2 * Double.pi * sinceSix / minutesPerDay
        let offset = sinceSix * c.imageHeight / minutesPerDay
        var copies: [Double] = []
        var y = -offset
        repeat {
            copies.append(y)
            y += c.imageHeight
        } while y < c.viewHeight
        let alpha: Double
        if m >= 360, m <= 1080 {
            alpha = 0
        } else if m > 1080 {
            alpha = c.starRamp((m - 1080) / 360)
        } else {
            alpha = c.starRamp((360 - m) / 360)
        }
        return Layers(
            minutes: m, skyOffset: offset, skyCopies: copies, rotation: rotation, moonRotation: -rotation,
            sunRotation: -rotation * c.sunMultiple, starRotation: rotation, starAlpha: alpha)
    }
}
