// tile-bench --predictions: what a release's prediction costs, beside stepping one world for the
// same ticks. A tile animator on each backend, its tiles thrown over and over (a third sent home
// on their springs, two thirds flung off the screen, culled and reset), predictions on. After
// each display frame, for every tile let go in it: `predict(_:)` timed (the work a release's own
// prediction does, from the next tick: the item's world taken, restored into the scratch
// backend, stepped with the policy's rules until its outcome, freed); then, untimed, the same
// world restored into another backend of the same kind and stepped 5 ticks, and timed, that
// world stepped alone for as many ticks as the prediction looked at, its state read after each
// (what a live tick does to one world that has stepped before). Equal work on both sides but
// what a prediction adds: the copy in and out and the after-step rules. Medians over the
// releases after the first cycle (the scratch backend is made at the first prediction), their
// ratio, and the ratio of the totals.
import Fling

struct PredictionRow {
    var backend: String
    var releases: Int
    var medianPrediction: Double
    var medianStepping: Double
    var totalRatio: Double
    var medianRatio: Double { medianPrediction / medianStepping }
    var medianTicks: Int
}

enum PredictionBench {
    /// Every backend kind with world snapshots (chipmunk-shared's worlds share one space: the
    /// per-world layout stands for Chipmunk).
    static var kinds: [BackendKind] {
        BackendKind.available.filter { $0 != .chipmunkShared && ((try? $0.make()) is any SnapshotBackend) }
    }

    static func run(tiles n: Int, releases wanted: Int, quiet: Bool) throws -> [PredictionRow] {
        var rows: [PredictionRow] = []
        for kind in kinds {
            var configuration = TileConfiguration()
            configuration.drag.predictionTicks = 600
            let viewport = Rect(x: 0, y: 0, width: 390, height: 844)
            let tiles = (0..<n).map { i in
                TileDefinition(
                    id: TileID(i),
                    frame: Rect(center: Vector(60 + Double(i % 5) * 65, 120 + Double(i / 5 % 10) * 60), width: 50, height: 50))
            }
            let backend = try kind.make()
            let animator = try TileAnimator(viewport: viewport, tiles: tiles, configuration: configuration, backend: backend)
            animator.keepsDigest = false
            let dt = configuration.drag.tick
            let alone = try kind.make() as! any SnapshotBackend
            let warmup = 5
            var predictionNs: [UInt64] = [], steppingNs: [UInt64] = [], ticks: [Int] = []
            var k = 0
            while predictionNs.count < wanted {
                let t = Double(k) * dt
                // Each tile's cycle of 150 ticks: grabbed, dragged 4 ticks, let go; a third gently
                // (it springs home), the rest flung sideways (off the screen, culled, reset).
                for i in 0..<n {
                    let c = (k + i * 7) % 150
                    let home = tiles[i].origin
                    let fling = i % 3 == 0 ? Vector(5, 4) : Vector(i % 2 == 0 ? 12 : -12, -3)
                    switch c {
                    case 0: try? animator.handle(TouchEvent(time: t, touch: TouchID(i), phase: .began, position: home, item: TileID(i)))
                    case 1...4:
                        let p = home + fling * Double(c)
                        try? animator.handle(TouchEvent(time: t, touch: TouchID(i), phase: c == 4 ? .ended : .moved, position: p))
                    default: break
                    }
                }
                let events = try animator.advance(to: t + dt)
                for e in events where e.kind == .culled { try animator.reset(e.tile) }
                // The first cycle warms up (the scratch backend is made at the first prediction).
                for e in events where k >= 150 {
                    guard case .released = e.kind, let world = animator.world(of: e.tile) else { continue }
                    let t0 = monotonicNanoseconds()
                    let p = try animator.predict(e.tile)
                    let t1 = monotonicNanoseconds()
                    let count: Int
                    if case .notWithin(let n) = p.outcome { count = n } else { count = p.tick - animator.clock.ticks + 1 }
                    // The same world alone in a backend of the same kind, warmed first by a few
                    // untimed steps (a live world has stepped before: a fresh Chipmunk space
                    // allocates its contact buffers in its first steps), then stepped as many
                    // ticks as the prediction looked at, its state read after each.
                    guard let live = backend as? any SnapshotBackend else { continue }
                    let copy = try alone.restore(try live.snapshot(of: world))
                    for _ in 0..<warmup { try alone.step(by: dt) }
                    let s0 = monotonicNanoseconds()
                    for _ in 0..<count {
                        try alone.step(by: dt)
                        _ = try alone.state(of: copy)
                    }
                    let s1 = monotonicNanoseconds()
                    try alone.destroyWorld(copy)
                    predictionNs.append(t1 - t0)
                    steppingNs.append(s1 - s0)
                    ticks.append(count)
                }
                k += 1
            }
            func median(_ xs: [UInt64]) -> Double { Double(xs.sorted()[xs.count / 2]) }
            let row = PredictionRow(
                backend: kind.rawValue, releases: predictionNs.count, medianPrediction: median(predictionNs),
                medianStepping: median(steppingNs), totalRatio: Double(predictionNs.reduce(0, +)) / Double(steppingNs.reduce(0, +)),
                medianTicks: ticks.sorted()[ticks.count / 2])
            if !quiet { printError("predictions on \(kind.rawValue): \(row.releases) releases") }
            rows.append(row)
        }
        return rows
    }

