// What a property is checked over: a scene (the tiles, the viewport, the physics, as a trace
// document's session holds them) and the calls an app makes on its animator, in order. A session
// is data, so it can be generated from a seed, played on any backend, shrunk, and written as a
// trace document once played.
import Fling
import FlingTraces

/// Where gestures happen: a tile animator's viewport, tiles and configuration, and the solver
/// iterations of its backend (what a session of a trace document holds); or chat heads (a sun
/// switch) over a snap animator, as a snap scene document holds them (``chatHeads``,
/// ``init(sceneDocument:)``).
public struct GestureScene: Hashable, Sendable {
    var viewport: Rect
    var tiles: [TileDefinition]
    var configuration: TileConfiguration
    var solverIterations: Int
    /// The snap scene (chat heads, a sun switch; its inputs left out); nil for a tile scene.
    var snap: SnapSpec?

    /// A scene of `tiles` in `viewport`. Throws when the animator would refuse it.
    public init(viewport: Rect, tiles: [TileDefinition], configuration: TileConfiguration = .init(), solverIterations: Int = 10)
        throws(FlingError)
    {
        self.viewport = viewport
        self.tiles = tiles
        self.configuration = configuration
        self.solverIterations = solverIterations
        try Trace.Session(
            viewport: viewport, tiles: tiles, configuration: configuration, solverIterations: solverIterations, events: []
        ).validate()
        guard !tiles.isEmpty else {
            throw FlingError(.malformedInput, field: "GestureScene.tiles", value: "[]", reason: "a scene needs a tile to touch")
        }
    }

    /// The scene of a trace document's session `session` (from 0): its viewport, tiles,
    /// configuration and solver iterations; its inputs are left out.
    public init(trace: Trace, session: Int = 0) throws(FlingError) {
        guard trace.sessions.indices.contains(session) else {
            throw FlingError(
                .outOfRange, field: "GestureScene(trace:session:)", value: "\(session)",
                reason: "the trace has \(trace.sessions.count) scene(s)")
        }
        let s = trace.sessions[session]
        do {
            try self.init(
                viewport: s.viewport, tiles: s.tiles, configuration: s.configuration, solverIterations: s.solverIterations)
        } catch {
            throw FlingError(error.code, field: "scenes[\(session)] (\(error.field))", value: error.value, reason: error.reason)
        }
    }

    static let phone = Rect(x: 0, y: 0, width: 390, height: 844)

    /// Three photo tiles on a phone screen, Fling's default configuration: released near home a
    /// tile springs back, elsewhere it falls and is culled off screen.
    public static var photoTiles: GestureScene {
        let tiles = [
            TileDefinition(id: 1, frame: Rect(x: 20, y: 120, width: 160, height: 160), mass: 1),
            TileDefinition(id: 2, frame: Rect(x: 210, y: 120, width: 160, height: 160), mass: 1),
            TileDefinition(id: 3, frame: Rect(x: 115, y: 420, width: 160, height: 200), mass: 1.5),
        ]
        return GestureScene(unchecked: phone, tiles, TileConfiguration())
    }

    /// The photo tiles in a closed room, with a small square (a 40-pt thumbnail) and a plank
    /// (a 110 × 6 bar): the screen's edges are walls (UIKit Dynamics'
    /// `translatesReferenceBoundsIntoBoundary`), tiles bounce off them and come to rest, and
    /// sessions add pushes and change fields as they go. The small square and the plank are the
    /// shapes that froze against walls before the sweep rebounded (docs/DYNAMICS.md): a room
    /// of large tiles alone seldom meets what walls do to small and long items.
    public static var room: GestureScene {
        var scene = photoTiles
        scene.tiles += [
            TileDefinition(id: 4, frame: Rect(x: 40, y: 700, width: 40, height: 40), mass: 0.2),
            TileDefinition(id: 5, frame: Rect(x: 230, y: 720, width: 110, height: 6), mass: 0.3),
        ]
        scene.configuration.dynamics.translatesReferenceBoundsIntoBoundary = true
        scene.configuration.dynamics.itemProperties = ItemProperties(elasticity: 0.4, friction: 0.3)
        scene.configuration.settle.rest = TileConfiguration.RestThresholds(speed: 20, angularSpeed: 0.2, ticks: 6)
        return scene
    }

    init(unchecked viewport: Rect, _ tiles: [TileDefinition], _ configuration: TileConfiguration) {
        self.viewport = viewport
        self.tiles = tiles
        self.configuration = configuration
        self.solverIterations = 10
        self.snap = nil
    }

    /// Whether the viewport's edges are walls (a snap scene: whether it has walls): nothing may
    /// leave it.
    public var isClosed: Bool {
        if let snap { return !snap.dynamics.walls.isEmpty }
        return configuration.dynamics.translatesReferenceBoundsIntoBoundary
    }

