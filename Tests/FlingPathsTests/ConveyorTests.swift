import Testing
import FlingCore
@testable import FlingPaths
import FlingPathsTestSupport

@Suite struct ConveyorTests {
    /// A general conveyor: a 320-point row, items every 160 points, moving left one spacing
    /// every 3 s (a third of the article's speed, which ``articleDotsMove1_5WidthsPerLoop()`` checks).
    let dots = try! Conveyor(from: Vector(0, 20), to: Vector(320, 20), spacing: 160, period: 3, reversed: true)

    @Test func positionsAndFades() throws {
        let start = dots.items(at: 0)
        #expect(start.map(\.distance) == [0, 160, 320] && start.map(\.alpha) == [0, 1, 0])
        #expect(start.map(\.position) == [Vector(0, 20), Vector(160, 20), Vector(320, 20)])
        let half = dots.items(at: 1.5)
        #expect(half.map(\.distance) == [80, 240] && half.map(\.alpha) == [1, 1])
        // Moving left at a constant 160/3 points per second; alpha linear within 50 points.
        let a = dots.items(at: 0.3)[0], b = dots.items(at: 0.6)[0]
        #expect(abs((a.distance - b.distance) - 16) < 1e-9)
        #expect(dots.velocity == -160.0 / 3)
        #expect(dots.alpha(atDistance: 25) == 0.5 && dots.alpha(atDistance: 300) == 0.4)
        let sharp = try Conveyor(from: .zero, to: Vector(0, 100), spacing: 30, period: 1, fadeLength: 0)
        #expect(sharp.items(at: 0.5).map(\.alpha).allSatisfy { $0 == 1 })
        #expect(sharp.items(at: 0.5).map(\.position) == [Vector(0, 15), Vector(0, 45), Vector(0, 75)])
        let wide = try Conveyor(from: .zero, to: Vector(300, 0), spacing: 30, period: 1, fadeLength: 100)
        #expect(wide.alpha(atDistance: 25) == 0.25)
    }

    /// Every item keeps its number while it crosses the line, forward and backward, before and
    /// after time 0: followed in 10-ms steps (1 point each), the item a point back along its way
    /// a step before has the same ordinal. At time 0 the item k spacings from the start is item k.
    @Test func itemsKeepTheirNumbers() throws {
        for reversed in [false, true] {
            let c = try Conveyor(from: Vector(0, 0), to: Vector(300, 0), spacing: 100, period: 1, reversed: reversed)
            #expect(c.items(atNanoseconds: 0).map(\.ordinal) == [0, 1, 2, 3])
            var previous = c.items(atNanoseconds: -5_000_000_000)
            var followed = 0
            for step in 1...1000 {
                let now = c.items(atNanoseconds: -5_000_000_000 + Int64(step) * 10_000_000)
                for item in now {
                    let from = item.distance + (reversed ? 1 : -1)
                    if let before = previous.first(where: { abs($0.distance - from) < 1e-6 }) {
                        #expect(before.ordinal == item.ordinal, "reversed \(reversed), step \(step)")
                        followed += 1
                    }
                }
                previous = now
            }
            #expect(followed > 2500)
        }
    }

    @Test func stateRepeatsBitForBitEveryPeriod() throws {
        var rng = SplitMix64(state: 12)
        for _ in 0..<500 {
            let t = Int64(bitPattern: rng.next() % 100_000_000_000_000) - 50_000_000_000_000
            for k: Int64 in [1, 7, -3] {
                let x = dots.items(atNanoseconds: t), y = dots.items(atNanoseconds: t + k * dots.periodNanoseconds)
                #expect(
                    x.map(\.position) == y.map(\.position) && x.map(\.distance) == y.map(\.distance) && x.map(\.alpha) == y.map(\.alpha))
                #expect(x.map { $0.position.x.bitPattern } == y.map { $0.position.x.bitPattern })
                // The same places, taken by the items k further along (moving toward the start).
                #expect(zip(x, y).allSatisfy { $1.ordinal == $0.ordinal + Int(k) })
            }
        }
        // Seamless wrap: just before a period ends the items are where they start again.
        let before = dots.items(atNanoseconds: dots.periodNanoseconds - 1)
        #expect(before.count == 2)
        for (x, y) in zip(before, dots.items(atNanoseconds: 0)) { #expect(abs(x.distance - y.distance) < 1e-6) }
    }

    /// The article's dots: a container twice the view's width W (320), dots at its quarters,
    /// moved from x = W to −0.5 W in each 3-s loop. Following one dot through a loop in small
    /// steps, it moves left 1.5 W (three spacings), 160 pt/s all along.
    @Test func articleDotsMove1_5WidthsPerLoop() {
        let dots = MapPinKeyframes.dots()
        let w = dots.length
        #expect(w == 320 && dots.spacing == w / 2)
        let steps = 3 * 240
        // Follow the dot that starts at x = 160.
        var x = dots.items(at: 0).map(\.position.x).min { abs($0 - 160) < abs($1 - 160) }!, travelled = 0.0
        #expect(x == 160)
        for k in 1...steps {
            let t = Double(k) / 240
            // The followed dot, or once it has left the row its image a whole number of spacings
            // on (the row repeats every spacing): the item nearest x, moved by whole spacings.
            let p = dots.items(at: t)[0].position.x
            let next = p - dots.spacing * ((p - x) / dots.spacing).rounded()
            let step = next - x
            // Times are rounded to whole nanoseconds: 160 pt/s · 1 ns = 1.6e-7 pt at the most.
            #expect(abs(step - (-160.0 / 240)) < 1.6e-7, "step \(k): \(step)")
            travelled += step
            x = next
        }
        #expect(abs(travelled - (-1.5 * w)) < 1e-6)
        #expect(dots.velocity == -1.5 * w / 3)
    }

    @Test func badConveyorsThrow() {
        #expect(throws: FlingError.self) { _ = try Conveyor(from: .zero, to: .zero, spacing: 1, period: 1) }
        #expect(throws: FlingError.self) { _ = try Conveyor(from: .zero, to: Vector(1, 0), spacing: 0, period: 1) }
        #expect(throws: FlingError.self) { _ = try Conveyor(from: .zero, to: Vector(1, 0), spacing: 1, period: -1) }
        #expect(throws: FlingError.self) { _ = try Conveyor(from: .zero, to: Vector(1, 0), spacing: 1, period: 1, fadeLength: .nan) }
    }
}
