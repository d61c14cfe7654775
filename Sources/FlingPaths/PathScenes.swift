import FlingCore

/// The shapes and scenes that the tests, `path-bench` and the documentation share: the jumping
/// pin of the issue that started FlingPaths, and the dots that scroll under it.
public enum PathScenes {
    /// The pin's first keyframe as the source gives it (two closed subpaths of four cubics).
    public static let pinData =
        "M 412.7 238.9 C 381 238.9 356.8 261.8 356.8 294.6 C 356.8 329.7 407.7 408.7 409.2 408.8 C 410.7 408.9 469.4 328.1 469.4 294.6 C 469.4 261.8 444.5 238.9 412.7 238.9 Z M 412.7 324.3 C 397.2 324.3 384.7 311.3 384.7 295.3 C 384.7 279.3 397.2 266.3 412.7 266.3 C 428.2 266.3 440.8 279.3 440.8 295.3 C 440.8 311.3 428.2 324.3 412.7 324.3 Z"

    /// The pin's five keyframes: p1 as given, then squashed against the ground (wider, lower),
    /// stretched and leaving the ground, at the top of the jump, and falling back, each made by
    /// scaling p1 about its tip (409.2, 408.8) and lifting it.
    public static func pinKeyframes() -> [BezierPath] {
        let p1 = try! BezierPath(svg: pinData)
        let tip = Vector(409.2, 408.8)
        func squash(_ sx: Double, _ sy: Double, lift: Double) -> BezierPath {
            p1.mapPoints { p in Vector(tip.x + (p.x - tip.x) * sx, tip.y + (p.y - tip.y) * sy - lift) }
        }
        return [
            p1, squash(1.2, 0.75, lift: 0), squash(0.9, 1.15, lift: 40), squash(1, 1, lift: 90),
            squash(0.92, 1.1, lift: 30),
        ]
    }

    /// The jumping pin: [p1, p2, p3, p4, p5, p1], even key times, Core Animation's default timing
    /// per interval, one second, forever.
    public static func jumpingPin() -> KeyframeAnimation {
        let frames = pinKeyframes()
        return try! KeyframeAnimation(
            keyframes: frames + [frames[0]], timingFunctions: [.default],
            duration: 1, repeatCount: .infinity)
    }

    /// The dots: a 320-point row, a dot every 160 points, moving left one spacing every 3 s.
    public static func dots() -> Conveyor {
        try! Conveyor(from: Vector(0, 20), to: Vector(320, 20), spacing: 160, period: 3, reversed: true)
    }
}
