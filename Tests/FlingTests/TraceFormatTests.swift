import Foundation
import Testing
import Fling
@testable import FlingTraces

/// The trace fixtures' pinned digests, as constants: the digest chained over the fixture's
/// scenes and its total ticks with portable arithmetic (`native-portable`), the same on every
/// machine and display rate. Change one only on purpose (a physics change), re-pinning the
/// fixtures with `fling convert FILE --pin --every 30 --out FILE`.
let pinnedTraceDigests: [(file: String, digest: UInt64, ticks: Int)] = [
    ("tap.json", 0x768d_ee72_e556_c02f, 28),
    ("slow-drag-attract.json", 0xaa30_28d6_745a_079a, 88),
    ("fling-down.json", 0x0a01_165e_68f5_c415, 22),
    ("fling-up.json", 0x950d_d44d_21a6_bb06, 21),
    ("corner-grab.json", 0x0a08_c84e_6d92_cdd7, 106),
    ("two-fingers.json", 0xabcc_51e3_8b33_a9e2, 68),
    ("regrab-falling.json", 0x2026_f1f3_d48f_f3c7, 122),
    ("cancelled.json", 0xf4bd_ab90_33c7_2cd4, 72),
    ("flutter-strokes.json", 0x4a49_56c4_8555_8b7c, 356),
    ("we-heart-pics.json", 0x84dd_e0cd_60b1_6823, 612),
    ("bounce-corners.json", 0x322c_930a_e437_3cb0, 559),
    ("push.json", 0xe5da_98bf_91c4_c35d, 328),
    ("fields.json", 0xd849_b3fd_597b_beaf, 240),
]

func replay(_ trace: Trace, on kind: BackendKind, display: ReplayOptions.DisplayFrames = .rate(60)) throws -> TraceReplay {
    try TraceReplayer(trace, display: display).replay { n throws(FlingError) in try kind.make(solverIterations: n) }
}

@Suite struct TraceFixtureTests {
    @Test func everyFixtureHasAPinnedConstant() {
        #expect(pinnedTraceDigests.map(\.file).sorted() == traceFixtures.sorted())
    }

    /// The digests stored in each fixture are the constants above, and a replay gives them.
    @Test(arguments: pinnedTraceDigests.map(\.file))
    func fixtureDigestsEqualTheConstants(file: String) throws {
        let pinned = try #require(pinnedTraceDigests.first { $0.file == file })
        let trace = try Trace(json: try Fixture.text("traces/\(file)"))
        #expect(trace.sessions.last?.expected?.digest.value == pinned.digest, "\(file)")
        #expect(trace.sessions.compactMap(\.expected?.ticks).reduce(0, +) == pinned.ticks)
        #expect(trace.arithmetic == .portable)
        try checkPinnedReplay(trace, name: file)  // a failure leaves a replay page in FLING_VIEW_DIR
        let r = try replay(trace, on: .nativePortable)
        try r.verify()
        #expect(r.matchesPins && r.pins.compared == trace.sessions.reduce(0) { $0 + 2 + ($1.expected?.checkpoints.count ?? 0) })
        #expect(r.digest.value == pinned.digest, "\(file): \(r.digest.hex)")
        #expect(r.tickCount == pinned.ticks)
        #expect(r.summary == "digest \(StateDigest(value: pinned.digest).hex) ticks \(pinned.ticks)")
    }

