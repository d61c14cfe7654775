// The phases' and outcomes' text inside the package, as before (their descriptions are not public:
// see FlingCore's DefaultStringInterpolation+Fling.swift).
extension DefaultStringInterpolation {
    package mutating func appendInterpolation(_ v: TilePhase) { appendLiteral(v.description) }
    package mutating func appendInterpolation(_ v: ReleaseOutcome) { appendLiteral(v.description) }
    package mutating func appendInterpolation(_ v: TouchEvent.Phase) { appendLiteral(v.description) }
}
