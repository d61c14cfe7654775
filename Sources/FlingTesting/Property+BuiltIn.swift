// The built-in properties: what Fling promises of every session (docs/REPLAY.md, the
// determinism contract, docs/SNAPSHOTS.md), each stated over one played session and naming the
// first tick and tile where it fails. Comparisons are of bit patterns, never `==` on doubles.
import Fling
import FlingTraces

extension Property {
    /// Every built-in property, cheapest first.
    public static var builtIn: [Property] {
        [
            .finite, .staysInRoom, .settles, .replayEqualsLive, .sameAtEveryDisplayRate, .sameOnEveryBackend,
            .predictionsComeTrue, .restoreContinues,
        ]
    }

    /// No position, angle or velocity of any tile or snap item, at any tick, is NaN or infinite.
    /// Not checked in a session where nothing moved.
    public static let finite = Property(name: "finite") { c in
        guard c.somethingMoved else { return .notChecked(CheckContext.nothingMoved) }
        for t in c.played.ticks {
            for s in t.tiles {
                let b = s.state
                for (name, x) in [
                    ("x", b.position.x), ("y", b.position.y), ("angle", b.angle), ("vx", b.velocity.x), ("vy", b.velocity.y),
                    ("w", b.angularVelocity),
                ] where !x.isFinite {
                    return .violated(PropertyViolation("\(name) is \(x)", tick: t.tick, item: s.id.rawValue))
                }
            }
        }
        return .held
    }

    /// In a closed scene (``GestureScene/isClosed``: the viewport's edges are walls; a snap
    /// scene's walls), every tile's or item's center stays inside the box around the walls as
    /// they are at that tick (the viewport's edges, or where the session moved them); and a tile that fits the room (both sides shorter than its
    /// smaller side) comes to rest (`cameToRest`) lying in no wall deeper than the rest rule
    /// lets one lie (0.101 pt: the collision slop and the rule's 10⁻³ pt, docs/DYNAMICS.md "At
    /// rest where it lies"), its depth measured here by its own geometry, not by the rule: the
    /// deepest corner of its box past the line of any of the room's edges, within 10⁻⁹ pt
    /// of the rule's bound for the two measures' rounding. Not checked in an open scene, nor
    /// where nothing moved.
    public static let staysInRoom = Property(name: "staysInRoom") { c in
        guard c.session.scene.isClosed else { return .notChecked("an open scene: no walls to stay within") }
        guard c.somethingMoved else { return .notChecked(CheckContext.nothingMoved) }
        for t in c.played.ticks {
            let v = c.played.room(at: t.tick, c.session.scene)
            for s in t.tiles {
                let p = s.state.position
                if !(p.x >= v.x && p.x <= v.x + v.width && p.y >= v.y && p.y <= v.y + v.height) {
                    return .violated(PropertyViolation("center \(p) left the room \(v)", tick: t.tick, item: s.id.rawValue))
                }
            }
        }
        return Outcome(restingTooDeep(c))
    }

    /// The first tile of a closed tile scene that came to rest deeper in a wall than the rest
    /// rule allows (``staysInRoom``): its pose is its state at the tick it came to rest (the
    /// rule lets it lie where that tick's step left it, still).
    static func restingTooDeep(_ c: CheckContext) -> PropertyViolation? {
        let scene = c.session.scene
        guard scene.snap == nil else { return nil }
        let allowed = 0.1 + 1e-3 + 1e-9
        var ticks = c.played.ticks[...]
        for case .tile(let e) in c.played.events where e.kind == .cameToRest {
            let room = c.played.room(at: e.tick, scene)
            guard let tile = scene.tiles.first(where: { $0.id == e.tile }),
                max(tile.frame.width, tile.frame.height) < min(room.width, room.height)
            else { continue }
            // Events come in tick order: the ticks before this one are not needed again.
            guard let k = ticks.firstIndex(where: { $0.tick >= e.tick }), ticks[k].tick == e.tick,
                let state = ticks[k].tiles.first(where: { $0.id == e.tile })?.state
            else {
                return PropertyViolation("came to rest at a tick where it did not move", tick: e.tick, item: e.tile.rawValue)
            }
            ticks = ticks[k...]
            let depth = depthPast(room, state, width: tile.frame.width, height: tile.frame.height)
            if depth > allowed {
                return PropertyViolation(
                    "came to rest \(depth) pt past the room's edge \(room) (a tile that fits lies at most 0.101 pt deep)",
                    tick: e.tick, item: e.tile.rawValue)
            }
        }
        return nil
    }

