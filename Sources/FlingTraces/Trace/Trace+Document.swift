import _FlingCoding
import FlingCore
import FlingInteraction

// The tile trace's registration (format `fling-trace`): its reader, writer, validation and pins
// are in Trace*.swift and TraceReplayer.swift; here is what every kind declares for the command
// line, `fling diff` and the replay page: the work a replay implies, its Run, its report lines,
// and its picture.
//
// The Run of a trace: one stage per session (its name, viewport, tick, a `tile` stage item per
// tile with facts `homeX homeY width height mass`, and a `wall` stage item per wall, numbered as
// wall contacts name them, with facts `x1 y1 x2 y2 radius elasticity friction`), one frame per tick (frames of later
// sessions follow those of earlier ones; `local` is the tick within the session, `time` the
// end of the tick), and in each frame the tiles that had a world during the tick (what the
// digest covers) with values `x y angle vx vy w` and phase `held`, `attracted` or `falling`; a
// tile lying where it came to rest is in every frame until it moves again, with phase `lying`
// (its values its pose and zero velocities; not in the digest, which covers worlds only); a
// tile absent from a frame rests at home (or was culled or removed, as the events and inputs
// say). Events: `grabbed`, `released`, `pushed`, `settled`,
// `culled`, `cameToRest`, `wallContact` (the wall's index, point, normal and impulse); inputs:
// `touch`, `reset`, `addTile`, `removeTile`, `push`, `addPush`, `removePush`, `setFields`. Each
// frame carries the chained digest after its tick.

extension Trace: FlingDocument {
    public static let kind = Documents.Kind(
        name: formatName, format: formatName, summary: "photo tiles: sessions of touches on a TileAnimator", budget: tileTickBudget,
        read: { (d: inout DocumentDecoder, root: JSONNode) throws(FlingError) -> any FlingDocument in try d.trace(root) })

    /// Ticks × tiles over the sessions (`⌊duration / tick⌋ × (tiles + tiles added)`).
    public func work(_ options: ReplayOptions) -> Documents.Work { Documents.Work(unit: Self.tileTickBudget.unit, amount: tileTicks) }

    public func replay(_ options: ReplayOptions) throws(FlingError) -> TraceReplay {
        var replayer = TraceReplayer(self, display: options.display)
        replayer.recordsTicks = options.keepsSteps
        replayer.checkpointInterval = options.checkpointInterval
        replayer.predictionTicks = options.predictionTicks
        return try replayer.replay { n throws(FlingError) in try options.backend(n, for: "TraceReplayer") }
    }

    public func pinned(_ options: ReplayOptions) throws(FlingError) -> Trace {
        try pinned(every: options.checkpointInterval) { n throws(FlingError) in try options.backend(n, for: "Trace.pinned") }
    }

    /// One line per session, then `TraceReplay/summary`:
    /// `scene 3 [stroke 3]: tile 1 settled tick 87 release attract vx 12.658 vy -36.904`.
    public func report(of replay: TraceReplay) -> [String] {
        var lines: [String] = []
        for (n, session) in replay.sessions.enumerated() {
            var s = "scene \(n + 1)"
            if let name = session.name { s += " [\(name.filter { !$0.isNewline })]" }
            s += ":"
            if session.outcomes.isEmpty {
                lines.append(s + " no tiles")
                continue
            }
            s +=
                " "
                + session.outcomes.map { o in
                    var part = "tile \(o.tile.rawValue) \(o.kind.rawValue) tick \(o.tick)"
                    if let r = o.release {
                        part +=
                            " release \(r.cancelled ? "cancelled" : r.outcome.rawValue) vx \(NumberText.fixed3(r.velocity.x))"
                            + " vy \(NumberText.fixed3(r.velocity.y))"
                    } else {
                        part += " release none"
                    }
                    return part
                }.joined(separator: "; ")
            lines.append(s)
        }
        lines.append(replay.summary)
        return lines
    }

