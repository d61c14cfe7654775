import FlingCore
import FlingInteraction
import FlingPaths
import FlingCurves
import _FlingCoding

// MARK: - Writing

/// Writes a trace in the canonical layout.
struct JSONWriter {
    /// The keys of a configuration object of a document of `version`, in the order they are written.
    static func configurationKeys(version: Int) -> [String] {
        [
            "tick", "maxFrameInterval", "gravity", "solverIterations", "dragMaxAcceleration", "dragErrorBias",
            "attraction", "rotation", "releaseRule", "settle", "cullMargin",
        ] + (version >= 3 ? ["translatesReferenceBoundsIntoBoundary", "rest", "dynamics"] + presetKeys : [])
            + (version >= 4 ? ["predictionTicks"] : [])
    }
    /// The keys of the grab and tile rules the presets use (We Heart Pics'), from version 3 on,
    /// written after those above and only when they differ from the defaults.
    static let presetKeys = [
        "forces", "fingersPerItem", "grabFriction", "grabRotaryFriction", "fingerSmoothing", "releaseVelocity", "home", "settleRule",
        "cullRule", "grabRadius", "tapDistance",
    ]

    var text = ""

    static func number(_ x: Double) -> String { NumberText.shortest(x) }
    static func string(_ s: String) -> String { JSONText.string(s) }

    /// A value described once for its bytes and its JSON (`Coded`), as one JSON object.
    static func json<T: Coded>(_ x: T) -> String { JSONFieldWriter.text(x) }

    /// A touch's members (a `tile` only in a `began`), then its `tick`; a tile operation's
    /// `tick` first, then the operation.
    static func input(_ i: Trace.Input) -> String {
        let tick = i.tick.map { ["\"tick\": \($0)"] } ?? []
        let members: [String]
        switch i.input {
        case .touch(var e):
            if e.phase != .began { e.item = nil }
            members = JSONFieldWriter.members(e) + tick
        case .reset(let id): members = tick + ["\"reset\": \(id.rawValue)"]
        case .removeTile(let id): members = tick + ["\"removeTile\": \(id.rawValue)"]
        case .addTile(let d): members = tick + ["\"addTile\": \(json(d))"]
        case .dynamics(let d): members = tick + JSONFieldWriter.members(d)
        }
        return "{" + members.joined(separator: ", ") + "}"
    }

    /// The members of ``presetKeys`` whose values differ from the defaults, in that order. A
    /// pivot's infinite force or bias limit (Chipmunk's default) is left out.
    static func presetMembers(_ c: TileConfiguration) -> [String] {
        let d = TileConfiguration()
        var m: [String] = []
        if c.drag.forces != d.drag.forces { m.append("\"forces\": \(string(c.drag.forces.rawValue))") }
        if c.drag.fingersPerItem != d.drag.fingersPerItem { m.append("\"fingersPerItem\": \(c.drag.fingersPerItem)") }
        if c.drag.grabFriction != d.drag.grabFriction { m.append("\"grabFriction\": \(number(c.drag.grabFriction))") }
        if c.drag.grabRotaryFriction != d.drag.grabRotaryFriction {
            m.append("\"grabRotaryFriction\": \(number(c.drag.grabRotaryFriction))")
        }
        if let s = c.drag.fingerSmoothing { m.append("\"fingerSmoothing\": \(number(s))") }
        if c.releaseVelocity != d.releaseVelocity { m.append("\"releaseVelocity\": \(string(c.releaseVelocity.rawValue))") }
        if case .pivots(let offsets, let maxForce, let maxBias, let errorBias) = c.home {
            var home = "{\"kind\": \"pivots\", \"offsets\": [" + offsets.map(json).joined(separator: ", ") + "]"
            if maxForce != Limits.jointForce { home += ", \"maxForce\": \(number(maxForce))" }
            if maxBias != .infinity { home += ", \"maxBias\": \(number(maxBias))" }
            m.append("\"home\": " + home + ", \"errorBias\": \(number(errorBias))}")
        }
        if case .kineticEnergy(let most) = c.settle.home {
            m.append("\"settleRule\": {\"kind\": \"kineticEnergy\", \"atMost\": \(number(most))}")
        }
        if case .below(let y) = c.cull { m.append("\"cullRule\": {\"kind\": \"below\", \"y\": \(number(y))}") }
        if c.grabRadius != d.grabRadius { m.append("\"grabRadius\": \(number(c.grabRadius))") }
        if let tap = c.tapDistance { m.append("\"tapDistance\": \(number(tap))") }
        return m
    }

