import Testing
import Fling

/// Every bad input is a thrown ``FlingError`` naming the field and the value, and changes
/// nothing: after it, the animator runs exactly as if the bad call had never been made.
@Suite struct BadInputTests {
    /// Runs `good` events with `bad` calls interleaved after the first event, expecting each bad
    /// call to throw `code` naming `field`; then checks the run's digest equals the clean run's.
    func expectRejected(
        on kind: BackendKind, code: FlingError.Code, field: String,
        _ bad: (TileAnimator) throws -> Void
    ) throws {
        let events = drag(from: Vector(195, 422), to: Vector(235, 452), duration: 0.3)
        func play(_ inject: Bool) throws -> StateDigest {
            let animator = try TileAnimator(viewport: phone, tiles: [centerTile], backend: try kind.make())
            try animator.handle(events[0])
            try animator.advance(to: 0.1)
            if inject {
                let before = (animator.digest, animator.clock, try animator.state(of: 1))
                do {
                    try bad(animator)
                    Issue.record("expected \(code) for \(field), nothing was thrown")
                } catch let error as FlingError {
                    #expect(error.code == code)
                    #expect(error.field.contains(field), "field \(error.field) should name \(field)")
                    #expect(!error.value.isEmpty)
                }
                #expect(animator.digest == before.0 && animator.clock == before.1)
                #expect(try animator.state(of: 1) == before.2)
            }
            for e in events.dropFirst() { try animator.handle(e) }
            try animator.advance(to: 2)
            return animator.digest
        }
        #expect(try play(true) == play(false))
    }

    func event(
        _ phase: TouchEvent.Phase, touch: TouchID = 1, time: Double = 0.2, at p: Vector = Vector(200, 430),
        tile: TileID? = nil
    ) -> TouchEvent {
        TouchEvent(time: time, touch: touch, phase: phase, position: p, item: tile)
    }

    @Test(arguments: backends)
    func nonFiniteNumbersInTouches(kind: BackendKind) throws {
        try expectRejected(on: kind, code: .notFinite, field: "position.x") { try $0.handle(event(.moved, at: Vector(.nan, 1))) }
        try expectRejected(on: kind, code: .notFinite, field: "position.y") { try $0.handle(event(.moved, at: Vector(1, .infinity))) }
        try expectRejected(on: kind, code: .notFinite, field: "TouchEvent(touch 1, moved).time") {
            try $0.handle(event(.moved, time: .nan))
        }
        try expectRejected(on: kind, code: .notFinite, field: "displayTime") { try $0.advance(to: .infinity) }
        try expectRejected(on: kind, code: .outOfRange, field: "position.x") { try $0.handle(event(.moved, at: Vector(1e300, 1))) }
    }

    @Test(arguments: backends)
    func unknownIdsAndTouchesThatNeverBegan(kind: BackendKind) throws {
        try expectRejected(on: kind, code: .unknownTile, field: "TouchEvent(touch 2, began).item") {
            try $0.handle(event(.began, touch: 2, tile: 42))
        }
        try expectRejected(on: kind, code: .unknownTile, field: "TileID") { _ = try $0.state(of: 42) }
        try expectRejected(on: kind, code: .unknownTile, field: "TileID") { try $0.removeTile(42) }
        try expectRejected(on: kind, code: .unknownTouch, field: "touch") { try $0.handle(event(.ended, touch: 9)) }
        try expectRejected(on: kind, code: .unknownTouch, field: "touch") { try $0.handle(event(.moved, touch: 9)) }
        try expectRejected(on: kind, code: .unknownTouch, field: "touch") { try $0.handle(event(.cancelled, touch: 9)) }
        try expectRejected(on: kind, code: .touchAlreadyDown, field: "touch") { try $0.handle(event(.began, touch: 1)) }
        try expectRejected(on: kind, code: .duplicateTile, field: "id") { try $0.addTile(centerTile) }
    }

    @Test(arguments: backends)
    func eventsEarlierThanTheLastOne(kind: BackendKind) throws {
        try expectRejected(on: kind, code: .outOfOrder, field: "time") { try $0.handle(event(.moved, time: 0.01)) }
        try expectRejected(on: kind, code: .outOfOrder, field: "displayTime") { try $0.advance(to: 0.05) }
    }

