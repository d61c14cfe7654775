import FlingCore

extension Trace {
    /// The most simulation a trace may ask for, summed over its sessions: ticks × tiles
    /// (`⌊duration / tick⌋ × (tiles + tiles added)`), 10⁷: an hour of 46 tiles at 60 Hz, or
    /// 10,000 ticks of 1,000. A bound on the time and memory a replay of an untrusted file can
    /// take (docs/BAD-INPUT.md gives the slowest accepted trace's time and memory).
    static let maximumTileTicks = 10_000_000.0
    /// The most inputs (touches and tile operations) a trace may hold, over all its scenes.
    static let maximumInputs = 1_000_000

    /// The work budget of a trace (its registration's ``Documents/Kind/budget``): ticks × tiles
    /// over its sessions, at most ``maximumTileTicks``.
    static let tileTickBudget = WorkBudget("Trace.tileTickBudget", unit: "tile-ticks", limit: maximumTileTicks)

    /// The simulation the trace asks for: `⌊duration / tick⌋ × (tiles + tiles added)`, summed
    /// over its sessions (checked against ``tileTickBudget``).
    var tileTicks: Double {
        var tileTicks = 0.0
        for s in sessions {
            let added = s.inputs.reduce(0) { n, i in if case .addTile = i.input { n + 1 } else { n } }
            tileTicks += (s.run.duration / s.configuration.drag.tick).rounded(.down) * Double(s.tiles.count + added)
        }
        return tileTicks
    }

    /// Throws unless the trace stays within ``maximumInputs`` and (unless `tileTicks` is false)
    /// ``tileTickBudget``.
    func checkSize(tileTicks checksTileTicks: Bool = true, locate: (Path) -> String) throws(FlingError) {
        let inputs = sessions.reduce(0) { $0 + $1.inputs.count }
        guard inputs <= Self.maximumInputs else {
            throw FlingError(
                .outOfRange, field: locate(Path() / "scenes"), value: "\(inputs) inputs",
                reason: "a trace may hold at most \(Self.maximumInputs) inputs")
        }
        if checksTileTicks { try Self.tileTickBudget.check(tileTicks, locate(Path() / "scenes")) }
    }
}
