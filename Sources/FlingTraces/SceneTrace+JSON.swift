import FlingCore
import FlingScenes
import FlingInteraction

/// The JSON form of a ``SceneTrace`` (format `fling-scene`, version 1; see `docs/TRACES.md`).
/// Strict like the trace reader (unknown or missing keys, wrong types and bad numbers are
/// errors naming the line and key path), and written in a fixed layout that reads back to
/// the same bits.
extension SceneTrace {
    /// Reads a scene document.
    public init(json bytes: some Sequence<UInt8>) throws(FlingError) {
        let bytes = Array(bytes)
        var parser = JSONParser(bytes)
        let root = try parser.parseDocument()
        var decoder = TraceDecoder(bytes: bytes)
        self = try decoder.sceneTrace(root)
    }

    public init(json text: String) throws(FlingError) { try self.init(json: Array(text.utf8)) }

    /// Whether `bytes` hold a scene document rather than a trace (its `"format"`).
    public static func isSceneDocument(_ bytes: [UInt8]) -> Bool {
        var parser = JSONParser(bytes)
        guard let root = try? parser.parseDocument(), case .object(let members) = root.value,
            let format = members.first(where: { $0.key == "format" }), case .string(let name) = format.value.value
        else { return false }
        return name == formatName
    }

    /// The document, as UTF-8 text ending in a newline.
    public var json: String {
        typealias W = JSONWriter
        func range(_ r: ClosedRange<Double>) -> String { "[\(W.number(r.lowerBound)), \(W.number(r.upperBound))]" }
        var lines = ["\"format\": \(W.string(Self.formatName))", "\"version\": \(Self.version)"]
        if let name { lines.append("\"name\": \(W.string(name))") }
        if let notes { lines.append("\"notes\": \(W.string(notes))") }
        lines.append("\"kind\": \"\(scene.kind)\"")
        var inputs: [String] = []
        switch scene {
        case .bubbles(let c, let seed, let taps):
            lines.append("\"seed\": \(seed)")
            let source: String
            switch c.source {
            case .fixed(let p): source = W.vector(p)
            case .sweep(let a, let b, let period):
                source = "{\"from\": \(W.vector(a)), \"to\": \(W.vector(b)), \"period\": \(W.number(period))}"
            }
            let members = [
                "\"source\": \(source)", "\"interval\": \(c.interval.map(range) ?? "null")", "\"height\": \(range(c.height))",
                "\"sway\": \(range(c.sway))", "\"duration\": \(range(c.duration))", "\"size\": \(range(c.size))",
                "\"startOffset\": \(range(c.startOffset))", "\"timing\": \"\(c.timing.rawValue)\"",
                "\"popScale\": \(W.number(c.popScale))", "\"popDuration\": \(W.number(c.popDuration))",
            ]
            lines.append("\"configuration\": {\n    " + members.joined(separator: ",\n    ") + "\n  }")
            inputs = taps.map { "{\"time\": \(W.number($0)), \"tap\": true}" }
        case .dayNight(let c, let minutes, let picks):
            lines.append("\"minutes\": \(W.number(minutes))")
            let transition: String
            switch c.transition {
            case .spring(let response, let zeta):
                transition = "{\"kind\": \"spring\", \"response\": \(W.number(response)), \"dampingFraction\": \(W.number(zeta))}"
            case .curve(let d, let x1, let y1, let x2, let y2):
                transition =
                    "{\"kind\": \"curve\", \"duration\": \(W.number(d)), \"x1\": \(W.number(x1)), \"y1\": \(W.number(y1)), "
                    + "\"x2\": \(W.number(x2)), \"y2\": \(W.number(y2))}"
            }
            let members = [
                "\"imageHeight\": \(W.number(c.imageHeight))", "\"viewHeight\": \(W.number(c.viewHeight))",
                "\"sunMultiple\": \(W.number(c.sunMultiple))", "\"starRamp\": \"\(c.starRamp.rawValue)\"",
                "\"transition\": \(transition)", "\"wrap\": \"\(c.wrap.rawValue)\"",
            ]
            lines.append("\"configuration\": {\n    " + members.joined(separator: ",\n    ") + "\n  }")
            inputs = picks.map { "{\"time\": \(W.number($0.time)), \"pick\": \(W.number($0.minutes))}" }
        case .clouds(let c, let seed):
            lines.append("\"seed\": \(seed)")
            let members = [
                "\"viewWidth\": \(W.number(c.viewWidth))", "\"interval\": \(range(c.interval))", "\"speed\": \(range(c.speed))",
                "\"alpha\": \(range(c.alpha))", "\"height\": \(range(c.height))",
                "\"variants\": [" + c.variants.map(W.vector).joined(separator: ", ") + "]",
            ]
            lines.append("\"configuration\": {\n    " + members.joined(separator: ",\n    ") + "\n  }")
        case .chatHeads(let c, let heads, let touches):
            lines.append("\"heads\": [" + heads.map(W.vector).joined(separator: ", ") + "]")
            let members = [
                "\"screen\": \(W.rect(c.screen))", "\"safeBand\": \(range(c.safeBand))", "\"diameter\": \(W.number(c.diameter))",
                "\"outside\": \(W.number(c.outside))", "\"pressedScale\": \(W.number(c.pressedScale))",
                "\"spring\": \(W.spring(c.spring))", "\"spacing\": \(W.number(c.spacing))",
                "\"panelHeight\": \(W.number(c.panelHeight))",
            ]
            lines.append("\"configuration\": {\n    " + members.joined(separator: ",\n    ") + "\n  }")
            inputs = touches.map(W.input)
        case .sunSwitch(let c, let isOn, let touches):
            lines.append("\"isOn\": \(isOn)")
            let members = [
                "\"offCenter\": \(W.vector(c.offCenter))", "\"onCenter\": \(W.vector(c.onCenter))",
                "\"knobDiameter\": \(W.number(c.knobDiameter))", "\"rubberBand\": \(W.number(c.rubberBand))",
                "\"spring\": \(W.spring(c.spring))", "\"raysAngularSpeed\": \(W.number(c.raysAngularSpeed))",
                "\"alphaSpring\": \(W.spring(c.alphaSpring))",
            ]
            lines.append("\"configuration\": {\n    " + members.joined(separator: ",\n    ") + "\n  }")
            inputs = touches.map(W.input)
        }
        lines.append(inputs.isEmpty ? "\"inputs\": []" : "\"inputs\": [\n    " + inputs.joined(separator: ",\n    ") + "\n  ]")
        lines.append("\"sampling\": {\"rate\": \(W.number(sampling.rate)), \"duration\": \(W.number(sampling.duration))}")
        if let x = expected { lines.append("\"expected\": {\"samples\": \(x.samples), \"digest\": \"\(x.digest.hex)\"}") }
        return "{\n  " + lines.joined(separator: ",\n  ") + "\n}\n"
    }
}

