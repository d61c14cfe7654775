// What a tile animator's snapshot holds beside the kernel's state: the home pivots' joint ids,
// by tile (the configuration is the animator's own, named by the snapshot's fingerprint).
import FlingCore
import _FlingCoding

extension TilePolicy {
    /// The home pivots of the attracted tiles, in tile id order.
    struct Saved: Sendable {
        var homeJoints: [(tile: Int, joints: [JointID])]
    }

    static func save(_ a: DragAnimator<TilePolicy>) -> Saved {
        Saved(homeJoints: a.policy.homeJoints.map { ($0.key, $0.value) }.sorted { $0.tile < $1.tile })
    }

    static func check(_ saved: Saved, _ s: KernelState<TilePolicy>) throws(FlingError) {
        for (k, h) in saved.homeJoints.enumerated() {
            guard let i = s.records.firstIndex(where: { $0.item.id.rawValue == h.tile }), s.worlds[i] != nil,
                k == 0 || saved.homeJoints[k - 1].tile < h.tile
            else {
                throw FlingError(
                    .malformedInput, field: "AnimatorSnapshot.homeJoints[\(k)]", value: "tile \(h.tile)",
                    reason: "home pivots belong to a tile with a world, once each")
            }
        }
        for (k, phase) in s.phases.enumerated() {
            let moving: Bool
            switch phase {
            case .held, .attracted, .falling: moving = true
            case .resting, .culled, .lying: moving = false
            }
            guard moving == (s.worlds[k] != nil) else {
                throw FlingError(
                    .malformedInput, field: "AnimatorSnapshot.phases[\(k)]", value: "\(phase)",
                    reason: "a held, attracted or falling tile has a world; no other does")
            }
        }
    }

    static func load(_ saved: Saved, into a: DragAnimator<TilePolicy>) {
        a.policy.homeJoints = Dictionary(uniqueKeysWithValues: saved.homeJoints.map { ($0.tile, $0.joints) })
    }
}

// MARK: - Byte forms

extension TilePolicy {
    static func encodeItem(_ w: inout ByteWriter, _ t: TileDefinition) {
        w.value(t.id)
        w.value(t.frame)
        w.double(t.mass)
        w.optionalValue(t.properties)
    }

    static func decodeItem(_ r: inout ByteReader) throws(FlingError) -> TileDefinition {
        TileDefinition(id: try r.value(), frame: try r.value(), mass: try r.double(), properties: try r.optionalValue())
    }

    static func encode(_ saved: Saved, to w: inout ByteWriter) {
        w.list(saved.homeJoints) { w, h in
            w.int(h.tile)
            w.values(h.joints)
        }
    }

    static func decodeSaved(from r: inout ByteReader) throws(FlingError) -> Saved {
        Saved(homeJoints: try r.list(elementSize: 12) { (r) throws(FlingError) in (tile: try r.int(), joints: try r.values(JointID.self)) })
    }

    /// A snapshot carries its tiles whole (they come and go).
    static func adopt(_ records: inout [ItemRecord<TileDefinition>], from a: DragAnimator<TilePolicy>) throws(FlingError) {}
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
            TilePolicy.encodeItem(&w, t)
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
        case 2: self = .addTile(try TilePolicy.decodeItem(&r))
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
