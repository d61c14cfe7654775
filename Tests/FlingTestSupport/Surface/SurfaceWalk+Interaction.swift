#if FLING_TESTABLE
import Fling
@testable import FlingInteraction
@testable import FlingCurves

// FlingInteraction: the tile animator, the velocity tracker, snap items, chat heads and the
// sun switch, and their small value types.

extension SurfaceWalk {
    /// A tile animator of one tile and a snap animator of one item, on fresh native backends.
    static func oneTileAndOneItem() -> (TileAnimator, SnapAnimator)? {
        let tile = TileDefinition(id: 1, frame: Rect(x: 100, y: 100, width: 80, height: 80))
        let item = SnapItem(id: 1, center: Vector(50, 50), width: 40, height: 40, restingPlaces: .points([Vector(50, 50)]))
        guard
            let tiles = try? TileAnimator(viewport: Rect(x: 0, y: 0, width: 390, height: 844), tiles: [tile], backend: try NativeBackend()),
            let snap = try? SnapAnimator(items: [item], backend: try NativeBackend())
        else { return nil }
        return (tiles, snap)
    }

    mutating func registerInteraction() {
        add(
            "FlingInteraction.Identifier.init(_:)", "FlingInteraction.Identifier.init(integerLiteral:)",
            "FlingInteraction.Identifier.<(_:_:)",
            "FlingInteraction.Identifier.description", "FlingInteraction.Identifier.init(_:)",
            "FlingInteraction.Identifier.init(integerLiteral:)",
            "FlingInteraction.Identifier.<(_:_:)", "FlingInteraction.Identifier.description"
        ) { p in
            for n in Hostile.ints {
                p.count { (TileID(n) < TileID(integerLiteral: ~n), TileID(n).description) }
                p.count { (TouchID(n) < TouchID(integerLiteral: n), TouchID(n).description) }
            }
        }
        add(
            "FlingInteraction.TouchEvent.init(time:touch:phase:position:item:)", "FlingInteraction.TouchEvent.Phase.init(rawValue:)",
            "FlingInteraction.TilePhase.description", "FlingInteraction.ReleaseOutcome.init(rawValue:)",
            "FlingInteraction.TileEvent.init(tick:tile:kind:)", "FlingInteraction.TileEvent.description",
            "FlingInteraction.TileEvent.Kind.description", "FlingInteraction.SnapEvent.init(tick:item:kind:)",
            "FlingInteraction.SnapEvent.description", "FlingInteraction.SnapEvent.Kind.description",

        ) { p in
            for s in Hostile.strings + ["began", "attract", "fall"] {
                p.count { TouchEvent.Phase(rawValue: s) }; p.count { ReleaseOutcome(rawValue: s) }
            }
            for t in Hostile.doubles {
                let e = TouchEvent(time: t, touch: TouchID(Int.min), phase: .moved, position: Vector(t, t), item: TileID(Int.max))
                for k in Hostile.ints {
                    p.count {
                        SnapEvent(
                            tick: k, item: SnapItem.ID(k), kind: .released(velocity: e.position, projected: e.position, target: .zero))
                    }
                    let snapKinds: [SnapEvent.Kind] = [
                        .grabbed(touch: TouchID(k)), .released(velocity: e.position, projected: e.position, target: .zero),
                        .tapped(touch: TouchID(k), at: e.position), .sent(target: e.position), .settled(at: e.position),
                    ]
                    for kind in snapKinds {
                        for item in [SnapItem.ID(k), nil] { p.count { SnapEvent(tick: k, item: item, kind: kind).description } }
                    }
                    let kinds: [TileEvent.Kind] = [
                        .grabbed(touch: TouchID(k), at: e.position), .released(outcome: .attract, velocity: e.position, cancelled: true),
                        .settled,
                        .culled,
                    ]
                    for kind in kinds { p.count { (TileEvent(tick: k, tile: TileID(k), kind: kind).description, kind.description) } }
                }
            }
            for phase in [TilePhase.resting, .held(by: TouchID(Int.min)), .attracted, .falling, .culled] { p.count { phase.description } }
        }
        add(
            "Fling.TileDefinition.init(id:frame:mass:)", "FlingInteraction.TileDefinition.validate()",
            "FlingInteraction.TileDefinition.origin", "FlingInteraction.TileDefinition.moment",
            "FlingInteraction.TileDefinition.nearestPoint(toLocal:)"
        ) { p in
            for r in Hostile.rects {
                for m in Hostile.doubles {
                    let t = TileDefinition(id: TileID(Int.min), frame: r, mass: m)
                    p.call { () throws(FlingError) in try t.validate() }
                    p.count { (t.origin, t.moment) }
                    for v in Hostile.vectors.prefix(8) { p.count { t.nearestPoint(toLocal: v) } }
                }
            }
        }
        add(
            "FlingInteraction.DynamicsSettings.init(translatesReferenceBoundsIntoBoundary:walls:itemProperties:fields:)",
            "FlingInteraction.DynamicsSettings.validate(_:)", "FlingInteraction.DynamicsSettings.walls(in:)",
            "FlingInteraction.DynamicsSettings.isEmpty", "FlingInteraction.TileConfiguration.SettleRule.init(home:rest:)",
            "FlingInteraction.TileConfiguration.RestThresholds.init()",
            "FlingInteraction.TileConfiguration.RestThresholds.init(speed:angularSpeed:ticks:)"
        ) { p in
            // The viewport's edges with hostile walls and viewports, and the settle rule with
            // hostile thresholds, each made into the configuration it belongs to.
            for r in Hostile.rects {
                for v in Hostile.vectors.prefix(8) {
                    for translates in [false, true] {
                        let d = DynamicsSettings(
                            translatesReferenceBoundsIntoBoundary: translates, walls: [Wall(from: v, to: Vector(r.x, r.y))],
                            itemProperties: ItemProperties(elasticity: v.x, friction: v.y), fields: [Field(.drag, position: v)])
                        p.call { () throws(FlingError) in try d.validate() }
                        p.count { (d.isEmpty, d.walls(in: r)) }
                        var c = TileConfiguration()
                        c.dynamics = d
                        p.call { () throws(FlingError) in try TileAnimator(viewport: r, configuration: c, backend: try NativeBackend()) }
                    }
                }
            }
            for x in Hostile.doubles {
                for k in Hostile.ints.prefix(6) {
                    var c = TileConfiguration()
                    c.settle = TileConfiguration.SettleRule(
                        home: .kineticEnergy(atMost: x), rest: TileConfiguration.RestThresholds(speed: x, angularSpeed: x, ticks: k))
                    p.call { () throws(FlingError) in try c.validate() }
                    c.settle = TileConfiguration.SettleRule(rest: TileConfiguration.RestThresholds())
                    c.cull = .outsideViewport(margin: x)
                    p.call { () throws(FlingError) in try c.validate() }
                }
            }
        }
        add(
            "FlingInteraction.SettleThresholds.init()", "FlingInteraction.SettleThresholds.init(distance:speed:angle:angularSpeed:ticks:)",
            "FlingInteraction.TileConfiguration.ReleaseRule.attracts(center:velocity:origin:)"
        ) { p in
            for v in varied([1.0 / 60, 0.25, 2000, 2.5, 0.5]) {
                var c = TileConfiguration()
                c.drag.tick = v[0]; c.drag.maxDisplayFrameInterval = v[1]; c.gravity = Vector(0, v[2])
                c.home = .springs(attraction: SpringTuning(frequency: v[3], dampingRatio: v[4]))
                c.drag.dragErrorBias = v[4]; c.cull = .outsideViewport(margin: v[2])
                c.releaseRule = .projectedDistance(lookahead: v[4], radius: v[2])
                c.settle.home = .thresholds(SettleThresholds(distance: v[4], speed: v[2], angle: v[3], angularSpeed: v[0], ticks: 6))
                p.call { () throws(FlingError) in try c.validate() }
                p.count { c.releaseRule.attracts(center: Vector(v[2], v[3]), velocity: Vector(v[1], v[0]), origin: .zero) }
            }
            for k in Hostile.ints {
                var c = TileConfiguration()
                c.drag.fingersPerItem = k
                c.settle.home = .thresholds(SettleThresholds(distance: 1, speed: 1, angle: 1, angularSpeed: 1, ticks: k))
                p.call { () throws(FlingError) in try c.validate() }
            }
            p.count { SettleThresholds() }
        }
        add(
            "FlingInteraction.VelocityTracker.init()", "FlingInteraction.VelocityTracker.add(time:position:)",
            "FlingInteraction.VelocityTracker.velocity", "FlingInteraction.VelocityTracker.reset()"
        ) { p in
            var tracker = VelocityTracker()
            for t in Hostile.doubles {
                for v in Hostile.vectors.prefix(24) {
                    p.count { tracker.add(time: t, position: v) }
                    p.count { tracker.velocity }
                }
            }
            for k in 0..<40 { p.count { tracker.add(time: Double(k) * 0.008, position: Vector(Double(k), 0)) } }
            p.count { tracker.velocity }
            p.count { tracker.reset() }
        }
        add(
            "FlingInteraction.DragAnimator.clock", "FlingInteraction.DragAnimator.digest", "FlingInteraction.DragAnimator.keepsDigest",
            "FlingInteraction.DragAnimator.isDrained"
        ) { p in
            // What every animator has, through its own type and through the kernel's.
            guard let (tiles, snap) = Self.oneTileAndOneItem() else { return }
            for on in [false, true] {
                p.count { tiles.keepsDigest = on }
                p.count { snap.keepsDigest = on }
                p.call { () throws(FlingError) in try tiles.advance(to: Double(tiles.clock.ticks + 1) / 60) }
                p.call { () throws(FlingError) in try snap.advance(to: Double(snap.clock.ticks + 1) / 60) }
                p.count { (tiles.clock, tiles.digest, tiles.keepsDigest, snap.clock, snap.digest, snap.keepsDigest) }
                p.count { (tiles.isDrained, snap.isDrained) }
                let kernel: DragAnimator<TilePolicy> = tiles
                p.count { kernel.keepsDigest = !on }
                p.count { (kernel.clock, kernel.digest, kernel.keepsDigest) }
            }
        }
        add(
            "FlingInteraction.TileAnimator.init(viewport:tiles:configuration:backend:timeOrigin:)",
            "FlingInteraction.TileAnimator.handle(_:)", "FlingInteraction.TileAnimator.handle(contentsOf:)",
            "FlingInteraction.TileAnimator.advance(to:)", "FlingInteraction.TileAnimator.addTile(_:)",
            "FlingInteraction.TileAnimator.removeTile(_:)",
            "FlingInteraction.TileAnimator.reset(_:)", "FlingInteraction.TileAnimator.state(of:)",
            "FlingInteraction.TileAnimator.drawnTransform(of:)", "FlingInteraction.TileAnimator.drawnTransforms(into:)",
            "FlingInteraction.TileAnimator.tileIDs",
            "FlingInteraction.TileAnimator.liveTileCount", "FlingInteraction.TileState.isLive"
        ) { p in
            let tile = TileDefinition(id: 1, frame: Rect(x: 100, y: 100, width: 80, height: 80))
            for r in Hostile.rects {
                for t in [0.0, .nan, .infinity, 1e300] {
                    p.call { () throws(FlingError) in
                        try TileAnimator(viewport: r, tiles: [tile], backend: try NativeBackend(), timeOrigin: t)
                    }
                }
            }
            p.call { () throws(FlingError) in
                try TileAnimator(viewport: Rect(x: 0, y: 0, width: 390, height: 844), tiles: [tile, tile], backend: try NativeBackend())
            }
            guard
                let a = try? TileAnimator(viewport: Rect(x: 0, y: 0, width: 390, height: 844), tiles: [tile], backend: try NativeBackend())
            else { return }
            for n in Hostile.ints { p.count { a.eventStream(bufferingNewest: n) } }
            var time = 0.0
            for (k, v) in Hostile.vectors.enumerated() {
                time += 0.01
                for id in [TileID(1), TileID(Int.max), TileID(Int.min)] {
                    for phase in [TouchEvent.Phase.began, .moved, .ended, .cancelled] {
                        p.call { () throws(FlingError) in
                            try a.handle(TouchEvent(time: time, touch: TouchID(k % 3), phase: phase, position: v, item: id))
                        }
                    }
                    p.call { () throws(FlingError) in
                        try a.handle(
                            contentsOf: [TouchEvent.Phase.began, .moved, .ended].map {
                                TouchEvent(time: time, touch: TouchID(k % 5), phase: $0, position: v, item: id)
                            })
                    }
                    p.call { () throws(FlingError) in try a.state(of: id).isLive }
                    p.call { () throws(FlingError) in try a.drawnTransform(of: id) }
                    p.call { () throws(FlingError) in try a.reset(id) }
                }
                p.call { () throws(FlingError) in try a.advance(to: time) }
            }
            for t in Hostile.doubles { p.call { () throws(FlingError) in try a.advance(to: t) } }
            for r in Hostile.rects.prefix(20) {
                p.call { () throws(FlingError) in try a.addTile(TileDefinition(id: 7, frame: r, mass: 1)) }
            }
            for id in [TileID(7), TileID(1), TileID(Int.max)] { p.call { () throws(FlingError) in try a.removeTile(id) } }
            var transforms: [Transform] = []
            p.count { a.drawnTransforms(into: &transforms) }
            p.count { (a.clock, a.digest, a.tileIDs, a.liveTileCount) }
        }
        add() { p in
            for v in varied([1, 1.0 / 60, 2, 0.5]) {
                var s = ScalarSpring(value: v[0])
                s.target = -v[0]
                p.count { s.step(by: v[1], tuning: SpringTuning(frequency: v[2], dampingRatio: v[3])) }
                p.count { s.isAtRest }
            }
        }
        add(
            "FlingCurves.BounceCurve.init(duration:bounces:stiffness:overshoot:shake:)", "FlingCurves.BounceCurve.steps",
            "FlingCurves.BounceCurve.validate()",

        ) { p in
            for x in Hostile.doubles { p.count { BounceCurve.Stiffness(x).coefficient } }
            for d in Hostile.doubles {
                for n in Hostile.ints {
                    for shake in [false, true] {
                        let c = BounceCurve(duration: d, bounces: n, stiffness: .heavy, overshoot: !shake, shake: shake)
                        p.call { () throws(FlingError) in try c.validate() }
                        p.count { c.steps }
                        p.count { c.keyframes(from: d, to: 1) }
                    }
                }
            }
        }
        add(
            "FlingCurves.BounceCurve.Keyframes.init(values:keyTimes:timingFunctions:duration:finalValue:)",
            "FlingCurves.BounceCurve.Keyframes.value(at:)"
        ) { p in
            // Arrays of any lengths, against each other, and any duration and time.
            let lists: [[Double]] = [[], [0], [0, 1], [0, 0.5, 1], [1, 0.5], Hostile.doubles]
            let timings: [[TimingFunction]?] = [nil, [], [.easeInEaseOut], [.linear, .easeIn, .easeOut, .easeInEaseOut]]
            for values in lists {
                for keyTimes in lists {
                    for timing in timings {
                        for d in Hostile.doubles {
                            let k = BounceCurve.Keyframes<Double>(
                                values: values, keyTimes: keyTimes, timingFunctions: timing, duration: d, finalValue: d)
                            for t in Hostile.doubles { p.count { k.value(at: t) } }
                        }
                    }
                }
            }
        }
        add(
            "FlingInteraction.SnapItem.RestingPlaces.nearest(to:)", "FlingInteraction.SnapItem.RestingPlaces.validate(_:)",
            "FlingInteraction.SnapProjection.project(_:velocity:decelerationRate:)", "FlingInteraction.SnapItem.Axis.constrain(_:)",
            "FlingInteraction.SnapItem.Axis.rubberBand(_:coefficient:dimension:)"
        ) { p in
            let places: [SnapItem.RestingPlaces] =
                [.points([]), .points(Hostile.vectors)]
                + Hostile.doubles.map { .sideEdges(left: $0, right: -$0, minY: $0, maxY: 1) }
            for place in places {
                p.call { () throws(FlingError) in try place.validate("walk") }
                for v in Hostile.vectors { p.count { place.nearest(to: v) } }
            }
            for v in varied([1, 2, 3, 4, 0.998]) {
                p.count { SnapProjection.project(Vector(v[0], v[1]), velocity: Vector(v[2], v[3]), decelerationRate: v[4]) }
                p.count { SnapItem.Axis.horizontal(minX: v[0], maxX: v[1], y: v[2], rubberBand: v[3]).constrain(Vector(v[4], v[0])) }
                p.count { SnapItem.Axis.free.constrain(Vector(v[4], v[0])) }
                p.count { SnapItem.Axis.rubberBand(v[0], coefficient: v[1], dimension: v[2]) }
            }
        }
        add(
            "FlingInteraction.SnapConfiguration.init()", "FlingInteraction.SnapConfiguration.validate()",
            "FlingInteraction.SnapItem.validate(tick:)", "FlingInteraction.SnapItem.contains(_:center:)"
        ) { p in
            for v in varied([1.0 / 60, 0.25, 2, 0.6]) {
                var c = SnapConfiguration()
                c.drag.tick = v[0]; c.drag.maxDisplayFrameInterval = v[1]; c.tapSlop = v[2]; c.tapDuration = v[3]
                p.call { () throws(FlingError) in try c.validate() }
            }
            for v in varied([100, 100, 60, 60, 1, 0.9]) {
                for motion in [
                    SnapItem.Motion.spring(SpringTuning(frequency: v[4], dampingRatio: v[5])), .keyframes(BounceCurve(duration: v[4])),
                ] {
                    let item = SnapItem(
                        id: SnapItem.ID(Int.max), center: Vector(v[0], v[1]), width: v[2], height: v[3], shape: .circle, mass: v[4],
                        restingPlaces: .points([Vector(v[0], v[1])]), motion: motion,
                        axis: .horizontal(minX: v[0], maxX: v[1], y: v[2], rubberBand: v[5]), pressedScale: v[5])
                    p.call { () throws(FlingError) in try item.validate(tick: v[4]) }
                    p.count { item.contains(Vector(v[2], v[3]), center: Vector(v[0], v[1])) }
                }
            }
        }
        add(
            "FlingInteraction.SnapAnimator.init(items:configuration:backend:timeOrigin:)", "FlingInteraction.SnapAnimator.handle(_:)",
            "FlingInteraction.SnapAnimator.advance(to:)", "FlingInteraction.SnapAnimator.send(_:to:)",
            "FlingInteraction.SnapAnimator.state(of:)",
            "FlingInteraction.SnapAnimator.drawnCenter(of:)", "FlingInteraction.SnapAnimator.isIdle",
            "FlingInteraction.SnapAnimator.itemDefinitions", "FlingInteraction.SnapAnimator.zOrder"
        ) { p in
            let items = [SnapItem.ID(Int.max), SnapItem.ID(Int.min), SnapItem.ID(0)].map { id in
                SnapItem(
                    id: id, center: Vector(100, 100), width: 60, height: 60, restingPlaces: .points([Vector(100, 100), Vector(300, 100)]))
            }
            p.call { () throws(FlingError) in try SnapAnimator(items: [], backend: try NativeBackend()) }
            p.call { () throws(FlingError) in try SnapAnimator(items: items + items, backend: try NativeBackend()) }
            for t in Hostile.doubles {
                p.call { () throws(FlingError) in try SnapAnimator(items: items, backend: try NativeBackend(), timeOrigin: t) }
            }
            guard let a = try? SnapAnimator(items: items, backend: try NativeBackend()) else { return }
            var time = 0.0
            for (k, v) in Hostile.vectors.enumerated() {
                time += 0.01
                for phase in [TouchEvent.Phase.began, .moved, .ended] {
                    p.call { () throws(FlingError) in try a.handle(TouchEvent(time: time, touch: TouchID(k % 2), phase: phase, position: v))
                    }
                }
                for id in [SnapItem.ID(Int.max), SnapItem.ID(Int.min), SnapItem.ID(5)] {
                    p.call { () throws(FlingError) in try a.send(id, to: v) }
                    p.call { () throws(FlingError) in try a.state(of: id) }
                    p.call { () throws(FlingError) in try a.drawnCenter(of: id) }
                }
                p.call { () throws(FlingError) in try a.advance(to: time) }
            }
            for t in Hostile.doubles { p.call { () throws(FlingError) in try a.advance(to: t) } }
            p.count { (a.clock, a.digest, a.isIdle, a.itemDefinitions, a.zOrder) }
        }
        add(
            "FlingInteraction.TileAnimator.schedule(_:tick:)", "FlingInteraction.TileAnimator.journal",
            "FlingInteraction.TileAnimator.predictionStands(_:)", "FlingInteraction.TileAnimator.recordingSnapshot()",
            "FlingInteraction.TileAnimator.viewport", "FlingInteraction.SnapAnimator.schedule(_:tick:)",
            "FlingInteraction.SnapAnimator.journal", "FlingInteraction.SnapAnimator.predictionStands(_:)",
            "FlingInteraction.SnapAnimator.configuration", "FlingInteraction.DragAnimator.backend",
            "FlingInteraction.DragAnimator.timeOrigin",
            "FlingInteraction.ChatHeads.adoptState(of:)", "FlingInteraction.SunSwitch.adoptState(of:)",
            "FlingInteraction.TouchSequence.init()", "FlingInteraction.TouchSequence.accept(_:field:items:knows:)",
            "FlingInteraction.AppliedInput.init(tick:input:)", "FlingInteraction.DynamicsSettings.validate(walls:replacing:_:)"
        ) { p in
            // What a recorder reads and a replayer feeds: hostile ticks, ids, journals and touches.
            guard let (tiles, snap) = Self.oneTileAndOneItem() else { return }
            tiles.journal = [AppliedInput(tick: Int.min, input: .reset(TileID(Int.max)))]
            snap.journal = []
            var time = 0.0
            for (k, v) in Hostile.vectors.enumerated() {
                time += 0.01
                for tick in [nil, Int.min, Int.max, -1, 0, k] {
                    for phase in [TouchEvent.Phase.began, .moved, .ended] {
                        let e = TouchEvent(time: time, touch: TouchID(k % 3), phase: phase, position: v, item: TileID(1))
                        p.call { () throws(FlingError) in try tiles.schedule(.touch(e), tick: tick) }
                        p.call { () throws(FlingError) in try snap.schedule(.touch(e), tick: tick) }
                    }
                    p.call { () throws(FlingError) in
                        try tiles.schedule(.dynamics(.push(TouchEvent.ItemID(TileID(1)), Push(v))), tick: tick)
                    }
                    p.call { () throws(FlingError) in try snap.schedule(.send(SnapItem.ID(k), v), tick: tick) }
                    p.count { AppliedInput(tick: tick ?? k, input: TileInput.reset(TileID(k))) }
                }
                for id in Hostile.ints { p.count { (tiles.predictionStands(TileID(id)), snap.predictionStands(SnapItem.ID(id))) } }
                p.call { () throws(FlingError) in try tiles.advance(to: time) }
                p.call { () throws(FlingError) in try snap.advance(to: time) }
                p.call { () throws(FlingError) in try tiles.recordingSnapshot() }
            }
            p.count {
                (tiles.journal?.count, snap.journal?.count, tiles.viewport, snap.configuration, tiles.backend.name, snap.timeOrigin)
            }
            var sequence = TouchSequence()
            for (k, v) in Hostile.vectors.enumerated() {
                for t in Hostile.doubles {
                    for phase in [TouchEvent.Phase.began, .moved, .ended, .cancelled] {
                        let e = TouchEvent(time: t, touch: TouchID(k % 2), phase: phase, position: v, item: TileID(k))
                        p.call { () throws(FlingError) in
                            try sequence.accept(
                                e, field: { "events[\(k)].\($0)" }, items: TileDefinition.self, knows: { $0.rawValue.isMultiple(of: 2) })
                        }
                        p.call { () throws(FlingError) in
                            try sequence.accept(e, field: { $0 }, items: TouchEvent.AnyItem.self, knows: { _ in false })
                        }
                    }
                }
            }
            let walls = Hostile.vectors.map { Wall(from: $0, to: -$0, radius: $0.x) }
            for current in [[], walls, Array(walls.prefix(1))] {
                for next in [[], walls, Array(walls.suffix(1)), walls + walls + walls + walls + walls] {
                    p.call { () throws(FlingError) in try DynamicsSettings.validate(walls: next, replacing: current, "") }
                }
            }
            // A rig takes another's own state, itself included.
            let c = ChatHeads.Configuration(screen: Rect(x: 0, y: 0, width: 390, height: 844))
            let sun = SunSwitch.Configuration(offCenter: Vector(100, 300), onCenter: Vector(160, 300))
            guard let a = try? ChatHeads(heads: [(1, Vector(18, 200))], configuration: c, backend: try NativeBackend()),
                let b = try? ChatHeads(
                    heads: [(1, Vector(18, 200)), (2, Vector(372, 300))], configuration: c, backend: try NativeBackend()),
                let s = try? SunSwitch(configuration: sun, backend: try NativeBackend()),
                let t = try? SunSwitch(configuration: sun, isOn: true, backend: try NativeBackend())
            else { return }
            p.count { a.adoptState(of: b) }; p.count { b.adoptState(of: a) }; p.count { a.adoptState(of: a) }
            p.count { s.adoptState(of: t) }; p.count { t.adoptState(of: t) }
            p.call { () throws(FlingError) in try a.advance(to: 1) }
            p.call { () throws(FlingError) in try s.advance(to: 1) }
        }
        add(
            "FlingInteraction.ChatHeads.Configuration.chatHeadsDemo(screen:safeBand:firstBounce:)",
            "FlingInteraction.SnapConfiguration.chatHeadsDemo", "FlingInteraction.TileConfiguration.weHeartPics",
            "FlingInteraction.TileDefinition.weHeartPics(id:frame:)", "FlingInteraction.TileConfiguration.HomeAttachment.rigidPivots(_:)",
            "FlingInteraction.DragSettings.Forces.init(rawValue:)"
        ) { p in
            // The presets with extreme arguments, each made into the animator it configures.
            for r in Hostile.rects {
                for band in [nil] + Hostile.ranges {
                    for first in [false, true] {
                        let c = ChatHeads.Configuration.chatHeadsDemo(screen: r, safeBand: band, firstBounce: first)
                        p.count { c.restingPlaces }
                        p.call { () throws(FlingError) in
                            try ChatHeads(
                                heads: [(1, Vector(18, 200))], configuration: c, snap: .chatHeadsDemo, backend: try NativeBackend())
                        }
                    }
                }
            }
            for s in Hostile.strings + ["absolute", "perUnitMass"] { p.count { DragSettings.Forces(rawValue: s) } }
            for forces in DragSettings.Forces.allCases {
                for x in Hostile.doubles {
                    var c = TileConfiguration.weHeartPics
                    c.drag.forces = forces
                    c.drag.dragMaxAcceleration = x; c.drag.grabFriction = x; c.drag.grabRotaryFriction = x
                    p.call { () throws(FlingError) in try c.validate() }
                    c = .weHeartPics
                    c.home = .rigidPivots([Vector(x, -x), Vector(-x, x)])
                    c.cull = .below(y: x)
                    p.call { () throws(FlingError) in try c.validate() }
                }
            }
            for v in Hostile.vectors { p.count { TileConfiguration.HomeAttachment.rigidPivots([v, v, v]) } }
            p.count { TileConfiguration.HomeAttachment.rigidPivots([]) }
            for r in Hostile.rects {
                for id in [Int.min, Int.max, 0] {
                    let tile = TileDefinition.weHeartPics(id: TileID(id), frame: r)
                    p.call { () throws(FlingError) in try tile.validate() }
                    p.call { () throws(FlingError) in
                        let a = try TileAnimator(viewport: r, tiles: [tile], configuration: .weHeartPics, backend: try NativeBackend())
                        try a.handle(TouchEvent(time: 0, touch: 1, phase: .began, position: r.center))
                        try a.advance(to: 0.1)
                    }
                }
            }
        }
        add(
            "FlingInteraction.ChatHeads.Configuration.init(screen:safeBand:)", "FlingInteraction.ChatHeads.Configuration.restingPlaces",
            "FlingInteraction.ChatHeads.init(heads:configuration:snap:backend:timeOrigin:)", "FlingInteraction.ChatHeads.handle(_:)",
            "FlingInteraction.ChatHeads.advance(to:)", "FlingInteraction.ChatHeads.openHead", "FlingInteraction.ChatHeads.panelFrame",
            "FlingInteraction.ChatHeads.zOrder"
        ) { p in
            for r in Hostile.rects {
                for band in [nil] + Hostile.ranges {
                    let c = ChatHeads.Configuration(screen: r, safeBand: band)
                    p.count { c.restingPlaces }
                    p.call { () throws(FlingError) in
                        try ChatHeads(heads: [(1, Vector(18, 200))], configuration: c, backend: try NativeBackend())
                    }
                }
            }
            let c = ChatHeads.Configuration(screen: Rect(x: 0, y: 0, width: 390, height: 844))
            for ids in [[Int.max], [Int.min], [Int.max - 1], [], [1, 1], [Int.max, Int.min]] {
                p.call { () throws(FlingError) in
                    try ChatHeads(heads: ids.map { (SnapItem.ID($0), Vector(18, 200)) }, configuration: c, backend: try NativeBackend())
                }
            }
            guard
                let heads = try? ChatHeads(
                    heads: [(SnapItem.ID(Int.max - 1), Vector(18, 200)), (1, Vector(372, 300))], configuration: c,
                    backend: try NativeBackend())
            else { return }
            var time = 0.0
            for (k, v) in Hostile.vectors.enumerated() {
                time += 0.05
                for phase in [TouchEvent.Phase.began, .ended] {
                    p.call { () throws(FlingError) in try heads.handle(TouchEvent(time: time, touch: TouchID(k), phase: phase, position: v))
                    }
                }
                p.call { () throws(FlingError) in try heads.advance(to: time) }
                p.count { (heads.openHead, heads.panelFrame, heads.zOrder) }
            }
            for t in Hostile.doubles { p.call { () throws(FlingError) in try heads.advance(to: t) } }
        }
        add(
            "FlingInteraction.SunSwitch.Configuration.init(offCenter:onCenter:)", "FlingInteraction.SunSwitch.Configuration.trackFrame",
            "FlingInteraction.SunSwitch.init(configuration:isOn:snap:backend:timeOrigin:)", "FlingInteraction.SunSwitch.handle(_:)",
            "FlingInteraction.SunSwitch.advance(to:)", "FlingInteraction.SunSwitch.isOn", "FlingInteraction.SunSwitch.knobCenter",
            "FlingInteraction.SunSwitch.raysAlpha", "FlingInteraction.SunSwitch.raysAngle"
        ) { p in
            for v in varied([100, 300, 160, 44]) {
                var c = SunSwitch.Configuration(offCenter: Vector(v[0], v[1]), onCenter: Vector(v[2], v[1]))
                c.knobDiameter = v[3]; c.rubberBand = v[3]; c.raysAngularSpeed = v[2]
                p.count { c.trackFrame }
                p.call { () throws(FlingError) in
                    try SunSwitch(configuration: c, isOn: true, backend: try NativeBackend(), timeOrigin: v[0])
                }
            }
            guard
                let s = try? SunSwitch(
                    configuration: SunSwitch.Configuration(offCenter: Vector(100, 300), onCenter: Vector(160, 300)),
                    backend: try NativeBackend())
            else { return }
            var time = 0.0
            for (k, v) in Hostile.vectors.enumerated() {
                time += 0.05
                for phase in [TouchEvent.Phase.began, .moved, .ended] {
                    p.call { () throws(FlingError) in try s.handle(TouchEvent(time: time, touch: TouchID(k), phase: phase, position: v)) }
                }
                p.call { () throws(FlingError) in try s.advance(to: time) }
                p.count { (s.isOn, s.knobCenter, s.raysAlpha, s.raysAngle) }
            }
            for t in Hostile.doubles { p.call { () throws(FlingError) in try s.advance(to: t) } }
        }
    }
}
#endif
