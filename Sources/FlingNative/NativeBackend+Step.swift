import FlingCore

extension NativeBackend {
    /// Steps every live world once, with `cpSpaceStep`'s phases in its order:
    /// 1. integrate positions; 2. pre-step the joints in the order they were added;
    /// 3. integrate velocities (gravity, damping); 4. warm-start with the cached impulses
    /// scaled by `dt / prev_dt` (0 on a world's first step); 5. `solverIterations` rounds of
    /// impulses.
    ///
    /// The slots are stepped in blocks of 256 (`StepScratch`), each in passes: positions; the
    /// rotations of the new angles, all at once (`ArithmeticFunctions/cosSin(_:_:_:_:)`, in
    /// SIMD lanes with portable arithmetic); phases 2–4; the iterations. The iterations are a
    /// chain of dependent floating-point operations, so one world alone leaves most of the CPU
    /// idle: they run eight worlds of the same joint kind at a time, one per SIMD lane
    /// (`SolverLanes.swift`), when their anchors are inert (the usual case). Each world still
    /// performs exactly its own operations in its own order (a lane's operation is the same
    /// IEEE operation), so the bits cannot change; the CPU overlaps the chains. With
    /// `threads` > 1 the slots are cut into that many contiguous ranges, stepped at once by
    /// the backend's parked threads (`StepPool`): again each world's operations and their
    /// order are its own, so the bits do not depend on the thread count.
    public func step(by dt: Double) throws(FlingError) {
        try BackendCheck.dt(dt)
        try stability.check(dt)
        let count = records.count
        guard count > 0 else { lastDt = dt; return }
        let prevDt = lastDt
        stepCount += 1
        let stamp = stepCount
        records.withUnsafeMutableBufferPointer { records in
            bodies.withUnsafeMutableBufferPointer { bodies in
                anchors.withUnsafeMutableBufferPointer { anchors in
                    joints.withUnsafeMutableBytes { joints in
                        let buffers = StepBuffers(
                            count: count, dt: dt, prevDt: prevDt, records: records, bodies: bodies, anchors: anchors,
                            joints: JointRecords(base: joints.baseAddress!), dynamics: dynamics, stamp: stamp)
                        // Waking the threads costs microseconds: a few worlds step on the
                        // caller's thread alone (the bits do not depend on it).
                        if let pool, count >= parallelSlots {
                            pool.run(.step(buffers))
                        } else {
                            stepSlots(buffers, 0..<count, chunks[0])
                        }
                    }
                }
            }
        }
        lastDt = dt
    }

    /// Steps chunk `c` of the slots, the `c`-th of `threads` contiguous ranges. Run by the
    /// step's threads at once, each on its own slots.
    func stepChunk(_ b: StepBuffers, _ c: Int) {
        let n = chunks.count
        stepSlots(b, b.count * c / n..<b.count * (c + 1) / n, chunks[c])
    }

    /// Steps the live worlds among `slots` with `scratch`, in the backend's arithmetic.
    func stepSlots(_ b: StepBuffers, _ slots: Range<Int>, _ scratch: StepScratch) {
        switch arithmetic {
        case .platform: step(b, slots, scratch, PlatformFunctions.self)
        case .portable: step(b, slots, scratch, Portable.self)
        }
    }

    /// Steps the live worlds among `slots`, specialized for one kind of arithmetic, one block
    /// of ``StepScratch/capacity`` slots after another: a block's hot state is read by three
    /// passes, and stays in cache between them.
    func step<M: ArithmeticFunctions>(_ b: StepBuffers, _ slots: Range<Int>, _ scratch: StepScratch, _ math: M.Type) {
        var lo = slots.lowerBound
        while lo < slots.upperBound {
            let hi = min(lo + StepScratch.capacity, slots.upperBound)
            stepBlock(b, lo..<hi, scratch, math)
            lo = hi
        }
    }

