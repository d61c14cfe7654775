import Fling
@testable import FlingTraces
import FlingCore
import FlingInteraction
import Testing
import _FlingCoding

/// One description per value (_FlingCoding's Coder.swift) gives both encodings: the bytes are
/// the layout docs/SNAPSHOTS.md gives (built here field by field, without the descriptions) and
/// read back to the value; the JSON reader finds a misspelt key before the key it lacks, and keeps
/// a touch's own rule (only a `began` names a tile).
struct CodingSchemaTests {
    enum Part {
        case d(Double), i(Int), u(UInt64), b(UInt8)
    }

    /// Little-endian: a Double as its bit pattern, an Int or UInt64 in eight bytes, a tag in one.
    static func layout(_ parts: [Part]) -> [UInt8] {
        func le(_ x: UInt64) -> [UInt8] { (0..<8).map { UInt8(truncatingIfNeeded: x >> (8 * UInt64($0))) } }
        return parts.flatMap { p -> [UInt8] in
            switch p {
            case .d(let x): le(x.bitPattern)
            case .i(let x): le(UInt64(bitPattern: Int64(x)))
            case .u(let x): le(x)
            case .b(let x): [x]
            }
        }
    }

    func check<T: ByteCodable & Equatable>(_ x: T, _ parts: [Part]) throws {
        var w = ByteWriter()
        w.value(x)
        #expect(w.bytes == Self.layout(parts), "\(x)")
        var r = ByteReader(w.bytes, what: "test")
        #expect(try r.value(T.self) == x && r.isAtEnd, "\(x)")
    }

    @Test func bytesFollowTheDocumentedLayout() throws {
        try check(
            TouchEvent(time: 0.5, touch: 3, phase: .moved, position: Vector(1, 2), item: TouchEvent.ItemID(7)),
            [.d(0.5), .i(3), .b(1), .d(1), .d(2), .b(1), .i(7)])
        try check(
            DynamicsInput.addPush(Push.ID(4), TouchEvent.ItemID(2), Push(Vector(1, 2), at: Vector(3, 4))),
            [.b(1), .i(4), .i(2), .d(1), .d(2), .d(3), .d(4)])
        try check(DynamicsInput.removePush(Push.ID(6)), [.b(2), .i(6)])
        try check(
            Field(
                .noise(smoothness: 2, animationSpeed: 3), position: Vector(1, 1), region: .circle(radius: 5), inverted: true, strength: 1,
                falloff: 0.25, minimumRadius: 0.5, seed: 9),
            [.b(6), .d(2), .d(3), .d(1), .d(1), .b(2), .d(5), .b(1), .d(1), .d(0.25), .d(0.5), .u(9)])
        try check(
            Wall(from: Vector(1, 2), to: Vector(3, 4), radius: 0.5, elasticity: 0.25, friction: 0.75),
            [.d(1), .d(2), .d(3), .d(4), .d(0.5), .d(0.25), .d(0.75)])
        let properties = ItemProperties(elasticity: 0.5, friction: 0.25, resistance: 2, angularResistance: 3, charge: 4)
        try check(
            TileDefinition(id: 5, frame: Rect(x: 1, y: 2, width: 3, height: 4), mass: 6, properties: properties),
            [.i(5), .d(1), .d(2), .d(3), .d(4), .d(6), .b(1), .d(0.5), .d(0.25), .d(2), .d(3), .d(4)])
        try check(
            TileDefinition(id: 5, frame: Rect(x: 1, y: 2, width: 3, height: 4), mass: 6), [.i(5), .d(1), .d(2), .d(3), .d(4), .d(6), .b(0)])
        try check(TilePhase.held(by: 5), [.b(1), .i(5)])
        try check(TilePhase.lying, [.b(5)])
        try check(SnapPhase.keyframing, [.b(3)])
        try check(SpringTuning(frequency: 2, dampingRatio: 0.5), [.d(2), .d(0.5)])
    }

    @Test func theJSONReaderNamesAMisspeltKeyAndKeepsTheTouchRule() throws {
        let json = DynamicsTraceFormatTests.dynamicsTrace.json
        #expect(json.contains("\"friction\": "))
        let misspelt = json.replacingOccurrences(of: "\"friction\": ", with: "\"fricton\": ")
        let error = try #require(throwing(misspelt))
        #expect(error.reason.contains("unknown key") && error.value == "\"fricton\"", "\(error)")

        var trace = DynamicsTraceFormatTests.dynamicsTrace
        trace.sessions[0].inputs = [
            Trace.Input(.touch(TouchEvent(time: 0.05, touch: 1, phase: .began, position: Vector(1, 2), item: TouchEvent.ItemID(1))))
        ]
        #expect(try Trace(json: trace.json) == trace)
        let moved = try #require(throwing(trace.json.replacingOccurrences(of: "\"phase\": \"began\"", with: "\"phase\": \"moved\"")))
        #expect(moved.reason == "only a began event names a tile", "\(moved)")
    }

    func throwing(_ json: String) -> FlingError? {
        do {
            _ = try Trace(json: json)
            return nil
        } catch { return error }
    }
}
