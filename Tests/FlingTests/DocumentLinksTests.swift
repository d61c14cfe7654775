import Foundation
import Testing

// The documents' relative links resolve, and README.md's map reaches every page: a section that
// moves leaves no link to where it was, and no page of docs/ or the DocC catalog is left
// unlisted. Read from the Markdown text: every `[text](target)` outside code, its file relative
// to the linking document's folder, its `#anchor` a heading of the target as GitHub names it.

enum DocumentLinks {
    /// The Markdown documents of the repository whose links are checked, by path from the root.
    static func documents(in root: URL) throws -> [String] {
        let fm = FileManager.default
        var paths = ["README.md", "CHANGELOG.md", "Tests/FlingTests/Fixtures/README.md"]
        for folder in ["docs", "Benchmarks", "Sources/Fling/Fling.docc"] {
            let names = try fm.contentsOfDirectory(atPath: root.appendingPathComponent(folder).path)
            paths += names.filter { $0.hasSuffix(".md") }.sorted().map { "\(folder)/\($0)" }
        }
        return paths
    }

    /// The lines of a Markdown text outside fenced code blocks, with inline code spans removed.
    static func prose(_ text: String) -> [String] {
        var lines: [String] = [], fenced = false
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.trimmingCharacters(in: .whitespaces).hasPrefix("```") {
                fenced.toggle()
                continue
            }
            if !fenced { lines.append(String(line.replacing(/`[^`]*`/, with: ""))) }
        }
        return lines
    }

    /// The targets of the text's links that point inside the repository (not `scheme:` URLs).
    static func links(_ text: String) -> [String] {
        prose(text).flatMap { line in
            line.matches(of: /\]\(([^)\s]+)\)/).map { String($0.1) }.filter { $0.firstMatch(of: /^[a-z]+:/) == nil }
        }
    }

    /// A heading's anchor as GitHub makes it: lower case, punctuation dropped (letters, digits,
    /// spaces, `-` and `_` kept), spaces as `-`.
    static func anchor(_ heading: String) -> String {
        String(
            heading.lowercased().filter { $0.isLetter || $0.isNumber || $0 == " " || $0 == "-" || $0 == "_" }
                .map { $0 == " " ? "-" : $0 })
    }

    /// The anchors of a Markdown text's headings outside fenced code (a repeated one as `-1`,
    /// `-2`, …).
    static func anchors(_ text: String) -> Set<String> {
        var seen: [String: Int] = [:], anchors: Set<String> = [], fenced = false
        for line in text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            if line.trimmingCharacters(in: .whitespaces).hasPrefix("```") { fenced.toggle() }
            guard !fenced, let m = line.firstMatch(of: /^#{1,6} +(.+?) *$/) else { continue }
            let base = anchor(String(m.1))
            let n = seen[base, default: 0]
            anchors.insert(n == 0 ? base : "\(base)-\(n)")
            seen[base] = n + 1
        }
        return anchors
    }
}

struct DocumentLinksTests {
    let root = DocumentationExampleTests.root

    func text(_ path: String) throws -> String {
        try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
    }

    /// Every relative link of every document names a file or folder that exists, and its
    /// anchor, if any, a heading of that file.
    @Test func everyRelativeLinkResolves() throws {
        let fm = FileManager.default
        var checked = 0
        for document in try DocumentLinks.documents(in: root) {
            let folder = root.appendingPathComponent(document).deletingLastPathComponent()
            for link in DocumentLinks.links(try text(document)) {
                let parts = link.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
                let target = parts[0].isEmpty ? root.appendingPathComponent(document) : folder.appendingPathComponent(parts[0]).standardized
                #expect(fm.fileExists(atPath: target.path), "\(document) links to \(link), which does not exist")
                if parts.count == 2, target.pathExtension == "md", fm.fileExists(atPath: target.path) {
                    let anchors = DocumentLinks.anchors(try String(contentsOf: target, encoding: .utf8))
                    #expect(anchors.contains(parts[1]), "\(document) links to \(link): no heading has that anchor")
                }
                checked += 1
            }
        }
        // README's map alone has more than 25; the pages link each other and their pictures.
        #expect(checked >= 60, "checked \(checked) links")
    }

    /// README.md links every page of docs/, of the DocC catalog and of Benchmarks/, and the
    /// changelog: its map leaves none out.
    @Test func theReadmeMapsEveryPage() throws {
        let linked = Set(DocumentLinks.links(try text("README.md")).map { String($0.split(separator: "#")[0]) })
        let pages = try DocumentLinks.documents(in: root).filter { $0 != "README.md" && !$0.hasPrefix("Tests/") }
        #expect(pages.count >= 25, "found \(pages.count) pages")
        for page in pages { #expect(linked.contains(page), "README.md does not link \(page)") }
    }

    /// The readers, on samples they must read and ones they must not.
    @Test func theReadersReadWhatIsWritten() {
        let sample = "See [a](docs/A.md#b-c), ![p](x.png), [w](https://e.org) and `[no](code.md)`.\n```\n[no](fenced.md)\n```\n"
        #expect(DocumentLinks.links(sample) == ["docs/A.md#b-c", "x.png"])
        #expect(
            DocumentLinks.anchor("UIKit Dynamics: walls, pushes, item properties, fields")
                == "uikit-dynamics-walls-pushes-item-properties-fields")
        #expect(DocumentLinks.anchor("Seeing a replay: `fling view`") == "seeing-a-replay-fling-view")
        #expect(
            DocumentLinks.anchors("# T\n## Dynamics (version 3)\n## A\n## A\n```sh\n# no\n```\n") == [
                "t", "dynamics-version-3", "a", "a-1",
            ])
    }
}
