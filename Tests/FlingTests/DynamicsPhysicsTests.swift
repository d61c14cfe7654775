import Testing
import Fling

/// One physical fact per behaviour, on every backend.
@Suite struct DynamicsPhysicsTests {
    /// A 100 × 100 box of mass 1 at `at`, no gravity.
    static func box(_ backend: any PhysicsBackend, at: Vector, allowsRotation: Bool = true, gravity: Vector = .zero) throws -> WorldID {
        try backend.makeWorld(
            .box(size: Vector(100, 100), density: 1, transform: Transform(position: at), gravity: gravity, allowsRotation: allowsRotation))
    }

    /// Thrown straight down at a floor: elasticity 1 with no friction sends it back up at the
    /// speed it came (within 0.5 %: the contact's bias only moves positions), elasticity 0 stops it.
    @Test(arguments: backends)
    func elasticityOneKeepsTheNormalSpeedAndZeroStopsIt(kind: BackendKind) throws {
        for elasticity in [1.0, 0.0] {
            let backend = try kind.make()
            let w = try Self.box(backend, at: Vector(200, 300), allowsRotation: false)
            try backend.setWalls([Wall(from: Vector(0, 400), to: Vector(400, 400), elasticity: 1, friction: 0)], of: w)
            try backend.setItemProperties(ItemProperties(elasticity: elasticity, friction: 0), of: w)
            try backend.setVelocity(of: w, linear: Vector(30, 600), angular: 0)
            var touched = false
            for _ in 0..<30 {
                try backend.step(by: 1.0 / 60)
                let contacts = try backend.contacts(of: w)
                if !contacts.isEmpty {
                    touched = true
                    #expect(contacts[0].wall == 0)
                    #expect(contacts[0].normal.y < -0.999, "the normal points from the wall up to the box: \(contacts[0].normal)")
                    #expect(contacts[0].impulse.y < 0, "the wall pushes the box up: \(contacts[0].impulse)")
                }
            }
            #expect(touched)
            let v = try backend.state(of: w).velocity
            if elasticity == 1 {
                #expect(abs(v.y + 600) < 3, "bounced at \(v.y)")
            } else {
                #expect(abs(v.y) < 1, "stopped: \(v.y)")
            }
            #expect(v.x.bitPattern == 30.0.bitPattern, "no friction: the tangential speed is untouched (\(v.x))")
        }
    }

    /// With no other force, resistance r multiplies the velocity by exactly 1/(1 + r·dt) each
    /// step, so after t seconds it is e^(−r·t) within about r²·dt·t/2.
    @Test(arguments: backends)
    func resistanceDecaysVelocityAsDocumented(kind: BackendKind) throws {
        let backend = try kind.make()
        let w = try Self.box(backend, at: .zero)
        try backend.setItemProperties(ItemProperties(resistance: 2, angularResistance: 1), of: w)
        try backend.setVelocity(of: w, linear: Vector(1000, -500), angular: 8)
        let dt = 1.0 / 240
        var previous = try backend.state(of: w)
        for _ in 0..<240 {
            try backend.step(by: dt)
            let s = try backend.state(of: w)
            #expect(s.velocity.x.bitPattern == (previous.velocity.x * (1 / (1 + dt * 2))).bitPattern)
            #expect(s.angularVelocity.bitPattern == (previous.angularVelocity * (1 / (1 + dt * 1))).bitPattern)
            previous = s
        }
        #expect(abs(previous.velocity.x / 1000 / Portable.exp(-2) - 1) < 2 * 2 * dt / 2 * 1.01)
        #expect(abs(previous.angularVelocity / 8 / Portable.exp(-1) - 1) < 1 * 1 * dt / 2 * 1.01)
    }

    /// A radial gravity field with falloff 2: the velocity gained in one step at distance d is
    /// four times that at 2d, and equals strength·dt/d².
    @Test(arguments: backends)
    func radialFieldWithFalloffTwoIsInverseSquare(kind: BackendKind) throws {
        let strength = 4e6, dt = 1.0 / 60
        var gains: [Double] = []
        for d in [150.0, 300.0] {
            let backend = try kind.make()
            let w = try Self.box(backend, at: Vector(500 + d, 500))
            try backend.setFields([Field(.radialGravity, position: Vector(500, 500), strength: strength, falloff: 2)], of: w)
            try backend.step(by: dt)
            let v = try backend.state(of: w).velocity
            #expect(v.y == 0 && v.x < 0, "pulled straight toward the centre: \(v)")
            gains.append(-v.x)
            #expect(abs(-v.x / (strength * dt / (d * d)) - 1) < 1e-12)
        }
        #expect(abs(gains[0] / gains[1] - 4) < 1e-12)
    }

