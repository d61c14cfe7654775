import FlingCore

extension PathScenes {
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
        let pin = try! BezierPath(svg: pinData)
        return [
            ("pin 240 frames over 2 s", try! jumpingPin().sampleDigest(frames: 240, from: 0, to: 2).hex),
            (
                "square to circle, easeInEaseOut, autoreverse",
                try! KeyframeAnimation(
                    keyframes: [square, circle], timingFunctions: [.easeInEaseOut], duration: 0.7,
                    repeatCount: 2, autoreverses: true
                ).sampleDigest(frames: 97, from: 0, to: 3).hex
            ),
            ("one subpath into two", try! KeyframeAnimation(keyframes: [triangle, two], duration: 1).sampleDigest(frames: 33).hex),
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
            ("dots 90 frames", try! dots().sampleDigest(frames: 90).hex),
        ]
    }
}
