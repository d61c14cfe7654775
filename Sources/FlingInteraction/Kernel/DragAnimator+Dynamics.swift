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

extension DragAnimator where Policy: PolicyRules {
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
        throw needsDynamics("\(Policy.naming.definitionType)(\(item.id.rawValue)).properties", backend)
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
    func configure(_ i: Int, _ world: WorldID) throws(FlingError) {
        let properties = records[i].item.properties ?? dynamics.itemProperties
        guard !walls.isEmpty || properties != ItemProperties() || !dynamics.fields.isEmpty || records[i].pushCount > 0 else {
            return
        }
        let backend = try dynamicsBackend(for: "\(Policy.naming.definitionType)(\(records[i].item.id.rawValue)) dynamics")
        if !walls.isEmpty { try backend.setWalls(walls, of: world) }
        if properties != ItemProperties() { try backend.setItemProperties(properties, of: world) }
        if !dynamics.fields.isEmpty { try backend.setFields(dynamics.fields, of: world) }
        guard records[i].pushCount > 0 else { return }
        let id = records[i].item.id.rawValue
        for k in pushes.indices where pushes[k].item == id {
            pushes[k].force = try backend.addForce(pushes[k].push, to: world)
        }
    }

    /// The item's world is gone: its continuous pushes have no force in any world.
    func forcesGone(_ item: Int) {
        for k in pushes.indices where pushes[k].item == item { pushes[k].force = nil }
    }

    /// The item is gone: so are its continuous pushes, applied and accepted.
    func dropPushes(of item: Int) {
        pushes.removeAll { $0.item == item }
        acceptedPushes.removeAll { $0.item == item }
    }

    // MARK: - Accepting

    /// Checks a dynamics call, the app's (`scheduled` false: its item must exist now) or a
    /// recording's (its names checked by the recording), and books a continuous push. Every
    /// one needs a ``DynamicsBackend``.
    func check(_ input: DynamicsInput, scheduled: Bool) throws(FlingError) {
        if dynamicsBackend == nil { throw Self.needsDynamics(input.callName, backend) }
        func known(_ item: TouchEvent.ItemID) throws(FlingError) {
            if !scheduled, index(of: item.rawValue) == nil { throw Policy.naming.unknown(item.rawValue) }
        }
        switch input {
        case .push(let item, let push):
            try known(item)
            try BackendCheck.push(push)
        case .addPush(let id, let item, let push):
            try known(item)
            try BackendCheck.push(push)
            guard !acceptedPushes.contains(where: { $0.id == id }) else {
                throw FlingError(.invalidState, field: "addPush", value: "\(id)", reason: "a continuous push with this id is on")
            }
            // A recording checked its own counts, with its tiles removed and added between (all
            // its inputs are scheduled up front, before any of them is applied).
            if !scheduled { try BackendCheck.forceCount(acceptedPushes.reduce(0) { $0 + ($1.item == item.rawValue ? 1 : 0) }) }
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
        }
    }

    /// Accepts an app's dynamics call for the next tick boundary.
    func accept(_ input: DynamicsInput) throws(FlingError) {
        try check(input, scheduled: false)
        queue.enqueue(.dynamics(input), time: -.infinity, tick: clock.ticks)
    }

    // MARK: - Applying

    /// Applies a dynamics call before tick `k` (journaled already).
    func apply(_ input: DynamicsInput, tick k: Int) throws(FlingError) {
        let backend = try dynamicsBackend(for: "tick \(k), \(input.callName)")
        switch input {
        case .push(let item, let push):
            guard let i = index(of: item.rawValue), Policy.canPush(self, i) else { return }
            acted(on: i)
            try pushing(i, tick: k) { (world) throws(FlingError) in
                try backend.applyImpulse(Policy.acting(push, on: records[i].item), to: world)
            }
        case .addPush(let id, let item, let push):
            guard let i = index(of: item.rawValue) else { return }
            acted(on: i)
            pushes.append(ActivePush(id: id, item: item.rawValue, push: Policy.acting(push, on: records[i].item), force: nil))
            records[i].pushCount += 1
            guard Policy.canPush(self, i) else { return }
            let k2 = pushes.count - 1
            try pushing(i, tick: k) { (world) throws(FlingError) in
                // A world made for the push has it already (``configure(_:_:)``).
                if pushes[k2].force == nil { pushes[k2].force = try backend.addForce(pushes[k2].push, to: world) }
            }
        case .removePush(let id):
            guard let p = pushes.firstIndex(where: { $0.id == id }) else { return }
            let push = pushes.remove(at: p)
            guard let i = index(of: push.item) else { return }
            acted(on: i)
            records[i].pushCount -= 1
            if let force = push.force, let world = statuses[i].world {
                do { try backend.removeForce(force, from: world) } catch { throw tagged(error, "tick \(k), \(input)", item: push.item) }
            }
        case .setFields(let fields):
            actedOnAll()
            dynamics.fields = fields
            for i in records.indices {
                guard let world = statuses[i].world else { continue }
                do { try backend.setFields(fields, of: world) } catch {
                    throw tagged(error, "tick \(k), setFields", item: records[i].item.id.rawValue)
                }
            }
        }
    }

