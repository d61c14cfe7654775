import Fling
import FlingFloor
import FlingPaths
import FlingView
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

// MARK: - Number formatting (no Foundation)

/// `x` with `decimals` digits after the point, right-aligned to `width`.
func fixed(_ x: Double, _ decimals: Int, width: Int = 0) -> String {
    var s: String
    if !x.isFinite {
        s = x.isNaN ? "n/a" : (x < 0 ? "-inf" : "inf")
    } else {
        var scale = 1.0
        for _ in 0..<decimals { scale *= 10 }
        let negative = x < 0
        let scaled = (abs(x) * scale).rounded()
        let whole = (scaled / scale).rounded(.down)
        let frac = Int(scaled - whole * scale)
        s = (negative && scaled != 0 ? "-" : "") + String(Int(whole))
        if decimals > 0 {
            let digits = String(frac)
            s += "." + String(repeating: "0", count: decimals - digits.count) + digits
        }
    }
    return pad(s, width)
}

/// An integer with thousands separators: 100000 → "100,000".
func grouped(_ n: Int) -> String {
    let digits = String(abs(n))
    var out = ""
    for (i, c) in digits.enumerated() {
        if i > 0, (digits.count - i) % 3 == 0 { out += "," }
        out.append(c)
    }
    return (n < 0 ? "-" : "") + out
}

/// A rate with an SI suffix: 12345678 → "12.3 M".
func si(_ x: Double) -> String {
    if x >= 1e9 { return fixed(x / 1e9, 2) + " G" }
    if x >= 1e6 { return fixed(x / 1e6, 2) + " M" }
    if x >= 1e3 { return fixed(x / 1e3, 2) + " k" }
    return fixed(x, 0)
}

func pad(_ s: String, _ width: Int, left: Bool = false) -> String {
    let n = s.count
    guard n < width else { return s }
    let fill = String(repeating: " ", count: width - n)
    return left ? s + fill : fill + s
}

// MARK: - Table

/// Ratio of `base`'s median ns per world-step to `m`'s at the same N: how many times faster.
func speedup(_ m: Measurement, in round: Round, over base: BenchBackend) -> Double? {
    guard let b = round.measurements.first(where: { $0.backend == base }) else { return nil }
    return b.nsPerWorldStep.median / m.nsPerWorldStep.median
}

/// A native or animator row's median ns per world-step over each of its floors' at the same N
/// (the best instruction set first, then the baseline's when `--floor-isa` ran it), with the floor.
func overFloors(_ m: Measurement, in round: Round) -> [(ratio: Double, floor: Measurement)] {
    m.backend.floorRows.compactMap { f in
        round.measurements.first(where: { $0.backend == f }).map { (m.nsPerWorldStep.median / $0.nsPerWorldStep.median, $0) }
    }
}

/// The first of ``overFloors(_:in:)``: what the `vs floor` column and `vs_floor` give.
func overFloor(_ m: Measurement, in round: Round) -> (ratio: Double, floor: Measurement)? { overFloors(m, in: round).first }

/// The results as a Markdown table (readable as plain text too).
func table(_ rounds: [Round]) -> String {
    let header = [
        "tiles", "backend", "worlds/tick", "ns/world-step", "min", "max", "world-steps/s", "bytes/tile", "vs per-world", "vs floor",
        "isa",
    ]
    var rows: [[String]] = []
    for round in rounds {
        for m in round.measurements {
            let ratio =
                m.backend.base == .snapAnimator ? "–" : speedup(m, in: round, over: m.backend.baseline).map { fixed($0, 2) + "×" } ?? "–"
            rows.append([
                grouped(m.tiles), m.backend.rawValue, worldsLabel(m.worldsPerTick), fixed(m.nsPerWorldStep.median, 1),
                fixed(m.nsPerWorldStep.min, 1), fixed(m.nsPerWorldStep.max, 1),
                si(m.worldStepsPerSecond), m.bytesPerTile.map { grouped(Int($0.rounded())) } ?? "n/a", ratio,
                overFloors(m, in: round).isEmpty
                    ? "–" : overFloors(m, in: round).map { fixed($0.ratio, 2) + "× " + $0.floor.isa }.joined(separator: ", "),
                m.isa,
            ])
        }
    }
    var widths = header.map(\.count)
    for row in rows { for (c, cell) in row.enumerated() { widths[c] = max(widths[c], cell.count) } }
    let leftAligned: Set<Int> = [1]
    func line(_ cells: [String]) -> String {
        "| "
            + cells.enumerated().map { c, cell in pad(cell, widths[c], left: leftAligned.contains(c)) }
            .joined(separator: " | ") + " |"
    }
    var out = line(header) + "\n"
    out +=
        "|"
        + widths.enumerated().map { c, w in
            leftAligned.contains(c) ? ":" + String(repeating: "-", count: w + 1) : String(repeating: "-", count: w + 1) + ":"
        }.joined(separator: "|") + "|\n"
    for row in rows { out += line(row) + "\n" }
    return out
}

