import Fling
import FlingTesting
import Testing

/// The conformance suite over Fling's own backends: each passes every clause.
@Suite struct BackendConformanceTests {
    @Test(arguments: BackendKind.available)
    func builtInBackendsConform(kind: BackendKind) throws {
        let report = BackendConformance.run { try kind.make() }
        #expect(report.passed, "\(report)")
    }
}