    public func run(of replay: TraceReplay, title: String) -> Run {
        var stages: [Run.Stage] = [], frames: [Run.Step] = [], events: [RunEvent] = [], inputs: [Run.Input] = []
        var predictions: [Run.Prediction] = []
        for (s, session) in sessions.enumerated() where s < replay.sessions.count {
            let r = replay.sessions[s]
            let offset = frames.count
            let tick = session.configuration.drag.tick
            // Every tile the session knows, at its first definition, in id order.
            var tiles = session.tiles
            for input in session.inputs {
                if case .addTile(let d) = input.input, !tiles.contains(where: { $0.id == d.id }) { tiles.append(d) }
            }
            tiles.sort { $0.id < $1.id }
            let count = r.ticks.isEmpty ? 0 : r.tickCount
            stages.append(
                Run.Stage(
                    name: session.name, firstStep: offset, stepCount: count, viewport: session.viewport, stepInterval: tick,
                    items: tiles.map { t in
                        Run.StageItem(
                            itemKind: "tile", id: t.id.rawValue, label: "tile \(t.id.rawValue)",
                            facts: [
                                .init("homeX", t.origin.x), .init("homeY", t.origin.y), .init("width", t.frame.width),
                                .init("height", t.frame.height), .init("mass", t.mass),
                            ])
                    }
                        + session.configuration.dynamics.walls(in: session.viewport).enumerated().map { k, w in
                            Run.StageItem(
                                itemKind: "wall", id: k, label: "wall \(k)",
                                facts: [
                                    .init("x1", w.start.x), .init("y1", w.start.y), .init("x2", w.end.x), .init("y2", w.end.y),
                                    .init("radius", w.radius), .init("elasticity", w.elasticity), .init("friction", w.friction),
                                ])
                        }))
            for input in session.inputs {
                var k: Int
                switch input.input {
                case .touch(let e): k = input.tick ?? FixedStepClock.firstTick(atOrAfter: e.time, tick: tick)
                default: k = input.tick ?? 0
                }
                k = offset + min(k, count)
                switch input.input {
                case .touch(let e):
                    inputs.append(
                        Run.Input(
                            step: k, time: e.time, name: "touch", touch: e.touch.rawValue, phase: e.phase.rawValue,
                            position: e.position, detail: e.item.map { "tile \($0.rawValue)" } ?? ""))
                case .reset(let id):
                    inputs.append(Run.Input(step: k, time: Double(k - offset) * tick, name: "reset", detail: "tile \(id.rawValue)"))
                case .removeTile(let id):
                    inputs.append(
                        Run.Input(step: k, time: Double(k - offset) * tick, name: "removeTile", detail: "tile \(id.rawValue)"))
                case .addTile(let d):
                    inputs.append(
                        Run.Input(
                            step: k, time: Double(k - offset) * tick, name: "addTile", position: d.origin,
                            detail: "tile \(d.id.rawValue) \(d.frame.width)x\(d.frame.height) mass \(d.mass)"))
                case .dynamics(let d):
                    let (name, detail) = d.runInput
                    inputs.append(Run.Input(step: k, time: Double(k - offset) * tick, name: name, detail: detail))
                }
            }
            // Phases from the events: a grab holds a tile from its tick, a release sends it home
            // or lets it fall, settling and culling end its world.
            var phase: [TileID: String] = [:]  // looked up by id only, never iterated
            // Tiles lying where they came to rest, in id order, with their pose: in every frame
            // from the one after they came to rest until a finger, a push, a reset or a removal.
            var lying: [(id: TileID, pose: BodyState)] = []
            var next = 0, nextInput = 0
            // Each tile's home as of the tick (an added tile's from its tick on): looked up only.
            var home = Dictionary(uniqueKeysWithValues: session.tiles.map { ($0.id, $0.origin) })
            var digest = r.startDigest
            for state in r.ticks {
                // Inputs come in tick order (the trace's validation holds them to it).
                while nextInput < session.inputs.count {
                    let input = session.inputs[nextInput]
                    var k = input.tick ?? 0
                    if input.tick == nil, case .touch(let e) = input.input { k = FixedStepClock.firstTick(atOrAfter: e.time, tick: tick) }
                    guard k <= state.tick else { break }
                    switch input.input {
                    case .reset(let id), .removeTile(let id): lying.removeAll { $0.id == id }
                    case .addTile(let d): home[d.id] = d.origin
                    default: break
                    }
                    nextInput += 1
                }
                while next < r.events.count, r.events[next].tick <= state.tick {
                    let e = r.events[next]
                    switch e.kind {
                    case .grabbed: phase[e.tile] = "held"
                    case .released(let outcome, _, _): phase[e.tile] = outcome == .attract ? "attracted" : "falling"
                    case .pushed: phase[e.tile] = "falling"
                    case .tapped, .settled, .culled, .cameToRest, .wallContact: break
                    }
                    if case .grabbed = e.kind { lying.removeAll { $0.id == e.tile } }
                    if e.kind == .pushed { lying.removeAll { $0.id == e.tile } }
                    next += 1
                }
                for t in state.tiles { digest.combine(t.state) }
                // A tile that settled this tick is read where the event puts it: exactly home,
                // angle 0, still (the digest keeps the physics state the tick left).
                let settledNow = r.events[..<next].filter { $0.tick == state.tick && $0.kind == .settled }.map(\.tile)
                var items = state.tiles.map { t in
                    if settledNow.contains(t.id), let at = home[t.id] {
                        return RunItem(kind: "tile", id: t.id.rawValue, values: [at.x, at.y, 0, 0, 0, 0], phase: "settled")
                    }
                    let b = t.state
                    return RunItem(
                        kind: "tile", id: t.id.rawValue,
                        values: [b.position.x, b.position.y, b.angle, b.velocity.x, b.velocity.y, b.angularVelocity],
                        phase: phase[t.id])
                }
                for l in lying where !state.tiles.contains(where: { $0.id == l.id }) {
                    items.append(
                        RunItem(
                            kind: "tile", id: l.id.rawValue, values: [l.pose.position.x, l.pose.position.y, l.pose.angle, 0, 0, 0],
                            phase: "lying"))
                }
                items.sort { $0.id < $1.id }
                frames.append(
                    Run.Step(
                        index: offset + state.tick, localStep: state.tick, time: Double(state.tick + 1) * tick, items: items, digest: digest
                    ))
                // Came to rest after this tick: lying from the next frame on, where this one left it.
                for e in r.events[..<next] where e.tick == state.tick && e.kind == .cameToRest {
                    if let t = state.tiles.first(where: { $0.id == e.tile }) {
                        lying.removeAll { $0.id == e.tile }
                        lying.append((e.tile, BodyState(position: t.state.position, angle: t.state.angle)))
                        lying.sort { $0.id < $1.id }
                    }
                }
            }
            for e in r.events {
                let name: String, detail: String
                switch e.kind {
                case .grabbed(let touch, let at):
                    name = "grabbed"; detail = "touch \(touch.rawValue) at (\(at.x), \(at.y))"
                case .released(let outcome, let v, let cancelled):
                    name = "released"; detail = "\(cancelled ? "cancelled, " : "")\(outcome.rawValue) vx \(v.x) vy \(v.y)"
                case .tapped: name = "tapped"; detail = ""
                case .settled: name = "settled"; detail = ""
                case .culled: name = "culled"; detail = ""
                case .pushed: name = "pushed"; detail = ""
                case .cameToRest: name = "cameToRest"; detail = ""
                case .wallContact(let c): name = "wallContact"; detail = Self.contactDetail(c)
                }
                events.append(RunEvent(step: offset + e.tick, kind: "tile", id: e.tile.rawValue, name: name, detail: detail))
            }
            // Each release's prediction, until the tile gets there or another grab, release or
            // reset of it supersedes it.
            for (n, e) in r.events.enumerated() {
                guard let p = e.prediction else { continue }
                var until = p.tick
                if let later = r.events[(n + 1)...].first(where: { x in
                    guard x.tile == e.tile else { return false }
                    switch x.kind {
                    case .grabbed, .released, .pushed: return true
                    default: return false
                    }
                }) {
                    until = min(until, later.tick)
                }
                for input in session.inputs {
                    guard case .reset(let id) = input.input, id == e.tile, let k = input.tick, k > e.tick else { continue }
                    until = min(until, k)
                }
                predictions.append(
                    Run.Prediction(
                        itemKind: "tile", id: e.tile.rawValue, step: offset + e.tick, until: offset + until,
                        outcome: "\(p.outcome)", x: p.pose.position.x, y: p.pose.position.y, angle: p.pose.angle))
            }
        }
        var run = Run(
            kind: Self.kind.name, title: title, stepUnit: "tick", stages: stages,
            schema: [Run.ItemSchema(itemKind: "tile", fields: ["x", "y", "angle", "vx", "vy", "w"])], steps: frames,
            events: events, inputs: inputs, digest: replay.digest, summary: replay.summary)
        run.predictions = predictions
        // Every tick stepped, kept or not; each refused input by where the animator applied it
        // (the error's field up to its first `: `, `tick 12, touch 1 began on tile 1`).
        run.stageSteps = replay.sessions.prefix(sessions.count).map(\.tickCount)
        for (s, session) in replay.sessions.prefix(sessions.count).enumerated() {
            for e in session.errors {
                let at = e.field.firstRange(of: ": ").map { String(e.field[..<$0.lowerBound]) } ?? e.field
                run.refusals.append(Run.Refusal(at: "scene \(s + 1): \(at)", error: e))
            }
        }
        return run
    }

    /// A wall contact's words for a ``Run``: `wall 2 at (x, y) normal (x, y) impulse (x, y)`.
    static func contactDetail(_ c: Wall.Contact) -> String {
        "wall \(c.wall) at (\(c.point.x), \(c.point.y)) normal (\(c.normal.x), \(c.normal.y)) impulse (\(c.impulse.x), \(c.impulse.y))"
    }
}
