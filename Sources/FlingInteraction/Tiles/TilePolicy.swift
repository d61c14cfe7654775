// The tile policy: what the drag kernel does with a photo tile, as decisions the kernel applies.
// A tile at rest gets a world of one box body under gravity; a grab holds the touched point of
// the tile (so an off-centre grab swings it); the release rule sends it home (on the kernel's
// home springs, or pivots) or lets it fall; after each step an attracted tile home for long
// enough settles exactly on its origin, and a falling tile off screen is culled. The digest
// covers every live tile's state, as the kernel reads it.
//
// Home is where the spring's rest is: gravity would hold an attracted tile below it, so it is
// off while attracted. At release the tracker's estimate becomes the body's velocity and its
// spin is kept, within the backends' ±10⁹ rad/s like the velocity.
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
    /// ``History/oldAllowance`` as it was when the policy was made: read at setup, since the
    /// first read of a task-local makes its storage (an allocation a tick must not make).
    let oldAllowance: Bool

    init(viewport: Rect, configuration: TileConfiguration) {
        self.viewport = viewport
        self.configuration = configuration
        oldAllowance = History.oldAllowance
    }

    public typealias Item = TileDefinition
    public typealias Phase = TilePhase
    public typealias Input = TileInput
    public typealias Event = TileEvent

    /// The first of the configuration's settings that needs a ``DynamicsBackend``, named as the
    /// app sets it; nil when none does.
    var settingUsingDynamics: String? {
        if case .pivots = configuration.home { return "TileConfiguration.home" }
        return configuration.dynamics.settingUsingDynamics("TileConfiguration", drag: configuration.drag)
    }

    /// The configuration's home pivots, for the kernel to add (``WorldEdit/addPivots(at:)``).
    var homePivots: HomePivots? {
        guard case .pivots(let offsets, let maxForce, let maxBias, let errorBias) = configuration.home else { return nil }
        return HomePivots(offsets: offsets, maxForce: maxForce, maxBias: maxBias, errorBias: errorBias)
    }

    /// The world a tile gets at its pose.
    func world(for tile: TileDefinition, at state: BodyState) -> WorldDefinition {
        WorldDefinition(mass: tile.mass, moment: tile.moment, transform: state.transform, gravity: configuration.gravity)
    }
}

/// What the tile policy keeps of each tile.
struct TileMemory: Hashable, Sendable {
    /// Consecutive ticks a tile going home (or, inside walls, falling) has spent under every
    /// threshold of its settle rule.
    var settleCount = 0
    /// Where the center was when the first finger of the current hold went down (the release
    /// rule and taps measure from it).
    var holdStart = Vector.zero
}

extension TilePolicy: ItemRules {
    /// The definition's own checks, and the home pivots' against it: each anchor in range, and
    /// each point held within the backends' leverage bound for the tile's mass and moment.
    func admit(_ item: TileDefinition, at position: Int, settings: DragSettings) throws(FlingError) -> TileMemory {
        try item.validate()
        guard case .pivots(let offsets, _, _, _) = configuration.home else { return TileMemory() }
        for (n, offset) in offsets.enumerated() {
            let field = "TileDefinition(\(item.id.rawValue)) with TileConfiguration.home.offsets[\(n)]"
            try Check.coordinate(item.origin + offset, field)
            do { try BackendValidation.leverage(offset, field, massInverse: 1 / item.mass, momentInverse: 1 / item.moment) } catch {
                throw FlingError(error.code, field: field, value: error.value, reason: error.reason)
            }
        }
        return TileMemory()
    }

    /// Home: exactly at the origin, angle 0, at rest.
    func rest(_ tile: ItemView<TilePolicy>) -> Decision<TilePolicy> {
        Decision(placement: .jump(BodyState(position: tile.item.origin)), memory: TileMemory(holdStart: tile.memory.holdStart))
    }
}