    /// Each synthetic fixture does what its name says (so a regenerated fixture cannot quietly
    /// stop covering its path).
    @Test func fixturesShowWhatTheirNamesSay() throws {
        func run(_ file: String) throws -> TraceReplay.SessionReplay {
            try replay(try Trace(json: try Fixture.text("traces/\(file)")), on: .native).sessions[0]
        }
        func outcome(_ s: TraceReplay.SessionReplay, _ tile: TileID = 1) throws -> TraceReplay.TileOutcome {
            try #require(s.outcomes.first { $0.tile == tile })
        }

        let tap = try run("tap.json")
        #expect(try outcome(tap).kind == .settled)
        #expect(try outcome(tap).release?.outcome == .attract)

        let slow = try run("slow-drag-attract.json")
        #expect(try outcome(slow).kind == .settled)
        let maxOffset = slow.ticks.flatMap(\.tiles).map { ($0.state.position - Vector(195, 422)).length }.max() ?? 0
        #expect(maxOffset > 30, "the drag moved the tile away first")

        let down = try run("fling-down.json")
        #expect(try outcome(down).kind == .culled)
        #expect(try #require(try outcome(down).release).velocity.y > 1000)
        #expect(try #require(down.ticks.last?.tiles.first).state.position.y > 844)

        let up = try run("fling-up.json")
        #expect(try outcome(up).kind == .culled)
        #expect(try #require(try outcome(up).release).velocity.y < -1000)
        #expect(try #require(up.ticks.last?.tiles.first).state.position.y < 0)

        let corner = try run("corner-grab.json")
        let maxAngle = corner.ticks.flatMap(\.tiles).map { abs($0.state.angle) }.max() ?? 0
        #expect(maxAngle > 0.2, "a corner grab turns the tile (max |angle| \(maxAngle))")
        #expect(try outcome(corner).kind == .settled)

        let two = try run("two-fingers.json")
        #expect(two.ticks.contains { $0.tiles.map(\.id) == [1, 2] }, "both tiles move at once")
        #expect(try outcome(two, 1).kind == .culled)
        #expect(try outcome(two, 2).kind == .settled)

        let regrab = try run("regrab-falling.json")
        let grabs = regrab.events.filter { if case .grabbed = $0.kind { true } else { false } }
        let releases = regrab.events.filter { $0.kind.releaseOutcome != nil }
        #expect(grabs.count == 2)
        #expect(releases.first?.kind.releaseOutcome == .fall && releases.last?.kind.releaseOutcome == .attract)
        #expect(try outcome(regrab).kind == .settled)

        let cancelled = try run("cancelled.json")
        #expect(try outcome(cancelled).release?.cancelled == true)
        #expect(try outcome(cancelled).kind == .settled)

        func walls(_ s: TraceReplay.SessionReplay, from: Int = 0, to: Int = .max) -> [Int] {
            s.events.compactMap { e in
                guard e.tick >= from, e.tick <= to, case .wallContact(let c) = e.kind else { return nil }
                return c.wall
            }
        }
        // Thrown into the top right corner (right and top edges first), then from where it lay
        // into the top left one (left and top), coming to rest on the floor both times.
        let bounce = try run("bounce-corners.json")
        let rests = bounce.events.filter { $0.kind == .cameToRest }.map(\.tick)
        let grabs2 = bounce.events.filter(\.kind.isGrab).map(\.tick)
        let throws2 = bounce.events.filter { $0.kind.releaseOutcome == .fall }.map(\.tick)
        #expect(rests.count == 2 && grabs2.count == 2 && throws2.count == 2 && rests[0] < grabs2[1])
        #expect(Array(walls(bounce, to: rests[0]).prefix(2)) == [1, 0] && Array(walls(bounce, from: throws2[1]).prefix(2)) == [3, 0])
        #expect(walls(bounce).filter { $0 == 2 }.count > 10)
        #expect(try outcome(bounce).kind == .lying && !bounce.events.contains { $0.kind == .culled })

        // Pushed at an offset: tile 1 at its bottom edge to the right turns counter-clockwise
        // (negative spin); tile 2 at its right edge upward turns counter-clockwise too.
        let push = try run("push.json")
        func spin(_ tile: TileID, at tick: Int) -> Double? {
            push.ticks.first { $0.tick == tick }?.tiles.first { $0.id == tile }?.state.angularVelocity
        }
        #expect(try #require(spin(1, at: 6)) < 0 && #require(spin(2, at: 40)) < 0)
        #expect(push.events.filter { $0.kind == .pushed }.map(\.tile) == [1, 2])
        #expect(try outcome(push, 1).kind == .lying && outcome(push, 2).kind == .lying)

        // Under the fields every tile keeps moving, none comes to rest or leaves.
        let fields = try run("fields.json")
        #expect(fields.ticks.count == 240 && fields.ticks.last?.tiles.count == 3)
        #expect(fields.outcomes.allSatisfy { $0.kind == .falling })
        #expect(fields.ticks.allSatisfy { $0.tiles.allSatisfy { $0.state.position.x > 0 && $0.state.position.x < 390 } })
    }

