import Fling
import Testing
@testable import FlingTraces
@testable import FlingInteraction

/// The replay contract as a property: whatever an app does to its animator (touches at any
/// times, late or inside stalled frames, resets, tiles added and removed, cancels, any display
/// rate and jitter, platform timestamps; walls, item properties, fields changed at run time,
/// instantaneous and continuous pushes), the recording replays to the live run's tick states
/// and digest, bit for bit, on every backend.
@Suite struct ReplayContractTests {
    /// One live session: what the app did, driven by a seed, and what the animator gave.
    struct Session {
        var trace: Trace
        var ticks: [TraceReplay.TickState]
        var digest: StateDigest
        var stats = Stats()
        var events: [TileEvent] = []

        struct Stats {
            var late = 0, stalls = 0, midStall = 0, resets = 0, added = 0, removed = 0, cancels = 0, releases = 0
            /// The dynamics: sessions with walls, pushes (instantaneous, continuous added and
            /// removed), field changes, and what the live run reported of them.
            var walled = 0, pushes = 0, continuous = 0, uncontinued = 0, fieldChanges = 0, contacts = 0, rests = 0

            mutating func add(_ s: Stats) {
                late += s.late; stalls += s.stalls; midStall += s.midStall; resets += s.resets
                added += s.added; removed += s.removed; cancels += s.cancels; releases += s.releases
                walled += s.walled; pushes += s.pushes; continuous += s.continuous; uncontinued += s.uncontinued
                fieldChanges += s.fieldChanges; contacts += s.contacts; rests += s.rests
            }
        }
    }

    /// A random field of any kind (its own generator: the dynamics draw apart from the rest).
    static func randomField(_ d: inout SplitMix64) -> Field {
        func u(_ r: ClosedRange<Double>) -> Double { r.lowerBound + (r.upperBound - r.lowerBound) * d.unit() }
        let kinds: [Field.Kind] = [
            .linearGravity(direction: Vector(u(-1...1), u(-1...1))), .radialGravity, .spring, .drag,
            .velocity(target: Vector(u(-300...300), 0)),
            .vortex, .noise(smoothness: u(0...1), animationSpeed: u(0...3)), .turbulence(smoothness: u(0...1), animationSpeed: u(0...3)),
            .electric, .magnetic,
        ]
        let kind = kinds[Int(d.next() % UInt64(kinds.count))]
        let strength: Double
        switch kind {
        case .radialGravity, .electric: strength = u(-2e5...2e5)
        case .noise, .turbulence: strength = u(0...400)
        case .drag, .velocity, .magnetic: strength = u(0...3)
        case .spring: strength = u(0...20)
        default: strength = u(-600...600)
        }
        let regions: [Field.Region] = [.everywhere, .circle(radius: u(50...400)), .rectangle(width: u(50...400), height: u(50...800))]
        return Field(
            kind, position: Vector(u(0...390), u(0...844)), region: regions[Int(d.next() % 3)], inverted: d.unit() < 0.2,
            strength: strength, falloff: [0, 1, 2][Int(d.next() % 3)], minimumRadius: u(0...40), seed: d.next() >> 11)
    }

    /// Random dynamics for a session, or none: the viewport's edges and segments as walls, a
    /// material, fields, the rest rule. Drawn from the session's second generator.
    static func randomDynamics(_ d: inout SplitMix64, _ configuration: inout TileConfiguration) {
        func u(_ r: ClosedRange<Double>) -> Double { r.lowerBound + (r.upperBound - r.lowerBound) * d.unit() }
        guard d.unit() < 0.6 else { return }
        configuration.dynamics.translatesReferenceBoundsIntoBoundary = d.unit() < 0.6
        for _ in 0..<Int(d.next() % 3) {
            configuration.dynamics.walls.append(
                Wall(
                    from: Vector(u(0...390), u(300...844)), to: Vector(u(0...390), u(300...844)), radius: u(0...8),
                    elasticity: u(0...1), friction: u(0...2)))
        }
        configuration.dynamics.walls.removeAll { ($0.end - $0.start).length < 1 }
        if d.unit() < 0.7 {
            configuration.dynamics.itemProperties = ItemProperties(
                elasticity: u(0...1), friction: u(0...1.5), resistance: d.unit() < 0.5 ? 0 : u(0...3),
                angularResistance: d.unit() < 0.5 ? 0 : u(0...3), charge: u(-2...2))
        }
        for _ in 0..<Int(d.next() % 3) { configuration.dynamics.fields.append(randomField(&d)) }
        // Often a lenient rest rule, so that tiles lie down within a short session and are taken
        // (grabbed, pushed, reset) from where they lie.
        if d.unit() < 0.6 {
            configuration.settle.rest = TileConfiguration.RestThresholds(speed: u(1...80), angularSpeed: u(0.01...1), ticks: Int(u(1...12)))
        }
    }

