import Testing
import Fling
@testable import FlingInteraction

struct SnapAnimatorTests {
    @Test(arguments: backends)
    func throwSettlesExactlyOnTheNearerEdgeWithoutTurning(kind: BackendKind) throws {
        for (velocity, edge) in [(Vector(900, -200), 360.0), (Vector(-900, 300), 30.0)] {
            let run = try SnapRun(events: throwEvents(from: Vector(195, 400), velocity: velocity)).play(on: kind)
            let s = try run.animator.state(of: 1)
            #expect(s.phase == .resting)
            #expect(s.state.position.x == edge)
            #expect(s.state.position == s.target)
            let released = try #require(run.events.first { if case .released = $0.kind { true } else { false } })
            guard case .released(let v, let projected, let target) = released.kind else {
                Issue.record("not a release: \(released)")
                return
            }
            // p + v·d/(1−d)/1000 at the default 0.998.
            let p = projected - v * (0.998 / (1 - 0.998) / 1000)
            #expect(abs(p.x - 195 - velocity.x * 0.1) < 60)  // the drag joint trails the finger a little
            #expect(target == Vector(edge, min(max(projected.y, 100), 744)))
            #expect(run.events.contains { $0.kind == .settled(at: target) })
            // Exactly zero angle and spin on every tick, bit for bit.
            for states in run.states {
                #expect(states[0].angle.bitPattern == 0 && states[0].angularVelocity.bitPattern == 0)
            }
        }
    }

