import _FlingCoding
import Fling
import Foundation
@testable import FlingCLIKit
import Testing
@testable import FlingTraces

/// Every fixture of every kind, as the registry reads it.
let allDocumentFixtures: [String] =
    ["traces/tap.json", "traces/corner-grab.json", "traces/flutter-strokes.json", "traces/two-fingers.json"]
    + ["scenes/bubbles-taps.json", "scenes/clouds.json", "scenes/day-night.json"]
    + ["scenes/heads-press.json", "scenes/switch-tap-pull-flick.json", "paths/jumping-pin.json", "paths/dots.json"]
    + ["traces/bounce-corners.json", "traces/push.json", "scenes/heads-pushed.json", "paths/pin-and-dots.json"]

func document(_ fixture: String) throws -> any FlingDocument { try Documents.read(Array(try Fixture.text(fixture).utf8)) }

var portableOptions: ReplayOptions {
    ReplayOptions(makeBackend: { n throws(FlingError) in try BackendKind.nativePortable.make(solverIterations: n) })
}

/// The `Run` every document kind produces, and the first divergence between two runs.
@Suite struct RunTests {
    /// Every registered kind has a fixture here, and every kind's name is registered once.
    @Test func everyKindIsRegisteredOnceAndHasAFixture() throws {
        let names = Documents.kinds.map(\.name)
        #expect(Set(names).count == names.count)
        #expect(names == ["fling-trace", "bubbles", "dayNight", "clouds", "chatHeads", "sunSwitch", "morph", "conveyor"])
        let covered = try Set(allDocumentFixtures.map { try document($0).kindName })
        #expect(covered == Set(names))
    }

