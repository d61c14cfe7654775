import FlingCore
import FlingInteraction

// A scene document (format `fling-scene`, versions 1 and 2; docs/TRACES.md): one scene, its inputs,
// how it is sampled, and optionally the digest the samples must give. "Scene" means one thing
// in FlingTraces: the motion a scene document samples, seeded (bubbles, the day-night picker,
// clouds) or snap (chat heads, the sun switch). The document's common part (format, version,
// name, notes, kind, sampling, expected) is read, written, checked, pinned and reported here,
// once; everything particular to a scene kind is declared by its `SampledScene` type, each in
// its own file, and registered in Documents.swift.

/// A scene document: a scene of kind `Scene`, how it is sampled, and the digest the samples
/// must give. `fling replay` and `fling render` read it like a trace; its state is a closed form
/// of the scene (its seed, configuration and inputs), so the same document gives the same
/// digest everywhere.
struct SceneDocument<Scene: SampledScene>: Hashable, Sendable {
    /// The value of the document's `"format"` key.
    static var formatName: String { "fling-scene" }
    /// The newest version: this build reads 1 and 2 and writes the lowest that holds the
    /// document (2 for a snap scene's dynamics, ``SampledScene/minimumVersion``).
    static var version: Int { 2 }

    var name: String?
    var notes: String?
    /// The scene and its inputs.
    var scene: Scene
    var sampling: SceneSampling
    /// What the samples must give.
    var expected: SceneExpectation?

    init(name: String? = nil, notes: String? = nil, scene: Scene, sampling: SceneSampling, expected: SceneExpectation? = nil) {
        self.name = name
        self.notes = notes
        self.scene = scene
        self.sampling = sampling
        self.expected = expected
    }

    /// The most items (bubbles, clouds, heads) a document may make: a bound on the memory and
    /// time a replay can take.
    static var maximumItems: Double { SceneSampling.maximumItems }
}

/// When a scene is sampled: at `k / rate` seconds for `k = 0 … ⌊duration · rate⌋`.
struct SceneSampling: Hashable, Sendable {
    /// Samples per second, within 1...1000.
    var rate: Double
    /// Seconds, within 0...3600.
    var duration: Double
    init(rate: Double = 60, duration: Double) { self.rate = rate; self.duration = duration }

    /// The number of samples, `⌊duration · rate⌋ + 1`: for a sampling outside its limits
    /// (which ``validate()`` refuses), 1 when the product is negative or NaN, and at most 2⁵³.
    var count: Int {
        let n = (duration * rate).rounded(.down)
        guard n >= 0 else { return 1 }
        return Int(min(n, 0x1p53)) + 1
    }

    /// Throws unless the rate lies in 1...1000 and the duration in 0...3600 (seconds).
    func validate() throws(FlingError) {
        try Check.range(rate, 1...1000, "sampling.rate")
        try Check.range(duration, 0...3600, "sampling.duration")
    }
    /// The time of sample `k`.
    func time(_ k: Int) -> Double { Double(k) / rate }
    /// The most items (bubbles, clouds, heads) a scene document may make.
    static let maximumItems = 250_000.0

    /// Throws unless `made` items stay within ``maximumItems``.
    static func checkMade(_ made: Double, _ sampling: SceneSampling) throws(FlingError) {
        guard made <= maximumItems else {
            throw FlingError(
                .outOfRange, field: "sampling.duration", value: "\(sampling.duration) s",
                reason: "would make up to \(made) items; a scene document may make at most \(maximumItems)")
        }
    }

    /// The first sample at or after `t` (the sample an input at `t` is first seen in).
    func firstSample(atOrAfter t: Double) -> Int {
        var k = max(0, Int((t * rate).rounded(.down)))
        while time(k) < t { k += 1 }
        while k > 0, time(k - 1) >= t { k -= 1 }
        return k
    }
}

/// What a scene document's samples must give: their count and the digest over them.
struct SceneExpectation: Hashable, Sendable {
    var samples: Int
    var digest: StateDigest
    init(samples: Int, digest: StateDigest) { self.samples = samples; self.digest = digest }
}

