import FlingCore

/// What an animator's ``TileAnimator/advance(to:)`` does around its own tick, written once for
/// both animators: move the clock, give queued touches their ticks, step every due tick, and
/// keep a failed call's stepped events for the next one (transactional per input).
protocol TickDriven: AnyObject {
    associatedtype Input
    associatedtype Event
    var timeOrigin: Double { get }
    var clock: FixedStepClock { get set }
    var queue: InputQueue<Input> { get set }
    var events: [Event] { get set }
    var carried: [Event] { get set }
    /// One tick: apply its inputs, step the worlds, append its events.
    func stepTick() throws(FlingError)
}

extension TickDriven {
    /// Moves the display time to `time` (the app's clock; before the origin counts as the
    /// origin), steps every tick now due, and returns their events with those a failed call
    /// left. A failing tick's error is thrown after keeping the events before it.
    func advanceTicks(to time: Double) throws(FlingError) -> [Event] {
        try Check.range(time, -1e12...1e12, "displayTime")
        let previousDisplay = clock.displayTime, previousSimulated = clock.simulatedTime
        let due = try clock.advance(to: max(time - timeOrigin, 0))
        queue.resolveTicks(clock: clock, previousDisplay: previousDisplay, previousSimulated: previousSimulated)
        events.removeAll(keepingCapacity: true)
        if !carried.isEmpty {
            events += carried
            carried.removeAll(keepingCapacity: true)
        }
        for _ in 0..<due {
            do { try stepTick() } catch {
                carried += events
                throw error
            }
        }
        return events
    }
}

extension TileAnimator: TickDriven {}
extension SnapAnimator: TickDriven {}
