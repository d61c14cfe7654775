import Fling
import Testing

/// A tile's stillness after its release, watched tick by tick (`onTick`) and measured by the
/// test, not by the rest rule: the streak of ticks it stays under the rule's thresholds while it
/// falls (as the rule counts them), and its depth past the phone's edges by the test's own
/// geometry (``RestInWallsTests/overlap(_:width:height:)``) at the moments that tell:
/// - `firstStill`: when the streak first reaches the rule's ticks (15): where a rule without the
///   depth check would let the tile lie;
/// - `stillDeep`: when the streak reaches ten times the rule's ticks (2.5 s) while the tile lies
///   deeper than the allowance (0.101 pt): a tile still that long is not climbing out (the
///   contacts close a tenth of an overlap each step: 25 pt in 1.6 s), it is hooked, and the old
///   rest allowance (every tile lies once still for ten times the ticks) let it lie there;
/// - `rest`: where the rule let it come to rest (`cameToRest`), and the tick.
final class StillWatch {
    let size: Vector
    let rule = TileConfiguration().settle.rest
    var streak = 0
    var firstStill: Double?
    var stillDeep: (tick: Int, depth: Double)?
    var rest: (tick: Int, depth: Double)?

    /// Watches tile 1 of `a`.
    init(_ a: TileAnimator, size: Vector) {
        self.size = size
        a.onTick = { [unowned a, unowned self] tick, states in
            guard let state = states.first(where: { $0.0 == 1 })?.1, (try? a.state(of: 1).phase) == .falling else {
                self.streak = 0
                return
            }
            let still = state.velocity.length <= self.rule.speed && abs(state.angularVelocity) <= self.rule.angularSpeed
            self.streak = still ? self.streak + 1 : 0
            let depth = RestInWallsTests.overlap(state, width: size.x, height: size.y)
            if self.streak == self.rule.ticks && self.firstStill == nil { self.firstStill = depth }
            if self.streak >= 10 * self.rule.ticks && depth > WallOverlapAllowance.resting && self.stillDeep == nil {
                self.stillDeep = (tick, depth)
            }
        }
    }

    /// Runs `a` frame by frame (60 Hz) over `frames`, noting where it comes to rest; stops there.
    func run(_ a: TileAnimator, frames: ClosedRange<Int>) throws {
        for frame in frames {
            for event in try a.advance(to: Double(frame) / 60) where event.kind == .cameToRest {
                rest = (event.tick, RestInWallsTests.overlap(try a.state(of: 1).state, width: size.x, height: size.y))
                return
            }
        }
    }
}

/// The allowance the docs give a tile at rest in a wall: the collision slop and 10⁻³ pt (as a
/// figure of the test's own, so that the test does not read the rule's constant).
enum WallOverlapAllowance {
    static let resting = 0.1 + 1e-3
}

/// At rest where it lies: a tile inside walls comes to rest only once the contacts no longer
/// push it out, so it lies in no wall deeper than the collision slop (0.1 pt) and the rule's
/// 10⁻³ pt, for every elasticity and friction, on every backend.
@Suite struct RestInWallsTests {
    /// How deep the box at `state` lies beyond the phone's edges (radius 0): the deepest corner
    /// past any edge's line.
    static func overlap(_ state: BodyState, width: Double, height: Double) -> Double {
        let (sin, cos) = Portable.sincos(state.angle)
        var deepest = -Double.infinity
        for (sx, sy) in [(1.0, 1.0), (1, -1), (-1, -1), (-1, 1)] {
            let x = state.position.x + cos * sx * width / 2 - sin * sy * height / 2
            let y = state.position.y + sin * sx * width / 2 + cos * sy * height / 2
            deepest = max(deepest, -x, x - phone.maxX, -y, y - phone.maxY)
        }
        return deepest
    }

    /// A 100 × 70 tile flicked up and right in the phone's room, with each elasticity and
    /// friction, watched for 30 s or until it comes to rest.
    static func rest(_ kind: BackendKind, elasticity: Double, friction: Double) throws -> StillWatch {
        var room = TileConfiguration()
        room.dynamics.translatesReferenceBoundsIntoBoundary = true
        room.dynamics.itemProperties = ItemProperties(elasticity: elasticity, friction: friction)
        room.releaseRule = .alwaysFall
        let a = try TileAnimator(
            viewport: phone, tiles: [TileDefinition(id: 1, frame: Rect(x: 145, y: 387, width: 100, height: 70))],
            configuration: room, backend: kind.make())
        let watch = StillWatch(a, size: Vector(100, 70))
        let start = Vector(195, 422), velocity = Vector(900, -1_500)
        try a.handle(TouchEvent(time: 0.05, touch: 1, phase: .began, position: Vector(215, 432)))
        for n in 1...4 {
            try a.handle(
                TouchEvent(time: 0.05 + Double(n) / 120, touch: 1, phase: .moved, position: start + velocity * (Double(n) / 120)))
        }
        try a.handle(TouchEvent(time: 0.05 + 4.0 / 120, touch: 1, phase: .ended, position: start + velocity * (4.0 / 120)))
        try watch.run(a, frames: 4...1_800)
        return watch
    }

