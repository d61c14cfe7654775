// A backend's name prints as before inside the package (`BackendKind`'s description is not
// public: see FlingCore's DefaultStringInterpolation+Fling.swift).
extension DefaultStringInterpolation {
    package mutating func appendInterpolation(_ v: BackendKind) { appendLiteral(v.description) }
}
