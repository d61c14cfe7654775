import Fling
import Testing
@testable import FlingTraces

/// Version 3 of the trace format (and version 2 of snap scene documents): every dynamics key
/// reads back to the same bits, older versions refuse them, Fling writes the lowest version that
/// holds a document, and validation names what is wrong.
@Suite struct DynamicsTraceFormatTests {
    /// One field of every kind, with every region, inverted and not.
    static let everyField: [Field] = [
        Field(.linearGravity(direction: Vector(0.25, -1)), strength: 3),
        Field(.radialGravity, position: Vector(195, 422), region: .circle(radius: 300), strength: 2e6, falloff: 2, minimumRadius: 20),
        Field(.spring, position: Vector(10, 20), region: .rectangle(width: 100, height: 50), inverted: true, strength: 4),
        Field(.drag, strength: 0.5),
        Field(.velocity(target: Vector(30, -40)), strength: 2),
        Field(.vortex, position: Vector(1, 2), strength: -0.1, falloff: 1),
        Field(.noise(smoothness: 0.5, animationSpeed: 2), strength: 300, seed: 7),
        Field(.turbulence(smoothness: 0.25, animationSpeed: 0), strength: 0.1, seed: 1 << 53),
        Field(.electric, position: Vector(-5, 5), strength: 1e3, minimumRadius: 1),
        Field(.magnetic, strength: 0.3),
    ]

    static var dynamicsTrace: Trace {
        var c = TileConfiguration()
        c.settle.rest = TileConfiguration.RestThresholds(speed: 4, angularSpeed: 0.02, ticks: 12)
        c.dynamics = DynamicsSettings(
            translatesReferenceBoundsIntoBoundary: true,
            walls: [Wall(from: Vector(0, 600), to: Vector(390, 700), radius: 2, elasticity: 0.5, friction: 0.25)],
            itemProperties: ItemProperties(elasticity: 0.6, friction: 0.3, resistance: 0.5, angularResistance: 0.25, charge: -2),
            fields: everyField)
        let inputs: [Trace.Input] = [
            Trace.Input(.touch(TouchEvent(time: 0.05, touch: 1, phase: .began, position: Vector(195, 422)))),
            Trace.Input(.dynamics(.push(1, Push(Vector(100, -50), at: Vector(0, -60)))), tick: 4),
            Trace.Input(.dynamics(.addPush(1, 1, Push(Vector(0, -2500)))), tick: 4),
            Trace.Input(
                .addTile(
                    TileDefinition(id: 2, frame: Rect(x: 10, y: 10, width: 40, height: 40), properties: ItemProperties(elasticity: 1))),
                tick: 5),
            Trace.Input(.dynamics(.setFields([everyField[6]])), tick: 9),
            Trace.Input(.dynamics(.removePush(1)), tick: 30),
        ]
        return Trace(
            name: "every dynamics key",
            sessions: [
                Trace.Session(
                    viewport: phone,
                    tiles: [
                        TileDefinition(
                            id: 1, frame: Rect(center: Vector(195, 422), width: 120, height: 120), properties: ItemProperties(friction: 2))
                    ],
                    configuration: c, run: Trace.RunLength(duration: 1, stopsWhenIdle: false), inputs: inputs)
            ])
    }

    @Test func everyDynamicsKeyReadsBackToTheSameBits() throws {
        let trace = Self.dynamicsTrace
        try trace.validate()
        let json = trace.json
        #expect(json.contains("\"version\": 3"))
        let back = try Trace(json: json)
        #expect(back == trace)
        #expect(back.json == json)
        // Seeds up to 2^53 are written exactly.
        #expect(json.contains("\"seed\": 9007199254740992"))
    }

    @Test func fingWritesTheLowestVersionThatHoldsATrace() throws {
        var trace = Self.dynamicsTrace
        trace.sessions[0].configuration = TileConfiguration()
        trace.sessions[0].tiles = [centerTile]
        trace.sessions[0].inputs = [Trace.Input(.touch(TouchEvent(time: 0.05, touch: 1, phase: .began, position: Vector(195, 422))))]
        #expect(trace.json.contains("\"version\": 2") && !trace.json.contains("\"dynamics\""))
        // Each version-3 part alone needs version 3.
        var withPush = trace
        withPush.sessions[0].inputs.append(Trace.Input(.dynamics(.push(1, Push(Vector(1, 0)))), tick: 3))
        var withWalls = trace
        withWalls.sessions[0].configuration.dynamics.translatesReferenceBoundsIntoBoundary = true
        var withMaterial = trace
        withMaterial.sessions[0].tiles[0].properties = ItemProperties()
        var withRest = trace
        withRest.sessions[0].configuration.settle.rest.speed = 3
        for t in [withPush, withWalls, withMaterial, withRest] {
            #expect(t.json.contains("\"version\": 3"))
            #expect(try Trace(json: t.json) == t)
        }
    }

    @Test func olderVersionsRefuseTheDynamicsKeys() throws {
        let json = Self.dynamicsTrace.json
        let v2 = json.replacingOccurrences(of: "\"version\": 3", with: "\"version\": 2")
        let error = try #require(throwing(v2))
        #expect(error.code == .malformedInput && error.reason.contains("unknown key"), "\(error)")
        // A version-2 document with a push among its operations: not an operation there.
        let push = """
            {"format": "fling-trace", "version": 2, "scenes": [{"viewport": {"x": 0, "y": 0, "width": 390, "height": 844},
            "configuration": \(ReplayContractTests.defaultConfigurationJSON), "tiles": [{"id": 1, "frame": {"x": 0, "y": 0, "width": 10, "height": 10}, "mass": 1}],
            "run": {"duration": 1, "stopWhenIdle": false}, "events": [{"tick": 3, "push": {"tile": 1, "vector": {"x": 1, "y": 0}, "offset": {"x": 0, "y": 0}}}]}]}
            """
        #expect(throwing(push) != nil)
        let v3 = push.replacingOccurrences(of: "\"version\": 2", with: "\"version\": 3")
        // Version 3 wants the configuration's new keys too.
        #expect(throwing(v3)?.reason.contains("required") == true)
        #expect(throwing(json.replacingOccurrences(of: "\"version\": 3", with: "\"version\": \(Trace.version + 1)")) != nil)
    }

