// Picture-in-picture corners as a configuration of the snap policy, the whole of a new
// interaction in one file: a floating video window dragged anywhere that, let go, glides to
// the corner of the safe area its throw points at (the resting place nearest the projected
// position), inset by a margin, on the snap policy's spring.
import FlingCore
import FlingCurves

/// A picture-in-picture window over a ``SnapAnimator``: it rests in one of the four corners of
/// a safe area, and a throw sends it to the corner nearest where the throw would glide to.
///
/// ```swift
/// let pip = PictureInPictureConfiguration(safeArea: Rect(x: 0, y: 47, width: 390, height: 763),
///                                         width: 160, height: 90)
/// let window = try SnapAnimator(items: [try pip.window(at: .bottomRight)], backend: NativeBackend())
/// try window.handle(TouchEvent(time: 0.1, touch: 1, phase: .began, position: Vector(300, 750)))
/// ```
public struct PictureInPictureConfiguration: Hashable, Sendable {
    /// A corner of the safe area.
    public enum Corner: Int, Hashable, Sendable, CaseIterable {
        case topLeft, topRight, bottomLeft, bottomRight
    }

    /// The area the window stays in (the screen minus the system's bars), in points.
    public var safeArea: Rect
    /// The window's size, in points.
    public var width: Double
    public var height: Double
    /// The gap between the window and the safe area's edges, in points. Default 16.
    public var margin: Double = 16
    /// The spring that carries the window to its corner. Default the snap items' default
    /// (SwiftUI's `.spring()`).
    public var spring = SnapItem.defaultSpring

    public init(safeArea: Rect, width: Double, height: Double) {
        self.safeArea = safeArea
        self.width = width
        self.height = height
    }

    /// The window's center when it rests in `corner`.
    public func center(_ corner: Corner) -> Vector {
        let left = safeArea.minX + margin + width / 2, right = safeArea.maxX - margin - width / 2
        let top = safeArea.minY + margin + height / 2, bottom = safeArea.maxY - margin - height / 2
        switch corner {
        case .topLeft: return Vector(left, top)
        case .topRight: return Vector(right, top)
        case .bottomLeft: return Vector(left, bottom)
        case .bottomRight: return Vector(right, bottom)
        }
    }

    /// The window as a snap item `id`, resting in `corner`. Throws unless the safe area, the
    /// size and the margin are finite and within `Limits`.
    public func window(id: SnapItem.ID = 1, at corner: Corner) throws(FlingError) -> SnapItem {
        try Check.viewport(safeArea, "PictureInPictureConfiguration.safeArea")
        try Check.range(width, Limits.size, "PictureInPictureConfiguration.width")
        try Check.range(height, Limits.size, "PictureInPictureConfiguration.height")
        try Check.range(margin, 0...Limits.coordinate, "PictureInPictureConfiguration.margin")
        return SnapItem(
            id: id, center: center(corner), width: width, height: height,
            restingPlaces: .points(Corner.allCases.map(center)), motion: .spring(spring))
    }
}
