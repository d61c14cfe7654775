import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing
import FlingCore
@testable import FlingPaths
@testable import FlingView

@Suite struct SVGTests {
    /// An attribute's value (FoundationXML on Linux does not find unprefixed attributes of an
    /// element in a default namespace by `attribute(forName:)`).
    func attr(_ e: XMLElement, _ name: String) -> String? {
        e.attributes?.first { $0.name == name || $0.localName == name }?.stringValue
    }

    func document(_ svg: String) throws -> XMLDocument { try XMLDocument(xmlString: svg, options: []) }

    func pin() throws -> KeyframeAnimation {
        let frames = try mapPinKeyframes()
        return try KeyframeAnimation(
            keyframes: frames + [frames[0]], timingFunctions: [.default],
            duration: 1, repeatCount: .infinity)
    }

    @Test func filmstripIsWellFormedAndHoldsTheSampledShapes() throws {
        let animation = try pin()
        let times = try KeyframeAnimation.sampleTimes(count: 12, from: 0, to: 1.1)
        let svg = PathSVG.filmstrip(animation, times: times, title: "pin <jump> & squash")
        let doc = try document(svg)
        let paths = try doc.nodes(forXPath: "//*[local-name()='path']").compactMap { $0 as? XMLElement }
        #expect(paths.count == times.count)
        for (element, t) in zip(paths, times) {
            #expect(attr(element, "data-t") == t.description)
            let d = try #require(attr(element, "d"))
            #expect(try BezierPath(svg: d) == animation.shape(at: t))
        }
        #expect(try doc.nodes(forXPath: "//*[local-name()='text']").first?.stringValue == "pin <jump> & squash")
    }

    @Test func animatedSVGPlaysTheSampledShapesInALoop() throws {
        let animation = try pin()
        let svg = try PathSVG.animated(animation, frames: 41)
        let doc = try document(svg)
        let animate = try #require(try doc.nodes(forXPath: "//*[local-name()='animate']").first as? XMLElement)
        #expect(attr(animate, "attributeName") == "d")
        #expect(attr(animate, "repeatCount") == "indefinite")
        #expect(attr(animate, "calcMode") == "linear")
        let values = try #require(attr(animate, "values")).split(separator: ";")
        let keyTimes = try #require(attr(animate, "keyTimes")).split(separator: ";")
        #expect(values.count == 41 && keyTimes.count == 41 && keyTimes.first == "0.0" && keyTimes.last == "1.0")
        for (k, (v, t)) in zip(values, try KeyframeAnimation.sampleTimes(count: 41, from: 0, to: 1)).enumerated() {
            #expect(try BezierPath(svg: String(v)) == animation.shape(at: t), "frame \(k)")
        }
        #expect(values.first == values.last)  // seamless
        // Different structures fall back to discrete steps.
        let mixed = try KeyframeAnimation(
            keyframes: [
                try BezierPath(svg: "M0 0 L 10 0 L 5 5 Z"),
                try BezierPath(svg: "M0 0 H 10 V 10 H 0 Z M 20 20 h 1"),
            ],
            duration: 1)
        let discrete = try document(try PathSVG.animated(mixed, frames: 5))
        let a = try #require(try discrete.nodes(forXPath: "//*[local-name()='animate']").first as? XMLElement)
        #expect(attr(a, "calcMode") == "discrete")
        #expect(attr(a, "repeatCount") == "1.0")
    }

    @Test func conveyorPicturesAreWellFormed() throws {
        let dots = try Conveyor(from: Vector(0, 20), to: Vector(320, 20), spacing: 160, period: 3, reversed: true)
        let times: [Int64] = [0, 750_000_000, 1_500_000_000, 2_250_000_000]
        let strip = try document(PathSVG.filmstrip(dots, nanoseconds: times))
        let rows = try strip.nodes(forXPath: "//*[local-name()='g']").compactMap { $0 as? XMLElement }
        #expect(rows.count == times.count)
        for (row, t) in zip(rows, times) {
            let circles = (row.children ?? []).compactMap { $0 as? XMLElement }
            let items = dots.items(atNanoseconds: t)
            #expect(circles.count == items.count)
            for (c, item) in zip(circles, items) {
                #expect(Double(attr(c, "cx")!) == item.position.x)
                #expect(Double(attr(c, "opacity")!) == item.alpha)
            }
        }
        let animated = try document(PathSVG.animated(dots, frames: 31))
        let circles = try animated.nodes(forXPath: "//*[local-name()='circle']")
        #expect(circles.count == 4)
        let animates = try animated.nodes(forXPath: "//*[local-name()='animate']").compactMap { $0 as? XMLElement }
        #expect(animates.count == 12)
        // Each slot ends a period where its neighbour began: seamless.
        let cx = animates.filter { attr($0, "attributeName") == "cx" }
            .map { attr($0, "values")!.split(separator: ";").map { Double($0)! } }
        for j in 1..<cx.count { #expect(abs(cx[j].last! - cx[j - 1].first!) < 1e-9) }
    }
}
