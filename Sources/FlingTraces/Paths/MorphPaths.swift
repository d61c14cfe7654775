import FlingCore
import FlingPaths
import FlingCurves

// The `morph` path kind: keyframes of SVG path data and the animation made from them, declared
// once (registered in Documents.swift).
//
// Document: `"keyframes"` (path data, kept as written), `"calculationMode"`, `"keyTimes"`,
// `"timing"`, `"tension"`, `"continuity"`, `"bias"`, `"duration"`, `"repeatCount"`,
// `"autoreverses"`, `"sampling": {"frames", "from", "to"}`.
// Digest: every sample's shape (``BezierPath/combine(into:)``), at `frames` times from `from` to
// `to`. Run: one item `subpath` per subpath of the shape (id: its index), values `closed` (1 or
// 0), `points` its start then three points per cubic segment; each frame carries its digest.

/// Keyframes as path data (kept as written), and the animation made from them.
struct MorphPaths: SampledPaths {
    /// The keyframes' path data, as the document wrote them.
    var keyframes: [String]
    var animation: KeyframeAnimation

    init(keyframes: [String], animation: KeyframeAnimation) { self.keyframes = keyframes; self.animation = animation }

    /// One sample: the shape.
    typealias Frame = BezierPath

    static var kind: String { "morph" }
    /// A morph's keyframes are checked as the animation is made.
    func checkPaths() throws(FlingError) {}
    static var summary: String { "a keyframe morph of SVG path data" }
    static var keys: [String] {
        [
            "keyframes", "calculationMode", "keyTimes", "timing", "tension", "continuity", "bias", "duration", "repeatCount",
            "autoreverses",
        ]
    }

    static func timingName(_ f: TimingFunction) -> String? {
        switch f {
        case .linear: "linear"
        case .easeIn: "easeIn"
        case .easeOut: "easeOut"
        case .easeInEaseOut: "easeInEaseOut"
        case .default: "default"
        default: nil
        }
    }

    static func read(_ r: inout PathReader) throws(FlingError) -> (MorphPaths, PathSampling) {
        let o = r.object, path = o.path
        let (texts, animation) = try Self.animation(o, &r.decoder)
        let so = try r.decoder.object(try r.decoder.required(o, "sampling"), path / "sampling", keys: ["frames", "from", "to"])
        let sampling = PathSampling(
            frames: try r.decoder.int(so, "frames"), from: try r.decoder.double(so, "from"), to: try r.decoder.double(so, "to"))
        return (MorphPaths(keyframes: texts, animation: animation), sampling)
    }

