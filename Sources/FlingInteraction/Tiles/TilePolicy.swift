// The tile policy: what the drag kernel does with a photo tile. A tile at rest gets a world of
// one box body under gravity; a grab holds the touched point of the tile (so an off-centre grab
// swings it); the release rule sends it home on a spring or lets it fall; after each step an
// attracted tile home for long enough settles exactly on its origin, and a falling tile off
// screen is culled. The digest covers every live tile's state, folded in as the kernel reads it.
//
// Home is where the spring's rest is: gravity would hold an attracted tile below it, so it is
// off while attracted (the spring itself is the kernel's, Kernel/DragAnimator+Springs.swift).
// At release the tracker's estimate becomes the body's velocity and its spin is kept, within
// the backends' ±10⁹ rad/s like the velocity.
//
// With walls (the viewport's edges, or the app's), a falling tile may never leave the viewport:
// once its speed and spin have stayed under the rest thresholds for long enough it lies where it
// is, its world freed and its pose kept (phase lying: drawn, grabbable, pushed from there; a
// reset still sends it home). A push on a tile at rest or lying sets it falling from where it is;
// on a moving one it only acts. A tile under a continuous push keeps its world.
import FlingCore

/// The photo-tile interaction (``TileAnimator``): release rule, attraction home, settling,
/// culling.
public struct TilePolicy: DragPolicy {
    /// The visible area; tiles wholly outside it (plus the cull margin) are culled.
    let viewport: Rect
    let configuration: TileConfiguration
    /// The pivot joints pulling each attracted tile home (``TileConfiguration/HomeAttachment/pivots(offsets:maxForce:maxBias:errorBias:)``),
    /// by raw tile id. Only looked up, never iterated.
    var homeJoints: [Int: [JointID]] = [:]
    /// The tiles' walls (the viewport's edges first, when asked). With walls a falling tile
    /// comes to rest where it lies.
    let walls: [Wall]
    var restsInWalls: Bool { !walls.isEmpty }
    /// The smaller side of the walls' room: the box around their segments, less twice the
    /// largest radius (0 without walls). A tile fits when both its sides are shorter.
    let roomSide: Double

    init(viewport: Rect, configuration: TileConfiguration) {
        self.viewport = viewport
        self.configuration = configuration
        walls = configuration.dynamics.walls(in: viewport)
        var lo = Vector(.infinity, .infinity), hi = Vector(-.infinity, -.infinity), radius = 0.0
        for w in walls {
            for p in [w.start, w.end] {
                lo = Vector(min(lo.x, p.x), min(lo.y, p.y))
                hi = Vector(max(hi.x, p.x), max(hi.y, p.y))
            }
            radius = max(radius, w.radius)
        }
        roomSide = walls.isEmpty ? 0 : max(min(hi.x - lo.x, hi.y - lo.y) - 2 * radius, 0)
    }

    public typealias Item = TileDefinition
    public typealias Phase = TilePhase
    public typealias Input = TileInput
    public typealias Event = TileEvent
}

extension TilePolicy: PolicyRules {
    package static let naming = ItemNaming(
        noun: "tile", indefinite: "a tile", idField: "TileID", definitionField: "TileDefinition.id",
        unknownCode: .unknownTile, duplicateCode: .duplicateTile)

    /// The definition's own checks, and the home pivots' against it: each anchor in range, and
    /// each point held within the backends' leverage bound for the tile's mass and moment.
    static func validate(_ item: TileDefinition, _ policy: TilePolicy, settings: DragSettings) throws(FlingError) {
        try item.validate()
        guard case .pivots(let offsets, _, _, _) = policy.configuration.home else { return }
        for (n, offset) in offsets.enumerated() {
            let field = "TileDefinition(\(item.id.rawValue)) with TileConfiguration.home.offsets[\(n)]"
            try Check.coordinate(item.origin + offset, field)
            do { try BackendCheck.leverage(offset, field, massInverse: 1 / item.mass, momentInverse: 1 / item.moment) } catch {
                throw FlingError(error.code, field: field, value: error.value, reason: error.reason)
            }
        }
    }

    static func home(of item: TileDefinition) -> Vector { item.origin }

    static func settingUsingDynamics(_ policy: TilePolicy) -> String? {
        let c = policy.configuration
        if case .pivots = c.home { return "TileConfiguration.home" }
        return c.dynamics.settingUsingDynamics("TileConfiguration", drag: c.drag)
    }

    // MARK: Grab

