#if Chipmunk
import Testing
import Fling

/// Native equals Chipmunk, bit for bit, at every tick, with walls, item properties, pushes,
/// fields and the extra joints: one space per world and one shared space.
@Suite struct DynamicsParityTests {
    static func check(_ script: DynamicsScript, _ label: String) throws -> DynamicsScript.Result {
        let chipmunk = try script.run(on: .chipmunk)
        let native = try script.run(on: .native)
        let shared = try script.run(on: .chipmunkShared)
        if let diff = firstDifference(chipmunk, native) { Issue.record("\(label): native: \(diff)") }
        if let diff = firstDifference(chipmunk, shared) { Issue.record("\(label): shared space: \(diff)") }
        return chipmunk
    }

    @Test(arguments: 0..<4)
    func wallsAlone(batch: Int) throws {
        var contacts = 0
        for seed in UInt64(batch * 10)..<UInt64(batch * 10 + 10) {
            contacts += try Self.check(.random(seed: seed, features: [.walls, .properties]), "seed \(seed)").contactCount
        }
        #expect(contacts > 0)
    }
}
#endif

#if Chipmunk
extension DynamicsParityTests {
    @Test(arguments: 0..<6)
    func everything(batch: Int) throws {
        for seed in UInt64(1000 + batch * 10)..<UInt64(1000 + batch * 10 + 10) {
            _ = try Self.check(.random(seed: seed), "seed \(seed)")
        }
    }
}
#endif
