import FlingCore

/// The order in which Chipmunk's spatial hash (`cpSpaceHash.c`, ``Contact/cellSize`` and
/// ``Contact/cellCount``) hands a body's bounding box its walls, so the native solver meets
/// them in Chipmunk's order.
///
/// `cpSpaceHashQuery` visits the box's cells column by column (`i` from left to right, `j`
/// from bottom to top); each cell maps to a bin `(i·1640531513 ⊕ j·2654435789) mod n`; a bin
/// lists the walls that cover one of its cells, the latest inserted first; a wall is reported
/// the first time it is met. A world's walls are inserted in list order, so within a bin they
/// come in decreasing index. (Other worlds' walls in a shared space sit in the same bins but
/// never change the order of this world's; see ``SharedConstraintOrder``'s counterpart note in
/// docs/DYNAMICS.md.)
struct WallHash {
    /// Per wall, the bins its bounding box's cells fall in (bit b for bin b).
    var bins: [UInt32] = []

    /// `floor_int`: C's `(int)f` (x86-64 gives INT_MIN for NaN or out of range), one less
    /// for a negative non-integer. With cells of 2¹⁰⁰⁰ points every finite f lies in ±2²⁴.
    @inline(__always) static func floorInt(_ f: Double) -> Int32 {
        let i: Int32 = (f.isNaN || f >= 2_147_483_648.0 || f < -2_147_483_648.0) ? Int32.min : Int32(f)
        return (f < 0.0 && f != Double(i)) ? i &- 1 : i
    }

    /// `hash_func(i, j, n)` on 64-bit `cpHashValue`s (an `int` sign-extends).
    @inline(__always) static func bin(_ i: Int32, _ j: Int32) -> Int {
        let x = UInt64(bitPattern: Int64(i)), y = UInt64(bitPattern: Int64(j))
        return Int((x &* 1_640_531_513 ^ y &* 2_654_435_789) % UInt64(Contact.cellCount))
    }

    /// The cell range of a bounding box.
    @inline(__always) static func cells(_ bb: BB) -> (l: Int32, r: Int32, b: Int32, t: Int32) {
        let dim = Contact.cellSize
        return (floorInt(bb.l / dim), floorInt(bb.r / dim), floorInt(bb.b / dim), floorInt(bb.t / dim))
    }

    init(_ walls: [SegmentShape]) {
        bins = walls.map { w in
            let c = Self.cells(w.bb)
            var mask: UInt32 = 0
            var i = c.l
            while i <= c.r {
                var j = c.b
                while j <= c.t {
                    mask |= 1 << UInt32(Self.bin(i, j))
                    j += 1
                }
                i += 1
            }
            return mask
        }
    }

    init() {}

    /// Writes the walls the query of `bb` reports, in order, into `order`; returns how many.
    func query(_ bb: BB, _ order: UnsafeMutablePointer<Int32>) -> Int {
        let c = Self.cells(bb)
        var reported: UInt64 = 0
        var count = 0
        var i = c.l
        while i <= c.r {
            var j = c.b
            while j <= c.t {
                let bit = UInt32(1) << UInt32(Self.bin(i, j))
                var k = bins.count - 1
                while k >= 0 {
                    if bins[k] & bit != 0 && reported & (1 << UInt64(k)) == 0 {
                        reported |= 1 << UInt64(k)
                        order[count] = Int32(k)
                        count += 1
                    }
                    k -= 1
                }
                j += 1
            }
            i += 1
        }
        return count
    }
}
