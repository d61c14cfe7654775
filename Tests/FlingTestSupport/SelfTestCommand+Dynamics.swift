#if FLING_TESTABLE
import Fling
import FlingCLIKit
import Foundation
@testable import FlingCore

extension RandomWalkSelfTest {
    /// A random wall: from a tiny to a huge segment, anywhere (some beyond the limits), with
    /// any radius, elasticity and friction (some beyond theirs).
    mutating func wall(near c: Vector, size: Double) -> Wall {
        let a: Vector
        switch rng.next() % 4 {
        case 0: a = vector(Limits.coordinate * 1.01)
        default: a = Vector(c.x + signed(size * 2), c.y + signed(size * 2))
        }
        let length = pick([0, 1e-4, Limits.wallLength, logUniform(1e-3, 1e7), 2e7])
        let angle = unit() * 6.3
        let b = Vector(a.x + length * Portable.cos(angle), a.y + length * Portable.sin(angle))
        return Wall(
            from: a, to: b, radius: pick([0, 0.5, logUniform(1e-3, 1e6), 2e6]), elasticity: pick([0, 1, unit(), 1.5]),
            friction: pick([0, unit(), 1e6, logUniform(1e-3, 1e6), 2e6]))
    }

    mutating func field(near c: Vector) -> Field {
        let kinds: [Field.Kind] = [
            .linearGravity(direction: vector(Limits.gravity)), .radialGravity, .spring, .drag, .velocity(target: vector(Limits.velocity)),
            .vortex, .noise(smoothness: pick([0, 1, unit(), 1.5]), animationSpeed: pick([0, 1e4, logUniform(1e-3, 1e4)])),
            .turbulence(smoothness: unit(), animationSpeed: logUniform(1e-3, 1e4)), .electric, .magnetic,
        ]
        let regions: [Field.Region] = [.everywhere, .rectangle(width: signed(1e7), height: signed(1e7)), .circle(radius: signed(1e7))]
        return Field(
            pick(kinds), position: pick([c, vector(Limits.coordinate)]), region: pick(regions), inverted: rng.next() % 2 == 0,
            strength: pick([signed(Limits.fieldStrength), Limits.fieldStrength, -Limits.fieldStrength, 2e12]),
            falloff: pick([0, 1, 2, 8, unit() * 8, 9]), minimumRadius: pick([0, logUniform(1e-6, 1e7)]), seed: rng.next())
    }

