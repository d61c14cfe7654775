import FlingCore

/// SVG path data (the `d` attribute): the commands exactly as written, and their geometry.
///
/// ```swift
/// let d = try PathData("M10 10 h 80 v 80 h -80 Z")
/// let text = d.text        // "M10.0 10.0 h80.0 v80.0 h-80.0 Z", parses back to the same commands
/// let path = d.bezierPath  // one closed subpath of four straight cubics
/// ```
public struct PathData: Hashable, Sendable {
    /// The commands in order; implicit repeats are made explicit (a moveto's extra pairs are
    /// ``PathCommand/lineTo(_:relative:)`` with the moveto's relativity).
    var commands: [PathCommand]

    init(commands: [PathCommand]) { self.commands = commands }

    /// Parses path data strictly: malformed data throws `FlingError` (`malformedInput`) whose
    /// field names the character offset, e.g. `path data at offset 7`.
    public init(_ d: String) throws(FlingError) {
        var p = PathDataParser(d)
        try p.parse()
        commands = p.commands
    }

    /// Parses path data as browsers render it: up to the first error, keeping every complete
    /// command before it. `error` is that error, or nil when the whole text is valid.
    public static func lenient(_ d: String) -> (path: PathData, error: FlingError?) {
        var p = PathDataParser(d)
        do {
            try p.parse()
            return (PathData(commands: p.commands), nil)
        } catch {
            return (PathData(commands: p.commands), error)
        }
    }

    /// A number as path data writes it: Swift's shortest representation that reads back to the
    /// same double (`-0.0` stays negative zero).
    static func number(_ x: Double) -> String { x.description }

    /// The commands as path data text, one letter per command and every number written so that
    /// parsing it gives the same bits: `PathData(d.text).commands == d.commands`.
    public var text: String {
        var out = ""
        for c in commands {
            if !out.isEmpty { out += " " }
            out.append(c.letter)
            var firstNumber = true
            for (k, x) in c.numbers.enumerated() {
                if !firstNumber { out += " " }
                // Arc flags are the single characters 0 and 1.
                if case .arcTo = c, k == 3 || k == 4 { out += x == 1 ? "1" : "0" } else { out += Self.number(x) }
                firstNumber = false
            }
        }
        return out
    }

    /// The geometry: absolute cubic segments by subpath. Relative commands are resolved against
    /// the current point, `S`/`T` reflect the previous cubic's/quadratic's control point (or use
    /// the current point when the previous command was of another kind), a closepath adds a
    /// straight segment back to the start unless already there and moves the current point to the
    /// subpath's start (where a following command other than a moveto starts the next subpath),
    /// and arcs become cubics (as ArcConversion.swift explains: at most a quarter turn each). Subpaths without any segment are left out.
    public var bezierPath: BezierPath {
        var subpaths: [BezierPath.Subpath] = []
        var current = Vector.zero, start = Vector.zero
        var segments: [CubicSegment] = []
        var open = false  // a subpath has begun (moveto seen or continued after a closepath)
        var lastCubicControl: Vector? = nil
        var lastQuadControl: Vector? = nil

        func flush(closed: Bool) {
            if !segments.isEmpty {
                subpaths.append(BezierPath.Subpath(start: start, segments: segments, isClosed: closed))
            }
            segments = []
        }

        for c in commands {
            var cubicControl: Vector? = nil
            var quadControl: Vector? = nil
            func abs(_ p: Vector, _ r: Bool) -> Vector { r ? current + p : p }
            switch c {
            case .moveTo(let p, let r):
                if open { flush(closed: false) }
                current = abs(p, r); start = current; open = true
            case .closePath:
                if current != start { segments.append(.line(current, start)) }
                flush(closed: true)
                current = start
                open = false
            default:
                if !open { open = true; start = current }
                switch c {
                case .lineTo(let p, let r):
                    let to = abs(p, r); segments.append(.line(current, to)); current = to
                case .horizontalTo(let x, let r):
                    let to = Vector(r ? current.x + x : x, current.y); segments.append(.line(current, to)); current = to
                case .verticalTo(let y, let r):
                    let to = Vector(current.x, r ? current.y + y : y); segments.append(.line(current, to)); current = to
                case .cubicTo(let a, let b, let p, let r):
                    let c1 = abs(a, r), c2 = abs(b, r), to = abs(p, r)
                    segments.append(CubicSegment(current, c1, c2, to)); current = to; cubicControl = c2
                case .smoothCubicTo(let b, let p, let r):
                    let c1 = lastCubicControl.map { current + (current - $0) } ?? current
                    let c2 = abs(b, r), to = abs(p, r)
                    segments.append(CubicSegment(current, c1, c2, to)); current = to; cubicControl = c2
                case .quadTo(let a, let p, let r):
                    let q = abs(a, r), to = abs(p, r)
                    segments.append(.quadratic(current, q, to)); current = to; quadControl = q
                case .smoothQuadTo(let p, let r):
                    let q = lastQuadControl.map { current + (current - $0) } ?? current
                    let to = abs(p, r)
                    segments.append(.quadratic(current, q, to)); current = to; quadControl = q
                case .arcTo(let radii, let rotation, let large, let sweep, let p, let r):
                    let to = abs(p, r)
                    segments += ArcConversion.cubics(
                        from: current, radii: radii, rotation: rotation,
                        largeArc: large, sweep: sweep, to: to)
                    current = to
                case .moveTo, .closePath: break
                }
            }
            lastCubicControl = cubicControl
            lastQuadControl = quadControl
        }
        if open { flush(closed: false) }
        return BezierPath(subpaths: subpaths)
    }
}