extension TraceDecoder {
    mutating func sceneTrace(_ root: JSONNode) throws(FlingError) -> SceneTrace {
        let path = Path()
        guard case .object(let members) = root.value else {
            throw fail(root, path, "a scene document is a JSON object, not \(root.kind)")
        }
        let o0 = Object(node: root, path: path, members: members)
        let formatNode = try required(o0, "format")
        guard try string(formatNode, path / "format") == SceneTrace.formatName else {
            throw fail(formatNode, path / "format", "must be \"\(SceneTrace.formatName)\"")
        }
        let versionNode = try required(o0, "version")
        guard try int(versionNode, path / "version") == SceneTrace.version else {
            throw fail(versionNode, path / "version", "this build of Fling reads version \(SceneTrace.version)")
        }
        let kindNode = try required(o0, "kind")
        let kind = try string(kindNode, path / "kind")
        let common = ["format", "version", "name", "notes", "kind", "configuration", "inputs", "sampling", "expected"]
        let scene: SceneTrace.Scene
        let o: Object
        switch kind {
        case "bubbles":
            o = try object(root, path, keys: common + ["seed"])
            let c = try bubbles(try required(o, "configuration"), path / "configuration")
            var taps: [Double] = []
            for (n, node) in try array(try required(o, "inputs"), path / "inputs").enumerated() {
                let io = try object(node, path / "inputs" / n, keys: ["time", "tap"])
                guard try bool(try required(io, "tap"), io.path / "tap") else { throw fail(node, io.path / "tap", "must be true") }
                taps.append(try double(io, "time"))
            }
            scene = .bubbles(c, seed: try seed(o), taps: taps)
        case "dayNight":
            o = try object(root, path, keys: common + ["minutes"])
            let c = try dayNight(try required(o, "configuration"), path / "configuration")
            var picks: [DayNightPicker.Pick] = []
            for (n, node) in try array(try required(o, "inputs"), path / "inputs").enumerated() {
                let io = try object(node, path / "inputs" / n, keys: ["time", "pick"])
                picks.append(DayNightPicker.Pick(time: try double(io, "time"), minutes: try double(io, "pick")))
            }
            scene = .dayNight(c, minutes: try double(o, "minutes"), picks: picks)
        case "clouds":
            o = try object(root, path, keys: common + ["seed"])
            let c = try clouds(try required(o, "configuration"), path / "configuration")
            guard try array(try required(o, "inputs"), path / "inputs").isEmpty else {
                throw fail(try required(o, "inputs"), path / "inputs", "clouds take no inputs")
            }
            scene = .clouds(c, seed: try seed(o))
        case "chatHeads":
            o = try object(root, path, keys: common + ["heads"])
            let co = try object(
                try required(o, "configuration"), path / "configuration",
                keys: ["screen", "safeBand", "diameter", "outside", "pressedScale", "spring", "spacing", "panelHeight"])
            var c = ChatHeadsConfiguration(
                screen: try rect(try required(co, "screen"), co.path / "screen"),
                safeBand: try range(co, "safeBand"))
            c.diameter = try double(co, "diameter")
            c.outside = try double(co, "outside")
            c.pressedScale = try double(co, "pressedScale")
            c.spring = try spring(try required(co, "spring"), co.path / "spring")
            c.spacing = try double(co, "spacing")
            c.panelHeight = try double(co, "panelHeight")
            var heads: [Vector] = []
            for (n, node) in try array(try required(o, "heads"), path / "heads").enumerated() {
                heads.append(try vector(node, path / "heads" / n))
            }
            scene = .chatHeads(c, heads: heads, inputs: try snapInputs(o))
        case "sunSwitch":
            o = try object(root, path, keys: common + ["isOn"])
            let co = try object(
                try required(o, "configuration"), path / "configuration",
                keys: ["offCenter", "onCenter", "knobDiameter", "rubberBand", "spring", "raysAngularSpeed", "alphaSpring"])
            var c = SunSwitchConfiguration(
                offCenter: try vector(try required(co, "offCenter"), co.path / "offCenter"),
                onCenter: try vector(try required(co, "onCenter"), co.path / "onCenter"))
            c.knobDiameter = try double(co, "knobDiameter")
            c.rubberBand = try double(co, "rubberBand")
            c.spring = try spring(try required(co, "spring"), co.path / "spring")
            c.raysAngularSpeed = try double(co, "raysAngularSpeed")
            c.alphaSpring = try spring(try required(co, "alphaSpring"), co.path / "alphaSpring")
            scene = .sunSwitch(c, isOn: try bool(try required(o, "isOn"), path / "isOn"), inputs: try snapInputs(o))
        default:
            throw fail(kindNode, path / "kind", "must be \"bubbles\", \"dayNight\", \"clouds\", \"chatHeads\" or \"sunSwitch\"")
        }
        let so = try object(try required(o, "sampling"), path / "sampling", keys: ["rate", "duration"])
        var trace = SceneTrace(
            name: try optionalString(o, "name"), notes: try optionalString(o, "notes"), scene: scene,
            sampling: .init(rate: try double(so, "rate"), duration: try double(so, "duration")))
        if let en = optional(o, "expected") {
            let eo = try object(en, path / "expected", keys: ["samples", "digest"])
            trace.expected = .init(samples: try int(eo, "samples"), digest: try digest(try required(eo, "digest"), eo.path / "digest"))
        }
        do { try trace.validate() } catch {
            throw FlingError(error.code, field: "\(locate(path)) (\(error.field))", value: error.value, reason: error.reason)
        }
        return trace
    }