    /// One world with every dynamics call at random (walls, properties, pushes, fields, drags
    /// with grab friction, pivots, gears, attraction), arguments across and beyond their
    /// limits, each followed by steps; the state and the contacts must stay finite.
    mutating func dynamicsCase() throws {
        cases += 1
        let backend = try kind.make(solverIterations: Int(rng.next() % 100) + 1)
        let size = Vector(logUniform(1e-3, 1e6), logUniform(1e-3, 1e6))
        let at = Transform(position: pick([vector(Limits.coordinate), vector(1e3)]), angle: signed(1e6))
        let gravity = pick([vector(Limits.gravity), vector(3000), .zero])
        let mass = logUniform(Limits.mass.lowerBound, Limits.mass.upperBound)
        let definition =
            rng.next() % 2 == 0
            ? WorldDefinition.box(
                size: size, density: logUniform(1e-6, 1e6), transform: at, gravity: gravity, allowsRotation: rng.next() % 4 != 0)
            : WorldDefinition(
                mass: mass, moment: mass * (size.x * size.x + size.y * size.y) / 12, transform: at, gravity: gravity,
                size: size, allowsRotation: rng.next() % 4 != 0)
        var world: WorldID?
        attempt("\(definition)") { () throws(FlingError) in world = try backend.makeWorld(definition) }
        guard let world else { return }
        var forces: [ForceID] = [], joints: [JointID] = [], drags: Set<JointID> = []
        let dt = logUniform(Limits.tick.lowerBound, Limits.tick.upperBound)
        func localPoint() -> Vector {
            rng.next() % 4 == 0 ? vector(Limits.coordinate) : Vector((unit() - 0.5) * size.x, (unit() - 0.5) * size.y)
        }
        for call in 0..<(Int(rng.next() % 8) + 2) {
            let center = (try? backend.state(of: world).position) ?? at.position
            // Most cases start in a room of walls around the body, so that it collides.
            switch call == 0 && rng.next() % 4 != 0 ? 0 : rng.next() % 14 {
            case 0, 1:
                // Walls: a room around the body (so it collides), or random segments.
                let extent = max(size.x, size.y)
                let walls =
                    rng.next() % 2 == 0
                    ? Wall.edges(
                        of: Rect(center: center, width: extent * (0.9 + unit()), height: extent * (0.9 + unit())),
                        radius: pick([0, unit() * extent * 0.1]), elasticity: pick([0, 1, unit()]), friction: pick([0, unit(), 1e6]))
                    : (0..<(Int(rng.next() % 6) + 1)).map { _ in wall(near: center, size: extent) }
                attempt("walls \(walls)") { () throws(FlingError) in try backend.setWalls(walls, of: world) }
            case 2:
                let p = ItemProperties(
                    elasticity: pick([0, 1, unit(), 1.1]), friction: pick([0, unit(), 1e6, 2e6]),
                    resistance: pick([0, logUniform(1e-6, 1e300)]), angularResistance: pick([0, logUniform(1e-6, 1e300)]),
                    charge: pick([signed(1e6), 2e6]))
                attempt("\(p)") { () throws(FlingError) in try backend.setItemProperties(p, of: world) }
            case 3:
                let push = Push(vector(pick([Limits.push, 2e12])), at: pick([.zero, localPoint()]))
                attempt("impulse \(push)") { () throws(FlingError) in try backend.applyImpulse(push, to: world) }
            case 4:
                let push = Push(vector(pick([Limits.push, 2e12])), at: pick([.zero, localPoint()]))
                attempt("force \(push)") { () throws(FlingError) in forces.append(try backend.addForce(push, to: world)) }
            case 5:
                let id = forces.popLast() ?? ForceID(UInt32(rng.next() % 4))
                attempt("remove \(id)") { () throws(FlingError) in try backend.removeForce(id, from: world) }
            case 6, 7:
                let fields = (0..<(Int(rng.next() % 4))).map { _ in field(near: center) }
                attempt("fields \(fields)") { () throws(FlingError) in try backend.setFields(fields, of: world) }
            case 8:
                let j = DragJoint(
                    localAnchor: localPoint(), finger: vector(Limits.coordinate), maxForce: logUniform(1e-300, 1e300),
                    errorBias: logUniform(1e-300, 1), friction: pick([0, logUniform(1e-300, 1e300), 2e300]),
                    rotaryFriction: pick([0, logUniform(1e-300, 1e300)]))
                attempt("drag \(j)") { () throws(FlingError) in
                    let id = try backend.addDrag(j, to: world)
                    joints.append(id)
                    drags.insert(id)
                }
            case 9:
                let id = joints.last ?? JointID(UInt32(rng.next() % 4))
                let p = vector(Limits.coordinate), v = vector(1e12)
                attempt("move \(id)") { () throws(FlingError) in try backend.moveDrag(id, in: world, to: p, velocity: v) }
            case 10:
                let pivot = StaticPivot(
                    anchor: vector(Limits.coordinate), localAnchor: localPoint(),
                    maxForce: pick([.infinity, 0, Limits.jointForce, logUniform(1e-300, 1e300)]),
                    maxBias: pick([.infinity, 0, logUniform(1e-300, 1e300)]),
                    errorBias: pick([chipmunkDefaultErrorBias, logUniform(1e-300, 1)]))
                attempt("\(pivot)") { () throws(FlingError) in joints.append(try backend.addPivot(pivot, to: world)) }
            case 11:
                let gear = StaticGear(
                    phase: signed(1e6), ratio: pick([1, -1, 0, 1e-3, 1e3, signed(1e3)]),
                    maxForce: pick([.infinity, 0, Limits.jointForce, logUniform(1e-300, 1e300)]),
                    maxBias: pick([.infinity, 0, logUniform(1e-300, 1e300)]), errorBias: logUniform(1e-300, 1))
                attempt("\(gear)") { () throws(FlingError) in joints.append(try backend.addGear(gear, to: world)) }
            case 12:
                if let id = joints.popLast() {
                    attempt("remove \(id)") { () throws(FlingError) in
                        if drags.contains(id) { try backend.removeDrag(id, from: world) } else { try backend.removeJoint(id, from: world) }
                    }
                } else {
                    let a = Attraction(
                        origin: vector(Limits.coordinate), stiffness: pick([0, logUniform(1e-300, 1e300)]),
                        damping: pick([0, logUniform(1e-300, 1e300)]), angularStiffness: pick([0, logUniform(1e-300, 1e300)]),
                        angularDamping: pick([0, logUniform(1e-300, 1e300)]))
                    attempt("\(a)") { () throws(FlingError) in try backend.attachAttraction(a, to: world) }
                }
            default:
                let v = pick([vector(Limits.velocity), vector(3000)]), spin = signed(Limits.angularVelocity)
                attempt("velocity \(v) \(spin)") { () throws(FlingError) in try backend.setVelocity(of: world, linear: v, angular: spin) }
            }
            for _ in 0..<(Int(rng.next() % 40) + 1) {
                let h = rng.next() % 4 == 0 ? logUniform(1e-4, 0.1) : dt
                attempt("step \(h)") { () throws(FlingError) in try backend.step(by: h) }
                steps += 1
            }
            var state: BodyState?
            var contacts: [Wall.Contact] = []
            attempt("state") { () throws(FlingError) in
                state = try backend.state(of: world)
                contacts = try backend.contacts(of: world)
            }
            if Self.tracing, let state { FileHandle.standardError.write(Data("  \(state) \(contacts)\n".utf8)) }
            if let state { try requireFinite(state, "dynamics case \(cases) on \(definition)") }
            for c in contacts where !(c.impulse.isFinite && c.normal.isFinite && c.point.isFinite) {
                throw RunError("selftest-backend: non-finite contact \(c) in dynamics case \(cases)")
            }
            self.contacts += contacts.count
        }
        attempt { () throws(FlingError) in try backend.destroyWorld(world) }
    }
}

