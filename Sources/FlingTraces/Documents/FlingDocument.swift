import FlingCore

// The shape every document kind fills in, once, in its own file: how it is read (its
// registration's reader), written, validated, replayed (its own replay, and the same replay as a
// `Run`), pinned and drawn, and how much work a replay implies. Callers that do not care which
// kind they hold (the `fling` command, `fling diff`, the replay page) go through `play`, `svg`
// and `Documents.read`, never through a switch over kinds.

/// A Fling document of a registered kind (`Documents/kinds`): a tile ``Trace``, a
/// `SceneDocument` (snap or seeded scene) or a `PathDocument`.
public protocol FlingDocument: Sendable {
    /// The kind's own replay result: ``TraceReplay``, `SceneReplay` or `PathReplay`.
    associatedtype Replay: PinnedReplay & Sendable

    /// The kind's registration: its name, format and reader.
    static var kind: Documents.Kind { get }
    /// A short name, for reports.
    var name: String? { get set }
    /// What the document shows, in words.
    var notes: String? { get set }
    /// The document as UTF-8 JSON text ending in a newline, in the kind's canonical layout
    /// (reading it back gives the same document, to the bit).
    var json: String { get }
    /// Throws unless the document can be replayed: every number finite and in range, inputs in
    /// order, pins consistent, within the kind's limits.
    func validate() throws(FlingError)
    /// The work a replay with `options` implies, in the kind's own unit (checked against the
    /// kind's `Documents/Kind/budget` before any replay or drawing starts).
    func work(_ options: ReplayOptions) -> Documents.Work
    /// Replays the document: its steps, events, digest and the comparison with its pins.
    func replay(_ options: ReplayOptions) throws(FlingError) -> Replay
    /// The replay as a ``Run`` titled `title` (steps only if the replay kept them).
    func run(of replay: Replay, title: String) -> Run
    /// The lines `fling replay` prints for the replay; the last is its summary
    /// (`digest <hex> ticks <n>` ...).
    func report(of replay: Replay) -> [String]
    /// The document with its pins set from a replay with `options`.
    func pinned(_ options: ReplayOptions) throws(FlingError) -> Self
}

extension Documents {
    /// The registration of a document kind: its name and format, and how a document of the kind
    /// is read from its parsed JSON. `Documents/kinds` lists every one.
    public struct Kind: Sendable, CustomStringConvertible {
        /// The kind's registered name: a document's `"format"` (`fling-trace`), or for formats that
        /// hold several kinds, its `"kind"` (`chatHeads`, `sunSwitch`, `bubbles`, `dayNight`,
        /// `clouds`, `morph`, `conveyor`).
        public let name: String
        /// The document's `"format"`: `fling-trace`, `fling-scene` or `fling-paths`.
        public let format: String
        /// What a document of the kind holds, in words.
        let summary: String
        /// The most work (``FlingDocument/work(_:)``) a document of the kind may ask for, in its
        /// unit: the kind's one documented `WorkBudget` (docs/BAD-INPUT.md lists them).
        let budget: WorkBudget
        /// Reads a document of the kind from its parsed root (format, version and kind unchecked).
        let read: @Sendable (inout DocumentDecoder, JSONNode) throws(FlingError) -> any FlingDocument

        init(
            name: String, format: String, summary: String, budget: WorkBudget,
            read: @escaping @Sendable (inout DocumentDecoder, JSONNode) throws(FlingError) -> any FlingDocument
        ) {
            self.name = name; self.format = format; self.summary = summary; self.budget = budget; self.read = read
        }

        /// `fling-trace`, `fling-scene/chatHeads`.
        public var description: String { name == format ? name : "\(format)/\(name)" }
    }

    /// The work a replay or a picture of a document implies, in its kind's unit (tile-ticks,
    /// samples × items, frames × segments), counted before the work starts.
    public struct Work: Hashable, Sendable, CustomStringConvertible {
        /// What is counted.
        public let unit: String
        /// How much of it.
        public let amount: Double
        init(unit: String, amount: Double) { self.unit = unit; self.amount = amount }
        /// `1320.0 tile-ticks`.
        public var description: String { "\(amount) \(unit)" }
    }
}

/// How to replay a document.
public struct ReplayOptions {
    /// Makes a backend, given the solver iterations the document asks for.
    public typealias MakeBackend = (_ solverIterations: Int) throws(FlingError) -> any PhysicsBackend

