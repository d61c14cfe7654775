// The touch table: touch ids to slots, looked up once per touch event. Hashed by a fixed fold
// of the key's bits, never by `Hasher`'s per-process seed, and never iterated, so its layout
// cannot change a bit of any result.

/// A map from touch ids to small non-negative integers (a slot, or 0 for mere membership): the
/// touches an animator or a ``TouchSequence`` has down, looked up once per touch event.
///
/// Open addressing with linear probing over a power-of-two table, hashed by a fixed fold of the
/// key's bits, never by `Hasher`'s per-process seed: a lookup is a few instructions with no
/// runtime call. The fold keeps nearby ids in nearby entries (the ids of an aligned block of 16
/// land in one block of 16 entries), so thousands of fingers whose events come in id order walk the table in order
/// instead of missing the cache on every event, while the high bits and the low zero bits of
/// pointer-like ids are still mixed in. It is only looked up, inserted into and removed from,
/// never iterated, so its layout cannot change a bit of any result. Its storage grows (at half
/// full) and never shrinks: once as many touches as ever have been down, nothing allocates.
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

    /// The value stored for `key`, or nil.
    func value(for key: TouchID) -> Int? {
        entries.withUnsafeBufferPointer { e in
            let mask = e.count - 1
            var i = home(key.rawValue)
            while e[i].value >= 0 {
                if e[i].key == key.rawValue { return e[i].value }
                i = (i + 1) & mask
            }
            return nil
        }
    }

    func contains(_ key: TouchID) -> Bool { value(for: key) != nil }

    /// Stores `value` (≥ 0) for `key`, replacing any value it had.
    mutating func set(_ value: Int, for key: TouchID) {
        precondition(value >= 0)
        if (count + 1) * 2 > entries.count { grow() }
        let mask = entries.count - 1
        var i = home(key.rawValue)
        while entries[i].value >= 0 {
            if entries[i].key == key.rawValue {
                entries[i].value = value
                return
            }
            i = (i + 1) & mask
        }
        entries[i] = Entry(key: key.rawValue, value: value)
        count += 1
    }

    /// Removes `key` and returns its value, or nil if it was absent.
    @discardableResult
    mutating func remove(_ key: TouchID) -> Int? {
        let mask = entries.count - 1
        var i = home(key.rawValue)
        while entries[i].value >= 0 {
            if entries[i].key == key.rawValue {
                let value = entries[i].value
                // Backward-shift deletion: pull later entries of the probe run into the gap, so
                // that no tombstone is left and every key stays reachable from its home.
                var gap = i
                var j = (i + 1) & mask
                while entries[j].value >= 0 {
                    let h = home(entries[j].key)
                    // Entry j may fill the gap unless its home lies cyclically in (gap, j].
                    if (j > gap && (h <= gap || h > j)) || (j < gap && h <= gap && h > j) {
                        entries[gap] = entries[j]
                        gap = j
                    }
                    j = (j + 1) & mask
                }
                entries[gap].value = -1
                count -= 1
                return value
            }
            i = (i + 1) & mask
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