/// Worlds per tick: a whole number as such, a fraction to one decimal.
func worldsLabel(_ w: Double) -> String {
    w == w.rounded() ? grouped(Int(w)) : fixed(w, 1)
}

// MARK: - CSV

func csv(_ rounds: [Round]) -> String {
    var out =
        "backend,tiles,worlds_per_tick,ns_per_world_step,ns_min,ns_max,world_steps_per_second,bytes_per_tile,vs_floor,floor_isa,isa,"
        + "vs_\(baselineFloorISA)_floor\n"
    for round in rounds {
        for m in round.measurements {
            out +=
                [
                    m.backend.rawValue, String(m.tiles), fixed(m.worldsPerTick, 1), fixed(m.nsPerWorldStep.median, 2),
                    fixed(m.nsPerWorldStep.min, 2), fixed(m.nsPerWorldStep.max, 2), fixed(m.worldStepsPerSecond, 0),
                    m.bytesPerTile.map { fixed($0, 1) } ?? "", overFloor(m, in: round).map { fixed($0.ratio, 3) } ?? "",
                    overFloor(m, in: round)?.floor.isa ?? "", m.isa,
                    overFloors(m, in: round).first { $0.floor.backend.floorISA == FLING_FLOOR_BASELINE }.map { fixed($0.ratio, 3) } ?? "",
                ].joined(separator: ",") + "\n"
        }
    }
    return out
}

// MARK: - SVG chart

