// The byte forms of the core's values (docs/SNAPSHOTS.md lists each): fields in declaration
// order, enums as a tag byte then their payload.

import FlingCore
import FlingCurves

extension Vector: Coded {
    package static func code<C: Coder>(_ c: inout C, _ v: Self?) throws(FlingError) -> Self {
        Vector(try c.double("x", v?.x), try c.double("y", v?.y))
    }
}

extension Transform: Coded {
    package static func code<C: Coder>(_ c: inout C, _ v: Self?) throws(FlingError) -> Self {
        Transform(position: try c.value("position", v?.position), angle: try c.double("angle", v?.angle))
    }
}

extension BodyState: Coded {
    package static func code<C: Coder>(_ c: inout C, _ v: Self?) throws(FlingError) -> Self {
        BodyState(
            position: try c.value("position", v?.position), angle: try c.double("angle", v?.angle),
            velocity: try c.value("velocity", v?.velocity), angularVelocity: try c.double("angularVelocity", v?.angularVelocity))
    }
}

extension Rect: Coded {
    package static func code<C: Coder>(_ c: inout C, _ v: Self?) throws(FlingError) -> Self {
        Rect(
            x: try c.double("x", v?.x), y: try c.double("y", v?.y), width: try c.double("width", v?.width),
            height: try c.double("height", v?.height))
    }
}

extension ItemProperties: Coded {
    package static func code<C: Coder>(_ c: inout C, _ v: Self?) throws(FlingError) -> Self {
        ItemProperties(
            elasticity: try c.double("elasticity", v?.elasticity), friction: try c.double("friction", v?.friction),
            resistance: try c.double("resistance", v?.resistance),
            angularResistance: try c.double("angularResistance", v?.angularResistance),
            charge: try c.double("charge", v?.charge))
    }
}

extension Wall: Coded {
    package static func code<C: Coder>(_ c: inout C, _ v: Self?) throws(FlingError) -> Self {
        Wall(
            from: try c.value("start", v?.start), to: try c.value("end", v?.end), radius: try c.double("radius", v?.radius),
            elasticity: try c.double("elasticity", v?.elasticity), friction: try c.double("friction", v?.friction))
    }
}

extension Wall.Contact: Coded {
    package static func code<C: Coder>(_ c: inout C, _ v: Self?) throws(FlingError) -> Self {
        Wall.Contact(
            wall: try c.int("wall", v?.wall), impulse: try c.value("impulse", v?.impulse), normal: try c.value("normal", v?.normal),
            point: try c.value("point", v?.point))
    }
}

extension Push: Coded {
    package static func code<C: Coder>(_ c: inout C, _ v: Self?) throws(FlingError) -> Self {
        Push(try c.value("vector", v?.vector), at: try c.value("offset", v?.offset))
    }
}

extension Field: Coded {
    static let kinds = [
        "linearGravity", "radialGravity", "spring", "drag", "velocity", "vortex", "noise", "turbulence", "electric", "magnetic",
    ]

    /// The kind's name first, then its own members, then the rest.
    package static func code<C: Coder>(_ c: inout C, _ v: Self?) throws(FlingError) -> Self {
        let kind: Kind
        switch try c.variant("kind", kinds, v.map { $0.kind.index }, "field kind") {
        case 0:
            let d: Vector? = if case .linearGravity(let d)? = v?.kind { d } else { nil }
            kind = .linearGravity(direction: try c.value("direction", d))
        case 1: kind = .radialGravity
        case 2: kind = .spring
        case 3: kind = .drag
        case 4:
            let t: Vector? = if case .velocity(let t)? = v?.kind { t } else { nil }
            kind = .velocity(target: try c.value("target", t))
        case 5: kind = .vortex
        case let k where k == 6 || k == 7:
            let (s, a): (Double?, Double?) =
                switch v?.kind {
                case .noise(let s, let a)?, .turbulence(let s, let a)?: (s, a)
                default: (nil, nil)
                }
            let smoothness = try c.double("smoothness", s), speed = try c.double("animationSpeed", a)
            kind =
                k == 6 ? .noise(smoothness: smoothness, animationSpeed: speed) : .turbulence(smoothness: smoothness, animationSpeed: speed)
        case 8: kind = .electric
        default: kind = .magnetic
        }
        return Field(
            kind, position: try c.value("position", v?.position), region: try c.value("region", v?.region),
            inverted: try c.bool("inverted", v?.inverted), strength: try c.double("strength", v?.strength),
            falloff: try c.double("falloff", v?.falloff), minimumRadius: try c.double("minimumRadius", v?.minimumRadius),
            seed: try c.u64("seed", v?.seed))
    }
}