    /// The topmost (highest id) tile not culled whose current rotated frame contains the point;
    /// else, with a grab radius, the tile nearest the point within less than it (the topmost of
    /// those equally near), as `ChipmunkMultiGrab`'s point query takes the nearest shape.
    static func hit(_ a: DragAnimator<TilePolicy>, at point: Vector) -> Int? {
        let on = a.records.indices.last { i in
            guard a.statuses[i].phase != .culled else { return false }
            let local = a.records[i].state.transform.local(fromWorld: point)
            return abs(local.x) <= a.records[i].item.frame.width / 2 && abs(local.y) <= a.records[i].item.frame.height / 2
        }
        let radius = a.policy.configuration.grabRadius
        guard on == nil, radius > 0 else { return on }
        var nearest: (index: Int, distance: Double)?
        for i in a.records.indices where a.statuses[i].phase != .culled {
            let local = a.records[i].state.transform.local(fromWorld: point)
            let d = (local - a.records[i].item.nearestPoint(toLocal: local)).length
            if d < radius, d <= nearest?.distance ?? radius { nearest = (i, d) }
        }
        return nearest?.index
    }

    static func canGrab(_ a: DragAnimator<TilePolicy>, _ i: Int) -> Bool {
        switch a.statuses[i].phase {
        case .held, .culled: false
        case .resting, .attracted, .falling, .lying: true
        }
    }

    /// At the tile's pose: its origin at angle 0, or where it lies.
    static func world(for record: ItemRecord<TileDefinition>, _ policy: TilePolicy) -> WorldDefinition {
        let def = record.item
        return WorldDefinition(mass: def.mass, moment: def.moment, transform: record.state.transform, gravity: policy.configuration.gravity)
    }

    static func box(of item: TileDefinition) -> Vector { Vector(item.frame.width, item.frame.height) }

    /// A tile springing home loses its spring and gets gravity and no damping back (or loses its
    /// home pivots, gravity never having left it); a falling one keeps going as it was.
    static func takeOver(_ a: DragAnimator<TilePolicy>, _ i: Int, world: WorldID) throws(FlingError) {
        guard a.statuses[i].phase == .attracted else { return }
        if case .pivots = a.policy.configuration.home {
            let id = a.records[i].item.id.rawValue
            let backend = try a.dynamicsBackend(for: "TileConfiguration.home")
            for joint in a.policy.homeJoints[id] ?? [] { try backend.removeJoint(joint, from: world) }
            a.policy.homeJoints[id] = nil
            return
        }
        try a.backend.detachAttraction(from: world)
        try a.backend.setGravity(of: world, a.policy.configuration.gravity)
        try a.backend.setDamping(of: world, 1)
    }

    /// The touched point of the tile. A grab the app named may lie outside the tile (its own
    /// hit test is looser, or the finger slid): the joint takes the nearest point of the tile
    /// instead. A point off the body would make the joint's effective mass ill-conditioned (see
    /// BackendCheck.leverage).
    static func grip(_ a: DragAnimator<TilePolicy>, _ i: Int, at point: Vector) -> (anchor: Vector, finger: Vector) {
        let r = a.records[i]
        return (r.item.nearestPoint(toLocal: r.state.transform.local(fromWorld: point)), point)
    }

    static func grabbed(_ a: DragAnimator<TilePolicy>, _ i: Int, touch: TouchID, at point: Vector, tick k: Int) {
        a.events.append(TileEvent(tick: k, tile: a.records[i].item.id, kind: .grabbed(touch: touch, at: point)))
    }

    @inline(__always)
    static func fingerTarget(
        _ a: DragAnimator<TilePolicy>, _ i: Int, _ record: ItemRecord<TileDefinition>, _ touch: inout TouchRecord, to position: Vector
    ) -> Vector { position }

    // MARK: Release

