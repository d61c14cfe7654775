import Foundation
import Testing

/// No trap is reachable from a public call (issue 21): `FlingSelfTest surface` walks every
/// public function, initializer, subscript and computed property of every module with the
/// values a caller can pass, in a child process, so that a trap fails this test instead of
/// ending the test run. The harness is shown to notice a planted trap, memory exhaustion and a
/// hang; and every public declaration the compiler reports (the modules' symbol graphs) has a
/// case, so new API cannot escape the walk.
@Suite struct PublicSurfaceTests {
    static let build = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    static let selfTest = build.appendingPathComponent("FlingSelfTest")
    /// The package's root (for the C module maps the symbol graph of FlingChipmunk needs).
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    struct Ran {
        var status: Int32
        var reason: Process.TerminationReason
        var stdout: String
        var stderr: String
        /// The case running when the process ended (the last `case NAME` line).
        var lastCase: String? {
            stderr.split(separator: "\n").last { $0.hasPrefix("case ") }.map { String($0.dropFirst(5)) }
        }
    }

    static func run(_ executable: URL, _ arguments: [String]) throws -> Ran {
        let p = Process()
        p.executableURL = executable
        p.arguments = arguments
        let out = Pipe(), err = Pipe()
        p.standardOutput = out
        p.standardError = err
        try p.run()
        // Read both pipes while the child runs (a full pipe would block it).
        nonisolated(unsafe) var errData = Data()
        let reader = Thread { errData = err.fileHandleForReading.readDataToEndOfFile() }
        reader.start()
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        while !reader.isFinished { Thread.sleep(forTimeInterval: 0.01) }
        return Ran(
            status: p.terminationStatus, reason: p.terminationReason, stdout: String(decoding: outData, as: UTF8.self),
            stderr: String(decoding: errData, as: UTF8.self))
    }

