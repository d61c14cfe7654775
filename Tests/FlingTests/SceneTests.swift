import Fling
@testable import FlingScenes
import Testing
@testable import FlingPaths

@Suite struct BubbleTests {
    static var fish: BubbleEmitter.Configuration {
        var c = BubbleEmitter.Configuration()
        c.source = .sweep(from: Vector(-40, 600), to: Vector(430, 600), period: 8)
        c.interval = 0.2...0.7
        c.height = 250...450
        c.sway = 15...60
        c.duration = 1.5...2.5
        c.size = 8...24
        c.startOffset = -6...6
        return c
    }

    static func run(_ c: BubbleEmitter.Configuration, seed: UInt64, until end: Double, every dt: Double = 1.0 / 60)
        throws -> (emitter: BubbleEmitter, events: [BubbleEmitter.Event], emitted: [BubbleEmitter.Bubble])
    {
        var e = try BubbleEmitter(configuration: c, seed: seed)
        var events: [BubbleEmitter.Event] = [], emitted: [BubbleEmitter.Bubble] = []
        var t = 0.0
        while t < end {
            t = min(t + dt, end)
            let new = try e.advance(to: t)
            events += new
            for ev in new where ev.kind == .emitted { emitted.append(e.bubbles.first { $0.id == ev.bubble }!) }
        }
        return (e, events, emitted)
    }

    @Test func sameSeedSameBubblesOtherSeedOthers() throws {
        let a = try Self.run(Self.fish, seed: 42, until: 6)
        let b = try Self.run(Self.fish, seed: 42, until: 6, every: 1.0 / 144)  // sampled more often
        let c = try Self.run(Self.fish, seed: 43, until: 6)
        #expect(a.emitted == b.emitted && a.events == b.events)
        #expect(a.emitted.count > 8)
        #expect(a.emitted.map(\.curve) != c.emitted.map(\.curve))
        // Both orientations occur, and bubbles start at the fish's position when emitted.
        #expect(a.emitted.contains { $0.mirrored } && a.emitted.contains { !$0.mirrored })
        for bubble in a.emitted {
            let fish = Self.fish.source.position(at: bubble.born)
            #expect(abs(bubble.curve.start.x - fish.x) <= 6 && bubble.curve.start.y == fish.y)
        }
    }

    /// A mirrored bubble is the reflection of its twin about the vertical through its origin.
    @Test func mirroredBubbleIsTheReflectionOfItsTwin() throws {
        let bubbles = try Self.run(Self.fish, seed: 7, until: 5).emitted
        let mirrored = try #require(bubbles.first { $0.mirrored })
        let c = mirrored.curve, o = c.start
        // Its sway was negated: control 1 is right of the origin. The twin sways the other way.
        let twin = BubbleCurve(origin: o, height: o.y - c.end.y, sway: c.control1.x - o.x)
        #expect(c.control1.x > o.x && twin.control1.x < o.x)
        for k in 0...64 {
            let s = Double(k) / 64
            let p = c.point(at: s), q = twin.point(at: s)
            #expect(p.y == q.y)
            #expect(abs((p.x - o.x) + (q.x - o.x)) <= 1e-9, "s \(s): \(p.x) vs \(q.x)")
        }
        #expect(abs(c.length - twin.length) <= 1e-9 * c.length)
    }

