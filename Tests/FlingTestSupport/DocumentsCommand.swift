#if FLING_TESTABLE
import Fling
@testable import FlingView
@testable import FlingScenes
@testable import FlingPaths
@testable import FlingCore
@testable import FlingTraces
@testable import FlingCLIKit

/// `FlingSelfTest documents --out DIR`: for CI, not for people. Writes crafted documents of
/// every kind: the pathological ones issue 21 found (documents inside the old limits that ran
/// for hours or past 4 GiB), and documents at the edges of the documented work budgets, each
/// computed from the budget's constant: one just inside (must replay and render) and one just
/// outside (must be refused with a typed error). `.ci/bounded-check` runs `fling` on each under
/// a time and memory limit.
///
/// File names say what is expected: `NAME.accept.json` replays and renders, `NAME.refuse.json`
/// is refused (exit 1, `overBudget` or another typed error).
enum DocumentsCommand {
    struct Document {
        var name: String
        var accepted: Bool
        var json: String
    }

    static func run(_ arguments: [String], _ out: inout Output) throws {
        let args = try Arguments(arguments, valued: ["out"], flags: ["help", "list"])
        if args.flag("help") { out.print("FlingSelfTest documents --out DIR [--list]: for CI"); return }
        let documents = all()
        if args.flag("list") {
            for d in documents { out.print(fileName(d)) }
            return
        }
        guard let dir = args.value("out") else { throw UsageError("documents needs --out DIR") }
        for d in documents { try FileIO.write(dir + "/" + fileName(d), d.json, &out) }
        out.print("selftest-documents: \(documents.count) documents in \(dir)")
    }

    static func fileName(_ d: Document) -> String { "\(d.name).\(d.accepted ? "accept" : "refuse").json" }

    static func n(_ x: Double) -> String { x.description }

    /// Every document: the crafted ones, then the budget edges.
    static func all() -> [Document] {
        crafted() + traceEdges() + bubbleEdges() + cloudEdges() + dayNightEdges() + snapEdges() + morphEdges() + conveyorEdges()
    }

    // MARK: - The issue's documents

    static func crafted() -> [Document] {
        [
            // 124 hours before: a one-point sky image in a 10⁷-point view, sampled at 1 kHz for an hour.
            Document(
                name: "issue-day-night-tall-view", accepted: false,
                json: dayNight(imageHeight: 1, viewHeight: 1e7, rate: 1000, duration: 3600)),
            // Over 4 GiB to render before: the default sky at 1 kHz for an hour (3.6 million samples).
            Document(
                name: "issue-day-night-hour-1khz", accepted: true,
                json: dayNight(imageHeight: 2880, viewHeight: 400, rate: 1000, duration: 3600)),
            // 4.7 hours before: about a million bubbles alive at once.
            Document(
                name: "issue-bubbles-million-live", accepted: false,
                json: bubbles(interval: 3.6e-3, duration: 1e6, timing: "paced", rate: 1, seconds: 3600)),
            // 8.4 hours before (and over 4 GiB to render at rate 1): clouds that never leave.
            Document(
                name: "issue-clouds-never-leave", accepted: false, json: clouds(interval: 3.6e-3, speed: 1e-3, rate: 1, seconds: 3600)),
            // 6 minutes before: 1,000 chat heads for an hour.
            Document(name: "issue-chat-heads-1000", accepted: false, json: chatHeads(heads: 1000, seconds: 3600, rate: 60)),
            // Out of memory in seconds before: a conveyor of infinite length, and a subnormal spacing.
            Document(
                name: "issue-conveyor-infinite-length", accepted: false, json: conveyor(from: -1.797e308, to: 1.797e308, spacing: 160)),
            Document(name: "issue-conveyor-spacing-1e-300", accepted: false, json: conveyor(from: 0, to: 320, spacing: 1e-300)),
            // Past a minute before: spacing 10⁻³ (320,000 dots on a 320-point line).
            Document(name: "issue-conveyor-spacing-1e-3", accepted: false, json: conveyor(from: 0, to: 320, spacing: 1e-3)),
            // Past a minute before: a 100,000-segment keyframe morphed into a square.
            Document(name: "issue-morph-100000-segments", accepted: false, json: morph(segments: [100_000, 4], frames: 60)),
            // Past a minute before: 200,000 keyframes sampled 10⁶ times (now a bisection per sample).
            Document(name: "issue-morph-200000-keyframes", accepted: true, json: morph(keyframes: 200_000, frames: 1_000_000)),
        ]
    }

