import FlingCore

extension NativeBackend {
    /// Steps every live world once, with `cpSpaceStep`'s phases in its order:
    /// 1. integrate positions; 2. pre-step the joints in the order they were added;
    /// 3. integrate velocities (gravity, damping); 4. warm-start with the cached impulses
    /// scaled by `dt / prev_dt` (0 on a world's first step); 5. `solverIterations` rounds of
    /// impulses.
    ///
    /// Phases 1–4 run in one pass over the slots. The iterations are a chain of dependent
    /// floating-point operations, so one world alone leaves most of the CPU idle: they run in
    /// a second pass, two worlds of the same joint kind at a time, interleaved. Each world
    /// still performs exactly its own operations in its own order, so the bits cannot change;
    /// the CPU overlaps the two chains. The work lists keep their capacity: nothing here
    /// allocates once warmed up.
    public func step(by dt: Double) throws(FlingError) {
        try BackendCheck.dt(dt)
        switch arithmetic {
        case .platform: step(dt, Elementary.self)
        case .portable: step(dt, Portable.self)
        }
    }

    /// The step, specialized for one kind of arithmetic.
    func step<M: ElementaryFunctions>(_ dt: Double, _ math: M.Type) {
        let iterations = solverIterations
        let count = records.count
        // Borrow the work lists as locals, so that no access to `self` overlaps the arrays'.
        var drag = dragSlots, attraction = attractionSlots
        dragSlots = []; attractionSlots = []
        drag.removeAll(keepingCapacity: true)
        attraction.removeAll(keepingCapacity: true)
        records.withUnsafeBufferPointer { records in
        kinds.withUnsafeBufferPointer { kinds in
        bodies.withUnsafeMutableBufferPointer { bodies in
        anchors.withUnsafeMutableBufferPointer { anchors in
        pivots.withUnsafeMutableBufferPointer { pivots in
        springs.withUnsafeMutableBufferPointer { springs in
        rotaries.withUnsafeMutableBufferPointer { rotaries in
            for i in 0..<count where records[i].isLive {
                let prevDt = bodies[i].prevDt
                bodies[i].prevDt = dt
                bodies[i].integratePosition(dt, math)
                switch kinds[i] {
                case .none:
                    bodies[i].integrateVelocity(dt, math)
                case .drag:
                    pivots[i].preStep(anchors[i], bodies[i], dt, math)
                    bodies[i].integrateVelocity(dt, math)
                    pivots[i].applyCachedImpulse(&anchors[i], &bodies[i], prevDt == 0.0 ? 0.0 : dt / prevDt)
                    drag.append(Int32(truncatingIfNeeded: i))
                case .attraction:
                    springs[i].preStep(&anchors[i], &bodies[i], dt, math)
                    rotaries[i].preStep(&anchors[i], &bodies[i], dt, math)
                    // Neither spring caches an impulse (their applyCachedImpulse is empty).
                    bodies[i].integrateVelocity(dt, math)
                    attraction.append(Int32(truncatingIfNeeded: i))
                }
            }
            var p = 0
            while p + 1 < drag.count {
                let i = Int(drag[p]), j = Int(drag[p + 1])
                Self.iterate(&pivots[i], &anchors[i], &bodies[i], &pivots[j], &anchors[j], &bodies[j], dt, iterations)
                p += 2
            }
            if p < drag.count {
                let i = Int(drag[p])
                for _ in 0..<iterations { pivots[i].applyImpulse(&anchors[i], &bodies[i], dt) }
            }
            p = 0
            while p + 1 < attraction.count {
                let i = Int(attraction[p]), j = Int(attraction[p + 1])
                Self.iterate(&springs[i], &rotaries[i], &anchors[i], &bodies[i],
                             &springs[j], &rotaries[j], &anchors[j], &bodies[j], iterations)
                p += 2
            }
            if p < attraction.count {
                let i = Int(attraction[p])
                for _ in 0..<iterations {
                    springs[i].applyImpulse(&anchors[i], &bodies[i])
                    rotaries[i].applyImpulse(&anchors[i], &bodies[i])
                }
            }
        }}}}}}}
        dragSlots = drag
        attractionSlots = attraction
    }

    /// Two drag worlds' iterations, interleaved. `inout` lets the optimizer keep both in
    /// registers: the two worlds cannot alias. When both finger bodies are inert (the usual
    /// case), only the tiles are touched.
    @inline(__always)
    static func iterate(
        _ pa: inout PivotJoint, _ aa: inout AnchorBody, _ ba: inout RigidBody,
        _ pb: inout PivotJoint, _ ab: inout AnchorBody, _ bb: inout RigidBody,
        _ dt: Double, _ iterations: Int
    ) {
        if aa.isInert && ab.isInert {
            let (ax, ay, bx, by) = (aa.vx, aa.vy, ab.vx, ab.vy)
            for _ in 0..<iterations {
                pa.applyImpulse(inertAnchorVelocity: ax, ay, &ba, dt)
                pb.applyImpulse(inertAnchorVelocity: bx, by, &bb, dt)
            }
        } else {
            for _ in 0..<iterations {
                pa.applyImpulse(&aa, &ba, dt)
                pb.applyImpulse(&ab, &bb, dt)
            }
        }
    }

    /// Two attracted worlds' iterations, interleaved; within each world the spring still goes
    /// before the rotary spring, as they were added.
    @inline(__always)
    static func iterate(
        _ sa: inout DampedSpring, _ ra: inout DampedRotarySpring, _ aa: inout AnchorBody, _ ba: inout RigidBody,
        _ sb: inout DampedSpring, _ rb: inout DampedRotarySpring, _ ab: inout AnchorBody, _ bb: inout RigidBody,
        _ iterations: Int
    ) {
        if aa.isAtRest && ab.isAtRest {
            for _ in 0..<iterations {
                sa.applyImpulse(inertAnchor: &ba)
                sb.applyImpulse(inertAnchor: &bb)
                ra.applyImpulse(inertAnchor: &ba)
                rb.applyImpulse(inertAnchor: &bb)
            }
        } else {
            for _ in 0..<iterations {
                sa.applyImpulse(&aa, &ba)
                sb.applyImpulse(&ab, &bb)
                ra.applyImpulse(&aa, &ba)
                rb.applyImpulse(&ab, &bb)
            }
        }
    }
}
