import FlingCore
import FlingPaths

// A path document (format `fling-paths`, version 1; docs/PATHS.md): moving paths (a keyframe
// morph, a conveyor of dots), how to sample them, and optionally the digest the samples must
// give. The common part (format, version, name, notes, kind, expected) is read, written, pinned
// and reported here, once; each kind of paths is declared by its `SampledPaths` type in its own
// file, and registered in Documents.swift. Paths use no transcendental function of the
// platform, so their pins hold on every machine.

/// A path document: paths of kind `Paths`, how they are sampled, and the digest the samples
/// must give. `fling paths digest` and `fling replay` print the digest; `fling paths render` and
/// `fling render` draw it.
struct PathDocument<Paths: SampledPaths>: Sendable {
    static var formatName: String { "fling-paths" }
    static var version: Int { 1 }

    var name: String?
    var notes: String?
    /// What moves.
    var paths: Paths
    var sampling: PathSampling
    /// The digest the samples must give, when pinned.
    var expected: StateDigest?

    init(name: String? = nil, notes: String? = nil, paths: Paths, sampling: PathSampling, expected: StateDigest? = nil) {
        self.name = name; self.notes = notes; self.paths = paths; self.sampling = sampling; self.expected = expected
    }

    /// The digest over the sampled frames (see `BezierPath.combine(into:)`), as the kind's
    /// library function computes it; throws unless the document validates.
    var digest: StateDigest {
        get throws(FlingError) {
            try validate()
            return try paths.digest(sampling)
        }
    }
}

/// Sample times: for a morph, `frames` instants from `from` to `to` seconds inclusive
/// (`KeyframeAnimation.sampleTimes(count:from:to:)`); for a conveyor, `frames` instants
/// over one period (`Conveyor.sampleDigest(count:)`), `from` and `to` unused.
struct PathSampling: Hashable, Sendable {
    var frames: Int
    var from: Double
    var to: Double
    init(frames: Int, from: Double = 0, to: Double = 1) { self.frames = frames; self.from = from; self.to = to }
}

/// A kind of moving paths a ``PathDocument`` holds, declared once in its own file: its
/// registered name, its part of the document, its samples, its ``Run`` and its picture.
/// ``MorphPaths`` and ``ConveyorPaths`` are Fling's.
protocol SampledPaths: Sendable {
    /// The paths at one sample.
    associatedtype Frame: Sendable
    /// The registered name: the document's `"kind"`.
    static var kind: String { get }
    static var summary: String { get }
    /// The kind's work budget (its registration's ``Documents/Kind/budget``).
    static var budget: WorkBudget { get }
    /// The document keys the kind adds to the common ones.
    static var keys: [String] { get }
    /// Reads the kind's part of a document and its sampling.
    static func read(_ document: inout PathReader) throws(FlingError) -> (Self, PathSampling)
    /// The kind's members of the document, each `"key": value`, in order, its sampling last.
    func members(_ sampling: PathSampling) -> [String]
    /// The sample times, in seconds.
    func times(_ sampling: PathSampling) -> [Double]
    /// Samples the paths: chains every sample into the replay's digest, and keeps each
    /// sample's frame and digest when asked.
    func replay(_ sampling: PathSampling, keepsSteps: Bool, into replay: inout PathReplay<Self>) throws(FlingError)
    /// The library's digest over the samples (what the document pins).
    func digest(_ sampling: PathSampling) throws(FlingError) -> StateDigest
    /// The work sampling implies (frames × segments or items).
    func work(_ sampling: PathSampling) -> Documents.Work
    /// The replay as a ``Run``.
    func run(of replay: PathReplay<Self>, in document: PathDocument<Self>, title: String) -> Run
    /// Throws unless what the kind checks when it reads the paths holds (a conveyor's looks).
    func checkPaths() throws(FlingError)
}