    /// The JSON conversion of the Flutter strokes keeps the attribution and replays exactly as
    /// the CSV does (the same chained digest, scene by scene).
    @Test func flutterFixtureIsTheCSVConverted() throws {
        let trace = try Trace(json: try Fixture.text("traces/flutter-strokes.json"))
        let attribution = try #require(trace.attribution)
        #expect(attribution.contains("Copyright 2014 The Flutter Authors. All rights reserved. BSD-3-Clause license"))
        #expect(attribution.contains("velocity_tracker_data.dart"))
        let fromCSV = try Trace(strokes: try Fixture.flutterStrokes)
        #expect(fromCSV.sessions.count == 13 && trace.sessions.count == 13)
        let a = try replay(trace, on: .native), b = try replay(fromCSV, on: .native, display: .rate(30))
        #expect(a.sessions.map(\.digest) == b.sessions.map(\.digest))
        #expect(a.sessions.map(\.tickCount) == b.sessions.map(\.tickCount))
        // The chain: every scene starts from the previous scene's digest.
        for (s, scene) in a.sessions.enumerated().dropFirst() { #expect(scene.startDigest == a.sessions[s - 1].digest) }
        #expect(a.sessions[0].startDigest == StateDigest())
    }
}

@Suite struct TraceFormatTests {
    /// Written and read back, a trace is the same to the bit: awkward doubles (negative zero,
    /// subnormals, exponents, 1/3), every release rule, optional fields, escaped text.
    @Test func jsonRoundTripIsExact() throws {
        var rng = SplitMix64(state: 42)
        let awkward: [Double] = [-0.0, .leastNonzeroMagnitude, 1e-5, 1.0 / 3.0, 123456789.123456789, 2.5e-7, 0.1 + 0.2]
        for n in 0..<50 {
            func pick(_ range: ClosedRange<Double>) -> Double {
                let a = awkward[Int(rng.next() % UInt64(awkward.count))]
                return n % 3 == 0 && range.contains(a) ? a : range.lowerBound + (range.upperBound - range.lowerBound) * rng.unit()
            }
            var c = TileConfiguration()
            c.drag.tick = pick(0.001...0.05)
            c.gravity = Vector(pick(-100...100), pick(0...4000))
            c.drag.dragErrorBias = pick(1e-9...1)
            c.home = .springs(attraction: SpringTuning(frequency: pick(0.5...4), dampingRatio: pick(0...1.5)))
            c.releaseRule = [.alwaysAttract, .alwaysFall, .projectedDistance(lookahead: pick(0...0.3), radius: pick(0...300))][n % 3]
            var settle = SettleThresholds()
            settle.ticks = n + 1
            c.settle.home = .thresholds(settle)
            c.cull = .outsideViewport(margin: pick(0...50))
            var events: [TouchEvent] = []
            var t = 0.0
            for i in 0..<20 {
                t += pick(0...0.02)
                let phase: TouchEvent.Phase = i == 0 ? .began : i == 19 ? (n % 2 == 0 ? .ended : .cancelled) : .moved
                events.append(
                    TouchEvent(
                        time: t, touch: TouchID(n), phase: phase, position: Vector(pick(-500...900), pick(-500...1300)),
                        item: i == 0 && n % 2 == 0 ? 3 : nil))
            }
            let scene = Trace.Session(
                name: n % 4 == 0 ? nil : "scene \"\(n)\"\n\ttab \\ é 🎯 \u{1}",
                viewport: Rect(x: pick(-10...10), y: 0, width: 390, height: 844),
                tiles: [
                    TileDefinition(
                        id: 3, frame: Rect(x: pick(0...300), y: pick(0...700), width: pick(1...300), height: pick(1...300)),
                        mass: pick(0.01...10))
                ],
                configuration: c, run: .init(duration: pick(0...10), stopsWhenIdle: n % 2 == 0), events: events,
                expected: n % 2 == 0
                    ? nil
                    : .init(
                        ticks: 61, digest: StateDigest(value: rng.next()), interval: 30,
                        checkpoints: [StateDigest(value: rng.next()), StateDigest(value: 0)]))
            let trace = Trace(name: "round trip \(n)", notes: n % 2 == 0 ? nil : "notes", attribution: "© someone", sessions: [scene])
            let text = trace.json
            let back = try Trace(json: text)
            #expect(back == trace, "case \(n)")
            #expect(back.json == text)
            // Bitwise too (== calls -0.0 and 0.0 equal).
            #expect(back.sessions[0].viewport.x.bitPattern == scene.viewport.x.bitPattern)
            #expect(
                zip(back.sessions[0].events, events).allSatisfy {
                    $0.time.bitPattern == $1.time.bitPattern && $0.position.x.bitPattern == $1.position.x.bitPattern
                })
        }
    }

