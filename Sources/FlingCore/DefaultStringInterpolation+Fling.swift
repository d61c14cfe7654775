// The package's own text for the values it prints (error reasons, the self-tests' and the CLI's
// lines): these types' descriptions are not public (no document shows one, and a conformance to
// CustomStringConvertible would make each a public promise), so the package interpolates them
// through these overloads and prints what it printed before.
extension DefaultStringInterpolation {
    package mutating func appendInterpolation(_ v: Vector) { appendLiteral(v.description) }
    package mutating func appendInterpolation(_ v: Rect) { appendLiteral(v.description) }
    package mutating func appendInterpolation(_ v: WorldID) { appendLiteral(v.description) }
    package mutating func appendInterpolation(_ v: Field) { appendLiteral(v.description) }
    package mutating func appendInterpolation(_ v: ItemProperties) { appendLiteral(v.description) }
    package mutating func appendInterpolation(_ v: Push) { appendLiteral(v.description) }
    package mutating func appendInterpolation(_ v: ForceID) { appendLiteral(v.description) }
    package mutating func appendInterpolation(_ v: JointID) { appendLiteral(v.description) }
    package mutating func appendInterpolation(_ v: StaticPivot) { appendLiteral(v.description) }
    package mutating func appendInterpolation(_ v: StaticGear) { appendLiteral(v.description) }
    package mutating func appendInterpolation(_ v: Wall) { appendLiteral(v.description) }
    package mutating func appendInterpolation(_ v: Wall.Contact) { appendLiteral(v.description) }
}

extension DefaultStringInterpolation {
    package mutating func appendInterpolation(_ v: Arithmetic) { appendLiteral(v.description) }
}
