import Fling
import Foundation
import Testing

@testable import FlingCore
@testable import FlingInteraction
@testable import FlingTesting
@testable import _FlingSolver

/// The wall bugs Fling had, planted again (WallSweep.History, tests only), are found by the check
/// `fling check --scene room` runs (issue 44 item 2): within its default 100 sessions, on
/// several seeds, with sessions shaped by how items really froze (throws at walls and corners,
/// spinning; Gen+Gestures.swift), not by the fault.
@Suite struct HistoricalWallFaultTests {
    static let seeds: [UInt64] = [1, 2, 3]

    /// On the first seed, exactly fling check's run (every built-in property); on the others,
    /// `settles` alone, the property that finds it: a check of every property finds a fault no
    /// later than a check of one of them does, so found within 100 by `settles` is found within
    /// 100 by `fling check` (and costs a fraction: no replays of the sessions that pass).
    @Test(arguments: seeds)
    func theOldSweepIsFoundInTheRoom(seed: UInt64) throws {
        var check = PropertyCheck(scene: .room, seed: seed, backend: .native)
        #expect(check.sessions == 100)  // fling check's default
        if seed != Self.seeds[0] { check.properties = [.settles] }
        check.shrinks = false  // found is what is asked here; shrinking is PropertyKillTests'
        let report = try WallSweep.History.$current.withValue(.oldSweep) { try check.run() }
        let failure = try #require(report.failure, "the old sweep not found in \(report.sessionsPlayed) sessions: \(report)")
        // Items thrown into walls never come to rest: the put-back sends them into the wall again.
        #expect(failure.property == "settles", "\(failure.message)")
    }

    /// The old rest allowance (every tile lies once still for ten times the rule's ticks,
    /// wherever it is; TilePolicy.History), with the old sweep (the historical state: a tile
    /// the old sweep hooks in a wall then lies there, deep, instead of never settling) and
    /// without it (a tile lies once still, before the contacts have brought it within the slop
    /// and the rule's 10⁻³ pt). `staysInRoom` finds both, measuring the depth
    /// by its own geometry. On the first seed fling check's whole run, on the others
    /// `staysInRoom` alone, as above.
    @Test(arguments: seeds, [true, false])
    func theOldAllowanceIsFoundInTheRoom(seed: UInt64, withOldSweep: Bool) throws {
        var check = PropertyCheck(scene: .room, seed: seed, backend: .native)
        #expect(check.sessions == 100)
        if seed != Self.seeds[0] { check.properties = [.staysInRoom] }
        check.shrinks = false
        let report = try WallSweep.History.$current.withValue(withOldSweep ? .oldSweep : []) {
            try TilePolicy.History.$oldAllowance.withValue(true) { try check.run() }
        }
        let failure = try #require(report.failure, "the old allowance not found in \(report.sessionsPlayed) sessions: \(report)")
        #expect(failure.property == "staysInRoom" && failure.message.contains("came to rest"), "\(failure.message)")
    }

    /// With nothing planted, the room's 100 sessions on each seed hold `staysInRoom`, checked in
    /// every one where something moved: no tile that fits lies deeper than the rule's bound by
    /// the property's own measure.
    @Test(arguments: seeds)
    func withNothingPlantedTheRoomHolds(seed: UInt64) throws {
        var check = PropertyCheck(scene: .room, properties: [.staysInRoom], seed: seed, backend: .native)
        check.shrinks = false
        let report = try check.run()
        #expect(report.passed && report.sessionsPlayed == 100, "\(report)")
        #expect((report.properties.first?.sessionsChecked ?? 0) >= 90, "\(report)")
    }

    /// Walls that teleport instead of pushing (`WallSweep.History.wallsDoNotPush`, before
    /// 8115e0f): the room's sessions move its walls now and then (Gen.wallMoves: the floor half
    /// the time, 0.95 to 60 pt a tick), and a fast wall that jumps past the centre of a small
    /// tile it meets (the 40-pt square, the plank) leaves it outside: `staysInRoom`, which
    /// holds each centre to the walls as they are at that tick, finds it. On the first seed
    /// fling check's whole run, on the others `staysInRoom` alone, as above.
    @Test(arguments: seeds)
    func wallsThatDoNotPushAreFoundInTheRoom(seed: UInt64) throws {
        var check = PropertyCheck(scene: .room, seed: seed, backend: .native)
        #expect(check.sessions == 100)
        if seed != Self.seeds[0] { check.properties = [.staysInRoom] }
        check.shrinks = false
        let report = try WallSweep.History.$current.withValue(.wallsDoNotPush) { try check.run() }
        let failure = try #require(report.failure, "walls that do not push not found in \(report.sessionsPlayed) sessions: \(report)")
        #expect(failure.property == "staysInRoom" && failure.message.contains("left the room"), "\(failure.message)")
    }
}