extension RandomWalkSelfTest {
    /// A box in a room of walls, thrown under gravity, for 200 steps: sizes from 10⁻³ to 10⁶
    /// points, rooms from a snug fit to twenty times the box, gravity and speeds up to the
    /// limits, every elasticity and friction, sometimes a field, a push or a grab; the
    /// contact solver at its extremes. The state must stay finite.
    mutating func wallCase() throws {
        cases += 1
        let backend = try kind.make(solverIterations: Int(rng.next() % 30) + 1)
        let size = Vector(logUniform(1e-3, 1e6), logUniform(1e-3, 1e6))
        let diagonal = (size.x * size.x + size.y * size.y).squareRoot()
        let room = Rect(
            center: Vector(signed(1e6), signed(1e6)), width: min(diagonal * (1.01 + unit() * 19), 1e7),
            height: min(diagonal * (1.01 + unit() * 19), 1e7))
        let direction = unit() * 6.3
        let g = logUniform(1, Limits.gravity)
        let definition = WorldDefinition.box(
            size: size, density: logUniform(1e-3, 1e3), transform: Transform(position: room.center, angle: signed(7)),
            gravity: Vector(g * Portable.cos(direction), g * Portable.sin(direction)), allowsRotation: rng.next() % 4 != 0)
        var world: WorldID?
        attempt("\(definition)") { () throws(FlingError) in world = try backend.makeWorld(definition) }
        guard let world else { return }
        let walls = Wall.edges(
            of: room, radius: pick([0, unit() * diagonal * 0.05]), elasticity: pick([0, 1, unit()]), friction: pick([0, unit(), 1e6]))
        attempt("walls \(walls)") { () throws(FlingError) in try backend.setWalls(walls, of: world) }
        let p = ItemProperties(elasticity: pick([0, 1, unit()]), friction: pick([0, unit(), 1e6]), resistance: pick([0, unit() * 10]))
        attempt("\(p)") { () throws(FlingError) in try backend.setItemProperties(p, of: world) }
        let speed = logUniform(1, Limits.velocity), heading = unit() * 6.3, spin = signed(100)
        let velocity = Vector(speed * Portable.cos(heading), speed * Portable.sin(heading))
        attempt { () throws(FlingError) in try backend.setVelocity(of: world, linear: velocity, angular: spin) }
        if rng.next() % 3 == 0 {
            let f = field(near: room.center)
            attempt("\(f)") { () throws(FlingError) in try backend.setFields([f], of: world) }
        }
        if rng.next() % 3 == 0 {
            let j = DragJoint(
                localAnchor: Vector((unit() - 0.5) * size.x, (unit() - 0.5) * size.y), finger: room.center,
                maxForce: logUniform(1e-3, 1e12), errorBias: logUniform(1e-300, 1), friction: pick([0, logUniform(1e-3, 1e12)]),
                rotaryFriction: pick([0, logUniform(1e-3, 1e12)]))
            attempt("\(j)") { () throws(FlingError) in _ = try backend.addDrag(j, to: world) }
        }
        let dt = logUniform(Limits.tick.lowerBound, Limits.tick.upperBound)
        for k in 0..<200 {
            if k % 50 == 25 {
                let push = Push(vector(1e6), at: Vector((unit() - 0.5) * size.x, (unit() - 0.5) * size.y))
                attempt("impulse \(push)") { () throws(FlingError) in try backend.applyImpulse(push, to: world) }
            }
            attempt("step") { () throws(FlingError) in try backend.step(by: dt) }
            steps += 1
            var state: BodyState?
            var began = 0
            attempt("state") { () throws(FlingError) in
                state = try backend.state(of: world)
                began = try backend.contacts(of: world).count
            }
            contacts += began
            if let state { try requireFinite(state, "wall case \(cases) on \(definition) in \(room)") }
        }
        attempt { () throws(FlingError) in try backend.destroyWorld(world) }
    }
}
#endif