extension Field.Kind {
    var index: Int {
        switch self {
        case .linearGravity: 0
        case .radialGravity: 1
        case .spring: 2
        case .drag: 3
        case .velocity: 4
        case .vortex: 5
        case .noise: 6
        case .turbulence: 7
        case .electric: 8
        case .magnetic: 9
        }
    }
}

extension Field.Region: Coded {
    package static func code<C: Coder>(_ c: inout C, _ v: Self?) throws(FlingError) -> Self {
        let index: Int? =
            switch v {
            case .everywhere?: 0
            case .rectangle?: 1
            case .circle?: 2
            case nil: nil
            }
        switch try c.variant("kind", ["everywhere", "rectangle", "circle"], index, "field region") {
        case 0: return .everywhere
        case 1:
            let (w, h): (Double?, Double?) = if case .rectangle(let w, let h)? = v { (w, h) } else { (nil, nil) }
            return .rectangle(width: try c.double("width", w), height: try c.double("height", h))
        default:
            let r: Double? = if case .circle(let r)? = v { r } else { nil }
            return .circle(radius: try c.double("radius", r))
        }
    }
}

extension StaticPivot: Coded {
    package static func code<C: Coder>(_ c: inout C, _ v: Self?) throws(FlingError) -> Self {
        StaticPivot(
            anchor: try c.value("anchor", v?.anchor), localAnchor: try c.value("localAnchor", v?.localAnchor),
            maxForce: try c.double("maxForce", v?.maxForce), maxBias: try c.double("maxBias", v?.maxBias),
            errorBias: try c.double("errorBias", v?.errorBias))
    }
}

extension StaticGear: Coded {
    package static func code<C: Coder>(_ c: inout C, _ v: Self?) throws(FlingError) -> Self {
        StaticGear(
            phase: try c.double("phase", v?.phase), ratio: try c.double("ratio", v?.ratio), maxForce: try c.double("maxForce", v?.maxForce),
            maxBias: try c.double("maxBias", v?.maxBias), errorBias: try c.double("errorBias", v?.errorBias))
    }
}

extension Attraction: Coded {
    package static func code<C: Coder>(_ c: inout C, _ v: Self?) throws(FlingError) -> Self {
        Attraction(
            origin: try c.value("origin", v?.origin), stiffness: try c.double("stiffness", v?.stiffness),
            damping: try c.double("damping", v?.damping), angularStiffness: try c.double("angularStiffness", v?.angularStiffness),
            angularDamping: try c.double("angularDamping", v?.angularDamping))
    }
}

extension JointID: ByteCodable {
    package func encode(to w: inout ByteWriter) { w.u32(value) }
    package init(from r: inout ByteReader) throws(FlingError) { self.init(try r.u32()) }
}

extension ForceID: ByteCodable {
    package func encode(to w: inout ByteWriter) { w.u32(value) }
    package init(from r: inout ByteReader) throws(FlingError) { self.init(try r.u32()) }
}

extension StateDigest: Coded {
    package static func code<C: Coder>(_ c: inout C, _ v: Self?) throws(FlingError) -> Self { Self(value: try c.u64("value", v?.value)) }
}

extension Arithmetic: Coded {
    package static func code<C: Coder>(_ c: inout C, _ v: Self?) throws(FlingError) -> Self {
        try c.variant("arithmetic", ["platform", "portable"], v.map { $0 == .platform ? 0 : 1 }, "arithmetic") == 0 ? .platform : .portable
    }
}

extension SpringTuning: Coded {
    package static func code<C: Coder>(_ c: inout C, _ v: Self?) throws(FlingError) -> Self {
        SpringTuning(frequency: try c.double("frequency", v?.frequency), dampingRatio: try c.double("dampingRatio", v?.dampingRatio))
    }
}

