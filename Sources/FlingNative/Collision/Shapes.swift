import FlingCore

// The shapes of a world with walls, as Chipmunk 7.0.3 caches them (`cpShape.c`,
// `cpPolyShape.c`): the walls are `cpSegmentShape`s on the static body, the item a
// `cpBoxShapeNew(body, w, h, 0)` polygon. Every line is Chipmunk's operation in its order;
// `cpfmin`/`cpfmax` are its ternaries (not Swift's `min`/`max`, which treat ±0 and NaN
// otherwise).

@inline(__always) func cpfmin(_ a: Double, _ b: Double) -> Double { a < b ? a : b }
@inline(__always) func cpfmax(_ a: Double, _ b: Double) -> Double { a > b ? a : b }
@inline(__always) func cpfclamp(_ f: Double, _ lo: Double, _ hi: Double) -> Double { cpfmin(cpfmax(f, lo), hi) }
@inline(__always) func cpfclamp01(_ f: Double) -> Double { cpfmax(0.0, cpfmin(f, 1.0)) }

/// `cpVect`, for the collision code (plain IEEE operations, one rounding each).
struct V2 {
    var x: Double, y: Double
    @inline(__always) init(_ x: Double, _ y: Double) { self.x = x; self.y = y }
    @inline(__always) static func + (a: V2, b: V2) -> V2 { V2(a.x + b.x, a.y + b.y) }
    @inline(__always) static func - (a: V2, b: V2) -> V2 { V2(a.x - b.x, a.y - b.y) }
    @inline(__always) static func * (a: V2, s: Double) -> V2 { V2(a.x * s, a.y * s) }
    @inline(__always) static prefix func - (a: V2) -> V2 { V2(-a.x, -a.y) }
    @inline(__always) func dot(_ b: V2) -> Double { x * b.x + y * b.y }
    @inline(__always) func cross(_ b: V2) -> Double { x * b.y - y * b.x }
    /// `cpvperp`: (−y, x).
    @inline(__always) var perp: V2 { V2(-y, x) }
    /// `cpvrperp`: (y, −x).
    @inline(__always) var rperp: V2 { V2(y, -x) }
    @inline(__always) var lengthSquared: Double { dot(self) }
    @inline(__always) var length: Double { dot(self).squareRoot() }
    /// `cpvnormalize`: `v · 1/(|v| + DBL_MIN)`.
    @inline(__always) var normalized: V2 { self * (1.0 / (length + Double.leastNormalMagnitude)) }
    /// `cpvrotate(self, b)`: complex multiplication.
    @inline(__always) func rotate(_ b: V2) -> V2 { V2(x * b.x - y * b.y, x * b.y + y * b.x) }
    /// `cpvlerp(self, b, t)`: `self·(1 − t) + b·t`.
    @inline(__always) func lerp(_ b: V2, _ t: Double) -> V2 { self * (1.0 - t) + b * t }
    @inline(__always) static func == (a: V2, b: V2) -> Bool { a.x == b.x && a.y == b.y }
}

/// `cpBB`.
struct BB {
    var l: Double, b: Double, r: Double, t: Double
    /// `cpBBIntersects`.
    @inline(__always) func intersects(_ o: BB) -> Bool { l <= o.r && o.l <= r && b <= o.t && o.b <= t }
    /// `cpBBCenter`: `cpvlerp((l, b), (r, t), 0.5)`.
    @inline(__always) var center: V2 { V2(l, b).lerp(V2(r, t), 0.5) }
}

/// `cpTransform` of a body: `[a c tx; b d ty]` with `a = d = cos θ`, `b = sin θ`, `c = −sin θ`,
/// and the translation `p − (cog·rot)` with the center of gravity at (0, 0), as
/// `cpBodySetTransform` computes it.
struct BodyTransform {
    var a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double

    @inline(__always) init(px: Double, py: Double, cos: Double, sin: Double) {
        a = cos; b = sin; c = -sin; d = cos
        tx = px - (0.0 * cos - 0.0 * sin)
        ty = py - (0.0 * sin + 0.0 * cos)
    }

    /// The static body's: angle 0 at (0, 0) (`cos 0 = 1`, `sin 0 = 0`, so `c = −0`).
    static let identity = BodyTransform(px: 0, py: 0, cos: 1, sin: 0)

    /// `cpTransformPoint`: `(a·x + c·y) + tx`, `(b·x + d·y) + ty`.
    @inline(__always) func point(_ v: V2) -> V2 { V2(a * v.x + c * v.y + tx, b * v.x + d * v.y + ty) }
    /// `cpTransformVect`.
    @inline(__always) func vect(_ v: V2) -> V2 { V2(a * v.x + c * v.y, b * v.x + d * v.y) }
}

/// A wall as its `cpSegmentShape` holds it once added to the space (the static body never
/// moves, so its cached, transformed data never changes).
struct SegmentShape {
    /// `ta`, `tb`, `tn`: the ends and normal through the static body's transform.
    var ta: V2, tb: V2, tn: V2
    var radius: Double
    var elasticity: Double, friction: Double
    var bb: BB

