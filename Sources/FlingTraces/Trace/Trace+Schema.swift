import _FlingCoding
import FlingCore
import FlingInteraction
import FlingCurves

// MARK: - Mapping JSON to a trace

extension DocumentDecoder {
    // MARK: The document

    mutating func trace(_ root: JSONNode) throws(FlingError) -> Trace {
        let path = Path()
        guard case .object(let members) = root.value else {
            throw fail(root, path, "a trace document is a JSON object, not \(root.kind)")
        }
        // Format and version first, so that another file or a newer version says so, rather
        // than tripping over a key this build does not know.
        let o0 = Object(node: root, path: path, members: members)
        let format = try string(try required(o0, "format"), path / "format")
        guard format == Trace.formatName else {
            throw fail(try required(o0, "format"), path / "format", "must be \"\(Trace.formatName)\"")
        }
        let versionNode = try required(o0, "version")
        let version = try int(versionNode, path / "version")
        guard (1...Trace.version).contains(version) else {
            throw fail(versionNode, path / "version", "this build of Fling reads versions 1 to \(Trace.version)")
        }
        self.version = version
        let o = try object(
            root, path,
            keys: ["format", "version", "name", "notes", "attribution", "scenes"]
                + (version >= 2 ? ["arithmetic"] : []))
        // Version 1 predates portable arithmetic: its pins were made with the platform's.
        var arithmetic: Arithmetic = version >= 2 ? .portable : .platform
        if let an = optional(o, "arithmetic") {
            guard let a = Arithmetic(rawValue: try string(an, path / "arithmetic")) else {
                throw fail(an, path / "arithmetic", "must be \"portable\" or \"platform\"")
            }
            arithmetic = a
        }
        let sceneNodes = try array(try required(o, "scenes"), path / "scenes")
        var sessions: [Trace.Session] = []
        for (s, node) in sceneNodes.enumerated() { sessions.append(try session(node, path / "scenes" / s)) }
        let trace = Trace(
            name: try optionalString(o, "name"), notes: try optionalString(o, "notes"),
            attribution: try optionalString(o, "attribution"), arithmetic: arithmetic, sessions: sessions)
        try trace.validate { locate($0) }
        return trace
    }

    mutating func session(_ node: JSONNode, _ path: Path) throws(FlingError) -> Trace.Session {
        let o = try object(
            node, path,
            keys: ["name", "viewport", "configuration", "tiles", "run", "events", "expected"] + (version >= 4 ? ["snapshots"] : []))
        let viewport: Rect = try decode(try required(o, "viewport"), path / "viewport")
        let (configuration, solverIterations) = try self.configuration(try required(o, "configuration"), path / "configuration")
        var tiles: [TileDefinition] = []
        for (t, n) in try array(try required(o, "tiles"), path / "tiles").enumerated() {
            tiles.append(try tile(n, path / "tiles" / t))
        }
        let ro = try object(try required(o, "run"), path / "run", keys: ["duration", "stopWhenIdle"])
        let run = Trace.RunLength(
            duration: try double(ro, "duration"),
            stopsWhenIdle: try bool(try required(ro, "stopWhenIdle"), ro.path / "stopWhenIdle"))
        var inputs: [Trace.Input] = []
        for (e, n) in try array(try required(o, "events"), path / "events").enumerated() {
            inputs.append(try input(n, path / "events" / e))
        }
        var expected: Trace.Expectation?
        if let en = optional(o, "expected") {
            let p = path / "expected"
            let eo = try object(en, p, keys: ["ticks", "digest", "every", "checkpoints"])
            var x = Trace.Expectation(ticks: try int(eo, "ticks"), digest: try digest(try required(eo, "digest"), p / "digest"))
            if let every = optional(eo, "every") { x.interval = try int(every, p / "every") }
            if let cn = optional(eo, "checkpoints") {
                for (c, n) in try array(cn, p / "checkpoints").enumerated() {
                    x.checkpoints.append(try digest(n, p / "checkpoints" / c))
                }
            }
            expected = x
        }
        var session = Trace.Session(
            name: try optionalString(o, "name"), viewport: viewport, tiles: tiles,
            configuration: configuration, solverIterations: solverIterations, run: run, inputs: inputs, expected: expected)
        if let sn = optional(o, "snapshots") {
            for (k, n) in try array(sn, path / "snapshots").enumerated() {
                let p = path / "snapshots" / k
                let so = try object(n, p, keys: ["tick", "digest", "animator"])
                let text = try string(try required(so, "animator"), p / "animator")
                guard let bytes = Base64.decode(text) else { throw fail(n, p / "animator", "must be base64 (RFC 4648, padded)") }
                let tick = try int(so, "tick")
                // Read whole now, so that a damaged snapshot is a malformed document, not a
                // failure of the replay that starts from it.
                let snapshot: AnimatorSnapshot
                do throws(FlingError) { snapshot = try AnimatorSnapshot(bytes: bytes) } catch {
                    throw fail(n, p / "animator", "is not an animator snapshot this build reads (\(error.field): \(error.reason))")
                }
                guard snapshot.tick == tick else {
                    throw fail(n, p / "tick", "is \(tick), but its snapshot was taken at tick \(snapshot.tick)")
                }
                session.snapshots.append(
                    Trace.Snapshot(tick: tick, digest: try digest(try required(so, "digest"), p / "digest"), bytes: bytes))
            }
        }
        return session
    }

