import Dispatch
import FlingCore
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// What a ``StepPool``'s threads do when woken: their part of a step, or of a state copy.
enum PoolJob {
    case idle
    case step(StepBuffers)
    case readStates(StateCopy)
    case parts(PartsJob)
}

/// A caller's work in parts (``ParallelWork``): its closure, held for the length of one
/// ``StepPool/run(_:)`` (the pool keeps one, so that running work allocates nothing).
final class PartsJob: @unchecked Sendable {
    var body: ((Int) -> Void)?
}

/// The threads a ``NativeBackend`` steps its worlds on besides the caller's: made once, when
/// the backend is, and parked on a semaphore between steps, so a step neither creates a thread
/// nor allocates. Each thread steps a contiguous range of slots; worlds never share state, so
/// the bits cannot depend on how many threads there are.
///
/// A thread holds only its ``Worker`` and the pool's ``Shared`` state (strongly), never the pool
/// itself: so the pool goes when its backend does, whenever its threads happen to start, and its
/// deinit stops and joins them. (A thread that reached the pool through an unowned reference
/// trapped when a backend was made and dropped before the thread first ran.)
final class StepPool: @unchecked Sendable {
    /// What the threads share with the pool: the job, the semaphore they report on, the stop flag.
    final class Shared: @unchecked Sendable {
        /// Read only while a job runs, which is inside a call on the backend.
        unowned(unsafe) let backend: NativeBackend
        /// The job of the current ``StepPool/run(_:)``, written before the threads are woken.
        var job = PoolJob.idle
        var stopping = false
        let done = DispatchSemaphore(value: 0)
        /// The threads a job is split over, the caller's included.
        let parties: Int

        init(backend: NativeBackend, parties: Int) { self.backend = backend; self.parties = parties }

        /// Chunk `c` of `job`, of as many chunks as there are threads.
        func perform(_ job: PoolJob, _ c: Int) {
            switch job {
            case .idle: break
            case .step(let buffers): backend.stepChunk(buffers, c)
            case .readStates(let copy): copy.run(c, of: parties)
            case .parts(let job): job.body?(c)
            }
        }
    }

    /// One parked thread and what it waits on.
    final class Worker: @unchecked Sendable {
        let chunk: Int
        let start = DispatchSemaphore(value: 0)
        let shared: Shared
        init(chunk: Int, shared: Shared) { self.chunk = chunk; self.shared = shared }

        /// A worker's life: wait for a step, step its chunk, report, until the pool stops.
        func park() {
            while true {
                start.wait()
                if shared.stopping { return }
                shared.perform(shared.job, chunk)
                shared.done.signal()
            }
        }
    }

    let shared: Shared
    /// The job a caller's work in parts runs as.
    let partsJob = PartsJob()
    private(set) var workers: [Worker] = []
    private var threads: [pthread_t] = []

    /// Starts `count` threads (the caller's is not counted).
    init(backend: NativeBackend, threads count: Int) {
        shared = Shared(backend: backend, parties: count + 1)
        for k in 0..<count {
            let worker = Worker(chunk: k + 1, shared: shared)
            workers.append(worker)
            #if canImport(Darwin)
            var thread: pthread_t?
            #else
            var thread = pthread_t()
            #endif
            // The thread owns one reference to its worker, released when it ends.
            let context = Unmanaged.passRetained(worker).toOpaque()
            pthread_create(
                &thread, nil,
                { raw in
                    #if canImport(Darwin)
                    let worker = Unmanaged<StepPool.Worker>.fromOpaque(raw).takeRetainedValue()
                    #else
                    let worker = Unmanaged<StepPool.Worker>.fromOpaque(raw!).takeRetainedValue()
                    #endif
                    worker.park()
                    return nil
                }, context)
            #if canImport(Darwin)
            threads.append(thread!)
            #else
            threads.append(thread)
            #endif
        }
    }

    /// Runs chunk 0 of `job` on the caller's thread and the others on the workers; returns
    /// when all are done. The semaphores order the memory: what the caller wrote before is seen by the
    /// workers, and what they wrote is seen by the caller after.
    func run(_ job: PoolJob) {
        shared.job = job
        for w in workers { w.start.signal() }
        shared.perform(job, 0)
        for _ in workers { shared.done.wait() }
        shared.job = .idle
    }

    deinit {
        shared.stopping = true
        for w in workers { w.start.signal() }
        for t in threads { pthread_join(t, nil) }
    }
}
