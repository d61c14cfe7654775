// Every finger body an animator moves in a tick, placed in one call: each move as
// `moveDrag(_:in:to:velocity:)` makes it (the same checks, the same fields set), called
// directly on this class instead of through the protocol for each finger.
import FlingCore

extension NativeBackend {
    /// Places the finger bodies of `moves`, each as ``moveDrag(_:in:to:velocity:)`` does, in
    /// order; a move refused (an unknown world or drag, a position or velocity out of range)
    /// changes nothing and is handed to `refused` with its index and error.
    public func moveDrags(_ moves: [DragMove], refused: (_ index: Int, _ error: FlingError) -> Void) {
        moves.withUnsafeBufferPointer { moves in
            for k in moves.indices {
                let m = moves[k]
                do throws(FlingError) { try moveDrag(m.joint, in: m.world, to: m.position, velocity: m.velocity) } catch {
                    refused(k, error)
                }
            }
        }
    }
}
