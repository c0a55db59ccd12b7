import Dispatch
import Synchronization

/// A task executor that runs its jobs on the thread that called `run(_:)`, one at a time, in the
/// order they were enqueued. A task that prefers it never touches the global pool, so what it
/// costs is the same on every run: the performance gate's way to count async code.
final class CallingThreadExecutor: TaskExecutor {
    private let jobs = Mutex<[UnownedJob]>([])
    /// Signalled once per enqueued job, so the draining thread sleeps only while none is ready.
    private let ready = DispatchSemaphore(value: 0)
    private let result = Mutex<Int?>(nil)

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        jobs.withLock { $0.append(job) }
        ready.signal()
    }

    /// Runs `body` in a task on a new executor of this kind, draining its jobs on the calling
    /// thread until the task has finished; a thrown error makes the result -1.
    static func run(_ body: @escaping @Sendable () async throws -> Int) -> Int {
        let executor = CallingThreadExecutor()
        Task.detached(executorPreference: executor) {
            let sum = (try? await body()) ?? -1
            executor.result.withLock { $0 = sum }
        }
        while true {
            if let sum = executor.result.withLock({ $0 }) { return sum }
            executor.ready.wait()
            let job = executor.jobs.withLock { $0.removeFirst() }
            job.runSynchronously(on: executor.asUnownedTaskExecutor())
        }
    }
}