    /// A push down at the box's right edge turns it clockwise on screen (y down: positive
    /// angles), by (r × j)/I; a push at the center does not turn it.
    @Test(arguments: backends)
    func aPushAtAnOffsetSpinsTheItemTheRightWay(kind: BackendKind) throws {
        let backend = try kind.make()
        let w = try Self.box(backend, at: .zero)
        let moment = 1.0 * (100 * 100 + 100 * 100) / 12
        try backend.applyImpulse(Push(Vector(0, 300), at: Vector(50, 0)), to: w)
        let s = try backend.state(of: w)
        #expect(s.angularVelocity > 0)
        #expect(abs(s.angularVelocity - 50 * 300 / moment) < 1e-12)
        #expect(s.velocity.y == 300)
        let centre = try Self.box(backend, at: .zero)
        try backend.applyImpulse(Push(Vector(0, 300)), to: centre)
        #expect(try backend.state(of: centre).angularVelocity == 0)
        // The same push held as a force for a second turns it on as well.
        let held = try Self.box(backend, at: .zero)
        _ = try backend.addForce(Push(Vector(0, -300), at: Vector(-50, 0)), to: held)
        for _ in 0..<60 { try backend.step(by: 1.0 / 60) }
        #expect(try backend.state(of: held).angularVelocity > 0)
        #expect(abs(try backend.state(of: held).velocity.y + 300) < 1e-9)
    }

    /// A box dropped into a floor-and-wall corner (gravity slanting into it), with friction,
    /// comes to rest there: still, and touching both walls within the solver's slop.
    @Test(arguments: backends)
    func aBoxDroppedIntoACornerComesToRest(kind: BackendKind) throws {
        let backend = try kind.make()
        let room = Rect(x: 0, y: 0, width: 390, height: 844)
        let w = try backend.makeWorld(
            .box(
                size: Vector(120, 80), density: 1, transform: Transform(position: Vector(150, 300), angle: 0.4),
                gravity: Vector(-1500, 2000)))
        try backend.setWalls(Wall.edges(of: room, elasticity: 0.5, friction: 0.8), of: w)
        try backend.setItemProperties(ItemProperties(elasticity: 0.3, friction: 0.8), of: w)
        try backend.setVelocity(of: w, linear: Vector(600, -300), angular: 3)
        var bounced = 0
        for _ in 0..<600 {
            try backend.step(by: 1.0 / 60)
            bounced += try backend.contacts(of: w).count
        }
        let s = try backend.state(of: w)
        #expect(bounced >= 2, "it met at least the floor and the wall")
        #expect(s.velocity.length < 1e-6 && abs(s.angularVelocity) < 1e-6, "at rest: \(s)")
        // Its corners: the leftmost on the left wall, the lowest on the floor (each within the slop).
        let c = Portable.cos(s.angle), sn = Portable.sin(s.angle)
        let corners = [(-60.0, -40.0), (60, -40), (60, 40), (-60, 40)].map { (x, y) in
            Vector(s.position.x + c * x - sn * y, s.position.y + sn * x + c * y)
        }
        let left = corners.map(\.x).min()!, bottom = corners.map(\.y).max()!
        #expect(left > -0.2 && left < 0.01, "against the left wall: \(left)")
        #expect(bottom < 844.2 && bottom > 843.99, "on the floor: \(bottom)")
    }

    /// Rotary grab friction (ChipmunkMultiGrab's gear to the finger) slows a free spin at
    /// `rotaryFriction / I` rad/s² to a stop; without it the spin goes on.
    @Test(arguments: backends)
    func grabFrictionSlowsAFreeSpin(kind: BackendKind) throws {
        let moment = 1.0 * (100 * 100 + 100 * 100) / 12
        for rotary in [0.0, 8e3] {
            let backend = try kind.make()
            let w = try Self.box(backend, at: Vector(100, 100))
            _ = try backend.addDrag(
                DragJoint(
                    localAnchor: .zero, finger: Vector(100, 100), maxForce: 1e5, errorBias: PlatformFunctions.pow(0.3, 60), friction: 1e4,
                    rotaryFriction: rotary),
                to: w)
            try backend.setVelocity(of: w, linear: .zero, angular: 2)
            try backend.step(by: 1.0 / 60)
            let first = try backend.state(of: w).angularVelocity
            for _ in 0..<40 { try backend.step(by: 1.0 / 60) }
            let last = try backend.state(of: w).angularVelocity
            if rotary == 0 {
                #expect(first == 2 && last == 2, "no rotary friction: the spin is kept")
            } else {
                #expect(abs((2 - first) / (rotary / moment / 60) - 1) < 1e-9, "one step takes rotaryFriction/I·dt: \(first)")
                #expect(last == 0, "stopped within \(2 / (rotary / moment)) s: \(last)")
            }
        }
    }

