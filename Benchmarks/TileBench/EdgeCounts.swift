import Fling

// What the floor's counters count, counted the same way from any row's states: after every
// step, the tiles whose box has a corner past an edge of the walls rows' room (the viewport's
// edges, radius r: the surface is the edge moved in by r) and the contacts the floor makes of
// them (per edge, its deepest corner past the surface and the next one if it is past too, at
// most four a tile). The rows with walls collide at the positions their step ends with (the
// velocities change after the collision, the positions do not), so the states read after the
// step are what the collision saw. Counted outside the timed tick.

/// Tile-steps, and of them the touching ones and their contacts, by the floor's rule.
struct EdgeCounts: Equatable {
    var tileSteps = 0
    var touching = 0
    var contacts = 0

    var touchingPerTileStep: Double { Double(touching) / Double(max(tileSteps, 1)) }
    var contactsPerTileStep: Double { Double(contacts) / Double(max(tileSteps, 1)) }

    /// Counts the box of half sizes `hw` × `hh` at `state`.
    mutating func count(_ state: BodyState, hw: Double, hh: Double) {
        tileSteps += 1
        let room = Scene.viewport, r = Scene.walls[0].radius
        let (s, c) = Portable.sincos(state.angle)
        let p = state.position
        let ex = abs(c) * hw + abs(s) * hh, ey = abs(s) * hw + abs(c) * hh
        guard p.x - ex <= room.minX + r || p.x + ex >= room.maxX - r || p.y - ey <= room.minY + r || p.y + ey >= room.maxY - r
        else { return }
        // Corners (+,−), (+,+), (−,+), (−,−) in tile axes; each edge's signed distance of a
        // corner along its inward normal, from its surface (no arrays: counted every tile-step).
        func corner(_ x: Double, _ y: Double) -> Vector { Vector(p.x + c * x - s * y, p.y + s * x + c * y) }
        let q0 = corner(hw, -hh), q1 = corner(hw, hh), q2 = corner(-hw, hh), q3 = corner(-hw, -hh)
        func past(_ depth: (Vector) -> Double) -> Int {
            min((depth(q0) <= 0 ? 1 : 0) + (depth(q1) <= 0 ? 1 : 0) + (depth(q2) <= 0 ? 1 : 0) + (depth(q3) <= 0 ? 1 : 0), 2)
        }
        let made =
            past { $0.y - (room.minY + r) } + past { -$0.x + (room.maxX - r) } + past { -$0.y + (room.maxY - r) }
            + past { $0.x - (room.minX + r) }
        if made > 0 { touching += 1 }
        contacts += min(made, 4)
    }

    /// "0.412 touching, 0.951 contacts per tile-step".
    var summary: String { "\(fixed(touchingPerTileStep, 3)) touching, \(fixed(contactsPerTileStep, 3)) contacts per tile-step" }
}
