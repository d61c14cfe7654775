import Fling

/// `fling replay` and `fling render` of a seeded scene document (`fling-scene`).
enum SceneCommands {
    /// Prints one line about the scene, then `digest <hex> samples <n>`; a digest that differs
    /// from the document's pinned one is an error, as for traces.
    static func replay(_ scene: SceneTrace, path: String, backend kind: BackendKind, _ out: inout Output) throws {
        let replay = try scene.replay(keepsFrames: false, makeBackend: { n throws(FlingError) in try kind.make(solverIterations: n) })
        out.print("scene \(scene.scene.kind)\(scene.name.map { " [\($0)]" } ?? ""): \(summary(replay, scene.scene))")
        out.print(replay.summary)
        if !replay.mismatches.isEmpty {
            for m in replay.mismatches { out.error("fling: \(path): \(m)") }
            throw RunError("\(path): the replay differs from the digest the scene pins")
        }
    }

    static func summary(_ r: SceneReplay, _ scene: SceneTrace.Scene) -> String {
        func count(_ word: String) -> Int { r.events.filter { $0.contains(" \(word) ") }.count }
        let words: [String]
        switch scene {
        case .bubbles: words = ["emitted", "popped", "removed"]
        case .dayNight: words = ["picked"]
        case .clouds: words = ["appeared", "removed"]
        case .chatHeads: words = ["released", "tapped", "settled", "opened", "closed"]
        case .sunSwitch: words = ["toggled"]
        }
        var line = words.map { "\(count($0)) \($0)" }.joined(separator: ", ")
        if let d = r.tickDigest, let t = r.ticks { line += ", tick digest \(d.hex) ticks \(t)" }
        return line
    }

    static func f(_ x: Double) -> String {
        let r = (x * 100).rounded() / 100
        return r == r.rounded() ? String(Int(r)) : String(r)
    }

    /// An SVG picture: for bubbles, every bubble's path with its pops; for the picker, an
    /// animated SVG (SMIL) of the transition with the sky, the turning sun and moon, the stars
    /// and clouds drifting by (from a spawner seeded with `clouds`); for clouds, the same sky
    /// with the clouds alone.
    static func render(_ scene: SceneTrace, path: String, clouds seed: UInt64, backend kind: BackendKind = .nativePortable) throws -> String
    {
        let replay = try scene.replay(keepsFrames: true, makeBackend: { n throws(FlingError) in try kind.make(solverIterations: n) })
        let title = XMLText.escaped(scene.name ?? String(path.split(separator: "/").last ?? Substring(path)))
        switch scene.scene {
        case .bubbles(let c, let s, let taps):
            var e = try BubbleEmitter(configuration: c, seed: s)
            for t in taps { try e.tap(at: t) }
            var emitted: [BubbleEmitter.Bubble] = []
            for k in 0..<scene.sampling.count {
                for ev in try e.advance(to: scene.sampling.time(k)) where ev.kind == .emitted {
                    emitted.append(e.bubbles.first { $0.id == ev.bubble }!)
                }
            }
            var xs = emitted.flatMap { [$0.curve.start.x, $0.curve.control1.x, $0.curve.control2.x] }
            var ys = emitted.flatMap { [$0.curve.start.y, $0.curve.end.y] }
            if xs.isEmpty { xs = [0, 100]; ys = [0, 100] }
            let minX = xs.min()! - 30, maxX = xs.max()! + 30, minY = ys.min()! - 30, maxY = ys.max()! + 30
            let w = maxX - minX, h = maxY - minY
            var svg = header(width: w, height: h + 40, title: "\(title): \(emitted.count) bubbles, \(replay.summary)")
            svg += "<g transform=\"translate(\(f(-minX)),\(f(40 - minY)))\">\n"
            for b in emitted {
                let c = b.curve
                let color = b.mirrored ? "#ae3ec9" : "#1c7ed6"
                svg +=
                    "<path class=\"bubble\" d=\"M\(f(c.start.x)) \(f(c.start.y)) C\(f(c.control1.x)) \(f(c.control1.y)) "
                    + "\(f(c.control2.x)) \(f(c.control2.y)) \(f(c.end.x)) \(f(c.end.y))\" fill=\"none\" stroke=\"\(color)\" "
                    + "stroke-opacity=\"0.5\"/>\n"
                svg +=
                    "<circle cx=\"\(f(c.end.x))\" cy=\"\(f(c.end.y))\" r=\"\(f(b.size * c0(scene) / 2))\" fill=\"none\" stroke=\"\(color)\"/>\n"
            }
            return svg + "</g>\n</svg>\n"
        case .dayNight(let c, _, _):
            return sky(scene, replay, width: 390, height: c.viewHeight, imageHeight: c.imageHeight, clouds: seed, title: title)
        case .clouds(let c, _):
            return sky(scene, replay, width: c.viewWidth, height: 240, imageHeight: nil, clouds: nil, title: title)
        case .chatHeads(let c, _, _):
            return snap(replay, frame: c.screen, title: "\(title): \(replay.summary)")
        case .sunSwitch(let c, _, _):
            let track = c.trackFrame
            // Wide enough for the title line.
            let width = max(track.width + 120, 420)
            return snap(
                replay, frame: Rect(x: track.center.x - width / 2, y: track.y - 60, width: width, height: track.height + 120),
                title: "\(title): \(replay.summary)", track: track)
        }
    }

