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
}
