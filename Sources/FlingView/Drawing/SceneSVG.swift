import _FlingCoding
import FlingCore
import FlingInteraction
import FlingPaths
import FlingScenes
import FlingTraces

// What the scene kinds' pictures share: the header, numbers to two decimals, the animated sky
// (the day-night picker's and the clouds'), and the snap scenes' paths and outlines.

enum SceneSVG {
    /// The most numbers one scene picture draws (coordinates, values of an animation): a bound
    /// on its size and on the memory and time making it takes, whatever the document. Beyond
    /// it, samples are thinned to every k-th (the first and the last kept), then bubbles or
    /// clouds to every k-th by id; the title still gives the whole replay's digest and counts.
    static let maximumDrawn = 1_000_000
    /// The most frames an animated picture (SMIL) steps through.
    static let maximumAnimationFrames = 2_000

    /// Keep every k-th sample of `n`, each holding up to `perSample` items (two numbers each),
    /// so that the frames kept draw at most ``maximumDrawn`` numbers (and an animation steps
    /// through at most ``maximumAnimationFrames``).
    static func frameStride(samples n: Int, perSample: Double, animated: Bool) -> Int {
        var frames = Double(maximumDrawn) / (2 * max(1, perSample))
        if animated { frames = min(frames, Double(maximumAnimationFrames)) }
        let kept = max(2, Int(min(frames, 1e9)))
        return max(1, (n + kept - 2) / (kept - 1))
    }

    /// `12.35` (``NumberText/hundredths(_:)``).
    static func f(_ x: Double) -> String { NumberText.hundredths(x) }

    static func header(width: Double, height: Double, title: String) -> String {
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(f(width))\" height=\"\(f(height))\" "
            + "viewBox=\"0 0 \(f(width)) \(f(height))\">\n"
            + "<text x=\"8\" y=\"18\" font-family=\"Helvetica, Arial, sans-serif\" font-size=\"12\">\(title)</text>\n"
    }

    /// The document's title for a picture: its name, or the file's.
    static func title(_ name: String?, _ options: Documents.RenderOptions) -> String { XMLText.escaped(name ?? options.title) }

