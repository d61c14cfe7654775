import Testing

// Whatever a public call takes can be made, and whatever it returns can be read, from outside
// (issue 47, item 2). Over the compiler's symbol graphs of every module a user imports, each public
// declaration takes some of the package's types and gives others:
//
// - it takes its parameters' types, what a caller's closure returns, an enum case's associated
//   values, and for an instance member the type it is a member of; a protocol requirement's result
//   is also taken from whoever conforms (who must make one);
// - it gives its result, a property's type, what it hands to the caller's closure, an `inout`
//   parameter's type (the call fills it), a case's or an initializer's own type.
//
// A type an outsider can make: a protocol (one conforms), a type with an `ExpressibleBy…Literal`
// conformance, or one that a public declaration gives whose taken types an outsider can all
// make (an initializer, a case, a factory, a property of something made): the least fixed point,
// so that a type obtainable only from a value of itself is not makeable. A type an outsider can
// read: a public member other than an initializer, a public call that takes one back (a handle),
// or a conformance to a protocol that reads (the package's with members, or
// `CustomStringConvertible`, `Comparable`, `Sequence`, `RawRepresentable`). Every taken type must
// be makeable and every given type readable; a type the package does not give (package or
// internal, or from a module no product gives) fails wherever a public declaration names it.

extension SymbolGraphs {
    /// One public declaration: what a caller must make to use it, and what it gives.
    struct Use {
        var declaration: String
        /// Types a caller makes (parameters, the instance for an instance member, closure results).
        var takes: [String] = []
        /// Types a conforming type makes (a requirement's result).
        var conformerMakes: [String] = []
        /// Types handed out; `self` is true for an instance member giving its own type.
        var gives: [(type: String, selfResult: Bool)] = []
    }

    static let callables: Set<String> = [
        "swift.func", "swift.method", "swift.type.method", "swift.init", "swift.subscript", "swift.type.subscript", "swift.func.op",
    ]
    static let properties: Set<String> = ["swift.property", "swift.type.property", "swift.var"]
    static let instanceKinds: Set<String> = ["swift.method", "swift.property", "swift.subscript"]

    /// The package's types among a declaration's fragments (generic parameters and the standard
    /// library's types have no identifier in the graphs, and are left out), with the package's
    /// types that no graph read holds.
    func types(in fragments: [Fragment]) -> [String] { typesAt(fragments).map(\.type) }

    /// The package's types among the fragments, with the index of the fragment naming each.
    func typesAt(_ fragments: [Fragment]) -> [(index: Int, type: String)] {
        fragments.indices.compactMap { k in
            let f = fragments[k]
            guard f.kind == "typeIdentifier", let id = f.preciseIdentifier else { return nil }
            // `ReplayOptions.MakeBackend` names one type, the last.
            if k + 2 < fragments.count, fragments[k + 1].spelling == ".", fragments[k + 2].kind == "typeIdentifier" { return nil }
            let m = Self.moduleOf(usr: id) ?? ""
            return symbols[id] != nil || m.hasPrefix("Fling") || m.hasPrefix("_Fling") || m.hasPrefix("CChipmunk") ? (k, id) : nil
        }
    }

    /// A property's type: its fragments after the colon, up to its accessors.
    static func propertyType(_ fragments: [Fragment]) -> [Fragment] {
        guard let colon = fragments.firstIndex(where: { $0.kind == "text" && $0.spelling.hasPrefix(":") }) else { return [] }
        return Array(fragments[(colon + 1)...].prefix { !($0.kind == "text" && $0.spelling.contains("{")) })
    }

