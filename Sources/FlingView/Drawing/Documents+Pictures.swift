import FlingCore
import FlingInteraction
import FlingPaths
import FlingScenes
import FlingTraces

// Every document kind's picture, in one place: a kind's picture is a `DocumentPicture`, and
// `render(_:)` (what `fling render` and `fling paths render` write) finds it by the document's
// type, a path document's from its public content (`pathContent`), a seeded scene's from its
// content (`sceneContent`) and its replay's `Run`. The pictures are drawn over
// one XML text writer (XMLText) and one number formatter (NumberText, in _FlingCoding).

extension Documents {
    /// How to draw a document (`FlingDocument.render(_:)`): the replay's options and the
    /// picture's. A kind uses the options that apply to it.
    public struct RenderOptions {
        /// How the document is replayed before it is drawn.
        public var replay: ReplayOptions
        /// The picture's title when the document has no name (a file name).
        var title: String
        /// The backend's name, for captions.
        var backendName: String
        /// Tile traces: ticks between drawn outlines.
        var every: Int
        /// Day-night scenes: the seed of the clouds drawn.
        var clouds: UInt64
        /// Path documents: an animated SVG (SMIL) rather than a filmstrip.
        var animated: Bool
        /// Path documents: the samples drawn (nil: the kind's default).
        var samples: Int?

        /// Options for ``FlingDocument/render(_:)``: the replay's (its backend, display frames), the
        /// title when the document has no name, the backend's name for captions, and per kind the
        /// ticks between a trace's drawn outlines, the seed of a day-night scene's clouds, and for
        /// path documents an animated SVG rather than a filmstrip, of `samples` samples.
        public init(
            replay: ReplayOptions, title: String, backendName: String = "native-portable", every: Int = 6, clouds: UInt64 = 1,
            animated: Bool = false, samples: Int? = nil
        ) {
            self.replay = replay; self.title = title; self.backendName = backendName; self.every = every; self.clouds = clouds
            self.animated = animated; self.samples = samples
        }
    }
}

extension FlingDocument {
    /// An SVG picture of the document's replay (what `fling render` writes), after checking its
    /// work (``FlingTraces/FlingDocument/validateWork(_:)``).
    public func render(_ options: Documents.RenderOptions) throws(FlingError) -> String {
        try validateWork(options.replay)
        if let content = pathContent {
            try validate()
            return try PathPicture.render(content, options)
        }
        if let content = sceneContent { return try ScenePicture.render(self, content, options) }
        guard let picture = self as? any DocumentPicture else {
            throw FlingError(.invalidState, field: "render", value: Self.kind.name, reason: "this kind of document has no picture")
        }
        return try picture.picture(options)
    }
}

/// A document kind's picture.
protocol DocumentPicture {
    func picture(_ options: Documents.RenderOptions) throws(FlingError) -> String
}

extension Trace: DocumentPicture {
    /// The picture: at most `TraceSVG/maximumStates` tile positions (a longer trace is
    /// drawn every k-th tick, ticks with a life-cycle event always) and a sixteenth as many
    /// outlines (every `options.every` ticks, or every k'-th, a multiple of k).
    func picture(_ options: Documents.RenderOptions) throws(FlingError) -> String {
        try validate()
        // Its work (tile-ticks) is within its budget (validated): these divisions are small whole numbers.
        let tileTicks = work(options.replay).amount
        let interval = max(1, Int((tileTicks / Double(TraceSVG.maximumStates)).rounded(.up)))
        let outlines = max(1, options.every, Int((tileTicks / Double(TraceSVG.maximumStates / 16)).rounded(.up)))
        // A multiple of the interval (recorded ticks only), or no outline after tick 0.
        let outlineEvery = outlines > Int.max - interval ? Int.max : (outlines + interval - 1) / interval * interval
        var replayer = TraceReplayer(self, display: options.replay.display)
        replayer.recordInterval = interval
        replayer.checkpointInterval = options.replay.checkpointInterval
        guard let makeBackend = options.replay.makeBackend else {
            throw FlingError(
                .invalidState, field: "render", value: "no backend",
                reason: "a trace's picture replays it: give the render options' replay a backend (ReplayOptions.makeBackend)")
        }
        let replay = try replayer.replay(makeBackend: makeBackend)
        var named = self
        if named.name == nil { named.name = options.title }
        let picture = TraceSVG(
            trace: named, replay: replay, every: outlineEvery,
            subtitle: "\(options.title), replayed on \(options.backendName): \(replay.summary)")
        return picture.render()
    }
}

/// A scene's picture (bubbles, a day-night picker, clouds, chat heads, a sun switch), from its
/// public content and its replay's `Run`, of every k-th sample
/// (`SceneSVG/frameStride(samples:perSample:animated:)`): at most `SceneSVG/maximumDrawn`
/// numbers drawn.
enum ScenePicture {
    static func render(_ document: some FlingDocument, _ content: SceneContent, _ options: Documents.RenderOptions) throws(FlingError)
        -> String
    {
        try document.validate()
        var o = options.replay
        o.keepsSteps = true
        let n = content.sampleCount
        let animated: Bool
        switch content.scene {
        case .bubbles, .chatHeads, .sunSwitch: animated = false
        case .dayNight, .clouds: animated = true
        }
        o.stepStride = SceneSVG.frameStride(samples: n, perSample: document.work(o).amount / Double(max(1, n)), animated: animated)
        // The replay alone: a picture compares no pins (play would, on a reference backend too).
        let run = document.run(of: try document.replay(o), title: options.title)
        let title = SceneSVG.title(content.name, options)
        switch content.scene {
        case .bubbles(let configuration, _, _): return bubbles(run, popScale: configuration.popScale, title: title)
        case .clouds: return SceneSVG.sky(run, rate: content.rate, layers: false, seed: nil, title: title)
        case .dayNight: return SceneSVG.sky(run, rate: content.rate, layers: true, seed: options.clouds, title: title)
        case .chatHeads(let configuration, _, _): return SceneSVG.snap(run, frame: configuration.screen, title: "\(title): \(run.summary)")
        case .sunSwitch(let configuration, _, _):
            let stage = run.stages.first?.viewport ?? configuration.trackFrame
            return SceneSVG.snap(run, frame: stage, title: "\(title): \(run.summary)", track: configuration.trackFrame)
        }
    }

