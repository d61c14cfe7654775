// Scripts of calls, played on a backend tick by tick: each world a track (its definition, the
// tick it is made at, the tick it is destroyed at, its calls by tick since it was made), so the
// same track can be played alone, among others, in another order of creation, or again. What a
// play records per world (its state after every step, the outcome of every call) is what the
// determinism clauses compare to the bit.
import Fling

extension BackendConformance {
    /// A call a script makes on one world.
    enum Action {
        case addDrag(DragJoint)
        /// Moves the world's drag number `drag` (in the order its track added them).
        case moveDrag(Int, to: Vector, velocity: Vector)
        case removeDrag(Int)
        case attach(Attraction)
        case detach
        case gravity(Vector)
        case damping(Double)
        case velocity(Vector, Double)
    }

    /// One world of a script.
    struct Track {
        var role: String
        var definition: WorldDefinition
        /// The tick it is made at (before that tick's step), and destroyed at.
        var born = 0
        var dies: Int?
        /// Its calls, each at a tick counted from `born`, in order.
        var actions: [(tick: Int, action: Action)] = []
    }

    /// What a play saw, by track: the state after every step the world took part in, and the
    /// outcome of every call (nil: accepted; else the error's code, or why it was not made).
    struct Played {
        var states: [[BodyState]]
        var outcomes: [[String?]]
        var ids: [[WorldID]]
        /// The worlds still live at the end.
        var live: [WorldID] = []
    }

    /// Plays `tracks` for `ticks` steps of `dt` on `backend`, the tracks of a tick visited in
    /// `order`. `readsToo`: every tick, `readStates(of:into:)` must give what `state(of:)` gives.
    static func play(
        _ tracks: [Track], order: [Int]? = nil, ticks: Int, dt: Double, on backend: any PhysicsBackend, _ f: Factory,
        readsToo: Bool = false
    ) throws(Failed) -> Played {
        let order = order ?? Array(tracks.indices)
        var ids = [WorldID?](repeating: nil, count: tracks.count)
        var drags = [[JointID?]](repeating: [], count: tracks.count)
        var next = [Int](repeating: 0, count: tracks.count)
        var played = Played(
            states: Array(repeating: [], count: tracks.count), outcomes: Array(repeating: [], count: tracks.count),
            ids: Array(repeating: [], count: tracks.count))
        var read: [BodyState] = []
        for tick in 0..<ticks {
            for k in order {
                let track = tracks[k]
                if tick == track.born {
                    ids[k] = try f.accepted("makeWorld(\(track.role))", world: k) { () throws(FlingError) in
                        try backend.makeWorld(track.definition)
                    }
                    played.ids[k].append(ids[k]!)
                }
                if tick == track.dies, let w = ids[k] {
                    try f.accepted("destroyWorld(\(w))", world: k, tick: tick - track.born) { () throws(FlingError) in
                        try backend.destroyWorld(w)
                    }
                    ids[k] = nil
                }
                guard let w = ids[k] else { continue }
                while next[k] < track.actions.count, track.actions[next[k]].tick == tick - track.born {
                    played.outcomes[k].append(apply(track.actions[next[k]].action, to: w, &drags[k], backend))
                    next[k] += 1
                }
            }
            try f.accepted("step(by: \(dt)) at the script's tick \(tick)") { () throws(FlingError) in try backend.step(by: dt) }
            var live: [WorldID] = [], which: [Int] = []
            for k in tracks.indices { if let w = ids[k] { live.append(w); which.append(k) } }
            for (k, w) in zip(which, live) {
                let tick = played.states[k].count
                played.states[k].append(
                    try f.accepted("state(of: \(w))", world: k, tick: tick) { () throws(FlingError) in try backend.state(of: w) })
            }
            if readsToo {
                try f.accepted("readStates(of: \(live.count) worlds, into:)") { () throws(FlingError) in
                    try backend.readStates(of: live, into: &read)
                }
                guard read.count == live.count else {
                    throw f.fail(
                        field: "readStates(of:into:)", "gave \(read.count) states for \(live.count) worlds at the script's tick \(tick)")
                }
                for (n, k) in which.enumerated() {
                    if let d = difference(read[n], played.states[k].last!) {
                        throw f.fail(
                            world: k, tick: played.states[k].count - 1, field: d.field,
                            "readStates(of:into:) gives \(bits(d.a)), state(of:) gives \(bits(d.b)) (\(tracks[k].role))")
                    }
                }
            }
        }
        played.live = ids.compactMap { $0 }
        return played
    }

