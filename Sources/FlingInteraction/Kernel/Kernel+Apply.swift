// Where a decision takes effect: the one place that writes an item's columns, calls the backend
// for its world, keeps what pulls it home, and appends its events. A decision's world edits come
// first, in order, then its phase, place and memory, then its events; should the backend refuse
// an edit, the error is thrown before anything else of the decision is taken (the caller puts
// the item back at rest, so that no world is orphaned and no column is half-changed).
//
// The springs home, shared by every policy that sends items somewhere: a zero-length damped
// spring from the item's body to the target, and optionally a rotary spring toward angle 0. A
// spring's damping acts only along its axis, and a zero-length spring's force is central:
// angular momentum about the target would be conserved and an item thrown sideways would orbit
// it forever. So the damping is the world's instead, isotropic: velocity × exp(−2ζω) per
// second gives x'' + 2ζω x' + ω² x = 0 on both axes (and damps spin too, on top of the rotary
// spring's own damping). Stiffness m ω², ω = 2π · frequency.
import FlingCore

extension Kernel {
    /// Applies `decision` to item `i`: its edits, then its phase, place, memory and events.
    mutating func apply(_ decision: Decision<Policy>, to i: Int) throws(FlingError) {
        for e in 0..<decision.edits.count { try apply(decision.edits[e], to: i) }
        settle(decision, on: i)
    }

    /// What a decision does besides its world edits: its phase, place, memory and events.
    mutating func settle(_ decision: Decision<Policy>, on i: Int) {
        if let phase = decision.phase { items.phases[i] = phase }
        if let placement = decision.placement { place(i, placement) }
        if let memory = decision.memory { setMemory(i, memory) }
        for e in 0..<decision.events.count { events.append(decision.events[e]) }
    }

    /// Item `i`'s memory becomes `memory`; the front (the greatest stacking key) stays exact:
    /// raised by a greater key, forgotten when the front item's own key falls.
    @inline(__always)
    mutating func setMemory(_ i: Int, _ memory: Policy.Memory) {
        if let stacking, let front = items.front {
            let k = stacking.place(memory)
            if k >= front { items.front = k } else if stacking.place(items.memories[i]) == front { items.front = nil }
        }
        items.memories[i] = memory
    }

    /// The greatest stacking key over the memories, nil for a policy whose items do not stack:
    /// found once (every memory read), then kept.
    mutating func front() -> Int? {
        guard let stacking else { return nil }
        if items.front == nil { items.front = stacking.greatest(items.memories) }
        return items.front
    }

    /// Puts item `i` where `placement` says.
    @inline(__always)
    mutating func place(_ i: Int, _ placement: Placement) {
        switch placement {
        case .set(let s): items.states[i] = s
        case .jump(let s):
            items.states[i] = s
            items.previous[i] = s
        case .move(let s):
            items.previous[i] = items.states[i]
            items.states[i] = s
        }
    }

    /// One world edit on item `i`.
    mutating func apply(_ edit: WorldEdit, to i: Int) throws(FlingError) {
        if case .makeWorld(let definition) = edit {
            _ = try makeWorld(i, definition)
            return
        }
        guard let world = items.worlds[i] else {
            throw FlingError(.invalidState, field: "\(edit)", value: "no world", reason: "the item has no world to change")
        }
        switch edit {
        case .makeWorld: break
        case .freeWorld:
            try backend.destroyWorld(world)
            forgetWorld(i)
        case .setVelocity(let v, let w): try backend.setVelocity(of: world, linear: v, angular: w)
        case .setGravity(let g): try backend.setGravity(of: world, g)
        case .attachHome(let target, let tuning, let rotation):
            let omega = 2 * Double.pi * tuning.frequency
            try backend.setDamping(of: world, Portable.exp(-2 * tuning.dampingRatio * omega))
            let linear = tuning.constants(forInertia: items.items[i].mass)
            let angular = rotation.map { $0.0.constants(forInertia: $0.moment) } ?? (stiffness: 0, damping: 0)
            try backend.attachAttraction(
                Attraction(
                    origin: target, stiffness: linear.stiffness, damping: 0, angularStiffness: angular.stiffness,
                    angularDamping: angular.damping), to: world)
            items.homes[i] = .spring
        case .addPivots(let origin):
            guard let home = homePivots else {
                throw FlingError(.invalidState, field: "\(edit)", value: "no home pivots", reason: "the animator's configuration has none")
            }
            let pivots = home.pivots(at: origin)
            let dynamics = try dynamicsBackend(for: "\(Policy.Item.naming.definitionType) home pivots")
            var joints: [JointID] = []
            joints.reserveCapacity(pivots.count)
            do throws(FlingError) {
                for pivot in pivots { joints.append(try dynamics.addPivot(pivot, to: world)) }
            } catch {
                if !joints.isEmpty { items.homes[i] = .pivots(joints) }
                throw error
            }
            items.homes[i] = .pivots(joints)
        case .detachHome:
            switch items.homes[i] {
            case .none: break
            case .spring:
                try backend.detachAttraction(from: world)
                try backend.setDamping(of: world, 1)
            case .pivots(let joints):
                let dynamics = try dynamicsBackend(for: "\(Policy.Item.naming.definitionType) home pivots")
                for joint in joints { try dynamics.removeJoint(joint, from: world) }
            }
            items.homes[i] = .none
        }
    }

