import FlingCore
import FlingInteraction
import FlingPaths
import FlingScenes

// TEMPORARY: `Run`s made from today's replays (TraceReplay, SceneReplay, PathScene sampling)
// so that the replay page can be built and checked before the document-kind registry's
// producers land. Delete this file when they do; the page only reads `Run`s. The item kinds,
// field names and stage facts written here are the ones the page draws from (docs/VIEW.md).

extension Run {
    /// A tile trace's replay: a frame per tick (every scene's ticks one after another), each
    /// with the tiles that had a world (`tile: x y angle vx vy w`, phase `held`, `attracted`,
    /// `falling`) and the digest chained up to it.
    package static func adapting(
        _ trace: Trace, title: String, makeBackend: (_ solverIterations: Int) throws(FlingError) -> any PhysicsBackend
    ) throws(FlingError) -> Run {
        let replay = try TraceReplayer(trace).replay(makeBackend: makeBackend)
        let stride = (trace.scenes.flatMap { $0.tiles.map(\.id.rawValue) }.max() ?? 0) + 1
        var items: [StageItem] = [], frames: [Frame] = [], events: [Event] = [], inputs: [Input] = []
        var offset = 0, timeOffset = 0.0
        for (s, (scene, result)) in zip(trace.scenes, replay.scenes).enumerated() {
            let tick = scene.configuration.tick
            // Ids unique over the scenes: the tile's own id in the first scene.
            func id(_ tile: TileID) -> Int { s * stride + tile.rawValue }
            for t in scene.tiles {
                items.append(
                    StageItem(
                        itemKind: "tile", id: id(t.id),
                        label: trace.scenes.count > 1 ? "scene \(s + 1) tile \(t.id.rawValue)" : "tile \(t.id.rawValue)",
                        facts: [
                            Fact("homeX", t.origin.x), Fact("homeY", t.origin.y), Fact("width", t.frame.width),
                            Fact("height", t.frame.height), Fact("from", Double(offset)), Fact("to", Double(offset + result.tickCount - 1)),
                        ]))
            }
            var phase: [Int: String] = [:]
            var digest = result.startDigest
            var next = 0
            for state in result.ticks {
                while next < result.events.count, result.events[next].tick <= state.tick {
                    let e = result.events[next]
                    next += 1
                    let (name, detail, after): (String, String, String?)
                    switch e.kind {
                    case .grabbed(let touch, let at):
                        (name, detail, after) = ("grabbed", "touch \(touch.rawValue) at \(at.x) \(at.y)", "held")
                    case .released(let outcome, let v, let cancelled):
                        (name, detail, after) = (
                            "released", "\(cancelled ? "cancelled, " : "")\(outcome.rawValue), velocity \(v.x) \(v.y)",
                            outcome == .attract ? "attracted" : "falling"
                        )
                    case .settled: (name, detail, after) = ("settled", "at home", nil)
                    case .culled: (name, detail, after) = ("culled", "off screen", nil)
                    }
                    phase[e.tile.rawValue] = after
                    events.append(Event(frame: offset + e.tick, itemKind: "tile", id: id(e.tile), name: name, detail: detail))
                }
                var row: [Item] = []
                for t in state.tiles {
                    digest.combine(t.state)
                    let b = t.state
                    row.append(
                        Item(
                            itemKind: "tile", id: id(t.id),
                            values: [b.position.x, b.position.y, b.angle, b.velocity.x, b.velocity.y, b.angularVelocity],
                            phase: phase[t.id.rawValue]))
                }
                frames.append(
                    Frame(index: offset + state.tick, time: timeOffset + Double(state.tick + 1) * tick, items: row, digest: digest))
            }
            for e in result.events[next...] {
                events.append(Event(frame: offset + e.tick, itemKind: "tile", id: id(e.tile), name: "\(e.kind)", detail: ""))
            }
            for input in scene.inputs {
                switch input.input {
                case .touch(let e):
                    let k = input.tick ?? FixedStepClock.firstTick(atOrAfter: e.time, tick: tick)
                    inputs.append(
                        Input(
                            frame: offset + k, time: timeOffset + e.time, name: "touch", touch: s * 1_000_000 + e.touch.rawValue,
                            phase: e.phase.rawValue, position: e.position, detail: e.tile.map { "tile \($0.rawValue)" } ?? ""))
                case .reset(let t):
                    inputs.append(Input(frame: offset + (input.tick ?? 0), time: timeOffset, name: "reset", detail: "tile \(t.rawValue)"))
                case .removeTile(let t):
                    inputs.append(Input(frame: offset + (input.tick ?? 0), time: timeOffset, name: "remove", detail: "tile \(t.rawValue)"))
                case .addTile(let t):
                    inputs.append(Input(frame: offset + (input.tick ?? 0), time: timeOffset, name: "add", detail: "tile \(t.id.rawValue)"))
                }
            }
            offset += result.tickCount
            timeOffset += Double(result.tickCount) * tick
        }
        let viewport = trace.scenes.first?.viewport ?? Rect(x: 0, y: 0, width: 390, height: 844)
        return Run(
            kind: "fling-trace", title: title,
            stage: Stage(viewport: viewport, frameInterval: trace.scenes.first?.configuration.tick, items: items),
            schema: [ItemSchema(itemKind: "tile", fields: ["x", "y", "angle", "vx", "vy", "w"])], frames: frames, events: events,
            inputs: inputs, digest: replay.digest, summary: replay.summary)
    }