/// A kind of scene a ``SceneDocument`` holds, declared once in its own file: its registered
/// name, its part of the document (read and written), its validation, its replay (samples,
/// digest, events), its ``Run`` and its picture. ``BubblesScene``, ``DayNightScene``,
/// ``CloudsScene``, ``ChatHeadsScene`` and ``SunSwitchScene`` are Fling's.
protocol SampledScene: Hashable, Sendable {
    /// The scene's state at one sample.
    associatedtype Frame: Hashable, Sendable
    /// The registered name: the document's `"kind"`.
    static var kind: String { get }
    /// What the scene is, in words.
    static var summary: String { get }
    /// The kind's work budget (its registration's ``Documents/Kind/budget``), in ``work(_:)``'s unit.
    static var budget: WorkBudget { get }
    /// The document keys the scene adds to the common ones.
    static var keys: [String] { get }
    /// The event words `fling replay` counts in its line (`emitted`, `popped` ...).
    static var reportWords: [String] { get }
    /// Whether the scene runs physics, and so needs a backend and has pins that hold at
    /// portable arithmetic only: a snap scene.
    static var runsPhysics: Bool { get }
    /// Reads the scene's part of a document.
    init(reading document: inout SceneReader) throws(FlingError)
    /// The scene's members of the document, each `"key": value`, in order.
    var members: [String] { get }
    /// The scene's inputs, one JSON object each.
    var inputLines: [String] { get }
    /// The lowest document version that holds the scene (1 unless it says otherwise).
    var minimumVersion: Int { get }
    /// Throws unless the scene can be replayed at `sampling`.
    func validate(_ sampling: SceneSampling) throws(FlingError)
    /// The work a replay at `sampling` implies.
    func work(_ sampling: SceneSampling) -> Documents.Work
    /// Samples the scene: appends every sample's frame (when kept), chains the digest, and
    /// records the events and, for a snap scene, the animator's tick digest.
    func replay(_ sampling: SceneSampling, _ options: ReplayOptions, into replay: inout SceneReplay<Self>) throws(FlingError)
    /// The replay as a ``Run``.
    func run(of replay: SceneReplay<Self>, in document: SceneDocument<Self>, title: String) -> Run
}

extension SampledScene {
    /// Throws unless `sampling` is within its limits and the scene's work at it within the
    /// kind's budget: what a replay checks before it starts.
    func checkSampling(_ sampling: SceneSampling) throws(FlingError) {
        try sampling.validate()
        try Self.budget.check(work(sampling).amount, "sampling")
    }
}

/// A scene document being read: the part a ``SampledScene`` reads (its keys, typed, each error
/// naming the line and key path).
struct SceneReader {
    var decoder: DocumentDecoder
    let object: DocumentDecoder.Object
    /// The document's version.
    let version: Int
}

extension SampledScene {
    var minimumVersion: Int { 1 }
}

/// A scene document's replay: the state at every sample, the digest over them, the events, and
/// how it compared with the document's pins.
struct SceneReplay<Scene: SampledScene>: PinnedReplay, Sendable {
    /// The state at each sample time (empty when frames are not kept; every k-th sample's and
    /// the last's for a picture: `frameSamples` says which).
    var frames: [Scene.Frame]
    /// The sample of each frame kept.
    var frameSamples: [Int] = []
    /// The number of samples taken.
    var samples: Int
    /// FNV-1a over every sample's state (each scene kind documents what).
    var digest: StateDigest
    /// The digest chained up to and including each sample (when frames are kept): the running
    /// digest the replay page shows; each run's frames carry it.
    var sampleDigests: [StateDigest]
    /// What happened, in order, in words: emitted, popped, removed bubbles; clouds appearing
    /// and leaving; grabs, releases, snaps, toggles.
    var events: [String]
    /// The same events for a ``Run``, at the sample they happened in.
    var timeline: [RunEvent]
    /// For a snap scene, the snap animator's own tick digest (`DragAnimator.digest`) and tick
    /// count: the same at every sampling rate, and equal to the live run's.
    var tickDigest: StateDigest?
    var ticks: Int?
    /// How the replay compared with the document's pins (a snap scene's pins are of portable
    /// arithmetic: compared only on such a backend).
    var pins: PinComparison

