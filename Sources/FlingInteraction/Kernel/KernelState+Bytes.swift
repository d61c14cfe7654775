// The byte form of the kernel's state (docs/SNAPSHOTS.md, "Payload"), and of the interaction
// values it holds: touches, inputs, events, what pulls an item home. The kernel codes its
// columns item by item; each value codes itself. Each value checks what it reads where a
// later call would trap on it (a tracker's ring index, a queue's marks); the rest is checked
// against the animator when it is restored (DragAnimator+Snapshot.swift).
import FlingCore
import _FlingCoding

extension Identifier: ByteCodable {
    package func encode(to w: inout ByteWriter) { w.int(rawValue) }
    package init(from r: inout ByteReader) throws(FlingError) { self.init(try r.int()) }
}

extension Optional: ByteCodable where Wrapped: ByteCodable {
    package func encode(to w: inout ByteWriter) { w.optionalValue(self) }
    package init(from r: inout ByteReader) throws(FlingError) { self = try r.optionalValue(Wrapped.self) }
}

extension DragPhase {
    /// The form both policies' phases share: the phase's index in `cases` (a hold, nil there,
    /// is 1), then a hold's touch.
    static func codePhase<C: Coder>(_ c: inout C, _ v: Self?, _ cases: [Self?], _ what: String) throws(FlingError) -> Self {
        let k = try c.variant("phase", cases.map { _ in "" }, v.map { $0.holder != nil ? 1 : cases.firstIndex(of: $0)! }, what)
        return k == 1 ? .held(by: TouchID(try c.int("holder", v?.holder?.rawValue))) : cases[k]!
    }
}

extension TouchEvent: Coded {
    package static func code<C: Coder>(_ c: inout C, _ v: Self?) throws(FlingError) -> Self {
        let time = try c.double("time", v?.time), touch = TouchID(try c.int("touch", v?.touch.rawValue))
        let phase: Phase = try c.name("phase", v?.phase, "touch phase")
        return TouchEvent(
            time: time, touch: touch, phase: phase, position: try c.value("position", v?.position),
            item: try c.optional("tile", v?.item) { (c, item) throws(FlingError) in ItemID(try c.int("tile", item?.rawValue)) })
    }
}

extension DynamicsInput: Coded {
    static let names = ["push", "addPush", "removePush", "setFields", "setWalls"]

    /// In JSON a member named after the case (`{"push": {"tile", "vector", "offset"}}`).
    package static func code<C: Coder>(_ c: inout C, _ v: Self?) throws(FlingError) -> Self {
        let index: Int? =
            switch v {
            case .push?: 0
            case .addPush?: 1
            case .removePush?: 2
            case .setFields?: 3
            case .setWalls?: 4
            case nil: nil
            }
        switch try c.variant(nil, names, index, "dynamics input") {
        case let k where k < 2:
            let (id, item, push): (Push.ID?, TouchEvent.ItemID?, Push?) =
                switch v {
                case .push(let item, let push)?: (nil, item, push)
                case .addPush(let id, let item, let push)?: (id, item, push)
                default: (nil, nil, nil)
                }
            return try c.object(names[k]) { (c) throws(FlingError) in
                let id = k == 1 ? Push.ID(try c.int("id", id?.rawValue)) : nil
                let item = TouchEvent.ItemID(try c.int("tile", item?.rawValue)), push = try Push.code(&c, push)
                return id.map { .addPush($0, item, push) } ?? .push(item, push)
            }
        case 2:
            let id: Push.ID? = if case .removePush(let id)? = v { id } else { nil }
            return .removePush(Push.ID(try c.int(names[2], id?.rawValue)))
        case 3:
            let fields: [Field]? = if case .setFields(let fields)? = v { fields } else { nil }
            return .setFields(try c.list(names[3], fields))
        default:
            let walls: [Wall]? = if case .setWalls(let walls)? = v { walls } else { nil }
            return .setWalls(try c.list(names[4], walls))
        }
    }
}

extension TileEvent: ByteCodable {
    package func encode(to w: inout ByteWriter) {
        w.int(tick)
        w.value(tile)
        w.value(kind)
        w.optionalValue(prediction)
    }
    package init(from r: inout ByteReader) throws(FlingError) {
        self.init(tick: try r.int(), tile: try r.value(), kind: try r.value())
        prediction = try r.optionalValue()
    }
}

extension SnapEvent: ByteCodable {
    package func encode(to w: inout ByteWriter) {
        w.int(tick)
        w.value(item)
        w.value(kind)
        w.optionalValue(prediction)
    }
    package init(from r: inout ByteReader) throws(FlingError) {
        self.init(tick: try r.int(), item: try r.value(), kind: try r.value())
        prediction = try r.optionalValue()
    }
}

