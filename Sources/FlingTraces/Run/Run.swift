import FlingCore

// What replaying any Fling document gives, in one shape: every frame's exact state, the events,
// the inputs that were applied and the digest. Every registered document kind (tile trace, snap
// scene, seeded scene, path document; see Documents.swift) turns its own replay into a `Run`, so
// that one comparison finds the first divergence between two runs (`Run.firstDivergence(from:)`),
// one command prints it (`fling diff`), and one page plays any run (`fling view`). A `Run` is
// data, never re-simulated: the page draws exactly the numbers the replay produced.
//
// The item kinds, their per-frame values (`schema`) and stage facts, kind by kind (each kind's
// file documents its own again, beside the code that fills them in):
//
//   fling-trace  tile    x y angle vx vy w     the tiles that had a world during the tick (what
//                                              the digest covers), phase held/attracted/falling,
//                                              and those lying where they came to rest (phase
//                                              lying, zero velocities, not in the digest);
//                                              stage: homeX homeY width height mass per tile,
//                                              x1 y1 x2 y2 radius elasticity friction per wall
//   chatHeads    head    x y vx vy scale       every head (ids 1, 2, …), phase resting, held,
//                                              springing or keyframing
//                panel   x y width height      the conversation panel's frame (id: the last head's
//                                              + 1)
//   sunSwitch    knob    x y vx vy scale       the knob (id 1)
//                rays    angle alpha on        the sun's rays (id 0); on is 1 or 0
//   bubbles      bubble  x y scale size        every live bubble (phase popping when it pops);
//                                              stage: each bubble's curve and size
//   dayNight     sky     minutes skyOffset rotation starAlpha   (id 0)
//   clouds       cloud   x y alpha             every cloud; stage: born startX y speed width
//                                              height variant
//   morph        subpath closed                one item per subpath, `points` its cubic segments
//   conveyor     dot     x y distance alpha    the dots on the line, nearest the start first

/// One replay of a Fling document, step by step: a step is a physics tick (tile traces), or
/// a sample (scene and path documents); ``stepCount``, ``items(atStep:)`` and ``eventList``
/// read it.
///
/// Two runs of the same input compare with ``firstDivergence(from:)``, which names the first
/// step, item, field and both values with their bit patterns where they part.
public struct Run: Sendable {
    /// The registered name of the document's kind (``Documents/Kind/name``: `fling-trace`,
    /// `chatHeads`, `bubbles`, `morph` ...).
    public var kind: String
    /// A short human title (the file name, the document's name, a backend).
    public var title: String
    /// What a frame is: `tick` (tile traces) or `sample` (scene and path documents).
    package var frameUnit: String
    /// The parts of the run that start afresh, in frame order: a trace's sessions (each a fresh
    /// animator over its own viewport and tiles), or the one stage of any other document.
    package var stages: [Stage]
    /// For each item kind, the names of its per-frame values, in the order
    /// ``Item/values`` holds them (for example `tile: x y angle vx vy w`).
    package var schema: [ItemSchema]
    /// Every frame, in order; ``Frame/index`` is the position in this array.
    package var frames: [Frame]
    /// What happened, in frame order (grabbed, released, settled, culled, snapped, toggled,
    /// emitted, popped ...), each at the frame it happened in.
    package var events: [Event]
    /// The inputs applied (touches, tile operations, picks, taps ...), in frame order, each at
    /// the frame before which it was applied.
    package var inputs: [Input]
    /// The kind's own digest of the whole run (the pinned one: what `fling replay` prints last).
    public var digest: StateDigest
    /// The line `fling replay` prints last for this run (`digest <hex> ticks <n>` ...).
    public var summary: String
    /// The frames each stage stepped or sampled, kept in ``frames`` or not (a replay that keeps
    /// none still counts them): what a check of the run against a reference run covers.
    var stageFrames: [Int]
    /// The inputs the backend refused while they were applied, in order (a sound recording
    /// on a sound backend has none).
    var refusals: [Refusal] = []
    /// Where released items end if nothing touches them again (a replay with predictions,
    /// `TileEvent.prediction`), each with the frames it stands for: the page draws the
    /// predicted end pose from the release until the item gets there.
    package var predictions: [Prediction] = []

    /// A release's prediction on the run's frames.
    package struct Prediction: Hashable, Sendable {
        package var itemKind: String
        package var id: Int
        /// The release's frame, and the frame after which the item is where the prediction
        /// says (or the frame of a later grab, a release or a reset of it: there the
        /// prediction is superseded).
        package var frame: Int
        package var until: Int
        /// The predicted outcome (`settledHome`, `culled`, …) and pose.
        package var outcome: String
        package var x: Double, y: Double, angle: Double
        init(itemKind: String, id: Int, frame: Int, until: Int, outcome: String, x: Double, y: Double, angle: Double) {
            self.itemKind = itemKind; self.id = id; self.frame = frame; self.until = until; self.outcome = outcome
            self.x = x; self.y = y; self.angle = angle
        }
    }

    init(
        kind: String, title: String, frameUnit: String, stages: [Stage], schema: [ItemSchema], frames: [Frame],
        events: [Event], inputs: [Input], digest: StateDigest, summary: String
    ) {
        self.kind = kind; self.title = title; self.frameUnit = frameUnit; self.stages = stages; self.schema = schema; self.frames = frames
        self.events = events; self.inputs = inputs; self.digest = digest; self.summary = summary
        self.stageFrames = stages.map(\.frameCount)
    }

