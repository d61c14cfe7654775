// A whole app session from its parts: gestures on the scene's tiles (one to four fingers, some
// at once, a second finger taking a held or moving tile over, some cancelled, some missing
// every tile), display frames, touches handed in mid-frame and late, and in a scene with
// dynamics, pushes and field changes while it runs. Each part draws from the one random
// source in a fixed order, so a seed names the session.
import Fling

extension Gen where Value == TouchSession {
    /// Sessions in `scene`: what ``PropertyCheck`` generates unless given a generator. In a snap
    /// scene the fingers go down on the heads where they rest (a tap on one opens the
    /// conversation), the same gestures as on tiles.
    public static func sessions(in scene: GestureScene) -> Gen<TouchSession> {
        Gen { r in
            // The fingers: each a gesture on a tile (or, now and then, on no tile), started
            // after the previous one began; a takeover starts on the previous finger's tile
            // while that finger holds it or just after it let go.
            var gestures: [Gesture] = []
            var start = r.uniform(0...0.2)
            let targets = scene.targets
            var previous: (tile: (id: Int, center: Vector, half: Vector), gesture: Gesture)?
            for n in 0..<r.integer(1...4) {
                let takeover = previous != nil && r.chance(0.2)
                let tile = takeover ? previous!.tile : targets[r.integer(0...targets.count - 1)]
                let half = tile.half
                var at = tile.center + Vector(r.uniform(-0.8...0.8) * half.x, r.uniform(-0.8...0.8) * half.y)
                if !takeover, r.chance(0.08) { at = Vector(r.uniform(0...scene.viewport.width), r.uniform(0...scene.viewport.height)) }
                if let previous, takeover {
                    // Where the held or thrown tile is about to be: near the previous finger's end.
                    let last = previous.gesture.samples.last!.position
                    at = last + Vector(r.uniform(-20...20), r.uniform(-20...20))
                    start += previous.gesture.duration * r.uniform(0.3...1.3)
                } else if n > 0 {
                    start += r.uniform(0...0.8)
                }
                let item: TileID? = r.chance(0.3) && !takeover ? TileID(tile.id) : nil
                // In a closed scene, half the fingers throw their tile at a wall or a corner, as
                // the items that froze against walls were thrown (docs/DYNAMICS.md).
                let stroke: Gen<Gesture> = scene.isClosed && r.chance(0.5) ? .throwing(from: at, at: scene.room) : .stroke(from: at)
                let gesture = stroke.generate(using: &r).placed(at: start, touch: TouchID(n + 1), item: item)
                gestures.append(gesture)
                previous = (tile, gesture)
            }
            let end = gestures.map { $0.samples.last!.time }.max()! + r.uniform(0.1...1)
            let frames = Gen<[Double]>.displayFrames(duration: end).generate(using: &r)
            let dynamics = scene.hasDynamics ? dynamicsInputs(scene, until: end, &r) : []
            var session = TouchSession(
                scene: scene, merging: gestures, frames: frames, dynamics: dynamics, lateness: r.uniform(0...0.15), &r)
            // Drawn last, from a source of their own, so that the rest of a session is what it was
            // before walls moved.
            if scene.snap == nil, scene.isClosed {
                var w = SeededRandom(seed: r.next())
                if w.chance(0.6) { session.insert(wallMoves(scene, until: end, &w)) }
            }
            return session
        }
    }

    /// A room that shrinks and grows: one to three times, one of the viewport's edges (walls)
    /// moves, the floor half the time (where gravity brings tiles to rest, and where an app's
    /// keyboard comes in from), out by up to 60 pt or in by up to what leaves every tile's home inside (so every tile
    /// still fits), at 0.95 to 60 pt a tick (evenly in the logarithm), one setWalls a tick
    /// (60 Hz), held there 0.1 to 1 s, and back at the same speed (or left moved: the app puts
    /// the scene's walls back once the session ends). Each timed, before `end`.
    static func wallMoves(_ scene: GestureScene, until end: Double, _ r: inout SeededRandom) -> [(Double, TouchSession.Action)] {
        let v = scene.viewport
        let homes = scene.tiles.map(\.frame)
        // How far each edge (top, right, bottom, left, as Wall.edges lists them) may come in.
        let inward = [
            homes.map { $0.minY - v.minY }.min()!, homes.map { v.maxX - $0.maxX }.min()!,
            homes.map { v.maxY - $0.maxY }.min()!, homes.map { $0.minX - v.minX }.min()!,
        ].map { max($0 - 1, 0) }
        var steps: [(time: Double, edge: Int, offset: Double)] = []
        for _ in 0..<r.integer(1...3) {
            let edge = r.chance(0.5) ? 2 : [0, 1, 3][r.integer(0...2)]
            let target = r.uniform(-60...inward[edge])
            let speed = 0.95 * Portable.exp(r.uniform(0...Portable.log(60 / 0.95)))
            let n = Int((abs(target) / speed).rounded(.up))
            var t = r.uniform(0...end)
            guard abs(target) >= 0.5 else { continue }
            for j in 1...max(n, 1) {
                steps.append((t, edge, target * min(Double(j) * speed / abs(target), 1)))
                t += 1.0 / 60
            }
            guard r.chance(0.5) else { continue }
            t += r.uniform(0.1...1)
            for j in stride(from: n - 1, through: 0, by: -1) {
                steps.append((t, edge, target * min(Double(j) * speed / abs(target), 1)))
                t += 1.0 / 60
            }
        }
        steps = steps.enumerated().sorted { ($0.element.time, $0.offset) < ($1.element.time, $1.offset) }.map(\.element)
        var offsets = [0.0, 0, 0, 0]
        var out: [(Double, TouchSession.Action)] = []
        for s in steps {
            offsets[s.edge] = s.offset
            let room = Rect(
                x: v.minX + offsets[3], y: v.minY + offsets[0], width: v.width - offsets[1] - offsets[3],
                height: v.height - offsets[0] - offsets[2])
            out.append((s.time, .setWalls(Wall.edges(of: room) + scene.configuration.dynamics.walls)))
        }
        return out
    }