    /// Whether a parameter is `inout`, from the declaration (the signature's fragments leave it out).
    static func isInout(_ parameter: Symbol.Signature.Parameter, in declaration: [Fragment]) -> Bool {
        let label = parameter.internalName ?? parameter.name
        guard let at = declaration.firstIndex(where: { ($0.kind == "internalParam" || $0.kind == "externalParam") && $0.spelling == label })
        else { return false }
        for f in declaration[(at + 1)...] {
            if f.kind == "keyword" && f.spelling == "inout" { return true }
            if f.kind == "typeIdentifier" || f.kind == "internalParam" || f.kind == "externalParam" { return false }
        }
        return false
    }

    /// Every public declaration's use of the package's types.
    func uses() -> [Use] {
        var uses: [Use] = []
        for (id, s) in symbols.sorted(by: { $0.key < $1.key }) where isPublic(id) && (s.accessLevel == "public" || s.accessLevel == "open")
        {
            let kind = s.kind.identifier
            let owner = parent[id]
            let requirement = requirements.contains(id)
            var use = Use(declaration: id)
            if let owner, Self.instanceKinds.contains(kind), symbols[owner] != nil { use.takes.append(owner) }
            func give(_ types: [String]) {
                for t in types { use.gives.append((t, owner == t && Self.instanceKinds.contains(kind))) }
            }
            if Self.callables.contains(kind) {
                for p in s.functionSignature?.parameters ?? [] {
                    let fragments = p.declarationFragments ?? []
                    if Self.isInout(p, in: s.declarationFragments) {
                        give(types(in: fragments))
                        continue
                    }
                    // A closure parameter: what goes into it is handed to the caller, what comes out the caller makes.
                    let arrow = fragments.lastIndex { $0.kind == "text" && $0.spelling.contains("->") }
                    for (k, t) in typesAt(fragments) {
                        if let arrow, k < arrow { give([t]) } else { use.takes.append(t) }
                    }
                }
                if kind == "swift.init" {
                    if let owner { use.gives.append((owner, false)) }
                } else {
                    give(types(in: s.functionSignature?.returns ?? []))
                    if requirement { use.conformerMakes += types(in: s.functionSignature?.returns ?? []) }
                }
            } else if Self.properties.contains(kind) {
                give(types(in: Self.propertyType(s.declarationFragments)))
                if requirement { use.conformerMakes += types(in: Self.propertyType(s.declarationFragments)) }
            } else if kind == "swift.enum.case" {
                // Made from its associated values; matched, it gives them.
                let values = types(in: s.declarationFragments)
                use.takes += values
                if let owner { use.gives.append((owner, false)) }
                uses.append(Use(declaration: id, takes: owner.map { [$0] } ?? [], gives: values.map { ($0, false) }))
            } else {
                continue
            }
            uses.append(use)
        }
        return uses
    }

    static let readingProtocols = ["CustomStringConvertible", "Comparable", "Sequence", "Collection", "RawRepresentable"]

    /// The types an outsider can make, and for each the declaration that first makes it.
    func makeable(_ uses: [Use]) -> [String: String] {
        var made: [String: String] = [:]
        for (id, s) in symbols {
            if ["swift.protocol", "swift.typealias", "swift.associatedtype"].contains(s.kind.identifier) { made[id] = s.kind.identifier }
            if let literal = conformances[id]?.first(where: { $0.name.contains("ExpressibleBy") }) { made[id] = literal.name }
        }
        var changed = true
        while changed {
            changed = false
            for use in uses where use.takes.allSatisfy({ made[$0] != nil }) {
                for (t, _) in use.gives where made[t] == nil {
                    made[t] = name(use.declaration)
                    changed = true
                }
            }
        }
        return made
    }

    /// How an outsider reads one of type `t`, or nil.
    func howToRead(_ t: String, _ uses: [Use]) -> String? {
        guard let s = symbols[t] else { return nil }
        if ["swift.protocol", "swift.typealias", "swift.associatedtype"].contains(s.kind.identifier) { return s.kind.identifier }
        if let m = members[t, default: []].first(where: { isPublic($0) && symbols[$0]?.kind.identifier != "swift.init" }) { return name(m) }
        if let back = uses.first(where: { use in
            parent[use.declaration] != t && use.takes.contains(t) && !use.gives.contains { $0.type == t }
        }) {
            return "passed to \(name(back.declaration))"
        }
        for c in conformances[t, default: []] {
            if symbols[c.id] != nil, isPublic(c.id), !(members[c.id] ?? []).isEmpty { return name(c.id) }
            if Self.readingProtocols.contains(where: { c.name.contains($0) }) { return c.name }
        }
        return nil
    }

