// What a tile animator's snapshot holds of the tile policy: each tile's definition (tiles come
// and go) and memory, beside the kernel's columns, and the byte forms of the tile vocabulary.
// The configuration is the animator's own, named by the snapshot's fingerprint.
import FlingCore
import _FlingCoding

extension TilePolicy: SnapshotRules {
    /// Each tile's memory in range: a count of ticks, and where a hold began.
    func validate(_ tiles: inout ItemTable<TilePolicy>, ticks: Int) throws(FlingError) {
        for (k, m) in tiles.memories.enumerated() {
            guard (0...(1 << 62)).contains(m.settleCount) else {
                throw FlingError(
                    .malformedInput, field: "AnimatorSnapshot.memories[\(k)].settleCount", value: "\(m.settleCount)",
                    reason: "counts ticks: must lie in 0...2⁶²")
            }
            try Check.coordinate(m.holdStart, "AnimatorSnapshot.memories[\(k)].holdStart")
        }
    }
}

// MARK: - Byte forms

extension TileDefinition: ByteCodable {
    package func encode(to w: inout ByteWriter) {
        w.value(id)
        w.value(frame)
        w.double(mass)
        w.optionalValue(properties)
    }

    package init(from r: inout ByteReader) throws(FlingError) {
        self.init(id: try r.value(), frame: try r.value(), mass: try r.double(), properties: try r.optionalValue())
    }
}

extension TileMemory: ByteCodable {
    func encode(to w: inout ByteWriter) {
        w.int(settleCount)
        w.vector(holdStart)
    }

    init(from r: inout ByteReader) throws(FlingError) {
        self.init(settleCount: try r.int(), holdStart: try r.vector())
    }
}

extension TilePhase: ByteCodable {
    package func encode(to w: inout ByteWriter) {
        switch self {
        case .resting: w.u8(0)
        case .held(let touch):
            w.u8(1)
            w.value(touch)
        case .attracted: w.u8(2)
        case .falling: w.u8(3)
        case .culled: w.u8(4)
        case .lying: w.u8(5)
        }
    }
    package init(from r: inout ByteReader) throws(FlingError) {
        switch try r.tag(6, "tile phase") {
        case 0: self = .resting
        case 1: self = .held(by: try r.value())
        case 2: self = .attracted
        case 3: self = .falling
        case 4: self = .culled
        default: self = .lying
        }
    }
}

extension TileInput: ByteCodable {
    package func encode(to w: inout ByteWriter) {
        switch self {
        case .touch(let e):
            w.u8(0)
            w.value(e)
        case .reset(let id):
            w.u8(1)
            w.value(id)
        case .addTile(let t):
            w.u8(2)
            w.value(t)
        case .removeTile(let id):
            w.u8(3)
            w.value(id)
        case .dynamics(let d):
            w.u8(4)
            w.value(d)
        }
    }
    package init(from r: inout ByteReader) throws(FlingError) {
        switch try r.tag(5, "tile input") {
        case 0: self = .touch(try r.value())
        case 1: self = .reset(try r.value())
        case 2: self = .addTile(try r.value())
        case 3: self = .removeTile(try r.value())
        default: self = .dynamics(try r.value())
        }
    }
}

extension TileEvent.Kind: ByteCodable {
    package func encode(to w: inout ByteWriter) {
        switch self {
        case .grabbed(let touch, let at):
            w.u8(0)
            w.value(touch)
            w.vector(at)
        case .released(let outcome, let velocity, let cancelled):
            w.u8(1)
            w.bool(outcome == .attract)
            w.vector(velocity)
            w.bool(cancelled)
        case .tapped: w.u8(2)
        case .settled: w.u8(3)
        case .culled: w.u8(4)
        case .pushed: w.u8(5)
        case .cameToRest: w.u8(6)
        case .wallContact(let c):
            w.u8(7)
            w.value(c)
        }
    }
    package init(from r: inout ByteReader) throws(FlingError) {
        switch try r.tag(8, "tile event") {
        case 0: self = .grabbed(touch: try r.value(), at: try r.vector())
        case 1: self = .released(outcome: try r.bool() ? .attract : .fall, velocity: try r.vector(), cancelled: try r.bool())
        case 2: self = .tapped
        case 3: self = .settled
        case 4: self = .culled
        case 5: self = .pushed
        case 6: self = .cameToRest
        default: self = .wallContact(try r.value())
        }
    }
}