    /// One call of a script; its outcome.
    static func apply(_ action: Action, to w: WorldID, _ drags: inout [JointID?], _ backend: any PhysicsBackend) -> String? {
        do throws(FlingError) {
            switch action {
            case .addDrag(let joint):
                drags.append(nil)
                drags[drags.count - 1] = try backend.addDrag(joint, to: w)
            case .moveDrag(let n, let p, let v):
                guard n < drags.count, let id = drags[n] else { return "not made: drag \(n) was refused or removed" }
                try backend.moveDrag(id, in: w, to: p, velocity: v)
            case .removeDrag(let n):
                guard n < drags.count, let id = drags[n] else { return "not made: drag \(n) was refused or removed" }
                try backend.removeDrag(id, from: w)
                drags[n] = nil
            case .attach(let a): try backend.attachAttraction(a, to: w)
            case .detach: try backend.detachAttraction(from: w)
            case .gravity(let g): try backend.setGravity(of: w, g)
            case .damping(let d): try backend.setDamping(of: w, d)
            case .velocity(let v, let a): try backend.setVelocity(of: w, linear: v, angular: a)
            }
            return nil
        } catch {
            return "refused: \(error.code)"
        }
    }

    /// Throws the first difference between `other` and `reference`, world by world, tick by
    /// tick (`what` and `against` say what each is; `tracks` name the worlds, `numbers` gives
    /// their numbers in the whole script).
    static func compare(
        _ other: Played, with reference: Played, _ tracks: [Track], _ what: String, against: String = "the first run",
        numbers: [Int]? = nil, _ f: Factory
    ) throws(Failed) {
        for k in tracks.indices {
            let n = numbers?[k] ?? k
            let (a, b) = (reference.states[k], other.states[k])
            for t in 0..<min(a.count, b.count) {
                if let d = difference(b[t], a[t]) {
                    throw f.fail(
                        world: n, tick: t, field: d.field,
                        "\(what) gives \(bits(d.a)), where \(against) gave \(bits(d.b)) (world \(n): \(tracks[k].role), "
                            + "\(other.ids[k].first.map { "\($0)" } ?? "?") against \(reference.ids[k].first.map { "\($0)" } ?? "?"))")
                }
            }
            if a.count != b.count {
                throw f.fail(world: n, field: "steps", "\(what) stepped world \(n) \(b.count) times, \(against) \(a.count)")
            }
            for (c, (x, y)) in zip(reference.outcomes[k], other.outcomes[k]).enumerated() where x != y {
                throw f.fail(
                    world: n, field: "call \(c) of \(tracks[k].role)", "\(what): \(y ?? "accepted"), where \(against): \(x ?? "accepted")")
            }
        }
    }
}

// MARK: - The scripts

extension BackendConformance {
    /// A step of 60 Hz.
    static let dt60 = 1.0 / 60

    /// A box of `size` points and density 1 at `position`, turned by `angle`.
    static func box(_ w: Double, _ h: Double, at position: Vector, angle: Double = 0, gravity: Vector = .zero) -> WorldDefinition {
        .box(size: Vector(w, h), density: 1, transform: Transform(position: position, angle: angle), gravity: gravity)
    }

