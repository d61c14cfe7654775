import Testing
import FlingCore
@testable import FlingPaths
import FlingCurves

@Suite struct MorphTests {
    let square = try! BezierPath(svg: "M0 0 H100 V100 H0 Z")
    let circle = try! BezierPath(svg: "M 100 50 A 50 50 0 0 1 0 50 A 50 50 0 0 1 100 50 Z")

    func cost(_ a: BezierPath.Subpath, _ b: BezierPath.Subpath, rotation r: Int) -> Double {
        let n = a.segments.count
        return (0..<n).reduce(0.0) { sum, k in
            let d = b.segments[(k + r) % n].p0 - a.segments[k].p0
            return sum + d.dot(d)
        }
    }

    @Test func squareIntoCircleStartsWhereItMovesLeast() throws {
        // Four lines and four quarter arcs: the same counts, but the circle drawn from its right
        // point would swirl the square's corners around; the least-moving start is chosen.
        #expect(PathMorph.sameStructure(square, circle))
        let (a, b) = try PathMorph.match(square, circle)
        #expect(PathMorph.sameStructure(a, b))
        #expect(a == square)  // the square already has four segments: unchanged
        let chosen = cost(a.subpaths[0], b.subpaths[0], rotation: 0)
        for r in 0..<4 { #expect(chosen <= cost(a.subpaths[0], circle.subpaths[0], rotation: r)) }
        #expect(chosen < cost(a.subpaths[0], circle.subpaths[0], rotation: 0))
        // Rotating kept the circle: same points as a set, same closed shape.
        #expect(Set(b.subpaths[0].segments.map(\.p0)) == Set(circle.subpaths[0].segments.map(\.p0)))
        #expect(b.subpaths[0].segments.last!.p3 == b.subpaths[0].start)
        let animation = try KeyframeAnimation(keyframes: [square, circle], duration: 1)
        #expect(identical(animation.shape(at: 0), square))
        #expect(identical(animation.shape(at: 1), circle))
        let mid = animation.shape(at: 0.5)
        for (k, s) in mid.subpaths[0].segments.enumerated() {
            let x = a.subpaths[0].segments[k], y = b.subpaths[0].segments[k]
            #expect(near(s.p1, (x.p1 + y.p1) * 0.5, 1e-12) && near(s.p3, (x.p3 + y.p3) * 0.5, 1e-12))
        }
    }

    @Test func segmentCountsMatchBySplittingWithoutChangingTheShape() throws {
        let triangle = try BezierPath(svg: "M 0 0 L 90 0 L 0 40 Z")
        let eight = try BezierPath(svg: "M 100 50 A 50 50 0 0 1 0 50 A 50 50 0 1 1 100 50 Z M 0 0 h 1")
        let (a, b) = try PathMorph.match(triangle, eight)
        #expect(PathMorph.sameStructure(a, b))
        #expect(a.subpaths.count == 2 && a.subpaths[0].segments.count == eight.subpaths[0].segments.count)
        // The split triangle is the same triangle: length and bounds unchanged, corners kept.
        #expect(abs(a.length - triangle.length) <= triangle.length * 1e-12)
        #expect(a.subpaths[0].segments.contains { $0.p0 == Vector(90, 0) })
        #expect(a.bounds == triangle.bounds)
    }

    @Test func oneSubpathIntoTwo() throws {
        let one = try BezierPath(svg: "M 60 50 A 10 10 0 0 1 40 50 A 10 10 0 0 1 60 50 Z")
        let two = try BezierPath(
            svg: "M 60 50 A 10 10 0 0 1 40 50 A 10 10 0 0 1 60 50 Z M 210 50 A 10 10 0 0 1 190 50 A 10 10 0 0 1 210 50 Z")
        let (a, b) = try PathMorph.match(one, two)
        #expect(a.subpaths.count == 2 && PathMorph.sameStructure(a, b))
        // The new subpath grows out of its own center.
        #expect(a.subpaths[1].segments.allSatisfy { $0.points.allSatisfy { near($0, Vector(200, 50), 1e-12) } })
        let animation = try KeyframeAnimation(keyframes: [one, two, one], duration: 2)
        #expect(identical(animation.shape(at: 1), two))
        #expect(identical(animation.shape(at: 2), one))
        let growing = animation.shape(at: 0.5)
        #expect(growing.subpaths.count == 2)
        let r = (growing.subpaths[1].start - Vector(200, 50)).length
        #expect(abs(r - 5) < 1e-9)  // halfway: half the radius
        // Going back, two subpaths collapse into one's second, collapsed one.
        #expect(animation.shape(at: 1.5).subpaths.count == 2)
    }
}

@Suite struct KeyframeAnimationTests {
    @Test func timeMapsLikeCoreAnimation() throws {
        let a = try BezierPath(svg: "M0 0 L 10 0"), b = try BezierPath(svg: "M0 10 L 10 10")
        let once = try KeyframeAnimation(keyframes: [a, b], duration: 2)
        #expect(once.progress(at: -1) == 0 && once.progress(at: 1) == 0.5 && once.progress(at: 5) == 1)
        #expect(identical(once.shape(at: 5), b))
        let reverse = try KeyframeAnimation(keyframes: [a, b], duration: 2, repeatCount: 2, autoreverses: true)
        #expect(reverse.activeDuration == 8)
        #expect(reverse.progress(at: 3) == 0.5 && reverse.progress(at: 2) == 1 && reverse.progress(at: 4) == 0)
        #expect(reverse.progress(at: 100) == 0)  // ends where the last (reversed) pass ends
        let half = try KeyframeAnimation(keyframes: [a, b], duration: 2, repeatCount: 1.5)
        #expect(half.progress(at: 10) == 0.5)
        let forever = try KeyframeAnimation(keyframes: [a, b], duration: 2, repeatCount: .infinity)
        #expect(forever.progress(at: 1e6 + 1) == 0.5)
        // Key times and per-interval timing.
        let c = try BezierPath(svg: "M0 30 L 10 30")
        let keyed = try KeyframeAnimation(
            keyframes: [a, b, c], keyTimes: [0, 0.8, 1],
            timingFunctions: [.linear, .easeIn], duration: 1)
        #expect(identical(keyed.shape(at: 0.8), b))
        #expect(abs(keyed.shape(at: 0.4).subpaths[0].start.y - 5) < 1e-12)
        let eased = TimingFunction.easeIn(0.5)
        #expect(abs(keyed.shape(at: 0.9).subpaths[0].start.y - (10 + 20 * eased)) < 1e-12)
    }

