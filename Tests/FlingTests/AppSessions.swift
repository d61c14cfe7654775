import Fling
import FlingTraces
@testable import FlingInteraction

/// A random app session of the replay contract's kind (ReplayContractTests: touches at any
/// times, late and inside stalled frames, several fingers, cancels, resets, tiles added and
/// removed; walls, materials, fields changed at run time, pushes), as data: a list of the
/// calls the app makes, which can be played on any tile animator, from any point.
struct AppSession {
    enum Action {
        case touch(TouchEvent)
        /// A display frame, relative to the time origin.
        case frame(Double)
        case reset(TileID)
        case add(TileDefinition)
        case remove(TileID)
        case push(Push, TileID)
        case addPush(Push, TileID)
        /// Removes the push the app's `n`th ``addPush(_:_:)`` made (from 1, the push's id).
        case removePush(Push.ID)
        case fields([Field])
    }

    var tiles: [TileDefinition]
    var configuration: TileConfiguration
    var origin: Double
    var actions: [Action]

    func animator(_ kind: BackendKind) throws -> TileAnimator {
        try TileAnimator(viewport: phone, tiles: tiles, configuration: configuration, backend: try kind.make(), timeOrigin: origin)
    }

    static func random(seed: UInt64) -> AppSession {
        var rng = SplitMix64(state: seed)
        var d = SplitMix64(state: seed ^ 0xD1_7A_41C5)

        var tiles: [TileDefinition] = []
        var dealer = TileDealer()
        func newTile() -> TileDefinition {
            let center = Vector(rng.uniform(40...350), rng.uniform(60...780))
            let w = rng.uniform(40...200), h = rng.uniform(40...200)
            return dealer.deal(Rect(center: center, width: w, height: h), mass: rng.uniform(0.2...5))
        }
        for _ in 0..<Int(rng.uniform(1...4.99)) { tiles.append(newTile()) }
        var configuration = TileConfiguration()
        if rng.chance(0.3) { configuration.drag.tick = [1.0 / 120, 1.0 / 30, 1.0 / 90][Int(rng.uniform(0...2.99))] }
        if rng.chance(0.3) { configuration.drag.fingersPerItem = 2 }
        ReplayContractTests.randomDynamics(&d, &configuration)
        let dynamic = configuration.dynamics.translatesReferenceBoundsIntoBoundary || !configuration.dynamics.isEmpty
        for t in tiles.indices where dynamic && d.chance(0.3) {
            tiles[t].properties = ItemProperties(elasticity: d.uniform(0...1), friction: d.uniform(0...1), resistance: d.uniform(0...2))
        }
        var session = AppSession(
            tiles: tiles, configuration: configuration, origin: rng.chance(0.5) ? 0 : rng.uniform(1_000...500_000), actions: [])
        var live = tiles
        var pushes: [(id: Push.ID, tile: TileID)] = []
        var nextPush = 1
        let walled = !configuration.dynamics.walls(in: phone).isEmpty
        let hz = [30.0, 60, 120, 144, 240][Int(rng.uniform(0...4.99))]
        let jitter = rng.chance(0.5)
        var display = 0.0, lastEvent = 0.0
        var down: [(touch: TouchID, at: Vector)] = []
        var nextTouch = 1
        let end = rng.uniform(1.5...4) + (walled ? d.uniform(1...4) : 0)
        while display < end {
            var interval = (jitter ? rng.uniform(0.25...1.75) : 1) / hz
            let stall = rng.chance(0.03)
            if stall { interval = rng.uniform(0.3...1.5) }
            let frame = display + interval
            var times: [Double] = []
            for _ in 0..<Int(rng.uniform(0...3.99)) {
                times.append(
                    rng.chance(0.15) ? rng.uniform(max(lastEvent, display - 0.2)...max(lastEvent, display)) : rng.uniform(display...frame))
            }
            for t0 in times.sorted() {
                let t = max(t0, lastEvent)
                if down.count < 3, rng.chance(0.35) {
                    let target = live.isEmpty ? nil : live[Int(rng.uniform(0...Double(live.count) - 0.01))]
                    let at =
                        target.map { $0.origin + Vector(rng.uniform(-30...30), rng.uniform(-30...30)) }
                        ?? Vector(rng.uniform(0...390), rng.uniform(0...844))
                    let touch = TouchID(nextTouch)
                    nextTouch += 1
                    session.actions.append(
                        .touch(
                            TouchEvent(
                                time: session.origin + t, touch: touch, phase: .began, position: at,
                                item: rng.chance(0.3) ? target?.id : nil)))
                    down.append((touch, at))
                } else if !down.isEmpty {
                    let k = Int(rng.uniform(0...Double(down.count) - 0.01))
                    let r = rng.unit()
                    if r < 0.75 {
                        down[k].at = down[k].at + Vector(rng.uniform(-60...60), rng.uniform(-60...90))
                        session.actions.append(
                            .touch(TouchEvent(time: session.origin + t, touch: down[k].touch, phase: .moved, position: down[k].at)))
                    } else {
                        session.actions.append(
                            .touch(
                                TouchEvent(
                                    time: session.origin + t, touch: down[k].touch, phase: r > 0.95 ? .cancelled : .ended,
                                    position: down[k].at)))
                        down.remove(at: k)
                    }
                }
                lastEvent = t
            }
            if !live.isEmpty, rng.chance(0.02) { session.actions.append(.reset(live[Int(rng.uniform(0...Double(live.count) - 0.01))].id)) }
            if live.count < 6, rng.chance(0.01) {
                let t = newTile()
                live.append(t)
                session.actions.append(.add(t))
            }
            if live.count > 1, rng.chance(0.006) {
                let t = live.remove(at: Int(rng.uniform(0...Double(live.count) - 0.01)))
                session.actions.append(.remove(t.id))
                pushes.removeAll { $0.tile == t.id }
            }
            if dynamic, !live.isEmpty {
                func anyTile() -> TileID { live[Int(d.next() % UInt64(live.count))].id }
                func push() -> Push {
                    Push(Vector(d.uniform(-900...900), d.uniform(-1500...600)), at: Vector(d.uniform(-30...30), d.uniform(-30...30)))
                }
                if d.chance(0.03) { session.actions.append(.push(push(), anyTile())) }
                if d.chance(0.01) {
                    let tile = anyTile()
                    session.actions.append(.addPush(push(), tile))
                    pushes.append((Push.ID(nextPush), tile))
                    nextPush += 1
                }
                if !pushes.isEmpty, d.chance(0.015) {
                    session.actions.append(.removePush(pushes.remove(at: Int(d.next() % UInt64(pushes.count))).id))
                }
                if d.chance(0.005) {
                    session.actions.append(.fields((0..<Int(d.next() % 3)).map { _ in ReplayContractTests.randomField(&d) }))
                }
            }
            session.actions.append(.frame(frame))
            display = frame
        }
        return session
    }

