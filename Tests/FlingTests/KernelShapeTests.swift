import Foundation
import Testing

/// The kernel's shape, as issue 45 and docs/DRAG-KERNEL.md state it, read from the sources: a
/// policy's rules are small protocols with sixteen requirements in all; the policies' files name
/// neither the animator's kernel class nor the kernel's stores; the kernel turns off no
/// exclusivity check and swaps nothing out of itself.
@Suite struct KernelShapeTests {
    static let sources = PublicSurfaceTests.root.appendingPathComponent("Sources/FlingInteraction")

    static func text(_ path: String) throws -> String {
        try String(contentsOf: sources.appendingPathComponent(path), encoding: .utf8)
    }

    static func files(_ folder: String) throws -> [(name: String, text: String)] {
        try FileManager.default.contentsOfDirectory(atPath: sources.appendingPathComponent(folder).path)
            .filter { $0.hasSuffix(".swift") }.sorted()
            .map { ("\(folder)/\($0)", try text("\(folder)/\($0)")) }
    }

    /// The requirements declared in the bodies of the protocols of `source` (one declaration a
    /// line: associated types, functions, properties), by protocol.
    static func requirements(_ source: String) -> [String: [String]] {
        var result: [String: [String]] = [:]
        var current: String?
        for line in source.split(separator: "\n", omittingEmptySubsequences: false) {
            if current == nil, line.hasPrefix("protocol ") {
                current = String(line.dropFirst(9).prefix { $0.isLetter || $0.isNumber })
                result[current!] = []
                continue
            }
            guard let name = current else { continue }
            if line.hasPrefix("}") {
                current = nil
                continue
            }
            let code = line.drop { $0 == " " }
            for keyword in ["associatedtype ", "func ", "mutating func ", "static func ", "var ", "static var "]
            where code.hasPrefix(keyword) {
                result[name]!.append(String(code))
                break
            }
        }
        return result
    }

    @Test func thePoliciesRulesAreSixteenRequirementsInFiveProtocols() throws {
        let protocols = Self.requirements(try Self.text("Kernel/PolicyRules.swift"))
        #expect(
            Set(protocols.keys) == ["ItemRules", "InputRules", "StepRules", "SnapshotRules", "SceneRules"], "\(protocols.keys.sorted())")
        let count = protocols.values.reduce(0) { $0 + $1.count }
        #expect(count == 16, "\(protocols)")
        // The document says so.
        let doc = try String(contentsOf: PublicSurfaceTests.root.appendingPathComponent("docs/DRAG-KERNEL.md"), encoding: .utf8)
        #expect(doc.contains("Sixteen requirements in all"))
        // And the reading counts what it should: a protocol with one more is one more.
        let more = Self.requirements(
            "protocol P {\n    associatedtype A\n    func f()\n    mutating func g()\n    static var s: Int { get }\n}\n")
        #expect(more["P"]?.count == 4)
    }

    /// What issue 45 measures: `DragAnimator<` and `a.` followed by a letter, over Tiles/ and
    /// Snap/ (241 before the redesign); only the two faces' declarations are left. No file there
    /// reaches into the kernel's stores.
    @Test func thePoliciesFilesNameNeitherTheKernelClassNorItsStores() throws {
        let files = try Self.files("Tiles") + Self.files("Snap")
        #expect(files.count >= 20)
        var mentions: [String] = []
        let pattern = try NSRegularExpression(pattern: #"\ba\.[a-z]|DragAnimator<"#)
        for (name, text) in files {
            let range = NSRange(text.startIndex..., in: text)
            for m in pattern.matches(in: text, range: range) { mentions.append("\(name): \((text as NSString).substring(with: m.range))") }
            for store in ["kernel.items", "kernel.fingers", "kernel.queue", "kernel.buffers", "kernel.pushes", ".columns"] {
                #expect(!text.contains(store), "\(name) names the kernel's store \(store)")
            }
        }
        #expect(
            mentions.sorted() == ["Snap/SnapAnimator.swift: DragAnimator<", "Tiles/TileAnimator.swift: DragAnimator<"], "\(mentions)")
    }

    /// The kernel keeps Swift's exclusivity checks and moves nothing out of itself to get
    /// around them.
    @Test func theKernelTurnsNoCheckOffAndSwapsNothingOut() throws {
        let files = try Self.files("Kernel") + Self.files("Tiles") + Self.files("Snap") + Self.files("Touches")
        for (name, text) in files {
            #expect(!text.contains("@exclusivity(unchecked)"), "\(name)")
            #expect(!text.contains("swap(&"), "\(name)")
        }
    }
}