/// ns per world-step (median, with min–max bars) against N, both axes logarithmic, one line
/// per backend.
func svg(_ rounds: [Round], title: String) -> String {
    let width = 760.0, height = 480.0
    let left = 78.0, right = 200.0, top = 46.0, bottom = 62.0
    let plotW = width - left - right, plotH = height - top - bottom
    let all = rounds.flatMap(\.measurements)
    var backends: [BenchBackend] = []
    for m in all where !backends.contains(m.backend) { backends.append(m.backend) }
    let ns = all.flatMap { [$0.nsPerWorldStep.min, $0.nsPerWorldStep.max] }.filter { $0 > 0 && $0.isFinite }
    let ns0 = ns.min() ?? 1, ns1 = ns.max() ?? 10
    let tiles = all.map { Double($0.tiles) }
    var x0 = PlatformFunctions.floor(log10(tiles.min() ?? 1)), x1 = ceil(log10(tiles.max() ?? 10))
    if x1 <= x0 { x1 = x0 + 1 }
    var y0 = PlatformFunctions.floor(log10(ns0)), y1 = ceil(log10(ns1))
    if y1 <= y0 { y1 = y0 + 1 }
    if x0 < 0 { x0 = 0 }
    if y0 < -1 { y0 = -1 }
    func px(_ n: Double) -> Double { left + (log10(n) - x0) / (x1 - x0) * plotW }
    func py(_ v: Double) -> Double { top + (y1 - log10(v)) / (y1 - y0) * plotH }
    func f(_ v: Double) -> String { fixed(v, 1) }
    let colors: [BenchBackend: String] = [
        .chipmunkPerWorld: "#d62728", .chipmunkShared: "#ff7f0e", .native: "#1f77b4", .nativePortable: "#2ca02c", .tileAnimator: "#9467bd",
        .tileAnimatorChipmunk: "#8c564b", .snapAnimator: "#e377c2",
    ]

    var s = """
        <?xml version="1.0" encoding="UTF-8"?>
        <svg xmlns="http://www.w3.org/2000/svg" width="\(Int(width))" height="\(Int(height))" viewBox="0 0 \(Int(width)) \(Int(height))" font-family="Helvetica, Arial, sans-serif" font-size="12">
        <rect x="0" y="0" width="\(Int(width))" height="\(Int(height))" fill="#ffffff"/>
        <text x="\(f(left + plotW / 2))" y="24" text-anchor="middle" font-size="15" font-weight="bold">\(XMLText.escaped(title))</text>

        """
    // Grid, ticks and labels: decades on both axes, faint lines at 2…9 within each.
    var grid = "", labels = ""
    for d in Int(x0)...Int(x1) {
        let base = pow(10.0, Double(d))
        let x = px(base)
        grid += "<line x1=\"\(f(x))\" y1=\"\(f(top))\" x2=\"\(f(x))\" y2=\"\(f(top + plotH))\" stroke=\"#cccccc\"/>\n"
        labels += "<line x1=\"\(f(x))\" y1=\"\(f(top + plotH))\" x2=\"\(f(x))\" y2=\"\(f(top + plotH + 5))\" stroke=\"#000000\"/>\n"
        labels += "<text x=\"\(f(x))\" y=\"\(f(top + plotH + 19))\" text-anchor=\"middle\">\(decadeLabel(d))</text>\n"
        if d < Int(x1) {
            for k in 2...9 {
                let xm = px(base * Double(k))
                grid += "<line x1=\"\(f(xm))\" y1=\"\(f(top))\" x2=\"\(f(xm))\" y2=\"\(f(top + plotH))\" stroke=\"#eeeeee\"/>\n"
            }
        }
    }
    for d in Int(y0)...Int(y1) {
        let base = pow(10.0, Double(d))
        let y = py(base)
        grid += "<line x1=\"\(f(left))\" y1=\"\(f(y))\" x2=\"\(f(left + plotW))\" y2=\"\(f(y))\" stroke=\"#cccccc\"/>\n"
        labels += "<line x1=\"\(f(left - 5))\" y1=\"\(f(y))\" x2=\"\(f(left))\" y2=\"\(f(y))\" stroke=\"#000000\"/>\n"
        labels += "<text x=\"\(f(left - 8))\" y=\"\(f(y + 4))\" text-anchor=\"end\">\(decadeLabel(d))</text>\n"
        if d < Int(y1) {
            for k in 2...9 {
                let ym = py(base * Double(k))
                grid += "<line x1=\"\(f(left))\" y1=\"\(f(ym))\" x2=\"\(f(left + plotW))\" y2=\"\(f(ym))\" stroke=\"#eeeeee\"/>\n"
            }
        }
    }
    s += grid + labels
    s += "<rect x=\"\(f(left))\" y=\"\(f(top))\" width=\"\(f(plotW))\" height=\"\(f(plotH))\" fill=\"none\" stroke=\"#000000\"/>\n"
    s += "<text x=\"\(f(left + plotW / 2))\" y=\"\(f(height - 16))\" text-anchor=\"middle\">tiles alive at once (N, log scale)</text>\n"
    s +=
        "<text transform=\"translate(20 \(f(top + plotH / 2))) rotate(-90)\" text-anchor=\"middle\">ns per world-step (median, min–max bars; log scale)</text>\n"

    // One polyline per backend, with a marker and a min–max bar at each N.
    for b in backends {
        let color = colors[BenchBackend(base: b.base)] ?? "#000000"
        let dash = b.walls ? " stroke-dasharray=\"6 3\"" : ""
        let points = all.filter { $0.backend == b }.sorted { $0.tiles < $1.tiles }
        let coords = points.map { "\(f(px(Double($0.tiles)))),\(f(py($0.nsPerWorldStep.median)))" }.joined(separator: " ")
        s += "<g stroke=\"\(color)\" fill=\"\(color)\">\n"
        s += "<polyline points=\"\(coords)\" fill=\"none\" stroke-width=\"2\"\(dash)/>\n"
        for m in points {
            let x = px(Double(m.tiles))
            s +=
                "<line x1=\"\(f(x))\" y1=\"\(f(py(m.nsPerWorldStep.min)))\" x2=\"\(f(x))\" y2=\"\(f(py(m.nsPerWorldStep.max)))\" stroke-width=\"1\"/>\n"
            s += "<circle cx=\"\(f(x))\" cy=\"\(f(py(m.nsPerWorldStep.median)))\" r=\"3.5\"/>\n"
        }
        s += "</g>\n"
    }

    // Legend, right of the plot.
    let lx = left + plotW + 18
    s += "<g font-size=\"12\">\n"
    for (i, b) in backends.enumerated() {
        let y = top + 14 + Double(i) * 22
        let color = colors[BenchBackend(base: b.base)] ?? "#000000"
        let dash = b.walls ? " stroke-dasharray=\"6 3\"" : ""
        s += "<line x1=\"\(f(lx))\" y1=\"\(f(y))\" x2=\"\(f(lx + 26))\" y2=\"\(f(y))\" stroke=\"\(color)\" stroke-width=\"2\"\(dash)/>\n"
        s += "<circle cx=\"\(f(lx + 13))\" cy=\"\(f(y))\" r=\"3.5\" fill=\"\(color)\"/>\n"
        s += "<text x=\"\(f(lx + 34))\" y=\"\(f(y + 4))\">\(XMLText.escaped(b.rawValue))</text>\n"
    }
    s += "</g>\n</svg>\n"
    return s
}

func decadeLabel(_ d: Int) -> String {
    switch d {
    case ..<0: return "0." + String(repeating: "0", count: -d - 1) + "1"
    case 0: return "1"
    case 1: return "10"
    case 2: return "100"
    case 3: return "1k"
    case 4: return "10k"
    case 5: return "100k"
    case 6: return "1M"
    default: return "1e\(d)"
    }
}

// MARK: - Files

struct WriteError: Error, CustomStringConvertible {
    var path: String
    var description: String { "cannot write \(path): \(String(cString: strerror(errno)))" }
}

func writeFile(_ path: String, _ text: String) throws {
    guard let file = fopen(path, "w") else { throw WriteError(path: path) }
    defer { fclose(file) }
    var text = text
    let ok = text.withUTF8 { bytes in fwrite(bytes.baseAddress, 1, bytes.count, file) == bytes.count }
    guard ok else { throw WriteError(path: path) }
}

/// The first line of /proc/cpuinfo's "model name", for the report header.
func cpuModel() -> String? { procField("/proc/cpuinfo", "model name") }

extension Substring {
    func dropLast(while predicate: (Character) -> Bool) -> Substring {
        var s = self
        while let c = s.last, predicate(c) { s = s.dropLast() }
        return s
    }
}
