// Each release's prediction set against what its item then did: a replay with predictions on,
// one tick at a time, watching every released item until its predicted tick. A prediction an
// input overtook (the item grabbed, pushed, reset, sent, removed, or the fields changed: the
// animator counts every input that acts on an item) is superseded, not wrong; every other must
// come true to the bit: the same outcome, after the same tick, at the same pose. `fling
// replay --predict` prints these and fails on a difference; the tests run them over every
// fixture and random sessions.
import FlingCore
import FlingInteraction

/// The check of a replay's predictions (``PredictionCheck/entries``).
package struct PredictionCheck: Sendable {
    package enum Verdict: Sendable, Equatable {
        /// It came true to the bit.
        case exact
        /// A later input acted on the item before the predicted tick.
        case superseded
        /// It did not come true: what happened instead.
        case differs(String)
    }

    package struct Entry: Sendable {
        /// The scene (session) of the trace, the item's id, and its release's tick.
        var scene: Int
        package var item: Int
        package var releaseTick: Int
        var prediction: Prediction
        package var verdict: Verdict
        /// What the item did, in words.
        package var actual: String

        /// `tile 3 released at tick 12: settled home after tick 81 at …: exact`.
        package func line(noun: String) -> String {
            let v: String
            switch verdict {
            case .exact: v = "exact"
            case .superseded: v = "superseded (a later input acted on it)"
            case .differs(let what): v = "DIFFERS: \(what)"
            }
            return "\(noun) \(item) released at tick \(releaseTick): predicted \(prediction.description); \(v)"
        }
    }

    package var entries: [Entry] = []
    var pending: [Entry] = []

    init() {}

    package var exact: Int { entries.filter { $0.verdict == .exact }.count }
    package var superseded: Int { entries.filter { $0.verdict == .superseded }.count }
    package var differing: [Entry] { entries.filter { if case .differs = $0.verdict { true } else { false } } }
    var isDone: Bool { pending.isEmpty }

    /// What the check sees of a tick's events.
    enum Seen {
        /// A finger took the item.
        case grab(Int)
        /// A release, with its prediction.
        case release(Int, Prediction)
        /// The item's motion ended so.
        case outcome(Int, Prediction.Outcome)
    }

    /// After tick `k` has been stepped (before its after-step rules: `onTick`): a prediction
    /// whose item an input acted on since it was made no longer stands.
    mutating func inputsApplied(_ k: Int, stands: (Int) -> Bool?) {
        pending.removeAll { p in
            guard stands(p.item) != true else { return false }
            var e = p
            e.verdict = .superseded
            e.actual = "acted on before tick \(k)"
            entries.append(e)
            return true
        }
    }

    /// After tick `k`: its events in order, whether each item's last prediction stands (the
    /// inputs of the release's own tick applied after it count), and each item's pose now.
    mutating func ticked(_ k: Int, scene: Int, _ seen: [Seen], stands: (Int) -> Bool?, pose: (Int) -> Transform?) {
        for s in seen {
            switch s {
            case .grab(let item):
                resolve(item, .superseded, "grabbed at tick \(k)")
            case .release(let item, let p):
                resolve(item, .superseded, "released again at tick \(k)")
                pending.append(Entry(scene: scene, item: item, releaseTick: k, prediction: p, verdict: .exact, actual: ""))
                if stands(item) != true { resolve(item, .superseded, "acted on at tick \(k), after its release") }
            case .outcome(let item, let outcome):
                guard let p = pending.first(where: { $0.item == item })?.prediction else { continue }
                let now = pose(item)
                let what = "\(outcome) after tick \(k) at \(now.map { "\($0.position), \($0.angle) rad" } ?? "nowhere")"
                if outcome == p.outcome, k == p.tick, let now, Self.same(now, p.pose) {
                    resolve(item, .exact, what)
                } else {
                    resolve(item, .differs(what), what)
                }
            }
        }
        // Predictions due now whose outcome did not come.
        for p in pending where p.prediction.tick <= k {
            let now = pose(p.item)
            let what = "after tick \(k) at \(now.map { "\($0.position), \($0.angle) rad" } ?? "nowhere")"
            if case .notWithin = p.prediction.outcome, let now, Self.same(now, p.prediction.pose) {
                resolve(p.item, .exact, "still moving \(what)")
            } else {
                resolve(p.item, .differs("no \(p.prediction.outcome) \(what)"), what)
            }
        }
    }

    /// Ends the check: a prediction still pending was never due (the run ended first).
    mutating func finish(at k: Int) {
        for p in pending { resolve(p.item, .differs("the run ended at tick \(k) before tick \(p.prediction.tick)"), "") }
    }

    mutating func resolve(_ item: Int, _ verdict: Verdict, _ actual: String) {
        guard let n = pending.firstIndex(where: { $0.item == item }) else { return }
        var e = pending.remove(at: n)
        e.verdict = verdict
        e.actual = actual
        entries.append(e)
    }

    static func same(_ a: Transform, _ b: Transform) -> Bool {
        a.position.x.bitPattern == b.position.x.bitPattern && a.position.y.bitPattern == b.position.y.bitPattern
            && a.angle.bitPattern == b.angle.bitPattern
    }
}

