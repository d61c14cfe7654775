import Foundation
import Testing

// One meaning per name (issue 47, item 4): docs/GLOSSARY.md gives each overloaded word its one
// meaning and says, in its last column, what a public name must not do with it. Each row has a
// rule here, read against the compiler's symbol graphs of every library product (`SymbolGraphs`):
// a public name is split into its words (`maxDisplayFrameInterval` → max display frame
// interval) and every word of the table in it is checked. Keyframes and Framer are their own
// words (`keyframe`, `framer`), not `frame`.

/// A public declaration as the rules see it.
struct GlossaryName {
    var name: String
    var module: String
    var kind: String
    var path: [String]
    /// The type names the declaration's fragments spell (its type, its parameters' types).
    var types: Set<String>
    /// The words of its own name (the last path component, argument labels included), lowercased.
    var words: [String]

    var isType: Bool { ["swift.struct", "swift.class", "swift.enum", "swift.protocol", "swift.typealias"].contains(kind) }
    var isFunction: Bool { ["swift.func", "swift.method", "swift.type.method", "swift.init", "swift.func.op"].contains(kind) }

    /// `maxDisplayFrameInterval` → `["max", "display", "frame", "interval"]`; `items(atStep:)` →
    /// `["items", "at", "step"]`; `URLSession` → `["url", "session"]`.
    static func words(_ name: String) -> [String] {
        name.matches(of: /[A-Z]+(?![a-z])|[A-Z]?[a-z]+|[0-9]+/).map { String($0.output).lowercased() }
    }
}

/// A glossary word's rule: the problem with a name that uses the word at `index`, or nil.
struct GlossaryRule: Sendable {
    var word: String
    /// The forms of the word in a name.
    var forms: Set<String>
    var problem: @Sendable (_ name: GlossaryName, _ index: Int) -> String?

    static let all: [GlossaryRule] = [
        GlossaryRule(word: "frame", forms: ["frame", "frames"]) { n, i in
            if i > 0, n.words[i - 1] == "display" { return nil }
            if !n.types.isDisjoint(with: ["Rect", "CGRect"]) { return nil }
            return "a frame that is not a rectangle: a time is a display frame (`displayFrame…`)"
        },
        GlossaryRule(word: "step", forms: ["step", "steps"]) { n, _ in
            if n.isFunction || n.isType { return nil }  // stepping (`step(by:)`, `FixedStepClock`)
            if let owner = n.path.first, ["Run", "RunItem", "RunEvent", "ReplayOptions"].contains(owner) { return nil }
            return "a property's step is one of a `Run`'s"
        },
        GlossaryRule(word: "pin", forms: ["pin", "pins", "pinned"]) { n, i in
            if i > 0, n.words[i - 1] == "map" {
                return n.module == "FlingPaths" ? nil : "the map pin is FlingPaths' marker"
            }
            if n.module == "FlingPaths" || n.types.contains("BezierPath") {
                return "a bare pin is a pinned digest: the marker is the map pin (`mapPin…`)"
            }
            return nil
        },
        GlossaryRule(word: "check", forms: ["check", "checks", "checked"]) { n, _ in
            n.module == "FlingTesting"
                ? nil : "a check is a property check of FlingTesting: a backend's is validation, a replay's a pin comparison"
        },
        GlossaryRule(word: "session", forms: ["session", "sessions"]) { _, _ in
            nil  // One meaning, and types named apart: checked for every word by `typeNamesAreUnique`.
        },
        GlossaryRule(word: "run", forms: ["run", "runs"]) { n, _ in
            if n.isFunction { return nil }  // the verb
            if n.isType { return n.module == "FlingTraces" ? nil : "a type named run is a replay's `Run`" }
            return n.types.isDisjoint(with: ["Int", "Double", "Bool"])
                ? nil : "a number named run counts what ran: say what was done (`sessionsPlayed`)"
        },
        GlossaryRule(word: "rule", forms: ["rule", "rules"]) { n, _ in
            n.path.dropLast(n.isType ? 1 : 0).contains { $0.hasSuffix("Configuration") }
                ? nil : "a rule is a configuration's (inside a `…Configuration`)"
        },
    ]
}

@Suite struct GlossaryTests {
    /// The words of docs/GLOSSARY.md's table: the first code span of each row.
    static func glossaryWords() throws -> [String] {
        let text = try String(contentsOf: SymbolGraphs.root.appendingPathComponent("docs/GLOSSARY.md"), encoding: .utf8)
        return text.split(separator: "\n").compactMap { line in
            line.firstMatch(of: /^\| `([a-z]+)` \|/).map { String($0.1) }
        }
    }

    /// Every public declaration of the library products, with the words of its name.
    static func publicNames() throws -> [GlossaryName] {
        let graphs = try SymbolGraphs.current.get()
        var names: [GlossaryName] = []
        for (id, s) in graphs.symbols where graphs.isPublic(id) {
            guard let last = s.pathComponents.last else { continue }
            var types: Set<String> = []
            for f in s.declarationFragments where f.kind == "typeIdentifier" { types.insert(f.spelling) }
            names.append(
                GlossaryName(
                    name: graphs.name(id), module: graphs.module[id] ?? "", kind: s.kind.identifier, path: s.pathComponents,
                    types: types, words: GlossaryName.words(last)))
        }
        return names.sorted { $0.name < $1.name }
    }

