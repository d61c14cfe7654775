// What a test, an app or a property of one's own reads of a replay's `Run`: the items at each
// of its steps (a step is a tick of a tile trace, a sample of a scene or path document) by
// kind, id and named values, and its events. A step stores its items as `RunItem`s, each with
// its kind's field names (one array shared by every item of the kind), so a reading is the
// stored value itself, never a copy in another shape.
import FlingCore

/// One item at one step of a `Run`: a tile's `x y angle vx vy w`, a chat head's
/// `x y vx vy scale`, by name.
public struct RunItem: Hashable, Sendable {
    /// `tile` for tile traces; `head` or `panel` for chat heads (the kinds: ``Run/schema``).
    public var kind: String
    public var id: Int
    /// `held`, `attracted`, `falling`, `lying` (a head's: `resting`, `held`, `springing`,
    /// `keyframing`), where the kind has one.
    public var phase: String?
    /// The values' names, and the values in that order.
    public var fields: [String]
    public var values: [Double]
    /// A shape's coordinates (x0, y0, x1, y1 ...) where the kind has one (a path's cubic
    /// segments: the start, then three points a segment); empty otherwise.
    public var points: [Double]

    /// The value named `field`, if the item has one.
    public func value(_ field: String) -> Double? { fields.firstIndex(of: field).map { values[$0] } }

    /// An item of `kind`; a `Run` gives it its kind's field names when the fields are empty.
    init(kind: String, id: Int, values: [Double], points: [Double] = [], phase: String? = nil, fields: [String] = []) {
        self.kind = kind; self.id = id; self.phase = phase; self.fields = fields; self.values = values; self.points = points
    }
}

/// Something that happened to an item at a step of a `Run`: `grabbed`, `released`,
/// `settled`, `culled`, `cameToRest` … (chat heads: `tapped`, `snapped`, `opened`, `closed` …)
public struct RunEvent: Hashable, Sendable {
    /// The step it happened at (``Run/items(atStep:)``).
    public var step: Int
    /// The item's kind and id.
    public var kind: String
    public var id: Int
    /// `grabbed`, `released`, `settled`, `culled`, `snapped`, `toggled`, `emitted`, `popped` ...
    public var name: String
    /// The rest, readable (release velocity, outcome ...).
    public var detail: String

    init(step: Int, kind: String, id: Int, name: String, detail: String) {
        self.step = step; self.kind = kind; self.id = id; self.name = name; self.detail = detail
    }
}

extension Run {
    /// The steps the run kept (its ticks, or its samples).
    public var stepCount: Int { steps.count }

    /// The items at step `step` (from 0), in kind then id order; none past the end.
    public func items(atStep step: Int) -> [RunItem] {
        steps.indices.contains(step) ? steps[step].items : []
    }
}
