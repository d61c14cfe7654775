import Foundation
import Testing

// README.md's "Project layout" is read against Package.swift and the folders on disk, so that it
// cannot go stale unnoticed: every target is a row with its folder, its products and the
// targets it uses, in an order where nothing uses a later row; every folder of Sources/,
// Benchmarks/ and Tests/ is a row; the products paragraph names exactly the products; and the
// rows of the two executables with subcommands name exactly the subcommands they dispatch.
// Package.swift is read as text (the tests cannot run SwiftPM): each target and product call
// it declares, with its name, path and dependency names.

/// A row of the layout table: `| path | target, products | uses | what |`.
struct LayoutRow: Equatable {
    var path: String
    var target: String?
    var products: Set<String>  // "library Fling", "executable fling"
    var uses: Set<String>
    var what: String
}

/// A target or product as Package.swift declares it.
struct ManifestTarget: Equatable {
    var name: String
    var kind: String  // target, executableTarget, testTarget, systemLibrary
    var folder: String
    var dependencies: Set<String>
}

struct ManifestProduct: Equatable {
    var kind: String  // library, executable
    var name: String
    var targets: [String]
}

enum ProjectLayout {
    /// The cells of a Markdown table line, split at pipes not escaped as `\|`.
    static func cells(_ line: Substring) -> [String] {
        var cells: [String] = [], cell = "", escaped = false
        for c in line.trimmingCharacters(in: .whitespaces).dropFirst() {
            if escaped {
                cell.append(c)
                escaped = false
            } else if c == "\\" {
                cell.append(c)
                escaped = true
            } else if c == "|" {
                cells.append(cell.trimmingCharacters(in: .whitespaces))
                cell = ""
            } else {
                cell.append(c)
            }
        }
        return cells
    }

    /// The section of `text` from its heading to the next heading of the same or a higher level.
    static func section(_ heading: String, of text: String) -> Substring? {
        guard let start = text.range(of: "\n\(heading)\n") else { return nil }
        let rest = text[start.upperBound...]
        let end = rest.range(of: "\n## ")?.lowerBound ?? rest.endIndex
        return rest[..<end]
    }

    /// The layout table's rows, in order.
    static func rows(_ section: Substring) -> [LayoutRow] {
        var rows: [LayoutRow] = []
        for line in section.split(separator: "\n") where line.hasPrefix("| `") {
            let c = cells(line)
            guard c.count == 4 else { continue }
            let names = c[1].matches(of: /`([^`]+)`/).map { String($0.1) }
            let products = c[1].matches(of: /(library|executable) `([^`]+)`/).map { "\($0.1) \($0.2)" }
            let uses = c[2].split(separator: ",").compactMap { $0.split(separator: " ").first.map(String.init) }
            rows.append(
                LayoutRow(
                    path: c[0].trimmingCharacters(in: CharacterSet(charactersIn: "`")), target: names.first, products: Set(products),
                    uses: Set(uses), what: c[3]))
        }
        return rows
    }

    /// The index just past the parenthesis that closes the call whose `(` is at `open`, string
    /// literals skipped.
    static func callEnd(_ text: [Character], from open: Int) -> Int {
        var depth = 0, i = open, inString = false
        while i < text.count {
            let c = text[i]
            if inString {
                if c == "\\" { i += 1 } else if c == "\"" { inString = false }
            } else if c == "\"" {
                inString = true
            } else if c == "(" {
                depth += 1
            } else if c == ")" {
                depth -= 1
                if depth == 0 { return i + 1 }
            }
            i += 1
        }
        return text.count
    }

