// The touch table: touch ids to slots, looked up once per touch event. Hashed by a fixed fold
// of the key's bits, never by `Hasher`'s per-process seed, and never iterated, so its layout
// cannot change a bit of any result.

/// A map from touch ids to small non-negative integers (a slot, or 0 for mere membership): the
/// touches an animator or a ``TouchSequence`` has down, looked up once per touch event.
///
/// Open addressing with linear probing over a power-of-two table, hashed by a fixed fold of the
/// key's bits, never by `Hasher`'s per-process seed: a lookup is a few instructions with no
/// runtime call. The fold keeps nearby ids in nearby entries (the ids of an aligned block of 16
/// land in one block of 16 entries), so thousands of fingers whose events come in id order walk
/// the table in order instead of missing the cache on every event, while the high bits and the
/// low zero bits of pointer-like ids are still mixed in. Entries are kept in Robin Hood order
/// (along a run, in the order of their home entries): ids in a row make one long run, and a
/// removal then moves back only the entries after it that are away from home, instead of walking
/// the rest of the run; a lookup stops where it would have been placed. It is only looked up,
/// inserted into and removed from, never iterated, so its layout cannot change a bit of any
/// result. Its storage grows (at half full) and never shrinks: once as many touches as ever
/// have been down, nothing allocates.
struct TouchTable: Sendable {
    private struct Entry: Sendable {
        var key: Int
        /// The value, or -1 when the entry is empty.
        var value: Int
    }

    private var entries = [Entry](repeating: Entry(key: 0, value: -1), count: 8)
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
        entries.withUnsafeBufferPointer { e in
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
        if (count + 1) * 2 > entries.count {
            grow()
            set(value, for: key)
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
        count += 1
    }

    /// Removes `key` and returns its value, or nil if it was absent.
    @discardableResult
    mutating func remove(_ key: TouchID) -> Int? {
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
        entries.filter { $0.value >= 0 }.map { (TouchID($0.key), $0.value) }.sorted { $0.key < $1.key }
    }

    /// Doubles the table and reinserts every key (in table order: the layout depends only on
    /// the keys, and nothing reads it but lookups).
    private mutating func grow() {
        let old = entries
        entries = [Entry](repeating: Entry(key: 0, value: -1), count: old.count * 2)
        count = 0
        for e in old where e.value >= 0 { set(e.value, for: TouchID(e.key)) }
    }
}