    /// Plays a random app session on `kind` and records it.
    static func session(seed: UInt64, kind: BackendKind) throws -> Session {
        var rng = SplitMix64(state: seed)
        // The dynamics draw from a generator of their own, so the rest of a session is drawn as
        // it was before they existed.
        var d = SplitMix64(state: seed ^ 0xD1_7A_41C5)

        var tiles: [TileDefinition] = []
        var dealer = TileDealer()
        func newTile() -> TileDefinition {
            let w = rng.uniform(40...200), h = rng.uniform(40...200)
            let center = Vector(rng.uniform(40...350), rng.uniform(60...780))
            return dealer.deal(Rect(center: center, width: w, height: h), mass: rng.uniform(0.2...5))
        }
        for _ in 0..<Int(rng.uniform(1...4.99)) { tiles.append(newTile()) }
        var configuration = TileConfiguration()
        if rng.chance(0.3) { configuration.drag.tick = [1.0 / 120, 1.0 / 30, 1.0 / 90][Int(rng.uniform(0...2.99))] }
        randomDynamics(&d, &configuration)
        let dynamic = !configuration.dynamics.isEmpty
        for t in tiles.indices where dynamic && d.chance(0.3) {
            tiles[t].properties = ItemProperties(elasticity: d.uniform(0...1), friction: d.uniform(0...1), resistance: d.uniform(0...2))
        }
        // Platform timestamps: seconds since boot, with the start recorded by the animator.
        let origin = rng.chance(0.5) ? 0 : rng.uniform(1_000...500_000)
        let animator = try TileAnimator(
            viewport: phone, tiles: tiles, configuration: configuration,
            backend: try kind.make(), timeOrigin: origin)
        let recorder = try TraceRecorder(recording: animator)
        var live: [TraceReplay.TickState] = []
        animator.onTick = { k, states in
            live.append(TraceReplay.TickState(tick: k, tiles: states.map { TraceReplay.TileState(id: $0.0, state: $0.1) }))
        }

        var stats = Session.Stats()
        var events: [TileEvent] = []
        if !configuration.dynamics.walls(in: phone).isEmpty { stats.walled = 1 }
        var on: [Push.ID] = []
        let hz = [30.0, 60, 120, 144, 240][Int(rng.uniform(0...4.99))]
        let jitter = rng.chance(0.5)
        var display = 0.0  // relative to the origin
        var lastEvent = 0.0
        var down: [(touch: TouchID, at: Vector)] = []
        var nextTouch = 1
        // Sessions with walls run longer: time for thrown and pushed tiles to come to rest.
        let end = rng.uniform(1.5...4) + (stats.walled == 1 ? d.uniform(1...4) : 0)
        while display < end {
            // The next frame: regular, jittered, or now and then a stall the clock clamps.
            var interval = (jitter ? rng.uniform(0.25...1.75) : 1) / hz
            let stall = rng.chance(0.03)
            if stall { interval = rng.uniform(0.3...1.5); stats.stalls += 1 }
            let frame = display + interval

            // Touches before the frame: most inside it, some late (before the current display
            // time, which the clock has passed), in time order.
            var touchTimes: [Double] = []
            for _ in 0..<Int(rng.uniform(0...3.99)) {
                let late = rng.chance(0.15)
                let t = late ? rng.uniform(max(lastEvent, display - 0.2)...max(lastEvent, display)) : rng.uniform(display...frame)
                touchTimes.append(t)
            }
            touchTimes.sort()
            for t0 in touchTimes {
                let t = max(t0, lastEvent)
                if t <= display, t < frame { stats.late += 1 }
                if stall, t > display { stats.midStall += 1 }
                if down.count < 2, rng.chance(0.35) {
                    // A finger goes down on a tile (named, or hit-tested) or on empty space.
                    let target = tiles.isEmpty ? nil : tiles[Int(rng.uniform(0...Double(tiles.count) - 0.01))]
                    let at =
                        target.map { $0.origin + Vector(rng.uniform(-30...30), rng.uniform(-30...30)) }
                        ?? Vector(rng.uniform(0...390), rng.uniform(0...844))
                    let touch = TouchID(nextTouch); nextTouch += 1
                    try animator.handle(
                        TouchEvent(
                            time: origin + t, touch: touch, phase: .began, position: at,
                            item: rng.chance(0.3) ? target?.id : nil))
                    down.append((touch, at))
                } else if !down.isEmpty {
                    let d = Int(rng.uniform(0...Double(down.count) - 0.01))
                    let r = rng.unit()
                    if r < 0.75 {
                        down[d].at = down[d].at + Vector(rng.uniform(-60...60), rng.uniform(-60...90))
                        try animator.handle(TouchEvent(time: origin + t, touch: down[d].touch, phase: .moved, position: down[d].at))
                    } else {
                        let cancel = r > 0.95
                        try animator.handle(
                            TouchEvent(
                                time: origin + t, touch: down[d].touch, phase: cancel ? .cancelled : .ended,
                                position: down[d].at))
                        if cancel { stats.cancels += 1 } else { stats.releases += 1 }
                        down.remove(at: d)
                    }
                }
                lastEvent = t
            }
            // Between frames the app may change its tiles.
            if !tiles.isEmpty, rng.chance(0.02) {
                try animator.reset(tiles[Int(rng.uniform(0...Double(tiles.count) - 0.01))].id); stats.resets += 1
            }
            if tiles.count < 6, rng.chance(0.01) {
                let t = newTile(); tiles.append(t); try animator.addTile(t); stats.added += 1
            }
            if tiles.count > 1, rng.chance(0.006) {
                let t = tiles.remove(at: Int(rng.uniform(0...Double(tiles.count) - 0.01))); try animator.removeTile(t.id);
                stats.removed += 1
            }
            // ... and, in sessions with dynamics, push tiles and change the fields.
            if dynamic, !tiles.isEmpty {
                func anyTile() -> TileID { tiles[Int(d.next() % UInt64(tiles.count))].id }
                func push() -> Push {
                    Push(Vector(d.uniform(-900...900), d.uniform(-1500...600)), at: Vector(d.uniform(-30...30), d.uniform(-30...30)))
                }
                if d.chance(0.03) { try animator.applyPush(push(), to: anyTile()); stats.pushes += 1 }
                if d.chance(0.01) { on.append(try animator.addPush(push(), to: anyTile())); stats.continuous += 1 }
                if !on.isEmpty, d.chance(0.015) {
                    try animator.removePush(on.remove(at: Int(d.next() % UInt64(on.count)))); stats.uncontinued += 1
                }
                if d.chance(0.005) {
                    try animator.setFields((0..<Int(d.next() % 3)).map { _ in randomField(&d) }); stats.fieldChanges += 1
                }
            }
            // A tile removed takes its pushes with it.
            on.removeAll { id in !animator.continuousPushes.contains(id) }
            let frameEvents = try animator.advance(to: origin + frame)
            events += frameEvents
            for e in frameEvents {
                if case .wallContact = e.kind { stats.contacts += 1 }
                if e.kind == .cameToRest { stats.rests += 1 }
            }
            display = frame
        }
        return Session(trace: try recorder.trace(), ticks: live, digest: animator.digest, stats: stats, events: events)
    }

