import Fling
import FlingCore
import _FlingCoding
import Testing

@testable import FlingInteraction

/// A restore refuses what no animator could reach (issue 45 item 5). A snapshot's checksum only
/// says its bytes are whole: an outsider can change them and compute it again. So these tests
/// do what an outsider could: take a real snapshot's bytes, change what the payload holds (a
/// number at its documented place, or a field of the state written again in the documented
/// layout), compute the payload's 64-bit FNV-1a checksum anew into the header, and restore.
/// Each crafted state is refused with a typed error naming its field, and the refusing animator
/// is left as it was; the state before the edit restores.
@Suite struct SnapshotCheckTests {
    /// 64-bit FNV-1a, as docs/SNAPSHOTS.md names the checksum: written here as an outsider would.
    static func fnv1a(_ bytes: ArraySlice<UInt8>) -> UInt64 {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        for b in bytes { h = (h ^ UInt64(b)) &* 0x0000_0100_0000_01b3 }
        return h
    }

    /// Where the payload starts (after the header's magic, version, animator, backend kind,
    /// arithmetic, fingerprint, tick, length and checksum), and where the checksum is.
    static func payloadOffset(_ bytes: [UInt8]) -> Int {
        let name = 11
        let count = (0..<4).reduce(0) { $0 | Int(bytes[name + $1]) << (8 * $1) }
        return name + 4 + count + 1 + 8 + 8 + 8 + 8
    }

    /// `bytes` with `payload` in place of its payload, and the header's length and checksum
    /// computed again (and its tick, when given: the header names the clock's ticks).
    static func resealed(_ bytes: [UInt8], payload: [UInt8], tick: Int? = nil) -> [UInt8] {
        let start = payloadOffset(bytes)
        var out = Array(bytes[..<start]) + payload
        func put(_ x: UInt64, at o: Int) { for k in 0..<8 { out[o + k] = UInt8(truncatingIfNeeded: x >> (8 * UInt64(k))) } }
        if let tick { put(UInt64(tick), at: start - 24) }
        put(UInt64(payload.count), at: start - 16)
        put(fnv1a(payload[...]), at: start - 8)
        return out
    }

    /// A tile animator over the native backend, busy: a tile held by a finger that moved, one
    /// springing home, one falling under a continuous push, and inputs still waiting.
    static func busy() throws -> TileAnimator {
        var configuration = TileConfiguration()
        configuration.dynamics = DynamicsSettings(walls: [Wall(from: Vector(0, 900), to: Vector(390, 900))])
        let tiles = (1...3).map { TileDefinition(id: TileID($0), frame: Rect(x: Double($0) * 100, y: 300, width: 80, height: 80)) }
        let a = try TileAnimator(viewport: phone, tiles: tiles, configuration: configuration, backend: try NativeBackend())
        let at = tiles.map(\.origin)
        // In time order: three fingers down; the first moves, the second lifts where it went
        // down (home), the third flings its tile down and lets go.
        for n in 0..<3 { try a.handle(TouchEvent(time: 0, touch: TouchID(n + 1), phase: .began, position: at[n], item: TileID(n + 1))) }
        for k in 1...4 {
            let t = 0.01 * Double(k)
            if k == 2 { try a.handle(TouchEvent(time: t, touch: 1, phase: .moved, position: at[0] + Vector(10, -5))) }
            if k == 3 { try a.handle(TouchEvent(time: t, touch: 2, phase: .ended, position: at[1])) }
            try a.handle(TouchEvent(time: t, touch: 3, phase: .moved, position: at[2] + Vector(0, 10 * Double(k))))
        }
        try a.handle(TouchEvent(time: 0.05, touch: 3, phase: .ended, position: at[2] + Vector(0, 50)))
        try a.addPush(Push(Vector(0, 50)), to: TileID(3))
        try a.advance(to: 0.1)
        try a.handle(TouchEvent(time: 0.11, touch: 1, phase: .moved, position: at[0] + Vector(20, -5)))
        return a
    }

    /// The state of a tile animator's snapshot.
    static func state(_ s: AnimatorSnapshot) throws -> KernelState<TilePolicy> {
        guard case .tiles(let state) = s.state else { throw FlingError(.invalidState, field: "snapshot", value: "snap", reason: "") }
        return state
    }

    /// `edit` applied to `snapshot`'s state, written again and resealed.
    static func crafted(_ snapshot: AnimatorSnapshot, _ edit: (inout KernelState<TilePolicy>) -> Void) throws -> [UInt8] {
        var s = try state(snapshot)
        edit(&s)
        var w = ByteWriter()
        s.encode(to: &w)
        return resealed(snapshot.bytes, payload: w.bytes, tick: s.clock.ticks)
    }

