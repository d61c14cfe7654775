import Fling
import FlingTraces
import Testing
@testable import FlingTestSupport

/// Stepping on several threads never changes a bit: every world's operations are its own.
@Suite struct ThreadTests {
    /// 1,000 random worlds (drags with moving fingers, attractions, free fall), some destroyed
    /// and remade along the way, stepped 90 times; every state after every step is compared.
    static func run(threads: Int, arithmetic: Arithmetic) throws -> [[BodyState]] {
        let backend = try NativeBackend(arithmetic: arithmetic, threads: threads)
        backend.parallelSlots = 0  // every step on every thread, few worlds or not
        var rng = SplitMix64(state: 77)
        func u(_ a: Double, _ b: Double) -> Double { a + (b - a) * rng.unit() }
        var held: [WorldID: JointID] = [:]  // the worlds with a drag, whose fingers move
        func make() throws -> WorldID {
            let m = u(0.2, 5)
            let w = try backend.makeWorld(
                WorldDefinition(
                    mass: m, moment: m * u(500, 5000),
                    transform: Transform(
                        position: Vector(u(0, 390), u(0, 844)), angle: u(-1, 1)), gravity: Vector(0, 2000)))
            switch rng.next() % 3 {
            case 0:
                held[w] = try backend.addDrag(
                    DragJoint(
                        localAnchor: Vector(u(-30, 30), u(-30, 30)), finger: Vector(u(0, 390), u(0, 844)),
                        maxForce: 50_000 * m, errorBias: 5.8e-5), to: w)
            case 1:
                try backend.setDamping(of: w, 0.2)
                try backend.attachAttraction(
                    Attraction(
                        origin: Vector(u(0, 390), u(0, 844)), stiffness: 250 * m, damping: 0,
                        angularStiffness: 2e4, angularDamping: 100), to: w)
            default: try backend.setVelocity(of: w, linear: Vector(u(-500, 500), u(-1500, 0)), angular: u(-5, 5))
            }
            return w
        }
        var worlds = try (0..<1000).map { _ in try make() }
        var out: [[BodyState]] = []
        var states: [BodyState] = []
        var moves = 0
        for step in 0..<90 {
            for w in worlds {  // in world order (the Dictionary is only asked)
                guard let drag = held[w] else { continue }
                try backend.moveDrag(drag, in: w, to: Vector(u(0, 390), u(0, 844)), velocity: Vector(u(-900, 900), u(-900, 900)))
                moves += 1
            }
            if step % 10 == 9 {
                for _ in 0..<25 {
                    let n = Int(rng.next() % UInt64(worlds.count))
                    held[worlds[n]] = nil
                    try backend.destroyWorld(worlds[n])
                    worlds[n] = try make()
                }
            }
            try backend.step(by: 1.0 / 60)
            try backend.readStates(of: worlds, into: &states)
            out.append(states)
        }
        #expect(moves > 20_000)  // about a third of the worlds held, every step
        return out
    }

    @Test(arguments: Arithmetic.allCases)
    func bitsDoNotDependOnTheThreadCount(arithmetic: Arithmetic) throws {
        let one = try Self.run(threads: 1, arithmetic: arithmetic)
        for threads in [2, 3, 8] {
            let many = try Self.run(threads: threads, arithmetic: arithmetic)
            for (step, (a, b)) in zip(one, many).enumerated() {
                let same = zip(a, b).allSatisfy { $0.isBitwiseEqual(to: $1) }
                #expect(same && a.count == b.count, "\(threads) threads, step \(step)")
                if !same { return }
            }
        }
    }

    /// Every trace fixture replays to its pinned digests on three threads.
    @Test(arguments: traceFixtures)
    func fixturesOnThreeThreads(file: String) throws {
        let trace = try Trace(json: try Fixture.text("traces/\(file)"))
        let replay = try TraceReplayer(trace).replay { n throws(FlingError) in
            let backend = try NativeBackend(solverIterations: n, arithmetic: .portable, threads: 3)
            backend.parallelSlots = 0
            return backend
        }
        try replay.verify()
    }

    @Test func threadCountsOutOfRangeAreRefused() {
        #expect(throws: FlingError.self) { try NativeBackend(threads: 0) }
        #expect(throws: FlingError.self) { try NativeBackend(threads: 65) }
    }
}

