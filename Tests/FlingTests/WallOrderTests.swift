import Testing
import Fling
@testable import FlingNative

/// The native backend's shortcuts to the order in which Chipmunk's spatial hash hands a box its
/// walls (the order is part of the bits): the cell range read from the box's signs, and the
/// per wall set table of query orders, against the hash's own query of the box's cells.
@Suite struct WallOrderTests {
    /// Coordinates from every corner of the range: signed zeros, subnormals whose quotient by
    /// the cell rounds to −0, the cell's own edges, infinities and NaN.
    static let coordinates: [Double] = [
        0, -0.0, 1e-300, -1e-300, 0x1p-1060, -0x1p-1060, 0x1p-30, -0x1p-30, 1, -1, 844, -390, 1e7, -1e7, 1e300, -1e300,
        0x1p1000, -0x1p1000, 0x1p1000.nextDown, (-0x1p1000).nextUp, 0x1p1001, -0x1p1023, .infinity, -.infinity, .nan,
    ]

    /// Boxes from those coordinates (`finite`: within ±2¹⁰⁰², where the hash's query visits a
    /// few cells; Chipmunk's loops over the cells between an infinite edge and a finite one
    /// for ever, which no finite body reaches).
    static func boxes(finite: Bool = false) -> [BB] {
        let pool = finite ? coordinates.filter { $0.magnitude <= 0x1p1002 } : coordinates
        var rng = SplitMix64(state: 0x0DE7)
        var boxes: [BB] = []
        for _ in 0..<4_000 {
            let x = [pool.randomElement(using: &rng)!, pool.randomElement(using: &rng)!]
            let y = [pool.randomElement(using: &rng)!, pool.randomElement(using: &rng)!]
            boxes.append(BB(l: x.min()!, b: y.min()!, r: x.max()!, t: y.max()!))
        }
        return boxes
    }

    /// Where the signs give a range, it is the cells' range; every box of finite coordinates
    /// below 2¹⁰⁰⁰ gets one.
    @Test func signsGiveTheCellRange() {
        var fast = 0
        for bb in Self.boxes() {
            let bySigns = WallOrders.range(bb)
            if let bySigns {
                #expect(bySigns == WallOrders.range(WallHash.cells(bb)), "\(bb)")
                fast += 1
            }
            let inside = [bb.l, bb.r, bb.b, bb.t].allSatisfy { $0.magnitude < 0x1p1000 }
            #expect(inside == (bySigns != nil), "\(bb)")
        }
        #expect(fast > 1_000)
    }

    /// A wall set's table gives, for any box, the walls the hash's query of its cells reports,
    /// in the same order (room walls, walls spanning both cells, and walls in one cell only;
    /// walls put in the space in list order, and after a change that kept some, in the order
    /// ``WallChange`` gives).
    @Test func tablesGiveTheQueryOrder() {
        let store = DynamicsStore()
        store.add(slot: 0, slots: 1, size: Vector(50, 50))
        let many: [Wall] = (0..<64).map { k in
            let a = Double(k) * 37 - 1_200
            return Wall(from: Vector(a, -a / 2), to: Vector(a + Double(k % 5) * 40 - 90, a + 15))
        }
        let lists: [[Wall]] = [
            Wall.edges(of: Rect(x: 0, y: 0, width: 390, height: 844)),
            Wall.edges(of: Rect(x: -200, y: -300, width: 400, height: 600), radius: 3),
            many,
            // Half of them kept, the others' places taken by new walls, the rest reversed.
            (0..<64).map { k in k % 2 == 0 ? many[63 - k] : Wall(from: Vector(Double(k), 5), to: Vector(-90, Double(-k))) },
        ]
        var compared = 0, reordered = 0
        for list in lists {
            store.setWalls(list, 0)
            let view = store.view
            let set = view.wallSets[Int(view.worlds[0].wallSet)]
            let walls = view.walls + Int(set.walls), inserted = view.insertions + Int(set.insertion)
            if (0..<list.count).contains(where: { Int(inserted[$0]) != $0 }) { reordered += 1 }
            let scratch = UnsafeMutablePointer<UInt8>.allocate(capacity: 64)
            let expected = UnsafeMutablePointer<UInt8>.allocate(capacity: 64)
            defer { scratch.deallocate(); expected.deallocate() }
            for bb in Self.boxes(finite: true) {
                let (order, count) = ContactStep.order(view, set, bb, scratch)
                let n = WallHash.query(WallHash.cells(bb), list.count, { walls[$0].bins }, { Int(inserted[$0]) }, expected)
                #expect(count == n && (0..<n).allSatisfy { order[$0] == expected[$0] }, "\(bb)")
                compared += n
            }
        }
        #expect(compared > 10_000 && reordered == 1)
    }
}
