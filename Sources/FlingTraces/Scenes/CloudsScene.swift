import FlingCore
import FlingScenes

// The `clouds` scene kind: a seeded cloud spawner, declared once (registered in Documents.swift).
//
// Document: `"seed"`, `"configuration"` (the spawner's), `"inputs": []` (clouds take none).
// Digest, per sample: the clouds' count, then each one's id, center x, y and alpha.
// Run: item `cloud` (id: the cloud's), values `x y alpha`; a stage item per cloud, facts
// `born startX y speed width height variant`; events `appeared`, `removed`.

/// A cloud spawner and its seed.
struct CloudsScene: SampledScene {
    var configuration: CloudSpawner.Configuration
    var seed: UInt64

    init(_ configuration: CloudSpawner.Configuration, seed: UInt64) {
        self.configuration = configuration; self.seed = seed
    }

    /// One sample: the clouds in the sky.
    typealias Frame = [CloudSpawner.Cloud]

    static var kind: String { "clouds" }
    static var summary: String { "a seeded cloud spawner" }
    static var keys: [String] { ["seed"] }
    static var reportWords: [String] { ["appeared", "removed"] }
    static var runsPhysics: Bool { false }

    init(reading r: inout SceneReader) throws(FlingError) {
        let o = r.object, path = o.path
        let c = try r.decoder.clouds(try r.decoder.required(o, "configuration"), path / "configuration")
        guard try r.decoder.array(try r.decoder.required(o, "inputs"), path / "inputs").isEmpty else {
            throw r.decoder.fail(try r.decoder.required(o, "inputs"), path / "inputs", "clouds take no inputs")
        }
        self.init(c, seed: try r.decoder.seed(o))
    }

    var members: [String] {
        typealias W = JSONWriter
        let c = configuration
        let members = [
            "\"viewWidth\": \(W.number(c.viewWidth))", "\"interval\": \(W.range(c.interval))", "\"speed\": \(W.range(c.speed))",
            "\"alpha\": \(W.range(c.alpha))", "\"height\": \(W.range(c.height))",
            "\"variants\": [" + c.variants.map(W.json).joined(separator: ", ") + "]",
        ]
        return ["\"seed\": \(seed)", "\"configuration\": {\n    " + members.joined(separator: ",\n    ") + "\n  }"]
    }

    var inputLines: [String] { [] }

    func validate(_ sampling: SceneSampling) throws(FlingError) {
        try SceneSampling.checkMade(sampling.duration / configuration.interval.lowerBound, sampling)
        try configuration.validate()
    }

    /// The clouds' budget: samples × the most clouds in the sky at once.
    static let budget = WorkBudget("CloudsScene.budget", unit: "samples × live clouds", limit: 2e7)

    /// Samples × the most clouds in the sky at once: a cloud crosses the view and its own width
    /// at its speed, so at most `⌊crossing / interval⌋ + 1` are out together, and never more
    /// than are made.
    func work(_ sampling: SceneSampling) -> Documents.Work {
        let c = configuration
        let widest = c.variants.map(\.x).max() ?? 0
        let crossing = (c.viewWidth + widest) / c.speed.lowerBound
        let made = (sampling.duration / c.interval.lowerBound).rounded(.down) + 1
        let live = min(made, (crossing / c.interval.lowerBound).rounded(.down) + 1)
        return Documents.Work(unit: Self.budget.unit, amount: Double(sampling.count) * live)
    }

    func replay(_ sampling: SceneSampling, _ options: ReplayOptions, into out: inout SceneReplay<Self>) throws(FlingError) {
        try checkSampling(sampling)
        var s = try CloudSpawner(configuration: configuration, seed: seed)
        for k in 0..<sampling.count {
            let t = sampling.time(k)
            let events = try s.advance(to: t)
            out.events += events.map(\.description)
            out.timeline += events.map {
                RunEvent(step: k, kind: "cloud", id: $0.cloud, name: $0.kind.rawValue, detail: "at \($0.time) s")
            }
            out.digest.combine(Double(s.clouds.count))
            for cloud in s.clouds {
                let p = cloud.position(at: t)
                out.digest.combine(Double(cloud.id)); out.digest.combine(p.x); out.digest.combine(p.y); out.digest.combine(cloud.alpha)
            }
            if options.keeps(k, of: sampling.count) { out.frames.append(s.clouds); out.sampleDigests.append(out.digest) }
        }
    }

    func run(of replay: SceneReplay<Self>, in document: SceneDocument<Self>, title: String) -> Run {
        var seen: [CloudSpawner.Cloud] = []
        for frame in replay.frames {
            for c in frame where !seen.contains(where: { $0.id == c.id }) { seen.append(c) }
        }
        seen.sort { $0.id < $1.id }
        let frames = replay.frames.enumerated().map { k, clouds in
            // The sample kept k-th (every one, unless the replay was thinned).
            let t = document.sampling.time(k < replay.frameSamples.count ? replay.frameSamples[k] : k)
            return Run.Step(
                index: k, localStep: k, time: t,
                items: clouds.map { c in
                    let p = c.position(at: t)
                    return RunItem(kind: "cloud", id: c.id, values: [p.x, p.y, c.alpha])
                }, digest: nil)
        }
        return Run(
            kind: Self.kind, title: title, stepUnit: "sample",
            stages: [
                Run.Stage(
                    name: document.name, stepCount: frames.count, viewport: Rect(x: 0, y: 0, width: configuration.viewWidth, height: 240),
                    stepInterval: 1 / document.sampling.rate,
                    items: seen.map { c in
                        Run.StageItem(
                            itemKind: "cloud", id: c.id, label: "cloud \(c.id)",
                            facts: [
                                .init("born", c.born), .init("startX", c.startX), .init("y", c.y), .init("speed", c.speed),
                                .init("width", c.size.x), .init("height", c.size.y), .init("variant", Double(c.variant)),
                            ])
                    })
            ],
            schema: [Run.ItemSchema(itemKind: "cloud", fields: ["x", "y", "alpha"])], steps: frames, events: replay.timeline,
            inputs: [], digest: replay.digest, summary: replay.summary)
    }

}

extension DocumentDecoder {
    mutating func clouds(_ node: JSONNode, _ path: Path) throws(FlingError) -> CloudSpawner.Configuration {
        let o = try object(node, path, keys: ["viewWidth", "interval", "speed", "alpha", "height", "variants"])
        var c = CloudSpawner.Configuration()
        c.viewWidth = try double(o, "viewWidth")
        c.interval = try range(o, "interval")
        c.speed = try range(o, "speed")
        c.alpha = try range(o, "alpha")
        c.height = try range(o, "height")
        c.variants = try list(o, "variants")
        return c
    }
}

extension SceneDocument where Scene == CloudsScene {
    /// The recording of a cloud spawner: its configuration and seed.
    init(recording spawner: CloudSpawner, sampling: SceneSampling, name: String? = nil) {
        self.init(name: name, scene: CloudsScene(spawner.configuration, seed: spawner.seed), sampling: sampling)
    }
}
