import Foundation
import Fling
@testable import FlingTraces

/// Fixture files copied into the test bundle (see Fixtures/README.md for their source).
enum Fixture {
    static func text(_ name: String) throws -> String {
        let url = try #require(Bundle.module.url(forResource: "Fixtures/\(name)", withExtension: nil))
        return try String(contentsOf: url, encoding: .utf8)
    }

    static var flutterStrokes: [Stroke] {
        get throws { try StrokeCSV.parse(try text("flutter-velocity-tracker.csv")) }
    }
}

import Testing

/// Expects two runs of the same input to be the same to the bit; when they are not, the
/// failure says where they first part: the tick or sample, the item, the field and both
/// values with their bit patterns (``FlingTraces/Run/firstDivergence(from:)``).
func expectSameRun(
    _ a: FlingTraces.Run, _ b: FlingTraces.Run, _ comment: String = "", sourceLocation: SourceLocation = #_sourceLocation
) {
    let divergence = a.firstDivergence(from: b)
    #expect(divergence == nil, "\(comment)\n\(divergence.map { "\($0)" } ?? "")", sourceLocation: sourceLocation)
}

/// Tick states as a run (one `tile` item per state, values `x y angle vx vy w`, the digest
/// chained tick by tick) and life-cycle events, for ``expectSameRun(_:_:_:sourceLocation:)``.
func tickRun(_ ticks: [[(TileID, BodyState)]], events: [TileEvent] = [], title: String) -> FlingTraces.Run {
    var digest = StateDigest()
    let frames = ticks.enumerated().map { k, states in
        for s in states { digest.combine(s.1) }
        return FlingTraces.Run.Step(
            index: k, localStep: k, time: Double(k + 1) / 60,
            items: states.map { id, b in
                FlingTraces.RunItem(
                    kind: "tile", id: id.rawValue,
                    values: [b.position.x, b.position.y, b.angle, b.velocity.x, b.velocity.y, b.angularVelocity])
            }, digest: digest)
    }
    return FlingTraces.Run(
        kind: "fling-trace", title: title, stepUnit: "tick",
        stages: [.init(stepCount: frames.count, viewport: phone, stepInterval: nil, items: [])],
        schema: [.init(itemKind: "tile", fields: ["x", "y", "angle", "vx", "vy", "w"])], steps: frames,
        events: events.map { .init(step: $0.tick, kind: "tile", id: $0.tile.rawValue, name: "\($0.kind)", detail: "") },
        inputs: [], digest: digest, summary: "digest \(digest.hex) ticks \(frames.count)")
}

/// A replay's tick states as a run.
func tickRun(_ ticks: [TraceReplay.TickState], title: String) -> FlingTraces.Run {
    tickRun(ticks.map { $0.tiles.map { ($0.id, $0.state) } }, title: title)
}

/// The backends of this build, for `@Test(arguments:)`.
let backends = BackendKind.available.filter { $0 != .chipmunkShared }

/// A 390×844 phone viewport.
let phone = Rect(x: 0, y: 0, width: 390, height: 844)

/// One 160-point tile at (195, 422).
let centerTile = TileDefinition(id: 1, frame: Rect(center: Vector(195, 422), width: 160, height: 160))

/// A scripted run: touch events, then display frames at `hz` until `duration`.
struct Run {
    var tiles: [TileDefinition] = [centerTile]
    var configuration = TileConfiguration()
    var events: [TouchEvent] = []
    var duration: Double = 3
    var hz: Double = 60

    struct Result {
        var events: [TileEvent] = []
        var ticks: [[(TileID, BodyState)]] = []
        var digest = StateDigest()
        var animator: TileAnimator

        /// The run's ticks and events as a ``FlingTraces/Run``, to compare with another.
        func run(_ title: String) -> FlingTraces.Run { tickRun(ticks, events: events, title: title) }
    }

    /// Replays the run on `kind`: before each display frame, every event at or before the
    /// frame's time is handed over; `frameTimes` overrides the regular `hz` frames.
    func play(on kind: BackendKind, frameTimes: [Double]? = nil) throws -> Result {
        try play(on: .kind(kind), frameTimes: frameTimes)
    }

