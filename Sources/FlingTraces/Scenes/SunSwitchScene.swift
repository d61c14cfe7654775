import FlingCore
import _FlingCoding
import FlingInteraction

// The `sunSwitch` scene kind: a sun switch over a SnapAnimator and the touches applied,
// declared once (registered in Documents.swift). A snap scene: it runs physics
// (SnapScenes.swift).
//
// Document: `"isOn"` (at the start), `"configuration"`, `"dynamics"` (version 2), `"inputs"`:
// touches as in a trace, and (version 2) pushes and field changes, as for chat heads.
// Digest, per sample: the knob's center x, y and scale, then the rays' angle and alpha and 1
// or 0 for on or off.
// Run: items `knob` (id 1, values `x y vx vy scale`, phase as for chat heads) and `rays` (id 0,
// values `angle alpha on`); events `grabbed`, `released`, `tapped`, `sent`, `snapped`,
// `toggled`; inputs `touch`.

/// A sun switch, off or on at the start, and its touches (as for chat heads).
struct SunSwitchScene: SnapDrivenScene {
    var configuration: SunSwitch.Configuration
    var isOn: Bool
    var inputs: [Trace.Input]
    /// The snap configuration's dynamics (`SnapConfiguration.dynamics`).
    var dynamics: DynamicsSettings

    init(_ configuration: SunSwitch.Configuration, isOn: Bool, inputs: [Trace.Input] = [], dynamics: DynamicsSettings = .init()) {
        self.configuration = configuration; self.isOn = isOn; self.inputs = inputs; self.dynamics = dynamics
    }

    typealias Frame = SnapFrame

    static var kind: String { "sunSwitch" }
    static var summary: String { "a sun switch and the touches applied (a snap scene)" }
    static var keys: [String] { ["isOn", "dynamics"] }
    static var reportWords: [String] { ["toggled"] }
    static var runsPhysics: Bool { true }

    init(reading r: inout SceneReader) throws(FlingError) {
        let o = r.object, path = o.path
        let c: SunSwitch.Configuration = try r.decoder.decode(try r.decoder.required(o, "configuration"), path / "configuration")
        self.init(
            c, isOn: try r.decoder.bool(try r.decoder.required(o, "isOn"), path / "isOn"), inputs: try r.snapInputs(),
            dynamics: try r.snapDynamics())
    }

    var members: [String] {
        let members = JSONFieldWriter.members(configuration)
        return ["\"isOn\": \(isOn)", "\"configuration\": {\n    " + members.joined(separator: ",\n    ") + "\n  }"]
            + SnapScenes.members(dynamics, version: minimumVersion)
    }

    var minimumVersion: Int { SnapScenes.minimumVersion(dynamics, inputs) }

    var inputLines: [String] { inputs.map(JSONWriter.input) }

    func validate(_ sampling: SceneSampling) throws(FlingError) {
        try SceneSampling.checkMade(1, sampling)
        try SnapScenes.validate(touches: inputs, items: 1, sampling: sampling, walls: dynamics.walls)
        _ = try make(on: SnapValidationBackend())
    }

    /// Samples × the knob.
    /// The sun switch's budget: (physics ticks + samples) × items (one, the knob).
    static let budget = WorkBudget("SunSwitchScene.budget", unit: "(ticks + samples) × items", limit: 1e7)

    /// Ticks + samples: one item, the knob.
    func work(_ sampling: SceneSampling) -> Documents.Work {
        Documents.Work(unit: Self.budget.unit, amount: SnapScenes.ticks(sampling) + Double(sampling.count))
    }

    /// The snap configuration the switch runs: the default with the scene's dynamics.
    func snapConfiguration(predictionTicks: Int? = nil) -> SnapConfiguration {
        SnapScenes.configuration(dynamics, predictionTicks: predictionTicks)
    }

    /// The switch, at rest, on `backend`.
    func make(on backend: any PhysicsBackend, predictionTicks: Int? = nil) throws(FlingError) -> SunSwitch {
        try SunSwitch(configuration: configuration, isOn: isOn, snap: snapConfiguration(predictionTicks: predictionTicks), backend: backend)
    }

