import Fling
import Foundation
import Testing

/// The format specs (docs/TRACES.md, docs/PATHS.md) list every key Fling writes: Fling's own
/// output of every document kind is read back as plain JSON, and the keys of each object are
/// compared with the keys the spec's tables and lists name for that object. A key Fling writes
/// and the spec does not name fails (a reader built from the spec refuses unknown keys), and so
/// does a key the spec calls required that Fling does not write.
struct SpecKeysTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// A spec's key tables, by the heading above each: every backticked key in the first
    /// column (a cell may name several: `` `name`, `notes` ``), and whether the row says
    /// "yes" in a `required` column.
    static func tables(_ markdown: String) -> [String: [(key: String, required: Bool)]] {
        var tables: [String: [(String, Bool)]] = [:]
        var heading = "", requiredColumn: Int?
        for line in markdown.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("#") {
                heading = line.drop { $0 == "#" }.trimmingCharacters(in: .whitespaces)
                requiredColumn = nil
                continue
            }
            guard line.hasPrefix("|") else { continue }
            let cells = line.split(separator: "|", omittingEmptySubsequences: false).dropFirst().map {
                $0.trimmingCharacters(in: .whitespaces)
            }
            if cells.first == "key" {
                requiredColumn = cells.firstIndex(of: "required")
                continue
            }
            guard let first = cells.first, first.hasPrefix("`") else { continue }
            let required = requiredColumn.map { $0 < cells.count && cells[$0] == "yes" } ?? false
            for key in backticked(first) { tables[heading, default: []].append((key, required)) }
        }
        return tables
    }

    /// The words inside backticks, and inside those any `"quoted"` names (`{"x", "y"}`).
    static func backticked(_ text: some StringProtocol) -> [String] {
        let parts = text.split(separator: "`", omittingEmptySubsequences: false)
        var words: [String] = []
        for (n, part) in parts.enumerated() where n % 2 == 1 {
            let quoted = part.split(separator: "\"", omittingEmptySubsequences: false).enumerated().filter { $0.offset % 2 == 1 }
            if quoted.isEmpty {
                words.append(String(part))
            } else {
                words += quoted.map { String($0.element) }
            }
        }
        return words
    }

    /// The keys a spec's bullet list names for an object: the bullet that starts `- name:`
    /// (and its continuation lines).
    static func bullet(_ markdown: String, _ name: String) -> Set<String> {
        var keys: Set<String> = [], inside = false
        for line in markdown.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("- ") { inside = line.hasPrefix("- \(name):") || line.hasPrefix("- \(name) (") }
            if line.isEmpty { inside = false }
            if inside { keys.formUnion(backticked(line).flatMap { $0.split(separator: " ").map(String.init) }) }
        }
        return keys
    }

    /// Every key of `value` and of the objects nested in it.
    static func allKeys(_ value: Any) -> Set<String> {
        if let object = value as? [String: Any] {
            return object.reduce(into: Set(object.keys)) { $0.formUnion(allKeys($1.value)) }
        }
        if let array = value as? [Any] { return array.reduce(into: []) { $0.formUnion(allKeys($1)) } }
        return []
    }

    static func object(_ json: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
    }

    /// Written keys within documented ones, and every required one written.
    static func check(
        _ written: Set<String>, documented: Set<String>, required: Set<String> = [], _ what: String
    ) {
        #expect(!documented.isEmpty, "the spec names no keys for \(what)")
        #expect(
            written.subtracting(documented).isEmpty,
            "\(what): Fling writes \(written.subtracting(documented).sorted()), which the spec does not name")
        #expect(
            required.subtracting(written).isEmpty,
            "\(what): the spec requires \(required.subtracting(written).sorted()), which Fling does not write")
    }

    /// Fling's own traces: the fixtures and a recorded session with late touches, resets, added
    /// and removed tiles (version 2's tile operations), each written again by Fling.
    static func traces() throws -> [String] {
        var texts = try FixtureFiles.all.filter { $0.kind == .trace }.map { try Trace(json: try FixtureFiles.stored($0.path)).json }
        for seed in UInt64(1)...40 {
            let live = try ReplayContractTests.session(seed: seed &* 0x9E37_79B9, kind: .nativePortable)
            if live.stats.resets > 0 || live.stats.added > 0 || live.stats.removed > 0 { texts.append(live.trace.json) }
        }
        return texts
    }

    @Test func tracesWriteOnlyDocumentedKeys() throws {
        let spec = try String(contentsOf: Self.root.appendingPathComponent("docs/TRACES.md"), encoding: .utf8)
        let tables = Self.tables(spec)
        let document = try #require(tables["Document"]), session = try #require(tables["Scene"])
        let event = Self.bullet(spec, "event").union(Self.bullet(spec, "tile operation"))
        // A configuration's keys: its own, and (version 3) those of its dynamics' objects.
        let configuration = ["configuration", "dynamics", "wall", "properties", "field", "region"].reduce(into: Set<String>()) {
            $0.formUnion(Self.bullet(spec, $1))
        }
        let expectation = Self.bullet(spec, "expectation")
        let rect = Self.bullet(spec, "rect"), vector = Self.bullet(spec, "vector")
        var operations = 0
        for text in try Self.traces() {
            let top = try Self.object(text)
            Self.check(
                Set(top.keys), documented: Set(document.map(\.key)), required: Set(document.filter(\.required).map(\.key)),
                "a trace document")
            for s in try #require(top["scenes"] as? [[String: Any]]) {
                Self.check(
                    Set(s.keys), documented: Set(session.map(\.key)), required: Set(session.filter(\.required).map(\.key)),
                    "a trace's scene")
                Self.check(Self.allKeys(s["configuration"] as Any), documented: configuration.union(vector), "a scene's configuration")
                for e in try #require(s["events"] as? [[String: Any]]) {
                    Self.check(Set(e.keys), documented: event, "an event or tile operation")
                    if e["reset"] != nil || e["addTile"] != nil || e["removeTile"] != nil { operations += 1 }
                    for nested in ["position", "addTile"] where e[nested] != nil {
                        Self.check(
                            Self.allKeys(e[nested] as Any), documented: vector.union(rect).union(["id", "frame", "mass"]),
                            "an event's \(nested)")
                    }
                }
                if let x = s["expected"] { Self.check(Self.allKeys(x), documented: expectation, "an expectation") }
                Self.check(Self.allKeys(s["viewport"] as Any), documented: rect, "a viewport")
            }
        }
        #expect(operations > 5, "the traces written include tile operations")
    }

    @Test func sceneDocumentsWriteOnlyDocumentedKeys() throws {
        let spec = try String(contentsOf: Self.root.appendingPathComponent("docs/TRACES.md"), encoding: .utf8)
        let tables = Self.tables(spec)
        let scene = try #require(tables["Scene documents (`fling-scene`)"])
        let snap = try #require(tables["Snap scenes: `chatHeads` and `sunSwitch`"])
        let documented = Set(scene.map(\.key)).union(snap.map(\.key))
        let required = Set(scene.filter(\.required).map(\.key)).subtracting(["seed", "minutes"])
        var kinds: Set<String> = []
        for file in FixtureFiles.all where file.kind == .snapScene || file.kind == .seededScene {
            let written = try Documents.read(Array(try FixtureFiles.stored(file.path).utf8)).json
            let top = try Self.object(written)
            kinds.insert(top["kind"] as? String ?? "?")
            Self.check(Set(top.keys), documented: documented, required: required, "a \(top["kind"] ?? "?") scene document")
        }
        #expect(kinds == ["bubbles", "dayNight", "clouds", "chatHeads", "sunSwitch"])
    }

    @Test func pathDocumentsWriteOnlyDocumentedKeys() throws {
        let spec = try String(contentsOf: Self.root.appendingPathComponent("docs/PATHS.md"), encoding: .utf8)
        let tables = Self.tables(spec)
        let common = Set(try #require(tables["Common keys"]).map(\.key))
        var kinds: Set<String> = []
        for file in FixtureFiles.all where file.kind == .pathScene {
            let top = try Self.object(try Documents.read(Array(try FixtureFiles.stored(file.path).utf8)).json)
            let kind = try #require(top["kind"] as? String)
            kinds.insert(kind)
            let own = Set(try #require(tables["`\(kind)`"]).map(\.key))
            Self.check(
                Set(top.keys), documented: common.union(own), required: ["format", "version", "kind", "sampling"], "a \(kind) path document"
            )
        }
        #expect(kinds == ["morph", "conveyor"])
    }

    /// The table reader itself, on a spec that lacks a key: the check would notice.
    @Test func theReaderFindsKeysAndTheirAbsence() {
        let md =
            "## Document\n\n| key | type | required | meaning |\n| --- | --- | --- | --- |\n| `format` | string | yes | x |\n| `name`, `notes` | string | no | y |\n"
        let t = Self.tables(md)["Document"] ?? []
        #expect(t.map(\.key) == ["format", "name", "notes"] && t.map(\.required) == [true, false, false])
        #expect(Set(["format", "arithmetic"]).subtracting(t.map(\.key)) == ["arithmetic"])
        #expect(
            Self.bullet("- rect: `{\"x\", \"y\", \"width\", \"height\"}` (points).\n- vector: `{\"x\", \"y\"}`.\n", "rect") == [
                "x", "y", "width", "height",
            ])
    }
}
