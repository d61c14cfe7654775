#if FLING_TESTABLE
import Fling
import FlingCLIKit
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
extension SelfTestCommand {
    /// The cases of `FlingSelfTest backend` (every input over its accepted range), then the
    /// long random walks.
    static func runCases(_ args: Arguments, _ out: inout Output) throws {
        let seed = UInt64(try args.int("seed", in: 0...Int.max) ?? 1)
        let cases = try args.int("cases", in: 1...1_000_000) ?? 200
        let kind = args.has("backend") ? try Input.backend(args) : (BackendKind.available.contains(.chipmunk) ? .chipmunk : .native)
        var rng = SplitMix64(state: seed)
        func u(_ a: Double, _ b: Double) -> Double { a + (b - a) * rng.unit() }
        /// Log-uniform over [a, b], a > 0.
        func lu(_ a: Double, _ b: Double) -> Double { Portable.exp(u(Portable.log(a), Portable.log(b))) }
        func pick<T>(_ xs: [T]) -> T { xs[Int(rng.next() % UInt64(xs.count))] }
        var calls = 0, refused = 0
        /// A non-finite state is a failure (Chipmunk would abort on it; native would go on).
        var broken: BodyState?
        func finite(_ s: BodyState) throws(FlingError) {
            let xs = [s.position.x, s.position.y, s.angle, s.velocity.x, s.velocity.y, s.angularVelocity]
            if broken == nil, !xs.allSatisfy(\.isFinite) { broken = s }
        }
        func attempt(_ body: () throws(FlingError) -> Void) {
            calls += 1
            do { try body() } catch { refused += 1 }
        }
        // Found by a longer random walk: a rotary spring that is stable (ω = 1: stiffness
        // 1e300 on a moment of 1e300) whose torque impulse `stiffness · angle · dt` still
        // overflows to ∞ once a fast spin has turned the body far enough, and Chipmunk aborts
        // ("Body's angular velocity is invalid"). Limits.moment keeps such moments out.
        for moment in [1e300, Limits.moment.upperBound] {
            let backend = try kind.make()
            attempt { () throws(FlingError) in
                let w = try backend.makeWorld(
                    WorldDefinition(mass: 0.76, moment: moment, transform: Transform(position: Vector(1e7, 5)), gravity: .zero))
                let stable = moment * 3.6 / (0.1 * 0.1)  // ω·0.1 s = 1.9, inside every backend's bound
                try backend.attachAttraction(
                    Attraction(
                        origin: Vector(1e7, 1e7), stiffness: 0, damping: 0,
                        angularStiffness: min(stable, 1e300), angularDamping: 0), to: w)
                try backend.setVelocity(of: w, linear: .zero, angular: -1e9)
                for _ in 0..<2000 { try backend.step(by: 0.1) }
                try finite(try backend.state(of: w))
            }
        }
        var dynamics = RandomWalkSelfTest(kind: kind, rng: SplitMix64(state: seed ^ 0x4459_4E41))
        for c in 0..<cases {
            if c % 3 == 2 {
                // The dynamics calls (walls, pushes, fields, properties, the extra joints).
                if c % 2 == 0 { try dynamics.dynamicsCase() } else { try dynamics.wallCase() }
                calls += dynamics.calls
                refused += dynamics.refused
                dynamics.calls = 0
                dynamics.refused = 0
            } else if c % 3 == 0 {
                // The backend alone, every entry point, arguments anywhere in (and beyond) range.
                let backend = try kind.make()
                var worlds: [WorldID] = []
                // Each world's drag, if one was added (a move without one names joint 0).
                var drags: [WorldID: JointID] = [:]
                for _ in 0..<4 {
                    let mass = pick([1e-6, 1e6, lu(1e-6, 1e6)])
                    let moment = pick([1e-300, 1e300, 1.0, lu(1e-300, 1e300), mass * lu(1e-6, 1e12)])
                    let p = Vector(pick([1e7, -1e7, u(-1e7, 1e7), 4_194_304]), pick([1e7, u(-1e7, 1e7), 4_194_304]))
                    attempt { () throws(FlingError) in
                        worlds.append(
                            try backend.makeWorld(
                                WorldDefinition(
                                    mass: mass, moment: moment,
                                    transform: Transform(position: p, angle: u(-1e6, 1e6)),
                                    gravity: Vector(u(-1e7, 1e7), pick([1e7, u(-1e7, 1e7)])))))
                    }
                }
                for w in worlds {
                    switch rng.next() % 3 {
                    case 0:
                        let anchor = Vector(pick([1.0, 1e7, u(-1e7, 1e7), 0.05]), pick([1.0, -1e7, u(-1e7, 1e7), 0.05]))
                        attempt { () throws(FlingError) in
                            drags[w] = try backend.addDrag(
                                DragJoint(
                                    localAnchor: anchor, finger: Vector(u(-1e7, 1e7), u(-1e7, 1e7)),
                                    maxForce: pick([.greatestFiniteMagnitude, lu(1e-300, 1e300)]),
                                    errorBias: pick([1e-300, 1, lu(1e-300, 1)])), to: w)
                        }
                    case 1:
                        attempt { () throws(FlingError) in
                            try backend.setDamping(of: w, u(0, 1))
                            try backend.attachAttraction(
                                Attraction(
                                    origin: Vector(u(-1e7, 1e7), u(-1e7, 1e7)), stiffness: pick([1e300, 1e6, lu(1e-3, 1e300)]),
                                    damping: pick([0, 1e300, lu(1e-3, 1e300)]), angularStiffness: pick([1e300, lu(1e-3, 1e300)]),
                                    angularDamping: lu(1e-3, 1e300)), to: w)
                        }
                    default:
                        attempt { () throws(FlingError) in
                            try backend.setVelocity(
                                of: w, linear: Vector(pick([1e9, -1e9, u(-1e9, 1e9)]), u(-1e9, 1e9)),
                                angular: pick([1e9, -1e9, u(-1e9, 1e9)]))
                        }
                    }
                }
                for _ in 0..<30 {
                    for w in worlds {
                        attempt { () throws(FlingError) in
                            try backend.moveDrag(
                                drags[w] ?? JointID(0), in: w, to: Vector(u(-1e7, 1e7), u(-1e7, 1e7)),
                                velocity: Vector(u(-1e12, 1e12), u(-1e12, 1e12)))
                        }
                    }
                    attempt { () throws(FlingError) in try backend.step(by: pick([1e-4, 0.1, 1.0 / 60, u(1e-4, 0.1)])) }
                    for w in worlds { attempt { () throws(FlingError) in try finite(try backend.state(of: w)) } }
                }
                for w in worlds.reversed() { attempt { () throws(FlingError) in try backend.destroyWorld(w) } }
            } else if (c / 3) % 2 == 1 {
                // The animators' dynamics (SelfTestCommand+AnimatorDynamics.swift).
                try dynamics.animatorDynamicsCase()
                calls += dynamics.calls
                refused += dynamics.refused
                dynamics.calls = 0
                dynamics.refused = 0
            } else {
                // The animator, as an app would misuse it within its limits.
                var configuration = TileConfiguration()
                configuration.drag.tick = pick([1e-4, 0.1, 1.0 / 60])
                configuration.drag.maxDisplayFrameInterval = max(configuration.drag.tick, 0.25)
                configuration.gravity = Vector(u(-1e7, 1e7), pick([1e7, u(-1e7, 1e7)]))
                configuration.drag.dragMaxAcceleration = pick([1e9, lu(1e-3, 1e9)])
                configuration.drag.dragErrorBias = pick([1e-300, 1, lu(1e-300, 1)])
                let cap = 0.3 / configuration.drag.tick
                let attraction = SpringTuning(frequency: pick([cap, lu(1e-3, cap)]), dampingRatio: u(0, 100))
                let rotation = SpringTuning(frequency: pick([cap, lu(1e-3, cap)]), dampingRatio: u(0, 100))
                configuration.home = .springs(attraction: attraction, rotation: rotation)
                var tiles: [TileDefinition] = []
                for id in 0..<3 {
                    let w = pick([1e-3, 0.1, 1e6, lu(1e-3, 1e6)]), h = pick([1e-3, 0.1, lu(1e-3, 1e6)])
                    let c = Vector(pick([4_194_304, u(-9.9e6, 9.9e6)]), pick([4_194_304, u(-9.9e6, 9.9e6)]))
                    tiles.append(
                        TileDefinition(id: TileID(id), frame: Rect(center: c, width: w, height: h), mass: pick([1e-6, 1e6, lu(1e-6, 1e6)])))
                }
                let animator: TileAnimator
                do {
                    animator = try TileAnimator(
                        viewport: Rect(x: -1e7, y: -1e7, width: 1e7, height: 1e7), tiles: tiles,
                        configuration: configuration, backend: try kind.make())
                } catch { refused += 1; continue }
                var t = 0.0
                for step in 0..<40 {
                    t += configuration.drag.tick * pick([1, 3, 0.5])
                    let touch = TouchID(step / 4)
                    let phase: TouchEvent.Phase = [.began, .moved, .moved, pick([.ended, .cancelled])][step % 4]
                    let at = Vector(pick([4_194_304, u(-1e7, 1e7)]), pick([4_194_304, u(-1e7, 1e7)]))
                    attempt { () throws(FlingError) in
                        try animator.handle(
                            TouchEvent(
                                time: t, touch: touch, phase: phase, position: at,
                                item: phase == .began ? TouchEvent.ItemID(Int(rng.next() % 3)) : nil))
                    }
                    attempt { () throws(FlingError) in _ = try animator.advance(to: t) }
                }
            }
        }
        if let broken { throw RunError("selftest-backend: a world reached a non-finite state, \(broken)") }
        // Then the long random walks (SelfTestCommand+Walk.swift).
        let walks = try args.int("walk", in: 0...10_000_000) ?? 0
        var walk = RandomWalkSelfTest(kind: kind, rng: SplitMix64(state: seed ^ 0x5741_4C4B))
        for w in 0..<walks {
            switch w % 5 {
            case 0: try walk.backendCase()
            case 1: try walk.animatorCase()
            case 2: try walk.dynamicsCase()
            case 3: try walk.animatorDynamicsCase()
            default: try walk.wallCase()
            }
        }
        if walks > 0 {
            out.print(
                "selftest-backend: \(walk.cases) random walks, \(walk.refused) refused calls, \(walk.steps) steps, \(walk.contacts) wall contacts, all finite"
            )
        }
        out.print(
            "selftest-backend: \(cases) cases on \(kind), \(calls) calls, \(refused) refused, \(dynamics.contacts) wall contacts, no abort")
    }
}
#endif
