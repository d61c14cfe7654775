#if FLING_TESTABLE
import Fling
@testable import FlingMath
@testable import FlingCurves
@testable import FlingCore

// FlingMath and FlingCore: the portable functions, the vocabulary types, the clock, springs,
// digests, errors and budgets.

extension SurfaceWalk {
    mutating func registerMath() {
        add("FlingMath.Portable.sin(_:)", "FlingMath.Portable.cos(_:)", "FlingMath.Portable.exp(_:)", "FlingMath.Portable.log(_:)") { p in
            for x in Hostile.doubles {
                p.count { Portable.sin(x) }; p.count { Portable.cos(x) }; p.count { Portable.exp(x) }; p.count { Portable.log(x) }
            }
        }
        add("FlingMath.Portable.pow(_:_:)", "FlingMath.Portable.atan2(_:_:)") { p in
            for x in Hostile.doubles { for y in Hostile.doubles { p.count { Portable.pow(x, y) }; p.count { Portable.atan2(x, y) } } }
        }
        add("FlingMath.Portable.sincos(_:)") { p in
            for x in Hostile.doubles {
                p.count { Portable.sincos(x) }
                p.count { Portable.sincos(SIMD2(x, -x)) }
                p.count { Portable.sincos(SIMD4(x, 1, -x, .nan)) }
            }
        }
        add("FlingCore.ArithmeticFunctions.cosSin(_:_:_:_:)") { p in
            // Unsafe buffers: the caller owns their size; count 0 and negative must do nothing.
            let angles = Hostile.doubles
            var c = [Double](repeating: 0, count: angles.count), s = c
            for n in [angles.count, 0, -1, Int.min] {
                p.count { Portable.cosSin(angles, &c, &s, n) }
                p.count { Portable.cosSin(angles, &c, &s, n) }
                p.count { PlatformFunctions.cosSin(angles, &c, &s, n) }
            }
        }
    }