    /// Six worlds that do what an app does to them, 90 ticks long: dragged by one finger and by
    /// two, released and thrown, springs attached and removed, gravity and damping changed, one
    /// made late, one destroyed early, a body that cannot turn, and a refused call or two.
    static var busyTracks: [Track] {
        var tracks: [Track] = []
        // 0: a tile grabbed off-center, dragged along a curve, thrown, then sent home.
        var t = Track(role: "the dragged tile", definition: box(120, 90, at: Vector(120, 200), angle: 0.1, gravity: Vector(0, 1500)))
        let m0 = t.definition.mass
        t.actions.append(
            (0, .addDrag(DragJoint(localAnchor: Vector(25, -20), finger: Vector(145, 180), maxForce: m0 * 5e4, errorBias: 5.8e-5))))
        for k in 1...40 {
            let s = Double(k) * dt60
            let p = Vector(145 + 500 * s, 180 + 900 * s * s - 300 * s)
            t.actions.append((k, .moveDrag(0, to: p, velocity: Vector(500, 1800 * s - 300))))
        }
        t.actions += [
            (41, .removeDrag(0)), (41, .velocity(Vector(600, -300), 4)), (60, .gravity(.zero)),
            (
                60,
                .attach(
                    Attraction(origin: Vector(120, 200), stiffness: m0 * 225, damping: m0 * 12, angularStiffness: 1e5, angularDamping: 900))
            ),
        ]
        tracks.append(t)
        // 1: a tile on its springs, knocked, let go, damped.
        t = Track(
            role: "the tile on its springs",
            definition: WorldDefinition(
                mass: 2, moment: 3000, transform: Transform(position: Vector(400, 300), angle: -0.4), gravity: .zero))
        t.actions = [
            (0, .attach(Attraction(origin: Vector(350, 320), stiffness: 400, damping: 20, angularStiffness: 3e5, angularDamping: 1.5e4))),
            (10, .addDrag(DragJoint(localAnchor: .zero, finger: Vector(400, 300), maxForce: 1e5, errorBias: 1e-3))),  // refused: springs
            (30, .velocity(Vector(-200, 100), -3)), (50, .detach), (50, .gravity(Vector(0, 900))), (60, .damping(0.3)),
        ]
        tracks.append(t)
        // 2: two fingers on one tile, made at tick 5.
        t = Track(role: "the tile held by two fingers", definition: box(80, 80, at: Vector(250, 500), gravity: Vector(0, 800)), born: 5)
        let m2 = t.definition.mass
        t.actions = [
            (0, .addDrag(DragJoint(localAnchor: Vector(-30, -30), finger: Vector(220, 470), maxForce: m2 * 5e4, errorBias: 1e-3))),
            (0, .addDrag(DragJoint(localAnchor: Vector(30, 30), finger: Vector(280, 530), maxForce: m2 * 5e4, errorBias: 1e-3))),
        ]
        for k in 1...30 {
            let s = Double(k) * dt60
            t.actions.append((k, .moveDrag(0, to: Vector(220 - 200 * s, 470), velocity: Vector(-200, 0))))
            t.actions.append((k, .moveDrag(1, to: Vector(280 + 150 * s, 530 + 100 * s), velocity: Vector(150, 100))))
        }
        t.actions += [(31, .removeDrag(0)), (45, .removeDrag(1)), (46, .removeDrag(1))]  // the last refused: removed
        tracks.append(t)
        // 3: a short-lived body, made at tick 10, destroyed at tick 40.
        t = Track(
            role: "the short-lived body",
            definition: WorldDefinition(mass: 0.5, moment: 40, transform: Transform(position: Vector(50, 50)), gravity: Vector(0, 300)),
            born: 10, dies: 40)
        t.actions = [(0, .velocity(Vector(100, 0), 1)), (12, .gravity(Vector(0, -300))), (13, .damping(0.8))]
        tracks.append(t)
        // 4: a tile made late (at tick 45, where the short-lived one's slot may be reused).
        t = Track(
            role: "the tile made late", definition: box(100, 100, at: Vector(600, 100), angle: 0.3, gravity: Vector(0, 1200)), born: 45)
        let m4 = t.definition.mass
        t.actions.append(
            (0, .addDrag(DragJoint(localAnchor: Vector(-40, 10), finger: Vector(560, 110), maxForce: m4 * 5e4, errorBias: 5.8e-5))))
        for k in 1...20 {
            let s = Double(k) * dt60
            t.actions.append((k, .moveDrag(0, to: Vector(560 - 900 * s, 110 + 400 * s), velocity: Vector(-900, 400))))
        }
        t.actions += [
            (21, .removeDrag(0)), (21, .velocity(Vector(-900, 400), -2)), (22, .gravity(.zero)),
            (
                22,
                .attach(
                    Attraction(origin: Vector(600, 100), stiffness: m4 * 300, damping: m4 * 15, angularStiffness: 5e4, angularDamping: 600))
            ),
        ]
        tracks.append(t)
        // 5: a body that cannot turn, thrown and damped.
        t = Track(
            role: "the body that cannot turn",
            definition: WorldDefinition(
                mass: 1.5, moment: 1, transform: Transform(position: Vector(300, 700)), gravity: Vector(0, 600), allowsRotation: false))
        t.actions = [
            (0, .velocity(Vector(-150, -700), 5)), (20, .damping(0.5)), (40, .gravity(Vector(200, 0))),
            (41, .addDrag(DragJoint(localAnchor: Vector(5, 5), finger: Vector(250, 600), maxForce: 1e5, errorBias: 1e-3))),
            (42, .moveDrag(0, to: Vector(240, 610), velocity: Vector(-600, 600))), (70, .removeDrag(0)),
        ]
        tracks.append(t)
        return tracks
    }

    static let busyTicks = 90
}