    /// The animated sky of a seeded scene's run: a SMIL animation over its steps (the samples
    /// kept): the day-night picker's layers (with `layers`: the sky, the sun and moon, night),
    /// and clouds: the run's own, or when it has none a spawner seeded with `seed` at the same
    /// times; every k-th cloud by id when more would draw beyond ``maximumDrawn`` numbers. The
    /// view is the run's stage viewport.
    static func sky(_ run: Run, rate: Double, layers: Bool, seed: UInt64?, title: String) -> String {
        let stage = run.stages.first
        let width = stage?.viewport.width ?? 390, height = stage?.viewport.height ?? 240
        // Every kept sample at its own key time (PathSVG.keyTimes: exact, strictly increasing);
        // the animation lasts from the first sample to the last (one interval for a single one).
        let n = run.steps.count
        let times = run.steps.map(\.time)
        let duration = n > 1 ? times[n - 1] - times[0] : 1 / rate
        let keyTimes = PathSVG.keyTimes(times)
        var svg = header(width: width, height: height + 30, title: "\(title): \(run.summary)")
        svg += "<g transform=\"translate(0,30)\">\n<rect width=\"\(f(width))\" height=\"\(f(height))\" fill=\"#4dabf7\"/>\n"
        if layers {
            // Night darkens the sky as the stars come out; the sun and moon turn on a wheel.
            let sky = run.steps.map { $0.items.first { $0.kind == "sky" } }
            let alphas = sky.map { f($0?.value("starAlpha") ?? 0) }.joined(separator: ";")
            svg +=
                "<rect width=\"\(f(width))\" height=\"\(f(height))\" fill=\"#0b1a3a\">"
                + "<animate attributeName=\"opacity\" values=\"\(alphas)\" keyTimes=\"\(keyTimes)\" dur=\"\(duration)s\" "
                + "repeatCount=\"indefinite\"/></rect>\n"
            let cx = width / 2, cy = height, r = height * 0.7
            let degrees = sky.map { f(($0?.value("rotation") ?? 0) * 180 / Double.pi) }
            svg +=
                "<g><animateTransform attributeName=\"transform\" type=\"rotate\" values=\""
                + degrees.map { "\($0) \(f(cx)) \(f(cy))" }.joined(separator: ";")
                + "\" keyTimes=\"\(keyTimes)\" dur=\"\(duration)s\" repeatCount=\"indefinite\"/>\n"
                + "<circle class=\"sun\" cx=\"\(f(cx - r))\" cy=\"\(f(cy))\" r=\"22\" fill=\"#ffd43b\"/>\n"
                + "<circle class=\"moon\" cx=\"\(f(cx + r))\" cy=\"\(f(cy))\" r=\"16\" fill=\"#f1f3f5\"/>\n</g>\n"
        }
        // Each frame's clouds by id (in order of id), where each is and how opaque, and each
        // cloud's height and size: the run's, or a seeded spawner's at the same times.
        var cloudFrames: [[DrawnCloud]] = run.steps.map { step in
            step.items.filter { $0.kind == "cloud" }.map { DrawnCloud(id: $0.id, x: $0.value("x") ?? 0, alpha: $0.value("alpha") ?? 0) }
        }
        var shapes: [Int: (y: Double, width: Double, height: Double)] = [:]
        for item in stage?.items ?? [] where item.itemKind == "cloud" {
            shapes[item.id] = (item.fact("y"), item.fact("width"), item.fact("height"))
        }
        if cloudFrames.allSatisfy(\.isEmpty), let seed,
            var spawner = try? CloudSpawner(
                configuration: {
                    var c = CloudSpawner.Configuration(); c.viewWidth = width; c.height = 10...(height * 0.4); return c
                }(),
                seed: seed)
        {
            cloudFrames = []
            for t in times {
                _ = try? spawner.advance(to: t)
                cloudFrames.append(spawner.clouds.map { DrawnCloud(id: $0.id, x: $0.position(at: t).x, alpha: $0.alpha) })
                for c in spawner.clouds { shapes[c.id] = (c.y, c.size.x, c.size.y) }
            }
        }
        // Cloud ids only grow, and a frame lists its clouds by id: the ids drawn are every k-th
        // id from the first to the last seen.
        guard let first = cloudFrames.compactMap({ $0.first?.id }).min(), let lastID = cloudFrames.compactMap({ $0.last?.id }).max(),
            n > 0
        else { return svg + "</g>\n</svg>\n" }
        let stride = max(1, (lastID - first) / max(1, maximumDrawn / (2 * n)) + 1)
        for id in Swift.stride(from: first, through: lastID, by: stride) {
            var xs: [String] = [], opacity: [String] = []
            for frame in cloudFrames {
                if let c = cloudByID(id, in: frame) {
                    xs.append(f(c.x))
                    opacity.append(f(c.alpha))
                } else {
                    xs.append(f(-1000))
                    opacity.append("0")
                }
            }
            guard let shape = shapes[id] else { continue }
            svg +=
                "<ellipse class=\"cloud\" cx=\"-1000\" cy=\"\(f(shape.y))\" rx=\"\(f(shape.width / 2))\" ry=\"\(f(shape.height / 2))\" fill=\"#fff\">"
                + "<animate attributeName=\"cx\" values=\"\(xs.joined(separator: ";"))\" keyTimes=\"\(keyTimes)\" dur=\"\(duration)s\" "
                + "calcMode=\"discrete\" repeatCount=\"indefinite\"/>"
                + "<animate attributeName=\"opacity\" values=\"\(opacity.joined(separator: ";"))\" keyTimes=\"\(keyTimes)\" "
                + "dur=\"\(duration)s\" calcMode=\"discrete\" repeatCount=\"indefinite\"/></ellipse>\n"
        }
        return svg + "</g>\n</svg>\n"
    }

