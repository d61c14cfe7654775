import _FlingCoding
import FlingCore
import FlingPaths
import FlingTraces

/// SVG pictures of moving paths (plain text, no Foundation): a filmstrip of sampled frames, and
/// an animated SVG (SMIL `<animate>`) that plays in a browser. Numbers are written in Swift's
/// shortest round-trip form, so each frame's `d` parses back to the sampled shape's exact bits.
enum PathSVG {
    static func n(_ x: Double) -> String { NumberText.shortest(x) }

    /// The most segments (of shapes) or items (of conveyors) one picture draws, over all its
    /// frames: a bound on the picture's size (about 70 bytes of text each) and on the time and
    /// memory making it takes. A picture that would draw more, or more than ``maximumFrames``
    /// frames, is thinned to evenly spread frames (every k-th of those asked for, in order, the
    /// first always kept); never below one frame for a filmstrip, two for an animation.
    static let maximumDrawn = 1_000_000
    /// The most frames one picture draws (cells of a filmstrip, steps of an animation).
    static let maximumFrames = 2_000

    /// How many frames of `perFrame` segments or items fit: `asked` or fewer, at least `least`.
    static func framesThatFit(_ asked: Int, perFrame: Int, least: Int) -> Int {
        max(least, min(asked, maximumFrames, maximumDrawn / max(1, perFrame)))
    }

    /// `xs` thinned to at most `count` elements: every k-th from the first, `k = ⌈n / count⌉`.
    static func thinned<T>(_ xs: [T], to count: Int) -> [T] {
        guard xs.count > count, count > 0 else { return xs }
        let k = (xs.count + count - 1) / count
        return stride(from: 0, to: xs.count, by: k).map { xs[$0] }
    }

    /// SMIL `keyTimes` for samples taken at `times` (increasing, at least two): each time's
    /// fraction of the span from the first to the last, in the shortest form that reads back
    /// to the same double, so no two samples share a key time (two decimals would put 301
    /// samples over 5 s on 101 times). The first is 0 and the last 1, as SMIL requires; a
    /// fraction that division would round onto its predecessor is moved up by one ulp.
    static func keyTimes(_ times: [Double]) -> String {
        guard let first = times.first, let last = times.last, last > first else { return times.count > 1 ? "0.0;1.0" : "0.0" }
        var out: [String] = []
        var previous = -1.0
        for (k, t) in times.enumerated() {
            var f = k == times.count - 1 ? 1 : min(1, max(0, (t - first) / (last - first)))
            if f <= previous { f = previous.nextUp }
            previous = f
            out.append(n(f))
        }
        return out.joined(separator: ";")
    }

    /// A time for a caption, to the millisecond (the exact time is in the frame's `data-t`).
    static func timeLabel(_ seconds: Double) -> String {
        let ms = (seconds * 1000).rounded()
        guard abs(ms) < 0x1p62 else { return "\(seconds)" }  // NaN, infinite or beyond Int
        return ms == (ms / 1000).rounded() * 1000 ? "\(Int(ms / 1000))" : "\(ms / 1000)"
    }

    /// Union of the frames' bounds with a margin, as an SVG viewBox origin and size.
    static func frame(of paths: [BezierPath], margin: Double) -> BoundingBox {
        var box: BoundingBox? = nil
        for p in paths { if let b = p.bounds { box = box.map { $0.union(b) } ?? b } }
        let b = box ?? BoundingBox(min: .zero, max: Vector(1, 1))
        return BoundingBox(min: b.min - Vector(margin, margin), max: b.max + Vector(margin, margin))
    }

