// The dynamics calls in the kernel, for every policy: a world made for an item gets the walls,
// the item's material, the fields and the item's continuous pushes (nothing when there are none,
// so such worlds stay on the backends' plain path and give the bits they gave before); pushes
// and field changes are checked when the app makes them, queued for the next tick boundary,
// journaled and applied there; wall contacts become the policy's events after each step.
//
// A push on an item at rest makes its world (the policy then says what the item does: a tile
// falls, a snap item travels to the resting place its new velocity projects to). A continuous
// push lives with its item, not its world: it is added to every world the item gets until it is
// removed, and an item under one keeps its world (it neither settles nor comes to rest). A push
// the backend refuses at the tick (an impulse that would leave the velocity limits) changes
// nothing; a world made for it is freed again, and the error names the tick and the item.
//
// All of it needs a backend that adopts ``DynamicsBackend``; the core (``PhysicsBackend``) is
// enough for everything else. An animator asks for it only where it is used: constructing one
// whose settings or items use dynamics over a core-only backend throws, naming the setting and
// the backend, and so do a push or a field change on such an animator (changing nothing).
import FlingCore

extension Kernel {
    /// The error for `setting` (a configuration's, an item's, or an app's call) on a backend that
    /// does not adopt ``DynamicsBackend``.
    static func needsDynamics(_ setting: String, _ backend: any PhysicsBackend) -> FlingError {
        FlingError(
            .invalidState, field: setting, value: "backend \(backend.name)",
            reason:
                "needs a backend that adopts DynamicsBackend (walls, item properties, pushes, fields, extra joints); this one adopts only PhysicsBackend"
        )
    }

    /// Throws unless `backend` has the dynamics `item`'s own properties need.
    static func checkBackend(_ backend: any PhysicsBackend, for item: Policy.Item) throws(FlingError) {
        guard let properties = item.properties, properties != ItemProperties(), !(backend is any DynamicsBackend) else { return }
        throw needsDynamics("\(Policy.Item.naming.definitionType)(\(item.id.rawValue)).properties", backend)
    }

    /// The backend's dynamics, or the error naming `setting` and the backend. (The animator's
    /// construction and the calls' checks refuse first; this keeps a path that slipped past
    /// them a typed error too.)
    func dynamicsBackend(for setting: @autoclosure () -> String) throws(FlingError) -> any DynamicsBackend {
        guard let dynamicsBackend else { throw Self.needsDynamics(setting(), backend) }
        return dynamicsBackend
    }

    /// Gives a new world of item `i` the walls, its material, the fields and its continuous
    /// pushes (in id order), each only if there is one.
    mutating func configure(_ i: Int, _ world: WorldID) throws(FlingError) {
        let item = items.items[i]
        let properties = item.properties ?? dynamics.itemProperties
        guard !walls.isEmpty || properties != ItemProperties() || !dynamics.fields.isEmpty || items.pushCounts[i] > 0 else {
            return
        }
        let backend = try dynamicsBackend(for: "\(Policy.Item.naming.definitionType)(\(item.id.rawValue)) dynamics")
        if !walls.isEmpty { try backend.setWalls(walls, of: world) }
        if properties != ItemProperties() { try backend.setItemProperties(properties, of: world) }
        if !dynamics.fields.isEmpty { try backend.setFields(dynamics.fields, of: world) }
        guard items.pushCounts[i] > 0 else { return }
        let id = item.id.rawValue
        for k in pushes.indices where pushes[k].item == id {
            pushes[k].force = try backend.addForce(pushes[k].push, to: world)
        }
    }

    /// The item's world is gone: its continuous pushes have no force in any world.
    mutating func forcesGone(_ item: Int) {
        for k in pushes.indices where pushes[k].item == item { pushes[k].force = nil }
    }

    /// The item is gone: so are its continuous pushes, applied and accepted.
    mutating func dropPushes(of item: Int) {
        pushes.removeAll { $0.item == item }
        acceptedPushes.removeAll { $0.item == item }
    }

    // MARK: - Accepting

