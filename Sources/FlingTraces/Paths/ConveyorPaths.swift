import FlingCore
import FlingPaths

// The `conveyor` path kind: dots scrolling along a line, fading at its ends, declared once
// (registered in Documents.swift).
//
// Document: `"from"`, `"to"`, `"spacing"`, `"period"`, `"reversed"`, `"fadeLength"`, optionally
// `"dots"`, `"baseline"`, `"pin"` (ConveyorPaths+Look.swift), `"sampling": {"frames"}`.
// Digest: per sample (at `k · cycle / frames` nanoseconds, the cycle one period, or the period
// times the number of looks), each dot's x, y and alpha (with looks: its drawn center, its alpha
// there and its look's index), then the dot count, then the pin's shape if there is one.
// Run: item `dot` (id: its place on the line, nearest the start first), values
// `x y distance alpha` (with looks also `radius look`), and with a pin items `subpath` as a
// morph's; each frame carries its digest.

/// A conveyor of dots: Fling's plain dots, or with ``dots``, ``baseline`` and ``pin`` the jumping
/// pin's scene as its original draws it.
struct ConveyorPaths: SampledPaths {
    var conveyor: Conveyor
    /// The dots' looks in turn along the belt: item `k` wears `dots[k.ordinal mod count]`
    /// (`Conveyor.Item.ordinal`). Empty (the default): plain dots.
    var dots: [Dot] = []
    /// A line under the dots, if any.
    var baseline: Baseline? = nil
    /// A morph over the dots, if any.
    var pin: Pin? = nil

    init(_ conveyor: Conveyor) { self.conveyor = conveyor }

    init(_ conveyor: Conveyor, dots: [Dot], baseline: Baseline? = nil, pin: Pin? = nil) {
        self.conveyor = conveyor; self.dots = dots; self.baseline = baseline; self.pin = pin
    }

    /// One sample: the dots on the line.
    typealias Frame = [Conveyor.Item]

    static var kind: String { "conveyor" }
    func checkPaths() throws(FlingError) { try checkLook() }
    static var summary: String { "a conveyor of fading dots" }
    static var keys: [String] { ["from", "to", "spacing", "period", "reversed", "fadeLength", "dots", "baseline", "pin"] }

    static func read(_ r: inout PathReader) throws(FlingError) -> (ConveyorPaths, PathSampling) {
        let o = r.object, path = o.path
        let from: Vector = try r.decoder.decode(try r.decoder.required(o, "from"), path / "from")
        let to: Vector = try r.decoder.decode(try r.decoder.required(o, "to"), path / "to")
        var reversed = false
        if let n = r.decoder.optional(o, "reversed") { reversed = try r.decoder.bool(n, path / "reversed") }
        var fade = 50.0
        if let n = r.decoder.optional(o, "fadeLength") { fade = try r.decoder.double(n, path / "fadeLength") }
        let conveyor: Conveyor
        do {
            conveyor = try Conveyor(
                from: from, to: to, spacing: try r.decoder.double(o, "spacing"),
                period: try r.decoder.double(o, "period"), reversed: reversed, fadeLength: fade)
        } catch { throw r.decoder.located(error, path) }
        var paths = ConveyorPaths(conveyor)
        try paths.readLook(&r)
        let so = try r.decoder.object(try r.decoder.required(o, "sampling"), path / "sampling", keys: ["frames"])
        return (paths, PathSampling(frames: try r.decoder.int(so, "frames")))
    }

