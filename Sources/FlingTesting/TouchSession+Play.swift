// A session played live, as an app would: a fresh animator over a fresh backend, recorded by a
// TraceRecorder, every tick's states kept as `onTick` reports them. After the session's last
// call the app lets go of what it still does (continuous pushes off, the scene's own fields
// back) and frames keep coming at 60 Hz until no tile has a world or the settle budget runs
// out: so every property sees each motion to its end, and the recording holds that end too.
import Fling
import FlingTraces

/// A session's live run: its recording, its ticks and events.
struct Played {
    var recording: Recording
    var ticks: [TraceReplay.TickState] = []
    var events: [AnyEvent] = []
    /// What `advance` threw (a push the backend refused fails its tick; the next call goes on).
    var refusals: [String] = []
    /// The tiles that still had a world when the settle budget ran out.
    var stillMoving: [TileID] = []
    /// The ticks the session's own calls stepped (the settling after them not counted).
    var sessionTicks = 0
    /// The arithmetic of the backend it ran on.
    var arithmetic: Arithmetic
    /// The rooms the session's wall changes made (the box around the walls), each with the
    /// first tick it holds for; before the first, the scene's own.
    var rooms: [(tick: Int, room: Rect)] = []

    /// The room at tick `k`.
    func room(at k: Int, _ scene: GestureScene) -> Rect { rooms.last { $0.tick <= k }?.room ?? scene.room }
}

/// A live run's recording: a trace document (a tile scene) or a snap scene document.
enum Recording {
    case trace(Trace)
    case snap(any FlingDocument)
}

/// A tile's or a snap item's event, as the properties compare them (by value).
enum AnyEvent: Hashable, CustomStringConvertible {
    case tile(TileEvent)
    case snap(SnapEvent)

    var tick: Int {
        switch self {
        case .tile(let e): e.tick
        case .snap(let e): e.tick
        }
    }

    var item: Int? {
        switch self {
        case .tile(let e): e.tile.rawValue
        case .snap(let e): e.item?.rawValue
        }
    }

    var description: String {
        switch self {
        case .tile(let e): "\(e)"
        case .snap(let e): "\(e)"
        }
    }
}

/// Why a session could not be played: a call the animator refused (a shrunk session whose
/// touches no longer make sense), not a property's failure.
struct Unplayable: Error {
    var error: FlingError
}

extension TouchSession {
    /// Plays the session live on a backend from `makeBackend`, then lets it settle for up to
    /// `settleBudget` seconds.
    func play(settleBudget: Double, makeBackend: MakeBackend) throws(Unplayable) -> Played {
        do {
            if let snap = scene.snap { return try playing(snap, settleBudget: settleBudget, makeBackend: makeBackend) }
            return try playing(settleBudget: settleBudget, makeBackend: makeBackend)
        } catch {
            throw Unplayable(error: error)
        }
    }

    private func playing(settleBudget: Double, makeBackend: MakeBackend) throws(FlingError) -> Played {
        let backend = try makeBackend(scene.solverIterations)
        let animator = try TileAnimator(
            viewport: scene.viewport, tiles: scene.tiles, configuration: scene.configuration, backend: backend)
        let recorder = try TraceRecorder(recording: animator)
        var ticks: [TraceReplay.TickState] = []
        var events: [TileEvent] = []
        var refusals: [String] = []
        animator.onTick = { k, states in
            ticks.append(TraceReplay.TickState(tick: k, tiles: states.map { TraceReplay.TileState(id: $0.0, state: $0.1) }))
        }
        defer { animator.onTick = nil }
        var display = 0.0
        func advance(_ t: Double) {
            display = max(display, t)
            while true {
                do {
                    events += try animator.advance(to: display)
                    return
                } catch {
                    refusals.append("\(error)")
                }
            }
        }
        let wallsChanged = try animator.play(
            actions, handle: { e throws(FlingError) in try animator.handle(e) }, frame: advance,
            fields: scene.configuration.dynamics.fields, walls: scene.walls)
        let sessionTicks = ticks.count
        animator.settle(after: display, budget: settleBudget, frame: advance) { animator.liveTileCount > 0 || !animator.isDrained }
        var played = Played(
            recording: .trace(try recorder.trace()), ticks: ticks, events: events.map(AnyEvent.tile), refusals: refusals,
            arithmetic: backend.arithmetic)
        played.sessionTicks = sessionTicks
        // Each wall change from the tick the recording says it was applied at (it waits behind
        // the touches handed in before it).
        if case .trace(let trace) = played.recording, wallsChanged {
            for i in trace.sessions[0].inputs {
                if case .dynamics(.setWalls(let w)) = i.input, let tick = i.tick {
                    played.rooms.append((tick, GestureScene.box(around: w)))
                }
            }
        }
        if animator.liveTileCount > 0 {
            played.stillMoving = animator.tileIDs.filter { (try? animator.state(of: $0))?.isLive == true }
        }
        return played
    }
}

/// Makes a backend, given the solver iterations the scene asks for.
package typealias MakeBackend = ReplayOptions.MakeBackend

extension DragAnimator {
    /// Plays a session's actions as an app makes its calls (`handle` a touch, `frame` a display
    /// frame, pushes by the item's raw id), then lets go: continuous pushes off, and the scene's
    /// `fields` and `walls` back where the session changed them. Returns whether it changed the
    /// walls.
    func play(
        _ actions: [TouchSession.Action], handle: (TouchEvent) throws(FlingError) -> Void, frame: (Double) -> Void,
        fields: [Field], walls: [Wall]
    ) throws(FlingError) -> Bool {
        var fieldsChanged = false, wallsChanged = false
        // The continuous pushes on, in the order added (a session removes no item, so none
        // goes but by removePush); a removal of one not on (its addition shrunk away) is skipped.
        var pushes: [Push.ID] = []
        for action in actions {
            switch action {
            case .touch(let e): try handle(e)
            case .displayFrame(let t): frame(t)
            case .push(let p, let id): try applyPush(p, to: Identifier(id.rawValue))
            case .addPush(let p, let id): pushes.append(try addPush(p, to: Identifier(id.rawValue)))
            case .removePush(let id):
                if let k = pushes.firstIndex(of: id) {
                    try removePush(id)
                    pushes.remove(at: k)
                }
            case .setFields(let f):
                try setFields(f)
                fieldsChanged = true
            case .setWalls(let w):
                try setWalls(w)
                wallsChanged = true
            }
        }
        for id in pushes { try removePush(id) }
        if fieldsChanged { try setFields(fields) }
        if wallsChanged { try setWalls(walls) }
        return wallsChanged
    }

    /// Frames at 60 Hz after the display time `display` while `busy` says the animator still
    /// moves something, for at most `budget` seconds.
    func settle(after display: Double, budget: Double, frame: (Double) -> Void, busy: () -> Bool) {
        var t = display
        repeat {
            t += 1.0 / 60
            frame(t)
        } while t < display + budget && busy()
    }
}
