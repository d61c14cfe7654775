import FlingCore
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
package struct DayNightScene: SampledScene {
    package var configuration: DayNightPicker.Configuration
    var minutes: Double
    package var picks: [DayNightPicker.Pick]

    package init(_ configuration: DayNightPicker.Configuration, minutes: Double, picks: [DayNightPicker.Pick] = []) {
        self.configuration = configuration; self.minutes = minutes; self.picks = picks
    }

    /// One sample: the picker's layers.
    package typealias Frame = DayNightPicker.Layers

    package static var kind: String { "dayNight" }
    package static var summary: String { "a day-night picker and the times picked" }
    package static var keys: [String] { ["minutes"] }
    package static var reportWords: [String] { ["picked"] }
    package static var runsPhysics: Bool { false }

    package init(reading r: inout SceneReader) throws(FlingError) {
        let o = r.object, path = o.path
        let c = try r.decoder.dayNight(try r.decoder.required(o, "configuration"), path / "configuration")
        var picks: [DayNightPicker.Pick] = []
        for (n, node) in try r.decoder.array(try r.decoder.required(o, "inputs"), path / "inputs").enumerated() {
            let io = try r.decoder.object(node, path / "inputs" / n, keys: ["time", "pick"])
            picks.append(DayNightPicker.Pick(time: try r.decoder.double(io, "time"), minutes: try r.decoder.double(io, "pick")))
        }
        self.init(c, minutes: try r.decoder.double(o, "minutes"), picks: picks)
    }

    package var members: [String] {
        typealias W = JSONWriter
        let c = configuration
        let transition: String
        switch c.transition {
        case .spring(let response, let zeta):
            transition = "{\"kind\": \"spring\", \"response\": \(W.number(response)), \"dampingFraction\": \(W.number(zeta))}"
        case .curve(let d, let x1, let y1, let x2, let y2):
            transition =
                "{\"kind\": \"curve\", \"duration\": \(W.number(d)), \"x1\": \(W.number(x1)), \"y1\": \(W.number(y1)), "
                + "\"x2\": \(W.number(x2)), \"y2\": \(W.number(y2))}"
        }
        let members = [
            "\"imageHeight\": \(W.number(c.imageHeight))", "\"viewHeight\": \(W.number(c.viewHeight))",
            "\"sunMultiple\": \(W.number(c.sunMultiple))", "\"starRamp\": \"\(c.starRamp.rawValue)\"",
            "\"transition\": \(transition)", "\"wrap\": \"\(c.wrap.rawValue)\"",
        ]
        return ["\"minutes\": \(W.number(minutes))", "\"configuration\": {\n    " + members.joined(separator: ",\n    ") + "\n  }"]
    }

    package var inputLines: [String] {
        picks.map { "{\"time\": \(JSONWriter.number($0.time)), \"pick\": \(JSONWriter.number($0.minutes))}" }
    }

    package func validate(_ sampling: SceneSampling) throws(FlingError) {
        var p = try DayNightPicker(configuration: configuration, minutes: minutes)
        for (n, pick) in picks.enumerated() {
            do { try p.pick(pick.minutes, at: pick.time) } catch {
                throw FlingError(error.code, field: "inputs[\(n)] (\(error.field))", value: error.value, reason: error.reason)
            }
        }
    }

    /// The day-night picker's budget: samples × copies of the sky image a sample holds
    /// (``DayNightPicker/Layers/skyCopies``).
    package static let budget = WorkBudget("DayNightScene.budget", unit: "samples × sky copies", limit: 2e7)

    /// Samples × the copies of the sky image a sample holds.
    package func work(_ sampling: SceneSampling) -> Documents.Work {
        Documents.Work(unit: Self.budget.unit, amount: Double(sampling.count) * DayNightPicker.skyCopies(configuration))
    }

    package func replay(_ sampling: SceneSampling, _ options: ReplayOptions, into out: inout SceneReplay<Self>) throws(FlingError) {
        try checkSampling(sampling)
        var p = try DayNightPicker(configuration: configuration, minutes: minutes)
        var next = 0
        for k in 0..<sampling.count {
            let t = sampling.time(k)
            while next < picks.count, picks[next].time <= t {
                try p.pick(picks[next].minutes, at: picks[next].time)
                out.events.append("time picked \(picks[next].minutes) min at \(picks[next].time) s")
                out.timeline.append(
                    Run.Event(
                        frame: k, itemKind: "sky", id: 0, name: "picked", detail: "\(picks[next].minutes) min at \(picks[next].time) s"))
                next += 1
            }
            let l = p.layers(at: t)
            for x in [l.minutes, l.skyOffset, l.rotation, l.starAlpha] { out.digest.combine(x) }
            if options.keeps(k, of: sampling.count) { out.frames.append(l); out.sampleDigests.append(out.digest) }
        }
    }

    package func run(of replay: SceneReplay<Self>, in document: SceneDocument<Self>, title: String) -> Run {
        let frames = replay.frames.enumerated().map { k, l in
            Run.Frame(
                index: k, local: k, time: document.sampling.time(k),
                items: [Run.Item(itemKind: "sky", id: 0, values: [l.minutes, l.skyOffset, l.rotation, l.starAlpha])], digest: nil)
        }
        return Run(
            kind: Self.kind, title: title, frameUnit: "sample",
            stages: [
                Run.Stage(
                    name: document.name, frameCount: frames.count, viewport: Rect(x: 0, y: 0, width: 390, height: configuration.viewHeight),
                    frameInterval: 1 / document.sampling.rate,
                    items: [
                        Run.StageItem(
                            itemKind: "sky", id: 0, label: "sky",
                            facts: [.init("imageHeight", configuration.imageHeight), .init("viewHeight", configuration.viewHeight)])
                    ])
            ],
            schema: [Run.ItemSchema(itemKind: "sky", fields: ["minutes", "skyOffset", "rotation", "starAlpha"])], frames: frames,
            events: replay.timeline,
            inputs: picks.map { p in
                Run.Input(
                    frame: document.sampling.firstSample(atOrAfter: p.time), time: p.time, name: "pick", detail: "\(p.minutes) min")
            }, digest: replay.digest, summary: replay.summary)
    }

}

