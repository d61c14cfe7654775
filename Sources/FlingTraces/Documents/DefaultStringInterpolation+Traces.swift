// The documents' kinds, work and pin places print as before inside the package (their
// descriptions are not public: see FlingCore's DefaultStringInterpolation+Fling.swift).
extension DefaultStringInterpolation {
    package mutating func appendInterpolation(_ v: Documents.Kind) { appendLiteral(v.description) }
    package mutating func appendInterpolation(_ v: Documents.Work) { appendLiteral(v.description) }
    package mutating func appendInterpolation(_ v: PinComparison.Where) { appendLiteral(v.description) }
    package mutating func appendInterpolation(_ v: Run.Divergence.Value) { appendLiteral(v.description) }
}