    /// Dropped straight onto a floor (no friction, no spin), the box leaves it at e times the
    /// speed it met it with, e the product of the item's and the wall's elasticity, to rounding
    /// (10⁻¹² relative): the contact's pre-step sets its target `−e·vrn` from the velocity the
    /// step began with (before gravity's velocity update, which the solver then cancels), and
    /// its bias moves positions only. The step that begins the contact is the bounce.
    @Test(arguments: backends)
    func reboundSpeedIsElasticityTimesIncoming(kind: BackendKind) throws {
        let dt = 1.0 / 60, g = 2000.0
        for (item, wall) in [(0.3, 1.0), (0.6, 1.0), (0.9, 1.0), (0.8, 0.5)] {
            let backend = try kind.make()
            let w = try Self.box(backend, at: Vector(200, 300), allowsRotation: false, gravity: Vector(0, g))
            try backend.setWalls([Wall(from: Vector(0, 400), to: Vector(400, 400), elasticity: wall, friction: 0)], of: w)
            try backend.setItemProperties(ItemProperties(elasticity: item, friction: 0), of: w)
            try backend.setVelocity(of: w, linear: Vector(0, 900), angular: 0)
            var incoming = 0.0, outgoing: Double?
            for _ in 0..<60 {
                let before = try backend.state(of: w).velocity.y
                try backend.step(by: dt)
                if try !backend.contacts(of: w).isEmpty {
                    incoming = before  // the bounce is set in the contact's pre-step, before gravity acts
                    outgoing = -(try backend.state(of: w).velocity.y)
                    break
                }
            }
            let out = try #require(outgoing, "e \(item)·\(wall): it met the floor")
            let e = item * wall
            #expect(abs(out / (e * incoming) - 1) < 1e-12, "e \(e): \(out) out of \(incoming), ratio \(out / incoming)")
        }
    }

    /// A box sliding on a floor under gravity g with friction μ (the item's times the wall's)
    /// slows at exactly μ·g: the friction impulse per step is μ times the normal impulse, which
    /// holds the box up against g·dt. Measured over 20 steps once it lies flat (within 10⁻⁹:
    /// rounding); it stops and stays stopped.
    @Test(arguments: backends)
    func slidingDeceleratesAtMuG(kind: BackendKind) throws {
        let dt = 1.0 / 60, g = 1500.0
        for mu in [0.2, 0.5] {
            let backend = try kind.make()
            let w = try Self.box(backend, at: Vector(300, 350 + Contact.slop), allowsRotation: false, gravity: Vector(0, g))
            try backend.setWalls([Wall(from: Vector(0, 400), to: Vector(4000, 400), elasticity: 0, friction: 1)], of: w)
            try backend.setItemProperties(ItemProperties(elasticity: 0, friction: mu), of: w)
            try backend.setVelocity(of: w, linear: Vector(800, 0), angular: 0)
            for _ in 0..<5 { try backend.step(by: dt) }
            let v0 = try backend.state(of: w).velocity.x
            for _ in 0..<20 { try backend.step(by: dt) }
            let v1 = try backend.state(of: w).velocity.x
            let deceleration = (v0 - v1) / (20 * dt)
            #expect(abs(deceleration / (mu * g) - 1) < 1e-9, "μ \(mu): \(deceleration) pt/s² against μg = \(mu * g)")
            for _ in 0..<300 { try backend.step(by: dt) }
            #expect(try backend.state(of: w).velocity.x == 0, "μ \(mu): stopped")
        }
    }

    /// Falling with resistance r under gravity g, the speed tends to exactly g/r: each step
    /// maps v to (v + g·dt)/(1 + r·dt), whose fixed point is g/r (within 10⁻⁹ after 20
    /// seconds, 1/(1 + r·dt)^1200 of the gap left).
    @Test(arguments: backends)
    func terminalSpeedIsGravityOverResistance(kind: BackendKind) throws {
        let g = 2000.0, r = 4.0
        let backend = try kind.make()
        let w = try Self.box(backend, at: .zero, gravity: Vector(0, g))
        try backend.setItemProperties(ItemProperties(resistance: r), of: w)
        for _ in 0..<1_200 { try backend.step(by: 1.0 / 60) }
        let v = try backend.state(of: w).velocity.y
        #expect(abs(v / (g / r) - 1) < 1e-9, "\(v) against g/r = \(g / r)")
    }

