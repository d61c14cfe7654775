import Testing
import Fling
@testable import FlingInteraction

/// A configuration that validates can grab, drag and release on every backend: the drag
/// kernel's settings are checked with the backends' own checks, and each policy's with the
/// bounds its backend calls need. Seeded random configurations over the whole accepted range,
/// each number at one of its edges half the time; the drag settings and spring frequencies
/// now and then just past their edges, so that a validation looser than the backends lets a
/// configuration through that then fails here.
@Suite struct ConfigurationPropertyTests {
    /// The cases per policy and backend.
    static let cases = 250

    /// Draws from a seeded generator; `edge(a, b)` is `a` or `b` half the time, log-uniform between
    /// them otherwise (uniform where the range holds 0).
    struct Draw {
        var rng: SplitMix64
        mutating func unit() -> Double { rng.unit() }
        mutating func chance(_ p: Double) -> Bool { unit() < p }
        mutating func uniform(_ a: Double, _ b: Double) -> Double { a + (b - a) * unit() }
        mutating func edge(_ a: Double, _ b: Double) -> Double {
            switch unit() {
            case ..<0.25: return a
            case ..<0.5: return b
            default:
                guard a > 0 else { return uniform(a, b) }
                return Portable.exp(uniform(Portable.log(a), Portable.log(b)))
            }
        }
        mutating func pick<T>(_ xs: [T]) -> T { xs[Int(unit() * Double(xs.count))] }
        mutating func point(within r: Double) -> Vector { Vector(edge(-r, r), edge(-r, r)) }
    }

    /// The smallest power of two `accepts` takes, found through the validation itself.
    static func smallestAccepted(_ accepts: (Double) -> Bool) -> Double {
        var x = 1.0
        while x / 2 > 0, accepts(x / 2) { x /= 2 }
        return x
    }

    static let smallestDragAcceleration = smallestAccepted { x in
        var d = DragSettings()
        d.dragMaxAcceleration = x
        return (try? d.validate()) != nil
    }

    static func drag(_ d: inout Draw) -> DragSettings {
        var s = DragSettings()
        s.tick = d.edge(Limits.tick.lowerBound, Limits.tick.upperBound)
        s.maxDisplayFrameInterval = d.edge(s.tick, 10)
        s.dragMaxAcceleration =
            d.chance(0.05) ? d.edge(.leastNonzeroMagnitude, smallestDragAcceleration / 2) : d.edge(smallestDragAcceleration, 1e9)
        s.dragErrorBias = d.chance(0.05) ? d.edge(.leastNonzeroMagnitude, 1e-300.nextDown) : d.edge(1e-300, 1)
        return s
    }

    /// The grab options (several fingers, grab friction, smoothing), half the time, from a
    /// generator of their own (so the other draws stay as they were before these existed).
    static func grabs(_ g: inout Draw, _ s: inout DragSettings) {
        guard g.chance(0.5) else { return }
        s.fingersPerItem = g.chance(0.05) ? Limits.joints + 1 : g.pick([1, 2, Limits.joints])
        s.grabFriction =
            g.chance(0.3) ? 0 : g.chance(0.05) ? DragSettings.maxGrabFriction.nextUp : g.edge(1e-300, DragSettings.maxGrabFriction)
        s.grabRotaryFriction = g.chance(0.3) ? 0 : g.edge(1e-300, DragSettings.maxGrabFriction)
        s.fingerSmoothing = g.chance(0.3) ? nil : g.chance(0.05) ? 1 : g.edge(0, 1.0.nextDown)
    }

    /// The tile rules the presets use, half the time, from the grab options' generator.
    static func tileRules(_ g: inout Draw, _ c: inout TileConfiguration) {
        guard g.chance(0.5) else { return }
        if g.chance(0.5) { c.releaseRule = .nearGrab(radius: g.edge(0, Limits.coordinate), maxKineticEnergy: g.edge(0, 1e300)) }
        c.releaseVelocity = g.pick(TileConfiguration.ReleaseVelocity.allCases)
        if g.chance(0.5) {
            let offsets = (0..<g.pick([1, 2, Limits.joints])).map { _ in g.point(within: 10) }
            c.home =
                g.chance(0.5)
                ? .rigidPivots(offsets)
                : .pivots(
                    offsets: offsets, maxForce: g.edge(0, Limits.jointForce), maxBias: g.edge(0, .infinity), errorBias: g.edge(1e-300, 1))
        }
        if g.chance(0.5) { c.settle.home = .kineticEnergy(atMost: g.edge(0, 1e300)) }
        if g.chance(0.5) { c.cull = .below(y: g.edge(-Limits.coordinate, Limits.coordinate)) }
        c.grabRadius = g.chance(0.5) ? 0 : g.edge(0, Limits.coordinate)
        c.tapDistance = g.chance(0.5) ? nil : g.edge(0, Limits.coordinate)
    }

