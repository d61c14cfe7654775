import FlingCore

/// The jumping map pin of the issue that started FlingPaths, as the documentation teaches it: its
/// first keyframe and the poses made from it (the keyframes, the animation and the dots that the
/// tests and `path-bench` share are test support: Tests/FlingPathsTestSupport).
public enum MapPinKeyframes {
    /// The map pin's first keyframe as the article prints it (two closed subpaths of four cubics).
    public static let mapPinData =
        "M 412.7 238.9 C 381 238.9 356.8 261.8 356.8 294.6 C 356.8 329.7 407.7 408.7 409.2 408.8 C 410.7 408.9 469.4 328.1 469.4 294.6 C 469.4 261.8 444.5 238.9 412.7 238.9 Z M 412.7 324.3 C 397.2 324.3 384.7 311.3 384.7 295.3 C 384.7 279.3 397.2 266.3 412.7 266.3 C 428.2 266.3 440.8 279.3 440.8 295.3 C 440.8 311.3 428.2 324.3 412.7 324.3 Z"

    /// The tip of the map pin's first keyframe, where it touches the ground (y grows downward).
    static let mapPinTip = Vector(409.2, 408.8)

    /// Keyframe 1 moved by an affine map about its tip: scaled by `sx` across and `sy` up, turned by
    /// `angle` radians (clockwise on screen), then moved by `(dx, dy)`. Every point `p` goes to
    /// `tip + R(angle) · ((p − tip) ⊙ (sx, sy)) + (dx, dy)`; with no angle and no move the tip
    /// stays exactly where it is.
    public static func mapPinPose(sx: Double, sy: Double, angle: Double = 0, dx: Double = 0, dy: Double = 0) -> BezierPath {
        let p1 = try! BezierPath(svg: mapPinData)
        let tip = mapPinTip
        let (sin, cos) = angle == 0 ? (0.0, 1.0) : Portable.sincos(angle)
        return p1.mapPoints { p in
            let x = (p.x - tip.x) * sx, y = (p.y - tip.y) * sy
            return Vector(tip.x + (x * cos - y * sin) + dx, tip.y + (x * sin + y * cos) + dy)
        }
    }
}
