import FlingCore

// A run's exact state at chosen frames, as JSON whose every number is the 16 hex digits of its
// IEEE 754 bits: what `fling view --json` writes and the headless-Chromium check
// (.ci/browser-check) compares the page's readback with, bit for bit.

package enum RunJSON {
    static func bits(_ x: Double) -> String { PageJSON.string(RunDivergence.hex(x.bitPattern)) }

    /// `{"kind", "title", "count", "schema", "stage", "frames": [{"frame", "index", "time",
    /// "digest", "items": [{"kind", "id", "phase", "values": {field: bits}, "points": [bits]}]}]}`.
    package static func frames(_ run: Run, _ positions: [Int]) -> String {
        let frames = positions.filter { run.frames.indices.contains($0) }.map { p -> String in
            let f = run.frames[p]
            let items = f.items.map { item -> String in
                let names = run.schema.first { $0.itemKind == item.itemKind }?.fields ?? []
                return PageJSON.object([
                    ("kind", PageJSON.string(item.itemKind)), ("id", "\(item.id)"), ("phase", item.phase.map(PageJSON.string) ?? "null"),
                    ("values", PageJSON.object(zip(names, item.values).map { ($0, bits($1)) })),
                    ("points", PageJSON.array(item.points.map(bits))),
                ])
            }
            return PageJSON.object([
                ("frame", "\(p)"), ("index", "\(f.index)"), ("time", bits(f.time)),
                ("digest", f.digest.map { PageJSON.string($0.hex) } ?? "null"), ("items", PageJSON.array(items)),
            ])
        }
        let stage = run.stage.items.map { s in
            PageJSON.object([
                ("kind", PageJSON.string(s.itemKind)), ("id", "\(s.id)"), ("label", PageJSON.string(s.label)),
                ("facts", PageJSON.object(s.facts.map { ($0.name, bits($0.value)) })),
            ])
        }
        let v = run.stage.viewport
        return PageJSON.object([
            ("kind", PageJSON.string(run.kind)), ("title", PageJSON.string(run.title)), ("count", "\(run.frames.count)"),
            ("digest", PageJSON.string(run.digest.hex)), ("viewport", PageJSON.array([v.x, v.y, v.width, v.height].map(bits))),
            (
                "schema",
                PageJSON.array(
                    run.schema.map {
                        PageJSON.object([
                            ("kind", PageJSON.string($0.itemKind)), ("fields", PageJSON.array($0.fields.map(PageJSON.string))),
                        ])
                    })
            ),
            ("stage", PageJSON.array(stage)),
            (
                "events",
                PageJSON.array(
                    run.events.map { PageJSON.array(["\($0.frame)", PageJSON.string($0.itemKind), "\($0.id)", PageJSON.string($0.name)]) })
            ),
            ("frames", PageJSON.array(frames)),
        ]) + "\n"
    }
}
