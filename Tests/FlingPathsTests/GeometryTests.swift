import Foundation
import Testing
import FlingCore
@testable import FlingPaths

@Suite struct GeometryTests {
    let curve = CubicSegment(Vector(0, 0), Vector(30, 120), Vector(140, -60), Vector(100, 40))

    @Test func pointTangentAndSplit() {
        #expect(curve.point(at: 0) == curve.p0 && curve.point(at: 1) == curve.p3)
        // Derivative against a central difference.
        for t in stride(from: 0.05, through: 0.95, by: 0.1) {
            let h = 1e-6
            let fd = (curve.point(at: t + h) - curve.point(at: t - h)) * (1 / (2 * h))
            #expect(near(curve.derivative(at: t), fd, 1e-5))
            #expect(abs(curve.tangent(at: t).length - 1) < 1e-15)
        }
        // A control point on the endpoint: the tangent still points along the curve.
        let cusp = CubicSegment(.zero, .zero, Vector(10, 0), Vector(10, 10))
        #expect(near(cusp.tangent(at: 0), Vector(1, 0), 1e-15))
        let end = CubicSegment(.zero, Vector(0, 10), Vector(10, 10), Vector(10, 10))
        #expect(near(end.tangent(at: 1), Vector(1, 0), 1e-15))
        for t in [0.0, 0.25, 0.5, 0.9, 1.0] {
            let (a, b) = curve.split(at: t)
            #expect(a.p3 == b.p0 && a.p0 == curve.p0 && b.p3 == curve.p3)
            #expect(near(a.p3, curve.point(at: t), 1e-12))
            for u in [0.1, 0.5, 0.8] {
                #expect(near(a.point(at: u), curve.point(at: t * u), 1e-12))
                #expect(near(b.point(at: u), curve.point(at: t + (1 - t) * u), 1e-12))
            }
        }
        #expect(near(curve.piece(from: 0.2, to: 0.7).point(at: 0.5), curve.point(at: 0.45), 1e-12))
    }

    @Test func boundsAreTheExtremes() throws {
        let arch = CubicSegment(Vector(0, 0), Vector(0, 100), Vector(100, 100), Vector(100, 0))
        #expect(arch.bounds == BoundingBox(min: Vector(0, 0), max: Vector(100, 75)))
        for c in [curve, arch, CubicSegment(Vector(5, 5), Vector(-40, 3), Vector(70, 90), Vector(1, -2))] {
            let box = c.bounds
            var lo = c.p0, hi = c.p0
            for k in 0...100_000 {
                let p = c.point(at: Double(k) / 100_000)
                lo = Vector(min(lo.x, p.x), min(lo.y, p.y)); hi = Vector(max(hi.x, p.x), max(hi.y, p.y))
            }
            // Sampling never leaves the box and comes within sampling error of every side.
            #expect(box.min.x <= lo.x + 1e-12 && box.min.y <= lo.y + 1e-12)
            #expect(box.max.x >= hi.x - 1e-12 && box.max.y >= hi.y - 1e-12)
            #expect(near(box.min, lo, 1e-6) && near(box.max, hi, 1e-6))
        }
        #expect(try BezierPath(svg: mapPinData).bounds!.max.y > 408.8)
    }

    /// The length of a quadratic in closed form:
    /// ∫₀¹ √(A t² + B t + C) dt with A = 4|a|², B = 4 a·b, C = |b|², a = p0 - 2p1 + p2, b = 2(p1 - p0).
    func quadraticLength(_ p0: Vector, _ p1: Vector, _ p2: Vector) -> Double {
        let a = p0 - p1 * 2 + p2, b = (p1 - p0) * 2
        let A = 4 * a.dot(a), B = 4 * a.dot(b), C = b.dot(b)
        let sabc = 2 * (A + B + C).squareRoot(), a2 = A.squareRoot(), a32 = 2 * A * a2
        let c2 = 2 * C.squareRoot(), ba = B / a2
        return (a32 * sabc + a2 * B * (sabc - c2) + (4 * C * A - B * B) * log((2 * a2 + ba + sabc) / (ba + c2))) / (4 * a32)
    }