    /// Native and Chipmunk (or, built without it, native on 2 threads): always two runs compared.
    @Test func nativeAndChipmunkGiveTheSameBitsTickForTick() throws {
        let events = throwEvents(from: Vector(195, 400), velocity: Vector(1200, 500))
        let runs = try BackendChoice.platformPair.map { try SnapRun(events: events).play(on: $0) }
        #expect(runs.count == 2 && runs[0].states.count > 100)
        for run in runs.dropFirst() {
            #expect(run.states.count == runs[0].states.count)
            for (a, b) in zip(run.states, runs[0].states) { #expect(a[0].isBitwiseEqual(to: b[0])) }
            #expect(run.animator.digest == runs[0].animator.digest)
        }
    }

    /// How far past the right edge an item thrown right at `speed` goes, in points.
    static func overshoot(speed: Double, on kind: BackendKind) throws -> Double {
        let run = try SnapRun(events: throwEvents(from: Vector(195, 400), velocity: Vector(speed, 0))).play(on: kind)
        return run.states.map { $0[0].position.x }.max()! - 360
    }

    @Test(arguments: backends)
    func overshootGrowsWithReleaseSpeed(kind: BackendKind) throws {
        let o = try [600.0, 1500, 3000].map { try Self.overshoot(speed: $0, on: kind) }
        #expect(o[0] < o[1] && o[1] < o[2])
        #expect(o[0] > 0)
    }

    @Test(arguments: backends)
    func slowDropNearTheMiddleGoesToTheNearerSide(kind: BackendKind) throws {
        // Dragged slowly to x = 200 (5 pt right of the middle 195) and let go: right edge.
        var events = [TouchEvent(time: 0.1, touch: 1, phase: .began, position: Vector(195, 400))]
        for s in 1...30 {
            events.append(TouchEvent(time: 0.1 + Double(s) / 60, touch: 1, phase: .moved, position: Vector(195 + Double(s) / 6, 400)))
        }
        events.append(TouchEvent(time: 1.0, touch: 1, phase: .ended, position: Vector(200, 400)))
        let run = try SnapRun(events: events).play(on: kind)
        // Exactly on its target: the right edge at the height it was let go at.
        let rest = try run.animator.state(of: 1)
        #expect(rest.state.position == rest.target && rest.state.position.x == 360)
        #expect(abs(rest.state.position.y - 400) < 1e-6)
    }

    @Test(arguments: backends)
    func theSameTicksAtEveryDisplayRate(kind: BackendKind) throws {
        let events = throwEvents(from: Vector(195, 400), velocity: Vector(-700, 900))
        let digests = try [30.0, 60, 144].map { hz in try SnapRun(events: events, hz: hz).play(on: kind).animator.digest }
        #expect(digests[0] == digests[1] && digests[1] == digests[2])
    }

    @Test(arguments: backends)
    func keyframesFollowTheBounceCurveAndEndOnTheTarget(kind: BackendKind) throws {
        let curve = BounceCurve(duration: 0.5, bounces: 4, stiffness: .light)
        let run = try SnapRun(
            items: [snapItem(motion: .keyframes(curve))],
            events: throwEvents(from: Vector(195, 400), velocity: Vector(800, 0))
        ).play(on: kind)
        let released = try #require(run.events.first { if case .released = $0.kind { true } else { false } })
        let start = released.tick
        let frames = curve.keyframes(from: try #require(run.states[start - 1].first).position.x, to: 360)
        // The state after tick start + 14 is the curve at 15 ticks (0.25 s): frame 0.25/0.5·29.
        let f = 0.25 / 0.5 * Double(frames.count - 1)
        let i = Int(f)
        let expected = frames[i] + (frames[i + 1] - frames[i]) * (f - Double(i))
        #expect(run.states[start + 14][0].position.x == expected)
        #expect(run.states.map { $0[0].position.x }.max()! > 360)
        // Exactly on its target: the right edge at the height it was let go at.
        let rest = try run.animator.state(of: 1)
        #expect(rest.state.position == rest.target && rest.state.position.x == 360)
        #expect(abs(rest.state.position.y - 400) < 1e-6)
    }

    @Test(arguments: backends)
    func aPressScalesDownAndBackAndReportsATap(kind: BackendKind) throws {
        var item = snapItem()
        item.pressedScale = 0.9
        let animator = try SnapAnimator(items: [item], backend: try kind.make())
        try animator.handle(TouchEvent(time: 0.05, touch: 1, phase: .began, position: Vector(200, 405)))
        try animator.advance(to: 0.3)
        let pressed = try animator.state(of: 1).scale
        #expect(pressed < 0.95)
        try animator.handle(TouchEvent(time: 0.31, touch: 1, phase: .ended, position: Vector(203, 405)))
        let events = try animator.advance(to: 0.4)
        #expect(events.contains { $0.kind == .tapped(touch: 1, at: Vector(203, 405)) && $0.item == 1 })
        var scales: [Double] = []
        for f in 25...180 { try animator.advance(to: Double(f) / 60); scales.append(try animator.state(of: 1).scale) }
        #expect(scales.max()! > 1)  // bounces past 1
        #expect(scales.last! == 1)  // and rests exactly on it
        #expect(animator.isIdle)
    }

    @Test func badItemsAreRefusedWithTheirField() throws {
        var item = snapItem()
        item.restingPlaces = .points([])
        #expect(throws: FlingError.self) { try SnapAnimator(items: [item], backend: try BackendKind.native.make()) }
        item = snapItem(); item.mass = .nan
        let error = try #require(throws: FlingError.self) { try SnapAnimator(items: [item], backend: try BackendKind.native.make()) }
        #expect(error.field == "SnapItem(1).mass")
        let a = try SnapAnimator(items: [snapItem()], backend: try BackendKind.native.make())
        #expect(throws: FlingError.self) { try a.handle(TouchEvent(time: 0, touch: 1, phase: .began, position: Vector(0, 0), item: 9)) }
        #expect(throws: FlingError.self) { try a.send(1, to: Vector(.infinity, 0)) }
    }

    @Test func projectionAndRubberBandFormulas() {
        let glide: Double = 0.998 / (1 - 0.998) / 1000
        let projected = SnapProjection.project(Vector(10, 20), velocity: Vector(1000, -500), decelerationRate: 0.998)
        let expected = Vector(10 + 1000 * glide, 20 - 500 * glide)
        #expect(projected == expected)
        let band: Double = (1 - 1 / (50 * 0.55 / 100 + 1)) * 100
        #expect(SnapItem.Axis.rubberBand(50, coefficient: 0.55, dimension: 100) == band)
        let axis = SnapItem.Axis.horizontal(minX: 0, maxX: 100, y: 7, rubberBand: 0.55)
        #expect(axis.constrain(Vector(40, 99)) == Vector(40, 7))
        let past = Vector(100 + band, 7), before = Vector(-band, 7)
        #expect(axis.constrain(Vector(150, 0)) == past)
        #expect(axis.constrain(Vector(-50, 0)) == before)
        let nearest = SnapItem.RestingPlaces.points([Vector(0, 0), Vector(10, 0)]).nearest(to: Vector(5, 0))
        #expect(nearest == Vector(0, 0))
    }
}

/// Prints the overshoot at three release speeds (for docs/SNAP.md), and checks the three are
/// the same on every platform-arithmetic backend.
@Test func overshootFigures() throws {
    for speed in [600.0, 1500, 3000] {
        let o = try backends.map { try SnapAnimatorTests.overshoot(speed: speed, on: $0) }
        print("overshoot at \(speed) pt/s: \(o) (\(backends))")
        #expect(o.allSatisfy { $0 > 0 })
    }
}

/// The snap animator's advance is transactional per input, as the tile animator's: each
/// refused backend call throws a FlingError naming the tick and touch, no world is orphaned,
/// the item rests exactly on a resting place, and the animator keeps working (a second head
/// thrown afterwards settles normally).
@Test(arguments: FaultyBackend.Operation.allCases)
func aRefusedBackendCallLeavesTheSnapAnimatorWorking(operation: FaultyBackend.Operation) throws {
    let backend = FaultyBackend(try BackendKind.nativePortable.make(), failing: operation, call: 1)
    let animator = try SnapAnimator(items: [snapItem(1), snapItem(2, center: Vector(195, 600))], backend: backend)
    let events =
        (throwEvents(touch: 1, from: Vector(195, 400), velocity: Vector(900, 0))
            + throwEvents(touch: 2, from: Vector(195, 600), velocity: Vector(-900, 0), start: 1.5))
    var errors: [FlingError] = []
    var next = 0
    for f in 1...240 {
        let t = Double(f) / 60
        while next < events.count, events[next].time <= t { try animator.handle(events[next]); next += 1 }
        while true {
            do { try animator.advance(to: t); break } catch { errors.append(error) }
        }
    }
    #expect(errors.count == 1)
    #expect(errors.first?.field.hasPrefix("tick ") == true)
    #expect(backend.worldCount == 0)
    for id in [1, 2] as [SnapItem.ID] {
        let s = try animator.state(of: id)
        #expect(s.phase == .resting && (s.state.position.x == 30 || s.state.position.x == 360 || s.state.position == s.item.center))
    }
    #expect(try animator.state(of: 2).state.position.x == 30)
}

/// A finger catching an item in flight (on its spring or its keyframes) takes it over where it
/// is, without a jump, and a second release sends it to the place its new throw projects to.
@Test(arguments: backends, [SnapItem.Motion.spring(SnapItem.defaultSpring), .keyframes(BounceCurve(duration: 1))])
func catchingAnItemInFlight(kind: BackendKind, motion: SnapItem.Motion) throws {
    let animator = try SnapAnimator(items: [snapItem(motion: motion)], backend: try kind.make())
    var events = throwEvents(from: Vector(195, 400), velocity: Vector(1200, 0))
    var positions: [Vector] = []
    try drive({ try animator.handle($0) }, { try animator.advance(to: $0) }, events: events, duration: 0.4) {
        positions.append(try animator.state(of: 1).state.position)
    }
    let caught = positions.last!
    #expect(try animator.state(of: 1).phase != .resting)
    events = throwEvents(touch: 2, from: caught, velocity: Vector(-1500, 0), start: 0.41)
    var after: [Vector] = []
    var next = 0
    for f in 25...240 {
        let t = Double(f) / 60
        while next < events.count, events[next].time <= t { try animator.handle(events[next]); next += 1 }
        try animator.advance(to: t)
        after.append(try animator.state(of: 1).state.position)
    }
    // The tick of the grab moves it no more than it was moving per tick before.
    #expect((after[0] - caught).length <= 1200.0 / 60 * 1.5)
    let s = try animator.state(of: 1)
    #expect(s.phase == .resting && s.state.position.x == 30 && s.state.angle == 0)
}

/// A grab brings its item to the front: one more than the greatest place from back to front. The
/// kernel keeps that greatest place as memories change instead of reading every memory at each
/// grab (which made a crowd of grabs quadratic). Over seeded sessions of named and unnamed grabs
/// (several in one frame), moves, releases, sends, restores and ticks, the kept front is, after
/// every call, absent or exactly the greatest place, and the places stay distinct; items grabbed
/// in one frame end at the front in the order they were grabbed.
@Suite struct SnapFrontTests {
    @Test func theKeptFrontIsTheGreatestPlaceAfterEveryCall() throws {
        var rng = SplitMix64(state: 0xF407)
        var checked = 0, kept = 0, grabs = 0
        for session in 0..<12 {
            let items = (1...8).map {
                SnapItem(
                    id: SnapItem.ID($0), center: Vector(Double($0 % 4) * 90 + 40, Double($0 / 4) * 90 + 40), width: 60, height: 60,
                    restingPlaces: .points([Vector(40, 40), Vector(310, 40), Vector(40, 700), Vector(310, 700)]))
            }
            let a = try SnapAnimator(items: items, backend: try NativeBackend())
            func check(_ what: String) {
                let k = a.kernel
                let greatest = k.items.memories.map(\.z).max()
                if let front = k.items.front {
                    #expect(front == greatest, "session \(session), \(what): front \(front), greatest \(String(describing: greatest))")
                    kept += 1
                }
                #expect(Set(k.items.memories.map(\.z)).count == items.count, "session \(session), \(what): places distinct")
                checked += 1
            }
            // Within a tick, after its inputs (grabs among them) and before the rule runs: where
            // the kept front is in use.
            a.onTick = { _, _ in check("in a tick") }
            var down: [Int: Vector] = [:]
            var t = 0.0, nextTouch = 1
            for step in 0..<120 {
                t += 1.0 / 60
                var grabbed: [SnapItem.ID] = []
                for _ in 0..<Int(rng.next() % 3) {
                    switch rng.next() % 5 {
                    case 0 where down.count < 4, 1 where down.count < 4:
                        let id = SnapItem.ID(Int(rng.next() % 8) + 1)
                        let at = try a.state(of: id).state.position
                        let named = rng.next() % 2 == 0
                        try a.handle(TouchEvent(time: t, touch: TouchID(nextTouch), phase: .began, position: at, item: named ? id : nil))
                        if named { grabbed.append(id) }
                        down[nextTouch] = at
                        nextTouch += 1
                    case 2 where !down.isEmpty:
                        let touch = down.keys.sorted()[Int(rng.next() % UInt64(down.count))]
                        let at = down[touch]! + Vector(rng.unit() * 40 - 20, rng.unit() * 40 - 20)
                        try a.handle(TouchEvent(time: t, touch: TouchID(touch), phase: .moved, position: at))
                        down[touch] = at
                    case 3 where !down.isEmpty:
                        let touch = down.keys.sorted()[Int(rng.next() % UInt64(down.count))]
                        try a.handle(TouchEvent(time: t, touch: TouchID(touch), phase: .ended, position: down[touch]!))
                        down[touch] = nil
                    default:
                        try a.send(SnapItem.ID(Int(rng.next() % 8) + 1), to: Vector(310, 700))
                    }
                    check("step \(step), input")
                }
                _ = try a.advance(to: t)
                check("step \(step), tick")
                grabs += grabbed.count
                if step == 60 {
                    let snapshot = try a.snapshot()
                    try a.restore(snapshot)
                    check("step \(step), restored")
                }
            }
        }
        #expect(checked > 4_000 && kept > 200 && grabs > 100, "\(checked) \(kept) \(grabs)")
    }

    @Test func itemsGrabbedInOneFrameComeToTheFrontInOrder() throws {
        let items = (1...5).map {
            SnapItem(
                id: SnapItem.ID($0), center: Vector(Double($0) * 70, 100), width: 60, height: 60, restingPlaces: .points([Vector(70, 100)]))
        }
        let a = try SnapAnimator(items: items, backend: try NativeBackend())
        #expect(a.zOrder == [1, 2, 3, 4, 5])
        // Touches stamped within a frame are applied before the tick after it.
        for (n, id) in [3, 1, 4].enumerated() {
            try a.handle(
                TouchEvent(time: 0.01, touch: TouchID(n + 1), phase: .began, position: items[id - 1].center, item: SnapItem.ID(id)))
        }
        _ = try a.advance(to: 2.0 / 60)
        #expect(a.zOrder == [2, 5, 3, 1, 4])
        try a.handle(TouchEvent(time: 0.04, touch: 1, phase: .ended, position: items[2].center))
        try a.handle(TouchEvent(time: 0.045, touch: 9, phase: .began, position: items[2].center, item: SnapItem.ID(3)))
        _ = try a.advance(to: 4.0 / 60)
        #expect(a.zOrder == [2, 5, 1, 4, 3])
    }
}
