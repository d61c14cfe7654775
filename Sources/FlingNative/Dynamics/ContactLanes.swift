import FlingCore

// The contact iterations of several worlds at once, one world per SIMD lane, as
// `SolverLanes.swift` runs the joints': a group of eight worlds whose boxes touch the same
// number of walls with the same contact counts, and whose joints are of one kind (none, the
// drag's pivot with an inert finger, or the springs from a static body at rest). Each lane
// runs its world's iteration: every contact of the first arbiter, then of the second, then
// the joint, each line ``Arbiter/applyImpulse(_:_:_:)``'s with the same operations in the same
// order (a lane's add, multiply or compare-and-select is the same IEEE operation as a scalar
// one), so each world's bits are its own.
//
// What the lanes leave out changes no bit: the static body (the arbiters' body A) has
// velocity and spin +0 for ever (an impulse times its zero inverse mass adds ±0 to +0), so
// its terms of the relative velocity are exactly +0 (`x − (+0) = x`) and the impulses on it
// are not applied; its bias velocity is +0 likewise.

/// One contact of four worlds' arbiters: what an iteration reads and writes.
struct ContactLane {
    var r2x = Half(), r2y = Half(), negR2y = Half()
    var nMass = Half(), tMass = Half(), bias = Half(), jBias = Half(), bounce = Half()
    var jnAcc = Half(), jtAcc = Half()

    init() {}

    /// Contact 0 or 1 of four lanes' arbiters, each field built from four loads (a vector
    /// filled lane by lane in memory would be read back whole, which stalls).
    @inline(__always) init(_ p: ArbiterQuad, second: Bool) {
        @inline(__always) func lanes(_ f: (ContactPoint) -> Double) -> Half {
            second
                ? Half(f(p.0.pointee.c1), f(p.1.pointee.c1), f(p.2.pointee.c1), f(p.3.pointee.c1))
                : Half(f(p.0.pointee.c0), f(p.1.pointee.c0), f(p.2.pointee.c0), f(p.3.pointee.c0))
        }
        r2x = lanes { $0.r2x }
        r2y = lanes { $0.r2y }
        negR2y = -r2y
        nMass = lanes { $0.nMass }
        tMass = lanes { $0.tMass }
        bias = lanes { $0.bias }
        jBias = lanes { $0.jBias }
        bounce = lanes { $0.bounce }
        jnAcc = lanes { $0.jnAcc }
        jtAcc = lanes { $0.jtAcc }
    }

    /// `cpArbiterApplyImpulse` for this contact: the bias impulse into the bias velocity,
    /// then the normal impulse and the friction impulse within `u·jn`.
    @inline(__always) mutating func solve(
        _ nx: Half, _ ny: Half, _ negNy: Half, _ u: Half, _ body: inout BodyLanes, _ bias: inout BiasLanes
    ) {
        let zero = Half()
        let vb2x = bias.vx + negR2y * bias.w, vb2y = bias.vy + r2x * bias.w
        // v_b + perp(r2)·w_b − (+0, +0), plus the surface velocity (+0, +0).
        let vrx = (body.vx + negR2y * body.w) + 0.0, vry = (body.vy + r2x * body.w) + 0.0
        let vbn = vb2x * nx + vb2y * ny
        let vrn = vrx * nx + vry * ny
        let vrt = vrx * negNy + vry * nx

        let jbn = (self.bias - vbn) * nMass
        let jbnOld = jBias
        let sumBias = jbnOld + jbn
        jBias = zero.replacing(with: sumBias, where: sumBias .> zero)

        let jn = -(bounce + vrn) * nMass
        let jnOld = jnAcc
        let sumN = jnOld + jn
        jnAcc = zero.replacing(with: sumN, where: sumN .> zero)

        let jtMax = u * jnAcc
        let jt = -vrt * tMass
        let jtOld = jtAcc
        // cpfclamp(f, −max, max) = cpfmin(cpfmax(f, −max), max).
        let sumT = jtOld + jt
        let low = -jtMax
        let above = low.replacing(with: sumT, where: sumT .> low)
        jtAcc = jtMax.replacing(with: above, where: above .< jtMax)

        let dj = jBias - jbnOld
        let bjx = nx * dj, bjy = ny * dj
        bias.vx = bias.vx + bjx * body.mInv
        bias.vy = bias.vy + bjy * body.mInv
        bias.w = bias.w + body.iInv * (r2x * bjy - r2y * bjx)

        let djn = jnAcc - jnOld, djt = jtAcc - jtOld
        let jx = nx * djn - ny * djt, jy = nx * djt + ny * djn
        body.vx = body.vx + jx * body.mInv
        body.vy = body.vy + jy * body.mInv
        body.w = body.w + body.iInv * (r2x * jy - r2y * jx)
    }
}

