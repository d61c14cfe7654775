// What a snap animator's snapshot holds beside the kernel's state: the items' order from back
// to front and each item's travel (target, grab offset, scale and its run, keyframes). A
// configuration's rules (chat heads, the switch) are code the animator was given and keep
// their own state: they stay the animator's.
import FlingCore
import FlingCurves
import _FlingCoding

extension SnapPolicy {
    struct Saved: Sendable {
        var zOrder: [SnapItem.ID]
        var motions: [SnapMotionState]
    }

    static func save(_ a: DragAnimator<SnapPolicy>) -> Saved { Saved(zOrder: a.policy.zOrder, motions: a.policy.motions) }

    static func check(_ saved: Saved, _ s: KernelState<SnapPolicy>) throws(FlingError) {
        func bad(_ field: String, _ value: String, _ reason: String) -> FlingError {
            FlingError(.malformedInput, field: "AnimatorSnapshot.\(field)", value: value, reason: reason)
        }
        guard saved.motions.count == s.records.count else {
            throw bad("motions", "\(saved.motions.count)", "one per item")
        }
        guard saved.zOrder.sorted() == s.records.map(\.item.id) else {
            throw bad("zOrder", "\(saved.zOrder.count)", "must order the items, each once")
        }
        for (k, m) in saved.motions.enumerated() {
            // A run started at a tick boundary already reached (its elapsed time is counted from it).
            for start in [m.keyframes?.startTick, m.scaleRun?.startTick].compactMap({ $0 }) where !(0...s.clock.ticks).contains(start) {
                throw bad("motions[\(k)]", "start tick \(start)", "a run starts at a tick already reached, 0...\(s.clock.ticks)")
            }
        }
        for (k, phase) in s.phases.enumerated() {
            let hasWorld: Bool
            switch phase {
            case .held, .springing: hasWorld = true
            case .resting, .keyframing: hasWorld = false
            }
            guard hasWorld == (s.worlds[k] != nil) else {
                throw bad("phases[\(k)]", "\(phase)", "a held or springing item has a world; no other does")
            }
            if case .keyframing = phase, saved.motions[k].keyframes == nil {
                throw bad("motions[\(k)].keyframes", "nil", "a keyframing item follows keyframes")
            }
        }
    }

    static func load(_ saved: Saved, into a: DragAnimator<SnapPolicy>) {
        a.policy.zOrder = saved.zOrder
        a.policy.motions = saved.motions
    }
}

// MARK: - Byte forms

extension SnapPolicy {
    /// Items never come or go: a snapshot names them by id (and its fingerprint says they are
    /// the animator's own).
    static func encodeItem(_ w: inout ByteWriter, _ item: SnapItem) { w.value(item.id) }

    static func decodeItem(_ r: inout ByteReader) throws(FlingError) -> SnapItem {
        SnapItem(id: try r.value(), center: .zero, width: 1, height: 1, restingPlaces: .points([.zero]))
    }

    static func adopt(_ records: inout [ItemRecord<SnapItem>], from a: DragAnimator<SnapPolicy>) throws(FlingError) {
        guard records.map(\.item.id) == a.records.map(\.item.id) else {
            throw FlingError(
                .malformedInput, field: "AnimatorSnapshot.records", value: "\(records.count) items",
                reason: "a snap animator's snapshot holds its own items: \(a.records.count), in id order")
        }
        for k in records.indices { records[k].item = a.records[k].item }
    }

    static func encode(_ saved: Saved, to w: inout ByteWriter) {
        w.values(saved.zOrder)
        w.list(saved.motions) { w, m in
            w.vector(m.target)
            w.vector(m.grabOffset)
            w.double(m.scale.value)
            w.double(m.scale.velocity)
            w.double(m.scale.target)
            w.optional(m.keyframes) { w, k in
                w.int(k.startTick)
                w.double(k.duration)
                w.values(k.x)
                w.values(k.y)
                w.optionalValue(k.eased)
            }
            w.optional(m.scaleRun) { w, run in
                w.int(run.startTick)
                w.value(run.keyframes)
            }
        }
    }

    static func decodeSaved(from r: inout ByteReader) throws(FlingError) -> Saved {
        let zOrder: [SnapItem.ID] = try r.values()
        let motions = try r.list(elementSize: 58) { (r) throws(FlingError) in
            var m = SnapMotionState(target: try r.vector())
            m.grabOffset = try r.vector()
            m.scale = ScalarSpring(value: try r.double())
            m.scale.velocity = try r.double()
            m.scale.target = try r.double()
            m.keyframes = try r.optional { (r) throws(FlingError) in
                KeyframeRun(
                    startTick: try r.int(), duration: try r.double(), x: try r.values(), y: try r.values(), eased: try r.optionalValue())
            }
            m.scaleRun = try r.optional { (r) throws(FlingError) in
                (startTick: try r.int(), keyframes: try r.value(BounceCurve.Keyframes<Double>.self))
            }
            return m
        }
        return Saved(zOrder: zOrder, motions: motions)
    }
}

extension SnapPhase: ByteCodable {
    package func encode(to w: inout ByteWriter) {
        switch self {
        case .resting: w.u8(0)
        case .held(let touch):
            w.u8(1)
            w.value(touch)
        case .springing: w.u8(2)
        case .keyframing: w.u8(3)
        }
    }
    package init(from r: inout ByteReader) throws(FlingError) {
        switch try r.tag(4, "snap phase") {
        case 0: self = .resting
        case 1: self = .held(by: try r.value())
        case 2: self = .springing
        default: self = .keyframing
        }
    }
}

extension SnapInput: ByteCodable {
    package func encode(to w: inout ByteWriter) {
        switch self {
        case .touch(let e):
            w.u8(0)
            w.value(e)
        case .send(let id, let target):
            w.u8(1)
            w.value(id)
            w.vector(target)
        case .dynamics(let d):
            w.u8(2)
            w.value(d)
        }
    }
    package init(from r: inout ByteReader) throws(FlingError) {
        switch try r.tag(3, "snap input") {
        case 0: self = .touch(try r.value())
        case 1: self = .send(try r.value(), try r.vector())
        default: self = .dynamics(try r.value())
        }
    }
}

extension SnapEvent.Kind: ByteCodable {
    package func encode(to w: inout ByteWriter) {
        switch self {
        case .grabbed(let touch):
            w.u8(0)
            w.value(touch)
        case .released(let velocity, let projected, let target):
            w.u8(1)
            w.vector(velocity)
            w.vector(projected)
            w.vector(target)
        case .tapped(let touch, let at):
            w.u8(2)
            w.value(touch)
            w.vector(at)
        case .sent(let target):
            w.u8(3)
            w.vector(target)
        case .settled(let at):
            w.u8(4)
            w.vector(at)
        case .wallContact(let c):
            w.u8(5)
            w.value(c)
        }
    }
    package init(from r: inout ByteReader) throws(FlingError) {
        switch try r.tag(6, "snap event") {
        case 0: self = .grabbed(touch: try r.value())
        case 1: self = .released(velocity: try r.vector(), projected: try r.vector(), target: try r.vector())
        case 2: self = .tapped(touch: try r.value(), at: try r.vector())
        case 3: self = .sent(target: try r.vector())
        case 4: self = .settled(at: try r.vector())
        default: self = .wallContact(try r.value())
        }
    }
}