    static func spring(_ d: inout Draw, upTo maxFrequency: Double) -> SpringTuning {
        let frequency = d.chance(0.05) ? d.edge(maxFrequency.nextUp, 2 * maxFrequency) : d.edge(.leastNonzeroMagnitude, maxFrequency)
        return SpringTuning(frequency: frequency, dampingRatio: d.edge(0, 100))
    }

    static func settle(_ d: inout Draw) -> SettleThresholds {
        SettleThresholds(
            distance: d.edge(0, Limits.coordinate), speed: d.edge(0, Limits.velocity), angle: d.edge(0, .pi),
            angularSpeed: d.edge(0, 1e6), ticks: d.pick([1, 2, 6, 1_000_000]))
    }

    static func tileConfiguration(_ d: inout Draw) -> TileConfiguration {
        var c = TileConfiguration()
        c.drag = drag(&d)
        c.gravity = d.point(within: Limits.gravity)
        let cap = 0.3 / c.drag.tick
        let attraction = spring(&d, upTo: cap)
        c.home = .springs(attraction: attraction, rotation: spring(&d, upTo: cap))
        c.releaseRule = d.pick([
            .alwaysAttract, .alwaysFall, .projectedDistance(lookahead: d.edge(0, 10), radius: d.edge(0, Limits.coordinate)),
        ])
        c.settle.home = .thresholds(settle(&d))
        c.cull = .outsideViewport(margin: d.edge(0, Limits.coordinate))
        return c
    }

    static func snapConfiguration(_ d: inout Draw) -> SnapConfiguration {
        var c = SnapConfiguration()
        c.drag = drag(&d)
        c.decelerationRate = d.edge(0, 0.9999)
        c.tapSlop = d.edge(0, Limits.coordinate)
        c.tapDuration = d.edge(0, 10)
        c.scaleMotion = .spring(spring(&d, upTo: 0.25 / c.drag.tick))
        c.settle = settle(&d)
        c.settle.angle = 0
        c.settle.angularSpeed = 0
        return c
    }

    /// A finger's path: down at `start`, six moves a tick apart (small steps or jumps to the
    /// coordinate limit), then up (or cancelled); each with the display time to advance to.
    static func touches(_ d: inout Draw, from start: Vector, tick: Double) -> [TouchEvent] {
        var events = [TouchEvent(time: tick, touch: 1, phase: .began, position: start)]
        var p = start
        for k in 2...7 {
            let step = d.chance(0.3) ? d.point(within: Limits.coordinate) - p : d.point(within: 50)
            p = Vector(
                min(max(p.x + step.x, -Limits.coordinate), Limits.coordinate), min(max(p.y + step.y, -Limits.coordinate), Limits.coordinate)
            )
            events.append(TouchEvent(time: Double(k) * tick, touch: 1, phase: .moved, position: p))
        }
        events.append(TouchEvent(time: 8 * tick, touch: 1, phase: d.chance(0.25) ? .cancelled : .ended, position: p))
        return events
    }

    /// Feeds `events` a tick apart, then runs 40 more ticks; returns the first error.
    static func session(
        _ events: [TouchEvent], tick: Double, handle: (TouchEvent) throws(FlingError) -> Void,
        advance: (Double) throws(FlingError) -> Void
    ) -> FlingError? {
        do throws(FlingError) {
            for e in events {
                try handle(e)
                try advance(e.time + tick / 2)
            }
            for k in 1...40 { try advance(events.last!.time + Double(k) * tick) }
            return nil
        } catch { return error }
    }

