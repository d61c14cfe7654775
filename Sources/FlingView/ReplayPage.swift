import _FlingCoding
import FlingCore
import FlingPaths
import FlingTraces

// The replay page: one self-contained HTML file (inline CSS and JavaScript, no network, a
// Content-Security-Policy that forbids every external load) that plays a `Run`, or two runs of
// the same input side by side. The page never simulates: it draws the numbers the replay
// produced. Every frame's values travel as little-endian IEEE 754 bytes in base64, which the
// page reads into a Float64Array, so the numbers it shows are the replay's own bits; the
// drawing rounds them to a thousandth of a point. docs/VIEW.md says what it draws from. Its style
// and script are the files Page/replay.css and Page/replay.js, compiled into this module as bytes
// (Package.swift, `.embedInCode`): no resource bundle to find at run time, so the page is the same
// one string from `swift run`, a copied binary or an app; the Content-Security-Policy allows
// exactly those two texts by their SHA-256 hashes.

/// A self-contained HTML page that plays, scrubs and steps through a `Run`, or overlays two
/// runs and opens at their first divergence (`fling view FILE --html OUT`,
/// `fling view A B --html OUT`).
public struct ReplayPage: Sendable {
    /// One run, or two of the same input (the first drawn solid, the second dashed over it).
    var runs: [Run]
    /// A name for each run (`A`, `B`, or the backends' names).
    var labels: [String]
    /// Where the two runs first differ (`Run.firstDivergence(from:)`), marked on the
    /// timeline and named at the top.
    public var divergence: Run.Divergence?
    /// The step the page opens at: the divergence's, or 0.
    var startFrame: Int

    /// A page that plays `run`.
    public init(_ run: Run) {
        runs = [run]; labels = [run.title]; divergence = nil; startFrame = 0
    }

    /// A page that overlays `a` and `b` (labelled with their titles) and opens at the first
    /// step where they differ; at the last common step when they differ after it (in step
    /// count or final digest).
    public init(comparing a: Run, with b: Run) {
        runs = [a, b]
        labels = [a.title, b.title]
        divergence = a.firstDivergence(from: b)
        startFrame = divergence.map { $0.step ?? max(0, min(a.steps.count, b.steps.count) - 1) } ?? 0
    }

    /// The page, as one HTML document.
    public var html: String {
        let title = XMLText.escaped(runs.count == 1 ? runs[0].title : "\(labels[0]) against \(labels[1])")
        let subtitle: String
        if runs.count == 1 {
            subtitle = "\(runs[0].kind): \(runs[0].summary)"
        } else {
            subtitle = zip(["A", "B"], zip(labels, runs)).map { "\($0) = \($1.0): \($1.1.summary)" }.joined(separator: " · ")
        }
        let script = Self.script
        let style = Self.style
        let policy =
            "default-src 'none'; script-src 'sha256-\(Base64.encode(SHA256.hash(Array(script.utf8))))'; "
            + "style-src 'sha256-\(Base64.encode(SHA256.hash(Array(style.utf8))))'; img-src 'none'; connect-src 'none'; "
            + "font-src 'none'; media-src 'none'; object-src 'none'; frame-src 'none'; worker-src 'none'; base-uri 'none'; "
            + "form-action 'none'"
        var page = "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
        page += "<meta http-equiv=\"Content-Security-Policy\" content=\"\(XMLText.escaped(policy))\">\n"
        page += "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
        page += "<title>\(title)</title>\n<style>\(style)</style>\n</head>\n<body>\n"
        page += "<header><h1>\(title)</h1><p id=\"subtitle\">\(XMLText.escaped(subtitle))</p>"
        page += "<p id=\"divergence\" hidden></p><p id=\"equal\" hidden></p></header>\n"
        page += """
            <main><div id="stagebox"><svg id="stage" xmlns="http://www.w3.org/2000/svg" preserveAspectRatio="xMidYMid meet"></svg></div>
            <aside id="panel"><div id="readout"><span id="tick"></span> <span id="time"></span></div><div id="digest"></div>
            <table id="items"></table><h2>at this frame</h2><ul id="events"></ul></aside></main>
            <footer id="controls"><div class="buttons">
            <button id="back" title="one frame back (←)">◀︎</button><button id="play" title="play or pause (space)">▶</button>
            <button id="fwd" title="one frame on (→)">▶︎</button>
            <label>speed <select id="speed"><option value="0.25">¼×</option><option value="0.5">½×</option>
            <option value="1" selected>1×</option><option value="2">2×</option><option value="4">4×</option></select></label>
            <label>display <select id="rate"><option value="24">24 Hz</option><option value="30">30 Hz</option>
            <option value="60" selected>60 Hz</option><option value="120">120 Hz</option><option value="0">every screen frame</option></select></label>
            <label><input type="checkbox" id="paths" checked> paths</label>
            <label><input type="checkbox" id="outlines" checked> outlines</label>
            <span id="legend"></span></div>
            <div id="timeline"><input type="range" id="scrub" aria-label="frame"><svg id="markers" viewBox="-8 0 1016 18" preserveAspectRatio="none" xmlns="http://www.w3.org/2000/svg"></svg></div>
            </footer>

            """
        page += "<script type=\"application/json\" id=\"fling-data\">\(data)</script>\n"
        page += "<script>\(script)</script>\n</body>\n</html>\n"
        return page
    }