    /// Every elasticity and friction from 0 to 1. A tile with friction comes to rest within
    /// 30 s (elasticity 1 with the edges' 1 keeps every bounce; without friction a tile slides
    /// from wall to wall, losing speed only at each, for longer): at rest, its deepest overlap
    /// is at most the slop and 10⁻³ pt, and it touches the floor; still or not, it never stays
    /// still for 2.5 s deeper than that.
    @Test(arguments: BackendKind.available)
    func aTileAtRestLiesInNoWallDeeperThanTheSlop(kind: BackendKind) throws {
        var rested = 0
        for elasticity in [0.0, 0.3, 0.6, 0.9, 1] {
            for friction in [0.0, 0.5, 1] {
                let watch = try Self.rest(kind, elasticity: elasticity, friction: friction)
                if let deep = watch.stillDeep {
                    Issue.record("e \(elasticity) u \(friction): still 2.5 s at tick \(deep.tick), \(deep.depth) pt deep")
                }
                if elasticity < 1 && friction > 0 { #expect(watch.rest != nil, "e \(elasticity) u \(friction): never came to rest") }
                guard let rest = watch.rest else { continue }
                rested += 1
                #expect(
                    rest.depth <= WallOverlapAllowance.resting,
                    "e \(elasticity) u \(friction): at rest at tick \(rest.tick) \(rest.depth) pt deep")
                #expect(rest.depth > -1e-3, "e \(elasticity) u \(friction): at rest at tick \(rest.tick) off the walls by \(-rest.depth)")
            }
        }
        #expect(rested >= 8, "\(rested) of 15 came to rest")
    }
}

/// At rest only where physics puts it (docs/DYNAMICS.md, "At rest where it lies"): a tile that
/// fits its room (both sides shorter than the room's smaller side) never comes to rest deeper
/// than 0.101 pt in a wall, after flicks at walls and corners, drags held past a corner at any
/// acceleration setting, and pushes; a tile that cannot fit has its own rule, tested on its own.
@Suite struct RestWhereItFitsTests {
    static let sizes = [Vector(110, 20), Vector(304, 100), Vector(60, 60), Vector(20, 200), Vector(8, 160)]

    /// The phone's room, tiles falling when released, rest rule on.
    static func animator(_ kind: BackendKind, _ size: Vector, acceleration: Double = 50_000) throws -> TileAnimator {
        var room = TileConfiguration()
        room.dynamics.translatesReferenceBoundsIntoBoundary = true
        room.dynamics.itemProperties = ItemProperties(elasticity: 0.3, friction: 0.5)
        room.releaseRule = .alwaysFall
        room.drag.dragMaxAcceleration = acceleration
        let frame = Rect(x: 195 - size.x / 2, y: 422 - size.y / 2, width: size.x, height: size.y)
        return try TileAnimator(viewport: phone, tiles: [TileDefinition(id: 1, frame: frame)], configuration: room, backend: kind.make())
    }

    /// What became of each gesture of ``gestures(_:)``: watched from the release to 10 s after.
    struct Outcome {
        var watches: [(what: String, watch: StillWatch)] = []
        /// Gestures that rested deeper than the allowance, stayed still 2.5 s deeper than it
        /// (hooked), or never rested.
        var deep: [String] {
            watches.compactMap { w in
                w.watch.rest.map { $0.depth > WallOverlapAllowance.resting ? "\(w.what): at rest \($0.depth) pt deep" : nil } ?? nil
            }
        }
        var hooked: [String] {
            watches.compactMap { w in w.watch.stillDeep.map { "\(w.what): still 2.5 s \($0.depth) pt deep at tick \($0.tick)" } }
        }
        var never: [String] { watches.filter { $0.watch.rest == nil }.map { "\($0.what): never at rest" } }
    }

    /// Watches tile 1 of `a` from the release at `frame` to 10 s after.
    static func watch(_ a: TileAnimator, _ size: Vector, from frame: Int) throws -> StillWatch {
        let watch = StillWatch(a, size: size)
        try watch.run(a, frames: frame...(frame + 600))
        return watch
    }

