import Fling
import Foundation
import Testing

@testable import FlingCLIKit
@testable import FlingInteraction
@testable import FlingTraces

/// Predictions: each release whose item gets no later input ends as its prediction says, bit
/// for bit (outcome, tick, pose), over every fixture and random sessions, on every backend; a
/// release overtaken by a later input is reported superseded; `predict(_:)` gives the same at
/// every tick; predicting changes nothing.
@Suite struct PredictionTests {
    static func kinds() -> [BackendKind] { BackendKind.available }

    static func fixtures(_ folder: String) throws -> [(String, String)] {
        let dir = try #require(Bundle.module.url(forResource: "Fixtures/\(folder)", withExtension: nil))
        return try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0.hasSuffix(".json") }.sorted().map {
            ($0, try String(contentsOf: dir.appendingPathComponent($0), encoding: .utf8))
        }
    }

    /// Every trace fixture and every snap scene fixture: no release's prediction differs from
    /// what its item did; many come true exactly, and some are overtaken.
    @Test(arguments: kinds())
    func everyFixtureEndsAsPredicted(kind: BackendKind) throws {
        var exact = 0, superseded = 0, outcomes: Set<String> = []
        for (name, text) in try Self.fixtures("traces") {
            let check = try TraceReplayer(try Trace(json: text)).comparePredictions { n throws(FlingError) in
                try kind.make(solverIterations: n)
            }
            for e in check.differing { Issue.record("\(name) on \(kind): \(e.description) (\(e.actual))") }
            exact += check.exact
            superseded += check.superseded
            for e in check.entries where e.verdict == .exact { outcomes.insert("\(e.prediction.outcome)".prefix { $0 != "(" }.description) }
        }
        for (name, text) in try Self.fixtures("scenes") {
            guard
                let check = try Documents.read(Array(text.utf8)).comparePredictions(
                    ReplayOptions(makeBackend: { n throws(FlingError) in try kind.make(solverIterations: n) }))
            else { continue }
            for e in check.differing { Issue.record("\(name) on \(kind): \(e.description) (\(e.actual))") }
            exact += check.exact
            superseded += check.superseded
            for e in check.entries where e.verdict == .exact { outcomes.insert("\(e.prediction.outcome)".prefix { $0 != "(" }.description) }
        }
        #expect(exact > 20 && superseded > 0, "\(exact) exact, \(superseded) superseded")
        #expect(outcomes.isSuperset(of: ["settledHome", "culled", "reachedRestingPlace"]), "\(outcomes)")
    }
}

