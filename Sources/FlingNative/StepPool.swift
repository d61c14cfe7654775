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
}

/// The threads a ``NativeBackend`` steps its worlds on besides the caller's: made once, when
/// the backend is, and parked on a semaphore between steps, so a step neither creates a thread
/// nor allocates. Each thread steps a contiguous range of slots; worlds never share state, so
/// the bits cannot depend on how many threads there are.
final class StepPool: @unchecked Sendable {
    /// One parked thread and what it waits on.
    final class Worker: @unchecked Sendable {
        let chunk: Int
        let start = DispatchSemaphore(value: 0)
        unowned let pool: StepPool
        init(chunk: Int, pool: StepPool) { self.chunk = chunk; self.pool = pool }
    }

    unowned let backend: NativeBackend
    private(set) var workers: [Worker] = []
    private var threads: [pthread_t] = []
    private let done = DispatchSemaphore(value: 0)
    private var stopping = false
    /// The job of the current ``run(_:)``, written before the threads are woken.
    private var job = PoolJob.idle

    /// Starts `count` threads (the caller's is not counted).
    init(backend: NativeBackend, threads count: Int) {
        self.backend = backend
        for k in 0..<count {
            let worker = Worker(chunk: k + 1, pool: self)
            workers.append(worker)
            #if canImport(Darwin)
            var thread: pthread_t?
            #else
            var thread = pthread_t()
            #endif
            let context = Unmanaged.passUnretained(worker).toOpaque()
            pthread_create(
                &thread, nil,
                { raw in
                    #if canImport(Darwin)
                    let worker = Unmanaged<StepPool.Worker>.fromOpaque(raw).takeUnretainedValue()
                    #else
                    let worker = Unmanaged<StepPool.Worker>.fromOpaque(raw!).takeUnretainedValue()
                    #endif
                    worker.pool.park(worker)
                    return nil
                }, context)
            #if canImport(Darwin)
            threads.append(thread!)
            #else
            threads.append(thread)
            #endif
        }
    }

    /// A worker's life: wait for a step, step its chunk, report, until the pool stops.
    private func park(_ worker: Worker) {
        while true {
            worker.start.wait()
            if stopping { return }
            perform(job, worker.chunk)
            done.signal()
        }
    }

    /// Runs chunk 0 of `job` on the caller's thread and the others on the workers; returns
    /// when all are done. The semaphores order the memory: what the caller wrote before is seen by the
    /// workers, and what they wrote is seen by the caller after.
    func run(_ job: PoolJob) {
        self.job = job
        for w in workers { w.start.signal() }
        perform(job, 0)
        for _ in workers { done.wait() }
        self.job = .idle
    }

    /// Chunk `c` of `job`, of as many chunks as there are threads.
    private func perform(_ job: PoolJob, _ c: Int) {
        switch job {
        case .idle: break
        case .step(let buffers): backend.stepChunk(buffers, c)
        case .readStates(let copy): copy.run(c, of: workers.count + 1)
        }
    }

    deinit {
        stopping = true
        for w in workers { w.start.signal() }
        for t in threads { pthread_join(t, nil) }
    }
}