    init(samples: Int = 0) {
        frames = []
        self.samples = samples
        digest = StateDigest()
        sampleDigests = []
        events = []
        timeline = []
        pins = PinComparison(arithmetic: .portable, pinned: 0, compared: 0, comparedOn: .thisRun)
    }

    /// `digest <16 hex digits> samples <count>`: the line that names a replay.
    var summary: String { "digest \(digest.hex) samples \(samples)" }
}

// MARK: - The document's common part

extension SceneDocument: FlingDocument {
    static var kind: Documents.Kind {
        Documents.Kind(
            name: Scene.kind, format: formatName, summary: Scene.summary, budget: Scene.budget,
            read: { (d: inout DocumentDecoder, root: JSONNode) throws(FlingError) -> any FlingDocument in
                try d.sceneDocument(root) as SceneDocument<Scene>
            })
    }

    /// Reads a scene document of this kind.
    init(json bytes: some Sequence<UInt8>) throws(FlingError) {
        let bytes = Array(bytes)
        var parser = JSONParser(bytes)
        let root = try parser.parseDocument()
        var decoder = DocumentDecoder(bytes: bytes)
        self = try decoder.sceneDocument(root)
    }

    init(json text: String) throws(FlingError) { try self.init(json: Array(text.utf8)) }

    /// Throws unless the scene can be replayed: a sampling within its limits, and the scene's
    /// own checks (a valid configuration, inputs in time order, at most ``maximumItems`` made).
    func validate() throws(FlingError) {
        try sampling.validate()
        try scene.validate(sampling)
        try validateWork(ReplayOptions())
    }

    func work(_ options: ReplayOptions) -> Documents.Work { scene.work(sampling) }

    /// Replays the scene: applies its inputs at their times and samples it at
    /// ``SceneSampling/time(_:)``, chaining the digest over the samples (each scene kind says
    /// what a sample holds); a snap scene runs on `options`' backend.
    func replay(_ options: ReplayOptions) throws(FlingError) -> SceneReplay<Scene> {
        try validate()
        var out = SceneReplay<Scene>(samples: sampling.count)
        var o = options
        if !Scene.runsPhysics { o.makeBackend = nil }
        try scene.replay(sampling, o, into: &out)
        if o.keepsSteps {
            let n = sampling.count, stride = max(1, o.stepStride)
            out.frameSamples = Array(Swift.stride(from: 0, to: n, by: stride))
            if n > 0, (n - 1) % stride != 0 { out.frameSamples.append(n - 1) }
        }
        if let x = expected {
            out.pins.pinned = 2
            if case .thisRun = out.pins.comparedOn {
                out.pins.compared = 2
                if x.samples != out.samples {
                    out.pins.mismatches.append(
                        .init(
                            session: 0, field: "expected.samples", expected: "\(x.samples)", actual: "\(out.samples)",
                            within: 0..<max(x.samples, out.samples)))
                }
                if x.digest != out.digest {
                    out.pins.mismatches.append(
                        .init(
                            session: 0, field: "expected.digest", expected: x.digest.hex, actual: out.digest.hex,
                            within: 0..<max(x.samples, out.samples)))
                }
            }
        }
        return out
    }

    /// Replays the seeded scene (one that runs no physics) with its frames.
    func replay(keepsSteps: Bool = true) throws(FlingError) -> SceneReplay<Scene> {
        try replay(ReplayOptions(keepsSteps: keepsSteps))
    }

    /// Replays the scene; a snap scene runs on a backend from `makeBackend` (given the solver
    /// iterations).
    func replay(
        keepsSteps: Bool = true, makeBackend: ((_ solverIterations: Int) throws(FlingError) -> any PhysicsBackend)?
    ) throws(FlingError) -> SceneReplay<Scene> {
        try replay(ReplayOptions(makeBackend: makeBackend, keepsSteps: keepsSteps))
    }