    /// Restoring `bytes` into a fresh busy animator is refused, typed, naming `field`, with
    /// nothing changed.
    static func expectRefused(_ bytes: [UInt8], _ field: String, _ what: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let snapshot: AnimatorSnapshot
        do { snapshot = try AnimatorSnapshot(bytes: bytes) } catch {
            Issue.record("\(what): the resealed bytes should read: \(error)", sourceLocation: sourceLocation)
            return
        }
        let a = try busy()
        let before = try a.snapshot().bytes
        let error = #expect(throws: FlingError.self, "\(what)", sourceLocation: sourceLocation) { try a.restore(snapshot) }
        #expect(error?.code == .malformedInput, "\(what): \(String(describing: error))", sourceLocation: sourceLocation)
        #expect(
            error?.field.hasPrefix("AnimatorSnapshot.\(field)") == true, "\(what): \(String(describing: error))",
            sourceLocation: sourceLocation)
        #expect(try a.snapshot().bytes == before, "\(what): the refusing animator is unchanged", sourceLocation: sourceLocation)
    }

    /// The busy scene's snapshot holds what the crafted cases change, and it restores, through
    /// bytes resealed unchanged, into a fresh animator that goes on as the original does.
    @Test func theUntouchedStateRestores() throws {
        let a = try Self.busy()
        let snapshot = try a.snapshot()
        let s = try Self.state(snapshot)
        #expect(s.phases.map { $0.description } == ["held by touch 1", "attracted", "falling"])
        #expect(s.homes[1] == .spring && s.pushes.count == 1 && s.pushes[0].force != nil && !s.queue.isDrained)
        let bytes = Self.resealed(snapshot.bytes, payload: Array(snapshot.bytes[Self.payloadOffset(snapshot.bytes)...]))
        #expect(bytes == snapshot.bytes)
        let b = try Self.busy()
        try b.restore(try AnimatorSnapshot(bytes: try Self.crafted(snapshot) { _ in }))
        try a.advance(to: 0.5)
        try b.advance(to: 0.5)
        #expect(a.digest == b.digest && a.clock.ticks == b.clock.ticks)
    }

    /// The clock's display time edited in place to 1e300 (it would wedge the animator): the
    /// eight bytes at the payload's offset 40 (tick, clamp, ticks, simulated and dropped time
    /// before it), resealed.
    @Test func aDisplayTimeBeyondRangeIsRefused() throws {
        let bytes = try Self.busy().snapshot().bytes
        var edited = bytes
        let at = Self.payloadOffset(bytes) + 40
        for k in 0..<8 { edited[at + k] = UInt8(truncatingIfNeeded: (1e300).bitPattern >> (8 * UInt64(k))) }
        try Self.expectRefused(Self.resealed(edited, payload: Array(edited[Self.payloadOffset(edited)...])), "clock.displayTime", "1e300")
    }

    /// Each crafted state, refused by the field it breaks.
    @Test func craftedStatesAreRefusedByField() throws {
        let snapshot = try Self.busy().snapshot()
        let s = try Self.state(snapshot)
        let held = try #require(s.touchSlots.firstIndex { $0.drag != nil })
        let cases: [(String, String, (inout KernelState<TilePolicy>) -> Void)] = [
            ("clock.simulatedTime", "simulated time not display − dropped", { $0.clock = try! Self.clock($0.clock, simulated: 5) }),
            ("clock.ticks", "more ticks than the time has ended", { $0.clock = try! Self.clock($0.clock, ticks: 1_000) }),
            ("clock.droppedTime", "more dropped than displayed", { $0.clock = try! Self.clock($0.clock, dropped: 1) }),
            ("actions", "an input count beyond 2⁶²", { $0.actions = Int.max }),
            ("lastActions[0]", "an input numbered past the count", { $0.lastActions[0] = $0.actions + 1 }),
            ("items[2]", "items out of id order", { $0.items.swapAt(1, 2) }),
            ("states[2].position", "a state that is not a number", { $0.states[2].position.x = .nan }),
            ("phases[0]", "a resting tile that has a world", { $0.phases[0] = .resting }),
            (
                "phases[1]", "a falling tile without a world",
                {
                    $0.worlds[1] = nil; $0.homes[1] = .none
                }
            ),
            ("touchSlots[\(held)].drag", "a drag without its item", { $0.touchSlots[held].item = nil }),
            ("touchSlots[\(held)].index", "a finger out of range", { $0.touchSlots[held].index = 7 }),
            ("touchSlots[\(held)].fingerVelocity.x", "a finger moving at NaN", { $0.touchSlots[held].fingerVelocity.x = .nan }),
            ("worlds[0].joints", "a drag that is not the finger's", { $0.touchSlots[held].drag = JointID(41) }),
            ("worlds[0].joints", "a joint that is neither a drag nor a home pivot", { Self.addGear(&$0.worlds[0]) }),
            ("homes[1]", "springs home the world does not have", { $0.worlds[1]!.attraction = nil }),
            ("homes[2]", "springs home on a falling tile", { $0.homes[2] = .spring }),
            ("worlds[2].forces", "a force no push has", { $0.pushes[0].force = nil }),
            ("pushCounts[2]", "a push count that counts nothing", { $0.pushCounts[2] = 2 }),
            ("phases[0]", "held by a touch that is not down", { $0.phases[0] = .held(by: TouchID(99)) }),
            (
                "accepted", "a touch accepted ahead that no event put down",
                { $0.accepted = TouchSequence(down: [TouchID(1), TouchID(8)], lastTime: 0.11) }
            ),
            ("queue.pending[", "a waiting move of a touch that is not down", { Self.moveUp(&$0) }),
            ("memories[1].settleCount", "a negative count of ticks", { $0.memories[1].settleCount = -1 }),
            (
                "trackers[\(held)]", "a tracker's sample after the waiting touches",
                { $0.trackers[held] = Self.tracker([0, 500_000]) }
            ),
            ("trackers[\(held)]", "a tracker's samples out of time order", { $0.trackers[held] = Self.tracker([50_000, 40_000]) }),
        ]
        for (field, what, edit) in cases { try Self.expectRefused(try Self.crafted(snapshot, edit), field, what) }
    }

    /// A queued input is kept packed (64 bytes): every touch, tick and finger hint reads back as
    /// it went in; its time is its touch's (−∞ for the other inputs) and no tick is written as
    /// Int.min, so restored bytes that say otherwise are refused rather than read as another input.
    @Test func aQueuedInputReadsBackAsItWentInAndBytesThatCannotAreRefused() throws {
        // What a finger costs the kernel beside its tracker (VelocityTrackerTests): its queued
        // touch, packed, and its record, its fields in the order that packs them.
        #expect(MemoryLayout<PendingInput>.stride == 64 && MemoryLayout<TouchRecord>.stride == 112)
        for phase in TouchEvent.Phase.allCases {
            for item: TouchEvent.ItemID? in [nil, 0, -3, TouchEvent.ItemID(Int.max)] {
                for tick: Int? in [nil, 0, 41] {
                    for hint: FingerHint? in [nil, FingerHint(slot: 0, generation: 0), FingerHint(slot: 9, generation: 0x7FFF_FFFF)] {
                        let touch = TouchEvent(time: 0.125, touch: TouchID(-7), phase: phase, position: Vector(-0.0, 3e5), item: item)
                        let p = PendingInput(touch: touch, tick: tick, finger: hint)
                        #expect(p.touch == touch && p.touch?.position.x.sign == .minus && p.time == 0.125)
                        #expect(p.tick == tick && p.finger?.slot == hint?.slot && p.finger?.generation == hint?.generation)
                        #expect(p.isMove == (phase == .moved))
                    }
                }
            }
        }
        let other = PendingInput(touch: nil, tick: 3)
        #expect(other.touch == nil && other.time == -.infinity && other.tick == 3 && !other.isMove)

        let touch = TouchEvent(time: 0.25, touch: 3, phase: .moved, position: Vector(10, 20))
        func bytes(_ time: Double, _ tick: Int?, _ touch: TouchEvent?) -> [UInt8] {
            var w = ByteWriter()
            w.list([touch]) { w, touch in
                w.optionalValue(touch)
                w.double(time)
                w.optional(tick) { $0.int($1) }
            }
            w.values([TileInput]())
            for mark in [0, 0, 1] { w.int(mark) }  // othersHead, head, unresolved
            return w.bytes
        }
        func decoded(_ b: [UInt8]) throws -> InputQueue<TileInput> {
            var r = ByteReader(b, what: "queue")
            return try InputQueue<TileInput>(from: &r)
        }
        let queue = try decoded(bytes(0.25, 7, touch))
        #expect(queue.pending.count == 1 && queue.pending[0].touch == touch && queue.pending[0].tick == 7)
        var w = ByteWriter()
        queue.encode(to: &w)
        #expect(w.bytes == bytes(0.25, 7, touch))
        #expect(try decoded(bytes(-.infinity, nil, nil)).pending[0].touch == nil)
        #expect(throws: FlingError.self) { try decoded(bytes(0.5, 7, touch)) }
        #expect(throws: FlingError.self) { try decoded(bytes(0.25, 7, nil)) }
        #expect(throws: FlingError.self) { try decoded(bytes(0.25, Int.min, touch)) }
    }

    /// A velocity tracker whose ring holds samples at these times (microseconds), oldest first.
    static func tracker(_ times: [Int64]) -> VelocityTracker {
        var ring = [TrackerSample](repeating: TrackerSample(time: 0, x: 0, y: 0), count: VelocityTracker.historySize)
        for (k, t) in times.enumerated() { ring[k] = TrackerSample(time: t, x: Double(k), y: 0) }
        return VelocityTracker(newest: times.count - 1, count: times.count, samples: ring)
    }

    /// `clock` with one number changed.
    static func clock(_ c: FixedStepClock, simulated: Double? = nil, dropped: Double? = nil, ticks: Int? = nil) throws -> FixedStepClock {
        try FixedStepClock(
            tick: c.tick, maxFrameInterval: c.maxFrameInterval, ticks: ticks ?? c.ticks, simulatedTime: simulated ?? c.simulatedTime,
            droppedTime: dropped ?? c.droppedTime, displayTime: c.displayTime)
    }

    /// A gear joint added to `world` (the kernel never adds one).
    static func addGear(_ world: inout WorldSnapshot?) {
        let gear = StaticGear(phase: 0, ratio: 1, maxForce: 1, maxBias: 1, errorBias: 0.5)
        world!.joints.append(WorldSnapshot.Joint(id: JointID(world!.nextJoint), kind: .gear(gear)))
        world!.nextJoint += 1
    }

    /// The waiting move of touch 1 made a move of touch 5, which is not down.
    static func moveUp(_ s: inout KernelState<TilePolicy>) {
        for k in s.queue.pending.indices where s.queue.pending[k].touch?.touch == TouchID(1) {
            s.queue.pending[k].touch?.touch = TouchID(5)
        }
    }

    /// A snap animator's crafted states: a keyframing item without keyframes, two items at one
    /// place from back to front, another animator's items.
    @Test func craftedSnapStatesAreRefused() throws {
        func make() throws -> SnapAnimator {
            let curve = BounceCurve(duration: 1, bounces: 2)
            let items = (1...2).map {
                SnapItem(
                    id: SnapItem.ID($0), center: Vector(Double($0) * 100, 100), width: 40, height: 40,
                    restingPlaces: .points([Vector(100, 100), Vector(200, 100), Vector(300, 300)]), motion: .keyframes(curve))
            }
            let a = try SnapAnimator(items: items, backend: try NativeBackend())
            try a.send(SnapItem.ID(1), to: Vector(300, 300))
            try a.advance(to: 0.1)
            return a
        }
        let a = try make()
        let snapshot = try a.snapshot()
        guard case .snap(let s) = snapshot.state else { return }
        #expect(s.phases[0] == .keyframing && s.memories[0].keyframes != nil)
        let cases: [(String, String, (inout KernelState<SnapPolicy>) -> Void)] = [
            ("memories[0].keyframes", "keyframing without keyframes", { $0.memories[0].keyframes = nil }),
            ("memories", "two items at one place", { $0.memories[1].z = $0.memories[0].z }),
            ("memories[0]", "a run that starts after the clock", { $0.memories[0].keyframes?.startTick = 99 }),
            ("items", "an item the animator does not have", { $0.items[1].id = SnapItem.ID(9) }),
        ]
        for (field, what, edit) in cases {
            var c = s
            edit(&c)
            var w = ByteWriter()
            c.encode(to: &w)
            let crafted = try AnimatorSnapshot(bytes: Self.resealed(snapshot.bytes, payload: w.bytes))
            let b = try make()
            let before = try b.snapshot().bytes
            let error = #expect(throws: FlingError.self, "\(what)") { try b.restore(crafted) }
            #expect(error?.field.hasPrefix("AnimatorSnapshot.\(field)") == true, "\(what): \(String(describing: error))")
            #expect(try b.snapshot().bytes == before, "\(what): unchanged")
        }
    }
}
