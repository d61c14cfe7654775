import FlingCore

extension Trace {
    /// The most simulation a trace may ask for, summed over its sessions: ticks × tiles
    /// (`⌊duration / tick⌋ × (tiles + tiles added)`). 10⁸ tile-ticks is an hour of 460 tiles at
    /// 60 Hz. A bound on the time
    /// and memory a replay of an untrusted file can take.
    public static let maximumTileTicks = 100_000_000.0
    /// The most inputs (touches and tile operations) a trace may hold, over all its sessions.
    public static let maximumInputs = 1_000_000

    /// Throws unless the trace stays within ``maximumTileTicks`` and ``maximumInputs``.
    func checkSize(locate: (Path) -> String) throws(FlingError) {
        var tileTicks = 0.0, inputs = 0
        for session in sessions {
            inputs += session.inputs.count
            let added = session.inputs.reduce(0) { n, i in if case .addTile = i.input { n + 1 } else { n } }
            tileTicks += (session.run.duration / session.configuration.drag.tick).rounded(.down) * Double(session.tiles.count + added)
        }
        guard inputs <= Self.maximumInputs else {
            throw FlingError(
                .outOfRange, field: locate(Path() / "scenes"), value: "\(inputs) inputs",
                reason: "a trace may hold at most \(Self.maximumInputs) inputs")
        }
        guard tileTicks <= Self.maximumTileTicks else {
            throw FlingError(
                .outOfRange, field: locate(Path() / "scenes"), value: "\(tileTicks) tile-ticks",
                reason: "a trace may ask for at most \(Int(Self.maximumTileTicks)) ticks × tiles over its sessions")
        }
    }
}
