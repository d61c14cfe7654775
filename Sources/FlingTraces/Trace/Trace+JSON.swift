import FlingCore
import FlingInteraction

/// The JSON form of a ``Trace`` (format `fling-trace`, version 1; see `docs/TRACES.md`).
///
/// Reading is strict and total: any bytes give either a valid trace or a `FlingError` that
/// names the line and the key path and says what is wrong (code `malformedInput` for the
/// document's shape; the value checks' own codes, `notFinite`, `outOfRange`, …, for bad
/// numbers). It never traps, whatever the input: the reader is a small hand-written JSON
/// parser (nesting limited to 64 levels) rather than Foundation's, so that core keeps to the
/// standard library and every node knows its line.
///
/// Writing is deterministic: keys in a fixed order, one event per line, numbers in Swift's
/// shortest round-trip form, so `Trace(json: trace.json) == trace` to the bit.
extension Trace {
    /// Reads a trace document.
    public init(json bytes: some Sequence<UInt8>) throws(FlingError) {
        let bytes = Array(bytes)
        var parser = JSONParser(bytes)
        let root = try parser.parseDocument()
        var decoder = DocumentDecoder(bytes: bytes)
        self = try decoder.trace(root)
    }

    /// Reads a trace document from text.
    public init(json text: String) throws(FlingError) {
        try self.init(json: Array(text.utf8))
    }

    /// The document, as UTF-8 text ending in a newline.
    public var json: String {
        var w = JSONWriter()
        w.trace(self)
        return w.text
    }
}