    @Test(arguments: BackendKind.available)
    func everyValidTileConfigurationGrabsDragsAndReleases(kind: BackendKind) throws {
        var d = Draw(rng: SplitMix64(state: 20)), g = Draw(rng: SplitMix64(state: 2024))
        var validated = 0
        var grabbed = 0
        var refusedPivots = 0
        for n in 0..<Self.cases {
            var c = Self.tileConfiguration(&d)
            Self.grabs(&g, &c.drag)
            Self.tileRules(&g, &c)
            let size = Vector(
                d.edge(Limits.size.lowerBound, Limits.size.upperBound), d.edge(Limits.size.lowerBound, Limits.size.upperBound))
            let tile = TileDefinition(
                id: 1, frame: Rect(center: d.point(within: Limits.coordinate - 1e6), width: size.x, height: size.y),
                mass: d.edge(Limits.mass.lowerBound, Limits.mass.upperBound))
            let viewport = Rect(
                x: d.edge(-Limits.coordinate, 0), y: d.edge(-Limits.coordinate, 0), width: Limits.coordinate, height: Limits.coordinate)
            let events = Self.touches(&d, from: tile.origin, tick: c.drag.tick)
            guard (try? c.validate()) != nil else { continue }
            // Home pivots are checked against each tile too (their anchors, their leverage): a
            // valid configuration is refused with a tile only for those, which its error names,
            // and the same configuration with Fling's springs takes the tile. Counted, not skipped.
            let animator: TileAnimator
            do {
                animator = try TileAnimator(viewport: viewport, tiles: [tile], configuration: c, backend: try kind.make())
            } catch {
                var springs = c
                springs.home = .springs()
                let pivots: Bool = if case .pivots = c.home { true } else { false }
                #expect(
                    pivots && error.field.contains("with TileConfiguration.home.offsets[")
                        && (try? TileAnimator(viewport: viewport, tiles: [tile], configuration: springs, backend: try kind.make())) != nil,
                    "case \(n): a valid configuration refused \(tile): \(error)")
                refusedPivots += 1
                continue
            }
            validated += 1
            let error = Self.session(
                events, tick: c.drag.tick, handle: animator.handle,
                advance: { t throws(FlingError) in
                    for e in try animator.advance(to: t) where e.kind == .grabbed(touch: 1, at: events[0].position) { grabbed += 1 }
                })
            #expect(error == nil, "case \(n): \(c), \(tile): \(String(describing: error))")
        }
        // Most drawn configurations are valid ones, and every one was grabbed; the few refused
        // with their tile (home pivots beyond its leverage) stay few.
        #expect(validated >= Self.cases * 7 / 10 && grabbed == validated, "\(validated) validated, \(grabbed) grabbed")
        #expect(refusedPivots * 20 <= validated, "\(refusedPivots) refused for their home pivots, \(validated) validated")
    }

    @Test(arguments: BackendKind.available)
    func everyValidSnapConfigurationGrabsDragsAndReleases(kind: BackendKind) throws {
        var d = Draw(rng: SplitMix64(state: 24)), g = Draw(rng: SplitMix64(state: 2025))
        var validated = 0
        var grabbed = 0
        for n in 0..<Self.cases {
            var c = Self.snapConfiguration(&d)
            Self.grabs(&g, &c.drag)
            c.drag.fingersPerItem = g.chance(0.05) ? 2 : 1  // a snap item takes one
            if g.chance(0.3) { c.scaleMotion = .keyframes(BounceCurve(duration: g.edge(1.0 / 60, 60), bounces: g.pick([0, 2, 1000]))) }
            let center = d.point(within: Limits.coordinate - 1e6)
            let places: SnapItem.RestingPlaces =
                d.chance(0.5)
                ? .points((0..<Int(d.uniform(1, 5))).map { _ in d.point(within: Limits.coordinate) })
                : .sideEdges(
                    left: d.edge(-Limits.coordinate, 0), right: d.edge(0, Limits.coordinate), minY: d.edge(-Limits.coordinate, 0),
                    maxY: d.edge(0, Limits.coordinate))
            var motion: SnapItem.Motion =
                d.chance(0.7)
                ? .spring(Self.spring(&d, upTo: 0.25 / c.drag.tick))
                : .keyframes(
                    BounceCurve(
                        duration: d.edge(1.0 / 60, 60), bounces: d.pick([0, 2, 1000]), stiffness: d.pick(BounceCurve.Stiffness.allCases)))
            if g.chance(0.15) { motion = .keyframes(.chatHeadsFirstBounce) }
            let axis: SnapItem.Axis =
                d.chance(0.5)
                ? .free
                : .horizontal(minX: center.x - d.edge(0, 1e6), maxX: center.x + d.edge(0, 1e6), y: center.y, rubberBand: d.edge(0, 10))
            let item = SnapItem(
                id: 1, center: center, width: d.edge(Limits.size.lowerBound, Limits.size.upperBound),
                height: d.edge(Limits.size.lowerBound, Limits.size.upperBound), shape: d.pick([.rectangle, .circle]),
                mass: d.edge(Limits.mass.lowerBound, Limits.mass.upperBound), restingPlaces: places, motion: motion, axis: axis,
                pressedScale: d.edge(0.01, 100))
            let events = Self.touches(&d, from: center, tick: c.drag.tick)
            guard (try? c.validate()) != nil, (try? item.validate(tick: c.drag.tick)) != nil else { continue }
            validated += 1
            let animator = try SnapAnimator(items: [item], configuration: c, backend: try kind.make())
            let error = Self.session(
                events, tick: c.drag.tick, handle: animator.handle,
                advance: { t throws(FlingError) in
                    for e in try animator.advance(to: t) where e.kind == .grabbed(touch: 1) { grabbed += 1 }
                })
            #expect(error == nil, "case \(n): \(c), \(item): \(String(describing: error))")
        }
        #expect(validated >= Self.cases * 7 / 10 && grabbed == validated, "\(validated) validated, \(grabbed) grabbed")
    }

    /// The edges the cases reach are the accepted range's: one step past each is refused.
    @Test func theEdgesAreTheLastAcceptedValues() {
        func refused(_ change: (inout DragSettings) -> Void) -> Bool {
            var s = DragSettings()
            change(&s)
            return (try? s.validate()) == nil
        }
        #expect(!refused { $0.dragErrorBias = 1e-300 } && refused { $0.dragErrorBias = 1e-300.nextDown })
        #expect(!refused { $0.dragMaxAcceleration = Self.smallestDragAcceleration })
        #expect(refused { $0.dragMaxAcceleration = Self.smallestDragAcceleration / 2 })
        #expect(!refused { $0.dragMaxAcceleration = 1e9 } && refused { $0.dragMaxAcceleration = 1e9.nextUp })
        var c = TileConfiguration()
        c.home = .springs(attraction: SpringTuning(frequency: 0.3 / c.drag.tick, dampingRatio: 0.55))
        #expect((try? c.validate()) != nil)
        c.home = .springs(attraction: SpringTuning(frequency: (0.3 / c.drag.tick).nextUp, dampingRatio: 0.55))
        #expect((try? c.validate()) == nil)
        c.home = .springs(rotation: SpringTuning(frequency: (0.3 / c.drag.tick).nextUp, dampingRatio: 0.7))
        #expect((try? c.validate()) == nil)
        var s = SnapConfiguration()
        s.scaleMotion = .spring(SpringTuning(frequency: 0.25 / s.drag.tick, dampingRatio: 0.5))
        #expect((try? s.validate()) != nil)
        s.scaleMotion = .spring(SpringTuning(frequency: (0.25 / s.drag.tick).nextUp, dampingRatio: 0.5))
        #expect((try? s.validate()) == nil)
    }
}

