@testable import Fling
import Testing
@testable import FlingScenes
@testable import FlingTraces

/// The presets that reproduce the originals: JRMFloatingAnimation's defaults and shapes, and the
/// Toonie picker; each checked against the original's defining numbers.
@Suite struct PresetTests {
    static let start = Vector(195, 700)
    static let jrm = try! BubbleEmitter.Configuration.jrmFloatingAnimation(startingPoint: start, viewWidth: 390)

    /// Bubbles from taps at 0, 0.01, 0.02 … (all alive at the end).
    static func emitted(_ c: BubbleEmitter.Configuration, seed: UInt64, count: Int) throws -> [BubbleEmitter.Bubble] {
        var e = try BubbleEmitter(configuration: c, seed: seed)
        for k in 0..<count { try e.tap(at: Double(k) / 100) }
        try e.advance(to: Double(count) / 100)
        return e.bubbles
    }

    /// The library's defaults (JRMFloatingAnimationView's `initWithStartingPoint:`): straight,
    /// sizes 10-20, 2 s, heights from a third of the start's y to all of it, no pop, no alpha
    /// variation, no fade, one image; and the straight path's geometry and draw order, redrawn
    /// here from the seed in the documented order (size, sway, height, coin, duration).
    @Test func jrmDefaults() throws {
        let c = Self.jrm
        #expect(c.shape == .straight && c.size == 10...20 && c.duration == 2...2 && c.interval == nil)
        #expect(c.height == (700.0 / 3)...700 && c.popScale == 1 && c.popDuration == 0.1)
        #expect(c.alpha == 1...1 && !c.fadesOut && c.images == 1 && c.animationWidth == nil && c.timing == .parameter)
        var g = SplitMix64(state: 41)
        for b in try Self.emitted(c, seed: 41, count: 50) {
            let size = 10 + 10 * g.unit()
            let r = 1 + (2 * size - 1) * g.unit()
            let h = 700.0 / 3 + (700 - 700.0 / 3) * g.unit()
            let swapped = g.next() >> 63 == 1
            #expect(2 + 0 * g.unit() == b.duration)
            #expect(b.size == size && b.mirrored == swapped && b.shape == .straight && b.alpha == 1 && b.image == 0)
            // From the frame's origin (half the size up) to the origin's y − h + size.
            let o = Vector(195, 700 - size / 2), ey = o.y - h + size
            let (c1, c2) = (Vector(o.x - r, (o.y + ey) / 2), Vector(o.x + r, (o.y + ey) / 2))
            #expect(b.curve.start == o && b.curve.end == Vector(o.x, ey))
            #expect(swapped ? (b.curve.control1 == c2 && b.curve.control2 == c1) : (b.curve.control1 == c1 && b.curve.control2 == c2))
        }
        // No pop: 0.1 s at the end at scale 1, then gone.
        var e = try BubbleEmitter(configuration: c, seed: 1)
        try e.tap(at: 0)
        try e.advance(to: 2.05)
        var states: [BubbleEmitter.State] = []
        e.states(into: &states)
        #expect(states.count == 1 && states[0].scale == 1 && states[0].isPopping)
        try e.advance(to: 2.1)
        #expect(e.bubbles.isEmpty)
    }

    /// `removeOnCompletion` off (JRMFloatingAnimation's option): a bubble stays where its path
    /// ends once its pop is over, at the pop scale and the opacity it ended with, no longer
    /// popping, with no `removed` event; on (the default), it goes. A scene document records it
    /// (version 2, which a version-1 document cannot hold) and replays the bubble that stays.
    @Test func jrmBubblesCanStay() throws {
        var c = Self.jrm
        c.popScale = 1.3
        c.removeOnCompletion = false
        var e = try BubbleEmitter(configuration: c, seed: 3)
        try e.tap(at: 0)
        var events = try e.advance(to: 2.05)
        var states: [BubbleEmitter.State] = []
        e.states(into: &states)
        #expect(states.count == 1 && states[0].isPopping && states[0].scale > 1 && states[0].scale < 1.3)
        events += try e.advance(to: 60)
        e.states(into: &states)
        let bubble = try #require(e.bubbles.first)
        let last = try #require(states.count == 1 ? states.first : nil)
        #expect(last.id == 0 && last.position == bubble.curve.end && last.scale == 1.3 && last.size == bubble.size)
        #expect(!last.isPopping && last.alpha == 1 && last.image == 0)
        #expect(events.map(\.kind) == [.emitted, .popped])
        c.fadesOut = true
        var faded = try BubbleEmitter(configuration: c, seed: 3)
        try faded.tap(at: 0)
        try faded.advance(to: 5)
        faded.states(into: &states)
        #expect(states.count == 1 && states[0].alpha == 0 && !states[0].isPopping)
        // The default goes, with its removed event.
        var gone = try BubbleEmitter(configuration: Self.jrm, seed: 3)
        try gone.tap(at: 0)
        #expect(try gone.advance(to: 60).map(\.kind) == [.emitted, .popped, .removed] && gone.bubbles.isEmpty)
        // In a scene document: written (version 2), read back, replayed with the bubble there.
        c.fadesOut = false
        let document = SceneDocument(
            scene: BubblesScene(c, seed: 3, taps: [0, 0.5]), sampling: SceneSampling(rate: 10, duration: 4))
        let json = document.json
        #expect(json.contains("\"version\": 2") && json.contains("\"removeOnCompletion\": false"))
        let read = try SceneDocument<BubblesScene>(json: json)
        #expect(!read.scene.configuration.removeOnCompletion && read.json == json)
        let replay = try read.replay(ReplayOptions())
        #expect(replay.frames.last?.states.count == 2 && replay.frames.last?.states.allSatisfy { !$0.isPopping } == true)
        #expect(!replay.events.contains { $0.contains("removed") })
        let staying = replay.digest
        var removing = document
        removing.scene.configuration.removeOnCompletion = true
        #expect(removing.json.contains("\"version\": 1") && !removing.json.contains("removeOnCompletion"))
        #expect(try removing.replay(ReplayOptions()).digest != staying)
        let older = json.replacingOccurrences(of: "\"version\": 2", with: "\"version\": 1")
        #expect(throws: FlingError.self) { try SceneDocument<BubblesScene>(json: older) }
    }