    // MARK: - Budget edges

    /// Traces: tiles held by a finger each (a world each, stepped every tick) for the whole
    /// run, at `Trace.maximumTileTicks` and one tile over.
    static func traceEdges() -> [Document] {
        let budget = Trace.maximumTileTicks
        var docs: [Document] = []
        for (seconds, label) in [(3600.0, "hour"), (10_000.0 / 60, "10000-ticks")] {
            let ticks = (seconds / (1.0 / 60)).rounded(.down)  // as the trace counts them
            let tiles = Int((budget / ticks).rounded(.down))
            docs.append(Document(name: "trace-held-tiles-\(label)", accepted: true, json: heldTiles(tiles, seconds: seconds)))
            docs.append(Document(name: "trace-held-tiles-\(label)-over", accepted: false, json: heldTiles(tiles + 1, seconds: seconds)))
        }
        // At the replay page's budget (ReplayPage.budget): ten minutes of held tiles, the page
        // made (the documents above replay and render, and their pages are refused).
        let ticks = (600.0 / (1.0 / 60)).rounded(.down)
        docs.append(
            Document(
                name: "trace-page-edge", accepted: true,
                json: heldTiles(Int((ReplayPage.budget.limit / ticks).rounded(.down)), seconds: 600)))
        return docs
    }

    /// Bubbles on a timer that live their longest, paced (the costliest timing), sampled for an
    /// hour at 1 kHz with as many alive as the budget allows, and at 9 Hz with as many as
    /// `SceneDocument<BubblesScene>.maximumItems` allows (about 600 alive).
    static func bubbleEdges() -> [Document] {
        let budget = BubblesScene.budget.limit
        var docs: [Document] = []
        for (rate, seconds) in [(1000.0, 3600.0), (9.0, 3600.0)] {
            let samples = (rate * seconds).rounded(.down) + 1
            // Alive at once: ⌊life / interval⌋ + 1 on the timer, life = 2.1 s, and the one tap.
            let live = (budget / samples).rounded(.down)
            let interval = max(2.1 / (live - 1.5), seconds / (SceneDocument<BubblesScene>.maximumItems - 3))
            let over = 2.1 / (live - 0.5)
            docs.append(
                Document(
                    name: "bubbles-edge-\(Int(rate))hz", accepted: true,
                    json: bubbles(interval: interval, duration: 2, timing: "paced", rate: rate, seconds: seconds)))
            docs.append(
                Document(
                    name: "bubbles-edge-\(Int(rate))hz-over", accepted: false,
                    json: bubbles(interval: over, duration: 2, timing: "paced", rate: rate, seconds: seconds)))
        }
        return docs
    }

    /// Clouds crossing a 390-point view (plus a 120-point cloud) at their slowest speed.
    static func cloudEdges() -> [Document] {
        let budget = CloudsScene.budget.limit
        var docs: [Document] = []
        for (rate, seconds) in [(1000.0, 3600.0), (1.0, 3600.0)] {
            let samples = (rate * seconds).rounded(.down) + 1
            let live = (budget / samples).rounded(.down)
            let crossing = 510.0 / 8
            // At the budget, or at SceneDocument<BubblesScene>.maximumItems made if that binds first.
            let interval = max(crossing / (live - 0.5), seconds / (SceneDocument<BubblesScene>.maximumItems - 2))
            docs.append(
                Document(
                    name: "clouds-edge-\(Int(rate))hz", accepted: true,
                    json: clouds(interval: interval, speed: 8, rate: rate, seconds: seconds)))
            docs.append(
                Document(
                    name: "clouds-edge-\(Int(rate))hz-over", accepted: false,
                    json: clouds(interval: crossing / (live + 0.5), speed: 8, rate: rate, seconds: seconds)))
        }
        return docs
    }

