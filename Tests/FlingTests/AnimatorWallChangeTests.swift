import Fling
import Testing
@testable import FlingTraces

/// Walls changed at run time (`DragAnimator.setWalls`, a dynamics input like `setFields`): a
/// floor that rises carries a tile lying on it (the tile gets a world again and the moving wall
/// pushes it); the change is journaled, written in the trace document, and replayed to the live
/// run's bits; a snapshot holds the changed walls and restores to the same run; a snap scene
/// document carries them too.
@Suite struct AnimatorWallChangeTests {
    /// The phone's room with a 60-point tile that falls from the middle of the screen and comes
    /// to rest on the floor.
    /// `starting` is called on the fresh animator first (a recorder starts there).
    static func lyingTile(on kind: BackendKind, starting: (TileAnimator) throws -> Void = { _ in }) throws -> TileAnimator {
        var room = AnimatorDynamicsTests.room
        room.settle.rest = TileConfiguration.RestThresholds(speed: 20, angularSpeed: 0.2, ticks: 6)
        let a = try TileAnimator(
            viewport: phone, tiles: [TileDefinition(id: 1, frame: Rect(center: Vector(195, 422), width: 60, height: 60))],
            configuration: room, backend: try kind.make())
        try starting(a)
        try a.applyPush(Push(Vector(0, 10)), to: 1)
        for n in 1...600 {
            if try a.advance(to: Double(n) / 60).contains(where: { $0.kind == .cameToRest }) { break }
        }
        return a
    }

    /// The floor rises 200 pt at 5 pt a tick (one call a tick) under the tile lying on it: the
    /// tile's center stays above the floor at every tick, and the tile ends on the risen floor.
    @Test(arguments: backends)
    func aRisingFloorCarriesALyingTile(kind: BackendKind) throws {
        let a = try Self.lyingTile(on: kind)
        let lay = try a.state(of: 1)
        try #require(lay.phase == .lying, "\(lay)")
        #expect(abs(lay.state.position.y - (844 - 30)) < 0.2, "\(lay.state)")
        var floor = 844.0, below: [String] = []
        a.onTick = { tick, states in
            for (id, s) in states where s.position.y >= floor { below.append("tick \(tick), tile \(id): \(s.position.y) ≥ \(floor)") }
        }
        var t = a.clock.displayTime
        for _ in 0..<40 {
            floor -= 5
            try a.setWalls(Wall.edges(of: Rect(x: 0, y: 0, width: 390, height: floor)))
            t += 1.0 / 60
            _ = try a.advance(to: t)
        }
        _ = try ReplayContractTests.frames(a, to: t + 3)
        #expect(below.isEmpty, "\(below.prefix(3))")
        let end = try a.state(of: 1)
        #expect(abs(end.state.position.y - (644 - 30)) < 0.2, "\(end.phase) \(end.state)")
    }

    /// The same rise recorded: the document names each `setWalls`, reads back to the same
    /// trace, and replays to the live ticks and events, bit for bit. A snapshot taken with the
    /// floor risen (its bytes read back) restores into a fresh animator that goes on as the
    /// first does.
    @Test(arguments: backends)
    func wallChangesAreRecordedReplayedAndRestored(kind: BackendKind) throws {
        var recorder: TraceRecorder?
        var live: [TraceReplay.TickState] = []
        let a = try Self.lyingTile(on: kind) { recorder = try TraceRecorder(recording: $0) }
        a.onTick = { k, states in live.append(TraceReplay.TickState(tick: k, tiles: states.map { .init(id: $0.0, state: $0.1) })) }
        var t = a.clock.displayTime, floor = 844.0, events: [TileEvent] = []
        for _ in 0..<20 {
            floor -= 7
            try a.setWalls(Wall.edges(of: Rect(x: 0, y: 0, width: 390, height: floor), elasticity: 0.5))
            t += 1.0 / 60
            events += try a.advance(to: t)
        }
        let snapshot = try AnimatorSnapshot(bytes: try a.snapshot().bytes)
        events += try ReplayContractTests.frames(a, to: t + 2)
        let trace = try #require(recorder).trace()
        #expect(trace.json.components(separatedBy: "\"setWalls\"").count == 21)
        #expect(try Trace(json: trace.json) == trace)
        let replay = try TraceReplayer(trace).replay { (n) throws(FlingError) in try kind.make(solverIterations: n) }.sessions[0]
        let start = try #require(replay.ticks.firstIndex { $0.tick == live.first?.tick })
        #expect(Array(replay.ticks[start...]) == live && live.count > 100)
        #expect(replay.events.suffix(events.count) == events[...])
        #expect(events.contains { $0.kind == .pushed })

        let b = try TileAnimator(
            viewport: phone, tiles: [TileDefinition(id: 1, frame: Rect(center: Vector(195, 422), width: 60, height: 60))],
            configuration: a.configuration, backend: try kind.make())
        try b.restore(snapshot)
        _ = try ReplayContractTests.frames(b, to: t + 2)
        #expect(b.digest == a.digest)
    }

    /// Chat heads in walls (the screen's edges): the right wall closes in 60 pt at 6 pt a tick
    /// onto the head resting against it, recorded by a snap scene recorder: the document names
    /// each `setWalls`, reads back from its JSON unchanged, and replays to the live tick digest.
    @Test(arguments: backends)
    func snapSceneDocumentsCarryWallChanges(kind: BackendKind) throws {
        var snap = SnapConfiguration()
        snap.dynamics.walls = Wall.edges(of: phone)
        let heads = try ChatHeads(
            heads: [(1, Vector(18, 300)), (2, Vector(372, 600))],
            configuration: ChatHeads.Configuration(screen: phone, safeBand: 47...810), snap: snap, backend: try kind.make())
        let recorder = try SceneRecorder(recording: heads)
        var right = 390.0
        for n in 1...120 {
            if n <= 10 {
                right -= 6
                try heads.animator.setWalls(Wall.edges(of: Rect(x: 0, y: 0, width: right, height: 844)))
            }
            try heads.advance(to: Double(n) / 60)
        }
        let document = try recorder.document(name: "heads-walls")
        #expect(document.json.components(separatedBy: "\"setWalls\"").count == 11)
        #expect(try SceneDocument<ChatHeadsScene>(json: document.json) == document)
        let r = try document.replay(keepsSteps: false) { (n) throws(FlingError) in try kind.make(solverIterations: n) }
        #expect(r.tickDigest == heads.animator.digest && r.ticks == heads.animator.clock.ticks)
        #expect(try heads.animator.state(of: 2).state.position.x < 390 - 60)
    }
}
