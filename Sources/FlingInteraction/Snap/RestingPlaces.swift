// Where a snap item may rest, and the projection that picks one: values, not closures, so a
// trace can record them and a replay rebuild them.
import FlingCore

extension SnapItem {
    /// Where a released item may come to rest. A value (not a closure), so that a trace can
    /// record it and a replay rebuild it.
    public enum RestingPlaces: Hashable, Sendable {
        /// A fixed set of points (centers), in points. The first of equally near ones wins.
        case points([Vector])
        /// Either side edge at the release height: the center comes to rest at `x = left` or
        /// `x = right`, at the projected height clamped into `minY...maxY` (a chat head).
        case sideEdges(left: Double, right: Double, minY: Double, maxY: Double)

        /// The resting place nearest to `projected` (a release's projected position). The
        /// distance is Euclidean; ties go to the earlier place (the left edge before the right).
        /// With no place at all (`.points([])`, which ``validate(_:)`` refuses), `projected` itself.
        func nearest(to projected: Vector) -> Vector {
            switch self {
            case .points(let points):
                guard let first = points.first else { return projected }
                var best = first, bestDistance = (first - projected).dot(first - projected)
                for p in points.dropFirst() {
                    let d = (p - projected).dot(p - projected)
                    if d < bestDistance { best = p; bestDistance = d }
                }
                return best
            case .sideEdges(let left, let right, let minY, let maxY):
                let y = min(max(projected.y, minY), maxY)
                return abs(projected.x - left) <= abs(projected.x - right) ? Vector(left, y) : Vector(right, y)
            }
        }

        /// Throws unless there is at least one place and every coordinate is within ``Limits``.
        func validate(_ field: String) throws(FlingError) {
            switch self {
            case .points(let points):
                guard !points.isEmpty else {
                    throw FlingError(.malformedInput, field: "\(field).points", value: "[]", reason: "needs at least one place")
                }
                for (i, p) in points.enumerated() { try Check.coordinate(p, "\(field).points[\(i)]") }
            case .sideEdges(let left, let right, let minY, let maxY):
                try Check.coordinate(Vector(left, minY), "\(field).sideEdges(left, minY)")
                try Check.coordinate(Vector(right, maxY), "\(field).sideEdges(right, maxY)")
                guard minY <= maxY else {
                    throw FlingError(
                        .outOfRange, field: "\(field).sideEdges.minY", value: "\(minY)",
                        reason: "must not exceed maxY, \(maxY)")
                }
            }
        }
    }
}

/// Where a throw would carry an item if it glided to a stop, as UIKit's scroll views decelerate.
///
/// The velocity `v` (points per second) is `v / 1000` points per millisecond, and each
/// millisecond keeps the fraction `d` of it (`d` = a `UIScrollView.DecelerationRate`, 0.998
/// for `.normal`, 0.99 for `.fast`). The glide is the geometric series
/// `v/1000 · (d + d² + d³ + …) = v/1000 · d / (1 − d)`, so the projection is
/// `p + v · d / (1 − d) / 1000` (0.499 s of the release velocity at 0.998).
enum SnapProjection {
    /// UIKit's normal deceleration rate, per millisecond.
    static let normal = 0.998

    static func project(_ position: Vector, velocity: Vector, decelerationRate d: Double) -> Vector {
        position + velocity * (d / (1 - d) / 1000)
    }
}