    /// The day-night picker: as many copies of the sky as the budget allows at 1 kHz for an
    /// hour, and the most copies (`DayNightPicker.maximumSkyCopies`) at as many samples.
    static func dayNightEdges() -> [Document] {
        let budget = DayNightScene.budget.limit
        let samples = 3_600_001.0
        let copies = (budget / samples).rounded(.down)  // ⌊view / image⌋ + 2
        let most = Double(DayNightPicker.maximumSkyCopies)
        let seconds = (budget / most).rounded(.down) - 1
        return [
            Document(
                name: "day-night-edge-1khz", accepted: true,
                json: dayNight(imageHeight: 100, viewHeight: 100 * (copies - 2), rate: 1000, duration: 3600)),
            Document(
                name: "day-night-edge-1khz-over", accepted: false,
                json: dayNight(imageHeight: 100, viewHeight: 100 * (copies - 1), rate: 1000, duration: 3600)),
            Document(
                name: "day-night-edge-most-copies", accepted: true,
                json: dayNight(imageHeight: 1, viewHeight: most - 2, rate: 1, duration: seconds)),
            Document(
                name: "day-night-edge-most-copies-over", accepted: false,
                json: dayNight(imageHeight: 1, viewHeight: most - 2, rate: 1, duration: seconds + 2)),
            Document(
                name: "day-night-too-many-copies", accepted: false,
                json: dayNight(imageHeight: 1, viewHeight: most, rate: 1, duration: 1)),
        ]
    }

    /// Chat heads, every one thrown again and again so that each has a world most ticks, for
    /// as long as the budget allows at 60 Hz; and a sun switch for an hour at 1 kHz.
    static func snapEdges() -> [Document] {
        let budget = ChatHeadsScene.budget.limit
        var docs: [Document] = []
        // (ticks + samples) × items = 2 (60 s + 1) (heads + 1) at 60 Hz, 1/60 s ticks.
        let seconds = ((budget / 1001 / 2 - 1) / 60).rounded(.down)
        docs.append(Document(name: "chat-heads-edge-1000", accepted: true, json: chatHeads(heads: 1000, seconds: seconds, rate: 60)))
        docs.append(
            Document(name: "chat-heads-edge-1000-over", accepted: false, json: chatHeads(heads: 1000, seconds: seconds + 1, rate: 60)))
        docs.append(
            Document(
                name: "chat-heads-edge-1000-held", accepted: true, json: chatHeads(heads: 1000, seconds: seconds, rate: 60, held: true)))
        // A few heads thrown all hour: within the budget whatever the duration.
        docs.append(Document(name: "chat-heads-20-hour", accepted: true, json: chatHeads(heads: 20, seconds: 3600, rate: 60)))
        docs.append(Document(name: "sun-switch-hour-1khz", accepted: true, json: sunSwitch(seconds: 3600, rate: 1000)))
        return docs
    }

    /// Morphs: two keyframes whose matching is at `PathMorph.matchBudget`, sampled at
    /// `MorphPaths.budget` (the morph's own, `KeyframeAnimation.sampleBudget`); and one segment
    /// over each.
    static func morphEdges() -> [Document] {
        let match = Int(PathMorph.matchBudget.limit.squareRoot())
        let frames = Int(MorphPaths.budget.limit) / match
        return [
            Document(name: "morph-edge", accepted: true, json: morph(segments: [match, 4], frames: frames)),
            Document(name: "morph-edge-match-over", accepted: false, json: morph(segments: [match + 1, 4], frames: 2)),
            Document(name: "morph-edge-frames-over", accepted: false, json: morph(segments: [match, 4], frames: frames + 1)),
        ]
    }

    /// Conveyors: the most items shown (`Conveyor.maximumItems`), sampled at
    /// `ConveyorPaths.budget` (the conveyor's own, `Conveyor.sampleBudget`); and one over each.
    static func conveyorEdges() -> [Document] {
        let items = Double(Conveyor.maximumItems)
        let spacing = 320 / (items - 0.5)  // ⌊320 / spacing⌋ + 1 = items
        let frames = Int(ConveyorPaths.budget.limit / items)
        return [
            Document(name: "conveyor-edge", accepted: true, json: conveyor(from: 0, to: 320, spacing: spacing, frames: frames)),
            Document(
                name: "conveyor-edge-frames-over", accepted: false, json: conveyor(from: 0, to: 320, spacing: spacing, frames: frames + 1)),
            Document(
                name: "conveyor-edge-items-over", accepted: false, json: conveyor(from: 0, to: 320, spacing: 320 / (items + 0.5), frames: 2)
            ),
        ]
    }

    // MARK: - Writers

    static func dayNight(imageHeight: Double, viewHeight: Double, rate: Double, duration: Double) -> String {
        """
        {"format": "fling-scene", "version": 1, "kind": "dayNight", "minutes": 1380,
         "configuration": {"imageHeight": \(n(imageHeight)), "viewHeight": \(n(viewHeight)), "sunMultiple": 1, "starRamp": "smooth",
          "transition": {"kind": "spring", "response": 0.55, "dampingFraction": 0.825}, "wrap": "shorter"},
         "inputs": [{"time": 0.5, "pick": 60}, {"time": 2, "pick": 810}, {"time": 1800, "pick": 360}],
         "sampling": {"rate": \(n(rate)), "duration": \(n(duration))}}

        """
    }

