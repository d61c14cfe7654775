import Foundation
import Testing
import FlingCore
@testable import FlingPaths

@Suite struct PathDataTests {
    @Test func pinParsesToTwoClosedSubpathsOfFourCubicsWithExactPoints() throws {
        let path = try BezierPath(svg: mapPinData)
        #expect(path.subpaths.count == 2)
        // Every number of the text, in order, against the points of the geometry.
        let numbers = mapPinData.split(whereSeparator: { " MCZ".contains($0) }).map { Double(String($0))! }
        var k = 0
        for sp in path.subpaths {
            #expect(sp.isClosed)
            #expect(sp.segments.count == 4)
            #expect(sp.start == Vector(numbers[k], numbers[k + 1])); k += 2
            var previous = sp.start
            for c in sp.segments {
                #expect(c.p0 == previous)
                #expect(c.p1 == Vector(numbers[k], numbers[k + 1]))
                #expect(c.p2 == Vector(numbers[k + 2], numbers[k + 3]))
                #expect(c.p3 == Vector(numbers[k + 4], numbers[k + 5]))
                k += 6; previous = c.p3
            }
            #expect(previous == sp.start)
        }
        #expect(k == numbers.count)
    }

    @Test(arguments: [
        ("M-.5.5", [PathCommand.moveTo(Vector(-0.5, 0.5), relative: false)]),
        ("M1e-3+4", [.moveTo(Vector(0.001, 4), relative: false)]),
        ("M1E+2-1e-1", [.moveTo(Vector(100, -0.1), relative: false)]),
        (
            "M 0,0 L10,10 20,20",
            [
                .moveTo(.zero, relative: false), .lineTo(Vector(10, 10), relative: false),
                .lineTo(Vector(20, 20), relative: false),
            ]
        ),
        (
            "m1 2 3 4,5 6",
            [
                .moveTo(Vector(1, 2), relative: true), .lineTo(Vector(3, 4), relative: true),
                .lineTo(Vector(5, 6), relative: true),
            ]
        ),
        (
            "M0 0a1 1 0 00 1 1",
            [
                .moveTo(.zero, relative: false),
                .arcTo(
                    radii: Vector(1, 1), rotation: 0, largeArc: false, sweep: false,
                    to: Vector(1, 1), relative: true),
            ]
        ),
        (
            "M0 0a1,1,0,1,1,1,1",
            [
                .moveTo(.zero, relative: false),
                .arcTo(
                    radii: Vector(1, 1), rotation: 0, largeArc: true, sweep: true,
                    to: Vector(1, 1), relative: true),
            ]
        ),
        (
            "M0 0A1 1 0 111.5.5",
            [
                .moveTo(.zero, relative: false),
                .arcTo(
                    radii: Vector(1, 1), rotation: 0, largeArc: true, sweep: true,
                    to: Vector(1.5, 0.5), relative: false),
            ]
        ),
        (
            "  M1 1 h2v3H4V5zz",
            [
                .moveTo(Vector(1, 1), relative: false), .horizontalTo(2, relative: true),
                .verticalTo(3, relative: true), .horizontalTo(4, relative: false),
                .verticalTo(5, relative: false), .closePath, .closePath,
            ]
        ),
        (
            "M0 0C1 2 3 4 5 6 7 8 9 10 11 12S1 2 3 4Q1 2 3 4T5 6 7 8",
            [
                .moveTo(.zero, relative: false), .cubicTo(Vector(1, 2), Vector(3, 4), Vector(5, 6), relative: false),
                .cubicTo(Vector(7, 8), Vector(9, 10), Vector(11, 12), relative: false),
                .smoothCubicTo(Vector(1, 2), Vector(3, 4), relative: false),
                .quadTo(Vector(1, 2), Vector(3, 4), relative: false),
                .smoothQuadTo(Vector(5, 6), relative: false), .smoothQuadTo(Vector(7, 8), relative: false),
            ]
        ),
        ("M.1.2.3.4", [.moveTo(Vector(0.1, 0.2), relative: false), .lineTo(Vector(0.3, 0.4), relative: false)]),
        ("", []),
        ("\t\n ", []),
    ])
    func grammar(_ d: String, _ expected: [PathCommand]) throws {
        #expect(try PathData(d).commands == expected)
    }

