#if FLING_TESTABLE
import Fling
import FlingPaths
import FlingScenes
import FlingPathsTestSupport
@testable import FlingView
@testable import FlingTraces

// FlingTraces: every registered document kind through its own API and through FlingDocument,
// with hostile options, samplings and replays; the registry, recorders, runs, pins, strokes.

extension SurfaceWalk {
    /// Replay options a caller can pass: every display rate and checkpoint interval, frames
    /// kept or not, a reference backend.
    static var hostileOptions: [ReplayOptions] {
        let make: ReplayOptions.MakeBackend = { n throws(FlingError) in try BackendKind.nativePortable.make(solverIterations: n) }
        let platform: ReplayOptions.MakeBackend = { n throws(FlingError) in try BackendKind.native.make(solverIterations: n) }
        var out = [
            ReplayOptions(), ReplayOptions(makeBackend: make), ReplayOptions(makeBackend: platform, reference: make, referenceName: ""),
        ]
        for x in [Double.nan, 0, -1, 1e-300, 1e9, .infinity] {
            out.append(ReplayOptions(makeBackend: make, display: .rate(x), keepsSteps: false))
            out.append(ReplayOptions(makeBackend: make, display: .jittered(rate: x, seed: .max)))
        }
        for k in [Int.min, 0, Int.max] { out.append(ReplayOptions(makeBackend: make, checkpointInterval: k)) }
        return out
    }

    /// Render options a caller can pass.
    static func hostileRenders(_ replay: ReplayOptions) -> [Documents.RenderOptions] {
        var out = [Documents.RenderOptions(replay: replay, title: "<&>\u{0}")]
        for n in [Int.min, 0, Int.max] {
            out.append(
                Documents.RenderOptions(
                    replay: replay, title: "", backendName: "\u{1B}", every: n, clouds: .max, animated: true, samples: n)
            )
            out.append(Documents.RenderOptions(replay: replay, title: "", every: n, animated: false, samples: n))
        }
        return out
    }

    /// Samplings outside (and at the edges of) the limits; none asks for more than seconds of work.
    static var hostileSamplings: [SceneSampling] {
        let xs = Hostile.doubles.filter { !($0 > 10 && $0 <= 3600) }
        return xs.map { SceneSampling(rate: $0, duration: 1) } + xs.map { SceneSampling(rate: 60, duration: $0) }
    }

    /// Every FlingDocument entry point of `doc`, with every hostile option.
    static func walkDocument<D: FlingDocument>(_ doc: D, _ p: inout Probe) {
        p.count { (D.kind.description, doc.kindName, doc.name, doc.notes, doc.json) }
        p.call { () throws(FlingError) in try doc.validate() }
        for o in hostileOptions {
            p.count { doc.work(o) }
            p.call { () throws(FlingError) in try doc.validateWork(o) }
            p.call { () throws(FlingError) in
                let r = try doc.replay(o)
                _ = (r.pins, r.matchesPins, doc.report(of: r), doc.run(of: r, title: "\u{0}"))
                try? r.verify(allowingNoPins: true, allowingUncomparedRun: true)
                try r.verify()
            }
            p.call { () throws(FlingError) in try doc.play(o, title: nil).report }
            p.call { () throws(FlingError) in try doc.pinned(o).json }
            p.call { () throws(FlingError) in
                try doc.comparePredictions(o).map { c in
                    (
                        c.exact, c.superseded, c.differing.count,
                        c.entries.map { ($0.description, $0.actual, $0.prediction, $0.verdict, $0.item, $0.releaseTick) }
                    )
                }
            }
        }
        for r in hostileRenders(hostileOptions[1]) {
            p.call { () throws(FlingError) in try doc.render(r) }
        }
    }

    /// A scene kind's own entry points, then the document's.
    static func walkScene<S: SampledScene>(_ doc: SceneDocument<S>, _ p: inout Probe) {
        let s = doc.scene
        p.count { (S.kind, S.summary, S.keys, S.reportWords, S.runsPhysics, S.budget, s.members, s.inputLines) }
        p.count { doc.sceneContent.map { ($0.name, $0.scene, $0.rate, $0.duration, $0.sampleCount) } }
        let o = hostileOptions[1]
        for sampling in hostileSamplings {
            p.count { (sampling.count, sampling.time(Int.max), sampling.time(Int.min)) }
            p.call { () throws(FlingError) in try sampling.validate() }
            p.call { () throws(FlingError) in try s.validate(sampling) }
            p.count { s.work(sampling) }
            var r = SceneReplay<S>(samples: 0)
            p.call { () throws(FlingError) in try s.replay(sampling, o, into: &r) }
            var d = doc
            d.sampling = sampling
            p.call { () throws(FlingError) in try d.replay(o).summary }
        }
        for n in [Int.max, Int.min, 0] {
            let empty = SceneReplay<S>(samples: n)
            p.count { (empty.summary, s.run(of: empty, in: doc, title: ""), doc.report(of: empty)) }
        }
        if let r = try? doc.replay(o) { p.count { s.run(of: r, in: doc, title: "") } }
        for ro in hostileRenders(o) { p.call { () throws(FlingError) in try doc.render(ro) } }
        p.call { () throws(FlingError) in try doc.replay(keepsSteps: true).summary }
        p.call { () throws(FlingError) in try doc.replay(keepsSteps: false, makeBackend: nil).summary }
        p.call { () throws(FlingError) in try doc.pinned(makeBackend: nil).json }
        p.call { () throws(FlingError) in try SceneDocument<S>(json: doc.json).json }
        p.count { (SceneDocument<S>.formatName, SceneDocument<S>.version, SceneDocument<S>.maximumItems, SceneDocument<S>.kind.budget) }
        walkDocument(doc, &p)
    }