    /// The stage frame `index` belongs to (the last stage for an index past the end).
    func stage(at index: Int) -> (offset: Int, stage: Stage)? {
        guard !stages.isEmpty else { return nil }
        let s = stages.lastIndex { $0.firstFrame <= index } ?? 0
        return (s, stages[s])
    }

    /// The names of one item kind's per-frame values.
    package struct ItemSchema: Hashable, Sendable {
        /// `tile`, `head`, `panel`, `knob`, `rays`, `bubble`, `sky`, `cloud`, `subpath`, `dot`.
        package var itemKind: String
        /// The names of ``Item/values``, in order (`x`, `y`, `angle`, `vx`, `vy`, `w`, `scale` ...).
        package var fields: [String]
        init(itemKind: String, fields: [String]) { self.itemKind = itemKind; self.fields = fields }
    }

    /// What does not change during a part of the run: where it is shown, how far apart its
    /// frames are, and each item's fixed facts.
    package struct Stage: Hashable, Sendable {
        /// A name (a trace session's name, `stroke 3`), if it has one.
        package var name: String?
        /// The index of the stage's first frame in ``Run/frames``.
        package var firstFrame: Int
        /// How many frames the stage has.
        package var frameCount: Int
        /// The area the app shows, in points (y down).
        package var viewport: Rect
        /// Seconds per frame when frames are evenly spaced (a tick, or a sampling interval);
        /// nil when they are not.
        package var frameInterval: Double?
        /// Each item's fixed facts, ordered by kind (schema order) then id.
        package var items: [StageItem]
        init(
            name: String? = nil, firstFrame: Int = 0, frameCount: Int, viewport: Rect, frameInterval: Double?,
            items: [StageItem]
        ) {
            self.name = name; self.firstFrame = firstFrame; self.frameCount = frameCount
            self.viewport = viewport; self.frameInterval = frameInterval; self.items = items
        }
    }

    /// An item's fixed facts: its kind, id, a label, and named numbers such as a tile's home
    /// frame (`homeX homeY width height`) or a bubble's size.
    package struct StageItem: Hashable, Sendable {
        package var itemKind: String
        package var id: Int
        package var label: String
        package var facts: [Fact]
        init(itemKind: String, id: Int, label: String, facts: [Fact]) {
            self.itemKind = itemKind; self.id = id; self.label = label; self.facts = facts
        }
    }

    /// A named number.
    package struct Fact: Hashable, Sendable {
        package var name: String
        package var value: Double
        init(_ name: String, _ value: Double) { self.name = name; self.value = value }
    }

    /// One frame: its place in the run and in its stage, its time, and every item present in it.
    package struct Frame: Sendable {
        /// The frame's position in ``Run/frames`` (from 0).
        var index: Int
        /// The tick (from 0) or sample number (from 0) within its stage.
        package var local: Int
        /// Seconds since its stage began.
        package var time: Double
        /// Every item present, ordered by kind (schema order) then id.
        package var items: [Item]
        /// The run's digest chained up to and including this frame, where the kind chains one
        /// frame by frame.
        package var digest: StateDigest?
        init(index: Int, local: Int, time: Double, items: [Item], digest: StateDigest?) {
            self.index = index; self.local = local; self.time = time; self.items = items; self.digest = digest
        }
    }

    /// One item's values in one frame, named by its kind's `ItemSchema`; `points` holds a
    /// shape's coordinates (x0, y0, x1, y1 ...) where the kind has one (a path's cubic
    /// segments: start, then three points a segment), empty otherwise.
    package struct Item: Sendable {
        package var itemKind: String
        package var id: Int
        package var values: [Double]
        package var points: [Double]
        /// A phase or state word where the kind has one (`held`, `attracted`, `falling` ...).
        package var phase: String?
        init(itemKind: String, id: Int, values: [Double], points: [Double] = [], phase: String? = nil) {
            self.itemKind = itemKind; self.id = id; self.values = values; self.points = points; self.phase = phase
        }
    }

    /// Something that happened to an item at a frame.
    package struct Event: Hashable, Sendable {
        package var frame: Int
        package var itemKind: String
        package var id: Int
        /// `grabbed`, `released`, `settled`, `culled`, `snapped`, `toggled`, `emitted`, `popped` ...
        package var name: String
        /// The rest, readable (release velocity, outcome ...).
        package var detail: String
        init(frame: Int, itemKind: String, id: Int, name: String, detail: String) {
            self.frame = frame; self.itemKind = itemKind; self.id = id; self.name = name; self.detail = detail
        }
    }

    /// An input, applied just before `frame` was stepped or sampled.
    package struct Input: Hashable, Sendable {
        package var frame: Int
        /// The input's own time, seconds since its stage began.
        package var time: Double
        /// `touch`, `reset`, `addTile`, `removeTile`, `pick`, `tap`.
        package var name: String
        /// The touch id, for touches.
        package var touch: Int?
        /// `began`, `moved`, `ended`, `cancelled` for touches.
        package var phase: String?
        /// Where, for inputs that have a place.
        package var position: Vector?
        /// The rest, readable.
        package var detail: String
        init(
            frame: Int, time: Double, name: String, touch: Int? = nil, phase: String? = nil, position: Vector? = nil,
            detail: String = ""
        ) {
            self.frame = frame; self.time = time; self.name = name; self.touch = touch; self.phase = phase
            self.position = position; self.detail = detail
        }
    }
}
