import FlingCore
import Fling
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

/// A finger's slot and tracker (320 bytes) grow by doubling only up to the fingers the items can
/// hold: 600 tiles grabbed at once hold room for 600 fingers, not the 1,024 doubling gives
/// (at 10,000 tiles in tile-bench, 16,384); a touch beyond them still gets a slot.
@Test func fingerSlotsStopAtTheFingersTheItemsCanHold() throws {
    var tiles: [TileDefinition] = []
    for i in 0..<600 {
        let center = Vector(Double(10 + 12 * (i % 30)), Double(20 + 40 * (i / 30)))
        tiles.append(TileDefinition(id: TileID(i), frame: Rect(center: center, width: 10, height: 10)))
    }
    let a = try TileAnimator(viewport: Rect(x: 0, y: 0, width: 390, height: 844), tiles: tiles, backend: BackendKind.default.make())
    for t in tiles {
        try a.handle(TouchEvent(time: 0, touch: TouchID(t.id.rawValue), phase: .began, position: t.frame.center, item: t.id))
    }
    _ = try a.advance(to: 1.0 / 60)
    let held = try tiles.filter { try a.state(of: $0.id).phase != TilePhase.resting }.count
    #expect(held == 600)
    #expect(a.box.kernel.fingers.slots.count == 600)
    #expect(a.box.kernel.fingers.slots.capacity < 1_024 && a.box.kernel.fingers.trackers.capacity < 1_024)
    try a.handle(TouchEvent(time: 0.02, touch: 1_000, phase: .began, position: Vector(385, 840)))
    _ = try a.advance(to: 0.1)
    #expect(a.box.kernel.fingers.slots.count == 601 && a.box.kernel.fingers.trackers.count == 601)
}