    /// Each public parameter or result type an outsider cannot make or cannot read, in words.
    func unusableTypes() -> [String] {
        let uses = uses()
        let made = makeable(uses)
        var takers: [String: [String]] = [:], givers: [String: [String]] = [:]
        for use in uses {
            for t in use.takes + use.conformerMakes
            where parent[use.declaration] != t || symbols[use.declaration]?.kind.identifier == "swift.init" {
                takers[t, default: []].append(name(use.declaration))
            }
            for (t, selfResult) in use.gives where !selfResult { givers[t, default: []].append(name(use.declaration)) }
        }
        var found: [String] = []
        for t in Set(takers.keys).union(givers.keys).sorted(by: { name($0) < name($1) }) {
            let taking = Array(Set(takers[t, default: []])).sorted(), giving = Array(Set(givers[t, default: []])).sorted()
            let named = Array(Set(taking + giving)).sorted().prefix(3).joined(separator: ", ")
            guard let s = symbols[t] else {
                found.append("\(name(t)), of \(Self.moduleOf(usr: t) ?? "?"), which no product gives, is named by public \(named)")
                continue
            }
            let where_ = module[t].map { " (\($0))" } ?? ""
            guard isPublic(t) else {
                found.append("\(name(t))\(where_) is \(s.accessLevel), and named by public \(named)")
                continue
            }
            if !taking.isEmpty, made[t] == nil {
                found.append(
                    "\(name(t))\(where_) is taken by \(taking.prefix(3).joined(separator: ", ")), and an outsider cannot make one "
                        + "(no public initializer, case or literal, and no public call whose arguments an outsider can make gives one)")
            }
            if !giving.isEmpty, howToRead(t, uses) == nil {
                found.append(
                    "\(name(t))\(where_) is given by \(giving.prefix(3).joined(separator: ", ")), and an outsider cannot read one "
                        + "(no public member, no public call takes one, no conformance that reads)")
            }
        }
        return found
    }
}

@Suite struct ConstructibleSurfaceTests {
    @Test func everyPublicTypeInASignatureCanBeMadeOrRead() throws {
        let graphs = try SymbolGraphs.current.get()
        // Fling and what it re-exports, and the other products: a graph that lost one reads fewer.
        for module in ["Fling", "FlingCore", "FlingInteraction", "FlingTraces", "FlingPaths", "FlingMath", "FlingView", "FlingTesting"] {
            #expect(graphs.modules.contains(module), "no symbol graph of \(module): \(graphs.modules)")
        }
        let uses = graphs.uses()
        // It looked at something: hundreds of public declarations, most of them made from outside.
        let made = graphs.makeable(uses)
        #expect(uses.count > 1000 && made.count > 200, "\(uses.count) public declarations, \(made.count) types made")
        let unusable = graphs.unusableTypes()
        #expect(unusable.isEmpty, "public signatures name types an outsider cannot use:\n\(unusable.joined(separator: "\n"))")
    }