    /// Every target Package.swift declares (a `.target(…)` inside another call's dependencies is
    /// a dependency, not a declaration).
    static func targets(_ manifest: String) -> [ManifestTarget] {
        let chars = Array(manifest)
        var targets: [ManifestTarget] = [], consumed = 0
        for match in manifest.matches(of: /\.(target|executableTarget|testTarget|systemLibrary)\(/) {
            let start = manifest.distance(from: manifest.startIndex, to: match.range.lowerBound)
            guard start >= consumed else { continue }
            let open = manifest.distance(from: manifest.startIndex, to: match.range.upperBound) - 1
            consumed = callEnd(chars, from: open)
            let call = String(chars[start..<consumed])
            guard let name = call.firstMatch(of: /name: "([^"]+)"/).map({ String($0.1) }) else { continue }
            let kind = String(match.1)
            let path = call.firstMatch(of: /path: "([^"]+)"/).map { String($0.1) }
            var dependencies: Set<String> = []
            if let list = call.range(of: "dependencies: [") {
                var depth = 1, i = list.upperBound
                while i < call.endIndex, depth > 0 {
                    if call[i] == "[" { depth += 1 } else if call[i] == "]" { depth -= 1 }
                    i = call.index(after: i)
                }
                dependencies = Set(call[list.upperBound..<i].matches(of: /"([^"]+)"/).map { String($0.1) })
            }
            targets.append(
                ManifestTarget(
                    name: name, kind: kind, folder: path ?? (kind == "testTarget" ? "Tests/" : "Sources/") + name,
                    dependencies: dependencies))
        }
        return targets
    }

    static func products(_ manifest: String) -> [ManifestProduct] {
        manifest.matches(of: /\.(library|executable)\(name: "([^"]+)", targets: \[([^\]]*)\]/).map {
            ManifestProduct(kind: String($0.1), name: String($0.2), targets: $0.3.matches(of: /"([^"]+)"/).map { String($0.1) })
        }
    }

    /// The words of `case "…"` labels in a dispatch source: its subcommands (`-h` and `--help`
    /// aside).
    static func subcommands(_ source: String) -> Set<String> {
        var words: Set<String> = []
        for line in source.split(separator: "\n") where line.trimmingCharacters(in: .whitespaces).hasPrefix("case \"") {
            let labels = line.prefix { $0 != ":" }
            for m in labels.matches(of: /"([a-z][a-z-]*)"/) { words.insert(String(m.1)) }
        }
        return words
    }
}

struct ProjectLayoutTests {
    let root = DocumentationExampleTests.root
    let readme: String, manifest: String, rows: [LayoutRow]

    init() throws {
        readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
        manifest = try String(contentsOf: root.appendingPathComponent("Package.swift"), encoding: .utf8)
        rows = ProjectLayout.rows(try #require(ProjectLayout.section("## Project layout", of: readme), "README.md has no Project layout"))
    }

    /// Every target is a row at its folder, naming it, its products and exactly what it uses;
    /// every row names a target (or, for a folder that is none, nothing), and its uses are rows
    /// before it.
    @Test func everyTargetIsARowAtItsFolder() throws {
        let targets = ProjectLayout.targets(manifest), products = ProjectLayout.products(manifest)
        // Package.swift today: 12 library and implementation targets, 6 executables, 3 test targets.
        #expect(targets.count >= 20 && products.count >= 9, "read \(targets.count) targets, \(products.count) products")
        for target in targets {
            guard let row = rows.first(where: { $0.path == target.folder }) else {
                Issue.record("README's layout has no row for \(target.folder) (target \(target.name))")
                continue
            }
            #expect(row.target == target.name, "row \(row.path) names target \(row.target ?? "none"), Package.swift \(target.name)")
            #expect(
                row.uses == target.dependencies, "row \(row.path) uses \(row.uses.sorted()), Package.swift \(target.dependencies.sorted())")
            let own = Set(products.filter { $0.targets.contains(target.name) }.map { "\($0.kind) \($0.name)" })
            #expect(row.products == own, "row \(row.path) lists products \(row.products.sorted()), Package.swift \(own.sorted())")
        }
        let names = Set(targets.map(\.name))
        var before: Set<String> = []
        for row in rows {
            if let name = row.target {
                #expect(names.contains(name), "row \(row.path) names \(name), which Package.swift does not declare")
            }
            #expect(row.uses.isSubset(of: before), "row \(row.path) uses \(row.uses.subtracting(before).sorted()), not in an earlier row")
            if let name = row.target { before.insert(name) }
        }
    }