    static let sessionsPerBackend = 300

    /// Display frames at 60 Hz from the animator's display time up to `time` (relative).
    static func frames(_ a: TileAnimator, to time: Double) throws -> [TileEvent] {
        var events: [TileEvent] = []
        var t = a.clock.displayTime
        while t < time {
            t = min(t + 1.0 / 60, time)
            events += try a.advance(to: a.timeOrigin + t)
        }
        return events
    }

    @Test(arguments: BackendKind.available)
    func liveRunEqualsReplayOfItsRecording(kind: BackendKind) throws {
        var total = Session.Stats()
        for seed in 1...UInt64(Self.sessionsPerBackend) {
            let live = try Self.session(seed: seed &* 0x9E37_79B9, kind: kind)
            // Through the file format and back, replayed at another display rate.
            let trace = try Trace(json: live.trace.json)
            #expect(trace == live.trace)
            let display: ReplayOptions.DisplayFrames = seed % 2 == 0 ? .rate(60) : .jittered(rate: 97, seed: seed)
            let replay = try TraceReplayer(trace, display: display).replay { n throws(FlingError) in try kind.make(solverIterations: n) }
            let differences = Self.differences(replay, from: live)
            #expect(differences.isEmpty, "seed \(seed) on \(kind): \(differences.joined(separator: "; "))")
            if !differences.isEmpty, replay.sessions[0].ticks != live.ticks {  // say where they part
                expectSameRun(
                    tickRun(replay.sessions[0].ticks, title: "replay"), tickRun(live.ticks, title: "live"), "seed \(seed) on \(kind)")
            }
            #expect(replay.sessions[0].events == live.events, "seed \(seed) on \(kind): events")
            total.add(live.stats)
        }
        // The sessions exercised what the contract is about.
        #expect(total.late > 50 && total.stalls > 20 && total.midStall > 10)
        #expect(total.resets > 10 && total.added > 5 && total.removed > 3 && total.cancels > 5 && total.releases > 100)
        #expect(total.walled > 50 && total.pushes > 100 && total.continuous > 30 && total.uncontinued > 20)
        #expect(total.fieldChanges > 10 && total.contacts > 100 && total.rests > 15, "\(total)")
    }