    /// The check itself, on a graph of its own: a type taken but never made, one given but never
    /// read, and one obtainable only from a value made from one of itself are named; a type with
    /// an initializer and a member, taken and given, is not.
    @Test func anUnmakeableOrUnreadableTypeIsNamed() {
        func fragment(_ s: String, _ id: String? = nil) -> SymbolGraphs.Fragment {
            .init(kind: id == nil ? "text" : "typeIdentifier", spelling: s, preciseIdentifier: id)
        }
        func symbol(
            _ id: String, _ kind: String, _ path: [String], access: String = "public", parameters: [String] = [], returns: String? = nil
        )
            -> SymbolGraphs.Symbol
        {
            .init(
                kind: .init(identifier: kind), identifier: .init(precise: id), pathComponents: path, accessLevel: access,
                declarationFragments: [fragment("func \(path.last!)(")] + parameters.map { fragment($0, $0) } + [fragment(")")],
                functionSignature: .init(
                    parameters: parameters.map { .init(name: "_", internalName: "x", declarationFragments: [fragment($0, $0)]) },
                    returns: returns.map { [fragment($0, $0)] }))
        }
        let graph = SymbolGraphs.Graph(
            symbols: [
                symbol("s:4Toy6SealedV", "swift.struct", ["Sealed"]),
                symbol("s:4Toy6SealedV4noneyyF", "swift.method", ["Sealed", "none()"], access: "package"),
                symbol("s:4Toy6OpaqueV", "swift.struct", ["Opaque"]),
                symbol("s:4Toy4FineV", "swift.struct", ["Fine"]),
                symbol("s:4Toy4FineVACycfc", "swift.init", ["Fine", "init()"]),
                symbol("s:4Toy4FineV5valueSivp", "swift.property", ["Fine", "value"]),
                symbol("s:4Toy4takeyyAA6SealedVF", "swift.func", ["take(_:)"], parameters: ["s:4Toy6SealedV"]),
                symbol("s:4Toy4giveAA6OpaqueVyF", "swift.func", ["give()"], returns: "s:4Toy6OpaqueV"),
                symbol("s:4Toy2okyAA4FineVADF", "swift.func", ["ok(_:)"], parameters: ["s:4Toy4FineV"], returns: "s:4Toy4FineV"),
                // A loop: a Loop comes only from a Holder, and a Holder only from a Loop.
                symbol("s:4Toy4LoopV", "swift.struct", ["Loop"]),
                symbol("s:4Toy6HolderV", "swift.struct", ["Holder"]),
                symbol(
                    "s:4Toy4wrapyAA6HolderVAA4LoopVF", "swift.func", ["wrap(_:)"], parameters: ["s:4Toy4LoopV"], returns: "s:4Toy6HolderV"),
                .init(
                    kind: .init(identifier: "swift.property"), identifier: .init(precise: "s:4Toy6HolderV4loopAA4LoopVvp"),
                    pathComponents: ["Holder", "loop"], accessLevel: "public",
                    declarationFragments: [fragment("var loop"), fragment(": "), fragment("Loop", "s:4Toy4LoopV")], functionSignature: nil),
            ],
            relationships: [
                .init(kind: "memberOf", source: "s:4Toy6SealedV4noneyyF", target: "s:4Toy6SealedV"),
                .init(kind: "memberOf", source: "s:4Toy4FineVACycfc", target: "s:4Toy4FineV"),
                .init(kind: "memberOf", source: "s:4Toy4FineV5valueSivp", target: "s:4Toy4FineV"),
                .init(kind: "memberOf", source: "s:4Toy6HolderV4loopAA4LoopVvp", target: "s:4Toy6HolderV"),
            ])
        let found = SymbolGraphs([("Toy", graph)]).unusableTypes()
        #expect(found.count == 3, "\(found)")
        #expect(found.contains { $0.hasPrefix("Loop (Toy) is taken by wrap(_:)") && $0.contains("cannot make") }, "\(found)")
        #expect(found.contains { $0.hasPrefix("Sealed (Toy) is taken by take(_:)") && $0.contains("cannot make") }, "\(found)")
        #expect(found.contains { $0.hasPrefix("Opaque (Toy) is given by give()") && $0.contains("cannot read") }, "\(found)")
        #expect(SymbolGraphs.moduleOf(usr: "s:9FlingCore6VectorV") == "FlingCore")
    }
}