    /// The minimal document in docs/TRACES.md reads, and replays to the tap fixture's digest.
    @Test func specificationExampleIsValid() throws {
        let doc = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("docs/TRACES.md")
        let text = try String(contentsOf: doc, encoding: .utf8)
        let block = try #require(text.firstMatch(of: /```json\n([\s\S]*?)```/)).1
        let r = try replay(try Trace(json: String(block)), on: .native)
        #expect(r.summary == "digest 768dee72e556c02f ticks 28")
    }

    /// A tripwire: the JSON form's configuration object writes every field of TileConfiguration
    /// (its `drag` settings flat beside the tile policy's, each concern in the keys the format
    /// has for it) and the scene's solver iterations. A new field must be added to the format
    /// (Trace+Schema.swift, JSONWriter.swift, docs/TRACES.md) before this passes again.
    @Test func formatCoversEveryConfigurationField() throws {
        let allFields = Mirror(reflecting: TileConfiguration()).children.compactMap(\.label).sorted()
        // Each member, and the keys that hold it (its other cases' keys are among the presets').
        let keys: [String: [String]] = [
            "cull": ["cullMargin", "cullRule"], "drag": [], "dynamics": ["dynamics", "translatesReferenceBoundsIntoBoundary"],
            "grabRadius": ["grabRadius"], "gravity": ["gravity"], "home": ["attraction", "rotation", "home"],
            "releaseRule": ["releaseRule"], "releaseVelocity": ["releaseVelocity"], "settle": ["settle", "rest", "settleRule"],
            "tapDistance": ["tapDistance"],
        ]
        #expect(allFields == keys.keys.sorted())
        let allDrag = Mirror(reflecting: DragSettings()).children.compactMap(\.label).sorted()
        #expect(
            allDrag == [
                "dragErrorBias", "dragMaxAcceleration", "fingerSmoothing", "fingersPerItem", "forces", "grabFriction",
                "grabRotaryFriction", "maxDisplayFrameInterval", "predictionTicks", "tick",
            ])
        func labels(_ x: Any) -> [String] { Mirror(reflecting: x).children.compactMap(\.label).sorted() }
        #expect(labels(TileConfiguration.SettleRule()) == ["home", "rest"])
        #expect(labels(DynamicsSettings()) == ["fields", "itemProperties", "translatesReferenceBoundsIntoBoundary", "walls"])
        // The presets' keys (version 3, written only when they differ from the defaults).
        let presets =
            ["forces", "fingersPerItem", "grabFriction", "grabRotaryFriction", "fingerSmoothing"] + [
                "cullRule", "grabRadius", "home", "releaseVelocity", "settleRule", "tapDistance",
            ]
        let version3 = ["dynamics", "rest", "translatesReferenceBoundsIntoBoundary"]
        let fields = allFields.flatMap { keys[$0]! }.filter { !presets.contains($0) }
        // Version 4's key, written only when set (predictions change no tick).
        // The document keeps its key for `maxDisplayFrameInterval` (docs/GLOSSARY.md: formats are not renamed).
        let drag = allDrag.filter { !presets.contains($0) && $0 != "predictionTicks" }.map {
            $0 == "maxDisplayFrameInterval" ? "maxFrameInterval" : $0
        }
        // Every one is written (the scene has no events, so each key can only be the configuration's):
        // a version-2 configuration has the first ones, a version-3 one (with dynamics) all.
        var scene = Trace.Session(viewport: Rect(x: 0, y: 0, width: 1, height: 1), tiles: [], events: [])
        scene.solverIterations = 7
        let v2 = Trace(sessions: [scene]).json
        for key in fields.filter({ !version3.contains($0) }) + drag + ["solverIterations"] {
            #expect(v2.contains("\"\(key)\": "), "\(key)")
        }
        #expect(v2.contains("\"version\": 2") && !version3.contains { v2.contains("\"\($0)\"") })
        scene.configuration.settle.rest.ticks = 9
        let json = Trace(sessions: [scene]).json
        #expect(json.contains("\"version\": 3"))
        for key in fields + drag + ["solverIterations"] { #expect(json.contains("\"\(key)\": "), "\(key)") }
        #expect(try Trace(json: json).sessions[0].solverIterations == 7)
        #expect(try Trace(json: json).sessions[0].configuration == scene.configuration)
        #expect(!presets.contains { json.contains("\"\($0)\"") })
        // Every preset key, each set away from its default, is written, and reads back.
        scene.configuration = .weHeartPics
        scene.configuration.home = .pivots(offsets: [Vector(1, 2)], maxForce: 5, maxBias: 6, errorBias: 0.5)
        let preset = Trace(sessions: [scene]).json
        #expect(preset.contains("\"version\": 3"))
        for key in presets + ["nearGrab", "maxForce", "maxBias"] { #expect(preset.contains("\"\(key)\""), "\(key)") }
        #expect(try Trace(json: preset).sessions[0].configuration == scene.configuration)
        #expect(try Trace(json: Trace(sessions: [scene]).json).sessions[0].configuration == scene.configuration)
        // The nearGrab release rule alone needs version 3, and a version-2 document cannot hold it.
        var near = Trace.Session(viewport: Rect(x: 0, y: 0, width: 1, height: 1), tiles: [], events: [])
        near.configuration.releaseRule = .nearGrab(radius: 40, maxKineticEnergy: 500_000)
        #expect(Trace(sessions: [near]).json.contains("\"version\": 3"))
        #expect(try Trace(json: Trace(sessions: [near]).json).sessions[0].configuration == near.configuration)
        let rule = "{\"kind\": \"projectedDistance\", \"lookahead\": 0.15, \"radius\": 100.0}"
        #expect(v2.contains(rule))
        let nearV2 = v2.replacingOccurrences(of: rule, with: "{\"kind\": \"nearGrab\", \"radius\": 40, \"maxKineticEnergy\": 500000}")
        #expect(throws: FlingError.self) { try Trace(json: nearV2) }
        // Predictions need version 4, and read back.
        var predicted = near
        predicted.configuration.drag.predictionTicks = 120
        let v4 = Trace(sessions: [predicted]).json
        #expect(v4.contains("\"version\": 4") && v4.contains("\"predictionTicks\": 120"))
        #expect(try Trace(json: v4).sessions[0].configuration == predicted.configuration)
        #expect(!preset.contains("predictionTicks") && !json.contains("predictionTicks"))
        #expect(labels(SettleThresholds()) == ["angle", "angularSpeed", "distance", "speed", "ticks"])
        // The dynamics' own fields (each written by Trace+Dynamics.swift, named in docs/TRACES.md).
        #expect(labels(TileConfiguration.RestThresholds()) == ["angularSpeed", "speed", "ticks"])
        #expect(labels(ItemProperties()) == ["angularResistance", "charge", "elasticity", "friction", "resistance"])
        #expect(labels(Wall(from: .zero, to: Vector(1, 0))) == ["elasticity", "end", "friction", "radius", "start"])
        #expect(
            labels(Field(.spring)) == ["falloff", "inverted", "kind", "minimumRadius", "position", "region", "seed", "strength"])
        #expect(labels(TileDefinition(id: 1, frame: Rect(x: 0, y: 0, width: 1, height: 1))) == ["frame", "id", "mass", "properties"])
        #expect(labels(Push(.zero)) == ["offset", "vector"])
    }