    /// How deep the box of `width` × `height` at `state` lies past the edges of `room`: the
    /// deepest of its corners past any edge's line (negative inside).
    static func depthPast(_ room: Rect, _ state: BodyState, width: Double, height: Double) -> Double {
        let (sin, cos) = Portable.sincos(state.angle)
        var deepest = -Double.infinity
        for (sx, sy) in [(1.0, 1.0), (1, -1), (-1, -1), (-1, 1)] {
            let x = state.position.x + cos * sx * width / 2 - sin * sy * height / 2
            let y = state.position.y + sin * sx * width / 2 + cos * sy * height / 2
            deepest = max(deepest, room.minX - x, x - room.maxX, room.minY - y, y - room.maxY)
        }
        return deepest
    }

    /// Once the app stops (every finger up, continuous pushes off, the scene's fields back),
    /// every tile settles home, comes to rest or is culled (every snap item rests on its
    /// target) within the check's settle budget. Not checked in a session where nothing moved.
    public static let settles = Property(name: "settles") { c in
        guard c.somethingMoved else { return .notChecked(CheckContext.nothingMoved) }
        guard let first = c.played.stillMoving.first else { return .held }
        let ids = c.played.stillMoving.map { "\($0.rawValue)" }.joined(separator: ", ")
        return .violated(
            PropertyViolation(
                "\(c.noun)(s) \(ids) still moving \(c.played.ticks.count - c.played.sessionTicks) ticks after the session's last call",
                tick: c.played.ticks.last?.tick, item: first.rawValue))
    }

    /// The recording of the live session replays to the live run: every tick's states, bit for
    /// bit, and every event. Not checked in a session where nothing moved.
    public static let replayEqualsLive = Property(name: "replayEqualsLive") { c in
        guard c.somethingMoved else { return .notChecked(CheckContext.nothingMoved) }
        let r = try c.replay()
        return Outcome(firstDifference(c.played.ticks, c.played.events, "the live run", r.ticks, r.events, "the replay", c.noun))
    }

    /// The recording replayed at 30, 144 and 240 Hz and at 90 Hz with jittered frames gives the
    /// 60-Hz replay's ticks and events, bit for bit. Not checked in a session where nothing moved.
    public static let sameAtEveryDisplayRate = Property(name: "sameAtEveryDisplayRate") { c in
        guard c.somethingMoved else { return .notChecked(CheckContext.nothingMoved) }
        let base = try c.replay()
        for display in [ReplayOptions.DisplayFrames.rate(30), .rate(144), .rate(240), .jittered(rate: 90, seed: 7)] {
            let r = try c.replay(display: display, on: c.makeBackend)
            if let v = firstDifference(
                base.ticks, base.events, "the replay at 60 Hz", r.ticks, r.events, "the replay at \(display)", c.noun)
            {
                return .violated(v)
            }
        }
        return .held
    }

    /// The recording replayed on every other backend of the check's arithmetic that this build
    /// has (platform: Chipmunk, both layouts, and native; portable: none but native-portable)
    /// gives the same ticks and events, bit for bit. Not checked where the check's backend has
    /// no such peer (native-portable, or native without Chipmunk), nor where nothing moved.
    public static let sameOnEveryBackend = Property(name: "sameOnEveryBackend") { c in
        let peers = c.peers
        guard !peers.isEmpty else {
            return .notChecked("no other backend of \(c.arithmetic) arithmetic in this build to compare \(c.backendName) with")
        }
        guard c.somethingMoved else { return .notChecked(CheckContext.nothingMoved) }
        let base = try c.replay()
        for peer in peers {
            let r = try c.replay(display: .rate(60), on: peer.make)
            if let v = firstDifference(
                base.ticks, base.events, "the replay on \(c.backendName)", r.ticks, r.events, "the replay on \(peer.name)", c.noun)
            {
                return .violated(v)
            }
        }
        return .held
    }