extension DocumentDecoder {
    mutating func dayNight(_ node: JSONNode, _ path: Path) throws(FlingError) -> DayNightPicker.Configuration {
        let o = try object(node, path, keys: ["imageHeight", "viewHeight", "sunMultiple", "starRamp", "transition", "wrap"])
        var c = DayNightPicker.Configuration()
        c.imageHeight = try double(o, "imageHeight")
        c.viewHeight = try double(o, "viewHeight")
        c.sunMultiple = try double(o, "sunMultiple")
        let rampNode = try required(o, "starRamp")
        guard let ramp = DayNightPicker.Ramp(rawValue: try string(rampNode, path / "starRamp")) else {
            throw fail(rampNode, path / "starRamp", "must be \"linear\" or \"smooth\"")
        }
        c.starRamp = ramp
        let wrapNode = try required(o, "wrap")
        guard let wrap = DayNightPicker.Wrap(rawValue: try string(wrapNode, path / "wrap")) else {
            throw fail(wrapNode, path / "wrap", "must be \"shorter\" or \"signed\"")
        }
        c.wrap = wrap
        let tNode = try required(o, "transition")
        let tPath = path / "transition"
        guard case .object(let m) = tNode.value, let k = m.first(where: { $0.key == "kind" }), case .string(let kind) = k.value.value else {
            throw fail(tNode, tPath, "a transition is {\"kind\": \"spring\" | \"curve\", …}")
        }
        switch kind {
        case "spring":
            let to = try object(tNode, tPath, keys: ["kind", "response", "dampingFraction"])
            c.transition = .spring(response: try double(to, "response"), dampingFraction: try double(to, "dampingFraction"))
        case "curve":
            let to = try object(tNode, tPath, keys: ["kind", "duration", "x1", "y1", "x2", "y2"])
            c.transition = .curve(
                duration: try double(to, "duration"), x1: try double(to, "x1"), y1: try double(to, "y1"),
                x2: try double(to, "x2"), y2: try double(to, "y2"))
        default:
            throw fail(k.value, tPath / "kind", "must be \"spring\" or \"curve\"")
        }
        return c
    }
}

extension SceneDocument where Scene == DayNightScene {
    /// The recording of a day-night picker: its configuration, first time and every pick.
    package init(recording picker: DayNightPicker, sampling: SceneSampling, name: String? = nil) {
        self.init(
            name: name, scene: DayNightScene(picker.configuration, minutes: picker.initialMinutes, picks: picker.picks),
            sampling: sampling)
    }
}