    /// Item `i`'s world, made from `definition` if it has none, with the dynamics (walls,
    /// material, fields, the item's continuous pushes) when there are any.
    mutating func makeWorld(_ i: Int, _ definition: WorldDefinition) throws(FlingError) -> WorldID {
        if let world = items.worlds[i] { return world }
        var definition = definition
        if !walls.isEmpty { definition.size = items.items[i].box }
        let world = try backend.makeWorld(definition)
        do { try configure(i, world) } catch {
            // The configuration's error is the one to throw; a world the backend then fails to
            // free is said in it, not dropped.
            do { try backend.destroyWorld(world) } catch let freeing {
                throw FlingError(
                    error.code, field: error.field, value: error.value,
                    reason: error.reason + "; and freeing the world made for it failed too (\(freeing))")
            }
            throw error
        }
        items.setWorld(world, of: i)
        return world
    }

    /// Frees the item's world, if any, and lets go of the touches holding it. A backend that
    /// fails to destroy the world (it no longer knows it, or refuses) does not stop the item from
    /// coming to rest here: its error, naming the item, is kept in ``freeFailure`` and thrown
    /// when the tick that freed it is done.
    mutating func freeWorld(_ i: Int) {
        if let world = items.worlds[i] {
            do { try backend.destroyWorld(world) } catch {
                freeFailure = freeFailure ?? tagged(error, "tick \(clock.ticks), freeing \(world)", item: items.items[i].id.rawValue)
            }
        }
        forgetWorld(i)
    }

    /// For an app's call that frees item `i`'s world (reset, remove): destroys it first, so that
    /// a backend that fails throws with nothing changed; then the item has no world.
    mutating func freeWorldFirst(_ i: Int) throws(FlingError) {
        guard let world = items.worlds[i] else { return }
        do { try backend.destroyWorld(world) } catch { throw tagged(error, "freeing \(world)", item: items.items[i].id.rawValue) }
        forgetWorld(i)
    }

    /// Drops item `i`'s world from the kernel (destroyed, or failed to be): its continuous
    /// pushes' forces, what pulled it home and the touches holding it. Doing it twice does
    /// nothing more.
    mutating func forgetWorld(_ i: Int) {
        let id = items.items[i].id.rawValue
        if items.worlds[i] != nil, items.pushCounts[i] > 0 { forcesGone(id) }
        items.setWorld(nil, of: i)
        items.homes[i] = .none
        if let touch = items.phases[i].holder, let slot = fingers.slot(of: touch) { fingers.letGo(slot) }
        guard settings.fingersPerItem > 1 else { return }
        for slot in fingers.slots.indices where fingers.slots[slot].drag != nil && fingers.slots[slot].item == id {
            fingers.letGo(slot)
        }
    }

    /// Back at rest without a world, where the policy rests it.
    mutating func putToRest(_ i: Int) {
        freeWorld(i)
        items.phases[i] = .resting
        settle(policy.rest(items.view(i)), on: i)
    }

    /// Inserts an item at rest at index `at` of the items (its place in id order).
    mutating func insert(_ item: Policy.Item, memory: Policy.Memory, at i: Int) {
        items.insert(item, memory: memory, at: i)
        fingers.shiftIndices(from: i, by: 1)
    }

    /// Removes item `i`, freeing its world.
    mutating func remove(at i: Int) {
        freeWorld(i)
        dropPushes(of: items.items[i].id.rawValue)
        items.remove(at: i)
        fingers.shiftIndices(from: i + 1, by: -1)
    }

    /// Counts an input acting on item `i` (a prediction made before it no longer stands).
    @inline(__always)
    mutating func acted(on i: Int) {
        actions += 1
        items.lastActions[i] = actions
    }

    /// Counts an input acting on every item (a change of fields or walls).
    mutating func actedOnAll() {
        actions += 1
        fieldsAction = actions
    }
}

extension Decision {
    /// Whether it changes nothing: an input it answers did not act on the item.
    var isEmpty: Bool { edits.isEmpty && phase == nil && placement == nil && memory == nil && events.isEmpty }
}