    /// An instantaneous push changes the velocity by j/m and a continuous push held for t
    /// seconds by F·t/m, for a mass other than 1 (a 80 × 60 box of density 2.5: m = 1.2): to
    /// rounding (10⁻¹²) for the impulse, 10⁻⁹ for the sum of 90 steps.
    @Test(arguments: backends)
    func impulseOverMassAndForceOverTime(kind: BackendKind) throws {
        let backend = try kind.make()
        let m = 2.5 * 80 * 60 / 10_000
        func box() throws -> WorldID {
            try backend.makeWorld(.box(size: Vector(80, 60), density: 2.5, transform: Transform(position: .zero), gravity: .zero))
        }
        let pushed = try box()
        try backend.applyImpulse(Push(Vector(300, -120)), to: pushed)
        let v = try backend.state(of: pushed).velocity
        #expect(abs(v.x - 300 / m) < 1e-12 && abs(v.y + 120 / m) < 1e-12, "\(v) against j/m = \(Vector(300 / m, -120 / m))")
        let held = try box()
        _ = try backend.addForce(Push(Vector(-90, 45)), to: held)
        for _ in 0..<90 { try backend.step(by: 1.0 / 60) }
        let u = try backend.state(of: held).velocity
        #expect(abs(u.x + 90 * 1.5 / m) < 1e-9 && abs(u.y - 45 * 1.5 / m) < 1e-9, "\(u) against F·t/m")
    }

    /// A box dropped flat onto a floor comes to rest flat on it: angle and spin within 10⁻¹²
    /// (its two contacts are solved one after the other, so rounding may tilt it by about
    /// 10⁻¹⁶), no speed (10⁻⁶ pt/s), lying in the floor by the collision slop (within 10⁻⁶ pt: what
    /// the position correction leaves after 10 s).
    @Test(arguments: backends)
    func aBoxDroppedFlatRestsFlatOnTheFloor(kind: BackendKind) throws {
        let backend = try kind.make()
        let w = try Self.box(backend, at: Vector(200, 200), gravity: Vector(0, 2000))
        try backend.setWalls([Wall(from: Vector(0, 400), to: Vector(400, 400))], of: w)
        try backend.setItemProperties(ItemProperties(elasticity: 0.4, friction: 0.6), of: w)
        for _ in 0..<600 { try backend.step(by: 1.0 / 60) }
        let s = try backend.state(of: w)
        #expect(abs(s.angle) < 1e-12 && abs(s.angularVelocity) < 1e-12, "flat: \(s)")
        #expect(s.velocity.length < 1e-6, "still: \(s)")
        #expect(abs((s.position.y + 50) - (400 + Contact.slop)) < 1e-6, "its bottom \(s.position.y + 50) on the floor at 400")
    }

    /// Where energy can grow with elasticity at most 1: friction on a spinning box's bounce.
    /// A 100 × 100 box (no gravity) meets a floor at 1,000 pt/s, tilted by 0 to 1.5 rad and
    /// spinning at −30 to 30 rad/s, with friction 1: the largest ratio of its kinetic energy
    /// (linear and spin) after the bounce to before, at elasticity 0.9 and 1. docs/DYNAMICS.md
    /// states these figures ("Where energy can grow").
    static func largestEnergyGain(_ kind: BackendKind, elasticity: Double) throws -> Double {
        let backend = try kind.make()
        let moment = 1.0 * (100 * 100 + 100 * 100) / 12
        func energy(_ s: BodyState) -> Double { (s.velocity.dot(s.velocity) + moment * s.angularVelocity * s.angularVelocity) / 2 }
        var worlds: [(WorldID, Double)] = []
        for a in 0..<16 {
            for spin in stride(from: -30.0, through: 30, by: 2.5) {
                let w = try backend.makeWorld(
                    .box(
                        size: Vector(100, 100), density: 1, transform: Transform(position: Vector(200, 300), angle: Double(a) * 0.1),
                        gravity: .zero))
                try backend.setWalls([Wall(from: Vector(-1e4, 400), to: Vector(1e4, 400), elasticity: 1, friction: 1)], of: w)
                try backend.setItemProperties(ItemProperties(elasticity: elasticity, friction: 1), of: w)
                try backend.setVelocity(of: w, linear: Vector(0, 1_000), angular: spin)
                worlds.append((w, energy(try backend.state(of: w))))
            }
        }
        for _ in 0..<45 { try backend.step(by: 1.0 / 60) }
        var largest = 0.0
        for (w, before) in worlds {
            let s = try backend.state(of: w)
            if s.velocity.y < 0 { largest = max(largest, energy(s) / before) }  // bounced, away from the floor
        }
        return largest
    }

    @Test(arguments: backends)
    func energyCanGrowOnASpinningBounceWithFriction(kind: BackendKind) throws {
        let at09 = try Self.largestEnergyGain(kind, elasticity: 0.9)
        let at1 = try Self.largestEnergyGain(kind, elasticity: 1)
        // docs/DYNAMICS.md: "up to 23 % at elasticity 0.9 and 52 % at 1".
        #expect((1.23..<1.24).contains(at09), "e 0.9: \(at09)")
        #expect((1.52..<1.53).contains(at1), "e 1: \(at1)")
    }
}
