// A tile animator's predictions (Kernel/DragAnimator+Prediction.swift).
import FlingCore

extension TileAnimator {
    /// Where and when the tile ends if nothing touches it again (``Prediction``), from the next
    /// tick on, looking ``DragSettings/predictionTicks`` ticks ahead (or 600 when it is nil):
    /// a released tile's outcome is the one its release carried, a held one stays held (its
    /// fingers where they are), one at rest is where it rests. Steps a copy of the tile's
    /// world; changes nothing (state, digest, events).
    ///
    /// Throws for an unknown tile, or over a backend that is not one of Fling's.
    public func predict(_ id: TileID) throws(FlingError) -> Prediction {
        try kernel.prediction(of: try kernel.index(of: id), budget: settings.predictionTicks ?? DragSettings.defaultPredictionTicks)
    }

    /// Whether the prediction the tile's last release carried still stands (no input acted
    /// on the tile since); nil for a tile removed.
    public func predictionStands(_ id: TileID) -> Bool? { kernel.stands(id.rawValue) }
}

extension TileAnimator {
    /// The tile's world now, if it has one (for the benchmark's stepping of one world alone).
    package func world(of id: TileID) -> WorldID? { kernel.world(of: id) }
}
