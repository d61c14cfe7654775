import Fling
import FlingCore
import Testing

@testable import FlingInteraction

/// Animator snapshots: restored into a fresh animator (through the byte form) or into the one
/// it was taken from, an animator given the same calls gives the same ticks and events, bit
/// for bit; a snapshot from another animator, backend kind, arithmetic or configuration is
/// refused, changing nothing.
@Suite struct AnimatorSnapshotTests {
    static func kinds() -> [BackendKind] { BackendKind.available.filter { $0 != .native && $0 != .nativePortable } }

    /// The ticks and events of two plays, the same to the bit, or where they part.
    static func difference(_ a: AppSession.Played, _ b: AppSession.Played) -> String? {
        if a.ticks.count != b.ticks.count { return "\(a.ticks.count) ticks against \(b.ticks.count)" }
        if let k = a.ticks.indices.first(where: { !ReplayContractTests.bitwiseEqual(a.ticks[$0], b.ticks[$0]) }) {
            return "tick \(a.ticks[k].tick) differs"
        }
        if a.events != b.events { return "events differ: \(a.events.count) against \(b.events.count)" }
        if a.errors != b.errors { return "errors differ: \(a.errors) against \(b.errors)" }
        return nil
    }

    /// Random sessions of the replay contract's kind, each cut after a random call: the
    /// snapshot taken there, written as bytes and read back into a fresh animator over a fresh
    /// backend, and restored into the original animator once it has run to the end, goes on
    /// under the rest of the calls exactly as the original did, tick for tick and event for
    /// event, digest included.
    @Test(arguments: kinds())
    func restoredAnimatorsContinueBitForBit(kind: BackendKind) throws {
        var cuts = 0, queued = 0, held = 0, moving = 0, walled = 0, ticks = 0
        for seed in UInt64(1)...60 {
            let session = AppSession.random(seed: seed &* 0x9E37_79B9)
            var rng = SplitMix64(state: seed)
            let cut = Int(rng.next() % UInt64(session.actions.count))
            let original = try session.animator(kind)
            _ = try session.play(session.actions[..<cut], on: original)
            let snapshot = try original.snapshot()
            let bytes = snapshot.bytes
            let after = try session.play(session.actions[cut...], on: original)
            let digest = original.digest

            let fresh = try session.animator(kind)
            try fresh.restore(try AnimatorSnapshot(bytes: bytes))
            #expect(try fresh.snapshot().bytes == bytes, "seed \(seed): a restored animator is its snapshot")
            let again = try session.play(session.actions[cut...], on: fresh)
            #expect(Self.difference(after, again) == nil, "\(kind) seed \(seed), cut at \(cut): \(Self.difference(after, again) ?? "")")
            #expect(fresh.digest == digest, "seed \(seed)")

            try original.restore(snapshot)
            let back = try session.play(session.actions[cut...], on: original)
            #expect(Self.difference(after, back) == nil, "\(kind) seed \(seed), back: \(Self.difference(after, back) ?? "")")
            #expect(original.digest == digest, "seed \(seed)")

            cuts += 1
            guard case .tiles(let state) = snapshot.state else { continue }
            if !state.queue.isDrained { queued += 1 }
            if state.phases.contains(where: { $0.holder != nil }) { held += 1 }
            if state.worlds.contains(where: { $0 != nil }) { moving += 1 }
            if state.worlds.contains(where: { !($0?.arbiters.isEmpty ?? true) }) { walled += 1 }
            ticks += after.ticks.count
        }
        // The cuts fell where a snapshot has much to carry.
        #expect(
            queued > 3 && held > 5 && moving > 20 && walled > 3 && ticks > 3_000,
            "\(cuts) cuts: \(queued) with inputs queued, \(held) with a tile held, \(moving) with a world, \(walled) with contacts; \(ticks) ticks after them")
    }
}
