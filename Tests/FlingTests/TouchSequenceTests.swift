import Fling
import Testing

/// The touch rules as a recording's reader meets them, from outside: `TouchSequence.accept` names
/// an unknown item as its items' type names it (a tile, a snap item, any other tag), and refuses
/// what an animator's `handle(_:)` refuses, accepting nothing then.
@Suite struct TouchSequenceTests {
    func began(_ item: Int, touch: Int = 1, time: Double = 0) -> TouchEvent {
        TouchEvent(time: time, touch: TouchID(touch), phase: .began, position: Vector(10, 10), item: TouchEvent.ItemID(item))
    }

    @Test func anUnknownItemIsNamedAsItsTypeNamesIt() {
        var tiles = TouchSequence(), snap = TouchSequence(), other = TouchSequence()
        #expect(throws: FlingError(.unknownTile, field: "events[0].item", value: "7", reason: "no tile has this id")) {
            try tiles.accept(began(7), field: { "events[0].\($0)" }, items: TileDefinition.self, knows: { $0 == 1 })
        }
        #expect(throws: FlingError(.unknownItem, field: "item", value: "7", reason: "no item has this id")) {
            try snap.accept(began(7), field: { $0 }, items: SnapItem.self, knows: { $0 == 1 })
        }
        #expect(throws: FlingError(.unknownItem, field: "item", value: "7", reason: "no touch has this id")) {
            try other.accept(began(7), field: { $0 }, items: TouchEvent.self, knows: { _ in false })
        }
        // A known item is accepted; the refused `began` above left its touch up, so this one is no repeat.
        #expect(throws: Never.self) {
            try tiles.accept(began(1), field: { $0 }, items: TileDefinition.self, knows: { $0 == 1 })
        }
    }

    @Test func whatHandleRefusesIsRefusedAndNothingIsAccepted() throws {
        var s = TouchSequence()
        try s.accept(began(1, time: 1), field: { $0 }, items: TileDefinition.self, knows: { _ in true })
        let moved = TouchEvent(time: 2, touch: 2, phase: .moved, position: .zero)
        #expect(throws: FlingError.self) { try s.accept(moved, field: { $0 }, items: TileDefinition.self, knows: { _ in true }) }
        #expect(throws: FlingError.self) {  // a time before the last accepted one
            try s.accept(began(1, touch: 3, time: 0.5), field: { $0 }, items: TileDefinition.self, knows: { _ in true })
        }
        #expect(throws: FlingError.self) {  // touch 1 is down already
            try s.accept(began(1, time: 3), field: { $0 }, items: TileDefinition.self, knows: { _ in true })
        }
        // Nothing refused was accepted: touch 1 lifts at time 1.5 (after the last accepted time, 1).
        let lift = TouchEvent(time: 1.5, touch: 1, phase: .ended, position: .zero)
        try s.accept(lift, field: { $0 }, items: TileDefinition.self, knows: { _ in true })
    }
}