    /// How a replay differs from the live run it is the recording of: errors while replaying,
    /// the tick count, any tick's tile states (ids and IEEE bits), the digest. Empty when the
    /// replay reproduces the run. The property test and its mutation test ask this one question,
    /// so the mutation test fails if this comparison stops comparing.
    static func differences(_ replay: TraceReplay, from live: Session) -> [String] {
        var found: [String] = []
        let scene = replay.sessions[0]
        if !scene.errors.isEmpty { found.append("errors while replaying: \(scene.errors)") }
        if scene.tickCount != live.ticks.count || scene.ticks.count != live.ticks.count {
            found.append("\(scene.tickCount) ticks, the live run \(live.ticks.count)")
        }
        if let k = zip(scene.ticks, live.ticks).enumerated().first(where: { !bitwiseEqual($0.element.0, $0.element.1) })?.offset {
            found.append("tick \(k) differs from the live run")
        }
        if replay.digest != live.digest { found.append("digest \(replay.digest.hex), the live run \(live.digest.hex)") }
        return found
    }

    /// The same tick, tiles (by id) and states, bit for bit.
    static func bitwiseEqual(_ a: TraceReplay.TickState, _ b: TraceReplay.TickState) -> Bool {
        a.tick == b.tick && a.tiles.count == b.tiles.count
            && zip(a.tiles, b.tiles).allSatisfy { $0.id == $1.id && $0.state.isBitwiseEqual(to: $1.state) }
    }

    enum Mutation: String, CaseIterable, CustomTestStringConvertible {
        case drop, shift, duplicate
        var testDescription: String { rawValue }
    }

    /// Sessions whose recordings the mutation test mutates.
    static let mutationSessions = 60

