/// The one error type Fling throws: what went wrong (`code`), where (`field`), and the
/// offending value. A struct, not an enum, so new codes can be added without breaking users
/// who switch over them (the swift-nio pattern).
///
/// Every throwing entry point validates before it changes anything: when one of these is
/// thrown, the state of the object that threw is exactly as it was before the call.
public struct FlingError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The kind of failure.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        public let name: String
        @usableFromInline init(_ name: String) { self.name = name }
        public var description: String { name }

        /// A number is NaN or infinite.
        public static let notFinite = Code("notFinite")
        /// A number that must be greater than zero is not.
        public static let notPositive = Code("notPositive")
        /// A number lies outside the range Fling documents for it.
        public static let outOfRange = Code("outOfRange")
        /// No tile has this id.
        public static let unknownTile = Code("unknownTile")
        /// A tile with this id already exists.
        public static let duplicateTile = Code("duplicateTile")
        /// No snap item (or item of another interaction than tiles) has this id.
        public static let unknownItem = Code("unknownItem")
        /// A snap item (or item of another interaction than tiles) with this id already exists.
        public static let duplicateItem = Code("duplicateItem")
        /// A touch was moved, ended or cancelled without having begun.
        public static let unknownTouch = Code("unknownTouch")
        /// A touch began with an id that is still down.
        public static let touchAlreadyDown = Code("touchAlreadyDown")
        /// An event is earlier than the last one accepted.
        public static let outOfOrder = Code("outOfOrder")
        /// A world id is not (or no longer) live in this backend.
        public static let unknownWorld = Code("unknownWorld")
        /// An operation does not fit the world's current joints (a second drag, say).
        public static let invalidState = Code("invalidState")
        /// A trace or CSV document is malformed.
        public static let malformedInput = Code("malformedInput")
        /// The work an input implies (samples × items, frames × segments, points, …) exceeds the
        /// documented `WorkBudget` for its kind: the value names the figure, the reason the budget.
        public static let overBudget = Code("overBudget")
        /// A replay differs from the digests its document pins.
        public static let pinMismatch = Code("pinMismatch")
        /// A replay's own run, checked where its pins were compared on a reference run of their
        /// arithmetic, differs from a peer backend's run of its arithmetic, or does less than the
        /// reference run (fewer ticks, an input refused that the reference accepted).
        public static let runMismatch = Code("runMismatch")
        /// A check compared nothing (a document without pins, pins of another arithmetic than
        /// the replay's, or a run whose backend has no peer to compare it with), so it could not
        /// pass honestly.
        public static let notCompared = Code("notCompared")
    }

    public var code: Code
    /// Where: a type and field name, or a key path / line in a document.
    public var field: String
    /// The offending value, as text.
    public var value: String
    /// What was expected, in words.
    public var reason: String

    public init(_ code: Code, field: String, value: String, reason: String) {
        self.code = code
        self.field = field
        self.value = value
        self.reason = reason
    }

    public var description: String { "\(code): \(field) = \(value): \(reason)" }
}

/// Input checks shared by every entry point.
package enum Check {
    package static func finite(_ x: Double, _ field: @autoclosure () -> String) throws(FlingError) {
        guard x.isFinite else {
            throw FlingError(.notFinite, field: field(), value: "\(x)", reason: "must be a finite number")
        }
    }

    static func finite(_ v: Vector, _ field: @autoclosure () -> String) throws(FlingError) {
        try finite(v.x, "\(field()).x")
        try finite(v.y, "\(field()).y")
    }

    package static func positive(_ x: Double, _ field: @autoclosure () -> String) throws(FlingError) {
        try finite(x, field())
        guard x > 0 else {
            throw FlingError(.notPositive, field: field(), value: "\(x)", reason: "must be greater than zero")
        }
    }

    @inlinable
    package static func range(
        _ x: Double, _ range: ClosedRange<Double>, _ field: @autoclosure () -> String
    ) throws(FlingError) {
        // The common case, finite and in range, by three comparisons before any message.
        if x.isFinite && range.lowerBound <= x && x <= range.upperBound { return }
        try outOfRange(x, range, field())
    }

    /// ``range(_:_:_:)`` in full, for a value its first test did not pass.
    @usableFromInline @inline(never)
    static func outOfRange(
        _ x: Double, _ range: ClosedRange<Double>, _ field: @autoclosure () -> String
    ) throws(FlingError) {
        try finite(x, field())
        guard range.contains(x) else {
            throw FlingError(
                .outOfRange, field: field(), value: "\(x)",
                reason: "must lie in \(range.lowerBound)...\(range.upperBound)")
        }
    }

    /// A viewport: its corner within ``Limits/coordinate``, its size in 0...``Limits/coordinate``.
    package static func viewport(_ r: Rect, _ field: @autoclosure () -> String) throws(FlingError) {
        try coordinate(Vector(r.x, r.y), "\(field()).origin")
        try range(r.width, 0...Limits.coordinate, "\(field()).width")
        try range(r.height, 0...Limits.coordinate, "\(field()).height")
    }

    /// A coordinate: finite and within ``Limits/coordinate``.
    @inlinable
    package static func coordinate(_ v: Vector, _ field: @autoclosure () -> String) throws(FlingError) {
        // The common case by two comparisons (NaN and the infinities fail them) before any message.
        if abs(v.x) <= Limits.coordinate && abs(v.y) <= Limits.coordinate { return }
        try outOfCoordinate(v, field())
    }

    /// ``coordinate(_:_:)`` in full, for a point its first test did not pass.
    @usableFromInline @inline(never)
    static func outOfCoordinate(_ v: Vector, _ field: @autoclosure () -> String) throws(FlingError) {
        try range(v.x, -Limits.coordinate...Limits.coordinate, "\(field()).x")
        try range(v.y, -Limits.coordinate...Limits.coordinate, "\(field()).y")
    }
}

/// The ranges Fling accepts. They keep every state finite, so that no input can reach one of
/// Chipmunk's sanity assertions (which abort the process in Debian's build).
@usableFromInline package enum Limits {
    /// Largest absolute coordinate of a point, a tile frame or a viewport, in points.
    @inlinable package static var coordinate: Double { 1e7 }
    /// Range of a tile's mass (mass units are the app's own; 1 is the default).
    package static let mass: ClosedRange<Double> = 1e-6...1e6
    /// Range of a tile's width and height, in points.
    package static let size: ClosedRange<Double> = 1e-3...1e6
    /// Range of a body's moment of inertia, in mass units × points². Wide enough for every
    /// tile (a box's `m (w² + h²) / 12` lies within about 1.7e-13...1.7e17), narrow enough that
    /// a stable rotary spring's torque `angularStiffness · angle` cannot overflow: with a
    /// moment of 1e300 a spring of stiffness 1e300 is stable (ω = 1), yet a spin of 1e9 rad/s
    /// turns the body past 1.8e8 rad, the torque reaches ∞ and Chipmunk aborts ("Body's
    /// angular velocity is invalid"; native goes NaN). Here the stability bound caps the
    /// stiffness at `3.61 · 1e20 / dt²` and the torque stays below about 1e40.
    package static let moment: ClosedRange<Double> = 1e-20...1e20
    /// Range of the fixed tick, in seconds.
    package static let tick: ClosedRange<Double> = 1e-4...0.1
    /// Largest absolute gravity component, in points per second squared.
    package static let gravity: Double = 1e7
    /// Largest absolute velocity component, in points per second.
    package static let velocity: Double = 1e9
    /// Largest absolute angular velocity, in radians per second.
    package static let angularVelocity: Double = 1e9
}