    /// A snap scene: the screen (or the switch's surroundings), each item's center path over
    /// the samples, and its outline at the end (the chat heads panel's last frame dashed).
    static func snap(_ replay: SceneReplay, frame: Rect, title: String, track: Rect? = nil) -> String {
        let colors = ["#1c7ed6", "#e8590c", "#2f9e44", "#ae3ec9", "#f08c00", "#495057"]
        var svg = header(width: frame.width + 40, height: frame.height + 80, title: title)
        svg += "<g transform=\"translate(\(f(20 - frame.x)),\(f(60 - frame.y)))\">\n"
        svg +=
            "<rect x=\"\(f(frame.x))\" y=\"\(f(frame.y))\" width=\"\(f(frame.width))\" height=\"\(f(frame.height))\" fill=\"none\" stroke=\"#868e96\"/>\n"
        if let t = track {
            svg +=
                "<rect x=\"\(f(t.x))\" y=\"\(f(t.y))\" width=\"\(f(t.width))\" height=\"\(f(t.height))\" rx=\"\(f(t.height / 2))\" fill=\"#fff3bf\" stroke=\"#f08c00\"/>\n"
        }
        let frames: [([SnapSnapshot], [Double])] = replay.frames.compactMap { if case .snap(let s, let e) = $0 { (s, e) } else { nil } }
        guard let last = frames.last else { return svg + "</g>\n</svg>\n" }
        for (n, item) in last.0.enumerated() {
            let color = colors[n % colors.count]
            let points = frames.map { fr in "\(f(fr.0[n].state.position.x)),\(f(fr.0[n].state.position.y))" }.joined(separator: " ")
            svg += "<polyline class=\"path\" points=\"\(points)\" fill=\"none\" stroke=\"\(color)\" stroke-opacity=\"0.6\"/>\n"
            let p = item.state.position
            if item.item.isDraggable {
                let r = item.item.width / 2 * item.scale
                svg += "<circle cx=\"\(f(p.x))\" cy=\"\(f(p.y))\" r=\"\(f(r))\" fill=\"none\" stroke=\"\(color)\" stroke-width=\"2\"/>\n"
            } else {
                let w = item.item.width, h = item.item.height
                svg +=
                    "<rect x=\"\(f(p.x - w / 2))\" y=\"\(f(p.y - h / 2))\" width=\"\(f(w))\" height=\"\(f(h))\" fill=\"none\" stroke=\"\(color)\" stroke-dasharray=\"6 4\"/>\n"
            }
        }
        return svg + "</g>\n</svg>\n"
    }

    /// The pop scale of a bubble scene (the drawn end circles are that big).
    static func c0(_ scene: SceneTrace) -> Double {
        if case .bubbles(let c, _, _) = scene.scene { return c.popScale }
        return 1
    }

    static func header(width: Double, height: Double, title: String) -> String {
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(f(width))\" height=\"\(f(height))\" "
            + "viewBox=\"0 0 \(f(width)) \(f(height))\">\n"
            + "<text x=\"8\" y=\"18\" font-family=\"Helvetica, Arial, sans-serif\" font-size=\"12\">\(title)</text>\n"
    }

