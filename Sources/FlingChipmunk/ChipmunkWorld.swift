#if Chipmunk
internal import CChipmunk
import FlingCore

/// The C objects of one world. Owned by ``ChipmunkBackend``, which frees each exactly once:
/// in `free(in:)` when the world is destroyed, or in its `deinit` for worlds still live.
struct ChipmunkWorld {
    /// The world's own space (per-world layout) or the shared one (not freed here).
    var space: OpaquePointer
    var ownsSpace: Bool
    var body: OpaquePointer
    var finger: OpaquePointer?
    var pivot: OpaquePointer?
    var spring: OpaquePointer?
    var rotary: OpaquePointer?
    /// Shared layout only: this body's own gravity and damping, read by
    /// ``perBodyVelocityUpdate`` each step.
    var medium: UnsafeMutablePointer<Medium>?

    var hasDrag: Bool { pivot != nil }
    var hasAttraction: Bool { spring != nil }

    mutating func removeDrag() {
        if let pivot {
            cpSpaceRemoveConstraint(space, pivot)
            cpConstraintFree(pivot)
            self.pivot = nil
        }
        if let finger {
            // The finger body was never added to the space (as in Chipmunk's demos).
            cpBodyFree(finger)
            self.finger = nil
        }
    }

    mutating func removeAttraction() {
        // Remove in the order added: the rotary spring then moves into the spring's slot and
        // out again, leaving the space's constraint order as if neither had been there.
        if let spring {
            cpSpaceRemoveConstraint(space, spring)
            cpConstraintFree(spring)
            self.spring = nil
        }
        if let rotary {
            cpSpaceRemoveConstraint(space, rotary)
            cpConstraintFree(rotary)
            self.rotary = nil
        }
    }

    /// Frees every C object of the world; the value must not be used afterwards.
    mutating func free() {
        removeDrag()
        removeAttraction()
        cpSpaceRemoveBody(space, body)
        cpBodyFree(body)
        if let medium {
            medium.deallocate()
            self.medium = nil
        }
        if ownsSpace { cpSpaceFree(space) }
    }
}
#endif

#if Chipmunk
/// What a body in a shared space moves through: its own gravity and velocity damping.
struct Medium {
    var gravity: cpVect
    var damping: Double
}

/// The velocity update of bodies in a shared space: Chipmunk's own `cpBodyUpdateVelocity`,
/// given the body's gravity and `damping^dt` (kept behind its user-data pointer) instead of
/// the space's. `pow` is the C library's, as in `cpSpaceStep`, so the bits are the same as
/// a space of the body's own with that gravity and damping.
let perBodyVelocityUpdate: cpBodyVelocityFunc = { body, _, _, dt in
    let medium = cpBodyGetUserData(body)!.assumingMemoryBound(to: Medium.self).pointee
    cpBodyUpdateVelocity(body, medium.gravity, PlatformFunctions.pow(medium.damping, dt), dt)
}
#endif
