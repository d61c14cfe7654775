import Fling
@testable import FlingTraces
import FlingCore
import Foundation
import Testing

@testable import FlingInteraction

/// Animator snapshots: restored into a fresh animator (through the byte form) or into the one
/// it was taken from, an animator given the same calls gives the same ticks and events, bit
/// for bit; a snapshot from another animator, backend kind, arithmetic or configuration is
/// refused, changing nothing.
@Suite struct AnimatorSnapshotTests {
    static func kinds() -> [BackendKind] { BackendKind.available }

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
            "\(cuts) cuts: \(queued) with inputs queued, \(held) with a tile held, \(moving) with a world, \(walled) with contacts; \(ticks) ticks after them"
        )
    }
}

extension AnimatorSnapshotTests {
    /// A tile animator with a tile held and one falling, two ticks in, on `kind`.
    static func busy(_ kind: BackendKind, configuration: TileConfiguration = .init(), origin: Double = 0) throws -> TileAnimator {
        let tiles = [centerTile, TileDefinition(id: 2, frame: Rect(center: Vector(100, 200), width: 80, height: 80))]
        let a = try TileAnimator(viewport: phone, tiles: tiles, configuration: configuration, backend: try kind.make(), timeOrigin: origin)
        try a.handle(TouchEvent(time: origin, touch: 1, phase: .began, position: Vector(195, 422), item: TileID(1)))
        try a.handle(TouchEvent(time: origin, touch: 2, phase: .began, position: Vector(100, 200), item: TileID(2)))
        try a.handle(TouchEvent(time: origin + 0.02, touch: 1, phase: .moved, position: Vector(215, 402)))
        try a.handle(TouchEvent(time: origin + 0.03, touch: 2, phase: .ended, position: Vector(100, 200)))
        try a.advance(to: origin + 0.05)
        return a
    }

    /// A snapshot is refused, typed and naming what differs, by an animator of another kind,
    /// over another backend kind, or under another configuration, viewport, time origin or
    /// solver iterations; and the refusing animator is left exactly as it was.
    @Test func otherAnimatorsRefuseASnapshot() throws {
        let kind = Self.kinds()[0]
        let snapshot = try Self.busy(kind).snapshot()
        var other = TileConfiguration()
        other.gravity = Vector(0, 1999)
        var refusers: [(String, TileAnimator)] = [
            ("configuration", try Self.busy(kind, configuration: other)),
            ("time origin", try Self.busy(kind, origin: 5)),
            (
                "viewport",
                try TileAnimator(viewport: Rect(x: 0, y: 0, width: 391, height: 844), tiles: [centerTile], backend: try kind.make())
            ),
            ("solver iterations", try TileAnimator(viewport: phone, tiles: [centerTile], backend: try kind.make(solverIterations: 9))),
        ]
        for other in Self.kinds() where other != kind {
            refusers.append(("backend \(other)", try Self.busy(other)))
        }
        for (what, a) in refusers {
            let before = try a.snapshot().bytes
            let error = #expect(throws: FlingError.self, "\(what)") { try a.restore(snapshot) }
            #expect(
                error?.code == .invalidState && error?.field.hasPrefix("restore(AnimatorSnapshot).") == true,
                "\(what): \(String(describing: error))")
            #expect(try a.snapshot().bytes == before, "\(what): the refusing animator is unchanged")
        }
        let snap = try SnapAnimator(
            items: [SnapItem(id: 1, center: Vector(50, 50), width: 40, height: 40, restingPlaces: .points([Vector(50, 50)]))],
            backend: try kind.make())
        let error = #expect(throws: FlingError.self) { try snap.restore(snapshot) }
        #expect(error?.field == "restore(AnimatorSnapshot).animator" && error?.value == "TileAnimator")
        // The same configuration restores.
        try Self.busy(kind).restore(snapshot)
    }

    /// Bytes that are not a snapshot, of another version, cut short, or changed anywhere in the
    /// payload are refused by `init(bytes:)`, typed, naming the byte.
    @Test func badBytesAreRefused() throws {
        let bytes = try Self.busy(Self.kinds()[0]).snapshot().bytes
        var changed = bytes
        changed[changed.count / 2] ^= 0x10
        var version = bytes
        version[8] = 7
        let cases: [(String, [UInt8])] = [
            ("empty", []), ("another file", Array("{\"format\": \"fling-trace\"}".utf8)), ("version", version),
            ("cut", Array(bytes.dropLast(9))), ("changed", changed), ("longer", bytes + [0]),
        ]
        for (what, b) in cases {
            let error = #expect(throws: FlingError.self, "\(what)") { _ = try AnimatorSnapshot(bytes: b) }
            #expect(
                error?.code == .malformedInput && error?.field.hasPrefix("AnimatorSnapshot byte") == true,
                "\(what): \(String(describing: error))")
        }
        #expect(try AnimatorSnapshot(bytes: bytes).bytes == bytes)
    }

    /// An animator a recorder records refuses to be restored (the recording could not replay
    /// the jump), changing nothing; taking a snapshot of it is fine and changes nothing.
    @Test func aRecordedAnimatorIsNotRestored() throws {
        let kind = Self.kinds()[0]
        let a = try TileAnimator(viewport: phone, tiles: [centerTile], backend: try kind.make())
        let recorder = try TraceRecorder(recording: a)
        try a.handle(TouchEvent(time: 0, touch: 1, phase: .began, position: Vector(195, 422)))
        try a.advance(to: 0.1)
        let snapshot = try a.snapshot()
        let error = #expect(throws: FlingError.self) { try a.restore(snapshot) }
        #expect(error?.code == .invalidState && error?.value == "recording")
        #expect(recorder.inputCount == 1 && a.clock.ticks == 6)
    }
}

