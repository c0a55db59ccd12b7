import RxCore
import RxDisposables

extension AsyncSequence where Self: Sendable {
    /// An observable that iterates this asynchronous sequence and sends its elements.
    ///
    /// Each subscription starts a task of its own (unstructured, at `priority`, isolated to no
    /// actor) that iterates the sequence from the start and sends every element from wherever
    /// the task runs; the end of the sequence completes the observable, and an error it throws
    /// fails it. Disposing the subscription cancels the task, which stops the iteration at its
    /// next suspension point. As RxSwift, a `CancellationError` thrown by the sequence completes
    /// the observable rather than failing it.
    ///
    /// Unlike RxSwift's, the sequence must be `Sendable`: it is handed to a task per subscriber.
    public func asObservable(priority: TaskPriority? = nil) -> Observable<Element> {
        AsyncSequenceObservable(sequence: self, priority: priority)
    }
}

/// The producer behind `asObservable(priority:)`.
private final class AsyncSequenceObservable<Sequence: AsyncSequence & Sendable>: Producer<Sequence.Element> {
    private let sequence: Sequence
    private let priority: TaskPriority?

    init(sequence: Sequence, priority: TaskPriority?) {
        self.sequence = sequence
        self.priority = priority
        super.init()
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: any Cancelable) -> SubscribedSink
    where Observer.Element == Sequence.Element {
        let sink = AsyncSequenceSink(observer: observer, cancel: cancel)
        // Handed over, not shared: only the task sends through the sink, one event at a time;
        // disposing a sink is safe from any thread.
        let sequence = sequence
        let iteration = UncheckedSendable({ await sink.iterate(sequence) } as () async -> Void)
        // In flight until the iteration ends: leak checks wait for the task to let go of the sink.
        PendingWork.begin()
        let task = Task(priority: priority) {
            await iteration.value()
            PendingWork.end()
        }
        return sink.holding(Disposables.create { task.cancel() })
    }
}

/// Sends what the task's iteration finds.
private final class AsyncSequenceSink<Observer: ObserverType>: Sink<Observer> {
    func iterate<Sequence: AsyncSequence>(_ sequence: Sequence) async where Sequence.Element == Observer.Element {
        do {
            for try await element in sequence {
                if isDisposed { return }
                forwardNext(element)
            }
            forwardCompletedAndDispose()
        } catch is CancellationError {
            forwardCompletedAndDispose()
        } catch {
            forwardErrorAndDispose(error)
        }
    }
}
