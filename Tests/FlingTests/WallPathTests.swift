import Fling
import Testing
@testable import FlingNative

/// The native backend's walls path: the worlds whose boxes touch walls iterate their contacts
/// eight at a time in SIMD lanes, or one at a time; on one thread or several. None of it may
/// change a bit. And contacts read after a step survive a change of walls until the next step,
/// as Chipmunk's callbacks leave them.
@Suite struct WallPathTests {
    /// 240 worlds in a room (drags with moving fingers, attractions, falling tiles; materials,
    /// a noise field or a vortex, instantaneous and continuous pushes, some worlds destroyed and
    /// remade), stepped 180 times: every state after every step, and every contact read after
    /// it, folded into one digest. Returns it with the worlds that went through the lanes.
    static func run(_ backend: NativeBackend) throws -> (digest: StateDigest, contacts: Int, lanes: Int) {
        let room = Wall.edges(of: Rect(x: 0, y: 0, width: 390, height: 844), elasticity: 0.5, friction: 0.3)
        var rng = SplitMix64(state: 0xB0C5)
        func u(_ a: Double, _ b: Double) -> Double { a + (b - a) * rng.unit() }
        var held: [WorldID: JointID] = [:]
        func make(_ n: Int) throws -> WorldID {
            let w = u(30, 140), h = u(30, 160)
            let world = try backend.makeWorld(
                .box(
                    size: Vector(w, h), density: 1, transform: Transform(position: Vector(u(80, 310), u(100, 700)), angle: u(-1, 1)),
                    gravity: Vector(0, 2000)))
            try backend.setWalls(room, of: world)
            try backend.setItemProperties(ItemProperties(elasticity: u(0, 1), friction: u(0, 1)), of: world)
            try backend.setFields(
                [
                    n % 2 == 0
                        ? Field(.noise(smoothness: 0.5, animationSpeed: 1), position: Vector(195, 422), strength: 1_500, seed: 7)
                        : Field(.vortex, position: Vector(195, 422), strength: 0.5)
                ], of: world)
            switch n % 3 {
            case 0:
                held[world] = try backend.addDrag(
                    DragJoint(
                        localAnchor: Vector(u(-10, 10), u(-10, 10)), finger: backend.state(of: world).position, maxForce: 50_000,
                        errorBias: 5.8e-5), to: world)
            case 1:
                try backend.attachAttraction(
                    Attraction(origin: Vector(195, 422), stiffness: 200, damping: 5, angularStiffness: 2e4, angularDamping: 200),
                    to: world)
            default:
                try backend.setVelocity(of: world, linear: Vector(u(-700, 700), u(-1_400, 200)), angular: u(-8, 8))
            }
            return world
        }
        var worlds = try (0..<240).map(make)
        var forces: [WorldID: ForceID] = [:]
        var digest = StateDigest()
        var contacts = 0
        for step in 0..<180 {
            for w in worlds {
                guard let drag = held[w] else { continue }
                try backend.moveDrag(drag, in: w, to: Vector(u(60, 330), u(60, 780)), velocity: Vector(u(-600, 600), u(-600, 600)))
            }
            for n in stride(from: step % 7, to: worlds.count, by: 7) {
                try backend.applyImpulse(Push(Vector(u(-200, 200), u(-200, 200)), at: Vector(u(-10, 10), u(-10, 10))), to: worlds[n])
            }
            for n in stride(from: step % 11, to: worlds.count, by: 11) {
                if let force = forces.removeValue(forKey: worlds[n]) {
                    try backend.removeForce(force, from: worlds[n])
                } else {
                    forces[worlds[n]] = try backend.addForce(Push(Vector(u(-900, 900), u(-900, 900)), at: Vector(5, -5)), to: worlds[n])
                }
            }
            if step % 30 == 29 {
                for n in stride(from: step % 5, to: worlds.count, by: 17) {
                    try backend.destroyWorld(worlds[n])
                    forces[worlds[n]] = nil
                    worlds[n] = try make(n)
                }
            }
            try backend.step(by: 1.0 / 60)
            for w in worlds {
                digest.combine(try backend.state(of: w))
                for c in try backend.contacts(of: w) {
                    contacts += 1
                    digest.combine(Double(c.wall))
                    for x in [c.impulse.x, c.impulse.y, c.normal.x, c.normal.y, c.point.x, c.point.y] { digest.combine(x) }
                }
            }
        }
        return (digest, contacts, backend.contactLaneWorlds)
    }

