// A session played live, as an app would: a fresh animator over a fresh backend, recorded by a
// TraceRecorder, every tick's states kept as `onTick` reports them. After the session's last
// call the app lets go of what it still does (continuous pushes off, the scene's own fields
// back) and frames keep coming at 60 Hz until no tile has a world or the settle budget runs
// out: so every property sees each motion to its end, and the recording holds that end too.
import Fling

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
    case snap(any SnapRecording)
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
        let animator = try TileAnimator(
            viewport: scene.viewport, tiles: scene.tiles, configuration: scene.configuration,
            backend: try makeBackend(scene.solverIterations))
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
        var fieldsChanged = false
        var wallsChanged = false
        for action in actions {
            switch action {
            case .touch(let e): try animator.handle(e)
            case .frame(let t): advance(t)
            case .push(let p, let id): try animator.applyPush(p, to: id)
            case .addPush(let p, let id): _ = try animator.addPush(p, to: id)
            case .removePush(let id): if animator.continuousPushes.contains(id) { try animator.removePush(id) }
            case .setFields(let f):
                try animator.setFields(f)
                fieldsChanged = true
            case .setWalls(let w):
                try animator.setWalls(w)
                wallsChanged = true
            }
        }
        let sessionTicks = ticks.count
        // The app lets go: continuous pushes off, the scene's fields and walls back; then frames
        // until idle.
        for id in animator.continuousPushes { try animator.removePush(id) }
        if fieldsChanged { try animator.setFields(scene.configuration.dynamics.fields) }
        if wallsChanged { try animator.setWalls(scene.walls) }
        let frame = 1.0 / 60
        let last = display + settleBudget
        var t = display
        repeat {
            t += frame
            advance(t)
        } while t < last && (animator.liveTileCount > 0 || !animator.isDrained)
        var played = Played(
            recording: .trace(try recorder.trace()), ticks: ticks, events: events.map(AnyEvent.tile), refusals: refusals,
            arithmetic: animator.backend.arithmetic)
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
            played.stillMoving = animator.tileIDs.filter { (try? animator.snapshot(of: $0))?.isLive == true }
        }
        return played
    }
}

/// Makes a backend, given the solver iterations the scene asks for.
package typealias MakeBackend = ReplayOptions.MakeBackend