/// Picture-in-picture corners: a new interaction as one configuration of the snap policy.
@Suite struct PictureInPictureTests {
    let pip = PictureInPictureConfiguration(safeArea: Rect(x: 0, y: 47, width: 390, height: 763), width: 160, height: 90)

    /// Thrown from each corner toward the opposite one, the window settles exactly on the
    /// corner the throw points at, on every backend.
    @Test(arguments: backends)
    func aThrowSettlesOnTheCornerItPointsAt(kind: BackendKind) throws {
        for corner in PictureInPictureConfiguration.Corner.allCases {
            let home = pip.center(corner)
            let start = pip.center(PictureInPictureConfiguration.Corner(rawValue: 3 - corner.rawValue)!)
            let animator = try SnapAnimator(
                items: [try pip.window(at: PictureInPictureConfiguration.Corner(rawValue: 3 - corner.rawValue)!)],
                backend: try kind.make())
            // Grabbed at its center and carried toward the corner at 900 pt/s for 0.3 s: the
            // glide from there (half a second of that speed) ends nearest that corner.
            let velocity = (home - start) * (900 / (home - start).length)
            var events = [TouchEvent(time: 0.1, touch: 1, phase: .began, position: start)]
            for s in 1...36 {
                let t = Double(s) / 120
                events.append(TouchEvent(time: 0.1 + t, touch: 1, phase: .moved, position: start + velocity * t))
            }
            events.append(TouchEvent(time: 0.4, touch: 1, phase: .ended, position: events.last!.position))
            var all: [SnapEvent] = []
            try drive({ try animator.handle($0) }, { all += try animator.advance(to: $0) }, events: events, duration: 4)
            let s = try animator.state(of: 1)
            #expect(s.phase == .resting && s.state.position == home, "\(corner): \(s)")
            #expect(all.contains { $0.kind == .settled(at: home) })
            guard case .released(_, _, let target)? = all.first(where: { if case .released = $0.kind { true } else { false } })?.kind
            else {
                Issue.record("no release")
                continue
            }
            #expect(target == home)
        }
    }