    /// The animated sky: a SMIL animation over the samples.
    static func sky(
        _ scene: SceneTrace, _ replay: SceneReplay, width: Double, height: Double, imageHeight: Double?,
        clouds seed: UInt64?, title: String
    ) -> String {
        let n = replay.frames.count
        // Every sample at its own key time: the animation lasts from the first sample to the
        // last (one sampling interval for a single sample).
        let times = (0..<n).map { scene.sampling.time($0) }
        let duration = n > 1 ? times[n - 1] - times[0] : 1 / scene.sampling.rate
        let keyTimes = PathSVG.keyTimes(times)
        var svg = header(width: width, height: height + 30, title: "\(title): \(replay.summary)")
        svg += "<g transform=\"translate(0,30)\">\n<rect width=\"\(f(width))\" height=\"\(f(height))\" fill=\"#4dabf7\"/>\n"
        let layers = replay.frames.compactMap { frame -> DayNightPicker.Layers? in
            if case .dayNight(let l) = frame { l } else { nil }
        }
        if !layers.isEmpty, imageHeight != nil {
            // Night darkens the sky as the stars come out; the sun and moon turn on a wheel.
            let alphas = layers.map { f($0.starAlpha) }.joined(separator: ";")
            svg +=
                "<rect width=\"\(f(width))\" height=\"\(f(height))\" fill=\"#0b1a3a\">"
                + "<animate attributeName=\"opacity\" values=\"\(alphas)\" keyTimes=\"\(keyTimes)\" dur=\"\(duration)s\" "
                + "repeatCount=\"indefinite\"/></rect>\n"
            let cx = width / 2, cy = height, r = height * 0.7
            let degrees = layers.map { f($0.rotation * 180 / Double.pi) }
            svg +=
                "<g><animateTransform attributeName=\"transform\" type=\"rotate\" values=\""
                + degrees.map { "\($0) \(f(cx)) \(f(cy))" }.joined(separator: ";")
                + "\" keyTimes=\"\(keyTimes)\" dur=\"\(duration)s\" repeatCount=\"indefinite\"/>\n"
                + "<circle class=\"sun\" cx=\"\(f(cx - r))\" cy=\"\(f(cy))\" r=\"22\" fill=\"#ffd43b\"/>\n"
                + "<circle class=\"moon\" cx=\"\(f(cx + r))\" cy=\"\(f(cy))\" r=\"16\" fill=\"#f1f3f5\"/>\n</g>\n"
        }
        // Clouds: the scene's own, or a spawner seeded with `seed` over the same samples.
        var cloudFrames: [[CloudSpawner.Cloud]] = replay.frames.compactMap { frame in
            if case .clouds(let c) = frame { c } else { nil }
        }
        if cloudFrames.isEmpty, let seed,
            var spawner = try? CloudSpawner(
                configuration: {
                    var c = CloudSpawner.Configuration(); c.viewWidth = width; c.height = 10...(height * 0.4); return c
                }(),
                seed: seed)
        {
            for k in 0..<n {
                _ = try? spawner.advance(to: scene.sampling.time(k))
                cloudFrames.append(spawner.clouds)
            }
        }
        // Cloud ids only grow: the ids are every id from the first to the last seen.
        let seen = cloudFrames.flatMap { $0.map(\.id) }
        let ids = seen.isEmpty ? [] : Array(seen.min()!...seen.max()!)
        for id in ids {
            var xs: [String] = [], opacity: [String] = []
            var cloud: CloudSpawner.Cloud?
            for (k, frame) in cloudFrames.enumerated() {
                if let c = frame.first(where: { $0.id == id }) {
                    cloud = c
                    xs.append(f(c.position(at: scene.sampling.time(k)).x))
                    opacity.append(f(c.alpha))
                } else {
                    xs.append(f(-1000))
                    opacity.append("0")
                }
            }
            guard let c = cloud else { continue }
            svg +=
                "<ellipse class=\"cloud\" cx=\"-1000\" cy=\"\(f(c.y))\" rx=\"\(f(c.size.x / 2))\" ry=\"\(f(c.size.y / 2))\" fill=\"#fff\">"
                + "<animate attributeName=\"cx\" values=\"\(xs.joined(separator: ";"))\" keyTimes=\"\(keyTimes)\" dur=\"\(duration)s\" "
                + "calcMode=\"discrete\" repeatCount=\"indefinite\"/>"
                + "<animate attributeName=\"opacity\" values=\"\(opacity.joined(separator: ";"))\" keyTimes=\"\(keyTimes)\" "
                + "dur=\"\(duration)s\" calcMode=\"discrete\" repeatCount=\"indefinite\"/></ellipse>\n"
        }
        return svg + "</g>\n</svg>\n"
    }
}