    /// Every size flicked at 1,000 to 4,000 pt/s in 12 directions; every size dragged to each
    /// corner and 200 pt past it, held there, and let go, at accelerations 5,000 to 500,000
    /// pt/s²; every size pushed by an impulse into each corner.
    static func gestures(_ kind: BackendKind) throws -> Outcome {
        var outcome = Outcome()
        func check(_ watch: StillWatch, _ what: String) { outcome.watches.append((what, watch)) }
        for size in Self.sizes {
            for speed in [1_000.0, 4_000] {
                for direction in stride(from: 5.0, to: 360, by: 30) {
                    let a = try Self.animator(kind, size)
                    let start = Vector(197, 430), radians = direction * .pi / 180
                    let velocity = Vector(speed * Portable.cos(radians), speed * Portable.sin(radians))
                    try a.handle(TouchEvent(time: 0.05, touch: 1, phase: .began, position: start))
                    for n in 1...4 {
                        let t = Double(n) / 120
                        try a.handle(TouchEvent(time: 0.05 + t, touch: 1, phase: .moved, position: start + velocity * t))
                    }
                    try a.handle(TouchEvent(time: 0.05 + 4.0 / 120, touch: 1, phase: .ended, position: start + velocity * (4.0 / 120)))
                    check(try Self.watch(a, size, from: 4), "\(size) flicked at \(speed) pt/s, \(direction)°")
                }
            }
            for acceleration in [5_000.0, 50_000, 500_000] {
                for corner in [Vector(-200, -200), Vector(590, -200), Vector(590, 1_044), Vector(-200, 1_044)] {
                    let a = try Self.animator(kind, size, acceleration: acceleration)
                    let start = Vector(195, 422)
                    try a.handle(TouchEvent(time: 0.05, touch: 1, phase: .began, position: start))
                    for n in 1...30 {
                        let t = Double(n) / 30
                        try a.handle(TouchEvent(time: 0.05 + t * 0.5, touch: 1, phase: .moved, position: start + (corner - start) * t))
                    }
                    try a.handle(TouchEvent(time: 1.2, touch: 1, phase: .moved, position: corner))
                    try a.handle(TouchEvent(time: 1.25, touch: 1, phase: .ended, position: corner))
                    check(try Self.watch(a, size, from: 75), "\(size) dragged past \(corner) at \(acceleration) pt/s²")
                }
            }
            for corner in [Vector(-1, -1), Vector(1, -1), Vector(1, 1), Vector(-1, 1)] {
                let a = try Self.animator(kind, size)
                try a.handle(TouchEvent(time: 0.05, touch: 1, phase: .began, position: Vector(195, 422)))
                try a.handle(TouchEvent(time: 0.1, touch: 1, phase: .ended, position: Vector(195, 422)))
                _ = try a.advance(to: 0.2)
                try a.applyPush(
                    .uikit(angle: corner.y > 0 ? (corner.x > 0 ? 0.8 : 2.3) : (corner.x > 0 ? -0.8 : -2.3), magnitude: 6_000), to: 1)
                check(try Self.watch(a, size, from: 13), "\(size) pushed toward \(corner)")
            }
        }
        return outcome
    }

    /// Each gesture rests within 10 s of its release, no deeper than 0.101 pt, and never stays
    /// still 2.5 s deeper than that (its depth measured by the test, not by the rest rule).
    @Test(arguments: BackendKind.available)
    func aTileThatFitsRestsInNoWall(kind: BackendKind) throws {
        let outcome = try Self.gestures(kind)
        #expect(outcome.watches.count == Self.sizes.count * (24 + 12 + 4))
        #expect(outcome.deep.isEmpty, "\(outcome.deep.count): \(outcome.deep.prefix(4))")
        #expect(outcome.hooked.isEmpty, "\(outcome.hooked.count): \(outcome.hooked.prefix(4))")
        #expect(outcome.never.isEmpty, "\(outcome.never.count): \(outcome.never.prefix(4))")
        // The watch saw every tile still for the rule's ticks before it rested.
        #expect(outcome.watches.allSatisfy { $0.watch.rest == nil || $0.watch.firstStill != nil })
    }

    /// A tile that cannot fit (longer than the room's diagonal, 930 pt, so no turn frees it)
    /// wedges between the side walls: it lies where it is once still for ten times the rule's
    /// ticks, however deep the walls hold it.
    @Test(arguments: BackendKind.available)
    func aTileThatCannotFitLiesWhereItWedges(kind: BackendKind) throws {
        let size = Vector(1_000, 40)
        let a = try Self.animator(kind, size)
        try a.handle(TouchEvent(time: 0.05, touch: 1, phase: .began, position: Vector(195, 422)))
        try a.handle(TouchEvent(time: 0.1, touch: 1, phase: .ended, position: Vector(195, 422)))
        var restTick: Int?
        for f in 7...1_200 where restTick == nil {
            for event in try a.advance(to: Double(f) / 60) where event.kind == .cameToRest { restTick = event.tick }
        }
        let tick = try #require(restTick, "a wedged tile comes to rest")
        let depth = RestInWallsTests.overlap(try a.state(of: 1).state, width: size.x, height: size.y)
        #expect(depth > 1, "wedged: \(depth) pt past a wall")
        #expect(tick >= 10 * TileConfiguration.RestThresholds().ticks)
    }
}
