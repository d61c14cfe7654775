import Fling
import Testing
@testable import FlingInteraction

/// The dynamics behaviours in the animators (issue 22 item 5): walls, item properties, fields
/// and pushes through the tile and snap configurations and methods, and the tile life cycle's
/// rule for a tile inside walls.
@Suite struct AnimatorDynamicsTests {
    /// A room: the viewport's edges as walls, a bouncy, slightly rough tile material.
    static var room: TileConfiguration {
        var c = TileConfiguration()
        c.dynamics.translatesReferenceBoundsIntoBoundary = true
        c.dynamics.itemProperties = ItemProperties(elasticity: 0.6, friction: 0.3)
        c.releaseRule = .alwaysFall
        return c
    }

    /// A 100-point tile thrown up and to the right from the middle of the screen (at about
    /// 1,000 and 1,800 pt/s): into the top right corner.
    static func throwIntoCorner(on kind: BackendKind, configuration: TileConfiguration = room) throws -> Run.Result {
        var run = Run()
        run.tiles = [TileDefinition(id: 1, frame: Rect(center: Vector(195, 422), width: 100, height: 100))]
        run.configuration = configuration
        run.events = drag(from: Vector(195, 422), to: Vector(245, 332), duration: 0.05)
        run.duration = 8
        return try run.play(on: kind)
    }