    @Test(arguments: backends)
    func badTiles(kind: BackendKind) throws {
        let bad: [(TileDefinition, FlingError.Code, String)] = [
            (TileDefinition(id: 5, frame: Rect(x: 0, y: 0, width: 10, height: 10), mass: 0), .notPositive, "mass"),
            (TileDefinition(id: 5, frame: Rect(x: 0, y: 0, width: 10, height: 10), mass: -1), .notPositive, "mass"),
            (TileDefinition(id: 5, frame: Rect(x: 0, y: 0, width: 10, height: 10), mass: .nan), .notFinite, "mass"),
            (TileDefinition(id: 5, frame: Rect(x: 0, y: 0, width: 0, height: 10)), .notPositive, "width"),
            (TileDefinition(id: 5, frame: Rect(x: 0, y: 0, width: 10, height: -3)), .notPositive, "height"),
            (TileDefinition(id: 5, frame: Rect(x: .infinity, y: 0, width: 10, height: 10)), .notFinite, "frame.origin.x"),
            (TileDefinition(id: 5, frame: Rect(x: 0, y: 0, width: 10, height: 10), mass: 1e300), .outOfRange, "mass"),
        ]
        for (tile, code, field) in bad {
            try expectRejected(on: kind, code: code, field: field) { try $0.addTile(tile) }
        }
    }

    @Test func badConfigurations() throws {
        func rejected(_ code: FlingError.Code, _ field: String, _ change: (inout TileConfiguration) -> Void) {
            var c = TileConfiguration()
            change(&c)
            #expect(throws: FlingError.self) { try c.validate() }
            do { try c.validate() } catch {
                #expect(error.code == code)
                #expect(error.field.contains(field), "\(error.field) should name \(field)")
            }
            #expect(throws: FlingError.self) {
                try TileAnimator(viewport: phone, configuration: c, backend: try NativeBackend())
            }
        }
        rejected(.notPositive, "tick") { $0.drag.tick = 0 }
        rejected(.notPositive, "tick") { $0.drag.tick = -1 / 60 }
        rejected(.notFinite, "tick") { $0.drag.tick = .nan }
        rejected(.notFinite, "gravity.y") { $0.gravity = Vector(0, .infinity) }
        // Each concern's numbers, named by their path in the configuration.
        rejected(.outOfRange, "TileConfiguration.home.attraction.frequency") {
            $0.home = .springs(attraction: SpringTuning(frequency: 100, dampingRatio: 0.5))
        }
        rejected(.notPositive, "TileConfiguration.home.rotation.frequency") {
            $0.home = .springs(rotation: SpringTuning(frequency: 0, dampingRatio: 0.7))
        }
        rejected(.outOfRange, "TileConfiguration.home.offsets") { $0.home = .rigidPivots([]) }
        rejected(.notFinite, "TileConfiguration.home.offsets[1].y") { $0.home = .rigidPivots([.zero, Vector(1, .nan)]) }
        rejected(.outOfRange, "TileConfiguration.settle.home.ticks") {
            $0.settle.home = .thresholds(SettleThresholds(distance: 0.5, speed: 10, angle: 0.005, angularSpeed: 0.05, ticks: 0))
        }
        rejected(.outOfRange, "TileConfiguration.settle.home.atMost") { $0.settle.home = .kineticEnergy(atMost: -1) }
        rejected(.outOfRange, "TileConfiguration.settle.rest.ticks") { $0.settle.rest.ticks = 0 }
        rejected(.notFinite, "TileConfiguration.settle.rest.speed") { $0.settle.rest.speed = .infinity }
        rejected(.outOfRange, "TileConfiguration.cull.margin") { $0.cull = .outsideViewport(margin: -1) }
        rejected(.notFinite, "TileConfiguration.cull.y") { $0.cull = .below(y: .nan) }
        rejected(.outOfRange, "TileConfiguration.dynamics.walls") {
            $0.dynamics.translatesReferenceBoundsIntoBoundary = true
            $0.dynamics.walls = Array(repeating: Wall(from: .zero, to: Vector(10, 0)), count: Limits.walls - 3)
        }
        // The drag joint's own checks (the backends'), at configuration time, not at the first grab.
        rejected(.outOfRange, "dragErrorBias") { $0.drag.dragErrorBias = 1e-301 }
        rejected(.notPositive, "dragMaxAcceleration") { $0.drag.dragMaxAcceleration = .leastNonzeroMagnitude }
        rejected(.notPositive, "dragMaxAcceleration") { $0.drag.dragMaxAcceleration = -5 }
        rejected(.notFinite, "lookahead") { $0.releaseRule = .projectedDistance(lookahead: .nan, radius: 10) }
        #expect(throws: FlingError.self) {
            try TileAnimator(viewport: Rect(x: 0, y: 0, width: .nan, height: 1), backend: try NativeBackend())
        }
        #expect(throws: FlingError.self) { try FixedStepClock(tick: 0) }
    }
}

