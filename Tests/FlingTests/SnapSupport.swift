import Fling
@testable import FlingInteraction

/// A 60-point item in the middle of the phone, resting on either side edge.
func snapItem(_ id: Int = 1, center: Vector = Vector(195, 400), motion: SnapItem.Motion = .spring(SnapItem.defaultSpring)) -> SnapItem {
    SnapItem(
        id: SnapItem.ID(id), center: center, width: 60, height: 60, shape: .circle,
        restingPlaces: .sideEdges(left: 30, right: 360, minY: 100, maxY: 744), motion: motion)
}

/// A finger that goes down at `from` at `start` and moves at `velocity` (points per second)
/// for `duration`, sampled at 120 Hz, then lifts.
func throwEvents(touch: Int = 1, from: Vector, velocity: Vector, start: Double = 0.1, duration: Double = 0.1) -> [TouchEvent] {
    var events = [TouchEvent(time: start, touch: TouchID(touch), phase: .began, position: from)]
    let n = Int((duration * 120).rounded())
    for s in 1...n {
        let t = Double(s) / 120
        events.append(TouchEvent(time: start + t, touch: TouchID(touch), phase: .moved, position: from + velocity * t))
    }
    let t = Double(n) / 120
    events.append(TouchEvent(time: start + t, touch: TouchID(touch), phase: .ended, position: from + velocity * t))
    return events
}

/// Feeds `events` to an animator at `hz` display frames until `duration`; calls `each` after
/// every frame.
func drive(
    _ handle: (TouchEvent) throws -> Void, _ advance: (Double) throws -> Void,
    events: [TouchEvent], duration: Double = 3, hz: Double = 60, each: () throws -> Void = {}
) throws {
    var next = 0
    for f in 1...Int((duration * hz).rounded()) {
        let t = Double(f) / hz
        while next < events.count, events[next].time <= t { try handle(events[next]); next += 1 }
        try advance(t)
        try each()
    }
}

/// One snap item's states, tick by tick.
struct SnapRun {
    var items: [SnapItem] = [snapItem()]
    var events: [TouchEvent]
    var duration: Double = 3
    var hz: Double = 60

    struct Result {
        var animator: SnapAnimator
        var events: [SnapEvent] = []
        var states: [[BodyState]] = []
    }

    func play(on kind: BackendKind) throws -> Result {
        try play(on: .kind(kind))
    }

    func play(on choice: BackendChoice) throws -> Result {
        let animator = try SnapAnimator(items: items, backend: try choice.make(10))
        var result = Result(animator: animator)
        var lastTick = 0
        try drive(
            { try animator.handle($0) }, { result.events += try animator.advance(to: $0) }, events: events,
            duration: duration, hz: hz
        ) {
            if animator.clock.ticks != lastTick {
                lastTick = animator.clock.ticks
                result.states.append(try items.map { try animator.state(of: $0.id).state })
            }
        }
        return result
    }
}
