import FlingCore

/// Listening to the life cycle, beside the array ``TileAnimator/advance(to:)`` returns: a
/// closure, and an `AsyncStream`.
///
/// `TileAnimator` is not `Sendable`: make it, feed it and read it on one thread or actor
/// (an app's main actor: touches, the display link and drawing all happen there). Its values
/// (``TileEvent``, ``TouchEvent``, ``Transform``, ``SpringTuning``, ``Trace``, …) are
/// `Sendable` and may go anywhere. The stream is `Sendable` too, so a task elsewhere can
/// consume it:
///
/// ```swift
/// @MainActor final class TilesController {
///     let animator: TileAnimator
///     init() throws {
///         animator = try TileAnimator(viewport: Rect(x: 0, y: 0, width: 390, height: 844),
///                                     backend: NativeBackend())
///         animator.onEvent = { event in print(event) }      // "tick 31: tile 1 settled"
///     }
///     func frame(at time: Double) throws { try animator.advance(to: time) }
/// }
/// ```
extension TileAnimator {
    /// A new stream of every life-cycle event from now on, in order, delivered as
    /// ``advance(to:)`` returns them. Keeps the newest `limit` events if its consumer falls
    /// behind (default 1,024); finishes when the animator is freed.
    public func eventStream(bufferingNewest limit: Int = 1024) -> AsyncStream<TileEvent> {
        let (stream, continuation) = AsyncStream.makeStream(of: TileEvent.self, bufferingPolicy: .bufferingNewest(limit))
        eventContinuations.append(continuation)
        return stream
    }

    /// Hands the events `advance` returns to ``onEvent`` and the streams.
    func deliver(_ events: [TileEvent]) {
        guard onEvent != nil || !eventContinuations.isEmpty else { return }
        for e in events {
            onEvent?(e)
            for c in eventContinuations { c.yield(e) }
        }
    }
}

extension TileEvent: CustomStringConvertible {
    /// `tick 12: tile 3 released (attract) at (12.5, -40.0) pt/s`.
    public var description: String { "tick \(tick): \(tile) \(kind)" }
}

extension TileEvent.Kind: CustomStringConvertible {
    public var description: String {
        switch self {
        case .grabbed(let touch, let at): "grabbed by \(touch) at \(at)"
        case .released(let outcome, let velocity, let cancelled):
            "released (\(cancelled ? "cancelled, " : "")\(outcome.rawValue)) at \(velocity) pt/s"
        case .settled: "settled"
        case .culled: "culled"
        }
    }
}

extension TilePhase: CustomStringConvertible {
    public var description: String {
        switch self {
        case .resting: "resting"
        case .held(let touch): "held by \(touch)"
        case .attracted: "attracted"
        case .falling: "falling"
        case .culled: "culled"
        }
    }
}

extension ReleaseOutcome: CustomStringConvertible {
    public var description: String { rawValue }
}

extension TouchEvent.Phase: CustomStringConvertible {
    public var description: String { rawValue }
}
