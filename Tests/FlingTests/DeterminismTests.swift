import Testing
import Fling

/// The determinism contract: same inputs, same bits — across runs, display rates, backends
/// and the creation order of unrelated worlds. Digests are pinned as constants, the way
/// Box2D pins its determinism hash; change one only on purpose, saying why in the commit.
@Suite struct DeterminismTests {
    /// A hand-written scene through every path: two tiles, an off-centre drag released near
    /// home (attract, settle), a fling (fall, cull), a re-grab of a falling tile, a cancel.
    static var goldenRun: Run {
        var run = Run()
        run.tiles = [
            TileDefinition(id: 1, frame: Rect(center: Vector(110, 250), width: 150, height: 110), mass: 1.5),
            TileDefinition(id: 2, frame: Rect(center: Vector(280, 560), width: 120, height: 160), mass: 0.8),
        ]
        run.events =
            (drag(touch: 1, from: Vector(60, 220), to: Vector(90, 250), start: 0.05, duration: 0.7)
            + drag(touch: 2, from: Vector(300, 600), to: Vector(320, 700), start: 0.1, duration: 0.1)
            + drag(touch: 3, from: Vector(310, 880), to: Vector(250, 600), start: 0.35, duration: 0.4, end: .cancelled, tile: 2)
            + drag(touch: 4, from: Vector(280, 560), to: Vector(200, 820), start: 2.5, duration: 0.1, tile: 2)).sorted { $0.time < $1.time }
        run.duration = 4.5
        return run
    }

    /// The golden digest of ``goldenRun`` (270 ticks) with portable arithmetic: the same on
    /// every machine. (Re-pinned when a named grab outside its tile came to take the tile's
    /// nearest point: touch 3 names tile 2 from below it.) The platform-arithmetic backends
    /// are held to each other instead, in the same process.
    static let goldenDigest: UInt64 = 0x5beb_0e1e_f956_facd
    static let goldenTicks = 270

    @Test(arguments: backends)
    func goldenRunHasThePinnedDigest(kind: BackendKind) throws {
        let result = try Self.goldenRun.play(on: kind)
        #expect(result.ticks.count == Self.goldenTicks)
        if kind.arithmetic == .portable {
            #expect(result.digest.value == Self.goldenDigest, "digest \(result.digest.hex)")
        } else {
            // Held to another platform-arithmetic backend in the same process, tick by tick:
            // Chipmunk to native, native to Chipmunk (or, without it, to native on 2 threads).
            let other: BackendChoice =
                kind != .native ? .kind(.native) : BackendChoice.platformPair.first { $0.description != kind.rawValue }!
            let partner = try Self.goldenRun.play(on: other)
            #expect(result.digest == partner.digest, "\(kind) \(result.digest.hex), \(other) \(partner.digest.hex)")
            #expect(
                result.ticks.count == partner.ticks.count
                    && zip(result.ticks, partner.ticks).allSatisfy { a, b in
                        a.count == b.count && zip(a, b).allSatisfy { $0.0 == $1.0 && $0.1.isBitwiseEqual(to: $1.1) }
                    })
        }
        // It really went through the paths it claims to.
        let kinds = result.events.map(\.kind)
        #expect(kinds.contains(.settled) && kinds.contains(.culled))
        #expect(kinds.contains { if case .released(_, _, true) = $0 { true } else { false } })
    }

    @Test(arguments: backends)
    func sameInputsTwiceGiveIdenticalBits(kind: BackendKind) throws {
        let run = randomScenario(seed: 7)
        let a = try run.play(on: kind), b = try run.play(on: kind)
        #expect(a.digest == b.digest)
        #expect(a.ticks.count == b.ticks.count)
        expectSameRun(a.run("first"), b.run("second"), "\(kind)")
    }

    /// Display frames at 30, 60, 120 and 240 Hz and with jittered intervals step the same
    /// ticks: touches are applied at tick boundaries by their own time, never by frame.
    @Test(arguments: backends)
    func displayRateDoesNotChangeTicks(kind: BackendKind) throws {
        let run = Self.goldenRun
        let reference = try run.play(on: kind, frameTimes: frames(hz: 60, until: run.duration))
        var rng = SplitMix64(state: 99)
        var jittered: [Double] = []
        var t = 0.0
        while t < run.duration {
            t = min(run.duration, t + Double.random(in: 0.001...0.045, using: &rng))
            jittered.append(t)
        }
        for frameTimes in [
            frames(hz: 30, until: run.duration), frames(hz: 120, until: run.duration),
            frames(hz: 240, until: run.duration), frames(hz: 144, until: run.duration), jittered,
        ] {
            let other = try run.play(on: kind, frameTimes: frameTimes)
            #expect(other.digest == reference.digest)
            #expect(other.ticks.count == reference.ticks.count)
            #expect(other.events == reference.events)
            expectSameRun(other.run("\(frameTimes.count) frames"), reference.run("60 Hz"), "\(kind)")
        }
    }

    /// Making, stepping and dropping one world never changes another's bits: each tile's
    /// states in a two-tile run equal its states when it runs alone.
    @Test(arguments: backends)
    func unrelatedWorldsDoNotTouchEachOther(kind: BackendKind) throws {
        let together = Self.goldenRun
        let both = try together.play(on: kind)
        for id in [TileID(1), TileID(2)] {
            var alone = together
            alone.tiles = together.tiles.filter { $0.id == id }
            let touches: Set<TouchID> = id == 1 ? [1] : [2, 3, 4]
            alone.events = together.events.filter { touches.contains($0.touch) }
            let solo = try alone.play(on: kind)
            let fromBoth = both.ticks.map { $0.filter { $0.0 == id }.map(\.1) }
            let fromSolo = solo.ticks.map { $0.map(\.1) }
            #expect(fromBoth.count == fromSolo.count)
            #expect(
                zip(fromBoth, fromSolo).allSatisfy { a, b in
                    a.count == b.count && zip(a, b).allSatisfy { $0.isBitwiseEqual(to: $1) }
                }, "tile \(id.rawValue)")
        }
    }

    func frames(hz: Double, until end: Double) -> [Double] {
        (1...Int((end * hz).rounded())).map { Double($0) / hz }
    }
}
