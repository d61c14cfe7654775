// A world snapshot's byte form (docs/SNAPSHOTS.md, "World"); its validation is FlingCore's
// (WorldSnapshot+Validation.swift).
import FlingCore

extension WorldSnapshot: ByteCodable {
    package var bytes: [UInt8] {
        var w = ByteWriter()
        encode(to: &w)
        return w.bytes
    }

    package func encode(to w: inout ByteWriter) {
        w.double(massInverse)
        w.double(momentInverse)
        w.optional(size) { $0.vector($1) }
        w.value(body)
        w.vector(biasVelocity)
        w.double(biasAngularVelocity)
        w.vector(gravity)
        w.double(damping)
        w.double(previousDt)
        w.optionalValue(attraction)
        w.list(joints) { w, j in
            w.value(j.id)
            switch j.kind {
            case .drag(let d):
                w.u8(0)
                w.vector(d.localAnchor)
                w.double(d.maxForce)
                w.double(d.errorBias)
                w.double(d.friction)
                w.double(d.rotaryFriction)
                w.vector(d.finger)
                w.vector(d.fingerVelocity)
                w.double(d.fingerAngularVelocity)
            case .pivot(let p):
                w.u8(1)
                w.value(p)
            case .gear(let g):
                w.u8(2)
                w.value(g)
            }
        }
        w.list(constraints) { w, c in
            w.value(c.joint)
            w.u8(c.part)
            w.vector(c.impulse)
        }
        w.u32(nextJoint)
        w.bool(hasDynamics)
        w.value(properties)
        w.values(fields)
        w.list(forces) { w, f in
            w.value(f.id)
            w.value(f.push)
        }
        w.u32(nextForce)
        w.double(fieldTime)
        w.values(walls)
        w.list(wallOrder) { w, k in w.int(k) }
        w.list(arbiters) { w, a in
            w.int(a.wall)
            w.u8(a.state.rawValue)
            w.int(a.age)
            w.list(a.contacts) { w, c in
                w.u16(c.feature)
                w.double(c.normalImpulse)
                w.double(c.tangentImpulse)
            }
        }
        w.values(contacts)
    }

    package init(from r: inout ByteReader) throws(FlingError) {
        let massInverse = try r.double(), momentInverse = try r.double()
        let size = try r.optional { (r) throws(FlingError) in try r.vector() }
        let body = try r.value(BodyState.self)
        self.init(definition: WorldDefinition(mass: 1, moment: 1, transform: body.transform, gravity: .zero, size: size))
        self.massInverse = massInverse
        self.momentInverse = momentInverse
        self.body = body
        biasVelocity = try r.vector()
        biasAngularVelocity = try r.double()
        gravity = try r.vector()
        damping = try r.double()
        previousDt = try r.double()
        attraction = try r.optionalValue(Attraction.self)
        joints = try r.list(elementSize: 5) { (r) throws(FlingError) in
            let id = try r.value(JointID.self)
            switch try r.tag(3, "joint kind") {
            case 0:
                return Joint(
                    id: id,
                    kind: .drag(
                        Drag(
                            localAnchor: try r.vector(), maxForce: try r.double(), errorBias: try r.double(), friction: try r.double(),
                            rotaryFriction: try r.double(), finger: try r.vector(), fingerVelocity: try r.vector(),
                            fingerAngularVelocity: try r.double())))
            case 1: return Joint(id: id, kind: .pivot(try r.value()))
            default: return Joint(id: id, kind: .gear(try r.value()))
            }
        }
        constraints = try r.list(elementSize: 21) { (r) throws(FlingError) in
            Constraint(joint: try r.value(), part: try r.u8(), impulse: try r.vector())
        }
        nextJoint = try r.u32()
        hasDynamics = try r.bool()
        properties = try r.value()
        fields = try r.values()
        forces = try r.list(elementSize: 36) { (r) throws(FlingError) in Force(id: try r.value(), push: try r.value()) }
        nextForce = try r.u32()
        fieldTime = try r.double()
        walls = try r.values()
        wallOrder = try r.list(elementSize: 8) { (r) throws(FlingError) in try r.int() }
        arbiters = try r.list(elementSize: 21) { (r) throws(FlingError) in
            let wall = try r.int()
            let state = ArbiterState.State(rawValue: try r.tag(3, "arbiter state"))!
            let age = try r.int()
            let contacts = try r.list(elementSize: 18) { (r) throws(FlingError) in
                ContactState(feature: try r.u16(), normalImpulse: try r.double(), tangentImpulse: try r.double())
            }
            return ArbiterState(wall: wall, state: state, age: age, contacts: contacts)
        }
        contacts = try r.values()
    }
}