    func play(on choice: BackendChoice, frameTimes: [Double]? = nil) throws -> Result {
        let animator = try TileAnimator(
            viewport: phone, tiles: tiles, configuration: configuration, backend: try choice.make(10))
        var result = Result(animator: animator)
        animator.onTick = { _, states in result.ticks.append(states) }
        let frames = frameTimes ?? (1...Int((duration * hz).rounded())).map { Double($0) / hz }
        var next = 0
        for t in frames {
            while next < events.count, events[next].time <= t {
                try animator.handle(events[next]); next += 1
            }
            result.events += try animator.advance(to: t)
        }
        result.digest = animator.digest
        result.animator = animator
        return result
    }
}

/// A straight drag from `from` to `to` over `duration` seconds, sampled at 120 Hz, then
/// `ended` (or `cancelled`) at the last point.
func drag(
    touch: TouchID = 1, from: Vector, to: Vector, start: Double = 0.05, duration: Double,
    end: TouchEvent.Phase = .ended, tile: TileID? = nil
) -> [TouchEvent] {
    var events = [TouchEvent(time: start, touch: touch, phase: .began, position: from, item: tile)]
    let steps = max(1, Int((duration * 120).rounded()))
    for s in 1...steps {
        let f = Double(s) / Double(steps)
        events.append(TouchEvent(time: start + duration * f, touch: touch, phase: .moved, position: from + (to - from) * f))
    }
    events.append(TouchEvent(time: start + duration + 0.001, touch: touch, phase: end, position: to))
    return events
}

extension Array where Element == TileEvent {
    func kinds(of tile: TileID) -> [TileEvent.Kind] { filter { $0.tile == tile }.map(\.kind) }
    func first(_ tile: TileID, where match: (TileEvent.Kind) -> Bool) -> TileEvent? {
        first { $0.tile == tile && match($0.kind) }
    }
}

extension TileEvent.Kind {
    var isSettled: Bool { self == .settled }
    var isCulled: Bool { self == .culled }
    var releaseOutcome: ReleaseOutcome? {
        if case .released(let outcome, _, _) = self { return outcome }
        return nil
    }
    var isGrab: Bool { if case .grabbed = self { return true } else { return false } }
}

/// A random scene: tiles of random size and mass, random physics tuning, and fingers that
/// grab, drag along random paths at random speeds, release near or far, re-grab moving tiles
/// and sometimes cancel, then long falls.
func randomScenario(seed: UInt64) -> Run {
    var rng = SplitMix64(state: seed)
    func r(_ range: ClosedRange<Double>) -> Double { Double.random(in: range, using: &rng) }
    var run = Run()
    run.duration = 10.5  // 630 ticks
    run.configuration.gravity = Vector(r(-300...300), r(0...4000))
    let attraction = SpringTuning(frequency: r(1...8), dampingRatio: r(0.2...1.5))
    run.configuration.home = .springs(attraction: attraction, rotation: SpringTuning(frequency: r(1...8), dampingRatio: r(0.2...1.5)))
    run.configuration.drag.dragMaxAcceleration = [r(2_000...200_000), 1e9].randomElement(using: &rng)!
    run.configuration.drag.dragErrorBias = PlatformFunctions.pow(r(0.05...0.95), 60)
    run.configuration.releaseRule = [
        .projectedDistance(lookahead: r(0...0.3), radius: r(20...300)),
        .alwaysAttract, .alwaysFall,
    ].randomElement(using: &rng)!
    let tileCount = Int.random(in: 1...3, using: &rng)
    run.tiles = (1...tileCount).map { id in
        TileDefinition(
            id: TileID(id),
            frame: Rect(
                center: Vector(r(60...330), r(80...760)),
                width: r(20...300), height: r(20...300)), mass: r(0.05...20))
    }
    var t = r(0...0.2)
    var touch = 0
    while t < 5.5 {
        touch += 1
        let tile = run.tiles.randomElement(using: &rng)!
        // Aim at the tile's origin plus a random grab offset; a tile still moving may be
        // elsewhere, so name it explicitly: that is a re-grab that takes the world over.
        let grab = tile.origin + Vector(r(-0.5...0.5) * tile.frame.width, r(-0.5...0.5) * tile.frame.height)
        var events = [
            TouchEvent(
                time: t, touch: TouchID(touch), phase: .began, position: grab,
                item: Bool.random(using: &rng) ? tile.id : nil)
        ]
        var p = grab
        var heading = r(0...(2 * .pi))
        let speed = r(20...3000)
        for _ in 0..<Int.random(in: 2...40, using: &rng) {
            let dt = r(0.002...0.03)
            heading += r(-0.8...0.8)
            p = p + Vector(PlatformFunctions.cos(heading), PlatformFunctions.sin(heading)) * (speed * dt)
            p = Vector(min(max(p.x, -50), 440), min(max(p.y, -50), 894))
            t += dt
            events.append(TouchEvent(time: t, touch: TouchID(touch), phase: .moved, position: p))
        }
        t += r(0...0.02)
        events.append(TouchEvent(time: t, touch: TouchID(touch), phase: r(0...1) < 0.1 ? .cancelled : .ended, position: p))
        run.events += events
        t += r(0...1.5)
    }
    return run
}

