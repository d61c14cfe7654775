// A snap animator's snapshots (Kernel/DragAnimator+Snapshot.swift, Kernel/AnimatorSnapshot.swift).
import FlingCore
import _FlingCoding

extension SnapAnimator {
    /// What a snapshot of this animator must have been taken under: the configuration, the
    /// items, the time origin and the backend's solver iterations.
    var fingerprint: UInt64 {
        if let memo = fingerprintMemo { return memo }
        let f = Fingerprint.of("SnapAnimator", configuration, kernel.definitions, timeOrigin, backend.solverIterations)
        fingerprintMemo = f
        return f
    }

    /// The animator whole, now (between two ticks): see ``AnimatorSnapshot``. Changes nothing.
    /// A configuration's rules (``ChatHeads``, ``SunSwitch``) keep state of their own, which
    /// the snapshot does not hold.
    ///
    /// Throws over a backend that is not one of Fling's (``NativeBackend``, `ChipmunkBackend`).
    public func snapshot() throws(FlingError) -> AnimatorSnapshot {
        AnimatorSnapshot(header: try kernel.snapshotHeader(animator: 1, fingerprint: fingerprint), state: .snap(try kernel.captureState()))
    }

    /// Makes the animator what it was when `snapshot` was taken (as ``TileAnimator/restore(_:)``
    /// does a tile animator): the same inputs then give the same ticks and events, bit for bit.
    /// Throws, changing nothing, for another animator's snapshot, another backend kind or
    /// arithmetic, another configuration or items, or bytes that do not fit this animator.
    public func restore(_ snapshot: AnimatorSnapshot) throws(FlingError) {
        try kernel.checkHeader(snapshot.header, animator: 1, fingerprint: fingerprint)
        guard case .snap(let state) = snapshot.state else { return }
        try kernel.restoreState(state)
    }
}