    /// Version 3's flat keys hold each concern's numbers whatever its case: beside pivots, the
    /// kinetic energy or a line, the springs, the thresholds and the margin are written as the
    /// default case's. Read, other numbers there are held to their ranges, then left out (no
    /// replay reads them); the default cases keep theirs.
    @Test func numbersAnotherCaseLeavesUnusedAreCheckedThenLeftOut() throws {
        var scene = Trace.Session(viewport: Rect(x: 0, y: 0, width: 320, height: 480), tiles: [], events: [])
        scene.configuration = .weHeartPics
        let json = Trace(sessions: [scene]).json
        let springs = "\"attraction\": {\"frequency\": 2.5", thresholds = "\"ticks\": 6}", margin = "\"cullMargin\": 20.0"
        #expect(json.contains(springs) && json.contains(thresholds) && json.contains(margin))
        let other = json.replacingOccurrences(of: springs, with: "\"attraction\": {\"frequency\": 3.5")
            .replacingOccurrences(of: thresholds, with: "\"ticks\": 9}").replacingOccurrences(of: margin, with: "\"cullMargin\": 7")
        #expect(other.count == json.count - 3 && !other.contains(springs) && !other.contains(thresholds))
        #expect(try Trace(json: other).sessions[0].configuration == .weHeartPics)
        #expect(try Trace(json: other).json == json)
        for (bad, field) in [
            (springs, "\"attraction\": {\"frequency\": -2.5", "TileConfiguration.home.attraction.frequency"),
            (thresholds, "\"ticks\": 0}", "TileConfiguration.settle.home.ticks"),
            (margin, "\"cullMargin\": -1", "TileConfiguration.cull.margin"),
        ].map({ (json.replacingOccurrences(of: $0.0, with: $0.1), $0.2) }) {
            let e = try #require(error(bad), "\(field)")
            #expect(e.field.contains("scenes[0].configuration (\(field))"), "\(e)")
        }
        // With the default cases, the same numbers are the configuration's.
        var plain = scene
        plain.configuration = TileConfiguration()
        plain.configuration.settle.rest.ticks = 9  // version 3
        let read = try Trace(
            json: Trace(sessions: [plain]).json.replacingOccurrences(of: springs, with: "\"attraction\": {\"frequency\": 3.5")
                .replacingOccurrences(of: margin, with: "\"cullMargin\": 7"))
        #expect(read.sessions[0].configuration.home == .springs(attraction: SpringTuning(frequency: 3.5, dampingRatio: 0.55)))
        #expect(read.sessions[0].configuration.cull == .outsideViewport(margin: 7))
    }

