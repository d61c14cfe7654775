// The public face of an animator's snapshot: a value any thread may hold, and its byte form
// (docs/SNAPSHOTS.md): a header (magic, version, which animator, the backend's kind and
// arithmetic, the configuration's fingerprint, the tick, the payload's length and checksum),
// then the payload, the kernel's state (KernelState+Bytes.swift). The state is kept as values;
// the bytes are made when asked for.
import FlingCore
import _FlingCoding

/// An animator (``TileAnimator`` or ``SnapAnimator``) whole, between two ticks: everything
/// its next tick reads, each item's physics world with its solver's caches included. Restored
/// into an animator of the same configuration over a backend of the same kind and arithmetic
/// (``TileAnimator/restore(_:)``), the same inputs then give the same ticks and events, bit for
/// bit, as they gave after the snapshot was taken.
///
/// A value: keep as many as you like, on any thread. ``bytes`` is its versioned byte form
/// (docs/SNAPSHOTS.md), which ``init(bytes:)`` reads back in this or another process.
public struct AnimatorSnapshot: Sendable {
    /// Held indirectly: a state is large, and a snapshot is copied as one reference.
    indirect enum State: Sendable {
        case tiles(KernelState<TilePolicy>)
        case snap(KernelState<SnapPolicy>)
    }

    /// What the header says.
    struct Header: Sendable, Equatable {
        /// 0: a ``TileAnimator``'s; 1: a ``SnapAnimator``'s.
        var animator: UInt8
        var backend: String
        var arithmetic: Arithmetic
        var fingerprint: UInt64
        var tick: Int
    }

    let header: Header
    let state: State

    init(header: Header, state: State) {
        self.header = header
        self.state = state
    }

    /// The number of ticks the animator had stepped: the snapshot stands between tick
    /// `tick - 1` and tick `tick`.
    public var tick: Int { header.tick }

    /// The byte form's first eight bytes, `FLNGSNAP`.
    static let magic = Array("FLNGSNAP".utf8)
    /// The byte form's version: this build writes and reads 2 (the kernel's columns, item by
    /// item; version 1 held the records and the policy's state apart).
    static let version: UInt16 = 2

    /// The versioned byte form (docs/SNAPSHOTS.md), for a file or another process.
    public var bytes: [UInt8] {
        var payload = ByteWriter()
        switch state {
        case .tiles(let s): s.encode(to: &payload)
        case .snap(let s): s.encode(to: &payload)
        }
        var w = ByteWriter()
        for b in Self.magic { w.u8(b) }
        w.u16(Self.version)
        w.u8(header.animator)
        w.string(header.backend)
        w.value(header.arithmetic)
        w.u64(header.fingerprint)
        w.int(header.tick)
        w.u64(UInt64(payload.bytes.count))
        w.u64(FNV1a.hash(payload.bytes))
        var out = w.bytes
        out += payload.bytes
        return out
    }

    /// Reads a snapshot's byte form. Throws ``FlingError/Code/malformedInput`` naming the byte
    /// where it is not one (another file, another version, a changed or cut payload); what it
    /// holds is checked again against the animator it is restored into.
    public init(bytes: [UInt8]) throws(FlingError) {
        var r = ByteReader(bytes, what: "AnimatorSnapshot")
        for b in Self.magic {
            guard try r.u8() == b else { throw r.fail("is not a Fling animator snapshot (its first bytes are not FLNGSNAP)") }
        }
        let version = try r.u16()
        guard version == Self.version else {
            throw r.fail("is of version \(version); this build reads version \(Self.version)", value: "\(version)")
        }
        let animator = try r.tag(2, "animator")
        let backend = try r.string()
        let header = Header(
            animator: animator, backend: backend, arithmetic: try r.value(), fingerprint: try r.u64(), tick: try r.int())
        let length = try r.u64(), checksum = try r.u64()
        guard length == UInt64(r.remaining) else {
            throw r.fail("its payload is \(r.remaining) bytes; the header says \(length)", value: "\(length)")
        }
        let payload = Array(bytes[r.offset...])
        guard FNV1a.hash(payload) == checksum else { throw r.fail("its payload does not match its checksum") }
        var p = ByteReader(bytes, offset: r.offset, what: "AnimatorSnapshot")
        let state: State
        switch animator {
        case 0: state = .tiles(try KernelState<TilePolicy>(from: &p))
        default: state = .snap(try KernelState<SnapPolicy>(from: &p))
        }
        guard p.isAtEnd else { throw p.fail("holds bytes past its state") }
        guard
            header.tick
                == {
                    switch state {
                    case .tiles(let s): s.clock.ticks
                    case .snap(let s): s.clock.ticks
                    }
                }()
        else { throw r.fail("its header's tick is not its clock's", value: "\(header.tick)") }
        self.init(header: header, state: state)
    }
}

extension Kernel {
    /// The header a snapshot of this kernel gets, and the one a snapshot must have to be
    /// restored into it.
    func snapshotHeader(animator: UInt8, fingerprint: UInt64) throws(FlingError) -> AnimatorSnapshot.Header {
        AnimatorSnapshot.Header(
            animator: animator, backend: try snapshotBackend().snapshotKind, arithmetic: backend.arithmetic, fingerprint: fingerprint,
            tick: clock.ticks)
    }

    /// Throws, naming what differs, unless `header` is this animator's kind, backend kind,
    /// arithmetic and configuration.
    func checkHeader(_ header: AnimatorSnapshot.Header, animator: UInt8, fingerprint: UInt64) throws(FlingError) {
        let names = ["TileAnimator", "SnapAnimator"]
        let mine = try snapshotHeader(animator: animator, fingerprint: fingerprint)
        func refuse(_ what: String, _ theirs: String, _ ours: String) -> FlingError {
            FlingError(
                .invalidState, field: "restore(AnimatorSnapshot).\(what)", value: theirs,
                reason: "the snapshot was taken with \(theirs); this animator's is \(ours)")
        }
        if header.animator != animator { throw refuse("animator", names[Int(header.animator)], names[Int(animator)]) }
        if header.backend != mine.backend { throw refuse("backend", "backend \(header.backend)", "backend \(mine.backend)") }
        if header.arithmetic != mine.arithmetic {
            throw refuse("arithmetic", "\(header.arithmetic) arithmetic", "\(mine.arithmetic) arithmetic")
        }
        if header.fingerprint != fingerprint {
            throw FlingError(
                .invalidState, field: "restore(AnimatorSnapshot).fingerprint", value: String(header.fingerprint, radix: 16),
                reason:
                    "the snapshot was taken under another configuration (its fingerprint covers the configuration, the viewport or items, the time origin and the solver iterations); this animator's is \(String(fingerprint, radix: 16))"
            )
        }
    }
}
