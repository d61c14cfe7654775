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
        if ownsSpace { cpSpaceFree(space) }
    }
}
#endif
