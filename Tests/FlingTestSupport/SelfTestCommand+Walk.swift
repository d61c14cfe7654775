#if FLING_TESTABLE
import Fling
import FlingCLIKit
import FlingCore
import Foundation

/// The self-test's long random walks (`FlingSelfTest backend --walk N`): each backend case
/// makes one world and makes 2 to 7 random calls (drag with an anchor inside, on a corner or
/// far outside a box of random size; finger moves at up to 1e12 pt/s; attractions with every
/// stiffness and damping; velocities and spins at the limits; damping; gravity; detaches),
/// each followed by 1 to 40 steps at the case's tick or a random one, and requires a finite
/// state after each; each animator case runs random configurations and tiles with named and
/// unnamed grabs dragged in jumps up to 1e5 pt, then two seconds of frames; each dynamics case
/// (SelfTestCommand+Dynamics.swift) makes one world with a box and calls every dynamics entry
/// point at random across and beyond its limits. Longer runs than the standard cases: they
/// found the rotary-spring overflow (Limits.moment).
struct RandomWalkSelfTest {
    let kind: BackendKind
    var rng: SplitMix64
    var cases = 0
    var refused = 0
    var steps = 0
    /// Wall contacts the dynamics cases saw begin, and calls made.
    var contacts = 0
    var calls = 0

    // MARK: - Draws

    mutating func unit() -> Double { rng.unit() }
    mutating func pick<T>(_ xs: [T]) -> T { xs[Int(rng.next() % UInt64(xs.count))] }
    /// Log-uniform in `lo...hi` (both > 0), with the ends themselves now and then.
    mutating func logUniform(_ lo: Double, _ hi: Double) -> Double {
        switch rng.next() % 8 {
        case 0: return lo
        case 1: return hi
        default: return Portable.exp(Portable.log(lo) + unit() * (Portable.log(hi) - Portable.log(lo)))
        }
    }
    /// Uniform in ±`limit`, the limits themselves and 0 now and then, else a log-uniform magnitude.
    mutating func signed(_ limit: Double) -> Double {
        switch rng.next() % 8 {
        case 0: return limit
        case 1: return -limit
        case 2: return 0
        case 3: return (unit() * 2 - 1) * limit
        default: return (rng.next() & 1 == 0 ? 1 : -1) * logUniform(1e-6, limit)
        }
    }
    mutating func vector(_ limit: Double) -> Vector { Vector(signed(limit), signed(limit)) }

    /// A point in tile coordinates: inside, on a corner or edge, or far outside.
    mutating func grabPoint(width w: Double, height h: Double) -> Vector {
        switch rng.next() % 4 {
        case 0: return Vector((unit() - 0.5) * w, (unit() - 0.5) * h)
        case 1: return Vector(pick([-w / 2, w / 2]), pick([-h / 2, h / 2]))
        case 2: return Vector(pick([-w / 2, w / 2]) * (1 + unit()), (unit() - 0.5) * h)
        default: return vector(Limits.coordinate)
        }
    }

    // MARK: - Checked calls

    /// Runs `body`, counting a ``FlingError`` as a refusal.
    mutating func attempt(_ what: @autoclosure () -> String = "", _ body: () throws(FlingError) -> Void) {
        if Self.tracing { FileHandle.standardError.write(Data("case \(cases): \(what())\n".utf8)) }
        calls += 1
        do { try body() } catch {
            refused += 1
            if Self.tracing { FileHandle.standardError.write(Data("  refused: \(error)\n".utf8)) }
        }
    }
    /// `FLING_SELFTEST_TRACE=1`: every call to stderr as it happens (to find what aborted).
    static let tracing = ProcessInfo.processInfo.environment["FLING_SELFTEST_TRACE"] != nil

    func requireFinite(_ s: BodyState, _ what: @autoclosure () -> String) throws {
        let xs = [s.position.x, s.position.y, s.angle, s.velocity.x, s.velocity.y, s.angularVelocity]
        guard xs.allSatisfy(\.isFinite) else { throw RunError("selftest-backend: non-finite state \(s) in \(what())") }
    }

    // MARK: - Cases

