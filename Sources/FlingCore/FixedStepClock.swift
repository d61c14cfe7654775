/// Turns display-frame times into whole physics ticks.
///
/// Tick `k` covers `[k·tick, (k+1)·tick)` on the simulated timeline and is stepped once the
/// display time reaches its end. The "accumulator" is kept as an absolute tick count, not a
/// running sum of frame deltas, so rounding in the deltas can never add or lose a tick: the
/// ticks stepped by a given time are the same at 30 Hz, 240 Hz or with jittered frames.
///
/// A stall clamp: a frame interval longer than `maxFrameInterval` (default 0.25 s) counts as
/// exactly that long; the rest is dropped from the simulated timeline (`droppedTime`), so a
/// long hitch costs at most `maxFrameInterval / tick` ticks (15 at the defaults), not a burst.
/// Touch times are shifted by the same dropped time.
public struct FixedStepClock: Hashable, Sendable {
    /// The fixed tick, in seconds.
    public let tick: Double
    /// Longest frame interval honoured, in seconds.
    package let maxFrameInterval: Double
    /// Ticks completed so far.
    public private(set) var ticks = 0
    /// Display time minus ``droppedTime``: where the simulated timeline stands.
    package private(set) var simulatedTime = 0.0
    /// Total time dropped by stall clamps, in seconds.
    package private(set) var droppedTime = 0.0
    /// The last display time given, in seconds (0 before the first).
    package private(set) var displayTime = 0.0

    package init(tick: Double = 1.0 / 60.0, maxFrameInterval: Double = 0.25) throws(FlingError) {
        try Check.positive(tick, "FixedStepClock.tick")
        try Check.range(tick, Limits.tick, "FixedStepClock.tick")
        try Check.range(maxFrameInterval, tick...10, "FixedStepClock.maxFrameInterval")
        self.tick = tick
        self.maxFrameInterval = maxFrameInterval
    }

    /// A clock where a snapshot left it (its byte form is Snapshot/ByteCoding+Core.swift's).
    package init(
        tick: Double, maxFrameInterval: Double, ticks: Int, simulatedTime: Double, droppedTime: Double, displayTime: Double
    ) throws(FlingError) {
        try self.init(tick: tick, maxFrameInterval: maxFrameInterval)
        self.ticks = ticks
        self.simulatedTime = simulatedTime
        self.droppedTime = droppedTime
        self.displayTime = displayTime
    }

    /// When tick `k` starts on the simulated timeline.
    @inlinable package func start(ofTick k: Int) -> Double { Double(k) * tick }

    /// How many whole ticks end at or before simulated time `t`.
    func ticksEnded(by t: Double) -> Int { Self.ticksEnded(by: t, tick: tick) }

    /// The first tick that starts at or after simulated time `t` (0 for `t ≤ 0`): the tick
    /// an input at `t` is applied before.
    package func firstTick(atOrAfter t: Double) -> Int { Self.firstTick(atOrAfter: t, tick: tick) }

    /// The most ticks ``ticksEnded(by:tick:)`` counts: 2⁶², far beyond any clock (2⁶² ticks of
    /// the shortest tick, 10⁻⁴ s, are 14 million years); a count beyond saturates there.
    package static let maximumTickCount = 1 << 62

    /// How many whole ticks of length `tick` end at or before `t`: 0 when `t` or `tick` is NaN
    /// or `tick` is not positive, and at most ``maximumTickCount`` (an infinite `t` saturates).
    package static func ticksEnded(by t: Double, tick: Double) -> Int {
        guard t >= tick, tick > 0 else { return 0 }
        let q = (t / tick).rounded(.down)
        guard q < Double(maximumTickCount) else { return maximumTickCount }
        var k = Int(q)
        // Division may round across a boundary; settle it with the same products `start` uses.
        while Double(k + 1) * tick <= t { k += 1 }
        while k > 0, Double(k) * tick > t { k -= 1 }
        return k
    }

    /// The first tick of length `tick` that starts at or after `t`.
    package static func firstTick(atOrAfter t: Double, tick: Double) -> Int {
        guard t > 0 else { return 0 }
        let k = ticksEnded(by: t, tick: tick)
        return Double(k) * tick < t ? k + 1 : k
    }

    /// Moves the display time to `time` and returns how many ticks are now due.
    /// Call ``completeTick()`` after stepping each one.
    package mutating func advance(to time: Double) throws(FlingError) -> Int {
        try Check.range(time, -1e12...1e12, "displayTime")
        guard time >= displayTime else {
            throw FlingError(
                .outOfOrder, field: "displayTime", value: "\(time)",
                reason: "is earlier than the last display time, \(displayTime)")
        }
        let interval = time - displayTime
        if interval > maxFrameInterval { droppedTime += interval - maxFrameInterval }
        displayTime = time
        simulatedTime = time - droppedTime
        return max(0, ticksEnded(by: simulatedTime) - ticks)
    }

    /// Records that one due tick was stepped.
    package mutating func completeTick() { ticks += 1 }

    /// How far the display time is into the next tick, in 0...1: the weight of the newest
    /// tick state when interpolating for drawing.
    package var fraction: Double {
        let f = (simulatedTime - start(ofTick: ticks)) / tick
        return min(max(f, 0), 1)
    }
}