    /// Pushes (instantaneous and continuous, at an offset), continuous pushes taken off, and
    /// field changes, at random times before `end`.
    static func dynamicsInputs(_ scene: GestureScene, until end: Double, _ r: inout SeededRandom) -> [(Double, TouchSession.Action)] {
        var out: [(Double, TouchSession.Action)] = []
        var added = 0
        for _ in 0..<r.integer(0...4) {
            let t = r.uniform(0...end)
            let targets = scene.targets
            let tile = TileID(targets[r.integer(0...targets.count - 1)].id)
            let push = Push(Vector(r.uniform(-900...900), r.uniform(-1500...600)), at: Vector(r.uniform(-30...30), r.uniform(-30...30)))
            switch r.integer(0...3) {
            case 0, 1: out.append((t, .push(push, tile)))
            case 2:
                added += 1
                out.append((t, .addPush(Push(Vector(push.vector.x / 10, push.vector.y / 10), at: push.offset), tile)))
                out.append((r.uniform(t...end), .removePush(Push.ID(added))))
            default: out.append((t, .setFields(r.chance(0.3) ? [] : [field(scene, &r)])))
            }
        }
        return out.sorted { $0.0 < $1.0 }
    }

    /// A field of bounded strength (a room's tiles must still come to rest once it goes).
    static func field(_ scene: GestureScene, _ r: inout SeededRandom) -> Field {
        let at = Vector(r.uniform(0...scene.viewport.width), r.uniform(0...scene.viewport.height))
        switch r.integer(0...4) {
        case 0: return Field(.linearGravity(direction: Vector(r.uniform(-1...1), r.uniform(-1...1))), strength: r.uniform(0...600))
        case 1: return Field(.radialGravity, position: at, region: .circle(radius: r.uniform(50...400)), strength: r.uniform(-2e5...2e5))
        case 2: return Field(.drag, strength: r.uniform(0...3))
        case 3: return Field(.vortex, position: at, region: .circle(radius: r.uniform(50...300)), strength: r.uniform(-300...300))
        default:
            return Field(
                .noise(smoothness: r.uniform(0...1), animationSpeed: r.uniform(0...3)), strength: r.uniform(0...300), seed: r.next() >> 11)
        }
    }
}

extension TouchSession {
    /// `timed` actions added, each before the first display frame at or after its time (or at the end).
    mutating func insert(_ timed: [(Double, Action)]) {
        var out: [Action] = []
        var next = 0
        for a in actions {
            if case .displayFrame(let t) = a {
                while next < timed.count, timed[next].0 <= t {
                    out.append(timed[next].1)
                    next += 1
                }
            }
            out.append(a)
        }
        out += timed[next...].map(\.1)
        actions = out
    }

    /// The session an app makes of `gestures` (merged by time), `frames` (display frames) and timed `dynamics`:
    /// before each display frame, every touch whose time it has reached is handed in (so
    /// touches land between display frames), except that with probability `lateness` a display
    /// frame's touches are held back to the next one (handed in late); pushes and field changes likewise.
    init(
        scene: GestureScene, merging gestures: [Gesture], frames: [Double], dynamics: [(Double, Action)], lateness: Double,
        _ r: inout SeededRandom
    ) {
        var pending: [(time: Double, action: Action)] = gestures.flatMap { $0.samples.map { ($0.time, Action.touch($0)) } }
        pending += dynamics.map { ($0.0, $0.1) }
        // Stable by time: a finger's samples keep their order, and two fingers' samples at the
        // same time keep the order of the fingers.
        pending = pending.enumerated().sorted { ($0.element.time, $0.offset) < ($1.element.time, $1.offset) }.map(\.element)
        var actions: [Action] = []
        var next = 0
        for frame in frames {
            if !r.chance(lateness) {
                while next < pending.count, pending[next].time <= frame {
                    actions.append(pending[next].action)
                    next += 1
                }
            }
            actions.append(.displayFrame(frame))
        }
        while next < pending.count {
            actions.append(pending[next].action)
            next += 1
        }
        self.init(scene: scene, actions: actions)
    }
}
