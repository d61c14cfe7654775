import Foundation

// The compiler's symbol graphs of what a user can import: the modules of the library products
// (Package.swift) and every module they re-export (`@_exported import`), as `swift
// symbolgraph-extract` reads them from this build, down to `internal` (a debug build is a testable
// one), so that a check can tell a public declaration from one that only the package sees. Read
// once per test process; `ConstructibleSurfaceTests` and `DocumentationProseTests` ask them.

/// The declarations and relationships of a set of modules' symbol graphs.
struct SymbolGraphs: Sendable {
    struct Fragment: Codable, Sendable {
        var kind: String
        var spelling: String
        var preciseIdentifier: String?
    }

    struct Symbol: Codable, Sendable {
        struct Kind: Codable, Sendable { var identifier: String }
        struct Identifier: Codable, Sendable { var precise: String }
        struct Signature: Codable, Sendable {
            struct Parameter: Codable, Sendable {
                var name: String
                var internalName: String?
                var declarationFragments: [Fragment]?
            }
            var parameters: [Parameter]?
            var returns: [Fragment]?
        }
        var kind: Kind
        var identifier: Identifier
        var pathComponents: [String]
        var accessLevel: String
        var declarationFragments: [Fragment]
        var functionSignature: Signature?
    }

    struct Relationship: Codable, Sendable {
        var kind: String
        var source: String
        var target: String
        var targetFallback: String?
    }

    struct Graph: Codable, Sendable {
        var symbols: [Symbol]
        var relationships: [Relationship]
    }

    /// Every symbol by its precise identifier (USR), with the module whose graph holds it.
    private(set) var symbols: [String: Symbol] = [:]
    private(set) var module: [String: String] = [:]
    /// Members of a type (`memberOf`, and a protocol's requirements) by the type's identifier.
    private(set) var members: [String: [String]] = [:]
    /// What a member belongs to.
    private(set) var parent: [String: String] = [:]
    /// A protocol's requirements (not the members of its extensions).
    private(set) var requirements: Set<String> = []
    /// Conformances and superclasses: the identifiers, or the names of types outside the graphs.
    private(set) var conformances: [String: [(id: String, name: String)]] = [:]
    /// The modules read.
    private(set) var modules: [String] = []

    init(_ graphs: [(module: String, graph: Graph)]) {
        for (name, graph) in graphs {
            if !modules.contains(name) { modules.append(name) }
            for s in graph.symbols where symbols[s.identifier.precise] == nil {
                symbols[s.identifier.precise] = s
                module[s.identifier.precise] = name
            }
            for r in graph.relationships {
                switch r.kind {
                case "memberOf", "requirementOf", "optionalRequirementOf":
                    if r.kind != "memberOf" { requirements.insert(r.source) }
                    if parent[r.source] == nil {
                        parent[r.source] = r.target
                        members[r.target, default: []].append(r.source)
                    }
                case "conformsTo", "inheritsFrom":
                    conformances[r.source, default: []].append((r.target, r.targetFallback ?? r.target))
                default: break
                }
            }
        }
    }

    /// A symbol's name as a reader writes it: `Trace.Session.init(viewport:tiles:)`.
    func name(_ id: String) -> String { symbols[id].map { $0.pathComponents.joined(separator: ".") } ?? id }

    /// Whether an outsider sees the symbol: it is public (or open), and so is what it belongs to.
    /// A member of a type outside the graphs (an extension of `Double`, say) is as public as it says.
    func isPublic(_ id: String) -> Bool {
        guard let s = symbols[id] else { return true }
        guard s.accessLevel == "public" || s.accessLevel == "open" else { return false }
        return parent[id].map(isPublic) ?? true
    }

    /// The module a Swift USR names (`s:9FlingCore6VectorV` → `FlingCore`), for a type that no
    /// graph read holds.
    static func moduleOf(usr: String) -> String? {
        guard usr.hasPrefix("s:") else { return nil }
        let rest = usr.dropFirst(2)
        let digits = rest.prefix { $0.isNumber }
        guard let n = Int(digits), n > 0 else { return nil }
        return String(rest.dropFirst(digits.count).prefix(n))
    }

    // MARK: Reading this build's graphs

    /// The package's root (Tests/FlingTests/<file>).
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    /// The build's products folder, where the test runner runs from.
    static let build = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()