    /// Composite Simpson over 2¹⁸ intervals with compensated summation: error far below 1e-12
    /// relative for these smooth speeds.
    func simpsonLength(_ c: CubicSegment) -> Double {
        let n = 1 << 18
        var sum = 0.0, comp = 0.0
        for k in 0...n {
            let w: Double = k == 0 || k == n ? 1 : (k % 2 == 1 ? 4 : 2)
            let y = w * c.derivative(at: Double(k) / Double(n)).length - comp
            let t = sum + y
            comp = (t - sum) - y
            sum = t
        }
        return sum / Double(n) / 3
    }

    @Test func arcLengthWithinOneBillionth() {
        // Straight cubics, evenly and unevenly parameterized: the chord.
        #expect(abs(CubicSegment.line(.zero, Vector(30, 40)).length() - 50) <= 50 * 1e-12)
        let uneven = CubicSegment(.zero, Vector(1, 0), Vector(29, 0), Vector(30, 0))
        #expect(abs(uneven.length() - 30) <= 30 * 1e-9)
        // Quadratics in closed form.
        for (a, b, c) in [(Vector(0, 0), Vector(50, 100), Vector(100, 0)), (Vector(3, 7), Vector(-20, 4), Vector(60, 90))] {
            let exact = quadraticLength(a, b, c)
            #expect(abs(CubicSegment.quadratic(a, b, c).length() - exact) <= exact * 1e-9)
        }
        // General cubics and the pin against a fine Simpson sum.
        let pin = (try? BezierPath(svg: mapPinData))!.allSegments
        for c in [curve, CubicSegment(Vector(0, 0), Vector(100, 100), Vector(0, 100), Vector(100, 0))] + pin {
            let reference = simpsonLength(c)
            #expect(abs(c.length() - reference) <= reference * 1e-9)
        }
        // A quarter-circle cubic is within its known 2.7e-4 radial error of π/2.
        let q = try! BezierPath(svg: "M 1 0 A 1 1 0 0 1 0 1").allSegments[0]
        #expect(abs(q.length() - Double.pi / 2) < 1e-3)
    }

    @Test func pointAtLengthIsPaced() throws {
        for fraction in [0.0, 0.01, 0.1, 0.45, 0.8, 0.99999] {
            let s = fraction * curve.length()
            let t = curve.parameter(atLength: s)
            #expect(abs(curve.length(to: t) - s) <= 1e-9 * curve.length())
        }
        let square = try BezierPath(svg: "M0 0 H100 V100 H0 Z")
        #expect(abs(square.length - 400) < 1e-9)
        let (p, tangent) = square.point(atLength: 150)!
        #expect(near(p, Vector(100, 50), 1e-9) && near(tangent, Vector(0, 1), 1e-12))
        #expect(near(square.point(atLength: 1e9)!.point, .zero, 1e-9))
    }

    @Test(arguments: [1.0, 0.1, 0.001])
    func flatteningStaysWithinTolerance(_ tolerance: Double) throws {
        let lines = try BezierPath(svg: mapPinData).flattened(tolerance: tolerance)
        #expect(lines.count == 2)
        let path = try BezierPath(svg: mapPinData)
        for (sp, line) in zip(path.subpaths, lines) {
            #expect(line.first == sp.start && line.last == sp.start)
            for c in sp.segments {
                for k in 0...200 {
                    let p = c.point(at: Double(k) / 200)
                    var best = Double.infinity
                    for (a, b) in zip(line, line.dropFirst()) {
                        let d = b - a, l2 = d.dot(d)
                        let u = l2 == 0 ? 0 : max(0, min(1, (p - a).dot(d) / l2))
                        best = min(best, (p - (a + d * u)).length)
                    }
                    #expect(best <= tolerance * (1 + 1e-9))
                }
            }
        }
        #expect(throws: FlingError.self) { _ = try path.flattened(tolerance: 0) }
    }
}