    @Test func cornersAreInsetByTheMarginAndBadSizesAreRefused() throws {
        #expect(pip.center(.topLeft) == Vector(16 + 80, 47 + 16 + 45))
        #expect(pip.center(.bottomRight) == Vector(390 - 16 - 80, 47 + 763 - 16 - 45))
        let window = try pip.window(at: .topRight)
        #expect(window.restingPlaces == .points(PictureInPictureConfiguration.Corner.allCases.map(pip.center)))
        var bad = pip
        bad.width = .nan
        #expect(throws: FlingError.self) { try bad.window(at: .topLeft) }
    }
}

/// A backend that fails to free a world is never swallowed (it was, `try?`): a tick that lets
/// go of a world finishes (the tile at rest) and then throws the backend's error, naming the
/// tick, the tile and the world; `reset` and `removeTile` throw it with nothing changed.
@Suite struct WorldFreeingTests {
    /// A native backend whose `destroyWorld` refuses while `refuses` is set.
    final class StickyBackend: ForwardingBackend {
        var refuses = true
        override var name: String { "sticky" }
        override func destroyWorld(_ world: WorldID) throws(FlingError) {
            if refuses { throw FlingError(.invalidState, field: "destroyWorld", value: "sticky", reason: "this backend refuses to free") }
            try super.destroyWorld(world)
        }
    }

    @Test func aTickThatCannotFreeAWorldThrowsOnceItIsDone() throws {
        let backend = try StickyBackend(solverIterations: 10)
        let animator = try TileAnimator(viewport: phone, tiles: [centerTile], backend: backend)
        try animator.handle(TouchEvent(time: 0, touch: 1, phase: .began, position: Vector(195, 422)))
        try animator.handle(TouchEvent(time: 0.05, touch: 1, phase: .ended, position: Vector(195, 422)))
        var thrown: FlingError?
        var t = 0.0
        while t < 3, thrown == nil {
            t += 1.0 / 60
            do { _ = try animator.advance(to: t) } catch { thrown = error }
        }
        let e = try #require(thrown, "settling the tile freed its world: the refusal must be thrown")
        #expect(e.field.contains("freeing world") && e.field.contains("on tile 1") && e.reason.contains("refuses to free"), "\(e)")
        // The tick was done: the tile settled; the error was thrown once, and frames go on.
        #expect(try animator.state(of: 1).phase == .resting && animator.liveTileCount == 0)
        _ = try animator.advance(to: t + 0.5)
    }

