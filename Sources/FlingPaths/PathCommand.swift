import FlingCore

/// One command of SVG path data, with its numbers exactly as written (relative commands keep
/// their relative numbers), so that ``PathData/text`` writes them back exactly.
enum PathCommand: Hashable, Sendable {
    /// `M`/`m`: start a new subpath at `to`.
    case moveTo(Vector, relative: Bool)
    /// `L`/`l` (also the implicit lineto after a moveto's first pair).
    case lineTo(Vector, relative: Bool)
    /// `H`/`h`: horizontal line to x.
    case horizontalTo(Double, relative: Bool)
    /// `V`/`v`: vertical line to y.
    case verticalTo(Double, relative: Bool)
    /// `C`/`c`: cubic Bézier with two control points.
    case cubicTo(Vector, Vector, Vector, relative: Bool)
    /// `S`/`s`: smooth cubic; the first control point is the reflection of the previous
    /// cubic's second one (or the current point).
    case smoothCubicTo(Vector, Vector, relative: Bool)
    /// `Q`/`q`: quadratic Bézier.
    case quadTo(Vector, Vector, relative: Bool)
    /// `T`/`t`: smooth quadratic; the control point is reflected from the previous quadratic's.
    case smoothQuadTo(Vector, relative: Bool)
    /// `A`/`a`: elliptical arc with radii, x-axis rotation in degrees, and the two flags.
    case arcTo(radii: Vector, rotation: Double, largeArc: Bool, sweep: Bool, to: Vector, relative: Bool)
    /// `Z`/`z`: close the subpath (the current point returns to the subpath's start).
    case closePath

    /// The command letter (lowercase when relative).
    var letter: Character {
        func l(_ c: Character, _ r: Bool) -> Character { r ? Character(c.lowercased()) : c }
        switch self {
        case .moveTo(_, let r): return l("M", r)
        case .lineTo(_, let r): return l("L", r)
        case .horizontalTo(_, let r): return l("H", r)
        case .verticalTo(_, let r): return l("V", r)
        case .cubicTo(_, _, _, let r): return l("C", r)
        case .smoothCubicTo(_, _, let r): return l("S", r)
        case .quadTo(_, _, let r): return l("Q", r)
        case .smoothQuadTo(_, let r): return l("T", r)
        case .arcTo(_, _, _, _, _, let r): return l("A", r)
        case .closePath: return "Z"
        }
    }

    /// The numbers in the order the grammar writes them (flags as 0 or 1).
    var numbers: [Double] {
        switch self {
        case .moveTo(let p, _), .lineTo(let p, _), .smoothQuadTo(let p, _): return [p.x, p.y]
        case .horizontalTo(let x, _): return [x]
        case .verticalTo(let y, _): return [y]
        case .cubicTo(let a, let b, let c, _): return [a.x, a.y, b.x, b.y, c.x, c.y]
        case .smoothCubicTo(let a, let b, _), .quadTo(let a, let b, _): return [a.x, a.y, b.x, b.y]
        case .arcTo(let r, let rot, let large, let sweep, let to, _):
            return [r.x, r.y, rot, large ? 1 : 0, sweep ? 1 : 0, to.x, to.y]
        case .closePath: return []
        }
    }
}