extension Prediction: ByteCodable {
    package func encode(to w: inout ByteWriter) {
        switch outcome {
        case .settledHome: w.u8(0)
        case .reachedRestingPlace(let n):
            w.u8(1)
            w.optional(n) { $0.int($1) }
        case .culled: w.u8(2)
        case .cameToRest: w.u8(3)
        case .notWithin(let ticks):
            w.u8(4)
            w.int(ticks)
        }
        w.int(tick)
        w.value(pose)
    }
    package init(from r: inout ByteReader) throws(FlingError) {
        let outcome: Outcome
        switch try r.tag(5, "prediction") {
        case 0: outcome = .settledHome
        case 1: outcome = .reachedRestingPlace(try r.optional { (r) throws(FlingError) in try r.int() })
        case 2: outcome = .culled
        case 3: outcome = .cameToRest
        default: outcome = .notWithin(ticks: try r.int())
        }
        self.init(outcome: outcome, tick: try r.int(), pose: try r.value())
    }
}

extension VelocityTracker: ByteCodable {
    package func encode(to w: inout ByteWriter) {
        let s = saved
        w.int(s.newest)
        w.int(s.count)
        for sample in s.samples {
            w.u64(UInt64(bitPattern: sample.time))
            w.double(sample.x)
            w.double(sample.y)
        }
    }
    package init(from r: inout ByteReader) throws(FlingError) {
        let newest = try r.int(), count = try r.int()
        guard (-1..<Self.historySize).contains(newest), (0...Self.historySize).contains(count), count == 0 || newest >= 0 else {
            throw r.fail(
                "a velocity tracker's ring index and count lie outside its \(Self.historySize) samples", value: "\(newest) \(count)")
        }
        var samples: [TrackerSample] = []
        for _ in 0..<Self.historySize {
            let time = Int64(bitPattern: try r.u64())
            // Microseconds within ±10¹² s, as add(time:position:) keeps them: their differences cannot overflow.
            guard time.magnitude <= 1_000_000_000_000_000_000 else {
                throw r.fail("a tracker's sample time is beyond ±10¹² s", value: "\(time)")
            }
            samples.append(TrackerSample(time: time, x: try r.double(), y: try r.double()))
        }
        self.init(newest: newest, count: count, samples: samples)
    }
}

extension TouchRecord {
    /// A finger's byte form, its tracker in it.
    func encode(to w: inout ByteWriter, tracker: VelocityTracker) {
        w.value(id)
        w.optional(item) { $0.int($1) }
        w.int(index)
        w.value(tracker)
        w.double(downTime)
        w.vector(downPosition)
        w.optionalValue(drag)
        w.vector(finger)
        w.vector(fingerVelocity)
        w.vector(fingerTarget)
    }

    init(from r: inout ByteReader, tracker: inout VelocityTracker) throws(FlingError) {
        self.init(id: try r.value())
        item = try r.optional { (r) throws(FlingError) in try r.int() }
        index = try r.int()
        tracker = try r.value()
        downTime = try r.double()
        downPosition = try r.vector()
        drag = try r.optionalValue()
        finger = try r.vector()
        fingerVelocity = try r.vector()
        fingerTarget = try r.vector()
    }
}

extension TouchSequence: ByteCodable {
    package func encode(to w: inout ByteWriter) {
        w.values(down.sortedEntries().map(\.key))
        w.double(lastTime)
    }
    package init(from r: inout ByteReader) throws(FlingError) {
        let down: [TouchID] = try r.values()
        guard Set(down.map(\.rawValue)).count == down.count else { throw r.fail("a touch is down twice") }
        self.init(down: down, lastTime: try r.double())
    }
}

extension InputQueue where Input: ByteCodable {
    func encode(to w: inout ByteWriter) {
        w.list(pending) { w, p in
            w.optionalValue(p.touch)
            w.double(p.time)
            w.optional(p.tick) { $0.int($1) }
        }
        w.values(others)
        w.int(othersHead)
        w.int(head)
        w.int(unresolved)
    }
    init(from r: inout ByteReader) throws(FlingError) {
        self.init()
        pending = try r.list(elementSize: 10) { (r) throws(FlingError) in
            let touch: TouchEvent? = try r.optionalValue()
            // The time is written beside the touch: an input's time is its touch's (−∞ for the others).
            let time = try r.double()
            guard time.bitPattern == (touch?.time ?? -.infinity).bitPattern else {
                throw r.fail("a queued input's time is not its touch's (−∞ for an input other than a touch)", value: "\(time)")
            }
            let tick = try r.optional { (r) throws(FlingError) in try r.int() }
            // Int.min stands for no tick in the queue's packed entry (the check refuses any tick below 0).
            guard tick != Int.min else { throw r.fail("a queued input's tick must lie in 0...2⁶²", value: "\(Int.min)") }
            return PendingInput(touch: touch, tick: tick)
        }
        others = try r.values()
        othersHead = try r.int()
        head = try r.int()
        unresolved = try r.int()
    }
}