    /// One element of `events`: a touch (with a `tick` from version 2 on), or, from version 2
    /// on, a tile operation `{"tick", "reset" | "removeTile": id}` or `{"tick", "addTile": tile}`,
    /// and from version 3 on a dynamics one (`push`, `addPush`, `removePush`, `setFields`).
    mutating func input(_ n: JSONNode, _ p: Path) throws(FlingError) -> Trace.Input {
        let operations = ["reset", "removeTile", "addTile"] + (version >= 3 ? Self.dynamicsOperations : [])
        if version >= 2, case .object(let members) = n.value, members.contains(where: { operations.contains($0.key) }) {
            let oo = try object(n, p, keys: ["tick"] + operations)
            let tick = try int(oo, "tick")
            guard oo.members.count == 2 else {
                throw fail(n, p, "a tile operation has its tick and one of " + operations.joined(separator: ", "))
            }
            if oo.members.contains(where: { Self.dynamicsOperations.contains($0.key) }) {
                return Trace.Input(.dynamics(try decode(n, p, extra: ["tick"])), tick: tick)
            }
            if let id = optional(oo, "reset") { return Trace.Input(.reset(TileID(try int(id, p / "reset"))), tick: tick) }
            if let id = optional(oo, "removeTile") { return Trace.Input(.removeTile(TileID(try int(id, p / "removeTile"))), tick: tick) }
            return Trace.Input(.addTile(try tile(try required(oo, "addTile"), p / "addTile")), tick: tick)
        }
        let event: TouchEvent = try decode(n, p, extra: version >= 2 ? ["tick"] : [])
        let eo = Object(node: n, path: p, members: n.members)
        if let tile = optional(eo, "tile"), event.phase != .began { throw fail(tile, p / "tile", "only a began event names a tile") }
        return Trace.Input(.touch(event), tick: try optional(eo, "tick").map { (t) throws(FlingError) in try int(t, p / "tick") })
    }

    /// A tile (its `properties` from version 3 on).
    mutating func tile(_ n: JSONNode, _ p: Path) throws(FlingError) -> TileDefinition {
        if version < 3 { _ = try object(n, p, keys: ["id", "frame", "mass"]) }
        return try decode(n, p)
    }

    /// A configuration object: the tile configuration, and the solver iterations of the
    /// backend the scene ran on (which traces carry there).
    mutating func configuration(_ node: JSONNode, _ path: Path) throws(FlingError) -> (TileConfiguration, solverIterations: Int) {
        let o = try object(node, path, keys: JSONWriter.configurationKeys(version: version))
        var c = TileConfiguration()
        c.drag.tick = try double(o, "tick")
        c.drag.maxDisplayFrameInterval = try double(o, "maxFrameInterval")
        c.gravity = try decode(try required(o, "gravity"), path / "gravity")
        let solverIterations = try int(o, "solverIterations")
        c.drag.dragMaxAcceleration = try double(o, "dragMaxAcceleration")
        c.drag.dragErrorBias = try double(o, "dragErrorBias")
        c.home = .springs(
            attraction: try decode(try required(o, "attraction"), path / "attraction"),
            rotation: try decode(try required(o, "rotation"), path / "rotation"))
        let rn = try required(o, "releaseRule")
        let ro = try object(rn, path / "releaseRule", keys: ["kind", "lookahead", "radius", "maxKineticEnergy"])
        let kindNode = try required(ro, "kind")
        switch try string(kindNode, ro.path / "kind") {
        case "projectedDistance":
            if let extra = optional(ro, "maxKineticEnergy") { throw fail(extra, ro.path, "maxKineticEnergy belongs to kind nearGrab only") }
            c.releaseRule = .projectedDistance(lookahead: try double(ro, "lookahead"), radius: try double(ro, "radius"))
        case "nearGrab" where version >= 3:
            if let extra = optional(ro, "lookahead") { throw fail(extra, ro.path, "lookahead belongs to kind projectedDistance only") }
            c.releaseRule = .nearGrab(radius: try double(ro, "radius"), maxKineticEnergy: try double(ro, "maxKineticEnergy"))
        case "alwaysAttract", "alwaysFall":
            if let extra = optional(ro, "lookahead") ?? optional(ro, "radius") ?? optional(ro, "maxKineticEnergy") {
                throw fail(extra, ro.path, "lookahead, radius and maxKineticEnergy belong to kinds projectedDistance and nearGrab")
            }
            c.releaseRule = try string(kindNode, ro.path / "kind") == "alwaysAttract" ? .alwaysAttract : .alwaysFall
        default:
            throw fail(
                kindNode, ro.path / "kind",
                "must be \"projectedDistance\", \"alwaysAttract\" or \"alwaysFall\"" + (version >= 3 ? " or \"nearGrab\"" : ""))
        }
        let so = try object(try required(o, "settle"), path / "settle", keys: ["distance", "speed", "angle", "angularSpeed", "ticks"])
        c.settle.home = .thresholds(
            SettleThresholds(
                distance: try double(so, "distance"), speed: try double(so, "speed"),
                angle: try double(so, "angle"), angularSpeed: try double(so, "angularSpeed"),
                ticks: try int(so, "ticks")))
        c.cull = .outsideViewport(margin: try double(o, "cullMargin"))
        if version >= 3 {
            let translates = try bool(
                try required(o, "translatesReferenceBoundsIntoBoundary"), path / "translatesReferenceBoundsIntoBoundary")
            let ro = try object(try required(o, "rest"), path / "rest", keys: ["speed", "angularSpeed", "ticks"])
            c.settle.rest = TileConfiguration.RestThresholds(
                speed: try double(ro, "speed"), angularSpeed: try double(ro, "angularSpeed"), ticks: try int(ro, "ticks"))
            c.dynamics = try dynamics(try required(o, "dynamics"), path / "dynamics")
            c.dynamics.translatesReferenceBoundsIntoBoundary = translates
            let flat = c
            try presetMembers(o, path, into: &c)
            // The numbers another case of their rule leaves unused (the springs beside pivots,
            // the thresholds beside the kinetic energy, the margin beside a line) are still held
            // to their ranges: reading is strict.
            if (flat.home, flat.settle.home, flat.cull) != (c.home, c.settle.home, c.cull) {
                var unused = c
                (unused.home, unused.settle.home, unused.cull) = (flat.home, flat.settle.home, flat.cull)
                do { try unused.validate() } catch {
                    throw FlingError(error.code, field: "\(locate(path)) (\(error.field))", value: error.value, reason: error.reason)
                }
            }
        }
        if version >= 4, let n = optional(o, "predictionTicks") { c.drag.predictionTicks = try int(n, path / "predictionTicks") }
        return (c, solverIterations)
    }