extension TilePolicy: InputRules {
    /// The tile the app named or the topmost under the point (``hit(_:at:)``); not a culled one,
    /// and a held one only with a finger to spare. A tile springing home loses its spring and
    /// gets gravity and no damping back (or loses its home pivots, gravity never having left
    /// it); a falling one keeps going as it was. The drag holds the touched point of the tile: a
    /// grab the app named may lie outside the tile (its own hit test is looser, or the finger
    /// slid), and the joint takes the nearest point of the tile instead (a point off the body
    /// would make the joint's effective mass ill-conditioned: see BackendValidation.leverage).
    func grab(
        _ tiles: ItemTable<TilePolicy>, named: Int?, at point: Vector, touch: TouchID, tick k: Int, extraFinger: (Int) -> Bool
    ) -> (index: Int, grab: Grab<TilePolicy>)? {
        guard let i = named ?? hit(tiles, at: point) else { return nil }
        let phase = tiles.phases[i], tile = tiles.items[i], state = tiles.states[i]
        if phase.holder != nil {
            guard extraFinger(i) else { return nil }
        } else if phase == .culled {
            return nil
        }
        var d = Decision<TilePolicy>()
        if phase == .attracted {
            d.edits.append(.detachHome)
            if case .springs = configuration.home { d.edits.append(.setGravity(configuration.gravity)) }
        }
        if phase.holder == nil { d.memory = TileMemory(settleCount: 0, holdStart: state.position) }
        d.events.append(TileEvent(tick: k, tile: tile.id, kind: .grabbed(touch: touch, at: point)))
        let anchor = tile.nearestPoint(toLocal: state.transform.local(fromWorld: point))
        return (i, Grab(world: world(for: tile, at: state), anchor: anchor, finger: point, decision: d))
    }

    /// The topmost (highest id) tile not culled whose current rotated frame contains the point;
    /// else, with a grab radius, the tile nearest the point within less than it (the topmost of
    /// those equally near), as `ChipmunkMultiGrab`'s point query takes the nearest shape.
    func hit(_ tiles: ItemTable<TilePolicy>, at point: Vector) -> Int? {
        let on = tiles.items.indices.last { i in
            guard tiles.phases[i] != .culled else { return false }
            let local = tiles.states[i].transform.local(fromWorld: point)
            return abs(local.x) <= tiles.items[i].frame.width / 2 && abs(local.y) <= tiles.items[i].frame.height / 2
        }
        let radius = configuration.grabRadius
        guard on == nil, radius > 0 else { return on }
        var nearest: (index: Int, distance: Double)?
        for i in tiles.items.indices where tiles.phases[i] != .culled {
            let local = tiles.states[i].transform.local(fromWorld: point)
            let d = (local - tiles.items[i].nearestPoint(toLocal: local)).length
            if d < radius, d <= nearest?.distance ?? radius { nearest = (i, d) }
        }
        return nearest?.index
    }

    /// The touch itself.
    @inline(__always)
    func fingerTarget(_ tile: ItemView<TilePolicy>, _ finger: FingerView, to position: Vector, tick: Int) -> FingerTarget<TilePolicy> {
        FingerTarget(position: position)
    }

    /// The release velocity (the tracker's, or the body's own), the release rule, and what
    /// pulls an attracted tile home; then a tap, if the configuration reports taps.
    func release(_ tile: ItemView<TilePolicy>, velocity: Vector, cancelled: Bool, tick k: Int) -> Decision<TilePolicy> {
        let def = tile.item, c = configuration, state = tile.state
        var d = Decision<TilePolicy>()
        var velocity = velocity
        if c.releaseVelocity == .tracker {
            let spin = min(max(state.angularVelocity, -Limits.angularVelocity), Limits.angularVelocity)
            d.edits.append(.setVelocity(velocity, angular: spin))
        } else {
            velocity = state.velocity
        }
        let release = TileRelease(
            center: state.position, velocity: velocity, angularVelocity: state.angularVelocity, origin: def.origin,
            holdStart: tile.memory.holdStart, mass: def.mass, moment: def.moment)
        let attract = cancelled || c.releaseRule.attracts(release)
        if attract {
            switch c.home {
            case .springs(let attraction, let rotation):
                d.edits.append(.setGravity(.zero))
                d.edits.append(.attachHome(to: def.origin, attraction, rotation: (rotation, def.moment)))
            case .pivots: d.edits.append(.addPivots(at: def.origin))
            }
        }
        d.phase = attract ? .attracted : .falling
        var s = state
        s.velocity = velocity
        d.placement = .set(s)
        d.events.append(
            TileEvent(tick: k, tile: def.id, kind: .released(outcome: attract ? .attract : .fall, velocity: velocity, cancelled: cancelled))
        )
        if attract, !cancelled, let tap = c.tapDistance, (state.position - release.holdStart).length < tap {
            d.events.append(TileEvent(tick: k, tile: def.id, kind: .tapped))
        }
        return d
    }

    /// Tiles report taps at their release (``TileConfiguration/tapDistance``).
    func lifted(_ event: TouchEvent, _ finger: FingerView, tick: Int) -> TileEvent? { nil }

