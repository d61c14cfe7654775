// What the tests and `path-bench` share of the jumping map pin (MapPinKeyframes in FlingPaths is what the
// documentation teaches): its keyframes, its animation, the dots that scroll under it, and the
// sampled digests the tests pin and `path-bench --digests` prints from a release build.
import FlingCore
import FlingPaths

extension MapPinKeyframes {
    /// The map pin's five keyframes. Keyframe 1 is the article's (``mapPinData``). Keyframes 2-5 are Fling's
    /// own, drawn to move as the original does (the author's playground, whose frames come from
    /// Nick Butcher's Android gist, states no licence, so its path data is not used): affine maps
    /// of frame 1 about its tip (``mapPinPose(sx:sy:angle:dx:dy:)``):
    ///
    /// | frame | sx | sy | angle | move | what |
    /// | --- | --- | --- | --- | --- | --- |
    /// | 2 | 1.08 | 0.92 | 0 | 0 | the head squashes, the tip on the ground |
    /// | 3 | 0.94 | 1.06 | 0 | 0 | it stretches up, the tip on the ground |
    /// | 4 | 1.14 | 0.84 | 0 | 0 | a deeper squash, gathering for the hop |
    /// | 5 | 0.96 | 1.04 | 0.3 rad | (−18, −48) | the leaning hop: off the ground, head to the right |
    package static func mapPinKeyframes() -> [BezierPath] {
        [
            try! BezierPath(svg: mapPinData), mapPinPose(sx: 1.08, sy: 0.92), mapPinPose(sx: 0.94, sy: 1.06),
            mapPinPose(sx: 1.14, sy: 0.84), mapPinPose(sx: 0.96, sy: 1.04, angle: 0.3, dx: -18, dy: -48),
        ]
    }

    /// The jumping map pin as the article animates it: [p1, p2, p3, p4, p5, p1], even key times, no
    /// timing functions (so Core Animation interpolates each interval linearly), one second,
    /// forever.
    package static func jumpingMapPin() -> KeyframeAnimation {
        let frames = mapPinKeyframes()
        return try! KeyframeAnimation(keyframes: frames + [frames[0]], duration: 1, repeatCount: .infinity)
    }

    /// The dots as the article moves them: a 320-point row (the view's width `W`), a dot every
    /// 160 points (`W/2`: four dots at the quarters of a container `2W` wide), moving left
    /// 1.5 W, three spacings, in each 3-s loop of the container's animation: one spacing a second,
    /// 160 pt/s.
    package static func dots() -> Conveyor {
        try! Conveyor(from: Vector(0, 20), to: Vector(320, 20), spacing: 160, period: 1, reversed: true)
    }

    static func digest(_ f: (inout StateDigest) -> Void) -> String {
        var d = StateDigest()
        f(&d)
        return d.hex
    }

    /// Digests of sampled shapes (names and 16 hex digits), pinned by the tests and printed by
    /// `path-bench --digests`, so that a release build can be checked against the same pins.
    package static func sampleDigests() -> [(name: String, hex: String)] {
        let square = try! BezierPath(svg: "M0 0 H100 V100 H0 Z")
        let circle = try! BezierPath(svg: "M 100 50 A 50 50 0 0 1 0 50 A 50 50 0 0 1 100 50 Z")
        let triangle = try! BezierPath(svg: "M 0 0 L 90 0 L 0 40 Z")
        let two = try! BezierPath(svg: "M 60 50 a 10 10 0 1 1 0 1 Z m 100 0 q 30 30 10 40 t 4 5 z")
        let arcs = try! BezierPath(svg: "M 10 10 A 40 20 30 1 1 90 70 a 33 11 -117.5 0 0 -20 -60 A 5 5 45 0 1 0 0 Z")
        let pin = try! BezierPath(svg: mapPinData)
        return [
            ("pin 240 frames over 2 s", try! jumpingMapPin().sampleDigest(count: 240, from: 0, to: 2).hex),
            (
                "square to circle, easeInEaseOut, autoreverse",
                try! KeyframeAnimation(
                    keyframes: [square, circle], timingFunctions: [.easeInEaseOut], duration: 0.7,
                    repeatCount: 2, autoreverses: true
                ).sampleDigest(count: 97, from: 0, to: 3).hex
            ),
            ("one subpath into two", try! KeyframeAnimation(keyframes: [triangle, two], duration: 1).sampleDigest(count: 33).hex),
            ("rotated arcs", digest { arcs.combine(into: &$0) }),
            (
                "paced points and flattening of the pin",
                digest { d in
                    for k in 0...50 {
                        let (p, t) = pin.point(atLength: pin.length * Double(k) / 50)!
                        d.combine(p.x); d.combine(p.y); d.combine(t.x); d.combine(t.y)
                    }
                    for line in try! pin.flattened(tolerance: 0.05) { for p in line { d.combine(p.x); d.combine(p.y) } }
                }
            ),
            ("dots 90 frames", try! dots().sampleDigest(count: 90).hex),
        ]
    }
}