    /// What an animator gave for some of the session's actions: every tick's states (as
    /// ``DragAnimator/onTick`` reports them), the events and the errors `advance` threw.
    struct Played {
        var ticks: [TraceReplay.TickState] = []
        var events: [TileEvent] = []
        var errors: [String] = []
    }

    /// Plays `actions` on `animator` (its `onTick` is taken for the record).
    func play(_ actions: ArraySlice<Action>, on animator: TileAnimator) throws -> Played {
        var played = Played()
        animator.onTick = { k, states in
            played.ticks.append(TraceReplay.TickState(tick: k, tiles: states.map { TraceReplay.TileState(id: $0.0, state: $0.1) }))
        }
        defer { animator.onTick = nil }
        for action in actions {
            switch action {
            case .touch(let e): try animator.handle(e)
            case .frame(let t):
                // A push the backend refuses fails its tick; the next call steps the rest.
                while true {
                    do {
                        played.events += try animator.advance(to: origin + t)
                        break
                    } catch {
                        played.errors.append("\(error)")
                    }
                }
            case .reset(let id): try animator.reset(id)
            case .add(let t): try animator.addTile(t)
            case .remove(let id): try animator.removeTile(id)
            case .push(let p, let id): try animator.applyPush(p, to: id)
            case .addPush(let p, let id): try animator.addPush(p, to: id)
            case .removePush(let id): if animator.continuousPushes.contains(id) { try animator.removePush(id) }
            case .fields(let f): try animator.setFields(f)
            }
        }
        return played
    }
}