    /// The JRM preset refuses a starting point it cannot use (a negative y empties the
    /// library's range of heights, y/3 to y; NaN and the infinities are no coordinates; nothing
    /// beyond ``Limits/coordinate``) and a view width out of range, with a typed error naming
    /// the argument, instead of trapping; y = 0 is a bubble that rises no higher than its size.
    @Test func jrmRefusesAStartingPointItCannotUse() throws {
        let bad = [-1, -0.001, .nan, .infinity, -.infinity, 1e300, -1e300, Limits.coordinate * 2]
        for y in bad {
            #expect(throws: FlingError.self, "y \(y)") {
                try BubbleEmitter.Configuration.jrmFloatingAnimation(startingPoint: Vector(100, y), viewWidth: 390)
            }
        }
        for x in bad where x.isNaN || x.isInfinite || abs(x) > Limits.coordinate {
            #expect(throws: FlingError.self, "x \(x)") {
                try BubbleEmitter.Configuration.jrmFloatingAnimation(startingPoint: Vector(x, 100), viewWidth: 390)
            }
        }
        for w in [-1, .nan, .infinity, 1e300] {
            #expect(throws: FlingError.self, "width \(w)") {
                try BubbleEmitter.Configuration.jrmFloatingAnimation(startingPoint: Vector(100, 100), viewWidth: w)
            }
        }
        do {
            _ = try BubbleEmitter.Configuration.jrmFloatingAnimation(startingPoint: Vector(100, -5), viewWidth: 390)
        } catch {
            #expect(error.code == .outOfRange && error.field.hasSuffix("jrmFloatingAnimation.startingPoint.y"))
        }
        let ground = try BubbleEmitter.Configuration.jrmFloatingAnimation(startingPoint: Vector(0, 0), viewWidth: 0)
        #expect(ground.height == 0...0)
        var e = try BubbleEmitter(configuration: ground, seed: 1)
        try e.tap(at: 0)
        try e.advance(to: 1)
        #expect(e.bubbles.count == 1)
    }

    /// The curve shapes: to `(x ∓ w, y − h)`, `w` in 50 up to the default width (the start's x to
    /// the left, the rest of the view to the right), control points `(x, y − 0.75 h)` and
    /// `(x ∓ w, y − 0.25 h)` in either order; triangle-up mixes the three with the view's width.
    @Test func jrmShapes() throws {
        for (shape, width) in [(BubbleEmitter.Shape.curveLeft, 120.0), (.curveRight, 390.0 - 120)] {
            var c = try BubbleEmitter.Configuration.jrmFloatingAnimation(startingPoint: Vector(120, 700), viewWidth: 390)
            c.shape = shape
            var widest = 0.0
            for b in try Self.emitted(c, seed: 5, count: 60) {
                let o = b.curve.start, e = b.curve.end
                let w = abs(e.x - o.x), h = o.y - e.y
                #expect(w >= 50 && w <= width && (shape == .curveLeft ? e.x < o.x : e.x > o.x))
                widest = max(widest, w)
                #expect(h >= 700.0 / 3 - 1e-9 && h <= 700)
                let a = Vector(o.x, o.y - 0.75 * h), z = Vector(e.x, o.y - 0.25 * h)
                let (c1, c2) = b.mirrored ? (z, a) : (a, z)
                #expect((b.curve.control1 - c1).length < 1e-9 && (b.curve.control2 - c2).length < 1e-9)
            }
            #expect(widest > width - 10)  // the widths fill 50...width
        }
        var c = Self.jrm
        c.shape = .triangleUp
        let bubbles = try Self.emitted(c, seed: 9, count: 90)
        let kinds = Set(bubbles.map(\.shape))
        #expect(kinds == [.curveLeft, .curveRight, .straight])
        for b in bubbles where b.shape == .straight {
            #expect(abs(b.curve.control1.x - b.curve.start.x) <= 390)  // reach up to the view's width
        }
    }

    /// `varyAlpha` (0.1-1), `fadeOut` (the UIView animation's ease-in-ease-out over the rise),
    /// several images; and the scene digest covers opacity and image only for such a look.
    @Test func jrmLooks() throws {
        var c = Self.jrm
        c.alpha = 0.1...1
        c.fadesOut = true
        c.images = 3
        let bubbles = try Self.emitted(c, seed: 3, count: 60)
        #expect(bubbles.allSatisfy { $0.alpha >= 0.1 && $0.alpha <= 1 } && Set(bubbles.map(\.alpha)).count == 60)
        #expect(Set(bubbles.map(\.image)) == [0, 1, 2])
        let e = try BubbleEmitter(configuration: c, seed: 3)
        let b = bubbles[0]
        #expect(try e.state(of: b, at: b.born).alpha == b.alpha)
        #expect(abs(try e.state(of: b, at: b.born + 1).alpha - b.alpha * 0.5) < 1e-12)  // halfway: the curve's symmetry
        #expect(abs(try e.state(of: b, at: b.born + 0.5).alpha - b.alpha * (1 - TimingFunction.easeInEaseOut(0.25))) < 1e-15)
        #expect(try e.state(of: b, at: b.born + 2).alpha == 0)
        #expect(c.variesLook && !Self.jrm.variesLook && !BubbleEmitter.Configuration().variesLook)
    }

    /// What the Toonie case study states (its whole text, read in docs/ORIGINALS.md), each on
    /// the preset: the scroll starts at 6 AM (offset 0 and angle 0 there, 6 PM half way); a new
    /// time scrolls by the difference in minutes times the image's height over 1,440 (the
    /// article's 9:10, 190 minutes from 6:00), negative when the new time is earlier (9:10 →
    /// 7:00 runs back, never round the clock); 360° for 24 hours from 6 AM; the moon turns by the
    /// background layer's angle the other way; the sun through more radians than the moon;
    /// the stars' alpha 0 from 6 AM to 6 PM, rising after it to 1 at midnight.
    @Test func toonieAsTheArticleStatesIt() throws {
        let c = DayNightPicker.Configuration.toonie
        let six = try DayNightPicker.layers(minutes: 6 * 60, c), eighteen = try DayNightPicker.layers(minutes: 18 * 60, c)
        #expect(six.skyOffset == 0 && six.rotation == 0 && eighteen.skyOffset == c.imageHeight / 2)
        let ten = try DayNightPicker.layers(minutes: 9 * 60 + 10, c)
        #expect(ten.skyOffset == 190 * c.imageHeight / 1440)
        #expect(ten.rotation == 2 * Double.pi * 190 / 1440)
        #expect(ten.moonRotation == -ten.rotation)
        #expect(abs(ten.sunRotation) > abs(ten.moonRotation))
        var p = try DayNightPicker(configuration: c, minutes: 9 * 60 + 10)
        try p.pick(7 * 60, at: 0)
        let offsets = try (0...200).map { try DayNightPicker.layers(minutes: p.value(at: Double($0) / 100), c).skyOffset }
        #expect(offsets.allSatisfy { $0 <= ten.skyOffset } && offsets.last == 60 * c.imageHeight / 1440)
        for hour in stride(from: 6.0, through: 18, by: 0.5) { #expect(try DayNightPicker.layers(minutes: hour * 60, c).starAlpha == 0) }
        let evening = try stride(from: 18.0, through: 24, by: 0.25).map { try DayNightPicker.layers(minutes: $0 * 60, c).starAlpha }
        #expect(zip(evening, evening.dropFirst()).allSatisfy { $0 < $1 } && evening.last == 1)
        // Its clouds: one of three graphics each.
        #expect(CloudSpawner.Configuration().variants.count == 3)
    }

    /// The Toonie picker beside Fling's defaults: the signed difference (23:00 → 1:00 runs back 22
    /// hours, the default goes forward 2), the sun turning more than the moon; 6:00 at offset 0
    /// and rotation 0, a turn a day.
    @Test func toonie() throws {
        let c = DayNightPicker.Configuration.toonie
        #expect(c.wrap == .signed && c.sunMultiple == 2 && c.imageHeight == 2880)
        var p = try DayNightPicker(configuration: c, minutes: 23 * 60)
        var q = try DayNightPicker(minutes: 23 * 60)
        try p.pick(60, at: 0)
        try q.pick(60, at: 0)
        #expect(p.value(at: 10) == 60 && q.value(at: 10) == 1500)
        #expect(p.value(at: 0.1) > 60 && p.value(at: 0.1) < 1380)  // on its way back through the day
        let l = try DayNightPicker.layers(minutes: 9 * 60, c)
        #expect(abs(l.sunRotation) > abs(l.moonRotation) && l.sunRotation == 2 * l.moonRotation)
        #expect(abs(l.rotation - 2 * Double.pi * 3 / 24) < 1e-12)
        let six = try DayNightPicker.layers(minutes: 360, c)
        #expect(six.skyOffset == 0 && six.rotation == 0)
    }
}
