// A touch as the app reports it, the one input every interaction shares. It names the item the
// app's own hit test found generically (``TouchEvent/ItemID``), so the same event type goes to tiles, snap
// items and any later interaction.
import FlingCore

extension TouchEvent: IdentifierTag {
    public static let noun = "touch"
}

/// Identifies one finger from touch-down to touch-up (UIKit's `UITouch` identity).
public typealias TouchID = Identifier<TouchEvent>

/// One touch input: a finger going down, moving, lifting, or being cancelled by the system.
public struct TouchEvent: Hashable, Sendable {
    public enum Phase: String, Hashable, Sendable, CaseIterable {
        case began, moved, ended, cancelled
    }

    /// When the touch happened, in seconds on the animator's clock: the clock of the display
    /// times given to `advance(to:)`. An animator made with `timeOrigin: t0` (for example
    /// `CACurrentMediaTime()`) takes the platform's own timestamps (`UITouch.timestamp`) as they
    /// are and refuses times before `t0` (`outOfRange`); without one its timeline starts at 0.
    ///
    /// A touch is applied before the first tick that starts at or after its time. A touch
    /// handed in late (the display clock has passed its time, its tick is already stepped) is
    /// applied before the next tick instead; its own time still feeds the velocity tracker, and
    /// a recorder writes the tick it was applied at, so a replay does the same.
    public var time: Double
    public var touch: TouchID
    public var phase: Phase
    /// Where the finger is, in points.
    public var position: Vector
    /// For `began`: the item the app's own hit test found (a tile, a snap item), or nil to let
    /// the animator pick the one under `position`. Ignored for other phases.
    public var item: TouchEvent.ItemID?

    public init(time: Double, touch: TouchID, phase: Phase, position: Vector, item: TouchEvent.ItemID? = nil) {
        self.time = time
        self.touch = touch
        self.phase = phase
        self.position = position
        self.item = item
    }

    /// A `began` naming an item by its own id type (`item: TileID(3)`, `item: SnapItem.ID(1)`).
    public init<Tag>(time: Double, touch: TouchID, phase: Phase, position: Vector, item: Identifier<Tag>?) {
        self.init(time: time, touch: touch, phase: phase, position: position, item: item.map { TouchEvent.ItemID($0) })
    }
}