    /// The keyframes (as written) and the animation of the morph keys of `o` (``keys``): a morph
    /// document's, or the pin over a conveyor's dots.
    static func animation(_ o: DocumentDecoder.Object, _ decoder: inout DocumentDecoder) throws(FlingError) -> ([String], KeyframeAnimation)
    {
        var r = PathReader(decoder: decoder, object: o)
        defer { decoder = r.decoder }
        let path = o.path
        var texts: [String] = [], frames: [BezierPath] = []
        for (n, node) in try r.decoder.array(try r.decoder.required(o, "keyframes"), path / "keyframes").enumerated() {
            let d = try r.decoder.string(node, path / "keyframes" / n)
            do { frames.append(try BezierPath(svg: d)) } catch { throw r.decoder.located(error, path / "keyframes" / n) }
            texts.append(d)
        }
        var keyTimes: [Double]? = nil
        if let kt = r.decoder.optional(o, "keyTimes") {
            var times: [Double] = []
            for (n, node) in try r.decoder.array(kt, path / "keyTimes").enumerated() {
                times.append(try r.decoder.double(node, path / "keyTimes" / n))
            }
            keyTimes = times
        }
        var mode = KeyframeAnimation.CalculationMode.linear
        if let mn = r.decoder.optional(o, "calculationMode") {
            guard let m = KeyframeAnimation.CalculationMode(rawValue: try r.decoder.string(mn, path / "calculationMode")) else {
                throw r.decoder.fail(mn, path / "calculationMode", "must be \"linear\", \"discrete\", \"paced\" or \"cubic\"")
            }
            mode = m
        }
        var spline: [[Double]?] = []
        for key in ["tension", "continuity", "bias"] {
            guard let node = r.decoder.optional(o, key) else {
                spline.append(nil)
                continue
            }
            var values: [Double] = []
            for (n, x) in try r.decoder.array(node, path / key).enumerated() { values.append(try r.decoder.double(x, path / key / n)) }
            spline.append(values)
        }
        var timing: [TimingFunction]? = nil
        if let tn = r.decoder.optional(o, "timing") {
            var list: [TimingFunction] = []
            for (n, node) in try r.decoder.array(tn, path / "timing").enumerated() {
                let at = path / "timing" / n
                if case .string = node.value {
                    let name = try r.decoder.string(node, at)
                    let all: [TimingFunction] = [.linear, .easeIn, .easeOut, .easeInEaseOut, .default]
                    guard let f = all.first(where: { timingName($0) == name }) else {
                        throw r.decoder.fail(node, at, "must be linear, easeIn, easeOut, easeInEaseOut, default or [x1, y1, x2, y2]")
                    }
                    list.append(f)
                } else {
                    let xs = try r.decoder.array(node, at)
                    guard xs.count == 4 else { throw r.decoder.fail(node, at, "control points are [x1, y1, x2, y2]") }
                    var v: [Double] = []
                    for (k, x) in xs.enumerated() { v.append(try r.decoder.double(x, at / k)) }
                    do { list.append(try TimingFunction(v[0], v[1], v[2], v[3])) } catch { throw r.decoder.located(error, at) }
                }
            }
            timing = list
        }
        var repeatCount = 1.0
        if let rn = r.decoder.optional(o, "repeatCount") {
            if case .string = rn.value {
                guard try r.decoder.string(rn, path / "repeatCount") == "forever" else {
                    throw r.decoder.fail(rn, path / "repeatCount", "must be a number or \"forever\"")
                }
                repeatCount = .infinity
            } else {
                repeatCount = try r.decoder.double(rn, path / "repeatCount")
            }
        }
        var autoreverses = false
        if let an = r.decoder.optional(o, "autoreverses") { autoreverses = try r.decoder.bool(an, path / "autoreverses") }
        let animation: KeyframeAnimation
        do {
            animation = try KeyframeAnimation(
                keyframes: frames, keyTimes: keyTimes, timingFunctions: timing, calculationMode: mode,
                tension: spline[0], continuity: spline[1], bias: spline[2],
                duration: try r.decoder.double(o, "duration"), repeatCount: repeatCount,
                autoreverses: autoreverses)
        } catch { throw r.decoder.located(error, path) }
        return (texts, animation)
    }

    func members(_ sampling: PathSampling) -> [String] {
        typealias W = JSONWriter
        return Self.members(keyframes, animation, indent: "  ") + [
            "\"sampling\": {\"frames\": \(sampling.frames), \"from\": \(W.number(sampling.from)), \"to\": \(W.number(sampling.to))}"
        ]
    }

