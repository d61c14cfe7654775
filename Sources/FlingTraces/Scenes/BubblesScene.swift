import FlingCore
import FlingScenes

// The `bubbles` scene kind: a seeded bubble emitter and its taps, declared once (registered in
// Documents.swift).
//
// Document: `"seed"`, `"configuration"` (the emitter's), `"inputs"`: `{"time": t, "tap": true}`.
// Digest, per sample: the live bubbles' count, then each one's id, center x, y and scale (and,
// when the configuration varies their look, ``BubbleEmitter/Configuration/variesLook``, its
// opacity and image).
// Run: item `bubble` (id: the bubble's), values `x y scale size alpha image`, phase `popping` while it pops;
// a stage item per bubble emitted, facts `born duration size mirrored` and its curve
// `x0 y0 x1 y1 x2 y2 x3 y3`; events `emitted`, `popped`, `removed`; inputs `tap`.

/// A bubble emitter, its seed and its taps (seconds), as a scene document holds it.
struct BubblesScene: SampledScene {
    var configuration: BubbleEmitter.Configuration
    var seed: UInt64
    var taps: [Double]

    init(_ configuration: BubbleEmitter.Configuration, seed: UInt64, taps: [Double] = []) {
        self.configuration = configuration; self.seed = seed; self.taps = taps
    }

    /// One sample: the live bubbles, and the bubbles emitted since the previous sample.
    struct Frame: Hashable, Sendable {
        var states: [BubbleEmitter.State]
        var emitted: [BubbleEmitter.Bubble]
    }

    static var kind: String { "bubbles" }
    static var summary: String { "a seeded bubble emitter and its taps" }
    static var keys: [String] { ["seed"] }
    static var reportWords: [String] { ["emitted", "popped", "removed"] }
    static var runsPhysics: Bool { false }

    /// 2 when bubbles stay where they end (`removeOnCompletion` false), else 1.
    var minimumVersion: Int { configuration.removeOnCompletion ? 1 : 2 }

    init(reading r: inout SceneReader) throws(FlingError) {
        let o = r.object, path = o.path
        let c = try r.decoder.bubbles(try r.decoder.required(o, "configuration"), path / "configuration", version: r.version)
        var taps: [Double] = []
        for (n, node) in try r.decoder.array(try r.decoder.required(o, "inputs"), path / "inputs").enumerated() {
            let io = try r.decoder.object(node, path / "inputs" / n, keys: ["time", "tap"])
            guard try r.decoder.bool(try r.decoder.required(io, "tap"), io.path / "tap") else {
                throw r.decoder.fail(node, io.path / "tap", "must be true")
            }
            taps.append(try r.decoder.double(io, "time"))
        }
        self.init(c, seed: try r.decoder.seed(o), taps: taps)
    }

    var members: [String] {
        typealias W = JSONWriter
        let c = configuration
        let source: String
        switch c.source {
        case .fixed(let p): source = W.json(p)
        case .sweep(let a, let b, let period):
            source = "{\"from\": \(W.json(a)), \"to\": \(W.json(b)), \"period\": \(W.number(period))}"
        }
        var members = [
            "\"source\": \(source)", "\"interval\": \(c.interval.map(W.range) ?? "null")", "\"height\": \(W.range(c.height))",
            "\"sway\": \(W.range(c.sway))", "\"duration\": \(W.range(c.duration))", "\"size\": \(W.range(c.size))",
            "\"startOffset\": \(W.range(c.startOffset))", "\"timing\": \"\(c.timing.rawValue)\"",
            "\"popScale\": \(W.number(c.popScale))", "\"popDuration\": \(W.number(c.popDuration))",
        ]
        // JRMFloatingAnimation's extras, written only when they differ from Fling's defaults.
        let plain = BubbleEmitter.Configuration()
        if c.shape != plain.shape { members.append("\"shape\": \"\(c.shape.rawValue)\"") }
        if let w = c.animationWidth { members.append("\"animationWidth\": \(W.number(w))") }
        if c.viewWidth != plain.viewWidth { members.append("\"viewWidth\": \(W.number(c.viewWidth))") }
        if c.alpha != plain.alpha { members.append("\"alpha\": \(W.range(c.alpha))") }
        if c.fadesOut { members.append("\"fadesOut\": true") }
        if c.images != plain.images { members.append("\"images\": \(c.images)") }
        if !c.removeOnCompletion { members.append("\"removeOnCompletion\": false") }
        return ["\"seed\": \(seed)", "\"configuration\": {\n    " + members.joined(separator: ",\n    ") + "\n  }"]
    }

    var inputLines: [String] { taps.map { "{\"time\": \(JSONWriter.number($0)), \"tap\": true}" } }