extension SampledPaths {
    /// Throws unless `sampling` asks for 0...`KeyframeAnimation.maximumSamples` frames and its
    /// work stays within the kind's budget: what a replay checks before it starts.
    func checkSampling(_ sampling: PathSampling) throws(FlingError) {
        guard (0...KeyframeAnimation.maximumSamples).contains(sampling.frames) else {
            throw FlingError(
                .outOfRange, field: "sampling.frames", value: "\(sampling.frames)",
                reason: "must lie in 0...\(KeyframeAnimation.maximumSamples)")
        }
        try Self.budget.check(work(sampling).amount, "sampling.frames")
    }
}

/// A path document being read: the part a ``SampledPaths`` reads.
struct PathReader {
    var decoder: DocumentDecoder
    let object: DocumentDecoder.Object
}

/// A path document's samples, their digest, and how it compared with the document's pin.
struct PathReplay<Paths: SampledPaths>: PinnedReplay, Sendable {
    /// The paths at each sample (empty when frames are not kept).
    var frames: [Paths.Frame]
    /// The digest chained after each sample (empty when frames are not kept).
    var digests: [StateDigest]
    var samples: Int
    var digest: StateDigest
    var pins: PinComparison

    /// `digest <16 hex digits> frames <count>`: the line that names the samples.
    var summary: String { "digest \(digest.hex) frames \(samples)" }
}

extension PathDocument: FlingDocument {
    static var kind: Documents.Kind {
        Documents.Kind(
            name: Paths.kind, format: formatName, summary: Paths.summary, budget: Paths.budget,
            read: { (d: inout DocumentDecoder, root: JSONNode) throws(FlingError) -> any FlingDocument in
                try d.pathDocument(root) as PathDocument<Paths>
            })
    }

    /// Reads a path document of this kind.
    init(json bytes: some Sequence<UInt8>) throws(FlingError) {
        let bytes = Array(bytes)
        var parser = JSONParser(bytes)
        let root = try parser.parseDocument()
        var decoder = DocumentDecoder(bytes: bytes)
        self = try decoder.pathDocument(root)
    }

    init(json text: String) throws(FlingError) { try self.init(json: Array(text.utf8)) }

    /// Throws unless the sampling is within 1...1000000 frames from and to finite times, the
    /// paths are as their kind reads them, and its work within the kind's budget.
    func validate() throws(FlingError) {
        guard sampling.frames >= 1, sampling.frames <= KeyframeAnimation.maximumSamples else {
            throw FlingError(
                .outOfRange, field: "sampling.frames", value: "\(sampling.frames)",
                reason: "must lie in 1...\(KeyframeAnimation.maximumSamples)")
        }
        try Check.finite(sampling.from, "sampling.from")
        try Check.finite(sampling.to, "sampling.to")
        try paths.checkPaths()
        try validateWork(ReplayOptions())
    }

    func work(_ options: ReplayOptions) -> Documents.Work { paths.work(sampling) }

    /// Samples the paths; compares the digest with the pinned one (paths use no platform
    /// arithmetic, so the pin is compared whatever the backend).
    func replay(_ options: ReplayOptions) throws(FlingError) -> PathReplay<Paths> {
        try validate()
        var out = PathReplay<Paths>(
            frames: [], digests: [], samples: sampling.frames, digest: StateDigest(),
            pins: PinComparison(
                arithmetic: .portable, pinned: expected == nil ? 0 : 1, compared: expected == nil ? 0 : 1, comparedOn: .thisRun))
        try paths.replay(sampling, keepsSteps: options.keepsSteps, into: &out)
        if let expected, expected != out.digest {
            out.pins.mismatches.append(
                .init(session: 0, field: "expected.digest", expected: expected.hex, actual: out.digest.hex, within: 0..<sampling.frames))
        }
        return out
    }

    func pinned(_ options: ReplayOptions) throws(FlingError) -> PathDocument<Paths> {
        var o = options
        o.keepsSteps = false
        var bare = self
        bare.expected = nil
        bare.expected = try bare.replay(o).digest
        return bare
    }

    func run(of replay: PathReplay<Paths>, title: String) -> Run { paths.run(of: replay, in: self, title: title) }

