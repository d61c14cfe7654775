import FlingCore

// What replaying any Fling document gives, in one shape: every step's exact state, the events,
// the inputs that were applied and the digest. Every registered document kind (tile trace, snap
// scene, seeded scene, path document; see Documents.swift) turns its own replay into a `Run`, so
// that one comparison finds the first divergence between two runs (`Run.firstDivergence(from:)`),
// one command prints it (`fling diff`), and one page plays any run (`fling view`). A `Run` is
// data, never re-simulated: the page draws exactly the numbers the replay produced.
//
// The item kinds, their per-step values (`schema`) and stage facts, kind by kind (each kind's
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
/// a sample (scene and path documents); ``steps`` holds each kept step's items by kind, id
/// and named values (``items(atStep:)``), ``events`` what happened and ``inputs`` what was
/// applied, ``stages`` and ``schema`` what does not change.
///
/// Two runs of the same input compare with ``firstDivergence(from:)``, which names the first
/// step, item, field and both values with their bit patterns where they part.
public struct Run: Sendable {
    /// The registered name of the document's kind (``Documents/Kind/name``: `fling-trace`,
    /// `chatHeads`, `bubbles`, `morph` ...).
    public var kind: String
    /// A short human title (the file name, the document's name, a backend).
    public var title: String
    /// What a step is: `tick` (tile traces) or `sample` (scene and path documents).
    public var stepUnit: String
    /// The parts of the run that start afresh, in step order: a trace's sessions (each a fresh
    /// animator over its own viewport and tiles), or the one stage of any other document.
    public var stages: [Stage]
    /// For each item kind, the names of its per-step values, in the order
    /// ``RunItem/values`` holds them (for example `tile: x y angle vx vy w`).
    public var schema: [ItemSchema]
    /// Every step the run kept, in order (a step's position in this array is the step
    /// ``items(atStep:)``, ``RunEvent/step`` and ``Input/step`` name).
    public var steps: [Step]
    /// What happened, in step order (grabbed, released, settled, culled, snapped, toggled,
    /// emitted, popped ...), each at the step it happened in.
    public var events: [RunEvent]
    /// The inputs applied (touches, tile operations, picks, taps ...), in step order, each at
    /// the step before which it was applied.
    public var inputs: [Input]
    /// The kind's own digest of the whole run (the pinned one: what `fling replay` prints last).
    public var digest: StateDigest
    /// The line `fling replay` prints last for this run (`digest <hex> ticks <n>` ...).
    public var summary: String
    /// The steps each stage stepped or sampled, kept in ``steps`` or not (a replay that keeps
    /// none still counts them): what a check of the run against a reference run covers.
    var stageSteps: [Int]
    /// The inputs the backend refused while they were applied, in order (a sound recording
    /// on a sound backend has none).
    var refusals: [Refusal] = []
    /// Where released items end if nothing touches them again (a replay with predictions,
    /// `TileEvent.prediction`), each with the steps it stands for: the replay page draws the
    /// predicted end pose from the release until the item gets there.
    public var predictions: [Prediction] = []

    /// A release's prediction on the run's steps.
    public struct Prediction: Hashable, Sendable {
        /// The item's kind (`tile`) and id.
        public var itemKind: String
        public var id: Int
        /// The release's step.
        public var step: Int
        /// The step after which the item is where the prediction says (or the step of a later
        /// grab, a release or a reset of it: there the prediction is superseded).
        public var until: Int
        /// The predicted outcome (`settledHome`, `culled`, …) and pose.
        public var outcome: String
        public var x: Double, y: Double, angle: Double
        init(itemKind: String, id: Int, step: Int, until: Int, outcome: String, x: Double, y: Double, angle: Double) {
            self.itemKind = itemKind; self.id = id; self.step = step; self.until = until; self.outcome = outcome
            self.x = x; self.y = y; self.angle = angle
        }
    }

    init(
        kind: String, title: String, stepUnit: String, stages: [Stage], schema: [ItemSchema], steps: [Step],
        events: [RunEvent], inputs: [Input], digest: StateDigest, summary: String
    ) {
        self.kind = kind; self.title = title; self.stepUnit = stepUnit; self.stages = stages; self.schema = schema
        self.steps = steps; self.events = events; self.inputs = inputs; self.digest = digest; self.summary = summary
        self.stageSteps = stages.map(\.stepCount)
        // Each item carries its kind's field names (one shared array per kind), so that a step's
        // items read by name without the schema at hand.
        for s in self.steps.indices {
            for i in self.steps[s].items.indices where self.steps[s].items[i].fields.isEmpty {
                let kind = self.steps[s].items[i].kind
                self.steps[s].items[i].fields = schema.first { $0.itemKind == kind }?.fields ?? []
            }
        }
    }