    /// The switch made on a backend of `options`, and the driver that advances it.
    func driver(_ options: ReplayOptions) throws(FlingError) -> (backend: any PhysicsBackend, driver: SnapDriver) {
        let backend = try options.backend(SnapScenes.solverIterations, for: "SceneDocument.replay")
        let sun = try make(on: backend, predictionTicks: options.predictionTicks)
        let driver = SnapDriver(
            animator: sun.animator,
            advance: { (t: Double, k: Int) throws(FlingError) in
                var words: [String] = [], timeline: [RunEvent] = []
                for e in try sun.advance(to: t) {
                    switch e {
                    case .toggled(let on, let tick):
                        words.append("tick \(tick) switch toggled \(on ? "on" : "off")")
                        timeline.append(
                            RunEvent(
                                step: k, kind: "knob", id: 1 /* the format's knob */, name: "toggled",
                                detail: "\(on ? "on" : "off") at tick \(tick)"))
                    }
                }
                // The switch's own toggles say what happened; its animator's events are not listed.
                return ([], words, timeline)
            },
            extras: { [sun.raysAngle, sun.raysAlpha, sun.isOn ? 1 : 0] },
            itemKind: { _ in "knob" })
        return (backend, driver)
    }

    /// Where the picture (and the replay page) shows the switch: its track and surroundings,
    /// wide enough for the title line.
    var stageFrame: Rect {
        let track = configuration.trackFrame
        let width = max(track.width + 120, 420)
        return Rect(x: track.center.x - width / 2, y: track.y - 60, width: width, height: track.height + 120)
    }

    func run(of replay: SceneReplay<Self>, in document: SceneDocument<Self>, title: String) -> Run {
        let frames = replay.frames.enumerated().map { k, f in
            var items = f.items.map { s in
                RunItem(kind: "knob", id: s.item.id.rawValue, values: SnapScenes.values(s), phase: SnapScenes.phase(s.phase))
            }
            items.append(RunItem(kind: "rays", id: 0, values: f.extras))
            return Run.Step(index: k, localStep: k, time: document.sampling.time(k), items: items, digest: nil)
        }
        let c = configuration, track = c.trackFrame
        return Run(
            kind: Self.kind, title: title, stepUnit: "sample",
            stages: [
                Run.Stage(
                    name: document.name, stepCount: frames.count, viewport: stageFrame, stepInterval: 1 / document.sampling.rate,
                    items: [
                        Run.StageItem(
                            itemKind: "knob", id: 1, label: "knob",
                            facts: [
                                .init("offX", c.offCenter.x), .init("onX", c.onCenter.x), .init("y", c.offCenter.y),
                                .init("diameter", c.knobDiameter), .init("trackX", track.x), .init("trackY", track.y),
                                .init("trackWidth", track.width), .init("trackHeight", track.height),
                            ]),
                        Run.StageItem(itemKind: "rays", id: 0, label: "rays", facts: [.init("angularSpeed", c.raysAngularSpeed)]),
                    ])
            ],
            schema: [
                Run.ItemSchema(itemKind: "knob", fields: ["x", "y", "vx", "vy", "scale"]),
                Run.ItemSchema(itemKind: "rays", fields: ["angle", "alpha", "on"]),
            ], steps: frames, events: replay.timeline, inputs: SnapScenes.inputs(inputs, document.sampling), digest: replay.digest,
            summary: replay.summary)
    }

}

extension SceneRecorder where Scene == SunSwitchScene {
    /// Starts recording `sunSwitch` (the default `SnapConfiguration`, time origin 0), before
    /// its first touch and tick.
    init(recording sunSwitch: SunSwitch) throws(FlingError) {
        try Self.start(sunSwitch.animator)
        animator = sunSwitch.animator
        let c = sunSwitch.configuration, on = sunSwitch.isOn
        make = { SunSwitchScene(c, isOn: on, inputs: $0, dynamics: $1) }
    }
}

extension SunSwitch.Configuration: Coded {
    package static func code<C: Coder>(_ c: inout C, _ v: Self?) throws(FlingError) -> Self {
        var s = Self(offCenter: try c.value("offCenter", v?.offCenter), onCenter: try c.value("onCenter", v?.onCenter))
        s.knobDiameter = try c.double("knobDiameter", v?.knobDiameter)
        s.rubberBand = try c.double("rubberBand", v?.rubberBand)
        s.spring = try c.value("spring", v?.spring)
        s.raysAngularSpeed = try c.double("raysAngularSpeed", v?.raysAngularSpeed)
        s.alphaSpring = try c.value("alphaSpring", v?.alphaSpring)
        return s
    }
}