    /// A scene document's replay: a frame per sample.
    package static func adapting(
        _ scene: SceneTrace, title: String, makeBackend: @escaping (_ solverIterations: Int) throws(FlingError) -> any PhysicsBackend
    ) throws(FlingError) -> Run {
        let replay = try scene.replay(keepsFrames: true, makeBackend: makeBackend)
        let rate = scene.sampling.rate
        var frames: [Frame] = [], events: [Event] = [], inputs: [Input] = [], stage: [StageItem] = []
        var schema: [ItemSchema] = []
        var viewport = Rect(x: 0, y: 0, width: 390, height: 400)
        var digest = StateDigest()
        func frame(atTime t: Double) -> Int { min(replay.frames.count - 1, max(0, Int((t * rate).rounded(.up)))) }
        func snap(isHeads: Bool, _ touches: [Trace.Input]) throws(FlingError) {
            for (k, f) in replay.frames.enumerated() {
                guard case .snap(let snaps, let extras) = f else { continue }
                var row: [Item] = []
                for s in snaps {
                    digest.combine(s.state.position.x); digest.combine(s.state.position.y); digest.combine(s.scale)
                    if k == 0, s.item.isDraggable {
                        stage.append(
                            StageItem(
                                itemKind: isHeads ? "head" : "knob", id: s.item.id.rawValue,
                                label: "\(isHeads ? "head" : "knob") \(s.item.id.rawValue)",
                                facts: [Fact("diameter", s.item.width)]))
                    }
                    if s.item.isDraggable {
                        row.append(
                            Item(
                                itemKind: isHeads ? "head" : "knob", id: s.item.id.rawValue,
                                values: [s.state.position.x, s.state.position.y, s.state.velocity.x, s.state.velocity.y, s.scale],
                                phase: "\(s.phase)"))
                    }
                }
                for x in extras { digest.combine(x) }
                if isHeads {
                    row.append(Item(itemKind: "panel", id: snaps.count, values: extras))
                } else {
                    row.append(Item(itemKind: "rays", id: 0, values: extras))
                }
                frames.append(Frame(index: k, time: scene.sampling.time(k), items: row, digest: digest))
            }
            // "tick 12 item 1 grabbed by touch 1": the frame is the first sample at or after the tick's end.
            for line in replay.events {
                let words = line.split(separator: " ")
                guard words.count >= 4, words[0] == "tick", let tick = Int(words[1]) else { continue }
                let f = frame(atTime: Double(tick + 1) / 60)
                if words[2] == "item", let id = Int(words[3]), words.count > 4 {
                    events.append(
                        Event(
                            frame: f, itemKind: isHeads ? "head" : "knob", id: id, name: String(words[4]),
                            detail: words[5...].joined(separator: " ")))
                } else if words.count > 4 {
                    let name = words.contains("toggled") ? "toggled" : String(words[4])
                    events.append(Event(frame: f, itemKind: isHeads ? "panel" : "rays", id: 0, name: name, detail: line))
                }
            }
            for input in touches {
                guard case .touch(let e) = input.input else { continue }
                let tick = input.tick ?? FixedStepClock.firstTick(atOrAfter: e.time, tick: 1.0 / 60)
                inputs.append(
                    Input(
                        frame: frame(atTime: Double(tick) / 60), time: e.time, name: "touch", touch: e.touch.rawValue,
                        phase: e.phase.rawValue, position: e.position))
            }
        }
        switch scene.scene {
        case .bubbles(let c, let seed, let taps):
            schema = [ItemSchema(itemKind: "bubble", fields: ["x", "y", "scale", "size"])]
            var e = try BubbleEmitter(configuration: c, seed: seed)
            for t in taps { try e.tap(at: t) }
            var states: [BubbleEmitter.State] = []
            var xs: [Double] = [], ys: [Double] = []
            for k in 0..<scene.sampling.count {
                for ev in try e.advance(to: scene.sampling.time(k)) {
                    events.append(Event(frame: k, itemKind: "bubble", id: ev.bubble, name: ev.kind.rawValue, detail: "at \(ev.time) s"))
                }
                e.states(into: &states)
                digest.combine(Double(states.count))
                var row: [Item] = []
                for s in states {
                    digest.combine(Double(s.id)); digest.combine(s.position.x); digest.combine(s.position.y); digest.combine(s.scale)
                    row.append(
                        Item(
                            itemKind: "bubble", id: s.id, values: [s.position.x, s.position.y, s.scale, s.size],
                            phase: s.isPopping ? "popping" : "rising"))
                    xs.append(s.position.x); ys.append(s.position.y)
                }
                frames.append(Frame(index: k, time: scene.sampling.time(k), items: row, digest: digest))
            }
            for t in taps { inputs.append(Input(frame: frame(atTime: t), time: t, name: "tap")) }
            if let x0 = xs.min(), let x1 = xs.max(), let y0 = ys.min(), let y1 = ys.max() {
                viewport = Rect(x: x0 - 40, y: y0 - 40, width: x1 - x0 + 80, height: y1 - y0 + 80)
            }
        case .dayNight(let c, let minutes, let picks):
            schema = [
                ItemSchema(itemKind: "sky", fields: ["minutes", "skyOffset", "rotation", "starAlpha", "sunRotation", "moonRotation"])
            ]
            stage = [
                StageItem(
                    itemKind: "sky", id: 0, label: "sky", facts: [Fact("imageHeight", c.imageHeight), Fact("viewHeight", c.viewHeight)])
            ]
            viewport = Rect(x: 0, y: 0, width: 390, height: c.viewHeight)
            var p = try DayNightPicker(configuration: c, minutes: minutes)
            var next = 0
            for k in 0..<scene.sampling.count {
                let t = scene.sampling.time(k)
                while next < picks.count, picks[next].time <= t {
                    try p.pick(picks[next].minutes, at: picks[next].time)
                    events.append(Event(frame: k, itemKind: "sky", id: 0, name: "picked", detail: "\(picks[next].minutes) min"))
                    inputs.append(Input(frame: k, time: picks[next].time, name: "pick", detail: "\(picks[next].minutes) min"))
                    next += 1
                }
                let l = p.layers(at: t)
                for x in [l.minutes, l.skyOffset, l.rotation, l.starAlpha] { digest.combine(x) }
                frames.append(
                    Frame(
                        index: k, time: t,
                        items: [
                            Item(
                                itemKind: "sky", id: 0,
                                values: [l.minutes, l.skyOffset, l.rotation, l.starAlpha, l.sunRotation, l.moonRotation])
                        ], digest: digest))
            }
        case .clouds(let c, let seed):
            schema = [ItemSchema(itemKind: "cloud", fields: ["x", "y", "alpha", "width", "height"])]
            viewport = Rect(x: 0, y: 0, width: c.viewWidth, height: 240)
            var s = try CloudSpawner(configuration: c, seed: seed)
            for k in 0..<scene.sampling.count {
                let t = scene.sampling.time(k)
                for ev in try s.advance(to: t) {
                    events.append(
                        Event(
                            frame: k, itemKind: "cloud", id: ev.cloud, name: ev.kind == .appeared ? "emitted" : "removed",
                            detail: "at \(ev.time) s"))
                }
                digest.combine(Double(s.clouds.count))
                var row: [Item] = []
                for cloud in s.clouds {
                    let p = cloud.position(at: t)
                    digest.combine(Double(cloud.id)); digest.combine(p.x); digest.combine(p.y); digest.combine(cloud.alpha)
                    row.append(Item(itemKind: "cloud", id: cloud.id, values: [p.x, p.y, cloud.alpha, cloud.size.x, cloud.size.y]))
                }
                frames.append(Frame(index: k, time: t, items: row, digest: digest))
            }
        case .chatHeads(let c, _, let touches):
            viewport = c.screen
            schema = [
                ItemSchema(itemKind: "head", fields: ["x", "y", "vx", "vy", "scale"]),
                ItemSchema(itemKind: "panel", fields: ["x", "y", "width", "height"]),
            ]
            try snap(isHeads: true, touches)
        case .sunSwitch(let c, _, let touches):
            let track = c.trackFrame
            viewport = Rect(x: track.center.x - 150, y: track.y - 80, width: 300, height: track.height + 160)
            schema = [
                ItemSchema(itemKind: "knob", fields: ["x", "y", "vx", "vy", "scale"]),
                ItemSchema(itemKind: "rays", fields: ["angle", "alpha", "on"]),
            ]
            stage.append(
                StageItem(
                    itemKind: "track", id: 0, label: "track",
                    facts: [Fact("x", track.x), Fact("y", track.y), Fact("width", track.width), Fact("height", track.height)]))
            try snap(isHeads: false, touches)
        }
        events.sort { $0.frame < $1.frame }
        return Run(
            kind: "fling-scene/\(scene.scene.kind)", title: title,
            stage: Stage(viewport: viewport, frameInterval: 1 / rate, items: stage), schema: schema, frames: frames, events: events,
            inputs: inputs, digest: replay.digest, summary: replay.summary)
    }