    mutating func line(_ indent: Int, _ s: String) { text += String(repeating: "  ", count: indent) + s + "\n" }

    /// Writes `items` one per line, commas between, and `close` after.
    mutating func list(_ indent: Int, _ items: [String], close: String) {
        for (n, item) in items.enumerated() { line(indent, item + (n < items.count - 1 ? "," : "")) }
        line(indent - 1, close)
    }

    mutating func trace(_ t: Trace) {
        line(0, "{")
        // The lowest version that holds the trace, so older readers keep reading what they can.
        let version =
            t.sessions.contains(where: \.needsVersion4)
            ? 4
            : t.sessions.contains(where: \.needsVersion3)
                ? 3 : t.arithmetic == .portable || t.sessions.contains { $0.inputs.contains { $0.tick != nil } } ? 2 : 1
        var head = ["\"format\": \(Self.string(Trace.formatName))", "\"version\": \(version)"]
        if let name = t.name { head.append("\"name\": \(Self.string(name))") }
        if let notes = t.notes { head.append("\"notes\": \(Self.string(notes))") }
        if let a = t.attribution { head.append("\"attribution\": \(Self.string(a))") }
        if version >= 2 { head.append("\"arithmetic\": \"\(t.arithmetic)\"") }
        for h in head { line(1, h + ",") }
        if t.sessions.isEmpty {
            line(1, "\"scenes\": []")
        } else {
            line(1, "\"scenes\": [")
            for (n, session) in t.sessions.enumerated() { self.session(session, last: n == t.sessions.count - 1, version: version) }
            line(1, "]")
        }
        line(0, "}")
    }

