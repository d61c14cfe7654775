#if FLING_TESTABLE
import Fling
import FlingPathsTestSupport
@testable import FlingView
@testable import FlingScenes
@testable import FlingPaths
@testable import FlingCurves

// FlingPaths and FlingScenes: path data, Bézier geometry, morphing, conveyors, pictures; the
// seeded scenes (bubbles, the day-night picker, clouds) and transitions.

extension SurfaceWalk {
    /// Paths a caller can build: empty, degenerate, huge, non-finite, many subpaths.
    static var hostilePaths: [BezierPath] {
        let square = try! BezierPath(svg: "M0 0 H100 V100 H0 Z")
        var out: [BezierPath] = [
            BezierPath(subpaths: []), square, BezierPath(subpaths: [.init(start: .zero, segments: [], isClosed: true)]),
        ]
        for v in Hostile.vectors {
            out.append(BezierPath(subpaths: [.init(start: v, segments: [CubicSegment(v, .zero, v, Vector(1, 1))], isClosed: false)]))
        }
        out.append(square.mapPoints { $0 * 1e300 })
        out.append(BezierPath(subpaths: Array(repeating: square.subpaths[0], count: 2000)))
        return out
    }

    mutating func registerPaths() {
        add(
            "FlingPaths.PathData.init(_:)", "FlingPaths.PathData.lenient(_:)", "FlingPaths.PathData.init(commands:)",
            "FlingPaths.PathData.text", "FlingPaths.PathData.bezierPath", "FlingPaths.PathData.number(_:)",
            "FlingPaths.PathCommand.letter", "FlingPaths.PathCommand.numbers", "FlingPaths.BezierPath.init(svg:)"
        ) { p in
            for s in Hostile.strings + [
                "M 0 0 A 1e300 1e-300 1e300 1 1 1e300 -1e300 Z", "M0 0 a0 0 0 0 0 0 0", "m 1 1 t 1e308 1e308 s -1e308 1 1 1",
            ] {
                p.call { () throws(FlingError) in try PathData(s).bezierPath }
                p.call { () throws(FlingError) in try BezierPath(svg: s) }
                p.count { PathData.lenient(s) }
            }
            for x in Hostile.doubles {
                p.count { PathData.number(x) }
                let commands: [PathCommand] = [
                    .moveTo(Vector(x, x), relative: true), .lineTo(Vector(x, 1), relative: false), .horizontalTo(x, relative: true),
                    .verticalTo(x, relative: false), .cubicTo(Vector(x, 0), Vector(0, x), Vector(x, x), relative: true),
                    .smoothCubicTo(Vector(x, 1), Vector(1, x), relative: false), .quadTo(Vector(x, 2), Vector(2, x), relative: true),
                    .smoothQuadTo(Vector(x, x), relative: true),
                    .arcTo(radii: Vector(x, x), rotation: x, largeArc: true, sweep: false, to: Vector(x, -x), relative: false), .closePath,
                ]
                let d = PathData(commands: commands)
                p.count { (d.text, d.bezierPath) }
                for c in commands { p.count { (c.letter, c.numbers) } }
            }
        }
        add(
            "FlingPaths.CubicSegment.init(_:_:_:_:)", "FlingPaths.CubicSegment.line(_:_:)", "FlingPaths.CubicSegment.quadratic(_:_:_:)",
            "FlingPaths.CubicSegment.points", "FlingPaths.CubicSegment.reversed", "FlingPaths.CubicSegment.point(at:)",
            "FlingPaths.CubicSegment.derivative(at:)", "FlingPaths.CubicSegment.tangent(at:)", "FlingPaths.CubicSegment.split(at:)",
            "FlingPaths.CubicSegment.piece(from:to:)", "FlingPaths.CubicSegment.bounds", "FlingPaths.CubicSegment.length(from:to:)",
            "FlingPaths.CubicSegment.parameter(atLength:)", "FlingPaths.CubicSegment.flatten(tolerance:into:)",
            "FlingPaths.BoundingBox.init(min:max:)", "FlingPaths.BoundingBox.center", "FlingPaths.BoundingBox.union(_:)"
        ) { p in
            for v in Hostile.vectors.enumerated().filter({ $0.offset % 4 == 0 }).map(\.element) {
                let segments = [CubicSegment(.zero, v, -v, Vector(1, 1)), CubicSegment.line(v, .zero), CubicSegment.quadratic(.zero, v, v)]
                for c in segments {
                    p.count { (c.points, c.reversed, c.bounds.center, c.bounds.union(BoundingBox(min: v, max: -v))) }
                    for t in Hostile.doubles {
                        p.count { (c.point(at: t), c.derivative(at: t), c.tangent(at: t), c.split(at: t)) }
                        p.count { c.piece(from: t, to: 0.5) }
                        p.count { c.length(from: t, to: 1) }
                        p.count { c.parameter(atLength: t) }
                    }
                    for t in Hostile.tolerances {
                        var out: [Vector] = []
                        p.call { () throws(FlingError) in try c.flatten(tolerance: t, into: &out) }
                    }
                }
            }
        }
        add(
            "FlingPaths.BezierPath.init(subpaths:)", "FlingPaths.BezierPath.Subpath.init(start:segments:isClosed:)",
            "FlingPaths.BezierPath.segmentCount", "FlingPaths.BezierPath.svgData", "FlingPaths.BezierPath.bounds",
            "FlingPaths.BezierPath.length", "FlingPaths.BezierPath.allSegments", "FlingPaths.BezierPath.point(atLength:)",
            "FlingPaths.BezierPath.flattened(tolerance:)", "FlingPaths.BezierPath.mapPoints(_:)", "FlingPaths.BezierPath.combine(into:)"
        ) { p in
            var d = StateDigest()
            for path in SurfaceWalk.hostilePaths {
                p.count { (path.segmentCount, path.svgData, path.bounds, path.length, path.allSegments) }
                p.count { path.mapPoints { $0 * .nan } }
                p.count { path.combine(into: &d) }
                for x in Hostile.doubles { p.count { path.point(atLength: x) } }
                for x in Hostile.tolerances { p.call { () throws(FlingError) in try path.flattened(tolerance: x) } }
            }
        }
        add(
            "FlingPaths.PathMorph.sameStructure(_:_:)", "FlingPaths.PathMorph.match(_:_:)", "FlingPaths.PathMorph.interpolate(_:_:_:)"
        ) { p in
            let paths = SurfaceWalk.hostilePaths.prefix(8) + SurfaceWalk.hostilePaths.suffix(2)
            let long = BezierPath(subpaths: [
                .init(start: .zero, segments: Array(repeating: .line(.zero, Vector(1, 1)), count: 100_000), isClosed: true)
            ])
            for a in paths + [long] {
                for b in paths {
                    p.count { PathMorph.sameStructure(a, b) }
                    p.call { () throws(FlingError) in try PathMorph.match(a, b) }
                    p.call { () throws(FlingError) in try PathMorph.match(b, a) }
                    for t in [0.5, .nan, .infinity] { p.count { PathMorph.interpolate(a, b, t) } }
                }
            }
        }
        add(
            "FlingCurves.TimingFunction.init(_:_:_:_:)", "FlingCurves.TimingFunction.callAsFunction(_:)",
            "FlingCurves.TimingFunction.parameter(for:)"
        ) { p in
            for v in varied([0.25, 0.1, 0.25, 1]) {
                p.call { () throws(FlingError) in try TimingFunction(v[0], v[1], v[2], v[3]) }
            }
            for f in [TimingFunction.linear, .easeIn, .easeOut, .easeInEaseOut, .default] {
                for x in Hostile.doubles { p.count { f(x) }; p.count { f.parameter(for: x) } }
            }
        }
        add(
            "FlingPaths.KeyframeAnimation.activeDuration", "FlingPaths.KeyframeAnimation.progress(at:)",
            "FlingPaths.KeyframeAnimation.shape(at:)", "FlingPaths.KeyframeAnimation.shape(progress:)",
            "FlingPaths.KeyframeAnimation.sampleTimes(count:from:to:)", "FlingPaths.KeyframeAnimation.sampleDigest(count:from:to:)",
            "FlingPaths.KeyframeAnimation.sampleWork(count:)"
        ) { p in
            let frames = SurfaceWalk.hostilePaths
            for k in [0, 1, 2, 5, frames.count] {
                for d in Hostile.doubles {
                    for r in [1, .infinity, d] {
                        p.call { () throws(FlingError) in
                            try KeyframeAnimation(
                                keyframes: Array(frames.prefix(k)), keyTimes: nil, timingFunctions: [.easeIn], duration: d, repeatCount: r,
                                autoreverses: k % 2 == 0)
                        }
                    }
                }
                for times in [[], [0, 1], [0, .nan], [1, 0], Array(repeating: 0.5, count: k)] {
                    p.call { () throws(FlingError) in
                        try KeyframeAnimation(keyframes: Array(frames.prefix(k)), keyTimes: times, duration: 1)
                    }
                }
            }
            for n in Hostile.counts {
                for x in Hostile.doubles.prefix(8) {
                    p.call { () throws(FlingError) in try KeyframeAnimation.sampleTimes(count: n, from: x, to: 1) }
                }
            }
            for repeats in [Double.infinity, 2.5] {
                guard
                    let a = try? KeyframeAnimation(
                        keyframes: Array(frames.prefix(6)), duration: 0.7, repeatCount: repeats, autoreverses: true)
                else { continue }
                p.count { a.activeDuration }
                for x in Hostile.doubles {
                    p.count { (a.progress(at: x), a.shape(at: x), a.shape(progress: x)) }
                    for n in Hostile.counts {
                        p.call { () throws(FlingError) in try a.sampleDigest(count: n, from: x, to: nil) }
                        p.count { a.sampleWork(count: n) }
                    }
                }
            }
        }
        add(
            "FlingPaths.Conveyor.init(from:to:spacing:period:reversed:fadeLength:)", "FlingPaths.Conveyor.length",
            "FlingPaths.Conveyor.period", "FlingPaths.Conveyor.velocity", "FlingPaths.Conveyor.alpha(atDistance:)",
            "FlingPaths.Conveyor.items(at:)", "FlingPaths.Conveyor.items(atNanoseconds:)", "FlingPaths.Conveyor.sampleDigest(count:)",
            "FlingPaths.Conveyor.items(atNanoseconds:from:to:)", "FlingPaths.Conveyor.itemsShown",
            "FlingPaths.Conveyor.sampleNanoseconds(_:of:over:)", "FlingPaths.Conveyor.sampleWork(count:)"
        ) { p in
            for v in varied([0, 320, 160, 3, 50]) {
                for reversed in [false, true] {
                    p.call { () throws(FlingError) in
                        let c = try Conveyor(
                            from: Vector(v[0], 20), to: Vector(v[1], 20), spacing: v[2], period: v[3], reversed: reversed, fadeLength: v[4])
                        return (c.length, c.period, c.velocity, c.alpha(atDistance: v[0]), c.items(at: v[3]))
                    }
                }
            }
            let c = MapPinKeyframes.dots()
            for x in Hostile.doubles { p.count { c.items(at: x) }; p.count { c.alpha(atDistance: x) } }
            for t in [Int64.max, .min, 0, -1, 1] {
                p.count { c.items(atNanoseconds: t) }
                for x in Hostile.doubles { p.count { c.items(atNanoseconds: t, from: x, to: -x) } }
            }
            p.count { c.itemsShown }
            for n in Hostile.counts {
                p.call { () throws(FlingError) in try c.sampleDigest(count: n) }
                p.count { c.sampleWork(count: n) }
            }
            for k in Hostile.ints {
                for n in Hostile.ints {
                    for span in [Int64.max, .min, 0, -1, 1] { p.count { Conveyor.sampleNanoseconds(k, of: n, over: span) } }
                }
            }
        }
        add(
            "FlingPaths.CubicSegment.LengthTable.init(_:spans:)",
            "FlingPaths.CubicSegment.LengthTable.length", "FlingPaths.CubicSegment.LengthTable.parameter(atLengthFraction:)"
        ) { p in
            for x in Hostile.doubles {
                let segment = CubicSegment(Vector(x, 0), Vector(0, x), Vector(x, x), Vector(-x, 1))
                for spans in [Int.max, .min, -1, 0, 1, 16] {
                    let table = CubicSegment.LengthTable(segment, spans: spans)
                    p.count { (table.segment, table.length) }
                    for f in Hostile.doubles { p.count { table.parameter(atLengthFraction: f) } }
                }
            }
        }
        add(
            "FlingView.PathSVG.filmstrip(_:times:columns:cell:fill:title:)",
            "FlingView.PathSVG.animated(_:frames:fill:size:)", "FlingView.PathSVG.filmstrip(_:nanoseconds:radius:fill:)",
            "FlingView.PathSVG.animated(_:frames:radius:fill:)"
        ) { p in
            let pin = MapPinKeyframes.jumpingMapPin(), dots = MapPinKeyframes.dots()
            for n in Hostile.counts {
                p.call { () throws(FlingError) in _ = try PathSVG.animated(pin, frames: n, fill: "<&\"", size: .nan) }
                p.count { PathSVG.animated(dots, frames: n, radius: .infinity, fill: "") }
                p.count { PathSVG.filmstrip(pin, times: Hostile.doubles, columns: n, cell: .nan, fill: "\u{0}", title: "<t>") }
            }
            p.count { PathSVG.filmstrip(pin, times: Array(repeating: 0.5, count: 2_000)) }
            p.count { PathSVG.filmstrip(dots, nanoseconds: [Int64.max, .min, 0], radius: -1, fill: "&") }
            p.count { PathSVG.filmstrip(dots, nanoseconds: Array(repeating: 7, count: 2_000)) }
        }
    }

