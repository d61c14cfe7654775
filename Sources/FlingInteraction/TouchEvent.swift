import FlingCore

/// Identifies one finger from touch-down to touch-up (UIKit's `UITouch` identity).
public struct TouchID: Hashable, Comparable, Sendable, ExpressibleByIntegerLiteral, CustomStringConvertible {
    public var rawValue: Int
    @inlinable public init(_ rawValue: Int) { self.rawValue = rawValue }
    @inlinable public init(integerLiteral value: Int) { self.rawValue = value }
    @inlinable public static func < (a: TouchID, b: TouchID) -> Bool { a.rawValue < b.rawValue }
    public var description: String { "touch \(rawValue)" }
}

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
    /// For `began`: the tile the app's own hit test found, or nil to let the animator pick the
    /// topmost tile (highest id) under `position`. Ignored for other phases.
    public var tile: TileID?

    public init(time: Double, touch: TouchID, phase: Phase, position: Vector, tile: TileID? = nil) {
        self.time = time
        self.touch = touch
        self.phase = phase
        self.position = position
        self.tile = tile
    }
}
