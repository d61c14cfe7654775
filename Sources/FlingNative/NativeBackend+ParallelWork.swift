// An animator's per-item passes on the backend's threads: the same parked threads a step wakes,
// each running one part of the caller's work.
import FlingCore

extension NativeBackend: ParallelWork {
    package var parts: Int { pool == nil ? 1 : threads }
    /// As for a state copy: twice the step's bound (tests lower it to 0 to take the threads).
    package var partsFrom: Int { 2 * parallelSlots }

    package func runParts(_ body: (Int) -> Void) {
        guard let pool else { return body(0) }
        withoutActuallyEscaping(body) { body in
            pool.partsJob.body = body
            pool.run(.parts(pool.partsJob))
            pool.partsJob.body = nil
        }
    }
}