    /// A run's shape: one frame per tick or sample, numbered in order, every item's values named
    /// by its kind's schema, items in schema order then id order, events and inputs in frame
    /// order, and its digest the replay's (for traces, chained again from the frames' values).
    @Test(arguments: allDocumentFixtures)
    func runsHaveTheirDocumentedShape(fixture: String) throws {
        let doc = try document(fixture)
        let replay = try doc.play(portableOptions)
        try replay.verify()
        let run = replay.run
        #expect(run.kind == doc.kindName && run.summary == replay.report.last)
        #expect(!run.steps.isEmpty && run.stages.map(\.stepCount).reduce(0, +) == run.steps.count)
        for (k, frame) in run.steps.enumerated() {
            #expect(frame.index == k)
            let stage = try #require(run.stage(at: k)).stage
            #expect(frame.localStep == k - stage.firstStep)
            var last: (Int, Int)?
            for item in frame.items {
                let rank = try #require(run.schema.firstIndex { $0.itemKind == item.kind }, "\(item.kind) in the schema")
                #expect(item.values.count == run.schema[rank].fields.count, "\(fixture) \(item.kind)")
                if let last { #expect(last < (rank, item.id), "\(fixture) frame \(k): items out of order") }
                last = (rank, item.id)
            }
        }
        #expect(zip(run.events, run.events.dropFirst()).allSatisfy { $0.step <= $1.step })
        #expect(zip(run.inputs, run.inputs.dropFirst()).allSatisfy { $0.step <= $1.step })
        #expect(run.summary.hasPrefix("digest \(run.digest.hex) "))
        if run.stepUnit == "tick" {
            // The frames hold exactly what the digest covers (and tiles lying where they came to
            // rest, which have no world): chained again from the frame before, each frame gives
            // its digest. A tile in the frame it settled is read where it settled (exactly home,
            // still), not as the tick left it; that frame's digest is taken as it is.
            var digest = StateDigest()
            var settled = 0
            for frame in run.steps {
                var here = digest
                var settledHere = false
                for item in frame.items where item.phase != "lying" {
                    if item.phase == "settled" {
                        settledHere = true
                        settled += 1
                        let stage = try #require(run.stage(at: frame.index)).stage
                        let facts = try #require(stage.items.first { $0.itemKind == "tile" && $0.id == item.id }).facts
                        let home = facts.filter { $0.name == "homeX" || $0.name == "homeY" }.map(\.value)
                        #expect(item.values == home + [0, 0, 0, 0], "\(fixture) frame \(frame.index): settled at \(item.values)")
                    }
                    for x in item.values { here.combine(x) }
                }
                if !settledHere { #expect(frame.digest == here) }
                digest = try #require(frame.digest)
            }
            #expect(digest == run.digest)
            #expect(settled == run.events.filter { $0.name == "settled" }.count)
            #expect(!run.inputs.isEmpty && !run.events.isEmpty)
        }
    }

    /// Two replays of the same document are the same run; at another display rate, a trace
    /// gives the same ticks (the failure, if any, prints the first divergence).
    @Test(arguments: allDocumentFixtures)
    func aDocumentReplaysToTheSameRun(fixture: String) throws {
        let doc = try document(fixture)
        let a = try doc.play(portableOptions, title: "first").run
        let b = try doc.play(portableOptions, title: "second").run
        expectSameRun(a, b, fixture)
        var jittered = portableOptions
        jittered.display = .jittered(rate: 97, seed: 5)
        expectSameRun(a, try doc.play(jittered, title: "97 Hz jittered").run, fixture)
    }

    /// A run from a trace at portable arithmetic, to plant differences in.
    static func cornerGrab() throws -> FlingTraces.Run {
        try document("traces/corner-grab.json").play(portableOptions, title: "corner").run
    }

    /// One bit of one value, a missing item, an extra frame, an event, an input, a kind: each is
    /// found where it was planted, and named with both values' bits.
    @Test func plantedDifferencesAreFoundWhereTheyAre() throws {
        let a = try Self.cornerGrab()
        #expect(a.firstDivergence(from: a) == nil)
        let k = a.steps.firstIndex { !$0.items.isEmpty }! + 5

        var b = a
        let x = b.steps[k].items[0].values[0]
        b.steps[k].items[0].values[0] = Double(bitPattern: x.bitPattern ^ 1)
        let d = try #require(a.firstDivergence(from: b))
        #expect(d.part == .item && d.step == k && d.localStep == k && d.itemKind == "tile" && d.id == 1 && d.field == "x")
        #expect(d.value.number?.bitPattern == x.bitPattern && d.otherValue.number?.bitPattern == x.bitPattern ^ 1)
        let text = d.description
        #expect(text.contains("tick \(k)") && text.contains("tile 1 x"))
        #expect(
            text.contains(NumberText.bits(x))
                && text.contains(NumberText.bits(Double(bitPattern: x.bitPattern ^ 1))))
        #expect(d.input != nil && d.input!.step <= k && text.contains("input at or before it: touch 1"))

        // -0 and 0 differ; a NaN equals the same NaN.
        var zero = a, negativeZero = a
        zero.steps[k].items[0].values[2] = 0
        negativeZero.steps[k].items[0].values[2] = -0.0
        #expect(zero.firstDivergence(from: negativeZero)?.field == "angle")
        var nan = a
        nan.steps[k].items[0].values[2] = .nan
        #expect(nan.firstDivergence(from: nan) == nil)

        var missing = a
        missing.steps[k].items.removeAll()
        let m = try #require(a.firstDivergence(from: missing))
        #expect(m.part == .item && m.step == k && m.field == "present" && m.otherValue.description == "absent")

        var longer = a
        longer.steps.append(FlingTraces.Run.Step(index: a.steps.count, localStep: a.steps.count, time: 9, items: [], digest: nil))
        let l = try #require(a.firstDivergence(from: longer))
        // The public words: a run's steps, not frames (`Run.steps`, `Run.Stage.stepInterval`).
        #expect(l.part == .stepCount && l.field == "steps" && l.otherValue.description == "\(a.steps.count + 1) steps")
        var digest = a
        digest.digest = StateDigest(value: a.digest.value ^ 1)
        let g = try #require(a.firstDivergence(from: digest))
        #expect(g.part == .digest && g.description.hasPrefix("first divergence after the last common step: digest"), "\(g)")
        #expect(text.contains("applied before step \(d.input!.step)"), "\(text)")

        var event = a
        event.events[1].detail += " (moved)"
        let e = try #require(a.firstDivergence(from: event))
        #expect(e.part == .events && e.step == a.events[1].step)

        var input = a
        input.inputs.remove(at: 3)
        let i = try #require(a.firstDivergence(from: input))
        #expect(i.part == .inputs && i.step == a.inputs[3].step)

        var stage = a
        stage.stages[0].items[0].facts[0].value += 1
        #expect(a.firstDivergence(from: stage)?.part == .stage)
        var interval = a
        interval.stages[0].stepInterval = (a.stages[0].stepInterval ?? 0) + 1
        #expect(a.firstDivergence(from: interval)?.field == "stepInterval")

        let other = try document("scenes/heads-press.json").play(portableOptions).run
        #expect(a.firstDivergence(from: other)?.part == .kind)
    }

    /// An input that differs in one field is named by that field, with both values and bits
    /// (not by its time's bits), and the "input at or before it" line is that input, not a
    /// later one applied before the same frame.
    @Test func anInputDivergenceNamesItsFieldAndBothBits() throws {
        let a = try Self.cornerGrab()
        // An input followed by another applied before the same frame.
        let j = try #require(
            a.inputs.indices.dropLast().first { a.inputs[$0].step == a.inputs[$0 + 1].step && a.inputs[$0].position != nil })
        let x = try #require(a.inputs[j].position?.x)
        var b = a
        b.inputs[j].position!.x = x.nextUp
        let d = try #require(a.firstDivergence(from: b))
        #expect(d.part == .inputs && d.step == a.inputs[j].step && d.field == "inputs[\(j)].position.x", "\(d)")
        #expect(d.value.number?.bitPattern == x.bitPattern && d.otherValue.number?.bitPattern == x.nextUp.bitPattern)
        #expect(d.input == a.inputs[j] && d.input != a.inputs[j + 1])
        let text = d.description
        #expect(
            text.contains(NumberText.bits(x)) && text.contains(NumberText.bits(x.nextUp))
                && !text.contains(NumberText.bits(a.inputs[j].time)))
        #expect(text.contains("input at or before it: touch \(a.inputs[j].touch!) \(a.inputs[j].phase!) at (\(x), "), "\(text)")
        // The time, the phase: each its own field.
        var later = a
        later.inputs[j].time = a.inputs[j].time.nextUp
        let t = try #require(a.firstDivergence(from: later))
        #expect(
            t.field == "inputs[\(j)].time" && t.otherValue.number?.bitPattern == a.inputs[j].time.nextUp.bitPattern
                && t.input == a.inputs[j])
        var phase = a
        phase.inputs[j].phase = "cancelled"
        #expect(a.firstDivergence(from: phase)?.field == "inputs[\(j)].phase")
        // An input of one run only is shown whole, and is the one named.
        var dropped = a
        dropped.inputs.removeLast()
        let m = try #require(a.firstDivergence(from: dropped))
        #expect(m.field == "inputs[\(a.inputs.count - 1)]" && m.input == a.inputs.last && m.otherValue.description == "absent")
    }

    /// Two arithmetics part where a transcendental first changes a bit; the report names it.
    @Test(arguments: ["traces/corner-grab.json", "traces/regrab-falling.json"])
    func arithmeticsPartAtANamedTick(fixture: String) throws {
        let doc = try document(fixture)
        let platform = ReplayOptions(makeBackend: { n throws(FlingError) in try BackendKind.native.make(solverIterations: n) })
        let a = try doc.play(platform, title: "native").run, b = try doc.play(portableOptions, title: "portable").run
        let d = try #require(a.firstDivergence(from: b))
        #expect(d.part == .item && d.itemKind == "tile" && d.step != nil)
        // Every frame before it is the same, to the bit.
        let k = try #require(d.step)
        var before = a, other = b
        before.steps = Array(a.steps[..<k]); other.steps = Array(b.steps[..<k])
        before.events = a.events.filter { $0.step < k }; other.events = b.events.filter { $0.step < k }
        before.inputs = a.inputs.filter { $0.step < k }; other.inputs = b.inputs.filter { $0.step < k }
        before.digest = other.digest
        expectSameRun(before, other, fixture)
    }

    /// Tick states are equal only to the bit.
    @Test func tickStatesCompareByBits() {
        let s = BodyState(position: Vector(1, 2), angle: 0)
        var t = s
        t.angle = -0.0
        #expect(TraceReplay.TileState(id: 1, state: s) != TraceReplay.TileState(id: 1, state: t))
        var n = s
        n.angularVelocity = .nan
        #expect(TraceReplay.TileState(id: 1, state: n) == TraceReplay.TileState(id: 1, state: n))
        #expect(
            TraceReplay.TickState(tick: 3, tiles: [.init(id: 1, state: n)])
                == TraceReplay.TickState(tick: 3, tiles: [.init(id: 1, state: n)]))
    }
}

