import FlingCore
import FlingInteraction

// The `chatHeads` scene kind: chat heads over a SnapAnimator and the touches applied, declared
// once (registered in Documents.swift). A snap scene: it runs physics (SnapScenes.swift).
//
// Document: `"heads"` (their resting centers; ids 1, 2, …), `"configuration"`, `"dynamics"`
// (version 2), `"inputs"`: touches as in a trace, each with its `tick` where it differs from the
// one its time gives, and (version 2) pushes and field changes as a trace's tile operations.
// Digest, per sample: every item's (heads', then the panel's) center x, y and scale in id
// order, then the panel's frame x, y, width and height.
// Run: items `head` (values `x y vx vy scale`, phase `resting`, `held`, `springing`,
// `keyframing`) and `panel` (id: the panel's, values `x y width height`: its frame); events
// `grabbed`, `released`, `tapped`, `sent`, `snapped`, `opened`, `closed`; inputs `touch`.

/// Chat heads (ids 1, 2, … at `heads`, at rest) over a `SnapAnimator` with the default
/// `SnapConfiguration`, and the touches applied, each with its tick where it differs from the
/// one its time gives (a late touch, a stall).
struct ChatHeadsScene: SnapDrivenScene {
    var configuration: ChatHeads.Configuration
    var heads: [Vector]
    var inputs: [Trace.Input]
    /// The snap configuration's dynamics (`SnapConfiguration.dynamics`).
    var dynamics: DynamicsSettings
    /// The snap configuration's touch rules and scale (version 2): what a document can say of
    /// a `SnapConfiguration` besides its dynamics. Default the defaults.
    var snap: SnapRules

    init(
        _ configuration: ChatHeads.Configuration, heads: [Vector], inputs: [Trace.Input] = [], dynamics: DynamicsSettings = .init(),
        snap: SnapRules = .init()
    ) {
        self.configuration = configuration; self.heads = heads; self.inputs = inputs; self.dynamics = dynamics; self.snap = snap
    }

    typealias Frame = SnapFrame

    static var kind: String { "chatHeads" }
    static var summary: String { "chat heads and the touches applied (a snap scene)" }
    static var keys: [String] { ["heads", "dynamics", "snap"] }
    static var reportWords: [String] { ["released", "tapped", "settled", "opened", "closed"] }
    static var runsPhysics: Bool { true }

    init(reading r: inout SceneReader) throws(FlingError) {
        let o = r.object, path = o.path
        let co = try r.decoder.object(
            try r.decoder.required(o, "configuration"), path / "configuration",
            keys: ["screen", "safeBand", "diameter", "outside", "pressedScale", "spring", "spacing", "panelHeight"]
                + (r.version >= 2 ? ["motion", "layout"] : []))
        var c = ChatHeads.Configuration(
            screen: try r.decoder.decode(try r.decoder.required(co, "screen"), co.path / "screen"),
            safeBand: try r.decoder.range(co, "safeBand"))
        c.diameter = try r.decoder.double(co, "diameter")
        c.outside = try r.decoder.double(co, "outside")
        c.pressedScale = try r.decoder.double(co, "pressedScale")
        // `spring` is the panel's, and the heads' unless `motion` says otherwise.
        c.panelSpring = try r.decoder.decode(try r.decoder.required(co, "spring"), co.path / "spring")
        c.motion = .spring(c.panelSpring)
        c.spacing = try r.decoder.double(co, "spacing")
        c.panelHeight = try r.decoder.double(co, "panelHeight")
        if let m = r.decoder.optional(co, "motion") { c.motion = try r.decoder.snapMotion(m, co.path / "motion") }
        if let l = r.decoder.optional(co, "layout") {
            guard let layout = ChatHeads.Layout(rawValue: try r.decoder.string(l, co.path / "layout")) else {
                throw r.decoder.fail(l, co.path / "layout", "must be \"row\" or \"conversation\"")
            }
            c.layout = layout
        }
        let heads: [Vector] = try r.decoder.list(o, "heads")
        self.init(c, heads: heads, inputs: try r.snapInputs(), dynamics: try r.snapDynamics(), snap: try r.snapRules())
    }

