/// The solver iterations of several worlds at once, one world per SIMD lane.
///
/// One world's iteration is a chain of about 20 dependent adds and multiplies, so one world
/// alone leaves the core's floating-point units waiting on latency. A group of eight worlds
/// of one joint kind runs as two ``Half``s of four side by side, each line of a half the
/// scalar solver's line with the same operations in the same order: a lane's add or multiply
/// is the same IEEE operation as a scalar one, so each world's bits are its own. Eight lanes
/// were the fastest group measured (Benchmarks/PERFORMANCE.md, "How the step gets there").
enum SolverLanes {
    /// Worlds per group.
    static let width = 2 * Half.scalarCount

    /// Runs `iterations` rounds for the group of `count` (1...``width``) worlds at `worlds`.
    @inline(__always)
    static func iterate<Group: LaneGroup>(
        _: Group.Type, _ worlds: UnsafePointer<Int32>, _ count: Int, _ b: StepBuffers, _ iterations: Int
    ) {
        var lo = Group(worlds, count, 0, b)
        var hi = Group(worlds, count, Half.scalarCount, b)
        for _ in 0..<iterations {
            lo.iterate()
            hi.iterate()
        }
        lo.scatter(worlds, count, 0, b)
        hi.scatter(worlds, count, Half.scalarCount, b)
    }
}

/// Four `Double`s, one world per lane: two SSE2 registers (one AVX or two NEON registers).
typealias Half = SIMD4<Double>

/// Four worlds' iteration state: gathered from the hot arrays, iterated, written back.
protocol LaneGroup {
    /// Gathers lanes `first ..< first + 4` of a group of `count` worlds; lanes past the
    /// group's end repeat its last world (lanes never mix, so a repeat only costs its time).
    init(_ worlds: UnsafePointer<Int32>, _ count: Int, _ first: Int, _ b: StepBuffers)
    /// One solver iteration of every lane.
    mutating func iterate()
    /// Writes back the lanes that hold one of the group's worlds.
    func scatter(_ worlds: UnsafePointer<Int32>, _ count: Int, _ first: Int, _ b: StepBuffers)
}

/// The slot of lane `k` of a group of `count` worlds (the last world again past the end).
@inline(__always)
func laneSlot(_ worlds: UnsafePointer<Int32>, _ count: Int, _ k: Int) -> Int {
    Int(worlds[k < count ? k : count - 1])
}

/// The tile bodies' part of four worlds' iteration state: velocity, spin, inverse mass and
/// moment.
struct BodyLanes {
    var vx = Half(), vy = Half(), w = Half()
    var mInv = Half(), iInv = Half()

    @inline(__always)
    init(_ worlds: UnsafePointer<Int32>, _ count: Int, _ first: Int, _ bodies: UnsafeMutableBufferPointer<RigidBody>) {
        for k in 0..<Half.scalarCount {
            let i = laneSlot(worlds, count, first + k)
            vx[k] = bodies[i].vx; vy[k] = bodies[i].vy; w[k] = bodies[i].w
            mInv[k] = bodies[i].mInv; iInv[k] = bodies[i].iInv
        }
    }

    @inline(__always)
    func scatter(_ worlds: UnsafePointer<Int32>, _ count: Int, _ first: Int, _ bodies: UnsafeMutableBufferPointer<RigidBody>) {
        for k in 0..<Half.scalarCount where first + k < count {
            let i = Int(worlds[first + k])
            bodies[i].vx = vx[k]; bodies[i].vy = vy[k]; bodies[i].w = w[k]
        }
    }
}

/// The joint part of a group of four worlds, iterated against their bodies' lanes
/// (``BodyLanes``): the drag's pivot, the attraction's springs, or none (a world with walls
/// alone, ``ContactLanes``).
protocol JointLanes {
    /// Gathers lanes `first ..< first + 4` of a group of `count` worlds (as ``LaneGroup``).
    init(_ worlds: UnsafePointer<Int32>, _ count: Int, _ first: Int, _ b: StepBuffers)
    /// One iteration of every lane's joint.
    mutating func iterate(_ body: inout BodyLanes)
    /// Writes back the lanes that hold one of the group's worlds.
    func scatter(_ worlds: UnsafePointer<Int32>, _ count: Int, _ first: Int, _ b: StepBuffers)
}

/// Four worlds' bodies and their joints: the lanes of the worlds that touch no wall.
struct JointGroup<Joint: JointLanes>: LaneGroup {
    var body: BodyLanes
    var joint: Joint

    @inline(__always)
    init(_ worlds: UnsafePointer<Int32>, _ count: Int, _ first: Int, _ b: StepBuffers) {
        body = BodyLanes(worlds, count, first, b.bodies)
        joint = Joint(worlds, count, first, b)
    }

    @inline(__always) mutating func iterate() { joint.iterate(&body) }

    @inline(__always)
    func scatter(_ worlds: UnsafePointer<Int32>, _ count: Int, _ first: Int, _ b: StepBuffers) {
        body.scatter(worlds, count, first, b.bodies)
        joint.scatter(worlds, count, first, b)
    }
}

/// No joint.
struct NoJointLanes: JointLanes {
    @inline(__always) init(_: UnsafePointer<Int32>, _: Int, _: Int, _: StepBuffers) {}
    @inline(__always) func iterate(_: inout BodyLanes) {}
    @inline(__always) func scatter(_: UnsafePointer<Int32>, _: Int, _: Int, _: StepBuffers) {}
}

typealias DragLanes = JointGroup<DragJointLanes>
typealias AttractionLanes = JointGroup<AttractionJointLanes>

