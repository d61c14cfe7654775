// The tick, tuned once for every interaction. Its first part applies the due inputs (a run of
// finger moves at a time), brings the list of live items up to date from the live bits (only
// when an item gained or lost its world), places every finger body that moves in one call to
// the backend, steps, and reads every live state back once into the columns (and into the
// digest, for a policy whose rule covers the live items). An observer (`onTick`) is then handed
// the states, by the animator, with no access to the kernel open. The second part runs the
// after-step rule (the policy's, pure, per item) and applies the endings it decides: an item
// without a world ends at once, one with a world once the pass is done, its world freed; the
// wall contacts of the step become events before them. A configuration's scene rules then run
// and their commands are applied, and the tick is complete.
//
// A held item's finger body the backend refuses (a world changed behind the animator's back)
// costs that item its world, not the tick: the error is thrown once the tick is done; so is a
// backend's failure to free a world the tick let go of (settled, culled, come to rest). Each
// buffer a tick fills is one of the kernel's, refilled with its capacity kept: a warmed-up tick
// allocates nothing.
import FlingCore

extension Kernel {
    /// Moves the display time to `time` (the app's clock), and gives the number of ticks now due;
    /// the events of the ticks about to be stepped start with those a failed call left.
    mutating func beginAdvance(to time: Double) throws(FlingError) -> Int {
        try Check.range(time, -1e12...1e12, "displayTime")
        let previousDisplay = clock.displayTime, previousSimulated = clock.simulatedTime
        let due = try clock.advance(to: max(time - timeOrigin, 0))
        queue.resolveTicks(clock: clock, previousDisplay: previousDisplay, previousSimulated: previousSimulated)
        events.removeAll(keepingCapacity: true)
        if !carried.isEmpty {
            events += carried
            carried.removeAll(keepingCapacity: true)
        }
        return due
    }

    /// A tick failed: its events and those before it are kept for the next call.
    mutating func carryEvents() {
        carried += events
    }

    /// The first part of a tick: inputs, fingers, the step, the states read back. With
    /// `observed`, the live items' ids and states are left in ``TickBuffers/observed`` for the
    /// observer.
    mutating func stepTick(observed: Bool) throws(FlingError) {
        let k = clock.ticks
        let dt = settings.tick
        firstEvent = events.count
        tickFailure = nil
        inputs: while true {
            applyDueMoves(tick: k)
            switch queue.popDue(tick: k) {
            case .touch(let event)?:
                journal?.append(AppliedInput(tick: k, input: .touch(event)))
                try apply(event, tick: k)
            case .other(let input)?: try apply(input, tick: k)
            case nil: break inputs
            }
        }
        queue.compact()
        refreshLive()
        moveFingers(dt: dt, tick: k)
        try backend.step(by: dt)
        try backend.readStates(of: buffers.liveWorlds, into: &buffers.read)
        readBack(observed: observed)
    }

    /// The list of live items and their worlds, in id order, rebuilt from the live bits when an
    /// item gained or lost its world since.
    mutating func refreshLive() {
        guard items.liveChanged || buffers.liveIndices.count != items.liveCount else { return }
        // Sized first (their storage kept), then written in place through pointers: an append
        // per item would test the array's uniqueness and capacity each time.
        let n = items.liveCount
        resize(&buffers.liveIndices, to: n, filling: 0)
        resize(&buffers.liveWorlds, to: n, filling: WorldID(index: 0, generation: 0))
        buffers.liveIndices.withUnsafeMutableBufferPointer { indices in
            buffers.liveWorlds.withUnsafeMutableBufferPointer { liveWorlds in
                items.worlds.withUnsafeBufferPointer { worlds in
                    var m = 0
                    items.forEachLive { i in
                        precondition(m < n, "the live bits and the live count disagree")
                        indices[m] = i
                        liveWorlds[m] = worlds[i]!
                        m += 1
                    }
                    precondition(m == n, "the live bits and the live count disagree")
                }
            }
        }
        items.liveChanged = false
    }

