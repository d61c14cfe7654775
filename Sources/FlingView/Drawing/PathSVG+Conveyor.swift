import FlingCore
import FlingPaths

// The jumping pin's whole scene as a picture: the line under the dots (fading at both ends as the
// original's white gradients fade it), the dots in their looks (radius, colour, offset from the
// slot, `pattern[ordinal mod count]`), and the pin over them, `beginTime` behind the dots. A
// filmstrip over the dots' cycle, or an animated SVG whose dots loop over the cycle and whose pin
// begins `beginTime` late (SMIL `begin`), as the two Core Animation animations run side by side.

extension PathSVG {
    /// What the scene draws (FlingTraces' conveyor document with its looks).
    struct ConveyorScene {
        var conveyor: Conveyor
        var dots: [(radius: Double, color: String, offset: Double)]
        var baseline: (color: String, width: Double)?
        var pin: (animation: KeyframeAnimation, beginTime: Double, color: String)?

        init(
            conveyor: Conveyor, dots: [(radius: Double, color: String, offset: Double)], baseline: (color: String, width: Double)?,
            pin: (animation: KeyframeAnimation, beginTime: Double, color: String)?
        ) {
            self.conveyor = conveyor; self.dots = dots; self.baseline = baseline; self.pin = pin
        }

        /// The look of the item of `ordinal` (plain dots: radius 6, grey).
        func look(_ ordinal: Int) -> (radius: Double, color: String, offset: Double) {
            guard !dots.isEmpty else { return (6, "#5a5a5a", 0) }
            return dots[((ordinal % dots.count) + dots.count) % dots.count]
        }

        /// Where a dot of `look` at distance `d` of its slot is drawn, and its opacity there.
        func drawn(at d: Double, _ look: (radius: Double, color: String, offset: Double)) -> (Vector, Double) {
            let c = conveyor, e = d + look.offset
            return (c.start + (c.end - c.start) * (e / c.length), e < 0 || e > c.length ? 0 : c.alpha(atDistance: e))
        }

        /// The items drawn at `t`: those whose drawn center lies on the line.
        func visible(atNanoseconds t: Int64) -> [Conveyor.Item] {
            guard !dots.isEmpty else { return conveyor.items(atNanoseconds: t) }
            let offsets = dots.map(\.offset), l = conveyor.length
            return conveyor.items(atNanoseconds: t, from: -max(0, offsets.max()!), to: l - min(0, offsets.min()!)).filter { item in
                let e = item.distance + look(item.ordinal).offset
                return e >= 0 && e <= l
            }
        }

        /// The line and the dots' reach, with the pin's keyframes, with a margin.
        var box: BoundingBox {
            let c = conveyor
            let reach = (dots.map { $0.radius + abs($0.offset) }.max() ?? 6) + (baseline?.width ?? 0) + 4
            var b = BoundingBox(
                min: Vector(min(c.start.x, c.end.x), min(c.start.y, c.end.y)) - Vector(reach, reach),
                max: Vector(max(c.start.x, c.end.x), max(c.start.y, c.end.y)) + Vector(reach, reach))
            for p in pin?.animation.keyframes ?? [] { if let k = p.bounds { b = b.union(k) } }
            return BoundingBox(min: b.min - Vector(4, 4), max: b.max + Vector(4, 4))
        }

        /// Seconds of the dots' cycle: the period times the number of looks.
        var cycle: Double { conveyor.period * Double(max(1, dots.count)) }

        /// The line's gradient (`id`): its colour fading to nothing over the fade length at both ends,
        /// as the original's white gradients fade it.
        func lineGradient(id: String) -> String {
            guard let baseline else { return "" }
            let c = conveyor, l = c.length
            let f = l > 0 ? min(0.5, c.fadeLength / l) : 0
            var out = "<defs><linearGradient id=\"\(id)\" gradientUnits=\"userSpaceOnUse\" x1=\"\(n(c.start.x))\" y1=\"\(n(c.start.y))\" "
            out += "x2=\"\(n(c.end.x))\" y2=\"\(n(c.end.y))\">"
            for (offset, opacity) in [(0, 0), (f, 1), (1 - f, 1), (1, 0)] {
                out +=
                    "<stop offset=\"\(n(offset))\" stop-color=\"\(XMLText.escaped(baseline.color))\" stop-opacity=\"\(n(Double(opacity)))\"/>"
            }
            return out + "</linearGradient></defs>\n"
        }