    /// Checks a dynamics call, the app's (`scheduled` false: its item must exist now) or a
    /// recording's (its names checked by the recording), and books a continuous push. Every
    /// one needs a ``DynamicsBackend``.
    mutating func check(_ input: DynamicsInput, scheduled: Bool) throws(FlingError) {
        if dynamicsBackend == nil { throw Self.needsDynamics(input.callName, backend) }
        func known(_ item: TouchEvent.ItemID) throws(FlingError) {
            if !scheduled, index(of: item.rawValue) == nil { throw Policy.Item.naming.unknown(item.rawValue) }
        }
        switch input {
        case .push(let item, let push):
            try known(item)
            try BackendValidation.push(push)
        case .addPush(let id, let item, let push):
            try known(item)
            try BackendValidation.push(push)
            guard !acceptedPushes.contains(where: { $0.id == id }) else {
                throw FlingError(.invalidState, field: "addPush", value: "\(id)", reason: "a continuous push with this id is on")
            }
            // A recording checked its own counts, with its items removed and added between (all
            // its inputs are scheduled up front, before any of them is applied).
            if !scheduled { try BackendValidation.forceCount(acceptedPushes.reduce(0) { $0 + ($1.item == item.rawValue ? 1 : 0) }) }
            acceptedPushes.append((id, item.rawValue))
            nextPush = max(nextPush, id.rawValue + 1)
        case .removePush(let id):
            guard let k = acceptedPushes.firstIndex(where: { $0.id == id }) else {
                if scheduled { return }
                throw FlingError(.invalidState, field: "removePush", value: "\(id)", reason: "no continuous push has this id")
            }
            acceptedPushes.remove(at: k)
        case .setFields(let fields):
            try DynamicsSettings.validate(fields: fields, "setFields")
        case .setWalls(let walls):
            try DynamicsSettings.validate(walls: walls, replacing: configuredWalls)
        }
    }

    /// Accepts an app's dynamics call for the next tick boundary.
    mutating func accept(_ input: DynamicsInput) throws(FlingError) {
        try check(input, scheduled: false)
        queue.enqueue(.dynamics(input), tick: clock.ticks)
    }

    // MARK: - Applying

    /// Applies a dynamics call before tick `k` (journaled already).
    mutating func apply(_ input: DynamicsInput, tick k: Int) throws(FlingError) {
        let backend = try dynamicsBackend(for: "tick \(k), \(input.callName)")
        switch input {
        case .push(let item, let push):
            guard let i = index(of: item.rawValue) else { return }
            let plan = policy.push(push, on: items.view(i))
            guard plan.acts else { return }
            acted(on: i)
            let (world, made) = try pushWorld(i, plan.world, tick: k)
            do { try backend.applyImpulse(plan.push, to: world) } catch { throw pushFailed(i, made, error, tick: k) }
            try pushed(i, world, tick: k)
        case .addPush(let id, let item, let push):
            guard let i = index(of: item.rawValue) else { return }
            acted(on: i)
            let plan = policy.push(push, on: items.view(i))
            pushes.append(ActivePush(id: id, item: item.rawValue, push: plan.push, force: nil))
            items.pushCounts[i] += 1
            guard plan.acts else { return }
            let p = pushes.count - 1
            let (world, made) = try pushWorld(i, plan.world, tick: k)
            // A world made for the push has it already (``configure(_:_:)``).
            if pushes[p].force == nil {
                do { pushes[p].force = try backend.addForce(pushes[p].push, to: world) } catch { throw pushFailed(i, made, error, tick: k) }
            }
            try pushed(i, world, tick: k)
        case .removePush(let id):
            guard let p = pushes.firstIndex(where: { $0.id == id }) else { return }
            let push = pushes.remove(at: p)
            guard let i = index(of: push.item) else { return }
            acted(on: i)
            items.pushCounts[i] -= 1
            if let force = push.force, let world = items.worlds[i] {
                do { try backend.removeForce(force, from: world) } catch { throw tagged(error, "tick \(k), \(input)", item: push.item) }
            }
        case .setFields(let fields):
            actedOnAll()
            dynamics.fields = fields
            for i in 0..<items.count {
                guard let world = items.worlds[i] else { continue }
                do { try backend.setFields(fields, of: world) } catch {
                    throw tagged(error, "tick \(k), setFields", item: items.items[i].id.rawValue)
                }
            }
        case .setWalls(let new):
            try setWalls(new, backend, tick: k)
        }
    }

