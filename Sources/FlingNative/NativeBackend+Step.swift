import FlingCore

extension NativeBackend {
    /// Steps every live world once, in slot order, with `cpSpaceStep`'s phases:
    /// 1. integrate positions; 2. pre-step the joints in the order they were added;
    /// 3. integrate velocities (gravity); 4. warm-start with the cached impulses scaled by
    /// `dt / prev_dt` (0 on a world's first step); 5. `solverIterations` rounds of impulses.
    public func step(by dt: Double) throws(FlingError) {
        try BackendCheck.dt(dt)
        let iterations = solverIterations
        let count = records.count
        records.withUnsafeBufferPointer { records in
            bodies.withUnsafeMutableBufferPointer { bodies in
                anchors.withUnsafeMutableBufferPointer { anchors in
                    joints.withUnsafeMutableBufferPointer { joints in
                        for i in 0..<count where records[i].isLive {
                            Self.stepWorld(&bodies[i], &anchors[i], &joints[i], dt, iterations)
                        }
                    }
                }
            }
        }
    }

    @inline(__always)
    static func stepWorld(
        _ body: inout RigidBody, _ anchor: inout AnchorBody, _ joints: inout Joints,
        _ dt: Double, _ iterations: Int
    ) {
        let prevDt = body.prevDt
        body.prevDt = dt
        body.integratePosition(dt)
        switch joints {
        case .none:
            body.integrateVelocity(dt)
        case .drag(var pivot):
            pivot.preStep(anchor, body, dt)
            body.integrateVelocity(dt)
            pivot.applyCachedImpulse(&anchor, &body, prevDt == 0.0 ? 0.0 : dt / prevDt)
            for _ in 0..<iterations { pivot.applyImpulse(&anchor, &body, dt) }
            joints = .drag(pivot)
        case .attraction(var spring, var rotary):
            spring.preStep(&anchor, &body, dt)
            rotary.preStep(&anchor, &body, dt)
            body.integrateVelocity(dt)
            // Neither spring caches an impulse (their applyCachedImpulse is empty).
            for _ in 0..<iterations {
                spring.applyImpulse(&anchor, &body)
                rotary.applyImpulse(&anchor, &body)
            }
            joints = .attraction(spring, rotary)
        }
    }
}