/// The backend protocol's own guards, once per backend.
@Suite struct BackendContractTests {
    let definition = WorldDefinition(mass: 1, moment: 100, transform: Transform(position: Vector(10, 20)), gravity: Vector(0, 10))

    @Test(arguments: BackendKind.available)
    func staleIdsAreRejectedAndSlotsReusedWithANewGeneration(kind: BackendKind) throws {
        let backend = try kind.make()
        let a = try backend.makeWorld(definition)
        let b = try backend.makeWorld(definition)
        #expect(backend.worldCount == 2)
        try backend.destroyWorld(a)
        #expect(backend.worldCount == 1)
        let c = try backend.makeWorld(definition)
        #expect(c.index == a.index && c.generation != a.generation)
        for stale in [a] {
            #expect(throws: FlingError.self) { try backend.state(of: stale) }
            #expect(throws: FlingError.self) { try backend.destroyWorld(stale) }
            #expect(throws: FlingError.self) { try backend.setVelocity(of: stale, linear: .zero, angular: 0) }
        }
        #expect(throws: FlingError.self) { try backend.state(of: WorldID(index: 99, generation: 0)) }
        #expect(try backend.state(of: b).position == Vector(10, 20))
        #expect(try backend.state(of: c).position == Vector(10, 20))
    }

    /// Drags are used by the ids their world gave (0, 1, … in the order made, on every
    /// backend), a removed one stays unknown, and springs come only on a world without drags.
    @Test(arguments: BackendKind.available)
    func dragsAreUsedByTheirIdsAndSpringsOnlyWithoutThem(kind: BackendKind) throws {
        let backend = try kind.make()
        let w = try backend.makeWorld(definition)
        let drag = DragJoint(localAnchor: Vector(5, 5), finger: Vector(15, 25), maxForce: 1000, errorBias: 0.001)
        let attraction = Attraction(origin: .zero, stiffness: 10, damping: 1, angularStiffness: 10, angularDamping: 1)
        #expect(throws: FlingError.self) { try backend.moveDrag(JointID(0), in: w, to: .zero, velocity: .zero) }
        #expect(throws: FlingError.self) { try backend.removeDrag(JointID(0), from: w) }
        #expect(throws: FlingError.self) { try backend.detachAttraction(from: w) }
        let first = try backend.addDrag(drag, to: w)
        #expect(first == JointID(0))
        #expect(throws: FlingError.self) { try backend.attachAttraction(attraction, to: w) }
        // A pivot's removal is not a drag's.
        #expect(throws: FlingError.self) { try backend.removeJoint(first, from: w) }
        // One finger is the case of several: a second drag on the same world.
        let second = try backend.addDrag(drag, to: w)
        #expect(second == JointID(1))
        try backend.moveDrag(first, in: w, to: Vector(1, 2), velocity: .zero)
        try backend.removeDrag(first, from: w)
        #expect(throws: FlingError.self) { try backend.moveDrag(first, in: w, to: .zero, velocity: .zero) }
        #expect(throws: FlingError.self) { try backend.removeDrag(first, from: w) }
        try backend.moveDrag(second, in: w, to: Vector(1, 2), velocity: .zero)
        try backend.removeDrag(second, from: w)
        try backend.attachAttraction(attraction, to: w)
        #expect(throws: FlingError.self) { try backend.addDrag(drag, to: w) }
        try backend.detachAttraction(from: w)
        // A removed drag's id is never given again in its world.
        let third = try backend.addDrag(drag, to: w)
        #expect(third == JointID(2))
        #expect(throws: FlingError.self) { try backend.moveDrag(second, in: w, to: .zero, velocity: .zero) }
        try backend.removeDrag(third, from: w)
        try backend.destroyWorld(w)
    }

