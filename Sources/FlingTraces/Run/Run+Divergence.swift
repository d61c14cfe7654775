import _FlingCoding
import FlingCore

// Where two runs of the same input part, found once for every document kind. Numbers are
// compared by their IEEE 754 bit patterns, never with `==` (which calls -0 and 0 equal and a NaN
// unequal to itself): a replay promises the same bits. Frames are walked in order; within a
// frame the inputs applied before it come first (a dropped or moved input is the cause, the
// state that follows is the effect), then the items, then the events and the frame's digest.

extension Run {
    /// The first place where this run differs from `other`, or nil when they are the same to
    /// the bit: kind, item schema, stages, and then step by step the inputs applied before
    /// the step, the items present (by kind and id), each value and shape point by its bits,
    /// each phase, the events, the step's time and digest; then the step count, events or
    /// inputs past the last common step, and the final digest.
    ///
    /// The result names the step (its tick or sample within its stage), the item, the field,
    /// both values with their bit patterns, and the input applied at or just before that step
    /// (the one that differs, when the divergence is in an input: then the field is that input's
    /// own, `inputs[3].position.x`, with both values).
    /// Titles are not compared.
    public func firstDivergence(from other: Run) -> Run.Divergence? {
        var d = DivergenceSearch(a: self, b: other)
        return d.search()
    }
}

extension Run {
    /// Where two runs first differ (``Run/firstDivergence(from:)``), with everything needed to
    /// find it again: the step, the item, the field, both values and their bits, and the input
    /// applied at or just before the step.
    public struct Divergence: Sendable, CustomStringConvertible {
        /// What differs.
        public enum Part: String, Hashable, Sendable {
            /// The document kinds (nothing else is compared).
            case kind
            /// The item kinds or their fields.
            case schema
            /// A stage's fixed facts: its viewport, frame interval or items.
            case stage
            /// The inputs applied before a frame.
            case inputs
            /// An item: present in one run only, or a value, shape point or phase.
            case item
            /// The events of a frame.
            case events
            /// A frame's time.
            case time
            /// A frame's chained digest, or the run's final digest.
            case digest
            /// The number of steps (written `frameCount`, as `fling diff` and the replay page
            /// have always said it).
            case stepCount = "frameCount"
        }

        /// One side's value: a number (shown with its bits), a word, or absent.
        public enum Value: Sendable, CustomStringConvertible {
            case number(Double)
            case text(String)
            case absent

            public var description: String {
                switch self {
                case .number(let x): "\(x) (\(NumberText.bits(x)))"
                case .text(let s): s
                case .absent: "absent"
                }
            }

            /// The number, if the value is one.
            public var number: Double? { if case .number(let x) = self { x } else { nil } }
        }

        /// What differs.
        public var part: Part
        /// The step (from 0, as ``Run/items(atStep:)`` counts) where the runs part (nil for kind and
        /// schema, and for a difference found after the last step, such as the final digest).
        public var step: Int?
        /// The stage the step belongs to (a trace's session, from 0) and its name.
        public var stage: Int?
        public var stageName: String?
        /// The step's tick or sample number within its stage.
        public var localStep: Int?
        /// The step's time, seconds since its stage began.
        public var time: Double?
        /// The item's kind and id, when an item differs.
        public var itemKind: String?
        public var id: Int?
        /// The field: a value's name (`x`), `points[3]`, `phase`, `present`, a fact's name, `events`,
        /// `inputs`, `digest` ...
        public var field: String
        /// This run's value and the other's.
        public var value: Value
        public var otherValue: Value
        /// The input that differs, when the divergence is in one (this run's, or the other's when
        /// this run lacks it); otherwise the input applied at or just before the frame, in this run
        /// (the other run's when this one has none there).
        public var input: Run.Input?
        /// The runs' titles, to say which is which.
        public var title: String
        public var otherTitle: String
        /// What a step is: `tick` (tile traces) or `sample` (scene and path documents).
        public var stepUnit: String

        /// Several lines: where, what, both values with their bits, and the input before it.
        public var description: String {
            var lines: [String] = []
            var at = "first divergence"
            if let localStep {
                at += " at \(stepUnit) \(localStep)"
                if let time { at += " (\(time) s)" }
                if let stage, stage > 0 || stageName != nil {
                    at += " of stage \(stage + 1)" + (stageName.map { " [\($0)]" } ?? "")
                }
                if let step, step != localStep { at += ", step \(step)" }
            } else if step == nil, part != .kind, part != .schema {
                at += " after the last common step"
            }
            lines.append(at + ": \(part.rawValue)")
            var what = ""
            if let itemKind { what += "\(itemKind)" + (id.map { " \($0)" } ?? "") + " " }
            what += field
            lines.append("  \(what)")
            lines.append("  \(title): \(value)")
            lines.append("  \(otherTitle): \(otherValue)")
            if let input {
                var s = "  input at or before it: \(input.name)"
                if let touch = input.touch { s += " \(touch)" }
                if let phase = input.phase { s += " \(phase)" }
                if let p = input.position { s += " at (\(p.x), \(p.y))" }
                s += " time \(input.time) s, applied before step \(input.step)"
                if !input.detail.isEmpty { s += " (\(input.detail))" }
                lines.append(s)
            }
            return lines.joined(separator: "\n")
        }
    }
}

