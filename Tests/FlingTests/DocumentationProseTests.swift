import Foundation
import Testing

// What the prose of the documents names is public (issue 47, item 1): an inline code span that
// names a member of one of the package's public types (`DragJoint.validate()`,
// `BodyState.transform`, `ReplayOptions/reference`) names a member an outsider can call. The
// fenced examples are compiled from outside by `.ci/client-check`; DocC links (``Type/member``)
// are resolved by `.ci/docs-check`; this reads the rest: README.md, docs/*.md and every DocC
// catalog's pages, against the compiler's symbol graphs (`SymbolGraphs`).

extension SymbolGraphs {
    /// Types by their path (`["BubbleEmitter", "Configuration"]`).
    func typesByPath() -> [[String]: [String]] {
        let kinds: Set<String> = ["swift.struct", "swift.class", "swift.enum", "swift.protocol", "swift.typealias"]
        var types: [[String]: [String]] = [:]
        for (id, s) in symbols where kinds.contains(s.kind.identifier) { types[s.pathComponents, default: []].append(id) }
        return types
    }

    /// The members of a type, with those of a type alias's type, of the protocols it conforms
    /// to (their extensions' members) and of its superclass.
    func allMembers(of type: String, seen: inout Set<String>) -> [String] {
        guard seen.insert(type).inserted, let s = symbols[type] else { return [] }
        var found = members[type, default: []]
        if s.kind.identifier == "swift.typealias" {
            for t in types(in: s.declarationFragments) where symbols[t] != nil { found += allMembers(of: t, seen: &seen) }
        }
        for c in conformances[type, default: []] where symbols[c.id] != nil { found += allMembers(of: c.id, seen: &seen) }
        return found
    }

    /// What is wrong with a code span naming `Type.member` (or `Type/member`, with or without
    /// its argument labels), or nil when it names a public member, or no public type of the package.
    func problem(withSpan span: String, types: [[String]: [String]]) -> String? {
        var path = span, labels: String?
        if let open = span.firstIndex(of: "(") {
            path = String(span[..<open])
            let arguments = String(span[open...])
            // Labels as DocC writes them (`(of:)`, `()`, `(_:into:)`); arguments (`(BounceCurve(...))`) say nothing.
            if arguments.wholeMatch(of: /\((?:[A-Za-z_][A-Za-z0-9_]*:)*\)/) != nil { labels = arguments }
        }
        let components = path.split(whereSeparator: { $0 == "." || $0 == "/" }).map(String.init)
        guard components.count >= 2,
            let n = (1..<components.count).reversed().first(where: { types[Array(components[..<$0])] != nil })
        else { return nil }
        let owners = types[Array(components[..<n]), default: []].filter(isPublic)
        guard !owners.isEmpty else { return nil }
        let member = components[n]
        var candidates: [String] = []
        for owner in owners {
            var seen: Set<String> = []
            for m in allMembers(of: owner, seen: &seen) {
                guard let title = symbols[m]?.pathComponents.last else { continue }
                let base = String(title.prefix { $0 != "(" })
                guard base == member else { continue }
                if let labels, title.contains("("), title.dropFirst(base.count) != labels { continue }
                candidates.append(m)
            }
        }
        if candidates.contains(where: isPublic) { return nil }
        if candidates.isEmpty { return "\(components[..<n].joined(separator: ".")) has no member \(member)\(labels ?? "")" }
        let levels = Set(candidates.compactMap { symbols[$0]?.accessLevel }).sorted().joined(separator: " or ")
        return "\(components[..<n].joined(separator: ".")).\(member)\(labels ?? "") is \(levels), not public"
    }