    /// A world on the native backend's lanes path holds one drag; its ids go on in the general
    /// path's numbering when the world moves there, and past the lanes path's 16-bit count.
    /// The count costs no byte: a slot is still 300 bytes (Benchmarks/PERFORMANCE.md).
    @Test func nativeDragIdsGoOnPastTheLanesPath() throws {
        #expect(NativeBackend.bytesPerWorld == 300)
        let backend = try NativeBackend()
        let w = try backend.makeWorld(definition)
        let drag = DragJoint(localAnchor: Vector(5, 5), finger: Vector(15, 25), maxForce: 1000, errorBias: 0.001)
        for n in 0..<Int(UInt16.max) {
            let id = try backend.addDrag(drag, to: w)
            if id != JointID(UInt32(n)) { Issue.record("drag \(n) got \(id)"); break }
            try backend.removeDrag(id, from: w)
        }
        // The 65,536th drag goes on the general path, with the next number.
        let id = try backend.addDrag(drag, to: w)
        #expect(id == JointID(UInt32(UInt16.max)))
        #expect(throws: FlingError.self) { try backend.removeDrag(JointID(0), from: w) }
        try backend.moveDrag(id, in: w, to: Vector(1, 2), velocity: .zero)
        // A lanes-path drag moved to the general path keeps its id.
        let v = try backend.makeWorld(definition)
        let lane = try backend.addDrag(drag, to: v)
        let other = try backend.addDrag(drag, to: v)
        #expect(lane == JointID(0) && other == JointID(1))
        try backend.moveDrag(lane, in: v, to: Vector(3, 4), velocity: .zero)
        try backend.removeDrag(lane, from: v)
        #expect(throws: FlingError.self) { try backend.removeDrag(lane, from: v) }
        try backend.removeDrag(other, from: v)
    }

    @Test(arguments: BackendKind.available)
    func badNumbersNeverReachTheSolver(kind: BackendKind) throws {
        let backend = try kind.make()
        let w = try backend.makeWorld(definition)
        var bad = definition
        bad.mass = 0
        #expect(throws: FlingError.self) { try backend.makeWorld(bad) }
        bad = definition; bad.moment = .nan
        #expect(throws: FlingError.self) { try backend.makeWorld(bad) }
        #expect(throws: FlingError.self) { try backend.step(by: 0) }
        #expect(throws: FlingError.self) { try backend.step(by: -1) }
        #expect(throws: FlingError.self) { try backend.step(by: .nan) }
        #expect(throws: FlingError.self) { try backend.setVelocity(of: w, linear: Vector(.infinity, 0), angular: 0) }
        #expect(throws: FlingError.self) { try backend.setDamping(of: w, 2) }
        #expect(throws: FlingError.self) { try backend.setGravity(of: w, Vector(.nan, 0)) }
        #expect(throws: FlingError.self) {
            try backend.addDrag(DragJoint(localAnchor: .zero, finger: .zero, maxForce: 0, errorBias: 0.5), to: w)
        }
        #expect(backend.worldCount == 1)
        // Nothing changed: one step from rest under gravity (0, 10).
        try backend.step(by: 1.0 / 60)
        #expect(try backend.state(of: w).velocity == Vector(0, 10.0 / 60))
    }
}

/// A spring too stiff for its body to integrate stably at any step a backend takes is refused
/// where it is added, naming the stiffness over the mass, and the backend goes on stepping its
/// other worlds (before, it was accepted and every later step of the backend was refused).
@Suite struct UnstableSpringTests {
    @Test(arguments: BackendKind.available)
    func aSpringTooStiffForItsBodyIsRefusedWhereItIsAdded(kind: BackendKind) throws {
        let backend = try kind.make()
        let other = try backend.makeWorld(
            .box(size: Vector(50, 50), density: 1, transform: Transform(position: .zero), gravity: Vector(0, 100)))
        let light = try backend.makeWorld(.box(size: Vector(1, 1), density: 1, transform: Transform(position: .zero), gravity: .zero))
        for (stiffness, angular, field) in [(1e300, 0.0, "stiffness"), (0, 1e300, "angularStiffness"), (1e12, 0, "stiffness")] {
            let spring = Attraction(origin: Vector(10, 0), stiffness: stiffness, damping: 1, angularStiffness: angular, angularDamping: 1)
            #expect {
                try backend.attachAttraction(spring, to: light)
            } throws: { error in
                let e = error as! FlingError
                return e.code == .outOfRange && e.field.hasSuffix(field) && e.reason.contains("stable only for steps up to")
            }
        }
        // Refused, so nothing was attached: the backend steps, and the world takes a spring it can hold.
        for _ in 0..<10 { try backend.step(by: 1.0 / 60) }
        #expect(try backend.state(of: other).velocity.y > 0)
        try backend.attachAttraction(
            Attraction(origin: Vector(10, 0), stiffness: 1, damping: 0.1, angularStiffness: 0, angularDamping: 0), to: light)
        try backend.step(by: 1.0 / 60)
        #expect(try backend.state(of: light).velocity.x > 0)
    }
}
