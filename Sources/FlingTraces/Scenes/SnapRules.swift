import FlingCore
import _FlingCoding
import FlingInteraction
import FlingCurves

// What a snap scene document records of a SnapConfiguration besides its dynamics (version 2:
// the ChatHeads demo's rules), and the JSON form of a snap motion and of a bounce curve, which
// the chat heads scene writes for its heads' motion. Each is written only when it differs from
// the default, so a document that leaves them alone is written as before.

/// The touch rules and scale of a `SnapConfiguration` that a snap scene document records
/// (version 2, `"snap"`): the release projection, what counts as a press, and the scale's
/// bounce. Default the defaults of `SnapConfiguration`.
struct SnapRules: Hashable, Sendable {
    var decelerationRate: Double
    var tapSlop: Double
    var tapDuration: Double
    /// The keyframes of `SnapConfiguration.scaleMotion`; nil: its spring (a document records
    /// no other spring than the default).
    var scaleBounce: BounceCurve?

    /// The rules of `configuration` (default: of the default configuration).
    init(_ configuration: SnapConfiguration = .init()) {
        decelerationRate = configuration.decelerationRate
        tapSlop = configuration.tapSlop
        tapDuration = configuration.tapDuration
        if case .keyframes(let curve) = configuration.scaleMotion { scaleBounce = curve } else { scaleBounce = nil }
    }

    /// `configuration` with these rules: its scale on ``scaleBounce``'s keyframes, or without
    /// them on its own spring (the default one if it had keyframes).
    func applied(to configuration: SnapConfiguration) -> SnapConfiguration {
        var c = configuration
        c.decelerationRate = decelerationRate
        c.tapSlop = tapSlop
        c.tapDuration = tapDuration
        if let scaleBounce {
            c.scaleMotion = .keyframes(scaleBounce)
        } else if case .keyframes = c.scaleMotion {
            c.scaleMotion = SnapConfiguration().scaleMotion
        }
        return c
    }
}

extension JSONWriter {
    /// `{"spring": spring}` or `{"keyframes": bounce curve}`.
    static func snapMotion(_ m: SnapItem.Motion) -> String {
        switch m {
        case .spring(let s): "{\"spring\": \(json(s))}"
        case .keyframes(let c): "{\"keyframes\": \(json(c))}"
        }
    }
}

/// `{"decelerationRate", "tapSlop", "tapDuration", "scaleBounce" (absent: none)}`; a bounce curve
/// is `{"duration", "overshoot", "shake", "form": {"kind": "library", "bounces", "stiffness"} |
/// {"kind": "equation", "alpha", "omega", "base"} | {"kind": "twoSteps", "past",
/// "firstDuration", "integral"}}`.
extension SnapRules: Coded {
    package static func code<C: Coder>(_ c: inout C, _ v: Self?) throws(FlingError) -> Self {
        var r = SnapRules()
        r.decelerationRate = try c.double("decelerationRate", v?.decelerationRate)
        r.tapSlop = try c.double("tapSlop", v?.tapSlop)
        r.tapDuration = try c.double("tapDuration", v?.tapDuration)
        r.scaleBounce = try c.optional("scaleBounce", v?.scaleBounce) { (c, b) throws(FlingError) in try c.value("scaleBounce", b) }
        return r
    }
}

extension DocumentDecoder {
    mutating func snapMotion(_ node: JSONNode, _ path: Path) throws(FlingError) -> SnapItem.Motion {
        let o = try object(node, path, keys: ["spring", "keyframes"])
        guard o.members.count == 1 else { throw fail(node, path, "a motion is one of spring and keyframes") }
        if let s = optional(o, "spring") { return .spring(try decode(s, path / "spring")) }
        return .keyframes(try decode(try required(o, "keyframes"), path / "keyframes"))
    }
}
