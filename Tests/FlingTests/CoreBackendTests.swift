import Fling
import FlingTraces
import Testing
@testable import FlingInteraction

/// A backend that adopts the core alone (``PhysicsBackend``), over a built-in one: what a
/// backend of one's own without walls, pushes, fields or extra joints looks like to an
/// animator. It counts the calls it forwards.
final class CoreOnlyBackend: PhysicsBackend {
    let inner: any PhysicsBackend
    var calls = 0
    init(_ inner: any PhysicsBackend) { self.inner = inner }

    var name: String { "core-only \(inner.name)" }
    var solverIterations: Int { inner.solverIterations }
    var worldCount: Int { inner.worldCount }
    var arithmetic: Arithmetic { inner.arithmetic }
    func makeWorld(_ d: WorldDefinition) throws(FlingError) -> WorldID {
        calls += 1
        return try inner.makeWorld(d)
    }
    func destroyWorld(_ w: WorldID) throws(FlingError) {
        calls += 1
        try inner.destroyWorld(w)
    }
    func addDrag(_ j: DragJoint, to w: WorldID) throws(FlingError) -> JointID {
        calls += 1
        return try inner.addDrag(j, to: w)
    }
    func moveDrag(_ j: JointID, in w: WorldID, to p: Vector, velocity v: Vector) throws(FlingError) {
        calls += 1
        try inner.moveDrag(j, in: w, to: p, velocity: v)
    }
    func removeDrag(_ j: JointID, from w: WorldID) throws(FlingError) {
        calls += 1
        try inner.removeDrag(j, from: w)
    }
    func attachAttraction(_ a: Attraction, to w: WorldID) throws(FlingError) {
        calls += 1
        try inner.attachAttraction(a, to: w)
    }
    func detachAttraction(from w: WorldID) throws(FlingError) {
        calls += 1
        try inner.detachAttraction(from: w)
    }
    func setGravity(of w: WorldID, _ g: Vector) throws(FlingError) {
        calls += 1
        try inner.setGravity(of: w, g)
    }
    func setDamping(of w: WorldID, _ d: Double) throws(FlingError) {
        calls += 1
        try inner.setDamping(of: w, d)
    }
    func setVelocity(of w: WorldID, linear: Vector, angular: Double) throws(FlingError) {
        calls += 1
        try inner.setVelocity(of: w, linear: linear, angular: angular)
    }
    func step(by dt: Double) throws(FlingError) {
        calls += 1
        try inner.step(by: dt)
    }
    func state(of w: WorldID) throws(FlingError) -> BodyState { try inner.state(of: w) }
}

/// The backend protocol's split (issue 28): an animator asks for ``DynamicsBackend`` only when
/// its configuration, its items or the app use dynamics. On a backend with the core alone, a
/// configuration without them runs to the same bits as on the built-in backend; one with them
/// is refused with a typed error that names the setting and the backend, and nothing changes.
@Suite struct CoreBackendTests {
    /// The fixtures whose configuration, tiles or inputs use dynamics (walls, the viewport's
    /// edges, item properties, fields, pushes, home pivots, grab friction).
    static let usingDynamics: Set<String> = [
        "traces/bounce-corners.json", "traces/fields.json", "traces/push.json", "traces/we-heart-pics.json",
        "scenes/heads-pushed.json",
    ]

    static let fixtures =
        pinnedTraceDigests.map { "traces/\($0.file)" } + pinnedSceneDigests.map { "scenes/\($0.file)" }

