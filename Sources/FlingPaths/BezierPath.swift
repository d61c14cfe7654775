import FlingCore

/// A path as geometry: subpaths of absolute cubic segments, in points. This is the normalized
/// form of ``PathData`` (which keeps the commands as written) and the form that keyframe
/// morphing interpolates.
public struct BezierPath: Hashable, Sendable {
    /// One connected run of segments; `segments[k].p3 == segments[k + 1].p0`.
    public struct Subpath: Hashable, Sendable {
        /// Where the subpath starts (the moveto's point).
        public var start: Vector
        public var segments: [CubicSegment]
        /// Whether it ends with a closepath. A closed subpath's last segment ends at `start`
        /// (closepath adds a straight segment when the current point is elsewhere).
        public var isClosed: Bool

        public init(start: Vector, segments: [CubicSegment], isClosed: Bool) {
            self.start = start; self.segments = segments; self.isClosed = isClosed
        }
    }

    public var subpaths: [Subpath]

    public init(subpaths: [Subpath]) { self.subpaths = subpaths }

    /// Parses path data (strictly) and normalizes it.
    public init(svg d: String) throws(FlingError) { self = try PathData(d).bezierPath }

    /// Number of segments over all subpaths.
    public var segmentCount: Int { subpaths.reduce(0) { $0 + $1.segments.count } }

    /// Path data for this geometry: `M x y C … Z` per subpath, absolute, every number written
    /// with Swift's shortest round-trip form (so parsing it back gives these exact bits).
    public var svgData: String {
        var out = ""
        for sp in subpaths {
            if !out.isEmpty { out += " " }
            out += "M\(PathData.number(sp.start.x)) \(PathData.number(sp.start.y))"
            for c in sp.segments {
                out += " C\(PathData.number(c.p1.x)) \(PathData.number(c.p1.y))"
                out += " \(PathData.number(c.p2.x)) \(PathData.number(c.p2.y))"
                out += " \(PathData.number(c.p3.x)) \(PathData.number(c.p3.y))"
            }
            if sp.isClosed { out += " Z" }
        }
        return out
    }
}
