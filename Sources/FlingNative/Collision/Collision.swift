import FlingCore

// Chipmunk 7.0.3's narrow phase for a wall (segment) against the item's box (polygon),
// `cpCollision.c`'s SegmentToPoly as it runs: GJK from the bounding boxes' centres (the spatial
// hash always passes collision id 0, so there is no cached starting simplex), EPA when the
// cores overlap, the support edges, and the clipped contact points with their feature ids.
// Every comparison and operation is Chipmunk's, in its order; the recursions are loops.

/// `cpCheckPointGreater`: `(b.y − a.y)(a.x + b.x − 2c.x) > (b.x − a.x)(a.y + b.y − 2c.y)`.
@inline(__always) func checkPointGreater(_ a: V2, _ b: V2, _ c: V2) -> Bool {
    (b.y - a.y) * (a.x + b.x - 2 * c.x) > (b.x - a.x) * (a.y + b.y - 2 * c.y)
}

/// `cpCheckAxis`.
@inline(__always) func checkAxis(_ v0: V2, _ v1: V2, _ p: V2, _ n: V2) -> Bool {
    p.dot(n) <= cpfmax(v0.dot(n), v1.dot(n))
}

/// `ClosestT`: the parameter in [−1, 1] of the point of segment a–b closest to the origin.
@inline(__always) func closestT(_ a: V2, _ b: V2) -> Double {
    let delta = b - a
    return -cpfclamp(delta.dot(a + b) / delta.lengthSquared, -1.0, 1.0)
}

/// `LerpT`.
@inline(__always) func lerpT(_ a: V2, _ b: V2, _ t: Double) -> V2 {
    let ht = 0.5 * t
    return a * (0.5 - ht) + b * (0.5 + ht)
}

/// `ClosestDist`.
@inline(__always) func closestDist(_ v0: V2, _ v1: V2) -> Double { lerpT(v0, v1, closestT(v0, v1)).lengthSquared }

/// A point of the Minkowski difference (box − wall) with the support points it came from.
struct MinkowskiPoint {
    var a: V2, b: V2, ab: V2
    /// `(wall index & 0xFF) << 8 | (box index & 0xFF)`.
    var id: UInt32
}

/// `ClosestPoints`: closest surface points, the separating axis and the signed distance.
struct ClosestPoints {
    var a: V2, b: V2, n: V2, d: Double
}

/// One contact as the collision reports it: absolute points on the wall and on the box, and
/// the feature pair (wall end << 8 | box corner) that identifies it across steps.
struct CollisionContact {
    var p1: V2, p2: V2
    var feature: UInt16
}

/// What SegmentToPoly found: 0, 1 or 2 contacts and their normal (from the wall to the box).
struct CollisionInfo {
    var count = 0
    var n = V2(0, 0)
    var c0 = CollisionContact(p1: V2(0, 0), p2: V2(0, 0), feature: 0)
    var c1 = CollisionContact(p1: V2(0, 0), p2: V2(0, 0), feature: 0)

    mutating func push(_ p1: V2, _ p2: V2, _ feature: UInt16) {
        if count == 0 {
            c0 = CollisionContact(p1: p1, p2: p2, feature: feature)
        } else {
            c1 = CollisionContact(p1: p1, p2: p2, feature: feature)
        }
        count += 1
    }
}

/// Room for EPA's two hulls, each up to ``capacity`` points (a hull gains at most one point
/// per iteration, and there are at most 30): the caller's scratch, made once.
struct EPAScratch: @unchecked Sendable {
    static let capacity = 40
    let points: UnsafeMutablePointer<MinkowskiPoint>
    /// A hull's edges' `ClosestDist`, by the index of the edge's first point.
    let distances: UnsafeMutablePointer<Double>

    static func allocate() -> EPAScratch {
        EPAScratch(points: .allocate(capacity: 2 * capacity), distances: .allocate(capacity: capacity))
    }

    func deallocate() {
        points.deallocate()
        distances.deallocate()
    }
}