    /// As it is, on any tile but a culled one (off screen, no world until reset).
    func push(_ push: Push, on tile: ItemView<TilePolicy>) -> PushPlan {
        PushPlan(push: push, acts: tile.phase != .culled, world: world(for: tile.item, at: tile.state))
    }

    /// A tile at rest or lying falls from where it is; a moving one goes on as it was.
    func pushed(_ tile: ItemView<TilePolicy>, now: BodyState, tick k: Int) -> Decision<TilePolicy> {
        guard tile.phase == .resting || tile.phase == .lying else { return Decision() }
        var memory = tile.memory
        memory.settleCount = 0
        return Decision(phase: .falling, memory: memory, events: Two(TileEvent(tick: k, tile: tile.item.id, kind: .pushed)))
    }

    /// Tiles have no inputs of their own: resets, added and removed tiles are the kernel's.
    func apply(_ input: TileInput, to tile: ItemView<TilePolicy>, tick: Int) -> Decision<TilePolicy> { Decision() }
}

extension TilePolicy: StepRules {
    static let stepsEveryItem = false

    /// Culled (a falling tile that left the viewport), came to rest (a falling one inside walls
    /// still for long enough), settled (an attracted one home for long enough), or nothing;
    /// counts the ticks still or at home. Outside the viewport only a falling tile is culled: an
    /// attracted one is on its way home, even from off screen (a cancelled touch must bring the
    /// tile back, wherever it was); below the line of ``TileConfiguration/CullRule/below(y:)`` any
    /// moving tile is, held or going home too, as We Heart Pics checks it. A tile under a
    /// continuous push neither settles nor comes to rest. An ending leaves the tile culled where
    /// it was; lying where it came to rest, still; or home on its origin, angle 0, still.
    @inline(__always)
    func afterStep(
        _ def: TileDefinition, _ phase: TilePhase, _ s: BodyState, _ memory: inout TileMemory, world: Bool, pushes: Int,
        room: Room, ending: inout Ending<TilePolicy>?, tick k: Int
    ) -> Step {
        if phase == .falling {
            if isOffscreen(s, def) {
                end(&ending, .culled, def, s, &memory, tick: k)
                return Step()
            }
            guard !room.walls.isEmpty else { return Step() }
            let rest = configuration.settle.rest
            memory.settleCount = pushes == 0 && rest.isStill(s) ? memory.settleCount + 1 : 0
            if memory.settleCount >= rest.ticks, isFree(def, s, stillFor: memory.settleCount, in: room) {
                end(&ending, .cameToRest, def, s, &memory, tick: k)
            }
            return Step()
        }
        if case .below(let y) = configuration.cull, s.position.y > y {
            end(&ending, .culled, def, s, &memory, tick: k)
            return Step()
        }
        guard phase == .attracted else { return Step() }
        switch configuration.settle.home {
        case .kineticEnergy(let most):
            if pushes == 0 && s.kineticEnergy(mass: def.mass, moment: def.moment) <= most {
                end(&ending, .settled, def, s, &memory, tick: k)
            }
        case .thresholds(let settle):
            let home = pushes == 0 && settle.isHome(s, at: def.origin)
            memory.settleCount = home ? memory.settleCount + 1 : 0
            if memory.settleCount >= settle.ticks { end(&ending, .settled, def, s, &memory, tick: k) }
        }
        return Step()
    }

    /// A tile's ending of `kind`: culled where it was; lying where it came to rest, still; or
    /// home on its origin, angle 0, still (the live tick and a prediction both).
    @inline(never)
    func end(
        _ ending: inout Ending<TilePolicy>?, _ kind: TileEvent.Kind, _ def: TileDefinition, _ s: BodyState, _ memory: inout TileMemory,
        tick k: Int
    ) {
        let event = TileEvent(tick: k, tile: def.id, kind: kind)
        switch kind {
        case .culled:
            ending = Ending(phase: .culled, placement: nil, event: event, outcome: .culled)
        case .cameToRest:
            memory.settleCount = 0
            let still = BodyState(position: s.position, angle: s.angle)
            ending = Ending(phase: .lying, placement: .jump(still), event: event, outcome: .cameToRest)
        default:
            memory.settleCount = 0
            ending = Ending(phase: .resting, placement: .jump(BodyState(position: def.origin)), event: event, outcome: .settledHome)
        }
    }

