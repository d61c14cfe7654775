// What a test, an app or a property of one's own reads of a replay's `Run`: the items at each
// of its steps (a step is a tick of a tile trace, a sample of a scene or path document; the
// package's own members call them frames) by kind, id and named values, and its events. The
// run's own members stay the package's (the replay page's layout); these are copies, by name.

/// One item at one step of a `Run`: a tile's `x y angle vx vy w`, a chat head's
/// `x y vx vy scale`, by name.
public struct RunItem: Hashable, Sendable {
    /// `tile` for tile traces; `head` or `panel` for chat heads.
    public var kind: String
    public var id: Int
    /// `held`, `attracted`, `falling`, `lying` (a head's: `resting`, `held`, `springing`,
    /// `keyframing`), where the kind has one.
    public var phase: String?
    /// The values' names, and the values in that order.
    public var fields: [String]
    public var values: [Double]

    /// The value named `field`, if the item has one.
    public func value(_ field: String) -> Double? { fields.firstIndex(of: field).map { values[$0] } }
}

/// Something that happened to an item at a step of a `Run`: `grabbed`, `released`,
/// `settled`, `culled`, `cameToRest` … (chat heads: `tapped`, `snapped`, `opened`, `closed` …)
public struct RunEvent: Hashable, Sendable {
    /// The step it happened at (``Run/items(atStep:)``).
    public var step: Int
    public var kind: String
    public var id: Int
    public var name: String
    public var detail: String
}

extension Run {
    /// The steps the run kept (its ticks, or its samples).
    public var stepCount: Int { frames.count }

    /// The items at step `step` (from 0), in kind then id order; none past the end.
    public func items(atStep step: Int) -> [RunItem] {
        guard frames.indices.contains(step) else { return [] }
        return frames[step].items.map { item in
            RunItem(
                kind: item.itemKind, id: item.id, phase: item.phase,
                fields: schema.first { $0.itemKind == item.itemKind }?.fields ?? [], values: item.values)
        }
    }

    /// Every event, in step order.
    public var eventList: [RunEvent] {
        events.map { RunEvent(step: $0.frame, kind: $0.itemKind, id: $0.id, name: $0.name, detail: $0.detail) }
    }
}
