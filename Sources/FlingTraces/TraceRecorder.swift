import FlingCore
import FlingInteraction

/// Records the touches an app hands its animator, so that a test can replay them exactly.
///
/// Make it from the animator before the animator has seen a touch or a tick, hand every touch
/// through ``handle(_:by:)`` (or hand it to the animator yourself and ``record(_:)`` it),
/// and when the interaction is over take the ``trace(duration:stopsWhenIdle:name:notes:attribution:)``
/// and write its ``Trace/json`` somewhere a test can read it:
///
/// ```swift
/// let animator = try TileAnimator(viewport: bounds, tiles: tiles, backend: NativeBackend())
/// var recorder = try TraceRecorder(recording: animator)
/// // for each touch, with `time` in seconds since the animator started:
/// try recorder.handle(TouchEvent(time: time, touch: id, phase: .moved, position: p), by: animator)
/// // for each display frame:
/// try animator.advance(to: frameTime)
/// // at the end:
/// let json = recorder.trace(duration: lastFrameTime).json
/// ```
///
/// The replay of such a trace gives the recorded run's ticks as long as the app's clock never
/// stalled longer than ``EngineConfiguration/maxFrameInterval`` while recording (the clock
/// drops stalled time, and a trace holds touches, not frame times).
public struct TraceRecorder: Sendable {
    /// The scene so far: the animator's viewport, tiles and configuration, and the touches
    /// recorded. Its ``Trace/Scene/run`` is set by ``trace(duration:stopsWhenIdle:name:notes:attribution:)``.
    public private(set) var scene: Trace.Scene
    /// Touches down after the events recorded so far.
    private var down: [TouchID] = []

    /// Records a scene of the given tiles. Throws when the scene is not valid.
    public init(viewport: Rect, tiles: [TileDefinition], configuration: EngineConfiguration = .init()) throws(FlingError) {
        scene = Trace.Scene(viewport: viewport, tiles: tiles, configuration: configuration, run: .init(), events: [])
        try scene.validate()
    }

    /// Records the scene of `animator`: its viewport, tiles and configuration. Throws
    /// (`invalidState`) unless the animator is fresh: no tick stepped and no touch handed to it.
    public init(recording animator: TileAnimator) throws(FlingError) {
        guard animator.clock.ticks == 0, animator.lastEventTime == -Double.infinity else {
            throw FlingError(.invalidState, field: "TraceRecorder(recording:)", value: "\(animator.clock.ticks) ticks",
                             reason: "start recording before the animator's first touch and first tick")
        }
        try self.init(viewport: animator.viewport, tiles: animator.tileDefinitions, configuration: animator.configuration)
    }

    /// The number of events recorded.
    public var eventCount: Int { scene.events.count }

    /// Records a touch (one the app has handed its animator). Throws, recording nothing, when
    /// it would make the trace invalid: a time before 0 or before the last event's, a number
    /// out of range, a `began` for a touch that is down or naming an unknown tile, or another
    /// phase for a touch that is not down.
    public mutating func record(_ event: TouchEvent) throws(FlingError) {
        let update = try check(event)
        commit(event, update)
    }

    /// Hands `event` to `animator` and records it; when either refuses it, neither changes.
    public mutating func handle(_ event: TouchEvent, by animator: TileAnimator) throws(FlingError) {
        let update = try check(event)
        try animator.handle(event)
        commit(event, update)
    }

    /// The recording as a one-scene trace that runs `duration` seconds of display time (the
    /// last display time of the recording, say), or stops earlier at its first idle tick when
    /// `stopsWhenIdle`.
    public func trace(
        duration: Double, stopsWhenIdle: Bool = false, name: String? = nil, notes: String? = nil, attribution: String? = nil
    ) -> Trace {
        var s = scene
        s.name = name
        s.run = Trace.RunLength(duration: duration, stopsWhenIdle: stopsWhenIdle)
        return Trace(name: name, notes: notes, attribution: attribution, scenes: [s])
    }

    private enum Update { case none, add, remove(Int) }

    private func check(_ event: TouchEvent) throws(FlingError) -> Update {
        let field = "TraceRecorder.record(\(scene.events.count))"
        try Check.range(event.time, 0...1e12, "\(field).time")
        if let last = scene.events.last, event.time < last.time {
            throw FlingError(.outOfOrder, field: "\(field).time", value: "\(event.time)",
                             reason: "is earlier than the last recorded event's time, \(last.time)")
        }
        try Check.coordinate(event.position, "\(field).position")
        let d = down.firstIndex(of: event.touch)
        switch event.phase {
        case .began:
            guard d == nil else {
                throw FlingError(.touchAlreadyDown, field: "\(field).touch", value: "\(event.touch.rawValue)", reason: "began while already down")
            }
            if let tile = event.tile, !scene.tiles.contains(where: { $0.id == tile }) {
                throw FlingError(.unknownTile, field: "\(field).tile", value: "\(tile.rawValue)", reason: "no tile has this id")
            }
            return .add
        case .moved, .ended, .cancelled:
            guard let d else {
                throw FlingError(.unknownTouch, field: "\(field).touch", value: "\(event.touch.rawValue)",
                                 reason: "no touch with this id has begun")
            }
            return event.phase == .moved ? .none : .remove(d)
        }
    }

    private mutating func commit(_ event: TouchEvent, _ update: Update) {
        var e = event
        if e.phase != .began { e.tile = nil }
        scene.events.append(e)
        switch update {
        case .none: break
        case .add: down.append(event.touch)
        case .remove(let i): down.remove(at: i)
        }
    }
}