extension PredictionCheck.Seen {
    /// What the check sees of a tile event.
    init?(_ e: TileEvent) {
        switch e.kind {
        case .grabbed: self = .grab(e.tile.rawValue)
        case .released: if let p = e.prediction { self = .release(e.tile.rawValue, p) } else { return nil }
        case .settled: self = .outcome(e.tile.rawValue, .settledHome)
        case .culled: self = .outcome(e.tile.rawValue, .culled)
        case .cameToRest: self = .outcome(e.tile.rawValue, .cameToRest)
        case .tapped, .pushed, .wallContact: return nil
        }
    }

    /// What the check sees of a snap event (its item's resting places name a settled one).
    init?(_ e: SnapEvent, places: (SnapItem.ID) -> SnapItem.RestingPlaces?) {
        guard let item = e.item else { return nil }
        switch e.kind {
        case .grabbed: self = .grab(item.rawValue)
        case .released: if let p = e.prediction { self = .release(item.rawValue, p) } else { return nil }
        case .settled(let at):
            var index: Int?
            if case .points(let points)? = places(item) { index = points.firstIndex(of: at) }
            self = .outcome(item.rawValue, .reachedRestingPlace(index))
        case .tapped, .sent, .wallContact: return nil
        }
    }
}

extension TraceReplayer {
    /// Replays the trace with predictions (each session's own `predictionTicks`, or `ticks`)
    /// one tick at a time, and checks every release's prediction against what its tile then did,
    /// stepping past a session's end (with no more input) until every prediction is due.
    package func checkPredictions(
        ticks: Int = DragSettings.defaultPredictionTicks, makeBackend: (Int) throws(FlingError) -> any PhysicsBackend
    ) throws(FlingError) -> PredictionCheck {
        try trace.validate()
        var check = PredictionCheck()
        for (s, session) in trace.sessions.enumerated() {
            var configuration = session.configuration
            configuration.drag.predictionTicks = configuration.drag.predictionTicks ?? ticks
            let animator = try TileAnimator(
                viewport: session.viewport, tiles: session.tiles, configuration: configuration,
                backend: try makeBackend(session.solverIterations))
            for input in session.inputs { try animator.schedule(input.input, tick: input.tick) }
            let dt = configuration.drag.tick
            let last = FixedStepClock.ticksEnded(by: session.run.duration, tick: dt) - 1
            var k = 0
            animator.onTick = { tick, _ in check.inputsApplied(tick) { animator.predictionStands(TileID($0)) } }
            defer { animator.onTick = nil }
            while k <= last || !check.isDone {
                let events: [TileEvent]
                do { events = try animator.advance(to: Double(k + 1) * dt) } catch { continue }
                check.ticked(
                    k, scene: s, events.compactMap(PredictionCheck.Seen.init), stands: { animator.predictionStands(TileID($0)) },
                    pose: { (try? animator.state(of: TileID($0)))?.state.transform })
                k += 1
            }
            check.finish(at: k - 1)
        }
        return check
    }
}

/// A snap scene (chat heads, the sun switch): made on a backend with its driver.
protocol SnapScene {
    var inputs: [Trace.Input] { get }
    func driver(_ options: ReplayOptions) throws(FlingError) -> (backend: any PhysicsBackend, driver: SnapDriver)
}

extension ChatHeadsScene: SnapScene {}
extension SunSwitchScene: SnapScene {}

extension SceneDocument {
    /// A snap scene's predictions checked (``SnapScenes/checkPredictions(_:_:_:)``), looking
    /// `options.predictionTicks` (or 600) ticks ahead; nil for a scene without releases.
    package func checkPredictions(_ options: ReplayOptions) throws(FlingError) -> PredictionCheck? {
        guard let scene = scene as? any SnapScene else { return nil }
        var o = options
        o.predictionTicks = o.predictionTicks ?? DragSettings.defaultPredictionTicks
        return try SnapScenes.checkPredictions(scene.inputs, sampling, try scene.driver(o).driver)
    }
}

/// A document whose releases' predictions can be checked (tile traces, snap scenes).
package protocol PredictingDocument {
    /// The check, with `options.predictionTicks` (or 600) ticks ahead; nil when the document has no releases.
    func checkPredictions(_ options: ReplayOptions) throws(FlingError) -> PredictionCheck?
    /// What an item is called in the check's lines: `tile`, `item`.
    var itemNoun: String { get }
}

extension Trace: PredictingDocument {
    package func checkPredictions(_ options: ReplayOptions) throws(FlingError) -> PredictionCheck? {
        let ticks = options.predictionTicks ?? DragSettings.defaultPredictionTicks
        return try TraceReplayer(self, display: options.display).checkPredictions(ticks: ticks) { (n) throws(FlingError) in
            try options.backend(n, for: "fling replay --predict")
        }
    }
    package var itemNoun: String { "tile" }
}

extension SceneDocument: PredictingDocument {
    package var itemNoun: String { "item" }
}