/// Four lanes' arbiters, one per lane.
typealias ArbiterQuad = (
    UnsafeMutablePointer<Arbiter>, UnsafeMutablePointer<Arbiter>, UnsafeMutablePointer<Arbiter>, UnsafeMutablePointer<Arbiter>
)

/// One arbiter of four worlds: its normal and friction, and its contacts.
struct ArbiterLane {
    var nx = Half(), ny = Half(), negNy = Half(), u = Half()
    var c0 = ContactLane(), c1 = ContactLane()

    init() {}

    /// The arbiters at `p`, one per lane; their second contacts if `pairs`.
    @inline(__always) init(_ p: ArbiterQuad, pairs: Bool) {
        nx = Half(p.0.pointee.nx, p.1.pointee.nx, p.2.pointee.nx, p.3.pointee.nx)
        ny = Half(p.0.pointee.ny, p.1.pointee.ny, p.2.pointee.ny, p.3.pointee.ny)
        negNy = -ny
        u = Half(p.0.pointee.u, p.1.pointee.u, p.2.pointee.u, p.3.pointee.u)
        c0 = ContactLane(p, second: false)
        if pairs { c1 = ContactLane(p, second: true) }
    }

    /// One iteration of the arbiter: its first contact, then its second if it has two.
    @inline(__always) mutating func iterate(_ pairs: Bool, _ body: inout BodyLanes, _ bias: inout BiasLanes) {
        c0.solve(nx, ny, negNy, u, &body, &bias)
        if pairs { c1.solve(nx, ny, negNy, u, &body, &bias) }
    }
}

/// Four worlds' bias velocities (`v_bias`, `w_bias`).
struct BiasLanes {
    var vx = Half(), vy = Half(), w = Half()
}

/// Four worlds of one contact lanes list: their bodies, bias velocities, arbiters and joints.
struct ContactGroup<Joint: JointLanes> {
    var body: BodyLanes
    var bias = BiasLanes()
    var a0 = ArbiterLane(), a1 = ArbiterLane()
    var joint: Joint
    let twoArbiters: Bool, pairs0: Bool, pairs1: Bool

    @inline(__always)
    init(_ worlds: UnsafePointer<Int32>, _ count: Int, _ first: Int, _ c: ContactLanes.Context) {
        let b = c.b
        (twoArbiters, pairs0, pairs1) = ContactLanes.pattern(c.list)
        body = BodyLanes(worlds, count, first, b.bodies)
        joint = Joint(worlds, count, first, b)
        let i0 = laneSlot(worlds, count, first), i1 = laneSlot(worlds, count, first + 1)
        let i2 = laneSlot(worlds, count, first + 2), i3 = laneSlot(worlds, count, first + 3)
        let d = (b.store.world(i0), b.store.world(i1), b.store.world(i2), b.store.world(i3))
        bias.vx = Half(d.0.pointee.bias.vx, d.1.pointee.bias.vx, d.2.pointee.bias.vx, d.3.pointee.bias.vx)
        bias.vy = Half(d.0.pointee.bias.vy, d.1.pointee.bias.vy, d.2.pointee.bias.vy, d.3.pointee.bias.vy)
        bias.w = Half(d.0.pointee.bias.w, d.1.pointee.bias.w, d.2.pointee.bias.w, d.3.pointee.bias.w)
        // Lane k's arbiters are the group's world k's (the last world's past its end).
        let n = ContactLanes.arbiters, last = count - 1
        let p = (
            c.arbiters + n * min(first, last), c.arbiters + n * min(first + 1, last), c.arbiters + n * min(first + 2, last),
            c.arbiters + n * min(first + 3, last)
        )
        a0 = ArbiterLane(p, pairs: pairs0)
        if twoArbiters { a1 = ArbiterLane((p.0 + 1, p.1 + 1, p.2 + 1, p.3 + 1), pairs: pairs1) }
    }