/// A wall and the item's box, with Chipmunk's support functions for the pair, and the
/// caller's scratch for EPA.
struct WallBoxPair {
    /// Read where they are (a pair is made for each wall a box meets: no copies of them).
    let wall: UnsafePointer<SegmentShape>
    let box: UnsafePointer<BoxShape>
    let hull: EPAScratch

    /// `SegmentSupportPoint`.
    @inline(__always) func wallSupport(_ n: V2) -> (V2, UInt32) {
        wall.pointee.ta.dot(n) > wall.pointee.tb.dot(n) ? (wall.pointee.ta, 0) : (wall.pointee.tb, 1)
    }

    /// `PolySupportPointIndex`.
    @inline(__always) func boxSupportIndex(_ n: V2) -> Int {
        var max = -Double.infinity
        var index = 0
        for i in 0..<4 {
            let d = box.pointee.vertex(i).dot(n)
            if d > max {
                max = d
                index = i
            }
        }
        return index
    }

    /// `Support`: the wall's support along −n, the box's along n.
    @inline(__always) func support(_ n: V2) -> MinkowskiPoint {
        let (a, ai) = wallSupport(-n)
        let bi = boxSupportIndex(n)
        let b = box.pointee.vertex(bi)
        return MinkowskiPoint(a: a, b: b, ab: b - a, id: (ai & 0xFF) << 8 | (UInt32(bi) & 0xFF))
    }

    /// `ClosestPointsNew`.
    @inline(__always) func closestPoints(_ v0: MinkowskiPoint, _ v1: MinkowskiPoint) -> ClosestPoints {
        let t = closestT(v0.ab, v1.ab)
        let p = lerpT(v0.ab, v1.ab, t)
        let pa = lerpT(v0.a, v1.a, t)
        let pb = lerpT(v0.b, v1.b, t)
        let delta = v1.ab - v0.ab
        let n = delta.rperp.normalized
        let d = n.dot(p)
        if d <= 0.0 || (-1.0 < t && t < 1.0) {
            return ClosestPoints(a: pa, b: pb, n: n, d: d)
        }
        // Vertex against vertex: the axis is the direction to the closest point.
        let d2 = p.length
        return ClosestPoints(a: pa, b: pb, n: p * (1.0 / (d2 + Double.leastNormalMagnitude)), d: d2)
    }

    /// `GJK` with no cached ids, then `GJKRecurse`, as a loop.
    func gjk() -> ClosestPoints {
        let axis = (wall.pointee.bb.center - box.pointee.bb.center).perp
        var v0 = support(axis)
        var v1 = support(-axis)
        var iteration = 1
        while true {
            if iteration > 30 { return closestPoints(v0, v1) }
            if checkPointGreater(v1.ab, v0.ab, V2(0, 0)) {
                // The origin is behind the axis: flip, same iteration.
                swap(&v0, &v1)
                continue
            }
            let t = closestT(v0.ab, v1.ab)
            let n = (-1.0 < t && t < 1.0) ? (v1.ab - v0.ab).perp : -lerpT(v0.ab, v1.ab, t)
            let p = support(n)
            if checkPointGreater(p.ab, v0.ab, V2(0, 0)) && checkPointGreater(v1.ab, p.ab, V2(0, 0)) {
                return epa(v0, p, v1)
            }
            if checkAxis(v0.ab, v1.ab, p.ab, n) { return closestPoints(v0, v1) }
            if closestDist(v0.ab, p.ab) < closestDist(p.ab, v1.ab) {
                v1 = p
            } else {
                v0 = p
            }
            iteration += 1
        }
    }