    static func table(_ rows: [PredictionRow], tiles: Int) -> String {
        var out = "predictions: \(tiles) tiles thrown over and over; per release, predict(_:) against stepping the same world alone "
        out += "for the same ticks (medians over the releases, their ratio, and the ratio of the totals)\n"
        out += "backend          releases  ticks  ns/prediction  ns stepping one world  ratio  of totals\n"
        for r in rows {
            out +=
                pad(r.backend, 15, left: true) + pad("\(r.releases)", 10) + pad("\(r.medianTicks)", 7)
                + pad(fixed(r.medianPrediction, 0), 15) + pad(fixed(r.medianStepping, 0), 23)
                + pad(fixed(r.medianRatio, 2), 7) + pad(fixed(r.totalRatio, 2), 11) + "\n"
        }
        return out
    }
}

extension PredictionBench {
    /// `--prediction-alloc-check T`: one tile held by a finger against the bottom edge of its
    /// viewport's walls, in a noise field, on `kind`; a first `predict(_:)` (which makes the
    /// scratch backend) and then a second, each stepping T ticks (a held tile has no outcome).
    /// A heap profiler's totals for two T differ by what a predicted tick allocates.
    static func allocCheck(ticks: Int, kind: BackendKind) throws {
        var configuration = TileConfiguration()
        configuration.drag.predictionTicks = ticks
        configuration.dynamics.translatesReferenceBoundsIntoBoundary = true
        configuration.dynamics.fields = [Field(.noise(smoothness: 0.5, animationSpeed: 1), strength: 300, seed: 7)]
        let viewport = Rect(x: 0, y: 0, width: 390, height: 844)
        let tile = TileDefinition(id: TileID(0), frame: Rect(center: Vector(195, 700), width: 80, height: 80))
        let animator = try TileAnimator(viewport: viewport, tiles: [tile], configuration: configuration, backend: try kind.make())
        let dt = configuration.drag.tick
        try animator.handle(TouchEvent(time: 0, touch: TouchID(1), phase: .began, position: Vector(195, 700), item: TileID(0)))
        try animator.handle(TouchEvent(time: dt, touch: TouchID(1), phase: .moved, position: Vector(215, 830)))
        _ = try animator.advance(to: 30 * dt)
        _ = try animator.predict(TileID(0))
        let p = try animator.predict(TileID(0))
        print(
            "prediction-alloc-check: \(kind.rawValue), predictionTicks \(pad(String(ticks), 8)): \(p.outcome == .notWithin(ticks: ticks) ? "held" : "ENDED"), at y \(fixed(p.pose.position.y, 1, width: 8))"
        )
    }
}