    func error(_ text: String) -> FlingError? {
        do { _ = try Trace(json: text); return nil } catch { return error }
    }

    /// The reader's corners: nesting, encodings, duplicates, escapes, numbers.
    @Test func readerRejectsWhatJSONForbidsAndSaysWhere() throws {
        let deep = String(repeating: "[", count: 100_000)
        #expect(error(deep)?.reason.contains("nested deeper") == true)
        let badUTF8 = Array("{\n\"format\": \"fling-trace\",\n\"name\": \"".utf8) + [0xC3, 0x28] + Array("\"}".utf8)
        do { _ = try Trace(json: badUTF8); Issue.record("accepted invalid UTF-8") } catch {
            #expect(error.field.hasPrefix("line 3") && error.reason.contains("UTF-8"), "\(error)")
        }
        #expect(error("{\"format\": \"fling-trace\", \"format\": \"x\"}")?.reason.contains("duplicate") == true)
        #expect(error("{\"format\": \"fling-trace\",\n \"version\": 01}")?.field == "line 2, column 14")
        #expect(error("{\"format\": \"fling-trace\", \"version\": 1, \"name\": \"\\ud800\", \"scenes\": []}") != nil)
        #expect(error("{\"format\": \"fling-trace\", \"version\": 1, \"name\": \"a\nb\", \"scenes\": []}") != nil)
        #expect(error("{\"format\": \"fling-trace\", \"version\": 1, \"scenes\": []} x") != nil)
        #expect(error("[]")?.reason.contains("JSON object") == true)
        #expect(error("{\"format\": \"svg\", \"version\": 1, \"scenes\": []}")?.field == "line 1: format")
        #expect(error("{\"format\": \"fling-trace\", \"version\": 1.5, \"scenes\": []}")?.field == "line 1: version")
        // Accepted: a byte-order mark, escapes and a surrogate pair, integers written as 1.0.
        let ok = try Trace(
            json: Array(
                "\u{FEFF}{\"format\": \"fling-trace\", \"version\": 1.0, \"name\": \"\\u00e9\\ud83c\\udfaf\\n\", \"scenes\": []}".utf8))
        #expect(ok.name == "é🎯\n")
        #expect(ok.sessions.isEmpty)
    }