    /// Arc length against a reference polyline of a million segments (relative 1e-9), and paced
    /// timing at constant speed where parameter timing is not.
    @Test(arguments: [(250.0, 40.0), (300, -15), (120, 90)])
    func arcLengthAndPacedTiming(height: Double, sway: Double) {
        let curve = BubbleCurve(origin: Vector(100, 700), height: height, sway: sway)
        var reference = 0.0
        var previous = curve.point(at: 0)
        let n = 1_000_000
        for k in 1...n {
            let p = curve.point(at: Double(k) / Double(n))
            reference += (p - previous).length
            previous = p
        }
        #expect(abs(curve.length - reference) <= 1e-9 * reference, "\(curve.length) vs \(reference)")
        // Paced: equal time steps cover equal lengths (to 1e-9 of the length).
        var pacedCovered: [Double] = [], parameterCovered: [Double] = []
        for k in 0..<20 {
            let s0 = curve.parameter(atLengthFraction: Double(k) / 20), s1 = curve.parameter(atLengthFraction: Double(k + 1) / 20)
            pacedCovered.append(curve.length(from: s0, to: s1))
            parameterCovered.append(curve.length(from: Double(k) / 20, to: Double(k + 1) / 20))
        }
        #expect(pacedCovered.allSatisfy { abs($0 - curve.length / 20) <= 1e-9 * curve.length })
        #expect(parameterCovered.contains { abs($0 - curve.length / 20) > 1e-3 * curve.length })
    }

    /// Taps emit at their times; at the end a bubble scales from 1 to 1.3 over 0.1 s, then goes.
    @Test(arguments: BubbleEmitter.Timing.allCases)
    func tapsAndPops(timing: BubbleEmitter.Timing) throws {
        var c = BubbleEmitter.Configuration()
        c.source = .fixed(Vector(200, 800))
        c.timing = timing
        var e = try BubbleEmitter(configuration: c, seed: 1)
        try e.tap(at: 0.5)
        try e.tap(at: 0.5)
        try e.tap(at: 1.25)
        #expect(throws: FlingError.self) { try e.tap(at: 1.0) }
        var states: [BubbleEmitter.State] = []
        #expect(try e.advance(to: 0.4).isEmpty)
        let first = try e.advance(to: 0.5)
        #expect(first.map(\.kind) == [.emitted, .emitted] && first.allSatisfy { $0.time == 0.5 })
        try e.advance(to: 1.5)
        e.states(into: &states)
        #expect(states.count == 3 && states.allSatisfy { $0.scale == 1 && !$0.isPopping })
        #expect(states[0].position.y < 800 && states[0].position.y > 800 - 300)
        try e.advance(to: 2.55)  // 0.05 s into the first two pops
        e.states(into: &states)
        #expect(states[0].isPopping && abs(states[0].scale - 1.15) < 1e-12 && states[0].position == e.bubbles[0].curve.end)
        let rest = try e.advance(to: 2.6 + 1e-9)
        #expect(rest.map(\.kind) == [.removed, .removed])
        #expect(e.bubbles.count == 1)
        let last = try e.advance(to: 4)
        #expect(last.map(\.kind) == [.popped, .removed] && last[0].time == 3.25 && last[1].time == 3.25 + 0.1)
    }

    @Test func badConfigurationsAreRefused() {
        var c = BubbleEmitter.Configuration()
        c.duration = 0...1
        #expect(throws: FlingError.self) { try BubbleEmitter(configuration: c, seed: 0) }
        c = .init(); c.height = -5...1
        #expect(throws: FlingError.self) { try BubbleEmitter(configuration: c, seed: 0) }
        c = .init(); c.source = .sweep(from: .zero, to: .zero, period: 0)
        #expect(throws: FlingError.self) { try BubbleEmitter(configuration: c, seed: 0) }
    }
}

@Suite struct DayNightTests {
    /// The angles and the stars' alpha at the hours the issue names.
    @Test(arguments: [
        (6.0, 0.0, 0.0), (12, 0.5, 0), (18, 1, 0), (21, 1.25, 0.5), (0, 1.5, 1), (3, 1.75, 0.5),
    ])
    func layersAtTheHours(hour: Double, turnsOfPi: Double, alpha: Double) throws {
        let c = DayNightPicker.Configuration()
        let l = try DayNightPicker.layers(minutes: hour * 60, c)
        #expect(l.rotation == turnsOfPi * Double.pi)
        #expect(l.moonRotation == -l.rotation && l.sunRotation == -l.rotation && l.starRotation == l.rotation)
        #expect(l.starAlpha == alpha)
        #expect(l.skyOffset == turnsOfPi / 2 * c.imageHeight)
        // The copies cover the view, top first.
        #expect(l.skyCopies[0] <= 0 && l.skyCopies.last! + c.imageHeight >= c.viewHeight)
    }