/// The walk behind ``Run/firstDivergence(from:)``.
struct DivergenceSearch {
    let a: Run
    let b: Run
    /// Next unread input and event of each run (both lists are in frame order).
    var inputA = 0, inputB = 0, eventA = 0, eventB = 0

    init(a: Run, b: Run) { self.a = a; self.b = b }

    static func same(_ x: Double, _ y: Double) -> Bool { x.bitPattern == y.bitPattern }
    static func same(_ x: Double?, _ y: Double?) -> Bool {
        switch (x, y) {
        case (nil, nil): true
        case (let x?, let y?): x.bitPattern == y.bitPattern
        default: false
        }
    }

    /// `input`: the input the divergence is in, when it is one (else the last applied at or
    /// before `frame`).
    func make(
        _ part: Run.Divergence.Part, frame: Int?, item: (kind: String, id: Int)? = nil, field: String,
        _ value: Run.Divergence.Value, _ otherValue: Run.Divergence.Value, input differing: Run.Input? = nil
    ) -> Run.Divergence {
        var stage: Int?, name: String?, local: Int?, time: Double?
        if let frame {
            if let s = a.stage(at: frame) ?? b.stage(at: frame) { stage = s.offset; name = s.stage.name }
            // A frame index from a caller's Run may be anything, negative too.
            let f = a.steps.indices.contains(frame) ? a.steps[frame] : b.steps.indices.contains(frame) ? b.steps[frame] : nil
            local = f?.localStep
            time = f?.time
        }
        let input = differing ?? frame.flatMap { k in a.inputs.last { $0.step <= k } ?? b.inputs.last { $0.step <= k } }
        return Run.Divergence(
            part: part, step: frame, stage: stage, stageName: name, localStep: local, time: time, itemKind: item?.kind,
            id: item?.id, field: field, value: value, otherValue: otherValue, input: input, title: a.title,
            otherTitle: b.title, stepUnit: a.stepUnit)
    }

    mutating func search() -> Run.Divergence? {
        guard a.kind == b.kind else { return make(.kind, frame: nil, field: "kind", .text(a.kind), .text(b.kind)) }
        if let d = compareSchema() { return d }
        let common = min(a.steps.count, b.steps.count)
        for k in 0..<common {
            if let d = compareStages(at: k) { return d }
            if let d = compareInputs(through: k) { return d }
            if let d = compareItems(a.steps[k], b.steps[k]) { return d }
            if let d = compareEvents(through: k) { return d }
            let fa = a.steps[k], fb = b.steps[k]
            if !Self.same(fa.time, fb.time) { return make(.time, frame: k, field: "time", .number(fa.time), .number(fb.time)) }
            if fa.digest != fb.digest {
                return make(
                    .digest, frame: k, field: "digest", .text(fa.digest?.hex ?? "none"), .text(fb.digest?.hex ?? "none"))
            }
        }
        if a.steps.count != b.steps.count {
            return make(
                .stepCount, frame: common, field: "steps", .text("\(a.steps.count) steps"),
                .text("\(b.steps.count) steps"))
        }
        if let d = compareStages(at: common) { return d }
        if let d = compareInputs(through: Int.max) { return d }
        if let d = compareEvents(through: Int.max) { return d }
        if a.digest != b.digest { return make(.digest, frame: nil, field: "digest", .text(a.digest.hex), .text(b.digest.hex)) }
        return nil
    }

    func compareSchema() -> Run.Divergence? {
        for n in 0..<max(a.schema.count, b.schema.count) {
            let x = n < a.schema.count ? a.schema[n] : nil, y = n < b.schema.count ? b.schema[n] : nil
            guard x != y else { continue }
            func text(_ s: Run.ItemSchema?) -> Run.Divergence.Value {
                s.map { .text("\($0.itemKind): \($0.fields.joined(separator: " "))") } ?? .absent
            }
            return make(.schema, frame: nil, field: "schema[\(n)]", text(x), text(y))
        }
        return nil
    }

