import FlingCore
import FlingInteraction

// Every document kind Fling reads, listed once, as Box2D's recording_ops.inl lists every
// recorded operation once. A kind is declared in its own file (its type, reader, writer,
// validation, replay, Run, pins and picture); adding one is that file and one line below.
// Everything that must know the kinds (the reader here, `fling replay`, `render`, `convert`,
// `paths`, `diff`, the replay page) looks them up in this list.

/// The registry of document kinds, and the reader for a document of any of them.
public enum Documents {
    /// Every registered kind, in the order error messages list them.
    static let kinds: [Documents.Kind] = [
        Trace.kind,
        SceneDocument<BubblesScene>.kind,
        SceneDocument<DayNightScene>.kind,
        SceneDocument<CloudsScene>.kind,
        SceneDocument<ChatHeadsScene>.kind,
        SceneDocument<SunSwitchScene>.kind,
        PathDocument<MorphPaths>.kind,
        PathDocument<ConveyorPaths>.kind,
    ]

    /// The kind registered as `name`.
    static func kind(named name: String) -> Documents.Kind? { kinds.first { $0.name == name } }

    /// Reads a document of any registered kind, parsing the bytes once: a JSON document
    /// (found by its `"format"` and, where the format holds several kinds, its `"kind"`), or a
    /// stroke CSV file (`stroke_id,t_seconds,phase,x,y`), which is read as a ``Trace`` of one
    /// session per stroke (as `fling replay` reads a CSV file).
    ///
    /// Throws a `FlingError` naming the line and key path when the document is malformed, of
    /// an unknown format or kind, or does not validate.
    public static func read(_ bytes: [UInt8]) throws(FlingError) -> any FlingDocument {
        try read(bytes, strokes: StrokeOptions())
    }

    /// ``read(_:)``, with a stroke CSV file made into a trace as `strokes` says (its viewport,
    /// tile side, physics and longest session; `fling replay --viewport --tile-size`).
    public static func read(_ bytes: [UInt8], strokes: StrokeOptions) throws(FlingError) -> any FlingDocument {
        var i = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        while i < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[i]) { i += 1 }
        guard i < bytes.count, bytes[i] == UInt8(ascii: "{") else {
            let parsed = try StrokeCSV.parse(String(decoding: bytes, as: UTF8.self))
            return try Trace(
                strokes: parsed, viewport: strokes.viewport, tileSize: strokes.tileSize, configuration: strokes.configuration,
                duration: strokes.duration)
        }
        var parser = JSONParser(bytes)
        let root = try parser.parseDocument()
        var decoder = DocumentDecoder(bytes: bytes)
        let kind = try decoder.kind(of: root, among: kinds)
        return try kind.read(&decoder, root)
    }

    /// How a stroke CSV file becomes a trace: each stroke a session of its own, with one square
    /// tile centred on the stroke's first point, touched by the stroke, until the tile is idle
    /// or `duration` seconds have passed.
    public struct StrokeOptions: Sendable {
        /// The session's viewport. Default: a phone's, 390 × 844 points.
        public var viewport: Rect
        /// The tile's side, in points. Default 160.
        public var tileSize: Double
        /// The physics. Default `TileConfiguration()`.
        public var configuration: TileConfiguration
        /// The longest session, in seconds. Default 10.
        public var duration: Double
        public init(
            viewport: Rect = Trace.defaultStrokeViewport, tileSize: Double = 160, configuration: TileConfiguration = .init(),
            duration: Double = 10
        ) {
            self.viewport = viewport; self.tileSize = tileSize; self.configuration = configuration; self.duration = duration
        }
    }
}

extension DocumentDecoder {
    /// The registered kind of a parsed document: by its `"format"`, then, where several kinds
    /// share the format, by its `"kind"`.
    mutating func kind(of root: JSONNode, among kinds: [Documents.Kind]) throws(FlingError) -> Documents.Kind {
        let path = Path()
        guard case .object(let members) = root.value else {
            throw fail(root, path, "a Fling document is a JSON object, not \(root.kind)")
        }
        let o = Object(node: root, path: path, members: members)
        let formatNode = try required(o, "format")
        let format = try string(formatNode, path / "format")
        let family = kinds.filter { $0.format == format }
        guard let first = family.first else {
            var formats: [String] = []
            for k in kinds where !formats.contains(k.format) { formats.append(k.format) }
            throw fail(formatNode, path / "format", "must be " + Self.alternatives(formats))
        }
        if family.count == 1, first.name == format { return first }
        let kindNode = try required(o, "kind")
        let name = try string(kindNode, path / "kind")
        guard let kind = family.first(where: { $0.name == name }) else {
            throw fail(kindNode, path / "kind", "must be " + Self.alternatives(family.map(\.name)))
        }
        return kind
    }

    /// `"a", "b" or "c"`.
    static func alternatives(_ names: [String]) -> String {
        let quoted = names.map { "\"\($0)\"" }
        guard quoted.count > 1 else { return quoted.first ?? "" }
        return quoted.dropLast().joined(separator: ", ") + " or " + quoted.last!
    }
}
