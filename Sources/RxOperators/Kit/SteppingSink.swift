import RxCore
import RxDisposables
import RxSchedulers

/// The base of the sinks that send one element per scheduled step, then completion (`of`,
/// `from`): subclasses say how to get the next element, this class schedules the steps.
///
/// On the trampoline a step is one turn of a reused queue item. While nothing else waits on
/// the trampoline the next turn would be the very next thing to run, so it runs in place; as
/// soon as other work waits, the next turn queues behind it. The order of turns is therefore
/// exactly that of recursive scheduling, without a scheduled item per element. On any other
/// scheduler each step is one recursive action.
class SteppingSink<Observer: ObserverType>: Sink<Observer>, RepeatingTrampolineItem.Work {
    private var turn: RepeatingTrampolineItem?

    /// Starts the steps on `scheduler` and returns what cancels them.
    final func run(on scheduler: any ImmediateSchedulerType) -> any Disposable {
        if scheduler is CurrentThreadScheduler {
            let turn = RepeatingTrampolineItem()
            self.turn = turn
            turn.enqueue(self)
            return Disposables.create()
        }
        return scheduler.scheduleRecursive(()) { _, recurse in
            if self.emitNext() {
                recurse(())
            }
        }
    }

    final func runTrampolineTurn() {
        guard let turn, !isDisposed else { return }
        runSteps(queuingBehind: turn)
    }

    /// Runs steps until the sequence ends, the sink is disposed, or other work waits on the
    /// trampoline, in which case it queues the next turn behind that work. A subclass that can
    /// step faster in a loop of its own overrides it, keeping that order.
    func runSteps(queuingBehind turn: RepeatingTrampolineItem) {
        while emitNext(), !isDisposed {
            if turn.hasQueuedWork {
                turn.enqueue(self)
                return
            }
        }
    }

    /// Sends the next element, or completion when there is none; returns whether to continue.
    ///
    /// Steps run one at a time, each scheduled by the one before, so subclasses' iteration
    /// state is never touched concurrently.
    func emitNext() -> Bool {
        rxAbstractMethod()
    }
}