    mutating func registerCore() {
        add(
            "FlingCore.ArithmeticFunctions.sin(_:)", "FlingCore.ArithmeticFunctions.cos(_:)", "FlingCore.ArithmeticFunctions.exp(_:)",
            "FlingCore.ArithmeticFunctions.pow(_:_:)", "FlingCore.PlatformFunctions.sin(_:)", "FlingCore.PlatformFunctions.cos(_:)",
            "FlingCore.PlatformFunctions.exp(_:)", "FlingCore.PlatformFunctions.pow(_:_:)", "FlingCore.PlatformFunctions.floor(_:)"
        ) { p in
            for x in Hostile.doubles {
                p.count { PlatformFunctions.sin(x) }; p.count { PlatformFunctions.cos(x) }; p.count { PlatformFunctions.exp(x) }
                p.count { PlatformFunctions.floor(x) }
                for y in Hostile.doubles { p.count { PlatformFunctions.pow(x, y) } }
            }
        }
        add("FlingCore.Arithmetic.init(rawValue:)", "FlingCore.Arithmetic.description") { p in
            for s in Hostile.strings + ["portable", "platform"] { p.count { Arithmetic(rawValue: s)?.description } }
        }
        add(
            "FlingCore.Vector.init(_:_:)", "FlingCore.Vector.init(x:y:)", "FlingCore.Vector.+(_:_:)", "FlingCore.Vector.-(_:_:)",
            "FlingCore.Vector.-(_:)", "FlingCore.Vector.*(_:_:)", "FlingCore.Vector.dot(_:)", "FlingCore.Vector.cross(_:)",
            "FlingCore.Vector.length", "FlingCore.Vector.perp", "FlingCore.Vector.isFinite", "FlingCore.Vector.description"
        ) { p in
            for a in Hostile.vectors {
                p.count { Vector(a.x, a.y) }; p.count { Vector(x: a.x, y: a.y) }
                p.count { -a }; p.count { a.length }; p.count { a.perp }; p.count { a.isFinite }; p.count { a.description }
                for b in Hostile.vectors.prefix(12) { p.count { a + b }; p.count { a - b }; p.count { a.dot(b) }; p.count { a.cross(b) } }
                for s in Hostile.doubles { p.count { a * s } }
            }
        }
        add(
            "FlingCore.Rect.init(x:y:width:height:)", "FlingCore.Rect.init(center:width:height:)", "FlingCore.Rect.center",
            "FlingCore.Rect.minX", "FlingCore.Rect.minY", "FlingCore.Rect.maxX", "FlingCore.Rect.maxY", "FlingCore.Rect.size",
            "FlingCore.Rect.description"
        ) { p in
            for v in varied([0, 0, 10, 10]) {
                let r = Rect(x: v[0], y: v[1], width: v[2], height: v[3])
                p.count { Rect(center: Vector(v[0], v[1]), width: v[2], height: v[3]) }
                p.count { (r.center, r.minX, r.minY, r.maxX, r.maxY, r.size, r.description) }
            }
        }
        add(
            "FlingCore.Transform.init(position:angle:)", "FlingCore.Transform.rotation", "FlingCore.Transform.apply(toLocal:)",
            "FlingCore.Transform.local(fromWorld:)", "FlingCore.Transform.interpolated(to:fraction:)"
        ) { p in
            for v in Hostile.vectors {
                for a in Hostile.doubles {
                    let t = Transform(position: v, angle: a)
                    p.count { t.rotation }; p.count { t.apply(toLocal: v) }; p.count { t.local(fromWorld: v) }
                    p.count { t.interpolated(to: Transform(position: .zero, angle: -a), fraction: a) }
                }
            }
        }
        add(
            "FlingCore.BodyState.init(position:angle:velocity:angularVelocity:)", "FlingCore.BodyState.transform",
            "FlingCore.BodyState.isBitwiseEqual(to:)", "FlingCore.StateDigest.init(value:)", "FlingCore.StateDigest.combine(_:)",
            "FlingCore.StateDigest.hex", "FlingCore.StateDigest.value", "FlingCore.StateDigest.description"
        ) { p in
            var d = StateDigest()
            for u in Hostile.unsigned { p.count { StateDigest(value: u).hex } }
            for v in varied([1, 2, 0.5, 3, 4, 1]) {
                let s = BodyState(position: Vector(v[0], v[1]), angle: v[2], velocity: Vector(v[3], v[4]), angularVelocity: v[5])
                p.count { s.transform }; p.count { s.isBitwiseEqual(to: s) }
                p.count { d.combine(s) }; p.count { d.combine(v[0]) }
            }
            p.count { (d.hex, d.value, d.description) }
        }
        add(
            "FlingCore.Attraction.init(origin:stiffness:damping:angularStiffness:angularDamping:)",
            "FlingCore.WorldID.init(index:generation:)",
            "FlingCore.WorldID.description"
        ) { p in
            for v in varied([1, 1, 1, 1, 1]) {
                p.count {
                    WorldDefinition(
                        mass: v[0], moment: v[1], transform: Transform(position: Vector(v[2], v[3])), gravity: Vector(v[4], v[4]))
                }
                p.count { DragJoint(localAnchor: Vector(v[0], v[1]), finger: Vector(v[2], v[3]), maxForce: v[4], errorBias: v[4]) }
                p.count {
                    Attraction(origin: Vector(v[0], v[0]), stiffness: v[1], damping: v[2], angularStiffness: v[3], angularDamping: v[4])
                }
            }
            for i in [UInt32.max, 0, 1] { for g in [UInt32.max, 0] { p.count { WorldID(index: i, generation: g).description } } }
        }
        add(
            "FlingCore.FixedStepClock.init(tick:maxFrameInterval:)", "FlingCore.FixedStepClock.advance(to:)",
            "FlingCore.FixedStepClock.completeTick()", "FlingCore.FixedStepClock.displayTime", "FlingCore.FixedStepClock.droppedTime",
            "FlingCore.FixedStepClock.fraction", "FlingCore.FixedStepClock.simulatedTime", "FlingCore.FixedStepClock.ticks",
            "FlingCore.FixedStepClock.start(ofTick:)", "FlingCore.FixedStepClock.ticksEnded(by:)",
            "FlingCore.FixedStepClock.firstTick(atOrAfter:)"
        ) { p in
            for v in varied([1.0 / 60, 0.25]) { p.call { () throws(FlingError) in try FixedStepClock(tick: v[0], maxFrameInterval: v[1]) } }
            guard var clock = try? FixedStepClock() else { return }
            for t in Hostile.doubles + [0.5, 1, 2] {
                p.call { () throws(FlingError) in try clock.advance(to: t) }
                p.count { clock.completeTick() }
                p.count { (clock.displayTime, clock.droppedTime, clock.fraction, clock.simulatedTime, clock.ticks) }
                p.count { clock.ticksEnded(by: t) }; p.count { clock.firstTick(atOrAfter: t) }
            }
            for k in Hostile.ints { p.count { clock.start(ofTick: k) } }
        }
        add("FlingCore.FixedStepClock.ticksEnded(by:tick:)", "FlingCore.FixedStepClock.firstTick(atOrAfter:tick:)") { p in
            for t in Hostile.doubles {
                for tick in Hostile.doubles {
                    p.count { FixedStepClock.ticksEnded(by: t, tick: tick) }
                    p.count { FixedStepClock.firstTick(atOrAfter: t, tick: tick) }
                }
            }
        }
        add(
            "FlingCurves.SpringTuning.init(frequency:dampingRatio:)", "FlingCurves.SpringTuning.init(mass:stiffness:damping:)",
            "FlingCurves.SpringTuning.init(response:dampingFraction:)", "FlingCurves.SpringTuning.init(duration:bounce:)",
            "FlingCurves.SpringTuning.init(uiKitDuration:dampingRatio:)", "FlingCurves.SpringTuning.init(tension:friction:)",
            "FlingCurves.SpringTuning.init(origamiTension:origamiFriction:)", "FlingCurves.SpringTuning.init(bounciness:speed:)",
            "FlingCurves.SpringTuning.init(framerVisualDuration:bounce:)", "FlingCurves.SpringTuning.angularFrequency",
            "FlingCurves.SpringTuning.constants(forInertia:)", "FlingCurves.SpringTuning.physical(mass:)",
            "FlingCurves.SpringTuning.response",
            "FlingCurves.SpringTuning.durationAndBounce", "FlingCurves.SpringTuning.tensionAndFriction", "FlingCurves.SpringTuning.origami",
            "FlingCurves.SpringTuning.framerVisualDurationAndBounce"
        ) { p in
            for v in varied([2, 0.7, 1]) {
                let springs = [
                    SpringTuning(frequency: v[0], dampingRatio: v[1]), SpringTuning(mass: v[2], stiffness: v[0], damping: v[1]),
                    SpringTuning(response: v[0], dampingFraction: v[1]), SpringTuning(duration: v[0], bounce: v[1]),
                    SpringTuning(uiKitDuration: v[0], dampingRatio: v[1]), SpringTuning(tension: v[0], friction: v[1]),
                    SpringTuning(origamiTension: v[0], origamiFriction: v[1]), SpringTuning(bounciness: v[0], speed: v[1]),
                    SpringTuning(framerVisualDuration: v[0], bounce: v[1]),
                ]
                for s in springs {
                    p.count { (s.angularFrequency, s.response, s.durationAndBounce, s.tensionAndFriction, s.origami) }
                    p.count { s.framerVisualDurationAndBounce }
                    p.count { s.constants(forInertia: v[2]) }; p.count { s.physical(mass: v[2]) }
                }
            }
        }
        add(
            "FlingCurves.SpringCurve.init(spring:displacement:velocity:)", "FlingCurves.SpringCurve.init(spring:from:to:velocity:)",
            "FlingCurves.SpringCurve.state(at:)", "FlingCurves.SpringCurve.displacement(at:)", "FlingCurves.SpringCurve.value(at:target:)",
            "FlingCurves.SpringCurve.settleTime(threshold:)"
        ) { p in
            for v in varied([2, 0.7, 10, 5]) {
                let spring = SpringTuning(frequency: v[0], dampingRatio: v[1])
                let curves = [
                    SpringCurve(spring: spring, displacement: v[2], velocity: v[3]),
                    SpringCurve(spring: spring, from: v[2], to: 0, velocity: v[3]),
                ]
                for c in curves {
                    for t in [v[2], 0.5, .nan, .infinity] {
                        p.count { c.state(at: t) }; p.count { c.displacement(at: t) }; p.count { c.value(at: t, target: v[3]) }
                    }
                    for threshold in [1e-3, v[2]] { p.count { c.settleTime(threshold: threshold) } }
                }
            }
        }
        add(
            "FlingCore.FlingError.init(_:field:value:reason:)", "FlingCore.FlingError.description", "FlingCore.FlingError.Code.description"
        ) { p in
            for s in Hostile.strings { p.count { FlingError(.outOfRange, field: s, value: s, reason: s).description } }
            p.count { FlingError.Code.overBudget.description }
        }
        add(
            "FlingCore.WorkBudget.init(_:unit:limit:)", "FlingCore.WorkBudget.check(_:_:)", "FlingCore.WorkBudget.description",
            "FlingCore.WorkBudget.figure(_:)"
        ) { p in
            for limit in Hostile.doubles {
                let b = WorkBudget("walk", unit: "units", limit: limit)
                p.count { b.description }
                for w in Hostile.doubles { p.call { () throws(FlingError) in try b.check(w, "work") }; p.count { WorkBudget.figure(w) } }
            }
        }
        add(
            "FlingCurves.Transform3D.init(m11:m12:m13:m14:m21:m22:m23:m24:m31:m32:m33:m34:m41:m42:m43:m44:)",
            "FlingCurves.Transform3D.scale(_:_:_:)", "FlingCurves.BounceValue.bounceLayout"
        ) { p in
            // Every entry hostile in turn, bounced by the library's form and the two-step form.
            let curves = [
                BounceCurve(duration: 0.1),
                BounceCurve(form: .twoSteps(overshoot: 0.04, firstDuration: 0.05, integral: true), duration: 0.1),
            ]
            for v in varied([1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, -0.002, 0, 0, 0, 1]) {
                let t = Transform3D(bounceComponents: v)
                p.count { (Transform3D.bounceLayout.components(t), Transform3D.bounceLayout.omitsFirstKeyframe) }
                for c in curves { p.count { c.values(from: Transform3D.identity, to: t) } }
            }
            for s in Hostile.doubles {
                let t = Transform3D.scale(s, s, s)
                p.count { Transform3D(m33: s, m34: s, m43: s, m44: s) }
                p.count { curves[0].value(at: 0.05, from: t, to: .identity) }
            }
        }
        add(
            "FlingCore.PhysicsBackend.name", "FlingCore.PhysicsBackend.solverIterations", "FlingCore.PhysicsBackend.worldCount",
            "FlingCore.PhysicsBackend.arithmetic", "FlingCore.PhysicsBackend.makeWorld(_:)", "FlingCore.PhysicsBackend.destroyWorld(_:)",
            "FlingCore.PhysicsBackend.addDrag(_:to:)", "FlingCore.PhysicsBackend.moveDrag(_:in:to:velocity:)",
            "FlingCore.PhysicsBackend.removeDrag(_:from:)", "FlingCore.PhysicsBackend.attachAttraction(_:to:)",
            "FlingCore.PhysicsBackend.detachAttraction(from:)", "FlingCore.PhysicsBackend.setGravity(of:_:)",
            "FlingCore.PhysicsBackend.setDamping(of:_:)", "FlingCore.PhysicsBackend.setVelocity(of:linear:angular:)",
            "FlingCore.PhysicsBackend.step(by:)", "FlingCore.PhysicsBackend.state(of:)", "FlingCore.PhysicsBackend.readStates(of:into:)",
            "FlingCore.PhysicsBackend.moveDrags(_:refused:)", "FlingCore.DragMove.init(world:joint:position:velocity:)"
        ) { p in
            // Through the protocol, on every backend this build has.
            for kind in BackendKind.available {
                guard let backend = try? kind.make() else { continue }
                SurfaceWalk.walkBackend(backend, &p)
            }
        }
    }

