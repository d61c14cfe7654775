import Fling
@testable import FlingCore
import Testing
@testable import _FlingSolver

/// What the walls' old code did, reproduced: each historical fault planted for the test's task
/// (`WallSweep.History`, read only where the sweep does its rare work) on the native backend,
/// on the same gestures the wall suites run, and the figures docs/DYNAMICS.md gives for the old
/// code checked against what this run measures. `swift test --filter WallHistoryTests` is the
/// command the document names. (The platform backends share the sweep and give the same bits
/// with a fault planted too: `WallFreezeTests.theParitySubsetMeetsTheOldFreeze`.)
@Suite struct WallHistoryTests {
    static var dynamics: String { get throws { DocumentFigures.flattened(try DocumentFigures.text("docs/DYNAMICS.md")) } }

    /// Whether docs/DYNAMICS.md states `phrase` (white space flattened).
    static func states(_ phrase: String) throws -> Bool { try dynamics.contains(phrase) }

    /// `x` to one decimal, as the document writes depths.
    static func oneDecimal(_ x: Double) -> String {
        let tenths = Int((x * 10).rounded())
        return "\(tenths / 10).\(tenths % 10)"
    }

    /// The old sweep (velocity kept at the put-back, no lift) on WallFreezeTests' 640 throws:
    /// how many froze, and how many of those that turn freely still moved at 10 s.
    @Test func theOldSweepFroze() throws {
        let outcome = try WallSweep.History.$current.withValue(.oldSweep) {
            try WallFreezeTests.run(NativeBackend(), WallFreezeTests.throws_)
        }
        let frozen = outcome.frozen.count, moving = outcome.moving.count
        #expect(frozen > 0 && moving > 0, "the old sweep planted, yet \(frozen) froze and \(moving) still moved")
        let phrase = "\(frozen) of \(WallFreezeTests.throws_.count) froze and \(moving) that turn freely still moved at 10 s"
        #expect(try Self.states(phrase), "docs/DYNAMICS.md does not say: \(phrase)")
    }

    /// The old sweep and the old rest allowance (every tile lies once still for ten times the
    /// rule's ticks, wherever it is) on RestWhereItFitsTests' 200 gestures: the allowance is the
    /// tile policy's, so it is read from the watch (a tile still 2.5 s while deeper than the
    /// allowance is where the old rule let it lie; until then both rules do the same).
    @Test func theOldSweepAndAllowanceLeftTilesDeep() throws {
        let outcome = try WallSweep.History.$current.withValue(.oldSweep) { try RestWhereItFitsTests.gestures(.native) }
        // Under the old allowance a tile lay where it first stayed still 2.5 s deep, unless it had
        // come to rest before; one that did neither never rested.
        var deep: [Double] = [], never = 0
        for (_, watch) in outcome.watches {
            if let hook = watch.stillDeep, watch.rest.map({ $0.tick > hook.tick }) ?? true {
                deep.append(hook.depth)
            } else if let rest = watch.rest {
                if rest.depth > WallOverlapAllowance.resting { deep.append(rest.depth) }
            } else {
                never += 1
            }
        }
        #expect(!deep.isEmpty, "the old sweep planted, yet no tile lay deep")
        let phrase = "\(deep.count) lay deeper, up to \(Self.oneDecimal(deep.max() ?? 0)) pt, and \(never) never rested"
        #expect(try Self.states(phrase), "docs/DYNAMICS.md does not say: \(phrase)")
    }