    /// One iteration: the arbiters in the order the collision found them, then the joint.
    @inline(__always) mutating func iterate() {
        a0.iterate(pairs0, &body, &bias)
        if twoArbiters { a1.iterate(pairs1, &body, &bias) }
        joint.iterate(&body)
    }

    @inline(__always)
    func scatter(_ worlds: UnsafePointer<Int32>, _ count: Int, _ first: Int, _ c: ContactLanes.Context) {
        let b = c.b
        body.scatter(worlds, count, first, b.bodies)
        joint.scatter(worlds, count, first, b)
        for k in 0..<Half.scalarCount where first + k < count {
            let i = Int(worlds[first + k])
            let d = b.store.world(i)
            d.pointee.bias = BiasVelocity(vx: bias.vx[k], vy: bias.vy[k], w: bias.w[k])
            let arbiters = c.arbiters + ContactLanes.arbiters * (first + k)
            arbiters[0].c0.jnAcc = a0.c0.jnAcc[k]; arbiters[0].c0.jtAcc = a0.c0.jtAcc[k]
            arbiters[0].c1.jnAcc = a0.c1.jnAcc[k]; arbiters[0].c1.jtAcc = a0.c1.jtAcc[k]
            arbiters[1].c0.jnAcc = a1.c0.jnAcc[k]; arbiters[1].c0.jtAcc = a1.c0.jtAcc[k]
            arbiters[1].c1.jnAcc = a1.c1.jnAcc[k]; arbiters[1].c1.jtAcc = a1.c1.jtAcc[k]
            ContactStep.keep(b.store, d, arbiters, twoArbiters ? 2 : 1)
        }
    }
}

/// The lists of worlds whose contacts iterate in lanes: one per joint kind (none, drag,
/// springs) and contact pattern (one arbiter with one or two contacts; two arbiters with one
/// or two each), 18 in all; a list's worlds wait in ``StepScratch/pendingWorlds`` until a
/// group of eight is ready.
enum ContactLanes {
    /// The most arbiters a world in the lanes has.
    static let arbiters = 2
    static let patterns = 6
    static let lists = 3 * patterns

    /// The list of a world with joint kind `joint` (0 none, 1 drag, 2 springs) and
    /// `arbiters` arbiters whose contact counts are `counts` (per arbiter, count − 1, as the
    /// bits of a number, the first arbiter's highest).
    @inline(__always) static func list(joint: Int, arbiters: Int, counts: Int) -> Int {
        joint * patterns + (arbiters == 1 ? counts : 2 + counts)
    }

    /// A list's pattern: whether it has two arbiters, and whether each has two contacts.
    @inline(__always) static func pattern(_ list: Int) -> (Bool, Bool, Bool) {
        let p = list % patterns
        return p < 2 ? (false, p == 1, false) : (true, (p - 2) >> 1 == 1, (p - 2) & 1 == 1)
    }

    /// A group of a list's worlds: the step's views, and the worlds' arbiters, two per world
    /// in the group's order (``StepScratch/pendingArbiters``).
    struct Context {
        let b: StepBuffers
        let arbiters: UnsafeMutablePointer<Arbiter>
        let list: Int

        /// Runs `iterations` rounds for the group of `count` (1...``SolverLanes/width``) worlds
        /// at `worlds`; a group of four or fewer takes one half.
        @inline(__always) func iterate(_ worlds: UnsafePointer<Int32>, _ count: Int, _ iterations: Int) {
            switch list / ContactLanes.patterns {
            case 0: run(NoJointLanes.self, worlds, count, iterations)
            case 1: run(DragJointLanes.self, worlds, count, iterations)
            default: run(AttractionJointLanes.self, worlds, count, iterations)
            }
        }

        @inline(__always)
        func run<Joint: JointLanes>(_: Joint.Type, _ worlds: UnsafePointer<Int32>, _ count: Int, _ iterations: Int) {
            var lo = ContactGroup<Joint>(worlds, count, 0, self)
            if count <= Half.scalarCount {
                for _ in 0..<iterations { lo.iterate() }
                lo.scatter(worlds, count, 0, self)
                return
            }
            var hi = ContactGroup<Joint>(worlds, count, Half.scalarCount, self)
            for _ in 0..<iterations {
                lo.iterate()
                hi.iterate()
            }
            lo.scatter(worlds, count, 0, self)
            hi.scatter(worlds, count, Half.scalarCount, self)
        }
    }
}
