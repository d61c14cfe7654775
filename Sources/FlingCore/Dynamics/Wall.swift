/// A static boundary in a world: a segment the item's box collides with, as Chipmunk's
/// `cpSegmentShape` on the space's static body (and UIKit's `UICollisionBehavior` boundary).
///
/// A contact's elasticity and friction are the products of the wall's and the item's
/// (``ItemProperties``), as Chipmunk combines them (`e = a.e · b.e`, `u = a.u · b.u`). A wall's
/// defaults (1 and 1) leave the item's own values in charge, as in UIKit, whose boundaries have
/// no material of their own.
public struct Wall: Hashable, Sendable {
    /// The segment's ends, in points. They must differ by at least `Limits.wallLength`.
    public var start: Vector
    public var end: Vector
    /// Thickness on each side of the segment, in points (a rounded, capsule-shaped wall).
    public var radius: Double
    /// Restitution, 0...`Limits.elasticity`: 0 stops the item along the normal, 1 bounces it
    /// back at the speed it came (both scaled by the item's own elasticity).
    public var elasticity: Double
    /// Coulomb friction coefficient, 0...`Limits.friction`.
    public var friction: Double

    public init(from start: Vector, to end: Vector, radius: Double = 0, elasticity: Double = 1, friction: Double = 1) {
        self.start = start
        self.end = end
        self.radius = radius
        self.elasticity = elasticity
        self.friction = friction
    }

    /// The four edges of `rect`, as UIKit's `translatesReferenceBoundsIntoBoundary` makes
    /// them: top, right, bottom, left (each from one corner to the next, clockwise on screen).
    public static func edges(of rect: Rect, radius: Double = 0, elasticity: Double = 1, friction: Double = 1) -> [Wall] {
        let topLeft = Vector(rect.minX, rect.minY), topRight = Vector(rect.maxX, rect.minY)
        let bottomRight = Vector(rect.maxX, rect.maxY), bottomLeft = Vector(rect.minX, rect.maxY)
        return [(topLeft, topRight), (topRight, bottomRight), (bottomRight, bottomLeft), (bottomLeft, topLeft)].map {
            Wall(from: $0.0, to: $0.1, radius: radius, elasticity: elasticity, friction: friction)
        }
    }

    var description: String { "wall \(start)-\(end) r \(radius) e \(elasticity) u \(friction)" }
}

/// What a change of a world's wall list keeps: the walls in both lists keep their shapes and
/// their contacts (the accumulated impulses of the arbiter with the item's box), as Chipmunk
/// does for the shapes it is not told to remove; the others go, and the new ones are added
/// after them, in list order. Both backends follow this one plan, so they keep the same walls.
package enum WallChange {
    /// Whether two walls are the same to the bit (ends, radius, material): `==` would take −0
    /// for +0, which can change a contact's bits.
    package static func same(_ a: Wall, _ b: Wall) -> Bool {
        a.start.x.bitPattern == b.start.x.bitPattern && a.start.y.bitPattern == b.start.y.bitPattern
            && a.end.x.bitPattern == b.end.x.bitPattern && a.end.y.bitPattern == b.end.y.bitPattern
            && a.radius.bitPattern == b.radius.bitPattern && a.elasticity.bitPattern == b.elasticity.bitPattern
            && a.friction.bitPattern == b.friction.bitPattern
    }

    /// The walls of `new` that stay from `old`: each wall of `new`, in order, takes the first
    /// wall of `old` the same to the bit not yet taken. Pairs of indices (old, new), in the
    /// order of `new`.
    package static func kept(from old: [Wall], to new: [Wall]) -> [(old: Int, new: Int)] {
        var taken = [Bool](repeating: false, count: old.count)
        var pairs: [(old: Int, new: Int)] = []
        for (j, wall) in new.enumerated() {
            if let i = old.indices.first(where: { !taken[$0] && same(old[$0], wall) }) {
                taken[i] = true
                pairs.append((i, j))
            }
        }
        return pairs
    }

    /// The order the walls of `new` were put in the space (what the spatial hash's order within
    /// a bin follows: the latest first): the kept walls in the order `old`'s were put in
    /// (`oldInsertion`, old indices), then the new walls in list order. New indices.
    package static func insertion(oldInsertion: [Int], kept: [(old: Int, new: Int)], count: Int) -> [Int] {
        var newOf = [Int?](repeating: nil, count: oldInsertion.count)
        for pair in kept { newOf[pair.old] = pair.new }
        var order = oldInsertion.compactMap { newOf[$0] }
        var isKept = [Bool](repeating: false, count: count)
        for pair in kept { isKept[pair.new] = true }
        order += (0..<count).filter { !isKept[$0] }
        return order
    }
}

extension Wall {
    /// A wall the item's box began touching during the last step: Chipmunk's `begin` callback,
    /// reported after the step with what its first step of contact did.
    public struct Contact: Hashable, Sendable {
        /// The wall's index in the world's wall list (``DynamicsBackend/setWalls(_:of:)``).
        public var wall: Int
        /// The impulse the wall gave the item during that step, in mass units × points per
        /// second: the sum over the contact points of `n·jn + perp(n)·jt` (Chipmunk's
        /// `cpArbiterTotalImpulse`, turned to act on the item).
        public var impulse: Vector
        /// The contact normal, a unit vector pointing from the wall toward the item.
        public var normal: Vector
        /// The first contact point on the item's surface, in points.
        public var point: Vector

        public init(wall: Int, impulse: Vector, normal: Vector, point: Vector) {
            self.wall = wall
            self.impulse = impulse
            self.normal = normal
            self.point = point
        }

        var description: String { "contact with wall \(wall) at \(point), n \(normal), impulse \(impulse)" }
    }
}

/// The contact solver's constants, Chipmunk 7.0.3's space defaults: both backends use them.
package enum Contact {
    /// `cpSpace.collisionSlop`: penetration the solver leaves alone, `0.1f` widened to double.
    package static let slop = Double(Float(0.1))
    /// `cpSpace.collisionBias`, the fraction of the overlap left after one second, is
    /// `pow(biasBase, 60)`: `1 - 0.1` in single precision, as `cpSpaceInit` computes it. Each
    /// arithmetic raises it with its own `pow` (``bias(_:)``): the platform's, as Chipmunk does,
    /// or the portable one.
    static let biasBase = Double(Float(1) - Float(0.1))
    package static func bias<M: ArithmeticFunctions>(_: M.Type) -> Double { M.pow(biasBase, 60) }
    /// `cpSpace.collisionPersistence`: steps an arbiter outlives its last contact.
    package static let persistence = 3
    /// The spatial hash every space with walls uses (`cpSpaceUseSpatialHash(space, dim, count)`):
    /// the cell size in points and the table size. Both layouts must use the same two, since
    /// the order in which a body meets its walls follows the cells and the table's bins.
    ///
    /// The cell is 2¹⁰⁰⁰ points: every finite coordinate then lies in cell −1 or 0, so a
    /// bounding box covers at most four cells. Chipmunk converts `coordinate / cellSize` to a C
    /// `int` (`floor_int`), and with a small cell a body flung far enough (by a field, say)
    /// would overflow it and loop for ever; with this one no finite body can. A world has at
    /// most ``Limits/walls`` walls, so scanning all four cells costs little. With 13 bins the
    /// four cells fall in four different bins.
    package static let cellSize: Double = 0x1p1000
    package static let cellCount = 13
}