    /// A path kind's own entry points, then the document's.
    static func walkPaths<P: SampledPaths>(_ doc: PathDocument<P>, _ p: inout Probe) {
        let paths = doc.paths
        p.count { (P.kind, P.summary, P.keys, P.budget, paths.members(doc.sampling)) }
        guard let base = try? doc.replay(hostileOptions[0]) else {
            p.failures.append("the walk's \(P.kind) document does not replay"); return
        }
        for n in Hostile.counts {
            for x in [Double.nan, -Double.infinity, 1] {
                let sampling = PathSampling(frames: n, from: x, to: 1)
                p.count { paths.times(sampling).count }
                p.count { paths.work(sampling) }
                p.call { () throws(FlingError) in try paths.digest(sampling) }
                var r = base
                p.call { () throws(FlingError) in try paths.replay(sampling, keepsSteps: true, into: &r) }
                p.count { (r.summary, paths.run(of: r, in: doc, title: "")) }
                var d = doc
                d.sampling = sampling
                p.call { () throws(FlingError) in try d.digest }
                p.call { () throws(FlingError) in try d.validate() }
            }
        }
        for ro in hostileRenders(hostileOptions[0]) { p.call { () throws(FlingError) in try doc.render(ro) } }
        p.count { doc.pathContent.map { ($0.name, $0.sampleCount, $0.paths) } }
        if case .conveyor(let conveyor, let look)? = doc.pathContent?.paths {
            p.count { (look.isPlain, look.dots, look.baseline, look.pin?.color, look.cycleNanoseconds(of: conveyor)) }
        }
        p.call { () throws(FlingError) in try paths.checkPaths() }
        p.call { () throws(FlingError) in try PathDocument<P>(json: doc.json).json }
        p.count { (PathDocument<P>.formatName, PathDocument<P>.version, PathDocument<P>.kind) }
        walkDocument(doc, &p)
    }