    /// The inline code spans of a Markdown text (single backticks, outside fenced blocks), with their lines.
    static func codeSpans(_ text: String) -> [(line: Int, span: String)] {
        var spans: [(Int, String)] = [], fenced = false
        for (k, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if line.trimmingCharacters(in: .whitespaces).hasPrefix("```") {
                fenced.toggle()
                continue
            }
            guard !fenced else { continue }
            // Runs of backticks: a span opens with a run and closes with the next run as long (one, here).
            var i = line.startIndex
            while i < line.endIndex {
                guard line[i] == "`" else {
                    i = line.index(after: i)
                    continue
                }
                let open = line[i...].prefix { $0 == "`" }
                var j = open.endIndex, close: Substring?
                while j < line.endIndex {
                    guard line[j] == "`" else {
                        j = line.index(after: j)
                        continue
                    }
                    let run = line[j...].prefix { $0 == "`" }
                    if run.count == open.count {
                        close = run
                        break
                    }
                    j = run.endIndex
                }
                guard let close else { break }
                let span = line[open.endIndex..<close.startIndex]
                if open.count == 1, span.wholeMatch(of: /[A-Z][A-Za-z0-9_]*(?:[.\/][A-Za-z_][A-Za-z0-9_]*)+(?:\([^`]*\))?/) != nil {
                    spans.append((k + 1, String(span)))
                }
                i = close.endIndex
            }
        }
        return spans
    }
}

@Suite struct DocumentationProseTests {
    /// README.md, docs/*.md and the pages of every DocC catalog, by path from the package's root.
    static func documents() throws -> [(path: String, text: String)] {
        let root = SymbolGraphs.root, fm = FileManager.default
        var paths = ["README.md"]
        paths += try fm.contentsOfDirectory(atPath: root.appendingPathComponent("docs").path).filter { $0.hasSuffix(".md") }.sorted()
            .map { "docs/\($0)" }
        for file in (fm.enumerator(atPath: root.appendingPathComponent("Sources").path)?.compactMap { $0 as? String } ?? []).sorted()
        where file.hasSuffix(".md") && file.contains(".docc/") {
            paths.append("Sources/\(file)")
        }
        return try paths.map { ($0, try String(contentsOf: root.appendingPathComponent($0), encoding: .utf8)) }
    }

    @Test func proseNamesOnlyPublicMembers() throws {
        let graphs = try SymbolGraphs.current.get()
        let types = graphs.typesByPath()
        var checked = 0, problems: [String] = []
        for document in try Self.documents() {
            for (line, span) in SymbolGraphs.codeSpans(document.text) {
                let components = span.prefix { $0 != "(" }.split(whereSeparator: { $0 == "." || $0 == "/" })
                if (1..<components.count).contains(where: { types[components[..<$0].map(String.init)] != nil }) { checked += 1 }
                if let problem = graphs.problem(withSpan: span, types: types) {
                    problems.append("\(document.path):\(line): `\(span)`: \(problem)")
                }
            }
        }
        // The documents name a hundred and more members of the package's types in prose.
        #expect(checked > 100, "only \(checked) spans named a type of the package")
        #expect(problems.isEmpty, "the prose names what an outsider cannot call:\n\(problems.joined(separator: "\n"))")
    }

    /// The check itself: a package member, a missing one and a public one, on this build's graphs.
    /// A catalog's page is for users: an inline code span there that begins with a type of the
    /// package (`SceneDocument(recording:sampling:)`, `PathSVG`) names a public one, or a reader
    /// is sent to a name they cannot use. (README.md and docs/ also describe the internals to
    /// whoever maintains them; the members they name are checked above.)
    static func typeProblems(_ text: String, path: String, graphs: SymbolGraphs, types: [[String]: [String]]) -> [String] {
        var problems: [String] = [], fenced = false
        for (k, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if line.trimmingCharacters(in: .whitespaces).hasPrefix("```") {
                fenced.toggle()
                continue
            }
            guard !fenced else { continue }
            // DocC's own links (``Type/member``) are resolved by .ci/docs-check.
            for match in line.replacing(/``[^`]*``/, with: "").matches(of: /`([A-Z][A-Za-z0-9_]*)[^`]*`/) {
                let name = String(match.1)
                guard let ids = types[[name]], !ids.contains(where: graphs.isPublic) else { continue }
                problems.append("\(path):\(k + 1): `\(match.0.dropFirst().dropLast())`: \(name) is not public")
            }
        }
        return problems
    }

    @Test func catalogsNameOnlyPublicTypes() throws {
        let graphs = try SymbolGraphs.current.get()
        let types = graphs.typesByPath()
        var problems: [String] = [], pages = 0
        for document in try Self.documents() where document.path.contains(".docc/") {
            pages += 1
            problems += Self.typeProblems(document.text, path: document.path, graphs: graphs, types: types)
        }
        #expect(pages >= 8, "only \(pages) catalog pages read")
        #expect(problems.isEmpty, "a catalog names a type an outsider cannot use:\n\(problems.joined(separator: "\n"))")
        // The check itself: an internal type is noticed, a public one and a fenced block are not.
        let planted = Self.typeProblems(
            "`SceneDocument(recording:sampling:)` and `Trace.json`\n```\n`PathSVG`\n```", path: "p", graphs: graphs, types: types)
        #expect(planted == ["p:1: `SceneDocument(recording:sampling:)`: SceneDocument is not public"], "\(planted)")
    }

    @Test func aPackageMemberInProseIsNoticed() throws {
        let graphs = try SymbolGraphs.current.get()
        let types = graphs.typesByPath()
        // `FixedStepClock.displayTime` is the package's; `Trace.json` and `Trace.init(json:)` are public.
        #expect(graphs.problem(withSpan: "FixedStepClock.displayTime", types: types)?.hasSuffix("is package, not public") == true)
        #expect(graphs.problem(withSpan: "Trace.noSuchMember()", types: types) == "Trace has no member noSuchMember()")
        #expect(graphs.problem(withSpan: "Trace.json", types: types) == nil)
        #expect(graphs.problem(withSpan: "Trace/init(json:)", types: types) == nil)
        #expect(graphs.problem(withSpan: "Sources/FlingCore", types: types) == nil)
        let spans = SymbolGraphs.codeSpans("a `Trace.json` and ``Trace/json``\n```swift\n`Trace.sessions`\n```\n`BodyState.position`").map(
            \.span)
        #expect(spans == ["Trace.json", "BodyState.position"])
    }
}
