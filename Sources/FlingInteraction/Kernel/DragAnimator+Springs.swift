// The spring that carries a released item home, shared by every policy that sends items
// somewhere: a zero-length damped spring from the item's body to the target, and optionally a
// rotary spring toward angle 0.
//
// A spring's damping acts only along its axis, and a zero-length spring's force is central:
// angular momentum about the target would be conserved and an item thrown sideways would orbit
// it forever. So the damping is the world's instead, isotropic: velocity × exp(−2ζω) per
// second gives x'' + 2ζω x' + ω² x = 0 on both axes (and damps spin too, on top of the rotary
// spring's own damping). Stiffness m ω², ω = 2π · frequency.
import FlingCore
import FlingCurves

extension DragAnimator where Policy: PolicyRules {
    /// Attaches to `world` (item `i`'s, with the velocity it should carry already set) a spring
    /// of `tuning` toward `target`, and a rotary spring of `rotation` toward angle 0 on a body
    /// of that moment of inertia, with the world's damping to match.
    func attachHomeSpring(
        _ i: Int, world: WorldID, to target: Vector, _ tuning: SpringTuning, rotation: (SpringTuning, moment: Double)? = nil
    ) throws(FlingError) {
        let omega = 2 * Double.pi * tuning.frequency
        try backend.setDamping(of: world, Portable.exp(-2 * tuning.dampingRatio * omega))
        let linear = tuning.constants(forInertia: records[i].item.mass)
        let angular = rotation.map { $0.0.constants(forInertia: $0.moment) } ?? (stiffness: 0, damping: 0)
        try backend.attachAttraction(
            Attraction(
                origin: target, stiffness: linear.stiffness, damping: 0, angularStiffness: angular.stiffness,
                angularDamping: angular.damping), to: world)
    }
}