        /// The line along the conveyor, stroked with the gradient `id`.
        func line(id: String) -> String {
            guard let baseline else { return "" }
            let c = conveyor
            return "<line x1=\"\(n(c.start.x))\" y1=\"\(n(c.start.y))\" x2=\"\(n(c.end.x))\" y2=\"\(n(c.end.y))\" "
                + "stroke=\"url(#\(id))\" stroke-width=\"\(n(baseline.width))\"/>"
        }
    }

    /// A filmstrip of the scene: a cell per time (thinned to fit ``maximumDrawn``), three a row,
    /// each 360 points wide, the time under it.
    static func filmstrip(_ scene: ConveyorScene, nanoseconds times: [Int64], title: String) -> String {
        let perFrame = scene.conveyor.itemsShown + (scene.pin?.animation.maximumShapeSegments ?? 0)
        let times = thinned(times, to: framesThatFit(times.count, perFrame: perFrame, least: 1))
        let box = scene.box
        let w = box.max.x - box.min.x, h = box.max.y - box.min.y
        let cell = 360.0, scale = cell / max(w, 1), caption = 18.0, top = 24.0
        let cols = max(1, min(3, times.count)), rows = (times.count + cols - 1) / cols
        let width = Double(cols) * cell, height = top + Double(rows) * (h * scale + caption)
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        out +=
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(n(width))\" height=\"\(n(height))\" viewBox=\"0 0 \(n(width)) \(n(height))\">\n"
        out += "<rect width=\"100%\" height=\"100%\" fill=\"#ffffff\"/>\n"
        out += "<text x=\"8\" y=\"17\" font-family=\"sans-serif\" font-size=\"14\">\(XMLText.escaped(title))</text>\n"
        out += scene.lineGradient(id: "line")
        for (k, t) in times.enumerated() {
            let x = Double(k % cols) * cell, y = top + Double(k / cols) * (h * scale + caption)
            out +=
                "<g data-t=\"\(t)\" transform=\"translate(\(n(x)) \(n(y))) scale(\(n(scale))) translate(\(n(-box.min.x)) \(n(-box.min.y)))\">"
            out += scene.line(id: "line")
            for item in scene.visible(atNanoseconds: t) {
                let look = scene.look(item.ordinal)
                let (center, alpha) = scene.drawn(at: item.distance, look)
                out +=
                    "<circle cx=\"\(n(center.x))\" cy=\"\(n(center.y))\" r=\"\(n(look.radius))\" fill=\"\(XMLText.escaped(look.color))\" opacity=\"\(n(alpha))\"/>"
            }
            if let pin = scene.pin {
                out +=
                    "<path fill=\"\(XMLText.escaped(pin.color))\" d=\"\(pin.animation.shape(at: Double(t) / 1e9 - pin.beginTime).svgData)\"/>"
            }
            out += "</g>\n"
            out +=
                "<text x=\"\(n(x + cell / 2))\" y=\"\(n(y + h * scale + 13))\" text-anchor=\"middle\" font-family=\"sans-serif\" font-size=\"11\">t = \(timeLabel(Double(t) / 1e9)) s</text>\n"
        }
        out += "</svg>\n"
        return out
    }