    /// Each live item's state, read once, into its column (the one before kept to draw from);
    /// folded into the digest in the same pass when the policy's rule covers the live items.
    mutating func readBack(observed: Bool) {
        let parallel = self.parallel, count = buffers.liveIndices.count
        buffers.read.withUnsafeBufferPointer { read in
            buffers.liveIndices.withUnsafeBufferPointer { live in
                items.states.withUnsafeMutableBufferPointer { states in
                    items.previous.withUnsafeMutableBufferPointer { previous in
                        Self.inParts(parallel, count) { _, range in
                            for m in range {
                                let i = live[m]
                                previous[i] = states[i]
                                states[i] = read[m]
                            }
                        }
                    }
                }
            }
        }
        if keepsDigest && !Policy.stepsEveryItem {
            var digest = self.digest
            for state in buffers.read { digest.combine(state) }
            self.digest = digest
        }
        guard observed else { return }
        buffers.observed.removeAll(keepingCapacity: true)
        for m in buffers.liveIndices.indices {
            buffers.observed.append((items.items[buffers.liveIndices[m]].id, buffers.read[m]))
        }
    }

    /// The second part of a tick: the wall contacts, the after-step rule and the endings it
    /// decides.
    mutating func finishStep() {
        let k = clock.ticks
        // An observer may have changed the items (a reset, an added item).
        refreshLive()
        if !walls.isEmpty {
            do { try collectContacts(tick: k) } catch { tickFailure = tickFailure ?? error }
        }
        // Read once for the pass (a large value: borrowed from a local, not copied per item).
        let policy = self.policy, room = self.room
        // The rule writes every memory it runs on: the front is found again when next asked.
        items.front = nil
        if Policy.stepsEveryItem {
            buffers.endings.removeAll(keepingCapacity: true)
            if buffers.endings.capacity < items.count { buffers.endings.reserveCapacity(items.count) }
            for i in 0..<items.count { stepRule(i, policy, room, tick: k) }
            for e in buffers.endings.indices {
                let (i, ending) = buffers.endings[e]
                end(i, ending)
            }
        } else {
            let n = stepLive(policy, room, tick: k)
            for p in 0..<n {
                for e in buffers.partEndings[p].indices {
                    // The rule is pure: from the memory the pass found, it decides the same ending
                    // (and leaves the same memory). Item i's columns are as the pass read them:
                    // an ending changes only its own item's.
                    let i = buffers.partEndings[p][e].index
                    var memory = buffers.partEndings[p][e].memory
                    _ = policy.afterStep(
                        items.items[i], items.phases[i], items.states[i], &memory, world: true, pushes: items.pushCounts[i],
                        room: room, ending: &buffers.ending, tick: k)
                    guard let ending = buffers.ending else { preconditionFailure("the after-step rule is not pure") }
                    buffers.ending = nil
                    end(i, ending)
                }
            }
        }
    }