    /// Every bubble's path with its pops (every k-th by id when more would draw beyond
    /// `SceneSVG/maximumDrawn` numbers, 8 a bubble), over the bounds of every bubble's path (the
    /// run's stage).
    static func bubbles(_ run: Run, popScale: Double, title: String) -> String {
        let f = SceneSVG.f
        let stage = run.stages.first
        let all = stage?.items.filter { $0.itemKind == "bubble" } ?? []
        let stride = max(1, (all.count + SceneSVG.maximumDrawn / 8 - 1) / (SceneSVG.maximumDrawn / 8))
        let emitted = stride == 1 ? all : all.filter { $0.id % stride == 0 }
        let b0 = stage?.viewport ?? Rect(x: 0, y: 0, width: 0, height: 0)
        let drawn = stride == 1 ? "" : " (every \(stride)th drawn)"
        var svg = SceneSVG.header(width: b0.width, height: b0.height + 40, title: "\(title): \(all.count) bubbles\(drawn), \(run.summary)")
        svg += "<g transform=\"translate(\(f(-b0.x)),\(f(40 - b0.y)))\">\n"
        for b in emitted {
            let fact = b.fact
            let color = fact("mirrored") != 0 ? "#ae3ec9" : "#1c7ed6"
            svg +=
                "<path class=\"bubble\" d=\"M\(f(fact("x0"))) \(f(fact("y0"))) C\(f(fact("x1"))) \(f(fact("y1"))) "
                + "\(f(fact("x2"))) \(f(fact("y2"))) \(f(fact("x3"))) \(f(fact("y3")))\" fill=\"none\" stroke=\"\(color)\" "
                + "stroke-opacity=\"0.5\"/>\n"
            svg +=
                "<circle cx=\"\(f(fact("x3")))\" cy=\"\(f(fact("y3")))\" r=\"\(f(fact("size") * popScale / 2))\" fill=\"none\" stroke=\"\(color)\"/>\n"
        }
        return svg + "</g>\n</svg>\n"
    }
}

/// A path document's picture, from its public content (``FlingDocument/pathContent``): a
/// filmstrip, or with ``Documents/RenderOptions/animated`` an animated SVG.
enum PathPicture {
    static func render(_ content: PathContent, _ options: Documents.RenderOptions) throws(FlingError) -> String {
        switch content.paths {
        case .morph(let animation, let from, let to):
            // A filmstrip of sampled frames (``Documents/RenderOptions/samples``, default up to 24,
            // over the sampling's range), or an animated SVG of that many samples (default 61).
            if options.animated { return try PathSVG.animated(animation, frames: options.samples ?? 61) }
            let times = try KeyframeAnimation.sampleTimes(count: options.samples ?? min(content.sampleCount, 24), from: from, to: to)
            return PathSVG.filmstrip(animation, times: times, title: content.name ?? "morph")
        case .conveyor(let conveyor, let look):
            return try conveyorPicture(conveyor, look, name: content.name, options)
        }
    }

    /// A filmstrip of ``Documents/RenderOptions/samples`` instants over one period (default 8), or an
    /// animated SVG of that many samples (default 31). With looks or a pin: the scene as drawn
    /// (the line, the dots in their looks, the pin), the filmstrip over the cycle (default 12
    /// instants), the animation looping over the cycle, the pin's beginning `beginTime` late.
    static func conveyorPicture(_ conveyor: Conveyor, _ look: ConveyorLook, name: String?, _ options: Documents.RenderOptions)
        throws(FlingError) -> String
    {
        if !look.isPlain || look.baseline != nil {
            let scene = PathSVG.ConveyorScene(
                conveyor: conveyor, dots: look.dots.map { ($0.radius, $0.color, $0.offset) },
                baseline: look.baseline.map { ($0.color, $0.width) },
                pin: look.pin.map { ($0.animation, $0.beginTime, $0.color) })
            if options.animated { return try PathSVG.animated(scene, frames: options.samples ?? 91) }
            let frames = try sampleCount(options.samples ?? 12)
            let cycle = look.cycleNanoseconds(of: conveyor)
            let nanoseconds = (0..<frames).map { Conveyor.sampleNanoseconds($0, of: frames, over: cycle) }
            return PathSVG.filmstrip(scene, nanoseconds: nanoseconds, title: name ?? "conveyor")
        }
        if options.animated { return PathSVG.animated(conveyor, frames: options.samples ?? 31) }
        let n = try sampleCount(options.samples ?? 8)
        let times = (0..<n).map { Conveyor.sampleNanoseconds($0, of: n, over: conveyor.periodNanoseconds) }
        return PathSVG.filmstrip(conveyor, nanoseconds: times)
    }

    /// `samples`, unless it lies outside 1...`KeyframeAnimation.maximumSamples`.
    static func sampleCount(_ samples: Int) throws(FlingError) -> Int {
        guard (1...KeyframeAnimation.maximumSamples).contains(samples) else {
            throw FlingError(
                .outOfRange, field: "Documents.RenderOptions.samples", value: "\(samples)",
                reason: "must lie in 1...\(KeyframeAnimation.maximumSamples)")
        }
        return samples
    }
}
