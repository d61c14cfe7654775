import FlingCore
import _FlingCoding
import FlingScenes

// The `dayNight` scene kind: a day-night picker and the times picked, declared once (registered
// in Documents.swift).
//
// Document: `"minutes"` (shown at the start), `"configuration"` (the picker's), `"inputs"`:
// `{"time": t, "pick": minutes}`.
// Digest, per sample: the animated minutes, sky offset, layer rotation and star alpha.
// Run: item `sky` (id 0), values `minutes skyOffset rotation starAlpha`; events `picked`;
// inputs `pick`.

/// A day-night picker showing `minutes` at the start, and the times picked since.
struct DayNightScene: SampledScene {
    var configuration: DayNightPicker.Configuration
    var minutes: Double
    var picks: [DayNightPicker.Pick]

    init(_ configuration: DayNightPicker.Configuration, minutes: Double, picks: [DayNightPicker.Pick] = []) {
        self.configuration = configuration; self.minutes = minutes; self.picks = picks
    }

    /// One sample: the picker's layers.
    typealias Frame = DayNightPicker.Layers

    static var kind: String { "dayNight" }
    static var summary: String { "a day-night picker and the times picked" }
    static var keys: [String] { ["minutes"] }
    static var reportWords: [String] { ["picked"] }
    static var runsPhysics: Bool { false }

    init(reading r: inout SceneReader) throws(FlingError) {
        let o = r.object, path = o.path
        let c: DayNightPicker.Configuration = try r.decoder.decode(try r.decoder.required(o, "configuration"), path / "configuration")
        var picks: [DayNightPicker.Pick] = []
        for (n, node) in try r.decoder.array(try r.decoder.required(o, "inputs"), path / "inputs").enumerated() {
            let io = try r.decoder.object(node, path / "inputs" / n, keys: ["time", "pick"])
            picks.append(DayNightPicker.Pick(time: try r.decoder.double(io, "time"), minutes: try r.decoder.double(io, "pick")))
        }
        self.init(c, minutes: try r.decoder.double(o, "minutes"), picks: picks)
    }

    var members: [String] {
        let members = JSONFieldWriter.members(configuration)
        return [
            "\"minutes\": \(JSONWriter.number(minutes))", "\"configuration\": {\n    " + members.joined(separator: ",\n    ") + "\n  }",
        ]
    }

    var inputLines: [String] {
        picks.map { "{\"time\": \(JSONWriter.number($0.time)), \"pick\": \(JSONWriter.number($0.minutes))}" }
    }

    func validate(_ sampling: SceneSampling) throws(FlingError) {
        var p = try DayNightPicker(configuration: configuration, minutes: minutes)
        for (n, pick) in picks.enumerated() {
            do { try p.pick(pick.minutes, at: pick.time) } catch {
                throw FlingError(error.code, field: "inputs[\(n)] (\(error.field))", value: error.value, reason: error.reason)
            }
        }
    }

    /// The day-night picker's budget: samples × copies of the sky image a sample holds
    /// (`DayNightPicker.Layers.skyCopies`).
    static let budget = WorkBudget("DayNightScene.budget", unit: "samples × sky copies", limit: 2e7)

    /// Samples × the copies of the sky image a sample holds.
    func work(_ sampling: SceneSampling) -> Documents.Work {
        Documents.Work(unit: Self.budget.unit, amount: Double(sampling.count) * DayNightPicker.skyCopies(configuration))
    }