    /// The after-step rule over the live items alone (a policy whose rule covers them: each has
    /// a world, so each ending waits for the pass), with the columns borrowed once for the pass:
    /// no uniqueness or bounds test per item.
    /// Leaves each part's items that end in `buffers.partEndings` with their memory before the
    /// rule ran (an index and a memory: an ending itself is a couple of hundred bytes, and room
    /// for one per item would be most of the animator's heap), and returns the number of parts.
    /// Each part has room for an item per item of its run (as many may end in one tick: nothing
    /// is allocated while the live count stays under its high-water mark).
    mutating func stepLive(_ policy: Policy, _ room: Room, tick k: Int) -> Int {
        let parallel = self.parallel, count = buffers.liveIndices.count
        let n = Self.partCount(parallel, count)
        var parts = buffers.partEndings
        buffers.partEndings = []
        Self.prepare(&parts, parts: n)
        for p in 0..<n {
            let size = count * (p + 1) / n - count * p / n
            if parts[p].capacity < size { parts[p].reserveCapacity(size) }
        }
        parts.withUnsafeMutableBufferPointer { partEndings in
            items.memories.withUnsafeMutableBufferPointer { memories in
                items.items.withUnsafeBufferPointer { definitions in
                    items.phases.withUnsafeBufferPointer { phases in
                        items.states.withUnsafeBufferPointer { states in
                            items.pushCounts.withUnsafeBufferPointer { pushes in
                                buffers.liveIndices.withUnsafeBufferPointer { live in
                                    Self.inParts(parallel, count) { p, range in
                                        // Nil between items (the rule writes it only for an item that ends): set
                                        // back only then, and tested by its tag, not bound: an ending is a few
                                        // hundred bytes, and either would copy it per item.
                                        var ending: Ending<Policy>?
                                        for m in range {
                                            let i = live[m]
                                            let before = memories[i]
                                            _ = policy.afterStep(
                                                definitions[i], phases[i], states[i], &memories[i], world: true, pushes: pushes[i],
                                                room: room, ending: &ending, tick: k)
                                            if case .some = ending {
                                                partEndings[p].append((i, before))
                                                ending = nil
                                            }
                                        }
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
        buffers.partEndings = parts
        return n
    }

    /// The after-step rule on item `i`: its memory, its motion without a world, the digest (for
    /// a policy whose rule covers every item) and its ending: at once without a world, after the
    /// pass with one.
    @inline(__always)
    mutating func stepRule(_ i: Int, _ policy: Policy, _ room: Room, tick k: Int) {
        let hasWorld = items.worlds[i] != nil
        // `buffers.ending` is nil between items: taken (and set back) only when the item ends.
        let step = policy.afterStep(
            items.items[i], items.phases[i], items.states[i], &items.memories[i], world: hasWorld, pushes: items.pushCounts[i],
            room: room, ending: &buffers.ending, tick: k)
        if let moved = step.moved {
            items.previous[i] = items.states[i]
            items.states[i] = moved
        }
        // Its tag tested, not bound, as in stepLive.
        if !hasWorld, case .some = buffers.ending {
            let ending = buffers.ending.unsafelyUnwrapped
            buffers.ending = nil
            end(i, ending)
        }
        if Policy.stepsEveryItem, keepsDigest {
            digest.combine(items.states[i])
            if let x = step.digest { digest.combine(x) }
        }
        if hasWorld, case .some = buffers.ending {
            buffers.endings.append((i, buffers.ending.unsafelyUnwrapped))
            buffers.ending = nil
        }
    }

    /// An item's motion ends: its world freed, its phase and place, its event.
    mutating func end(_ i: Int, _ ending: Ending<Policy>) {
        freeWorld(i)
        items.phases[i] = ending.phase
        if let placement = ending.placement { place(i, placement) }
        events.append(ending.event)
    }

    /// The command buffer, emptied, for a configuration's rules to fill (its storage kept).
    mutating func takeCommands() -> [SceneCommand<Policy>] {
        var commands = buffers.commands
        buffers.commands = []
        commands.removeAll(keepingCapacity: true)
        return commands
    }

    /// Applies a configuration's commands, in order (its own inputs are not journaled), and
    /// keeps the buffer. One that fails does not stop the others or the tick: the first error is
    /// thrown when the tick is done.
    mutating func apply(_ commands: [SceneCommand<Policy>], tick k: Int) {
        defer { buffers.commands = commands }
        for command in commands {
            switch command {
            case .input(let input):
                guard case .own(let id, let call) = input.kernelInput else { continue }
                do { try applyOwn(input, to: id, call: call, tick: k) } catch { tickFailure = tickFailure ?? error }
            case .memory(let i, let memory): setMemory(i, memory)
            case .digest(let x): digest.combine(x)
            }
        }
    }

    /// The tick is done: the clock moves on, and the first failure the tick kept is thrown.
    mutating func completeTick() throws(FlingError) {
        clock.completeTick()
        if var failure = tickFailure ?? freeFailure {
            if let freeing = freeFailure, freeing != failure { failure.reason += "; and \(freeing)" }
            freeFailure = nil
            tickFailure = nil
            throw failure
        }
    }

    // MARK: - Fingers

    /// What a move buffer is filled with before its moves are written.
    static var noMove: DragMove { DragMove(world: WorldID(index: 0, generation: 0), joint: JointID(0), position: .zero, velocity: .zero) }

    /// Places every finger body that moves for tick `k`, in one call to the backend (in slot
    /// order: the order cannot change a bit, each move only sets a finger body); an item whose
    /// backend refuses one is put at rest without a world, and the first error kept for the end
    /// of the tick.
    mutating func moveFingers(dt: Double, tick k: Int) {
        let smoothing = smoothingPerTick, parallel = self.parallel, count = fingers.slots.count
        let n = Self.partCount(parallel, count)
        var moves = buffers.partMoves, moveSlots = buffers.partMoveSlots
        buffers.partMoves = []
        buffers.partMoveSlots = []
        Self.prepare(&moves, parts: n)
        Self.prepare(&moveSlots, parts: n)
        moves.withUnsafeMutableBufferPointer { moves in
            moveSlots.withUnsafeMutableBufferPointer { moveSlots in
                fingers.slots.withUnsafeMutableBufferPointer { slots in
                    items.worlds.withUnsafeBufferPointer { worlds in
                        Self.inParts(parallel, count) { p, range in
                            // Room for a move per slot of the part, written in place and cut to the
                            // moves made: an append per move would test uniqueness and capacity.
                            resize(&moves[p], to: range.count, filling: Self.noMove)
                            resize(&moveSlots[p], to: range.count, filling: 0)
                            var made = 0
                            moves[p].withUnsafeMutableBufferPointer { out in
                                moveSlots[p].withUnsafeMutableBufferPointer { outSlots in
                                    for s in range {
                                        guard let joint = slots[s].drag, let world = worlds[slots[s].index] else { continue }
                                        let (position, v) = slots[s].step(dt: dt, smoothing: smoothing)
                                        let f = slots[s]
                                        // The very bits the finger body has: setting them again would change nothing.
                                        if position.x.bitPattern == f.finger.x.bitPattern,
                                            position.y.bitPattern == f.finger.y.bitPattern,
                                            v.x.bitPattern == f.fingerVelocity.x.bitPattern,
                                            v.y.bitPattern == f.fingerVelocity.y.bitPattern
                                        {
                                            continue
                                        }
                                        out[made] = DragMove(world: world, joint: joint, position: position, velocity: v)
                                        outSlots[made] = s
                                        made += 1
                                        slots[s].finger = position
                                        slots[s].fingerVelocity = v
                                    }
                                }
                            }
                            resize(&moves[p], to: made, filling: Self.noMove)
                            resize(&moveSlots[p], to: made, filling: 0)
                        }
                    }
                }
            }
        }
        // One part's moves go to the backend as they are; several parts' are joined in order.
        if n > 1 {
            buffers.moves.removeAll(keepingCapacity: true)
            buffers.moveSlots.removeAll(keepingCapacity: true)
            for p in 0..<n {
                buffers.moves.append(contentsOf: moves[p])
                buffers.moveSlots.append(contentsOf: moveSlots[p])
            }
        }
        buffers.partMoves = moves
        buffers.partMoveSlots = moveSlots
        let all = n > 1 ? buffers.moves : buffers.partMoves[0], slotOf = n > 1 ? buffers.moveSlots : buffers.partMoveSlots[0]
        guard !all.isEmpty else { return }
        buffers.refused.removeAll(keepingCapacity: true)
        var failure: FlingError?
        backend.moveDrags(all) { m, error in
            buffers.refused.append(m)
            if failure == nil {
                let t = fingers.slots[slotOf[m]]
                failure = tagged(error, "tick \(k), touch \(t.id.rawValue) moved", item: t.item)
            }
        }
        guard !buffers.refused.isEmpty else { return }
        tickFailure = tickFailure ?? failure
        for m in buffers.refused {
            let s = slotOf[m]
            // Refused: the finger body is where it was (and its item goes to rest below).
            guard let i = fingers.slots[s].item.flatMap({ index(of: $0) }), items.worlds[i] != nil else { continue }
            putToRest(i)
        }
        refreshLive()
    }
}
