import Fling
import Testing
@testable import FlingInteraction

/// A backend that refuses one chosen call (the `n`-th call of one operation), and otherwise
/// forwards to a real one: the way to reach the animator's failure path, which its own
/// up-front checks otherwise keep unreachable.
final class FaultyBackend: PhysicsBackend {
    enum Operation: String, CaseIterable, Sendable { case makeWorld, addDrag, removeDrag, setVelocity, attachAttraction, moveDrag }
    let inner: any PhysicsBackend
    let fault: Operation
    var remaining: Int
    init(_ inner: any PhysicsBackend, failing fault: Operation, call n: Int) {
        self.inner = inner
        self.fault = fault
        self.remaining = n
    }

    func trip(_ op: Operation) throws(FlingError) {
        guard op == fault else { return }
        remaining -= 1
        if remaining == 0 { throw FlingError(.outOfRange, field: "injected.\(op)", value: "1e300", reason: "refused by the test") }
    }

    var name: String { "faulty \(inner.name)" }
    var solverIterations: Int { inner.solverIterations }
    var worldCount: Int { inner.worldCount }
    func makeWorld(_ d: WorldDefinition) throws(FlingError) -> WorldID { try trip(.makeWorld); return try inner.makeWorld(d) }
    func destroyWorld(_ w: WorldID) throws(FlingError) { try inner.destroyWorld(w) }
    func addDrag(_ j: DragJoint, to w: WorldID) throws(FlingError) -> JointID { try trip(.addDrag); return try inner.addDrag(j, to: w) }
    func moveDrag(_ j: JointID, in w: WorldID, to p: Vector, velocity v: Vector) throws(FlingError) {
        try trip(.moveDrag); try inner.moveDrag(j, in: w, to: p, velocity: v)
    }
    func removeDrag(_ j: JointID, from w: WorldID) throws(FlingError) { try trip(.removeDrag); try inner.removeDrag(j, from: w) }
    func attachAttraction(_ a: Attraction, to w: WorldID) throws(FlingError) {
        try trip(.attachAttraction); try inner.attachAttraction(a, to: w)
    }
    func detachAttraction(from w: WorldID) throws(FlingError) { try inner.detachAttraction(from: w) }
    func setGravity(of w: WorldID, _ g: Vector) throws(FlingError) { try inner.setGravity(of: w, g) }
    func setDamping(of w: WorldID, _ d: Double) throws(FlingError) { try inner.setDamping(of: w, d) }
    func setVelocity(of w: WorldID, linear: Vector, angular: Double) throws(FlingError) {
        try trip(.setVelocity); try inner.setVelocity(of: w, linear: linear, angular: angular)
    }
    func step(by dt: Double) throws(FlingError) { try inner.step(by: dt) }
    func state(of w: WorldID) throws(FlingError) -> BodyState { try inner.state(of: w) }
}

/// `advance(to:)` is transactional per input: a failing input is consumed with its error,
/// its tile put back at rest, no world orphaned, the ticks before it kept (their events come
/// back from the next call), and the animator keeps working.
@Suite struct TransactionTests {
    /// Two tiles; touch 1 flings tile 1 (the one that may fail); touch 2 drags tile 2 home
    /// afterwards (the normal session that follows).
    static let tiles = [
        TileDefinition(id: 1, frame: Rect(center: Vector(100, 300), width: 120, height: 120)),
        TileDefinition(id: 2, frame: Rect(center: Vector(280, 600), width: 120, height: 120)),
    ]
    static let failing: [TouchEvent] = [
        TouchEvent(time: 0.10, touch: 1, phase: .began, position: Vector(100, 300)),
        TouchEvent(time: 0.15, touch: 1, phase: .moved, position: Vector(110, 320)),
        TouchEvent(time: 0.20, touch: 1, phase: .ended, position: Vector(120, 340)),
    ]
    static let normal: [TouchEvent] = [
        TouchEvent(time: 1.00, touch: 2, phase: .began, position: Vector(280, 600)),
        TouchEvent(time: 1.10, touch: 2, phase: .moved, position: Vector(300, 640)),
        TouchEvent(time: 1.20, touch: 2, phase: .moved, position: Vector(320, 660)),
        TouchEvent(time: 1.30, touch: 2, phase: .ended, position: Vector(320, 660)),
    ]