    func replay(_ sampling: SceneSampling, _ options: ReplayOptions, into out: inout SceneReplay<Self>) throws(FlingError) {
        try checkSampling(sampling)
        var p = try DayNightPicker(configuration: configuration, minutes: minutes)
        var next = 0
        for k in 0..<sampling.count {
            let t = sampling.time(k)
            while next < picks.count, picks[next].time <= t {
                try p.pick(picks[next].minutes, at: picks[next].time)
                out.events.append("time picked \(picks[next].minutes) min at \(picks[next].time) s")
                out.timeline.append(
                    RunEvent(
                        step: k, kind: "sky", id: 0, name: "picked", detail: "\(picks[next].minutes) min at \(picks[next].time) s"))
                next += 1
            }
            let l = p.layers(at: t)
            for x in [l.minutes, l.skyOffset, l.rotation, l.starAlpha] { out.digest.combine(x) }
            if options.keeps(k, of: sampling.count) { out.frames.append(l); out.sampleDigests.append(out.digest) }
        }
    }

    func run(of replay: SceneReplay<Self>, in document: SceneDocument<Self>, title: String) -> Run {
        let frames = replay.frames.enumerated().map { k, l in
            Run.Step(
                index: k, localStep: k, time: document.sampling.time(k),
                items: [RunItem(kind: "sky", id: 0, values: [l.minutes, l.skyOffset, l.rotation, l.starAlpha])], digest: nil)
        }
        return Run(
            kind: Self.kind, title: title, stepUnit: "sample",
            stages: [
                Run.Stage(
                    name: document.name, stepCount: frames.count, viewport: Rect(x: 0, y: 0, width: 390, height: configuration.viewHeight),
                    stepInterval: 1 / document.sampling.rate,
                    items: [
                        Run.StageItem(
                            itemKind: "sky", id: 0, label: "sky",
                            facts: [.init("imageHeight", configuration.imageHeight), .init("viewHeight", configuration.viewHeight)])
                    ])
            ],
            schema: [Run.ItemSchema(itemKind: "sky", fields: ["minutes", "skyOffset", "rotation", "starAlpha"])], steps: frames,
            events: replay.timeline,
            inputs: picks.map { p in
                Run.Input(
                    step: document.sampling.firstSample(atOrAfter: p.time), time: p.time, name: "pick", detail: "\(p.minutes) min")
            }, digest: replay.digest, summary: replay.summary)
    }

}

extension DayNightPicker.Configuration: Coded {
    package static func code<C: Coder>(_ c: inout C, _ v: Self?) throws(FlingError) -> Self {
        var d = Self()
        d.imageHeight = try c.double("imageHeight", v?.imageHeight)
        d.viewHeight = try c.double("viewHeight", v?.viewHeight)
        d.sunMultiple = try c.double("sunMultiple", v?.sunMultiple)
        d.starRamp = try c.name("starRamp", v?.starRamp, "star ramp")
        d.transition = try c.value("transition", v?.transition)
        d.wrap = try c.name("wrap", v?.wrap, "wrap")
        return d
    }
}

extension TimeTransition: Coded {
    package static func code<C: Coder>(_ c: inout C, _ v: Self?) throws(FlingError) -> Self {
        switch try c.variant("kind", ["spring", "curve"], v.map { if case .spring = $0 { 0 } else { 1 } }, "transition") {
        case 0:
            let (r, z): (Double?, Double?) = if case .spring(let r, let z)? = v { (r, z) } else { (nil, nil) }
            return .spring(response: try c.double("response", r), dampingFraction: try c.double("dampingFraction", z))
        default:
            let p: (Double, Double, Double, Double, Double)? =
                if case .curve(let d, let x1, let y1, let x2, let y2)? = v { (d, x1, y1, x2, y2) } else { nil }
            return .curve(
                duration: try c.double("duration", p?.0), x1: try c.double("x1", p?.1), y1: try c.double("y1", p?.2),
                x2: try c.double("x2", p?.3), y2: try c.double("y2", p?.4))
        }
    }
}

extension SceneDocument where Scene == DayNightScene {
    /// The recording of a day-night picker: its configuration, first time and every pick.
    init(recording picker: DayNightPicker, sampling: SceneSampling, name: String? = nil) {
        self.init(
            name: name, scene: DayNightScene(picker.configuration, minutes: picker.initialMinutes, picks: picker.picks),
            sampling: sampling)
    }
}
