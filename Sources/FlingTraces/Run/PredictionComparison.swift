// Each release's prediction set against what its item then did: a replay with predictions on,
// one tick at a time, watching every released item until its predicted tick. A prediction an
// input overtook (the item grabbed, pushed, reset, sent, removed, or the fields changed: the
// animator counts every input that acts on an item) is superseded, not wrong; every other must
// come true to the bit: the same outcome, after the same tick, at the same pose. `fling
// replay --predict` prints these and fails on a difference; the tests run them over every
// fixture and random sessions.
import FlingCore
import FlingInteraction

/// Every release's prediction in a replay set against what its item then did
/// (``FlingDocument/comparePredictions(_:)``; `fling replay --predict` prints it): one
/// ``Entry`` per release, in the order each was resolved.
public struct PredictionComparison: Sendable {
    /// How a prediction fared.
    public enum Verdict: Sendable, Equatable {
        /// It came true to the bit.
        case exact
        /// A later input acted on the item before the predicted tick.
        case superseded
        /// It did not come true: what happened instead.
        case differs(String)
    }

    /// One release: its item, its tick, its prediction, and how the prediction fared.
    public struct Entry: Sendable, CustomStringConvertible {
        /// The scene (session) of the trace.
        var scene: Int
        /// What an item is called in the line: `tile`, `item`.
        var noun: String
        /// The released item's raw id (a `TileID`'s or a `SnapItem.ID`'s).
        public internal(set) var item: Int
        /// The tick whose events held the release.
        public internal(set) var releaseTick: Int
        /// What the release predicted (`TileEvent.prediction`, `SnapEvent.prediction`).
        public internal(set) var prediction: Prediction
        public internal(set) var verdict: Verdict
        /// What the item did, in words (empty when the run ended first).
        public internal(set) var actual: String

        /// `tile 3 released at tick 12: predicted settled home after tick 81 at …; exact`.
        public var description: String {
            let v: String
            switch verdict {
            case .exact: v = "exact"
            case .superseded: v = "superseded (a later input acted on it)"
            case .differs(let what): v = "DIFFERS: \(what)"
            }
            return "\(noun) \(item) released at tick \(releaseTick): predicted \(prediction.description); \(v)"
        }
    }

    /// Every release's entry.
    public internal(set) var entries: [Entry] = []
    var pending: [Entry] = []
    /// What an item is called in the entries' lines.
    let noun: String

    init(noun: String) { self.noun = noun }

    /// The predictions that came true to the bit.
    public var exact: Int { entries.filter { $0.verdict == .exact }.count }
    /// The predictions a later input overtook.
    public var superseded: Int { entries.filter { $0.verdict == .superseded }.count }
    /// The entries whose prediction did not come true.
    public var differing: [Entry] { entries.filter { if case .differs = $0.verdict { true } else { false } } }
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
                pending.append(
                    Entry(scene: scene, noun: noun, item: item, releaseTick: k, prediction: p, verdict: .exact, actual: ""))
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

extension PredictionComparison.Seen {
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
    /// one tick at a time, and sets every release's prediction against what its tile then did,
    /// stepping past a session's end (with no more input) until every prediction is due.
    func comparePredictions(
        ticks: Int = DragSettings.defaultPredictionTicks, makeBackend: (Int) throws(FlingError) -> any PhysicsBackend
    ) throws(FlingError) -> PredictionComparison {
        try trace.validate()
        var check = PredictionComparison(noun: "tile")
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
                    k, scene: s, events.compactMap(PredictionComparison.Seen.init), stands: { animator.predictionStands(TileID($0)) },
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
    /// A snap scene's predictions compared (``SnapScenes/comparePredictions(_:_:_:)``), looking
    /// `options.predictionTicks` (or 600) ticks ahead; nil for a scene without releases.
    func snapPredictions(_ options: ReplayOptions) throws(FlingError) -> PredictionComparison? {
        guard let scene = scene as? any SnapScene else { return nil }
        var o = options
        o.predictionTicks = o.predictionTicks ?? DragSettings.defaultPredictionTicks
        return try SnapScenes.comparePredictions(scene.inputs, sampling, try scene.driver(o).driver)
    }
}

extension FlingDocument {
    /// Replays the document with predictions on (looking `options.predictionTicks` ticks ahead,
    /// or `DragSettings.defaultPredictionTicks`), one tick at a time, and sets each release's
    /// prediction against what its item then did, on past the document's end until every one is
    /// due: a tile trace's or a snap scene's (chat heads, the sun switch); nil for a document
    /// without releases (a seeded scene, paths). A prediction an input overtook is
    /// `superseded`, not wrong; every other must come true to the bit.
    public func comparePredictions(_ options: ReplayOptions) throws(FlingError) -> PredictionComparison? {
        if let trace = self as? Trace {
            let ticks = options.predictionTicks ?? DragSettings.defaultPredictionTicks
            return try TraceReplayer(trace, display: options.display).comparePredictions(ticks: ticks) { (n) throws(FlingError) in
                try options.backend(n, for: "comparePredictions")
            }
        }
        return try (self as? any SnapPredicting)?.snapPredictions(options)
    }
}

/// A snap scene document, whose releases' predictions can be compared.
protocol SnapPredicting {
    func snapPredictions(_ options: ReplayOptions) throws(FlingError) -> PredictionComparison?
}

extension SceneDocument: SnapPredicting {}
