import Testing
import Fling

/// The photo-tile life cycle, once per backend.
@Suite struct LifeCycleTests {
    @Test(arguments: backends)
    func slowDragReleasedNearOriginSpringsBackAndSettles(kind: BackendKind) throws {
        var run = Run()
        run.events = drag(from: Vector(195, 422), to: Vector(235, 452), duration: 0.6)
        run.duration = 4
        let result = try run.play(on: kind)
        let kinds = result.events.kinds(of: 1)
        #expect(kinds.count == 3)
        #expect(kinds.first?.isGrab == true)
        #expect(kinds.dropFirst().first?.releaseOutcome == .attract)
        #expect(kinds.last == .settled)
        // Settled means exactly home, no world.
        let tile = try result.animator.state(of: 1)
        #expect(tile.phase == .resting)
        #expect(tile.state == BodyState(position: centerTile.origin))
        #expect(result.animator.liveTileCount == 0)
        // While dragged it really moved: some tick had the center ≥ 30 pt from home.
        #expect(result.ticks.contains { $0.contains { ($0.1.position - centerTile.origin).length >= 30 } })
    }

    @Test(arguments: backends)
    func flingFallsAndIsCulled(kind: BackendKind) throws {
        var run = Run()
        run.events = drag(from: Vector(195, 422), to: Vector(205, 560), duration: 0.08)
        let result = try run.play(on: kind)
        let kinds = result.events.kinds(of: 1)
        #expect(kinds.count == 3)
        #expect(kinds.first?.isGrab == true)
        #expect(kinds.dropFirst().first?.releaseOutcome == .fall)
        #expect(kinds.last == .culled)
        #expect(try result.animator.state(of: 1).phase == .culled)
        #expect(result.animator.liveTileCount == 0)
        // The release velocity is the tracker's estimate of a ~1700 pt/s downward flick.
        guard case .released(_, let v, _) = kinds[1] else { Issue.record("no release"); return }
        #expect(v.y > 1000 && v.y < 2500)
        // The culled tile is below the screen, beyond the margin.
        let last = try #require(result.ticks.last { !$0.isEmpty }?.first?.1)
        #expect(last.position.y - 80 > phone.maxY)
    }

    @Test(arguments: backends)
    func aCulledTileIsGoneUntilReset(kind: BackendKind) throws {
        var run = Run()
        run.events = drag(from: Vector(195, 422), to: Vector(205, 560), duration: 0.08)
        let result = try run.play(on: kind)
        let animator = result.animator
        #expect(try animator.state(of: 1).phase == .culled)
        // A touch where the tile used to be finds nothing while it is culled…
        try animator.handle(TouchEvent(time: 3.1, touch: 5, phase: .began, position: centerTile.origin))
        try animator.handle(TouchEvent(time: 3.2, touch: 5, phase: .ended, position: centerTile.origin))
        #expect(try animator.advance(to: 3.3).isEmpty)
        // …and after reset it rests at home and can be grabbed again.
        try animator.reset(1)
        #expect(try animator.state(of: 1).phase == .resting)
        #expect(try animator.state(of: 1).state == BodyState(position: centerTile.origin))
        try animator.handle(TouchEvent(time: 3.4, touch: 6, phase: .began, position: centerTile.origin))
        let events = try animator.advance(to: 3.5)
        #expect(events.map(\.kind) == [.grabbed(touch: 6, at: centerTile.origin)])
        try animator.removeTile(1)
        #expect(animator.tileIDs.isEmpty && animator.liveTileCount == 0 && animator.backend.worldCount == 0)
    }

    @Test(arguments: backends)
    func offCenterGrabMakesTheTileSwing(kind: BackendKind) throws {
        var run = Run()
        run.configuration.gravity = .zero
        // Grab near the top-left corner and pull right: the tile must turn.
        run.events = drag(from: Vector(125, 352), to: Vector(325, 352), duration: 0.5)
        run.duration = 1
        let result = try run.play(on: kind)
        let maxAngle = result.ticks.compactMap { $0.first?.1.angle }.map(abs).max() ?? 0
        #expect(maxAngle > 0.2)
        // A centre grab pulled the same way does not turn at all.
        run.events = drag(from: Vector(195, 422), to: Vector(395, 422), duration: 0.5)
        let centred = try run.play(on: kind)
        let centredMax = centred.ticks.compactMap { $0.first?.1.angle }.map(abs).max() ?? 1
        #expect(centredMax < 1e-9)
    }

    @Test(arguments: backends)
    func cancelledTouchReturnsHomeEvenFromFarAway(kind: BackendKind) throws {
        var run = Run()
        run.events = drag(from: Vector(195, 422), to: Vector(195, 700), duration: 0.1, end: .cancelled)
        run.duration = 5
        let result = try run.play(on: kind)
        let kinds = result.events.kinds(of: 1)
        guard kinds.count == 3, case .released(.attract, _, true) = kinds[1] else {
            Issue.record("expected grab, cancelled release (attract), settle; got \(kinds)"); return
        }
        #expect(kinds[2] == .settled)
        #expect(try result.animator.state(of: 1).state == BodyState(position: centerTile.origin))
    }