    /// A cloud as one frame draws it: its id, its center's x and its opacity.
    struct DrawnCloud {
        var id: Int
        var x: Double
        var alpha: Double
    }

    /// The cloud with `id` in a frame (clouds in order of id), by bisection.
    static func cloudByID(_ id: Int, in frame: [DrawnCloud]) -> DrawnCloud? {
        var lo = 0, hi = frame.count
        while lo < hi {
            let mid = lo + (hi - lo) / 2
            if frame[mid].id < id { lo = mid + 1 } else { hi = mid }
        }
        return lo < frame.count && frame[lo].id == id ? frame[lo] : nil
    }

    /// A snap scene from its run: the screen (or the switch's surroundings), each item's center
    /// path over the steps, and its outline at the end: a head or the knob (an item with a
    /// `scale`) a circle of its stage's `diameter`, scaled; the chat heads panel (an item with a
    /// frame, `x y width height`) its last frame, dashed. Items without a place (the rays) are
    /// not drawn.
    static func snap(_ run: Run, frame: Rect, title: String, track: Rect? = nil) -> String {
        let colors = ["#1c7ed6", "#e8590c", "#2f9e44", "#ae3ec9", "#f08c00", "#495057"]
        var svg = header(width: frame.width + 40, height: frame.height + 80, title: title)
        svg += "<g transform=\"translate(\(f(20 - frame.x)),\(f(60 - frame.y)))\">\n"
        svg +=
            "<rect x=\"\(f(frame.x))\" y=\"\(f(frame.y))\" width=\"\(f(frame.width))\" height=\"\(f(frame.height))\" fill=\"none\" stroke=\"#868e96\"/>\n"
        if let t = track {
            svg +=
                "<rect x=\"\(f(t.x))\" y=\"\(f(t.y))\" width=\"\(f(t.width))\" height=\"\(f(t.height))\" rx=\"\(f(t.height / 2))\" fill=\"#fff3bf\" stroke=\"#f08c00\"/>\n"
        }
        guard let last = run.steps.last else { return svg + "</g>\n</svg>\n" }
        /// Where an item is: its position, or its frame's center.
        func center(_ item: RunItem) -> Vector? {
            guard let x = item.value("x"), let y = item.value("y") else { return nil }
            guard let w = item.value("width"), let h = item.value("height") else { return Vector(x, y) }
            return Vector(x + w / 2, y + h / 2)
        }
        let placed = last.items.indices.filter { center(last.items[$0]) != nil }
        for (n, m) in placed.enumerated() {
            let item = last.items[m]
            let color = colors[n % colors.count]
            let points = run.steps.compactMap { step in m < step.items.count ? center(step.items[m]) : nil }
                .map { "\(f($0.x)),\(f($0.y))" }.joined(separator: " ")
            svg += "<polyline class=\"path\" points=\"\(points)\" fill=\"none\" stroke=\"\(color)\" stroke-opacity=\"0.6\"/>\n"
            if let scale = item.value("scale"), let p = center(item) {
                let stageItem = run.stages.first?.items.first { $0.itemKind == item.kind && $0.id == item.id }
                let r = (stageItem?.fact("diameter") ?? 0) / 2 * scale
                svg += "<circle cx=\"\(f(p.x))\" cy=\"\(f(p.y))\" r=\"\(f(r))\" fill=\"none\" stroke=\"\(color)\" stroke-width=\"2\"/>\n"
            } else if let x = item.value("x"), let y = item.value("y"), let w = item.value("width"), let h = item.value("height") {
                svg +=
                    "<rect x=\"\(f(x))\" y=\"\(f(y))\" width=\"\(f(w))\" height=\"\(f(h))\" fill=\"none\" stroke=\"\(color)\" stroke-dasharray=\"6 4\"/>\n"
            }
        }
        return svg + "</g>\n</svg>\n"
    }
}

extension Run.StageItem {
    /// The fact named `name`, 0 when the item has none (what a picture draws for a missing one).
    func fact(_ name: String) -> Double { facts.first { $0.name == name }?.value ?? 0 }
}