/// A backend to build by name: one of the build's kinds, or native on 2 threads that share
/// every step (another code path to native's bits).
struct BackendChoice: Sendable, CustomStringConvertible, CustomTestStringConvertible {
    var description: String
    var make: @Sendable (_ solverIterations: Int) throws(FlingError) -> any PhysicsBackend
    var testDescription: String { description }

    static func kind(_ kind: BackendKind) -> BackendChoice {
        BackendChoice(description: kind.rawValue) { n throws(FlingError) in try kind.make(solverIterations: n) }
    }

    static let nativeOnTwoThreads = BackendChoice(description: "native on 2 threads sharing every step") { n throws(FlingError) in
        let backend = try NativeBackend(solverIterations: n, threads: 2)
        backend.parallelSlots = 0
        return backend
    }

    /// Two ways to compute with platform arithmetic in this build, for tests that hold them to
    /// each other bit for bit: native and Chipmunk (one space per world) where Chipmunk is
    /// built; without it, native and native on 2 threads. Never fewer than two, so such a test
    /// always compares something.
    static var platformPair: [BackendChoice] {
        BackendKind.available.contains(.chipmunk) ? [.kind(.native), .kind(.chipmunk)] : [.kind(.native), .nativeOnTwoThreads]
    }
}

/// The differential test's plan (ParityTests, built with the Chipmunk trait): seeded random
/// scenarios in batches, one test case per batch. Here so docs/TIME.md's figure can be checked
/// in every build.
enum ParityPlan {
    static let batches = 10, scenariosPerBatch = 50
}

extension SplitMix64 {
    /// A number in `r`: `lower + (upper − lower) · u`, `u` in `0 ..< 1` (the random sessions' draws).
    mutating func uniform(_ r: ClosedRange<Double>) -> Double { r.lowerBound + (r.upperBound - r.lowerBound) * unit() }
    /// True with probability `p`.
    mutating func chance(_ p: Double) -> Bool { unit() < p }
}

/// A test's backend over another: each dynamics call it does not declare itself goes to
/// `forwardee` as it is.
protocol ForwardingDynamics: DynamicsBackend {
    var forwardee: any DynamicsBackend { get }
}

extension ForwardingDynamics {
    func setWalls(_ walls: [Wall], of world: WorldID) throws(FlingError) { try forwardee.setWalls(walls, of: world) }
    func setItemProperties(_ p: ItemProperties, of world: WorldID) throws(FlingError) { try forwardee.setItemProperties(p, of: world) }
    func applyImpulse(_ push: Push, to world: WorldID) throws(FlingError) { try forwardee.applyImpulse(push, to: world) }
    func addForce(_ push: Push, to world: WorldID) throws(FlingError) -> ForceID { try forwardee.addForce(push, to: world) }
    func removeForce(_ force: ForceID, from world: WorldID) throws(FlingError) { try forwardee.removeForce(force, from: world) }
    func setFields(_ fields: [Field], of world: WorldID) throws(FlingError) { try forwardee.setFields(fields, of: world) }
    func contacts(of world: WorldID) throws(FlingError) -> [Wall.Contact] { try forwardee.contacts(of: world) }
    func addPivot(_ pivot: StaticPivot, to world: WorldID) throws(FlingError) -> JointID { try forwardee.addPivot(pivot, to: world) }
    func addGear(_ gear: StaticGear, to world: WorldID) throws(FlingError) -> JointID { try forwardee.addGear(gear, to: world) }
    func removeJoint(_ joint: JointID, from world: WorldID) throws(FlingError) { try forwardee.removeJoint(joint, from: world) }
}

/// The random sessions' tiles: ids from 1, in the order dealt.
struct TileDealer {
    var next = 1
    mutating func deal(_ frame: Rect, mass: Double) -> TileDefinition {
        defer { next += 1 }
        return TileDefinition(id: TileID(next), frame: frame, mass: mass)
    }
}