    /// The page's data block: JSON, with every frame's numbers as base64 typed arrays.
    var data: String {
        var d: [(String, String)] = [
            ("format", PageJSON.string("fling-view")), ("version", "1"),
            ("runs", PageJSON.array(runs.map(Self.encode))),
            ("labels", PageJSON.array(labels.map(PageJSON.string))),
            ("start", "\(max(0, startFrame))"),
        ]
        if let v = divergence {
            let frame = startFrame
            var text = "First divergence"
            if let local = v.localStep { text += " at \(v.stepUnit) \(local)" }
            if let stage = v.stage, runs[0].stages.count > 1 { text += " of stage \(stage + 1)" + (v.stageName.map { " [\($0)]" } ?? "") }
            text += ": "
            if let kind = v.itemKind { text += "\(kind)" + (v.id.map { " \($0)" } ?? "") + " " }
            text += "\(v.field) (\(v.part.rawValue)): A \(v.value), B \(v.otherValue)"
            if let i = v.input {
                text += "; last input: \(i.name)" + (i.touch.map { " \($0)" } ?? "") + (i.phase.map { " \($0)" } ?? "")
                if let p = i.position { text += " at (\(p.x), \(p.y))" }
                text += " before step \(i.step)"
            }
            d.append(
                (
                    "divergence",
                    PageJSON.object([
                        ("frame", "\(frame)"), ("local", v.localStep.map { "\($0)" } ?? "null"), ("part", PageJSON.string(v.part.rawValue)),
                        ("itemKind", v.itemKind.map(PageJSON.string) ?? "null"), ("id", v.id.map { "\($0)" } ?? "null"),
                        ("field", PageJSON.string(v.field)), ("text", PageJSON.string(text)),
                    ])
                ))
        } else {
            d.append(("divergence", "null"))
        }
        // Two runs that do not part anywhere: the page says so (as `fling view` and `fling diff` print).
        if runs.count == 2, divergence == nil {
            let a = runs[0]
            let text =
                "Equal: A and B are the same to the bit over \(a.steps.count) \(a.stepUnit)s (every input, item, value, phase, event, "
                + "time and digest): \(a.summary)"
            d.append(("equal", PageJSON.string(text)))
        } else {
            d.append(("equal", "null"))
        }
        return PageJSON.object(d)
    }