    /// The backend documents that run physics (tile traces, snap scenes) replay on; nil for
    /// documents that need none (seeded scenes, paths).
    public var makeBackend: MakeBackend?
    /// When display frames come (tile traces; other kinds sample at their own times).
    public var display: ReplayOptions.DisplayFrames
    /// Whether to keep every step's state (for a ``Run`` to compare or draw); off, a replay
    /// keeps only its digests.
    public var keepsSteps: Bool
    /// Ticks between a trace's checkpoint digests; nil uses each session's pinned interval.
    public var checkpointInterval: Int?
    /// A backend of the pins' arithmetic, on which the pins are checked when `makeBackend`'s
    /// arithmetic is another (platform bits cannot give portable pins), while this run is
    /// checked against it and against its backend's peer (``FlingDocument/play(_:title:)``);
    /// nil leaves the pins uncompared, which
    /// ``PinnedReplay/verify(allowingNoPins:allowingUncomparedRun:)`` refuses.
    public var reference: MakeBackend?
    /// The reference backend's name, for reports.
    public var referenceName: String
    /// With ``keepsSteps``, keep only the samples `0, k, 2k, …` and the last of a scene (a
    /// picture of a long scene draws what it can show). Default 1: every sample.
    public var stepStride = 1
    /// Releases carry predictions looking this many ticks ahead (tile traces that ask for none
    /// and snap scenes); nil: as the document says.
    public var predictionTicks: Int?

    /// Whether sample `k` of `n` keeps its frame.
    func keeps(_ k: Int, of n: Int) -> Bool { keepsSteps && (k % max(1, stepStride) == 0 || k == n - 1) }

    public init(
        makeBackend: MakeBackend? = nil, display: ReplayOptions.DisplayFrames = .rate(60), keepsSteps: Bool = true,
        checkpointInterval: Int? = nil, reference: MakeBackend? = nil, referenceName: String = "a reference backend"
    ) {
        self.makeBackend = makeBackend; self.display = display; self.keepsSteps = keepsSteps
        self.checkpointInterval = checkpointInterval; self.reference = reference; self.referenceName = referenceName
    }

    /// The backend, or an error naming `field` when there is none.
    func backend(_ solverIterations: Int, for field: String) throws(FlingError) -> any PhysicsBackend {
        guard let makeBackend else {
            throw FlingError(
                .invalidState, field: field, value: "no backend",
                reason: "this document runs physics: replay it with a backend (ReplayOptions.makeBackend)")
        }
        return try makeBackend(solverIterations)
    }
}

/// What any document's replay gives, whatever its kind: the ``Run``, the comparison with the
/// pins, and the lines `fling replay` prints.
public struct DocumentReplay: PinnedReplay, Sendable {
    public var run: Run
    public var pins: PinComparison
    /// The lines `fling replay` prints; the last is the run's summary (`digest <hex> ticks <n>` ...).
    public var report: [String]
}

extension FlingDocument {
    /// The kind's registered name.
    var kindName: String { Self.kind.name }

    /// Throws (`overBudget`, naming the budget and the document's figure) when a replay with
    /// `options` would exceed the kind's work budget (docs/BAD-INPUT.md lists them): what
    /// ``play(_:title:)`` and a picture check before they start, for an app that reads a document
    /// it did not write and wants to know before it commits to the work.
    public func validateWork(_ options: ReplayOptions) throws(FlingError) {
        try Self.kind.budget.check(work(options).amount, "\(Self.kind) work")
    }

    /// Replays the document (after checking its work) and returns the run, the comparison with
    /// the pins and the report lines. When the pins are of another arithmetic than the backend's
    /// and `options.reference` is given, the pins are compared on a reference replay there, and
    /// this run is checked against that reference (it covers every step, refuses no input the
    /// reference accepted) and against a run on its backend's peer of its own arithmetic, step
    /// for step (Chipmunk against `native`, `native` against Chipmunk): ``PinComparison`` says what
    /// was compared, and ``PinnedReplay/verify(allowingNoPins:allowingUncomparedRun:)`` fails on
    /// a difference, or when the backend has no peer in this build.
    public func play(_ options: ReplayOptions, title: String? = nil) throws(FlingError) -> DocumentReplay {
        try validateWork(options)
        let r = try replay(options)
        let run = run(of: r, title: title ?? name ?? Self.kind.name)
        var pins = r.pins
        if pins.pinned > 0, pins.compared == 0, let reference = options.reference {
            var o = options
            o.makeBackend = reference
            o.keepsSteps = false
            o.reference = nil
            let checked = try replay(o)
            pins = checked.pins
            if pins.compared > 0 {
                pins.comparedOn = .reference(options.referenceName)
                pins.run = try checkRun(run, reference: self.run(of: checked, title: options.referenceName), options)
            }
        }
        return DocumentReplay(run: run, pins: pins, report: report(of: r))
    }

}
