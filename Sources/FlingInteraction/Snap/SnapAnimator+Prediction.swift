// A snap animator's predictions (Kernel/DragAnimator+Prediction.swift).
import FlingCore

extension SnapAnimator {
    /// Where and when the item ends if nothing touches it again (``Prediction``): the resting
    /// place it settles on and when, as ``TileAnimator/predict(_:)`` says of a tile. A
    /// configuration's rules (``ChatHeads``, ``SunSwitch``) are not run: what they do to the
    /// item later is a later input to it. Changes nothing.
    public func predict(_ id: SnapItem.ID) throws(FlingError) -> Prediction {
        try kernel.prediction(of: try kernel.index(of: id), budget: settings.predictionTicks ?? DragSettings.defaultPredictionTicks)
    }

    /// Whether the prediction the item's last release carried still stands; nil for no such item.
    public func predictionStands(_ id: SnapItem.ID) -> Bool? { kernel.stands(id.rawValue) }
}
