// The clauses held to closed forms, within tolerances stated in the catalog
// (BackendConformanceClauses.md): free fall against p₀ + v₀t + gt²/2, the attraction springs
// against a damped oscillator's period and decay, a drag against errorBias^t. The tolerances
// admit any integrator of first order or better at the steps used (Chipmunk's, whose position
// lags the exact one by half a step of velocity, sits inside them), and no integrator that
// ignores a force.
#if canImport(Foundation)
import Foundation
#elseif canImport(Glibc)
import Glibc
#endif
import Fling

extension BackendConformance {
    // MARK: Free fall

    static func freeFall(_ f: Factory) throws(Failed) {
        let bodies: [(role: String, definition: WorldDefinition, velocity: Vector, spin: Double, damping: Double)] = [
            (
                "a body thrown up and sideways under screen gravity",
                WorldDefinition(mass: 1, moment: 100, transform: Transform(position: Vector(10, 20), angle: 0.25), gravity: Vector(0, 980)),
                Vector(120, -400), 2.5, 1
            ),
            (
                "a heavy body falling from rest under slanted gravity",
                WorldDefinition(mass: 3, moment: 50, transform: Transform(position: Vector(-500, 300)), gravity: Vector(-250, 60)),
                .zero, -1, 1
            ),
            (
                "a body that cannot turn, in uniform motion",
                WorldDefinition(
                    mass: 0.2, moment: 1, transform: Transform(position: Vector(33, -44)), gravity: .zero, allowsRotation: false),
                Vector(33, 44), 0, 1
            ),
            (
                "a body slowed by damping 0.5, no gravity",
                WorldDefinition(mass: 1, moment: 10, transform: Transform(position: Vector(0, 0)), gravity: .zero),
                Vector(300, -200), 3, 0.5
            ),
        ]
        for (dt, ticks) in [(1.0 / 60, 60), (1.0 / 240, 120)] {
            let backend = try f.fresh()
            var ids: [WorldID] = []
            for (k, b) in bodies.enumerated() {
                let w = try f.accepted("makeWorld(\(b.role))", world: k) { () throws(FlingError) in try backend.makeWorld(b.definition) }
                try f.accepted("setVelocity(of: \(w), linear: \(b.velocity), angular: \(b.spin))", world: k) { () throws(FlingError) in
                    try backend.setVelocity(of: w, linear: b.velocity, angular: b.spin)
                }
                if b.damping != 1 {
                    try f.accepted("setDamping(of: \(w), \(b.damping))", world: k) { () throws(FlingError) in
                        try backend.setDamping(of: w, b.damping)
                    }
                }
                ids.append(w)
            }
            for n in 0..<ticks {
                try f.accepted("step(by: \(dt))", tick: n) { () throws(FlingError) in try backend.step(by: dt) }
                let t = Double(n + 1) * dt
                for (k, b) in bodies.enumerated() {
                    let s = try f.accepted("state(of: \(ids[k]))", world: k, tick: n) { () throws(FlingError) in
                        try backend.state(of: ids[k])
                    }
                    let p0 = b.definition.transform.position, g = b.definition.gravity, v0 = b.velocity, a0 = b.definition.transform.angle
                    let checks: [(String, Double, Double, Double)]
                    if b.damping == 1 {
                        // Within half a step of velocity of the closed form, each way.
                        checks = [
                            ("position.x", s.position.x, p0.x + v0.x * t + g.x * t * t / 2, abs(g.x) * t * dt / 2),
                            ("position.y", s.position.y, p0.y + v0.y * t + g.y * t * t / 2, abs(g.y) * t * dt / 2),
                            ("velocity.x", s.velocity.x, v0.x + g.x * t, 0), ("velocity.y", s.velocity.y, v0.y + g.y * t, 0),
                            ("angle", s.angle, a0 + b.spin * t, 0), ("angularVelocity", s.angularVelocity, b.spin, 0),
                        ]
                    } else {
                        // v = v₀·d^t and p = p₀ + v₀(1 − d^t)/λ, λ = −ln d: within a step of decay and one of travel.
                        let keep = pow(b.damping, t), lambda = -log(b.damping)
                        let travel = (1 - keep) / lambda
                        checks = [
                            ("position.x", s.position.x, p0.x + v0.x * travel, abs(v0.x) * dt),
                            ("position.y", s.position.y, p0.y + v0.y * travel, abs(v0.y) * dt),
                            ("velocity.x", s.velocity.x, v0.x * keep, abs(v0.x) * lambda * dt),
                            ("velocity.y", s.velocity.y, v0.y * keep, abs(v0.y) * lambda * dt),
                            ("angle", s.angle, a0 + b.spin * travel, abs(b.spin) * dt),
                            ("angularVelocity", s.angularVelocity, b.spin * keep, abs(b.spin) * lambda * dt),
                        ]
                    }
                    for (field, seen, closed, slack) in checks {
                        let allowed = slack + 1e-9 * (abs(closed) + abs(v0.x) + abs(v0.y) + (abs(g.x) + abs(g.y)) * t + 1)
                        guard abs(seen - closed) <= allowed else {
                            throw f.fail(
                                world: k, tick: n, field: field,
                                "\(seen), where the closed form gives \(closed) at t = \(t) s (dt \(dt) s; \(b.role)): off by \(abs(seen - closed)), allowed \(allowed)"
                            )
                        }
                    }
                }
            }
        }
    }

