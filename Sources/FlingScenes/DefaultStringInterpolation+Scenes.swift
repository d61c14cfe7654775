// The scenes' events print as before inside the package (their descriptions are not public:
// see FlingCore's DefaultStringInterpolation+Fling.swift).
extension DefaultStringInterpolation {
    package mutating func appendInterpolation(_ v: CloudSpawner.Event) { appendLiteral(v.description) }
    package mutating func appendInterpolation(_ v: BubbleEmitter.Event) { appendLiteral(v.description) }
}