    mutating func registerScenes() {
        add(
            "FlingScenes.BubbleEmitter.Configuration.jrmFloatingAnimation(startingPoint:viewWidth:)",
            "FlingScenes.DayNightPicker.Configuration.toonie", "FlingScenes.DayNightPicker.skyCopies(_:)"
        ) { p in
            // The presets with extreme arguments (negative, zero, NaN, infinite, huge), each made
            // into the scene it configures, bubbles that stay included.
            for v in Hostile.vectors {
                for w in Hostile.doubles {
                    p.call { () throws(FlingError) in
                        var c = try BubbleEmitter.Configuration.jrmFloatingAnimation(startingPoint: v, viewWidth: w)
                        for shape in BubbleEmitter.Shape.allCases {
                            c.shape = shape
                            c.removeOnCompletion = shape != .straight
                            var e = try BubbleEmitter(configuration: c, seed: 1)
                            try e.tap(at: 0)
                            try e.advance(to: 3)
                        }
                    }
                }
            }
            let toonie = DayNightPicker.Configuration.toonie
            p.call { () throws(FlingError) in try toonie.validate() }
            for h in Hostile.doubles {
                var c = toonie
                c.viewHeight = h
                c.imageHeight = -h
                p.count { DayNightPicker.skyCopies(c) }
            }
            for m in Hostile.doubles {
                p.call { () throws(FlingError) in
                    var picker = try DayNightPicker(configuration: toonie, minutes: m)
                    try picker.pick(-m, at: 0)
                    _ = picker.layers(at: 1)
                }
            }
        }
        add(
            "FlingScenes.BubbleCurve.init(origin:height:sway:)", "FlingScenes.BubbleCurve.length",
            "FlingScenes.BubbleCurve.length(from:to:)",
            "FlingScenes.BubbleCurve.point(at:)", "FlingScenes.BubbleCurve.velocity(at:)",
            "FlingScenes.BubbleCurve.parameter(atLengthFraction:)", "FlingScenes.BubbleCurve.start",
            "FlingScenes.BubbleCurve.control1", "FlingScenes.BubbleCurve.control2", "FlingScenes.BubbleCurve.end"
        ) { p in
            for v in varied([0, 0, 200, 30]) {
                let c = BubbleCurve(origin: Vector(v[0], v[1]), height: v[2], sway: v[3])
                p.count { (c.length, c.start, c.control1, c.control2, c.end) }
                for x in Hostile.doubles {
                    p.count { (c.point(at: x), c.velocity(at: x), c.parameter(atLengthFraction: x), c.length(from: x, to: 1)) }
                }
            }
        }
        add(
            "FlingScenes.BubbleEmitter.Configuration.init()", "FlingScenes.BubbleEmitter.Configuration.validate()",
            "FlingScenes.BubbleEmitter.init(configuration:seed:)", "FlingScenes.BubbleEmitter.tap(at:)",
            "FlingScenes.BubbleEmitter.advance(to:)", "FlingScenes.BubbleEmitter.states(into:)", "FlingScenes.BubbleEmitter.state(of:at:)",
            "FlingScenes.BubbleEmitter.bubbles", "FlingScenes.BubbleEmitter.taps", "FlingScenes.BubbleEmitter.time",
            "FlingScenes.BubbleEmitter.Source.position(at:)", "FlingScenes.BubbleEmitter.Event.description",
            "FlingScenes.BubbleEmitter.Event.Kind.init(rawValue:)", "FlingScenes.BubbleEmitter.Timing.init(rawValue:)",
            "FlingScenes.BubbleEmitter.lastEmitted", "FlingScenes.BubbleEmitter.Bubble.id", "FlingScenes.BubbleEmitter.Bubble.born",
            "FlingScenes.BubbleEmitter.Bubble.curve", "FlingScenes.BubbleEmitter.Bubble.duration", "FlingScenes.BubbleEmitter.Bubble.size",
            "FlingScenes.BubbleEmitter.Bubble.mirrored", "FlingScenes.BubbleEmitter.Configuration.variesLook"
        ) { p in
            for s in Hostile.strings + ["emitted", "paced"] {
                p.count { BubbleEmitter.Event.Kind(rawValue: s) }; p.count { BubbleEmitter.Timing(rawValue: s) }
            }
            for r in Hostile.ranges {
                for x in Hostile.doubles.prefix(10) {
                    var c = BubbleEmitter.Configuration()
                    c.interval = r; c.height = r; c.sway = r; c.duration = r; c.size = r; c.startOffset = r; c.popScale = x;
                    c.popDuration = x
                    c.source = .sweep(from: Vector(x, 0), to: Vector(0, x), period: x)
                    p.count { c.source.position(at: x) }
                    p.call { () throws(FlingError) in try c.validate() }
                    for seed in Hostile.unsigned { p.call { () throws(FlingError) in try BubbleEmitter(configuration: c, seed: seed) } }
                }
            }
            var c = BubbleEmitter.Configuration()
            c.interval = 1e-4...1e-4
            c.duration = 1e6...1e6
            guard var e = try? BubbleEmitter(configuration: c, seed: 1) else { return }
            var states: [BubbleEmitter.State] = []
            for t in Hostile.doubles + [50, 100, 1e9] {
                p.call { () throws(FlingError) in try e.tap(at: t) }
                p.call { () throws(FlingError) in try e.advance(to: t).map(\.description) }
                p.count { e.states(into: &states) }
                p.count { (e.bubbles.count, e.taps.count, e.time, e.configuration.variesLook) }
                p.count { e.lastEmitted.map { ($0.id, $0.born, $0.curve, $0.duration, $0.size, $0.mirrored) } }
                if let b = e.bubbles.first { for x in Hostile.doubles { p.call { () throws(FlingError) in try e.state(of: b, at: x) } } }
            }
        }
        add(
            "FlingScenes.CloudSpawner.Configuration.init()", "FlingScenes.CloudSpawner.Configuration.validate()",
            "FlingScenes.CloudSpawner.init(configuration:seed:)", "FlingScenes.CloudSpawner.advance(to:)",
            "FlingScenes.CloudSpawner.clouds",
            "FlingScenes.CloudSpawner.time", "FlingScenes.CloudSpawner.Cloud.position(at:)", "FlingScenes.CloudSpawner.Cloud.leaves",
            "FlingScenes.CloudSpawner.Event.description", "FlingScenes.CloudSpawner.Event.Kind.init(rawValue:)"
        ) { p in
            for s in Hostile.strings + ["appeared"] { p.count { CloudSpawner.Event.Kind(rawValue: s) } }
            for r in Hostile.ranges {
                for x in Hostile.doubles.prefix(10) {
                    var c = CloudSpawner.Configuration()
                    c.viewWidth = x; c.interval = r; c.speed = r; c.alpha = r; c.height = r; c.variants = [Vector(x, x)]
                    p.call { () throws(FlingError) in try c.validate() }
                    p.call { () throws(FlingError) in try CloudSpawner(configuration: c, seed: .max) }
                }
            }
            var none = CloudSpawner.Configuration()
            none.variants = []
            p.call { () throws(FlingError) in try CloudSpawner(configuration: none, seed: 1) }
            var c = CloudSpawner.Configuration()
            c.interval = 1e-3...1e-3
            c.speed = 1e-3...1e-3
            guard var s = try? CloudSpawner(configuration: c, seed: 1) else { return }
            for t in Hostile.doubles + [10, 1e9] {
                p.call { () throws(FlingError) in try s.advance(to: t).map(\.description) }
                p.count { (s.clouds.count, s.time) }
                if let cloud = s.clouds.first { for x in Hostile.doubles { p.count { (cloud.position(at: x), cloud.leaves) } } }
            }
        }
        add(
            "FlingScenes.DayNightPicker.Configuration.init()", "FlingScenes.DayNightPicker.Configuration.validate()",
            "FlingScenes.DayNightPicker.init(configuration:minutes:)", "FlingScenes.DayNightPicker.pick(_:at:)",
            "FlingScenes.DayNightPicker.value(at:)", "FlingScenes.DayNightPicker.layers(at:)",
            "FlingScenes.DayNightPicker.layers(minutes:_:)",
            "FlingScenes.DayNightPicker.pickTime", "FlingScenes.DayNightPicker.picks", "FlingScenes.DayNightPicker.target",
            "FlingScenes.DayNightPicker.Pick.init(time:minutes:)", "FlingScenes.DayNightPicker.Ramp.init(rawValue:)",
            "FlingScenes.DayNightPicker.Wrap.init(rawValue:)", "FlingScenes.TimeTransition.spring(_:)",
            "FlingScenes.TimeTransition.easeInEaseOut(duration:)", "FlingScenes.TimeTransition.settleTime",
            "FlingScenes.TimeTransition.progress(at:)"
        ) { p in
            for s in Hostile.strings + ["smooth", "signed"] {
                p.count { DayNightPicker.Ramp(rawValue: s) }; p.count { DayNightPicker.Wrap(rawValue: s) }
            }
            for v in varied([2880, 400, 1, 0.55, 0.825]) {
                var c = DayNightPicker.Configuration()
                c.imageHeight = v[0]; c.viewHeight = v[1]; c.sunMultiple = v[2]
                c.transition = .spring(response: v[3], dampingFraction: v[4])
                let transitions: [TimeTransition] = [
                    c.transition, .easeInEaseOut(duration: v[3]), .spring(SpringTuning(frequency: v[3], dampingRatio: v[4])),
                    .curve(duration: v[3], x1: v[4], y1: v[0], x2: v[4], y2: v[2]),
                ]
                for t in transitions {
                    p.count { t.settleTime }
                    for x in Hostile.doubles { p.count { t.progress(at: x) } }
                }
                p.call { () throws(FlingError) in try c.validate() }
                for m in Hostile.doubles { p.call { () throws(FlingError) in try DayNightPicker.layers(minutes: m, c) } }
                p.call { () throws(FlingError) in try DayNightPicker(configuration: c, minutes: v[2]) }
            }
            var zero = DayNightPicker.Configuration()
            zero.imageHeight = 0
            p.call { () throws(FlingError) in try DayNightPicker.layers(minutes: 0, zero) }
            guard var picker = try? DayNightPicker(minutes: 1380) else { return }
            for t in Hostile.doubles + [1, 2, 1e9] {
                for m in Hostile.doubles.prefix(12) + [60, 1439.9] {
                    p.count { DayNightPicker.Pick(time: t, minutes: m) }
                    p.call { () throws(FlingError) in try picker.pick(m, at: t) }
                }
                p.count { (picker.value(at: t), picker.layers(at: t), picker.pickTime, picker.picks.count, picker.target) }
            }
        }
    }
}
#endif
