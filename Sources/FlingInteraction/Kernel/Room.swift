// The walls every item's world has, as the after-step rule reads them: the kernel keeps one, made
// again when the app replaces the walls or a snapshot restores them, and hands it to the rule, so
// that the rule (pure) keeps nothing of the walls itself.
import FlingCore

struct Room {
    /// The walls, in the order the worlds have them.
    let walls: [Wall]
    /// The smaller side of the room the walls close: the box around their segments, less twice
    /// the largest radius (0 without walls). A tile fits when both its sides are shorter.
    let side: Double

    init(_ walls: [Wall]) {
        self.walls = walls
        var lo = Vector(.infinity, .infinity), hi = Vector(-.infinity, -.infinity), radius = 0.0
        for w in walls {
            for p in [w.start, w.end] {
                lo = Vector(min(lo.x, p.x), min(lo.y, p.y))
                hi = Vector(max(hi.x, p.x), max(hi.y, p.y))
            }
            radius = max(radius, w.radius)
        }
        side = walls.isEmpty ? 0 : max(min(hi.x - lo.x, hi.y - lo.y) - 2 * radius, 0)
    }
}
