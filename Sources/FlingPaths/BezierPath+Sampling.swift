import FlingCore

extension BezierPath {
    /// The path with every point (starts and control points) mapped by `f`: scale, move or
    /// squash a shape while keeping its structure, e.g. to make keyframes from one drawing.
    func mapPoints(_ f: (Vector) -> Vector) -> BezierPath {
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
    package func combine(into digest: inout StateDigest) {
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
    /// The most sample times ``sampleTimes(count:from:to:)`` makes (and a path document samples).
    public static let maximumSamples = 1_000_000

    /// The sample times: `count` instants from `from` to `to` inclusive, the k-th at
    /// `from + (to - from) · k / (count - 1)` (one: `from`; zero: none).
    ///
    /// Throws unless `count` lies in 0...``maximumSamples`` and `from` and `to` are finite.
    public static func sampleTimes(count: Int, from: Double, to: Double) throws(FlingError) -> [Double] {
        guard (0...maximumSamples).contains(count) else {
            throw FlingError(
                .outOfRange, field: "KeyframeAnimation.sampleTimes.count", value: "\(count)", reason: "must lie in 0...\(maximumSamples)")
        }
        try Check.finite(from, "KeyframeAnimation.sampleTimes.from")
        try Check.finite(to, "KeyframeAnimation.sampleTimes.to")
        return times(frames: count, from: from, to: to)
    }

    /// ``sampleTimes(count:from:to:)`` for arguments already checked.
    static func times(frames: Int, from: Double, to: Double) -> [Double] {
        guard frames > 1 else { return frames == 1 ? [from] : [] }
        return (0..<frames).map { k in from + (to - from) * (Double(k) / Double(frames - 1)) }
    }

    /// The work of sampling `count` shapes: `count` × the most segments a shape between two
    /// keyframes has (what ``sampleDigest(count:from:to:)`` may cost; it refuses past 2 × 10⁷).
    public func sampleWork(count: Int) -> Double { Double(count) * Double(maximumShapeSegments) }

    /// A digest over the shapes at `count` sample times from `from` to `to` (default one pass):
    /// every point of every shape, bit for bit, so two animations that draw the same agree.
    ///
    /// Throws as ``sampleTimes(count:from:to:)`` does, and `overBudget` when
    /// ``sampleWork(count:)`` exceeds 2 × 10⁷ segments.
    public func sampleDigest(count: Int, from: Double = 0, to: Double? = nil) throws(FlingError) -> StateDigest {
        let times = try Self.sampleTimes(count: count, from: from, to: to ?? duration)
        try Self.sampleBudget.check(sampleWork(count: count), "KeyframeAnimation.sampleDigest.count")
        var d = StateDigest()
        for t in times { shape(at: t).combine(into: &d) }
        return d
    }
}

extension Conveyor {
    /// The `k`-th of `count` instants evenly spread over `span` nanoseconds (one period, or a
    /// pattern of looks' cycle): `k · span / count` in integer division, exact for any span.
    /// `k` is taken within 0...`count`, a negative span as 0, and a `count` below 1 gives 0.
    public static func sampleNanoseconds(_ k: Int, of count: Int, over span: Int64) -> Int64 {
        guard count >= 1 else { return 0 }
        let k = Int64(min(max(k, 0), count))
        return Int64(count).dividingFullWidth(max(span, 0).multipliedFullWidth(by: k)).quotient
    }

    /// The work of sampling `count` instants: `count` × ``itemsShown`` (what
    /// ``sampleDigest(count:)`` may cost; it refuses past 2 × 10⁷ items).
    public func sampleWork(count: Int) -> Double { Double(max(0, count)) * Double(itemsShown) }

    /// A digest over the items at `count` instants evenly spread over one period (the k-th at
    /// `k · period / count` nanoseconds, integer division): each item's position x and y and
    /// alpha, then the item count.
    ///
    /// Throws `outOfRange` unless `count` lies in 0...``KeyframeAnimation/maximumSamples``, and
    /// `overBudget` when ``sampleWork(count:)`` exceeds 2 × 10⁷ items.
    public func sampleDigest(count: Int) throws(FlingError) -> StateDigest {
        guard (0...KeyframeAnimation.maximumSamples).contains(count) else {
            throw FlingError(
                .outOfRange, field: "Conveyor.sampleDigest.count", value: "\(count)",
                reason: "must lie in 0...\(KeyframeAnimation.maximumSamples)")
        }
        try Self.sampleBudget.check(sampleWork(count: count), "Conveyor.sampleDigest.count")
        var d = StateDigest()
        for k in 0..<count {
            let items = items(atNanoseconds: Self.sampleNanoseconds(k, of: count, over: periodNanoseconds))
            for item in items { d.combine(item.position.x); d.combine(item.position.y); d.combine(item.alpha) }
            d.combine(Double(items.count))
        }
        return d
    }
}
