import Fling
import FlingTraces
import Testing
@testable import FlingCurves
@testable import FlingInteraction
@testable import _FlingSolver

/// A backend that forwards every call to a real one and keeps each finger placement (where
/// `addDrag` starts a finger body, and every `moveDrag`): what the finger body holds before each
/// step.
final class FingerSpyBackend: DynamicsBackend, ForwardingDynamics {
    let inner: any DynamicsBackend
    var forwardee: any DynamicsBackend { inner }
    var placements: [(position: Vector, velocity: Vector)] = []
    init(_ inner: any DynamicsBackend) { self.inner = inner }

    var name: String { "spy \(inner.name)" }
    var solverIterations: Int { inner.solverIterations }
    var worldCount: Int { inner.worldCount }
    var arithmetic: Arithmetic { inner.arithmetic }
    func makeWorld(_ d: WorldDefinition) throws(FlingError) -> WorldID { try inner.makeWorld(d) }
    func destroyWorld(_ w: WorldID) throws(FlingError) { try inner.destroyWorld(w) }
    /// Where a drag starts its finger body (at rest) is its first placement; then each move.
    /// (An animator leaves a finger body that would be set to the very bits it has alone.)
    func addDrag(_ j: DragJoint, to w: WorldID) throws(FlingError) -> JointID {
        let joint = try inner.addDrag(j, to: w)
        placements.append((j.finger, .zero))
        return joint
    }
    func moveDrag(_ j: JointID, in w: WorldID, to p: Vector, velocity v: Vector) throws(FlingError) {
        placements.append((p, v))
        try inner.moveDrag(j, in: w, to: p, velocity: v)
    }
    func removeDrag(_ j: JointID, from w: WorldID) throws(FlingError) { try inner.removeDrag(j, from: w) }
    func attachAttraction(_ a: Attraction, to w: WorldID) throws(FlingError) { try inner.attachAttraction(a, to: w) }
    func detachAttraction(from w: WorldID) throws(FlingError) { try inner.detachAttraction(from: w) }
    func setGravity(of w: WorldID, _ g: Vector) throws(FlingError) { try inner.setGravity(of: w, g) }
    func setDamping(of w: WorldID, _ d: Double) throws(FlingError) { try inner.setDamping(of: w, d) }
    func setVelocity(of w: WorldID, linear: Vector, angular: Double) throws(FlingError) {
        try inner.setVelocity(of: w, linear: linear, angular: angular)
    }
    func step(by dt: Double) throws(FlingError) { try inner.step(by: dt) }
    func state(of w: WorldID) throws(FlingError) -> BodyState { try inner.state(of: w) }
}

/// We Heart Pics' photo tile (``TileConfiguration/weHeartPics``): the original's defining
/// numbers, each checked on a run of the animator, on every backend (docs/ORIGINALS.md says
/// where each comes from).
@Suite struct WeHeartPicsTests {
    /// A 128-point photo at (160, 200), of the original's mass.
    static let photo = TileDefinition.weHeartPics(id: 1, frame: Rect(center: Vector(160, 200), width: 128, height: 128))
    static let home = photo.origin

    /// The photo with another mass (its moment a box's of that mass), centered at `center`.
    static func photo(mass: Double, at center: Vector = home) -> TileDefinition {
        TileDefinition(id: 1, frame: Rect(center: center, width: 128, height: 128), mass: mass)
    }

    static func play(
        _ events: [TouchEvent], _ configuration: TileConfiguration = .weHeartPics, on kind: BackendKind, duration: Double = 4,
        tile: TileDefinition = photo
    ) throws -> Run.Result {
        try Run(tiles: [tile], configuration: configuration, events: events, duration: duration).play(on: kind)
    }

    /// The photo's state at every tick it had a world, by tick.
    static func states(_ r: Run.Result) -> [(tick: Int, state: BodyState)] {
        r.ticks.enumerated().compactMap { k, states in states.first.map { (k, $0.1) } }
    }

    static func released(_ r: Run.Result) -> (tick: Int, outcome: ReleaseOutcome, velocity: Vector)? {
        for e in r.events {
            if case .released(let outcome, let v, _) = e.kind { return (e.tick, outcome, v) }
        }
        return nil
    }