    @Test func theWalkOfThePublicSurfaceEndsWithoutASignal() throws {
        try #require(
            FileManager.default.isExecutableFile(atPath: Self.selfTest.path), "the FlingSelfTest executable is built beside the tests")
        let r = try Self.run(Self.selfTest, ["surface"])
        #expect(
            r.reason == .exit && r.status == 0,
            "\(r.reason == .uncaughtSignal ? "signal" : "status") \(r.status) in case \(r.lastCase ?? "?"): \(r.stderr.suffix(2000))")
        #expect(r.stdout.contains("no signal"))
        // It called something: tens of thousands of calls, many refused with FlingError.
        let calls = r.stdout.split(separator: " ").firstIndex(of: "calls,").map { Int(r.stdout.split(separator: " ")[$0 - 1]) ?? 0 } ?? 0
        #expect(calls > 50_000, "\(r.stdout)")
    }

    /// The harness notices each way a case can fail: a trap (an integer overflow), an exhausted
    /// address space (the walk limits its own), a case that never returns (a CPU-time timer); and the
    /// output names the case.
    @Test(arguments: ["trap", "hog", "hang"])
    func aPlantedFailureIsCaught(kind: String) throws {
        let r = try Self.run(
            Self.selfTest, ["surface", "--case", "planted", "--plant", kind, "--memory-mib", "512", "--case-seconds", "2"])
        #expect(r.reason == .uncaughtSignal, "\(kind): \(r.reason) \(r.status)")
        #expect(r.lastCase == "planted.\(kind)")
        switch kind {
        case "trap": #expect(r.status == SIGILL || r.status == SIGTRAP)
        case "hang": #expect(r.status == SIGPROF)
        default: #expect(r.status == SIGABRT || r.status == SIGSEGV || r.status == SIGILL || r.status == SIGTRAP)
        }
    }

    /// Every public function, initializer, subscript, operator and computed property of every
    /// module, as `swift symbolgraph-extract` reports them, has a walk case, and every walk case
    /// names a declaration that exists (public, or `package`: the walk also calls what public
    /// API was demoted to `package`, since a trap there is reachable from the package's own code).
    @Test func everyPublicDeclarationHasAWalkCase() throws {
        let modules = [
            "FlingMath", "FlingCore", "FlingCurves", "FlingNative", "FlingChipmunk", "FlingInteraction", "FlingPaths", "FlingScenes",
            "FlingTraces",
            "FlingView", "Fling",
        ]
        let moduleDir = Self.build.appendingPathComponent("Modules")
        let info = try Self.run(URL(fileURLWithPath: "/usr/bin/env"), ["swift", "-print-target-info"])
        let target = try #require(
            (try JSONSerialization.jsonObject(with: Data(info.stdout.utf8)) as? [String: Any])?["target"] as? [String: Any])
        let triple = try #require(target["triple"] as? String)
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("fling-symbols-\(getpid())")
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: out) }
        var declared: Set<String> = [], known: Set<String> = []
        var extracted: [String] = []
        for module in modules {
            // A build without the Chipmunk trait has no FlingChipmunk module (and no walk cases for it).
            guard FileManager.default.fileExists(atPath: moduleDir.appendingPathComponent("\(module).swiftmodule").path) else {
                #expect(module == "FlingChipmunk", "\(module).swiftmodule is missing from \(moduleDir.path)")
                continue
            }
            let r = try Self.run(
                URL(fileURLWithPath: "/usr/bin/env"),
                [
                    "swift", "symbolgraph-extract", "-module-name", module, "-I", moduleDir.path, "-I",
                    Self.root.appendingPathComponent("Sources/CChipmunk").path, "-I",
                    Self.root.appendingPathComponent("Sources/CChipmunkSnapshot/include").path, "-target", triple, "-output-dir", out.path,
                    "-minimum-access-level", "internal", "-skip-synthesized-members",
                ])
            try #require(r.status == 0, "symbolgraph-extract \(module): \(r.stderr)")
            extracted.append(module)
        }
        for file in try FileManager.default.contentsOfDirectory(atPath: out.path) where file.hasSuffix(".symbols.json") {
            let graph = try #require(
                try JSONSerialization.jsonObject(with: Data(contentsOf: out.appendingPathComponent(file))) as? [String: Any])
            let module = try #require((graph["module"] as? [String: Any])?["name"] as? String)
            for symbol in graph["symbols"] as? [[String: Any]] ?? [] {
                let kind = (symbol["kind"] as? [String: Any])?["identifier"] as? String ?? ""
                let declaration = (symbol["declarationFragments"] as? [[String: Any]] ?? []).compactMap { $0["spelling"] as? String }
                    .joined()
                // Types and cases are not calls; a stored property is a read that cannot trap.
                let callable = [
                    "swift.func", "swift.method", "swift.type.method", "swift.init", "swift.subscript", "swift.type.subscript",
                    "swift.func.op",
                ]
                let computed = ["swift.property", "swift.type.property"].contains(kind) && declaration.contains("{ get")
                guard callable.contains(kind) || computed else { continue }
                let path = (symbol["pathComponents"] as? [String] ?? []).joined(separator: ".")
                known.insert("\(module).\(path)")
                if ["public", "open"].contains(symbol["accessLevel"] as? String) { declared.insert("\(module).\(path)") }
            }
        }
        #expect(extracted.count >= modules.count - 1)
        #expect(declared.count > 250, "the symbol graphs list \(declared.count) public declarations")
        let listed = Set(try Self.run(Self.selfTest, ["surface", "--list"]).stdout.split(separator: "\n").map(String.init))
        let unwalked = Set(
            try Self.run(Self.selfTest, ["surface", "--list-unwalked"]).stdout.split(separator: "\n").map(String.init))
        let missing = declared.subtracting(listed), stale = listed.subtracting(known).sorted()
        // Not walked yet: exactly the declarations SurfaceWalk+Unwalked.swift lists (a new one
        // needs a case or an entry; an entry that gains a case, or loses its declaration, goes).
        #expect(
            missing.subtracting(unwalked).isEmpty,
            "public declarations without a walk case (add one in Tests/FlingTestSupport/Surface): \(missing.subtracting(unwalked).sorted())"
        )
        #expect(unwalked.subtracting(missing).isEmpty, "listed as unwalked, but walked or gone: \(unwalked.subtracting(missing).sorted())")
        #expect(stale.isEmpty, "walk cases naming no declaration (public, package or internal): \(stale)")
        let walked = listed.intersection(declared).count
        #expect(Double(walked) >= 0.75 * Double(declared.count), "the walk covers \(walked) of \(declared.count)")
    }
}