    @Test(arguments: [
        ("L 10 10", 0, 0),
        ("M 10 10 L 20", 12, 1),
        ("M 10 10 X 3", 8, 1),
        ("M 0 0 A 1 1 0 2 0 3 3", 14, 1),
        ("M 0 0 A -1 1 0 0 0 3 3", 8, 1),
        ("M 1 1, ", 7, 1),
        ("M 1 1,,2 2", 6, 1),
        ("M 1 1 L 2 2e", 11, 2),
        ("M 1 1e999", 4, 0),
        ("M 1 1 L . 2", 8, 1),
        ("M 1 1 Z 3 4", 8, 2),
        ("M 1 1 ж", 6, 1),
    ])
    func errorsNameTheOffsetAndLenientKeepsThePrefix(_ d: String, _ offset: Int, _ kept: Int) throws {
        #expect {
            _ = try PathData(d)
        } throws: { e in
            guard let e = e as? FlingError else { return false }
            return e.code == .malformedInput && e.field == "path data at offset \(offset)"
        }
        let (path, error) = PathData.lenient(d)
        #expect(error != nil)
        #expect(path.commands.count == kept)
        // The kept commands are the strict parse of the text's complete commands.
        if kept > 0 { #expect(path.commands == Array(path.commands.prefix(kept))) }
    }

    /// An overflowing number is named by its text and offset, not only its first character.
    @Test func anOverflowingNumberNamesItsTextAndOffset() throws {
        let e = try #require(throws: FlingError.self) { try PathData("M 1 -12.5e999 L 3 4") }
        #expect(e.code == .malformedInput)
        #expect(e.field == "path data at offset 4")
        #expect(e.value == "'-12.5e999'")
        #expect(e.reason.contains("-12.5e999 at offset 4"))
        // A long one is cut at 40 characters.
        let long = try #require(throws: FlingError.self) { try PathData("M 0 " + String(repeating: "9", count: 400)) }
        #expect(long.value == "'" + String(repeating: "9", count: 40) + "…'")
    }

    @Test func textRoundTripsEveryNumberExactly() throws {
        let weird: [Double] = [
            0.1 + 0.2, 1e-300, -0.0, .leastNonzeroMagnitude, 1.7976931348623157e308, 123456789.123456789,
            -2.5e-7, 1.0 / 3.0,
        ]
        var d = "M \(weird[0]) \(weird[1])"
        for k in stride(from: 2, to: weird.count - 1, by: 2) { d += " l\(weird[k]) \(weird[k + 1])" }
        d += " C1 2 3 4 5 6 s1 2 3 4 q1 2 3 4 t1 2 h-.5 v.25 a3 4 33.3 1 0 5 6 Z m1 1"
        let first = try PathData(d)
        let again = try PathData(first.text)
        #expect(again.commands == first.commands)
        #expect(again.text == first.text)
        for (a, b) in zip(first.commands, again.commands) {
            #expect(a.numbers.map(\.bitPattern) == b.numbers.map(\.bitPattern))
        }
        // Negative zero keeps its sign through the text.
        #expect(again.commands[1].numbers[0].sign == .minus)
        // The normalized form's own data round-trips too.
        let path = first.bezierPath
        #expect(try BezierPath(svg: path.svgData) == path)
        let pin = try BezierPath(svg: mapPinData)
        #expect(try BezierPath(svg: pin.svgData) == pin)
    }

    @Test func lenientParsingKeepsWhatABrowserDraws() throws {
        let (path, error) = PathData.lenient("M 0 0 L 10 10 L 20 20 L 30")
        #expect(error?.field == "path data at offset 26")
        #expect(path.commands == (try PathData("M 0 0 L 10 10 L 20 20")).commands)
        #expect(PathData.lenient("M 0 0 L 10 10").error == nil)
    }

    @Test func relativeCommandsAndClosepathMoveTheCurrentPoint() throws {
        let path = try BezierPath(svg: "m10 10 l5 0 l0 5 z l 1 1 h2 v3 M 0 0 100 0")
        #expect(path.subpaths.count == 3)
        let first = path.subpaths[0]
        #expect(first.isClosed && first.segments.count == 3)
        #expect(first.segments[2].p3 == Vector(10, 10))
        // After z the next subpath starts at the closed one's start.
        let second = path.subpaths[1]
        #expect(second.start == Vector(10, 10) && !second.isClosed)
        #expect(second.segments.map(\.p3) == [Vector(11, 11), Vector(13, 11), Vector(13, 14)])
        // Lines are cubics with thirds as control points.
        #expect(second.segments[1].p1 == Vector(11 + 2.0 / 3.0, 11))
        #expect(path.subpaths[2].segments.map(\.p3) == [Vector(100, 0)])
    }