    /// What no center may leave in a closed scene: the viewport, or the box around a snap
    /// scene's walls (until the session changes them: ``Played/room(at:_:)``).
    var room: Rect {
        guard let walls = snap?.dynamics.walls, !walls.isEmpty else { return viewport }
        return Self.box(around: walls)
    }

    /// The box around the walls' segments (`walls` not empty).
    static func box(around walls: [Wall]) -> Rect {
        var lo = walls[0].start, hi = walls[0].start
        for w in walls {
            for p in [w.start, w.end] {
                lo = Vector(min(lo.x, p.x), min(lo.y, p.y))
                hi = Vector(max(hi.x, p.x), max(hi.y, p.y))
            }
        }
        return Rect(x: lo.x, y: lo.y, width: hi.x - lo.x, height: hi.y - lo.y)
    }

    /// The walls of a tile scene's animator (the viewport's edges first, when closed).
    var walls: [Wall] {
        (configuration.dynamics.translatesReferenceBoundsIntoBoundary ? Wall.edges(of: viewport) : []) + configuration.dynamics.walls
    }

    /// Whether sessions in it may push items and change fields (it has walls or fields).
    var hasDynamics: Bool {
        if let snap { return !snap.dynamics.isEmpty }
        return !configuration.dynamics.isEmpty || isClosed
    }

    /// What sessions touch and push: each tile, head or knob, its id, center and half size.
    var targets: [(id: Int, center: Vector, half: Vector)] {
        if let snap { return snap.targets }
        return tiles.map { (id: $0.id.rawValue, center: $0.origin, half: Vector($0.frame.width / 2, $0.frame.height / 2)) }
    }

    /// `tile` or `head`.
    var itemNoun: String { snap?.itemNoun ?? "tile" }
}

/// A scene and the calls an app makes on its `TileAnimator` (or a snap scene's `SnapAnimator`), in
/// the order it makes them: touches (with their own times), display frames, pushes and field
/// changes.
///
/// Times are seconds from the animator's time origin, 0. A touch is handed in when its action
/// comes: one whose time a display frame has already passed is late (the animator applies it at
/// the next tick), one between two display frames is between them.
public struct TouchSession: Hashable, Sendable {
    /// One call on the animator.
    public enum Action: Hashable, Sendable {
        /// `TileAnimator.handle(_:)`.
        case touch(TouchEvent)
        /// A display frame: `TileAnimator.advance(to:)`.
        case displayFrame(Double)
        /// An instantaneous push: `TileAnimator.applyPush(_:to:)` (in a snap scene, the
        /// `SnapAnimator`'s, to the item of the same id).
        case push(Push, TileID)
        /// A continuous push: `TileAnimator.addPush(_:to:)` (the animator numbers them 1, 2, …).
        case addPush(Push, TileID)
        /// `TileAnimator.removePush(_:)` of a continuous push still on (none on: nothing).
        case removePush(Push.ID)
        /// `TileAnimator.setFields(_:)`.
        case setFields([Field])
        /// `TileAnimator.setWalls(_:)` (in a snap scene, the `SnapAnimator`'s).
        case setWalls([Wall])
    }

    /// Where the session happens.
    public var scene: GestureScene
    /// The calls, in order.
    public var actions: [Action]

    public init(scene: GestureScene, actions: [Action]) {
        self.scene = scene
        self.actions = actions
    }

    /// The distinct touches (fingers put down).
    public var touchCount: Int { touchIDs.count }

    /// The touch events.
    public var sampleCount: Int { actions.reduce(0) { if case .touch = $1 { $0 + 1 } else { $0 } } }

    /// The pushes, field changes and wall changes.
    public var dynamicsCount: Int {
        actions.reduce(0) {
            switch $1 {
            case .touch, .displayFrame: $0
            case .push, .addPush, .removePush, .setFields, .setWalls: $0 + 1
            }
        }
    }

    /// The last display frame's or touch's time.
    public var duration: Double {
        actions.reduce(0) {
            switch $1 {
            case .displayFrame(let t): max($0, t)
            case .touch(let e): max($0, e.time)
            default: $0
            }
        }
    }

    /// The touch ids in the order they first appear.
    var touchIDs: [TouchID] {
        var seen: [TouchID] = []
        for case .touch(let e) in actions where e.phase == .began && !seen.contains(e.touch) { seen.append(e.touch) }
        return seen
    }

    /// `3 touches (41 samples), 2 pushes or field changes, 2 tiles, 1.9 s`.
    public var summary: String {
        "\(touchCount) touch\(touchCount == 1 ? "" : "es") (\(sampleCount) samples), \(dynamicsCount) pushes or field changes, "
            + "\(scene.targets.count) \(scene.itemNoun)\(scene.targets.count == 1 ? "" : "s"), \(duration.rounded(toPlaces: 3)) s"
    }
}

extension Double {
    func rounded(toPlaces n: Int) -> Double {
        let scale = [1.0, 10, 100, 1000, 10_000, 100_000][Swift.min(n, 5)]
        return (self * scale).rounded() / scale
    }
}
