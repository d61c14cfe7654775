import Testing
import FlingCore
@testable import FlingPaths
import FlingPathsTestSupport

/// Sampled shapes pinned as digests (FNV-1a over the bits of every sampled point, see
/// ``BezierPath/combine(into:)``), computed by ``MapPinKeyframes/sampleDigests()``. They are the same
/// in debug and release builds (`path-bench --digests` prints them from a release build) and on
/// every platform: the one transcendental used, in arcs with a rotation, is FlingCore's portable
/// sine and cosine. Change a constant only on purpose, saying why in the commit message.
@Suite struct DigestTests {
    static let pinned: [(name: String, hex: String)] = [
        ("pin 240 frames over 2 s", "a08063f3d1424b8d"),
        ("square to circle, easeInEaseOut, autoreverse", "eda2143e543ae05e"),
        ("one subpath into two", "b5e7b76fce580fd1"),
        ("rotated arcs", "aba930a0d910a035"),
        ("paced points and flattening of the pin", "992a5ea1dc580b61"),
        ("dots 90 frames", "aa43599bc5e9a95a"),
    ]

    @Test func sampledShapesMatchTheirPins() {
        let digests = MapPinKeyframes.sampleDigests()
        #expect(digests.map(\.name) == Self.pinned.map(\.name))
        for (computed, pin) in zip(digests, Self.pinned) {
            #expect(computed.hex == pin.hex, "\(pin.name)")
        }
    }

    /// The pin's digest changes when one sampled bit changes (the digest covers the shapes).
    @Test func digestSeesEveryBit() {
        let shape = MapPinKeyframes.jumpingMapPin().shape(at: 0.37)
        var a = StateDigest(), b = StateDigest()
        shape.combine(into: &a)
        shape.mapPoints { $0 == shape.subpaths[1].segments[2].p2 ? Vector($0.x.nextUp, $0.y) : $0 }.combine(into: &b)
        #expect(a != b)
    }
}
