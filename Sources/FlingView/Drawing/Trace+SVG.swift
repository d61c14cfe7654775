import _FlingCoding
import FlingCore
import FlingPaths
import FlingInteraction
import FlingTraces

// The tile trace's picture, `fling render`'s SVG: a panel per session, laid out in a grid, with
// a caption per panel and a legend. Coordinates are computed here (no SVG transforms), so that
// line widths and text sizes are the same in every panel.

/// Draws a replayed trace as one SVG picture.
struct TraceSVG {
    let trace: Trace
    let replay: TraceReplay
    /// Ticks between outlines.
    let every: Int
    /// A line under the title: the backend, say.
    let subtitle: String

    /// The most tile positions a picture draws (its center paths; a longer trace is drawn every
    /// k-th tick, outlines a sixteenth as many): a bound on the picture's size and on the memory
    /// and time making it takes.
    static let maximumStates = 500_000

    static let tileColors = ["#1c7ed6", "#2f9e44", "#ae3ec9", "#e8590c", "#0c8599", "#c2255c"]
    static let fingerColor = "#343a40"
    static let font = "font-family=\"Helvetica, Arial, sans-serif\""

    /// One session's panel, measured.
    struct Panel {
        var index: Int
        /// The part of the session's plane the panel shows, in points.
        var bounds: Rect
        var captions: [String]
    }

    func render() -> String {
        let panels = trace.sessions.indices.map { panel($0) }
        let columns = min(max(panels.count, 1), 4)
        let panelWidth = panels.count == 1 ? 420.0 : 260.0
        let widest = panels.map(\.bounds.width).max() ?? 1
        let scale = panelWidth / max(widest, 1)
        let gap = 24.0, margin = 20.0, lineHeight = 14.0, headerHeight = 52.0
        let captionHeight = Double(panels.map(\.captions.count).max() ?? 1) * lineHeight + 6
        var rows: [[Panel]] = []
        for (n, p) in panels.enumerated() {
            if n % columns == 0 { rows.append([]) }
            rows[rows.count - 1].append(p)
        }
        let rowHeights = rows.map { row in captionHeight + (row.map { $0.bounds.height * scale }.max() ?? 0) }
        let legendHeight = 44.0
        // At least as wide as the legend's one row (about 880 points).
        let width = max(margin * 2 + Double(columns) * panelWidth + Double(columns - 1) * gap, 900)
        let height = margin * 2 + headerHeight + rowHeights.reduce(0, +) + Double(max(rows.count - 1, 0)) * gap + legendHeight

        var svg = """
            <?xml version="1.0" encoding="UTF-8"?>
            <svg xmlns="http://www.w3.org/2000/svg" width="\(f(width))" height="\(f(height))" \
            viewBox="0 0 \(f(width)) \(f(height))" \(Self.font)>

            """
        svg +=
            "<title>\(XMLText.escaped(trace.name ?? "fling trace")): \(trace.sessions.count) scene\(trace.sessions.count == 1 ? "" : "s")</title>\n"
        svg += "<rect x=\"0\" y=\"0\" width=\"\(f(width))\" height=\"\(f(height))\" fill=\"#ffffff\"/>\n"
        svg += text(margin, margin + 14, trace.name ?? "fling trace", size: 16, weight: "bold", maxWidth: width - 2 * margin)
        svg += text(margin, margin + 32, subtitle, size: 11, color: "#495057", maxWidth: width - 2 * margin)
        var y = margin + headerHeight
        for (r, row) in rows.enumerated() {
            for (c, p) in row.enumerated() {
                let x = margin + Double(c) * (panelWidth + gap)
                svg += draw(p, at: Vector(x, y), scale: scale, captionHeight: captionHeight, lineHeight: lineHeight)
            }
            y += rowHeights[r] + gap
        }
        svg += legend(at: Vector(margin, height - margin - legendHeight + 12))
        svg += "</svg>\n"
        return svg
    }

    // MARK: Measuring

