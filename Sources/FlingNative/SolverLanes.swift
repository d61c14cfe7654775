/// The SIMD vector the solver iterations run in: one world per lane, eight worlds, iterated
/// as two halves of four (``Half``) side by side. One world's iteration is a chain of about
/// 20 dependent adds and multiplies; eight chains in flight keep the core's floating-point
/// units busy instead of waiting on one chain's latency. (Measured on the 2-core EPYC VM,
/// the attraction iteration per world: ≈ 12 ns alone, ≈ 6 ns four at a time, ≈ 3.5-4 ns
/// eight at a time; sixteen at a time is no faster.)
typealias Lanes = SIMD8<Double>

/// Half of ``Lanes``: four `Double`s, two SSE2 registers (one AVX or two NEON registers).
typealias Half = SIMD4<Double>

/// A lane vector filled from up to ``Lanes/scalarCount`` worlds; a short group repeats its
/// last world in the spare lanes (lanes never mix, so a repeat only costs its lane's time).
@inline(__always)
func gather(_ worlds: UnsafePointer<Int32>, _ count: Int, _ field: (Int) -> Double) -> Lanes {
    var v = Lanes()
    for k in 0..<Lanes.scalarCount { v[k] = field(Int(worlds[k < count ? k : count - 1])) }
    return v
}

/// Writes lane `k` of `v` back to world `k` of the group, for its `count` real worlds.
@inline(__always)
func scatter(_ v: Lanes, _ worlds: UnsafePointer<Int32>, _ count: Int, _ store: (Int, Double) -> Void) {
    for k in 0..<count { store(Int(worlds[k]), v[k]) }
}

/// The iterations of drag worlds whose finger bodies are inert, up to eight at once.
enum DragLanes {
    /// Each line is ``PivotJoint/applyImpulse(inertAnchorVelocity:_:_:_:)`` with the same
    /// operations in the same order, a world per lane: a lane's add or multiply is the same
    /// IEEE operation as a scalar one. The clamp to `maxForce·dt` is computed, when any lane
    /// needs it, with lane operations (`sqrtpd`, `divpd` are IEEE's correctly rounded square
    /// root and division) and kept only in the lanes whose `v·v > len²`, as the scalar branch.
    @inline(__always)
    static func iterate(_ worlds: UnsafePointer<Int32>, _ count: Int, _ b: StepBuffers, _ iterations: Int) {
        let bodies = b.bodies, anchors = b.anchors, joints = b.joints
        var vx = gather(worlds, count) { bodies[$0].vx }
        var vy = gather(worlds, count) { bodies[$0].vy }
        var w = gather(worlds, count) { bodies[$0].w }
        let mInv = gather(worlds, count) { bodies[$0].mInv }
        let iInv = gather(worlds, count) { bodies[$0].iInv }
        let ax = gather(worlds, count) { anchors[$0].vx }
        let ay = gather(worlds, count) { anchors[$0].vy }
        var r2x = Lanes(), r2y = Lanes(), ka = Lanes(), kb = Lanes(), kc = Lanes(), kd = Lanes()
        var biasX = Lanes(), biasY = Lanes(), jAccX = Lanes(), jAccY = Lanes(), maxForce = Lanes()
        for k in 0..<Lanes.scalarCount {
            let p = joints.load(Int(worlds[k < count ? k : count - 1]), as: PivotJoint.self)
            r2x[k] = p.r2x; r2y[k] = p.r2y
            ka[k] = p.ka; kb[k] = p.kb; kc[k] = p.kc; kd[k] = p.kd
            biasX[k] = p.biasX; biasY[k] = p.biasY
            jAccX[k] = p.jAccX; jAccY[k] = p.jAccY
            maxForce[k] = p.maxForce
        }
        let len = maxForce * b.dt
        var lo = DragHalf(
            vx: vx.lowHalf, vy: vy.lowHalf, w: w.lowHalf, jAccX: jAccX.lowHalf, jAccY: jAccY.lowHalf,
            mInv: mInv.lowHalf, iInv: iInv.lowHalf, ax: ax.lowHalf, ay: ay.lowHalf, r2x: r2x.lowHalf,
            negR2y: -r2y.lowHalf, r2y: r2y.lowHalf, ka: ka.lowHalf, kb: kb.lowHalf, kc: kc.lowHalf, kd: kd.lowHalf,
            biasX: biasX.lowHalf, biasY: biasY.lowHalf, len: len.lowHalf, len2: len.lowHalf * len.lowHalf)
        var hi = DragHalf(
            vx: vx.highHalf, vy: vy.highHalf, w: w.highHalf, jAccX: jAccX.highHalf, jAccY: jAccY.highHalf,
            mInv: mInv.highHalf, iInv: iInv.highHalf, ax: ax.highHalf, ay: ay.highHalf, r2x: r2x.highHalf,
            negR2y: -r2y.highHalf, r2y: r2y.highHalf, ka: ka.highHalf, kb: kb.highHalf, kc: kc.highHalf,
            kd: kd.highHalf, biasX: biasX.highHalf, biasY: biasY.highHalf, len: len.highHalf,
            len2: len.highHalf * len.highHalf)
        for _ in 0..<iterations {
            lo.iterate()
            hi.iterate()
        }
        vx = Lanes(lowHalf: lo.vx, highHalf: hi.vx)
        vy = Lanes(lowHalf: lo.vy, highHalf: hi.vy)
        w = Lanes(lowHalf: lo.w, highHalf: hi.w)
        jAccX = Lanes(lowHalf: lo.jAccX, highHalf: hi.jAccX)
        jAccY = Lanes(lowHalf: lo.jAccY, highHalf: hi.jAccY)
        scatter(vx, worlds, count) { bodies[$0].vx = $1 }
        scatter(vy, worlds, count) { bodies[$0].vy = $1 }
        scatter(w, worlds, count) { bodies[$0].w = $1 }
        for k in 0..<count {
            let i = Int(worlds[k])
            var p = joints.load(i, as: PivotJoint.self)
            p.jAccX = jAccX[k]; p.jAccY = jAccY[k]
            joints.store(p, i)
        }
    }
}