    /// `"dots"`, `"baseline"` and `"pin"`, each optional.
    mutating func readLook(_ r: inout PathReader) throws(FlingError) {
        let o = r.object, path = o.path
        if let n = r.decoder.optional(o, "dots") {
            for (k, node) in try r.decoder.array(n, path / "dots").enumerated() {
                let dn = try r.decoder.object(node, path / "dots" / k, keys: ["radius", "color", "offset"])
                var offset = 0.0
                if let on = r.decoder.optional(dn, "offset") { offset = try r.decoder.double(on, dn.path / "offset") }
                do {
                    dots.append(
                        try Dot(
                            radius: try r.decoder.double(dn, "radius"),
                            color: try r.decoder.string(try r.decoder.required(dn, "color"), dn.path / "color"),
                            offset: offset))
                } catch { throw r.decoder.located(error, dn.path) }
            }
            do { try checkLook() } catch { throw r.decoder.located(error, path / "dots") }
        }
        if let n = r.decoder.optional(o, "baseline") {
            let bo = try r.decoder.object(n, path / "baseline", keys: ["color", "width"])
            do {
                baseline = try Baseline(
                    color: try r.decoder.string(try r.decoder.required(bo, "color"), bo.path / "color"),
                    width: try r.decoder.double(bo, "width"))
            } catch { throw r.decoder.located(error, bo.path) }
        }
        if let n = r.decoder.optional(o, "pin") {
            let po = try r.decoder.object(n, path / "pin", keys: MorphPaths.keys + ["beginTime", "color"])
            let (texts, animation) = try MorphPaths.animation(po, &r.decoder)
            do {
                pin = try Pin(
                    keyframes: texts, animation: animation, beginTime: try r.decoder.double(po, "beginTime"),
                    color: try r.decoder.string(try r.decoder.required(po, "color"), po.path / "color"))
            } catch { throw r.decoder.located(error, po.path) }
        }
    }

    func members(_ sampling: PathSampling) -> [String] {
        typealias W = JSONWriter
        let c = conveyor
        return [
            "\"from\": \(W.json(c.start))", "\"to\": \(W.json(c.end))", "\"spacing\": \(W.number(c.spacing))",
            "\"period\": \(W.number(c.period))", "\"reversed\": \(c.reversed)", "\"fadeLength\": \(W.number(c.fadeLength))",
        ] + lookMembers + ["\"sampling\": {\"frames\": \(sampling.frames)}"]
    }

    /// `"dots"` (one look a line), `"baseline"` and `"pin"` (its morph keys one a line), those
    /// the document has.
    var lookMembers: [String] {
        typealias W = JSONWriter
        var lines: [String] = []
        if !dots.isEmpty {
            let each = dots.map { d in
                "{\"radius\": \(W.number(d.radius)), \"color\": \(W.string(d.color))"
                    + (d.offset == 0 ? "" : ", \"offset\": \(W.number(d.offset))") + "}"
            }
            lines.append("\"dots\": [\n    " + each.joined(separator: ",\n    ") + "\n  ]")
        }
        if let b = baseline { lines.append("\"baseline\": {\"color\": \(W.string(b.color)), \"width\": \(W.number(b.width))}") }
        if let p = pin {
            let members =
                MorphPaths.members(p.keyframes, p.animation, indent: "    ") + [
                    "\"beginTime\": \(W.number(p.beginTime))", "\"color\": \(W.string(p.color))",
                ]
            lines.append("\"pin\": {\n    " + members.joined(separator: ",\n    ") + "\n  }")
        }
        return lines
    }

    /// Sample `k`'s time in nanoseconds: `k · cycle / frames`, integer division (the cycle is
    /// one period, or the period times the number of looks).
    func nanoseconds(_ k: Int, _ frames: Int) -> Int64 {
        Conveyor.sampleNanoseconds(k, of: frames, over: cycleNanoseconds)
    }

    /// The sample times (frames clamped to 0...`KeyframeAnimation.maximumSamples`).
    func times(_ sampling: PathSampling) -> [Double] {
        let frames = min(max(sampling.frames, 0), KeyframeAnimation.maximumSamples)
        return (0..<frames).map { Double(nanoseconds($0, frames)) / 1e9 }
    }

    func replay(_ sampling: PathSampling, keepsSteps: Bool, into out: inout PathReplay<Self>) throws(FlingError) {
        try checkLook()
        try checkSampling(sampling)
        for k in 0..<max(0, sampling.frames) {
            let t = nanoseconds(k, sampling.frames)
            let items = visible(atNanoseconds: t)
            combine(items, at: t, into: &out.digest)
            if keepsSteps {
                out.frames.append(items)
                out.digests.append(out.digest)
            }
        }
    }