    mutating func registerTraces() {
        typealias D = DocumentsCommand
        add(
            "FlingTraces.Documents.read(_:strokes:)", "FlingTraces.Documents.kind(named:)",
            "FlingTraces.Documents.StrokeOptions.init(viewport:tileSize:configuration:duration:)",
            "FlingTraces.Documents.Kind.description", "FlingTraces.BubblesScene.init(reading:)", "FlingTraces.CloudsScene.init(reading:)",
            "FlingTraces.DayNightScene.init(reading:)", "FlingTraces.ChatHeadsScene.init(reading:)",
            "FlingTraces.SunSwitchScene.init(reading:)",
            "FlingTraces.SampledScene.init(reading:)", "FlingTraces.MorphPaths.read(_:)", "FlingTraces.ConveyorPaths.read(_:)",
            "FlingTraces.SampledPaths.read(_:)", "FlingTraces.Stroke.strokes(csv:)", "FlingTraces.Stroke.releaseVelocity",
            "FlingTraces.Stroke.id"
        ) { p in
            let docs = [
                D.heldTiles(2, seconds: 1), D.bubbles(interval: 0.2, duration: 2, timing: "paced", rate: 30, seconds: 3),
                D.clouds(interval: 2, speed: 8, rate: 10, seconds: 10),
                D.dayNight(imageHeight: 100, viewHeight: 400, rate: 10, duration: 3),
                D.chatHeads(heads: 3, seconds: 1, rate: 30), D.sunSwitch(seconds: 2, rate: 30), D.morph(segments: [5, 4], frames: 10),
                D.conveyor(from: 0, to: 320, spacing: 160),
            ]
            for s in Hostile.strings + docs + docs.map({ String($0.dropLast(9)) }) + ["1,0,began,1,1\n1,0.1,ended,2,2"] {
                for v in varied([0, 0, 390, 844, 160, 10]) {
                    let o = Documents.StrokeOptions(
                        viewport: Rect(x: v[0], y: v[1], width: v[2], height: v[3]), tileSize: v[4], duration: v[5])
                    p.call { () throws(FlingError) in try Documents.read(Array(s.utf8), strokes: o).json }
                    p.count { (o.viewport, o.tileSize, o.configuration, o.duration) }
                }
                p.call { () throws(FlingError) in try Stroke.strokes(csv: s).map { ($0.id, $0.releaseVelocity) } }
            }
            for s in Hostile.strings + Documents.kinds.map(\.name) { p.count { Documents.kind(named: s)?.description } }
            if let strokes = try? StrokeCSV.parse("stroke_id,t_seconds,phase,x,y\n1,0,began,1,1\n1,0.1,moved,2,2\n1,0.2,ended,3,3") {
                for s in strokes {
                    p.count { Stroke(id: "\u{0}", samples: s.samples + s.samples.reversed()).releaseVelocity }
                    p.count { Stroke(id: "", samples: []).releaseVelocity }
                }
            }
        }
        add(
            "FlingTraces.Trace.init(json:)", "FlingTraces.Trace.init(name:notes:attribution:arithmetic:sessions:)",
            "FlingTraces.Trace.json",
            "FlingTraces.Trace.validate()", "FlingTraces.Trace.work(_:)", "FlingTraces.Trace.replay(_:)",
            "FlingTraces.Trace.run(of:title:)",
            "FlingTraces.Trace.report(of:)", "FlingTraces.Trace.pinned(_:)", "FlingTraces.Trace.pinned(every:makeBackend:)",
            "FlingView.Trace.picture(_:)", "FlingTraces.Trace.Session.events",
            "FlingTraces.Trace.Session.validate()", "FlingTraces.Trace.RunLength.init(duration:stopsWhenIdle:)",
            "FlingTraces.Trace.Session.init(viewport:tiles:configuration:solverIterations:events:)",
            "FlingTraces.Trace.Input.init(_:tick:)", "FlingTraces.Trace.Input.tick", "FlingTraces.Trace.Input.input",
            "FlingTraces.Trace.Session.inputs", "FlingTraces.Trace.Expectation.init(ticks:digest:interval:checkpoints:)",
            "FlingTraces.FlingDocument.kind", "FlingTraces.FlingDocument.kindName", "FlingTraces.FlingDocument.name",
            "FlingTraces.FlingDocument.notes", "FlingTraces.FlingDocument.json", "FlingTraces.FlingDocument.validate()",
            "FlingTraces.FlingDocument.work(_:)", "FlingTraces.FlingDocument.validateWork(_:)", "FlingTraces.FlingDocument.replay(_:)",
            "FlingTraces.FlingDocument.run(of:title:)", "FlingTraces.FlingDocument.report(of:)", "FlingTraces.FlingDocument.pinned(_:)",
            "FlingView.FlingDocument.render(_:)", "FlingTraces.FlingDocument.play(_:title:)",
            "FlingTraces.PinnedReplay.pins", "FlingTraces.PinnedReplay.matchesPins",
            "FlingTraces.PinnedReplay.verify(allowingNoPins:allowingUncomparedRun:)",
            "FlingTraces.ReplayOptions.init(makeBackend:display:keepsSteps:checkpointInterval:reference:referenceName:)",
            "FlingView.Documents.RenderOptions.init(replay:title:backendName:every:clouds:animated:samples:)",
            "FlingTraces.TraceReplay.summary",
            "FlingTraces.TraceReplay.SessionReplay.expectation", "FlingTraces.TraceReplay.TileOutcome.description",
            "FlingTraces.Documents.Work.init(unit:amount:)",
            "FlingTraces.Documents.Work.description", "FlingTraces.Trace.withSnapshots(every:makeBackend:)",
            "FlingTraces.TraceReplayer.replay(cutAt:makeBackend:)", "FlingTraces.Trace.Session.snapshots",
            "FlingTraces.FlingDocument.comparePredictions(_:)", "FlingTraces.PredictionComparison.exact",
            "FlingTraces.PredictionComparison.superseded", "FlingTraces.PredictionComparison.differing",
            "FlingTraces.PredictionComparison.Entry.description", "FlingTraces.PredictionComparison.entries",
            "FlingTraces.PredictionComparison.Entry.actual", "FlingTraces.PredictionComparison.Entry.prediction",
            "FlingTraces.PredictionComparison.Entry.verdict", "FlingTraces.PredictionComparison.Entry.item",
            "FlingTraces.PredictionComparison.Entry.releaseTick"
        ) { p in
            guard let trace = try? Trace(json: D.heldTiles(2, seconds: 1)) else {
                p.failures.append("the walk's trace does not read"); return
            }
            SurfaceWalk.walkDocument(trace, &p)
            let native = { (n: Int) throws(FlingError) -> any PhysicsBackend in try NativeBackend(solverIterations: n) }
            for k in Hostile.ints {
                p.call { () throws(FlingError) in try trace.withSnapshots(every: k, makeBackend: native).sessions.map(\.snapshots) }
                p.call { () throws(FlingError) in try TraceReplayer(trace).replay(cutAt: k, makeBackend: native).snapshot?.bytes }
            }
            p.count { Documents.Work(unit: "\u{0}", amount: .nan).description }
            for r in Hostile.rects.prefix(12) {
                for v in varied([1, 0.1, 5]) {
                    let tile = TileDefinition(id: TileID(Int.min), frame: r, mass: v[0])
                    let events = [TouchEvent(time: v[1], touch: 1, phase: .began, position: r.center, item: tile.id)]
                    var s = Trace.Session(
                        viewport: r, tiles: [tile, tile], run: Trace.RunLength(duration: v[2], stopsWhenIdle: true), events: events)
                    p.call { () throws(FlingError) in try s.validate() }
                    for k in Hostile.ints {
                        let made = Trace(sessions: [Trace.Session(viewport: r, tiles: [tile], solverIterations: k, events: events)])
                        p.call { () throws(FlingError) in try made.validate() }
                    }
                    s.events = events + events
                    p.count { (s.events, s.inputs.map { ($0.input, $0.tick) }) }
                    let inputs = [Trace.Input(.reset(TileID(Int.max)), tick: Int.min), Trace.Input(.removeTile(tile.id), tick: Int.max)]
                    for k in Hostile.ints {
                        let x = Trace.Expectation(ticks: k, digest: StateDigest(), interval: k, checkpoints: [StateDigest()])
                        let t = Trace(name: "\u{0}", sessions: [Trace.Session(viewport: r, tiles: [tile], inputs: inputs, expected: x)])
                        p.call { () throws(FlingError) in try t.validate() }
                        p.call { () throws(FlingError) in try t.replay(SurfaceWalk.hostileOptions[1]).summary }
                    }
                }
            }
            p.call { () throws(FlingError) in try Trace(sessions: []).replay(SurfaceWalk.hostileOptions[1]).summary }
            if let strokes = try? StrokeCSV.parse("1,0,began,1,1\n1,0.1,ended,2,2\n2,0,began,5,5") {
                for v in varied([0, 0, 390, 844, 160, 10]) {
                    p.call { () throws(FlingError) in
                        try Trace(
                            strokes: strokes + strokes, viewport: Rect(x: v[0], y: v[1], width: v[2], height: v[3]), tileSize: v[4],
                            duration: v[5])
                    }
                }
            }
            for k in Hostile.ints {
                p.call { () throws(FlingError) in
                    try trace.pinned(every: k) { n throws(FlingError) in try BackendKind.nativePortable.make(solverIterations: n) }.json
                }
            }
            if let r = try? trace.replay(SurfaceWalk.hostileOptions[1]) {
                p.count { (r.summary, r.sessions.map(\.expectation), r.sessions.flatMap(\.outcomes).map(\.description)) }
            }
        }
        add(
            "FlingTraces.TraceReplayer.init(_:display:)", "FlingTraces.TraceReplayer.replay(makeBackend:)",
            "FlingTraces.ReplayOptions.DisplayFrames.rate",
            "FlingTraces.TraceReplay.TickState.init(tick:tiles:)", "FlingTraces.ReplayedState.init(id:state:)",
            "FlingTraces.ReplayedState.==(_:_:)", "FlingTraces.ReplayedState.hash(into:)",
            "FlingTraces.TraceReplay.TileOutcome.Kind.init(rawValue:)", "FlingTraces.TraceRecorder.init(recording:)",
            "FlingTraces.TraceRecorder.inputCount", "FlingTraces.TraceRecorder.trace(stopsWhenIdle:name:notes:attribution:)"
        ) { p in
            guard let trace = try? Trace(json: D.heldTiles(2, seconds: 1)) else { return }
            for x in Hostile.doubles {
                for display in [ReplayOptions.DisplayFrames.rate(x), .jittered(rate: x, seed: 0)] {
                    p.count { display.rate }
                    var replayer = TraceReplayer(trace, display: display)
                    replayer.checkpointInterval = Int.min
                    p.call { () throws(FlingError) in
                        try replayer.replay { n throws(FlingError) in try NativeBackend(solverIterations: n) }.summary
                    }
                    replayer.checkpointInterval = nil
                    replayer.recordsTicks = false
                    p.call { () throws(FlingError) in
                        try replayer.replay { n throws(FlingError) in try NativeBackend(solverIterations: n) }.summary
                    }
                }
                let s = TraceReplay.TileState(id: TileID(Int.min), state: BodyState(position: Vector(x, x), angle: x))
                var h = Hasher()
                p.count { (s == s, s.hash(into: &h), TraceReplay.TickState(tick: Int.min, tiles: [s, s])) }
            }
            for str in Hostile.strings + ["settled"] { p.count { TraceReplay.TileOutcome.Kind(rawValue: str) } }
            guard let a = try? TileAnimator(viewport: Rect(x: 0, y: 0, width: 390, height: 844), backend: try NativeBackend()) else {
                return
            }
            guard let recorder = try? TraceRecorder(recording: a) else { return }
            p.call { () throws(FlingError) in try TraceRecorder(recording: a) }
            for (k, v) in Hostile.vectors.enumerated() {
                p.call { () throws(FlingError) in
                    try a.addTile(TileDefinition(id: TileID(k), frame: Rect(center: v, width: 10, height: 10)))
                }
                p.call { () throws(FlingError) in try a.handle(TouchEvent(time: Double(k) / 100, touch: 1, phase: .began, position: v)) }
                p.call { () throws(FlingError) in try a.advance(to: Double(k) / 100) }
            }
            p.count { recorder.inputCount }
            for idle in [false, true] {
                p.call { () throws(FlingError) in try recorder.trace(stopsWhenIdle: idle, name: "\u{0}", notes: "", attribution: nil).json }
            }
        }
        add(
            "FlingTraces.SceneDocument.init(json:)", "FlingTraces.SceneDocument.init(name:notes:scene:sampling:expected:)",
            "FlingTraces.SceneDocument.init(recording:sampling:name:)", "FlingTraces.SceneDocument.json", "FlingTraces.SceneDocument.kind",
            "FlingTraces.SceneDocument.maximumItems", "FlingTraces.SceneDocument.formatName", "FlingTraces.SceneDocument.version",
            "FlingTraces.SceneDocument.validate()", "FlingTraces.SceneDocument.work(_:)", "FlingTraces.SceneDocument.replay(_:)",
            "FlingTraces.SceneDocument.replay(keepsSteps:)", "FlingTraces.SceneDocument.replay(keepsSteps:makeBackend:)",
            "FlingTraces.SceneDocument.pinned(_:)", "FlingTraces.SceneDocument.pinned(makeBackend:)",
            "FlingTraces.SceneDocument.run(of:title:)",
            "FlingTraces.SceneDocument.report(of:)",
            "FlingTraces.SceneSampling.init(rate:duration:)", "FlingTraces.Documents.scene(recording:rate:duration:name:notes:)",
            "FlingTraces.FlingDocument.sceneContent",
            "FlingTraces.SceneSampling.count", "FlingTraces.SceneSampling.time(_:)", "FlingTraces.SceneSampling.validate()",
            "FlingTraces.SceneExpectation.init(samples:digest:)", "FlingTraces.SceneReplay.init(samples:)",
            "FlingTraces.SceneReplay.summary",
            "FlingTraces.SampledScene.kind", "FlingTraces.SampledScene.summary", "FlingTraces.SampledScene.keys",
            "FlingTraces.SampledScene.reportWords", "FlingTraces.SampledScene.runsPhysics",
            "FlingTraces.SampledScene.budget", "FlingTraces.SampledScene.members", "FlingTraces.SampledScene.inputLines",
            "FlingTraces.SampledScene.validate(_:)", "FlingTraces.SampledScene.work(_:)", "FlingTraces.SampledScene.replay(_:_:into:)",
            "FlingTraces.SampledScene.run(of:in:title:)"
        ) { p in
            for s in Hostile.doubles {
                for k in Hostile.ints { p.count { SceneExpectation(samples: k, digest: StateDigest(value: UInt64(bitPattern: Int64(k)))) } }
                p.count { SceneSampling(rate: s, duration: s).count }
            }
            if let e = try? BubbleEmitter(seed: 1) {
                p.count {
                    SceneDocument<BubblesScene>(recording: e, sampling: SceneSampling(rate: .nan, duration: .infinity), name: "\u{0}").json
                }
            }
            if let picker = try? DayNightPicker(minutes: 1) {
                p.count { SceneDocument<DayNightScene>(recording: picker, sampling: SceneSampling(duration: -1)).json }
            }
            if let spawner = try? CloudSpawner(seed: .max) {
                p.count { SceneDocument<CloudsScene>(recording: spawner, sampling: SceneSampling(duration: 1)).json }
            }
            // The public recordings, at every sampling a caller might ask for (refused with a
            // typed error, or a document that validates).
            for rate in Hostile.doubles.prefix(8) + [30] {
                for duration in Hostile.doubles.prefix(8) + [1] {
                    if let e = try? BubbleEmitter(seed: 1) {
                        p.count { (try? Documents.scene(recording: e, rate: rate, duration: duration, name: "\u{0}", notes: "\""))?.json }
                        p.count { (try? Documents.scene(recording: e, rate: rate, duration: duration))?.sceneContent?.sampleCount }
                    }
                    if let picker = try? DayNightPicker(minutes: 1) {
                        p.count { (try? Documents.scene(recording: picker, rate: rate, duration: duration))?.json }
                    }
                    if let spawner = try? CloudSpawner(seed: .max) {
                        p.count { (try? Documents.scene(recording: spawner, rate: rate, duration: duration))?.json }
                    }
                }
            }
        }
        for (name, json) in [
            ("FlingTraces.BubblesScene", D.bubbles(interval: 0.2, duration: 2, timing: "paced", rate: 30, seconds: 3)),
            ("FlingTraces.CloudsScene", D.clouds(interval: 2, speed: 8, rate: 10, seconds: 10)),
            ("FlingTraces.DayNightScene", D.dayNight(imageHeight: 100, viewHeight: 400, rate: 10, duration: 3)),
            ("FlingTraces.ChatHeadsScene", D.chatHeads(heads: 3, seconds: 1, rate: 30)),
            ("FlingTraces.SunSwitchScene", D.sunSwitch(seconds: 2, rate: 30)),
        ] {
            // The snap-driven scenes' replay is their shared protocol's (internal), not their own.
            let snapDriven = name == "FlingTraces.ChatHeadsScene" || name == "FlingTraces.SunSwitchScene"
            let members =
                [
                    "kind", "summary", "keys", "reportWords", "runsPhysics", "members", "inputLines", "validate(_:)", "work(_:)",
                    "run(of:in:title:)",
                ] + (snapDriven ? [] : ["replay(_:_:into:)"])
            cases.append(
                Case(
                    names: members.map { "\(name).\($0)" } + SurfaceWalk.sceneInits(name)
                ) { p in
                    switch name {
                    case "FlingTraces.BubblesScene":
                        guard var doc = try? SceneDocument<BubblesScene>(json: json) else { return }
                        SurfaceWalk.walkScene(doc, &p)
                        // Bubbles that stay (version 2), alive for the whole sampling.
                        doc.scene.configuration.removeOnCompletion = false
                        p.count { doc.scene.minimumVersion }
                        SurfaceWalk.walkScene(doc, &p)
                        for taps in [[Double.nan], [1, 0], Hostile.doubles, Array(repeating: 1, count: 300_000)] {
                            p.call { () throws(FlingError) in
                                try SceneDocument(scene: BubblesScene(doc.scene.configuration, seed: 0, taps: taps), sampling: doc.sampling)
                                    .validate()
                            }
                        }
                    case "FlingTraces.CloudsScene":
                        guard let doc = try? SceneDocument<CloudsScene>(json: json) else { return }
                        SurfaceWalk.walkScene(doc, &p)
                        p.call { () throws(FlingError) in
                            try SceneDocument(scene: CloudsScene(CloudSpawner.Configuration(), seed: .max), sampling: doc.sampling)
                                .validate()
                        }
                    case "FlingTraces.DayNightScene":
                        guard let doc = try? SceneDocument<DayNightScene>(json: json) else { return }
                        SurfaceWalk.walkScene(doc, &p)
                        for m in Hostile.doubles {
                            let picks = [DayNightPicker.Pick(time: m, minutes: m), DayNightPicker.Pick(time: 0, minutes: 1)]
                            p.call { () throws(FlingError) in
                                try SceneDocument(
                                    scene: DayNightScene(DayNightPicker.Configuration(), minutes: m, picks: picks), sampling: doc.sampling
                                ).validate()
                            }
                        }
                    case "FlingTraces.ChatHeadsScene":
                        guard let doc = try? SceneDocument<ChatHeadsScene>(json: json) else { return }
                        SurfaceWalk.walkScene(doc, &p)
                        let c = ChatHeads.Configuration(screen: Rect(x: 0, y: 0, width: 390, height: 844))
                        for heads in [[], Hostile.vectors, Array(repeating: Vector(18, 100), count: 2000)] {
                            p.call { () throws(FlingError) in
                                try SceneDocument(scene: ChatHeadsScene(c, heads: heads, inputs: []), sampling: doc.sampling).validate()
                            }
                        }
                        let bad = [
                            Trace.Input(.reset(TileID(Int.max)), tick: Int.min),
                            Trace.Input(.touch(TouchEvent(time: .nan, touch: 1, phase: .ended, position: .zero))),
                        ]
                        p.call { () throws(FlingError) in
                            try SceneDocument(scene: ChatHeadsScene(c, heads: [Vector(18, 100)], inputs: bad), sampling: doc.sampling)
                                .validate()
                        }
                    default:
                        guard let doc = try? SceneDocument<SunSwitchScene>(json: json) else { return }
                        SurfaceWalk.walkScene(doc, &p)
                        let c = SunSwitch.Configuration(offCenter: Vector(.nan, 1), onCenter: Vector(1, .infinity))
                        p.call { () throws(FlingError) in
                            try SceneDocument(scene: SunSwitchScene(c, isOn: true, inputs: []), sampling: doc.sampling).validate()
                        }
                    }
                })
        }
        add(
            "FlingTraces.SnapSceneRecorder.init(recording:)", "FlingTraces.SnapSceneRecorder.document(rate:name:notes:)",
            "FlingTraces.SnapFrame.init(items:extras:)", "FlingTraces.SnapSceneReplayer.init(_:display:)",
            "FlingTraces.SnapSceneReplayer.replay(cutAt:makeBackend:)"
        ) { p in
            p.count { SnapFrame(items: [], extras: Hostile.doubles) }
            let c = ChatHeads.Configuration(screen: Rect(x: 0, y: 0, width: 390, height: 844))
            guard let heads = try? ChatHeads(heads: [(1, Vector(18, 100))], configuration: c, backend: try NativeBackend()) else { return }
            guard let recorder = try? SnapSceneRecorder(recording: heads) else { return }
            p.call { () throws(FlingError) in try SnapSceneRecorder(recording: heads) }
            p.call { () throws(FlingError) in try heads.handle(TouchEvent(time: 0.1, touch: 1, phase: .began, position: Vector(18, 100))) }
            p.call { () throws(FlingError) in try heads.advance(to: 0.5) }
            for x in Hostile.doubles { p.call { () throws(FlingError) in try recorder.document(rate: x, name: "\u{0}", notes: nil).json } }
            if let document = try? recorder.document(rate: 60) {
                for x in Hostile.doubles {
                    for display in [ReplayOptions.DisplayFrames.rate(x), .jittered(rate: x, seed: 0)] {
                        for cut in [nil, Int.min, -1, 0, 3, Int.max] {
                            p.call { () throws(FlingError) in
                                let r = try SnapSceneReplayer(document, display: display).replay(cutAt: cut) { n throws(FlingError) in
                                    try NativeBackend(solverIterations: n)
                                }
                                var h = Hasher()
                                r.ticks.forEach { h.combine($0) }
                                return (r.ticks == r.ticks, h.finalize(), r.events, r.refusals)
                            }
                        }
                    }
                }
            }
            if let trace = try? Trace(json: D.heldTiles(1, seconds: 0.1)) {
                p.call { () throws(FlingError) in try SnapSceneReplayer(trace) }
            }
            guard
                let sun = try? SunSwitch(
                    configuration: SunSwitch.Configuration(offCenter: Vector(100, 300), onCenter: Vector(160, 300)),
                    backend: try NativeBackend())
            else { return }
            p.call { () throws(FlingError) in try SnapSceneRecorder(recording: sun).document(rate: 60).json }
        }
        add(
            "FlingTraces.PathDocument.init(json:)", "FlingTraces.PathDocument.init(name:notes:paths:sampling:expected:)",
            "FlingTraces.PathDocument.digest", "FlingTraces.PathDocument.json", "FlingTraces.PathDocument.kind",
            "FlingTraces.PathDocument.formatName", "FlingTraces.PathDocument.version", "FlingTraces.PathDocument.validate()",
            "FlingTraces.PathDocument.work(_:)", "FlingTraces.PathDocument.replay(_:)", "FlingTraces.PathDocument.pinned(_:)",
            "FlingTraces.PathDocument.run(of:title:)", "FlingTraces.PathDocument.report(of:)", "FlingTraces.MorphPaths.checkPaths()",
            "FlingTraces.PathSampling.init(frames:from:to:)", "FlingTraces.PathReplay.summary", "FlingTraces.SampledPaths.kind",
            "FlingTraces.SampledPaths.summary", "FlingTraces.SampledPaths.keys", "FlingTraces.SampledPaths.budget",
            "FlingTraces.SampledPaths.members(_:)", "FlingTraces.SampledPaths.times(_:)",
            "FlingTraces.SampledPaths.replay(_:keepsSteps:into:)",
            "FlingTraces.SampledPaths.digest(_:)", "FlingTraces.SampledPaths.work(_:)", "FlingTraces.SampledPaths.run(of:in:title:)",
            "FlingTraces.ConveyorPaths.checkPaths()", "FlingTraces.MorphPaths.init(keyframes:animation:)", "FlingTraces.MorphPaths.kind",
            "FlingTraces.MorphPaths.summary", "FlingTraces.MorphPaths.keys",
            "FlingTraces.MorphPaths.members(_:)",
            "FlingTraces.MorphPaths.times(_:)", "FlingTraces.MorphPaths.replay(_:keepsSteps:into:)", "FlingTraces.MorphPaths.digest(_:)",
            "FlingTraces.MorphPaths.work(_:)", "FlingTraces.MorphPaths.run(of:in:title:)", "FlingTraces.SampledPaths.checkPaths()",
            "FlingTraces.ConveyorPaths.init(_:)", "FlingTraces.ConveyorPaths.kind", "FlingTraces.ConveyorPaths.summary",
            "FlingTraces.ConveyorPaths.keys", "FlingTraces.ConveyorPaths.members(_:)",
            "FlingTraces.ConveyorPaths.times(_:)", "FlingTraces.ConveyorPaths.replay(_:keepsSteps:into:)",
            "FlingTraces.ConveyorPaths.digest(_:)",
            "FlingTraces.ConveyorPaths.work(_:)", "FlingTraces.ConveyorPaths.run(of:in:title:)", "FlingTraces.FlingDocument.pathContent",
            "FlingTraces.ConveyorLook.isPlain", "FlingTraces.ConveyorLook.cycleNanoseconds(of:)"
        ) { p in
            let pin = MapPinKeyframes.jumpingMapPin()
            SurfaceWalk.walkPaths(
                PathDocument(paths: MorphPaths(keyframes: ["\u{0}"], animation: pin), sampling: PathSampling(frames: 24, from: 0, to: 2)),
                &p)
            SurfaceWalk.walkPaths(PathDocument(paths: ConveyorPaths(MapPinKeyframes.dots()), sampling: PathSampling(frames: 30)), &p)
        }
        add(
            "FlingTraces.ConveyorPaths.init(_:dots:baseline:pin:)", "FlingTraces.ConveyorLook.Dot.init(radius:color:offset:)",
            "FlingTraces.ConveyorLook.Baseline.init(color:width:)",
            "FlingTraces.ConveyorLook.Pin.init(keyframes:animation:beginTime:color:)",
            "FlingTraces.ConveyorLook.Pin.shape(at:)"
        ) { p in
            let jump = MapPinKeyframes.jumpingMapPin()
            for x in Hostile.doubles {
                for color in Hostile.strings.prefix(6) + ["#f64145", "#FFFFFF", "#12345g", "#1234567"] {
                    p.call { () throws(FlingError) in try ConveyorPaths.Dot(radius: x, color: color, offset: x) }
                    p.call { () throws(FlingError) in try ConveyorPaths.Baseline(color: color, width: x) }
                    p.call { () throws(FlingError) in try ConveyorPaths.Pin(keyframes: [], animation: jump, beginTime: x, color: color) }
                }
            }
            guard let pin = try? ConveyorPaths.Pin(keyframes: ["\u{0}"], animation: jump, beginTime: 0.35, color: "#f64145"),
                let line = try? ConveyorPaths.Baseline(color: "#e2e2e2", width: 2)
            else { return }
            for t in Hostile.doubles { p.count { pin.shape(at: t) } }
            // Looks of every size and offset, on lines short and long, slow and fast.
            for (length, spacing, period) in [(350.0, 175.0, 1.0), (1e-3, 1e-7, 1e9), (1e6, 100, 1e-9), (1, 1e-4, 1)] {
                guard let c = try? Conveyor(from: .zero, to: Vector(length, 0), spacing: spacing, period: period, reversed: true) else {
                    continue
                }
                for x in [0, 9, -9, 1e6, -1e6, length, -length] {
                    for count in [1, 3, ConveyorPaths.maximumDots, ConveyorPaths.maximumDots + 1] {
                        guard let dot = try? ConveyorPaths.Dot(radius: 9, color: "#e2e2e2", offset: x) else { continue }
                        let doc = PathDocument(
                            paths: ConveyorPaths(c, dots: Array(repeating: dot, count: count), baseline: line, pin: pin),
                            sampling: PathSampling(frames: 12))
                        p.call { () throws(FlingError) in try doc.digest }
                        p.call { () throws(FlingError) in try doc.replay(ReplayOptions()) }
                        for animated in [false, true] {
                            p.call { () throws(FlingError) in
                                try doc.render(Documents.RenderOptions(replay: ReplayOptions(), title: "", animated: animated, samples: 7))
                            }
                        }
                    }
                }
            }
            if let c = try? Conveyor(from: Vector(240, 409), to: Vector(590, 409), spacing: 175, period: 1, reversed: true),
                let dot = try? ConveyorPaths.Dot(radius: 15, color: "#f64145", offset: 15)
            {
                SurfaceWalk.walkPaths(
                    PathDocument(
                        paths: ConveyorPaths(c, dots: [dot, dot, dot], baseline: line, pin: pin), sampling: PathSampling(frames: 30)), &p)
            }
        }
        add(
            "FlingTraces.Run.init(kind:title:stepUnit:stages:schema:steps:events:inputs:digest:summary:)", "FlingTraces.Run.stage(at:)",
            "FlingTraces.Run.firstDivergence(from:)",
            "FlingTraces.Run.Stage.init(name:firstStep:stepCount:viewport:stepInterval:items:)",
            "FlingTraces.Run.StageItem.init(itemKind:id:label:facts:)", "FlingTraces.Run.Fact.init(_:_:)",
            "FlingTraces.Run.ItemSchema.init(itemKind:fields:)", "FlingTraces.Run.Step.init(index:localStep:time:items:digest:)",
            "FlingTraces.RunItem.init(kind:id:values:points:phase:fields:)", "FlingTraces.RunEvent.init(step:kind:id:name:detail:)",
            "FlingTraces.Run.Input.init(step:time:name:touch:phase:position:detail:)", "FlingTraces.Run.Divergence.description",
            "FlingTraces.Run.Divergence.Part.init(rawValue:)",
            "FlingTraces.Run.Divergence.Value.description",
            "FlingTraces.Run.Divergence.Value.number", "FlingTraces.Run.stepCount", "FlingTraces.Run.items(atStep:)",
            "FlingTraces.RunItem.value(_:)"
        ) { p in
            var runs: [Run] = []
            for k in [Int.min, -1, 0, 1, Int.max] {
                for x in Hostile.doubles.prefix(6) {
                    let item = RunItem(kind: "tile", id: k, values: [x, -x], points: [x], phase: "\u{0}")
                    let step = Run.Step(index: k, localStep: k, time: x, items: [item, item], digest: StateDigest(value: .max))
                    let stage = Run.Stage(
                        name: nil, firstStep: k, stepCount: k, viewport: Rect(x: x, y: x, width: x, height: x), stepInterval: x,
                        items: [Run.StageItem(itemKind: "tile", id: k, label: "", facts: [Run.Fact("x", x)])])
                    runs.append(
                        Run(
                            kind: "trace", title: "", stepUnit: "tick", stages: [stage, stage],
                            schema: [Run.ItemSchema(itemKind: "tile", fields: ["x"])],
                            steps: [step, step], events: [RunEvent(step: k, kind: "tile", id: k, name: "", detail: "")],
                            inputs: [
                                Run.Input(step: k, time: x, name: "touch", touch: k, phase: "began", position: Vector(x, x), detail: "")
                            ],
                            digest: StateDigest(), summary: ""))
                }
            }
            if let doc = try? Documents.read(Array(DocumentsCommand.heldTiles(2, seconds: 1).utf8)),
                let r = try? doc.play(SurfaceWalk.hostileOptions[1])
            {
                runs.append(r.run)
            }
            for a in runs {
                for k in Hostile.ints { p.count { a.stage(at: k) } }
                // The readings, at every frame index a caller might ask for (none past the ends).
                p.count { (a.stepCount, a.events) }
                for k in Hostile.ints + [a.stepCount - 1] {
                    for item in a.items(atStep: k) { for s in Hostile.strings + ["x"] { p.count { item.value(s) } } }
                }
                for b in runs.prefix(12) + runs.suffix(3) {
                    p.count {
                        guard let d = a.firstDivergence(from: b) else { return "" }
                        return d.description + d.value.description + "\(d.otherValue.number as Any)"
                    }
                }
            }
            for s in Hostile.strings + ["digest"] { p.count { Run.Divergence.Part(rawValue: s) } }
            for x in Hostile.doubles {
                for v in [Run.Divergence.Value.number(x), .text("\u{0}"), .absent] { p.count { (v.description, v.number) } }
            }
        }
        add(
            "FlingTraces.PinComparison.matches", "FlingTraces.PinComparison.verify(allowingNoPins:allowingUncomparedRun:)",
            "FlingTraces.PinComparison.description", "FlingTraces.PinComparison.Where.description",
            "FlingTraces.PinComparison.Mismatch.description", "FlingTraces.RunComparison.description"
        ) { p in
            for peer in [nil, "\u{0}"] as [String?] {
                for k in Hostile.ints {
                    let failure = k < 0 ? FlingError(.runMismatch, field: "", value: "", reason: "") : nil
                    let r = RunComparison(
                        backend: "", reference: "<", peer: peer, covered: k, unit: "tick", comparedValues: k % 2 == 0, failure: failure,
                        notCompared: k == 0 ? nil : "")
                    p.count { r.description }
                }
            }
            for k in Hostile.ints {
                for w in [PinComparison.Where.thisRun, .reference("\u{0}"), .nowhere(replayArithmetic: .platform)] {
                    let m = PinComparison.Mismatch(session: k, field: "", expected: "", actual: "", within: k < 0 ? nil : 0..<k)
                    let c = PinComparison(arithmetic: .portable, pinned: k, compared: ~k, comparedOn: w, mismatches: [m, m])
                    p.count { (c.matches, c.description, w.description, m.description) }
                    for allowing in [false, true] {
                        p.call { () throws(FlingError) in try c.verify(allowingNoPins: allowing, allowingUncomparedRun: !allowing) }
                    }
                }
            }
        }
    }

    /// The initializers of a scene kind, as the symbol graph names them.
    static func sceneInits(_ name: String) -> [String] {
        switch name {
        case "FlingTraces.BubblesScene": ["FlingTraces.BubblesScene.init(_:seed:taps:)", "FlingTraces.BubblesScene.minimumVersion"]
        case "FlingTraces.CloudsScene": ["FlingTraces.CloudsScene.init(_:seed:)"]
        case "FlingTraces.DayNightScene": ["FlingTraces.DayNightScene.init(_:minutes:picks:)"]
        case "FlingTraces.ChatHeadsScene": []
        default: []
        }
    }
}

#endif