    @Test func rampsAndSunMultiple() throws {
        var c = DayNightPicker.Configuration()
        c.starRamp = .smooth
        c.sunMultiple = 3
        let l = try DayNightPicker.layers(minutes: 19 * 60 + 30, c)  // a quarter of the way to midnight
        #expect(l.starAlpha == 0.25 * 0.25 * (3 - 0.5))
        #expect(l.sunRotation == -3 * l.rotation)
    }

    /// 23:00 → 1:00 goes forward through midnight the shorter way, and back 22 hours signed;
    /// both land exactly on 1:00; the default spring overshoots on the way.
    @Test(arguments: DayNightPicker.Wrap.allCases)
    func transitions(wrap: DayNightPicker.Wrap) throws {
        var c = DayNightPicker.Configuration()
        c.wrap = wrap
        var p = try DayNightPicker(configuration: c, minutes: 23 * 60)
        try p.pick(60, at: 1)
        let mid = p.value(at: 1.1)
        if wrap == .shorter { #expect(mid > 23 * 60 && mid < 25 * 60) } else { #expect(mid < 23 * 60 && mid > 60) }
        var overshoot = false
        for k in 0...300 {
            let v = p.value(at: 1 + Double(k) / 100)
            if wrap == .shorter ? v > 25 * 60 : v < 60 { overshoot = true }
        }
        #expect(overshoot)
        #expect(p.layers(at: 1 + c.transition.settleTime).minutes == 60)
        #expect(throws: FlingError.self) { try p.pick(30, at: 0.5) }
    }

    /// A timing-curve transition: monotone, exactly at the target when its duration is over.
    @Test func easeInEaseOut() throws {
        var c = DayNightPicker.Configuration()
        c.transition = .easeInEaseOut(duration: 0.8)
        c.wrap = .signed  // 6:00 → 18:00 is 12 hours: the shorter way would go back
        var p = try DayNightPicker(configuration: c, minutes: 6 * 60)
        try p.pick(18 * 60, at: 0)
        var last = -Double.infinity
        for k in 0...80 {
            let v = p.value(at: Double(k) / 100)
            #expect(v >= last)
            last = v
        }
        #expect(p.value(at: 0.8) == 18 * 60 && abs(p.value(at: 0.4) - 12 * 60) < 1e-9)
    }
}

@Suite struct CloudTests {
    @Test func cloudsDriftInFromOutsideAndAreAllRemoved() throws {
        var s = try CloudSpawner(seed: 11)
        var appeared: [Int: Double] = [:]
        var removed: [Int] = []
        var t = 0.0
        while t < 120 {
            t += 1.0 / 30
            for e in try s.advance(to: t) {
                if e.kind == .appeared { appeared[e.cloud] = e.time } else { removed.append(e.cloud) }
            }
            for cloud in s.clouds {
                // Never inside the view when it appears; always moving left.
                #expect(cloud.startX - cloud.size.x / 2 >= s.configuration.viewWidth)
                #expect(cloud.position(at: t).x <= cloud.startX)
            }
        }
        #expect(appeared.count > 15)
        // Every cloud that had time to cross has been removed, at its own leaving time.
        let slowest = s.configuration.speed.lowerBound, widest = 120.0
        let crossing = (s.configuration.viewWidth + widest) / slowest
        for (id, born) in appeared where born + crossing < t { #expect(removed.contains(id), "cloud \(id)") }
        let again = try CloudSpawner(seed: 11)
        var copy = again
        try copy.advance(to: 120)
        #expect(copy.clouds == s.clouds)
        var other = try CloudSpawner(seed: 12)
        try other.advance(to: 120)
        #expect(other.clouds != s.clouds)
    }
}