    /// The stage step `index` belongs to (the last stage for an index past the end).
    func stage(at index: Int) -> (offset: Int, stage: Stage)? {
        guard !stages.isEmpty else { return nil }
        let s = stages.lastIndex { $0.firstStep <= index } ?? 0
        return (s, stages[s])
    }

    /// The names of one item kind's per-step values.
    public struct ItemSchema: Hashable, Sendable {
        /// `tile`, `head`, `panel`, `knob`, `rays`, `bubble`, `sky`, `cloud`, `subpath`, `dot`.
        public var itemKind: String
        /// The names of ``RunItem/values``, in order (`x`, `y`, `angle`, `vx`, `vy`, `w`, `scale` ...).
        public var fields: [String]
        init(itemKind: String, fields: [String]) { self.itemKind = itemKind; self.fields = fields }
    }

    /// What does not change during a part of the run: where it is shown, how far apart its
    /// steps are, and each item's fixed facts.
    public struct Stage: Hashable, Sendable {
        /// A name (a trace session's name, `stroke 3`), if it has one.
        public var name: String?
        /// The index of the stage's first step in ``Run/steps``.
        public var firstStep: Int
        /// How many steps the stage has.
        public var stepCount: Int
        /// The area the app shows, in points (y down).
        public var viewport: Rect
        /// Seconds per step when steps are evenly spaced (a tick, or a sampling interval);
        /// nil when they are not.
        public var stepInterval: Double?
        /// Each item's fixed facts, ordered by kind (schema order) then id.
        public var items: [StageItem]
        init(
            name: String? = nil, firstStep: Int = 0, stepCount: Int, viewport: Rect, stepInterval: Double?,
            items: [StageItem]
        ) {
            self.name = name; self.firstStep = firstStep; self.stepCount = stepCount
            self.viewport = viewport; self.stepInterval = stepInterval; self.items = items
        }
    }

    /// An item's fixed facts: its kind, id, a label, and named numbers such as a tile's home
    /// frame (`homeX homeY width height`) or a bubble's size.
    public struct StageItem: Hashable, Sendable {
        public var itemKind: String
        public var id: Int
        public var label: String
        public var facts: [Fact]
        init(itemKind: String, id: Int, label: String, facts: [Fact]) {
            self.itemKind = itemKind; self.id = id; self.label = label; self.facts = facts
        }
    }

    /// A named number.
    public struct Fact: Hashable, Sendable {
        public var name: String
        public var value: Double
        init(_ name: String, _ value: Double) { self.name = name; self.value = value }
    }

    /// One step: its place in its stage, its time, and every item present in it.
    public struct Step: Sendable {
        /// The step's position in ``Run/steps`` (from 0).
        var index: Int
        /// The tick (from 0) or sample number (from 0) within its stage.
        public var localStep: Int
        /// Seconds since its stage began.
        public var time: Double
        /// Every item present, ordered by kind (schema order) then id.
        public var items: [RunItem]
        /// The run's digest chained up to and including this step, where the kind chains one
        /// step by step.
        public var digest: StateDigest?
        init(index: Int, localStep: Int, time: Double, items: [RunItem], digest: StateDigest?) {
            self.index = index; self.localStep = localStep; self.time = time; self.items = items; self.digest = digest
        }
    }

    /// An input, applied just before `step` was stepped or sampled.
    public struct Input: Hashable, Sendable {
        public var step: Int
        /// The input's own time, seconds since its stage began.
        public var time: Double
        /// `touch`, `reset`, `addTile`, `removeTile`, `pick`, `tap`.
        public var name: String
        /// The touch id, for touches.
        public var touch: Int?
        /// `began`, `moved`, `ended`, `cancelled` for touches.
        public var phase: String?
        /// Where, for inputs that have a place.
        public var position: Vector?
        /// The rest, readable.
        public var detail: String
        init(
            step: Int, time: Double, name: String, touch: Int? = nil, phase: String? = nil, position: Vector? = nil,
            detail: String = ""
        ) {
            self.step = step; self.time = time; self.name = name; self.touch = touch; self.phase = phase
            self.position = position; self.detail = detail
        }
    }
}