    static func encode(_ run: Run) -> String {
        let kinds = run.schema.map(\.itemKind)
        var phases: [String] = []
        var local = LittleEndianBytes(), time = LittleEndianBytes(), digest = LittleEndianBytes(), itemStart = LittleEndianBytes()
        var kind = LittleEndianBytes(), id = LittleEndianBytes(), phase = LittleEndianBytes(), values = LittleEndianBytes()
        var pointStart = LittleEndianBytes(), points = LittleEndianBytes()
        let hasDigest = !run.steps.isEmpty && run.steps.allSatisfy { $0.digest != nil }
        let hasPoints = run.steps.contains { $0.items.contains { !$0.points.isEmpty } }
        var rows = 0, pointCount = 0
        for frame in run.steps {
            local.append(int32: frame.localStep)
            time.append(frame.time)
            if hasDigest { digest.append(bits: frame.digest?.value ?? 0) }
            itemStart.append(int32: rows)
            for item in frame.items {
                let k = kinds.firstIndex(of: item.kind) ?? 0
                kind.append(byte: UInt8(truncatingIfNeeded: k))
                id.append(int32: item.id)
                if let p = item.phase {
                    if let i = phases.firstIndex(of: p) {
                        phase.append(byte: UInt8(i))
                    } else if phases.count < 255 {
                        phases.append(p); phase.append(byte: UInt8(phases.count - 1))
                    } else {
                        phase.append(byte: 255)
                    }
                } else {
                    phase.append(byte: 255)
                }
                // Exactly the schema's number of values, so the page finds a row's values by its kind.
                let width = run.schema.first { $0.itemKind == item.kind }?.fields.count ?? 0
                for n in 0..<width { values.append(n < item.values.count ? item.values[n] : .nan) }
                if hasPoints {
                    pointStart.append(int32: pointCount)
                    for p in item.points { points.append(p) }
                    pointCount += item.points.count
                }
                rows += 1
            }
        }
        itemStart.append(int32: rows)
        if hasPoints { pointStart.append(int32: pointCount) }
        let frames = PageJSON.object([
            ("count", "\(run.steps.count)"), ("local", PageJSON.string(Base64.encode(local.bytes))),
            ("time", PageJSON.string(Base64.encode(time.bytes))),
            ("digest", hasDigest ? PageJSON.string(Base64.encode(digest.bytes)) : "null"),
            ("itemStart", PageJSON.string(Base64.encode(itemStart.bytes))), ("kind", PageJSON.string(Base64.encode(kind.bytes))),
            ("id", PageJSON.string(Base64.encode(id.bytes))), ("phase", PageJSON.string(Base64.encode(phase.bytes))),
            ("values", PageJSON.string(Base64.encode(values.bytes))),
            ("pointStart", hasPoints ? PageJSON.string(Base64.encode(pointStart.bytes)) : "null"),
            ("points", hasPoints ? PageJSON.string(Base64.encode(points.bytes)) : "null"),
        ])
        let b = bounds(run)
        func rect(_ r: Rect) -> String { PageJSON.array([r.x, r.y, r.width, r.height].map(PageJSON.number)) }
        return PageJSON.object([
            ("kind", PageJSON.string(run.kind)), ("title", PageJSON.string(run.title)), ("summary", PageJSON.string(run.summary)),
            ("frameUnit", PageJSON.string(run.stepUnit)), ("digest", PageJSON.string(run.digest.hex)),
            ("bounds", rect(b)),
            (
                "stages",
                PageJSON.array(
                    run.stages.map { st in
                        PageJSON.object([
                            ("name", st.name.map(PageJSON.string) ?? "null"), ("firstFrame", "\(st.firstStep)"),
                            ("frameCount", "\(st.stepCount)"), ("viewport", rect(st.viewport)),
                            ("frameInterval", PageJSON.number(st.stepInterval)),
                            (
                                "items",
                                PageJSON.array(
                                    st.items.map { s in
                                        PageJSON.object([
                                            ("kind", PageJSON.string(s.itemKind)), ("id", "\(s.id)"), ("label", PageJSON.string(s.label)),
                                            ("facts", PageJSON.object(s.facts.map { ($0.name, PageJSON.number($0.value)) })),
                                        ])
                                    })
                            ),
                        ])
                    })
            ),
            (
                "schema",
                PageJSON.array(
                    run.schema.map { s in
                        PageJSON.object([("kind", PageJSON.string(s.itemKind)), ("fields", PageJSON.array(s.fields.map(PageJSON.string)))])
                    })
            ),
            (
                "events",
                PageJSON.array(
                    run.events.map { e in
                        PageJSON.array([
                            "\(e.step)", PageJSON.string(e.kind), "\(e.id)", PageJSON.string(e.name), PageJSON.string(e.detail),
                        ])
                    })
            ),
            (
                "inputs",
                PageJSON.array(
                    run.inputs.map { i in
                        PageJSON.array([
                            "\(i.step)", PageJSON.number(i.time), PageJSON.string(i.name), i.touch.map { "\($0)" } ?? "null",
                            i.phase.map(PageJSON.string) ?? "null", PageJSON.number(i.position?.x), PageJSON.number(i.position?.y),
                            PageJSON.string(i.detail),
                        ])
                    })
            ),
            ("phases", PageJSON.array(phases.map(PageJSON.string))),
            (
                "predictions",
                PageJSON.array(
                    run.predictions.map { p in
                        PageJSON.array([
                            PageJSON.string(p.itemKind), "\(p.id)", "\(p.step)", "\(p.until)", PageJSON.string(p.outcome),
                            PageJSON.number(p.x), PageJSON.number(p.y), PageJSON.number(p.angle),
                        ])
                    })
            ),
            ("frames", frames),
        ])
    }