    static func bubbles(interval: Double, duration: Double, timing: String, rate: Double, seconds: Double) -> String {
        """
        {"format": "fling-scene", "version": 1, "kind": "bubbles", "seed": 21,
         "configuration": {"source": {"from": {"x": -40, "y": 620}, "to": {"x": 430, "y": 620}, "period": 8},
          "interval": [\(n(interval)), \(n(interval * 2))], "height": [250, 450], "sway": [15, 60], "duration": [\(n(duration / 2)), \(n(duration))],
          "size": [8, 24], "startOffset": [-6, 6], "timing": "\(timing)", "popScale": 1.3, "popDuration": 0.1},
         "inputs": [{"time": 1.25, "tap": true}],
         "sampling": {"rate": \(n(rate)), "duration": \(n(seconds))}}

        """
    }

    static func clouds(interval: Double, speed: Double, rate: Double, seconds: Double) -> String {
        """
        {"format": "fling-scene", "version": 1, "kind": "clouds", "seed": 21,
         "configuration": {"viewWidth": 390, "interval": [\(n(interval)), \(n(interval * 2))], "speed": [\(n(speed)), \(n(speed * 3))],
          "alpha": [0.4, 0.9], "height": [20, 160], "variants": [{"x": 120, "y": 60}, {"x": 90, "y": 44}, {"x": 64, "y": 30}]},
         "inputs": [],
         "sampling": {"rate": \(n(rate)), "duration": \(n(seconds))}}

        """
    }

    /// Heads down both edges of a screen tall enough for them all, 61 points apart; `held`:
    /// every head grabbed by its own finger at once and dragged a little every second to the end
    /// (each has a world every tick: the costliest case); otherwise every head thrown across the
    /// screen in turn, one every 0.11 s.
    static func chatHeads(heads: Int, seconds: Double, rate: Double, held: Bool = false) -> String {
        let height = Double((heads + 1) / 2) * 61 + 200
        func center(_ k: Int) -> (x: Double, y: Double) { (k % 2 == 0 ? 18 : 372, 100 + Double(k / 2) * 61) }
        let centers = (0..<heads).map { k in "{\"x\": \(n(center(k).x)), \"y\": \(n(center(k).y))}" }
        var inputs: [String] = []
        if held {
            for k in 0..<heads { inputs.append(event(0.1, k + 1, "began", center(k).x, center(k).y)) }
            var t = 1.0
            while t < seconds {
                for k in 0..<heads {
                    inputs.append(event(t, k + 1, "moved", center(k).x + (Int(t) % 2 == 0 ? 0 : 40), center(k).y))
                }
                t += 1
            }
        } else {
            var t = 0.1, head = 0, touch = 1
            while t + 0.1 < seconds, inputs.count < 100_000 {
                let (x, y) = center(head)
                let to = head % 2 == 0 ? 300.0 : 90.0
                inputs.append(event(t, touch, "began", x, y))
                inputs.append(event(t + 0.05, touch, "moved", (x + to) / 2, y + 20))
                inputs.append(event(t + 0.1, touch, "ended", to, y + 40))
                t += 0.11
                head = (head + 1) % heads
                touch += 1
            }
        }
        return """
            {"format": "fling-scene", "version": 1, "kind": "chatHeads",
             "heads": [\(centers.joined(separator: ", "))],
             "configuration": {"screen": {"x": 0, "y": 0, "width": 390, "height": \(n(height))}, "safeBand": [0, \(n(height))], "diameter": 60, "outside": 0.2,
              "pressedScale": 0.9, "spring": {"frequency": 2, "dampingRatio": 0.6}, "spacing": 8, "panelHeight": 400},
             "inputs": [\(inputs.joined(separator: ",\n  "))],
             "sampling": {"rate": \(n(rate)), "duration": \(n(seconds))}}

            """
    }

    static func event(_ t: Double, _ touch: Int, _ phase: String, _ x: Double, _ y: Double) -> String {
        "{\"time\": \(n(t)), \"touch\": \(touch), \"phase\": \"\(phase)\", \"position\": {\"x\": \(n(x)), \"y\": \(n(y))}}"
    }

