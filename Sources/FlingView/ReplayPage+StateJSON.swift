// A run's exact state at chosen steps, as JSON whose every number is the 16 hex digits of its
// IEEE 754 bits: what `fling view --json` writes and the headless-Chromium check
// (.ci/browser-check) compares the page's readback with, bit for bit. It lives beside the page
// because it is the page's own schema.
import _FlingCoding
import FlingCore
import FlingTraces

extension ReplayPage {
    /// The run's exact state at the steps `positions` (indices into `Run/steps`; others left
    /// out), as JSON whose every number is the 16 hex digits of its IEEE 754 bits: what a page of
    /// the run reads back in a browser, to compare bit for bit (`fling view --json` writes it).
    ///
    /// Its shape: `{"kind", "title", "frameUnit", "count", "digest", "schema", "stages": [{"firstFrame",
    /// "frameCount", "viewport", "frameInterval", "items": [{"kind", "id", "label", "facts": {name: bits}}]}],
    /// "events", "inputs": [[index, name, touch, phase, x bits, y bits, time bits, detail,
    /// frame]] (every input), "predictions": [[kind, id, frame, until, outcome, x bits, y bits,
    /// angle bits]], "frames": [{"frame", "local", "time", "digest", "inputs" (those
    /// applied before the frame), "items": [{"kind", "id", "phase", "values": {field: bits},
    /// "points": [bits]}]}]}`.
    public static func stateJSON(of run: Run, steps positions: [Int]) -> String {
        func bits(_ x: Double) -> String { PageJSON.string(String(NumberText.bits(x).dropFirst(2))) }
        func input(_ n: Int, _ i: Run.Input) -> String {
            PageJSON.array([
                "\(n)", PageJSON.string(i.name), i.touch.map { "\($0)" } ?? "null", i.phase.map(PageJSON.string) ?? "null",
                i.position.map { bits($0.x) } ?? "null", i.position.map { bits($0.y) } ?? "null", bits(i.time),
                PageJSON.string(i.detail), "\(i.step)",
            ])
        }
        let frames = positions.filter { run.steps.indices.contains($0) }.map { p -> String in
            let f = run.steps[p]
            let items = f.items.map { item -> String in
                PageJSON.object([
                    ("kind", PageJSON.string(item.kind)), ("id", "\(item.id)"), ("phase", item.phase.map(PageJSON.string) ?? "null"),
                    ("values", PageJSON.object(zip(item.fields, item.values).map { ($0, bits($1)) })),
                    ("points", PageJSON.array(item.points.map(bits))),
                ])
            }
            let inputs = run.inputs.enumerated().filter { $0.element.step == p }.map { n, i in input(n, i) }
            return PageJSON.object([
                ("frame", "\(p)"), ("local", "\(f.localStep)"), ("time", bits(f.time)),
                ("digest", f.digest.map { PageJSON.string($0.hex) } ?? "null"), ("inputs", PageJSON.array(inputs)),
                ("items", PageJSON.array(items)),
            ])
        }
        func rect(_ r: Rect) -> String { PageJSON.array([r.x, r.y, r.width, r.height].map(bits)) }
        let stages = run.stages.map { st in
            PageJSON.object([
                ("firstFrame", "\(st.firstStep)"), ("frameCount", "\(st.stepCount)"), ("viewport", rect(st.viewport)),
                ("frameInterval", st.stepInterval.map(bits) ?? "null"),
                (
                    "items",
                    PageJSON.array(
                        st.items.map { s in
                            PageJSON.object([
                                ("kind", PageJSON.string(s.itemKind)), ("id", "\(s.id)"), ("label", PageJSON.string(s.label)),
                                ("facts", PageJSON.object(s.facts.map { ($0.name, bits($0.value)) })),
                            ])
                        })
                ),
            ])
        }
        return PageJSON.object([
            ("kind", PageJSON.string(run.kind)), ("title", PageJSON.string(run.title)), ("frameUnit", PageJSON.string(run.stepUnit)),
            ("count", "\(run.steps.count)"), ("digest", PageJSON.string(run.digest.hex)),
            (
                "schema",
                PageJSON.array(
                    run.schema.map {
                        PageJSON.object([
                            ("kind", PageJSON.string($0.itemKind)), ("fields", PageJSON.array($0.fields.map(PageJSON.string))),
                        ])
                    })
            ),
            ("stages", PageJSON.array(stages)),
            ("inputs", PageJSON.array(run.inputs.enumerated().map { n, i in input(n, i) })),
            (
                "events",
                PageJSON.array(
                    run.events.map { PageJSON.array(["\($0.step)", PageJSON.string($0.kind), "\($0.id)", PageJSON.string($0.name)]) })
            ),
            (
                "predictions",
                PageJSON.array(
                    run.predictions.map { p in
                        PageJSON.array([
                            PageJSON.string(p.itemKind), "\(p.id)", "\(p.step)", "\(p.until)", PageJSON.string(p.outcome), bits(p.x),
                            bits(p.y), bits(p.angle),
                        ])
                    })
            ),
            ("frames", PageJSON.array(frames)),
        ]) + "\n"
    }
}
