import Fling
import Foundation
import Testing
@testable import FlingTraces

/// Every fixture file, and how it is made: regenerating a fixture gives exactly its bytes.
///
/// `FLING_WRITE_FIXTURES=1 swift test --filter FixtureRegeneration` writes every file from
/// here (after a change that moves a pin on purpose); a normal run checks that what would be
/// written is, byte for byte, what is stored. Each fixture keeps the arithmetic its pins are
/// made with (portable, the same bits on every machine), read from the stored document.
enum FixtureFiles {
    /// The source folder of the fixtures (not the test bundle's copy): what regeneration writes.
    static var directory: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")
    }

    static func stored(_ path: String) throws -> String {
        try String(contentsOf: directory.appendingPathComponent(path), encoding: .utf8)
    }

    /// A backend of `arithmetic`: native, of that arithmetic.
    static func backend(_ arithmetic: Arithmetic) -> (Int) throws(FlingError) -> any PhysicsBackend {
        { n throws(FlingError) in try NativeBackend(solverIterations: n, arithmetic: arithmetic) }
    }

    /// The stored document of any kind, read and pinned again (no backend: seeded and path
    /// scenes run none), as its kind writes it.
    static func repinned(_ path: String) throws -> String {
        let document = try Documents.read(Array(try stored(path).utf8))
        return try document.pinned(ReplayOptions(keepsSteps: false)).json
    }

    /// One per fixture kind: trace documents (from their generators), snap scenes (recorded
    /// from their scripted live runs), seeded scenes and path scenes (the stored document
    /// re-pinned: their inputs are written by hand).
    enum Kind: String, CaseIterable { case trace, snapScene, seededScene, pathScene }

    /// Every fixture file (path under Fixtures/) with its kind and the text regeneration
    /// writes for it.
    static var all: [(path: String, kind: Kind, make: () throws -> String)] {
        var files: [(String, Kind, () throws -> String)] = []
        var traces = SyntheticTraces.all
        traces.append(("flutter-strokes.json", try! SyntheticTraces.flutterStrokes()))
        for (file, trace) in traces {
            files.append(
                (
                    "traces/\(file)", .trace,
                    {
                        let arithmetic = try Trace(json: try stored("traces/\(file)")).arithmetic
                        return try trace.pinned(ReplayOptions(makeBackend: backend(arithmetic), keepsSteps: false, checkpointInterval: 30))
                            .json
                    }
                ))
        }
        for pin in SnapFixtures.pins {
            files.append(
                (
                    "scenes/\(pin.file)", .snapScene,
                    {
                        let options = ReplayOptions(makeBackend: backend(.portable), keepsSteps: false)
                        return pin.file == "switch-tap-pull-flick.json"
                            ? try SnapFixtures.recordSwitch(on: .nativePortable).0.pinned(options).json
                            : try SnapFixtures.recordHeads(pin.file, on: .nativePortable).0.pinned(options).json
                    }
                ))
        }
        for pin in pinnedSceneDigests {
            files.append(("scenes/\(pin.file)", .seededScene, { try repinned("scenes/\(pin.file)") }))
        }
        for file in ["paths/jumping-pin.json", "paths/dots.json", "paths/pin-and-dots.json"] {
            files.append((file, .pathScene, { try repinned(file) }))
        }
        return files.map { (path: $0.0, kind: $0.1, make: $0.2) }
    }
}

@Suite(.serialized) struct FixtureRegenerationTests {
    /// Every JSON fixture in the folders is one this file knows how to make.
    @Test func everyFixtureHasAGenerator() throws {
        let fm = FileManager.default
        var onDisk: [String] = []
        for folder in ["traces", "scenes", "paths"] {
            for name in try fm.contentsOfDirectory(atPath: FixtureFiles.directory.appendingPathComponent(folder).path)
            where name.hasSuffix(".json") {
                onDisk.append("\(folder)/\(name)")
            }
        }
        #expect(onDisk.sorted() == FixtureFiles.all.map(\.path).sorted())
        #expect(Set(FixtureFiles.all.map(\.kind)) == Set(FixtureFiles.Kind.allCases))
    }

    /// Regenerating gives every fixture's bytes exactly: its arithmetic, its pins, its text.
    /// With FLING_WRITE_FIXTURES=1 the files are written first (so a deliberate change is
    /// written by the same code this compares).
    @Test func everyFixtureRegeneratesByteForByte() throws {
        let write = ProcessInfo.processInfo.environment["FLING_WRITE_FIXTURES"] == "1"
        var compared = 0
        for (path, kind, make) in FixtureFiles.all {
            let made = try make()
            if write {
                try made.write(to: FixtureFiles.directory.appendingPathComponent(path), atomically: true, encoding: .utf8)
            }
            let stored = try FixtureFiles.stored(path)
            #expect(Array(made.utf8) == Array(stored.utf8), "\(path) (\(kind)) does not regenerate byte for byte")
            compared += 1
        }
        #expect(compared == FixtureFiles.all.count && compared >= 19)
    }
}
