// How deep an item's box lies in a wall, by geometry alone (the same Swift for every backend):
// what the tile policy's rest rule asks before it lets a tile lie where it stopped, since the
// contacts' position correction moves a body outside its velocity (docs/DYNAMICS.md, "At rest
// where it lies").

/// The overlap of a box and a wall (a capsule: the segment grown by its radius).
package enum WallOverlap {
    /// How far the position correction may leave a box in a wall when the rest rule lets it
    /// lie: the collision slop (Chipmunk corrects only what exceeds it) and 10⁻³ pt, the
    /// correction's tail (it closes a fixed fraction of the excess each step, so it reaches
    /// the slop only in the limit).
    package static let resting = Contact.slop + 1e-3

    /// The depth of the box of half-size `halfWidth` × `halfHeight` centred at `center`, turned
    /// by (`cos`, `sin`), in the wall: the length of the shortest move that separates them
    /// (positive when they overlap), or minus the gap between them.
    static func depth(
        center: Vector, halfWidth: Double, halfHeight: Double, cos: Double, sin: Double, wall: Wall
    ) -> Double {
        let u = Vector(cos, sin), v = Vector(-sin, cos)
        let a = wall.start, b = wall.end, e = b - a
        let length = e.length
        let n = Vector(-e.y / length, e.x / length)
        // Separating axes of the box and the segment: the segment's normal and the box's sides.
        // (No array literals here: the rest rule runs this every tick, which must not allocate.)
        func overlap(_ axis: Vector) -> Double {
            let c = center.dot(axis)
            let reach = halfWidth * u.dot(axis).magnitude + halfHeight * v.dot(axis).magnitude
            let sa = a.dot(axis), sb = b.dot(axis)
            return Swift.min(c + reach - Swift.min(sa, sb), Swift.max(sa, sb) - (c - reach))
        }
        let least = Swift.min(overlap(n), overlap(u), overlap(v))
        if least > 0 { return least + wall.radius }
        // Apart from the segment: the distance between them, from the segment's ends to the box
        // and from the box's corners to the segment.
        func toBox(_ q: Vector) -> Double {
            let d = q - center
            let x = Swift.max(d.dot(u).magnitude - halfWidth, 0), y = Swift.max(d.dot(v).magnitude - halfHeight, 0)
            return (x * x + y * y).squareRoot()
        }
        func toSegment(_ q: Vector) -> Double {
            let t = Swift.min(Swift.max((q - a).dot(e) / e.dot(e), 0), 1)
            return (q - (a + e * t)).length
        }
        let x = u * halfWidth, y = v * halfHeight
        let gap = Swift.min(
            toBox(a), toBox(b), toSegment(center + x + y), toSegment(center + x - y), toSegment(center - x - y),
            toSegment(center - x + y))
        return wall.radius - gap
    }

    /// The deepest overlap of the box with any of `walls` (−∞ without walls).
    package static func deepest(
        center: Vector, halfWidth: Double, halfHeight: Double, cos: Double, sin: Double, walls: [Wall]
    ) -> Double {
        var deepest = -Double.infinity
        for wall in walls {
            deepest = Swift.max(
                deepest, depth(center: center, halfWidth: halfWidth, halfHeight: halfHeight, cos: cos, sin: sin, wall: wall))
        }
        return deepest
    }
}
