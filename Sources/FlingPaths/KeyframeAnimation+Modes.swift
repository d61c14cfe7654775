import FlingCore

extension KeyframeAnimation {
    /// The shape at a progress (0...1) through the keyframes.
    func shape(progress f: Double) -> BezierPath {
        let n = keyframes.count
        if !(f > 0) { return keyframes[0] }  // NaN too
        if calculationMode == .discrete {
            // Keyframe i from keyTimes[i] until keyTimes[i + 1]; the last one from its key time on.
            return keyframes[Self.lastKey(keyTimes, atMost: f, upTo: n - 1)]
        }
        if f >= 1 { return keyframes[n - 1] }
        // The interval holding f: the last i with keyTimes[i] <= f.
        let i = Self.lastKey(keyTimes, atMost: f, upTo: n - 2)
        let t0 = keyTimes[i], t1 = keyTimes[i + 1]
        if f == t0 { return keyframes[i] }
        let u = t1 > t0 ? (f - t0) / (t1 - t0) : 1
        let e = calculationMode == .paced ? u : timingFunctions[i](u)
        if e == 0 { return keyframes[i] }
        if e == 1 { return keyframes[i + 1] }
        if calculationMode == .cubic { return cubic(interval: i, e) }
        return PathMorph.interpolate(pairs[i].0, pairs[i].1, e)
    }

    /// The last index in `0...upper` whose key time is at most `f` (key times never decrease and
    /// the first is 0 < `f`), by bisection: what a scan from the start finds, in log₂ n steps (a
    /// scan made sampling 200,000 keyframes a million times take a minute).
    static func lastKey(_ keyTimes: [Double], atMost f: Double, upTo upper: Int) -> Int {
        var lo = 0, hi = upper
        while lo < hi {
            let mid = lo + (hi - lo + 1) / 2
            if keyTimes[mid] <= f { lo = mid } else { hi = mid - 1 }
        }
        return lo
    }

    /// Key times in proportion to the distance each interval covers (even when none moves).
    static func pacedKeyTimes(_ pairs: [(BezierPath, BezierPath)]) -> [Double] {
        var cumulative = [0.0]
        for (a, b) in pairs {
            let (x, y) = (a.coordinates, b.coordinates)
            var sum = 0.0
            for k in x.indices {
                let d = y[k] - x[k]
                sum += d * d
            }
            cumulative.append(cumulative[cumulative.count - 1] + sum.squareRoot())
        }
        let total = cumulative[cumulative.count - 1]
        let n = cumulative.count
        guard total > 0 else {
            return (0..<n).map { (k: Int) -> Double in k == n - 1 ? 1 : Double(k) / Double(n - 1) }
        }
        return cumulative.enumerated().map { k, c in k == n - 1 ? 1 : c / total }
    }

    /// The Kochanek–Bartels Hermite curve of interval `i` at its timed progress `u` (see
    /// ``CalculationMode/cubic``).
    func cubic(interval i: Int, _ u: Double) -> BezierPath {
        let n = keyframes.count
        let p0 = keyframes[max(i - 1, 0)].coordinates, p1 = keyframes[i].coordinates
        let p2 = keyframes[i + 1].coordinates, p3 = keyframes[min(i + 2, n - 1)].coordinates
        // Outgoing tangent at i, incoming at i + 1: weights of the chord behind and ahead.
        let (t1, c1, b1) = (tension[i], continuity[i], bias[i])
        let (t2, c2, b2) = (tension[i + 1], continuity[i + 1], bias[i + 1])
        let outBehind = (1 - t1) * (1 + b1) * (1 + c1) / 2, outAhead = (1 - t1) * (1 - b1) * (1 - c1) / 2
        let inBehind = (1 - t2) * (1 + b2) * (1 - c2) / 2, inAhead = (1 - t2) * (1 - b2) * (1 + c2) / 2
        let uu = u * u, uuu = uu * u
        let h00 = 2 * uuu - 3 * uu + 1, h10 = uuu - 2 * uu + u, h01 = -2 * uuu + 3 * uu, h11 = uuu - uu
        var out = p1
        for k in out.indices {
            let d1 = outBehind * (p1[k] - p0[k]) + outAhead * (p2[k] - p1[k])
            let d2 = inBehind * (p2[k] - p1[k]) + inAhead * (p3[k] - p2[k])
            out[k] = h00 * p1[k] + h10 * d1 + h01 * p2[k] + h11 * d2
        }
        return keyframes[i].replacingCoordinates(out)
    }
}

extension BezierPath {
    /// Every point's x and y in order: per subpath its start, then each segment's p0, p1, p2, p3.
    var coordinates: [Double] {
        var out: [Double] = []
        out.reserveCapacity(2 + segmentCount * 8)
        for sp in subpaths {
            out.append(sp.start.x); out.append(sp.start.y)
            for c in sp.segments {
                for p in [c.p0, c.p1, c.p2, c.p3] { out.append(p.x); out.append(p.y) }
            }
        }
        return out
    }

    /// This path's structure with the points read from `values` (in ``coordinates`` order).
    func replacingCoordinates(_ values: [Double]) -> BezierPath {
        var k = 0
        func next() -> Vector {
            defer { k += 2 }
            return Vector(values[k], values[k + 1])
        }
        return BezierPath(
            subpaths: subpaths.map { sp in
                let start = next()
                let segments = sp.segments.map { _ in
                    let a = next(), b = next(), c = next(), d = next()
                    return CubicSegment(a, b, c, d)
                }
                return BezierPath.Subpath(start: start, segments: segments, isClosed: sp.isClosed)
            })
    }
}