    init(_ wall: Wall) {
        let a = V2(wall.start.x, wall.start.y), b = V2(wall.end.x, wall.end.y)
        // cpSegmentShapeInit: n = rperp(normalize(b − a)).
        let n = (b - a).normalized.rperp
        let t = BodyTransform.identity
        ta = t.point(a)
        tb = t.point(b)
        tn = t.vect(n)
        radius = wall.radius
        elasticity = wall.elasticity
        friction = wall.friction
        // cpSegmentShapeCacheData.
        let (l, r) = ta.x < tb.x ? (ta.x, tb.x) : (tb.x, ta.x)
        let (lo, hi) = ta.y < tb.y ? (ta.y, tb.y) : (tb.y, ta.y)
        bb = BB(l: l - radius, b: lo - radius, r: r + radius, t: hi + radius)
    }
}

/// The item's box as its `cpPolyShape` holds it: the four corners and edge normals in body
/// coordinates (`cpBoxShapeInit2`'s order: (r, b), (r, t), (l, t), (l, b)), and each step the
/// same through the body's transform, with the bounding box.
struct BoxShape {
    var localVertex: (V2, V2, V2, V2)
    var localNormal: (V2, V2, V2, V2)
    var vertex: (V2, V2, V2, V2) = (V2(0, 0), V2(0, 0), V2(0, 0), V2(0, 0))
    var normal: (V2, V2, V2, V2) = (V2(0, 0), V2(0, 0), V2(0, 0), V2(0, 0))
    var bb = BB(l: 0, b: 0, r: 0, t: 0)
    var elasticity: Double = 0, friction: Double = 0

    init(width: Double, height: Double) {
        let hw = width / 2.0, hh = height / 2.0
        let l = -hw, b = -hh, r = hw, t = hh
        let v0 = V2(r, b), v1 = V2(r, t), v2 = V2(l, t), v3 = V2(l, b)
        // SetVerts: plane i's normal is normalize(rperp(v[i] − v[i − 1])).
        localVertex = (v0, v1, v2, v3)
        localNormal = ((v0 - v3).rperp.normalized, (v1 - v0).rperp.normalized, (v2 - v1).rperp.normalized, (v3 - v2).rperp.normalized)
    }

    /// The same box from its size and its normals' two magnitudes (``WorldDynamics/normalP``,
    /// ``WorldDynamics/normalQ``): `(+0, −p)`, `(q, −0)`, `(+0, p)`, `(−q, −0)`.
    @inline(__always) init(width: Double, height: Double, p: Double, q: Double) {
        let hw = width / 2.0, hh = height / 2.0
        let l = -hw, b = -hh, r = hw, t = hh
        localVertex = (V2(r, b), V2(r, t), V2(l, t), V2(l, b))
        localNormal = (V2(0.0, -p), V2(q, -0.0), V2(0.0, p), V2(-q, -0.0))
    }

    /// Whether both boxes' corners and normals have the same bits.
    func sameNormals(_ o: BoxShape) -> Bool {
        func same(_ a: V2, _ b: V2) -> Bool { a.x.bitPattern == b.x.bitPattern && a.y.bitPattern == b.y.bitPattern }
        func same(_ a: (V2, V2, V2, V2), _ b: (V2, V2, V2, V2)) -> Bool {
            same(a.0, b.0) && same(a.1, b.1) && same(a.2, b.2) && same(a.3, b.3)
        }
        return same(localNormal, o.localNormal) && same(localVertex, o.localVertex)
    }

    @inline(__always) func vertex(_ i: Int) -> V2 {
        switch i {
        case 0: vertex.0
        case 1: vertex.1
        case 2: vertex.2
        default: vertex.3
        }
    }

    @inline(__always) func normal(_ i: Int) -> V2 {
        switch i {
        case 0: normal.0
        case 1: normal.1
        case 2: normal.2
        default: normal.3
        }
    }

    /// `cpPolyShapeCacheData`: corners and normals through `t`, and the bounding box
    /// (radius 0, still subtracted and added as there).
    @inline(__always) mutating func update(_ t: BodyTransform) {
        updateBounds(t)
        updateNormals(t)
    }

    /// The normals through `t`: only the narrow phase reads them, so a step computes them
    /// only when a wall's bounding box meets the box's.
    @inline(__always) mutating func updateNormals(_ t: BodyTransform) {
        normal = (t.vect(localNormal.0), t.vect(localNormal.1), t.vect(localNormal.2), t.vect(localNormal.3))
    }

    /// The corners through `t`, and the bounding box.
    @inline(__always) mutating func updateBounds(_ t: BodyTransform) {
        vertex = (t.point(localVertex.0), t.point(localVertex.1), t.point(localVertex.2), t.point(localVertex.3))
        var l = Double.infinity, r = -Double.infinity, b = Double.infinity, top = -Double.infinity
        for i in 0..<4 {
            let v = vertex(i)
            l = cpfmin(l, v.x)
            r = cpfmax(r, v.x)
            b = cpfmin(b, v.y)
            top = cpfmax(top, v.y)
        }
        let radius = 0.0
        bb = BB(l: l - radius, b: b - radius, r: r + radius, t: top + radius)
    }
}