    mutating func session(_ s: Trace.Session, last: Bool, version: Int) {
        line(2, "{")
        if let name = s.name { line(3, "\"name\": \(Self.string(name)),") }
        line(3, "\"viewport\": \(Self.json(s.viewport)),")
        let c = s.configuration
        line(3, "\"configuration\": {")
        let rule: String
        switch c.releaseRule {
        case .projectedDistance(let lookahead, let radius):
            rule = "{\"kind\": \"projectedDistance\", \"lookahead\": \(Self.number(lookahead)), \"radius\": \(Self.number(radius))}"
        case .alwaysAttract: rule = "{\"kind\": \"alwaysAttract\"}"
        case .alwaysFall: rule = "{\"kind\": \"alwaysFall\"}"
        case .nearGrab(let radius, let energy):
            rule = "{\"kind\": \"nearGrab\", \"radius\": \(Self.number(radius)), \"maxKineticEnergy\": \(Self.number(energy))}"
        }
        let (attraction, rotation) = c.home.documentSprings
        let settle = c.settle.home.documentThresholds
        list(
            4,
            [
                "\"tick\": \(Self.number(c.drag.tick))",
                "\"maxFrameInterval\": \(Self.number(c.drag.maxDisplayFrameInterval))",
                "\"gravity\": \(Self.json(c.gravity))",
                "\"solverIterations\": \(s.solverIterations)",
                "\"dragMaxAcceleration\": \(Self.number(c.drag.dragMaxAcceleration))",
                "\"dragErrorBias\": \(Self.number(c.drag.dragErrorBias))",
                "\"attraction\": \(Self.json(attraction))",
                "\"rotation\": \(Self.json(rotation))",
                "\"releaseRule\": \(rule)",
                "\"settle\": {\"distance\": \(Self.number(settle.distance)), \"speed\": \(Self.number(settle.speed)), "
                    + "\"angle\": \(Self.number(settle.angle)), \"angularSpeed\": \(Self.number(settle.angularSpeed)), "
                    + "\"ticks\": \(settle.ticks)}",
                "\"cullMargin\": \(Self.number(c.cull.documentMargin))",
            ]
                + (version >= 3
                    ? [
                        "\"translatesReferenceBoundsIntoBoundary\": \(c.dynamics.translatesReferenceBoundsIntoBoundary)",
                        "\"rest\": {\"speed\": \(Self.number(c.settle.rest.speed)), "
                            + "\"angularSpeed\": \(Self.number(c.settle.rest.angularSpeed)), \"ticks\": \(c.settle.rest.ticks)}",
                        "\"dynamics\": \(Self.dynamics(c.dynamics))",
                    ] + Self.presetMembers(c) : [])
                + (version >= 4 ? c.drag.predictionTicks.map { ["\"predictionTicks\": \($0)"] } ?? [] : []),
            close: "},")
        if s.tiles.isEmpty {
            line(3, "\"tiles\": [],")
        } else {
            line(3, "\"tiles\": [")
            list(4, s.tiles.map(Self.json), close: "],")
        }
        line(3, "\"run\": {\"duration\": \(Self.number(s.run.duration)), \"stopWhenIdle\": \(s.run.stopsWhenIdle)},")
        let eventsClose = s.expected == nil && s.snapshots.isEmpty ? "]" : "],"
        if s.inputs.isEmpty {
            line(3, "\"events\": [" + eventsClose)
        } else {
            line(3, "\"events\": [")
            list(4, s.inputs.map(Self.input), close: eventsClose)
        }
        if let x = s.expected {
            var members = ["\"ticks\": \(x.ticks)", "\"digest\": \"\(x.digest.hex)\""]
            if let interval = x.interval {
                members.append("\"every\": \(interval)")
                members.append("\"checkpoints\": [" + x.checkpoints.map { "\"\($0.hex)\"" }.joined(separator: ", ") + "]")
            }
            line(3, "\"expected\": {")
            list(4, members, close: s.snapshots.isEmpty ? "}" : "},")
        }
        if !s.snapshots.isEmpty {
            line(3, "\"snapshots\": [")
            list(
                4,
                s.snapshots.map {
                    "{\"tick\": \($0.tick), \"digest\": \"\($0.digest.hex)\", \"animator\": \"\(Base64.encode($0.bytes))\"}"
                }, close: "]")
        }
        line(2, last ? "}" : "},")
    }
}

// The members a version-1 configuration already had, whatever case the rules are: a trace's
// `attraction` and `rotation`, `settle` and `cullMargin` hold the chosen case's numbers, or the
// default case's when another is chosen (whose own keys, `home`, `settleRule`, `cullRule`,
// follow from version 3 on).

extension TileConfiguration.HomeAttachment {
    /// The springs of `attraction` and `rotation`: these, or the default springs' with pivots.
    var documentSprings: (attraction: SpringTuning, rotation: SpringTuning) {
        switch self {
        case .springs(let attraction, let rotation): (attraction, rotation)
        case .pivots: TileConfiguration.HomeAttachment.springs().documentSprings
        }
    }
}

extension TileConfiguration.SettleRule.Home {
    /// The thresholds of `settle`: these, or the default ones with another rule.
    var documentThresholds: SettleThresholds {
        if case .thresholds(let thresholds) = self { thresholds } else { SettleThresholds() }
    }
}

extension TileConfiguration.CullRule {
    /// The margin of `cullMargin`: this one, or the default one with another rule.
    var documentMargin: Double {
        switch self {
        case .outsideViewport(let margin): margin
        case .below: TileConfiguration.CullRule.outsideViewport().documentMargin
        }
    }
}
