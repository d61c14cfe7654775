#if FLING_TESTABLE
import Fling
import FlingCLIKit
import Foundation
@testable import FlingCore

extension RandomWalkSelfTest {
    /// The dynamics through the animators, as an app would misuse them within and beyond their
    /// limits: a tile animator whose configuration has the viewport's edges and random walls, a
    /// material, fields and rest thresholds (some out of range: refused when it is made), tiles
    /// of every size with their own materials, touches, instantaneous and continuous pushes
    /// (forces and offsets at and past ``Limits/push`` and ``Limits/coordinate``), unknown
    /// push ids, field changes (some refused); then a chat heads animator pushed and under
    /// fields alike. Every state must stay finite, every refusal must be a thrown error.
    mutating func animatorDynamicsCase() throws {
        cases += 1
        let extent = pick([1e-3, 1.0, 400, logUniform(1e-3, 1e7), 1e7])
        let viewport = Rect(center: Vector(signed(1e6), signed(1e6)), width: extent, height: extent * pick([0.5, 1, 2]))
        var config = TileConfiguration()
        config.drag.tick = pick([1e-4, 0.1, 1.0 / 60, logUniform(1e-4, 0.1)])
        config.drag.maxDisplayFrameInterval = max(config.drag.tick, 0.25)
        config.gravity = pick([vector(Limits.gravity), Vector(0, 2000), .zero])
        config.releaseRule = pick([.alwaysAttract, .alwaysFall, .projectedDistance(lookahead: 0.15, radius: 100)])
        let translates = rng.next() % 3 != 0
        config.dynamics = randomDynamics(around: viewport.center, size: extent)
        config.dynamics.translatesReferenceBoundsIntoBoundary = translates
        config.settle.rest = TileConfiguration.RestThresholds(
            speed: pick([0, logUniform(1e-3, Limits.velocity)]), angularSpeed: pick([0, logUniform(1e-3, 1e6)]),
            ticks: pick([1, 15, Int(rng.next() % 1000) + 1]))
        var tiles: [TileDefinition] = []
        for id in 1...(Int(rng.next() % 3) + 1) {
            let w = pick([logUniform(1e-3, extent), logUniform(1e-3, 1e6)]), h = pick([w, logUniform(1e-3, 1e6)])
            let center = Vector(viewport.center.x + signed(extent / 2), viewport.center.y + signed(extent / 2))
            tiles.append(
                TileDefinition(
                    id: TileID(id), frame: Rect(center: center, width: w, height: h),
                    mass: logUniform(Limits.mass.lowerBound, Limits.mass.upperBound),
                    properties: rng.next() % 2 == 0 ? nil : properties()))
        }
        let backend = try kind.make(solverIterations: Int(rng.next() % 30) + 1)
        var animatorOrNil: TileAnimator?
        attempt("tile animator \(config.dynamics)") { () throws(FlingError) in
            animatorOrNil = try TileAnimator(viewport: viewport, tiles: tiles, configuration: config, backend: backend)
        }
        if let animator = animatorOrNil {
            var time = 0.0
            var pushes: [Push.ID] = []
            for frame in 0..<90 {
                time += config.drag.tick * pick([1, 2, 0.5])
                let tile = pick(tiles)
                switch rng.next() % 8 {
                case 0:
                    let p = Vector(tile.origin.x + signed(tile.frame.width), tile.origin.y + signed(tile.frame.height))
                    let touch = TouchID(frame)
                    attempt { () throws(FlingError) in try animator.handle(TouchEvent(time: time, touch: touch, phase: .began, position: p))
                    }
                    let q = Vector(p.x + signed(1e4), p.y + signed(1e4))
                    attempt { () throws(FlingError) in try animator.handle(TouchEvent(time: time, touch: touch, phase: .moved, position: q))
                    }
                    attempt { () throws(FlingError) in try animator.handle(TouchEvent(time: time, touch: touch, phase: .ended, position: q))
                    }
                case 1, 2:
                    let push = self.push(tile.frame)
                    attempt("push \(push) on \(tile.id)") { () throws(FlingError) in try animator.applyPush(push, to: tile.id) }
                case 3:
                    let push = self.push(tile.frame)
                    attempt("continuous \(push) on \(tile.id)") { () throws(FlingError) in
                        pushes.append(try animator.addPush(push, to: tile.id))
                    }
                case 4:
                    let id = rng.next() % 3 == 0 ? Push.ID(Int(rng.next() % 50)) : pushes.popLast() ?? Push.ID(0)
                    attempt("remove \(id)") { () throws(FlingError) in try animator.removePush(id) }
                case 5:
                    let fields = (0..<Int(rng.next() % 4)).map { _ in field(near: viewport.center) }
                    attempt("fields \(fields)") { () throws(FlingError) in try animator.setFields(fields) }
                case 6:
                    attempt { () throws(FlingError) in try animator.reset(tile.id) }
                default:
                    break
                }
                var events: [TileEvent] = []
                attempt("advance") { () throws(FlingError) in events = try animator.advance(to: time) }
                for e in events {
                    guard case .wallContact(let c) = e.kind else { continue }
                    contacts += 1
                    if !(c.impulse.isFinite && c.normal.isFinite && c.point.isFinite) {
                        throw RunError("selftest-backend: non-finite contact \(c) in animator dynamics case \(cases)")
                    }
                }
                steps += 1
            }
            for t in tiles {
                var snapshot: TileState?
                attempt { () throws(FlingError) in snapshot = try animator.state(of: t.id) }
                if let snapshot { try requireFinite(snapshot.state, "animator dynamics case \(cases), \(t.id)") }
            }
        }
        try pushedHeads(viewport)
    }

