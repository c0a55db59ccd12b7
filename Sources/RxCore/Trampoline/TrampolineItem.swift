import RxDisposables

// The things a `TrampolineQueue` runs, each for one turn: the base class, and the item that
// repeating work such as `of` or `range` queues once per turn. The action that
// `CurrentThreadScheduler.schedule` queues is `TrampolineAction` (`TrampolineAction.swift`).

/// Something waiting in a ``TrampolineQueue`` for its turn.
///
/// A class rather than a protocol, so that the queue stores plain references and runs them
/// through the class's method table, with no existential container around each item.
@usableFromInline
package class TrampolineItem {
    /// An item that is not queued yet.
    @usableFromInline
    package init() {}

    /// Runs the item's turn.
    func run() {
        rxAbstractMethod()
    }

    /// Called after the item's turn when the queue holds the only reference to it. An item that
    /// can be filled again (a ``TrampolineAction``) empties itself and returns `true`; the queue
    /// then keeps it as a spare.
    func emptyForReuse() -> Bool {
        false
    }
}

/// The one item that repeating work queues, once per turn, on the current thread's trampoline:
/// producers that send one element per turn (such as `of` and `range`) would otherwise
/// allocate a ``TrampolineAction`` each time.
///
/// Queuing a turn has the same effect as `CurrentThreadScheduler.instance.schedule`: it runs
/// after the work already queued on this thread, or at once (draining what it queues) when no
/// trampoline runs. The item holds its work only while a turn is queued; work that must not
/// run any more simply returns from its turn without queuing another.
///
/// An item belongs to the thread that creates it: it looks that thread's queue up once, and
/// every turn, queued from the one before, runs on that thread.
package final class RepeatingTrampolineItem: TrampolineItem {
    /// Work that takes many turns, one per queued turn of its item.
    package protocol Work: AnyObject {
        /// Runs one turn. It may queue the next turn through the same item.
        func runTrampolineTurn()
    }

    private let queue: TrampolineQueue
    private var work: (any Work)?

    /// An item with no turn queued, for the calling thread's trampoline.
    package override init() {
        queue = TrampolineQueue.forCurrentThread
        super.init()
    }

    /// Queues one turn of `work` on the trampoline of the thread that created this item.
    ///
    /// - Precondition: no turn of this item is already queued, and the caller runs on the thread
    ///   that created it.
    package func enqueue(_ work: any Work) {
        self.work = work
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
        let work = self.work
        self.work = nil
        work?.runTrampolineTurn()
    }
}