extension Home: ByteCodable {
    func encode(to w: inout ByteWriter) {
        switch self {
        case .none: w.u8(0)
        case .spring: w.u8(1)
        case .pivots(let joints):
            w.u8(2)
            w.values(joints)
        }
    }
    init(from r: inout ByteReader) throws(FlingError) {
        switch try r.tag(3, "home") {
        case 0: self = .none
        case 1: self = .spring
        default: self = .pivots(try r.values())
        }
    }
}

extension KernelState {
    func encode(to w: inout ByteWriter) {
        w.value(clock)
        w.value(digest)
        w.count(items.count)
        for k in items.indices {
            w.value(items[k])
            w.value(phases[k])
            w.optionalValue(worlds[k])
            w.value(states[k])
            w.value(previous[k])
            w.value(memories[k])
            w.value(homes[k])
            w.int(pushCounts[k])
            w.int(lastActions[k])
            w.int(predictedAfter[k])
        }
        w.count(touchSlots.count)
        for k in touchSlots.indices { touchSlots[k].encode(to: &w, tracker: trackers[k]) }
        w.list(freeTouchSlots) { $0.int($1) }
        queue.encode(to: &w)
        w.value(accepted)
        w.values(carried)
        w.values(fields)
        w.list(pushes) { w, p in
            w.value(p.id)
            w.int(p.item)
            w.value(p.push)
            w.optionalValue(p.force)
        }
        w.list(acceptedPushes) { w, p in
            w.value(p.id)
            w.int(p.item)
        }
        w.int(nextPush)
        w.int(actions)
        w.int(fieldsAction)
        // The walls the app set, only when it did: a state without them has the bytes it had
        // before animators took walls at run time.
        if let walls { w.values(walls) }
    }

    init(from r: inout ByteReader) throws(FlingError) {
        let clock = try r.value(FixedStepClock.self), digest = try r.value(StateDigest.self)
        var items: [Policy.Item] = [], phases: [Policy.Phase] = [], worlds: [WorldSnapshot?] = []
        var states: [BodyState] = [], previous: [BodyState] = [], memories: [Policy.Memory] = [], homes: [Home] = []
        var pushCounts: [Int] = [], lastActions: [Int] = [], predictedAfter: [Int] = []
        // Each item takes at least a byte for each of its ten fields: a count the bytes left
        // cannot hold is refused before anything is reserved.
        let n = try r.count(elementSize: 10)
        for _ in 0..<n {
            items.append(try r.value())
            phases.append(try r.value())
            worlds.append(try r.optionalValue())
            states.append(try r.value())
            previous.append(try r.value())
            memories.append(try r.value())
            homes.append(try r.value())
            pushCounts.append(try r.int())
            lastActions.append(try r.int())
            predictedAfter.append(try r.int())
        }
        var trackers: [VelocityTracker] = []
        let slots = try r.list(elementSize: 8) { (r) throws(FlingError) in
            var tracker = VelocityTracker()
            let slot = try TouchRecord(from: &r, tracker: &tracker)
            trackers.append(tracker)
            return slot
        }
        let free = try r.list(elementSize: 8) { (r) throws(FlingError) in try r.int() }
        let queue = try InputQueue<Policy.Input>(from: &r)
        let accepted = try r.value(TouchSequence.self)
        let carried: [Policy.Event] = try r.values()
        let fields: [Field] = try r.values()
        let pushes = try r.list(elementSize: 8) { (r) throws(FlingError) in
            ActivePush(id: try r.value(), item: try r.int(), push: try r.value(), force: try r.optionalValue())
        }
        let acceptedPushes = try r.list(elementSize: 16) { (r) throws(FlingError) in (id: try r.value(Push.ID.self), item: try r.int()) }
        let nextPush = try r.int(), actions = try r.int(), fieldsAction = try r.int()
        let walls: [Wall]? = r.isAtEnd ? nil : try r.values()
        self.init(
            clock: clock, digest: digest, items: items, phases: phases, worlds: worlds, states: states, previous: previous,
            memories: memories, homes: homes, pushCounts: pushCounts, lastActions: lastActions, predictedAfter: predictedAfter,
            touchSlots: slots, trackers: trackers, freeTouchSlots: free, queue: queue, accepted: accepted, carried: carried, fields: fields,
            pushes: pushes, acceptedPushes: acceptedPushes, nextPush: nextPush, actions: actions, fieldsAction: fieldsAction,
            walls: walls)
    }
}
