// What a path document holds, in FlingPaths' own types, for whoever plays or draws it outside
// a replay: an app that animates a document's morph or conveyor itself, and FlingView, which
// draws a document's filmstrip from this and nothing else. The document's reading, checks and
// digest stay in its kind's file (MorphPaths.swift, ConveyorPaths.swift).
import FlingCore
import FlingPaths

/// A path document's content (format `fling-paths`): its morph or conveyor as FlingPaths values,
/// and how the document samples it. ``FlingDocument/pathContent`` gives it.
public struct PathContent: Sendable {
    /// The moving paths.
    public enum Paths: Sendable {
        /// A keyframe morph of SVG path data, sampled from `from` to `to` seconds inclusive.
        case morph(KeyframeAnimation, from: Double, to: Double)
        /// A conveyor of dots over one cycle (a period, or a period per look), and how its dots,
        /// the line under them and a morph over them look (plain dots when the look is empty).
        case conveyor(Conveyor, ConveyorLook)
    }

    /// The document's name, if it has one.
    public var name: String?
    /// Its morph or conveyor.
    public var paths: Paths
    /// How many instants the document samples.
    public var sampleCount: Int
}

/// How a conveyor document draws its dots, the line under them and a morph over them (the
/// jumping pin's scene, docs/PATHS.md): empty, Fling's plain dots.
public struct ConveyorLook: Sendable {
    /// The dots' looks in turn along the belt: item `k` wears `dots[k.ordinal mod count]`
    /// (`Conveyor.Item.ordinal`).
    public var dots: [Dot]
    /// A line under the dots, if any.
    public var baseline: Baseline?
    /// A morph over the dots, if any.
    public var pin: Pin?

    /// Whether it draws more than Fling's plain dots (its baseline aside).
    public var isPlain: Bool { dots.isEmpty && pin == nil }

    /// Nanoseconds of the pattern's cycle on `conveyor`: its period times the number of looks
    /// (one period for plain dots), `Int64.max` past that.
    public func cycleNanoseconds(of conveyor: Conveyor) -> Int64 {
        let (product, overflow) = conveyor.periodNanoseconds.multipliedReportingOverflow(by: Int64(max(1, dots.count)))
        return overflow ? .max : product
    }

    /// One look of the dots' pattern: a disc of ``radius`` in ``color``, its center ``offset``
    /// points from its slot along the line (toward `Conveyor.end`).
    public struct Dot: Hashable, Sendable {
        public let radius: Double
        /// `#rrggbb`.
        public let color: String
        public let offset: Double

        /// Throws unless the radius lies in 0...10⁶, the offset in −10⁶...10⁶, and the colour is
        /// `#` and six hexadecimal digits.
        init(radius: Double, color: String, offset: Double = 0) throws(FlingError) {
            try Check.range(radius, 0...1e6, "ConveyorPaths.Dot.radius")
            try Check.range(offset, -1e6...1e6, "ConveyorPaths.Dot.offset")
            try ConveyorPaths.checkColor(color, "ConveyorPaths.Dot.color")
            self.radius = radius; self.color = color; self.offset = offset
        }
    }

    /// A line drawn under the dots along the conveyor's line, end to end.
    public struct Baseline: Hashable, Sendable {
        /// `#rrggbb`.
        public let color: String
        /// Points, 0...10⁶.
        public let width: Double

        init(color: String, width: Double = 1) throws(FlingError) {
            try ConveyorPaths.checkColor(color, "ConveyorPaths.Baseline.color")
            try Check.range(width, 0...1e6, "ConveyorPaths.Baseline.width")
            self.color = color; self.width = width
        }
    }

    /// A keyframe morph drawn over the dots (the jumping pin), on the dots' clock but
    /// ``beginTime`` seconds behind it, as a `CAKeyframeAnimation` whose `beginTime` is that much
    /// later than the dots' animation: before then the shape is the first keyframe (the layer's
    /// model path).
    public struct Pin: Sendable {
        /// The keyframes' path data, as the document wrote them.
        let keyframes: [String]
        public let animation: KeyframeAnimation
        /// Seconds, 0...10⁹.
        public let beginTime: Double
        /// The fill, `#rrggbb`.
        public let color: String

        init(keyframes: [String], animation: KeyframeAnimation, beginTime: Double, color: String) throws(FlingError) {
            try Check.range(beginTime, 0...1e9, "ConveyorPaths.Pin.beginTime")
            try ConveyorPaths.checkColor(color, "ConveyorPaths.Pin.color")
            self.keyframes = keyframes; self.animation = animation; self.beginTime = beginTime; self.color = color
        }

        /// The shape at `t` seconds of the dots' time: the animation's at `t − beginTime`.
        func shape(at t: Double) -> BezierPath { animation.shape(at: t - beginTime) }
    }
}

extension FlingDocument {
    /// A path document's content (nil for any other kind of document): read a `fling-paths`
    /// document with `Documents.read(_:)` and play its morph or conveyor in an app of your own.
    public var pathContent: PathContent? {
        if let morph = self as? PathDocument<MorphPaths> {
            return PathContent(
                name: morph.name, paths: .morph(morph.paths.animation, from: morph.sampling.from, to: morph.sampling.to),
                sampleCount: morph.sampling.frames)
        }
        if let conveyor = self as? PathDocument<ConveyorPaths> {
            return PathContent(
                name: conveyor.name, paths: .conveyor(conveyor.paths.conveyor, conveyor.paths.look),
                sampleCount: conveyor.sampling.frames)
        }
        return nil
    }
}
