import FlingCore
import Testing

@testable import FlingInteraction

@Suite struct TouchTableTests {
    /// Seeded inserts, updates and removals over key sets that collide on purpose (ids 16 apart
    /// and 4,096 apart, negative ids, huge ids) or that the dense array takes (ids from 0, some
    /// hashed first and taken over as it grows) give the same answers and the same sorted
    /// entries as a `Dictionary`, through growth and backward-shift deletion.
    @Test(arguments: [1, 3, 16, 4096, -7, 1 << 40])
    func agreesWithADictionary(stride: Int) {
        var table = TouchTable()
        var reference: [Int: Int] = [:]
        var rng = SplitMix64(state: UInt64(bitPattern: Int64(stride)))
        var mismatches = 0, probes = 0
        for step in 0..<20_000 {
            let key = TouchID(Int(rng.next() % 600) * stride)
            switch rng.next() % 3 {
            case 0, 1:
                table.set(step, for: key)
                reference[key.rawValue] = step
            default:
                if table.remove(key) != reference.removeValue(forKey: key.rawValue) { mismatches += 1 }
            }
            if table.count != reference.count { mismatches += 1 }
            if step % 97 == 0 {
                for k in 0..<600 {
                    let probe = TouchID(k * stride)
                    probes += 1
                    if table.value(for: probe) != reference[probe.rawValue] { mismatches += 1 }
                }
                let sorted = reference.sorted { $0.key < $1.key }
                if table.sortedEntries().map({ [$0.key.rawValue, $0.value] }) != sorted.map({ [$0.key, $0.value] }) { mismatches += 1 }
            }
        }
        #expect(probes > 100_000)
        #expect(reference.count > 100)
        #expect(mismatches == 0)
    }
}
