import Fling

extension DynamicsScript {
    /// Plays a ``DynamicsScript`` on any number of backends at once, resumably: the script's
    /// own bookkeeping (which ids each world's drags, joints and pushes have) per copy.
    struct Player {
        var backend: any SnapshotBackend
        var worlds: [WorldID?] = []
        var forces: [[ForceID]] = []
        var joints: [[JointID]] = []
        var drags: [[JointID]] = []
        var sole: [JointID?] = []
        var refusals: [String] = []

        init(_ backend: any SnapshotBackend) { self.backend = backend }

        var dynamics: any DynamicsBackend { backend as! any DynamicsBackend }

        /// Applies op `n` (a refusal is kept: every copy must refuse the same calls).
        mutating func apply(_ op: DynamicsScript.Op, _ n: Int) {
            do throws(FlingError) {
                switch op {
                case .make(let d):
                    worlds.append(try backend.makeWorld(d))
                    forces.append([]); joints.append([]); drags.append([]); sole.append(nil)
                case .destroy(let w):
                    if let id = worlds[w] { try backend.destroyWorld(id); worlds[w] = nil }
                case .step(let dt): try backend.step(by: dt)
                default:
                    guard let w = op.world, let id = worlds[w] else { return }
                    let b = dynamics
                    switch op {
                    case .walls(_, let walls): try b.setWalls(walls, of: id)
                    case .properties(_, let p): try b.setItemProperties(p, of: id)
                    case .velocity(_, let v, let spin): try b.setVelocity(of: id, linear: v, angular: spin)
                    case .gravity(_, let g): try b.setGravity(of: id, g)
                    case .damping(_, let d): try b.setDamping(of: id, d)
                    case .impulse(_, let p): try b.applyImpulse(p, to: id)
                    case .addForce(_, let p): forces[w].append(try b.addForce(p, to: id))
                    case .removeForce(_, let k):
                        guard !forces[w].isEmpty else { return }
                        try b.removeForce(forces[w].remove(at: k % forces[w].count), from: id)
                    case .fields(_, let f): try b.setFields(f, of: id)
                    case .addSoleDrag(_, let j):
                        guard joints[w].isEmpty, sole[w] == nil else {
                            throw FlingError(.invalidState, field: "sole", value: "", reason: "")
                        }
                        sole[w] = try b.addDrag(j, to: id)
                    case .moveSoleDrag(_, let p, let v):
                        guard let s = sole[w] else { return }
                        try b.moveDrag(s, in: id, to: p, velocity: v)
                    case .removeSoleDrag:
                        guard let s = sole[w] else { return }
                        try b.removeDrag(s, from: id)
                        sole[w] = nil
                    case .addDrag(_, let j):
                        let j = try b.addDrag(j, to: id)
                        joints[w].append(j); drags[w].append(j)
                    case .moveDrag(_, let k, let p, let v):
                        guard !drags[w].isEmpty else { return }
                        try b.moveDrag(drags[w][k % drags[w].count], in: id, to: p, velocity: v)
                    case .addPivot(_, let p): joints[w].append(try b.addPivot(p, to: id))
                    case .addGear(_, let g): joints[w].append(try b.addGear(g, to: id))
                    case .removeJoint(_, let k):
                        guard !joints[w].isEmpty else { return }
                        let j = joints[w].remove(at: k % joints[w].count)
                        if drags[w].contains(j) {
                            drags[w].removeAll { $0 == j }
                            try b.removeDrag(j, from: id)
                        } else {
                            try b.removeJoint(j, from: id)
                        }
                    case .attract(_, let a): try b.attachAttraction(a, to: id)
                    case .detachAttraction: try b.detachAttraction(from: id)
                    default: break
                    }
                }
            } catch {
                refusals.append("\(n):\(error.code)")
            }
        }

        /// Every live world's snapshot, as bytes (nil for a destroyed world).
        func snapshots() throws -> [[UInt8]?] {
            try worlds.map { try $0.map { try backend.snapshot(of: $0).bytes } }
        }

        /// A copy whose worlds are the snapshots `taken` restored into `backend`.
        func restored(_ taken: [WorldSnapshot?], into backend: any SnapshotBackend) throws -> Player {
            var p = self
            p.backend = backend
            p.worlds = try taken.map { try $0.map { try backend.restore($0) } }
            return p
        }
    }
}
