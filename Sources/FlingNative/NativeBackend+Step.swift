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
        try BackendValidation.dt(dt)
        try stability.check(dt)
        let count = records.count
        guard count > 0 else { lastDt = dt; return }
        let prevDt = lastDt
        stepCount += 1
        let stamp = stepCount
        if !store.heldContacts.isEmpty { store.heldContacts.removeAll() }
        let view = store.view
        records.withUnsafeMutableBufferPointer { records in
            bodies.withUnsafeMutableBufferPointer { bodies in
                anchors.withUnsafeMutableBufferPointer { anchors in
                    joints.withUnsafeMutableBytes { joints in
                        let buffers = StepBuffers(
                            count: count, dt: dt, prevDt: prevDt, records: records, bodies: bodies, anchors: anchors,
                            joints: JointRecords(base: joints.baseAddress!), dynamics: dynamics, store: view, stamp: stamp)
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
        for list in 0..<ContactLanes.lists where scratch.pending[list] > 0 { flushContacts(b, list, scratch) }
    }

    /// Iterates the worlds waiting in a list of contact lanes, and empties it.
    @inline(never)
    func flushContacts(_ b: StepBuffers, _ list: Int, _ s: StepScratch) {
        let width = SolverLanes.width
        ContactLanes.Context(b: b, arbiters: s.pendingArbiters + ContactLanes.arbiters * width * list, list: list)
            .iterate(s.pendingWorlds.baseAddress! + width * list, s.pending[list], solverIterations)
        s.laneWorlds += s.pending[list]
        s.pending[list] = 0
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
            if records[i].hasDynamics {
                let d = b.store.world(i)
                if d.pointee.wallSet >= 0 {
                    s.x0[n] = bodies[i].px + 0.0
                    s.y0[n] = bodies[i].py + 0.0
                    s.swept[n] = ContactStep.integratePositionSwept(&bodies[i], b.store, d, dt, M.self)
                } else {
                    ContactStep.integratePosition(&bodies[i], d, dt)
                }
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
        let stamp = UInt8(truncatingIfNeeded: b.stamp)
        for k in 0..<n {
            let i = Int(s.live[k])
            let dtCoef = records[i].hasStepped ? warmScale : 0.0
            records[i].hasStepped = true
            let rotation = Rotation(cos: s.cos[k], sin: s.sin[k])
            if records[i].hasDynamics {
                // Kept out of this loop's code, so the worlds without dynamics run it as before.
                switch stepDynamics(b, i, Vector(s.x0[k], s.y0[k]), s.swept[k], rotation, dtCoef, stamp, &contactBiasCoef, s, M.self) {
                case .done: break
                case .dragLanes: s.dragLanes[dragLanes] = s.live[k]; dragLanes += 1
                case .dragScalar: s.dragScalar[dragScalar] = s.live[k]; dragScalar += 1
                case .attractionLanes: s.attractionLanes[attractionLanes] = s.live[k]; attractionLanes += 1
                case .attractionScalar: s.attractionScalar[attractionScalar] = s.live[k]; attractionScalar += 1
                }
                continue
            }
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
                // The extra joints, without walls: this world's whole step, here.
                _ = stepContacts(b, i, nil, 0, rotation, dtCoef, 0, s, M.self)
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

    /// Which of the block's work lists a world joins for its iterations.
    enum WorkList { case done, dragLanes, dragScalar, attractionLanes, attractionScalar }

    /// Phase 3 of a world with dynamics (``WorldDynamics``): its collision, then, if its box
    /// touches a wall or it has the extra joints, its contact step (``stepContacts``, which may
    /// hand it to the contact lanes); else its joint's pre-step, ``Motion``'s velocity update and
    /// the cached impulse, as any other world's, and the list its iterations join.
    /// `biasCoef` is the contacts' bias coefficient, computed on first use (NaN before).
    @inline(never)
    func stepDynamics<M: ArithmeticFunctions>(
        _ b: StepBuffers, _ i: Int, _ p0: Vector, _ swept: Bool, _ rotation: Rotation, _ dtCoef: Double, _ stamp: UInt8,
        _ biasCoef: inout Double, _ s: StepScratch, _: M.Type
    ) -> WorkList {
        let dt = b.dt, body = b.bodies.baseAddress! + i, anchor = b.anchors.baseAddress! + i
        let d = b.store.world(i)
        var touching = 0
        if d.pointee.wallSet >= 0 {
            ContactStep.lift(&body.pointee, b.store, d, p0, swept, rotation)
            touching = ContactStep.collide(b.store, d, body.pointee, rotation, stamp, s.arbiters.baseAddress!, s.order.baseAddress!, s.hull)
        }
        if touching > 0 || b.records[i].kind == .dynamic {
            // The contacts' bias coefficient, `1 - collisionBias^dt`, once per block.
            if biasCoef.isNaN { biasCoef = 1.0 - M.pow(collisionBias, dt) }
            if let list = stepContacts(b, i, d, touching, rotation, dtCoef, biasCoef, s, M.self) {
                s.pend(list, i, touching)
                if s.pending[list] == SolverLanes.width { flushContacts(b, list, s) }
            }
            return .done
        }
        switch b.records[i].kind {
        case .none, .dynamic:
            ContactStep.updateVelocity(b.store, d, &body.pointee, rotation, dt, s.noise, M.self)
            return .done
        case .free:
            return .done  // Never: only live slots are listed.
        case .drag:
            var pivot = b.joints.load(i, as: PivotJoint.self)
            pivot.preStep(anchor.pointee, body.pointee, rotation, dt, M.self)
            ContactStep.updateVelocity(b.store, d, &body.pointee, rotation, dt, s.noise, M.self)
            pivot.applyCachedImpulse(&anchor.pointee, &body.pointee, dtCoef)
            b.joints.store(pivot, i)
            return anchor.pointee.isInert ? .dragLanes : .dragScalar
        case .attraction:
            var springs = b.joints.load(i, as: AttractionSprings.self)
            springs.preStep(&anchor.pointee, &body.pointee, rotation, dt, M.self)
            ContactStep.updateVelocity(b.store, d, &body.pointee, rotation, dt, s.noise, M.self)
            b.joints.store(springs, i)
            return anchor.pointee.isAtRest ? .attractionLanes : .attractionScalar
        }
    }

    /// The step of world `i` after its collision, when its box touches `touching` walls (the
    /// arbiters in `s.arbiters`) or it has the extra joints. A world that touches one or two
    /// walls, with no joint or the lanes' drag or springs whose anchor the lanes can skip, is
    /// readied up to its iterations: the returned value is its list of contact lanes
    /// (``ContactLanes/list(joint:arbiters:counts:)``), which the caller joins it to. Any other
    /// is solved here, whole, one world alone, and the value is nil. `d` is its dynamics, nil for a world of kind `dynamic`
    /// without them (its velocity update is then the plain one, which ``Motion``'s equals while
    /// it adds nothing).
    @inline(never)
    func stepContacts<M: ArithmeticFunctions>(
        _ b: StepBuffers, _ i: Int, _ d: UnsafeMutablePointer<WorldDynamics>?, _ touching: Int, _ rotation: Rotation,
        _ dtCoef: Double, _ biasCoef: Double, _ s: StepScratch, _: M.Type
    ) -> Int? {
        let dt = b.dt, iterations = solverIterations
        let body = b.bodies.baseAddress! + i
        let active = s.arbiters.baseAddress!
        // The space's static body, the arbiters' body A: at rest at the origin for ever (an
        // impulse adds ±0 to its +0 velocity), a fresh one for each world.
        var ground = AnchorBody()
        /// Readies the world, then either hands it to the lanes (`joint` their joint kind, nil
        /// when `lanes` says they cannot take it) or iterates it.
        func run<J: StepJoints>(_ joints: inout J, _ ground: UnsafeMutablePointer<AnchorBody>, _ lanes: () -> Int?) -> Int? {
            guard let d else {
                joints.preStep(&body.pointee, rotation, dt, M.self)
                body.pointee.integrateVelocity(dt, M.self)
                joints.applyCachedImpulse(&body.pointee, dtCoef)
                for _ in 0..<iterations { joints.applyImpulse(&body.pointee, dt) }
                return nil
            }
            ContactStep.prepare(
                b.store, d, &body.pointee, &joints, active, touching, ground, rotation, dt, dtCoef: dtCoef, biasCoef: biasCoef,
                s.noise, M.self)
            if contactLanes, touching <= ContactLanes.arbiters, let joint = lanes() {
                var counts = 0
                for a in 0..<touching { counts = counts * 2 + (active[a].count - 1) }
                return ContactLanes.list(joint: joint, arbiters: touching, counts: counts)
            }
            ContactStep.iterate(b.store, d, &body.pointee, &joints, active, touching, ground, dt, iterations: iterations)
            return nil
        }
        switch b.records[i].kind {
        case .none:
            var joints = NoJoints()
            return run(&joints, &ground) { 0 }
        case .drag:
            var joints = PivotJoints(joint: b.joints.load(i, as: PivotJoint.self), finger: b.anchors.baseAddress! + i)
            let list = run(&joints, &ground) { b.anchors[i].isInert ? 1 : nil }
            b.joints.store(joints.joint, i)
            return list
        case .attraction:
            // The springs' body A is the static body too.
            let ground = b.anchors.baseAddress! + i
            var joints = SpringJoints(springs: b.joints.load(i, as: AttractionSprings.self), ground: ground)
            let list = run(&joints, ground) { ground.pointee.isAtRest ? 2 : nil }
            b.joints.store(joints.springs, i)
            return list
        case .dynamic:
            return b.dynamics[i]!.withJoints { joints, fingers in run(&joints, fingers) { nil } }
        case .free:
            return nil  // Never: only live slots are listed.
        }
    }
}
