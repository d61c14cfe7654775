import Fling
import Foundation
import Testing

@testable import FlingCore
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
        let failure = try #require(report.failure, "the old sweep not found in \(report.sessionsRun) sessions: \(report)")
        // Items thrown into walls never come to rest: the put-back sends them into the wall again.
        #expect(failure.property == "settles", "\(failure.message)")
    }
}
