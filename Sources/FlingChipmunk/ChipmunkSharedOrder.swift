#if Chipmunk
internal import CChipmunk

/// The shared space's constraint array, mirrored, so that every world's constraints run in the
/// order its own space would run them.
///
/// `cpSpaceRemoveConstraint` deletes by moving the space's last constraint into the hole
/// (`cpArrayDeleteObj`). In a space of its own a world's order is its own list under that rule
/// (``ChipmunkWorld/ownOrder``). In the shared space the last constraint may be another
/// world's, and moving it can put that world's constraints out of their order, or leave the
/// removing world's in an order its own space would not have; for joints whose order matters
/// (a grab and its friction, two pivots) the bits then differ. So a removal that would break
/// some world's order instead takes every constraint after the hole out (from the end, which
/// moves nothing), and puts them back in an order that keeps each world's own: O(n) removals
/// of an O(n) search each, only when needed. The attraction's spring and rotary spring commute
/// (the spring acts at the body's center, so neither reads what the other writes), as before.
final class SharedConstraintOrder {
    let space: OpaquePointer
    private(set) var order: [OpaquePointer] = []
    /// Lookups only (never iterated): position in `order`, world slot, and whether it commutes.
    private var index: [OpaquePointer: Int] = [:]
    private var owner: [OpaquePointer: (world: Int, commutes: Bool)] = [:]

    init(space: OpaquePointer) { self.space = space }

    func add(_ c: OpaquePointer, world: Int, commutes: Bool) {
        cpSpaceAddConstraint(space, c)
        index[c] = order.count
        owner[c] = (world, commutes)
        order.append(c)
    }

    /// Removes `c`. `own(w)` is world `w`'s own order after the removal.
    func remove(_ c: OpaquePointer, own: (Int) -> [OpaquePointer]) {
        let i = index[c]!, n = order.count
        let last = order[n - 1]
        if i != n - 1 {
            // Would the plain removal (the last constraint moved to i) keep both worlds' orders?
            func keeps(_ w: Int) -> Bool {
                let list = own(w)
                if list.allSatisfy({ owner[$0]!.commutes }) { return true }
                var previous = -1
                for x in list {
                    let k = x == last ? i : index[x]!
                    if k <= previous { return false }
                    previous = k
                }
                return true
            }
            let wc = owner[c]!.world, wl = owner[last]!.world
            if !(keeps(wc) && (wl == wc || keeps(wl))) {
                rebuild(removing: c, at: i, own: own)
                return
            }
        }
        cpSpaceRemoveConstraint(space, c)
        order[i] = last
        index[last] = i
        order.removeLast()
        index[c] = nil
        owner[c] = nil
    }

    /// Takes out everything from `i` on and puts back all but `c`, each world's in its own order.
    private func rebuild(removing c: OpaquePointer, at i: Int, own: (Int) -> [OpaquePointer]) {
        let suffix = Array(order[(i + 1)...])
        for x in suffix.reversed() { cpSpaceRemoveConstraint(space, x) }
        cpSpaceRemoveConstraint(space, c)
        order.removeLast(order.count - i)
        index[c] = nil
        owner[c] = nil
        // Each world's constraints past the hole, in its own order, fill its slots in turn.
        var queues: [Int: [OpaquePointer]] = [:]
        var taken: [Int: Int] = [:]
        let inSuffix = Set(suffix)
        for x in suffix {
            let w = owner[x]!.world
            if queues[w] == nil { queues[w] = own(w).filter(inSuffix.contains) }
        }
        for x in suffix {
            let w = owner[x]!.world
            let k = taken[w, default: 0]
            let y = queues[w]![k]
            taken[w] = k + 1
            cpSpaceAddConstraint(space, y)
            index[y] = order.count
            order.append(y)
        }
    }
}
#endif
