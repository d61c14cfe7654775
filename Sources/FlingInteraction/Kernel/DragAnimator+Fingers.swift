// Fingers on drag joints of their own, as Chipmunk's `ChipmunkMultiGrab` makes one per touch
// (objectivec/src/ChipmunkMultiGrab.m): several fingers may hold one item, each finger body
// with its pivot to the grabbed point and, when the settings ask, its grab friction (a second
// pivot with `maxBias` 0) and rotary friction (a gear with `maxBias` 0). The grip lives in the
// touch's record; the item is released when its last grip lets go.
//
// A smoothed finger moves as the multi-grab's kinematic grab body does in a Chipmunk space:
// each step first moves it at the velocity it was given (`cpBodyUpdatePosition`, `p + v·dt`),
// then `GrabPreSolve` gives it the velocity that takes it to `lerp(touch, p, smoothing^dt)` by
// the next step, `(lerp − p)/dt`; the joints then see it at `p` moving at that velocity. The
// backends do not move finger bodies themselves, so the kernel does it here and hands both to
// `moveDrag` before the step: the same position and velocity the Chipmunk space would hold
// (the factor `smoothing^dt` from FlingMath's portable `pow`, where Chipmunk calls the C
// library's). Unsmoothed, a grip's finger is Fling's: on the touch, at the speed that took it
// there.
import FlingCore

extension DragAnimator where Policy: PolicyRules {
    /// The touch slots whose grips hold the item of raw id `id`, in slot order.
    func grips(on id: Int) -> [Int] {
        touchSlots.indices.filter { touchSlots[$0].grip != nil && touchSlots[$0].item == id }
    }

    /// Places every grip's finger body for tick `k`; an item whose backend refuses one is listed
    /// in `refused` (once) and the first error kept in `failure`.
    func moveGrips(dt: Double, tick k: Int, refused: inout [Int], failure: inout FlingError?) {
        for slot in touchSlots.indices {
            guard let joint = touchSlots[slot].grip, let held = touchSlots[slot].item,
                let i = itemIndex(held, hint: touchSlots[slot].itemHint), let world = statuses[i].world
            else { continue }
            let t = touchSlots[slot]
            let p: Vector, v: Vector
            if let c = gripSmoothing {
                // Within the coordinate limit, which the step's rounding may pass by an ulp at its edge.
                let moved = t.finger + t.fingerVelocity * dt
                p = Vector(
                    min(max(moved.x, -Limits.coordinate), Limits.coordinate), min(max(moved.y, -Limits.coordinate), Limits.coordinate))
                let smoothed = t.fingerTarget * (1 - c) + p * c
                v = (smoothed - p) * (1 / dt)
            } else {
                p = t.fingerTarget
                v = Vector((p.x - t.finger.x) / dt, (p.y - t.finger.y) / dt)
            }
            do throws(FlingError) {
                try backend.moveDrag(joint, in: world, to: p, velocity: v)
                touchSlots[slot].finger = p
                touchSlots[slot].fingerVelocity = v
            } catch {
                failure = failure ?? tagged(error, "tick \(k), touch \(t.id.rawValue) moved", item: held)
                if !refused.contains(i) { refused.append(i) }
            }
        }
    }
}