    /// The walls replaced before tick `k`: an item without a world that the new walls overlap
    /// deeper than a resting item may lie (``WallOverlap/resting``) gets one first, with the
    /// old walls, as a push would give it (the policy says what it does then), so that the
    /// moving wall pushes it as it pushes the items that move; then every world gets the new
    /// walls, and the after-step rule reads them from then on.
    mutating func setWalls(_ new: [Wall], _ backend: any DynamicsBackend, tick k: Int) throws(FlingError) {
        actedOnAll()
        for i in 0..<items.count where items.worlds[i] == nil {
            let box = items.items[i].box, s = items.states[i]
            let (sin, cos) = Portable.sincos(s.angle)
            let depth = WallOverlap.deepest(
                center: s.position, halfWidth: box.x / 2, halfHeight: box.y / 2, cos: cos, sin: sin, walls: new)
            guard depth > WallOverlap.resting else { continue }
            let plan = policy.push(Push(.zero), on: items.view(i))
            guard plan.acts else { continue }
            let (world, _) = try pushWorld(i, plan.world, tick: k)
            try pushed(i, world, tick: k)
        }
        room = Room(new)
        for i in 0..<items.count {
            guard let world = items.worlds[i] else { continue }
            do { try backend.setWalls(new, of: world) } catch {
                throw tagged(error, "tick \(k), setWalls", item: items.items[i].id.rawValue)
            }
        }
    }

    /// Item `i`'s world for a push, made from `definition` if it has none (and whether it was
    /// made for it); the error names the tick and the item.
    mutating func pushWorld(_ i: Int, _ definition: WorldDefinition, tick k: Int) throws(FlingError) -> (WorldID, made: Bool) {
        let made = items.worlds[i] == nil
        do { return (try makeWorld(i, definition), made) } catch {
            throw tagged(error, "tick \(k), push", item: items.items[i].id.rawValue)
        }
    }

    /// A push the backend refused: a world made for it is freed again; the error names the tick
    /// and the item.
    mutating func pushFailed(_ i: Int, _ made: Bool, _ error: FlingError, tick k: Int) -> FlingError {
        if made { freeWorld(i) }
        return tagged(error, "tick \(k), push", item: items.items[i].id.rawValue)
    }

    /// After a push acted on item `i`'s world: the policy's decision
    /// (``InputRules/pushed(_:now:tick:)``), with the world's state as the push left it. When the
    /// decision fails, the item is put at rest; the error names the tick and the item.
    mutating func pushed(_ i: Int, _ world: WorldID, tick k: Int) throws(FlingError) {
        do throws(FlingError) {
            let now = try backend.state(of: world)
            try apply(policy.pushed(items.view(i), now: now, tick: k), to: i)
        } catch {
            putToRest(i)
            throw tagged(error, "tick \(k), push", item: items.items[i].id.rawValue)
        }
    }

    // MARK: - After each step

    /// The walls the live items began touching in the step, as the policy's events, in item
    /// order.
    mutating func collectContacts(tick k: Int) throws(FlingError) {
        let backend = try dynamicsBackend(for: "tick \(k), walls")
        guard let reader = contactReader else {
            for m in buffers.liveWorlds.indices {
                let id = items.items[buffers.liveIndices[m]].id
                for contact in try backend.contacts(of: buffers.liveWorlds[m]) {
                    events.append(.wallContact(contact, of: id, tick: k))
                }
            }
            return
        }
        for m in buffers.liveWorlds.indices {
            buffers.contacts.removeAll(keepingCapacity: true)
            try reader.readContacts(of: buffers.liveWorlds[m], into: &buffers.contacts)
            let id = items.items[buffers.liveIndices[m]].id
            for contact in buffers.contacts { events.append(.wallContact(contact, of: id, tick: k)) }
        }
    }
}
