// The ChatHeads demo (brutella/chatheads at b207c81, the project the chat heads article links;
// docs/ORIGINALS.md) as configurations of the chat heads and the snap policy, beside Fling's
// defaults: its head, its drop area and edges, its SKBounceAnimation snap and press scale, its
// press and conversation; the project's first bounce (at 0c653f9) as an option. What the
// demo does that these do not (its drag, which eases the head after the finger) is in
// docs/SNAP.md and docs/ORIGINALS.md.
import FlingCore
import FlingCurves

extension ChatHeads.Configuration {
    /// The ChatHeads demo's heads on `screen`, with `safeBand` its application frame's height
    /// (the screen less the status bar):
    ///
    /// - a head 66 pt across; at rest on the nearer side of the drop area, which is the
    ///   application frame grown by `(int)(66 / 6)` = 11 pt on each side (a head sticks out 11
    ///   pt), at the release height clamped half a head inside the band;
    /// - snapping there by SKBounceAnimation's keyframes over 1.2 s (the library's defaults: two
    ///   bounces, medium stiffness), or with `firstBounce` the project's first bounce (4 % of the
    ///   distance past the target, 0.28 s out, 0.25 s back, whole points);
    /// - a press opening the conversation: the head to the center of the top strip, a head
    ///   tall, and the conversation view below it, scaling in from its top middle
    ///   (``ChatHeads/Layout/conversation``).
    ///
    /// Use it with ``SnapConfiguration/chatHeadsDemo`` (the release point, not a projection;
    /// a press is a touch that did not move; the press scale's bounce).
    public static func chatHeadsDemo(screen: Rect, safeBand: ClosedRange<Double>? = nil, firstBounce: Bool = false)
        -> ChatHeads.Configuration
    {
        var c = ChatHeads.Configuration(screen: screen, safeBand: safeBand)
        c.diameter = 66
        c.outside = 11.0 / 66
        c.pressedScale = 0.95
        c.motion = .keyframes(firstBounce ? .chatHeadsFirstBounce : BounceCurve(duration: 1.2))
        c.layout = .conversation
        c.spacing = 0
        c.panelHeight = max(1, c.safeBand.upperBound - c.safeBand.lowerBound - c.diameter)
        return c
    }
}

extension SnapConfiguration {
    /// The snap rules of the ChatHeads demo: a head goes to the edge on the release point's
    /// side (no projection: it tracks no velocity), a press is a touch lifted where it went
    /// down, however long it was held (the demo's "touched, not moved"), and a touched head's
    /// scale bounces by SKBounceAnimation on its transform (1 to 0.95 and back, 0.2 s, the
    /// library's defaults).
    public static var chatHeadsDemo: SnapConfiguration {
        var c = SnapConfiguration()
        c.decelerationRate = 0
        c.tapSlop = 0
        c.tapDuration = 10
        c.scaleMotion = .keyframes(BounceCurve(duration: 0.2))
        return c
    }
}