    /// Lanes or one world at a time, one thread or two sharing every step: the same bits, in
    /// both arithmetics.
    @Test(arguments: [Arithmetic.platform, .portable])
    func contactLanesGiveEachWorldsOwnBits(arithmetic: Arithmetic) throws {
        let lanes = try Self.run(NativeBackend(arithmetic: arithmetic))
        let alone = try NativeBackend(arithmetic: arithmetic)
        alone.contactLanes = false
        let scalar = try Self.run(alone)
        let threaded = try NativeBackend(arithmetic: arithmetic, threads: 2)
        threaded.parallelSlots = 0
        let shared = try Self.run(threaded)
        #expect(lanes.lanes > 5_000 && scalar.lanes == 0 && shared.lanes > 5_000, "\(lanes.lanes), \(scalar.lanes), \(shared.lanes)")
        #expect(lanes.contacts > 100)
        #expect(lanes.digest == scalar.digest, "lanes \(lanes.digest.hex), one at a time \(scalar.digest.hex)")
        #expect(lanes.digest == shared.digest, "one thread \(lanes.digest.hex), two \(shared.digest.hex)")
        #expect(lanes.contacts == scalar.contacts && lanes.contacts == shared.contacts)
    }

    /// A box dropped on the floor: the contact its landing step began is still what
    /// `contacts(of:)` gives after the walls change (the top wall moved), until the next step.
    @Test(arguments: BackendKind.available)
    func contactsOfAStepSurviveAChangeOfWalls(kind: BackendKind) throws {
        let backend = try kind.make(solverIterations: 10)
        let world = try backend.makeWorld(
            .box(size: Vector(80, 60), density: 1, transform: Transform(position: Vector(195, 700)), gravity: Vector(0, 2000)))
        let room = Wall.edges(of: Rect(x: 0, y: 0, width: 390, height: 844))
        try backend.setWalls(room, of: world)
        var landing: [Wall.Contact] = []
        for _ in 0..<120 where landing.isEmpty {
            try backend.step(by: 1.0 / 60)
            landing = try backend.contacts(of: world)
        }
        #expect(landing.map(\.wall) == [2], "the floor is wall 2: \(landing)")
        var moved = room
        moved[0] = Wall(from: Vector(0, -50), to: Vector(390, -50))
        try backend.setWalls(moved, of: world)
        let after = try backend.contacts(of: world)
        #expect(after == landing && after.map(\.impulse.y.bitPattern) == landing.map(\.impulse.y.bitPattern))
    }

    /// Reading contacts into a buffer (what an animator with walls does every tick) appends
    /// exactly what `contacts(of:)` returns, after what the buffer held, at every step of a
    /// box thrown about a room, and after a change of walls (the contacts the last step began,
    /// kept until the next).
    @Test(arguments: BackendKind.available)
    func readingContactsAppendsWhatContactsGives(kind: BackendKind) throws {
        let backend = try kind.make(solverIterations: 10)
        let reader = try #require(backend as? any ContactReading)
        let world = try backend.makeWorld(
            .box(size: Vector(80, 60), density: 1, transform: Transform(position: Vector(195, 300)), gravity: Vector(0, 2000)))
        var room = Wall.edges(of: Rect(x: 0, y: 0, width: 390, height: 844), elasticity: 0.8, friction: 0.5)
        try backend.setWalls(room, of: world)
        try backend.setVelocity(of: world, linear: Vector(900, -1_400), angular: 7)
        let held = Wall.Contact(wall: 99, impulse: Vector(1, 2), normal: Vector(0, 1), point: Vector(3, 4))
        var buffer: [Wall.Contact] = []
        var compared = 0, changed = 0
        func check(_ step: Int) throws -> [Wall.Contact] {
            let contacts = try backend.contacts(of: world)
            buffer = [held]
            try reader.readContacts(of: world, into: &buffer)
            #expect(buffer == [held] + contacts, "step \(step)")
            return contacts
        }
        for step in 0..<240 {
            try backend.step(by: 1.0 / 60)
            guard try !check(step).isEmpty else { continue }
            compared += 1
            // The walls change after a step that began a contact: it is still read.
            room[0] = Wall(from: Vector(0, Double(-step)), to: Vector(390, Double(-step)))
            try backend.setWalls(room, of: world)
            if try !check(step).isEmpty { changed += 1 }
        }
        #expect(changed == compared, "\(changed) of \(compared)")
        #expect(compared >= 5, "\(compared) steps began a contact")
    }
}
