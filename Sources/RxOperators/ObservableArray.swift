import RxCore
import RxDisposables
import RxSchedulers

/// The producer behind `of` and `from(_ array:scheduler:)`: the array is walked by index.
///
/// ``ObservableSequence`` would do, but its iterator, called through `IteratorProtocol` in
/// generic code, reads the array through a coroutine whose frame is allocated on every element,
/// and returns an `Optional` whose type metadata is looked up on every element.
final class ObservableArray<Element>: Producer<Element> {
    private let elements: [Element]
    private let scheduler: any ImmediateSchedulerType

    init(elements: [Element], scheduler: any ImmediateSchedulerType) {
        self.elements = elements
        self.scheduler = scheduler
    }

    override func run<Observer: ObserverType>(
        _ observer: Observer, cancel: any Cancelable
    ) -> (sink: any Disposable, subscription: any Disposable) where Observer.Element == Element {
        let sink = ObservableArraySink(elements: elements, observer: observer, cancel: cancel)
        let subscription = sink.run(on: scheduler)
        return (sink: sink, subscription: subscription)
    }
}

/// Sends one element per scheduled step, and completion after the last, in the same order of
/// steps as ``ObservableSequenceSink``.
final class ObservableArraySink<Observer: ObserverType>: OperatorSink<Observer>, TrampolineTask {
    private let elements: [Observer.Element]
    // Only one step runs at a time, and each is scheduled by the one before, so the index is
    // never touched concurrently.
    private var index = 0
    private var turn: TrampolineTurn?

    init(elements: [Observer.Element], observer: Observer, cancel: any Cancelable) {
        self.elements = elements
        super.init(observer: observer, cancel: cancel)
    }

    func run(on scheduler: any ImmediateSchedulerType) -> any Disposable {
        if scheduler is CurrentThreadScheduler {
            // The same order as recursive scheduling on the trampoline, with one queue entry
            // reused for every element instead of a new scheduled item each time.
            let turn = TrampolineTurn()
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

    func runTrampolineTurn() {
        // Each element is one turn. While nothing else waits on the trampoline, the next turn
        // would be the very next thing to run, so it runs here instead of going through the
        // queue; as soon as other work waits, the next turn queues behind it.
        while !isDisposed, emitNext(), !isDisposed {
            if TrampolineTurn.hasQueuedWork, let turn {
                turn.enqueue(self)
                return
            }
        }
    }

    /// Sends the next element, or completion when there is none; returns whether to continue.
    private func emitNext() -> Bool {
        let position = index
        guard position < elements.count else {
            forwardCompleted()
            return false
        }
        index = position + 1
        forwardNext(elements[position])
        return true
    }
}
