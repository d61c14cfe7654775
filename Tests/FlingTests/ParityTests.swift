#if Chipmunk
import Testing
import Fling
import FlingChipmunk
@testable import FlingTestSupport
@testable import FlingTraces

/// Compares two runs tick by tick, every value by its bits, and their life-cycle events;
/// returns the first divergence (tick, tile, field, both bit patterns), if any.
func firstDifference(_ a: Run.Result, _ b: Run.Result) -> String? {
    a.run("first").firstDivergence(from: b.run("second"))?.description
}

@Suite struct ParityTests {
    /// 500 seeded scenarios of 630 ticks: the native backend must equal Chipmunk bit for bit
    /// at every tick, in every field, and report the same life-cycle events.
    @Test(arguments: 0..<ParityPlan.batches)
    func nativeEqualsChipmunkOnRandomScenarios(batch: Int) throws {
        var ticks = 0
        var seen: [String: Int] = [:]
        let n = ParityPlan.scenariosPerBatch
        for seed in UInt64(batch * n)..<UInt64(batch * n + n) {
            let run = randomScenario(seed: seed)
            let chipmunk = try run.play(on: .chipmunk)
            let native = try run.play(on: .native)
            let shared = try run.play(on: .chipmunkShared)
            #expect(chipmunk.ticks.count >= 600)
            if let diff = firstDifference(chipmunk, native) {
                Issue.record("seed \(seed): \(diff)")
                return
            }
            if let diff = firstDifference(shared, native) {
                Issue.record("seed \(seed), shared space: \(diff)")
                return
            }
            #expect(chipmunk.digest == native.digest)
            ticks += chipmunk.ticks.count
            for tile in run.tiles.map(\.id) {
                var moving = false
                for kind in chipmunk.events.kinds(of: tile) {
                    switch kind {
                    case .grabbed: seen[moving ? "re-grab of a moving tile" : "grab", default: 0] += 1; moving = true
                    case .released(let outcome, _, let cancelled):
                        seen[cancelled ? "cancel" : outcome.rawValue, default: 0] += 1
                    case .tapped: seen["tap", default: 0] += 1
                    case .settled: seen["settle", default: 0] += 1; moving = false
                    case .culled: seen["cull", default: 0] += 1; moving = false
                    case .pushed, .cameToRest, .wallContact: Issue.record("no dynamics in these scenarios")
                    }
                }
            }
        }
        #expect(ticks >= 50 * 600)
        // The scenarios really exercise every path of the life cycle.
        for path in ["grab", "re-grab of a moving tile", "cancel", "attract", "fall", "settle", "cull"] {
            #expect(seen[path, default: 0] > 0, "batch \(batch) never had a \(path): \(seen.sorted { $0.key < $1.key })")
        }
    }

    /// All worlds in one shared `cpSpace` (the benchmark's `chipmunk-shared`) give the same
    /// bits as one space per world: the worlds really are independent.
    @Test func sharedSpaceEqualsSpacePerWorld() throws {
        for seed in UInt64(1000)..<1050 {
            let run = randomScenario(seed: seed)
            let perWorld = try run.play(on: .chipmunk)
            let shared = try run.play(on: .chipmunkShared)
            if let diff = firstDifference(perWorld, shared) {
                Issue.record("seed \(seed): \(diff)")
                return
            }
        }
    }