    /// The grab's numbers are the original's own forces, to the bit, taken as forces whatever
    /// the mass (``DragSettings/Forces/absolute``).
    @Test func theGrabsForcesAreTheOriginals() throws {
        let c = TileConfiguration.weHeartPics
        #expect(TileDefinition.weHeartPicsMass == 3)
        #expect(c.drag.forces == .absolute)
        #expect(c.drag.dragMaxAcceleration.bitPattern == (1e5 as Double).bitPattern)
        #expect(c.drag.grabFriction.bitPattern == (1e4 as Double).bitPattern)
        #expect(c.drag.grabRotaryFriction.bitPattern == (8e3 as Double).bitPattern)
        #expect(abs(Portable.pow(try #require(c.drag.fingerSmoothing), 1.0 / 60) - 0.3) < 1e-15)
        #expect(c.drag.dragErrorBias.bitPattern == chipmunkDefaultErrorBias.bitPattern)
        #expect(c.drag.tick == 1.0 / 60)
        #expect(throws: Never.self) { try c.validate() }
    }

    /// Gravity 3000 pt/s²: a falling photo gains 3000 · tick of downward speed per tick and
    /// keeps its horizontal speed exactly.
    @Test(arguments: backends)
    func gravity(kind: BackendKind) throws {
        let r = try Self.play(drag(from: Vector(170, 210), to: Vector(200, 215), duration: 0.05), on: kind, duration: 1.5)
        let release = try #require(Self.released(r))
        #expect(release.outcome == .fall)
        let falling = Self.states(r).filter { $0.tick > release.tick + 1 }
        #expect(falling.count > 30)
        for (a, b) in zip(falling, falling.dropFirst()) {
            #expect(abs((b.state.velocity.y - a.state.velocity.y) - 3000.0 / 60) < 1e-9)
            #expect(b.state.velocity.x.bitPattern == a.state.velocity.x.bitPattern)
        }
    }