    // MARK: The damped springs

    /// A 2 kg body 60 points from its springs' origin and turned 0.6 rad: the spring at
    /// 1.5 Hz with damping ratio 0.15, the rotary one at 1.2 Hz with 0.1, 2.5 s at 120 Hz.
    static func dampedSpring(_ f: Factory) throws(Failed) {
        let mass = 2.0, moment = 500.0, origin = Vector(300, 400)
        let (omega, zeta) = (2 * Double.pi * 1.5, 0.15), (omegaR, zetaR) = (2 * Double.pi * 1.2, 0.1)
        let definition = WorldDefinition(
            mass: mass, moment: moment, transform: Transform(position: Vector(360, 400), angle: 0.6), gravity: .zero)
        let springs = Attraction(
            origin: origin, stiffness: mass * omega * omega, damping: 2 * zeta * mass * omega,
            angularStiffness: moment * omegaR * omegaR, angularDamping: 2 * zetaR * moment * omegaR)
        let dt = 1.0 / 120, ticks = 300
        let backend = try f.fresh()
        let w = try f.accepted("makeWorld", world: 0) { () throws(FlingError) in try backend.makeWorld(definition) }
        try f.accepted("attachAttraction(\(springs), to: \(w))", world: 0) { () throws(FlingError) in
            try backend.attachAttraction(springs, to: w)
        }
        var x: [Double] = [], angle: [Double] = []
        for n in 0..<ticks {
            try f.accepted("step(by: \(dt))", tick: n) { () throws(FlingError) in try backend.step(by: dt) }
            let s = try f.accepted("state(of: \(w))", world: 0, tick: n) { () throws(FlingError) in try backend.state(of: w) }
            // The springs pull along the line to the origin: the body never leaves it.
            guard abs(s.position.y - origin.y) <= 1e-6 else {
                throw f.fail(
                    world: 0, tick: n, field: "position.y",
                    "\(s.position.y): the body left the line y = \(origin.y) its springs pull it along (allowed 1e-6)")
            }
            x.append(s.position.x - origin.x)
            angle.append(s.angle)
        }
        try oscillation(x, "position.x", omega: omega, zeta: zeta, dt: dt, f)
        try oscillation(angle, "angle", omega: omegaR, zeta: zetaR, dt: dt, f)
    }