/// The dynamics path on the native backend's threads gives the same bits as on one.
@Test(arguments: Arithmetic.allCases)
func dynamicsBitsDoNotDependOnTheThreadCount(arithmetic: Arithmetic) throws {
    for seed in UInt64(300)..<310 {
        let script = DynamicsScript.random(seed: seed)
        let one = try script.run(on: try NativeBackend(arithmetic: arithmetic))
        let threaded = try NativeBackend(arithmetic: arithmetic, threads: 2)
        threaded.parallelSlots = 0
        let two = try script.run(on: threaded)
        #expect(firstDifference(one, two) == nil, "seed \(seed): \(firstDifference(one, two) ?? "")")
    }
}

/// An animator's per-item passes on the backend's threads (the states read back, the
/// after-step rule, the finger moves, the poses drawn: Kernel/Kernel+Parts.swift) give the bits
/// of one thread: 300 tiles dragged, flung off screen and culled, let go near home and
/// settled, tick after tick; every tick's events, poses and digest compared.
@Test func animatorPassesDoNotDependOnTheThreadCount() throws {
    func run(threads: Int) throws -> (events: [TileEvent], poses: [[Transform]], digest: StateDigest, parts: Int) {
        let backend = try NativeBackend(arithmetic: .portable, threads: threads)
        backend.parallelSlots = 0  // every pass in parts, however few the items
        var tiles: [TileDefinition] = []
        for i in 0..<300 {
            let center = Vector(Double(20 + (i * 37) % 350), Double(40 + (i * 53) % 760))
            tiles.append(TileDefinition(id: TileID(i), frame: Rect(center: center, width: 60, height: 40)))
        }
        let a = try TileAnimator(viewport: Rect(x: 0, y: 0, width: 390, height: 844), tiles: tiles, backend: backend)
        var events: [TileEvent] = [], poses: [[Transform]] = [], drawn: [Transform] = []
        var downs: [Int: Vector] = [:]
        for k in 0..<240 {
            let t = Double(k) / 60
            // A gesture over four ticks: down, two moves, up; flung down (culled) or nudged and
            // let go near home (settled), by turns.
            for (i, tile) in tiles.enumerated() {
                let c = (i + k) % 40, fling = i % 2 == 0
                let step = fling ? Vector(5 * Double(i % 7), 45) : Vector(2, -1)
                switch c {
                case 0:
                    let now = try a.state(of: tile.id)
                    guard now.phase == TilePhase.resting else { continue }
                    try a.handle(TouchEvent(time: t, touch: TouchID(i), phase: .began, position: now.state.position, item: tile.id))
                case 1, 2, 3:
                    guard let start = downs[i] else { continue }
                    let at = start + step * Double(c)
                    try a.handle(TouchEvent(time: t, touch: TouchID(i), phase: c == 3 ? .ended : .moved, position: at))
                default: continue
                }
            }
            let tick = try a.advance(to: t + 1.0 / 60)
            for e in tick {
                if case .grabbed(let touch, let at) = e.kind { downs[touch.rawValue] = at }
                if case .released = e.kind { downs[e.tile.rawValue] = nil }
            }
            events += tick
            a.drawnTransforms(into: &drawn)
            poses.append(drawn)
            for e in events where e.tick == k && e.kind == .culled { try a.reset(e.tile) }
        }
        return (events, poses, a.digest, backend.parts)
    }
    let one = try run(threads: 1)
    #expect(one.events.contains { $0.kind == .culled } && one.events.contains { $0.kind == .settled } && one.parts == 1)
    for threads in [2, 3] {
        let many = try run(threads: threads)
        #expect(many.parts == threads)
        let parted =
            one.events.indices.first { $0 < many.events.count && one.events[$0] != many.events[$0] }
            ?? (one.events.count == many.events.count ? nil : min(one.events.count, many.events.count))
        #expect(parted == nil, "\(threads) threads: the events part at \(parted ?? 0) of \(one.events.count)")
        #expect(many.digest == one.digest, "\(threads) threads: digest")
        func same(_ p: Transform, _ q: Transform) -> Bool {
            p.position.x.bitPattern == q.position.x.bitPattern && p.position.y.bitPattern == q.position.y.bitPattern
                && p.angle.bitPattern == q.angle.bitPattern
        }
        let posesAgree = zip(one.poses, many.poses).allSatisfy { zip($0, $1).allSatisfy(same) }
        #expect(posesAgree, "\(threads) threads: poses")
    }
}
