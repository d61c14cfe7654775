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

    /// `1 / cellSize`, exactly: the cell is a power of two, so `x · 2⁻¹⁰⁰⁰` and `x / 2¹⁰⁰⁰` are
    /// the same real number rounded once, the same bits (and a multiply does not divide).
    static let inverseCell: Double = 0x1p-1000

    /// The cell range of a bounding box (`coordinate / cellSize`, as `cpSpaceHash` divides).
    @inline(__always) static func cells(_ bb: BB) -> (l: Int32, r: Int32, b: Int32, t: Int32) {
        let inverse = inverseCell
        return (floorInt(bb.l * inverse), floorInt(bb.r * inverse), floorInt(bb.b * inverse), floorInt(bb.t * inverse))
    }

    init(_ walls: [SegmentShape]) {
        precondition(Self.inverseCell == 1 / Contact.cellSize && Contact.cellSize == 0x1p1000)
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

    /// Writes the walls the query of the cells `c` reports, in order, into `order`; returns
    /// how many. `bins(k)` is wall `k`'s bins, of `count` walls; `inserted(r)` the wall put in
    /// the space `r`-th (a bin lists the latest first).
    @inline(__always)
    static func query(
        _ c: (l: Int32, r: Int32, b: Int32, t: Int32), _ count: Int, _ bins: (Int) -> UInt32, _ inserted: (Int) -> Int,
        _ order: UnsafeMutablePointer<UInt8>
    ) -> Int {
        var reported: UInt64 = 0
        var n = 0
        var i = c.l
        while i <= c.r {
            var j = c.b
            while j <= c.t {
                let bit = UInt32(1) << UInt32(Self.bin(i, j))
                var r = count - 1
                while r >= 0 {
                    let k = inserted(r)
                    if bins(k) & bit != 0 && reported & (1 << UInt64(k)) == 0 {
                        reported |= 1 << UInt64(k)
                        order[n] = UInt8(k)
                        n += 1
                    }
                    r -= 1
                }
                j += 1
            }
            i += 1
        }
        return n
    }
}

/// A wall set's query orders, worked out once: with cells of 2¹⁰⁰⁰ points a body at any
/// coordinate below 2¹⁰⁰⁰ in magnitude covers cells −1 and 0 at most, so its box's cell range
/// is one of 9 (`l ≤ r` and `b ≤ t`, each −1 or 0), and the hash's order for each is the
/// set's own (its walls and the order they were put in the space). The table holds, per
/// range, the count then the wall indices, in `count + 1` bytes; other ranges are queried from
/// the bins (``WallHash/query(_:_:_:_:_:)``).
enum WallOrders {
    static func size(_ count: Int) -> Int { 9 * (count + 1) }

    /// The table of a set whose walls were put in the space in the order `insertion`.
    static func table(_ hash: WallHash, insertion: [Int]) -> [UInt8] {
        let count = hash.bins.count
        var table: [UInt8] = []
        var order = [UInt8](repeating: 0, count: count)
        let ranges: [(Int32, Int32)] = [(-1, -1), (-1, 0), (0, 0)]
        for (l, r) in ranges {
            for (b, t) in ranges {
                let n = order.withUnsafeMutableBufferPointer {
                    WallHash.query((l, r, b, t), count, { hash.bins[$0] }, { insertion[$0] }, $0.baseAddress!)
                }
                table.append(UInt8(n))
                table += order
            }
        }
        precondition(table.count == size(count))
        return table
    }

    /// The index (0..<9) of the cell range of a box that lies within ±2¹⁰⁰⁰ (else nil), from
    /// signs alone: there `floor_int(x / 2¹⁰⁰⁰)` is −1 where the quotient is below zero (a
    /// −0 quotient, from a tiny negative x, is cell 0) and 0 elsewhere.
    @inline(__always) static func range(_ bb: BB) -> Int? {
        let edge = 0x1p1000
        guard bb.l > -edge && bb.r < edge && bb.b > -edge && bb.t < edge else { return nil }
        let inverse = WallHash.inverseCell
        let l = bb.l * inverse < 0 ? 0 : 1, r = bb.r * inverse < 0 ? 0 : 1
        let b = bb.b * inverse < 0 ? 0 : 1, t = bb.t * inverse < 0 ? 0 : 1
        // (l, r) is (−1, −1), (−1, 0) or (0, 0): l + r gives 0, 1, 2 (a box's l ≤ r).
        guard l <= r && b <= t else { return nil }
        return (l + r) * 3 + (b + t)
    }

    /// The index (0..<9) of a cell range in the table, or nil for a range beyond cells −1 and 0.
    @inline(__always) static func range(_ c: (l: Int32, r: Int32, b: Int32, t: Int32)) -> Int? {
        // (l, r) is (−1, −1), (−1, 0) or (0, 0): l + r + 2 gives 0, 1, 2.
        guard c.l >= -1 && c.l <= c.r && c.r <= 0 && c.b >= -1 && c.b <= c.t && c.t <= 0 else { return nil }
        return Int(c.l + c.r + 2) * 3 + Int(c.b + c.t + 2)
    }
}