    /// One backend: a random world, a random sequence of every call, steps at random ticks.
    mutating func backendCase() throws {
        cases += 1
        let backend = try kind.make(solverIterations: Int(rng.next() % 100) + 1)
        let w = logUniform(1e-3, 1e6), h = logUniform(1e-3, 1e6)
        let mass = logUniform(Limits.mass.lowerBound, Limits.mass.upperBound)
        let moment = rng.next() % 2 == 0 ? mass * (w * w + h * h) / 12 : logUniform(1e-300, 1e300)  // refused beyond Limits.moment
        let definition = WorldDefinition(
            mass: mass, moment: moment, transform: Transform(position: vector(Limits.coordinate), angle: signed(1e6)),
            gravity: vector(Limits.gravity))
        var world: WorldID?
        attempt("\(definition)") { () throws(FlingError) in world = try backend.makeWorld(definition) }
        guard let world else { return }
        let dt = logUniform(Limits.tick.lowerBound, Limits.tick.upperBound)
        // The drags added, the last first (a move or removal without one names joint 0).
        var drags: [JointID] = []
        for _ in 0..<(Int(rng.next() % 6) + 2) {
            switch rng.next() % 7 {
            case 0:
                let joint = DragJoint(
                    localAnchor: grabPoint(width: w, height: h), finger: vector(Limits.coordinate),
                    maxForce: logUniform(1e-300, 1e300), errorBias: logUniform(1e-300, 1))
                attempt("\(joint)") { () throws(FlingError) in drags.append(try backend.addDrag(joint, to: world)) }
            case 1:
                let p = vector(Limits.coordinate), v = vector(1e12), id = drags.last ?? JointID(0)
                attempt("finger \(p) \(v)") { () throws(FlingError) in try backend.moveDrag(id, in: world, to: p, velocity: v) }
            case 2:
                let a = Attraction(
                    origin: vector(Limits.coordinate), stiffness: pick([0, logUniform(1e-300, 1e300)]),
                    damping: pick([0, logUniform(1e-300, 1e300)]), angularStiffness: pick([0, logUniform(1e-300, 1e300)]),
                    angularDamping: pick([0, logUniform(1e-300, 1e300)]))
                attempt("\(a)") { () throws(FlingError) in try backend.attachAttraction(a, to: world) }
            case 3:
                let v = vector(Limits.velocity), spin = signed(1e9)
                attempt("velocity \(v) \(spin)") { () throws(FlingError) in try backend.setVelocity(of: world, linear: v, angular: spin) }
            case 4:
                let d = pick([0, 1, unit()])
                attempt("damping \(d)") { () throws(FlingError) in try backend.setDamping(of: world, d) }
            case 5:
                let id = drags.popLast() ?? JointID(0)
                attempt { () throws(FlingError) in try backend.removeDrag(id, from: world) }
                attempt { () throws(FlingError) in try backend.detachAttraction(from: world) }
            default:
                let g = vector(Limits.gravity)
                attempt("gravity \(g)") { () throws(FlingError) in try backend.setGravity(of: world, g) }
            }
            for _ in 0..<(Int(rng.next() % 40) + 1) {
                let h = rng.next() % 4 == 0 ? logUniform(1e-4, 0.1) : dt
                attempt("step \(h)") { () throws(FlingError) in try backend.step(by: h) }
                steps += 1
            }
            var state: BodyState?
            attempt("state") { () throws(FlingError) in state = try backend.state(of: world) }
            if Self.tracing, let state { FileHandle.standardError.write(Data("  \(state)\n".utf8)) }
            if let state { try requireFinite(state, "backend case \(cases) on \(definition)") }
        }
        attempt { () throws(FlingError) in try backend.destroyWorld(world) }
    }

