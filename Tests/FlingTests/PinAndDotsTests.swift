import Testing

@testable import Fling
import FlingPaths
import FlingPathsTestSupport
import FlingView
@testable import FlingTraces

/// The jumping pin's whole scene (`paths/pin-and-dots.json`): a conveyor document with the
/// original's dots, line and pin (issue 32 item 1), checked against the playground's own
/// construction written out here (edwardaux/AnimateJumpingPin @ 51a8a13: its numbers, not its
/// code), and the older documents unchanged.
@Suite struct PinAndDotsTests {
    static let digest = "b0335f0b41da2caa"

    static func scene() throws -> PathDocument<ConveyorPaths> {
        try PathDocument<ConveyorPaths>(json: try fixtureBytes("paths/pin-and-dots.json"))
    }

    /// Frame 1 is the article's: its `UIBezierPath` commands (the points as the article lists
    /// them, move then curves: to, control 1, control 2), point for point.
    @Test func frameOneIsTheArticles() throws {
        let article: [[(Double, Double)]] = [
            [(412.7, 238.9), (356.8, 294.6), (381, 238.9), (356.8, 261.8), (409.2, 408.8), (356.8, 329.7), (407.7, 408.7)]
                + [(469.4, 294.6), (410.7, 408.9), (469.4, 328.1), (412.7, 238.9), (469.4, 261.8), (444.5, 238.9)],
            [(412.7, 324.3), (384.7, 295.3), (397.2, 324.3), (384.7, 311.3), (412.7, 266.3), (384.7, 279.3), (397.2, 266.3)]
                + [(440.8, 295.3), (428.2, 266.3), (440.8, 279.3), (412.7, 324.3), (440.8, 311.3), (428.2, 324.3)],
        ]
        let frame = MapPinKeyframes.jumpingMapPin().keyframes[0]
        #expect(frame.subpaths.count == 2)
        for (sub, points) in zip(frame.subpaths, article) {
            var ours = [sub.start]
            for c in sub.segments { ours += [c.p3, c.p1, c.p2] }
            #expect(ours == points.map { Vector($0.0, $0.1) } && sub.isClosed)
        }
    }

    /// The fixture reads, replays to its pin, and writes back byte for byte.
    @Test func fixturePinsTheScene() throws {
        let doc = try Self.scene()
        #expect(try doc.digest.hex == Self.digest && doc.expected?.hex == Self.digest)
        let replay = try doc.replay(ReplayOptions())
        #expect(replay.digest == (try doc.digest) && replay.pins.compared == 1)
        try replay.verify()
        #expect(doc.json == (try Fixture.text("paths/pin-and-dots.json")))
        #expect(try PathDocument<ConveyorPaths>(json: doc.json).json == doc.json)
        // Sampled over the dots' whole cycle, three periods.
        #expect(abs(try #require(doc.paths.times(doc.sampling).last) - (3 - 3.0 / 180)) < 1e-9)
    }

