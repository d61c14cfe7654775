import Fling

extension DynamicsScript {
    struct Features: OptionSet {
        let rawValue: Int
        static let walls = Features(rawValue: 1)
        static let properties = Features(rawValue: 2)
        static let pushes = Features(rawValue: 4)
        static let fields = Features(rawValue: 8)
        static let joints = Features(rawValue: 16)
        static let all: Features = [.walls, .properties, .pushes, .fields, .joints]
    }

    /// A seeded scenario: one to four boxes (some that cannot rotate) in a phone-sized room of
    /// walls (the viewport's edges, sometimes a rounded shelf and a slanted segment), thrown at
    /// random and then, tick by tick, given random calls of the chosen kinds; 300 to 500 steps.
    static func random(seed: UInt64, features: Features = .all) -> DynamicsScript {
        var rng = SplitMix64(state: seed)
        func r(_ range: ClosedRange<Double>) -> Double { Double.random(in: range, using: &rng) }
        func chance(_ p: Double) -> Bool { r(0...1) < p }
        func pick<T>(_ xs: [T]) -> T { xs.randomElement(using: &rng)! }
        var script = DynamicsScript()
        let room = Rect(x: r(-20...20), y: r(-20...20), width: r(250...420), height: r(500...850))
        let dt = pick([1.0 / 60, 1.0 / 60, 1.0 / 120, 1.0 / 30])
        func walls() -> [Wall] {
            var w = Wall.edges(of: room, elasticity: r(0...1), friction: r(0...1.5))
            if chance(0.4) {
                let y = room.minY + room.height * r(0.4...0.8)
                w.append(
                    Wall(
                        from: Vector(room.minX + 40, y), to: Vector(room.center.x, y + r(-30...30)), radius: r(0...6), elasticity: r(0...1),
                        friction: r(0...1)))
            }
            if chance(0.3) {
                w.append(Wall(from: Vector(room.maxX - 10, room.maxY - 200), to: Vector(room.maxX - 150, room.maxY - 10), radius: r(0...3)))
            }
            return w
        }
        func definition() -> WorldDefinition {
            let size = Vector(r(20...200), r(20...200))
            let at = Transform(
                position: Vector(r(room.minX + 110...room.maxX - 110), r(room.minY + 110...room.maxY - 110)), angle: r(-1...1))
            let gravity = Vector(r(-200...200), pick([0, r(0...3000)]))
            if chance(0.5) {
                return .box(size: size, density: r(0.2...5), transform: at, gravity: gravity, allowsRotation: !chance(0.2))
            }
            let mass = r(0.1...10)
            return WorldDefinition(
                mass: mass, moment: mass * (size.x * size.x + size.y * size.y) / 12 * r(0.5...2), transform: at, gravity: gravity,
                size: size, allowsRotation: !chance(0.2))
        }
        func properties() -> ItemProperties {
            ItemProperties(
                elasticity: pick([0, 1, r(0...1)]), friction: pick([0, r(0...2)]), resistance: pick([0, 0, r(0...5)]),
                angularResistance: pick([0, r(0...5)]), charge: r(-3...3))
        }
        func push() -> Push {
            Push(Vector(r(-3000...3000), r(-3000...3000)), at: chance(0.5) ? .zero : Vector(r(-60...60), r(-60...60)))
        }
        func field() -> Field {
            let at = Vector(r(room.minX...room.maxX), r(room.minY...room.maxY))
            let region: Field.Region = pick([
                .everywhere, .rectangle(width: r(50...400), height: r(50...400)), .circle(radius: r(50...400)),
            ])
            let kind: Field.Kind = pick([
                .linearGravity(direction: Vector(r(-300...300), r(-300...300))), .radialGravity, .spring, .drag,
                .velocity(target: Vector(r(-300...300), r(-300...300))), .vortex,
                .noise(smoothness: r(0...1), animationSpeed: r(0...5)), .turbulence(smoothness: r(0...1), animationSpeed: r(0...5)),
                .electric, .magnetic,
            ])
            let strength: Double
            switch kind {
            case .radialGravity: strength = r(1e5...5e6)
            case .spring: strength = r(0...20)
            case .drag, .velocity: strength = r(0...3)
            case .vortex: strength = r(-5...5)
            case .noise: strength = r(0...3000)
            case .turbulence: strength = r(0...10)
            case .electric: strength = r(-1e5...1e5)
            case .magnetic: strength = r(-2...2)
            case .linearGravity: strength = r(0...2)
            }
            return Field(
                kind, position: at, region: region, inverted: chance(0.2), strength: strength, falloff: pick([0, 1, 2, r(0...3)]),
                minimumRadius: r(0...50), seed: rng.next())
        }
        func localPoint(_ d: WorldDefinition) -> Vector {
            let s = d.size!
            return Vector(r(-0.5...0.5) * s.x, r(-0.5...0.5) * s.y)
        }
        var definitions: [WorldDefinition] = []
        var fingerAt: [Vector] = []
        for _ in 0..<Int.random(in: 1...4, using: &rng) {
            let d = definition()
            definitions.append(d)
            fingerAt.append(d.transform.position)
            script.ops.append(.make(d))
            let w = definitions.count - 1
            if features.contains(.walls) { script.ops.append(.walls(w, walls())) }
            if features.contains(.properties) { script.ops.append(.properties(w, properties())) }
            script.ops.append(.velocity(w, Vector(r(-1500...1500), r(-1500...1500)), r(-10...10)))
        }
        let steps = Int.random(in: 300...500, using: &rng)
        for tick in 0..<steps {
            for w in definitions.indices where chance(0.08) {
                let d = definitions[w]
                switch Int.random(in: 0..<12, using: &rng) {
                case 0 where features.contains(.walls): script.ops.append(.walls(w, chance(0.2) ? [] : walls()))
                case 1 where features.contains(.properties): script.ops.append(.properties(w, properties()))
                case 2 where features.contains(.pushes):
                    script.ops.append(.impulse(w, Push(Vector(r(-800...800), r(-800...800)) * d.mass, at: localPoint(d))))
                case 3 where features.contains(.pushes):
                    script.ops.append(chance(0.5) ? .addForce(w, push()) : .removeForce(w, Int.random(in: 0...5, using: &rng)))
                case 4 where features.contains(.fields):
                    script.ops.append(.fields(w, (0..<Int.random(in: 0...3, using: &rng)).map { _ in field() }))
                case 5 where features.contains(.joints):
                    let j = DragJoint(
                        localAnchor: localPoint(d), finger: fingerAt[w], maxForce: pick([1e5 * d.mass, r(1e3...1e6)]),
                        errorBias: pick([Portable.pow(0.3, 60), r(0.05...0.9)]),
                        friction: pick([0, 1e4 * d.mass / 3, r(0...1e5)]), rotaryFriction: pick([0, 8e3, r(0...1e5)]))
                    script.ops.append(chance(0.3) ? .addSoleDrag(w, j) : .addDrag(w, j))
                case 6 where features.contains(.joints):
                    let step = Vector(r(-40...40), r(-40...40))
                    fingerAt[w] = fingerAt[w] + step
                    let v = step * (1 / dt)
                    script.ops.append(
                        chance(0.3) ? .moveSoleDrag(w, fingerAt[w], v) : .moveDrag(w, Int.random(in: 0...3, using: &rng), fingerAt[w], v))
                case 7 where features.contains(.joints):
                    let local = pick([Vector(-10, -10), Vector(10, 10), localPoint(d)])
                    let home = Vector(r(room.minX + 50...room.maxX - 50), r(room.minY + 50...room.maxY - 50))
                    script.ops.append(
                        .addPivot(
                            w,
                            StaticPivot(
                                anchor: home + local, localAnchor: local, maxForce: pick([Limits.jointForce, r(1e3...1e6)]),
                                maxBias: pick([.infinity, 0, r(10...1000)]), errorBias: pick([chipmunkDefaultErrorBias, r(0.01...0.9)]))))
                case 8 where features.contains(.joints):
                    script.ops.append(
                        .addGear(
                            w,
                            StaticGear(
                                phase: r(-1...1), ratio: pick([1, r(0.5...2), -1]), maxForce: pick([Limits.jointForce, r(1e3...1e6)]),
                                maxBias: pick([.infinity, 0, r(1...20)]))))
                case 9 where features.contains(.joints):
                    script.ops.append(chance(0.6) ? .removeJoint(w, Int.random(in: 0...5, using: &rng)) : .removeSoleDrag(w))
                case 10 where features.contains(.joints):
                    script.ops.append(
                        chance(0.5)
                            ? .attract(
                                w,
                                Attraction(
                                    origin: Vector(r(room.minX...room.maxX), r(room.minY...room.maxY)), stiffness: r(10...300) * d.mass,
                                    damping: r(0...20) * d.mass, angularStiffness: r(1e3...1e5), angularDamping: r(0...300)))
                            : .detachAttraction(w))
                case 11:
                    script.ops.append(
                        chance(0.5)
                            ? .velocity(w, Vector(r(-1500...1500), r(-1500...1500)), r(-10...10))
                            : .gravity(w, Vector(r(-200...200), r(0...3000))))
                default: break
                }
            }
            if tick == steps / 2, chance(0.5), definitions.count > 1 { script.ops.append(.destroy(0)) }
            script.ops.append(.step(dt))
        }
        return script
    }
}