    /// Compares the stages that begin at frame `k` (every stage when `k` is past the end).
    func compareStages(at k: Int) -> Run.Divergence? {
        let sa = a.stages.filter { $0.firstStep == k || (k >= a.steps.count && $0.firstStep >= k) }
        let sb = b.stages.filter { $0.firstStep == k || (k >= b.steps.count && $0.firstStep >= k) }
        for n in 0..<max(sa.count, sb.count) {
            guard n < sa.count, n < sb.count else {
                return make(
                    .stage, frame: k < max(a.steps.count, b.steps.count) ? k : nil, field: "stages",
                    .text("\(a.stages.count) stages"), .text("\(b.stages.count) stages"))
            }
            if let d = compare(sa[n], sb[n], frame: k) { return d }
        }
        return nil
    }

    func compare(_ x: Run.Stage, _ y: Run.Stage, frame k: Int) -> Run.Divergence? {
        let frame: Int? = k < max(a.steps.count, b.steps.count) ? k : nil
        let vx = [x.viewport.x, x.viewport.y, x.viewport.width, x.viewport.height]
        let vy = [y.viewport.x, y.viewport.y, y.viewport.width, y.viewport.height]
        for (n, name) in ["x", "y", "width", "height"].enumerated() where !Self.same(vx[n], vy[n]) {
            return make(.stage, frame: frame, field: "viewport.\(name)", .number(vx[n]), .number(vy[n]))
        }
        if !Self.same(x.stepInterval, y.stepInterval) {
            return make(
                .stage, frame: frame, field: "stepInterval", x.stepInterval.map(Run.Divergence.Value.number) ?? .absent,
                y.stepInterval.map(Run.Divergence.Value.number) ?? .absent)
        }
        var i = 0, j = 0
        while i < x.items.count || j < y.items.count {
            let p = i < x.items.count ? x.items[i] : nil, q = j < y.items.count ? y.items[j] : nil
            if let p, let q, p.itemKind == q.itemKind, p.id == q.id {
                for n in 0..<max(p.facts.count, q.facts.count) {
                    let f = n < p.facts.count ? p.facts[n] : nil, g = n < q.facts.count ? q.facts[n] : nil
                    if f?.name != g?.name || !Self.same(f?.value, g?.value) {
                        return make(
                            .stage, frame: frame, item: (p.itemKind, p.id), field: f?.name ?? g?.name ?? "facts",
                            f.map { .number($0.value) } ?? .absent, g.map { .number($0.value) } ?? .absent)
                    }
                }
                i += 1; j += 1
                continue
            }
            // An item of one stage only: name the one that comes first in item order.
            let onlyA = q == nil || (p != nil && precedes(p!.itemKind, p!.id, q!.itemKind, q!.id))
            let item = onlyA ? p! : q!
            return make(
                .stage, frame: frame, item: (item.itemKind, item.id), field: "present", onlyA ? .text("present") : .absent,
                onlyA ? .absent : .text("present"))
        }
        return nil
    }

    /// Whether item (k1, i1) comes before (k2, i2): by the kind's place in the schema, then id.
    func precedes(_ k1: String, _ i1: Int, _ k2: String, _ i2: Int) -> Bool {
        let r1 = a.schema.firstIndex { $0.itemKind == k1 } ?? Int.max, r2 = a.schema.firstIndex { $0.itemKind == k2 } ?? Int.max
        return r1 != r2 ? r1 < r2 : (k1 != k2 ? k1 < k2 : i1 < i2)
    }

    static func same(_ x: Run.Input, _ y: Run.Input) -> Bool {
        x.step == y.step && same(x.time, y.time) && x.name == y.name && x.touch == y.touch && x.phase == y.phase
            && same(x.position?.x, y.position?.x) && same(x.position?.y, y.position?.y) && x.detail == y.detail
    }

    static func text(_ i: Run.Input) -> String {
        var s = i.name
        if let t = i.touch { s += " \(t)" }
        if let p = i.phase { s += " \(p)" }
        if let p = i.position { s += " at (\(p.x), \(p.y))" }
        s += " time \(i.time) s (\(NumberText.bits(i.time)))"
        if !i.detail.isEmpty { s += " \(i.detail)" }
        return s + " before step \(i.step)"
    }

    /// Compares the inputs applied before frames up to `k`.
    mutating func compareInputs(through k: Int) -> Run.Divergence? {
        while true {
            let x = inputA < a.inputs.count && a.inputs[inputA].step <= k ? a.inputs[inputA] : nil
            let y = inputB < b.inputs.count && b.inputs[inputB].step <= k ? b.inputs[inputB] : nil
            if x == nil, y == nil { return nil }
            if let x, let y, Self.same(x, y) {
                inputA += 1; inputB += 1
                continue
            }
            let frame = min(x?.step ?? Int.max, y?.step ?? Int.max)
            let n = (x != nil ? inputA : inputB)
            let at = frame < max(a.steps.count, b.steps.count) ? frame : nil
            // Both runs have an input here: name the field that differs, with both values (and
            // a number's bits); an input of one run only is shown whole.
            if let x, let y, let (field, p, q) = Self.difference(x, y) {
                return make(.inputs, frame: at, field: "inputs[\(n)].\(field)", p, q, input: x)
            }
            return make(
                .inputs, frame: at, field: "inputs[\(n)]", x.map { .text(Self.text($0)) } ?? .absent,
                y.map { .text(Self.text($0)) } ?? .absent, input: x ?? y)
        }
    }

