#if FLING_TESTABLE
import Fling
import _FlingCoding
@testable import FlingInteraction

// Snapshots and predictions: an animator taken and its bytes read back whole, cut at every
// length, and changed at every payload byte with the checksum made right again (what only a
// deliberate forger does), each restored into the animator, which then steps on; predictions
// of every item and of ids that name none. Nothing may trap: a bad snapshot is a FlingError.

extension SurfaceWalk {
    mutating func registerSnapshots() {
        add(
            "FlingInteraction.TileAnimator.snapshot()", "FlingInteraction.TileAnimator.restore(_:)",
            "FlingInteraction.TileAnimator.predict(_:)", "FlingInteraction.AnimatorSnapshot.bytes",
            "FlingInteraction.AnimatorSnapshot.init(bytes:)", "FlingInteraction.AnimatorSnapshot.tick",
            "FlingInteraction.Prediction.init(outcome:tick:pose:)", "FlingInteraction.Prediction.description"
        ) { p in
            var c = TileConfiguration()
            c.drag.predictionTicks = 120
            c.dynamics.translatesReferenceBoundsIntoBoundary = true
            let tiles = [
                TileDefinition(id: 1, frame: Rect(x: 100, y: 100, width: 80, height: 80)),
                TileDefinition(id: 2, frame: Rect(x: 200, y: 300, width: 60, height: 90)),
            ]
            guard
                let a = try? TileAnimator(
                    viewport: Rect(x: 0, y: 0, width: 390, height: 844), tiles: tiles, configuration: c,
                    backend: try BackendKind.default.make())
            else { return }
            try? a.handle(TouchEvent(time: 0, touch: 1, phase: .began, position: Vector(140, 140), item: TileID(1)))
            try? a.handle(TouchEvent(time: 0, touch: 2, phase: .began, position: Vector(230, 345), item: TileID(2)))
            try? a.handle(TouchEvent(time: 0.03, touch: 2, phase: .moved, position: Vector(330, 245)))
            try? a.handle(TouchEvent(time: 0.05, touch: 2, phase: .ended, position: Vector(330, 245)))
            try? a.handle(TouchEvent(time: 0.2, touch: 1, phase: .moved, position: Vector(150, 150)))
            if let events = try? a.advance(to: 0.1) { p.count { events.compactMap(\.prediction).map(\.description) } }
            guard let taken = try? a.snapshot() else { return }
            let bytes = taken.bytes
            p.count { taken.tick }
            Self.hostileSnapshots(bytes, &p) { s, p in
                p.call { () throws(FlingError) in try a.restore(s) }
                p.call { () throws(FlingError) in try a.advance(to: a.clock.displayTime + 0.05) }
                for id in [TileID(1), TileID(2)] { p.call { () throws(FlingError) in try a.predict(id) } }
            }
            for id in [TileID(1), TileID(2), TileID(Int.max), TileID(Int.min)] { p.call { () throws(FlingError) in try a.predict(id) } }
            for k in Hostile.ints {
                for v in Hostile.vectors.prefix(6) {
                    for outcome in [Prediction.Outcome.settledHome, .culled, .cameToRest, .reachedRestingPlace(k), .notWithin(ticks: k)] {
                        p.count { Prediction(outcome: outcome, tick: k, pose: Transform(position: v, angle: v.x)).description }
                    }
                }
            }
        }
        add(
            "FlingInteraction.SnapAnimator.snapshot()", "FlingInteraction.SnapAnimator.restore(_:)",
            "FlingInteraction.SnapAnimator.predict(_:)"
        ) { p in
            var c = SnapConfiguration()
            c.drag.predictionTicks = 120
            let items = [
                SnapItem(id: 1, center: Vector(50, 50), width: 40, height: 40, restingPlaces: .points([Vector(50, 50), Vector(300, 50)])),
                SnapItem(
                    id: 2, center: Vector(50, 400), width: 40, height: 40, restingPlaces: .points([Vector(50, 400)]),
                    motion: .keyframes(BounceCurve(duration: 0.5))),
            ]
            guard let a = try? SnapAnimator(items: items, configuration: c, backend: try BackendKind.default.make()) else { return }
            try? a.handle(TouchEvent(time: 0, touch: 1, phase: .began, position: Vector(50, 50), item: SnapItem.ID(1)))
            try? a.handle(TouchEvent(time: 0.03, touch: 1, phase: .moved, position: Vector(150, 60)))
            try? a.handle(TouchEvent(time: 0.05, touch: 1, phase: .ended, position: Vector(150, 60)))
            try? a.send(SnapItem.ID(2), to: Vector(200, 400))
            if let events = try? a.advance(to: 0.1) { p.count { events.compactMap(\.prediction).map(\.description) } }
            guard let taken = try? a.snapshot() else { return }
            Self.hostileSnapshots(taken.bytes, &p) { s, p in
                p.call { () throws(FlingError) in try a.restore(s) }
                p.call { () throws(FlingError) in try a.advance(to: a.clock.displayTime + 0.05) }
                for id in [SnapItem.ID(1), SnapItem.ID(2)] { p.call { () throws(FlingError) in try a.predict(id) } }
            }
            for id in [SnapItem.ID(1), SnapItem.ID(2), SnapItem.ID(Int.max)] { p.call { () throws(FlingError) in try a.predict(id) } }
        }
    }

