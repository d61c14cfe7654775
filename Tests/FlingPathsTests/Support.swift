import FlingCore
@testable import FlingPaths

/// The pin's first keyframe as the source gives it.
let pinData = "M 412.7 238.9 C 381 238.9 356.8 261.8 356.8 294.6 C 356.8 329.7 407.7 408.7 409.2 408.8 C 410.7 408.9 469.4 328.1 469.4 294.6 C 469.4 261.8 444.5 238.9 412.7 238.9 Z M 412.7 324.3 C 397.2 324.3 384.7 311.3 384.7 295.3 C 384.7 279.3 397.2 266.3 412.7 266.3 C 428.2 266.3 440.8 279.3 440.8 295.3 C 440.8 311.3 428.2 324.3 412.7 324.3 Z"

/// The pin's five keyframes: p1 as given; p2 squashed against the ground (wider, lower), p3
/// stretched and leaving the ground, p4 at the top of the jump, p5 falling back, stretched.
func pinKeyframes() throws -> [BezierPath] {
    let p1 = try BezierPath(svg: pinData)
    let tip = Vector(409.2, 408.8)
    func squash(_ sx: Double, _ sy: Double, lift: Double) -> BezierPath {
        p1.mapPoints { p in Vector(tip.x + (p.x - tip.x) * sx, tip.y + (p.y - tip.y) * sy - lift) }
    }
    return [p1, squash(1.2, 0.75, lift: 0), squash(0.9, 1.15, lift: 40), squash(1, 1, lift: 90),
            squash(0.92, 1.1, lift: 30)]
}

func near(_ a: Vector, _ b: Vector, _ tol: Double) -> Bool { (a - b).length <= tol }

/// Whether two paths have the same bits everywhere.
func identical(_ a: BezierPath, _ b: BezierPath) -> Bool {
    var da = StateDigest(), db = StateDigest()
    a.combine(into: &da); b.combine(into: &db)
    return da == db && a == b
}
