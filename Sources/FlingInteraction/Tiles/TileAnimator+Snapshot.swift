// A tile animator's snapshots (Kernel/DragAnimator+Snapshot.swift, Kernel/AnimatorSnapshot.swift).
import FlingCore
import _FlingCoding

extension TileAnimator {
    /// What a snapshot of this animator must have been taken under: the viewport, the
    /// configuration, the time origin and the backend's solver iterations.
    var fingerprint: UInt64 {
        if let memo = fingerprintMemo { return memo }
        let f = Fingerprint.of("TileAnimator", viewport, configuration, timeOrigin, backend.solverIterations)
        fingerprintMemo = f
        return f
    }

    /// The animator whole, now (between two ticks): see ``AnimatorSnapshot``. Changes nothing.
    ///
    /// Throws over a backend that is not one of Fling's (``NativeBackend``, `ChipmunkBackend`):
    /// a snapshot holds each world as its backend keeps it.
    public func snapshot() throws(FlingError) -> AnimatorSnapshot {
        AnimatorSnapshot(header: try kernel.snapshotHeader(animator: 0, fingerprint: fingerprint), state: .tiles(try kernel.captureState()))
    }

    /// Makes the animator what it was when `snapshot` was taken, on this animator's backend:
    /// its clock, tiles, touches, queued inputs, pushes, fields and digest, and each moving
    /// tile's world. The same inputs then give the same ticks and events, bit for bit. The
    /// observers (``DragAnimator/onEvent``, the event streams and the package's own) and
    /// whether it keeps a digest stay as they are.
    ///
    /// Throws, changing nothing, when the snapshot is another animator's kind, was taken on
    /// a backend of another kind or arithmetic, or under another configuration (viewport,
    /// configuration, time origin or solver iterations: its fingerprint), when what its bytes
    /// hold does not fit this animator, or when a `TraceRecorder` (FlingTraces) records this animator (its
    /// recording could not replay the jump).
    public func restore(_ snapshot: AnimatorSnapshot) throws(FlingError) {
        try kernel.checkHeader(snapshot.header, animator: 0, fingerprint: fingerprint)
        guard case .tiles(let state) = snapshot.state else { return }
        try kernel.restoreState(state)
    }

    /// The animator as a recording's snapshot holds it (a trace's `snapshots`): without the
    /// inputs accepted but not yet applied, which the recording schedules again from the
    /// snapshot's tick on.
    public func recordingSnapshot() throws(FlingError) -> AnimatorSnapshot {
        AnimatorSnapshot(
            header: try kernel.snapshotHeader(animator: 0, fingerprint: fingerprint), state: .tiles(try kernel.captureAppliedState()))
    }
}