    /// One animator: random configuration and tiles, touches named and unnamed.
    mutating func animatorCase() throws {
        var config = TileConfiguration()
        config.drag.tick = logUniform(1.0 / 480, 1.0 / 30)
        config.drag.maxDisplayFrameInterval = max(config.drag.tick, 0.25)
        let solverIterations = Int(rng.next() % 100) + 1
        config.gravity = vector(Limits.gravity)
        config.drag.dragMaxAcceleration = logUniform(1e-3, 1e9)
        config.drag.dragErrorBias = logUniform(1e-300, 1)
        let attraction = SpringTuning(
            frequency: logUniform(1e-3, 0.25 / config.drag.tick), dampingRatio: pick([0, 1, logUniform(1e-3, 100)]))
        let rotation = SpringTuning(
            frequency: logUniform(1e-3, 0.25 / config.drag.tick), dampingRatio: pick([0, 1, logUniform(1e-3, 100)]))
        config.home = .springs(attraction: attraction, rotation: rotation)
        config.releaseRule = pick([.alwaysAttract, .alwaysFall, .projectedDistance(lookahead: 0.15, radius: 100)])
        var tiles: [TileDefinition] = []
        for id in 1...(Int(rng.next() % 3) + 1) {
            let w = logUniform(1e-3, 1e6), h = logUniform(1e-3, 1e6)
            let c = vector(Limits.coordinate * 0.99)
            tiles.append(
                TileDefinition(
                    id: TileID(id), frame: Rect(center: c, width: w, height: h),
                    mass: logUniform(Limits.mass.lowerBound, Limits.mass.upperBound)))
        }
        var touches: [(Vector, TileID?)] = []
        for _ in 0..<(Int(rng.next() % 3) + 1) {
            let t = pick(tiles)
            let local = grabPoint(width: t.frame.width, height: t.frame.height)
            let p = Vector(min(max(t.origin.x + local.x, -1e7), 1e7), min(max(t.origin.y + local.y, -1e7), 1e7))
            touches.append((p, rng.next() % 2 == 0 ? t.id : nil))
        }
        try animatorSession(tiles: tiles, config: config, solverIterations: solverIterations, touches: touches)
    }

    /// Touches down one after another, each dragged (in jumps up to the coordinate limit, so
    /// the release velocity is at the clamp) and released, over about two seconds.
    mutating func animatorSession(
        tiles: [TileDefinition], config: TileConfiguration, solverIterations: Int = 10, touches: [(Vector, TileID?)]
    ) throws {
        cases += 1
        let backend = try kind.make(solverIterations: solverIterations)
        var animatorOrNil: TileAnimator?
        attempt { () throws(FlingError) in
            animatorOrNil = try TileAnimator(
                viewport: Rect(x: -1e7, y: -1e7, width: 1e7, height: 1e7), tiles: tiles,
                configuration: config, backend: backend)
        }
        guard let animator = animatorOrNil else { return }
        var time = 0.0
        for (n, (point, tile)) in touches.enumerated() {
            let id = TouchID(n + 1)
            var p = point
            attempt { () throws(FlingError) in
                try animator.handle(TouchEvent(time: time, touch: id, phase: .began, position: p, item: tile))
            }
            for _ in 0..<(Int(rng.next() % 6) + 2) {
                time += pick([0.001, 0.008, 1.0 / 60])
                let jump = rng.next() % 3 == 0 ? vector(1e5) : vector(50)
                p = Vector(min(max(p.x + jump.x, -1e7), 1e7), min(max(p.y + jump.y, -1e7), 1e7))
                attempt { () throws(FlingError) in try animator.handle(TouchEvent(time: time, touch: id, phase: .moved, position: p)) }
                attempt { () throws(FlingError) in _ = try animator.advance(to: time) }
            }
            time += 0.01
            let phase: TouchEvent.Phase = rng.next() % 4 == 0 ? .cancelled : .ended
            attempt { () throws(FlingError) in try animator.handle(TouchEvent(time: time, touch: id, phase: phase, position: p)) }
        }
        var frame = 0
        while frame < 120 {
            time += 1.0 / 60
            frame += 1
            attempt { () throws(FlingError) in _ = try animator.advance(to: time) }
            steps += 1
        }
        for t in tiles {
            var snapshot: TileState?
            attempt { () throws(FlingError) in snapshot = try animator.state(of: t.id) }
            if let snapshot { try requireFinite(snapshot.state, "animator case \(cases), \(t.id)") }
        }
    }
}
#endif