    /// A thrown tile bounces off the screen's edges (contact events name the walls and carry
    /// their impulse), never leaves the viewport, comes to rest on the bottom edge and lies
    /// there, its world freed; a reset sends it home, and a grab takes it from where it lies.
    @Test(arguments: backends)
    func aThrownTileBouncesInTheRoomAndComesToRest(kind: BackendKind) throws {
        let r = try Self.throwIntoCorner(on: kind)
        let contacts = r.events.compactMap { if case .wallContact(let c) = $0.kind { c } else { nil } }
        // Right (1) and top (0) first, then the floor (2).
        #expect(contacts.map(\.wall).prefix(2).sorted() == [0, 1], "\(contacts.map(\.wall))")
        #expect(contacts.contains { $0.wall == 2 })
        for c in contacts {
            // The impulse pushes the tile away from the wall: along the normal, which points at the tile.
            #expect(c.impulse.x * c.normal.x + c.impulse.y * c.normal.y > 0, "\(c)")
        }
        let rest = try #require(r.events.first(1) { $0 == .cameToRest })
        #expect(r.events.last?.kind == .cameToRest && r.events.last?.tick == rest.tick)
        #expect(!r.events.contains { $0.kind == .culled })
        // Every tick the tile had a world its center stayed in the room (a fast box overlaps a
        // wall by up to a tick's travel before the contact pushes it out: Chipmunk's way).
        #expect(r.ticks.count > 100)
        for tick in r.ticks {
            for (_, s) in tick { #expect(s.position.x > 0 && s.position.x < 390 && s.position.y > 0 && s.position.y < 844) }
        }
        let snapshot = try r.animator.state(of: 1)
        #expect(snapshot.phase == .lying && !snapshot.isLive && r.animator.liveTileCount == 0)
        #expect(snapshot.state.velocity == .zero && snapshot.state.angularVelocity == 0)
        // On the floor: its lowest corner on the bottom edge.
        let (s, c) = (Portable.sin(snapshot.state.angle), Portable.cos(snapshot.state.angle))
        let half = 50 * (abs(s) + abs(c))
        #expect(abs(snapshot.state.position.y + half - 844) < 1, "\(snapshot.state)")
        // Drawn where it lies.
        #expect(try r.animator.drawnTransform(of: 1) == snapshot.state.transform)
        // A grab takes it from there: the first tick starts at its pose.
        let lying = snapshot.state
        let t = r.animator.clock.displayTime
        try r.animator.handle(TouchEvent(time: t + 0.01, touch: 9, phase: .began, position: lying.position))
        let grab = try r.animator.advance(to: t + 3.0 / 60)
        #expect(grab.first?.kind == .grabbed(touch: 9, at: lying.position))
        let held = try r.animator.state(of: 1)
        #expect(held.phase == .held(by: 9) && (held.state.position - lying.position).length < 2)
        // A reset sends it home.
        try r.animator.reset(1)
        #expect(try r.animator.state(of: 1).state == BodyState(position: Vector(195, 422)))
    }

    /// Without walls the same throw leaves the screen and is culled, as before.
    @Test func withoutWallsTheThrownTileIsCulled() throws {
        var c = Self.room
        c.dynamics.translatesReferenceBoundsIntoBoundary = false
        let r = try Self.throwIntoCorner(on: .nativePortable, configuration: c)
        #expect(r.events.contains { $0.kind == .culled } && !r.events.contains { if case .wallContact = $0.kind { true } else { false } })
    }

    /// Elasticity decides the bounce: 0 stops the tile at the first wall (it slides along it), 1
    /// sends it back at the speed it came.
    @Test func elasticityDecidesTheBounce() throws {
        func firstBounce(_ e: Double) throws -> (before: Vector, after: Vector) {
            var c = Self.room
            c.gravity = .zero
            c.dynamics.itemProperties = ItemProperties(elasticity: e)
            let a = try TileAnimator(
                viewport: phone, tiles: [TileDefinition(id: 1, frame: Rect(center: Vector(195, 422), width: 100, height: 100))],
                configuration: c, backend: NativeBackend(arithmetic: .portable))
            try a.applyPush(Push(Vector(600, 0)), to: 1)  // mass 1: 600 pt/s to the right
            var before = Vector.zero
            for n in 1...120 {  // at most 145 pt to go: a quarter of a second
                let events = try a.advance(to: Double(n) / 60)
                if events.contains(where: { if case .wallContact = $0.kind { true } else { false } }) {
                    return (before, try a.state(of: 1).state.velocity)
                }
                before = try a.state(of: 1).state.velocity
            }
            Issue.record("never met the wall")
            return (.zero, .zero)
        }
        let hard = try firstBounce(1), dead = try firstBounce(0)
        #expect(hard.before.x == 600 && abs(hard.after.x + 600) < 600 * 0.01, "\(hard)")
        #expect(dead.before.x == 600 && abs(dead.after.x) < 1, "\(dead)")
    }

    /// A push at rest sets a tile falling from where it is; an instantaneous push at an offset
    /// turns it (below the center to the right: counter-clockwise, a negative spin); a
    /// continuous push keeps it from coming to rest until removed; a culled tile ignores pushes.
    @Test(arguments: backends)
    func pushesMoveTilesAndTurnThem(kind: BackendKind) throws {
        var c = Self.room
        c.gravity = .zero
        c.dynamics.itemProperties = ItemProperties(elasticity: 0.2, friction: 0.5, resistance: 2, angularResistance: 2)
        let tile = TileDefinition(id: 1, frame: Rect(center: Vector(195, 422), width: 100, height: 100))
        let a = try TileAnimator(viewport: phone, tiles: [tile], configuration: c, backend: try kind.make())
        try a.applyPush(.uikit(angle: 0, magnitude: 1, offset: Vector(0, 40)), to: 1)
        #expect(try a.state(of: 1).phase == .resting)  // applied at the next tick boundary
        let first = try a.advance(to: 1.0 / 60)
        #expect(first.map(\.kind) == [.pushed])
        let moving = try a.state(of: 1)
        #expect(moving.phase == .falling && moving.state.velocity.x > 90 && moving.state.angularVelocity < 0)
        // Resistance stops it; it lies where it stopped.
        var events = try ReplayContractTests.frames(a, to: 10)
        #expect(events.contains { $0.kind == .cameToRest })
        let lying = try a.state(of: 1)
        #expect(lying.phase == .lying && lying.state.position.x > 200)
        // A continuous push: falling again, and it never comes to rest while it acts.
        let push = try a.addPush(Push(Vector(0, -300)), to: 1)
        events = try ReplayContractTests.frames(a, to: 20)
        #expect(events.first?.kind == .pushed && !events.contains { $0.kind == .cameToRest })
        #expect(try a.state(of: 1).phase == .falling)
        // Pressed against the top wall (it met it) it is still, but stays live under the push ...
        #expect(events.contains { if case .wallContact(let c) = $0.kind { c.wall == 0 } else { false } })
        #expect(try a.state(of: 1).state.velocity.length < 1)
        try a.removePush(push)
        events = try ReplayContractTests.frames(a, to: 22)
        // ... and comes to rest once the push is removed.
        #expect(events.contains { $0.kind == .cameToRest })
        #expect(try a.state(of: 1).phase == .lying)
    }

    /// Fields act on every moving tile's world, and `setFields` changes them at a tick boundary
    /// for the worlds alive and those made later.
    @Test(arguments: backends)
    func fieldsActOnMovingTilesAndChangeAtRunTime(kind: BackendKind) throws {
        var c = TileConfiguration()
        c.gravity = .zero
        c.releaseRule = .alwaysFall
        c.dynamics.fields = [Field(.linearGravity(direction: Vector(1, 0)), strength: 600)]
        let a = try TileAnimator(viewport: phone, tiles: [centerTile], configuration: c, backend: try kind.make())
        #expect(a.fields == c.dynamics.fields)
        try a.applyPush(Push(.zero), to: 1)  // a push of nothing sets it moving: the field acts
        _ = try ReplayContractTests.frames(a, to: 0.5)
        let v = try a.state(of: 1).state.velocity
        #expect(abs(v.x - 600 * 30 / 60) < 1e-9 && v.y == 0, "\(v)")
        try a.setFields([Field(.linearGravity(direction: Vector(0, 1)), strength: 600)])
        #expect(a.fields == c.dynamics.fields)  // applied at the next tick boundary
        _ = try ReplayContractTests.frames(a, to: 1)
        let w = try a.state(of: 1).state.velocity
        #expect(w.x == v.x && abs(w.y - 300) < 1e-9 && a.fields.count == 1 && a.fields[0].kind == .linearGravity(direction: Vector(0, 1)))
    }

    /// Tiles and heads without dynamics run exactly as before: their worlds get no call at all.
    @Test func withoutDynamicsNoWorldGetsACall() throws {
        let recorder = CallCounter()
        let a = try TileAnimator(viewport: phone, tiles: [centerTile], backend: recorder)
        try a.handle(TouchEvent(time: 0.05, touch: 1, phase: .began, position: Vector(195, 422)))
        try a.handle(TouchEvent(time: 0.2, touch: 1, phase: .ended, position: Vector(195, 422)))
        _ = try a.advance(to: 2)
        #expect(recorder.dynamicsCalls == 0 && recorder.worldsMade == 1)
        var c = TileConfiguration()
        c.dynamics.translatesReferenceBoundsIntoBoundary = true
        let counted = CallCounter()
        let b = try TileAnimator(viewport: phone, tiles: [centerTile], configuration: c, backend: counted)
        try b.handle(TouchEvent(time: 0.05, touch: 1, phase: .began, position: Vector(195, 422)))
        _ = try b.advance(to: 0.2)
        #expect(counted.dynamicsCalls == 1 && counted.walls == 4)
    }

    /// A chat head pushed hard toward the other side is thrown there, as a release would send
    /// it; a continuous push keeps it from settling until removed; its push offset is not used
    /// (items never turn).
    @Test(arguments: backends)
    func aChatHeadIsPushedToTheOtherSide(kind: BackendKind) throws {
        let heads = try ChatHeads(
            heads: [(1, Vector(18, 200))], configuration: ChatHeads.Configuration(screen: phone), backend: try kind.make())
        try heads.animator.applyPush(.uikit(angle: 0, magnitude: 20, offset: Vector(0, 25)), to: 1)
        let (events, _) = try heads.advance(to: 1.0 / 60)
        let target = try #require(events.compactMap { if case .sent(let t) = $0.kind { t } else { nil } }.first)
        #expect(target.x > 300)
        let pushes = try heads.animator.addPush(Push(Vector(0, 500)), to: 1)
        var settled = false
        for n in 2...300 {  // 5 s
            let (e, _) = try heads.advance(to: Double(n) / 60)
            settled = settled || e.contains { if case .settled = $0.kind { true } else { false } }
        }
        #expect(try !settled && heads.animator.state(of: 1).phase == .springing)
        #expect(try heads.animator.state(of: 1).state.angle == 0 && heads.animator.state(of: 1).state.angularVelocity == 0)
        try heads.animator.removePush(pushes)
        for n in 301...600 where !settled {
            let (e, _) = try heads.advance(to: Double(n) / 60)
            settled = e.contains { if case .settled = $0.kind { true } else { false } }
        }
        #expect(try settled && heads.animator.state(of: 1).state.position.x > 300)
    }

    /// Bad input: a typed error, and nothing changes (the run continues bit for bit as if the
    /// call had not been made).
    @Test(arguments: backends)
    func badDynamicsCallsAreRefusedAndChangeNothing(kind: BackendKind) throws {
        func run(_ bad: (TileAnimator) -> Void) throws -> StateDigest {
            let a = try TileAnimator(viewport: phone, tiles: [centerTile], configuration: Self.room, backend: try kind.make())
            try a.handle(TouchEvent(time: 0.05, touch: 1, phase: .began, position: Vector(195, 422)))
            _ = try a.advance(to: 0.1)
            bad(a)
            try a.handle(TouchEvent(time: 0.2, touch: 1, phase: .ended, position: Vector(195, 422)))
            try a.applyPush(Push(Vector(300, -200), at: Vector(10, 10)), to: 1)
            _ = try ReplayContractTests.frames(a, to: 2)
            return a.digest
        }
        let clean = try run { _ in }
        let cases: [(String, FlingError.Code, (TileAnimator) throws -> Void)] = [
            ("unknown tile", .unknownTile, { try $0.applyPush(Push(.zero), to: 7) }),
            ("push too strong", .outOfRange, { try $0.applyPush(Push(Vector(2e12, 0)), to: 1) }),
            ("push not finite", .notFinite, { try $0.addPush(Push(Vector(.nan, 0)), to: 1) }),
            ("offset out of range", .outOfRange, { try $0.applyPush(Push(.zero, at: Vector(0, 2e7)), to: 1) }),
            ("unknown push", .invalidState, { try $0.removePush(Push.ID(42)) }),
            ("field strength", .outOfRange, { try $0.setFields([Field(.spring, strength: 1e13)]) }),
            ("field seed", .outOfRange, { try $0.setFields([Field(.noise(smoothness: 0, animationSpeed: 1), seed: UInt64.max)]) }),
            ("too many fields", .outOfRange, { try $0.setFields(Array(repeating: Field(.drag), count: 33)) }),
            ("unknown tile, continuous", .unknownTile, { try $0.addPush(Push(.zero), to: 3) }),
            ("no walls left", .outOfRange, { try $0.setWalls([]) }),
            ("wall not finite", .notFinite, { try $0.setWalls([Wall(from: Vector(.nan, 0), to: Vector(10, 0))]) }),
            ("too many walls", .outOfRange, { try $0.setWalls(Array(repeating: Wall(from: .zero, to: Vector(10, 0)), count: 65)) }),
        ]
        for (name, code, call) in cases {
            let digest = try run { a in
                do {
                    try call(a)
                    Issue.record("\(name): accepted")
                } catch {
                    #expect((error as? FlingError)?.code == code, "\(name): \(error)")
                }
            }
            #expect(digest == clean, "\(name) changed the run")
        }
        // An animator without walls gets none at run time (its worlds were made without a box).
        let open = try TileAnimator(viewport: phone, tiles: [centerTile], backend: try kind.make())
        let noWalls = try #require(throws: FlingError.self) { try open.setWalls(Wall.edges(of: phone)) }
        #expect(noWalls.code == .invalidState && noWalls.field == "setWalls", "\(noWalls)")
        // A push that would leave the velocity limits is refused by the backend at its tick:
        // the error names the tick and the tile; the tile goes on as it was.
        let a = try TileAnimator(viewport: phone, tiles: [centerTile], configuration: Self.room, backend: try kind.make())
        try a.applyPush(Push(Vector(1e12, 0)), to: 1)
        do {
            _ = try a.advance(to: 0.1)
            Issue.record("a push to 4e7 pt/s was applied")
        } catch {
            #expect(error.field.contains("tick 0, push on tile 1") && error.code == .outOfRange, "\(error)")
        }
        #expect(try a.state(of: 1).phase == .resting && a.liveTileCount == 0)
        // A configuration out of range is refused when the animator is made.
        var tooMany = TileConfiguration()
        tooMany.dynamics.translatesReferenceBoundsIntoBoundary = true
        tooMany.dynamics.walls = Array(repeating: Wall(from: .zero, to: Vector(10, 0)), count: 61)
        #expect(throws: FlingError.self) { try TileAnimator(viewport: phone, configuration: tooMany, backend: NativeBackend()) }
        var badTile = centerTile
        badTile.properties = ItemProperties(friction: -1)
        #expect(throws: FlingError.self) { try TileAnimator(viewport: phone, tiles: [badTile], backend: NativeBackend()) }
        var badSnap = SnapConfiguration()
        badSnap.dynamics.itemProperties.charge = .infinity
        #expect(throws: FlingError.self) { try SnapAnimator(items: [], configuration: badSnap, backend: NativeBackend()) }
        // A snap animator has no viewport whose edges could be walls: it says so, and takes them as walls.
        var edges = SnapConfiguration()
        edges.dynamics.translatesReferenceBoundsIntoBoundary = true
        let refused = try #require(throws: FlingError.self) { try SnapAnimator(items: [], configuration: edges, backend: NativeBackend()) }
        #expect(refused.field == "SnapConfiguration.dynamics.translatesReferenceBoundsIntoBoundary" && refused.code == .outOfRange)
        edges.dynamics = DynamicsSettings(walls: Wall.edges(of: phone))
        _ = try SnapAnimator(items: [], configuration: edges, backend: NativeBackend())
    }
}

/// A backend that counts what the animator asks of it (native underneath).
final class CallCounter: DynamicsBackend {
    let base: NativeBackend
    var dynamicsCalls = 0, worldsMade = 0, walls = 0
    init() { base = try! NativeBackend(arithmetic: .portable) }
    var name: String { "counter" }
    var solverIterations: Int { base.solverIterations }
    var worldCount: Int { base.worldCount }
    var arithmetic: Arithmetic { base.arithmetic }
    func makeWorld(_ d: WorldDefinition) throws(FlingError) -> WorldID {
        worldsMade += 1
        return try base.makeWorld(d)
    }
    func destroyWorld(_ w: WorldID) throws(FlingError) { try base.destroyWorld(w) }
    func addDrag(_ j: DragJoint, to w: WorldID) throws(FlingError) -> JointID { try base.addDrag(j, to: w) }
    func moveDrag(_ j: JointID, in w: WorldID, to p: Vector, velocity v: Vector) throws(FlingError) {
        try base.moveDrag(j, in: w, to: p, velocity: v)
    }
    func removeDrag(_ j: JointID, from w: WorldID) throws(FlingError) { try base.removeDrag(j, from: w) }
    func attachAttraction(_ a: Attraction, to w: WorldID) throws(FlingError) { try base.attachAttraction(a, to: w) }
    func detachAttraction(from w: WorldID) throws(FlingError) { try base.detachAttraction(from: w) }
    func setGravity(of w: WorldID, _ g: Vector) throws(FlingError) { try base.setGravity(of: w, g) }
    func setDamping(of w: WorldID, _ d: Double) throws(FlingError) { try base.setDamping(of: w, d) }
    func setVelocity(of w: WorldID, linear: Vector, angular: Double) throws(FlingError) {
        try base.setVelocity(of: w, linear: linear, angular: angular)
    }
    func step(by dt: Double) throws(FlingError) { try base.step(by: dt) }
    func state(of w: WorldID) throws(FlingError) -> BodyState { try base.state(of: w) }
    func setWalls(_ list: [Wall], of w: WorldID) throws(FlingError) {
        dynamicsCalls += 1
        walls += list.count
        try base.setWalls(list, of: w)
    }
    func setItemProperties(_ p: ItemProperties, of w: WorldID) throws(FlingError) {
        dynamicsCalls += 1
        try base.setItemProperties(p, of: w)
    }
    func applyImpulse(_ p: Push, to w: WorldID) throws(FlingError) {
        dynamicsCalls += 1
        try base.applyImpulse(p, to: w)
    }
    func addForce(_ p: Push, to w: WorldID) throws(FlingError) -> ForceID {
        dynamicsCalls += 1
        return try base.addForce(p, to: w)
    }
    func removeForce(_ f: ForceID, from w: WorldID) throws(FlingError) {
        dynamicsCalls += 1
        try base.removeForce(f, from: w)
    }
    func setFields(_ f: [Field], of w: WorldID) throws(FlingError) {
        dynamicsCalls += 1
        try base.setFields(f, of: w)
    }
    func contacts(of w: WorldID) throws(FlingError) -> [Wall.Contact] { try base.contacts(of: w) }
    func addPivot(_ p: StaticPivot, to w: WorldID) throws(FlingError) -> JointID {
        dynamicsCalls += 1
        return try base.addPivot(p, to: w)
    }
    func addGear(_ g: StaticGear, to w: WorldID) throws(FlingError) -> JointID {
        dynamicsCalls += 1
        return try base.addGear(g, to: w)
    }
    func removeJoint(_ j: JointID, from w: WorldID) throws(FlingError) {
        dynamicsCalls += 1
        try base.removeJoint(j, from: w)
    }
}