extension AnimatorSnapshotTests {
    /// Across processes: a random session recorded as a trace and replayed, cut at a random
    /// tick; the snapshot there written to a file as bytes; a child process
    /// (`FlingSelfTest snapshot --continue`) reads the trace and the bytes, restores the snapshot
    /// into a fresh animator over a fresh backend, replays on and prints its final digest: the
    /// whole replay's. In this process too, the replay cut at the same tick (through the bytes)
    /// gives the whole replay, tick for tick.
    @Test(arguments: kinds())
    func aSnapshotContinuesInAnotherProcess(kind: BackendKind) throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("fling-snapshots-\(getpid())-\(kind)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        var compared = 0
        for seed in UInt64(1)...4 {
            let session = AppSession.random(seed: seed &* 0xA24B_AED4_963E_E407)
            let animator = try session.animator(kind)
            let recorder = try TraceRecorder(recording: animator)
            _ = try session.play(session.actions[...], on: animator)
            let trace = try recorder.trace()
            let make = { (n: Int) throws(FlingError) -> any PhysicsBackend in try kind.make(solverIterations: n) }
            let whole = try TraceReplayer(trace).replay(makeBackend: make)
            var rng = SplitMix64(state: seed)
            let tick = Int(rng.next() % UInt64(max(1, whole.tickCount - 1)))
            let (cut, taken) = try TraceReplayer(trace).replay(cutAt: tick, makeBackend: make)
            let snapshot = try #require(taken, "seed \(seed): the trace reaches tick \(tick)")
            #expect(snapshot.tick == tick)
            #expect(cut.digest == whole.digest && cut.sessions[0].ticks == whole.sessions[0].ticks, "seed \(seed), cut at \(tick)")
            let traceFile = dir.appendingPathComponent("\(seed).json"), snapshotFile = dir.appendingPathComponent("\(seed).snapshot")
            try Data(trace.json.utf8).write(to: traceFile)
            try Data(snapshot.bytes).write(to: snapshotFile)
            let r = try PublicSurfaceTests.run(
                PublicSurfaceTests.selfTest, ["snapshot", "--continue", traceFile.path, snapshotFile.path, "--backend", kind.rawValue])
            #expect(r.status == 0, "seed \(seed): \(r.stderr)")
            #expect(
                r.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == "digest \(whole.digest.hex) ticks \(whole.tickCount)",
                "seed \(seed), cut at \(tick) of \(whole.tickCount): the child says \(r.stdout)")
            compared += 1
        }
        #expect(compared == 4)
    }
}