    /// The release rule, exactly at its edges: less than 40 pt from where the hold began, and a
    /// kinetic energy (Chipmunk's `m v·v + I ω²`) below 500,000.
    @Test func releaseRuleAtItsEdges() {
        let rule = TileConfiguration.weHeartPics.releaseRule
        let start = Vector.zero
        func attracts(_ distance: Double, speed: Double = 0, spin: Double = 0) -> Bool {
            rule.attracts(
                TileRelease(
                    center: start + Vector(0, distance), velocity: Vector(speed, 0), angularVelocity: spin, origin: .zero,
                    holdStart: start, mass: 2, moment: 8))
        }
        #expect(attracts(39.999_999))
        #expect(!attracts(40))
        // 2 · 500² = 500,000 exactly; 8 · 250² = 500,000 exactly.
        #expect(attracts(0, speed: 500.0.nextDown))
        #expect(!attracts(0, speed: 500))
        #expect(attracts(0, spin: 250.0.nextDown))
        #expect(!attracts(0, spin: 250))
        #expect(!attracts(0, speed: 400, spin: 150))  // 320,000 + 180,000
        // Measured from where the hold began, not from the origin.
        #expect(
            rule.attracts(TileRelease(center: Vector(900, 900), velocity: .zero, origin: .zero, holdStart: Vector(890, 890), mass: 3)))
    }

    /// The same rule on a run: a slow drag less than 40 pt goes home, one of more falls, and so
    /// does a short drag released fast (its kinetic energy); a falling photo caught and let go
    /// where it was caught goes home from there.
    @Test(arguments: backends)
    func releaseRuleOnARun(kind: BackendKind) throws {
        let near = try Self.play(drag(from: Vector(170, 210), to: Vector(190, 215), duration: 0.5), on: kind)
        let far = try Self.play(drag(from: Vector(170, 210), to: Vector(240, 215), duration: 0.8), on: kind)
        let fast = try Self.play(drag(from: Vector(170, 210), to: Vector(200, 215), duration: 0.05), on: kind)
        #expect(Self.released(near)?.outcome == .attract)
        #expect(Self.released(far)?.outcome == .fall)
        #expect(Self.released(fast)?.outcome == .fall)
        for r in [near, far, fast] {
            let release = try #require(Self.released(r))
            let s = try #require(Self.states(r).first { $0.tick == release.tick - 1 }).state
            let energy = s.kineticEnergy(mass: Self.photo.mass, moment: Self.photo.moment)
            let moved = (s.position - Self.home).length
            #expect((moved < 40 && energy < 500_000) == (release.outcome == .attract), "moved \(moved), energy \(energy)")
        }
        // Caught at its center while falling and let go there: home, from far below.
        var events: [TileEvent] = []
        let animator = try Self.flungThenCaught(
            .weHeartPics, from: Self.home, to: Self.home + Vector(10, 60), on: kind, after: 0.4, events: &events)
        try animator.handle(TouchEvent(time: 0.6, touch: 2, phase: .ended, position: try animator.state(of: 1).state.position))
        for frame in 25...240 { events += try animator.advance(to: Double(frame) / 60) }
        #expect(events.kinds(of: 1).compactMap(\.releaseOutcome) == [.fall, .attract])
        #expect(events.kinds(of: 1).last == .settled)
        #expect(try animator.state(of: 1).state == BodyState(position: Self.home))
    }

    /// The photo flung (from near its corner by default: it spins as it falls), then, `after`
    /// seconds (a whole number of ticks), taken by a second finger at its center; the animator
    /// at that time, its events so far in `events`.
    static func flungThenCaught(
        _ configuration: TileConfiguration, from: Vector = Vector(215, 255), to: Vector = Vector(300, 250),
        on kind: BackendKind, after: Double, events: inout [TileEvent], tile: TileDefinition = photo
    ) throws -> TileAnimator {
        let animator = try TileAnimator(viewport: phone, tiles: [tile], configuration: configuration, backend: try kind.make())
        for e in drag(from: from, to: to, duration: 0.06) { try animator.handle(e) }
        for frame in 1...Int((after * 60).rounded()) { events += try animator.advance(to: Double(frame) / 60) }
        let center = try animator.state(of: 1).state.position
        try animator.handle(TouchEvent(time: after, touch: 2, phase: .began, position: center, item: 1))
        return animator
    }

    /// Two rigid pivots pull the photo home without a spring: it never passes home along the
    /// line it comes in on, and it settles on its kinetic energy, exactly at its origin. Fling's
    /// spring home, in the same throw, passes it.
    @Test(arguments: backends)
    func pullHomeWithoutOvershoot(kind: BackendKind) throws {
        // Held at its center, out 30 pt, then back toward home, let go while still moving in.
        let events =
            drag(from: Self.home, to: Self.home + Vector(24, 18), duration: 0.5).dropLast()
            + drag(from: Self.home + Vector(24, 18), to: Self.home + Vector(16, 12), start: 0.56, duration: 0.06).dropFirst()
        func passage(_ configuration: TileConfiguration) throws -> (deepest: Double, r: Run.Result) {
            let r = try Self.play(Array(events), configuration, on: kind, duration: 4)
            let release = try #require(Self.released(r))
            #expect(release.outcome == .attract)
            let after = Self.states(r).filter { $0.tick >= release.tick }
            let start = try #require(after.first).state.position - Self.home
            let axis = start * (1 / start.length)
            let along = after.map { ($0.state.position - Self.home).x * axis.x + ($0.state.position - Self.home).y * axis.y }
            #expect(along[0] > 10)
            return (along.min()!, r)
        }
        let pivots = try passage(.weHeartPics)
        #expect(pivots.deepest >= 0, "passed home by \(-pivots.deepest) pt")
        #expect(pivots.r.events.kinds(of: 1).last == .settled)
        let settled = try #require(pivots.r.events.last { $0.kind == .settled })
        let before = try #require(Self.states(pivots.r).first { $0.tick == settled.tick }).state
        #expect(before.kineticEnergy(mass: Self.photo.mass, moment: Self.photo.moment) <= 1e-4)
        #expect(try pivots.r.animator.state(of: 1).state == BodyState(position: Self.home))
        var spring = TileConfiguration.weHeartPics
        spring.home = .springs()
        #expect(try passage(spring).deepest < -1)
    }

    // MARK: The app's rules for a photo of any mass

    /// The grab's forces are forces: a finger jerked 400 pt away pulls a photo of mass 1 or 5
    /// with the drag pivot's 10⁵ and the friction pivot's 10⁴ together, so the largest change
    /// of momentum in a tick is `(10⁵ + 10⁴) · tick`, whatever the mass (no gravity here, the
    /// photo held at its center: the pull is along x alone). Per unit of mass, as before, a
    /// mass-1 photo would get a third of it.
    @Test(arguments: backends, [1.0, 5.0])
    func theGrabsForcesAreForcesWhateverTheMass(kind: BackendKind, mass: Double) throws {
        var weightless = TileConfiguration.weHeartPics
        weightless.gravity = .zero
        let events = [
            TouchEvent(time: 0.05, touch: 1, phase: .began, position: Self.home),
            TouchEvent(time: 0.1, touch: 1, phase: .moved, position: Self.home + Vector(400, 0)),
        ]
        let r = try Self.play(events, weightless, on: kind, duration: 0.4, tile: Self.photo(mass: mass))
        let states = Self.states(r)
        let pushes = zip(states, states.dropFirst()).map { mass * ($1.state.velocity.x - $0.state.velocity.x) }
        let most = (1e5 + 1e4) / 60
        #expect(states.count > 10 && pushes.allSatisfy { $0 <= most * (1 + 1e-9) })
        let strongest = try #require(pushes.max())
        #expect(abs(strongest - most) <= most * 1e-9, "mass \(mass): \(strongest) against \(most)")
        #expect(states.allSatisfy { $0.state.velocity.y == 0 && $0.state.angularVelocity == 0 })
    }

    /// Rest as the app checks it: only once a release sent the photo home (its `_nowTouching` is
    /// off from then until the next touch, and on from the first touch, through a release that
    /// lets it fall), at the first tick its kinetic energy, with its own mass and moment, is at
    /// most 1e-4. A photo held still, or let go far from its start and drifting with no gravity,
    /// has that little energy for a second and stays held, or falling.
    @Test(arguments: backends, [1.0, 5.0])
    func restAsTheAppChecksIt(kind: BackendKind, mass: Double) throws {
        let photo = Self.photo(mass: mass)
        func energy(_ s: BodyState) -> Double { s.kineticEnergy(mass: mass, moment: photo.moment) }
        // Home: dragged 10 pt and let go.
        let home = try Self.play(drag(from: Self.home, to: Self.home + Vector(10, 0), duration: 0.3), on: kind, tile: photo)
        let release = try #require(Self.released(home))
        #expect(release.outcome == .attract)
        let settled = try #require(home.events.first { $0.kind == .settled })
        let calm = try #require(Self.states(home).first { $0.tick >= release.tick && energy($0.state) <= 1e-4 })
        #expect(settled.tick == calm.tick)
        // Held still, then let go 60 pt from where the hold began, in a world without gravity.
        var weightless = TileConfiguration.weHeartPics
        weightless.gravity = .zero
        let hold =
            drag(from: Self.home, to: Self.home + Vector(60, 0), duration: 0.3).dropLast()
            + [TouchEvent(time: 2.5, touch: 1, phase: .ended, position: Self.home + Vector(60, 0))]
        let still = try Self.play(Array(hold), weightless, on: kind, duration: 3.5, tile: photo)
        let let_go = try #require(Self.released(still))
        #expect(let_go.outcome == .fall)
        let states = Self.states(still)
        #expect(states.filter { $0.tick < let_go.tick && energy($0.state) <= 1e-4 }.count > 30, "no calm tick while held")
        #expect(states.filter { $0.tick > let_go.tick && energy($0.state) <= 1e-4 }.count > 30, "no calm tick while falling")
        #expect(!still.events.contains { $0.kind == .settled || $0.kind == .cameToRest })
        #expect(try still.animator.state(of: 1).phase == .falling)
    }

    /// Removal as the app checks it: the first tick the center is below y = 1000, whatever the
    /// photo is doing. Held and dragged down, it goes while held (its finger then holds
    /// nothing); tapped where it lies below the line, it goes instead of settling home; thrown,
    /// it goes as it falls past the line.
    @Test(arguments: backends, [1.0, 5.0])
    func removalInEveryPhase(kind: BackendKind, mass: Double) throws {
        func culled(_ r: Run.Result) throws -> Int {
            let event = try #require(r.events.first { $0.kind == .culled })
            let states = Self.states(r)
            let at = try #require(states.first { $0.tick == event.tick }).state
            let before = try #require(states.first { $0.tick == event.tick - 1 }).state
            #expect(at.position.y > 1000 && before.position.y <= 1000, "mass \(mass)")
            #expect(r.events.kinds(of: 1).last == .culled)
            return event.tick
        }
        // Held: dragged from y = 900 to 1150, the finger staying down.
        let start = Vector(160, 900)
        let held = try Self.play(
            Array(drag(from: start, to: start + Vector(0, 250), duration: 0.5).dropLast())
                + [TouchEvent(time: 1.5, touch: 1, phase: .ended, position: start + Vector(0, 250))], on: kind, duration: 2,
            tile: Self.photo(mass: mass, at: start))
        let tick = try culled(held)
        #expect(tick < 90 && Self.released(held) == nil)
        #expect(held.events.kinds(of: 1) == [.grabbed(touch: 1, at: start), .culled])
        // Going home: a photo lying at y = 1005, tapped (down and up before one tick).
        let low = Vector(160, 1005)
        let tapped = try Self.play(
            [
                TouchEvent(time: 0.05, touch: 1, phase: .began, position: low),
                TouchEvent(time: 0.05, touch: 1, phase: .ended, position: low),
            ], on: kind, duration: 0.5, tile: Self.photo(mass: mass, at: low))
        #expect(Self.released(tapped)?.outcome == .attract)
        #expect(!tapped.events.contains { $0.kind == .settled })
        let first = try #require(tapped.events.first { $0.kind == .culled })
        #expect(first.tick == Self.released(tapped)!.tick)
        // Falling: thrown down from y = 800.
        let thrown = try Self.play(
            drag(from: Vector(160, 800), to: Vector(170, 860), duration: 0.05), on: kind, duration: 2,
            tile: Self.photo(mass: mass, at: Vector(160, 800)))
        #expect(Self.released(thrown)?.outcome == .fall)
        _ = try culled(thrown)
    }

    /// Removed once the center is below y = 1000, and not before, even far above the screen.
    @Test(arguments: backends)
    func removalLine(kind: BackendKind) throws {
        let up = drag(from: Vector(170, 210), to: Vector(175, 60), duration: 0.05)
        let r = try Self.play(up, on: kind, duration: 4)
        let culled = try #require(r.events.last { $0.kind == .culled })
        let states = Self.states(r)
        let at = try #require(states.first { $0.tick == culled.tick }).state
        let before = try #require(states.first { $0.tick == culled.tick - 1 }).state
        #expect(at.position.y > 1000 && before.position.y <= 1000)
        #expect(states.contains { $0.state.position.y < -200 })  // far above the top, still live
        // Fling's rule culls the same throw as it leaves the top of the screen.
        var viewport = TileConfiguration.weHeartPics
        viewport.cull = .outsideViewport(margin: 20)
        let early = try #require(try Self.play(up, viewport, on: kind, duration: 4).events.last { $0.kind == .culled })
        #expect(early.tick < culled.tick)
    }

    /// A spinning photo held at its center slows: rotary grab friction, a torque of up to
    /// 8,000 whatever the photo's mass, takes `8000 / I · tick` of its spin each tick; without
    /// it the spin stays.
    @Test(arguments: backends, [1.0, 3.0, 5.0])
    func grabFrictionSlowsASpinningPhoto(kind: BackendKind, mass: Double) throws {
        let photo = Self.photo(mass: mass)
        func spinThenHold(_ configuration: TileConfiguration) throws -> [Double] {
            var events: [TileEvent] = []
            let animator = try Self.flungThenCaught(configuration, on: kind, after: 0.3, events: &events, tile: photo)
            #expect(events.kinds(of: 1).compactMap(\.releaseOutcome) == [.fall])
            var spins: [Double] = []
            for frame in 19...48 {
                try animator.advance(to: Double(frame) / 60)
                spins.append(try animator.state(of: 1).state.angularVelocity)
            }
            #expect(try animator.state(of: 1).phase == .held(by: 2))
            return spins
        }
        let held = try spinThenHold(.weHeartPics)
        #expect(abs(held[0]) > 1)
        let perTick = 8000 / photo.moment / 60
        for (a, b) in zip(held.dropFirst(), held.dropFirst(2)) {
            #expect(abs(abs(a) - abs(b) - perTick) < 1e-6 * perTick, "spin \(a) then \(b)")
        }
        var frictionless = TileConfiguration.weHeartPics
        frictionless.drag.grabRotaryFriction = 0
        let free = try spinThenHold(frictionless)
        #expect(abs(free.last! - free[1]) < 1e-9)
    }

    /// Several fingers hold one photo, each on its own joint: the first to lift lets go of
    /// nothing; the last releases it. With Fling's default, one finger per tile, a second touch
    /// takes nothing.
    @Test(arguments: backends)
    func severalFingers(kind: BackendKind) throws {
        let events = [
            TouchEvent(time: 0.05, touch: 1, phase: .began, position: Vector(120, 170)),
            TouchEvent(time: 0.10, touch: 2, phase: .began, position: Vector(200, 230)),
            TouchEvent(time: 0.20, touch: 1, phase: .moved, position: Vector(130, 150)),
            TouchEvent(time: 0.20, touch: 2, phase: .moved, position: Vector(190, 250)),
            TouchEvent(time: 0.40, touch: 1, phase: .ended, position: Vector(130, 150)),
            TouchEvent(time: 0.60, touch: 2, phase: .ended, position: Vector(190, 250)),
        ]
        let r = try Self.play(events, on: kind)
        let kinds = r.events.kinds(of: 1)
        #expect(kinds.filter(\.isGrab).count == 2)
        let release = try #require(r.events.first { $0.kind.releaseOutcome != nil })
        #expect((36...37).contains(release.tick))
        // Twisted by two fingers: turned while held.
        #expect(Self.states(r).contains { abs($0.state.angle) > 0.05 })
        var one = TileConfiguration.weHeartPics
        one.drag.fingersPerItem = 1
        let single = try Self.play(events, one, on: kind)
        #expect(single.events.kinds(of: 1).filter(\.isGrab).count == 1)
        let early = try #require(single.events.first { $0.kind.releaseOutcome != nil })
        #expect((24...25).contains(early.tick))
    }

    /// A touch lifted with the photo less than 5 pt from where it was is a tap, after the
    /// release home; a 10-point drag is not.
    @Test(arguments: backends)
    func taps(kind: BackendKind) throws {
        let tap = try Self.play(
            [
                TouchEvent(time: 0.05, touch: 1, phase: .began, position: Vector(170, 210)),
                TouchEvent(time: 0.15, touch: 1, phase: .ended, position: Vector(170, 210)),
            ], on: kind)
        let kinds = tap.events.kinds(of: 1)
        let at = try #require(kinds.firstIndex(of: .tapped))
        #expect(kinds[at - 1].releaseOutcome == .attract && kinds.last == .settled)
        let nudge = try Self.play(drag(from: Vector(170, 210), to: Vector(180, 210), duration: 0.5), on: kind)
        #expect(!nudge.events.kinds(of: 1).contains(.tapped) && Self.released(nudge)?.outcome == .attract)
        // Fling's default reports no taps.
        var quiet = TileConfiguration.weHeartPics
        quiet.tapDistance = nil
        #expect(
            try !Self.play(
                [
                    TouchEvent(time: 0.05, touch: 1, phase: .began, position: Vector(170, 210)),
                    TouchEvent(time: 0.15, touch: 1, phase: .ended, position: Vector(170, 210)),
                ], quiet, on: kind
            ).events.kinds(of: 1).contains(.tapped))
    }

    /// A touch less than 20 pt off the photo takes it, by its nearest point, which the finger
    /// then pulls to itself; 25 pt off, nothing.
    @Test(arguments: backends)
    func grabRadius(kind: BackendKind) throws {
        func hold(_ x: Double, _ configuration: TileConfiguration = .weHeartPics) throws -> Run.Result {
            try Self.play(
                [
                    TouchEvent(time: 0.05, touch: 1, phase: .began, position: Vector(x, 200)),
                    TouchEvent(time: 0.5, touch: 1, phase: .ended, position: Vector(x, 200)),
                ], configuration, on: kind, duration: 1)
        }
        let near = try hold(96 - 15)
        #expect(near.events.kinds(of: 1).first?.isGrab == true)
        // Held by its left edge's midpoint (where it swings from), pulled to the finger.
        let held = try #require(Self.states(near).last { $0.tick < 30 }).state
        let edge = held.transform.apply(toLocal: Vector(-64, 0))
        #expect((edge - Vector(81, 200)).length < 5, "\(edge)")
        #expect(try hold(96 - 25).events.isEmpty)
        var none = TileConfiguration.weHeartPics
        none.grabRadius = 0
        #expect(try hold(96 - 15, none).events.isEmpty)
    }

    /// The fixture (we-heart-pics.json) shows what it says: a tap, two fingers on one photo at
    /// once, a throw home, a throw away removed below y = 1000, and the next photo taken from
    /// off its edge; every photo that went home settled there.
    @Test func fixtureShowsItsGestures() throws {
        let trace = try Trace(json: try Fixture.text("traces/we-heart-pics.json"))
        #expect(trace.sessions[0].configuration == .weHeartPics)
        var replayer = TraceReplayer(trace)
        replayer.recordsTicks = true
        let session = try replayer.replay { n throws(FlingError) in try NativeBackend(solverIterations: n, arithmetic: .portable) }
            .sessions[0]
        let top = session.events.filter { $0.tile == 3 }.map(\.kind)
        #expect(top.firstIndex(of: .tapped) == 2)
        #expect(top.compactMap(\.releaseOutcome) == [.attract, .attract, .attract, .fall])
        #expect(top.filter { $0 == .settled }.count == 2 && top.last == .culled)
        // Two grabs before the release between them.
        #expect(Array(top[3...5].map(\.isGrab)) == [true, true, false])
        let culled = try #require(session.events.first { $0.kind == .culled })
        let last = try #require(session.ticks.first { $0.tick == culled.tick }?.tiles.first { $0.id == 3 })
        #expect(last.state.position.y > 1000)
        // The next photo, taken 15 pt above its top edge, went home.
        guard case .grabbed(_, let at) = try #require(session.events.first { $0.tile == 2 }).kind else {
            Issue.record("tile 2 not grabbed first")
            return
        }
        #expect(at.y < 200 - 64 - 10)
        #expect(session.outcomes.map(\.kind) == [.resting, .settled, .culled])
    }

    /// Smoothing: the finger body lags its touch and closes 1 − 0.3 of the distance each tick
    /// (0.3⁶⁰ left after a second), moving as ChipmunkMultiGrab's grab body: the tick after the
    /// touch moves it is still where it was, moving at the velocity that gets it there.
    @Test func smoothedFingerLagsItsTouch() throws {
        func placements(_ configuration: TileConfiguration) throws -> [(position: Vector, velocity: Vector)] {
            let spy = FingerSpyBackend(try NativeBackend(arithmetic: .portable))
            let animator = try TileAnimator(viewport: phone, tiles: [Self.photo], configuration: configuration, backend: spy)
            try animator.handle(TouchEvent(time: 0, touch: 1, phase: .began, position: Vector(160, 200)))
            try animator.advance(to: 1.0 / 60)
            try animator.handle(TouchEvent(time: 1.0 / 60, touch: 1, phase: .moved, position: Vector(190, 200)))
            try animator.advance(to: 8.0 / 60)
            return spy.placements
        }
        let smooth = try placements(.weHeartPics)
        #expect(smooth.count == 8)
        #expect(smooth[0].position == Vector(160, 200) && smooth[1].position == Vector(160, 200))
        #expect(abs(smooth[1].velocity.x - 30 * 0.7 * 60) < 1e-9)
        for n in 2..<smooth.count {
            let gap = 190 - smooth[n].position.x, previous = 190 - smooth[n - 1].position.x
            #expect(abs(gap / previous - 0.3) < 1e-9, "tick \(n): \(gap) after \(previous)")
            #expect(abs(smooth[n].position.x - (smooth[n - 1].position.x + smooth[n - 1].velocity.x / 60)) < 1e-9)
        }
        // Unsmoothed (Fling's finger), the finger is on the touch at once.
        var plain = TileConfiguration.weHeartPics
        plain.drag.fingerSmoothing = nil
        let direct = try placements(plain)
        #expect(direct[1].position == Vector(190, 200) && direct[2].position == Vector(190, 200))
    }
}