extension PredictionTests {
    /// Random sessions of the replay contract's kind, recorded and checked: every release's
    /// prediction comes true to the bit or is overtaken by a later input.
    @Test(arguments: kinds())
    func randomSessionsEndAsPredicted(kind: BackendKind) throws {
        var exact = 0, superseded = 0, notWithin = 0, rested = 0
        for seed in UInt64(1)...40 {
            let session = AppSession.random(seed: seed &* 0x51_7CC1_B727_220A)
            let animator = try session.animator(kind)
            let recorder = try TraceRecorder(recording: animator)
            _ = try session.play(session.actions[...], on: animator)
            var trace = try recorder.trace()
            trace.sessions[0].configuration.drag.predictionTicks = [600, 60][Int(seed % 2)]
            let check = try TraceReplayer(trace).comparePredictions { n throws(FlingError) in try kind.make(solverIterations: n) }
            for e in check.differing { Issue.record("seed \(seed) on \(kind): \(e.description) (\(e.actual))") }
            exact += check.exact
            superseded += check.superseded
            for e in check.entries where e.verdict == .exact {
                if case .notWithin = e.prediction.outcome { notWithin += 1 }
                if e.prediction.outcome == .cameToRest { rested += 1 }
            }
        }
        #expect(
            exact > 50 && superseded > 20 && notWithin > 3 && rested > 0,
            "\(exact) exact (\(notWithin) not within, \(rested) came to rest), \(superseded) superseded")
    }

    /// A release followed by another input to its tile before the predicted tick is reported
    /// superseded, for each kind of input: a finger, an instantaneous push, a continuous push
    /// ended, new fields, a reset; the same release left alone comes true.
    @Test func aReleaseOvertakenByAnInputIsSuperseded() throws {
        let kind = Self.kinds()[0]
        var configuration = TileConfiguration()
        configuration.releaseRule = .alwaysAttract
        let throwUp: [Trace.Input] = [
            .init(.touch(TouchEvent(time: 0, touch: 1, phase: .began, position: Vector(195, 422), item: TileID(1)))),
            .init(.touch(TouchEvent(time: 0.02, touch: 1, phase: .moved, position: Vector(230, 380)))),
            .init(.touch(TouchEvent(time: 0.04, touch: 1, phase: .moved, position: Vector(265, 338)))),
            .init(.touch(TouchEvent(time: 0.05, touch: 1, phase: .ended, position: Vector(265, 338)))),
        ]
        let later: [(String, [Trace.Input])] = [
            ("nothing", []),
            (
                "a finger",
                [
                    .init(.touch(TouchEvent(time: 0.2, touch: 2, phase: .began, position: Vector(0, 0), item: TileID(1)))),
                    .init(.touch(TouchEvent(time: 0.25, touch: 2, phase: .ended, position: Vector(0, 0)))),
                ]
            ),
            ("a push", [.init(.dynamics(.push(TouchEvent.ItemID(1), Push(Vector(50, 0)))), tick: 12)]),
            ("fields", [.init(.dynamics(.setFields([])), tick: 12)]),
            ("a reset", [.init(.reset(TileID(1)), tick: 12)]),
        ]
        for (what, inputs) in later {
            let session = Trace.Session(
                viewport: phone, tiles: [centerTile], configuration: configuration, run: .init(duration: 3, stopsWhenIdle: false),
                inputs: throwUp + inputs)
            let check = try TraceReplayer(Trace(sessions: [session])).comparePredictions { n throws(FlingError) in
                try kind.make(solverIterations: n)
            }
            let e = try #require(check.entries.first, "\(what)")
            #expect(e.verdict == (what == "nothing" ? .exact : .superseded), "\(what): \(e.description) (\(e.actual))")
            #expect(e.prediction.outcome == .settledHome && e.prediction.tick > 20, "\(what): \(e.prediction)")
        }
    }

    /// `predict(_:)` of a released tile gives its release's prediction at every tick until it
    /// comes true; and predicting (at every release and every tick) changes no tick, event and
    /// digest of the run: the same session without predictions gives the same bits.
    @Test(arguments: kinds())
    func predictAgreesWithTheReleaseAndChangesNothing(kind: BackendKind) throws {
        var checked = 0
        for seed in UInt64(1)...12 {
            let session = AppSession.random(seed: seed &* 0x2545_F491_4F6C_DD1D)
            var predicting = session
            predicting.configuration.drag.predictionTicks = 600
            let plain = try session.animator(kind), a = try predicting.animator(kind)
            let played = try session.play(session.actions[...], on: plain)
            var events: [TileEvent] = [], ticks: [TraceReplay.TickState] = []
            var standing: [TileID: Prediction] = [:]
            for action in predicting.actions {
                let p = try predicting.play([action], on: a)
                ticks += p.ticks
                for e in p.events {
                    events.append(e)
                    if case .grabbed = e.kind { standing[e.tile] = nil }
                    if let prediction = e.prediction { standing[e.tile] = prediction }
                    if [.settled, .culled, .cameToRest].contains(e.kind) { standing[e.tile] = nil }
                }
                for (tile, prediction) in standing where a.predictionStands(tile) == true {
                    guard prediction.tick >= a.clock.ticks, case .notWithin = prediction.outcome else {
                        if prediction.tick >= a.clock.ticks {
                            #expect(try a.predict(tile) == prediction, "seed \(seed) \(tile) at tick \(a.clock.ticks)")
                            checked += 1
                        }
                        continue
                    }
                }
            }
            #expect(
                events.map {
                    var e = $0; e.prediction = nil; return e
                } == played.events, "seed \(seed): events")
            #expect(ticks.count == played.ticks.count && zip(ticks, played.ticks).allSatisfy(ReplayContractTests.bitwiseEqual))
            #expect(a.digest == plain.digest, "seed \(seed): digest")
        }
        #expect(checked > 200, "\(checked) predictions asked again")
    }
}