    var members: [String] {
        typealias W = JSONWriter
        let c = configuration
        var members = [
            "\"screen\": \(W.json(c.screen))", "\"safeBand\": \(W.range(c.safeBand))", "\"diameter\": \(W.number(c.diameter))",
            "\"outside\": \(W.number(c.outside))", "\"pressedScale\": \(W.number(c.pressedScale))",
            "\"spring\": \(W.json(c.panelSpring))", "\"spacing\": \(W.number(c.spacing))",
            "\"panelHeight\": \(W.number(c.panelHeight))",
        ]
        // The demo's options, from version 2 on, only when they differ from the defaults.
        if c.motion != .spring(c.panelSpring) { members.append("\"motion\": \(W.snapMotion(c.motion))") }
        if c.layout != .row { members.append("\"layout\": \(W.string(c.layout.rawValue))") }
        let snapMember: [String] = snap == SnapRules() ? [] : ["\"snap\": \(W.json(snap))"]
        let head: [String] = [
            "\"heads\": [" + heads.map(W.json).joined(separator: ", ") + "]",
            "\"configuration\": {\n    " + members.joined(separator: ",\n    ") + "\n  }",
        ]
        return head + SnapScenes.members(dynamics, version: minimumVersion) + snapMember
    }

    var minimumVersion: Int {
        configuration.motion != .spring(configuration.panelSpring) || configuration.layout != .row || snap != SnapRules()
            ? 2 : SnapScenes.minimumVersion(dynamics, inputs)
    }

    var inputLines: [String] { inputs.map(JSONWriter.input) }

    /// The snap configuration the heads run: the default with the scene's dynamics and rules.
    func snapConfiguration(predictionTicks: Int? = nil) -> SnapConfiguration {
        snap.applied(to: SnapScenes.configuration(dynamics, predictionTicks: predictionTicks))
    }

    func make(on backend: any PhysicsBackend, predictionTicks: Int? = nil) throws(FlingError) -> ChatHeads {
        try ChatHeads(
            heads: heads.enumerated().map { (SnapItem.ID($0.offset + 1), $0.element) }, configuration: configuration,
            snap: snapConfiguration(predictionTicks: predictionTicks), backend: backend)
    }

    func validate(_ sampling: SceneSampling) throws(FlingError) {
        try SceneSampling.checkMade(Double(heads.count), sampling)
        try SnapScenes.validate(touches: inputs, items: heads.count + 1, sampling: sampling, walls: dynamics.walls)
        _ = try make(on: SnapValidationBackend())
    }

    /// The chat heads' budget: (physics ticks + samples) × items.
    static let budget = WorkBudget("ChatHeadsScene.budget", unit: "(ticks + samples) × items", limit: 1e7)

    /// (Ticks + samples) × items (the heads and the panel): every item may have a world every
    /// tick, and is read every sample.
    func work(_ sampling: SceneSampling) -> Documents.Work {
        Documents.Work(unit: Self.budget.unit, amount: (SnapScenes.ticks(sampling) + Double(sampling.count)) * Double(heads.count + 1))
    }

    /// The scene made on a backend of `options`, and the driver that advances it.
    func driver(_ options: ReplayOptions) throws(FlingError) -> (backend: any PhysicsBackend, driver: SnapDriver) {
        let backend = try options.backend(SnapScenes.solverIterations, for: "SceneDocument.replay")
        let heads = try make(on: backend, predictionTicks: options.predictionTicks)
        // The format's ids: the heads 1, 2, …, the panel the next (docs/TRACES.md).
        let panel = SnapItem.ID(self.heads.count + 1)
        let driver = SnapDriver(
            animator: heads.animator,
            advance: { (t: Double, k: Int) throws(FlingError) in
                let r = try heads.advance(to: t)
                var words: [String] = [], timeline: [RunEvent] = []
                for e in r.heads {
                    switch e {
                    case .opened(let head, let tick):
                        words.append("tick \(tick) head \(head.rawValue) opened the conversation")
                        timeline.append(RunEvent(step: k, kind: "head", id: head.rawValue, name: "opened", detail: "at tick \(tick)"))
                    case .closed(let tick):
                        words.append("tick \(tick) heads closed back")
                        timeline.append(
                            RunEvent(step: k, kind: "panel", id: panel.rawValue, name: "closed", detail: "at tick \(tick)"))
                    }
                }
                return (r.snap, words, timeline)
            },
            extras: {
                let f = heads.panelFrame
                return [f.x, f.y, f.width, f.height]
            },
            itemKind: { $0 == panel ? "panel" : "head" })
        return (backend, driver)
    }

