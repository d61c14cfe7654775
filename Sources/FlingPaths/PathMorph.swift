import FlingCore

/// Morphing between two paths, including paths whose structure differs.
///
/// Paths with the same structure (same number of subpaths, each with the same number of
/// segments and the same closedness) morph control point by control point, as Core Animation
/// does (after step 3 below, which leaves corresponding frames such as the pin's alone).
/// Otherwise ``match(_:_:)`` first brings both to a common structure:
///
/// 1. **Subpaths** are paired in order. When one path has more, each extra subpath is paired
///    with a subpath collapsed to a single point at the extra subpath's bounding-box center (it
///    grows out of its own center, or shrinks into it), with as many segments and the same
///    closedness.
/// 2. **Segments**: lines are already cubics (their control points on the line). While one side
///    of a pair has fewer segments, its longest segment (arc length; the first on a tie) is
///    split in half at t = 0.5 by de Casteljau, which leaves the shape unchanged.
/// 3. **Starting point**: for a pair of closed subpaths, the second is rotated (its start moved
///    to another segment boundary, the shape unchanged) to the rotation that minimizes the sum of
///    squared distances between corresponding segment start points: the start that moves least.
///    Directions are kept (no reversal), so a hole's winding, and so the nonzero fill, stays.
///
/// Every step is deterministic (no dictionaries, ties broken by index).
public enum PathMorph {
    /// Whether the two can be interpolated point by point.
    public static func sameStructure(_ a: BezierPath, _ b: BezierPath) -> Bool {
        guard a.subpaths.count == b.subpaths.count else { return false }
        for (x, y) in zip(a.subpaths, b.subpaths)
        where x.segments.count != y.segments.count || x.isClosed != y.isClosed {
            return false
        }
        return true
    }

    /// Both paths brought to a common structure. Paths of the same structure whose points
    /// already correspond (no other start moves strictly less) come back unchanged, so they
    /// morph point by point as in Core Animation.
    ///
    /// Throws `overBudget` when the work of matching (the sum over paired subpaths of the square
    /// of the larger segment count) exceeds 10⁸, the budget `PathMorph.matchBudget`.
    public static func match(_ a: BezierPath, _ b: BezierPath) throws(FlingError) -> (BezierPath, BezierPath) {
        try matchBudget.check(matchWork(a, b), "PathMorph.match")
        return matched(a, b)
    }

    /// The work budget of matching: the sum over paired subpaths of (segments)², the cost of
    /// choosing the start that moves least (``match(_:_:)``; summed over every pair of
    /// neighbouring keyframes for a ``KeyframeAnimation``).
    static let matchBudget = WorkBudget("PathMorph.matchBudget", unit: "segments² over paired subpaths", limit: 1e8)

    /// The work of matching `a` and `b`, in ``matchBudget``'s unit: for each pair of subpaths,
    /// the square of the larger segment count (at least 1).
    static func matchWork(_ a: BezierPath, _ b: BezierPath) -> Double {
        var work = 0.0
        for k in 0..<max(a.subpaths.count, b.subpaths.count) {
            let x = k < a.subpaths.count ? a.subpaths[k].segments.count : 0
            let y = k < b.subpaths.count ? b.subpaths[k].segments.count : 0
            let n = Double(max(x, y, 1))
            work += n * n
        }
        return work
    }

    /// ``match(_:_:)`` without its budget check (the caller has checked).
    static func matched(_ a: BezierPath, _ b: BezierPath) -> (BezierPath, BezierPath) {
        var sa = a.subpaths, sb = b.subpaths
        while sa.count < sb.count { sa.append(collapsed(like: sb[sa.count])) }
        while sb.count < sa.count { sb.append(collapsed(like: sa[sb.count])) }
        for k in 0..<sa.count {
            var x = sa[k], y = sb[k]
            split(&x, toCount: y.segments.count)
            split(&y, toCount: x.segments.count)
            if x.isClosed && y.isClosed { y = rotated(y, toward: x) }
            let closed = x.isClosed && y.isClosed
            x.isClosed = closed; y.isClosed = closed
            sa[k] = x; sb[k] = y
        }
        return (BezierPath(subpaths: sa), BezierPath(subpaths: sb))
    }

    /// Point-by-point interpolation `a + (b - a) t` of two paths of the same structure (check
    /// with ``sameStructure(_:_:)``; extra subpaths or segments of either are ignored).
    public static func interpolate(_ a: BezierPath, _ b: BezierPath, _ t: Double) -> BezierPath {
        func l(_ p: Vector, _ q: Vector) -> Vector { p + (q - p) * t }
        var out: [BezierPath.Subpath] = []
        out.reserveCapacity(a.subpaths.count)
        for (x, y) in zip(a.subpaths, b.subpaths) {
            var segs: [CubicSegment] = []
            segs.reserveCapacity(x.segments.count)
            for (c, d) in zip(x.segments, y.segments) {
                segs.append(CubicSegment(l(c.p0, d.p0), l(c.p1, d.p1), l(c.p2, d.p2), l(c.p3, d.p3)))
            }
            out.append(BezierPath.Subpath(start: l(x.start, y.start), segments: segs, isClosed: x.isClosed))
        }
        return BezierPath(subpaths: out)
    }

    static func collapsed(like s: BezierPath.Subpath) -> BezierPath.Subpath {
        var box = s.segments.first.map(\.bounds) ?? BoundingBox(min: s.start, max: s.start)
        for c in s.segments { box = box.union(c.bounds) }
        let p = box.center
        return BezierPath.Subpath(
            start: p,
            segments: Array(
                repeating: CubicSegment(p, p, p, p),
                count: max(1, s.segments.count)),
            isClosed: s.isClosed)
    }

    /// Splits the longest segment in half (the first on a tie) until there are `count`; an
    /// empty subpath first gets one segment collapsed on its start. Each segment's length is
    /// measured once (the halves' when they are made), so a split costs a scan, not a quadrature
    /// per segment.
    static func split(_ s: inout BezierPath.Subpath, toCount count: Int) {
        guard s.segments.count < count else { return }
        if s.segments.isEmpty { s.segments = [CubicSegment(s.start, s.start, s.start, s.start)] }
        var lengths = s.segments.map { $0.length() }
        while s.segments.count < count {
            var best = 0, bestLength = -1.0
            for (k, l) in lengths.enumerated() where l > bestLength {
                best = k; bestLength = l
            }
            let (h1, h2) = s.segments[best].split(at: 0.5)
            s.segments.replaceSubrange(best...best, with: [h1, h2])
            lengths.replaceSubrange(best...best, with: [h1.length(), h2.length()])
        }
    }

    static func rotated(_ y: BezierPath.Subpath, toward x: BezierPath.Subpath) -> BezierPath.Subpath {
        let n = y.segments.count
        guard n > 1 else { return y }
        var best = 0, bestCost = Double.infinity
        for r in 0..<n {
            var cost = 0.0
            for k in 0..<n {
                let d = y.segments[(k + r) % n].p0 - x.segments[k].p0
                cost += d.dot(d)
            }
            if cost < bestCost { best = r; bestCost = cost }
        }
        if best == 0 { return y }  // ties keep the start as drawn
        let segs = Array(y.segments[best...] + y.segments[..<best])
        return BezierPath.Subpath(start: segs[0].p0, segments: segs, isClosed: true)
    }
}