    func validate(_ sampling: SceneSampling) throws(FlingError) {
        let made = Double(taps.count) + (configuration.interval.map { sampling.duration / $0.lowerBound } ?? 0)
        try SceneSampling.checkMade(made, sampling)
        var e = try BubbleEmitter(configuration: configuration, seed: seed)
        for (n, t) in taps.enumerated() {
            do { try e.tap(at: t) } catch {
                throw FlingError(error.code, field: "inputs[\(n)].time", value: error.value, reason: error.reason)
            }
        }
    }

    /// The bubbles' budget: samples × the most bubbles alive at once.
    static let budget = WorkBudget("BubblesScene.budget", unit: "samples × live bubbles", limit: 1e7)

    /// Samples × the most bubbles alive at once: a bubble lives from its emission to the end of
    /// its pop, at most `life = duration.upperBound + popDuration`, so at most
    /// `⌊life / interval.lowerBound⌋ + 1` timed ones (never more than are made) and the most
    /// taps within any `life` seconds are alive together; bubbles that stay where they end live
    /// for good (every one made).
    func work(_ sampling: SceneSampling) -> Documents.Work {
        let c = configuration
        let life = c.removeOnCompletion ? c.duration.upperBound + c.popDuration : .infinity
        var live = Double(Self.mostWithin(life, of: taps))
        if let interval = c.interval {
            let made = (sampling.duration / interval.lowerBound).rounded(.down) + 1
            live += min(made, (life / interval.lowerBound).rounded(.down) + 1)
        }
        return Documents.Work(unit: Self.budget.unit, amount: Double(sampling.count) * live)
    }

    /// The most of `times` (never decreasing) within any half-open window `window` long.
    static func mostWithin(_ window: Double, of times: [Double]) -> Int {
        var most = 0, first = 0
        for (k, t) in times.enumerated() {
            while first < k, !(times[first] > t - window) { first += 1 }
            most = max(most, k - first + 1)
        }
        return most
    }

    func replay(_ sampling: SceneSampling, _ options: ReplayOptions, into out: inout SceneReplay<Self>) throws(FlingError) {
        try checkSampling(sampling)
        var e = try BubbleEmitter(configuration: configuration, seed: seed)
        for t in taps { try e.tap(at: t) }
        var states: [BubbleEmitter.State] = []
        // Bubbles emitted since the last frame kept (a thinned replay keeps every one).
        var emitted: [BubbleEmitter.Bubble] = []
        let n = sampling.count
        for k in 0..<n {
            let events = try e.advance(to: sampling.time(k))
            out.events += events.map(\.description)
            out.timeline += events.map {
                RunEvent(step: k, kind: "bubble", id: $0.bubble, name: $0.kind.rawValue, detail: "at \($0.time) s")
            }
            e.states(into: &states)
            out.digest.combine(Double(states.count))
            for s in states {
                out.digest.combine(Double(s.id)); out.digest.combine(s.position.x); out.digest.combine(s.position.y)
                out.digest.combine(s.scale)
                if configuration.variesLook { out.digest.combine(s.alpha); out.digest.combine(Double(s.image)) }
            }
            if options.keepsSteps {
                // Every bubble this advance emitted, those it already removed too.
                emitted += e.lastEmitted
                if options.keeps(k, of: n) {
                    out.frames.append(Frame(states: states, emitted: emitted))
                    out.sampleDigests.append(out.digest)
                    emitted.removeAll(keepingCapacity: true)
                }
            }
        }
    }

    func run(of replay: SceneReplay<Self>, in document: SceneDocument<Self>, title: String) -> Run {
        let emitted = replay.frames.flatMap(\.emitted)
        var items: [Run.StageItem] = emitted.map { b in
            let c = b.curve
            return Run.StageItem(
                itemKind: "bubble", id: b.id, label: "bubble \(b.id)",
                facts: [
                    .init("born", b.born), .init("duration", b.duration), .init("size", b.size), .init("mirrored", b.mirrored ? 1 : 0),
                    .init("x0", c.start.x), .init("y0", c.start.y), .init("x1", c.control1.x), .init("y1", c.control1.y),
                    .init("x2", c.control2.x), .init("y2", c.control2.y), .init("x3", c.end.x), .init("y3", c.end.y),
                ])
        }
        items.sort { $0.id < $1.id }
        let bounds = Self.bounds(emitted)
        let frames = replay.frames.enumerated().map { k, f in
            Run.Step(
                index: k, localStep: k, time: document.sampling.time(k),
                items: f.states.map { s in
                    RunItem(
                        kind: "bubble", id: s.id, values: [s.position.x, s.position.y, s.scale, s.size, s.alpha, Double(s.image)],
                        phase: s.isPopping ? "popping" : nil)
                }, digest: nil)
        }
        let inputs = taps.map { t in
            Run.Input(step: document.sampling.firstSample(atOrAfter: t), time: t, name: "tap")
        }
        return Run(
            kind: Self.kind, title: title, stepUnit: "sample",
            stages: [
                Run.Stage(
                    name: document.name, stepCount: frames.count,
                    viewport: Rect(x: bounds.minX, y: bounds.minY, width: bounds.maxX - bounds.minX, height: bounds.maxY - bounds.minY),
                    stepInterval: 1 / document.sampling.rate, items: items)
            ],
            schema: [Run.ItemSchema(itemKind: "bubble", fields: ["x", "y", "scale", "size", "alpha", "image"])], steps: frames,
            events: replay.timeline, inputs: inputs, digest: replay.digest, summary: replay.summary)
    }

