import FlingCore
import FlingInteraction
import FlingCurves

// What a snap scene document records of a SnapConfiguration besides its dynamics (version 2:
// the ChatHeads demo's rules), and the JSON form of a snap motion and of a bounce curve, which
// the chat heads scene writes for its heads' motion. Each is written only when it differs from
// the default, so a document that leaves them alone is written as before.

/// The touch rules and scale of a ``SnapConfiguration`` that a snap scene document records
/// (version 2, `"snap"`): the release projection, what counts as a press, and the scale's
/// bounce. Default the defaults of ``SnapConfiguration``.
package struct SnapRules: Hashable, Sendable {
    var decelerationRate: Double
    var tapSlop: Double
    var tapDuration: Double
    /// The keyframes of ``SnapConfiguration/scaleMotion``; nil: its spring (a document records
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
    /// `{"duration", "overshoot", "shake", "form": {"kind": "library", "bounces", "stiffness"}
    /// | {"kind": "equation", "alpha", "omega", "base"} | {"kind": "twoSteps", "past",
    /// "firstDuration", "integral"}}`.
    static func bounceCurve(_ c: BounceCurve) -> String {
        let form: String
        switch c.form {
        case .library(let bounces, let stiffness):
            form = "{\"kind\": \"library\", \"bounces\": \(bounces), \"stiffness\": \(number(stiffness.coefficient))}"
        case .equation(let alpha, let omega, let base):
            form = "{\"kind\": \"equation\", \"alpha\": \(number(alpha)), \"omega\": \(number(omega)), \"base\": \(number(base))}"
        case .twoSteps(let past, let first, let integral):
            form = "{\"kind\": \"twoSteps\", \"past\": \(number(past)), \"firstDuration\": \(number(first)), \"integral\": \(integral)}"
        }
        return "{\"duration\": \(number(c.duration)), \"overshoot\": \(c.overshoot), \"shake\": \(c.shake), \"form\": \(form)}"
    }

    /// `{"spring": spring}` or `{"keyframes": bounce curve}`.
    static func snapMotion(_ m: SnapItem.Motion) -> String {
        switch m {
        case .spring(let s): "{\"spring\": \(spring(s))}"
        case .keyframes(let c): "{\"keyframes\": \(bounceCurve(c))}"
        }
    }

    /// `{"decelerationRate", "tapSlop", "tapDuration", "scaleBounce" (absent: none)}`.
    static func snapRules(_ r: SnapRules) -> String {
        var s =
            "{\"decelerationRate\": \(number(r.decelerationRate)), \"tapSlop\": \(number(r.tapSlop)), "
            + "\"tapDuration\": \(number(r.tapDuration))"
        if let b = r.scaleBounce { s += ", \"scaleBounce\": \(bounceCurve(b))" }
        return s + "}"
    }
}

extension DocumentDecoder {
    mutating func bounceCurve(_ node: JSONNode, _ path: Path) throws(FlingError) -> BounceCurve {
        let o = try object(node, path, keys: ["duration", "overshoot", "shake", "form"])
        let fo = try object(
            try required(o, "form"), path / "form",
            keys: ["kind", "bounces", "stiffness", "alpha", "omega", "base", "past", "firstDuration", "integral"])
        let kindNode = try required(fo, "kind")
        let allowed: [String]
        let form: BounceCurve.Form
        let kind = try string(kindNode, fo.path / "kind")
        switch kind {
        case "library":
            allowed = ["kind", "bounces", "stiffness"]
            let bounces = try int(fo, "bounces")
            let c = try double(fo, "stiffness")
            form = .library(bounces: bounces, stiffness: BounceCurve.Stiffness(c))
        case "equation":
            allowed = ["kind", "alpha", "omega", "base"]
            let alpha = try double(fo, "alpha"), omega = try double(fo, "omega"), base = try double(fo, "base")
            form = .equation(alpha: alpha, omega: omega, base: base)
        case "twoSteps":
            allowed = ["kind", "past", "firstDuration", "integral"]
            let past = try double(fo, "past"), first = try double(fo, "firstDuration")
            let integral = try bool(try required(fo, "integral"), fo.path / "integral")
            form = .twoSteps(overshoot: past, firstDuration: first, integral: integral)
        default:
            throw fail(kindNode, fo.path / "kind", "must be \"library\", \"equation\" or \"twoSteps\"")
        }
        _ = try object(fo.node, fo.path, keys: allowed)  // no member of another kind of form
        let duration = try double(o, "duration")
        let overshoot = try bool(try required(o, "overshoot"), path / "overshoot")
        let shake = try bool(try required(o, "shake"), path / "shake")
        return BounceCurve(form: form, duration: duration, overshoot: overshoot, shake: shake)
    }

    mutating func snapMotion(_ node: JSONNode, _ path: Path) throws(FlingError) -> SnapItem.Motion {
        let o = try object(node, path, keys: ["spring", "keyframes"])
        guard o.members.count == 1 else { throw fail(node, path, "a motion is one of spring and keyframes") }
        if let s = optional(o, "spring") { return .spring(try spring(s, path / "spring")) }
        return .keyframes(try bounceCurve(try required(o, "keyframes"), path / "keyframes"))
    }

    mutating func snapRules(_ node: JSONNode, _ path: Path) throws(FlingError) -> SnapRules {
        let o = try object(node, path, keys: ["decelerationRate", "tapSlop", "tapDuration", "scaleBounce"])
        var r = SnapRules()
        r.decelerationRate = try double(o, "decelerationRate")
        r.tapSlop = try double(o, "tapSlop")
        r.tapDuration = try double(o, "tapDuration")
        if let b = optional(o, "scaleBounce") { r.scaleBounce = try bounceCurve(b, path / "scaleBounce") }
        return r
    }
}
