import FlingCore
import FlingPaths

// The `conveyor` path kind: dots scrolling along a line, fading at its ends, declared once
// (registered in Documents.swift).
//
// Document: `"from"`, `"to"`, `"spacing"`, `"period"`, `"reversed"`, `"fadeLength"`,
// `"sampling": {"frames"}`.
// Digest: per sample (at `k · period / frames` nanoseconds), each dot's x, y and alpha, then the
// dot count. Run: item `dot` (id: its place on the line, nearest the start first), values
// `x y distance alpha`; each frame carries its digest.

/// A conveyor of dots.
public struct ConveyorPaths: SampledPaths {
    public var conveyor: Conveyor

    public init(_ conveyor: Conveyor) { self.conveyor = conveyor }

    /// One sample: the dots on the line.
    public typealias Frame = [Conveyor.Item]

    public static var kind: String { "conveyor" }
    public static var summary: String { "a conveyor of fading dots" }
    public static var keys: [String] { ["from", "to", "spacing", "period", "reversed", "fadeLength"] }

    public static func read(_ r: inout PathReader) throws(FlingError) -> (ConveyorPaths, PathSampling) {
        let o = r.object, path = o.path
        let from = try r.decoder.vector(try r.decoder.required(o, "from"), path / "from")
        let to = try r.decoder.vector(try r.decoder.required(o, "to"), path / "to")
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
        let so = try r.decoder.object(try r.decoder.required(o, "sampling"), path / "sampling", keys: ["frames"])
        return (ConveyorPaths(conveyor), PathSampling(frames: try r.decoder.int(so, "frames")))
    }

    public func members(_ sampling: PathSampling) -> [String] {
        typealias W = JSONWriter
        let c = conveyor
        return [
            "\"from\": \(W.vector(c.start))", "\"to\": \(W.vector(c.end))", "\"spacing\": \(W.number(c.spacing))",
            "\"period\": \(W.number(c.period))", "\"reversed\": \(c.reversed)", "\"fadeLength\": \(W.number(c.fadeLength))",
            "\"sampling\": {\"frames\": \(sampling.frames)}",
        ]
    }

    /// Sample `k`'s time in nanoseconds: `k · period / frames`, integer division.
    func nanoseconds(_ k: Int, _ frames: Int) -> Int64 {
        Int64(frames).dividingFullWidth(conveyor.periodNanoseconds.multipliedFullWidth(by: Int64(k))).quotient
    }

    /// The sample times (frames clamped to 0...``KeyframeAnimation/maximumFrames``).
    public func times(_ sampling: PathSampling) -> [Double] {
        let frames = min(max(sampling.frames, 0), KeyframeAnimation.maximumFrames)
        return (0..<frames).map { Double(nanoseconds($0, frames)) / 1e9 }
    }

    public func replay(_ sampling: PathSampling, keepsFrames: Bool, into out: inout PathReplay<Self>) throws(FlingError) {
        try checkSampling(sampling)
        for k in 0..<max(0, sampling.frames) {
            let items = conveyor.items(atNanoseconds: nanoseconds(k, sampling.frames))
            for item in items { out.digest.combine(item.position.x); out.digest.combine(item.position.y); out.digest.combine(item.alpha) }
            out.digest.combine(Double(items.count))
            if keepsFrames {
                out.frames.append(items)
                out.digests.append(out.digest)
            }
        }
    }

    public func digest(_ sampling: PathSampling) throws(FlingError) -> StateDigest { try conveyor.sampleDigest(frames: sampling.frames) }

    /// ``Conveyor/sampleBudget``: frames × dots shown.
    public static var budget: WorkBudget { Conveyor.sampleBudget }

    /// Frames × dots on the line.
    public func work(_ sampling: PathSampling) -> Work {
        Work(unit: Self.budget.unit, amount: conveyor.sampleWork(frames: sampling.frames))
    }

    public func run(of replay: PathReplay<Self>, in document: PathDocument<Self>, title: String) -> Run {
        let frames = PathDocument<Self>.frames(replay, times(document.sampling)) { items in
            items.enumerated().map { n, item in
                Run.Item(itemKind: "dot", id: n, values: [item.position.x, item.position.y, item.distance, item.alpha])
            }
        }
        let c = conveyor
        let lo = Vector(min(c.start.x, c.end.x), min(c.start.y, c.end.y)), hi = Vector(max(c.start.x, c.end.x), max(c.start.y, c.end.y))
        return Run(
            kind: Self.kind, title: title, frameUnit: "sample",
            stages: [
                Run.Stage(
                    name: document.name, frameCount: frames.count,
                    viewport: Rect(x: lo.x - 10, y: lo.y - 10, width: hi.x - lo.x + 20, height: hi.y - lo.y + 20),
                    frameInterval: c.period / Double(max(1, document.sampling.frames)),
                    items: [])
            ],
            schema: [Run.ItemSchema(itemKind: "dot", fields: ["x", "y", "distance", "alpha"])], frames: frames, events: [],
            inputs: [], digest: replay.digest, summary: replay.summary)
    }

    /// A filmstrip of ``RenderOptions/frames`` instants over one period (default 8), or an
    /// animated SVG of that many samples (default 31).
    public func render(_ document: PathDocument<Self>, _ options: RenderOptions) throws(FlingError) -> String {
        if options.animated { return PathSVG.animated(conveyor, frames: options.frames ?? 31) }
        let frames = options.frames ?? 8
        guard (1...KeyframeAnimation.maximumFrames).contains(frames) else {
            throw FlingError(
                .outOfRange, field: "RenderOptions.frames", value: "\(frames)", reason: "must lie in 1...\(KeyframeAnimation.maximumFrames)"
            )
        }
        let n = Int64(frames)
        let times = (0..<n).map { k in Int64(n).dividingFullWidth(conveyor.periodNanoseconds.multipliedFullWidth(by: k)).quotient }
        return PathSVG.filmstrip(conveyor, nanoseconds: times)
    }
}