    /// The optional members of ``JSONWriter/presetKeys`` (version 3): absent, each is the default.
    /// `home`, `settleRule` and `cullRule` choose the other case of their rule, whose numbers
    /// then replace the springs, the `settle` thresholds and the margin read before.
    mutating func presetMembers(_ o: Object, _ path: Path, into c: inout TileConfiguration) throws(FlingError) {
        if let n = optional(o, "forces") {
            guard let f = DragSettings.Forces(rawValue: try string(n, path / "forces")) else {
                throw fail(n, path / "forces", "must be \"perUnitMass\" or \"absolute\"")
            }
            c.drag.forces = f
        }
        if let n = optional(o, "fingersPerItem") { c.drag.fingersPerItem = try int(n, path / "fingersPerItem") }
        if optional(o, "grabFriction") != nil { c.drag.grabFriction = try double(o, "grabFriction") }
        if optional(o, "grabRotaryFriction") != nil { c.drag.grabRotaryFriction = try double(o, "grabRotaryFriction") }
        if optional(o, "fingerSmoothing") != nil { c.drag.fingerSmoothing = try double(o, "fingerSmoothing") }
        if let n = optional(o, "releaseVelocity") {
            guard let v = TileConfiguration.ReleaseVelocity(rawValue: try string(n, path / "releaseVelocity")) else {
                throw fail(n, path / "releaseVelocity", "must be \"tracker\" or \"body\"")
            }
            c.releaseVelocity = v
        }
        if let n = optional(o, "home") {
            let ho = try object(n, path / "home", keys: ["kind", "offsets", "maxForce", "maxBias", "errorBias"])
            let kind = try required(ho, "kind")
            guard try string(kind, ho.path / "kind") == "pivots" else { throw fail(kind, ho.path / "kind", "must be \"pivots\"") }
            let offsets: [Vector] = try list(ho, "offsets")
            c.home = .pivots(
                offsets: offsets, maxForce: optional(ho, "maxForce") == nil ? Limits.jointForce : try double(ho, "maxForce"),
                maxBias: optional(ho, "maxBias") == nil ? .infinity : try double(ho, "maxBias"), errorBias: try double(ho, "errorBias"))
        }
        if let n = optional(o, "settleRule") {
            let ro = try object(n, path / "settleRule", keys: ["kind", "atMost"])
            let kind = try required(ro, "kind")
            guard try string(kind, ro.path / "kind") == "kineticEnergy" else {
                throw fail(kind, ro.path / "kind", "must be \"kineticEnergy\"")
            }
            c.settle.home = .kineticEnergy(atMost: try double(ro, "atMost"))
        }
        if let n = optional(o, "cullRule") {
            let co = try object(n, path / "cullRule", keys: ["kind", "y"])
            let kind = try required(co, "kind")
            guard try string(kind, co.path / "kind") == "below" else { throw fail(kind, co.path / "kind", "must be \"below\"") }
            c.cull = .below(y: try double(co, "y"))
        }
        if optional(o, "grabRadius") != nil { c.grabRadius = try double(o, "grabRadius") }
        if optional(o, "tapDistance") != nil { c.tapDistance = try double(o, "tapDistance") }
    }
}
