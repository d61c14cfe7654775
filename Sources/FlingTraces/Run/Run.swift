import FlingCore

// What replaying any Fling document gives, in one shape: every frame's exact state, the events,
// the inputs that were applied and the digest. Every document kind (tile trace, snap scene,
// seeded scene, path scene) turns its own replay into a `Run`, so that one comparison finds the
// first divergence between two runs (`Run.firstDivergence(from:)`), one command prints it
// (`fling diff`), and one page plays any run (`fling view`). A `Run` is data, never
// re-simulated: the page draws exactly the numbers the replay produced.

/// One replay of a Fling document, frame by frame: a frame is a physics tick (tile traces, snap
/// scenes) or a sample (seeded and path scenes).
public struct Run: Sendable {
    /// The registered name of the document kind (`fling-trace`, `fling-scene`, `fling-paths`)
    /// and, after a slash, the scene's own kind where it has one (`fling-scene/chatHeads`).
    public var kind: String
    /// A short human title (the file name or the scene's name).
    public var title: String
    /// What does not change from frame to frame: the viewport and each item's fixed facts.
    public var stage: Stage
    /// For each item kind, the names of its per-frame values, in the order
    /// ``Item/values`` holds them (for example `tile: x y angle vx vy w`).
    public var schema: [ItemSchema]
    /// Every frame, in order.
    public var frames: [Frame]
    /// What happened, in order (grabbed, released, settled, culled, snapped, toggled, emitted,
    /// popped ...), each at the frame it happened in.
    public var events: [Event]
    /// The inputs applied (touches, resets, picks, taps ...), each at the frame before which it
    /// was applied.
    public var inputs: [Input]
    /// The kind's own digest of the whole run (what `fling replay` prints last).
    public var digest: StateDigest
    /// The line `fling replay` prints last for this run.
    public var summary: String

    public init(
        kind: String, title: String, stage: Stage, schema: [ItemSchema], frames: [Frame], events: [Event],
        inputs: [Input], digest: StateDigest, summary: String
    ) {
        self.kind = kind; self.title = title; self.stage = stage; self.schema = schema; self.frames = frames
        self.events = events; self.inputs = inputs; self.digest = digest; self.summary = summary
    }

    /// The names of one item kind's per-frame values.
    public struct ItemSchema: Hashable, Sendable {
        /// `tile`, `head`, `panel`, `knob`, `bubble`, `sky`, `cloud`, `pin`, `dot` ...
        public var itemKind: String
        /// The names of ``Item/values``, in order (`x`, `y`, `angle`, `vx`, `vy`, `w`, `scale` ...).
        public var fields: [String]
        public init(itemKind: String, fields: [String]) { self.itemKind = itemKind; self.fields = fields }
    }

    /// The fixed facts of a run, for drawing and labelling.
    public struct Stage: Hashable, Sendable {
        /// The area the app shows, in points (y down).
        public var viewport: Rect
        /// Seconds per frame when frames are evenly spaced (a tick, or a sampling interval);
        /// nil when they are not.
        public var frameInterval: Double?
        /// Each item's fixed facts, in id order within each kind.
        public var items: [StageItem]
        public init(viewport: Rect, frameInterval: Double?, items: [StageItem]) {
            self.viewport = viewport; self.frameInterval = frameInterval; self.items = items
        }
    }

    /// An item's fixed facts: its kind, id, a label, and named numbers such as a tile's home
    /// frame (`homeX homeY width height`) or a bubble's size.
    public struct StageItem: Hashable, Sendable {
        public var itemKind: String
        public var id: Int
        public var label: String
        public var facts: [Fact]
        public init(itemKind: String, id: Int, label: String, facts: [Fact]) {
            self.itemKind = itemKind; self.id = id; self.label = label; self.facts = facts
        }
    }

    /// A named number.
    public struct Fact: Hashable, Sendable {
        public var name: String
        public var value: Double
        public init(_ name: String, _ value: Double) { self.name = name; self.value = value }
    }

    /// One frame: its tick or sample number, its time, and every item present in it.
    public struct Frame: Sendable {
        /// The tick (from 0) or sample number (from 0).
        public var index: Int
        /// Seconds since the run began.
        public var time: Double
        /// Every item present, ordered by kind (schema order) then id.
        public var items: [Item]
        /// The run's digest chained up to and including this frame, where the kind has one
        /// per frame.
        public var digest: StateDigest?
        public init(index: Int, time: Double, items: [Item], digest: StateDigest?) {
            self.index = index; self.time = time; self.items = items; self.digest = digest
        }
    }

    /// One item's values in one frame, named by its kind's ``ItemSchema``; `points` holds a
    /// shape's coordinates (x0, y0, x1, y1 ...) where the kind has one (a path's cubic
    /// segments: start, then three points a segment), empty otherwise.
    public struct Item: Sendable {
        public var itemKind: String
        public var id: Int
        public var values: [Double]
        public var points: [Double]
        /// A phase or state word where the kind has one (`held`, `attracted`, `falling` ...).
        public var phase: String?
        public init(itemKind: String, id: Int, values: [Double], points: [Double] = [], phase: String? = nil) {
            self.itemKind = itemKind; self.id = id; self.values = values; self.points = points; self.phase = phase
        }
    }

    /// Something that happened to an item at a frame.
    public struct Event: Hashable, Sendable {
        public var frame: Int
        public var itemKind: String
        public var id: Int
        /// `grabbed`, `released`, `settled`, `culled`, `snapped`, `toggled`, `emitted`, `popped` ...
        public var name: String
        /// The rest, readable (release velocity, outcome ...).
        public var detail: String
        public init(frame: Int, itemKind: String, id: Int, name: String, detail: String) {
            self.frame = frame; self.itemKind = itemKind; self.id = id; self.name = name; self.detail = detail
        }
    }

    /// An input, applied just before `frame` was stepped or sampled.
    public struct Input: Hashable, Sendable {
        public var frame: Int
        /// The input's own time, seconds since the run began.
        public var time: Double
        /// `touch`, `reset`, `add`, `remove`, `pick`, `tap` ...
        public var name: String
        /// The touch id, for touches.
        public var touch: Int?
        /// `began`, `moved`, `ended`, `cancelled` for touches.
        public var phase: String?
        /// Where, for inputs that have a place.
        public var position: Vector?
        /// The rest, readable.
        public var detail: String
        public init(
            frame: Int, time: Double, name: String, touch: Int? = nil, phase: String? = nil, position: Vector? = nil,
            detail: String = ""
        ) {
            self.frame = frame; self.time = time; self.name = name; self.touch = touch; self.phase = phase
            self.position = position; self.detail = detail
        }
    }
}