    /// The problems the rules find among `names`.
    static func problems(_ names: [GlossaryName], rules: [GlossaryRule] = GlossaryRule.all) -> (problems: [String], uses: [String: Int]) {
        var problems: [String] = [], uses: [String: Int] = [:]
        for n in names {
            for rule in rules {
                for (i, w) in n.words.enumerated() where rule.forms.contains(w) {
                    uses[rule.word, default: 0] += 1
                    if let p = rule.problem(n, i) { problems.append("\(n.module) \(n.name) (`\(rule.word)`): \(p)") }
                }
            }
        }
        return (problems, uses)
    }

    @Test func everyGlossaryWordHasARuleAndEveryRuleAWord() throws {
        let words = try Self.glossaryWords()
        #expect(words.count == Set(words).count, "a word twice in docs/GLOSSARY.md: \(words)")
        #expect(
            Set(words) == Set(GlossaryRule.all.map(\.word)), "glossary \(words.sorted()), rules \(GlossaryRule.all.map(\.word).sorted())")
    }

    @Test func publicNamesUseEachWordInItsOneMeaning() throws {
        let names = try Self.publicNames()
        #expect(names.count > 500, "only \(names.count) public declarations read")
        let (problems, uses) = Self.problems(names)
        // Each rule looked at names that use its word (none is checked over nothing).
        for rule in GlossaryRule.all { #expect(uses[rule.word, default: 0] > 0, "no public name uses `\(rule.word)`") }
        #expect(problems.isEmpty, "public names against docs/GLOSSARY.md:\n\(problems.joined(separator: "\n"))")
    }

    /// Two public types of one name with a glossary word in it (`Trace.Session` and a replay's
    /// `Session`) are one word for two things.
    @Test func typeNamesAreUnique() throws {
        let forms = GlossaryRule.all.reduce(into: Set<String>()) { $0.formUnion($1.forms) }
        var byName: [String: [String]] = [:]
        for n in try Self.publicNames() where n.isType && !Set(n.words).isDisjoint(with: forms) {
            byName[n.path.last ?? "", default: []].append(n.name)
        }
        let shared = byName.filter { $0.value.count > 1 }.sorted { $0.key < $1.key }.map {
            "\($0.key): \($0.value.joined(separator: ", "))"
        }
        #expect(byName["Session"]?.count == 1, "\(byName["Session"] ?? [])")
        #expect(shared.isEmpty, "public types sharing a name:\n\(shared.joined(separator: "\n"))")
    }

    /// The rules themselves, on made-up names: each notices the use it rules out.
    @Test func eachRuleNoticesTheUseItRulesOut() {
        func name(_ n: String, _ module: String, kind: String = "swift.property", types: Set<String> = []) -> GlossaryName {
            let path = n.split(separator: ".").map(String.init)
            return GlossaryName(
                name: n, module: module, kind: kind, path: path, types: types, words: GlossaryName.words(path.last ?? n))
        }
        #expect(GlossaryName.words("maxDisplayFrameInterval") == ["max", "display", "frame", "interval"])
        #expect(GlossaryName.words("items(atStep:)") == ["items", "at", "step"])
        let bad = [
            name("Run.frameCount", "FlingTraces", types: ["Int"]),
            name("DragSettings.maxFrameInterval", "FlingInteraction", types: ["Double"]),
            name("RunEvent.frame", "FlingTraces", types: ["Int"]),
            name("PinKeyframes", "FlingPaths", kind: "swift.enum"),
            name("PinKeyframes.pinPose(sx:sy:angle:dx:dy:)", "FlingPaths", kind: "swift.type.method", types: ["BezierPath"]),
            name("BackendCheck", "FlingCore", kind: "swift.enum"),
            name("PinCheck", "FlingTraces", kind: "swift.struct"),
            name("PropertyCheckReport.sessionsRun", "FlingTesting", types: ["Int"]),
            name("Tile.stepCount", "FlingInteraction", types: ["Int"]),
            name("TileRules", "FlingInteraction", kind: "swift.enum"),
        ]
        let found = Self.problems(bad).problems
        #expect(found.count == bad.count, "\(found.joined(separator: "\n"))")
        let good = [
            name("TileDefinition.frame", "FlingInteraction", types: ["Rect"]),
            name("DragSettings.maxDisplayFrameInterval", "FlingInteraction", types: ["Double"]),
            name("KeyframeAnimation.keyframes", "FlingPaths", types: ["BezierPath"]),
            name("MapPinKeyframes.mapPinPose(sx:sy:angle:dx:dy:)", "FlingPaths", kind: "swift.type.method", types: ["BezierPath"]),
            name("PinnedReplay", "FlingTraces", kind: "swift.protocol"),
            name("PropertyCheck.run()", "FlingTesting", kind: "swift.method"),
            name("DocumentReplay.run", "FlingTraces", types: ["Run"]),
            name("TileConfiguration.SettleRule", "FlingInteraction", kind: "swift.struct"),
        ]
        #expect(Self.problems(good).problems.isEmpty, "\(Self.problems(good).problems.joined(separator: "\n"))")
    }
}
