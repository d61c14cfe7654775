import Fling
import FlingTraces
import Foundation
import Testing

/// The format specs (docs/TRACES.md, docs/PATHS.md) list every key Fling writes: Fling's own
/// output of every document kind is read back as plain JSON, and every object in it, at every
/// depth, is held to the keys the spec documents for that object: the table, list item or
/// inline form (`{"x", "y"}`) that describes it, never the union of several. A key Fling writes
/// that the spec does not name for that object fails (a reader built from the spec refuses
/// unknown keys), so does a key the spec calls required that Fling does not write, and so does
/// a nested object this check has no documented form for.
struct SpecKeysTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    // MARK: Reading the spec

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

    /// The bare backticked words of `text` (`tick`, `gravity`): the keys a prose list names.
    static func words(_ text: String) -> Set<String> {
        let parts = text.split(separator: "`", omittingEmptySubsequences: false)
        return Set(
            parts.enumerated().filter { $0.offset % 2 == 1 && !$0.element.contains("\"") && !$0.element.contains("{") }.map {
                String($0.element)
            })
    }

    /// The text of the list item that starts `- name:` or `- name (`, its continuation lines
    /// joined with spaces.
    static func bullet(_ markdown: String, _ name: String) -> String {
        var text: [Substring] = [], inside = false
        for line in markdown.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("- ") { inside = line.hasPrefix("- \(name):") || line.hasPrefix("- \(name) (") }
            if line.isEmpty || line.hasPrefix("#") { inside = false }
            if inside { text.append(line) }
        }
        return text.joined(separator: " ")
    }

    /// The text under `heading` up to the next heading.
    static func section(_ markdown: String, _ heading: String) -> String {
        var text: [Substring] = [], inside = false
        for line in markdown.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("#") { inside = line.drop { $0 == "#" }.trimmingCharacters(in: .whitespaces) == heading; continue }
            if inside { text.append(line) }
        }
        return text.joined(separator: "\n")
    }

    /// The table row (one line) of `section` whose first cell names `key`.
    static func row(_ section: String, _ key: String) -> String {
        section.split(separator: "\n").first { $0.hasPrefix("| `\(key)`") }.map(String.init) ?? ""
    }

    /// The keys a prose cell names in backticked quotes (`` `"beginTime"` ``; a quoted value
    /// such as `"#rrggbb"` is no key), in order.
    static func quoted(_ text: String) -> [String] {
        text.split(separator: "`").compactMap { span in
            let inner = span.count > 2 && span.hasPrefix("\"") && span.hasSuffix("\"") ? span.dropFirst().dropLast() : ""
            return inner.first?.isLetter == true && inner.allSatisfy({ $0.isLetter || $0.isNumber }) ? String(inner) : nil
        }
    }

    /// An object's documented form, in the spec's notation: `{"a", "b": vector, "c": {"d"}}`
    /// gives keys a, b, c and c's own form; `"kind": "rectangle"` keeps the kind's name.
    struct Form: CustomStringConvertible {
        var keys: Set<String> = []
        var kind: String?
        var nested: [String: Form] = [:]
        var description: String { "{" + keys.sorted().joined(separator: ", ") + "}" + (kind.map { " (\($0))" } ?? "") }
    }

    /// Every object form in `text` (`{"` opens one), at top level (nested ones in their parents).
    /// Backticks are part of the prose around and inside forms (a form may be split over two
    /// spans, or hold a backticked word in a value): they are skipped.
    static func forms(_ text: String) -> [Form] {
        var out: [Form] = []
        let chars = Array(text.replacingOccurrences(of: "\n", with: " "))
        var i = 0
        while i < chars.count {
            var j = i + 1
            while j < chars.count, chars[j] == " " { j += 1 }
            if chars[i] == "{", j < chars.count, chars[j] == "\"", let f = parseForm(chars, &i) { out.append(f) } else { i += 1 }
        }
        return out
    }

    /// The forms in `text` after `anchor` and before `end` (or the text's end).
    static func forms(_ text: String, after anchor: String, before end: String? = nil) -> [Form] {
        guard let start = text.range(of: anchor) else { return [] }
        var rest = text[start.upperBound...]
        if let end, let stop = rest.range(of: end) { rest = rest[..<stop.lowerBound] }
        return forms(String(rest))
    }

    static func parseForm(_ c: [Character], _ i: inout Int) -> Form? {
        let start = i
        guard i < c.count, c[i] == "{" else { return nil }
        i += 1
        var form = Form()
        func skipSpaces() { while i < c.count, c[i] == " " || c[i] == "`" { i += 1 } }
        func quoted() -> String? {
            guard i < c.count, c[i] == "\"" else { return nil }
            var s = ""
            i += 1
            while i < c.count, c[i] != "\"" { s.append(c[i]); i += 1 }
            i += 1
            return s
        }
        while i < c.count {
            skipSpaces()
            if i < c.count, c[i] == "}" { i += 1; return form }
            if i < c.count, c[i] == "," { i += 1; continue }
            guard let name = quoted() else { i = start; return nil }
            form.keys.insert(name)
            skipSpaces()
            guard i < c.count, c[i] == ":" else { continue }
            i += 1
            skipSpaces()
            if i < c.count, c[i] == "{" {
                if let inner = parseForm(c, &i) { form.nested[name] = inner }
            } else if i < c.count, c[i] == "\"", name == "kind" {
                form.kind = quoted()
            }
            // The rest of the value, up to the next member or the end of the object (commas
            // inside brackets or parentheses belong to the value).
            var depth = 0
            while i < c.count {
                if "[{(".contains(c[i]) {
                    depth += 1
                } else if "])".contains(c[i]) {
                    depth -= 1
                } else if c[i] == "}" {
                    if depth == 0 { break }
                    depth -= 1
                } else if c[i] == ",", depth == 0 {
                    break
                }
                i += 1
            }
        }
        i = start
        return nil
    }

    // MARK: Checking an object against its forms

    /// What a JSON object must look like: one of `forms` (the one naming its `kind`, else one
    /// holding all its keys), with `required` keys; each member that is an object (or objects)
    /// is checked by `children[key]`, or by the chosen form's own nested form, or else by the
    /// first of `fallback` that fits; a nested object none of these describes fails.
    final class Node {
        let what: String
        let forms: [Form]
        let required: Set<String>
        var children: [String: Node]
        let fallback: [Form]

        init(_ what: String, _ forms: [Form], required: Set<String> = [], children: [String: Node] = [:], fallback: [Form] = []) {
            self.what = what; self.forms = forms; self.required = required; self.children = children; self.fallback = fallback
        }
        convenience init(
            _ what: String, keys: Set<String>, required: Set<String> = [], children: [String: Node] = [:], fallback: [Form] = []
        ) {
            self.init(what, [Form(keys: keys)], required: required, children: children, fallback: fallback)
        }

        /// Checks `value` at `path`; returns the objects checked.
        @discardableResult
        func check(_ value: Any, at path: String) -> Int {
            if let array = value as? [Any] { return array.enumerated().reduce(0) { $0 + check($1.element, at: "\(path)[\($1.offset)]") } }
            guard let object = value as? [String: Any] else { return 0 }
            #expect(!forms.isEmpty && forms.allSatisfy { !$0.keys.isEmpty }, "the spec documents no keys for \(what) (\(path))")
            let keys = Set(object.keys)
            let kind = object["kind"] as? String
            let form = forms.first { kind != nil && $0.kind == kind } ?? forms.first { keys.isSubset(of: $0.keys) }
            #expect(
                form.map { keys.isSubset(of: $0.keys) } ?? false,
                "\(path) (\(what)): Fling writes \(keys.sorted()), which no form the spec documents for it holds: \(forms)")
            #expect(required.isSubset(of: keys), "\(path) (\(what)): the spec requires \(required.subtracting(keys).sorted())")
            var checked = 1
            for key in keys.sorted() {
                let member = object[key]!
                let isObject = member is [String: Any] || ((member as? [Any])?.contains { $0 is [String: Any] } ?? false)
                guard isObject else { continue }
                if let child = children[key] ?? form?.nested[key].map({ Node("\(what).\(key)", [$0], fallback: fallback) }) {
                    checked += child.check(member, at: "\(path).\(key)")
                } else if !fallback.isEmpty {
                    checked += Node("\(what).\(key)", fallback, fallback: fallback).check(member, at: "\(path).\(key)")
                } else {
                    Issue.record("\(path).\(key) (\(what)): an object this check has no documented form for")
                }
            }
            return checked
        }
    }

    // MARK: The documents' trees

    /// The trace document's objects, each from the spec's own description of it.
    static func traceDocument(_ spec: String) throws -> Node {
        let tables = Self.tables(spec)
        func table(_ heading: String) throws -> (Set<String>, Set<String>) {
            let t = try #require(tables[heading], "the spec's \(heading) table")
            return (Set(t.map(\.key)), Set(t.filter(\.required).map(\.key)))
        }
        func one(_ forms: [Form], _ what: String) throws -> Form { try #require(forms.first, "the spec's form of \(what)") }
        let vector = Node("a vector", [try one(forms(bullet(spec, "vector")), "vector")])
        let rect = Node("a rect", [try one(forms(bullet(spec, "rect")), "rect")])
        let properties = Node("properties", [try one(forms(bullet(spec, "properties")), "properties")])
        let region = Node("a region", forms(bullet(spec, "region")))
        // A field's keys come in two spans and each kind's own in prose: every quoted name of its item.
        let fieldText = bullet(spec, "field")
        let field = Node(
            "a field", keys: Set(backticked(fieldText)),
            children: ["position": vector, "direction": vector, "target": vector, "region": region])
        let wall = Node("a wall", [try one(forms(bullet(spec, "wall")), "wall")], children: ["start": vector, "end": vector])
        let dynamics = Node(
            "dynamics", [try one(forms(bullet(spec, "dynamics")), "dynamics")],
            children: ["walls": wall, "itemProperties": properties, "fields": field])
        let configurationText = bullet(spec, "configuration")
        let grabs = section(spec, "Grabs and tile rules (version 3)")
        let (rules, _) = try table("Grabs and tile rules (version 3)")
        let spring = Node("a spring", [try one(forms(configurationText, after: "`rotation`"), "a spring")])
        let configuration = Node(
            "a scene's configuration", keys: words(configurationText).union(rules),
            children: [
                "gravity": vector, "attraction": spring, "rotation": spring,
                "releaseRule": Node(
                    "a release rule",
                    forms(configurationText, after: "`releaseRule`", before: "`nearGrab`") + forms(grabs, after: "gains a kind:")),
                "settle": Node("settle", [try one(forms(configurationText, after: "`settle`"), "settle")]),
                "rest": Node("rest", [try one(forms(configurationText, after: "`rest`"), "rest")]),
                "dynamics": dynamics,
                "home": Node("home pivots", [try one(forms(row(grabs, "home")), "home")], children: ["offsets": vector]),
                "settleRule": Node("a settle rule", [try one(forms(row(grabs, "settleRule")), "settleRule")]),
                "cullRule": Node("a cull rule", [try one(forms(row(grabs, "cullRule")), "cullRule")]),
            ])
        // An event, or one of the tile operations' forms (each with its nested object's form).
        let operations = forms(bullet(spec, "tile operation"))
        func nested(_ key: String, _ children: [String: Node]) throws -> Node {
            Node(
                "\(key)'s object", [try #require(operations.first { $0.nested[key] != nil }?.nested[key], "\(key)'s form")],
                children: children)
        }
        let event = Node(
            "an event or tile operation", [try one(forms(bullet(spec, "event")), "event")] + operations,
            children: [
                "position": vector, "setFields": field, "addTile": try nested("addTile", ["frame": rect, "properties": properties]),
                "push": try nested("push", ["vector": vector, "offset": vector]),
                "addPush": try nested("addPush", ["vector": vector, "offset": vector]),
            ])
        let sceneSection = section(spec, "Scene")
        let (sceneKeys, sceneRequired) = try table("Scene")
        let scene = Node(
            "a trace's scene", keys: sceneKeys, required: sceneRequired,
            children: [
                "viewport": rect, "configuration": configuration, "events": event,
                "tiles": Node(
                    "a tile", [try one(forms(row(sceneSection, "tiles")), "a tile")], children: ["frame": rect, "properties": properties]),
                "run": Node("a run length", [try one(forms(row(sceneSection, "run")), "run")]),
                "expected": Node("an expectation", [try one(forms(bullet(spec, "expectation")), "expectation")]),
            ])
        let (documentKeys, documentRequired) = try table("Document")
        return Node("a trace document", keys: documentKeys, required: documentRequired, children: ["scenes": scene])
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

    static func object(_ json: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
    }

    @Test func tracesWriteOnlyDocumentedKeys() throws {
        let spec = try String(contentsOf: Self.root.appendingPathComponent("docs/TRACES.md"), encoding: .utf8)
        let document = try Self.traceDocument(spec)
        var operations = 0, objects = 0
        for text in try Self.traces() {
            let top = try Self.object(text)
            objects += document.check(top, at: top["name"].map { "\($0)" } ?? "a trace")
            for s in try #require(top["scenes"] as? [[String: Any]]) {
                for e in try #require(s["events"] as? [[String: Any]])
                where e["reset"] != nil || e["addTile"] != nil || e["removeTile"] != nil {
                    operations += 1
                }
            }
        }
        #expect(operations > 5, "the traces written include tile operations")
        #expect(objects > 10_000, "\(objects) objects checked")
    }

    /// The spec's table of the configuration's members names every member of
    /// `TileConfiguration`, and no other, and each key it gives them is a configuration key the
    /// spec documents, every one of which it gives to a member: the document's keys and the
    /// Swift shape are held together.
    @Test func theMembersTableFollowsTheConfiguration() throws {
        let spec = try String(contentsOf: Self.root.appendingPathComponent("docs/TRACES.md"), encoding: .utf8)
        let rows = Self.section(spec, "The configuration's members").split(separator: "\n").filter { $0.hasPrefix("| `") }
        var members: [String] = [], keys: Set<String> = []
        for row in rows {
            let cells = row.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            members += Self.words(cells[0]).sorted()
            // The keys: bare words; a case or type (`.pivots`, `TileConfiguration.CullRule.below(y:)`) is not one.
            keys.formUnion(Self.words(cells[1]).filter { !$0.contains(".") && !$0.contains("(") })
        }
        let labels = Mirror(reflecting: TileConfiguration()).children.compactMap(\.label)
        #expect(members.sorted() == labels.sorted())
        let rules = try #require(Self.tables(spec)["Grabs and tile rules (version 3)"]).map(\.key)
        let documented = Self.words(Self.bullet(spec, "configuration")).union(rules)
        #expect(keys.isSubset(of: documented), "not configuration keys: \(keys.subtracting(documented).sorted())")
        // Every key Fling writes in a configuration (We Heart Pics' writes every one) but the
        // backend's solver iterations.
        var scene = Trace.Session(viewport: Rect(x: 0, y: 0, width: 1, height: 1), tiles: [], events: [])
        scene.configuration = .weHeartPics
        let top = try Self.object(Trace(sessions: [scene]).json)
        let written = try #require((top["scenes"] as? [[String: Any]])?.first?["configuration"] as? [String: Any])
        let held = Set(written.keys).subtracting(["solverIterations"])
        #expect(held.count == 24 && held.isSubset(of: keys), "no member holds \(held.subtracting(keys).sorted())")
    }

    @Test func sceneDocumentsWriteOnlyDocumentedKeys() throws {
        let spec = try String(contentsOf: Self.root.appendingPathComponent("docs/TRACES.md"), encoding: .utf8)
        let trace = try Self.traceDocument(spec)
        let tables = Self.tables(spec)
        let common = try #require(tables["Scene documents (`fling-scene`)"])
        let commonText = Self.section(spec, "Scene documents (`fling-scene`)")
        let snapText = Self.section(spec, "Snap scenes: `chatHeads` and `sunSwitch`")
        let vector = try #require(Self.forms(Self.bullet(spec, "vector")).first),
            rect = try #require(Self.forms(Self.bullet(spec, "rect")).first)
        // The snap table's rows by key, with the kind each is for (its second column).
        var snapRows: [(key: String, kind: String)] = []
        for line in spec.split(separator: "\n") where line.hasPrefix("| `") {
            let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            if cells.count == 4, ["both", "chatHeads", "sunSwitch"].contains(cells[2]) {
                for key in Self.backticked(cells[0]) { snapRows.append((key, cells[2])) }
            }
        }
        #expect(snapRows.count >= 6)
        let bounce = Self.forms(snapText, after: "A bounce curve")
        var kinds: Set<String> = []
        var objects = 0
        for file in FixtureFiles.all where file.kind == .snapScene || file.kind == .seededScene {
            let top = try Self.object(try Documents.read(Array(try FixtureFiles.stored(file.path).utf8)).json)
            let kind = try #require(top["kind"] as? String)
            kinds.insert(kind)
            let snap = ["chatHeads", "sunSwitch"].contains(kind)
            // Required: "yes", or the kinds a cell names (seed: "bubbles, clouds").
            let required = Set(common.filter { $0.required }.map(\.key))
                .union(["seed": ["bubbles", "clouds"], "minutes": ["dayNight"]].filter { $0.value.contains(kind) }.map(\.key))
            let documented = Set(common.map(\.key)).union(snapRows.filter { snap && ($0.kind == "both" || $0.kind == kind) }.map(\.key))
            // The configuration's keys: its kind's list (a seeded kind's item, the snap row's part for the kind).
            let configurationText: String
            if snap {
                let cell = Self.row(snapText, "configuration")
                let parts = cell.components(separatedBy: "sunSwitch:")
                configurationText = kind == "chatHeads" ? parts[0] : parts.dropFirst().joined()
            } else {
                configurationText = Self.bullet(spec, kind)
            }
            let configuration = Node(
                "a \(kind) configuration", keys: Self.words(configurationText),
                fallback: Self.forms(configurationText) + bounce + [vector, rect])
            let inputs = Node(
                "a \(kind) input",
                Self.forms(Self.row(commonText, "inputs")) + trace.children["scenes"]!.children["events"]!.forms,
                children: trace.children["scenes"]!.children["events"]!.children)
            let document = Node(
                "a \(kind) scene document", keys: documented, required: snap ? required.subtracting(["seed", "minutes"]) : required,
                children: [
                    "configuration": configuration, "inputs": inputs, "heads": Node("a head", [vector]),
                    "sampling": Node("a sampling", [try #require(Self.forms(Self.row(commonText, "sampling")).first)]),
                    "expected": Node("a scene's expectation", [try #require(Self.forms(Self.row(commonText, "expected")).first)]),
                    "dynamics": trace.children["scenes"]!.children["configuration"]!.children["dynamics"]!,
                    "snap": Node("snap rules", Self.forms(Self.row(snapText, "snap")), fallback: bounce),
                ])
            objects += document.check(top, at: file.path)
        }
        #expect(kinds == ["bubbles", "dayNight", "clouds", "chatHeads", "sunSwitch"])
        #expect(objects > 500, "\(objects) objects checked")
    }

    @Test func pathDocumentsWriteOnlyDocumentedKeys() throws {
        let spec = try String(contentsOf: Self.root.appendingPathComponent("docs/PATHS.md"), encoding: .utf8)
        let tables = Self.tables(spec)
        let common = Set(try #require(tables["Common keys"]).map(\.key))
        let commonText = Self.section(spec, "Common keys")
        var kinds: Set<String> = []
        for file in FixtureFiles.all where file.kind == .pathScene {
            let top = try Self.object(try Documents.read(Array(try FixtureFiles.stored(file.path).utf8)).json)
            let kind = try #require(top["kind"] as? String)
            kinds.insert(kind)
            let own = Set(try #require(tables["`\(kind)`"]).map(\.key))
            let text = Self.section(spec, "`\(kind)`")
            var children = [
                "sampling": Node("a \(kind) sampling", [try #require(Self.forms(Self.row(text, "sampling")).first)]),
                "expected": Node("a path expectation", [try #require(Self.forms(Self.row(commonText, "expected")).first)]),
            ]
            if own.contains("pin") {
                // A conveyor's pin: "a `morph` document's keys (`keyframes` … `autoreverses`)" and
                // the keys its row names in quotes.
                let morph = try #require(tables["`morph`"]).map(\.key).filter { $0 != "sampling" }
                let named = Self.quoted(Self.row(text, "pin"))
                #expect(named == ["beginTime", "color"], "the pin row names \(named)")
                children["pin"] = Node("a conveyor's pin", keys: Set(morph).union(named))
            }
            let document = Node(
                "a \(kind) path document", keys: common.union(own), required: ["format", "version", "kind", "sampling"],
                children: children, fallback: Self.forms(text))
            #expect(document.check(top, at: file.path) >= 2)
        }
        #expect(kinds == ["morph", "conveyor"])
    }

    /// The readers themselves, on a spec that lacks a key and on objects that mix two forms:
    /// the check would notice.
    @Test func theReaderFindsKeysAndTheirAbsence() {
        let md =
            "## Document\n\n| key | type | required | meaning |\n| --- | --- | --- | --- |\n| `format` | string | yes | x |\n| `name`, `notes` | string | no | y |\n"
        let t = Self.tables(md)["Document"] ?? []
        #expect(t.map(\.key) == ["format", "name", "notes"] && t.map(\.required) == [true, false, false])
        #expect(Set(["format", "arithmetic"]).subtracting(t.map(\.key)) == ["arithmetic"])
        let list =
            "- rect: `{\"x\", \"y\", \"width\", \"height\"}` (points).\n- region: `{\"kind\": \"everywhere\"}` or\n  `{\"kind\": \"circle\", \"radius\"}`.\n"
        #expect(Self.forms(Self.bullet(list, "rect")).first?.keys == ["x", "y", "width", "height"])
        let region = Self.forms(Self.bullet(list, "region"))
        #expect(region.map(\.kind) == ["everywhere", "circle"] && region[1].keys == ["kind", "radius"])
        let nested = Self.forms("`{\"tick\": int, \"push\": {\"tile\": id, \"vector\": vector}}`")
        #expect(nested.first?.keys == ["tick", "push"] && nested.first?.nested["push"]?.keys == ["tile", "vector"])
        // Per object: a rect's key in a vector fails, though both are documented; a circle with
        // a rectangle's width fails; an undocumented nested object fails.
        withKnownIssue("objects that mix documented forms") {
            let vector = Node("a vector", [Form(keys: ["x", "y"])])
            let shape = Node("a shape", keys: ["at", "region"], children: ["at": vector, "region": Node("a region", region)])
            shape.check(["at": ["x": 1, "y": 2, "width": 3]], at: "mixed")
        }
        withKnownIssue("a kind with another kind's key") {
            Node("a region", region).check(["kind": "circle", "radius": 1, "width": 2], at: "circle")
        }
        withKnownIssue("an object with no documented form") {
            Node("a shape", keys: ["at"]).check(["at": ["x": 1]], at: "bare")
        }
    }
}