    /// Holds `series` (after each step) to a damped oscillator of natural frequency `omega`
    /// and damping ratio `zeta`: its period between zero crossings within 2 %, its decay over
    /// one period (two peaks of one sign) within 3 %.
    static func oscillation(_ series: [Double], _ field: String, omega: Double, zeta: Double, dt: Double, _ f: Factory) throws(Failed) {
        let period = 2 * Double.pi / (omega * (1 - zeta * zeta).squareRoot())
        let decay = exp(-zeta * omega * period)
        // Crossings of 0, each at the time linear interpolation puts it (sample i is at (i+1)·dt).
        var crossings: [(time: Double, index: Int)] = []
        for i in 1..<series.count where (series[i - 1] > 0) != (series[i] > 0) {
            let t = Double(i) * dt + dt * series[i - 1] / (series[i - 1] - series[i])
            crossings.append((t, i))
        }
        guard crossings.count >= 4 else {
            throw f.fail(
                world: 0, tick: series.count - 1, field: field,
                "crossed its rest value \(crossings.count) times in \(Double(series.count) * dt) s; the closed form crosses every \(period / 2) s"
            )
        }
        let measured = crossings[2].time - crossings[0].time
        guard abs(measured - period) <= 0.02 * period else {
            throw f.fail(
                world: 0, tick: crossings[2].index, field: field,
                "a period of \(measured) s between its crossings, where the closed form gives \(period) s (allowed ±2 %)")
        }
        // The peak between two crossings, refined by the parabola through its three samples.
        func peak(_ from: Int, _ to: Int) -> Double {
            var best = from
            for i in from..<to where abs(series[i]) > abs(series[best]) { best = i }
            guard best > 0, best + 1 < series.count else { return abs(series[best]) }
            let (a, b, c) = (abs(series[best - 1]), abs(series[best]), abs(series[best + 1]))
            let curvature = a - 2 * b + c
            return curvature < 0 ? b - (a - c) * (a - c) / (8 * curvature) : b
        }
        let first = peak(crossings[0].index, crossings[1].index), second = peak(crossings[2].index, crossings[3].index)
        let ratio = second / first
        guard abs(ratio - decay) <= 0.03 * decay else {
            throw f.fail(
                world: 0, tick: crossings[3].index, field: field,
                "its amplitude fell by a factor \(ratio) over one period (peaks \(first), \(second)), where the closed form gives \(decay) (allowed ±3 %)"
            )
        }
    }

    // MARK: The drag

    /// A body held at its center by a drag whose finger stands still closes the gap as
    /// `errorBias^t`: 1.5 s toward one finger position, then 1 s toward another.
    static func dragFollows(_ f: Factory) throws(Failed) {
        let errorBias = 1e-3, dt = 1.0 / 60
        let definition = WorldDefinition(mass: 1, moment: 1000, transform: Transform(position: Vector(100, 100)), gravity: .zero)
        let backend = try f.fresh()
        let w = try f.accepted("makeWorld", world: 0) { () throws(FlingError) in try backend.makeWorld(definition) }
        var finger = Vector(160, 20)
        let joint = DragJoint(localAnchor: .zero, finger: finger, maxForce: 1e6, errorBias: errorBias)
        let id = try f.accepted("addDrag(\(joint), to: \(w))", world: 0) { () throws(FlingError) in try backend.addDrag(joint, to: w) }
        var tick = 0, residual = 0.0, last = 0.0
        for (phase, ticks) in [90, 60].enumerated() {
            let start = try f.accepted("state(of: \(w))", world: 0, tick: tick) { () throws(FlingError) in try backend.state(of: w) }
            let gap0 = Vector(finger.x - start.position.x, finger.y - start.position.y), e0 = length(gap0)
            for n in 0..<ticks {
                try f.accepted("step(by: \(dt))", world: 0, tick: tick) { () throws(FlingError) in try backend.step(by: dt) }
                let s = try f.accepted("state(of: \(w))", world: 0, tick: tick) { () throws(FlingError) in try backend.state(of: w) }
                let gap = Vector(finger.x - s.position.x, finger.y - s.position.y), e = length(gap)
                let t = Double(n + 1) * dt
                // Within one step of the closed form either way, and on the line to the finger (give
                // or take what was left of the gap to the finger's last position).
                let slack = 1e-6 + residual
                let upper = e0 * pow(errorBias, t - dt) * (1 + 1e-6) + slack, lower = e0 * pow(errorBias, t + dt) * (1 - 1e-6) - slack
                let across = abs(gap.x * gap0.y - gap.y * gap0.x) / e0, along = gap.x * gap0.x + gap.y * gap0.y
                guard e <= upper, e >= lower, across <= 1e-6 * e0 + slack, along >= 0 || e <= slack else {
                    throw f.fail(
                        world: 0, tick: tick, field: "gap to the finger at \(finger)",
                        "\(e) points (\(across) off the line to the finger), where errorBias^t leaves \(e0 * pow(errorBias, t)) of \(e0) after \(t) s (allowed \(lower)...\(upper): one step either way)"
                    )
                }
                tick += 1
                last = e
            }
            guard phase == 0 else { break }
            residual = last
            finger = Vector(40, 140)
            try f.accepted("moveDrag(\(id), in: \(w), to: \(finger), velocity: .zero)", world: 0, tick: tick) { () throws(FlingError) in
                try backend.moveDrag(id, in: w, to: finger, velocity: .zero)
            }
        }
    }
}
