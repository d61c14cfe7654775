// Fingers on drag joints of their own, as Chipmunk's `ChipmunkMultiGrab` makes one per touch
// (objectivec/src/ChipmunkMultiGrab.m): every finger that holds an item has its finger body
// with its pivot to the grabbed point and, when the settings ask, its grab friction (a second
// pivot with `maxBias` 0) and rotary friction (a gear with `maxBias` 0); one finger is the case
// of several (``DragSettings/fingersPerItem`` is 1 by default). A finger's state lives in its
// touch's record alone (``TouchRecord``: its drag, its finger body's position and velocity as
// last set, and where the touch wants it); the item is released when its last finger lets go.
// The backends keep their fast path for a world holding one drag.
//
// Each tick places every finger body before the step. Unsmoothed (Fling's finger), it jumps to
// the touch and moves at the speed that took it there. A smoothed finger moves as the
// multi-grab's kinematic grab body does in a Chipmunk space: each step first moves it at the
// velocity it was given (`cpBodyUpdatePosition`, `p + v·dt`), then `GrabPreSolve` gives it the
// velocity that takes it to `lerp(touch, p, smoothing^dt)` by the next step, `(lerp − p)/dt`;
// the joints then see it at `p` moving at that velocity. The backends do not move finger bodies
// themselves, so the kernel does it here and hands both to `moveDrag` before the step: the same
// position and velocity the Chipmunk space would hold (the factor `smoothing^dt` from
// FlingMath's portable `pow`, where Chipmunk calls the C library's).
import FlingCore

extension DragAnimator where Policy: PolicyRules {
    /// How many fingers hold the item of raw id `id`.
    func fingerCount(on id: Int) -> Int {
        touchSlots.reduce(0) { $0 + ($1.grip != nil && $1.item == id ? 1 : 0) }
    }

    /// The first touch slot (in slot order) whose finger holds the item of raw id `id`.
    func firstFinger(on id: Int) -> Int? {
        touchSlots.indices.first { touchSlots[$0].grip != nil && touchSlots[$0].item == id }
    }

    /// Where finger `t`'s body goes for the next step, and the velocity it is given (the live
    /// tick and a prediction both).
    @inline(__always)
    static func fingerStep(_ t: TouchRecord, dt: Double, smoothing: Double?) -> (Vector, Vector) {
        guard let c = smoothing else {
            let p = t.fingerTarget
            return (p, Vector((p.x - t.finger.x) / dt, (p.y - t.finger.y) / dt))
        }
        // Within the coordinate limit, which the step's rounding may pass by an ulp at its edge.
        let moved = t.finger + t.fingerVelocity * dt
        let p = Vector(min(max(moved.x, -Limits.coordinate), Limits.coordinate), min(max(moved.y, -Limits.coordinate), Limits.coordinate))
        let smoothed = t.fingerTarget * (1 - c) + p * c
        return (p, (smoothed - p) * (1 / dt))
    }

    /// Places every finger body for tick `k`, in touch-slot order (the order cannot change a
    /// bit: each call only sets a finger body); an item whose backend refuses one is listed in
    /// `refused` (once) and the first error kept in `failure`. The touch slots and the items are
    /// borrowed once for the loop.
    func moveFingers(dt: Double, tick k: Int, refused: inout [Int], failure: inout FlingError?) {
        let backend = self.backend, smoothing = gripSmoothing
        var slots: [TouchRecord] = []
        swap(&slots, &touchSlots)
        defer { swap(&slots, &touchSlots) }
        withItems { statuses, records in
            slots.withUnsafeMutableBufferPointer { slots in
                guard let first = slots.baseAddress else { return }
                for s in 0..<slots.count {
                    let t = first + s
                    guard let joint = t.pointee.grip, let held = t.pointee.item else { continue }
                    let hint = t.pointee.itemHint
                    guard
                        let i = hint < records.count && records[hint].item.id.rawValue == held
                            ? hint : Self.search(UnsafeBufferPointer(records), held),
                        let world = statuses[i].world
                    else { continue }
                    let (p, v) = Self.fingerStep(t.pointee, dt: dt, smoothing: smoothing)
                    do throws(FlingError) {
                        try backend.moveDrag(joint, in: world, to: p, velocity: v)
                        t.pointee.finger = p
                        // Only a smoothed finger reads its velocity back.
                        if smoothing != nil { t.pointee.fingerVelocity = v }
                    } catch {
                        failure = failure ?? tagged(error, "tick \(k), touch \(t.pointee.id.rawValue) moved", item: held)
                        if !refused.contains(i) { refused.append(i) }
                    }
                }
            }
        }
    }
}