    /// A sun switch flicked on and off every second.
    static func sunSwitch(seconds: Double, rate: Double) -> String {
        var inputs: [String] = []
        var t = 0.1, touch = 1
        while t + 0.2 < seconds {
            inputs.append(event(t, touch, "began", 100, 300))
            inputs.append(event(t + 0.1, touch, "ended", 101, 301))
            t += 1
            touch += 1
        }
        return """
            {"format": "fling-scene", "version": 1, "kind": "sunSwitch", "isOn": false,
             "configuration": {"offCenter": {"x": 100, "y": 300}, "onCenter": {"x": 160, "y": 300}, "knobDiameter": 44, "rubberBand": 0.55,
              "spring": {"frequency": 2.5, "dampingRatio": 0.7}, "raysAngularSpeed": 0.7853981633974483,
              "alphaSpring": {"frequency": 3.3333333333333335, "dampingRatio": 0.8}},
             "inputs": [\(inputs.joined(separator: ",\n  "))],
             "sampling": {"rate": \(n(rate)), "duration": \(n(seconds))}}

            """
    }

    /// `tiles` tiles in a grid, each grabbed at its center by its own finger at time 0 and held
    /// (moved a little every second) for `seconds`.
    static func heldTiles(_ tiles: Int, seconds: Double) -> String {
        var defs: [String] = [], events: [String] = []
        for k in 0..<tiles {
            let x = Double(k % 100) * 30, y = Double(k / 100) * 30
            defs.append("{\"id\": \(k + 1), \"frame\": {\"x\": \(n(x)), \"y\": \(n(y)), \"width\": 20, \"height\": 20}, \"mass\": 1}")
        }
        for k in 0..<tiles {
            let x = Double(k % 100) * 30 + 10, y = Double(k / 100) * 30 + 10
            events.append(
                "{\"time\": 0, \"touch\": \(k + 1), \"phase\": \"began\", \"position\": {\"x\": \(n(x)), \"y\": \(n(y))}, \"tile\": \(k + 1)}"
            )
        }
        return """
            {"format": "fling-trace", "version": 2, "name": "\(tiles) held tiles", "arithmetic": "portable",
             "scenes": [{"viewport": {"x": 0, "y": 0, "width": 3000, "height": 3000},
              "configuration": {"tick": 0.016666666666666666, "maxFrameInterval": 0.25, "gravity": {"x": 0, "y": 2000}, "solverIterations": 10,
               "dragMaxAcceleration": 50000, "dragErrorBias": 5.822849199347174e-05, "attraction": {"frequency": 2.5, "dampingRatio": 0.55},
               "rotation": {"frequency": 2.5, "dampingRatio": 0.7}, "releaseRule": {"kind": "projectedDistance", "lookahead": 0.15, "radius": 100},
               "settle": {"distance": 0.5, "speed": 10, "angle": 0.005, "angularSpeed": 0.05, "ticks": 6}, "cullMargin": 20},
              "tiles": [\(defs.joined(separator: ",\n   "))],
              "run": {"duration": \(n(seconds)), "stopWhenIdle": false},
              "events": [\(events.joined(separator: ",\n   "))]}]}

            """
    }

    /// A morph through keyframes of the given segment counts (a zigzag polyline each), closed.
    static func morph(segments: [Int], frames: Int) -> String {
        let keyframes = segments.map { count -> String in
            var d = "M0 0"
            for k in 1..<count { d += " L\(k) \(k % 2 == 0 ? 0 : 10)" }  // and the closing segment
            return "\"" + d + " Z\""
        }
        return morphDocument(keyframes, frames: frames)
    }

    /// A morph through `keyframes` small triangles, each a little bigger.
    static func morph(keyframes: Int, frames: Int) -> String {
        morphDocument((0..<keyframes).map { "\"M0 0 L\($0 % 100 + 1) 0 L0 9 Z\"" }, frames: frames)
    }

    static func morphDocument(_ keyframes: [String], frames: Int) -> String {
        """
        {"format": "fling-paths", "version": 1, "kind": "morph",
         "keyframes": [\(keyframes.joined(separator: ",\n  "))],
         "duration": 1, "repeatCount": "forever", "autoreverses": false,
         "sampling": {"frames": \(frames), "from": 0, "to": 2}}

        """
    }

    static func conveyor(from: Double, to: Double, spacing: Double, frames: Int = 90) -> String {
        """
        {"format": "fling-paths", "version": 1, "kind": "conveyor",
         "from": {"x": \(n(from)), "y": 20}, "to": {"x": \(n(to)), "y": 20}, "spacing": \(n(spacing)), "period": 3, "reversed": true,
         "fadeLength": 50, "sampling": {"frames": \(frames)}}

        """
    }
}
#endif