    /// A snap scene's touches, in the trace's event form (with an optional `tick`).
    mutating func snapInputs(_ o: Object) throws(FlingError) -> [Trace.Input] {
        let saved = version
        version = 2
        defer { version = saved }
        var inputs: [Trace.Input] = []
        for (n, node) in try array(try required(o, "inputs"), o.path / "inputs").enumerated() {
            let input = try input(node, o.path / "inputs" / n)
            guard case .touch = input.input else { throw fail(node, o.path / "inputs" / n, "a snap scene takes touches only") }
            inputs.append(input)
        }
        return inputs
    }

    mutating func seed(_ o: Object) throws(FlingError) -> UInt64 {
        let node = try required(o, "seed")
        let s = try int(node, o.path / "seed")
        guard s >= 0 else { throw fail(node, o.path / "seed", "must be a whole number from 0 to 2^53") }
        return UInt64(s)
    }

    /// `[lower, upper]`, lower ≤ upper.
    mutating func range(_ node: JSONNode, _ path: Path) throws(FlingError) -> ClosedRange<Double> {
        let items = try array(node, path)
        guard items.count == 2 else { throw fail(node, path, "a range is [lower, upper]") }
        let lo = try double(items[0], path / 0), hi = try double(items[1], path / 1)
        guard lo <= hi else { throw fail(node, path, "the lower bound must not exceed the upper") }
        return lo...hi
    }

