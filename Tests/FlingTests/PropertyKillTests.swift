import Fling
import Foundation
import Testing

@testable import FlingTesting
@testable import FlingCLIKit

/// Every built-in property is seen to fail (issue 44 item 1): each planted fault
/// (PropertyFaults.swift) is found by the default generator within the first sessions, by its
/// own property, and shrunk; with that property switched off and every other one on, the same
/// check finds nothing. And nothing vacuous passes (item 3): a check of no session, or of a
/// property with nothing to compare, is not counted as held.
@Suite struct PropertyKillTests {
    /// Sessions the fault must be found within; the same sessions, checked without the fault's
    /// property, must all pass (so within them only that property sees the fault).
    static let findWithin = 12
    static let passFor = findWithin

    @Test(arguments: PropertyFault.all)
    func eachPropertyFindsItsOwnFault(_ fault: PropertyFault) throws {
        let report = try fault.check(Property.builtIn, sessions: Self.findWithin).run()
        let failure = try #require(report.failure, "\(fault.property.name)'s fault not found: \(report)")
        #expect(failure.property == fault.property.name, "found by another property: \(failure.message)")
        #expect(failure.shrinkSteps > 0 && failure.shrunk.sampleCount < failure.original.sampleCount, "\(failure.message)")
        #expect(failure.shrunk.touchCount <= 2, "\(failure.shrunk.summary)")
        // The shrunk session still fails that property alone.
        let check = fault.check([fault.property], sessions: 1)
        #expect(try check.firstFailure(failure.shrunk, [fault.property]) != nil)
    }

    @Test(arguments: PropertyFault.all)
    func withoutItsPropertyTheFaultGoesUnfound(_ fault: PropertyFault) throws {
        let others = Property.builtIn.filter { $0.name != fault.property.name }
        let report = try fault.check(others, sessions: Self.passFor).run()
        #expect(report.passed, "\(fault.property.name)'s fault found by another property: \(report)")
        #expect(report.sessionsPlayed == Self.passFor)
    }

    /// The checks above must each have their property checked: with the fault's property on,
    /// and no fault, the property compares something in most sessions of its scene.
    @Test(arguments: PropertyFault.all)
    func eachPropertyIsCheckedInItsScene(_ fault: PropertyFault) throws {
        var check = PropertyCheck(scene: fault.scene, properties: [fault.property], sessions: 8, seed: 1, backend: .native)
        check.shrinks = false
        // Native as a backend of the test's own: its peers are every one of Fling's of its
        // arithmetic, native itself among them (so sameOnEveryBackend has one without Chipmunk).
        check.makeBackend = { (n) throws(FlingError) in try BackendKind.native.make(solverIterations: n) }
        check.backendName = "native (the test's own)"
        let report = try check.run()
        #expect(report.passed, "\(report)")
        let tally = try #require(report.properties.first)
        #expect(tally.property == fault.property.name && tally.sessionsChecked >= 4, "\(report)")
    }

    @Test func nothingVacuousPasses() throws {
        let none = try PropertyCheck(scene: .photoTiles, sessions: 0).run()
        #expect(!none.passed && !none.checkedSomething && none.description.contains("nothing was checked"), "\(none)")
        // The default backend (native-portable) has no peer of its arithmetic; the photo tiles'
        // scene is open: neither property is checked, so neither is counted as held.
        let open = try PropertyCheck(scene: .photoTiles, properties: [.sameOnEveryBackend, .staysInRoom], sessions: 3).run()
        #expect(!open.passed && open.properties.allSatisfy { $0.sessionsChecked == 0 }, "\(open)")
        #expect(open.properties.map(\.notCheckedBecause).allSatisfy { $0 != nil }, "\(open.properties)")
        #expect(open.tallies.contains("not checked at all: sameOnEveryBackend (no other backend of portable arithmetic"), "\(open)")
        // In the room, on native, both are checked (Chipmunk, or native-portable without it?
        // no: peers share the arithmetic, so without Chipmunk native has none).
        let room = try PropertyCheck(scene: .room, properties: [.sameOnEveryBackend, .staysInRoom], sessions: 3, backend: .native).run()
        #expect(room.passed && room.properties[1].sessionsChecked == 3, "\(room)")
        #expect((room.properties[0].sessionsChecked == 3) == BackendKind.available.contains(.chipmunk), "\(room)")
        // The command line exits 1 when nothing was checked.
        for args in [["--sessions", "0"], ["--seconds", "0"], ["--properties", "sameOnEveryBackend", "--sessions", "2"]] {
            let r = FlingCommand.run(["check"] + args)
            #expect(r.status == 1 && r.stderr.contains("nothing was checked"), "\(args): \(r.status) \(r.stdout) \(r.stderr)")
        }
    }
}