/// The iterations of attracted worlds whose static bodies are at rest (always, in
/// practice), up to eight at once.
enum AttractionLanes {
    /// Each line is ``DampedSpring/applyImpulse(inertAnchor:)`` then
    /// ``DampedRotarySpring/applyImpulse(inertAnchor:)``, spring first as they were added,
    /// with the same operations in the same order, a world per lane.
    @inline(__always)
    static func iterate(_ worlds: UnsafePointer<Int32>, _ count: Int, _ b: StepBuffers, _ iterations: Int) {
        let bodies = b.bodies, joints = b.joints
        var vx = gather(worlds, count) { bodies[$0].vx }
        var vy = gather(worlds, count) { bodies[$0].vy }
        var w = gather(worlds, count) { bodies[$0].w }
        let mInv = gather(worlds, count) { bodies[$0].mInv }
        let iInv = gather(worlds, count) { bodies[$0].iInv }
        var r2x = Lanes(), r2y = Lanes(), nx = Lanes(), ny = Lanes(), nMass = Lanes(), vCoef = Lanes()
        var targetVrn = Lanes(), iSum = Lanes(), wCoef = Lanes(), targetWrn = Lanes()
        for k in 0..<Lanes.scalarCount {
            let s = joints.load(Int(worlds[k < count ? k : count - 1]), as: AttractionSprings.self)
            r2x[k] = s.spring.r2x; r2y[k] = s.spring.r2y
            nx[k] = s.spring.nx; ny[k] = s.spring.ny
            nMass[k] = s.spring.nMass; vCoef[k] = s.spring.vCoef; targetVrn[k] = s.spring.targetVrn
            iSum[k] = s.rotary.iSum; wCoef[k] = s.rotary.wCoef; targetWrn[k] = s.rotary.targetWrn
        }
        var lo = AttractionHalf(
            vx: vx.lowHalf, vy: vy.lowHalf, w: w.lowHalf, targetVrn: targetVrn.lowHalf, targetWrn: targetWrn.lowHalf,
            mInv: mInv.lowHalf, iInv: iInv.lowHalf, r2x: r2x.lowHalf, negR2y: -r2y.lowHalf, r2y: r2y.lowHalf,
            nx: nx.lowHalf, ny: ny.lowHalf, nMass: nMass.lowHalf, vCoef: vCoef.lowHalf, iSum: iSum.lowHalf,
            wCoef: wCoef.lowHalf)
        var hi = AttractionHalf(
            vx: vx.highHalf, vy: vy.highHalf, w: w.highHalf, targetVrn: targetVrn.highHalf,
            targetWrn: targetWrn.highHalf, mInv: mInv.highHalf, iInv: iInv.highHalf, r2x: r2x.highHalf,
            negR2y: -r2y.highHalf, r2y: r2y.highHalf, nx: nx.highHalf, ny: ny.highHalf, nMass: nMass.highHalf,
            vCoef: vCoef.highHalf, iSum: iSum.highHalf, wCoef: wCoef.highHalf)
        for _ in 0..<iterations {
            lo.iterate()
            hi.iterate()
        }
        vx = Lanes(lowHalf: lo.vx, highHalf: hi.vx)
        vy = Lanes(lowHalf: lo.vy, highHalf: hi.vy)
        w = Lanes(lowHalf: lo.w, highHalf: hi.w)
        targetVrn = Lanes(lowHalf: lo.targetVrn, highHalf: hi.targetVrn)
        targetWrn = Lanes(lowHalf: lo.targetWrn, highHalf: hi.targetWrn)
        scatter(vx, worlds, count) { bodies[$0].vx = $1 }
        scatter(vy, worlds, count) { bodies[$0].vy = $1 }
        scatter(w, worlds, count) { bodies[$0].w = $1 }
        for k in 0..<count {
            let i = Int(worlds[k])
            var s = joints.load(i, as: AttractionSprings.self)
            s.spring.targetVrn = targetVrn[k]; s.rotary.targetWrn = targetWrn[k]
            joints.store(s, i)
        }
    }
}

/// Four attracted worlds' iteration state, one per lane: ``AttractionLanes`` runs two of
/// these side by side.
struct AttractionHalf {
    var vx, vy, w, targetVrn, targetWrn: Half
    let mInv, iInv, r2x, negR2y, r2y, nx, ny, nMass, vCoef, iSum, wCoef: Half

    /// One iteration: the spring, then the rotary spring.
    @inline(__always) mutating func iterate() {
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
}

/// Four drag worlds' iteration state, one per lane: ``DragLanes`` runs two of these side by
/// side.
struct DragHalf {
    var vx, vy, w, jAccX, jAccY: Half
    let mInv, iInv, ax, ay, r2x, negR2y, r2y, ka, kb, kc, kd, biasX, biasY, len, len2: Half

    /// One iteration: `j = K⁻¹ (bias - v_rel)`, the accumulated impulse clamped to `len`.
    @inline(__always) mutating func iterate() {
        let vrx = (vx + negR2y * w) - ax
        let vry = (vy + r2x * w) - ay
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
}