    /// In a shared `cpSpace`, removing a world's constraint moves the space's last constraint
    /// into the hole (`cpArrayDeleteObj`), which can put another world's rotary spring before
    /// its damped spring. Worlds attached and detached in seeded random orders, with spins and
    /// signed zeros: every world still equals the native backend, bit for bit, at every step.
    @Test(arguments: [3, 4, 5])
    func sharedSpaceHoleFillingKeepsEveryWorldsBits(seed: UInt64) throws {
        var rng = SplitMix64(state: seed)
        let shared = try ChipmunkBackend(layout: .sharedSpace), native = try NativeBackend()
        let backends: [any PhysicsBackend] = [shared, native]
        var worlds: [[WorldID]] = [[], []]
        var attached: [Bool] = []
        for n in 0..<24 {
            let definition = WorldDefinition(
                mass: 0.5 + rng.unit() * 4, moment: 200 + rng.unit() * 5000,
                transform: Transform(
                    position: Vector(rng.unit() * 300 - 150, n % 3 == 0 ? -0.0 : rng.unit() * 400), angle: rng.unit() - 0.5),
                gravity: Vector(0, 1000))
            let spin = n % 4 == 0 ? -0.0 : rng.unit() * 20 - 10
            for b in 0..<2 {
                let w = try backends[b].makeWorld(definition)
                try backends[b].setVelocity(of: w, linear: Vector(rng.unit() * 0 - 0.0, 300), angular: spin)
                worlds[b].append(w)
            }
            attached.append(false)
        }
        func attraction(_ n: Int) -> Attraction {
            Attraction(
                origin: Vector(Double(n) * 7, -0.0), stiffness: 100 + Double(n), damping: 0,
                angularStiffness: 3e3 + Double(n) * 100, angularDamping: 40)
        }
        for step in 0..<240 {
            // Attach or detach a few worlds in a random order each step: holes all over the array.
            for _ in 0..<3 {
                let n = Int(rng.next() % 24)
                for b in 0..<2 {
                    if attached[n] {
                        try backends[b].detachAttraction(from: worlds[b][n])
                        try backends[b].setDamping(of: worlds[b][n], 1)
                    } else {
                        try backends[b].setDamping(of: worlds[b][n], 0.2)
                        try backends[b].attachAttraction(attraction(n), to: worlds[b][n])
                    }
                }
                attached[n].toggle()
            }
            for backend in backends { try backend.step(by: 1.0 / 60) }
            for n in 0..<24 {
                let a = try shared.state(of: worlds[0][n]), b = try native.state(of: worlds[1][n])
                if !a.isBitwiseEqual(to: b) {
                    Issue.record("seed \(seed), step \(step), world \(n): \(a) vs \(b)")
                    return
                }
            }
        }
    }

    /// The solver's fast paths skip the anchor body only when that changes no bit; a finger
    /// moving at -0 takes the literal path. Odd and even world counts, mixed joint kinds,
    /// fingers at ±0: the backends agree at every step, bit for bit.
    @Test(arguments: [1, 2, 5])
    func signedZerosAndOddWorldCounts(worlds: Int) throws {
        let backends: [any PhysicsBackend] = [try ChipmunkBackend(), try NativeBackend()]
        var ids: [[WorldID]] = [[], []]
        let fingers = [Vector(-0.0, 5), Vector(3, -0.0), Vector(-0.0, -0.0), Vector(0, 0), Vector(-2, 7)]
        for (b, backend) in backends.enumerated() {
            for n in 0..<worlds * 2 {
                let w = try backend.makeWorld(
                    WorldDefinition(
                        mass: 1 + Double(n), moment: 900 + 100 * Double(n),
                        transform: Transform(position: Vector(-0.0, 10 * Double(n)), angle: 0.1 * Double(n)), gravity: Vector(0, 900)))
                if n % 2 == 0 {
                    _ = try backend.addDrag(
                        DragJoint(
                            localAnchor: Vector(-0.0, 12), finger: Vector(-0.0, 0),
                            maxForce: 4000, errorBias: 1e-3), to: w)
                } else {
                    try backend.setDamping(of: w, 0.3)
                    try backend.attachAttraction(
                        Attraction(
                            origin: Vector(-0.0, 40), stiffness: 300, damping: 2,
                            angularStiffness: 5e4, angularDamping: 300), to: w)
                }
                ids[b].append(w)
            }
            // A world of nothing but zeros of both signs: every impulse is ±0, and which zero
            // comes out depends on the anchor body's signed zeros being kept exactly.
            let still = try backend.makeWorld(
                WorldDefinition(
                    mass: 1, moment: 100, transform: Transform(position: Vector(-0.0, -0.0)), gravity: Vector(-0.0, 0)))
            try backend.setVelocity(of: still, linear: Vector(-0.0, -0.0), angular: -0.0)
            _ = try backend.addDrag(
                DragJoint(
                    localAnchor: Vector(-0.0, -0.0), finger: Vector(-0.0, -0.0),
                    maxForce: 10, errorBias: 0.5), to: still)
            ids[b].append(still)
        }
        for step in 0..<120 {
            for (b, backend) in backends.enumerated() {
                for (n, w) in ids[b].enumerated() where n % 2 == 0 && n < worlds * 2 {
                    let v = fingers[(n / 2 + step) % fingers.count]
                    // Each world's one drag: the first joint it made.
                    try backend.moveDrag(JointID(0), in: w, to: Vector(step % 3 == 0 ? -0.0 : v.x * 2, 30), velocity: v)
                }
                try backend.moveDrag(JointID(0), in: ids[b].last!, to: Vector(-0.0, -0.0), velocity: Vector(-0.0, -0.0))
                try backend.step(by: 1.0 / 60)
            }
            for (x, y) in zip(ids[0], ids[1]) {
                let a = try backends[0].state(of: x), b = try backends[1].state(of: y)
                #expect(a.isBitwiseEqual(to: b), "step \(step): \(a) vs \(b)")
                if !a.isBitwiseEqual(to: b) { return }
            }
        }
    }