    /// This build's graphs, read once.
    static let current: Result<SymbolGraphs, any Error> = Result { try extract() }

    /// The modules a user imports: the targets of every library product, and whatever each
    /// re-exports, from the sources.
    static func surfaceModules() throws -> [String] {
        let manifest = try String(contentsOf: root.appendingPathComponent("Package.swift"), encoding: .utf8)
        var queue: [String] = []
        for product in manifest.matches(of: /\.library\(\s*name:\s*"[^"]+",\s*targets:\s*\[([^\]]*)\]/) {
            queue += product.1.matches(of: /"([A-Za-z0-9_]+)"/).map { String($0.1) }
        }
        var found: [String] = []
        let fm = FileManager.default
        while let module = queue.first {
            queue.removeFirst()
            guard !found.contains(module) else { continue }
            found.append(module)
            let folder = root.appendingPathComponent("Sources/\(module)")
            for file in (fm.enumerator(atPath: folder.path)?.compactMap { $0 as? String } ?? []).sorted() where file.hasSuffix(".swift") {
                let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
                queue += text.matches(of: /@_exported\s+(?:public\s+)?import\s+([A-Za-z0-9_]+)/).map { String($0.1) }
            }
        }
        return found
    }

    /// Runs `swift symbolgraph-extract` over each surface module this build has (a build without
    /// the Chipmunk trait has no FlingChipmunk) and reads what it writes.
    static func extract() throws -> SymbolGraphs {
        let moduleDir = build.appendingPathComponent("Modules")
        let fm = FileManager.default
        let out = fm.temporaryDirectory.appendingPathComponent("fling-surface-graphs-\(getpid())")
        try fm.createDirectory(at: out, withIntermediateDirectories: true)
        defer { try? fm.removeItem(at: out) }
        let info = try run(["swift", "-print-target-info"])
        let target = (try JSONSerialization.jsonObject(with: Data(info.utf8)) as? [String: Any])?["target"] as? [String: Any]
        guard let triple = target?["triple"] as? String else { throw Failure("no target triple in `swift -print-target-info`") }
        // The C modules' maps, for the modules that import them.
        var includes: [String] = []
        let sources = root.appendingPathComponent("Sources")
        for folder in try fm.contentsOfDirectory(atPath: sources.path).sorted() {
            let dir = sources.appendingPathComponent(folder)
            if fm.fileExists(atPath: dir.appendingPathComponent("module.modulemap").path) { includes += ["-I", dir.path] }
            if fm.fileExists(atPath: dir.appendingPathComponent("include").path) {
                includes += ["-I", dir.appendingPathComponent("include").path]
            }
        }
        var read: [String] = []
        for module in try surfaceModules() where fm.fileExists(atPath: moduleDir.appendingPathComponent("\(module).swiftmodule").path) {
            _ = try run(
                [
                    "swift", "symbolgraph-extract", "-module-name", module, "-I", moduleDir.path, "-target", triple, "-output-dir",
                    out.path,
                    "-minimum-access-level", "internal", "-skip-synthesized-members",
                ] + includes)
            read.append(module)
        }
        var graphs: [(String, Graph)] = []
        let decoder = JSONDecoder()
        for file in try fm.contentsOfDirectory(atPath: out.path).sorted() where file.hasSuffix(".symbols.json") {
            // `A@B.symbols.json`: module A's extensions of B's types.
            let module = String(file.prefix { $0 != "." && $0 != "@" })
            graphs.append((module, try decoder.decode(Graph.self, from: Data(contentsOf: out.appendingPathComponent(file)))))
        }
        guard read.contains("Fling"), graphs.count >= read.count else {
            throw Failure("symbol graphs of \(read) only (\(graphs.count) files) in \(moduleDir.path)")
        }
        return SymbolGraphs(graphs)
    }

    struct Failure: Error, CustomStringConvertible {
        var description: String
        init(_ description: String) { self.description = description }
    }

    /// Runs a command (through `env`, as PublicSurfaceTests runs its child) and returns its
    /// output; throws with its errors when it fails.
    static func run(_ arguments: [String]) throws -> String {
        let r = try PublicSurfaceTests.run(URL(fileURLWithPath: "/usr/bin/env"), arguments)
        guard r.reason == .exit, r.status == 0 else {
            throw Failure("\(arguments.prefix(2).joined(separator: " ")): status \(r.status): \(r.stderr)")
        }
        return r.stdout
    }
}