    @Test(arguments: backends)
    func regrabOfAFallingTileTakesItOverWithoutAJump(kind: BackendKind) throws {
        var run = Run()
        run.events = drag(from: Vector(195, 422), to: Vector(195, 500), duration: 0.06)
        run.duration = 0.3
        let falling = try run.play(on: kind)
        #expect(try falling.animator.state(of: 1).phase == .falling)
        // Grab the falling tile at its center as it is at t = 0.3, then drag it home slowly.
        let there = try falling.animator.state(of: 1).state
        run.events += drag(touch: 2, from: there.position, to: centerTile.origin, start: 0.3, duration: 0.8)
        run.duration = 4
        let result = try run.play(on: kind)
        let kinds = result.events.kinds(of: 1)
        #expect(kinds.filter(\.isGrab).count == 2)
        #expect(kinds.last == .settled)
        // No jump: across the re-grab the center moves no more than the tile's speed allows.
        let regrab = try #require(result.events.first(1) { if case .grabbed(2, _) = $0 { true } else { false } })
        try #require(regrab.tick >= 5 && result.ticks[regrab.tick - 1].count == 1 && result.ticks[regrab.tick].count == 1)
        let before = result.ticks[regrab.tick - 1][0].1, after = result.ticks[regrab.tick][0].1
        let step = (after.position - before.position).length
        #expect(step <= before.velocity.length * run.configuration.drag.tick * 1.5 + 1)
        // The world continued: the tick states never went back to rest in between.
        #expect(result.ticks[(regrab.tick - 5)...regrab.tick].allSatisfy { $0.count == 1 })
    }

    @Test(arguments: backends)
    func twoFingersOnTwoTilesAtOnce(kind: BackendKind) throws {
        var run = Run()
        let left = TileDefinition(id: 1, frame: Rect(center: Vector(100, 300), width: 120, height: 120))
        let right = TileDefinition(id: 2, frame: Rect(center: Vector(290, 300), width: 120, height: 120), mass: 2)
        run.tiles = [left, right]
        // Finger 1 flings the left tile down; finger 2 nudges the right one, overlapping in time.
        let a = drag(touch: 1, from: Vector(100, 300), to: Vector(110, 420), start: 0.05, duration: 0.07)
        let b = drag(touch: 2, from: Vector(290, 300), to: Vector(310, 320), start: 0.08, duration: 0.5)
        run.events = (a + b).sorted { $0.time < $1.time }
        run.duration = 4
        let result = try run.play(on: kind)
        #expect(result.events.kinds(of: 1).compactMap(\.releaseOutcome) == [.fall])
        #expect(result.events.kinds(of: 1).last == .culled)
        #expect(result.events.kinds(of: 2).compactMap(\.releaseOutcome) == [.attract])
        #expect(result.events.kinds(of: 2).last == .settled)
        // Both were live in the same ticks.
        #expect(result.ticks.contains { $0.map(\.0) == [1, 2] })
    }

    @Test(arguments: backends)
    func aTouchOnNothingChangesNothing(kind: BackendKind) throws {
        var run = Run()
        run.events = drag(from: Vector(10, 10), to: Vector(300, 800), duration: 0.2)
        let result = try run.play(on: kind)
        #expect(result.events.isEmpty)
        #expect(result.ticks.allSatisfy { $0.isEmpty })
        #expect(result.digest == StateDigest())
    }

    @Test(arguments: backends)
    func drawnTransformInterpolatesBetweenTheLastTwoTicks(kind: BackendKind) throws {
        let animator = try TileAnimator(viewport: phone, tiles: [centerTile], backend: try kind.make())
        var states: [BodyState] = []
        animator.onTick = { _, s in if let first = s.first { states.append(first.1) } }
        for e in drag(from: Vector(195, 422), to: Vector(195, 480), start: 0, duration: 0.05) { try animator.handle(e) }
        // Half a tick past the 12th tick's end: 12 ticks stepped, fraction 0.5.
        try animator.advance(to: 12.5 / 60)
        #expect(animator.clock.ticks == 12)
        try #require(states.count == 12)
        #expect(abs(animator.clock.fraction - 0.5) < 1e-9)
        let drawn = try animator.drawnTransform(of: 1)
        let expected = states[10].transform.interpolated(to: states[11].transform, fraction: animator.clock.fraction)
        #expect(drawn == expected)
        #expect(states[10].position != states[11].position)
        // Drawing never feeds back: the tick state is still the 12th.
        #expect(try animator.state(of: 1).state == states[11])
    }
}