    @Test func badAnimationsThrow() throws {
        let a = try BezierPath(svg: "M0 0 L 10 0")
        #expect(throws: FlingError.self) { _ = try KeyframeAnimation(keyframes: [a], duration: 1) }
        #expect(throws: FlingError.self) { _ = try KeyframeAnimation(keyframes: [a, a], duration: 0) }
        #expect(throws: FlingError.self) { _ = try KeyframeAnimation(keyframes: [a, a], duration: 1, repeatCount: .nan) }
        #expect(throws: FlingError.self) { _ = try KeyframeAnimation(keyframes: [a, a], keyTimes: [0.1, 1], duration: 1) }
        #expect(throws: FlingError.self) { _ = try KeyframeAnimation(keyframes: [a, a, a], keyTimes: [0, 0.7, 0.5], duration: 1) }
        #expect(throws: FlingError.self) {
            _ = try KeyframeAnimation(keyframes: [a, a, a], timingFunctions: [.linear, .linear, .linear], duration: 1)
        }
    }

    /// The jumping pin: [p1, p2, p3, p4, p5, p1], one second, forever, Core Animation's default
    /// timing: seamless, the shape at every whole second is p1's exact bits.
    @Test func jumpingPinLoopsSeamlessly() throws {
        let frames = try mapPinKeyframes()
        let pin = try KeyframeAnimation(
            keyframes: frames + [frames[0]], timingFunctions: [.default],
            duration: 1, repeatCount: .infinity)
        for t in [0.0, 1, 2, 3, 1000] { #expect(identical(pin.shape(at: t), frames[0])) }
        for (k, t) in [0.2, 0.4, 0.6, 0.8].enumerated() { #expect(identical(pin.shape(at: t), frames[k + 1])) }
        // In between: a real morph, of the same structure, staying near the keyframes.
        let mid = pin.shape(at: 0.1)
        #expect(PathMorph.sameStructure(mid, frames[0]) && mid != frames[0] && mid != frames[1])
        // Approaching the end of a pass the shape approaches p1 (continuity across the loop).
        let late = pin.shape(at: 0.999_999), first = frames[0]
        for (x, y) in zip(late.allSegments, first.allSegments) { #expect(near(x.p3, y.p3, 1e-3)) }
    }
}