    /// The first field in which two inputs differ (`frame`, `name`, `touch`, `phase`, `time`,
    /// `position.x`, `position.y`, `detail`), with both values; nil when they are the same.
    static func difference(_ x: Run.Input, _ y: Run.Input) -> (String, Run.Divergence.Value, Run.Divergence.Value)? {
        func text(_ s: String?) -> Run.Divergence.Value { s.map { .text($0) } ?? .absent }
        func number(_ d: Double?) -> Run.Divergence.Value { d.map { .number($0) } ?? .absent }
        if x.step != y.step { return ("step", .text("\(x.step)"), .text("\(y.step)")) }
        if x.name != y.name { return ("name", .text(x.name), .text(y.name)) }
        if x.touch != y.touch { return ("touch", text(x.touch.map { "\($0)" }), text(y.touch.map { "\($0)" })) }
        if x.phase != y.phase { return ("phase", text(x.phase), text(y.phase)) }
        if !same(x.time, y.time) { return ("time", .number(x.time), .number(y.time)) }
        if !same(x.position?.x, y.position?.x) { return ("position.x", number(x.position?.x), number(y.position?.x)) }
        if !same(x.position?.y, y.position?.y) { return ("position.y", number(x.position?.y), number(y.position?.y)) }
        if x.detail != y.detail { return ("detail", .text(x.detail), .text(y.detail)) }
        return nil
    }

    /// Compares the events of frames up to `k`.
    mutating func compareEvents(through k: Int) -> Run.Divergence? {
        while true {
            let x = eventA < a.events.count && a.events[eventA].step <= k ? a.events[eventA] : nil
            let y = eventB < b.events.count && b.events[eventB].step <= k ? b.events[eventB] : nil
            if x == nil, y == nil { return nil }
            if let x, let y, x == y {
                eventA += 1; eventB += 1
                continue
            }
            let e = x ?? y!
            let frame = min(x?.step ?? Int.max, y?.step ?? Int.max)
            func text(_ e: RunEvent) -> String {
                "\(e.kind) \(e.id) \(e.name)\(e.detail.isEmpty ? "" : " \(e.detail)") at step \(e.step)"
            }
            return make(
                .events, frame: frame < max(a.steps.count, b.steps.count) ? frame : nil, item: (e.kind, e.id),
                field: "events", x.map { .text(text($0)) } ?? .absent, y.map { .text(text($0)) } ?? .absent)
        }
    }

    func compareItems(_ fa: Run.Step, _ fb: Run.Step) -> Run.Divergence? {
        let k = fa.index
        var i = 0, j = 0
        while i < fa.items.count || j < fb.items.count {
            let p = i < fa.items.count ? fa.items[i] : nil, q = j < fb.items.count ? fb.items[j] : nil
            guard let p, let q, p.kind == q.kind, p.id == q.id else {
                let onlyA = q == nil || (p != nil && precedes(p!.kind, p!.id, q!.kind, q!.id))
                let item = onlyA ? p! : q!
                return make(
                    .item, frame: k, item: (item.kind, item.id), field: "present",
                    onlyA ? .text("present") : .absent, onlyA ? .absent : .text("present"))
            }
            let fields = a.schema.first { $0.itemKind == p.kind }?.fields ?? []
            for n in 0..<max(p.values.count, q.values.count) {
                let x = n < p.values.count ? p.values[n] : nil, y = n < q.values.count ? q.values[n] : nil
                if !Self.same(x, y) {
                    return make(
                        .item, frame: k, item: (p.kind, p.id), field: n < fields.count ? fields[n] : "values[\(n)]",
                        x.map(Run.Divergence.Value.number) ?? .absent, y.map(Run.Divergence.Value.number) ?? .absent)
                }
            }
            for n in 0..<max(p.points.count, q.points.count) {
                let x = n < p.points.count ? p.points[n] : nil, y = n < q.points.count ? q.points[n] : nil
                if !Self.same(x, y) {
                    return make(
                        .item, frame: k, item: (p.kind, p.id), field: "points[\(n)]",
                        x.map(Run.Divergence.Value.number) ?? .absent, y.map(Run.Divergence.Value.number) ?? .absent)
                }
            }
            if p.phase != q.phase {
                return make(
                    .item, frame: k, item: (p.kind, p.id), field: "phase", p.phase.map { .text($0) } ?? .absent,
                    q.phase.map { .text($0) } ?? .absent)
            }
            i += 1; j += 1
        }
        return nil
    }
}
