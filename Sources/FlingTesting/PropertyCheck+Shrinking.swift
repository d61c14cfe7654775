// Shrinking: a failing session is replaced by a smaller one that still fails the same property,
// again and again, until no candidate does (a local minimum) or the budget of sessions played
// runs out. Candidates come biggest cut first: a whole finger, a tile (a snap scene's head), a
// push or field change,
// half the frames, half a finger's samples, one sample, then rounder numbers (whole points,
// then tens; whole milliseconds). A candidate the animator refuses is simply not taken.
import Fling

extension PropertyCheck {
    /// A failure, shrunk as far as it went.
    struct Shrunk {
        var session: TouchSession
        var context: CheckContext
        var violation: PropertyViolation
        var steps = 0
        var tries = 0

        init(_ found: Found) {
            session = found.context.session
            context = found.context
            violation = found.violation
        }
    }

    func shrink(_ found: Found) -> Shrunk {
        var best = Shrunk(found)
        var progress = true
        while progress, best.tries < shrinkBudget {
            progress = false
            for candidate in Self.candidates(best.session) where candidate != best.session {
                guard best.tries < shrinkBudget else { break }
                best.tries += 1
                guard let f = (try? firstFailure(candidate, [found.property])) ?? nil else { continue }
                best.session = candidate
                best.context = f.context
                best.violation = f.violation
                best.steps += 1
                progress = true
                break
            }
        }
        return best
    }

    /// Smaller sessions than `s`, the biggest cuts first.
    static func candidates(_ s: TouchSession) -> [TouchSession] {
        var out: [TouchSession] = []
        func with(_ actions: [TouchSession.Action]) -> TouchSession { TouchSession(scene: s.scene, actions: actions) }
        // A whole finger, the last one first.
        for touch in s.touchIDs.reversed() {
            out.append(with(s.actions.filter { if case .touch(let e) = $0 { e.touch != touch } else { true } }))
        }
        // A tile, with the fingers that named it and the pushes on it.
        if s.scene.tiles.count > 1 {
            for tile in s.scene.tiles.reversed() {
                var scene = s.scene
                scene.tiles.removeAll { $0.id == tile.id }
                let named = Set(
                    s.actions.compactMap { a -> TouchID? in
                        if case .touch(let e) = a, e.phase == .began, e.item.map({ TileID($0) }) == tile.id { e.touch } else { nil }
                    })
                let actions = s.actions.filter {
                    switch $0 {
                    case .touch(let e): !named.contains(e.touch)
                    case .push(_, let id), .addPush(_, let id): id != tile.id
                    case .displayFrame, .removePush, .setFields, .setWalls: true
                    }
                }
                out.append(TouchSession(scene: scene, actions: actions))
            }
        }
        // A head of a snap scene, the last first, with the fingers that named it and the pushes
        // on it; the heads after it take the ids before (ids stay 1, 2, …).
        if let heads = s.scene.heads, heads.heads.count > 1 {
            for gone in stride(from: heads.heads.count, through: 1, by: -1) {
                var scene = s.scene
                scene.heads?.heads.remove(at: gone - 1)
                let named = Set(
                    s.actions.compactMap { a -> TouchID? in
                        if case .touch(let e) = a, e.phase == .began, e.item?.rawValue == gone { e.touch } else { nil }
                    })
                let renumbered = { (id: Int) in id > gone ? id - 1 : id }
                let actions = s.actions.compactMap { a -> TouchSession.Action? in
                    switch a {
                    case .touch(var e):
                        guard !named.contains(e.touch) else { return nil }
                        e.item = e.item.map { TouchEvent.ItemID(renumbered($0.rawValue)) }
                        return .touch(e)
                    case .push(let p, let id): return id.rawValue == gone ? nil : .push(p, TileID(renumbered(id.rawValue)))
                    case .addPush(let p, let id): return id.rawValue == gone ? nil : .addPush(p, TileID(renumbered(id.rawValue)))
                    case .displayFrame, .removePush, .setFields, .setWalls: return a
                    }
                }
                out.append(TouchSession(scene: scene, actions: actions))
            }
        }
        // A push, a field change or a wall change.
        for (k, a) in s.actions.enumerated().reversed() {
            switch a {
            case .push, .addPush, .removePush, .setFields, .setWalls:
                var actions = s.actions
                actions.remove(at: k)
                out.append(with(actions))
            case .touch, .displayFrame: break
            }
        }
        // Frames: the later half, the earlier half, every other one.
        let frames = s.actions.indices.filter { if case .displayFrame = s.actions[$0] { true } else { false } }
        if frames.count > 1 {
            let later = Set(frames[(frames.count / 2)...]), earlier = Set(frames[..<(frames.count / 2)])
            let odd = Set(frames.enumerated().filter { $0.offset % 2 == 1 }.map(\.element))
            for drop in [later, earlier, odd] {
                out.append(with(s.actions.enumerated().filter { !drop.contains($0.offset) }.map(\.element)))
            }
        }
        // A finger's moves: every other one, then each alone.
        for touch in s.touchIDs {
            let moves = s.actions.indices.filter {
                if case .touch(let e) = s.actions[$0] { e.touch == touch && e.phase == .moved } else { false }
            }
            if moves.count > 1 {
                let odd = Set(moves.enumerated().filter { $0.offset % 2 == 1 }.map(\.element))
                out.append(with(s.actions.enumerated().filter { !odd.contains($0.offset) }.map(\.element)))
            }
            for k in moves.reversed() {
                var actions = s.actions
                actions.remove(at: k)
                out.append(with(actions))
            }
        }
        // Rounder numbers: positions to whole points, then to tens; times to whole milliseconds.
        for unit in [1.0, 10] {
            out.append(
                with(
                    s.actions.map {
                        guard case .touch(var e) = $0 else { return $0 }
                        e.position = Vector((e.position.x / unit).rounded() * unit, (e.position.y / unit).rounded() * unit)
                        return .touch(e)
                    }))
        }
        var time = 0.0
        out.append(
            with(
                s.actions.map {
                    switch $0 {
                    case .touch(var e):
                        e.time = max(time, (e.time * 1000).rounded() / 1000)
                        time = e.time
                        return .touch(e)
                    case .displayFrame(let t): return .displayFrame((t * 1000).rounded() / 1000)
                    default: return $0
                    }
                }))
        out.append(
            with(
                s.actions.map {
                    switch $0 {
                    case .push(let p, let id): .push(Push(round10(p.vector), at: round10(p.offset)), id)
                    case .addPush(let p, let id): .addPush(Push(round10(p.vector), at: round10(p.offset)), id)
                    default: $0
                    }
                }))
        return out
    }

    static func round10(_ v: Vector) -> Vector { Vector((v.x / 10).rounded() * 10, (v.y / 10).rounded() * 10) }
}
