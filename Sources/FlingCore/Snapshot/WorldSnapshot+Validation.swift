// A world snapshot's validation: a restore checks a snapshot as the backends check the calls
// that would have made it, and every state number as finite and within ±10¹⁵⁰ (a product of
// two stays finite), so that nothing a crafted snapshot holds can reach a Chipmunk assertion or
// overflow a step.

extension WorldSnapshot {
    /// The largest magnitude a restored state number may have.
    static let stateBound = 1e150

    /// Throws unless a backend may restore the snapshot: what it holds could have been made by
    /// the backends' own calls (the checks they run), its ids and lists agree with each
    /// other, and every state number is finite and within ±10¹⁵⁰. The error's field
    /// names the part: `WorldSnapshot.joints[1].…`. A backend's ``SnapshotBackend/restore(_:)``
    /// calls it before it makes anything.
    public func validate() throws(FlingError) {
        func state(_ x: Double, _ field: @autoclosure () -> String) throws(FlingError) {
            try Check.range(x, -Self.stateBound...Self.stateBound, "WorldSnapshot.\(field())")
        }
        func state(_ v: Vector, _ field: @autoclosure () -> String) throws(FlingError) {
            try state(v.x, "\(field()).x")
            try state(v.y, "\(field()).y")
        }
        func bad(_ field: String, _ value: String, _ reason: String) -> FlingError {
            FlingError(.malformedInput, field: "WorldSnapshot.\(field)", value: value, reason: reason)
        }
        // The body as made, at the origin (where it is now is a state number: a field may have
        // flung it past the coordinates a call accepts).
        try Check.range(massInverse, 1 / Limits.mass.upperBound...1 / Limits.mass.lowerBound, "WorldSnapshot.massInverse")
        if momentInverse != 0 {
            try Check.range(momentInverse, 1 / Limits.moment.upperBound...1 / Limits.moment.lowerBound, "WorldSnapshot.momentInverse")
        }
        if let size { try BackendValidation.size(size, "WorldSnapshot.size") }
        try BackendValidation.gravity(gravity)
        try state(body.position, "body.position")
        try state(body.angle, "body.angle")
        try state(body.velocity, "body.velocity")
        try state(body.angularVelocity, "body.angularVelocity")
        try state(biasVelocity, "biasVelocity")
        try state(biasAngularVelocity, "biasAngularVelocity")
        try BackendValidation.damping(damping)
        guard previousDt == 0 || Limits.tick.contains(previousDt) else {
            throw bad("previousDt", "\(previousDt)", "must be 0 (no step yet) or a step's dt, within \(Limits.tick)")
        }
        if let attraction {
            try BackendValidation.attraction(attraction)
            try BackendValidation.rotates(momentInverse, "WorldSnapshot.attraction")
            try BackendValidation.stable(attraction, massInverse: massInverse, momentInverse: momentInverse, "WorldSnapshot.attraction")
            guard joints.isEmpty else { throw bad("attraction", "with joints", "the attraction springs never share a world with joints") }
        }
        guard joints.count <= Limits.joints else {
            throw bad("joints", "\(joints.count)", "a world holds at most \(Limits.joints) joints")
        }
        var expected: [(JointID, UInt8)] = []
        for (k, joint) in joints.enumerated() {
            let at = "joints[\(k)]"
            guard joint.id.value < nextJoint, k == 0 || joints[k - 1].id.value < joint.id.value else {
                throw bad("\(at).id", "\(joint.id.value)", "ids must increase and lie below nextJoint, \(nextJoint)")
            }
            switch joint.kind {
            case .drag(let d):
                let j = DragJoint(
                    localAnchor: d.localAnchor, finger: .zero, maxForce: d.maxForce, errorBias: d.errorBias, friction: d.friction,
                    rotaryFriction: d.rotaryFriction)
                try BackendValidation.drag(j)
                try BackendValidation.friction(j)
                try BackendValidation.leverage(j, massInverse: massInverse, momentInverse: momentInverse)
                try state(d.finger, "\(at).finger")
                try state(d.fingerVelocity, "\(at).fingerVelocity")
                try state(d.fingerAngularVelocity, "\(at).fingerAngularVelocity")
                expected.append((joint.id, 0))
                if d.friction > 0 { expected.append((joint.id, 1)) }
                if d.rotaryFriction > 0, momentInverse != 0 { expected.append((joint.id, 2)) }
            case .pivot(let p):
                try BackendValidation.pivot(p)
                try BackendValidation.leverage(
                    p.localAnchor, "WorldSnapshot.\(at).localAnchor", massInverse: massInverse, momentInverse: momentInverse)
                expected.append((joint.id, 0))
            case .gear(let g):
                try BackendValidation.gear(g, momentInverse: momentInverse)
                expected.append((joint.id, 0))
            }
        }
        let listed = constraints.map { ($0.joint, $0.part) }.sorted { ($0.0.value, $0.1) < ($1.0.value, $1.1) }
        guard listed.elementsEqual(expected, by: { $0.0 == $1.0 && $0.1 == $1.1 }) else {
            throw bad("constraints", "\(constraints.count)", "must list each joint's constraints once, and no others")
        }
        for (k, c) in constraints.enumerated() { try state(c.impulse, "constraints[\(k)].impulse") }
        guard
            hasDynamics
                || (walls.isEmpty && properties == ItemProperties() && fields.isEmpty && forces.isEmpty && nextForce == 0 && fieldTime == 0
                    && contacts.isEmpty)
        else {
            throw bad("hasDynamics", "false", "walls, a material, fields, pushes and a field clock need the world's dynamics")
        }
        try BackendValidation.properties(properties)
        try BackendValidation.fields(fields)
        guard forces.count <= Limits.forces else {
            throw bad("forces", "\(forces.count)", "a world holds at most \(Limits.forces) continuous pushes")
        }
        for (k, f) in forces.enumerated() {
            try BackendValidation.push(f.push)
            guard f.id.value < nextForce, k == 0 || forces[k - 1].id.value < f.id.value else {
                throw bad("forces[\(k)].id", "\(f.id.value)", "ids must increase and lie below nextForce, \(nextForce)")
            }
        }
        guard fieldTime >= 0 else { throw bad("fieldTime", "\(fieldTime)", "must not be negative") }
        try state(fieldTime, "fieldTime")
        try BackendValidation.walls(walls, size: size)
        guard wallOrder.count == walls.count, wallOrder.sorted().elementsEqual(walls.indices) else {
            throw bad("wallOrder", "\(wallOrder.count) indices", "must list each of the \(walls.count) walls' indices once")
        }
        for (k, a) in arbiters.enumerated() {
            let at = "arbiters[\(k)]"
            guard a.wall >= 0, a.wall < walls.count, k == 0 || arbiters[k - 1].wall < a.wall else {
                throw bad("\(at).wall", "\(a.wall)", "walls must increase and name one of the world's \(walls.count)")
            }
            guard (0..<Contact.persistence).contains(a.age), (a.age == 0) == (a.state != .cached) else {
                throw bad(
                    "\(at).age", "\(a.age) (\(a.state))",
                    "an arbiter of the last step is not cached; older ones are, up to \(Contact.persistence - 1) steps")
            }
            guard a.contacts.count <= 2 else { throw bad("\(at).contacts", "\(a.contacts.count)", "an arbiter holds at most 2 contacts") }
            for (n, c) in a.contacts.enumerated() {
                guard c.feature >> 8 <= 1, c.feature & 0xFF <= 3 else {
                    throw bad("\(at).contacts[\(n)].feature", "\(c.feature)", "a wall has ends 0 and 1, a box corners 0 to 3")
                }
                try state(c.normalImpulse, "\(at).contacts[\(n)].normalImpulse")
                try state(c.tangentImpulse, "\(at).contacts[\(n)].tangentImpulse")
            }
        }
        for (k, c) in contacts.enumerated() {
            guard c.wall >= 0, c.wall < walls.count else { throw bad("contacts[\(k)].wall", "\(c.wall)", "names no wall of the world") }
            try state(c.impulse, "contacts[\(k)].impulse")
            try state(c.normal, "contacts[\(k)].normal")
            try state(c.point, "contacts[\(k)].point")
        }
    }
}