    @Test func resetAndRemoveThrowWithNothingChanged() throws {
        let backend = try StickyBackend(solverIterations: 10)
        let animator = try TileAnimator(viewport: phone, tiles: [centerTile], backend: backend)
        try animator.handle(TouchEvent(time: 0, touch: 1, phase: .began, position: Vector(195, 422)))
        _ = try animator.advance(to: 0.1)
        let held = try animator.state(of: 1)
        #expect(held.phase == .held(by: 1) && animator.liveTileCount == 1)
        let reset = try #require(throws: FlingError.self) { try animator.reset(1) }
        #expect(reset.field.contains("freeing world") && reset.field.contains("on tile 1"), "\(reset)")
        #expect(try animator.state(of: 1) == held && animator.liveTileCount == 1 && animator.tileIDs == [1])
        let remove = try #require(throws: FlingError.self) { try animator.removeTile(1) }
        #expect(remove.field.contains("freeing world") && remove.field.contains("on tile 1"), "\(remove)")
        #expect(try animator.state(of: 1) == held && animator.liveTileCount == 1 && animator.tileIDs == [1])
        backend.refuses = false
        try animator.reset(1)
        #expect(try animator.state(of: 1).phase == .resting && animator.liveTileCount == 0 && backend.worldCount == 0)
    }
}

/// A tile's decisions are plain values (issue 45's next round: decisions small): no world edit
/// holds an array (a home's pivots are the kernel's, `HomePivots`), so a decision or a grab is
/// copied and dropped as bytes, without reference counting, on every grab and release.
@Suite struct PlainDecisionTests {
    @Test func aTilesEditsDecisionsAndGrabsArePlainValues() {
        #expect(_isPOD(WorldEdit.self))
        #expect(_isPOD(Decision<TilePolicy>.self))
        #expect(_isPOD(Grab<TilePolicy>.self))
        #expect(_isPOD(Ending<TilePolicy>.self))
    }

    /// Home pivots, now made by the kernel from the configuration's offsets: one at the item's
    /// home plus each offset, with the configuration's limits (the We Heart Pics trace, whose
    /// tiles go home on pivots, still replays to its pinned digests).
    @Test func homePivotsStandAtTheHomePlusEachOffset() throws {
        let home = HomePivots(offsets: [Vector(-10, 0), Vector(10, 0)], maxForce: 1_000, maxBias: 100, errorBias: 0.1)
        let pivots = home.pivots(at: Vector(195, 422))
        #expect(pivots.map(\.anchor) == [Vector(185, 422), Vector(205, 422)])
        #expect(pivots.map(\.localAnchor) == [Vector(-10, 0), Vector(10, 0)])
        #expect(pivots.allSatisfy { $0.maxForce == 1_000 && $0.maxBias == 100 && $0.errorBias == 0.1 })
    }
}

/// A display frame's touches handed in one call (`handle(contentsOf:)`) act exactly as handed
/// one by one: the same events, states and digest, bit for bit; a batch stops at its first
/// refused event, the events before it accepted and those after it not.
@Suite struct TouchBatchTests {
    static let viewport = Rect(x: 0, y: 0, width: 390, height: 844)
    static let tiles = (1...6).map { TileDefinition(id: TileID($0), frame: Rect(x: Double($0) * 55 - 40, y: 300, width: 40, height: 40)) }

    /// Frame `k`'s touches: tile i grabbed by touch i at frame i, dragged, and let go at frame
    /// 8 + i: the odd ones near home (sprung back), the even ones flung down (falling).
    static func frame(_ k: Int) -> [TouchEvent] {
        var events: [TouchEvent] = []
        let t = (Double(k) - 0.5) / 60
        for tile in tiles {
            let i = Int(tile.id.rawValue), home = tile.frame.center
            let offset = i % 2 == 1 ? Vector(Double(k - i), 0) : Vector(0, 40 * Double(k - i))
            if k == i {
                events.append(TouchEvent(time: t, touch: TouchID(i), phase: .began, position: home, item: tile.id))
            } else if k > i && k < 8 + i {
                events.append(TouchEvent(time: t, touch: TouchID(i), phase: .moved, position: home + offset))
            } else if k == 8 + i {
                events.append(TouchEvent(time: t, touch: TouchID(i), phase: .ended, position: home + offset))
            }
        }
        return events
    }