    /// The release velocity (the tracker's, or the body's own), the release rule, and what
    /// pulls an attracted tile home; then a tap, if the configuration reports taps.
    static func release(_ a: DragAnimator<TilePolicy>, _ i: Int, velocity: Vector, cancelled: Bool, tick k: Int) throws(FlingError) {
        let def = a.records[i].item
        let world = a.statuses[i].world!
        let c = a.policy.configuration
        let state = a.records[i].state
        var velocity = velocity
        if c.releaseVelocity == .tracker {
            let spin = min(max(state.angularVelocity, -Limits.angularVelocity), Limits.angularVelocity)
            try a.backend.setVelocity(of: world, linear: velocity, angular: spin)
        } else {
            velocity = state.velocity
        }
        let release = TileRelease(
            center: state.position, velocity: velocity, angularVelocity: state.angularVelocity, origin: def.origin,
            holdStart: a.records[i].holdStart, mass: def.mass, moment: def.moment)
        let attract = cancelled || c.releaseRule.attracts(release)
        if attract {
            switch c.home {
            case .springs(let attraction, let rotation):
                try a.backend.setGravity(of: world, .zero)
                try a.attachHomeSpring(i, world: world, to: def.origin, attraction, rotation: (rotation, def.moment))
            case .pivots(let offsets, let maxForce, let maxBias, let errorBias):
                let backend = try a.dynamicsBackend(for: "TileConfiguration.home")
                var joints: [JointID] = []
                for offset in offsets {
                    let pivot = StaticPivot(
                        anchor: def.origin + offset, localAnchor: offset, maxForce: maxForce, maxBias: maxBias, errorBias: errorBias)
                    joints.append(try backend.addPivot(pivot, to: world))
                }
                a.policy.homeJoints[def.id.rawValue] = joints
            }
        }
        a.statuses[i].phase = attract ? .attracted : .falling
        a.records[i].state.velocity = velocity
        a.events.append(
            TileEvent(tick: k, tile: def.id, kind: .released(outcome: attract ? .attract : .fall, velocity: velocity, cancelled: cancelled))
        )
        if attract, !cancelled, let tap = c.tapDistance, (state.position - release.holdStart).length < tap {
            a.events.append(TileEvent(tick: k, tile: def.id, kind: .tapped))
        }
    }

    static func lifted(_ a: DragAnimator<TilePolicy>, _ event: TouchEvent, _ touch: TouchRecord, tick: Int) {}

    /// Home: exactly at the origin, angle 0, at rest (its world, and any home pivots with it,
    /// freed already).
    static func rest(_ a: DragAnimator<TilePolicy>, _ i: Int) {
        a.records[i].state = BodyState(position: a.records[i].item.origin)
        a.records[i].previous = a.records[i].state
        if !a.policy.homeJoints.isEmpty { a.policy.homeJoints[a.records[i].item.id.rawValue] = nil }
    }

    // MARK: Dynamics

    static func acting(_ push: Push, on item: TileDefinition) -> Push { push }

    /// Not a culled tile (off screen, no world until reset).
    static func canPush(_ a: DragAnimator<TilePolicy>, _ i: Int) -> Bool { a.statuses[i].phase != .culled }

    /// A tile at rest or lying falls from where it is; a moving one goes on as it was.
    static func pushed(_ a: DragAnimator<TilePolicy>, _ i: Int, tick k: Int) throws(FlingError) {
        guard a.statuses[i].phase == .resting || a.statuses[i].phase == .lying else { return }
        a.statuses[i].phase = .falling
        a.records[i].settleCount = 0
        a.events.append(TileEvent(tick: k, tile: a.records[i].item.id, kind: .pushed))
    }

    static func wallContact(_ a: DragAnimator<TilePolicy>, _ i: Int, _ contact: Wall.Contact, tick k: Int) -> TileEvent {
        TileEvent(tick: k, tile: a.records[i].item.id, kind: .wallContact(contact))
    }

    // MARK: Tile operations

    static func apply(_ a: DragAnimator<TilePolicy>, _ input: TileInput, tick: Int) throws(FlingError) {
        switch input {
        case .touch, .dynamics: break
        case .reset(let id):
            if let i = a.index(of: id.rawValue) {
                a.acted(on: i)
                a.putToRest(i)
            }
        case .addTile(let definition):
            let at = a.insertionIndex(definition.id.rawValue)
            if at == a.records.count || a.records[at].item.id != definition.id { a.insert(definition, at: at) }
        case .removeTile(let id): if let i = a.index(of: id.rawValue) { a.remove(at: i) }
        }
    }

    static func check(_ a: DragAnimator<TilePolicy>, scheduled input: TileInput) throws(FlingError) {
        if case .addTile(let definition) = input { try DragAnimator<TilePolicy>.checkBackend(a.backend, for: definition) }
    }

    // MARK: After each step

    static let digestsLiveStates = true

