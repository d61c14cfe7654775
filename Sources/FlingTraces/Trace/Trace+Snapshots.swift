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
    /// as a recording keeps it), with the replay's digest chained up to there.
    package struct Snapshot: Hashable, Sendable {
        package var tick: Int
        var digest: StateDigest
        package var bytes: [UInt8]

        init(tick: Int, digest: StateDigest, bytes: [UInt8]) {
            self.tick = tick
            self.digest = digest
            self.bytes = bytes
        }
    }

    /// The trace with snapshots every `every` ticks of each session (replacing any), taken on a
    /// replay on `makeBackend`'s backends: they restore on backends of that kind and arithmetic.
    package func withSnapshots(
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

/// Base64 (RFC 4648, with padding): a snapshot's bytes in a JSON string, and the replay page's
/// data (what the browser's `atob` reads).
package enum Base64 {
    static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

    package static func encode(_ bytes: [UInt8]) -> String {
        var out: [UInt8] = []
        out.reserveCapacity((bytes.count + 2) / 3 * 4)
        var i = 0
        while i + 3 <= bytes.count {
            let n = UInt32(bytes[i]) << 16 | UInt32(bytes[i + 1]) << 8 | UInt32(bytes[i + 2])
            out += [alphabet[Int(n >> 18)], alphabet[Int(n >> 12 & 63)], alphabet[Int(n >> 6 & 63)], alphabet[Int(n & 63)]]
            i += 3
        }
        let rest = bytes.count - i
        if rest == 1 {
            let n = UInt32(bytes[i]) << 16
            out += [alphabet[Int(n >> 18)], alphabet[Int(n >> 12 & 63)], UInt8(ascii: "="), UInt8(ascii: "=")]
        } else if rest == 2 {
            let n = UInt32(bytes[i]) << 16 | UInt32(bytes[i + 1]) << 8
            out += [alphabet[Int(n >> 18)], alphabet[Int(n >> 12 & 63)], alphabet[Int(n >> 6 & 63)], UInt8(ascii: "=")]
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// The bytes of `text`, or nil when it is not base64 with padding.
    static func decode(_ text: String) -> [UInt8]? {
        var values: [UInt8] = Array(repeating: 255, count: 256)
        for (k, c) in alphabet.enumerated() { values[Int(c)] = UInt8(k) }
        let chars = Array(text.utf8)
        guard chars.count % 4 == 0 else { return nil }
        var out: [UInt8] = []
        out.reserveCapacity(chars.count / 4 * 3)
        var i = 0
        while i < chars.count {
            let pad = (chars[i + 3] == UInt8(ascii: "=") ? 1 : 0) + (chars[i + 2] == UInt8(ascii: "=") ? 1 : 0)
            guard pad == 0 || i + 4 == chars.count, !(pad == 1 && chars[i + 2] == UInt8(ascii: "=")) else { return nil }
            var n: UInt32 = 0
            for k in 0..<4 {
                let c = chars[i + k]
                let v: UInt8 = k >= 4 - pad ? 0 : values[Int(c)]
                guard v != 255 else { return nil }
                n = n << 6 | UInt32(v)
            }
            out.append(UInt8(n >> 16 & 255))
            if pad < 2 { out.append(UInt8(n >> 8 & 255)) }
            if pad < 1 { out.append(UInt8(n & 255)) }
            i += 4
        }
        // Canonical: the bits padding leaves unused are zero (one byte string, one text).
        guard encode(out) == text else { return nil }
        return out
    }
}
