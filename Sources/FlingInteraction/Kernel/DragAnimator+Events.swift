// Listening to an animator's events beside the array `advance(to:)` returns: a closure, and
// an `AsyncStream`, for every interaction alike.

/// The animator is not `Sendable`: make it, feed it and read it on one thread or actor (an
/// app's main actor: touches, the display link and drawing all happen there). Its values
/// (``TileEvent``, ``TouchEvent``, ``Transform``, ``SpringTuning``, …) are `Sendable` and may go
/// anywhere. The stream is `Sendable` too, so a task elsewhere can consume it:
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
extension DragAnimator {
    /// A new stream of every event from now on, in order, delivered as `advance(to:)` returns
    /// them. Keeps the newest `limit` events if its consumer falls behind (default 1,024);
    /// finishes when the animator is freed.
    public func eventStream(bufferingNewest limit: Int = 1024) -> AsyncStream<Policy.Event> {
        let (stream, continuation) = AsyncStream.makeStream(of: Policy.Event.self, bufferingPolicy: .bufferingNewest(limit))
        eventContinuations.append(continuation)
        return stream
    }

    /// Hands the events `advance` returns to ``onEvent`` and the streams.
    func deliver(_ events: [Policy.Event]) {
        guard onEvent != nil || !eventContinuations.isEmpty else { return }
        for e in events {
            onEvent?(e)
            for c in eventContinuations { c.yield(e) }
        }
    }
}