    /// Every real recorded stroke, as a one-tile scene, on both backends.
    @Test func nativeEqualsChipmunkOnRecordedStrokes() throws {
        for stroke in try Fixture.flutterStrokes {
            let t0 = stroke.samples[0].time
            var run = Run()
            run.tiles = [TileDefinition(id: 1, frame: Rect(center: stroke.samples[0].position, width: 160, height: 160))]
            run.events = stroke.samples.map {
                TouchEvent(time: $0.time - t0, touch: 1, phase: $0.phase, position: $0.position)
            }
            run.duration = 4
            let chipmunk = try run.play(on: .chipmunk)
            let native = try run.play(on: .native)
            #expect(firstDifference(chipmunk, native) == nil, "stroke \(stroke.id): \(firstDifference(chipmunk, native) ?? "")")
            #expect(chipmunk.events.contains { $0.kind.releaseOutcome != nil }, "stroke \(stroke.id) released")
        }
    }
}

// MARK: - UIKit Dynamics' behaviours (walls, item properties, pushes, fields, extra joints)

extension ParityTests {
    /// Plays `script` on one space per world, one shared space and the native backend (with
    /// `iterations`); records the first difference from one space per world.
    static func dynamicsParity(_ script: DynamicsScript, iterations: Int = 10, _ label: String) throws -> DynamicsScript.Result {
        let chipmunk = try script.run(on: .chipmunk, iterations: iterations)
        let native = try script.run(on: .native, iterations: iterations)
        let shared = try script.run(on: .chipmunkShared, iterations: iterations)
        if let diff = firstDifference(chipmunk, native) { Issue.record("\(label): native: \(diff)") }
        if let diff = firstDifference(chipmunk, shared) { Issue.record("\(label), shared space: \(diff)") }
        return chipmunk
    }

