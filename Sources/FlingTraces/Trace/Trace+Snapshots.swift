// A long recording's shortcuts (format version 4): a session may carry snapshots of its
// animator, each at a tick, with the replay's chained digest there and the snapshot's bytes. A
// replay can start from the last of them instead of the session's start: the snapshot restored
// into a fresh animator, the recording's inputs from its tick on scheduled again (a recording's
// snapshot holds none that were not yet applied), and the frames from there, to the same final
// digest. A snapshot restores only on a backend of the kind and arithmetic it was taken on; its
// bytes are base64 in the document (docs/TRACES.md, "Snapshots"; docs/SNAPSHOTS.md).
import FlingCore
import FlingInteraction

extension Trace {
    /// A session's animator, whole, at the start of tick `tick` (`TileAnimator.snapshot()`
    /// as a recording keeps it: without inputs accepted but not yet applied, which the trace
    /// schedules again from there), with the replay's digest chained up to there. A
    /// ``TraceReplayer`` with ``TraceReplayer/startsFromSnapshots`` starts from the last one.
    public struct Snapshot: Hashable, Sendable {
        /// The tick the snapshot was taken at the start of.
        public let tick: Int
        /// The replay's chained digest up to that tick.
        public let digest: StateDigest
        /// The animator's snapshot (`AnimatorSnapshot.bytes`): it restores on a backend of the
        /// kind and arithmetic it was taken on.
        public let bytes: [UInt8]

        init(tick: Int, digest: StateDigest, bytes: [UInt8]) {
            self.tick = tick
            self.digest = digest
            self.bytes = bytes
        }
    }

    /// The trace with snapshots every `every` ticks of each session (replacing any), taken on a
    /// replay on `makeBackend`'s backends: they restore on backends of that kind and arithmetic.
    /// A long recording replays from its last snapshot in the time of its tail
    /// (``TraceReplayer/startsFromSnapshots``; `fling convert FILE --snapshots N` writes one).
    public func withSnapshots(
        every: Int, makeBackend: (_ solverIterations: Int) throws(FlingError) -> any PhysicsBackend
    ) throws(FlingError) -> Trace {
        try Check.range(Double(every), 1...1e9, "snapshots.every")
        var out = self
        for s in out.sessions.indices { out.sessions[s].snapshots = [] }
        var replayer = TraceReplayer(out)
        replayer.recordsTicks = false
        replayer.snapshotEvery = every
        let replay = try replayer.replay(makeBackend: makeBackend)
        for s in out.sessions.indices { out.sessions[s].snapshots = replay.sessions[s].snapshots }
        return out
    }
}