    /// A missing key, a wrong type and a bad value each name the key path and the line.
    @Test func missingAndMistypedKeysNameTheKeyPathAndLine() throws {
        let good = try Fixture.text("traces/two-fingers.json")
        let lines = good.split(separator: "\n", omittingEmptySubsequences: false)
        let massLine = try #require(lines.firstIndex { $0.contains("\"id\": 2,") }) + 1
        let e1 = try #require(error(good.replacingOccurrences(of: ", \"mass\": 2.0}", with: "}")))
        #expect(e1.field == "line \(massLine): scenes[0].tiles[1].mass" && e1.reason.contains("required"), "\(e1)")
        let e2 = try #require(error(good.replacingOccurrences(of: "\"stopWhenIdle\": true", with: "\"stopWhenIdle\": \"yes\"")))
        #expect(e2.field.hasSuffix("scenes[0].run.stopWhenIdle"), "\(e2)")
        let e3 = try #require(error(good.replacingOccurrences(of: "\"solverIterations\": 10", with: "\"solverIterations\": 0")))
        #expect(e3.code == .outOfRange && e3.field.contains("scenes[0].configuration"), "\(e3)")
        let e4 = try #require(error(good.replacingOccurrences(of: "\"id\": 2,", with: "\"id\": 1,")))
        #expect(e4.code == .duplicateTile && e4.field.hasSuffix("scenes[0].tiles[1].id"), "\(e4)")
    }
}

@Suite struct TraceReplayEdgeTests {
    /// A scene that stops when idle ends at the tick its last event is applied when no tile
    /// moves (a tap on empty screen), at any rate; without `stopWhenIdle` it runs its duration.
    @Test(arguments: [ReplayOptions.DisplayFrames.rate(30), .rate(60), .rate(144), .jittered(rate: 60, seed: 3)])
    func idleStopAndDuration(display: ReplayOptions.DisplayFrames) throws {
        let miss = [
            TouchEvent(time: 0.1, touch: 1, phase: .began, position: Vector(20, 20)),
            TouchEvent(time: 0.3, touch: 1, phase: .ended, position: Vector(20, 20)),
        ]
        var scene = Trace.Session(viewport: phone, tiles: [centerTile], run: .init(duration: 2, stopsWhenIdle: true), events: miss)
        let idle = try replay(Trace(sessions: [scene]), on: .native, display: display)
        // Tick 18 starts at 0.3 s: the ended is applied before it, and nothing is live after it.
        #expect(idle.tickCount == 19)
        #expect(idle.sessions[0].stoppedWhenIdle)
        #expect(idle.digest == StateDigest())
        scene.run.stopsWhenIdle = false
        let full = try replay(Trace(sessions: [scene]), on: .native, display: display)
        #expect(full.tickCount == 120)
        #expect(!full.sessions[0].stoppedWhenIdle)
        #expect(full.sessions[0].outcomes.map(\.kind) == [.resting])
    }

    /// A rate whose frames would stall the clock is refused rather than replayed differently.
    @Test func stallingRatesAreRefused() throws {
        let trace = try Trace(json: try Fixture.text("traces/tap.json"))
        #expect(throws: FlingError.self) { try replay(trace, on: .native, display: .rate(3)) }
        #expect(throws: FlingError.self) { try replay(trace, on: .native, display: .jittered(rate: 6, seed: 1)) }
        #expect(throws: FlingError.self) { try replay(trace, on: .native, display: .rate(.nan)) }
        // 4 Hz (a frame every maxFrameInterval) replays to the pins: compared, not skipped.
        try replay(trace, on: .nativePortable, display: .rate(4)).verify()
    }

    /// A differing digest is reported, not thrown.
    @Test func mismatchesAreReported() throws {
        var trace = try Trace(json: try Fixture.text("traces/slow-drag-attract.json"))
        try #require(trace.sessions[0].expected?.checkpoints.count == 2)
        trace.sessions[0].expected?.digest = StateDigest(value: 1)
        trace.sessions[0].expected?.checkpoints[0] = StateDigest(value: 2)
        let r = try replay(trace, on: .nativePortable)
        #expect(
            r.pins.mismatches.map(\.field) == [
                "scenes[0] (\(trace.sessions[0].name!)).expected.digest",
                "scenes[0] (\(trace.sessions[0].name!)).expected.checkpoints[0]",
            ])
    }
}

@Suite struct TraceFuzzTests {
    static let extremes = ["0", "-0.0", "1e-300", "-1", "1e7", "-1e7", "1e12", "1e300", "1e400", "3", "0.5", "100000", "-2.5e-7"]