extension PredictionTests {
    /// `fling replay --predict` prints each release's prediction beside what its item did and a
    /// summary before the digest line, exit status 0 when none differs (superseded ones do not
    /// fail); `--from TICK` continues a snapshot taken at TICK to the whole replay's digest, and
    /// refuses a tick past the trace's end and a document it cannot continue.
    @Test(arguments: kinds())
    func flingReplayPredictsAndContinues(kind: BackendKind) throws {
        let up = try fixturePath("traces/fling-up.json")
        // Without Chipmunk, native's run has no peer to be compared with: say that is intended.
        let allow = BackendKind.available.contains(.chipmunk) ? [] : ["--allow-uncompared-run"]
        let r = FlingCommand.run(["replay", up, "--backend", kind.rawValue, "--predict", "--from", "10"] + allow)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains("\ntile 1 released at tick 8: predicted culled after tick 20 at "), "\(r.stdout)")
        #expect(r.stdout.contains("; exact\npredictions: 1 releases: 1 exact, 0 superseded, 0 differ\n"), "\(r.stdout)")
        let digest = try #require(r.stdout.split(separator: "\n").last.map(String.init))
        #expect(r.stdout.contains("\nfrom tick 10: a snapshot of "))
        #expect(r.stdout.contains(": \(digest); the whole replay: \(digest): equal\n"), "\(r.stdout)")
        let press = FlingCommand.run(
            ["replay", try fixturePath("scenes/heads-press.json"), "--backend", kind.rawValue, "--predict"] + allow)
        #expect(press.status == 0 && press.stdout.contains("predictions: 2 releases: 0 exact, 2 superseded, 0 differ\n"), "\(press.stdout)")
        let past = FlingCommand.run(["replay", up, "--backend", kind.rawValue, "--from", "500"] + allow)
        #expect(past.status == 1 && past.stderr.contains("--from 500: the trace ends at tick 21"), "\(past.stderr)")
        let scene = FlingCommand.run(
            ["replay", try fixturePath("scenes/heads-press.json"), "--backend", kind.rawValue, "--from", "5"] + allow)
        #expect(scene.status == 2 && scene.stderr.contains("--from continues tile traces"), "\(scene.stderr)")
        // Checked before the replay runs: nothing of a replay is printed.
        #expect(scene.stdout.isEmpty, "\(scene.stdout)")
        let bad = FlingCommand.run(["replay", up, "--backend", kind.rawValue, "--from", "-3"] + allow)
        #expect(bad.status == 2 && bad.stdout.isEmpty && bad.stderr.contains("--from"), "\(bad.stdout) \(bad.stderr)")
    }

    /// The check fails a prediction that does not come true to the bit: a planted one a tick
    /// early or late, a pose one ulp off in any coordinate, another outcome, or a due one whose
    /// outcome never came; the true one passes (what `fling replay --predict`'s exit 1 rests on).
    @Test func aPlantedWrongPredictionDiffers() {
        let pose = Transform(position: Vector(120.5, -33.25), angle: 0.125)
        let truth = Prediction(outcome: .culled, tick: 20, pose: pose)
        func verdict(_ planted: Prediction, outcome: Prediction.Outcome = .culled) -> PredictionComparison.Verdict? {
            var check = PredictionComparison(noun: "tile")
            check.ticked(8, scene: 0, [.release(1, planted)], stands: { _ in true }, pose: { _ in nil })
            for k in 9..<20 { check.ticked(k, scene: 0, [], stands: { _ in true }, pose: { _ in pose }) }
            check.ticked(20, scene: 0, [.outcome(1, outcome)], stands: { _ in true }, pose: { _ in pose })
            check.finish(at: 20)
            return check.entries.count == 1 ? check.entries[0].verdict : nil
        }
        #expect(verdict(truth) == .exact)
        func isDiffers(_ v: PredictionComparison.Verdict?) -> Bool { if case .differs = v { true } else { false } }
        var planted: [Prediction] = []
        for tick in [19, 21] { planted.append(Prediction(outcome: .culled, tick: tick, pose: pose)) }
        for n in 0..<3 {
            var p = pose
            if n == 0 { p.position.x = p.position.x.nextUp }
            if n == 1 { p.position.y = p.position.y.nextDown }
            if n == 2 { p.angle = p.angle.nextUp }
            planted.append(Prediction(outcome: .culled, tick: 20, pose: p))
        }
        planted.append(Prediction(outcome: .cameToRest, tick: 20, pose: pose))
        planted.append(Prediction(outcome: .notWithin(ticks: 12), tick: 15, pose: Transform(position: Vector(121.5, -33.25), angle: 0.125)))
        for p in planted { #expect(isDiffers(verdict(p)), "planted \(p.description)") }
        #expect(isDiffers(verdict(truth, outcome: .settledHome)), "another outcome at the tick")
    }
}