    /// Every release's prediction (`TileEvent.prediction`, `SnapEvent.prediction`, 600 ticks
    /// ahead) comes true to the bit unless a later input acts on its tile or item first. Not
    /// checked on a backend that takes no snapshots, nor in a session whose every prediction a
    /// later input overtook (or that released nothing).
    public static let predictionsComeTrue = Property(name: "predictionsComeTrue") { c in
        guard c.takesSnapshots else { return .notChecked("\(c.backendName) takes no snapshots: it makes no predictions") }
        guard let check = try c.predictions(), check.exact + check.differing.count > 0 else {
            return .notChecked("no prediction ran to its end (nothing released, or a later input overtook each)")
        }
        guard let e = check.differing.first else { return .held }
        return .violated(PropertyViolation(e.description, tick: e.releaseTick, item: e.item))
    }

    /// The replay cut at a tick (a quarter, half and three quarters into the ticks where a tile
    /// or item moves), its animator's snapshot written as bytes and restored into a fresh
    /// animator over a fresh backend (chat heads, a switch: with their own state), continues with
    /// the same ticks and events, bit for bit. Not checked on a backend that takes no
    /// snapshots, nor where nothing moved.
    public static let restoreContinues = Property(name: "restoreContinues") { c in
        guard c.takesSnapshots else { return .notChecked("\(c.backendName) takes no snapshots") }
        let base = try c.replay()
        let moving = base.ticks.filter { !$0.tiles.isEmpty }.map(\.tick)
        guard !moving.isEmpty else { return .notChecked(CheckContext.nothingMoved) }
        var cuts: [Int] = []
        for q in [1, 2, 3] where !cuts.contains(moving[moving.count * q / 4]) { cuts.append(moving[moving.count * q / 4]) }
        for cut in cuts where cut > 0 {
            let r = try c.replay(display: .rate(60), on: c.makeBackend, cut: cut)
            if let v = firstDifference(
                base.ticks, base.events, "the replay", r.ticks, r.events, "the replay restored at tick \(cut)", c.noun)
            {
                var v = v
                v.message += " (restored from a snapshot at tick \(cut))"
                return .violated(v)
            }
        }
        return cuts.contains { $0 > 0 } ? .held : .notChecked("no tick to cut at after the first")
    }

    /// The first tick where two runs' states differ (a tile's or item's number's bits, one
    /// missing), or else the first event that differs.
    static func firstDifference(
        _ a: [TraceReplay.TickState], _ ae: [AnyEvent], _ this: String, _ b: [TraceReplay.TickState], _ be: [AnyEvent],
        _ other: String, _ noun: String
    ) -> PropertyViolation? {
        for k in 0..<min(a.count, b.count) where a[k] != b[k] {
            let x = a[k], y = b[k]
            for s in x.tiles {
                guard let t = y.tiles.first(where: { $0.id == s.id }) else {
                    return PropertyViolation("\(noun) moves in \(this), not in \(other)", tick: x.tick, item: s.id.rawValue)
                }
                let p = s.state, q = t.state
                for (name, u, v) in [
                    ("x", p.position.x, q.position.x), ("y", p.position.y, q.position.y), ("angle", p.angle, q.angle),
                    ("vx", p.velocity.x, q.velocity.x), ("vy", p.velocity.y, q.velocity.y), ("w", p.angularVelocity, q.angularVelocity),
                ] where u.bitPattern != v.bitPattern {
                    return PropertyViolation(
                        "\(name) is \(u) (\(hex(u))) in \(this), \(v) (\(hex(v))) in \(other)", tick: x.tick, item: s.id.rawValue)
                }
            }
            let extra = y.tiles.first { s in !x.tiles.contains { $0.id == s.id } }
            return PropertyViolation("\(noun) moves in \(other), not in \(this)", tick: x.tick, item: extra?.id.rawValue)
        }
        if a.count != b.count {
            return PropertyViolation(
                "\(a.count) ticks in \(this), \(b.count) in \(other)", tick: min(a.count, b.count))
        }
        for (e, f) in zip(ae, be) where e != f {
            return PropertyViolation("event \(e) in \(this), \(f) in \(other)", tick: e.tick, item: e.item)
        }
        if ae.count != be.count { return PropertyViolation("\(ae.count) events in \(this), \(be.count) in \(other)") }
        return nil
    }

    static func hex(_ x: Double) -> String {
        let h = String(x.bitPattern, radix: 16)
        return "0x" + String(repeating: "0", count: 16 - h.count) + h
    }
}
