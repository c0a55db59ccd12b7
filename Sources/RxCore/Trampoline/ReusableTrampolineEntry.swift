/// A reusable entry for the current thread's trampoline, for producers that queue a turn after
/// every element (such as `of` and `range`) and would otherwise allocate a scheduled item each
/// time.
///
/// Queuing a turn has the same effect as `CurrentThreadScheduler.instance.schedule`: it runs
/// after the work already queued on this thread, or at once (draining what it queues) when no
/// trampoline runs. The entry holds its task only while a turn is queued; a task that must not
/// run any more simply returns from its turn without queuing another.
///
/// An entry belongs to the thread that creates it: it looks that thread's queue up once, and
/// every turn, queued from the one before, runs on that thread.
package final class ReusableTrampolineEntry: TrampolineEntry {
    private let queue: TrampolineQueue
    @exclusivity(unchecked)
    private var task: (any RepeatingTrampolineWork)?

    /// An entry with no turn queued, for the calling thread's trampoline.
    package override init() {
        queue = TrampolineQueue.forCurrentThread
        super.init()
    }

    /// Queues one turn of `task` on the trampoline of the thread that created this entry.
    ///
    /// - Precondition: no turn of this entry is already queued, and the caller runs on the thread
    ///   that created it.
    package func enqueue(_ task: any RepeatingTrampolineWork) {
        self.task = task
        if queue.isRunning {
            queue.enqueue(self)
            return
        }
        queue.runAsFirstAction { run() }
    }

    /// Whether the trampoline has work queued that a newly queued turn would wait for.
    package var hasQueuedWork: Bool {
        queue.hasQueuedWork
    }

    override func run() {
        let task = self.task
        self.task = nil
        task?.runTrampolineTurn()
    }
}