    /// Every folder directly under Sources/, Benchmarks/ and Tests/ is a row, and every row's
    /// folder exists.
    @Test func everyFolderIsARow() throws {
        let fm = FileManager.default
        var folders: [String] = []
        for parent in ["Sources", "Benchmarks", "Tests"] {
            for name in try fm.contentsOfDirectory(atPath: root.appendingPathComponent(parent).path) {
                var isFolder: ObjCBool = false
                if fm.fileExists(atPath: root.appendingPathComponent("\(parent)/\(name)").path, isDirectory: &isFolder), isFolder.boolValue
                {
                    folders.append("\(parent)/\(name)")
                }
            }
        }
        #expect(folders.count >= 20, "found \(folders.count) folders")
        for folder in folders { #expect(rows.contains { $0.path == folder }, "README's layout has no row for \(folder)") }
        for row in rows {
            var isFolder: ObjCBool = false
            let exists = fm.fileExists(atPath: root.appendingPathComponent(row.path).path, isDirectory: &isFolder)
            #expect(exists && isFolder.boolValue, "README's layout lists \(row.path), which is no folder")
        }
        #expect(Set(rows.map(\.path)).count == rows.count, "a folder is listed twice")
    }

    /// The products paragraph names exactly the products.
    @Test func theProductsParagraphNamesEachProduct() throws {
        let section = try #require(ProjectLayout.section("## Project layout", of: readme))
        let paragraph = try #require(section.components(separatedBy: "\n\n").first { $0.hasPrefix("Products:") })
        let named = paragraph.prefix { $0 != "." }.matches(of: /`([^`]+)`/).map { String($0.1) }
        #expect(named.sorted() == ProjectLayout.products(manifest).map(\.name).sorted(), "the paragraph names \(named)")
    }

    /// The rows of `fling` and `FlingSelfTest` name exactly the subcommands their dispatch has.
    @Test func theExecutablesRowsNameTheirSubcommands() throws {
        for (folder, dispatch) in [
            ("Sources/FlingCLIKit", "Sources/FlingCLIKit/Commands.swift"), ("Tests/FlingSelfTest", "Tests/FlingTestSupport/SelfTest.swift"),
        ] {
            let commands = ProjectLayout.subcommands(try String(contentsOf: root.appendingPathComponent(dispatch), encoding: .utf8))
            #expect(commands.count >= 4, "\(dispatch): \(commands.sorted())")
            let row = try #require(rows.first { $0.path == folder })
            let listed =
                folder.hasSuffix("CLIKit")
                ? Set(row.what.matches(of: /`([a-z-]+)`/).map { String($0.1) }).subtracting(["fling"])
                : Set(try #require(row.what.firstMatch(of: /FlingSelfTest ([a-z\\|]+)`/)).1.split(separator: "\\|").map(String.init))
            #expect(listed == commands, "\(folder)'s row lists \(listed.sorted()), \(dispatch) dispatches \(commands.sorted())")
        }
    }

    /// The readers, on samples they must read and ones they must not.
    @Test func theReadersReadWhatIsWritten() {
        #expect(
            ProjectLayout.cells("| `a` | `A`, executable `a` | B, C (with a trait) | x `y\\|z` |") == [
                "`a`", "`A`, executable `a`", "B, C (with a trait)", "x `y\\|z`",
            ])
        let manifest = """
            let t: [Target] = [
                .target(name: "A", dependencies: ["B", .target(name: "C", condition: x)], resources: [.copy("D")]),
                .executableTarget(name: "E", path: "Benchmarks/E"),
                .testTarget(name: "F", dependencies: ["A"]),
            ]
            let p: [Product] = [.executable(name: "e", targets: ["E"])]
            """
        #expect(
            ProjectLayout.targets(manifest) == [
                ManifestTarget(name: "A", kind: "target", folder: "Sources/A", dependencies: ["B", "C"]),
                ManifestTarget(name: "E", kind: "executableTarget", folder: "Benchmarks/E", dependencies: []),
                ManifestTarget(name: "F", kind: "testTarget", folder: "Tests/F", dependencies: ["A"]),
            ])
        #expect(ProjectLayout.products(manifest) == [ManifestProduct(kind: "executable", name: "e", targets: ["E"])])
        #expect(ProjectLayout.subcommands("case \"-h\", \"help\": x\n case \"run\": y\n let z = \"no\"") == ["help", "run"])
    }
}