    /// A path scene's samples: a morph's shape (`subpath: closed`, its points the start and
    /// three points a segment), or a conveyor's dots (`dot: x y alpha`).
    package static func adapting(_ scene: PathScene, title: String) -> Run {
        var frames: [Frame] = []
        var digest = StateDigest()
        var box: BoundingBox?
        switch scene.content {
        case .morph(_, let a):
            let times = KeyframeAnimation.sampleTimes(frames: scene.sampling.frames, from: scene.sampling.from, to: scene.sampling.to)
            for (k, t) in times.enumerated() {
                let shape = a.shape(at: t)
                shape.combine(into: &digest)
                if let b = shape.bounds { box = box.map { $0.union(b) } ?? b }
                let row = shape.subpaths.enumerated().map { (n, sp) in
                    Item(
                        itemKind: "subpath", id: n, values: [sp.isClosed ? 1 : 0],
                        points: [sp.start.x, sp.start.y] + sp.segments.flatMap { [$0.p1.x, $0.p1.y, $0.p2.x, $0.p2.y, $0.p3.x, $0.p3.y] })
                }
                frames.append(Frame(index: k, time: t, items: row, digest: digest))
            }
        case .conveyor(let c):
            let n = Int64(scene.sampling.frames)
            for k in 0..<n {
                let ns = n.dividingFullWidth(c.periodNanoseconds.multipliedFullWidth(by: k)).quotient
                let items = c.items(atNanoseconds: ns)
                var row: [Item] = []
                for (j, item) in items.enumerated() {
                    digest.combine(item.position.x); digest.combine(item.position.y); digest.combine(item.alpha)
                    row.append(Item(itemKind: "dot", id: j, values: [item.position.x, item.position.y, item.alpha]))
                }
                digest.combine(Double(items.count))
                frames.append(Frame(index: Int(k), time: Double(ns) / 1e9, items: row, digest: digest))
            }
            let lo = Vector(min(c.start.x, c.end.x), min(c.start.y, c.end.y)), hi = Vector(max(c.start.x, c.end.x), max(c.start.y, c.end.y))
            box = BoundingBox(min: lo, max: hi)
        }
        let b = box ?? BoundingBox(min: .zero, max: Vector(100, 100))
        let margin = 20.0
        let viewport = Rect(
            x: b.min.x - margin, y: b.min.y - margin, width: b.max.x - b.min.x + 2 * margin, height: b.max.y - b.min.y + 2 * margin)
        let interval = frames.count > 1 ? (frames[frames.count - 1].time - frames[0].time) / Double(frames.count - 1) : nil
        let schema: [ItemSchema] =
            if case .morph = scene.content { [ItemSchema(itemKind: "subpath", fields: ["closed"])] } else {
                [ItemSchema(itemKind: "dot", fields: ["x", "y", "alpha"])]
            }
        return Run(
            kind: "fling-paths/\(scene.content.kind)", title: title, stage: Stage(viewport: viewport, frameInterval: interval, items: []),
            schema: schema, frames: frames, events: [], inputs: [], digest: digest,
            summary: "digest \(digest.hex) frames \(scene.sampling.frames)")
    }
}