/// Four drag worlds whose finger bodies are inert (``AnchorBody/isInert``): each line of
/// ``iterate(_:)`` is ``PivotJoint/applyImpulse(_:_:_:)`` with the finger's terms as they then
/// are: its velocity is exactly `v_a` (`r1` is (+0, +0), the joint sits at its center), and
/// applying `-j` to it changes no bit, so only the tile is read and written. The clamp to `maxForce·dt` is
/// computed, when any lane needs it, with lane operations (`sqrtpd`, `divpd` are IEEE's
/// correctly rounded square root and division) and kept only in the lanes whose `v·v > len²`,
/// as the scalar branch does.
struct DragJointLanes: JointLanes {
    var jAccX = Half(), jAccY = Half()
    var ax = Half(), ay = Half(), r2x = Half(), r2y = Half()
    var ka = Half(), kb = Half(), kc = Half(), kd = Half(), biasX = Half(), biasY = Half()
    var len = Half(), len2 = Half(), negR2y = Half()

    @inline(__always)
    init(_ worlds: UnsafePointer<Int32>, _ count: Int, _ first: Int, _ b: StepBuffers) {
        var maxForce = Half()
        for k in 0..<Half.scalarCount {
            let i = laneSlot(worlds, count, first + k)
            let p = b.joints.load(i, as: PivotJoint.self)
            ax[k] = b.anchors[i].vx; ay[k] = b.anchors[i].vy
            r2x[k] = p.r2x; r2y[k] = p.r2y
            ka[k] = p.ka; kb[k] = p.kb; kc[k] = p.kc; kd[k] = p.kd
            biasX[k] = p.biasX; biasY[k] = p.biasY
            jAccX[k] = p.jAccX; jAccY[k] = p.jAccY
            maxForce[k] = p.maxForce
        }
        // solve's `maxForce * dt`, and clamp's `len * len`: the same in every iteration.
        len = maxForce * b.dt
        len2 = len * len
        negR2y = -r2y
    }

    /// One iteration: `j = K⁻¹ (bias - v_rel)`, the accumulated impulse clamped to `len`.
    @inline(__always) mutating func iterate(_ body: inout BodyLanes) {
        let vrx = (body.vx + negR2y * body.w) - ax
        let vry = (body.vy + r2x * body.w) - ay
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
        body.vx = body.vx + dx * body.mInv
        body.vy = body.vy + dy * body.mInv
        body.w = body.w + body.iInv * (r2x * dy - r2y * dx)
    }

    @inline(__always)
    func scatter(_ worlds: UnsafePointer<Int32>, _ count: Int, _ first: Int, _ b: StepBuffers) {
        for k in 0..<Half.scalarCount where first + k < count {
            let i = Int(worlds[first + k])
            var p = b.joints.load(i, as: PivotJoint.self)
            p.jAccX = jAccX[k]; p.jAccY = jAccY[k]
            b.joints.store(p, i)
        }
    }
}

/// Four attracted worlds whose static bodies are at rest (``AnchorBody/isAtRest``, always in
/// practice): each line of ``iterate(_:)`` is ``DampedSpring/applyImpulse(_:_:)`` then
/// ``DampedRotarySpring/applyImpulse(_:_:)``, spring first as they were added, with the static
/// body's terms as they then are: its velocity term is exactly (+0, +0) and `x - (+0) = x`,
/// its spin stays +0 (so `wrn = +0 - w`), and the impulses on it change no bit.
struct AttractionJointLanes: JointLanes {
    var targetVrn = Half(), targetWrn = Half()
    var r2x = Half(), r2y = Half(), nx = Half(), ny = Half(), nMass = Half(), vCoef = Half()
    var iSum = Half(), wCoef = Half(), negR2y = Half()

    @inline(__always)
    init(_ worlds: UnsafePointer<Int32>, _ count: Int, _ first: Int, _ b: StepBuffers) {
        for k in 0..<Half.scalarCount {
            let s = b.joints.load(laneSlot(worlds, count, first + k), as: AttractionSprings.self)
            r2x[k] = s.spring.r2x; r2y[k] = s.spring.r2y
            nx[k] = s.spring.nx; ny[k] = s.spring.ny
            nMass[k] = s.spring.nMass; vCoef[k] = s.spring.vCoef; targetVrn[k] = s.spring.targetVrn
            iSum[k] = s.rotary.iSum; wCoef[k] = s.rotary.wCoef; targetWrn[k] = s.rotary.targetWrn
        }
        negR2y = -r2y
    }

    /// One iteration: the spring, then the rotary spring.
    @inline(__always) mutating func iterate(_ body: inout BodyLanes) {
        // The spring: v_rel = v + perp(r2)·w, damped along n.
        let vrx = body.vx + negR2y * body.w, vry = body.vy + r2x * body.w
        let vrn = vrx * nx + vry * ny
        let vDamp = (targetVrn - vrn) * vCoef
        targetVrn = vrn + vDamp
        let jDamp = vDamp * nMass
        let jx = nx * jDamp, jy = ny * jDamp
        body.vx = body.vx + jx * body.mInv
        body.vy = body.vy + jy * body.mInv
        body.w = body.w + body.iInv * (r2x * jy - r2y * jx)
        // The rotary spring: wrn = +0 - w.
        let wrn = 0.0 - body.w
        let wDamp = (targetWrn - wrn) * wCoef
        targetWrn = wrn + wDamp
        body.w = body.w - wDamp * iSum * body.iInv
    }

    @inline(__always)
    func scatter(_ worlds: UnsafePointer<Int32>, _ count: Int, _ first: Int, _ b: StepBuffers) {
        for k in 0..<Half.scalarCount where first + k < count {
            let i = Int(worlds[first + k])
            var s = b.joints.load(i, as: AttractionSprings.self)
            s.spring.targetVrn = targetVrn[k]; s.rotary.targetWrn = targetWrn[k]
            b.joints.store(s, i)
        }
    }
}