    /// Every entry point of a backend, with hostile arguments, on live, destroyed and
    /// never-made worlds.
    static func walkBackend(_ backend: any PhysicsBackend, _ p: inout Probe) {
        p.count { (backend.name, backend.solverIterations, backend.worldCount, backend.arithmetic) }
        var worlds: [WorldID] = []
        for v in varied([1, 1, 10, 20, 900]) {
            p.call { () throws(FlingError) in
                worlds.append(
                    try backend.makeWorld(
                        WorldDefinition(
                            mass: v[0], moment: v[1], transform: Transform(position: Vector(v[2], v[3])), gravity: Vector(0, v[4]))))
            }
        }
        let ghosts = [WorldID(index: .max, generation: .max), WorldID(index: 0, generation: 99)]
        for w in worlds.prefix(3) + ghosts {
            // The drags added, and ids never given (the first a world would give, one past it).
            var drags: [JointID] = []
            for v in varied([1, 2, 1e6, 0.1]) {
                p.call { () throws(FlingError) in
                    drags.append(
                        try backend.addDrag(
                            DragJoint(localAnchor: Vector(v[0], v[1]), finger: Vector(v[1], v[0]), maxForce: v[2], errorBias: v[3]),
                            to: w))
                }
                let ids = [drags.last ?? JointID(0), JointID(UInt32(drags.count) + 1), JointID(.max)]
                for id in ids {
                    p.call { () throws(FlingError) in try backend.moveDrag(id, in: w, to: Vector(v[0], v[1]), velocity: Vector(v[2], v[3]))
                    }
                }
                // Several at once, each refused or made alone.
                let moves = ids.map { DragMove(world: w, joint: $0, position: Vector(v[0], v[1]), velocity: Vector(v[2], v[3])) }
                p.count { backend.moveDrags(moves) { _, _ in } }
                p.call { () throws(FlingError) in
                    try backend.attachAttraction(
                        Attraction(
                            origin: Vector(v[0], v[1]), stiffness: v[2], damping: v[3], angularStiffness: v[0], angularDamping: v[1]), to: w
                    )
                }
                p.call { () throws(FlingError) in try backend.setGravity(of: w, Vector(v[0], v[2])) }
                p.call { () throws(FlingError) in try backend.setDamping(of: w, v[3]) }
                p.call { () throws(FlingError) in try backend.setVelocity(of: w, linear: Vector(v[0], v[1]), angular: v[2]) }
            }
            for dt in Hostile.doubles + [1.0 / 60] { p.call { () throws(FlingError) in try backend.step(by: dt) } }
            p.call { () throws(FlingError) in try backend.state(of: w) }
            for id in drags.reversed() + [JointID(0), JointID(.max)] {
                p.call { () throws(FlingError) in try backend.removeDrag(id, from: w) }
            }
            p.call { () throws(FlingError) in try backend.detachAttraction(from: w) }
        }
        var states: [BodyState] = []
        p.call { () throws(FlingError) in try backend.readStates(of: worlds + ghosts, into: &states) }
        p.call { () throws(FlingError) in try backend.readStates(of: [], into: &states) }
        for w in worlds + worlds + ghosts { p.call { () throws(FlingError) in try backend.destroyWorld(w) } }
        p.call { () throws(FlingError) in try backend.step(by: 1.0 / 60) }
    }
}

