// Storage for the dynamics' hot state: flat buffers of plain values in memory the backend
// owns. A step never grows one, so it reads and writes them through raw pointers taken when it
// starts: no uniqueness check, no retain or release, no exclusivity check in the inner loops
// (Swift arrays held in a class cost all three there). Only calls outside a step, on the
// backend's one calling thread, grow them or change what they hold.

/// A growable array of plain values (no references) at a base address that stays put
/// between growths.
final class FlatBuffer<Element>: @unchecked Sendable {
    private(set) var base: UnsafeMutablePointer<Element>
    private(set) var count = 0
    private(set) var capacity = 0

    init() {
        precondition(_isPOD(Element.self))
        base = .allocate(capacity: 0)
    }

    deinit { base.deallocate() }

    @inline(__always) subscript(i: Int) -> Element {
        get { base[i] }
        set { base[i] = newValue }
    }

    /// Makes room for `n` elements in all, moving them if it must.
    func reserve(_ n: Int) {
        guard n > capacity else { return }
        let grown = UnsafeMutablePointer<Element>.allocate(capacity: n)
        grown.moveInitialize(from: base, count: count)
        base.deallocate()
        base = grown
        capacity = n
    }

    /// Appends `n` copies of `value`, growing by half again (at least), and returns the
    /// first's index.
    @discardableResult
    func append(_ value: Element, count n: Int = 1) -> Int {
        if count + n > capacity { reserve(max(count + n, capacity + capacity / 2, 16)) }
        (base + count).initialize(repeating: value, count: n)
        count += n
        return count - n
    }

    /// Drops every element, keeping the memory.
    func removeAll() { count = 0 }
}

/// Runs of elements of one buffer (a world's arbiters, a wall set's walls): a run freed goes
/// on a free list by its length, and the next run of that length takes its place, so worlds
/// made and destroyed over and over stop growing the buffer once they have reached their peak.
struct RunPool<Element> {
    let items = FlatBuffer<Element>()
    /// By length, the first indices of the free runs.
    private var free: [[Int32]] = []
    /// Room each list of free runs takes when it is first needed (``reserveFree(_:)``): as many
    /// runs as the worlds reserved can hold, so that letting go of them never allocates.
    private var reserved = 0

    /// Makes each list of free runs, now and later, hold `count` runs without allocating.
    mutating func reserveFree(_ count: Int) {
        reserved = count
        for n in free.indices { free[n].reserveCapacity(count) }
    }

    /// A run of `n` copies of `value` (n ≥ 1); its first index.
    mutating func allocate(_ n: Int, _ value: Element) -> Int32 {
        if n < free.count, let start = free[n].popLast() {
            (items.base + Int(start)).update(repeating: value, count: n)
            return start
        }
        return Int32(items.append(value, count: n))
    }

    mutating func release(_ start: Int32, _ n: Int) {
        guard n > 0 else { return }
        if n >= free.count {
            free.reserveCapacity(Swift.max(n + 1, 16))
            free.append(contentsOf: repeatElement([], count: n + 1 - free.count))
        }
        if free[n].capacity < reserved { free[n].reserveCapacity(reserved) }
        free[n].append(start)
    }
}

/// Values shared by many worlds (a wall list, a field list, a material), kept once with a
/// count of their users and found by value when a world takes one; an id goes back on the
/// free list when its last user lets go.
struct Interned<Key: Hashable> {
    private(set) var keys: [Key?] = []
    private var users: [Int32] = []
    private var ids: [Key: Int32] = [:]
    private var free: [Int32] = []

    /// The id of `key` with one more user, and whether it is new (then the caller fills its
    /// data at that id).
    mutating func take(_ key: Key) -> (id: Int32, isNew: Bool) {
        if let id = ids[key] {
            users[Int(id)] += 1
            return (id, false)
        }
        let id: Int32
        if let reused = free.popLast() {
            id = reused
            keys[Int(id)] = key
            users[Int(id)] = 1
        } else {
            id = Int32(keys.count)
            keys.append(key)
            users.append(1)
        }
        ids[key] = id
        return (id, true)
    }

    /// Whether `id` names a value with users.
    func isLive(_ id: Int32) -> Bool { id >= 0 && Int(id) < keys.count && keys[Int(id)] != nil }

    /// One more user of the live value `id`, found without its key.
    mutating func retain(_ id: Int32) { users[Int(id)] += 1 }

    /// One user fewer; true when that was the last (the caller then frees its data).
    @discardableResult
    mutating func release(_ id: Int32) -> Bool {
        users[Int(id)] -= 1
        guard users[Int(id)] == 0 else { return false }
        ids[keys[Int(id)]!] = nil
        keys[Int(id)] = nil
        free.append(id)
        return true
    }

    func key(_ id: Int32) -> Key { keys[Int(id)]! }
}
