import FlingCore
@testable import FlingPaths
import FlingPathsTestSupport

let mapPinData = MapPinKeyframes.mapPinData

func mapPinKeyframes() throws -> [BezierPath] { MapPinKeyframes.mapPinKeyframes() }

func near(_ a: Vector, _ b: Vector, _ tol: Double) -> Bool { (a - b).length <= tol }

/// Whether two paths have the same bits everywhere.
func identical(_ a: BezierPath, _ b: BezierPath) -> Bool {
    var da = StateDigest(), db = StateDigest()
    a.combine(into: &da); b.combine(into: &db)
    return da == db && a == b
}