extension SurfaceWalk {
    /// The dynamics calls of a backend (walls, item properties, pushes, fields, static joints)
    /// with hostile values, on worlds it made and on ids it never gave.
    static func walkDynamics(_ backend: any DynamicsBackend, _ p: inout Probe) {
        var worlds: [WorldID] = []
        p.call { () throws(FlingError) in
            worlds.append(
                try backend.makeWorld(WorldDefinition(mass: 1, moment: 1, transform: Transform(position: .zero), gravity: Vector(0, 10))))
        }
        let ghosts = [WorldID(index: .max, generation: .max), WorldID(index: 0, generation: 99)]
        for w in worlds + ghosts {
            var forces: [ForceID] = [], joints: [JointID] = []
            for v in varied([0, 1, 10, 0.5]) {
                let a = Vector(v[0], v[1]), b = Vector(v[2], v[3])
                p.call { () throws(FlingError) in
                    try backend.setWalls([Wall(from: a, to: b, radius: v[0], elasticity: v[3], friction: v[1])], of: w)
                }
                p.call { () throws(FlingError) in
                    try backend.setItemProperties(
                        ItemProperties(elasticity: v[3], friction: v[1], resistance: v[0], angularResistance: v[2], charge: v[1]), of: w)
                }
                // The values themselves, made and printed with hostile numbers.
                p.count {
                    (
                        Wall(from: a, to: b, radius: v[0], elasticity: v[3], friction: v[1]).description,
                        Wall.edges(of: Rect(x: v[0], y: v[1], width: v[2], height: v[3]), radius: v[1], elasticity: v[2], friction: v[0])
                            .map(\.description),
                        ItemProperties(elasticity: v[3], friction: v[1], resistance: v[0], angularResistance: v[2], charge: v[1])
                            .description,
                        Push.uikit(angle: v[0], magnitude: v[1], offset: b).description,
                        StaticPivot(anchor: a, localAnchor: b, maxForce: v[2], maxBias: v[1], errorBias: v[3]).description,
                        StaticGear(phase: v[0], ratio: v[1], maxForce: v[2], maxBias: v[3], errorBias: v[0]).description,
                        Field(.vortex, position: a, strength: v[1], falloff: v[3], minimumRadius: v[0], seed: 7).description
                    )
                }
                p.call { () throws(FlingError) in try backend.applyImpulse(.uikit(angle: v[0], magnitude: v[1], offset: b), to: w) }
                p.call { () throws(FlingError) in forces.append(try backend.addForce(.uikit(angle: v[2], magnitude: v[3]), to: w)) }
                for kind in [
                    Field.Kind.linearGravity(direction: a), .radialGravity, .spring, .drag, .velocity(target: b), .vortex,
                    .noise(smoothness: v[0], animationSpeed: v[1]), .turbulence(smoothness: v[2], animationSpeed: v[3]), .electric,
                    .magnetic,
                ] {
                    for region in [Field.Region.everywhere, .rectangle(width: v[0], height: v[1]), .circle(radius: v[2])] {
                        p.call { () throws(FlingError) in
                            try backend.setFields(
                                [Field(kind, position: a, region: region, strength: v[1], falloff: v[3], minimumRadius: v[0])], of: w)
                        }
                    }
                }
                p.call { () throws(FlingError) in
                    joints.append(try backend.addPivot(StaticPivot(anchor: a, localAnchor: b, maxForce: v[2], maxBias: v[1]), to: w))
                }
                p.call { () throws(FlingError) in
                    joints.append(try backend.addGear(StaticGear(phase: v[0], ratio: v[1], maxForce: v[2], maxBias: v[3]), to: w))
                }
                p.call { () throws(FlingError) in try backend.step(by: 1.0 / 60) }
                p.call { () throws(FlingError) in try backend.contacts(of: w).map(\.description) }
            }
            p.count { (forces.map(\.description), joints.map(\.description)) }
            for id in forces.reversed() + [ForceID(0), ForceID(.max)] {
                p.call { () throws(FlingError) in try backend.removeForce(id, from: w) }
            }
            for id in joints.reversed() + [JointID(0), JointID(.max)] {
                p.call { () throws(FlingError) in try backend.removeJoint(id, from: w) }
            }
        }
        for w in worlds { p.call { () throws(FlingError) in try backend.destroyWorld(w) } }
    }
}
#endif
