// The touch table: touch ids to slots, looked up once per touch event. Ids an app numbers from 0
// (a touch per item, a counter) are looked up by index in a dense array, in the order the events
// come, so a crowd of fingers walks memory in order; any other id (negative, pointer-like, far
// beyond the ids in use) is hashed by a fixed fold of the key's bits, never by `Hasher`'s
// per-process seed. It is never iterated but to list its entries sorted, so its layout cannot
// change a bit of any result.

/// A map from touch ids to small non-negative integers (a slot, or 0 for mere membership): the
/// touches an animator or a ``TouchSequence`` has down, looked up once per touch event.
///
/// Ids from 0 up to about twice as many as have been down at once are kept in a dense array
/// indexed by the id (it grows to take a new id in that range, and takes over the hashed ids it
/// then covers). Other ids go to a hashed table: open addressing with linear probing over a
/// power-of-two table, hashed by a fixed fold of the key's bits: a lookup is a few instructions
/// with no runtime call. The fold keeps nearby ids in nearby entries (the ids of an aligned block
/// of 16 land in one block of 16 entries), while the high bits and the low zero bits of
/// pointer-like ids are still mixed in. Entries are kept in Robin Hood order (along a run, in the
/// order of their home entries): a removal then moves back only the entries after it that are
/// away from home, instead of walking the rest of the run; a lookup stops where it would have
/// been placed. Its storage grows and never shrinks: once as many touches as ever have been
/// down, nothing allocates.
struct TouchTable: Sendable {
    private struct Entry: Sendable {
        var key: Int
        /// The value, or -1 when the entry is empty.
        var value: Int
    }

    /// The values of ids `0..<dense.count`, -1 where absent.
    private var dense: [Int] = []
    /// The other ids.
    private var entries = [Entry](repeating: Entry(key: 0, value: -1), count: 8)
    private var hashedCount = 0
    /// Keys present.
    private(set) var count = 0

    init() {}

    @inline(__always) private func home(_ key: Int) -> Int {
        var x = UInt(bitPattern: key)
        x ^= x >> 32
        x ^= x >> 16
        x ^= x >> 4
        return Int(bitPattern: x) & (entries.count - 1)
    }

    /// How far the entry at `i` of key `key` is from its home.
    @inline(__always) private func distance(_ key: Int, at i: Int, mask: Int) -> Int { (i - home(key)) & mask }

    /// The value stored for `key`, or nil.
    func value(for key: TouchID) -> Int? {
        let k = key.rawValue
        if k >= 0, k < dense.count {
            let v = dense[k]
            return v >= 0 ? v : nil
        }
        return entries.withUnsafeBufferPointer { e in
            let mask = e.count - 1
            var i = home(key.rawValue), d = 0
            // Robin Hood order: past an entry nearer its home than the probe, the key is not here.
            while e[i].value >= 0, distance(e[i].key, at: i, mask: mask) >= d {
                if e[i].key == key.rawValue { return e[i].value }
                i = (i + 1) & mask
                d += 1
            }
            return nil
        }
    }

    func contains(_ key: TouchID) -> Bool { value(for: key) != nil }

    /// Stores `value` (≥ 0) for `key`, replacing any value it had.
    mutating func set(_ value: Int, for key: TouchID) {
        precondition(value >= 0)
        let k = key.rawValue
        if k >= 0, k >= dense.count, k < 2 * count + 64 { spread(to: k) }
        if k >= 0, k < dense.count {
            if dense[k] < 0 { count += 1 }
            dense[k] = value
            return
        }
        let before = hashedCount
        setHashed(value, for: key)
        count += hashedCount - before
    }

    /// Stores `value` for `key` in the hashed table.
    private mutating func setHashed(_ value: Int, for key: TouchID) {
        let mask = entries.count - 1
        var i = home(key.rawValue), d = 0
        while entries[i].value >= 0, distance(entries[i].key, at: i, mask: mask) >= d {
            if entries[i].key == key.rawValue {
                entries[i].value = value
                return
            }
            i = (i + 1) & mask
            d += 1
        }
        if (hashedCount + 1) * 2 > entries.count {
            rehash(capacity: entries.count * 2)
            setHashed(value, for: key)
            return
        }
        // Insert here, and carry each entry nearer its home than the carried one onward.
        var carried = Entry(key: key.rawValue, value: value)
        while entries[i].value >= 0 {
            if distance(entries[i].key, at: i, mask: mask) < d {
                let displaced = entries[i]
                entries[i] = carried
                carried = displaced
                d = distance(carried.key, at: i, mask: mask)
            }
            i = (i + 1) & mask
            d += 1
        }
        entries[i] = carried
        hashedCount += 1
    }

    /// Removes `key` and returns its value, or nil if it was absent.
    @discardableResult
    mutating func remove(_ key: TouchID) -> Int? {
        let k = key.rawValue
        if k >= 0, k < dense.count {
            let v = dense[k]
            guard v >= 0 else { return nil }
            dense[k] = -1
            count -= 1
            return v
        }
        let mask = entries.count - 1
        var i = home(key.rawValue), d = 0
        while entries[i].value >= 0, distance(entries[i].key, at: i, mask: mask) >= d {
            if entries[i].key == key.rawValue {
                let value = entries[i].value
                // Backward shift: the entries after it that are away from home move back one.
                var j = (i + 1) & mask
                while entries[j].value >= 0, distance(entries[j].key, at: j, mask: mask) > 0 {
                    entries[i] = entries[j]
                    i = j
                    j = (j + 1) & mask
                }
                entries[i].value = -1
                hashedCount -= 1
                count -= 1
                return value
            }
            i = (i + 1) & mask
            d += 1
        }
        return nil
    }

    /// Every key and its value, in key order (for a snapshot: the order is the keys', not the
    /// table's layout).
    func sortedEntries() -> [(key: TouchID, value: Int)] {
        var all = dense.indices.filter { dense[$0] >= 0 }.map { (key: TouchID($0), value: dense[$0]) }
        all += entries.filter { $0.value >= 0 }.map { (TouchID($0.key), $0.value) }
        return all.sorted { $0.key < $1.key }
    }

    /// The dense array grown to take id `k` (at least doubled), taking over the hashed ids it
    /// now covers.
    private mutating func spread(to k: Int) {
        var size = max(dense.count * 2, 64)
        while size <= k { size *= 2 }
        dense += repeatElement(-1, count: size - dense.count)
        if hashedCount > 0 { rehash(capacity: entries.count) }
    }

    /// Remakes the hashed table at `capacity` entries from its keys (in table order: the layout
    /// depends only on the keys, and nothing reads it but lookups); those the dense array covers
    /// move there.
    private mutating func rehash(capacity: Int) {
        let old = entries
        entries = [Entry](repeating: Entry(key: 0, value: -1), count: capacity)
        hashedCount = 0
        for e in old where e.value >= 0 {
            if e.key >= 0, e.key < dense.count {
                dense[e.key] = e.value
            } else {
                setHashed(e.value, for: TouchID(e.key))
            }
        }
    }
}