    /// Culled (a falling tile that left the viewport), came to rest (a falling one inside walls
    /// still for long enough), settled (an attracted one home for long enough), or nothing;
    /// counts the ticks still or at home. Outside the viewport only a falling tile is culled: an
    /// attracted one is on its way home, even from off screen (a cancelled touch must bring the
    /// tile back, wherever it was); below the line of ``TileConfiguration/CullRule/below(y:)`` any moving tile is,
    /// held or going home too, as We Heart Pics checks it. A tile under a continuous push neither
    /// settles nor comes to rest.
    @inline(__always)
    static func decide(_ phase: TilePhase, _ tile: inout ItemRecord<TileDefinition>, _ policy: TilePolicy, tick k: Int) -> TileEvent? {
        if phase == .falling {
            if policy.isOffscreen(tile.state, tile.item) { return TileEvent(tick: k, tile: tile.item.id, kind: .culled) }
            guard policy.restsInWalls else { return nil }
            let rest = policy.configuration.settle.rest
            tile.settleCount = tile.pushCount == 0 && rest.isStill(tile.state) ? tile.settleCount + 1 : 0
            guard tile.settleCount >= rest.ticks, policy.isFree(tile, stillFor: tile.settleCount) else { return nil }
            return TileEvent(tick: k, tile: tile.item.id, kind: .cameToRest)
        }
        if case .below(let y) = policy.configuration.cull, tile.state.position.y > y {
            return TileEvent(tick: k, tile: tile.item.id, kind: .culled)
        }
        guard phase == .attracted else { return nil }
        switch policy.configuration.settle.home {
        case .kineticEnergy(let most):
            let energy = tile.state.kineticEnergy(mass: tile.item.mass, moment: tile.item.moment)
            return tile.pushCount == 0 && energy <= most ? TileEvent(tick: k, tile: tile.item.id, kind: .settled) : nil
        case .thresholds(let settle):
            let home = tile.pushCount == 0 && settle.isHome(tile.state, at: tile.item.origin)
            tile.settleCount = home ? tile.settleCount + 1 : 0
            return tile.settleCount >= settle.ticks ? TileEvent(tick: k, tile: tile.item.id, kind: .settled) : nil
        }
    }

    /// Culls, lays down and settles the tiles decided, in tile order, with their events.
    static func afterStep(_ a: DragAnimator<TilePolicy>, decided: [(Int, TileEvent)], firstEvent: Int, tick: Int) {
        for (i, event) in decided {
            a.freeWorld(i)
            if !a.policy.homeJoints.isEmpty { a.policy.homeJoints[a.records[i].item.id.rawValue] = nil }
            a.statuses[i].phase = end(event.kind, &a.records[i])
            a.events.append(event)
        }
    }

    /// A decided tile's record as its outcome leaves it, and its phase then (the live
    /// after-step and a prediction both): culled where it was; lying where it came to rest,
    /// still; home on its origin, angle 0, still.
    @inline(__always)
    static func end(_ kind: TileEvent.Kind, _ tile: inout ItemRecord<TileDefinition>) -> TilePhase {
        switch kind {
        case .culled:
            return .culled
        case .cameToRest:
            tile.settleCount = 0
            tile.state = BodyState(position: tile.state.position, angle: tile.state.angle)
            tile.previous = tile.state
            return .lying
        default:
            tile.settleCount = 0
            tile.state = BodyState(position: tile.item.origin)
            tile.previous = tile.state
            return .resting
        }
    }

    /// Whether a tile still for `ticks` ticks is out of its walls' way: it overlaps none by more
    /// than ``WallOverlap/resting`` (the slop and 10⁻³ pt), so the contacts' position
    /// correction, which moves it outside its velocity, has done its work. A tile that cannot
    /// fit its room (a side as long as the room's smaller side, or longer: the walls can wedge
    /// it) is let lie after ten times the rule's ticks still, wherever it is; one that fits
    /// never lies deeper (the wall sweep lifts a box left deep in a wall).
    func isFree(_ tile: ItemRecord<TileDefinition>, stillFor ticks: Int) -> Bool {
        let frame = tile.item.frame
        if ticks >= 10 * configuration.settle.rest.ticks && max(frame.width, frame.height) >= roomSide { return true }
        let (sin, cos) = Portable.sincos(tile.state.angle)
        let depth = WallOverlap.deepest(
            center: tile.state.position, halfWidth: tile.item.frame.width / 2, halfHeight: tile.item.frame.height / 2, cos: cos,
            sin: sin, walls: walls)
        return depth <= WallOverlap.resting
    }

    /// Whether the tile's rotated bounds lie wholly outside the viewport grown by the margin
    /// (or its center below the cull rule's line).
    func isOffscreen(_ s: BodyState, _ def: TileDefinition) -> Bool {
        let m: Double
        switch configuration.cull {
        case .below(let y): return s.position.y > y
        case .outsideViewport(let margin): m = margin
        }
        let (sinA, cosA) = Portable.sincos(s.angle)
        let c = abs(cosA), sn = abs(sinA)
        let hw = def.frame.width / 2, hh = def.frame.height / 2
        let ex = c * hw + sn * hh, ey = sn * hw + c * hh
        return s.position.x + ex < viewport.minX - m || s.position.x - ex > viewport.maxX + m
            || s.position.y + ey < viewport.minY - m || s.position.y - ey > viewport.maxY + m
    }
}