    @Test(arguments: BackendKind.available)
    func aFramesTouchesInOneCallActAsOneByOne(kind: BackendKind) throws {
        let single = try TileAnimator(viewport: Self.viewport, tiles: Self.tiles, backend: try kind.make())
        let batched = try TileAnimator(viewport: Self.viewport, tiles: Self.tiles, backend: try kind.make())
        var one: [TileEvent] = [], all: [TileEvent] = []
        for k in 0..<120 {
            let touches = Self.frame(k)
            for e in touches { try single.handle(e) }
            try batched.handle(contentsOf: touches)
            one += try single.advance(to: Double(k + 1) / 60)
            all += try batched.advance(to: Double(k + 1) / 60)
        }
        #expect(one == all)
        #expect(one.contains { if case .released(.attract, _, _) = $0.kind { true } else { false } })
        #expect(one.contains { if case .released(.fall, _, _) = $0.kind { true } else { false } })
        #expect(single.digest == batched.digest)
        for id in single.tileIDs {
            let a = try single.state(of: id).state, b = try batched.state(of: id).state
            #expect(
                a.position.x.bitPattern == b.position.x.bitPattern && a.position.y.bitPattern == b.position.y.bitPattern,
                "tile \(id.rawValue)")
            #expect(a.angle.bitPattern == b.angle.bitPattern, "tile \(id.rawValue)")
        }
    }

    @Test func aBatchStopsAtItsFirstRefusedEvent() throws {
        let animator = try TileAnimator(viewport: Self.viewport, tiles: Self.tiles, backend: try NativeBackend())
        let p = Self.tiles[0].frame.center
        let good = TouchEvent(time: 0.02, touch: 1, phase: .began, position: p)
        let early = TouchEvent(time: 0.01, touch: 2, phase: .began, position: p)  // before the one accepted
        let after = TouchEvent(time: 0.03, touch: 3, phase: .began, position: p)
        do {
            try animator.handle(contentsOf: [good, early, after])
            Issue.record("a batch with an event out of order was accepted")
        } catch {
            #expect(error.code == .outOfOrder)
            #expect(error.field.hasPrefix("events[1], "), "\(error.field)")
        }
        // The first is accepted: touch 1 is down. The third is not: touch 3 is not down, and may begin.
        do {
            try animator.handle(TouchEvent(time: 0.04, touch: 1, phase: .began, position: p))
            Issue.record("touch 1 began twice")
        } catch { #expect(error.code == .touchAlreadyDown) }
        do {
            try animator.handle(TouchEvent(time: 0.04, touch: 3, phase: .moved, position: p))
            Issue.record("touch 3 moved without a began")
        } catch { #expect(error.code == .unknownTouch) }
        try animator.handle(TouchEvent(time: 0.04, touch: 3, phase: .began, position: p))
    }
}

/// A finger's slot and tracker (320 bytes) grow by doubling only up to the fingers the items can
/// hold: 600 tiles grabbed at once hold room for 600 fingers, not the 1,024 doubling gives
/// (at 10,000 tiles in tile-bench, 16,384); a touch beyond them still gets a slot.
@Test func fingerSlotsStopAtTheFingersTheItemsCanHold() throws {
    var tiles: [TileDefinition] = []
    for i in 0..<600 {
        let center = Vector(Double(10 + 12 * (i % 30)), Double(20 + 40 * (i / 30)))
        tiles.append(TileDefinition(id: TileID(i), frame: Rect(center: center, width: 10, height: 10)))
    }
    let a = try TileAnimator(viewport: Rect(x: 0, y: 0, width: 390, height: 844), tiles: tiles, backend: BackendKind.default.make())
    for t in tiles {
        try a.handle(TouchEvent(time: 0, touch: TouchID(t.id.rawValue), phase: .began, position: t.frame.center, item: t.id))
    }
    _ = try a.advance(to: 1.0 / 60)
    let held = try tiles.filter { try a.state(of: $0.id).phase != TilePhase.resting }.count
    #expect(held == 600)
    #expect(a.box.kernel.fingers.slots.count == 600)
    #expect(a.box.kernel.fingers.slots.capacity < 1_024 && a.box.kernel.fingers.trackers.capacity < 1_024)
    try a.handle(TouchEvent(time: 0.02, touch: 1_000, phase: .began, position: Vector(385, 840)))
    _ = try a.advance(to: 0.1)
    #expect(a.box.kernel.fingers.slots.count == 601 && a.box.kernel.fingers.trackers.count == 601)
}