    /// Steps the live worlds of one block. Each world's operations are Chipmunk's, in its
    /// order; the passes only change which world's operation comes next, never a world's own.
    @inline(__always)
    func stepBlock<M: ArithmeticFunctions>(_ b: StepBuffers, _ block: Range<Int>, _ s: StepScratch, _: M.Type) {
        let dt = b.dt, iterations = solverIterations
        let records = b.records, bodies = b.bodies, anchors = b.anchors, joints = b.joints
        // 1. Positions, and the new angles gathered for the rotations.
        var n = 0
        for i in block where records[i].isLive {
            if records[i].kind == .dynamic {
                b.dynamics[i]!.integratePosition(&bodies[i], dt)
            } else {
                bodies[i].integratePosition(dt)
            }
            s.live[n] = Int32(truncatingIfNeeded: i)
            s.angle[n] = bodies[i].angle
            n += 1
        }
        // 2. The rotations (cos a, sin a) of the block, computed together.
        M.cosSin(s.angle.baseAddress!, s.cos.baseAddress!, s.sin.baseAddress!, n)
        // 3. Pre-steps, velocities, warm start; the worlds sorted into work lists. The warm
        // start scales cached impulses by dt / prev_dt, 0 before a world's first step; every
        // world that stepped before shares prev_dt, so the quotient is divided once.
        let warmScale = b.prevDt == 0.0 ? 0.0 : dt / b.prevDt
        var dragLanes = 0, dragScalar = 0, attractionLanes = 0, attractionScalar = 0
        var contactBiasCoef = Double.nan
        for k in 0..<n {
            let i = Int(s.live[k])
            let dtCoef = records[i].hasStepped ? warmScale : 0.0
            records[i].hasStepped = true
            let rotation = Rotation(cos: s.cos[k], sin: s.sin[k])
            switch records[i].kind {
            case .none:
                bodies[i].integrateVelocity(dt, M.self)
            case .free:
                break  // Never: only live slots are listed.
            case .drag:
                var pivot = joints.load(i, as: PivotJoint.self)
                pivot.preStep(anchors[i], bodies[i], rotation, dt, M.self)
                bodies[i].integrateVelocity(dt, M.self)
                pivot.applyCachedImpulse(&anchors[i], &bodies[i], dtCoef)
                joints.store(pivot, i)
                if anchors[i].isInert {
                    s.dragLanes[dragLanes] = s.live[k]; dragLanes += 1
                } else {
                    s.dragScalar[dragScalar] = s.live[k]; dragScalar += 1
                }
            case .dynamic:
                // The general path: the whole step of this world, here (its worlds share nothing).
                // The contacts' bias coefficient, `1 - collisionBias^dt`, once per block.
                if contactBiasCoef.isNaN { contactBiasCoef = 1.0 - M.pow(collisionBias, dt) }
                let biasCoef = contactBiasCoef
                b.dynamics[i]!.step(
                    &bodies[i], rotation, dt, dtCoef: dtCoef, stamp: b.stamp, iterations: iterations, biasCoef: biasCoef, M.self)
            case .attraction:
                var springs = joints.load(i, as: AttractionSprings.self)
                springs.preStep(&anchors[i], &bodies[i], rotation, dt, M.self)
                // Neither spring caches an impulse (their applyCachedImpulse is empty).
                bodies[i].integrateVelocity(dt, M.self)
                joints.store(springs, i)
                if anchors[i].isAtRest {
                    s.attractionLanes[attractionLanes] = s.live[k]; attractionLanes += 1
                } else {
                    s.attractionScalar[attractionScalar] = s.live[k]; attractionScalar += 1
                }
            }
        }
        // 4. The solver iterations: most worlds several at a time in SIMD lanes, the rest alone.
        var p = 0
        let width = SolverLanes.width
        while p < dragLanes {
            SolverLanes.iterate(DragLanes.self, s.dragLanes.baseAddress! + p, min(width, dragLanes - p), b, iterations)
            p += width
        }
        for k in 0..<dragScalar {
            let i = Int(s.dragScalar[k])
            var pivot = joints.load(i, as: PivotJoint.self)
            for _ in 0..<iterations { pivot.applyImpulse(&anchors[i], &bodies[i], dt) }
            joints.store(pivot, i)
        }
        p = 0
        while p < attractionLanes {
            SolverLanes.iterate(
                AttractionLanes.self, s.attractionLanes.baseAddress! + p, min(width, attractionLanes - p), b, iterations)
            p += width
        }
        for k in 0..<attractionScalar {
            let i = Int(s.attractionScalar[k])
            var springs = joints.load(i, as: AttractionSprings.self)
            for _ in 0..<iterations {
                springs.spring.applyImpulse(&anchors[i], &bodies[i])
                springs.rotary.applyImpulse(&anchors[i], &bodies[i])
            }
            joints.store(springs, i)
        }
    }
}