    /// The tick an input is applied before: its own, or for a touch written without one, the
    /// first tick at or after its time (as the recorder leaves it out).
    static func tick(of input: Trace.Input, _ scene: Trace.Session) -> Int {
        if let tick = input.tick { return tick }
        guard case .touch(let e) = input.input else { return 0 }
        return FixedStepClock.firstTick(atOrAfter: e.time, tick: scene.configuration.drag.tick)
    }

    /// The inputs of a session whose mutation must change the run, and still make a valid
    /// recording, with where a duplicate goes. Drop: the end of the first touch that grabbed a
    /// tile and let it go (the tile stays held). Shift: that touch's began and its end (the
    /// grab or the release a tick later). Duplicate: the first reset, recorded again at a later
    /// tick at which its tile has a world (the tile is put to rest there); a touch cannot be
    /// recorded twice validly, and a repeated move changes nothing.
    static func decisiveInputs(_ mutation: Mutation, _ trace: Trace, _ live: Session, _ replay: TraceReplay) -> [(
        index: Int, duplicateAt: Int?
    )] {
        let scene = trace.sessions[0], inputs = scene.inputs
        if mutation == .duplicate {
            for (i, input) in inputs.enumerated() {
                guard case .reset(let tile) = input.input, let k = input.tick else { continue }
                // A later tick at which the tile has a world, with no operation on it in between.
                guard let later = live.ticks.first(where: { $0.tick > k && $0.tiles.contains { $0.id == tile } })?.tick,
                    !inputs[(i + 1)...].contains(where: {
                        if case .removeTile(tile) = $0.input { tick(of: $0, scene) <= later } else { false }
                    })
                else { continue }
                return [(i, later)]
            }
            return []
        }
        func touch(_ i: Int) -> TouchEvent? { if case .touch(let e) = inputs[i].input { e } else { nil } }
        for event in replay.sessions[0].events {
            guard case .grabbed(let id, _) = event.kind,
                let began = inputs.indices.first(where: { touch($0)?.touch == id && touch($0)?.phase == .began }),
                let end = inputs.indices.first(where: { touch($0)?.touch == id && [.ended, .cancelled].contains(touch($0)?.phase) })
            else { continue }
            let endTick = tick(of: inputs[end], scene)
            let released = replay.sessions[0].events.contains {
                if case .released = $0.kind { $0.tile == event.tile && $0.tick == endTick } else { false }
            }
            guard released else { continue }
            return mutation == .drop ? [(end, nil)] : [(began, nil), (end, nil)]
        }
        return []
    }