    /// A filmstrip: the shape at each of `times` in a grid of `columns`, each cell `cell` points
    /// wide, the time under it. Every frame is a `<path data-t="…" d="…">`. Times are thinned
    /// to fit ``maximumDrawn`` segments.
    static func filmstrip(
        _ animation: KeyframeAnimation, times: [Double], columns: Int = 6,
        cell: Double = 160, fill: String = "#e8453c", title: String = ""
    ) -> String {
        let times = thinned(times, to: framesThatFit(times.count, perFrame: animation.maximumShapeSegments, least: 1))
        let shapes = times.map { animation.shape(at: $0) }
        let box = frame(of: shapes, margin: 4)
        let w = box.max.x - box.min.x, h = box.max.y - box.min.y
        let scale = cell / max(w, h)
        let cols = max(1, min(columns, times.count))
        let rows = (times.count + cols - 1) / cols
        let caption = 18.0, top = title.isEmpty ? 0.0 : 24.0
        let width = Double(cols) * cell, height = top + Double(rows) * (cell + caption)
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        out +=
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(n(width))\" height=\"\(n(height))\" viewBox=\"0 0 \(n(width)) \(n(height))\">\n"
        out += "<rect width=\"100%\" height=\"100%\" fill=\"#ffffff\"/>\n"
        if !title.isEmpty {
            out += "<text x=\"8\" y=\"17\" font-family=\"sans-serif\" font-size=\"14\">\(XMLText.escaped(title))</text>\n"
        }
        for (k, (t, shape)) in zip(times, shapes).enumerated() {
            let x = Double(k % cols) * cell, y = top + Double(k / cols) * (cell + caption)
            out += "<g transform=\"translate(\(n(x)) \(n(y))) scale(\(n(scale))) translate(\(n(-box.min.x)) \(n(-box.min.y)))\">"
            out += "<path data-t=\"\(n(t))\" fill=\"\(XMLText.escaped(fill))\" fill-rule=\"nonzero\" d=\"\(shape.svgData)\"/></g>\n"
            out +=
                "<text x=\"\(n(x + cell / 2))\" y=\"\(n(y + cell + 13))\" text-anchor=\"middle\" font-family=\"sans-serif\" font-size=\"11\">t = \(timeLabel(t)) s</text>\n"
        }
        out += "</svg>\n"
        return out
    }

    /// One cycle of `animation` for an animated picture: `frames` sample times (fitted, at least
    /// two) evenly over a pass (a pass and its reverse when it autoreverses; its active duration
    /// when shorter), the shapes there, the cycle's length, whether the shapes share one
    /// structure (browsers interpolate them, else discrete steps) and the `repeatCount` value.
    static func cycle(_ animation: KeyframeAnimation, frames: Int) throws(FlingError) -> (
        times: [Double], shapes: [BezierPath], span: Double, linear: Bool, repeats: String
    ) {
        let count = framesThatFit(frames, perFrame: animation.maximumShapeSegments, least: 2)
        let cycle = animation.duration * (animation.autoreverses ? 2 : 1)
        let span = animation.repeatCount.isInfinite ? cycle : min(cycle, animation.activeDuration)
        let times = try KeyframeAnimation.sampleTimes(count: count, from: 0, to: span)
        let shapes = times.map { animation.shape(at: $0) }
        let linear = shapes.allSatisfy { PathMorph.sameStructure($0, shapes[0]) }
        let repeats = animation.repeatCount.isInfinite ? "indefinite" : n(animation.activeDuration / span)
        return (times, shapes, span, linear, repeats)
    }

    /// An animated SVG: one `<path>` whose `d` is animated (SMIL) through `frames` shapes sampled
    /// evenly over one cycle (a pass, or a pass and its reverse) with `keyTimes` k/(frames-1),
    /// repeating as the animation does. Linear interpolation between samples when they all share
    /// one structure (what browsers can interpolate), otherwise discrete steps. `frames` is at
    /// least 2, and fewer when more would draw beyond ``maximumDrawn`` segments.
    static func animated(
        _ animation: KeyframeAnimation, frames: Int = 61, fill: String = "#e8453c",
        size: Double = 320
    ) throws(FlingError) -> String {
        let (times, shapes, span, linear, repeats) = try cycle(animation, frames: frames)
        let box = frame(of: shapes, margin: 4)
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        out += "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(n(size))\" height=\"\(n(size))\" "
        out += "viewBox=\"\(n(box.min.x)) \(n(box.min.y)) \(n(box.max.x - box.min.x)) \(n(box.max.y - box.min.y))\">\n"
        out += "<path fill=\"\(XMLText.escaped(fill))\" d=\"\(shapes[0].svgData)\">\n"
        out += "<animate attributeName=\"d\" dur=\"\(n(span))s\" repeatCount=\"\(repeats)\" fill=\"freeze\" "
        out += "calcMode=\"\(linear ? "linear" : "discrete")\" "
        out += "keyTimes=\"\(keyTimes(times))\" "
        out += "values=\"\(shapes.map(\.svgData).joined(separator: ";"))\"/>\n"
        out += "</path>\n</svg>\n"
        return out
    }

