import FlingCore
import FlingPaths

/// The JSON form of a ``PathScene``, read with the trace reader's strict JSON parser and typed
/// accessors (unknown or missing keys, wrong types and bad numbers are errors naming the line and
/// key path; bad path data names the key path and the character offset), and written in a fixed
/// layout that reads back to the same bits.
extension PathScene {
    public init(json bytes: some Sequence<UInt8>) throws(FlingError) {
        let bytes = Array(bytes)
        var parser = JSONParser(bytes)
        let root = try parser.parseDocument()
        var decoder = TraceDecoder(bytes: bytes)
        self = try decoder.pathScene(root)
    }

    public init(json text: String) throws(FlingError) { try self.init(json: Array(text.utf8)) }

    /// Whether `bytes` hold a path scene document (its `"format"`).
    public static func isPathSceneDocument(_ bytes: [UInt8]) -> Bool {
        var parser = JSONParser(bytes)
        guard let root = try? parser.parseDocument(), case .object(let members) = root.value,
            let format = members.first(where: { $0.key == "format" }), case .string(let name) = format.value.value
        else { return false }
        return name == formatName
    }

    static func timingName(_ f: TimingFunction) -> String? {
        switch f {
        case .linear: "linear"
        case .easeIn: "easeIn"
        case .easeOut: "easeOut"
        case .easeInEaseOut: "easeInEaseOut"
        case .default: "default"
        default: nil
        }
    }

    /// The document, as UTF-8 text ending in a newline.
    public var json: String {
        typealias W = JSONWriter
        var lines = ["\"format\": \(W.string(Self.formatName))", "\"version\": \(Self.version)"]
        if let name { lines.append("\"name\": \(W.string(name))") }
        if let notes { lines.append("\"notes\": \(W.string(notes))") }
        lines.append("\"kind\": \"\(content.kind)\"")
        switch content {
        case .morph(let frames, let a):
            lines.append("\"keyframes\": [\n    " + frames.map(W.string).joined(separator: ",\n    ") + "\n  ]")
            lines.append("\"calculationMode\": \"\(a.calculationMode.rawValue)\"")
            if a.calculationMode != .paced {
                lines.append("\"keyTimes\": [" + a.keyTimes.map(W.number).joined(separator: ", ") + "]")
            }
            if a.timingFunctions.contains(where: { $0 != .linear }) {
                let timing = a.timingFunctions.map { f in
                    Self.timingName(f).map { "\"\($0)\"" }
                        ?? "[\(W.number(f.c1.x)), \(W.number(f.c1.y)), \(W.number(f.c2.x)), \(W.number(f.c2.y))]"
                }
                lines.append("\"timing\": [" + timing.joined(separator: ", ") + "]")
            }
            if a.calculationMode == .cubic {
                for (key, values) in [("tension", a.tension), ("continuity", a.continuity), ("bias", a.bias)] {
                    lines.append("\"\(key)\": [" + values.map(W.number).joined(separator: ", ") + "]")
                }
            }
            lines.append("\"duration\": \(W.number(a.duration))")
            lines.append("\"repeatCount\": " + (a.repeatCount.isInfinite ? "\"forever\"" : W.number(a.repeatCount)))
            lines.append("\"autoreverses\": \(a.autoreverses)")
            lines.append(
                "\"sampling\": {\"frames\": \(sampling.frames), \"from\": \(W.number(sampling.from)), \"to\": \(W.number(sampling.to))}")
        case .conveyor(let c):
            lines.append("\"from\": \(W.vector(c.start))")
            lines.append("\"to\": \(W.vector(c.end))")
            lines.append("\"spacing\": \(W.number(c.spacing))")
            lines.append("\"period\": \(W.number(c.period))")
            lines.append("\"reversed\": \(c.reversed)")
            lines.append("\"fadeLength\": \(W.number(c.fadeLength))")
            lines.append("\"sampling\": {\"frames\": \(sampling.frames)}")
        }
        if let x = expected { lines.append("\"expected\": {\"digest\": \"\(x.hex)\"}") }
        return "{\n  " + lines.joined(separator: ",\n  ") + "\n}\n"
    }
}