    /// `paths <kind> [<name>]: <n> frames`, then ``PathReplay/summary``.
    func report(of replay: PathReplay<Paths>) -> [String] {
        ["paths \(Paths.kind)\(name.map { " [\($0)]" } ?? ""): \(replay.samples) frames", replay.summary]
    }

    /// The document, as UTF-8 text ending in a newline.
    var json: String {
        typealias W = JSONWriter
        var lines = ["\"format\": \(W.string(Self.formatName))", "\"version\": \(Self.version)"]
        if let name { lines.append("\"name\": \(W.string(name))") }
        if let notes { lines.append("\"notes\": \(W.string(notes))") }
        lines.append("\"kind\": \"\(Paths.kind)\"")
        lines += paths.members(sampling)
        if let x = expected { lines.append("\"expected\": {\"digest\": \"\(x.hex)\"}") }
        return "{\n  " + lines.joined(separator: ",\n  ") + "\n}\n"
    }
}

extension PathDocument {
    /// The samples' frames as Run frames, with the items `make` gives for each.
    static func frames(_ replay: PathReplay<Paths>, _ times: [Double], _ make: (Paths.Frame) -> [RunItem]) -> [Run.Step] {
        replay.frames.enumerated().map { k, f in
            Run.Step(
                index: k, localStep: k, time: k < times.count ? times[k] : 0, items: make(f),
                digest: k < replay.digests.count ? replay.digests[k] : nil)
        }
    }
}

extension DocumentDecoder {
    mutating func pathDocument<Paths: SampledPaths>(_ root: JSONNode) throws(FlingError) -> PathDocument<Paths> {
        typealias Document = PathDocument<Paths>
        let path = Path()
        guard case .object(let members) = root.value else {
            throw fail(root, path, "a path document is a JSON object, not \(root.kind)")
        }
        let o0 = Object(node: root, path: path, members: members)
        let formatNode = try required(o0, "format")
        guard try string(formatNode, path / "format") == Document.formatName else {
            throw fail(formatNode, path / "format", "must be \"\(Document.formatName)\"")
        }
        let versionNode = try required(o0, "version")
        guard try int(versionNode, path / "version") == Document.version else {
            throw fail(versionNode, path / "version", "this build of Fling reads version \(Document.version)")
        }
        let kindNode = try required(o0, "kind")
        guard try string(kindNode, path / "kind") == Paths.kind else {
            let family = Documents.kinds.filter { $0.format == Document.formatName }.map(\.name)
            throw fail(
                kindNode, path / "kind", "must be \"\(Paths.kind)\" (this reader's kind; the format's are \(Self.alternatives(family)))")
        }
        let common = ["format", "version", "name", "notes", "kind", "sampling", "expected"]
        let o = try object(root, path, keys: common + Paths.keys)
        var reader = PathReader(decoder: self, object: o)
        let read: (Paths, PathSampling)
        do { read = try Paths.read(&reader) } catch {
            self = reader.decoder
            throw error
        }
        self = reader.decoder
        let sampling = read.1
        guard sampling.frames >= 1, sampling.frames <= 1_000_000 else {
            throw FlingError(
                .outOfRange, field: "\(locate(path / "sampling" / "frames"))", value: "\(sampling.frames)",
                reason: "must lie in 1...1000000")
        }
        var document = Document(
            name: try optionalString(o, "name"), notes: try optionalString(o, "notes"), paths: read.0, sampling: sampling)
        if let en = optional(o, "expected") {
            let eo = try object(en, path / "expected", keys: ["digest"])
            document.expected = try digest(try required(eo, "digest"), eo.path / "digest")
        }
        do { try document.validate() } catch { throw located(error, path / "sampling") }
        return document
    }

    /// A model error (from FlingPaths) located at a key path of the document.
    func located(_ e: FlingError, _ at: Path) -> FlingError {
        FlingError(e.code, field: "\(locate(at)) (\(e.field))", value: e.value, reason: e.reason)
    }
}