    func run(of replay: SceneReplay<Self>, in document: SceneDocument<Self>, title: String) -> Run {
        let panel = heads.count + 1
        let frames = replay.frames.enumerated().map { k, f in
            var items = f.items.filter(\.item.isDraggable).map { s in
                RunItem(kind: "head", id: s.item.id.rawValue, values: SnapScenes.values(s), phase: SnapScenes.phase(s.phase))
            }
            items.append(RunItem(kind: "panel", id: panel, values: f.extras))
            return Run.Step(index: k, localStep: k, time: document.sampling.time(k), items: items, digest: nil)
        }
        var items = heads.enumerated().map { n, center in
            Run.StageItem(
                itemKind: "head", id: n + 1, label: "head \(n + 1)",
                facts: [.init("homeX", center.x), .init("homeY", center.y), .init("diameter", configuration.diameter)])
        }
        items.append(
            Run.StageItem(
                itemKind: "panel", id: panel, label: "panel",
                facts: [
                    .init("width", replay.frames.first?.extras[2] ?? configuration.screen.width - 2 * configuration.spacing),
                    .init("height", configuration.panelHeight),
                ]))
        return Run(
            kind: Self.kind, title: title, stepUnit: "sample",
            stages: [
                Run.Stage(
                    name: document.name, stepCount: frames.count, viewport: configuration.screen,
                    stepInterval: 1 / document.sampling.rate, items: items)
            ],
            schema: [
                Run.ItemSchema(itemKind: "head", fields: ["x", "y", "vx", "vy", "scale"]),
                Run.ItemSchema(itemKind: "panel", fields: ["x", "y", "width", "height"]),
            ], steps: frames, events: replay.timeline, inputs: SnapScenes.inputs(inputs, document.sampling), digest: replay.digest,
            summary: replay.summary)
    }

}

extension SceneReader {
    /// A snap scene's inputs: touches in the trace's event form (with an optional `tick`), and
    /// from version 2 on pushes and field changes as a trace's tile operations.
    mutating func snapInputs() throws(FlingError) -> [Trace.Input] {
        let o = object
        let saved = decoder.version
        decoder.version = version >= 2 ? 3 : 2
        defer { decoder.version = saved }
        var inputs: [Trace.Input] = []
        for (n, node) in try decoder.array(try decoder.required(o, "inputs"), o.path / "inputs").enumerated() {
            let input = try decoder.input(node, o.path / "inputs" / n)
            switch input.input {
            case .touch, .dynamics: inputs.append(input)
            case .reset, .addTile, .removeTile:
                throw decoder.fail(node, o.path / "inputs" / n, "a snap scene takes touches, pushes and field changes only")
            }
        }
        return inputs
    }

    /// A snap scene's `dynamics` (version 2; none when absent).
    /// The scene's `snap` member (version 2; absent: the defaults).
    mutating func snapRules() throws(FlingError) -> SnapRules {
        guard let n = decoder.optional(object, "snap") else { return SnapRules() }
        guard version >= 2 else { throw decoder.fail(n, object.path / "snap", "snap rules need version 2 of the format") }
        return try decoder.decode(n, object.path / "snap")
    }

    mutating func snapDynamics() throws(FlingError) -> DynamicsSettings {
        guard let n = decoder.optional(object, "dynamics") else { return DynamicsSettings() }
        guard version >= 2 else { throw decoder.fail(n, object.path / "dynamics", "dynamics need version 2 of the format") }
        return try decoder.dynamics(n, object.path / "dynamics")
    }
}

extension SceneRecorder where Scene == ChatHeadsScene {
    /// Starts recording `heads` (ids 1, 2, …; the default `SnapConfiguration`, time origin 0),
    /// before its first touch and tick.
    init(recording heads: ChatHeads) throws(FlingError) {
        try Self.start(heads.animator, rules: SnapRules(heads.animator.configuration))
        animator = heads.animator
        let c = heads.configuration
        // Fresh (`start` checked), the heads stand back to front in the order they were given.
        let ids = heads.zOrder
        let centers = try ids.map { id throws(FlingError) in try heads.animator.state(of: id).item.center }
        guard ids == (1...max(1, ids.count)).map({ SnapItem.ID($0) }) else {
            throw FlingError(.invalidState, field: "SnapSceneRecorder(recording:)", value: "\(ids)", reason: "head ids must be 1, 2, …")
        }
        let rules = SnapRules(heads.animator.configuration)
        make = { ChatHeadsScene(c, heads: centers, inputs: $0, dynamics: $1, snap: rules) }
    }
}