    /// A tile without a world is at rest: home, lying, or culled, as it is now.
    func outcomeAtRest(_ tile: ItemView<TilePolicy>) -> Prediction.Outcome? {
        tile.phase == .culled ? .culled : tile.phase == .lying ? .cameToRest : .settledHome
    }

    /// Whether a tile still for `ticks` ticks is out of its walls' way: it overlaps none by more
    /// than ``WallOverlap/resting`` (the slop and 10⁻³ pt), so the contacts' position
    /// correction, which moves it outside its velocity, has done its work. A tile that cannot
    /// fit its room (a side as long as the room's smaller side, or longer: the walls can wedge
    /// it) is let lie after ten times the rule's ticks still, wherever it is; one that fits
    /// never lies deeper (the wall sweep lifts a box left deep in a wall).
    func isFree(_ tile: TileDefinition, _ s: BodyState, stillFor ticks: Int, in room: Room) -> Bool {
        let frame = tile.frame
        if ticks >= 10 * configuration.settle.rest.ticks && (max(frame.width, frame.height) >= room.side || oldAllowance) {
            return true
        }
        let (sin, cos) = Portable.sincos(s.angle)
        let depth = WallOverlap.deepest(
            center: s.position, halfWidth: frame.width / 2, halfHeight: frame.height / 2, cos: cos, sin: sin, walls: room.walls)
        return depth <= WallOverlap.resting
    }

    /// The rest rule's historical fault, switched on only by tests (through `@testable import
    /// FlingInteraction`) to plant the bug the checks must find, as `WallSweep.History` plants
    /// the sweep's: bound for a task (`History.$oldAllowance.withValue(true)`) around making the
    /// animator, read when its policy is made.
    enum History {
        /// The old allowance (before 8115e0f): any tile still for ten times the rule's ticks
        /// lies where it is, however deep in a wall, not only one that cannot fit its room.
        @TaskLocal static var oldAllowance = false
    }

    /// Whether the tile's rotated bounds lie wholly outside the viewport grown by the margin
    /// (or its center below the cull rule's line).
    func isOffscreen(_ s: BodyState, _ def: TileDefinition) -> Bool {
        let m: Double
        switch configuration.cull {
        case .below(let y): return s.position.y > y
        case .outsideViewport(let margin): m = margin
        }
        let hw = def.frame.width / 2, hh = def.frame.height / 2
        // At any angle the bounds reach at least the smaller half-side from the center
        // (|cos| + |sin| ≥ 1), so half of it is a sure reach whatever the rounding: a center that
        // far inside every edge (grown by the margin) is not wholly outside, and needs no sine.
        let sure = 0.5 * min(hw, hh), p = s.position
        if p.x + sure >= viewport.minX - m, p.x - sure <= viewport.maxX + m, p.y + sure >= viewport.minY - m,
            p.y - sure <= viewport.maxY + m
        {
            return false
        }
        let (sinA, cosA) = Portable.sincos(s.angle)
        let c = abs(cosA), sn = abs(sinA)
        let ex = c * hw + sn * hh, ey = sn * hw + c * hh
        return s.position.x + ex < viewport.minX - m || s.position.x - ex > viewport.maxX + m
            || s.position.y + ey < viewport.minY - m || s.position.y - ey > viewport.maxY + m
    }
}

extension TileDefinition: DragItem {
    var home: Vector { origin }
    var box: Vector { Vector(frame.width, frame.height) }
    static let naming = ItemNaming(
        noun: "tile", indefinite: "a tile", idField: "TileID", definitionField: "TileDefinition.id", unknownCode: .unknownTile,
        duplicateCode: .duplicateTile)
}

extension TilePhase: DragPhase {
    var holder: TouchID? { if case .held(let touch) = self { touch } else { nil } }
    var hasWorld: Bool {
        switch self {
        case .held, .attracted, .falling: true
        case .resting, .culled, .lying: false
        }
    }
}

extension TileInput: DragInput {
    var kernelInput: KernelInput<TileDefinition> {
        switch self {
        case .touch(let e): .touch(e)
        case .dynamics(let d): .dynamics(d)
        case .reset(let id): .reset(id.rawValue)
        case .addTile(let t): .add(t)
        case .removeTile(let id): .remove(id.rawValue)
        }
    }

    func check() throws(FlingError) {}
}

extension TileEvent: DragEvent {
    static func wallContact(_ contact: Wall.Contact, of tile: TileID, tick: Int) -> TileEvent {
        TileEvent(tick: tick, tile: tile, kind: .wallContact(contact))
    }
}