    /// `bytes` read back whole, cut at every length, and each payload byte changed (its
    /// checksum made right), each reading that succeeds handed to `use`.
    static func hostileSnapshots(_ bytes: [UInt8], _ p: inout Probe, _ use: (AnimatorSnapshot, inout Probe) -> Void) {
        var candidates: [[UInt8]] = [bytes, [], Array(bytes.reversed())]
        for n in stride(from: 0, to: bytes.count, by: max(1, bytes.count / 200)) { candidates.append(Array(bytes.prefix(n))) }
        // The payload follows the header, whose last 16 bytes are its length and checksum.
        let payload = max(16, bytes.count - Self.payloadLength(bytes))
        for k in payload..<bytes.count {
            for flip: UInt8 in [k % 2 == 0 ? 0x80 : 0x01] {
                var b = bytes
                b[k] ^= flip
                Self.seal(&b, payload: payload)
                candidates.append(b)
            }
        }
        // And seeded changes of a few random payload bytes at once, sealed.
        var rng = SplitMix64(state: UInt64(bytes.count))
        for _ in 0..<500 where bytes.count > payload {
            var b = bytes
            for _ in 0..<(1 + Int(rng.next() % 4)) {
                b[payload + Int(rng.next() % UInt64(bytes.count - payload))] = UInt8(truncatingIfNeeded: rng.next())
            }
            Self.seal(&b, payload: payload)
            candidates.append(b)
        }
        for b in candidates {
            p.call { () throws(FlingError) in try AnimatorSnapshot(bytes: b) }
            if let s = try? AnimatorSnapshot(bytes: b) {
                p.count { (s.tick, s.bytes.count) }
                use(s, &p)
            }
        }
    }

    /// The payload's length, as the header's second-to-last 8 bytes say.
    static func payloadLength(_ bytes: [UInt8]) -> Int {
        // The header: magic (8), version (2), animator (1), backend (4 + its name), arithmetic (1),
        // fingerprint (8), tick (8), payload length (8), checksum (8).
        guard bytes.count > 15 else { return 0 }
        let name = Int(bytes[11]) | Int(bytes[12]) << 8
        let at = 8 + 2 + 1 + 4 + name + 1 + 8 + 8
        guard at + 16 <= bytes.count else { return 0 }
        var n = 0
        for k in 0..<8 { n |= Int(bytes[at + k]) << (8 * k) }
        return min(n, bytes.count)
    }

    /// Writes the checksum of the payload from `payload` on into its header field.
    static func seal(_ b: inout [UInt8], payload: Int) {
        let sum = FNV1a.hash(Array(b[payload...]))
        for k in 0..<8 { b[payload - 8 + k] = UInt8(truncatingIfNeeded: sum >> (8 * UInt64(k))) }
    }
}
#endif