    /// A rest rule without the depth check (a tile lies once still for the rule's ticks) on
    /// RestInWallsTests' flicks: how deep the tile lay where it was first still, at elasticity 0
    /// and 0.3 (friction 0.5 and 1; without friction it slides on). No fault planted: the
    /// watch reads it (the depth check is the tile policy's).
    @Test func withoutTheDepthCheckTilesLayInTheFloor() throws {
        var phrases: [String] = []
        for elasticity in [0.0, 0.3] {
            let depths = try [0.5, 1].map { try #require(RestInWallsTests.rest(.native, elasticity: elasticity, friction: $0).firstStill) }
            let e = elasticity == 0 ? "0" : "0.3"
            phrases.append("\(Self.twoDecimals(depths.min()!)) to \(Self.twoDecimals(depths.max()!)) pt at elasticity \(e)")
        }
        for phrase in phrases { #expect(try Self.states(phrase), "docs/DYNAMICS.md does not say: \(phrase)") }
    }

    /// 0.95 → "0.95", 20 → "20".
    static func pace(_ x: Double) -> String { x == x.rounded() ? "\(Int(x))" : "\(x)" }

    static func twoDecimals(_ x: Double) -> String {
        let hundredths = Int((x * 100).rounded())
        return "\(hundredths / 100).\(hundredths % 100 < 10 ? "0" : "")\(hundredths % 100)"
    }

    /// No sweep at all: WallSweepTests' throws leave the room at the first step, and its two
    /// flicks (a 100-pt tile up at 3,500 to 3,700 pt/s, a 20-pt tile up at 500 pt/s, falling back)
    /// go through a wall and are culled.
    @Test func withoutTheSweepItemsLeaveTheRoom() throws {
        let (escaped, culled100, culled20) = try WallSweep.History.$current.withValue(.noSweep) {
            let escaped = try WallSweepTests.throwIntoAClosedRoom(NativeBackend())
            var culled100: [Double] = []
            for speed in stride(from: 3_500.0, through: 3_700, by: 50) {
                let run = try WallSweepTests.flick(WallSweepTests.animator(.native, tile: 100), Vector(0, -speed))
                if !run.culled.isEmpty { culled100.append(speed) }
            }
            let culled20 = try !WallSweepTests.flick(WallSweepTests.animator(.native, tile: 20), Vector(0, -500)).culled.isEmpty
            return (escaped, culled100, culled20)
        }
        #expect(escaped.first?.step == 1, "\(escaped.prefix(2))")
        #expect(culled20 && !culled100.isEmpty, "20 pt: \(culled20); 100 pt at \(culled100)")
        let phrase =
            "without the sweep, items are outside after one step, the 20-pt tile and the 100-pt one flicked at "
            + culled100.map { DocumentFigures.grouped(Int($0)) }.joined(separator: " and ") + " pt/s are culled"
        #expect(try Self.states(phrase), "docs/DYNAMICS.md does not say: \(phrase)")
    }

    /// Walls that teleport (`setWalls` pushing nothing) in WallMotionTests' motions: at which of
    /// its paces the sliding wall and the rising floor passed which tiles, and the shrinking
    /// room lost its tile.
    @Test func wallsThatDoNotPushPassThroughTiles() throws {
        let sizes = WallMotionTests.sizes.map { "\(Int($0.x)) × \(Int($0.y))" }
        var phrases: [String] = []
        try WallSweep.History.$current.withValue(.wallsDoNotPush) {
            for (name, motion) in [("the sliding wall", WallMotionTests.slide), ("the rising floor", WallMotionTests.rise)] {
                var parts: [String] = []
                for perTick in WallMotionTests.speeds {
                    let run = try motion(NativeBackend(), perTick)
                    let passed = run.tilesPassed.sorted().map { sizes[$0] }
                    parts.append("\(passed.isEmpty ? "none" : passed.joined(separator: ", ")) at \(Self.pace(perTick)) pt a tick")
                }
                phrases.append("\(name) passed through " + parts.joined(separator: "; "))
            }
            let lost = try WallMotionTests.speeds.filter { try !WallMotionTests.shrink(NativeBackend(), perTick: $0).passed.isEmpty }
            phrases.append("the shrinking room lost its tile at " + lost.map(Self.pace).joined(separator: ", ") + " pt a tick")
        }
        #expect(phrases.contains { !$0.contains("none at 0.95 pt a tick") }, "\(phrases)")
        for phrase in phrases { #expect(try Self.states(phrase), "docs/DYNAMICS.md does not say: \(phrase)") }
    }
}