extension FixedStepClock: ByteCodable {
    package func encode(to w: inout ByteWriter) {
        w.double(tick)
        w.double(maxFrameInterval)
        w.int(ticks)
        w.double(simulatedTime)
        w.double(droppedTime)
        w.double(displayTime)
    }
    package init(from r: inout ByteReader) throws(FlingError) {
        let tick = try r.double(), maxFrameInterval = try r.double(), ticks = try r.int()
        let simulated = try r.double(), dropped = try r.double(), display = try r.double()
        guard (0...Self.maximumTickCount).contains(ticks), simulated.isFinite, dropped.isFinite, display.isFinite, dropped >= 0 else {
            throw r.fail("a clock's tick count and times must be finite, not negative", value: "\(ticks) ticks")
        }
        try self.init(
            tick: tick, maxFrameInterval: maxFrameInterval, ticks: ticks, simulatedTime: simulated, droppedTime: dropped,
            displayTime: display)
    }
}

extension Double: ByteCodable {
    package func encode(to w: inout ByteWriter) { w.double(self) }
    package init(from r: inout ByteReader) throws(FlingError) { self = try r.double() }
}

extension TimingFunction: ByteCodable {
    package func encode(to w: inout ByteWriter) {
        w.vector(controlPoint1)
        w.vector(controlPoint2)
    }
    package init(from r: inout ByteReader) throws(FlingError) {
        let c1 = try r.vector(), c2 = try r.vector()
        self.init(unchecked: c1.x, c1.y, c2.x, c2.y)
    }
}

extension BounceCurve.Keyframes: ByteCodable where Value: ByteCodable {
    package func encode(to w: inout ByteWriter) {
        w.values(values)
        w.list(keyTimes) { $0.double($1) }
        w.optional(timingFunctions) { $0.values($1) }
        w.double(duration)
        w.value(finalValue)
    }
    /// Reads keyframes whose lists agree (what ``value(at:)`` indexes).
    package init(from r: inout ByteReader) throws(FlingError) {
        let values: [Value] = try r.values()
        let times = try r.list(elementSize: 8) { (r) throws(FlingError) in try r.double() }
        let functions = try r.optional { (r) throws(FlingError) in try r.values(TimingFunction.self) }
        guard times.count == values.count, functions.map({ $0.count == max(values.count - 1, 0) }) ?? true else {
            throw r.fail("keyframes need one key time per value and one timing function per interval")
        }
        self.init(values: values, keyTimes: times, timingFunctions: functions, duration: try r.double(), finalValue: try r.value())
    }
}

extension BounceCurve: Coded {
    package static func code<C: Coder>(_ c: inout C, _ v: Self?) throws(FlingError) -> Self {
        let duration = try c.double("duration", v?.duration), overshoot = try c.bool("overshoot", v?.overshoot)
        let shake = try c.bool("shake", v?.shake)
        return BounceCurve(form: try c.value("form", v?.form), duration: duration, overshoot: overshoot, shake: shake)
    }
}

extension BounceCurve.Form: Coded {
    package static func code<C: Coder>(_ c: inout C, _ v: Self?) throws(FlingError) -> Self {
        switch try c.variant("kind", ["library", "equation", "twoSteps"], v.map(\.index), "bounce form") {
        case 0:
            let (n, s): (Int?, BounceCurve.Stiffness?) = if case .library(let n, let s)? = v { (n, s) } else { (nil, nil) }
            return .library(bounces: try c.int("bounces", n), stiffness: BounceCurve.Stiffness(try c.double("stiffness", s?.coefficient)))
        case 1:
            let (a, o, b): (Double?, Double?, Double?) = if case .equation(let a, let o, let b)? = v { (a, o, b) } else { (nil, nil, nil) }
            return .equation(alpha: try c.double("alpha", a), omega: try c.double("omega", o), base: try c.double("base", b))
        default:
            let (p, f, i): (Double?, Double?, Bool?) = if case .twoSteps(let p, let f, let i)? = v { (p, f, i) } else { (nil, nil, nil) }
            return .twoSteps(
                overshoot: try c.double("past", p), firstDuration: try c.double("firstDuration", f), integral: try c.bool("integral", i))
        }
    }

    var index: Int {
        switch self {
        case .library: 0
        case .equation: 1
        case .twoSteps: 2
        }
    }
}
