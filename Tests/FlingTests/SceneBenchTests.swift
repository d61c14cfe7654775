import Foundation
import Testing

/// scene-bench's digest is compared, not only printed: every timing's measured bubbles equal an
/// untimed reference run's (a fresh emitter advanced to the same time in one call), or the
/// benchmark fails. Run here in its quick form from the build folder.
@Suite struct SceneBenchTests {
    @Test func theMeasuredBubblesEqualAReferenceRun() throws {
        let binary = Bundle.module.bundleURL.deletingLastPathComponent().appendingPathComponent("scene-bench")
        try #require(FileManager.default.isExecutableFile(atPath: binary.path), "swift build builds scene-bench beside the tests")
        let process = Process()
        process.executableURL = binary
        process.arguments = ["--quick"]
        let out = Pipe()
        process.standardOutput = out
        try process.run()
        let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "\(text)")
        let rows = text.split(separator: "\n").filter { $0.hasPrefix("bubbles ") }
        #expect(rows.count == 2, "\(text)")
        for row in rows {
            #expect(row.contains(", equal to a reference run advanced to ") && row.contains(" live, "), "\(row)")
        }
    }
}
