// The items, as columns: one array per field, every one in id order, so that a pass over the
// items reads only the fields it needs, packed (a tick reads the phases, worlds, states and
// memories; a touch or a prediction reads the rest). Which items have a world is also kept as
// one bit per item, so that a tick finds the live items a word of 64 at a time instead of
// testing every item (as Box2D v3 keeps its awake sets); the list of the live ones, with their
// worlds, is rebuilt from the bits only when an item gained or lost its world.
//
// Only the kernel writes the columns (Kernel/Kernel+Apply.swift); a hook sees values copied out
// of them (Kernel/Decision.swift).
import FlingCore

/// What pulls an item home, as the kernel attached it: nothing, the home springs, or pivots.
enum Home: Equatable, Sendable {
    case none
    case spring
    case pivots([JointID])
}

/// The items' columns, in id order.
struct ItemColumns<Policy: ItemRules> {
    /// The items' raw ids, increasing: what a lookup searches (8 bytes an item).
    var ids: [Int] = []
    var items: [Policy.Item] = []
    var phases: [Policy.Phase] = []
    var worlds: [WorldID?] = []
    /// The state after the last tick, and the one it is drawn from (the tick's previous).
    var states: [BodyState] = []
    var previous: [BodyState] = []
    var memories: [Policy.Memory] = []
    /// The greatest stacking key over the memories (``Kernel/stacking``), once a grab has asked
    /// for it: kept exact as memories change (``Kernel/setMemory(_:_:)``), forgotten when
    /// items come or go or a tick's rule runs.
    var front: Int?
    var homes: [Home] = []
    /// Continuous pushes on each item.
    var pushCounts: [Int] = []
    /// The number of the last input that acted on each item (``Kernel/actions``), and of the
    /// input its last prediction was made after.
    var lastActions: [Int] = []
    var predictedAfter: [Int] = []
    /// Bit `i % 64` of word `i / 64`: whether item `i` has a world.
    private(set) var liveBits: [UInt64] = []
    private(set) var liveCount = 0
    /// Whether an item gained or lost a world since the live list was last built.
    var liveChanged = true

    var count: Int { items.count }

    /// Makes room for `n` items in every column, so that the app's list made at once takes what
    /// it holds (a column grown one append at a time ends up to twice its size).
    mutating func reserveCapacity(_ n: Int) {
        ids.reserveCapacity(n); items.reserveCapacity(n); phases.reserveCapacity(n); worlds.reserveCapacity(n)
        states.reserveCapacity(n); previous.reserveCapacity(n); memories.reserveCapacity(n); homes.reserveCapacity(n)
        pushCounts.reserveCapacity(n); lastActions.reserveCapacity(n); predictedAfter.reserveCapacity(n)
        liveBits.reserveCapacity((n + 63) >> 6)
    }

    /// Appends an item at rest at its home (the items must come in id order).
    mutating func append(_ item: Policy.Item, memory: Policy.Memory) {
        let s = BodyState(position: item.home)
        front = nil
        items.append(item)
        ids.append(item.id.rawValue)
        phases.append(.resting)
        worlds.append(nil)
        states.append(s)
        previous.append(s)
        memories.append(memory)
        homes.append(.none)
        pushCounts.append(0)
        lastActions.append(0)
        predictedAfter.append(0)
        if liveBits.count * 64 < count { liveBits.append(0) }
    }

    /// Inserts an item at rest at its home at index `at` (its place in id order).
    mutating func insert(_ item: Policy.Item, memory: Policy.Memory, at i: Int) {
        let s = BodyState(position: item.home)
        items.insert(item, at: i)
        ids.insert(item.id.rawValue, at: i)
        phases.insert(.resting, at: i)
        worlds.insert(nil, at: i)
        states.insert(s, at: i)
        previous.insert(s, at: i)
        memories.insert(memory, at: i)
        homes.insert(.none, at: i)
        pushCounts.insert(0, at: i)
        lastActions.insert(0, at: i)
        predictedAfter.insert(0, at: i)
        front = nil
        rebuildLiveBits()
    }

    /// Removes item `i` (its world freed already).
    mutating func remove(at i: Int) {
        front = nil
        items.remove(at: i)
        ids.remove(at: i)
        phases.remove(at: i)
        worlds.remove(at: i)
        states.remove(at: i)
        previous.remove(at: i)
        memories.remove(at: i)
        homes.remove(at: i)
        pushCounts.remove(at: i)
        lastActions.remove(at: i)
        predictedAfter.remove(at: i)
        rebuildLiveBits()
    }

    /// Gives item `i` a world, or takes it away (nil).
    @inline(__always)
    mutating func setWorld(_ world: WorldID?, of i: Int) {
        let had = worlds[i] != nil
        worlds[i] = world
        guard had != (world != nil) else { return }
        liveBits[i >> 6] ^= 1 << UInt64(i & 63)
        liveCount += world == nil ? -1 : 1
        liveChanged = true
    }

    /// The bits made again from the worlds (after items came or went, or a restore).
    mutating func rebuildLiveBits() {
        liveBits = [UInt64](repeating: 0, count: (count + 63) >> 6)
        liveCount = 0
        for i in worlds.indices where worlds[i] != nil {
            liveBits[i >> 6] |= 1 << UInt64(i & 63)
            liveCount += 1
        }
        liveChanged = true
    }

    /// Calls `body` with the index of every item with a world, in id order: a word of 64 items
    /// at a time, skipping the empty ones.
    @inline(__always)
    func forEachLive(_ body: (Int) -> Void) {
        liveBits.withUnsafeBufferPointer { bits in
            for w in bits.indices {
                var word = bits[w]
                while word != 0 {
                    body(w << 6 | word.trailingZeroBitCount)
                    word &= word - 1
                }
            }
        }
    }

    /// The index of the item of raw id `id`, or nil: the id's own index when ids are indices
    /// (0, 1, 2, …, as they often are), else a binary search (the items stay in id order).
    @inline(__always)
    func index(of id: Int) -> Int? {
        if id >= 0, id < ids.count, ids[id] == id { return id }
        let i = insertionIndex(id)
        return i < ids.count && ids[i] == id ? i : nil
    }

    /// The index at which an item of raw id `id` is or would be.
    func insertionIndex(_ id: Int) -> Int {
        ids.withUnsafeBufferPointer { ids in
            var lo = 0, hi = ids.count
            while lo < hi {
                let mid = (lo + hi) / 2
                if ids[mid] < id { lo = mid + 1 } else { hi = mid }
            }
            return lo
        }
    }

    /// Item `i` as a hook sees it.
    @inline(__always)
    func view(_ i: Int) -> ItemView<Policy> {
        ItemView(
            item: items[i], phase: phases[i], state: states[i], memory: memories[i], hasWorld: worlds[i] != nil, pushes: pushCounts[i])
    }

    /// Every item, read-only.
    var table: ItemTable<Policy> { ItemTable(items: items, phases: phases, states: states, memories: memories) }
}