    /// The scene animated: every dot slot moves one spacing a period (jumping back at each
    /// period's end, where its neighbour takes its place) through `frames` samples a period, its
    /// look changing period by period (discrete `r` and `fill`), all looping over the dots'
    /// cycle; the pin's `d` through `frames` samples of its own cycle, beginning `beginTime`
    /// seconds after the dots (SMIL `begin`), before then its first keyframe.
    static func animated(_ scene: ConveyorScene, frames: Int = 91) throws(FlingError) -> String {
        let c = scene.conveyor, l = c.length, s = c.spacing
        let slots = Int((l / s).rounded(.down)) + 2
        let looks = max(1, scene.dots.count)
        let perPeriod = framesThatFit(max(2, frames / looks), perFrame: slots * looks, least: 2)
        let box = scene.box
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        out += "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(n(2 * (box.max.x - box.min.x)))\" "
        out += "viewBox=\"\(n(box.min.x)) \(n(box.min.y)) \(n(box.max.x - box.min.x)) \(n(box.max.y - box.min.y))\">\n"
        out += "<rect x=\"\(n(box.min.x))\" y=\"\(n(box.min.y))\" width=\"100%\" height=\"100%\" fill=\"#ffffff\"/>\n"
        out += scene.lineGradient(id: "line") + scene.line(id: "line") + "\n"
        let dur = n(scene.cycle)
        // Key times over the cycle: each period's samples; the first of a period one ulp after
        // the last of the one before (a jump back, and key times strictly increasing).
        var times: [Double] = []
        for p in 0..<looks {
            for i in 0..<perPeriod {
                let t = (Double(p) + Double(i) / Double(perPeriod - 1)) / Double(looks)
                times.append(times.last.map { max(t, $0.nextUp) } ?? t)
            }
        }
        times[times.count - 1] = 1
        let keyTimes = times.map(n)
        let lookTimes = (0..<looks).map { n(Double($0) / Double(looks)) }.joined(separator: ";")
        for j in 0..<slots {
            var xs: [String] = [], ys: [String] = [], alphas: [String] = [], radii: [String] = [], fills: [String] = []
            for p in 0..<looks {
                // The item in slot j during period p (ConveyorPaths' ordinals: Conveyor.Item.ordinal).
                let look = scene.look(c.reversed ? j + p : j - 1 - p)
                radii.append(n(look.radius)); fills.append(XMLText.escaped(look.color))
                for i in 0..<perPeriod {
                    let f = Double(i) / Double(perPeriod - 1)
                    let d = c.reversed ? (Double(j) - f) * s : (Double(j) - 1 + f) * s
                    let (center, alpha) = scene.drawn(at: d, look)
                    xs.append(n(center.x)); ys.append(n(center.y))
                    alphas.append(n(alpha))
                }
            }
            out += "<circle r=\"\(radii[0])\" fill=\"\(fills[0])\" cx=\"\(xs[0])\" cy=\"\(ys[0])\" opacity=\"\(alphas[0])\">"
            for (name, values) in [("cx", xs), ("cy", ys), ("opacity", alphas)] {
                out +=
                    "<animate attributeName=\"\(name)\" dur=\"\(dur)s\" repeatCount=\"indefinite\" keyTimes=\"\(keyTimes.joined(separator: ";"))\" values=\"\(values.joined(separator: ";"))\"/>"
            }
            if looks > 1 {
                for (name, values) in [("r", radii), ("fill", fills)] {
                    out +=
                        "<animate attributeName=\"\(name)\" dur=\"\(dur)s\" repeatCount=\"indefinite\" calcMode=\"discrete\" keyTimes=\"\(lookTimes)\" values=\"\(values.joined(separator: ";"))\"/>"
                }
            }
            out += "</circle>\n"
        }
        if let pin = scene.pin {
            let a = pin.animation
            let (times, shapes, span, linear, repeats) = try PathSVG.cycle(a, frames: frames)
            out += "<path fill=\"\(XMLText.escaped(pin.color))\" d=\"\(a.shape(at: 0).svgData)\">\n"
            out +=
                "<animate attributeName=\"d\" begin=\"\(n(pin.beginTime))s\" dur=\"\(n(span))s\" repeatCount=\"\(repeats)\" fill=\"freeze\" "
            out += "calcMode=\"\(linear ? "linear" : "discrete")\" keyTimes=\"\(PathSVG.keyTimes(times))\" "
            out += "values=\"\(shapes.map(\.svgData).joined(separator: ";"))\"/>\n"
            out += "</path>\n"
        }
        out += "</svg>\n"
        return out
    }
}