    /// The replay property has teeth: drop one recorded input that mattered, move it one tick
    /// later, or record it twice, and the replay no longer equals the live run by the property
    /// test's own comparison (``differences(_:from:)``). Each mutant is a valid recording that
    /// loads and replays (a refusal would not be a comparison), so the comparison alone judges it.
    @Test(arguments: Mutation.allCases)
    func aMutatedRecordingFailsTheComparison(mutation: Mutation) throws {
        let kind = BackendKind.nativePortable
        var compared = 0
        for seed in 1...UInt64(Self.mutationSessions) {
            let live = try Self.session(seed: seed &* 0x9E37_79B9, kind: kind)
            func replay(_ trace: Trace) throws -> TraceReplay {
                try TraceReplayer(try Trace(json: trace.json), display: .rate(60))
                    .replay { n throws(FlingError) in try kind.make(solverIterations: n) }
            }
            let original = try replay(live.trace)
            #expect(Self.differences(original, from: live).isEmpty, "seed \(seed): the unmutated recording must replay")
            let scene = live.trace.sessions[0], inputs = scene.inputs
            for (index, duplicateAt) in Self.decisiveInputs(mutation, live.trace, live, original) {
                var mutant = live.trace
                switch mutation {
                case .drop:
                    mutant.sessions[0].inputs.remove(at: index)
                case .shift:
                    // One tick later, where that keeps the inputs in tick order.
                    let tick = Self.tick(of: inputs[index], scene)
                    guard index + 1 == inputs.count || Self.tick(of: inputs[index + 1], scene) > tick else { continue }
                    mutant.sessions[0].inputs[index].tick = tick + 1
                case .duplicate:
                    // The copy goes after every input applied before its tick.
                    var copy = inputs[index]
                    copy.tick = duplicateAt!
                    let at = inputs.firstIndex { Self.tick(of: $0, scene) > duplicateAt! } ?? inputs.count
                    mutant.sessions[0].inputs.insert(copy, at: at)
                }
                let result: TraceReplay
                do {
                    result = try replay(mutant)
                } catch {
                    Issue.record("seed \(seed): the \(mutation) of input \(index) was refused, not compared: \(error)")
                    continue
                }
                compared += 1
                #expect(
                    !Self.differences(result, from: live).isEmpty,
                    "seed \(seed): the \(mutation) of input \(index) (\(inputs[index])) replays exactly as the live run")
            }
        }
        #expect(compared >= 30, "only \(compared) mutants compared")
    }

    /// The case the contract was written for: a touch handed in after the display clock
    /// passed its time is applied at the next tick, and the recording says so.
    @Test(arguments: backends)
    func lateTouchIsRecordedAtTheTickItWasApplied(kind: BackendKind) throws {
        let animator = try TileAnimator(viewport: phone, tiles: [centerTile], backend: try kind.make())
        let recorder = try TraceRecorder(recording: animator)
        _ = try Self.frames(animator, to: 0.3)  // ticks 0...17 stepped
        try animator.handle(TouchEvent(time: 0.05, touch: 1, phase: .began, position: Vector(195, 422)))
        let events = try Self.frames(animator, to: 0.35)
        #expect(events.first?.kind == .grabbed(touch: 1, at: Vector(195, 422)) && events.first?.tick == 18)
        let trace = try recorder.trace()
        #expect(
            trace.sessions[0].inputs == [
                Trace.Input(.touch(TouchEvent(time: 0.05, touch: 1, phase: .began, position: Vector(195, 422))), tick: 18)
            ])
        #expect(trace.json.contains("\"version\": 2"))
        let replay = try TraceReplayer(try Trace(json: trace.json)).replay { n throws(FlingError) in try kind.make(solverIterations: n) }
        #expect(replay.sessions[0].events.first?.tick == 18)
        #expect(replay.digest == animator.digest)
    }

    /// Touches inside a stalled frame keep their spacing (scaled by the clamp) instead of all
    /// landing on the first tick after it.
    @Test func touchesInsideAStallKeepTheirSpacing() throws {
        let animator = try TileAnimator(viewport: phone, tiles: [centerTile], backend: NativeBackend())
        _ = try Self.frames(animator, to: 1)  // 60 ticks
        for (n, t) in [1.5, 2.0, 2.5].enumerated() {  // inside a 2 s stall, clamped to 0.25 s
            try animator.handle(TouchEvent(time: t, touch: TouchID(n + 1), phase: .began, position: Vector(195, 422)))
            try animator.handle(TouchEvent(time: t, touch: TouchID(n + 1), phase: .ended, position: Vector(195, 422)))
        }
        let grabs = try animator.advance(to: 3).filter { if case .grabbed = $0.kind { true } else { false } }.map(\.tick)
        // 0.5 s into a 2 s frame clamped to 0.25 s is 0.0625 s: tick ⌈63.75⌉ = 64; then 68, 72.
        #expect(grabs == [64, 68, 72])
    }

    /// Platform timestamps: times before the origin are refused, everything else is relative.
    @Test func timeOriginMakesTimesRelative() throws {
        let boot = 86_400.125
        let a = try TileAnimator(viewport: phone, tiles: [centerTile], backend: NativeBackend(), timeOrigin: boot)
        let recorder = try TraceRecorder(recording: a)
        #expect(throws: FlingError.self) { try a.handle(TouchEvent(time: boot - 0.01, touch: 1, phase: .began, position: .zero)) }
        try a.handle(TouchEvent(time: boot + 0.1, touch: 1, phase: .began, position: Vector(195, 422)))
        try a.handle(TouchEvent(time: boot + 0.2, touch: 1, phase: .ended, position: Vector(195, 422)))
        _ = try Self.frames(a, to: 2)
        #expect(a.clock.ticks == 120)
        let trace = try recorder.trace()
        #expect(trace.sessions[0].events.map(\.time) == [(boot + 0.1) - boot, (boot + 0.2) - boot])
        #expect(trace.sessions[0].run.duration == 2)
    }

    /// Resets, added and removed tiles are recorded and replayed.
    @Test(arguments: backends)
    func tileOperationsAreRecorded(kind: BackendKind) throws {
        let animator = try TileAnimator(viewport: phone, tiles: [centerTile], backend: try kind.make())
        let recorder = try TraceRecorder(recording: animator)
        try animator.handle(TouchEvent(time: 0, touch: 1, phase: .began, position: Vector(195, 422)))
        for n in 1...6 {
            try animator.handle(TouchEvent(time: Double(n) * 0.02, touch: 1, phase: .moved, position: Vector(195, 422 + Double(n) * 60)))
        }
        try animator.handle(TouchEvent(time: 0.13, touch: 1, phase: .ended, position: Vector(195, 782)))
        _ = try Self.frames(animator, to: 1.5)
        let phase = try animator.state(of: 1).phase
        #expect(phase == .culled)
        try animator.reset(1)
        try animator.addTile(TileDefinition(id: 2, frame: Rect(x: 10, y: 10, width: 50, height: 50)))
        try animator.handle(TouchEvent(time: 1.6, touch: 2, phase: .began, position: Vector(35, 35)))
        try animator.handle(TouchEvent(time: 1.7, touch: 2, phase: .ended, position: Vector(80, 35)))
        _ = try Self.frames(animator, to: 1.75)
        try animator.removeTile(1)
        _ = try Self.frames(animator, to: 2.5)
        let trace = try recorder.trace()
        let kinds = trace.sessions[0].inputs.map { input -> String in
            switch input.input {
            case .touch: "touch"
            case .reset: "reset@\(input.tick!)"
            case .addTile: "add@\(input.tick!)"
            case .removeTile: "remove@\(input.tick!)"
            case .dynamics: "dynamics@\(input.tick!)"
            }
        }
        #expect(kinds == Array(repeating: "touch", count: 8) + ["reset@90", "add@90", "touch", "touch", "remove@105"])
        let replay = try TraceReplayer(try Trace(json: trace.json), display: .rate(144))
            .replay { n throws(FlingError) in try kind.make(solverIterations: n) }
        #expect(replay.digest == animator.digest && replay.tickCount == 150)
    }

    /// A version-1 reader's document: tile operations need version 2.
    @Test func operationsNeedVersionTwo() throws {
        let v1 = """
            {"format": "fling-trace", "version": 1, "scenes": [{"viewport": {"x": 0, "y": 0, "width": 390, "height": 844},
            "configuration": \(Self.defaultConfigurationJSON), "tiles": [{"id": 1, "frame": {"x": 0, "y": 0, "width": 10, "height": 10}, "mass": 1}],
            "run": {"duration": 1, "stopWhenIdle": false}, "events": [{"tick": 3, "reset": 1}]}]}
            """
        #expect(throws: FlingError.self) { try Trace(json: v1) }
        let v2 = v1.replacingOccurrences(of: "\"version\": 1", with: "\"version\": 2")
        #expect(try Trace(json: v2).sessions[0].inputs == [Trace.Input(.reset(1), tick: 3)])
        let unknown = v2.replacingOccurrences(of: "\"reset\": 1", with: "\"reset\": 7")
        #expect(throws: FlingError.self) { try Trace(json: unknown) }
    }

    static var defaultConfigurationJSON: String {
        let json = Trace(sessions: [Trace.Session(viewport: phone, tiles: [], events: [])]).json
        let start = json.range(of: "\"configuration\": ")!.upperBound
        let end = json.range(of: "},\n      \"tiles\"")!.lowerBound
        return String(json[start..<end]) + "}"
    }
}
