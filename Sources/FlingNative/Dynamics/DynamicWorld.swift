import FlingCore

/// The joints of a world that uses the extra joints (several drags, grab friction, static
/// pivots and gears), stepped one world at a time: its item's body stays in the backend's hot
/// array, its walls, fields, pushes and material in its ``WorldDynamics`` if it has them,
/// and its constraint list here, one object per such world, touched only by the thread that
/// steps its slot. A world's first such call moves its joint (if any) here; it steps here
/// until it is destroyed. (Worlds that never use them keep their joint in the lanes path of
/// `SolverLanes.swift`.)
final class DynamicWorld {
    /// The world's `cpSpace.constraints`: added at the end, removed by moving the last into
    /// the hole (`cpArrayDeleteObj`).
    @exclusivity(unchecked) var entries: [ConstraintEntry] = []
    /// Anchor bodies by slot: slot 0 is the space's static body (at rest, at the origin, for
    /// ever), the others drags' finger bodies; `freeFingers` are reusable slots.
    @exclusivity(unchecked) var fingers: [AnchorBody] = [AnchorBody()]
    var freeFingers: [Int] = []
    /// Each joint's entries (by serial, in the order added) and finger slot.
    var joints: [(id: JointID, serials: [UInt32], finger: Int)] = []
    var nextJoint: UInt32 = 0
    var nextSerial: UInt32 = 0

    var hasAttraction: Bool { entries.contains { $0.kind == .springs } }

    func newSerial() -> UInt32 {
        defer { nextSerial &+= 1 }
        return nextSerial
    }

    func newJointID() -> JointID {
        defer { nextJoint &+= 1 }
        return JointID(nextJoint)
    }

    func newFinger(_ body: AnchorBody) -> Int {
        if let slot = freeFingers.popLast() {
            fingers[slot] = body
            return slot
        }
        fingers.append(body)
        return fingers.count - 1
    }

    /// `cpArrayDeleteObj` on the entries.
    func removeEntry(_ serial: UInt32) {
        let k = entries.firstIndex { $0.serial == serial }!
        entries[k] = entries[entries.count - 1]
        entries.removeLast()
    }

    /// Removes a joint's entries in the order they were added, and frees its finger.
    func removeJoint(at index: Int) {
        let joint = joints.remove(at: index)
        for serial in joint.serials { removeEntry(serial) }
        if joint.finger > 0 { freeFingers.append(joint.finger) }
    }

    /// Runs `body` on the constraint list and the static body (the arbiters' body A). This
    /// world is touched by one thread only.
    @inline(__always)
    func withJoints<R>(_ body: (inout EntryJoints, UnsafeMutablePointer<AnchorBody>) -> R) -> R {
        entries.withUnsafeMutableBufferPointer { e in
            fingers.withUnsafeMutableBufferPointer { f in
                var joints = EntryJoints(entries: e.baseAddress!, count: e.count, fingers: f.baseAddress!)
                return body(&joints, f.baseAddress!)
            }
        }
    }
}