    /// The morph keys of `animation` with its keyframes as written, each `"key": value`, the
    /// keyframes one a line at `indent` (the object's own indentation).
    static func members(_ keyframes: [String], _ a: KeyframeAnimation, indent: String) -> [String] {
        typealias W = JSONWriter
        var lines = [
            "\"keyframes\": [\n  \(indent)" + keyframes.map { W.string($0) }.joined(separator: ",\n  \(indent)") + "\n\(indent)]",
            "\"calculationMode\": \"\(a.calculationMode.rawValue)\"",
        ]
        if a.calculationMode != .paced { lines.append("\"keyTimes\": [" + a.keyTimes.map(W.number).joined(separator: ", ") + "]") }
        if a.timingFunctions.contains(where: { $0 != .linear }) {
            let timing = a.timingFunctions.map { f in
                Self.timingName(f).map { "\"\($0)\"" }
                    ?? "[\(W.number(f.controlPoint1.x)), \(W.number(f.controlPoint1.y)), \(W.number(f.controlPoint2.x)), \(W.number(f.controlPoint2.y))]"
            }
            lines.append("\"timing\": [" + timing.joined(separator: ", ") + "]")
        }
        if a.calculationMode == .cubic {
            for (key, values) in [("tension", a.tension), ("continuity", a.continuity), ("bias", a.bias)] {
                lines.append("\"\(key)\": [" + values.map(W.number).joined(separator: ", ") + "]")
            }
        }
        return lines + [
            "\"duration\": \(W.number(a.duration))",
            "\"repeatCount\": " + (a.repeatCount.isInfinite ? "\"forever\"" : W.number(a.repeatCount)),
            "\"autoreverses\": \(a.autoreverses)",
        ]
    }

    /// The sample times (frames clamped to 0...`KeyframeAnimation.maximumSamples`; none for a
    /// sampling from or to a time that is not finite, which the document's check refuses).
    func times(_ sampling: PathSampling) -> [Double] {
        let frames = min(max(sampling.frames, 0), KeyframeAnimation.maximumSamples)
        return (try? KeyframeAnimation.sampleTimes(count: frames, from: sampling.from, to: sampling.to)) ?? []
    }

    func replay(_ sampling: PathSampling, keepsSteps: Bool, into out: inout PathReplay<Self>) throws(FlingError) {
        try checkSampling(sampling)
        for t in times(sampling) {
            let shape = animation.shape(at: t)
            shape.combine(into: &out.digest)
            if keepsSteps {
                out.frames.append(shape)
                out.digests.append(out.digest)
            }
        }
    }

    func digest(_ sampling: PathSampling) throws(FlingError) -> StateDigest {
        try animation.sampleDigest(count: sampling.frames, from: sampling.from, to: sampling.to)
    }

    /// A morph document's budget: frames × the most segments a sampled shape has, as much as
    /// `KeyframeAnimation.sampleDigest(count:from:to:)` takes (a test holds the two equal).
    static let budget = WorkBudget("MorphPaths.budget", unit: "frames × segments", limit: 2e7)

    /// Frames × the most segments a sampled shape has (a keyframe, or a matched pair's).
    func work(_ sampling: PathSampling) -> Documents.Work {
        Documents.Work(unit: Self.budget.unit, amount: animation.sampleWork(count: sampling.frames))
    }

    func run(of replay: PathReplay<Self>, in document: PathDocument<Self>, title: String) -> Run {
        let frames = PathDocument<Self>.frames(replay, times(document.sampling)) { shape in
            shape.subpaths.enumerated().map { n, sp in
                var points = [sp.start.x, sp.start.y]
                for c in sp.segments { points += [c.p1.x, c.p1.y, c.p2.x, c.p2.y, c.p3.x, c.p3.y] }
                return RunItem(kind: "subpath", id: n, values: [sp.isClosed ? 1 : 0], points: points)
            }
        }
        var box: BoundingBox?
        for p in animation.keyframes { if let b = p.bounds { box = box.map { $0.union(b) } ?? b } }
        let b = box ?? BoundingBox(min: .zero, max: Vector(1, 1))
        let most = replay.frames.map(\.subpaths.count).max() ?? 0
        return Run(
            kind: Self.kind, title: title, stepUnit: "sample",
            stages: [
                Run.Stage(
                    name: document.name, stepCount: frames.count,
                    viewport: Rect(x: b.min.x, y: b.min.y, width: b.max.x - b.min.x, height: b.max.y - b.min.y), stepInterval: nil,
                    items: (0..<most).map { Run.StageItem(itemKind: "subpath", id: $0, label: "subpath \($0)", facts: []) })
            ],
            schema: [Run.ItemSchema(itemKind: "subpath", fields: ["closed"])], steps: frames, events: [], inputs: [],
            digest: replay.digest, summary: replay.summary)
    }

}
