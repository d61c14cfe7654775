import FlingCore
import FlingInteraction

/// Records what an app does to its animator, so that a test can replay it exactly.
///
/// Make it from the animator before the animator has seen a touch or a tick; then use the
/// animator as usual: `TileAnimator.handle(_:)`, `TileAnimator.advance(to:)`, resets,
/// added and removed tiles. The animator journals every input with the tick it applied it
/// at, and ``trace(stopsWhenIdle:name:notes:attribution:)`` turns the journal into a trace:
///
/// ```swift
/// let animator = try TileAnimator(viewport: bounds, tiles: tiles, backend: NativeBackend(),
///                                 timeOrigin: CACurrentMediaTime())
/// let recorder = try TraceRecorder(recording: animator)
/// // ... the app runs: animator.handle(touch), animator.advance(to: displayTime), animator.reset(id)
/// let json = try recorder.trace().json     // write it where your tests can read it
/// ```
///
/// **The replay contract.** Replaying the trace gives the live run's tick states and digest,
/// bit for bit, whatever the app did: touches handed in late (after the display clock passed
/// their time) or inside stalled frames are written with the tick they were really applied
/// at; resets, added and removed tiles with theirs; times relative to the animator's
/// `DragAnimator/timeOrigin`. The trace runs exactly the ticks the animator stepped.
public struct TraceRecorder {
    /// The animator recorded.
    let animator: TileAnimator
    /// The session as it began: viewport, tiles and configuration.
    private let start: Trace.Session

    /// Starts recording `animator`. Throws (`invalidState`) unless the animator is fresh: no
    /// tick stepped and no input given, and no other recorder on it.
    public init(recording animator: TileAnimator) throws(FlingError) {
        guard animator.clock.ticks == 0, animator.isDrained, animator.journal == nil, animator.clock.displayTime == 0 else {
            throw FlingError(
                .invalidState, field: "TraceRecorder(recording:)", value: "\(animator.clock.ticks) ticks",
                reason: "start recording a fresh animator: before its first input and first tick, once")
        }
        start = Trace.Session(
            viewport: animator.viewport, tiles: try animator.tileIDs.map { id throws(FlingError) in try animator.state(of: id).definition },
            configuration: animator.configuration, solverIterations: animator.backend.solverIterations, events: [])
        try start.validate()
        animator.journal = []
        self.animator = animator
    }

    /// The number of inputs applied so far.
    var inputCount: Int { animator.journal?.count ?? 0 }

    /// The recording so far as a one-session trace: every input the animator applied, and a run
    /// of exactly the ticks it stepped (or, with `stopsWhenIdle`, up to the first idle tick).
    ///
    /// A touch keeps its own time (which the velocity tracker saw) and is given its tick only
    /// where that differs from the tick its time implies. Throws (`outOfRange`) when the ticks
    /// stepped exceed `Trace/RunLength/maximumDuration`.
    public func trace(stopsWhenIdle: Bool = false, name: String? = nil, notes: String? = nil, attribution: String? = nil)
        throws(FlingError) -> Trace
    {
        let configuration = animator.configuration
        var session = start
        session.name = name
        session.inputs = (animator.journal ?? []).map { applied in
            switch applied.input {
            case .touch(let event):
                let natural = FixedStepClock.firstTick(atOrAfter: event.time, tick: configuration.drag.tick)
                return Trace.Input(applied.input, tick: natural == applied.tick ? nil : applied.tick)
            case .reset, .addTile, .removeTile, .dynamics:
                return Trace.Input(applied.input, tick: applied.tick)
            }
        }
        // The duration whose display frames step exactly the ticks the animator stepped.
        let duration = animator.clock.start(ofTick: animator.clock.ticks)
        guard duration <= Trace.RunLength.maximumDuration else {
            throw FlingError(
                .outOfRange, field: "TraceRecorder.trace", value: "\(duration) s",
                reason: "a trace runs at most \(Trace.RunLength.maximumDuration) s; record shorter sessions")
        }
        session.run = Trace.RunLength(duration: duration, stopsWhenIdle: stopsWhenIdle)
        let trace = Trace(
            name: name, notes: notes, attribution: attribution, arithmetic: animator.backend.arithmetic,
            sessions: [session])
        try trace.validate()
        return trace
    }
}