extension TraceDecoder {
    mutating func pathScene(_ root: JSONNode) throws(FlingError) -> PathScene {
        let path = Path()
        guard case .object(let members) = root.value else {
            throw fail(root, path, "a path scene is a JSON object, not \(root.kind)")
        }
        let o0 = Object(node: root, path: path, members: members)
        let formatNode = try required(o0, "format")
        guard try string(formatNode, path / "format") == PathScene.formatName else {
            throw fail(formatNode, path / "format", "must be \"\(PathScene.formatName)\"")
        }
        let versionNode = try required(o0, "version")
        guard try int(versionNode, path / "version") == PathScene.version else {
            throw fail(versionNode, path / "version", "this build of Fling reads version \(PathScene.version)")
        }
        let kindNode = try required(o0, "kind")
        let common = ["format", "version", "name", "notes", "kind", "sampling", "expected"]
        let content: PathScene.Content
        let o: Object
        var sampling: PathScene.Sampling
        /// A model error (from FlingPaths) located at a key path of the document.
        func located(_ e: FlingError, _ at: Path) -> FlingError {
            FlingError(e.code, field: "\(locate(at)) (\(e.field))", value: e.value, reason: e.reason)
        }
        switch try string(kindNode, path / "kind") {
        case "morph":
            o = try object(
                root, path,
                keys: common + [
                    "keyframes", "calculationMode", "keyTimes", "timing", "tension", "continuity", "bias", "duration",
                    "repeatCount", "autoreverses",
                ])
            var texts: [String] = [], frames: [BezierPath] = []
            for (n, node) in try array(try required(o, "keyframes"), path / "keyframes").enumerated() {
                let d = try string(node, path / "keyframes" / n)
                do { frames.append(try BezierPath(svg: d)) } catch { throw located(error, path / "keyframes" / n) }
                texts.append(d)
            }
            var keyTimes: [Double]? = nil
            if let kt = optional(o, "keyTimes") {
                var times: [Double] = []
                for (n, node) in try array(kt, path / "keyTimes").enumerated() { times.append(try double(node, path / "keyTimes" / n)) }
                keyTimes = times
            }
            var mode = KeyframeAnimation.CalculationMode.linear
            if let mn = optional(o, "calculationMode") {
                guard let m = KeyframeAnimation.CalculationMode(rawValue: try string(mn, path / "calculationMode")) else {
                    throw fail(mn, path / "calculationMode", "must be \"linear\", \"discrete\", \"paced\" or \"cubic\"")
                }
                mode = m
            }
            var spline: [[Double]?] = []
            for key in ["tension", "continuity", "bias"] {
                guard let node = optional(o, key) else { spline.append(nil); continue }
                var values: [Double] = []
                for (n, x) in try array(node, path / key).enumerated() { values.append(try double(x, path / key / n)) }
                spline.append(values)
            }
            var timing: [TimingFunction]? = nil
            if let tn = optional(o, "timing") {
                var list: [TimingFunction] = []
                for (n, node) in try array(tn, path / "timing").enumerated() {
                    let at = path / "timing" / n
                    if case .string = node.value {
                        let name = try string(node, at)
                        let all: [TimingFunction] = [.linear, .easeIn, .easeOut, .easeInEaseOut, .default]
                        guard let f = all.first(where: { PathScene.timingName($0) == name }) else {
                            throw fail(node, at, "must be linear, easeIn, easeOut, easeInEaseOut, default or [x1, y1, x2, y2]")
                        }
                        list.append(f)
                    } else {
                        let xs = try array(node, at)
                        guard xs.count == 4 else { throw fail(node, at, "control points are [x1, y1, x2, y2]") }
                        var v: [Double] = []
                        for (k, x) in xs.enumerated() { v.append(try double(x, at / k)) }
                        do { list.append(try TimingFunction(v[0], v[1], v[2], v[3])) } catch { throw located(error, at) }
                    }
                }
                timing = list
            }
            var repeatCount = 1.0
            if let rn = optional(o, "repeatCount") {
                if case .string = rn.value {
                    guard try string(rn, path / "repeatCount") == "forever" else {
                        throw fail(rn, path / "repeatCount", "must be a number or \"forever\"")
                    }
                    repeatCount = .infinity
                } else {
                    repeatCount = try double(rn, path / "repeatCount")
                }
            }
            let autoreverses =
                try optional(o, "autoreverses").map { (n: JSONNode) throws(FlingError) -> Bool in
                    try bool(n, path / "autoreverses")
                } ?? false
            let animation: KeyframeAnimation
            do {
                animation = try KeyframeAnimation(
                    keyframes: frames, keyTimes: keyTimes, timingFunctions: timing, calculationMode: mode,
                    tension: spline[0], continuity: spline[1], bias: spline[2],
                    duration: try double(o, "duration"), repeatCount: repeatCount,
                    autoreverses: autoreverses)
            } catch { throw located(error, path) }
            content = .morph(keyframes: texts, animation)
            let so = try object(try required(o, "sampling"), path / "sampling", keys: ["frames", "from", "to"])
            sampling = .init(frames: try int(so, "frames"), from: try double(so, "from"), to: try double(so, "to"))
        case "conveyor":
            o = try object(root, path, keys: common + ["from", "to", "spacing", "period", "reversed", "fadeLength"])
            let from = try vector(try required(o, "from"), path / "from")
            let to = try vector(try required(o, "to"), path / "to")
            let reversed =
                try optional(o, "reversed").map { (n: JSONNode) throws(FlingError) -> Bool in
                    try bool(n, path / "reversed")
                } ?? false
            let fade =
                try optional(o, "fadeLength").map { (n: JSONNode) throws(FlingError) -> Double in
                    try double(n, path / "fadeLength")
                } ?? 50
            do {
                content = .conveyor(
                    try Conveyor(
                        from: from, to: to, spacing: try double(o, "spacing"),
                        period: try double(o, "period"), reversed: reversed, fadeLength: fade))
            } catch { throw located(error, path) }
            let so = try object(try required(o, "sampling"), path / "sampling", keys: ["frames"])
            sampling = .init(frames: try int(so, "frames"))
        default:
            throw fail(kindNode, path / "kind", "must be \"morph\" or \"conveyor\"")
        }
        guard sampling.frames >= 1, sampling.frames <= 1_000_000 else {
            throw FlingError(
                .outOfRange, field: "\(locate(path / "sampling" / "frames"))", value: "\(sampling.frames)",
                reason: "must lie in 1...1000000")
        }
        var scene = PathScene(
            name: try optionalString(o, "name"), notes: try optionalString(o, "notes"),
            content: content, sampling: sampling)
        if let en = optional(o, "expected") {
            let eo = try object(en, path / "expected", keys: ["digest"])
            scene.expected = try digest(try required(eo, "digest"), eo.path / "digest")
        }
        return scene
    }
}