    func pinned(_ options: ReplayOptions) throws(FlingError) -> SceneDocument<Scene> {
        var bare = self
        bare.expected = nil
        var o = options
        o.keepsSteps = false
        let r = try bare.replay(o)
        bare.expected = SceneExpectation(samples: r.samples, digest: r.digest)
        return bare
    }

    /// The document with its expectation set from a replay (a snap scene's on `makeBackend`'s
    /// backends: its pins are meant for portable arithmetic).
    func pinned(
        makeBackend: ((_ solverIterations: Int) throws(FlingError) -> any PhysicsBackend)? = nil
    ) throws(FlingError) -> SceneDocument<Scene> {
        try pinned(ReplayOptions(makeBackend: makeBackend, keepsSteps: false))
    }

    func run(of replay: SceneReplay<Scene>, title: String) -> Run {
        var run = scene.run(of: replay, in: self, title: title)
        run.stageSteps = [replay.samples]
        // Each frame carries the digest chained up to it (kept with the frames).
        if replay.sampleDigests.count == run.steps.count {
            for k in run.steps.indices { run.steps[k].digest = replay.sampleDigests[k] }
        }
        // A thinned replay (`ReplayOptions.stepStride`) keeps every k-th sample: each step is
        // its sample, at its time, and an event or input sits at the first step kept at or
        // after its sample.
        let kept = replay.frameSamples
        if kept.count == run.steps.count, kept != Array(kept.indices) {
            for k in run.steps.indices {
                run.steps[k].localStep = kept[k]
                run.steps[k].time = sampling.time(kept[k])
            }
            func step(_ sample: Int) -> Int {
                var lo = 0, hi = kept.count - 1
                while lo < hi {
                    let mid = lo + (hi - lo) / 2
                    if kept[mid] < sample { lo = mid + 1 } else { hi = mid }
                }
                return lo
            }
            for k in run.events.indices { run.events[k].step = step(run.events[k].step) }
            for k in run.inputs.indices { run.inputs[k].step = step(run.inputs[k].step) }
            for k in run.predictions.indices {
                run.predictions[k].step = step(run.predictions[k].step)
                run.predictions[k].until = step(run.predictions[k].until)
            }
        }
        return run
    }

    /// `scene <kind> [<name>]: <n> <word>, …`, then ``SceneReplay/summary``.
    func report(of replay: SceneReplay<Scene>) -> [String] {
        // One pass over the events (they can number millions), each split into words once: an
        // event counts once for each report word it holds as a word.
        let targets = Scene.reportWords.map { Array($0.utf8) }
        var counts = [Int](repeating: 0, count: targets.count)
        for e in replay.events {
            var seen = [Bool](repeating: false, count: targets.count)
            for word in e.utf8.split(separator: UInt8(ascii: " ")) {
                for (i, t) in targets.enumerated() where !seen[i] && word.elementsEqual(t) {
                    seen[i] = true
                    counts[i] += 1
                }
            }
        }
        var line = zip(counts, Scene.reportWords).map { "\($0) \($1)" }.joined(separator: ", ")
        if let d = replay.tickDigest, let t = replay.ticks { line += ", tick digest \(d.hex) ticks \(t)" }
        return ["scene \(Scene.kind)\(name.map { " [\($0)]" } ?? ""): \(line)", replay.summary]
    }

    /// The document, as UTF-8 text ending in a newline.
    var json: String {
        typealias W = JSONWriter
        var lines = ["\"format\": \(W.string(Self.formatName))", "\"version\": \(scene.minimumVersion)"]
        if let name { lines.append("\"name\": \(W.string(name))") }
        if let notes { lines.append("\"notes\": \(W.string(notes))") }
        lines.append("\"kind\": \"\(Scene.kind)\"")
        lines += scene.members
        let inputs = scene.inputLines
        lines.append(inputs.isEmpty ? "\"inputs\": []" : "\"inputs\": [\n    " + inputs.joined(separator: ",\n    ") + "\n  ]")
        lines.append("\"sampling\": {\"rate\": \(W.number(sampling.rate)), \"duration\": \(W.number(sampling.duration))}")
        if let x = expected { lines.append("\"expected\": {\"samples\": \(x.samples), \"digest\": \"\(x.digest.hex)\"}") }
        return "{\n  " + lines.joined(separator: ",\n  ") + "\n}\n"
    }
}