    mutating func range(_ o: Object, _ key: String) throws(FlingError) -> ClosedRange<Double> {
        try range(try required(o, key), o.path / key)
    }

    mutating func bubbles(_ node: JSONNode, _ path: Path) throws(FlingError) -> BubbleEmitter.Configuration {
        let o = try object(
            node, path,
            keys: [
                "source", "interval", "height", "sway", "duration", "size", "startOffset",
                "timing", "popScale", "popDuration",
            ])
        var c = BubbleEmitter.Configuration()
        let sourceNode = try required(o, "source")
        if case .object(let m) = sourceNode.value, m.contains(where: { $0.key == "from" }) {
            let so = try object(sourceNode, path / "source", keys: ["from", "to", "period"])
            c.source = .sweep(
                from: try vector(try required(so, "from"), so.path / "from"),
                to: try vector(try required(so, "to"), so.path / "to"), period: try double(so, "period"))
        } else {
            c.source = .fixed(try vector(sourceNode, path / "source"))
        }
        if let interval = optional(o, "interval") { c.interval = try range(interval, path / "interval") }
        c.height = try range(o, "height")
        c.sway = try range(o, "sway")
        c.duration = try range(o, "duration")
        c.size = try range(o, "size")
        c.startOffset = try range(o, "startOffset")
        let timingNode = try required(o, "timing")
        guard let timing = BubbleEmitter.Timing(rawValue: try string(timingNode, path / "timing")) else {
            throw fail(timingNode, path / "timing", "must be \"parameter\" or \"paced\"")
        }
        c.timing = timing
        c.popScale = try double(o, "popScale")
        c.popDuration = try double(o, "popDuration")
        return c
    }

    mutating func dayNight(_ node: JSONNode, _ path: Path) throws(FlingError) -> DayNightPicker.Configuration {
        let o = try object(node, path, keys: ["imageHeight", "viewHeight", "sunMultiple", "starRamp", "transition", "wrap"])
        var c = DayNightPicker.Configuration()
        c.imageHeight = try double(o, "imageHeight")
        c.viewHeight = try double(o, "viewHeight")
        c.sunMultiple = try double(o, "sunMultiple")
        let rampNode = try required(o, "starRamp")
        guard let ramp = DayNightPicker.Ramp(rawValue: try string(rampNode, path / "starRamp")) else {
            throw fail(rampNode, path / "starRamp", "must be \"linear\" or \"smooth\"")
        }
        c.starRamp = ramp
        let wrapNode = try required(o, "wrap")
        guard let wrap = DayNightPicker.Wrap(rawValue: try string(wrapNode, path / "wrap")) else {
            throw fail(wrapNode, path / "wrap", "must be \"shorter\" or \"signed\"")
        }
        c.wrap = wrap
        let tNode = try required(o, "transition")
        let tPath = path / "transition"
        guard case .object(let m) = tNode.value, let k = m.first(where: { $0.key == "kind" }), case .string(let kind) = k.value.value else {
            throw fail(tNode, tPath, "a transition is {\"kind\": \"spring\" | \"curve\", …}")
        }
        switch kind {
        case "spring":
            let to = try object(tNode, tPath, keys: ["kind", "response", "dampingFraction"])
            c.transition = .spring(response: try double(to, "response"), dampingFraction: try double(to, "dampingFraction"))
        case "curve":
            let to = try object(tNode, tPath, keys: ["kind", "duration", "x1", "y1", "x2", "y2"])
            c.transition = .curve(
                duration: try double(to, "duration"), x1: try double(to, "x1"), y1: try double(to, "y1"),
                x2: try double(to, "x2"), y2: try double(to, "y2"))
        default:
            throw fail(k.value, tPath / "kind", "must be \"spring\" or \"curve\"")
        }
        return c
    }

    mutating func clouds(_ node: JSONNode, _ path: Path) throws(FlingError) -> CloudSpawner.Configuration {
        let o = try object(node, path, keys: ["viewWidth", "interval", "speed", "alpha", "height", "variants"])
        var c = CloudSpawner.Configuration()
        c.viewWidth = try double(o, "viewWidth")
        c.interval = try range(o, "interval")
        c.speed = try range(o, "speed")
        c.alpha = try range(o, "alpha")
        c.height = try range(o, "height")
        c.variants = []
        for (n, v) in try array(try required(o, "variants"), path / "variants").enumerated() {
            c.variants.append(try vector(v, path / "variants" / n))
        }
        return c
    }
}