    /// Runs `events` at 60 Hz to 4 s; returns the digest, every error, and every event.
    static func run(_ animator: TileAnimator, _ events: [TouchEvent]) throws -> (StateDigest, [FlingError], [TileEvent]) {
        var errors: [FlingError] = [], out: [TileEvent] = []
        var next = 0
        for frame in 1...240 {
            let t = Double(frame) / 60
            while next < events.count, events[next].time <= t { try animator.handle(events[next]); next += 1 }
            do { out += try animator.advance(to: t) } catch { errors.append(error) }
            // Worlds are never orphaned: the backend holds exactly the tiles that have one.
            #expect(animator.backend.worldCount == animator.liveTileCount)
        }
        out += try animator.advance(to: 4)
        return (animator.digest, errors, out)
    }

    @Test(arguments: FaultyBackend.Operation.allCases)
    func aFailingInputIsConsumedAndTheAnimatorKeepsWorking(fault: FaultyBackend.Operation) throws {
        // The reference: the same session without the failing touch's effect. Tile 1 never
        // moves when its first grab fails; when a later step fails, tile 1 stops there.
        let clean = try TileAnimator(viewport: phone, tiles: Self.tiles, backend: NativeBackend())
        let (cleanDigest, cleanErrors, _) = try Self.run(clean, Self.normal)
        #expect(cleanErrors.isEmpty)

        let faulty = try TileAnimator(viewport: phone, tiles: Self.tiles, backend: FaultyBackend(NativeBackend(), failing: fault, call: 1))
        let (digest, errors, events) = try Self.run(faulty, Self.failing + Self.normal)
        // Exactly one failure, naming the tick, the touch and tile 1, with the backend's reason.
        #expect(errors.count == 1, "\(errors)")
        let error = try #require(errors.first)
        #expect(error.field.hasPrefix("tick ") && error.field.contains("touch 1") && error.field.contains("tile 1"), "\(error.field)")
        #expect(error.field.hasSuffix("injected.\(fault)"))
        // Tile 1 is at rest without a world; tile 2's session went on normally and was reported.
        #expect(try faulty.state(of: 1).phase == .resting)
        #expect(events.contains { $0.tile == 2 && $0.kind == .settled })
        // A grab that fails leaves no trace: the digest equals the session without it.
        if fault == .makeWorld || fault == .addDrag {
            #expect(digest == cleanDigest)
        }
    }

    /// Events of the ticks stepped before a failure in the same frame are not lost.
    @Test func eventsBeforeAFailureComeBackFromTheNextCall() throws {
        let animator = try TileAnimator(
            viewport: phone, tiles: Self.tiles,
            backend: FaultyBackend(NativeBackend(), failing: .addDrag, call: 2))
        try animator.handle(TouchEvent(time: 0.02, touch: 1, phase: .began, position: Vector(100, 300)))
        try animator.handle(TouchEvent(time: 0.05, touch: 2, phase: .began, position: Vector(280, 600)))
        // One frame steps ticks 0...5: touch 1 grabs before tick 2, touch 2 fails before tick 3.
        #expect(throws: FlingError.self) { try animator.advance(to: 0.1) }
        #expect(animator.clock.ticks == 3)
        let next = try animator.advance(to: 0.1)
        #expect(next.first == TileEvent(tick: 2, tile: 1, kind: .grabbed(touch: 1, at: Vector(100, 300))))
        #expect(animator.clock.ticks == 6 && animator.liveTileCount == 1)
        // Touch 2 is still down, holding nothing; it can end normally.
        try animator.handle(TouchEvent(time: 0.2, touch: 2, phase: .ended, position: Vector(280, 600)))
        try animator.advance(to: 0.25)
    }

    /// The touch queue stays small while a finger keeps moving with touches stamped between
    /// display frames (it used to be freed only when it drained completely).
    @Test func pendingTouchesDoNotAccumulate() throws {
        let animator = try TileAnimator(viewport: phone, tiles: Self.tiles, backend: NativeBackend())
        try animator.handle(TouchEvent(time: 0.001, touch: 1, phase: .began, position: Vector(100, 300)))
        var peak = 0
        for frame in 1...3600 {
            let t = Double(frame) / 60
            // A touch half a frame ahead of the display: always one pending after each frame.
            try animator.handle(TouchEvent(time: t + 0.008, touch: 1, phase: .moved, position: Vector(100 + Double(frame % 50), 300)))
            try animator.advance(to: t)
            peak = max(peak, animator.pendingStorage)
        }
        #expect(peak <= 64, "peak pending storage \(peak)")
    }
}
