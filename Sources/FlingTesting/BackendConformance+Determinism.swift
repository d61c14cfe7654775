// The determinism clauses: the busy script's bits again on the same backend and on a fresh one
// (sameBitsTwice), and each of its worlds the same alone, among the others, and among them made
// in the reverse order (worldsIndependent).
import Fling

extension BackendConformance {
    static func sameBitsTwice(_ f: Factory) throws(Failed) {
        let tracks = busyTracks
        let backend = try f.fresh()
        let first = try play(tracks, ticks: busyTicks, dt: dt60, on: backend, f, readsToo: true)
        for w in first.live {
            try f.accepted("destroyWorld(\(w)) after the first run") { () throws(FlingError) in try backend.destroyWorld(w) }
        }
        guard backend.worldCount == 0 else {
            throw f.fail(field: "worldCount", "is \(backend.worldCount) once every world of the first run was destroyed, not 0")
        }
        let second = try play(tracks, ticks: busyTicks, dt: dt60, on: backend, f, readsToo: true)
        try compare(second, with: first, tracks, "a second run on the same backend (the first run's worlds destroyed)", f)
        let third = try play(tracks, ticks: busyTicks, dt: dt60, on: try f.fresh(), f)
        try compare(third, with: first, tracks, "a run on a fresh backend", f)
    }

    static func worldsIndependent(_ f: Factory) throws(Failed) {
        let tracks = busyTracks
        let together = try play(tracks, ticks: busyTicks, dt: dt60, on: try f.fresh(), f)
        let reversed = try play(tracks, order: Array(tracks.indices.reversed()), ticks: busyTicks, dt: dt60, on: try f.fresh(), f)
        try compare(
            reversed, with: together, tracks, "the script with its worlds made in the reverse order", against: "the script in order", f)
        // Each world alone, made at tick 0 of a backend of its own, for as long as it lived.
        for k in tracks.indices {
            var alone = tracks[k]
            let lifetime = (alone.dies ?? busyTicks) - alone.born
            alone.dies = alone.dies.map { $0 - alone.born }
            alone.born = 0
            let solo = try play([alone], ticks: lifetime, dt: dt60, on: try f.fresh(), f)
            let reference = Played(states: [together.states[k]], outcomes: [together.outcomes[k]], ids: [together.ids[k]])
            try compare(
                solo, with: reference, [alone], "world \(k) alone in a backend of its own", against: "the whole script", numbers: [k], f)
        }
    }
}