    /// The part of the plane the page shows: the viewport, and where items went, up to half the
    /// viewport's larger side beyond it, plus room for the items' own size.
    static func bounds(_ run: Run) -> Rect {
        let viewports = run.stages.map(\.viewport)
        let v = viewports.dropFirst().reduce(viewports.first ?? Rect(x: 0, y: 0, width: 390, height: 844)) { u, r in
            let x0 = min(u.minX, r.minX), y0 = min(u.minY, r.minY)
            return Rect(x: x0, y: y0, width: max(u.maxX, r.maxX) - x0, height: max(u.maxY, r.maxY) - y0)
        }
        var minX = v.minX, minY = v.minY, maxX = v.maxX, maxY = v.maxY
        let xy = run.schema.map { s in (s.fields.firstIndex(of: "x"), s.fields.firstIndex(of: "y")) }
        let kinds = run.schema.map(\.itemKind)
        for frame in run.steps {
            for item in frame.items {
                guard let k = kinds.firstIndex(of: item.kind), let i = xy[k].0, let j = xy[k].1, i < item.values.count,
                    j < item.values.count, item.values[i].isFinite, item.values[j].isFinite
                else { continue }
                minX = min(minX, item.values[i]); maxX = max(maxX, item.values[i])
                minY = min(minY, item.values[j]); maxY = max(maxY, item.values[j])
            }
        }
        let size =
            run.stages.flatMap { $0.items.flatMap { $0.facts.filter { ["width", "height", "diameter"].contains($0.name) }.map(\.value) } }
            .filter(\.isFinite).max() ?? 0
        let pad = max(v.width, v.height) / 2, room = min(size * 0.75, pad) + 10
        minX = max(minX - room, v.minX - pad); maxX = min(maxX + room, v.maxX + pad)
        minY = max(minY - room, v.minY - pad); maxY = min(maxY + room, v.maxY + pad)
        return Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }
}

extension ReplayPage {
    /// Page/replay.css: the page's style.
    static let style = String(decoding: PackageResources.replay_css, as: UTF8.self)
    /// Page/replay.js: the page's script. It reads the data block, draws each frame from the
    /// replay's numbers and exposes `window.flingView` (seek, play, pause, readback) for the
    /// headless-Chromium check (.ci/browser-check).
    static let script = String(decoding: PackageResources.replay_js, as: UTF8.self)
}