    /// Every pinned fixture replayed on the core alone: those without dynamics to their pins
    /// (compared, not skipped), those with them refused at the configuration or the first input
    /// that uses them, naming the backend (and the same document plays on the backend itself).
    @Test(arguments: fixtures)
    func fixturesRunOnTheCoreOrAreRefused(file: String) throws {
        let document = try Documents.read(Array(try Fixture.text(file).utf8))
        let core = ReplayOptions(
            makeBackend: { n throws(FlingError) in CoreOnlyBackend(try BackendKind.nativePortable.make(solverIterations: n)) },
            keepsSteps: false)
        if Self.usingDynamics.contains(file) {
            let e = try #require(throws: FlingError.self) { try document.play(core).verify() }
            #expect(e.code == .invalidState && e.value.hasPrefix("backend core-only") && e.reason.contains("DynamicsBackend"), "\(e)")
            // The built-in backend plays it to its pins.
            let replay = try document.play(
                ReplayOptions(makeBackend: { n throws(FlingError) in try BackendKind.nativePortable.make(solverIterations: n) }))
            try replay.verify()
            #expect(replay.pins.compared > 0)
        } else {
            let replay = try document.play(core)
            try replay.verify()
            #expect(replay.pins.compared > 0)
        }
    }

    /// Each dynamics setting of a tile animator's configuration (and a tile's own material) is
    /// refused on the core alone at construction, naming the setting and the backend, before
    /// the backend is asked anything; on the backend itself the same configuration runs.
    @Test(arguments: backends)
    func eachDynamicsSettingIsRefusedOnTheCore(kind: BackendKind) throws {
        var cases: [(String, TileConfiguration, [TileDefinition])] = []
        func add(_ field: String, tiles: [TileDefinition] = [centerTile], _ change: (inout TileConfiguration) -> Void) {
            var c = TileConfiguration()
            change(&c)
            cases.append((field, c, tiles))
        }
        add("TileConfiguration.dynamics.walls") { $0.dynamics.walls = Wall.edges(of: phone) }
        add("TileConfiguration.dynamics.translatesReferenceBoundsIntoBoundary") { $0.dynamics.translatesReferenceBoundsIntoBoundary = true }
        add("TileConfiguration.dynamics.itemProperties") { $0.dynamics.itemProperties = ItemProperties(elasticity: 0.5) }
        add("TileConfiguration.dynamics.fields") { $0.dynamics.fields = [Field(.drag)] }
        add("TileConfiguration.home") { $0.home = .rigidPivots([Vector(-10, -10), Vector(10, 10)]) }
        add("TileConfiguration.drag.grabFriction") { $0.drag.grabFriction = 1000 }
        add("TileConfiguration.drag.grabRotaryFriction") { $0.drag.grabRotaryFriction = 1000 }
        let material = TileDefinition(id: 7, frame: Rect(x: 0, y: 0, width: 50, height: 50), properties: ItemProperties(friction: 0.5))
        add("TileDefinition(7).properties", tiles: [centerTile, material]) { _ in }
        for (field, configuration, tiles) in cases {
            let core = CoreOnlyBackend(try kind.make())
            let e = try #require(throws: FlingError.self, "\(field)") {
                try TileAnimator(viewport: phone, tiles: tiles, configuration: configuration, backend: core)
            }
            #expect(e.code == .invalidState && e.field == field && e.value == "backend core-only \(kind)", "\(e)")
            #expect(core.calls == 0 && core.worldCount == 0)
            _ = try TileAnimator(viewport: phone, tiles: tiles, configuration: configuration, backend: try kind.make())
        }
        // A snap animator likewise.
        var snap = SnapConfiguration()
        snap.dynamics.walls = Wall.edges(of: phone)
        let core = CoreOnlyBackend(try kind.make())
        let item = SnapItem(id: 3, center: Vector(60, 100), width: 60, height: 60, restingPlaces: .points([Vector(60, 100)]))
        var e = try #require(throws: FlingError.self) { try SnapAnimator(items: [item], configuration: snap, backend: core) }
        #expect(e.field == "SnapConfiguration.dynamics.walls" && e.value == "backend core-only \(kind)", "\(e)")
        var heavy = item
        heavy.properties = ItemProperties(elasticity: 1)
        e = try #require(throws: FlingError.self) { try SnapAnimator(items: [heavy], backend: core) }
        #expect(e.field == "SnapItem(3).properties", "\(e)")
        #expect(core.calls == 0)
        _ = try SnapAnimator(items: [heavy], configuration: snap, backend: try kind.make())
    }

    /// On the core alone a session runs, and the app's pushes, field changes and a tile with a
    /// material of its own are refused at the call, changing nothing: the session goes on to
    /// the bits of the same session without those calls, on the backend itself.
    @Test(arguments: backends)
    func pushesAndFieldsAreRefusedChangingNothing(kind: BackendKind) throws {
        let events =
            drag(touch: 1, from: Vector(195, 422), to: Vector(240, 470), duration: 0.3)
            + drag(touch: 2, from: Vector(195, 422), to: Vector(195, 900), start: 1.5, duration: 0.2)
        let core = CoreOnlyBackend(try kind.make())
        let animator = try TileAnimator(viewport: phone, tiles: [centerTile], backend: core)
        var next = 0
        var refusals: [FlingError] = []
        for frame in 1...240 {
            let t = Double(frame) / 60
            while next < events.count, events[next].time <= t {
                try animator.handle(events[next])
                next += 1
            }
            if frame == 10 || frame == 100 {
                let calls = core.calls, worlds = core.worldCount, ticks = animator.clock.ticks
                let pending = animator.pendingStorage, drained = animator.isDrained
                let attempts: [(String, () throws(FlingError) -> Void)] = [
                    ("applyPush", { () throws(FlingError) in try animator.applyPush(Push(Vector(100, 0)), to: 1) }),
                    ("addPush", { () throws(FlingError) in _ = try animator.addPush(Push(Vector(100, 0)), to: 1) }),
                    ("removePush", { () throws(FlingError) in try animator.removePush(Push.ID(1)) }),
                    ("setFields", { () throws(FlingError) in try animator.setFields([Field(.drag)]) }),
                    (
                        "TileDefinition(9).properties",
                        { () throws(FlingError) in
                            try animator.addTile(
                                TileDefinition(
                                    id: 9, frame: Rect(x: 0, y: 0, width: 40, height: 40), properties: ItemProperties(elasticity: 1)))
                        }
                    ),
                ]
                for (field, call) in attempts {
                    do throws(FlingError) {
                        try call()
                        Issue.record("\(field) was accepted on the core alone")
                    } catch {
                        #expect(error.code == .invalidState && error.field == field && error.value == "backend core-only \(kind)")
                        refusals.append(error)
                    }
                }
                #expect(core.calls == calls && core.worldCount == worlds && animator.clock.ticks == ticks)
                #expect(animator.continuousPushes.isEmpty && animator.fields.isEmpty && animator.tileIDs == [1])
                #expect(animator.pendingStorage == pending && animator.isDrained == drained)
            }
            _ = try animator.advance(to: t)
        }
        #expect(refusals.count == 10)
        // The same session without those calls, on the backend itself: the same bits.
        let direct = try Run(events: events, duration: 4).play(on: kind)
        #expect(animator.digest == direct.digest && animator.clock.ticks == direct.animator.clock.ticks)
    }

    /// One finger is the case of several on the core too: two fingers on one tile, and
    /// smoothed fingers, give the same ticks on the core alone as on the backend itself.
    @Test(arguments: backends)
    func severalAndSmoothedFingersRunOnTheCore(kind: BackendKind) throws {
        var two = TileConfiguration()
        two.drag.fingersPerItem = 2
        var smoothed = TileConfiguration()
        smoothed.drag.fingerSmoothing = Portable.pow(0.3, 60)
        let events =
            (drag(touch: 1, from: Vector(150, 400), to: Vector(100, 300), duration: 0.5)
            + drag(touch: 2, from: Vector(240, 450), to: Vector(300, 600), start: 0.2, duration: 0.5))
            .sorted { $0.time < $1.time }
        for configuration in [two, smoothed] {
            let run = Run(configuration: configuration, events: events, duration: 3)
            let direct = try run.play(on: kind)
            let core = try run.play(
                on: BackendChoice(description: "core-only \(kind)") { n throws(FlingError) in
                    CoreOnlyBackend(try kind.make(solverIterations: n))
                })
            #expect(direct.events.contains { $0.kind.isGrab } && direct.ticks.count > 60)
            expectSameRun(direct.run("direct"), core.run("core only"), "\(kind)")
        }
    }
}