    /// A filmstrip of a conveyor: one row per time, each visible item a circle of `radius`
    /// with its alpha as `opacity` (`data-t` on the row). Times are thinned to fit
    /// ``maximumDrawn`` items.
    static func filmstrip(
        _ conveyor: Conveyor, nanoseconds times: [Int64], radius: Double = 6,
        fill: String = "#5a5a5a"
    ) -> String {
        let times = thinned(times, to: framesThatFit(times.count, perFrame: conveyor.itemsShown, least: 1))
        let lo = Vector(min(conveyor.start.x, conveyor.end.x), min(conveyor.start.y, conveyor.end.y))
        let hi = Vector(max(conveyor.start.x, conveyor.end.x), max(conveyor.start.y, conveyor.end.y))
        let rowHeight = hi.y - lo.y + 2 * radius + 8
        let width = hi.x - lo.x + 2 * radius + 120, height = rowHeight * Double(times.count)
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        out +=
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(n(width))\" height=\"\(n(height))\" viewBox=\"0 0 \(n(width)) \(n(height))\">\n"
        out += "<rect width=\"100%\" height=\"100%\" fill=\"#ffffff\"/>\n"
        for (k, t) in times.enumerated() {
            let dx = 120 + radius - lo.x, dy = Double(k) * rowHeight + radius + 4 - lo.y
            out +=
                "<text x=\"4\" y=\"\(n(Double(k) * rowHeight + rowHeight / 2 + 4))\" font-family=\"sans-serif\" font-size=\"11\">t = \(timeLabel(Double(t) / 1e9)) s</text>\n"
            out += "<g data-t=\"\(t)\" transform=\"translate(\(n(dx)) \(n(dy)))\">"
            for item in conveyor.items(atNanoseconds: t) {
                out +=
                    "<circle cx=\"\(n(item.position.x))\" cy=\"\(n(item.position.y))\" r=\"\(n(radius))\" fill=\"\(XMLText.escaped(fill))\" opacity=\"\(n(item.alpha))\"/>"
            }
            out += "</g>\n"
        }
        out += "</svg>\n"
        return out
    }

    /// An animated conveyor: the picture repeats every period, and within one period each item
    /// moves exactly one spacing, so each item slot is a circle whose `cx`, `cy` and `opacity`
    /// are animated through `frames` samples of one period, repeating forever; at the period's
    /// end every slot stands where its neighbour started, so the loop is seamless. `frames` is
    /// at least 2, and fewer when more would draw beyond ``maximumDrawn`` items.
    static func animated(
        _ conveyor: Conveyor, frames: Int = 31, radius: Double = 6,
        fill: String = "#5a5a5a"
    ) -> String {
        let l = conveyor.length, s = conveyor.spacing
        let slots = Int((l / s).rounded(.down)) + 2
        let count = framesThatFit(frames, perFrame: slots, least: 2)
        let direction = conveyor.end - conveyor.start
        let lo = Vector(min(conveyor.start.x, conveyor.end.x), min(conveyor.start.y, conveyor.end.y))
        let hi = Vector(max(conveyor.start.x, conveyor.end.x), max(conveyor.start.y, conveyor.end.y))
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        out +=
            "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"\(n(lo.x - radius)) \(n(lo.y - radius)) \(n(hi.x - lo.x + 2 * radius)) \(n(hi.y - lo.y + 2 * radius))\">\n"
        let keys = Self.keyTimes((0..<count).map { Double($0) / Double(count - 1) })
        let dur = n(conveyor.period)
        for j in 0..<slots {
            var xs: [String] = [], ys: [String] = [], alphas: [String] = []
            for k in 0..<count {
                let f = Double(k) / Double(count - 1)
                // Forward: slot j runs from (j - 1)·s to j·s; reversed: from j·s to (j - 1)·s.
                let d = conveyor.reversed ? (Double(j) - f) * s : (Double(j) - 1 + f) * s
                let p = conveyor.start + direction * (d / l)
                xs.append(n(p.x)); ys.append(n(p.y))
                alphas.append(n(d < 0 || d > l ? 0 : conveyor.alpha(atDistance: d)))
            }
            out += "<circle r=\"\(n(radius))\" fill=\"\(XMLText.escaped(fill))\" cx=\"\(xs[0])\" cy=\"\(ys[0])\" opacity=\"\(alphas[0])\">"
            for (name, values) in [("cx", xs), ("cy", ys), ("opacity", alphas)] {
                out +=
                    "<animate attributeName=\"\(name)\" dur=\"\(dur)s\" repeatCount=\"indefinite\" keyTimes=\"\(keys)\" values=\"\(values.joined(separator: ";"))\"/>"
            }
            out += "</circle>\n"
        }
        out += "</svg>\n"
        return out
    }
}