    /// Chat heads on `screen` with random dynamics, pushed at and past the limits.
    mutating func pushedHeads(_ screen: Rect) throws {
        var snap = SnapConfiguration()
        snap.dynamics = randomDynamics(around: screen.center, size: max(screen.width, screen.height))
        let backend = try kind.make()
        var headsOrNil: ChatHeads?
        let first = Vector(screen.minX, screen.center.y), second = Vector(screen.maxX, screen.center.y)
        attempt("chat heads \(snap.dynamics)") { () throws(FlingError) in
            headsOrNil = try ChatHeads(
                heads: [(1, first), (2, second)], configuration: ChatHeads.Configuration(screen: screen), snap: snap, backend: backend)
        }
        guard let heads = headsOrNil else { return }
        var time = 0.0
        for _ in 0..<60 {
            time += 1.0 / 60
            let head = SnapItem.ID(Int(rng.next() % 3) + 1)  // 3 is the panel
            let push = self.push(Rect(center: .zero, width: 60, height: 60))
            switch rng.next() % 4 {
            case 0: attempt("push \(push) on \(head)") { () throws(FlingError) in try heads.animator.applyPush(push, to: head) }
            case 1:
                let removes = rng.next() % 2 == 0
                attempt("continuous \(push) on \(head)") { () throws(FlingError) in
                    let id = try heads.animator.addPush(push, to: head)
                    if removes { try heads.animator.removePush(id) }
                }
            default: break
            }
            attempt("advance") { () throws(FlingError) in _ = try heads.advance(to: time) }
            steps += 1
        }
        for id in heads.zOrder.sorted() {
            var snapshot: SnapItemState?
            attempt { () throws(FlingError) in snapshot = try heads.animator.state(of: id) }
            if let snapshot { try requireFinite(snapshot.state, "pushed heads, case \(cases), \(id)") }
        }
    }

    /// Walls, a material and fields around `c`: in range mostly, past it now and then.
    mutating func randomDynamics(around c: Vector, size: Double) -> DynamicsSettings {
        var d = DynamicsSettings()
        if rng.next() % 2 == 0 { d.walls = (0..<Int(rng.next() % 4)).map { _ in wall(near: c, size: size) } }
        if rng.next() % 8 == 0 { d.walls = Array(repeating: Wall(from: c, to: Vector(c.x + 1, c.y)), count: 61) }
        if rng.next() % 3 != 0 { d.itemProperties = properties() }
        d.fields = (0..<Int(rng.next() % 3)).map { _ in field(near: c) }
        return d
    }

    mutating func properties() -> ItemProperties {
        ItemProperties(
            elasticity: pick([0, 1, unit(), 1.1]), friction: pick([0, unit(), 1e6, 2e6]),
            resistance: pick([0, logUniform(1e-6, 1e300)]), angularResistance: pick([0, logUniform(1e-6, 1e300)]),
            charge: pick([signed(1e6), 2e6]))
    }

    /// A push at and past the limits, at the center, in the item's box or far outside it.
    mutating func push(_ frame: Rect) -> Push {
        let offset = pick([
            Vector.zero, Vector((unit() - 0.5) * frame.width, (unit() - 0.5) * frame.height), vector(Limits.coordinate * 1.5),
        ])
        return Push(vector(pick([Limits.push, 2e12, 1e4])), at: offset)
    }
}
#endif