    /// The area the bubbles' curves cover, with a 30-point margin.
    static func bounds(_ emitted: [BubbleEmitter.Bubble]) -> (minX: Double, minY: Double, maxX: Double, maxY: Double) {
        var xs = emitted.flatMap { [$0.curve.start.x, $0.curve.control1.x, $0.curve.control2.x] }
        var ys = emitted.flatMap { [$0.curve.start.y, $0.curve.end.y] }
        if xs.isEmpty { xs = [0, 100]; ys = [0, 100] }
        return (xs.min()! - 30, ys.min()! - 30, xs.max()! + 30, ys.max()! + 30)
    }

}

extension DocumentDecoder {
    mutating func bubbles(_ node: JSONNode, _ path: Path, version: Int) throws(FlingError) -> BubbleEmitter.Configuration {
        let o = try object(
            node, path,
            keys: [
                "source", "interval", "height", "sway", "duration", "size", "startOffset",
                "timing", "popScale", "popDuration", "shape", "animationWidth", "viewWidth", "alpha", "fadesOut", "images",
            ] + (version >= 2 ? ["removeOnCompletion"] : []))
        var c = BubbleEmitter.Configuration()
        let sourceNode = try required(o, "source")
        if case .object(let m) = sourceNode.value, m.contains(where: { $0.key == "from" }) {
            let so = try object(sourceNode, path / "source", keys: ["from", "to", "period"])
            c.source = .sweep(
                from: try decode(try required(so, "from"), so.path / "from"),
                to: try decode(try required(so, "to"), so.path / "to"), period: try double(so, "period"))
        } else {
            c.source = .fixed(try decode(sourceNode, path / "source"))
        }
        if let interval = optional(o, "interval") { c.interval = try range(interval, path / "interval") }
        c.height = try range(o, "height")
        c.sway = try range(o, "sway")
        c.duration = try range(o, "duration")
        c.size = try range(o, "size")
        c.startOffset = try range(o, "startOffset")
        let timingNode = try required(o, "timing")
        guard let timing = BubbleEmitter.Timing(rawValue: try string(timingNode, path / "timing")) else {
            throw fail(timingNode, path / "timing", "must be \"parameter\" or \"paced\"")
        }
        c.timing = timing
        c.popScale = try double(o, "popScale")
        c.popDuration = try double(o, "popDuration")
        if let node = optional(o, "shape") {
            guard let shape = BubbleEmitter.Shape(rawValue: try string(node, path / "shape")) else {
                throw fail(node, path / "shape", "must be \"zigzag\", \"straight\", \"curveLeft\", \"curveRight\" or \"triangleUp\"")
            }
            c.shape = shape
        }
        if let node = optional(o, "animationWidth") { c.animationWidth = try double(node, path / "animationWidth") }
        if let node = optional(o, "viewWidth") { c.viewWidth = try double(node, path / "viewWidth") }
        if let node = optional(o, "alpha") { c.alpha = try range(node, path / "alpha") }
        if let node = optional(o, "fadesOut") { c.fadesOut = try bool(node, path / "fadesOut") }
        if let node = optional(o, "images") { c.images = try int(node, path / "images") }
        if let node = optional(o, "removeOnCompletion") { c.removeOnCompletion = try bool(node, path / "removeOnCompletion") }
        return c
    }
}

extension SceneDocument where Scene == BubblesScene {
    /// The recording of a bubble emitter: its configuration, seed and every tap it was given.
    init(recording emitter: BubbleEmitter, sampling: SceneSampling, name: String? = nil) {
        self.init(name: name, scene: BubblesScene(emitter.configuration, seed: emitter.seed, taps: emitter.taps), sampling: sampling)
    }
}