    @Test func smoothCommandsReflectThePreviousControlPoint() throws {
        let s = try BezierPath(svg: "M0 0 C 0 10 10 10 10 0 S 20 -10 20 0 L 30 0 S 40 10 40 0").subpaths[0].segments
        #expect(s[1].p1 == Vector(10, -10))
        #expect(s[3].p1 == Vector(30, 0))  // after a line: the current point
        let q = try BezierPath(svg: "M0 0 Q 5 10 10 0 T 20 0 t 10 0").subpaths[0].segments
        // Second quadratic's control is (15, -10), elevated: p1 = a + 2/3 (c - a).
        #expect(q[1].p1 == Vector(10, 0) + (Vector(15, -10) - Vector(10, 0)) * (2.0 / 3.0))
        #expect(q[2].p1 == Vector(20, 0) + (Vector(25, 10) - Vector(20, 0)) * (2.0 / 3.0))
        let afterCubic = try BezierPath(svg: "M0 0 C 0 10 10 10 10 0 T 20 0").subpaths[0].segments
        #expect(afterCubic[1].p1 == Vector(10, 0))  // T after C: control = current point
    }

    /// Arcs against exact ellipse points: a piece's ends and its midpoint (the 4/3·tan(ψ/4)
    /// handle puts the cubic's midpoint on the curve) are points of the ellipse.
    @Test(arguments: [
        (0.0, 100.0, true), (30.0, 100.0, true), (-45.0, 300.0, false), (10.0, 20.0, true),
        (200.0, 170.0, false),
    ])
    func arcsLieOnTheExactEllipse(_ theta1: Double, _ sweepDegrees: Double, _ positive: Bool) throws {
        let c = Vector(50, 60), rx = 40.0, ry = 20.0, phi = 30.0
        func point(_ deg: Double) -> Vector {
            let t = deg * .pi / 180, p = phi * .pi / 180
            let ex = rx * cos(t), ey = ry * sin(t)
            return Vector(c.x + cos(p) * ex - sin(p) * ey, c.y + sin(p) * ex + cos(p) * ey)
        }
        let dir = positive ? 1.0 : -1.0
        let theta2 = theta1 + dir * sweepDegrees
        let a = point(theta1), b = point(theta2)
        let d = "M \(a.x) \(a.y) A \(rx) \(ry) \(phi) \(sweepDegrees > 180 ? 1 : 0) \(positive ? 1 : 0) \(b.x) \(b.y)"
        let segs = try BezierPath(svg: d).subpaths[0].segments
        let pieces = sweepDegrees <= 90 ? 1 : sweepDegrees <= 180 ? 2 : 4
        #expect(segs.count == pieces)
        let step = dir * sweepDegrees / Double(pieces)
        for (k, s) in segs.enumerated() {
            #expect(near(s.p0, point(theta1 + step * Double(k)), 1e-9))
            #expect(near(s.p3, point(theta1 + step * Double(k + 1)), 1e-9))
            #expect(near(s.point(at: 0.5), point(theta1 + step * (Double(k) + 0.5)), 1e-9))
        }
        #expect(segs.first!.p0 == a && segs.last!.p3 == b)
    }

    @Test func arcRadiiScaleUpAndDegenerateArcs() throws {
        // Radius 1 cannot span 10: scaled to 5, a half circle through (5, -5) (sweep 1 turns
        // toward increasing angle in the numbers' axes).
        let half = try BezierPath(svg: "M0 0 A 1 1 0 0 1 10 0").subpaths[0].segments
        #expect(half.count == 2)
        #expect(near(half[0].p3, Vector(5, -5), 1e-12))
        #expect(near(try BezierPath(svg: "M0 0 A 1 1 0 0 0 10 0").subpaths[0].segments[0].p3, Vector(5, 5), 1e-12))
        // Zero radius: a straight line; equal endpoints: no segment at all.
        #expect(try BezierPath(svg: "M0 0 A 0 5 0 0 1 10 0").subpaths[0].segments == [.line(.zero, Vector(10, 0))])
        #expect(try BezierPath(svg: "M3 3 A 5 5 0 1 1 3 3").subpaths.isEmpty)
        // Full-ish circle from two half arcs: four quarter cubics, all on the circle.
        let circle = try BezierPath(svg: "M 100 50 A 50 50 0 0 1 0 50 A 50 50 0 0 1 100 50 Z").subpaths[0]
        #expect(circle.segments.count == 4 && circle.isClosed)
        for s in circle.segments { #expect(abs((s.p3 - Vector(50, 50)).length - 50) < 1e-12) }
    }
}