    /// Runs `act` on item `i`'s world (made for it if it has none), then the policy's
    /// ``PolicyRules/pushed(_:_:tick:)``. When `act` fails, a world made for it is freed; when
    /// the policy fails, the item is put at rest. The error names the tick and the item.
    func pushing(_ i: Int, tick k: Int, _ act: (WorldID) throws(FlingError) -> Void) throws(FlingError) {
        let item = records[i].item.id.rawValue
        let made = statuses[i].world == nil
        do throws(FlingError) {
            let world = try makeWorld(i)
            do { try act(world) } catch {
                if made { freeWorld(i) }
                throw error
            }
        } catch { throw tagged(error, "tick \(k), push", item: item) }
        do { try Policy.pushed(self, i, tick: k) } catch {
            putToRest(i)
            throw tagged(error, "tick \(k), push", item: item)
        }
    }

    // MARK: - After each step

    /// The walls the live items began touching in the step, as the policy's events, in item
    /// order (``live`` and ``indices``: the worlds stepped and their items).
    func collectContacts(_ live: [WorldID], _ indices: [Int], tick k: Int) throws(FlingError) {
        let backend = try dynamicsBackend(for: "tick \(k), walls")
        guard let reader = contactReader else {
            for m in live.indices {
                for contact in try backend.contacts(of: live[m]) {
                    events.append(Policy.wallContact(self, indices[m], contact, tick: k))
                }
            }
            return
        }
        // The buffer taken out of the animator while it is filled, so that it is uniquely
        // held and keeps its storage.
        var contacts: [Wall.Contact] = []
        swap(&contacts, &contactBuffer)
        defer { swap(&contacts, &contactBuffer) }
        for m in live.indices {
            contacts.removeAll(keepingCapacity: true)
            try reader.readContacts(of: live[m], into: &contacts)
            for contact in contacts {
                events.append(Policy.wallContact(self, indices[m], contact, tick: k))
            }
        }
    }
}

// The app's dynamics calls, the same for every interaction; what a push does to an item is its
// policy's (a tile falls, a snap item is thrown). Each needs a DynamicsBackend: over any other
// backend it throws, naming the call and the backend, and changes nothing.
extension DragAnimator {
    /// An instantaneous push (UIKit's `.instantaneous` `UIPushBehavior`), applied before the next
    /// tick to the item's world (made if it has none). What the item does is its policy's: a
    /// ``TileAnimator`` tile at rest or lying falls from where it is (``TileEvent/Kind/pushed``),
    /// a moving one is pushed as it goes, a culled one is left alone; a ``SnapAnimator`` item
    /// not held is thrown by it to the resting place nearest the projection of its new velocity
    /// (``SnapEvent/Kind/sent(target:)``), at its center (snap items never turn), and one that
    /// travels by keyframes is left alone. ``Push/uikit(angle:magnitude:offset:)`` converts
    /// UIKit's units.
    ///
    /// Throws, changing nothing, over a backend that is not a ``DynamicsBackend``, for an
    /// unknown item or a push outside `Limits/push` (or an offset outside
    /// `Limits/coordinate`). At its tick the backend refuses a push that would take the
    /// velocity past `Limits/velocity`: it changes nothing, and `advance(to:)` throws, naming
    /// the tick and the item.
    public func applyPush(_ push: Push, to item: Identifier<Policy.Item>) throws(FlingError) {
        try acceptDynamics(.push(TouchEvent.ItemID(item), push))
    }

    /// Adds a continuous push (UIKit's `.continuous`) on an item, from the next tick until
    /// ``removePush(_:)``: a force in every step of every world the item has. An item at rest
    /// is set moving as by ``applyPush(_:to:)``; an item under a continuous push keeps its world
    /// (it neither settles nor comes to rest). At most `Limits/forces` per item. Returns the
    /// push's id, given in call order from 1.
    @discardableResult
    public func addPush(_ push: Push, to item: Identifier<Policy.Item>) throws(FlingError) -> Push.ID {
        let id = Push.ID(nextPush)
        try acceptDynamics(.addPush(id, TouchEvent.ItemID(item), push))
        return id
    }

    /// Ends a continuous push before the next tick. Throws for an id that is not on.
    public func removePush(_ id: Push.ID) throws(FlingError) { try acceptDynamics(.removePush(id)) }

    /// Replaces the fields every item's world feels (``DynamicsSettings/fields``), before the
    /// next tick: the live worlds' and those made later.
    public func setFields(_ fields: [Field]) throws(FlingError) { try acceptDynamics(.setFields(fields)) }

    /// The fields as applied so far.
    package var fields: [Field] { dynamics.fields }

    /// The continuous pushes on, in the order they were added (as accepted: one removed by
    /// ``removePush(_:)``, or whose item was removed, is gone at once).
    package var continuousPushes: [Push.ID] { acceptedPushes.map(\.id) }
}
