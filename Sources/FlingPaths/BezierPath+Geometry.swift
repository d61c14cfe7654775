import FlingCore

extension BezierPath {
    /// The exact bounding box of every segment (nil for an empty path).
    public var bounds: BoundingBox? {
        var box: BoundingBox? = nil
        for sp in subpaths {
            for c in sp.segments { box = box.map { $0.union(c.bounds) } ?? c.bounds }
        }
        return box
    }

    /// Total length in points (segments' lengths, each to 1e-9 relative or better).
    public var length: Double {
        var total = 0.0
        for sp in subpaths { for c in sp.segments { total += c.length() } }
        return total
    }

    /// Every segment in order, over all subpaths.
    var allSegments: [CubicSegment] { subpaths.flatMap(\.segments) }

    /// The point and unit tangent at the given distance along the path from its start
    /// (constant-speed, "paced" timing), across subpaths in order (the jump between subpaths
    /// has no length). Clamped to the path's ends; nil for a path with no segments.
    public func point(atLength s: Double) -> (point: Vector, tangent: Vector)? {
        let segments = allSegments
        guard !segments.isEmpty else { return nil }
        var remaining = Swift.max(0, s)
        for (k, c) in segments.enumerated() {
            let l = c.length()
            if remaining <= l || k == segments.count - 1 {
                let t = c.parameter(atLength: Swift.min(remaining, l))
                return (c.point(at: t), c.tangent(at: t))
            }
            remaining -= l
        }
        return nil
    }

    /// The most points ``flattened(tolerance:)`` makes.
    static let maximumFlattenedPoints = 1_000_000

    /// Each subpath as a polyline within `tolerance` points of the curves (its first point is
    /// the subpath's start; a closed subpath's last point is its start again).
    ///
    /// Throws unless `tolerance` is positive and at least `2⁻⁴⁰` times the path's largest
    /// coordinate magnitude (below that, doubles cannot place the points: halving would go on
    /// to the depth limit everywhere), and `overBudget` as soon as the polylines would exceed
    /// `maximumFlattenedPoints` points (no more than that is ever made).
    package func flattened(tolerance: Double) throws(FlingError) -> [[Vector]] {
        try Check.positive(tolerance, "tolerance")
        try CubicSegment.checkResolvable(tolerance, scale: magnitude)
        var budget = Self.maximumFlattenedPoints
        var lines: [[Vector]] = []
        for sp in subpaths {
            guard budget > 0 else { throw CubicSegment.overPointBudget() }
            budget -= 1
            var out = [sp.start]
            for c in sp.segments { try c.flatten(tolerance: tolerance, into: &out, budget: &budget) }
            lines.append(out)
        }
        return lines
    }

    /// The largest absolute coordinate of any point of the path (0 for an empty one).
    var magnitude: Double {
        var m = 0.0
        for sp in subpaths {
            m = Swift.max(m, abs(sp.start.x), abs(sp.start.y))
            for c in sp.segments { m = Swift.max(m, c.magnitude) }
        }
        return m
    }
}
