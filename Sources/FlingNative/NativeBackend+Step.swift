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
    /// a second pass, two worlds of the same joint kind at a time, in the two lanes of a
    /// `SIMD2<Double>` when their anchors are inert (the usual case), else interleaved. Each
    /// world still performs exactly its own operations in its own order (a lane's operation is
    /// the same IEEE operation), so the bits cannot change; the CPU overlaps the two chains. With `threads` > 1 the slots are cut into that many
    /// contiguous ranges, stepped at once by the backend's parked threads (`StepPool`):
    /// again each world's operations and their order are its own, so the bits do not depend
    /// on the thread count.
    public func step(by dt: Double) throws(FlingError) {
        try BackendCheck.dt(dt)
        try stability.check(dt)
        let count = records.count
        guard count > 0 else { lastDt = dt; return }
        let prevDt = lastDt
        records.withUnsafeMutableBufferPointer { records in
            bodies.withUnsafeMutableBufferPointer { bodies in
                anchors.withUnsafeMutableBufferPointer { anchors in
                    joints.withUnsafeMutableBytes { joints in
                        stepBuffers = StepBuffers(
                            count: count, dt: dt, prevDt: prevDt, records: records, bodies: bodies, anchors: anchors,
                            joints: JointRecords(base: joints.baseAddress!))
                        if let pool { pool.run() } else { stepChunk(0) }
                        stepBuffers = nil
                    }
                }
            }
        }
        lastDt = dt
    }

    /// Steps chunk `c` of the slots: all of them with one thread, else the `c`-th of
    /// `threads` contiguous ranges. Run by the step's threads at once, each on its own slots.
    func stepChunk(_ c: Int) {
        guard let b = stepBuffers else { return }
        let n = chunks.count
        let lo = b.count * c / n, hi = b.count * (c + 1) / n
        let work = chunks[c]
        switch arithmetic {
        case .platform: step(b, lo..<hi, work, Elementary.self)
        case .portable: step(b, lo..<hi, work, Portable.self)
        }
    }

    /// Steps the live worlds among `slots`, specialized for one kind of arithmetic.
    func step<M: ElementaryFunctions>(_ b: StepBuffers, _ slots: Range<Int>, _ work: ChunkWork, _ math: M.Type) {
        let dt = b.dt, iterations = solverIterations
        let records = b.records, bodies = b.bodies, anchors = b.anchors, joints = b.joints
        // The work lists keep their capacity: nothing here allocates once warmed up.
        var drag = work.drag, attraction = work.attraction
        work.drag = []; work.attraction = []
        drag.removeAll(keepingCapacity: true)
        attraction.removeAll(keepingCapacity: true)
        for i in slots where records[i].isLive {
            let prevDt = records[i].hasStepped ? b.prevDt : 0.0
            records[i].hasStepped = true
            let rotation = bodies[i].integratePosition(dt, math)
            switch records[i].kind {
            case .none:
                bodies[i].integrateVelocity(dt, math)
            case .drag:
                var pivot = joints.load(i, as: PivotJoint.self)
                pivot.preStep(anchors[i], bodies[i], rotation, dt, math)
                bodies[i].integrateVelocity(dt, math)
                pivot.applyCachedImpulse(&anchors[i], &bodies[i], prevDt == 0.0 ? 0.0 : dt / prevDt)
                joints.store(pivot, i)
                drag.append(Int32(truncatingIfNeeded: i))
            case .attraction:
                var springs = joints.load(i, as: AttractionSprings.self)
                springs.preStep(&anchors[i], &bodies[i], rotation, dt, math)
                // Neither spring caches an impulse (their applyCachedImpulse is empty).
                bodies[i].integrateVelocity(dt, math)
                joints.store(springs, i)
                attraction.append(Int32(truncatingIfNeeded: i))
            }
        }
        var p = 0
        while p + 1 < drag.count {
            let i = Int(drag[p]), j = Int(drag[p + 1])
            var pi = joints.load(i, as: PivotJoint.self), pj = joints.load(j, as: PivotJoint.self)
            Self.iterate(&pi, &anchors[i], &bodies[i], &pj, &anchors[j], &bodies[j], dt, iterations)
            joints.store(pi, i); joints.store(pj, j)
            p += 2
        }
        if p < drag.count {
            let i = Int(drag[p])
            var pivot = joints.load(i, as: PivotJoint.self)
            for _ in 0..<iterations { pivot.applyImpulse(&anchors[i], &bodies[i], dt) }
            joints.store(pivot, i)
        }
        p = 0
        while p + 1 < attraction.count {
            let i = Int(attraction[p]), j = Int(attraction[p + 1])
            var si = joints.load(i, as: AttractionSprings.self), sj = joints.load(j, as: AttractionSprings.self)
            Self.iterate(
                &si.spring, &si.rotary, &anchors[i], &bodies[i],
                &sj.spring, &sj.rotary, &anchors[j], &bodies[j], iterations)
            joints.store(si, i); joints.store(sj, j)
            p += 2
        }
        if p < attraction.count {
            let i = Int(attraction[p])
            var springs = joints.load(i, as: AttractionSprings.self)
            for _ in 0..<iterations {
                springs.spring.applyImpulse(&anchors[i], &bodies[i])
                springs.rotary.applyImpulse(&anchors[i], &bodies[i])
            }
            joints.store(springs, i)
        }
        work.drag = drag
        work.attraction = attraction
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
            iterateInLanes(&pa, aa, &ba, &pb, ab, &bb, dt, iterations)
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
            iterateInLanes(&sa, &ra, &ba, &sb, &rb, &bb, iterations)
        } else {
            for _ in 0..<iterations {
                sa.applyImpulse(&aa, &ba)
                sb.applyImpulse(&ab, &bb)
                ra.applyImpulse(&aa, &ba)
                rb.applyImpulse(&ab, &bb)
            }
        }
    }

    /// Two attracted worlds' iterations when both static bodies are at rest (always, in
    /// practice), world a in lane 0 and world b in lane 1 of `SIMD2<Double>`: each line is
    /// ``DampedSpring/applyImpulse(inertAnchor:)`` or
    /// ``DampedRotarySpring/applyImpulse(inertAnchor:)`` with the same operations in the same
    /// order, and a lane's add or multiply is the same IEEE operation as a scalar one, so each
    /// world's bits are its own. Half the instructions of the interleaved scalar loop.
    @inline(__always)
    static func iterateInLanes(
        _ sa: inout DampedSpring, _ ra: inout DampedRotarySpring, _ ba: inout RigidBody,
        _ sb: inout DampedSpring, _ rb: inout DampedRotarySpring, _ bb: inout RigidBody,
        _ iterations: Int
    ) {
        typealias Lanes = SIMD2<Double>
        var vx = Lanes(ba.vx, bb.vx), vy = Lanes(ba.vy, bb.vy), w = Lanes(ba.w, bb.w)
        let mInv = Lanes(ba.mInv, bb.mInv), iInv = Lanes(ba.iInv, bb.iInv)
        let r2x = Lanes(sa.r2x, sb.r2x), r2y = Lanes(sa.r2y, sb.r2y)
        let nx = Lanes(sa.nx, sb.nx), ny = Lanes(sa.ny, sb.ny)
        let nMass = Lanes(sa.nMass, sb.nMass), vCoef = Lanes(sa.vCoef, sb.vCoef)
        var targetVrn = Lanes(sa.targetVrn, sb.targetVrn)
        let iSum = Lanes(ra.iSum, rb.iSum), wCoef = Lanes(ra.wCoef, rb.wCoef)
        var targetWrn = Lanes(ra.targetWrn, rb.targetWrn)
        let negR2y = -r2y
        for _ in 0..<iterations {
            // The spring: v_rel = v + perp(r2)·w, damped along n.
            let vrx = vx + negR2y * w, vry = vy + r2x * w
            let vrn = vrx * nx + vry * ny
            let vDamp = (targetVrn - vrn) * vCoef
            targetVrn = vrn + vDamp
            let jDamp = vDamp * nMass
            let jx = nx * jDamp, jy = ny * jDamp
            vx = vx + jx * mInv
            vy = vy + jy * mInv
            w = w + iInv * (r2x * jy - r2y * jx)
            // The rotary spring: wrn = +0 - w.
            let wrn = 0.0 - w
            let wDamp = (targetWrn - wrn) * wCoef
            targetWrn = wrn + wDamp
            w = w - wDamp * iSum * iInv
        }
        (ba.vx, bb.vx) = (vx[0], vx[1]); (ba.vy, bb.vy) = (vy[0], vy[1]); (ba.w, bb.w) = (w[0], w[1])
        (sa.targetVrn, sb.targetVrn) = (targetVrn[0], targetVrn[1])
        (ra.targetWrn, rb.targetWrn) = (targetWrn[0], targetWrn[1])
    }

    /// Two drag worlds' iterations when both finger bodies are inert (the usual case), world a
    /// in lane 0 and world b in lane 1: each line is
    /// ``PivotJoint/applyImpulse(inertAnchorVelocity:_:_:_:)`` with the same operations in the
    /// same order. The clamp to `maxForce·dt` is computed, when either lane needs it, with
    /// lane operations (`sqrtpd`, `divpd` are IEEE's correctly rounded square root and
    /// division) and kept only in the lanes whose `v·v > len²`, as the scalar branch does.
    @inline(__always)
    static func iterateInLanes(
        _ pa: inout PivotJoint, _ aa: AnchorBody, _ ba: inout RigidBody,
        _ pb: inout PivotJoint, _ ab: AnchorBody, _ bb: inout RigidBody,
        _ dt: Double, _ iterations: Int
    ) {
        typealias Lanes = SIMD2<Double>
        var vx = Lanes(ba.vx, bb.vx), vy = Lanes(ba.vy, bb.vy), w = Lanes(ba.w, bb.w)
        let mInv = Lanes(ba.mInv, bb.mInv), iInv = Lanes(ba.iInv, bb.iInv)
        let ax = Lanes(aa.vx, ab.vx), ay = Lanes(aa.vy, ab.vy)
        let r2x = Lanes(pa.r2x, pb.r2x), r2y = Lanes(pa.r2y, pb.r2y)
        let ka = Lanes(pa.ka, pb.ka), kb = Lanes(pa.kb, pb.kb)
        let kc = Lanes(pa.kc, pb.kc), kd = Lanes(pa.kd, pb.kd)
        let biasX = Lanes(pa.biasX, pb.biasX), biasY = Lanes(pa.biasY, pb.biasY)
        var jAccX = Lanes(pa.jAccX, pb.jAccX), jAccY = Lanes(pa.jAccY, pb.jAccY)
        let len = Lanes(pa.maxForce, pb.maxForce) * dt
        let len2 = len * len
        let negR2y = -r2y
        for _ in 0..<iterations {
            let vrx = (vx + negR2y * w) - ax
            let vry = (vy + r2x * w) - ay
            // solve: j = K⁻¹ (bias - v_rel), the accumulated impulse clamped.
            let ex = biasX - vrx, ey = biasY - vry
            let jx = ex * ka + ey * kb
            let jy = ex * kc + ey * kd
            let oldX = jAccX, oldY = jAccY
            var x = jAccX + jx, y = jAccY + jy
            let dot = x * x + y * y
            let over = dot .> len2
            if any(over) {
                let inv = 1.0 / (dot.squareRoot() + Double.leastNormalMagnitude)
                x.replace(with: (x * inv) * len, where: over)
                y.replace(with: (y * inv) * len, where: over)
            }
            jAccX = x; jAccY = y
            let dx = jAccX - oldX, dy = jAccY - oldY
            vx = vx + dx * mInv
            vy = vy + dy * mInv
            w = w + iInv * (r2x * dy - r2y * dx)
        }
        (ba.vx, bb.vx) = (vx[0], vx[1]); (ba.vy, bb.vy) = (vy[0], vy[1]); (ba.w, bb.w) = (w[0], w[1])
        (pa.jAccX, pb.jAccX) = (jAccX[0], jAccX[1]); (pa.jAccY, pb.jAccY) = (jAccY[0], jAccY[1])
    }
}
