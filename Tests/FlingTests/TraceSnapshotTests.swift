import _FlingCoding
import Fling
import Foundation
import Testing

@testable import FlingTraces

/// Long recordings' snapshots (trace format version 4): a trace carries its animator's snapshots
/// at some ticks; they read back from the document; a replay started from each session's last
/// snapshot gives the whole replay's final digest and ticks, and its pins; they restore only on
/// the backend kind they were taken on.
@Suite struct TraceSnapshotTests {
    static func kinds() -> [BackendKind] { BackendKind.available }

    /// Every trace fixture and a recorded random session, with snapshots every 7 ticks: through
    /// the document and back, the replay from the last snapshots equals the whole replay's
    /// digest and ticks, and compares the end pins.
    @Test(arguments: kinds())
    func aReplayFromTheLastSnapshotEndsAsTheWholeReplay(kind: BackendKind) throws {
        var traces = try PredictionTests.fixtures("traces").map { ($0.0, try Trace(json: $0.1)) }
        let session = AppSession.random(seed: 77)
        let animator = try session.animator(kind)
        let recorder = try TraceRecorder(recording: animator)
        _ = try session.play(session.actions[...], on: animator)
        traces.append(("random session", try recorder.trace()))
        let make = { (n: Int) throws(FlingError) -> any PhysicsBackend in try kind.make(solverIterations: n) }
        var resumed = 0
        for (name, trace) in traces {
            let with = try trace.withSnapshots(every: 7, makeBackend: make)
            let read = try Trace(json: with.json)
            #expect(read == with, "\(name): the snapshots read back")
            #expect(with.json.contains("\"version\": 4") && with.json.contains("\"snapshots\": ["), "\(name)")
            let whole = try TraceReplayer(trace).replay(makeBackend: make)
            #expect(try TraceReplayer(read).replay(makeBackend: make).digest == whole.digest, "\(name): snapshots change no replay")
            var replayer = TraceReplayer(read)
            replayer.startsFromSnapshots = true
            let fromLast = try replayer.replay(makeBackend: make)
            #expect(fromLast.digest == whole.digest && fromLast.tickCount == whole.tickCount, "\(name)")
            #expect(fromLast.pins.mismatches.isEmpty, "\(name): \(fromLast.pins.mismatches)")
            for (s, r) in fromLast.sessions.enumerated() where !read.sessions[s].snapshots.isEmpty {
                #expect(r.ticks.first?.tick ?? r.tickCount > read.sessions[s].snapshots.last!.tick - 1, "\(name): it started there")
                resumed += 1
            }
        }
        #expect(resumed >= traces.count)
    }

    /// A snapshot taken on one backend kind (or, without Chipmunk, one arithmetic) is refused by
    /// a replay on another, naming it; bad base64, bytes that are no snapshot, a snapshot filed
    /// under another tick and snapshot ticks out of order are refused by the reader.
    @Test func snapshotsAreCheckedWhereTheyAreRead() throws {
        let kinds = Self.kinds()
        let trace = try Trace(json: try Fixture.text("traces/fling-up.json"))
        let with = try trace.withSnapshots(every: 5) { n throws(FlingError) in try kinds[0].make(solverIterations: n) }
        if kinds.count > 1 {
            var replayer = TraceReplayer(with)
            replayer.startsFromSnapshots = true
            let error = #expect(throws: FlingError.self) {
                try replayer.replay { n throws(FlingError) in try kinds[1].make(solverIterations: n) }
            }
            let differs = kinds[0].arithmetic == kinds[1].arithmetic ? ".backend" : ".arithmetic"
            #expect(
                error?.field.contains("snapshot at tick 20") == true && error?.field.contains(differs) == true,
                "\(String(describing: error))")
        }
        let json = with.json
        let animatorKey = try #require(json.range(of: "\"animator\": \""))
        var bad = json
        bad.replaceSubrange(animatorKey.upperBound..<json.index(animatorKey.upperBound, offsetBy: 1), with: "*")
        #expect(throws: FlingError.self) { try Trace(json: bad) }
        let ticks = json.replacingOccurrences(of: "{\"tick\": 10,", with: "{\"tick\": 3,")
        #expect(ticks != json)
        #expect((try? Trace(json: ticks)) == nil)
        // Base64 of bytes that are no snapshot, and a snapshot filed under another tick: a
        // malformed document, where it is read, naming the place.
        let start = animatorKey.upperBound
        let end = try #require(json[start...].firstIndex(of: "\""))
        var garbage = json
        garbage.replaceSubrange(start..<end, with: Base64.encode(Array(repeating: 7, count: 120)))
        let malformed = #expect(throws: FlingError.self) { try Trace(json: garbage) }
        #expect(
            malformed?.code == .malformedInput && malformed?.reason.contains("is not an animator snapshot") == true,
            "\(String(describing: malformed))")
        let retagged = json.replacingOccurrences(of: "{\"tick\": 5,", with: "{\"tick\": 6,")
        #expect(retagged != json)
        let misfiled = #expect(throws: FlingError.self) { try Trace(json: retagged) }
        #expect(misfiled?.reason.contains("its snapshot was taken at tick 5") == true, "\(String(describing: misfiled))")
        #expect(Base64.decode("QUJD") == Array("ABC".utf8) && Base64.decode("QUI=") == Array("AB".utf8) && Base64.decode("QQ==") == [65])
        for text in ["Q", "QUJ", "QU=D", "QUJ=", "Q===", "QR==", "*UJD"] { #expect(Base64.decode(text) == nil, "\(text)") }
    }
}