/// `fling diff`: equal runs say so with status 0; differing runs print the first divergence
/// (tick, item, field, both bit patterns) with status 1.
@Suite struct DiffCommandTests {
    @Test func equalRunsSayEqual() throws {
        let tap = try fixturePath("traces/tap.json")
        let r = FlingCommand.run(["diff", tap, tap])
        #expect(r.status == 0 && r.stdout.hasPrefix("equal: 28 ticks, digest 768dee72e556c02f ticks 28"), "\(r.stdout)\(r.stderr)")
        let rates = FlingCommand.run(["diff", try fixturePath("traces/two-fingers.json"), "--display-hz-b", "240", "--jitter-a", "3"])
        #expect(rates.status == 0 && rates.stdout.hasPrefix("equal: "), "\(rates.stdout)")
        let scene = FlingCommand.run(["diff", try fixturePath("scenes/heads-press.json"), "--backend-a", "native-portable"])
        #expect(scene.status == 0 && scene.stdout.hasPrefix("equal: 271 samples"), "\(scene.stdout)\(scene.stderr)")
        #expect(FlingCommand.run(["diff", try fixturePath("paths/dots.json")]).status == 0)
    }

    @Test func differingRunsNameTheFirstDivergence() throws {
        let corner = try fixturePath("traces/corner-grab.json")
        let r = FlingCommand.run(["diff", corner, "--backend-a", "native", "--backend-b", "native-portable"])
        #expect(r.status == 1 && r.stderr.contains("the runs differ"))
        let lines = r.stdout.split(separator: "\n")
        #expect(lines.count >= 4, "\(r.stdout)")
        #expect(lines.first?.hasPrefix("first divergence at tick ") == true)
        #expect(lines[1].hasPrefix("  tile 1 "))
        #expect(lines[2].contains("corner-grab.json on native: ") && lines[2].contains(" (0x"))
        #expect(lines[3].contains("corner-grab.json on native-portable: ") && lines[3].contains(" (0x"))
        #expect(r.stdout.contains("input at or before it: touch 1"))
        // Two files that differ in one pinned input.
        let text = try Fixture.text("traces/tap.json")
        let moved = text.replacingOccurrences(of: "\"time\": 0.13,", with: "\"time\": 0.2,")
        #expect(moved != text)
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("fling-diff-\(UUID().uuidString).json")
        try moved.write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        let files = FlingCommand.run(["diff", try fixturePath("traces/tap.json"), file.path])
        #expect(files.status == 1 && files.stdout.contains(": inputs"), "\(files.stdout)")
        #expect(FlingCommand.run(["diff"]).status == 2 && FlingCommand.run(["diff", "a", "b", "c"]).status == 2)
    }
}
