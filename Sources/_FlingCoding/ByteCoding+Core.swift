// The byte forms of the core's values (docs/SNAPSHOTS.md lists each): fields in declaration
// order, enums as a tag byte then their payload.

import FlingCore
import FlingCurves

extension Vector: ByteCodable {
    package func encode(to w: inout ByteWriter) { w.vector(self) }
    package init(from r: inout ByteReader) throws(FlingError) { self = try r.vector() }
}

extension Transform: ByteCodable {
    package func encode(to w: inout ByteWriter) {
        w.vector(position)
        w.double(angle)
    }
    package init(from r: inout ByteReader) throws(FlingError) { self.init(position: try r.vector(), angle: try r.double()) }
}

extension BodyState: ByteCodable {
    package func encode(to w: inout ByteWriter) {
        w.vector(position)
        w.double(angle)
        w.vector(velocity)
        w.double(angularVelocity)
    }
    package init(from r: inout ByteReader) throws(FlingError) {
        self.init(position: try r.vector(), angle: try r.double(), velocity: try r.vector(), angularVelocity: try r.double())
    }
}

extension Rect: ByteCodable {
    package func encode(to w: inout ByteWriter) {
        w.double(x)
        w.double(y)
        w.double(width)
        w.double(height)
    }
    package init(from r: inout ByteReader) throws(FlingError) {
        self.init(x: try r.double(), y: try r.double(), width: try r.double(), height: try r.double())
    }
}

extension ItemProperties: ByteCodable {
    package func encode(to w: inout ByteWriter) {
        w.double(elasticity)
        w.double(friction)
        w.double(resistance)
        w.double(angularResistance)
        w.double(charge)
    }
    package init(from r: inout ByteReader) throws(FlingError) {
        self.init(
            elasticity: try r.double(), friction: try r.double(), resistance: try r.double(), angularResistance: try r.double(),
            charge: try r.double())
    }
}

extension Wall: ByteCodable {
    package func encode(to w: inout ByteWriter) {
        w.vector(start)
        w.vector(end)
        w.double(radius)
        w.double(elasticity)
        w.double(friction)
    }
    package init(from r: inout ByteReader) throws(FlingError) {
        self.init(
            from: try r.vector(), to: try r.vector(), radius: try r.double(), elasticity: try r.double(), friction: try r.double())
    }
}

extension Wall.Contact: ByteCodable {
    package func encode(to w: inout ByteWriter) {
        w.int(wall)
        w.vector(impulse)
        w.vector(normal)
        w.vector(point)
    }
    package init(from r: inout ByteReader) throws(FlingError) {
        self.init(wall: try r.int(), impulse: try r.vector(), normal: try r.vector(), point: try r.vector())
    }
}

extension Push: ByteCodable {
    package func encode(to w: inout ByteWriter) {
        w.vector(vector)
        w.vector(offset)
    }
    package init(from r: inout ByteReader) throws(FlingError) { self.init(try r.vector(), at: try r.vector()) }
}

extension Field: ByteCodable {
    package func encode(to w: inout ByteWriter) {
        switch kind {
        case .linearGravity(let d):
            w.u8(0)
            w.vector(d)
        case .radialGravity: w.u8(1)
        case .spring: w.u8(2)
        case .drag: w.u8(3)
        case .velocity(let t):
            w.u8(4)
            w.vector(t)
        case .vortex: w.u8(5)
        case .noise(let s, let a):
            w.u8(6)
            w.double(s)
            w.double(a)
        case .turbulence(let s, let a):
            w.u8(7)
            w.double(s)
            w.double(a)
        case .electric: w.u8(8)
        case .magnetic: w.u8(9)
        }
        w.vector(position)
        switch region {
        case .everywhere: w.u8(0)
        case .rectangle(let width, let height):
            w.u8(1)
            w.double(width)
            w.double(height)
        case .circle(let radius):
            w.u8(2)
            w.double(radius)
        }
        w.bool(inverted)
        w.double(strength)
        w.double(falloff)
        w.double(minimumRadius)
        w.u64(seed)
    }

    package init(from r: inout ByteReader) throws(FlingError) {
        let kind: Kind
        switch try r.tag(10, "field kind") {
        case 0: kind = .linearGravity(direction: try r.vector())
        case 1: kind = .radialGravity
        case 2: kind = .spring
        case 3: kind = .drag
        case 4: kind = .velocity(target: try r.vector())
        case 5: kind = .vortex
        case 6: kind = .noise(smoothness: try r.double(), animationSpeed: try r.double())
        case 7: kind = .turbulence(smoothness: try r.double(), animationSpeed: try r.double())
        case 8: kind = .electric
        default: kind = .magnetic
        }
        let position = try r.vector()
        let region: Region
        switch try r.tag(3, "field region") {
        case 0: region = .everywhere
        case 1: region = .rectangle(width: try r.double(), height: try r.double())
        default: region = .circle(radius: try r.double())
        }
        self.init(
            kind, position: position, region: region, inverted: try r.bool(), strength: try r.double(), falloff: try r.double(),
            minimumRadius: try r.double(), seed: try r.u64())
    }
}

extension StaticPivot: ByteCodable {
    package func encode(to w: inout ByteWriter) {
        w.vector(anchor)
        w.vector(localAnchor)
        w.double(maxForce)
        w.double(maxBias)
        w.double(errorBias)
    }
    package init(from r: inout ByteReader) throws(FlingError) {
        self.init(
            anchor: try r.vector(), localAnchor: try r.vector(), maxForce: try r.double(), maxBias: try r.double(),
            errorBias: try r.double())
    }
}

extension StaticGear: ByteCodable {
    package func encode(to w: inout ByteWriter) {
        w.double(phase)
        w.double(ratio)
        w.double(maxForce)
        w.double(maxBias)
        w.double(errorBias)
    }
    package init(from r: inout ByteReader) throws(FlingError) {
        self.init(
            phase: try r.double(), ratio: try r.double(), maxForce: try r.double(), maxBias: try r.double(), errorBias: try r.double())
    }
}

extension Attraction: ByteCodable {
    package func encode(to w: inout ByteWriter) {
        w.vector(origin)
        w.double(stiffness)
        w.double(damping)
        w.double(angularStiffness)
        w.double(angularDamping)
    }
    package init(from r: inout ByteReader) throws(FlingError) {
        self.init(
            origin: try r.vector(), stiffness: try r.double(), damping: try r.double(), angularStiffness: try r.double(),
            angularDamping: try r.double())
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

extension StateDigest: ByteCodable {
    package func encode(to w: inout ByteWriter) { w.u64(value) }
    package init(from r: inout ByteReader) throws(FlingError) { self.init(value: try r.u64()) }
}

extension Arithmetic: ByteCodable {
    package func encode(to w: inout ByteWriter) { w.u8(self == .platform ? 0 : 1) }
    package init(from r: inout ByteReader) throws(FlingError) { self = try r.tag(2, "arithmetic") == 0 ? .platform : .portable }
}

extension SpringTuning: ByteCodable {
    package func encode(to w: inout ByteWriter) {
        w.double(frequency)
        w.double(dampingRatio)
    }
    package init(from r: inout ByteReader) throws(FlingError) { self.init(frequency: try r.double(), dampingRatio: try r.double()) }
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
        w.vector(c1)
        w.vector(c2)
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
