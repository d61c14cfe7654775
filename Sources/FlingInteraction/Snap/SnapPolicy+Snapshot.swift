// What a snap animator's snapshot holds of the snap policy: each item's memory (its travel, grab
// offset, scale and its run, keyframes, place from back to front) beside the kernel's columns,
// and the items by id alone (they never come or go: the animator's own definitions are
// restored). A configuration's scene rules (chat heads, the switch) are code the animator was
// given and keep their own state: they stay the animator's.
import FlingCore
import FlingCurves
import _FlingCoding

extension SnapPolicy: SnapshotRules {
    /// The snapshot's items are the animator's own (its definitions put in); each item's place
    /// from back to front its own; a keyframing item follows keyframes; every run starts at a
    /// tick already reached; every number finite and in range.
    func validate(_ table: inout ItemTable<SnapPolicy>, ticks: Int) throws(FlingError) {
        func bad(_ field: String, _ value: String, _ reason: String) -> FlingError {
            FlingError(.malformedInput, field: "AnimatorSnapshot.\(field)", value: value, reason: reason)
        }
        guard table.items.map(\.id) == items.map(\.id) else {
            throw bad("items", "\(table.count) items", "a snap animator's snapshot holds its own items: \(items.count), in id order")
        }
        table.items = items
        guard Set(table.memories.map(\.z)).count == table.count else {
            throw bad("memories", "z", "each item has a place of its own from back to front")
        }
        for (k, m) in table.memories.enumerated() {
            guard (0...(1 << 62)).contains(m.settleCount) else {
                throw bad("memories[\(k)].settleCount", "\(m.settleCount)", "counts ticks: must lie in 0...2⁶²")
            }
            try Check.coordinate(m.target, "AnimatorSnapshot.memories[\(k)].target")
            try Check.coordinate(m.grabOffset, "AnimatorSnapshot.memories[\(k)].grabOffset")
            for (name, x) in [("value", m.scale.value), ("velocity", m.scale.velocity), ("target", m.scale.target)] {
                try Check.range(x, -1e6...1e6, "AnimatorSnapshot.memories[\(k)].scale.\(name)")
            }
            // A run started at a tick boundary already reached (its elapsed time is counted from it).
            for start in [m.keyframes?.startTick, m.scaleRun?.startTick].compactMap({ $0 }) where !(0...ticks).contains(start) {
                throw bad("memories[\(k)]", "start tick \(start)", "a run starts at a tick already reached, 0...\(ticks)")
            }
            if let run = m.keyframes {
                try Check.range(run.duration, 0...1e6, "AnimatorSnapshot.memories[\(k)].keyframes.duration")
                if run.eased == nil, run.x.isEmpty || run.y.isEmpty {
                    throw bad("memories[\(k)].keyframes", "\(run.x.count), \(run.y.count)", "keyframes have values on both axes")
                }
            }
            if case .keyframing = table.phases[k], m.keyframes == nil {
                throw bad("memories[\(k)].keyframes", "nil", "a keyframing item follows keyframes")
            }
        }
    }
}

// MARK: - Byte forms

extension SnapItem: ByteCodable {
    /// A snapshot names an item by its id (the animator's own definition is restored).
    package func encode(to w: inout ByteWriter) { w.value(id) }

    /// An item of this id, standing for the animator's own until a restore puts it in.
    package init(from r: inout ByteReader) throws(FlingError) {
        self.init(id: try r.value(), center: .zero, width: 1, height: 1, restingPlaces: .points([.zero]))
    }
}

extension SnapMemory: ByteCodable {
    func encode(to w: inout ByteWriter) {
        w.int(settleCount)
        w.vector(target)
        w.vector(grabOffset)
        w.double(scale.value)
        w.double(scale.velocity)
        w.double(scale.target)
        w.optional(keyframes) { w, k in
            w.int(k.startTick)
            w.double(k.duration)
            w.values(k.x)
            w.values(k.y)
            w.optionalValue(k.eased)
        }
        w.optional(scaleRun) { w, run in
            w.int(run.startTick)
            w.value(run.keyframes)
        }
        w.int(z)
        w.bool(fingerMoved)
    }

    init(from r: inout ByteReader) throws(FlingError) {
        let settleCount = try r.int()
        self.init(target: try r.vector(), z: 0)
        self.settleCount = settleCount
        grabOffset = try r.vector()
        scale = ScalarSpring(value: try r.double())
        scale.velocity = try r.double()
        scale.target = try r.double()
        keyframes = try r.optional { (r) throws(FlingError) in
            KeyframeRun(
                startTick: try r.int(), duration: try r.double(), x: try r.values(), y: try r.values(), eased: try r.optionalValue())
        }
        scaleRun = try r.optional { (r) throws(FlingError) in ScaleRun(startTick: try r.int(), keyframes: try r.value()) }
        z = try r.int()
        fingerMoved = try r.bool()
    }
}

extension SnapPhase: Coded {
    package static func code<C: Coder>(_ c: inout C, _ v: Self?) throws(FlingError) -> Self {
        try codePhase(&c, v, [.resting, nil, .springing, .keyframing], "snap phase")
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
