// What a test, an app or a property of one's own reads of a replay's `Run`: its frames' items
// by kind, id and named values, and its events. The run's own members stay the package's (the
// replay page's layout); these are copies, by name.

/// One item in one frame of a `Run`: a tile's `x y angle vx vy w`, a chat head's
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

/// Something that happened to an item at a frame of a `Run`: `grabbed`, `released`,
/// `settled`, `culled`, `cameToRest` … (chat heads: `tapped`, `snapped`, `opened`, `closed` …)
public struct RunEvent: Hashable, Sendable {
    public var frame: Int
    public var kind: String
    public var id: Int
    public var name: String
    public var detail: String
}

extension Run {
    /// The frames (ticks) the run kept.
    public var frameCount: Int { frames.count }

    /// The items of frame `frame` (from 0), in kind then id order; none past the end.
    public func items(inFrame frame: Int) -> [RunItem] {
        guard frames.indices.contains(frame) else { return [] }
        return frames[frame].items.map { item in
            RunItem(
                kind: item.itemKind, id: item.id, phase: item.phase,
                fields: schema.first { $0.itemKind == item.itemKind }?.fields ?? [], values: item.values)
        }
    }

    /// Every event, in frame order.
    public var eventList: [RunEvent] {
        events.map { RunEvent(frame: $0.frame, kind: $0.itemKind, id: $0.id, name: $0.name, detail: $0.detail) }
    }
}