    func throwing(_ json: String) -> FlingError? {
        do { _ = try Trace(json: json); return nil } catch { return error }
    }

    /// Each bad value is named by its key path, with the backends' own check's code.
    @Test func validationNamesTheBadDynamicsValue() throws {
        func error(_ change: (inout Trace) -> Void) -> FlingError? {
            var t = Self.dynamicsTrace
            change(&t)
            do { try t.validate(); return nil } catch { return error }
        }
        #expect(error { _ in } == nil)
        #expect(error { $0.sessions[0].configuration.dynamics.walls[0].elasticity = 2 }?.field.contains("walls[0].elasticity") == true)
        #expect(error { $0.sessions[0].configuration.dynamics.fields[6].seed = (1 << 53) + 1 }?.field.contains("seed") == true)
        #expect(error { $0.sessions[0].configuration.dynamics.fields[1].falloff = .nan }?.code == .notFinite)
        #expect(error { $0.sessions[0].tiles[0].properties?.elasticity = -1 }?.code == .outOfRange)
        #expect(error { $0.sessions[0].configuration.settle.rest.ticks = 0 }?.field.contains("settle.rest.ticks") == true)
        let removeTwice = error { $0.sessions[0].inputs.append(Trace.Input(.dynamics(.removePush(1)), tick: 40)) }
        #expect(removeTwice?.reason.contains("no continuous push") == true)
        let sameID = error { $0.sessions[0].inputs.append(Trace.Input(.dynamics(.addPush(1, 1, Push(.zero))), tick: 40)) }
        #expect(sameID?.reason.contains("used once") == true)
        #expect(error { $0.sessions[0].inputs.append(Trace.Input(.dynamics(.push(9, Push(.zero))), tick: 40)) }?.code == .unknownTile)
        #expect(
            error { $0.sessions[0].inputs.append(Trace.Input(.dynamics(.push(1, Push(Vector(1e13, 0)))), tick: 40)) }?.code == .outOfRange)
        #expect(
            error { $0.sessions[0].inputs.append(Trace.Input(.dynamics(.setFields([Field(.drag, strength: .infinity)])), tick: 40)) }?.code
                == .notFinite)
        #expect(error { $0.sessions[0].inputs.append(Trace.Input(.dynamics(.setFields([])), tick: 2)) }?.code == .outOfOrder)
        let untimed = error { $0.sessions[0].inputs.append(Trace.Input(.dynamics(.setFields([])), tick: nil)) }
        #expect(untimed?.code == .malformedInput)
        // Too many pushes on one tile: 33 on at once (push 1 is off by tick 40).
        let crowded = error { t in
            for n in 2...34 { t.sessions[0].inputs.append(Trace.Input(.dynamics(.addPush(Push.ID(n), 1, Push(.zero))), tick: 40)) }
        }
        #expect(crowded?.field.contains("addForce") == true, "\(String(describing: crowded))")
    }

    /// A snap scene document with dynamics is version 2, reads back, and version 1 refuses it.
    @Test func snapSceneDocumentsCarryDynamics() throws {
        let heads = ChatHeadsScene(
            ChatHeads.Configuration(screen: phone), heads: [Vector(18, 200), Vector(18, 300)],
            inputs: [
                Trace.Input(.touch(TouchEvent(time: 0.1, touch: 1, phase: .began, position: Vector(18, 200)))),
                Trace.Input(.touch(TouchEvent(time: 0.2, touch: 1, phase: .ended, position: Vector(18, 200)))),
                Trace.Input(.dynamics(.push(2, Push(Vector(900, 0)))), tick: 20),
                Trace.Input(.dynamics(.addPush(1, 1, Push(Vector(0, 40)))), tick: 30),
                Trace.Input(.dynamics(.removePush(1)), tick: 60),
            ],
            dynamics: DynamicsSettings(fields: [Field(.noise(smoothness: 0.3, animationSpeed: 1), strength: 50, seed: 3)]))
        let document = SceneDocument(name: "pushed heads", scene: heads, sampling: SceneSampling(rate: 30, duration: 2))
        try document.validate()
        let json = document.json
        #expect(json.contains("\"version\": 2") && json.contains("\"dynamics\": {"))
        let back = try SceneDocument<ChatHeadsScene>(json: json)
        #expect(back == document && back.json == json)
        #expect(throws: FlingError.self) {
            try SceneDocument<ChatHeadsScene>(json: json.replacingOccurrences(of: "\"version\": 2", with: "\"version\": 1"))
        }
        // Without dynamics the document stays version 1, as it was.
        var plain = document
        plain.scene.inputs.removeLast(3)
        plain.scene.dynamics = DynamicsSettings()
        #expect(plain.json.contains("\"version\": 1") && !plain.json.contains("dynamics"))
        // Tile operations other than the dynamics are refused in a snap scene.
        var reset = document
        reset.scene.inputs.append(Trace.Input(.reset(1), tick: 70))
        #expect(throws: FlingError.self) { try reset.validate() }
        var unknown = document
        unknown.scene.inputs.append(Trace.Input(.dynamics(.push(9, Push(.zero))), tick: 70))
        #expect(throws: FlingError.self) { try unknown.validate() }
    }
}