    /// `EPA` and `EPARecurse`, as a loop over two hull buffers. (Indices wrap by comparison,
    /// not `%`, which divides.)
    func epa(_ a: MinkowskiPoint, _ b: MinkowskiPoint, _ c: MinkowskiPoint) -> ClosestPoints {
        var hull = self.hull.points, next = hull + EPAScratch.capacity
        hull[0] = a; hull[1] = b; hull[2] = c
        var count = 3
        var iteration = 1
        let distance = self.hull.distances
        while true {
            // Every edge's ClosestDist first (independent divisions, in flight together), then
            // the search in Chipmunk's order: edges from count − 1, 0, 1, …, the first least.
            var i = count - 1
            for j in 0..<count {
                distance[i] = closestDist(hull[i].ab, hull[j].ab)
                i = j
            }
            var mini = 0
            var minDist = Double.infinity
            i = count - 1
            for j in 0..<count {
                let d = distance[i]
                let closer = d < minDist
                minDist = closer ? d : minDist
                mini = closer ? i : mini
                i = j
            }
            let v0 = hull[mini], v1 = hull[mini + 1 == count ? 0 : mini + 1]
            // (Chipmunk asserts v0.ab ≠ v1.ab here; its debug build aborts otherwise.)
            let p = support((v1.ab - v0.ab).perp)
            let duplicate = p.id == v0.id || p.id == v1.id
            guard !duplicate && checkPointGreater(v0.ab, v1.ab, p.ab) && iteration < 30 else {
                return closestPoints(v0, v1)
            }
            next[0] = p
            var count2 = 1
            for i in 0..<count {
                var index = mini + 1 + i
                if index >= count { index -= count }
                let h0 = next[count2 - 1].ab
                let h1 = hull[index].ab
                let h2 = (i + 1 < count ? hull[index + 1 == count ? 0 : index + 1] : p).ab
                if checkPointGreater(h0, h2, h1) {
                    next[count2] = hull[index]
                    count2 += 1
                }
            }
            swap(&hull, &next)
            count = count2
            iteration += 1
        }
    }

    /// `SegmentToPoly`: the contacts of the wall and the box, if any.
    func collide() -> CollisionInfo {
        var info = CollisionInfo()
        let points = gjk()
        let n = points.n
        // The end-cap tests pass always: Fling's walls have no neighbours (zero tangents).
        guard points.d - wall.pointee.radius - 0.0 <= 0.0 else { return info }
        // SupportEdgeForSegment(wall, n).
        let (e1a, e1ai, e1b, e1bi): (V2, UInt16, V2, UInt16) =
            wall.pointee.tn.dot(n) > 0.0 ? (wall.pointee.ta, 0, wall.pointee.tb, 1) : (wall.pointee.tb, 1, wall.pointee.ta, 0)
        // SupportEdgeForPoly(box, −n).
        let m = -n
        let i1 = boxSupportIndex(m)
        let i0 = (i1 - 1 + 4) % 4, i2 = (i1 + 1) % 4
        let (e2a, e2ai, e2b, e2bi): (V2, Int, V2, Int) =
            m.dot(box.pointee.normal(i1)) > m.dot(box.pointee.normal(i2))
            ? (box.pointee.vertex(i0), i0, box.pointee.vertex(i1), i1) : (box.pointee.vertex(i1), i1, box.pointee.vertex(i2), i2)
        // ContactPoints(e1, e2, points).
        let r1 = wall.pointee.radius, r2 = 0.0
        guard points.d <= r1 + r2 else { return info }
        info.n = n
        let dE1a = e1a.cross(n), dE1b = e1b.cross(n)
        let dE2a = e2a.cross(n), dE2b = e2b.cross(n)
        let e1Denom = 1.0 / (dE1b - dE1a + Double.leastNormalMagnitude)
        let e2Denom = 1.0 / (dE2b - dE2a + Double.leastNormalMagnitude)
        do {
            let p1 = n * r1 + e1a.lerp(e1b, cpfclamp01((dE2b - dE1a) * e1Denom))
            let p2 = n * (-r2) + e2a.lerp(e2b, cpfclamp01((dE1a - dE2a) * e2Denom))
            if (p2 - p1).dot(n) <= 0.0 { info.push(p1, p2, e1ai << 8 | UInt16(e2bi)) }
        }
        do {
            let p1 = n * r1 + e1a.lerp(e1b, cpfclamp01((dE2a - dE1a) * e1Denom))
            let p2 = n * (-r2) + e2a.lerp(e2b, cpfclamp01((dE1b - dE2a) * e2Denom))
            if (p2 - p1).dot(n) <= 0.0 { info.push(p1, p2, e1bi << 8 | UInt16(e2ai)) }
        }
        return info
    }
}