    /// Seeded mutations of the real Flutter fixture (bytes changed, dropped, inserted; the file
    /// cut short): each either parses or throws a FlingError naming where; every one that
    /// parses replays on every backend without crashing (a Chipmunk assertion would abort the
    /// test process).
    @Test func mutatedRealFixtureParsesOrFailsCleanlyAndReplays() throws {
        let bytes = Array(try Fixture.text("traces/flutter-strokes.json").utf8)
        var rng = SplitMix64(state: 404)
        let alphabet = Array("{}[]\",:.-+eE0123456789 \n\\".utf8) + [0, 0xff, 0xc3, 0x80]
        var parsed = 0, rejected = 0
        for n in 0..<300 {
            var m = bytes
            if n % 5 == 0 {
                m = Array(bytes.prefix(Int(rng.next() % UInt64(bytes.count))))
            } else {
                for _ in 0..<(1 + Int(rng.next() % 3)) {
                    let at = Int(rng.next() % UInt64(m.count))
                    let b = alphabet[Int(rng.next() % UInt64(alphabet.count))]
                    switch rng.next() % 3 {
                    case 0: m[at] = b
                    case 1: m.remove(at: at)
                    default: m.insert(b, at: at)
                    }
                }
            }
            do {
                var trace = try Trace(json: m)
                parsed += 1
                for s in trace.sessions.indices { trace.sessions[s].run.duration = min(trace.sessions[s].run.duration, 3) }
                for kind in BackendKind.available { _ = try replay(trace, on: kind) }
            } catch let error as FlingError {
                rejected += 1
                #expect(error.field.hasPrefix("line ") || error.field.hasPrefix("scenes["), "\(error)")
            }
        }
        #expect(parsed + rejected == 300)
        #expect(parsed > 10 && rejected > 100, "parsed \(parsed), rejected \(rejected)")
    }

    /// Numbers of a synthetic fixture replaced, one at a time, by extreme values: each is either
    /// refused with a FlingError or replays on every backend (bad numbers never reach a backend).
    @Test(arguments: ["two-fingers.json", "corner-grab.json"])
    func extremeNumbersAreRefusedOrReplayed(file: String) throws {
        let text = try Fixture.text("traces/\(file)")
        let numbers = text.matches(of: /-?[0-9]+(\.[0-9]+)?([eE][+-]?[0-9]+)?/).map(\.range)
        var rng = SplitMix64(state: 77)
        var refused = 0, replayed = 0
        for _ in 0..<120 {
            let range = numbers[Int(rng.next() % UInt64(numbers.count))]
            let value = Self.extremes[Int(rng.next() % UInt64(Self.extremes.count))]
            let mutated = text.replacingCharacters(in: range, with: value)
            do {
                var trace = try Trace(json: mutated)
                for s in trace.sessions.indices { trace.sessions[s].run.duration = min(trace.sessions[s].run.duration, 2) }
                for kind in BackendKind.available { _ = try replay(trace, on: kind) }
                replayed += 1
            } catch let error as FlingError {
                refused += 1
                #expect(!error.field.isEmpty && !error.reason.isEmpty)
            }
        }
        #expect(refused + replayed == 120)
        #expect(refused > 10 && replayed > 10, "refused \(refused), replayed \(replayed)")
    }

    /// Mutated CSV strokes that still parse become scenes (or a FlingError naming the stroke)
    /// and replay.
    @Test func mutatedCSVConvertsOrFailsCleanly() throws {
        let bytes = Array(try Fixture.text("flutter-velocity-tracker.csv").utf8)
        var rng = SplitMix64(state: 5)
        var converted = 0
        for n in 0..<150 {
            var m = bytes
            if n % 3 == 0 {
                m = Array(bytes.prefix(Int(rng.next() % UInt64(bytes.count))))
            } else {
                for _ in 0..<(1 + Int(rng.next() % 3)) {
                    m[Int(rng.next() % UInt64(m.count))] = Array(",\n-9e.0x".utf8)[Int(rng.next() % 8)]
                }
            }
            do {
                let strokes = try StrokeCSV.parse(String(decoding: m, as: UTF8.self))
                var trace = try Trace(strokes: strokes, duration: 2)
                trace.sessions = Array(trace.sessions.prefix(3))
                _ = try replay(trace, on: .default)
                converted += 1
            } catch let error as FlingError {
                #expect(error.field.hasPrefix("line ") || error.field.hasPrefix("stroke "), "\(error)")
            }
        }
        #expect(converted > 5)
    }
}
