import FlingCore

extension BezierPath {
    /// The path with every point (starts and control points) mapped by `f`: scale, move or
    /// squash a shape while keeping its structure, e.g. to make keyframes from one drawing.
    public func mapPoints(_ f: (Vector) -> Vector) -> BezierPath {
        BezierPath(
            subpaths: subpaths.map { sp in
                BezierPath.Subpath(
                    start: f(sp.start),
                    segments: sp.segments.map { CubicSegment(f($0.p0), f($0.p1), f($0.p2), f($0.p3)) },
                    isClosed: sp.isClosed)
            })
    }

    /// Adds the path to a digest: per subpath, its start x and y, then each segment's p1, p2, p3
    /// x and y, in order (FNV-1a over the IEEE 754 bits, as ``StateDigest`` does for tiles); the
    /// closedness as 1 or 0 after each subpath.
    public func combine(into digest: inout StateDigest) {
        for sp in subpaths {
            digest.combine(sp.start.x); digest.combine(sp.start.y)
            for c in sp.segments {
                digest.combine(c.p1.x); digest.combine(c.p1.y)
                digest.combine(c.p2.x); digest.combine(c.p2.y)
                digest.combine(c.p3.x); digest.combine(c.p3.y)
            }
            digest.combine(sp.isClosed ? 1 : 0)
        }
    }
}

extension KeyframeAnimation {
    /// The sample times: `frames` instants from `from` to `to` inclusive, the k-th at
    /// `from + (to - from) · k / (frames - 1)` (one frame: `from`).
    public static func sampleTimes(frames: Int, from: Double, to: Double) -> [Double] {
        guard frames > 1 else { return frames == 1 ? [from] : [] }
        return (0..<frames).map { k in from + (to - from) * (Double(k) / Double(frames - 1)) }
    }

    /// A digest over the shapes at `frames` sample times from `from` to `to` (default one pass).
    public func sampleDigest(frames: Int, from: Double = 0, to: Double? = nil) -> StateDigest {
        var d = StateDigest()
        for t in Self.sampleTimes(frames: frames, from: from, to: to ?? duration) { shape(at: t).combine(into: &d) }
        return d
    }
}

extension Conveyor {
    /// A digest over the items at `frames` instants evenly spread over one period (the k-th at
    /// `k · period / frames` nanoseconds, integer division): each item's position x and y and
    /// alpha, then the item count.
    public func sampleDigest(frames: Int) -> StateDigest {
        var d = StateDigest()
        for k in 0..<max(0, frames) {
            let product = periodNanoseconds.multipliedFullWidth(by: Int64(k))
            let items = items(atNanoseconds: Int64(frames).dividingFullWidth(product).quotient)
            for item in items { d.combine(item.position.x); d.combine(item.position.y); d.combine(item.alpha) }
            d.combine(Double(items.count))
        }
        return d
    }
}
