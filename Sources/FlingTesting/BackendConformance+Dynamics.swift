// The clauses of `DynamicsBackend`: a room of walls that nothing thrown in it leaves (hard,
// spinning, and fast enough to pass a wall in one step), and a bounce whose speed is the
// product of the item's and the wall's elasticity, within tolerances stated in the catalog.
import Fling

extension BackendConformance {
    /// The corners of a box of `size` at `s`'s position and angle.
    static func corners(_ s: BodyState, _ size: Vector) -> [Vector] {
        let c = Portable.cos(s.angle), n = Portable.sin(s.angle)
        return [(-1.0, -1.0), (1, -1), (1, 1), (-1, 1)].map { (a, b) in
            let x = a * size.x / 2, y = b * size.y / 2
            return Vector(s.position.x + c * x - n * y, s.position.y + n * x + c * y)
        }
    }

    /// The slop a box may reach past a wall beyond one step's motion, in points.
    static let wallSlop = 1.0

    /// Boxes thrown about a closed room for 3 s: hard, small and fast enough to pass a wall in
    /// one step, long, thin and spinning. Every tick, each box's center is inside the room (no
    /// box crosses a wall), and no corner lies farther past a wall than the longest step a
    /// corner of that box has taken so far (`(|v| + |ω|·r)·dt`, `r` the half-diagonal) plus
    /// ``wallSlop``: the overlap a discrete solver meets at an impact and then pushes out.
    static func wallsHold(_ f: Factory) throws(Failed) {
        let room = Rect(x: 0, y: 0, width: 400, height: 300)
        let items: [(role: String, size: Vector, definition: WorldDefinition, velocity: Vector, spin: Double)] = [
            (
                "a box thrown hard across the room", Vector(40, 30), box(40, 30, at: Vector(200, 150), gravity: Vector(0, 980)),
                Vector(2500, -1800), 7
            ),
            (
                "a small box fast enough to pass a wall in one step", Vector(10, 10), box(10, 10, at: Vector(100, 100)),
                Vector(12_000, 9_000), 0
            ),
            (
                "a long thin box, spinning", Vector(120, 6), box(120, 6, at: Vector(200, 150), gravity: Vector(0, 500)), Vector(-800, 300),
                25
            ),
        ]
        let backend = try f.dynamics()
        var ids: [WorldID] = []
        for (k, item) in items.enumerated() {
            let w = try f.accepted("makeWorld(\(item.role))", world: k) { () throws(FlingError) in try backend.makeWorld(item.definition) }
            try f.accepted("setWalls(the room's edges, of: \(w))", world: k) { () throws(FlingError) in
                try backend.setWalls(Wall.edges(of: room, elasticity: 0.9, friction: 0.3), of: w)
            }
            try f.accepted("setItemProperties", world: k) { () throws(FlingError) in
                try backend.setItemProperties(ItemProperties(elasticity: 0.8, friction: 0.2), of: w)
            }
            try f.accepted("setVelocity", world: k) { () throws(FlingError) in
                try backend.setVelocity(of: w, linear: item.velocity, angular: item.spin)
            }
            ids.append(w)
        }
        var reach = items.map { (length($0.velocity) + abs($0.spin) * length($0.size) / 2) * dt60 }
        for n in 0..<180 {
            try f.accepted("step(by: \(dt60))", tick: n) { () throws(FlingError) in try backend.step(by: dt60) }
            for (k, item) in items.enumerated() {
                let s = try f.accepted("state(of: \(ids[k]))", world: k, tick: n) { () throws(FlingError) in try backend.state(of: ids[k]) }
                let c = s.position
                guard c.x > room.minX, c.x < room.maxX, c.y > room.minY, c.y < room.maxY else {
                    throw f.fail(
                        world: k, tick: n, field: "position", "\(c): the center of \(item.role) crossed a wall of the room \(room)")
                }
                let r = length(item.size) / 2
                reach[k] = max(reach[k], (length(s.velocity) + abs(s.angularVelocity) * r) * dt60)
                let allowed = reach[k] + wallSlop
                for (corner, p) in corners(s, item.size).enumerated() {
                    let out = max(room.minX - p.x, p.x - room.maxX, room.minY - p.y, p.y - room.maxY)
                    guard out <= allowed else {
                        throw f.fail(
                            world: k, tick: n, field: "corner \(corner) at \(p)",
                            "lies \(out) points past a wall of the room \(room) (\(item.role)); one step of its motion and the slop allow \(allowed)"
                        )
                    }
                }
            }
        }
    }

    /// A box that cannot turn, sent square onto a floor at 600 points per second: after the
    /// bounce its normal speed is the incoming one times the item's and the wall's elasticity,
    /// within 2 % of the incoming speed, and friction 0 leaves the sliding speed alone.
    static func restitution(_ f: Factory) throws(Failed) {
        let cases: [(item: Double, wall: Double)] = [(0.8, 0.5), (1, 1), (0.5, 0.9), (0, 1)]
        let speed = 600.0, slide = 50.0, floor = 300.0
        let backend = try f.dynamics()
        var ids: [WorldID] = []
        for (k, e) in cases.enumerated() {
            let definition = WorldDefinition.box(
                size: Vector(40, 40), density: 1, transform: Transform(position: Vector(0, 200)), gravity: .zero, allowsRotation: false)
            let w = try f.accepted("makeWorld", world: k) { () throws(FlingError) in try backend.makeWorld(definition) }
            try f.accepted("setWalls(a floor of elasticity \(e.wall), of: \(w))", world: k) { () throws(FlingError) in
                try backend.setWalls([Wall(from: Vector(-1000, floor), to: Vector(1000, floor), elasticity: e.wall, friction: 0)], of: w)
            }
            try f.accepted("setItemProperties(elasticity \(e.item))", world: k) { () throws(FlingError) in
                try backend.setItemProperties(ItemProperties(elasticity: e.item, friction: 0), of: w)
            }
            try f.accepted("setVelocity", world: k) { () throws(FlingError) in
                try backend.setVelocity(of: w, linear: Vector(slide, speed), angular: 0)
            }
            ids.append(w)
        }
        var last = [BodyState?](repeating: nil, count: cases.count)
        for n in 0..<40 {
            try f.accepted("step(by: \(dt60))", tick: n) { () throws(FlingError) in try backend.step(by: dt60) }
            for k in cases.indices {
                last[k] = try f.accepted("state(of: \(ids[k]))", world: k, tick: n) { () throws(FlingError) in try backend.state(of: ids[k])
                }
                let bottom = last[k]!.position.y + 20, allowed = speed * dt60 + wallSlop
                guard bottom <= floor + allowed else {
                    throw f.fail(
                        world: k, tick: n, field: "position.y",
                        "the box's bottom is at \(bottom), \(bottom - floor) points through the floor at y \(floor) (one step of its motion and the slop allow \(allowed))"
                    )
                }
            }
        }
        // 40 steps: 10 to reach the floor at 600 points per second, the rest to leave it.
        for (k, e) in cases.enumerated() {
            let s = last[k]!, expected = -e.item * e.wall * speed
            guard abs(s.velocity.y - expected) <= 0.02 * speed, abs(s.velocity.x - slide) <= 0.02 * speed else {
                throw f.fail(
                    world: k, tick: 39, field: "velocity",
                    "\(s.velocity) after the bounce, where elasticity \(e.item) × \(e.wall) gives (\(slide), \(expected)) from (\(slide), \(speed)) (allowed ±\(0.02 * speed) each)"
                )
            }
        }
    }
}