    /// The plain conveyor's, `Conveyor.sampleDigest(count:)`; with looks or a pin, the same
    /// samples over the cycle with those.
    func digest(_ sampling: PathSampling) throws(FlingError) -> StateDigest {
        guard hasLook else { return try conveyor.sampleDigest(count: sampling.frames) }
        try checkLook()
        try checkSampling(sampling)
        var d = StateDigest()
        for k in 0..<sampling.frames {
            let t = nanoseconds(k, sampling.frames)
            combine(visible(atNanoseconds: t), at: t, into: &d)
        }
        return d
    }

    /// A conveyor document's budget: frames × dots shown, as much as
    /// `Conveyor.sampleDigest(count:)` takes (a test holds the two equal).
    static let budget = WorkBudget("ConveyorPaths.budget", unit: "frames × items", limit: 2e7)

    /// Frames × dots on the line (and the pin's segments).
    func work(_ sampling: PathSampling) -> Documents.Work {
        Documents.Work(
            unit: Self.budget.unit,
            amount: conveyor.sampleWork(count: sampling.frames) + (pin?.animation.sampleWork(count: max(0, sampling.frames)) ?? 0))
    }

    func run(of replay: PathReplay<Self>, in document: PathDocument<Self>, title: String) -> Run {
        let times = times(document.sampling)
        var frames = PathDocument<Self>.frames(replay, times) { items in
            items.enumerated().map { n, item in
                guard let (dot, index) = look(of: item) else {
                    return RunItem(kind: "dot", id: n, values: [item.position.x, item.position.y, item.distance, item.alpha])
                }
                let (center, alpha) = drawn(item)
                return RunItem(kind: "dot", id: n, values: [center.x, center.y, item.distance, alpha, dot.radius, Double(index)])
            }
        }
        var schema = [Run.ItemSchema(itemKind: "dot", fields: ["x", "y", "distance", "alpha"] + (dots.isEmpty ? [] : ["radius", "look"]))]
        let c = conveyor
        let reach = dots.map { $0.radius + abs($0.offset) }.max() ?? 0
        var box = BoundingBox(
            min: Vector(min(c.start.x, c.end.x), min(c.start.y, c.end.y)) - Vector(10 + reach, 10 + reach),
            max: Vector(max(c.start.x, c.end.x), max(c.start.y, c.end.y)) + Vector(10 + reach, 10 + reach))
        var stageItems: [Run.StageItem] = []
        if let pin {
            for k in frames.indices where k < times.count {
                frames[k].items += Self.subpaths(pin.shape(at: times[k]))
            }
            for p in pin.animation.keyframes { if let b = p.bounds { box = box.union(b) } }
            let most = pin.animation.keyframes.map(\.subpaths.count).max() ?? 0
            stageItems = (0..<most).map { Run.StageItem(itemKind: "subpath", id: $0, label: "pin subpath \($0)", facts: []) }
            schema.append(Run.ItemSchema(itemKind: "subpath", fields: ["closed"]))
        }
        return Run(
            kind: Self.kind, title: title, stepUnit: "sample",
            stages: [
                Run.Stage(
                    name: document.name, stepCount: frames.count,
                    viewport: Rect(x: box.min.x, y: box.min.y, width: box.max.x - box.min.x, height: box.max.y - box.min.y),
                    stepInterval: Double(cycleNanoseconds) / 1e9 / Double(max(1, document.sampling.frames)),
                    items: stageItems)
            ],
            schema: schema, steps: frames, events: [], inputs: [], digest: replay.digest, summary: replay.summary)
    }

    /// A shape as Run items `subpath`, as a morph's run has them.
    static func subpaths(_ shape: BezierPath) -> [RunItem] {
        shape.subpaths.enumerated().map { n, sp in
            var points = [sp.start.x, sp.start.y]
            for c in sp.segments { points += [c.p1.x, c.p1.y, c.p2.x, c.p2.y, c.p3.x, c.p3.y] }
            return RunItem(kind: "subpath", id: n, values: [sp.isClosed ? 1 : 0], points: points)
        }
    }

}