    /// The playground's container, written out: 700 points wide (twice the 350-point canvas),
    /// dots at its quarters with radii 9, 15, 9, 9 (the second the pin's red, the others the
    /// line's grey), each circle drawn from its dot's position rightward (its center a radius
    /// on), the container moved from x = 0 to −525 in 3 s and started over. Every dot the
    /// document shows (alpha above 0) is one of the container's, with its radius, colour and
    /// center; and every container dot on the line is shown. One difference, under the left
    /// fade: when the container starts over, the playground drops the dot whose circle starts at
    /// the line's start (its center 9 points in, 82 % white there), where the document slides it
    /// out over the next 9 points (0.05 s).
    @Test func theDotsAreTheOriginals() throws {
        let doc = try Self.scene()
        let paths = doc.paths
        let radii = [9.0, 15, 9, 9], red = "#f64145", grey = "#e2e2e2"
        for k in 0..<(3 * 240) {
            let ns = Int64(k) * 3_000_000_000 / 720 + Int64(k % 7) * 1_000
            let t = Double(ns) / 1e9
            let left = 240 - 525 * (t.truncatingRemainder(dividingBy: 3) / 3)
            var original: [(x: Double, r: Double, color: String)] = []
            for (n, r) in radii.enumerated() {
                original.append((left + 175 * Double(n + 1) + r, r, n == 1 ? red : grey))
            }
            var shown: [(x: Double, r: Double, color: String)] = []
            let reset = t.truncatingRemainder(dividingBy: 3) <= 9.0 / 175 + 1e-9
            for item in paths.visible(atNanoseconds: ns) {
                let (center, alpha) = paths.drawn(item)
                let look = try #require(paths.look(of: item))
                #expect(center.y == 409)
                if alpha > 0 { shown.append((center.x, look.dot.radius, look.dot.color)) }
            }
            for s in shown where !(reset && s.x <= 249 + 1e-9) {
                #expect(
                    original.contains { abs($0.x - s.x) < 1e-9 && $0.r == s.r && $0.color == s.color }, "t \(t): \(s) not the playground's")
            }
            for o in original where o.x > 240 + 1e-6 && o.x < 590 - 1e-6 {
                #expect(shown.contains { abs($0.x - o.x) < 1e-9 && $0.r == o.r && $0.color == o.color }, "t \(t): \(o) not shown")
            }
        }
        // One large red dot crosses every 3 s: the picture repeats every 3 s, not every second.
        let ordinals = paths.conveyor.items(atNanoseconds: 0).map { paths.look(of: $0)!.dot.radius }
        let second = paths.conveyor.items(atNanoseconds: 1_000_000_000).map { paths.look(of: $0)!.dot.radius }
        #expect(ordinals != second && ordinals.contains(15))
        #expect(paths.baseline == (try ConveyorPaths.Baseline(color: grey, width: 2)) && paths.conveyor.fadeLength == 50)
    }

    /// The pin's animation begins 0.35 s after the dots': the first keyframe until then, then
    /// the article's animation 0.35 s late, to the bit; so from then on the pin is off the
    /// ground each time a dot's center passes under its tip (with no delay it would stand on
    /// the line then). (The first dot, 0.085 s in, passes under the pin still standing.)
    @Test func thePinBeginsAfterTheDots() throws {
        let pin = try #require(try Self.scene().paths.pin)
        #expect(pin.beginTime == 0.35 && pin.color == "#f64145")
        let jump = MapPinKeyframes.jumpingMapPin()
        for k in 0..<300 {
            let t = Double(k) / 100
            let expected = t < 0.35 ? jump.keyframes[0] : jump.shape(at: t - 0.35)
            #expect(pin.shape(at: t) == expected, "t \(t)")
        }
        // Each dot under the tip (x 409.2): how high the pin's lowest point is above the line.
        func clearance(_ beginTime: Double) throws -> Double {
            let paths = try Self.scene().paths
            var least = Double.infinity
            for k in Int((beginTime * 1000).rounded(.up))..<3000 {
                let ns = Int64(k) * 1_000_000
                for item in paths.visible(atNanoseconds: ns) where abs(paths.drawn(item).center.x - 409.2) < 0.6 {
                    let lowest = jump.shape(at: Double(ns) / 1e9 - beginTime).bounds!.max.y
                    least = min(least, 409 - lowest)
                }
            }
            return least
        }
        let late = try clearance(0.35), early = try clearance(0)
        #expect(late > 15, "\(late)")
        #expect(early < 1, "\(early)")
    }

    /// Its pictures: the filmstrip over the dots' 3-s cycle (the line, the dots in their looks,
    /// the pin); the animation, its dots looping over the cycle with key times strictly
    /// increasing (a jump back at each period's end is one ulp long), their radius and colour
    /// changing period by period, the pin's path beginning 0.35 s late and repeating each second.
    @Test func itsPictures() throws {
        let doc = try Self.scene()
        let strip = try doc.render(Documents.RenderOptions(replay: ReplayOptions(), title: "t", samples: 6))
        #expect(strip.contains("<linearGradient id=\"line\"") && strip.components(separatedBy: "<path fill=\"#f64145\"").count == 7)
        #expect(strip.contains("r=\"15.0\" fill=\"#f64145\"") && strip.contains("r=\"9.0\" fill=\"#e2e2e2\""))
        let animated = try doc.render(Documents.RenderOptions(replay: ReplayOptions(), title: "t", animated: true))
        let keyTimes = attributeValues("keyTimes", in: animated), values = attributeValues("values", in: animated)
        #expect(keyTimes.count == values.count && keyTimes.count > 10)
        var ending = 0
        for (times, values) in zip(keyTimes, values) {
            let t = times.split(separator: ";").map { Double($0)! }
            #expect(t.count == values.split(separator: ";", omittingEmptySubsequences: false).count)
            // Discrete looks (r, fill) start each period at its time; the rest end at 1.
            #expect(t.first == 0 && t.last! <= 1 && zip(t, t.dropFirst()).allSatisfy { $0 < $1 })
            if t.last == 1 { ending += 1 }
        }
        #expect(ending == 4 * 3 + 1)  // cx, cy, opacity of 4 slots, and the pin
        #expect(animated.contains("attributeName=\"d\" begin=\"0.35s\" dur=\"1.0s\" repeatCount=\"indefinite\""))
        #expect(animated.contains("attributeName=\"fill\" dur=\"3.0s\"") && animated.contains("values=\"#e2e2e2;#e2e2e2;#f64145\""))
        #expect(isWellFormedXML(strip) && isWellFormedXML(animated))
    }

    /// The older documents replay to their pins: the plain dots and the pin alone.
    @Test func olderDocumentsKeepTheirPins() throws {
        #expect(try PathDocument<ConveyorPaths>(json: try fixtureBytes("paths/dots.json")).digest.hex == PathSceneTests.dotsDigest)
        #expect(try PathDocument<MorphPaths>(json: try fixtureBytes("paths/jumping-pin.json")).digest.hex == PathSceneTests.pinDigest)
        // A plain conveyor document written with none of the new keys.
        let plain = try PathDocument<ConveyorPaths>(json: try fixtureBytes("paths/dots.json")).json
        for key in ["dots", "baseline", "pin"] { #expect(!plain.contains("\"\(key)\"")) }
    }

    /// The new keys refuse what they cannot draw, naming the key path.
    @Test func badLooksAreRefused() throws {
        let text = try Fixture.text("paths/pin-and-dots.json")
        let cases: [(String, String, String)] = [
            ("\"#f64145\", \"offset\": 15.0}", "\"red\", \"offset\": 15.0}", "dots[2]"),
            (
                "{\"radius\": 9.0, \"color\": \"#e2e2e2\", \"offset\": 9.0},\n    {\"radius\": 15.0",
                "{\"radius\": -9.0, \"color\": \"#e2e2e2\", \"offset\": 9.0},\n    {\"radius\": 15.0", "dots[1]"
            ),
            ("\"beginTime\": 0.35", "\"beginTime\": -0.35", "pin"),
            ("\"width\": 2.0", "\"width\": -2.0", "baseline"),
            ("\"beginTime\": 0.35,", "", "pin"),
        ]
        for (old, new, at) in cases {
            #expect(text.contains(old))
            do {
                _ = try PathDocument<ConveyorPaths>(json: text.replacingOccurrences(of: old, with: new))
                Issue.record("\(new) accepted")
            } catch { #expect(error.field.contains(at), "\(error)") }
        }
        let many =
            "\"dots\": ["
            + Array(repeating: "{\"radius\": 1, \"color\": \"#000000\"}", count: ConveyorPaths.maximumDots + 1).joined(separator: ", ")
            + "],\n  \"baseline\""
        let start = try #require(text.range(of: "\"dots\": [")), end = try #require(text.range(of: "\"baseline\""))
        #expect(throws: FlingError.self) {
            try PathDocument<ConveyorPaths>(json: text.replacingCharacters(in: start.lowerBound..<end.upperBound, with: many))
        }
    }
}