extension DocumentDecoder {
    mutating func sceneDocument<Scene: SampledScene>(_ root: JSONNode) throws(FlingError) -> SceneDocument<Scene> {
        typealias Document = SceneDocument<Scene>
        let path = Path()
        guard case .object(let members) = root.value else {
            throw fail(root, path, "a scene document is a JSON object, not \(root.kind)")
        }
        let o0 = Object(node: root, path: path, members: members)
        let formatNode = try required(o0, "format")
        guard try string(formatNode, path / "format") == Document.formatName else {
            throw fail(formatNode, path / "format", "must be \"\(Document.formatName)\"")
        }
        let versionNode = try required(o0, "version")
        let version = try int(versionNode, path / "version")
        guard (1...Document.version).contains(version) else {
            throw fail(versionNode, path / "version", "this build of Fling reads versions 1 to \(Document.version)")
        }
        let kindNode = try required(o0, "kind")
        guard try string(kindNode, path / "kind") == Scene.kind else {
            let family = Documents.kinds.filter { $0.format == Document.formatName }.map(\.name)
            throw fail(
                kindNode, path / "kind", "must be \"\(Scene.kind)\" (this reader's kind; the format's are \(Self.alternatives(family)))")
        }
        let common = ["format", "version", "name", "notes", "kind", "configuration", "inputs", "sampling", "expected"]
        let o = try object(root, path, keys: common + Scene.keys)
        var reader = SceneReader(decoder: self, object: o, version: version)
        let scene: Scene
        do { scene = try Scene(reading: &reader) } catch {
            self = reader.decoder
            throw error
        }
        self = reader.decoder
        let so = try object(try required(o, "sampling"), path / "sampling", keys: ["rate", "duration"])
        var document = Document(
            name: try optionalString(o, "name"), notes: try optionalString(o, "notes"), scene: scene,
            sampling: SceneSampling(rate: try double(so, "rate"), duration: try double(so, "duration")))
        if let en = optional(o, "expected") {
            let eo = try object(en, path / "expected", keys: ["samples", "digest"])
            document.expected = .init(samples: try int(eo, "samples"), digest: try digest(try required(eo, "digest"), eo.path / "digest"))
        }
        do { try document.validate() } catch {
            throw FlingError(error.code, field: "\(locate(path)) (\(error.field))", value: error.value, reason: error.reason)
        }
        return document
    }
}

extension DocumentDecoder {
    mutating func seed(_ o: Object) throws(FlingError) -> UInt64 {
        let node = try required(o, "seed")
        let s = try int(node, o.path / "seed")
        guard s >= 0 else { throw fail(node, o.path / "seed", "must be a whole number from 0 to 2^53") }
        return UInt64(s)
    }

    /// `[lower, upper]`, lower ≤ upper.
    mutating func range(_ node: JSONNode, _ path: Path) throws(FlingError) -> ClosedRange<Double> {
        let items = try array(node, path)
        guard items.count == 2 else { throw fail(node, path, "a range is [lower, upper]") }
        let lo = try double(items[0], path / 0), hi = try double(items[1], path / 1)
        guard lo <= hi else { throw fail(node, path, "the lower bound must not exceed the upper") }
        return lo...hi
    }

    mutating func range(_ o: Object, _ key: String) throws(FlingError) -> ClosedRange<Double> {
        try range(try required(o, key), o.path / key)
    }
}

extension JSONWriter {
    /// `[lower, upper]`.
    static func range(_ r: ClosedRange<Double>) -> String { "[\(number(r.lowerBound)), \(number(r.upperBound))]" }
}
