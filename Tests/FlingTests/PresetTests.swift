@testable import Fling
import Testing

/// The presets that reproduce the originals: JRMFloatingAnimation's defaults and shapes, and the
/// Toonie picker; each checked against the original's defining numbers.
@Suite struct PresetTests {
    static let start = Vector(195, 700)
    static let jrm = BubbleEmitter.Configuration.jrmFloatingAnimation(startingPoint: start, viewWidth: 390)

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

    /// The curve shapes: to `(x ∓ w, y − h)`, `w` in 50 up to the default width (the start's x to
    /// the left, the rest of the view to the right), control points `(x, y − 0.75 h)` and
    /// `(x ∓ w, y − 0.25 h)` in either order; triangle-up mixes the three with the view's width.
    @Test func jrmShapes() throws {
        for (shape, width) in [(BubbleEmitter.Shape.curveLeft, 120.0), (.curveRight, 390.0 - 120)] {
            var c = BubbleEmitter.Configuration.jrmFloatingAnimation(startingPoint: Vector(120, 700), viewWidth: 390)
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