    func panel(_ s: Int) -> Panel {
        let session = trace.sessions[s], result = replay.sessions[s]
        var minX = session.viewport.minX, minY = session.viewport.minY, maxX = session.viewport.maxX, maxY = session.viewport.maxY
        func include(_ p: Vector, _ r: Double = 0) {
            minX = min(minX, p.x - r); minY = min(minY, p.y - r); maxX = max(maxX, p.x + r); maxY = max(maxY, p.y + r)
        }
        for tile in session.tiles { include(tile.frame.center, 0) }
        for e in session.events { include(e.position, 8) }
        let index = Self.index(session.tiles)
        for tick in result.ticks {
            for t in tick.tiles {
                if let i = index[t.id] {
                    let def = session.tiles[i]
                    include(t.state.position, (def.frame.width * def.frame.width + def.frame.height * def.frame.height).squareRoot() / 2)
                }
            }
        }
        // Keep far-away points from shrinking the picture: at most half a viewport around it.
        let padX = max(session.viewport.width, session.viewport.height) / 2, padY = padX
        minX = max(minX, session.viewport.minX - padX) - 10; maxX = min(maxX, session.viewport.maxX + padX) + 10
        minY = max(minY, session.viewport.minY - padY) - 10; maxY = min(maxY, session.viewport.maxY + padY) + 10
        var captions = ["scene \(s + 1)" + (session.name.map { " · \($0)" } ?? "")]
        for o in result.outcomes {
            var line = "tile \(o.tile.rawValue): "
            switch o.kind {
            case .settled: line += "settled at home after tick \(o.tick)"
            case .culled: line += "culled after tick \(o.tick)"
            case .lying: line += "came to rest where it lies after tick \(o.tick)"
            case .resting: line += "never moved"
            case .held, .attracted, .falling: line += "still \(o.kind.rawValue) at tick \(o.tick)"
            }
            captions.append(line)
            if let r = o.release {
                let how = r.cancelled ? "cancelled, attract" : r.outcome.rawValue
                captions.append("  released (\(how)) at (\(f(r.velocity.x, 0)), \(f(r.velocity.y, 0))) pt/s")
            }
        }
        captions.append("\(result.tickCount) ticks, digest \(result.digest.hex)")
        return Panel(index: s, bounds: Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY), captions: captions)
    }

    /// Each tile's index in `tiles` by id (lookups only, never iterated).
    static func index(_ tiles: [TileDefinition]) -> [TileID: Int] {
        var index: [TileID: Int] = [:]
        for (i, t) in tiles.enumerated() where index[t.id] == nil { index[t.id] = i }
        return index
    }

    // MARK: Drawing

    func draw(_ p: Panel, at origin: Vector, scale: Double, captionHeight: Double, lineHeight: Double) -> String {
        let session = trace.sessions[p.index], result = replay.sessions[p.index]
        let top = origin.y + captionHeight
        func map(_ v: Vector) -> Vector { Vector(origin.x + (v.x - p.bounds.x) * scale, top + (v.y - p.bounds.y) * scale) }
        func points(_ vs: [Vector]) -> String {
            vs.map {
                let m = map($0); return "\(f(m.x)),\(f(m.y))"
            }.joined(separator: " ")
        }
        let index = Self.index(session.tiles)
        func color(_ id: TileID) -> String {
            let i = index[id] ?? 0
            return Self.tileColors[i % Self.tileColors.count]
        }
        func corners(_ def: TileDefinition, _ t: Transform) -> [Vector] {
            let w = def.frame.width / 2, h = def.frame.height / 2
            return [Vector(-w, -h), Vector(w, -h), Vector(w, h), Vector(-w, h)].map { t.apply(toLocal: $0) }
        }

        var s = "<g id=\"scene-\(p.index + 1)\">\n"
        for (n, caption) in p.captions.enumerated() {
            s += text(
                origin.x, origin.y + lineHeight * Double(n + 1) - 2, caption, size: n == 0 ? 12 : 10.5,
                weight: n == 0 ? "bold" : nil, color: n == 0 ? "#212529" : "#495057", maxWidth: p.bounds.width * scale)
        }
        let box = map(Vector(p.bounds.x, p.bounds.y))
        let boxWidth = p.bounds.width * scale, boxHeight = p.bounds.height * scale
        s +=
            "<clipPath id=\"clip-\(p.index + 1)\"><rect x=\"\(f(box.x))\" y=\"\(f(box.y))\" width=\"\(f(boxWidth))\" height=\"\(f(boxHeight))\"/></clipPath>\n"
        s += "<g clip-path=\"url(#clip-\(p.index + 1))\">\n"
        s += "<rect x=\"\(f(box.x))\" y=\"\(f(box.y))\" width=\"\(f(boxWidth))\" height=\"\(f(boxHeight))\" fill=\"#e9ecef\"/>\n"
        let vp = map(Vector(session.viewport.x, session.viewport.y))
        s +=
            "<rect class=\"viewport\" x=\"\(f(vp.x))\" y=\"\(f(vp.y))\" width=\"\(f(session.viewport.width * scale))\" "
            + "height=\"\(f(session.viewport.height * scale))\" fill=\"#ffffff\" stroke=\"#868e96\" stroke-width=\"1\"/>\n"
        // Walls, as thick as they are (at least 3 points on the page).
        for w in session.configuration.dynamics.walls(in: session.viewport) {
            let a = map(w.start), b = map(w.end)
            s +=
                "<line class=\"wall\" x1=\"\(f(a.x))\" y1=\"\(f(a.y))\" x2=\"\(f(b.x))\" y2=\"\(f(b.y))\" stroke=\"#495057\" "
                + "stroke-width=\"\(f(max(3, 2 * w.radius * scale)))\" stroke-linecap=\"round\"/>\n"
        }

        // Home frames and origins.
        for def in session.tiles {
            let c = color(def.id)
            s +=
                "<polygon class=\"home\" points=\"\(points(corners(def, Transform(position: def.origin))))\" fill=\"\(c)\" "
                + "fill-opacity=\"0.06\" stroke=\"\(c)\" stroke-opacity=\"0.6\" stroke-width=\"1\" stroke-dasharray=\"4 3\"/>\n"
            let o = map(def.origin)
            s +=
                "<g class=\"origin\" stroke=\"\(c)\" stroke-width=\"1.5\"><line x1=\"\(f(o.x - 6))\" y1=\"\(f(o.y))\" x2=\"\(f(o.x + 6))\" "
                + "y2=\"\(f(o.y))\"/><line x1=\"\(f(o.x))\" y1=\"\(f(o.y - 6))\" x2=\"\(f(o.x))\" y2=\"\(f(o.y + 6))\"/></g>\n"
        }

        // Outlines every `every` ticks, then center paths.
        var paths: [(id: TileID, points: [Vector])] = session.tiles.map { ($0.id, []) }
        var last: [BodyState?] = Array(repeating: nil, count: session.tiles.count)
        for tick in result.ticks {
            for t in tick.tiles {
                guard let i = index[t.id] else { continue }
                let def = session.tiles[i]
                paths[i].points.append(t.state.position)
                last[i] = t.state
                if tick.tick % every == 0 {
                    let c = color(t.id)
                    s +=
                        "<polygon class=\"outline\" points=\"\(points(corners(def, t.state.transform)))\" fill=\"none\" "
                        + "stroke=\"\(c)\" stroke-opacity=\"0.3\" stroke-width=\"1\"/>\n"
                }
            }
        }
        for (id, pts) in paths where pts.count > 1 {
            s +=
                "<polyline class=\"center-path\" points=\"\(points(pts))\" fill=\"none\" stroke=\"\(color(id))\" stroke-width=\"2\" "
                + "stroke-linejoin=\"round\"/>\n"
        }

        // Final poses: home for a settled tile, the last state otherwise; a cross where culled.
        for o in result.outcomes {
            guard let i = index[o.tile] else { continue }
            let def = session.tiles[i]
            let c = color(o.tile)
            switch o.kind {
            case .resting: break
            case .settled:
                s +=
                    "<polygon class=\"final\" points=\"\(points(corners(def, Transform(position: def.origin))))\" fill=\"none\" "
                    + "stroke=\"\(c)\" stroke-width=\"2.5\"/>\n"
            case .culled, .held, .attracted, .falling, .lying:
                guard let state = last[i] else { break }
                s +=
                    "<polygon class=\"final\" points=\"\(points(corners(def, state.transform)))\" fill=\"none\" stroke=\"\(c)\" "
                    + "stroke-width=\"2.5\"\(o.kind == .culled ? " stroke-dasharray=\"6 4\"" : "")/>\n"
                if o.kind == .culled {
                    let m = map(state.position)
                    s +=
                        "<g class=\"culled\" stroke=\"#e03131\" stroke-width=\"3\"><line x1=\"\(f(m.x - 8))\" y1=\"\(f(m.y - 8))\" "
                        + "x2=\"\(f(m.x + 8))\" y2=\"\(f(m.y + 8))\"/><line x1=\"\(f(m.x - 8))\" y1=\"\(f(m.y + 8))\" "
                        + "x2=\"\(f(m.x + 8))\" y2=\"\(f(m.y - 8))\"/></g>\n"
                }
            }
        }

        // Finger paths, one per touch.
        var touches: [(id: TouchID, points: [Vector], end: TouchEvent.Phase?)] = []
        var lastOf: [TouchID: Int] = [:]  // lookups only, never iterated
        for e in session.events {
            if e.phase == .began || lastOf[e.touch].map({ touches[$0].end != nil }) ?? false {
                lastOf[e.touch] = touches.count
                touches.append((e.touch, [e.position], nil))
            } else if let i = lastOf[e.touch] {
                touches[i].points.append(e.position)
                if e.phase != .moved { touches[i].end = e.phase }
            }
        }
        for touch in touches {
            if touch.points.count > 1 {
                s +=
                    "<polyline class=\"finger\" points=\"\(points(touch.points))\" fill=\"none\" stroke=\"\(Self.fingerColor)\" "
                    + "stroke-width=\"1.5\" stroke-dasharray=\"5 3\" stroke-linejoin=\"round\"/>\n"
            }
            let a = map(touch.points[0])
            s += "<circle class=\"finger-down\" cx=\"\(f(a.x))\" cy=\"\(f(a.y))\" r=\"3.5\" fill=\"\(Self.fingerColor)\"/>\n"
            let b = map(touch.points[touch.points.count - 1])
            if touch.end == .cancelled {
                s +=
                    "<g class=\"finger-cancelled\" stroke=\"\(Self.fingerColor)\" stroke-width=\"2\"><line x1=\"\(f(b.x - 5))\" "
                    + "y1=\"\(f(b.y - 5))\" x2=\"\(f(b.x + 5))\" y2=\"\(f(b.y + 5))\"/><line x1=\"\(f(b.x - 5))\" y1=\"\(f(b.y + 5))\" "
                    + "x2=\"\(f(b.x + 5))\" y2=\"\(f(b.y - 5))\"/></g>\n"
            } else if touch.end == .ended {
                s +=
                    "<circle class=\"finger-up\" cx=\"\(f(b.x))\" cy=\"\(f(b.y))\" r=\"4.5\" fill=\"#ffffff\" "
                    + "stroke=\"\(Self.fingerColor)\" stroke-width=\"1.5\"/>\n"
            }
        }

        // Release velocities: where the tile was, and where it would be 0.1 s later (a tick
        // with an event is always recorded).
        var tickIndex: [Int: Int] = [:]  // lookups only, never iterated
        for (n, tick) in result.ticks.enumerated() { tickIndex[tick.tick] = n }
        for e in result.events {
            guard case .released(_, let v, _) = e.kind, let n = tickIndex[e.tick],
                let at = result.ticks[n].tiles.first(where: { $0.id == e.tile })?.state.position
            else { continue }
            s += arrow(from: map(at), to: map(at + v * 0.1), color: color(e.tile))
        }
        s += "</g>\n</g>\n"
        return s
    }

    func arrow(from a: Vector, to b: Vector, color: String) -> String {
        let d = b - a, length = d.length
        var s = "<g class=\"release\">"
        s += "<line x1=\"\(f(a.x))\" y1=\"\(f(a.y))\" x2=\"\(f(b.x))\" y2=\"\(f(b.y))\" stroke=\"\(color)\" stroke-width=\"2.5\"/>"
        if length > 1 {
            let u = d * (1 / length), n = u.perp
            let head = min(9, length * 0.6)
            let p1 = b - u * head + n * (head * 0.5), p2 = b - u * head - n * (head * 0.5)
            s += "<polygon points=\"\(f(b.x)),\(f(b.y)) \(f(p1.x)),\(f(p1.y)) \(f(p2.x)),\(f(p2.y))\" fill=\"\(color)\"/>"
        }
        return s + "</g>\n"
    }

    func legend(at o: Vector) -> String {
        var s = "<g class=\"legend\">\n"
        var x = o.x
        let y = o.y
        func label(_ t: String) { s += text(x, y + 4, t, size: 10.5, color: "#495057"); x += Double(t.count) * 5.6 + 18 }
        s +=
            "<polyline points=\"\(f(x)),\(f(y)) \(f(x + 22)),\(f(y))\" stroke=\"\(Self.fingerColor)\" stroke-width=\"1.5\" stroke-dasharray=\"5 3\"/>"
        s += "<circle cx=\"\(f(x))\" cy=\"\(f(y))\" r=\"3.5\" fill=\"\(Self.fingerColor)\"/>"
        s += "<circle cx=\"\(f(x + 22))\" cy=\"\(f(y))\" r=\"4.5\" fill=\"#ffffff\" stroke=\"\(Self.fingerColor)\" stroke-width=\"1.5\"/>\n"
        x += 30; label("finger (down, up)")
        s +=
            "<line x1=\"\(f(x))\" y1=\"\(f(y))\" x2=\"\(f(x + 22))\" y2=\"\(f(y))\" stroke=\"\(Self.tileColors[0])\" stroke-width=\"2\"/>\n"
        x += 28; label("tile center")
        s +=
            "<rect x=\"\(f(x))\" y=\"\(f(y - 7))\" width=\"14\" height=\"14\" fill=\"none\" stroke=\"\(Self.tileColors[0])\" stroke-opacity=\"0.3\"/>\n"
        x += 20; label("outline every \(every) ticks")
        s +=
            "<rect x=\"\(f(x))\" y=\"\(f(y - 7))\" width=\"14\" height=\"14\" fill=\"none\" stroke=\"\(Self.tileColors[0])\" stroke-width=\"2.5\"/>\n"
        x += 20; label("final pose")
        s +=
            "<line x1=\"\(f(x))\" y1=\"\(f(y))\" x2=\"\(f(x + 12))\" y2=\"\(f(y))\" stroke=\"\(Self.tileColors[0])\" stroke-width=\"1.5\"/>"
        s +=
            "<line x1=\"\(f(x + 6))\" y1=\"\(f(y - 6))\" x2=\"\(f(x + 6))\" y2=\"\(f(y + 6))\" stroke=\"\(Self.tileColors[0])\" stroke-width=\"1.5\"/>\n"
        x += 18; label("origin, home frame")
        s += arrow(from: Vector(x, y), to: Vector(x + 22, y), color: Self.tileColors[0])
        x += 28; label("release velocity × 0.1 s")
        s += "<g stroke=\"#e03131\" stroke-width=\"3\"><line x1=\"\(f(x))\" y1=\"\(f(y - 6))\" x2=\"\(f(x + 12))\" y2=\"\(f(y + 6))\"/>"
        s += "<line x1=\"\(f(x))\" y1=\"\(f(y + 6))\" x2=\"\(f(x + 12))\" y2=\"\(f(y - 6))\"/></g>\n"
        x += 18; label("culled")
        s += text(o.x, y + 24, "Viewport in white; y grows downward. Drawn by `fling render`.", size: 10, color: "#868e96")
        return s + "</g>\n"
    }

    /// A line of text; cut with an ellipsis when it would run past `maxWidth` points (glyphs
    /// taken as 0.62 em wide, a little more than the sans-serif average).
    func text(
        _ x: Double, _ y: Double, _ t: String, size: Double, weight: String? = nil, color: String = "#212529",
        maxWidth: Double = .infinity
    ) -> String {
        var shown = t
        if maxWidth.isFinite {
            let fits = max(4, Int(min(maxWidth / (size * 0.62), 1e6)))
            if t.count > fits { shown = String(t.prefix(fits - 1)) + "…" }
        }
        return "<text x=\"\(f(x))\" y=\"\(f(y))\" font-size=\"\(f(size, 1))\"\(weight.map { " font-weight=\"\($0)\"" } ?? "") "
            + "fill=\"\(color)\">\(XMLText.escaped(shown))</text>\n"
    }
}

private func f(_ x: Double, _ decimals: Int = 1) -> String { NumberText.f(x, decimals) }
