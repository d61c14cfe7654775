import FlingCore

/// The shapes and scenes that the tests, `path-bench` and the documentation share: the jumping
/// pin of the issue that started FlingPaths, and the dots that scroll under it.
public enum PathScenes {
    /// The pin's first keyframe as the article prints it (two closed subpaths of four cubics).
    public static let pinData =
        "M 412.7 238.9 C 381 238.9 356.8 261.8 356.8 294.6 C 356.8 329.7 407.7 408.7 409.2 408.8 C 410.7 408.9 469.4 328.1 469.4 294.6 C 469.4 261.8 444.5 238.9 412.7 238.9 Z M 412.7 324.3 C 397.2 324.3 384.7 311.3 384.7 295.3 C 384.7 279.3 397.2 266.3 412.7 266.3 C 428.2 266.3 440.8 279.3 440.8 295.3 C 440.8 311.3 428.2 324.3 412.7 324.3 Z"

    /// The tip of the pin's first keyframe, where it touches the ground (y grows downward).
    package static let pinTip = Vector(409.2, 408.8)

    /// Frame 1 moved by an affine map about its tip: scaled by `sx` across and `sy` up, turned by
    /// `angle` radians (clockwise on screen), then moved by `(dx, dy)`. Every point `p` goes to
    /// `tip + R(angle) · ((p − tip) ⊙ (sx, sy)) + (dx, dy)`; with no angle and no move the tip
    /// stays exactly where it is.
    public static func pinPose(sx: Double, sy: Double, angle: Double = 0, dx: Double = 0, dy: Double = 0) -> BezierPath {
        let p1 = try! BezierPath(svg: pinData)
        let tip = pinTip
        let (sin, cos) = angle == 0 ? (0.0, 1.0) : Portable.sincos(angle)
        return p1.mapPoints { p in
            let x = (p.x - tip.x) * sx, y = (p.y - tip.y) * sy
            return Vector(tip.x + (x * cos - y * sin) + dx, tip.y + (x * sin + y * cos) + dy)
        }
    }

    /// The pin's five keyframes. Frame 1 is the article's (``pinData``). Frames 2-5 are Fling's
    /// own, drawn to move as the original does (the author's playground, whose frames come from
    /// Nick Butcher's Android gist, states no licence, so its path data is not used): affine maps
    /// of frame 1 about its tip (``pinPose(sx:sy:angle:dx:dy:)``):
    ///
    /// | frame | sx | sy | angle | move | what |
    /// | --- | --- | --- | --- | --- | --- |
    /// | 2 | 1.08 | 0.92 | 0 | 0 | the head squashes, the tip on the ground |
    /// | 3 | 0.94 | 1.06 | 0 | 0 | it stretches up, the tip on the ground |
    /// | 4 | 1.14 | 0.84 | 0 | 0 | a deeper squash, gathering for the hop |
    /// | 5 | 0.96 | 1.04 | 0.3 rad | (−18, −48) | the leaning hop: off the ground, head to the right |
    package static func pinKeyframes() -> [BezierPath] {
        [
            try! BezierPath(svg: pinData), pinPose(sx: 1.08, sy: 0.92), pinPose(sx: 0.94, sy: 1.06),
            pinPose(sx: 1.14, sy: 0.84), pinPose(sx: 0.96, sy: 1.04, angle: 0.3, dx: -18, dy: -48),
        ]
    }

    /// The jumping pin as the article animates it: [p1, p2, p3, p4, p5, p1], even key times, no
    /// timing functions (so Core Animation interpolates each interval linearly), one second,
    /// forever.
    package static func jumpingPin() -> KeyframeAnimation {
        let frames = pinKeyframes()
        return try! KeyframeAnimation(keyframes: frames + [frames[0]], duration: 1, repeatCount: .infinity)
    }

    /// The dots as the article moves them: a 320-point row (the view's width `W`), a dot every
    /// 160 points (`W/2`: four dots at the quarters of a container `2W` wide), moving left
    /// 1.5 W, three spacings, in each 3-s loop of the container's animation: one spacing a second,
    /// 160 pt/s.
    package static func dots() -> Conveyor {
        try! Conveyor(from: Vector(0, 20), to: Vector(320, 20), spacing: 160, period: 1, reversed: true)
    }
}
