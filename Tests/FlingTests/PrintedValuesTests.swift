import Fling
import Testing

/// Public values print as a reader would write them (issue 47 item 6): a snap event, a
/// prediction and a digest print as text in the package's words (ids as `item 1`, points as
/// `(x, y)`), never as the runtime's reflection (`FlingInteraction.SnapEvent.Kind.released(…)`).
@Suite struct PrintedValuesTests {
    /// The formats, pinned on values made by hand.
    @Test func eachPrintsInWords() {
        let released = SnapEvent(
            tick: 12, item: 1, kind: .released(velocity: Vector(-1200, 40), projected: Vector(-220, 344), target: Vector(18, 344)))
        #expect("\(released)" == "tick 12: item 1 released at (-1200.0, 40.0) pt/s, projected to (-220.0, 344.0), target (18.0, 344.0)")
        #expect(
            "\(SnapEvent(tick: 3, item: nil, kind: .tapped(touch: 1, at: Vector(200, 300))))"
                == "tick 3: tapped by touch 1 at (200.0, 300.0)")
        #expect("\(SnapEvent(tick: 0, item: 2, kind: .grabbed(touch: 4)))" == "tick 0: item 2 grabbed by touch 4")
        #expect("\(SnapEvent(tick: 90, item: 2, kind: .sent(target: Vector(18, 100))))" == "tick 90: item 2 sent to (18.0, 100.0)")
        #expect("\(SnapEvent(tick: 91, item: 2, kind: .settled(at: Vector(18, 100))))" == "tick 91: item 2 settled at (18.0, 100.0)")
        #expect("\(StateDigest(value: 0x3ac2_2842_1aac_3952))" == "3ac228421aac3952")
        #expect("\(StateDigest(value: 0xff))" == "00000000000000ff")
    }

    /// A chat head thrown toward the right edge: every event it reports, and its release's
    /// prediction, print as text naming the head, with nothing of the runtime's reflection.
    @Test(arguments: BackendKind.available)
    func aThrownChatHeadsEventsPrintInWords(kind: BackendKind) throws {
        var snap = SnapConfiguration()
        snap.drag.predictionTicks = 240
        let heads = try ChatHeads(
            heads: [(id: 1, center: Vector(20, 300))],
            configuration: ChatHeads.Configuration(screen: Rect(x: 0, y: 0, width: 390, height: 844)), snap: snap,
            backend: try kind.make())
        var events: [SnapEvent] = []
        for (k, x) in [20.0, 80, 140].enumerated() {
            try heads.handle(
                TouchEvent(time: Double(k) * 0.05, touch: 1, phase: k == 0 ? .began : k == 2 ? .ended : .moved, position: Vector(x, 300)))
            events += try heads.advance(to: Double(k) * 0.05).snap
        }
        for frame in 1...240 { events += try heads.advance(to: 0.1 + Double(frame) / 60).snap }
        let printed = events.map { "\($0)" }
        #expect(printed.contains { $0.contains(": item 1 grabbed by touch 1") }, "\(printed)")
        #expect(printed.contains { $0.contains(": item 1 released at (") && $0.contains("pt/s, projected to (") }, "\(printed)")
        #expect(printed.contains { $0.contains(": item 1 settled at (") }, "\(printed)")
        for line in printed { #expect(!line.contains("Fling") && !line.contains("Vector(") && line.hasPrefix("tick "), "\(line)") }
        let release = try #require(events.first { if case .released = $0.kind { true } else { false } })
        let prediction = try #require(release.prediction)
        let settled = try #require(events.first { if case .settled = $0.kind { true } else { false } })
        #expect("\(prediction)".hasPrefix("reached resting place ") || "\(prediction)".hasPrefix("reached its target"), "\(prediction)")
        #expect("\(prediction)".contains("after tick \(settled.tick) at (") && "\(prediction)".hasSuffix(", 0.0 rad"), "\(prediction)")
        #expect("\(heads.animator.digest)" == heads.animator.digest.hex)
    }
}