    /// 200 seeded scripts (DynamicsScript.random: boxes in rooms of walls with elasticity and
    /// friction, item properties, impulses and continuous pushes at offsets, every field kind,
    /// drags with grab friction, static pivots and gears, attractions, worlds destroyed), at
    /// 1 to 30 solver iterations: native equals Chipmunk in one space per world and in one
    /// shared space, bit for bit at every tick, contact events included.
    @Test(arguments: 0..<8)
    func nativeEqualsChipmunkWithDynamics(batch: Int) throws {
        var frames = 0, contacts = 0, accepted: Set<String> = []
        for seed in UInt64(batch * 25)..<UInt64(batch * 25 + 25) {
            let script = DynamicsScript.random(seed: seed)
            let result = try Self.dynamicsParity(script, iterations: [1, 3, 10, 30][Int(seed % 4)], "seed \(seed)")
            frames += result.frames.count
            contacts += result.contactCount
            let refused = Set(result.refusals.map(\.0))
            for (n, op) in script.ops.enumerated() where !refused.contains(n) { accepted.insert(op.name) }
            for case .fields(_, let fields) in script.ops { for f in fields { accepted.insert(f.kind.name) } }
        }
        #expect(frames > 25 * 300 && contacts > 25)
        // Every call and every field kind was really made (and accepted) in this batch.
        let calls = [
            "walls", "properties", "impulse", "addForce", "removeForce", "fields", "addSoleDrag", "moveSoleDrag", "removeSoleDrag",
            "addDrag", "moveDrag", "addPivot", "addGear", "removeJoint", "attract", "detachAttraction",
        ]
        let kinds = [
            "linearGravity", "radialGravity", "spring", "drag", "velocity", "vortex", "noise", "turbulence", "electric", "magnetic",
        ]
        for name in calls + kinds { #expect(accepted.contains(name), "batch \(batch) never made \(name)") }
    }

    /// Degenerate geometry: boxes exactly as wide as a shaft, on shelves their own width, at
    /// angle 0 and unable to turn, driven deep into the walls (GJK and EPA meet coincident
    /// Minkowski points): the backends still agree, and Chipmunk does not abort.
    @Test(arguments: 0..<2)
    func wallAlignedBoxesAgree(batch: Int) throws {
        for seed in UInt64(batch * 40)..<UInt64(batch * 40 + 40) {
            var rng = SplitMix64(state: seed)
            func r(_ range: ClosedRange<Double>) -> Double { Double.random(in: range, using: &rng) }
            var script = DynamicsScript()
            let w = [100.0, 160, 64, 33.5, r(10...200)].randomElement(using: &rng)!
            let h = [100.0, w, r(10...200)].randomElement(using: &rng)!
            let x0 = [0.0, 100, r(-500...500)].randomElement(using: &rng)!
            let walls = [
                Wall(from: Vector(x0, 0), to: Vector(x0, 800), elasticity: r(0...1), friction: r(0...1)),
                Wall(from: Vector(x0 + w, 800), to: Vector(x0 + w, 0), elasticity: r(0...1), friction: r(0...1)),
                Wall(from: Vector(x0, 700), to: Vector(x0 + w, 700), elasticity: r(0...1), friction: r(0...1)),
                Wall(from: Vector(x0 + w, 400), to: Vector(x0, 400), radius: [0, 1, 5].randomElement(using: &rng)!),
            ]
            for k in 0..<3 {
                script.ops.append(
                    .make(
                        .box(
                            size: Vector(k == 2 ? w * 0.999 : w, h), density: 1,
                            transform: Transform(position: Vector(x0 + w / 2, 100 + Double(k) * 5), angle: k == 1 ? r(-0.01...0.01) : 0),
                            gravity: Vector(0, [3000, 100, 1e5].randomElement(using: &rng)!),
                            allowsRotation: k != 0 && Bool.random(using: &rng))))
                script.ops.append(.walls(k, Array(walls.prefix(k == 2 ? 3 : 4)).shuffled(using: &rng)))
                script.ops.append(.properties(k, ItemProperties(elasticity: r(0...1), friction: r(0...1))))
                script.ops.append(.velocity(k, Vector(0, r(0...20000)), 0))
            }
            for t in 0..<400 {
                if t % 97 == 5 { script.ops.append(.velocity(t % 3, Vector(r(-100...100), -r(0...30000)), 0)) }
                if t % 131 == 7 {
                    script.ops.append(
                        .impulse(t % 3, Push(Vector(r(-1e4...1e4), r(-1e5...1e5)), at: Vector(r(-w / 2...w / 2), r(-h / 2...h / 2)))))
                }
                script.ops.append(.step(1.0 / 60))
            }
            #expect(try Self.dynamicsParity(script, "aligned seed \(seed)").contactCount > 0)
        }
    }
}

extension ParityTests {
    /// A world's field clock (the time an animated noise field reads) starts with its first
    /// wall, material, push or field on every backend, whatever joints it had before: a pivot, a
    /// gear, a second drag or grab friction (which move a native world off its SIMD lanes)
    /// start no clock, and a noise field set 30 steps later gives the same bits.
    @Test func fieldClockStartsWithTheJoints() throws {
        let definition = WorldDefinition(
            mass: 1, moment: 400, transform: Transform(position: Vector(100, 100)), gravity: Vector(0, 100))
        let drag = DragJoint(localAnchor: Vector(5, 5), finger: Vector(105, 105), maxForce: 1e4, errorBias: 0.3)
        var friction = drag
        friction.friction = 500
        let triggers: [(String, [DynamicsScript.Op])] = [
            ("gear", [.addGear(0, StaticGear(maxForce: 1e3))]),
            ("pivot", [.addPivot(0, StaticPivot(anchor: Vector(110, 100), localAnchor: Vector(10, 0), maxForce: 50))]),
            ("second drag", [.addDrag(0, drag), .addDrag(0, drag)]),
            ("grab friction", [.addDrag(0, friction)]),
        ]
        for (name, trigger) in triggers {
            var script = DynamicsScript()
            script.ops = [.make(definition)] + trigger + Array(repeating: .step(1.0 / 60), count: 30)
            script.ops.append(.fields(0, [Field(.noise(smoothness: 0.2, animationSpeed: 3), strength: 500, seed: 7)]))
            script.ops += Array(repeating: .step(1.0 / 60), count: 30)
            _ = try Self.dynamicsParity(script, name)
        }
    }

    /// No walls given to a world without any change nothing on any backend: its field clock does
    /// not start there (the native backend once made the world's dynamics for it, Chipmunk did
    /// not, and a noise field set 30 steps later read other times).
    @Test func noWallsStartNoClock() throws {
        let definition = WorldDefinition(
            mass: 1, moment: 400, transform: Transform(position: Vector(100, 100)), gravity: Vector(0, 100))
        var script = DynamicsScript()
        script.ops = [.make(definition), .walls(0, [])] + Array(repeating: .step(1.0 / 60), count: 30)
        script.ops.append(.fields(0, [Field(.noise(smoothness: 0.2, animationSpeed: 3), strength: 500, seed: 7)]))
        script.ops += Array(repeating: .step(1.0 / 60), count: 30)
        _ = try Self.dynamicsParity(script, "no walls first")
    }
}

#endif
