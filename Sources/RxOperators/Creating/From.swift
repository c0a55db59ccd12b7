import RxCore
import RxDisposables
import RxSchedulers

extension ObservableType {
    /// A sequence of the given elements, then completion, one element per action on
    /// `scheduler`.
    ///
    /// On the default ``/RxCore/CurrentThreadScheduler`` each element waits for the work already
    /// queued on the thread's trampoline, so two such sequences subscribed together
    /// interleave.
    public static func of(
        _ elements: Element..., scheduler: any ImmediateSchedulerType = CurrentThreadScheduler.instance
    ) -> Observable<Element> {
        FromArray(elements: elements, scheduler: scheduler)
    }

    /// A sequence of the array's elements, then completion, one element per action on
    /// `scheduler`.
    public static func from(
        _ array: [Element], scheduler: any ImmediateSchedulerType = CurrentThreadScheduler.instance
    ) -> Observable<Element> {
        FromArray(elements: array, scheduler: scheduler)
    }

    /// A sequence of the elements of `sequence`, then completion, one element per action on
    /// `scheduler`. The sequence is iterated anew for every subscriber, lazily, so it may be
    /// infinite when the subscriber stops early.
    public static func from<Elements: Sequence>(
        _ sequence: Elements, scheduler: any ImmediateSchedulerType = CurrentThreadScheduler.instance
    ) -> Observable<Element> where Elements.Element == Element {
        FromSequence(elements: sequence, scheduler: scheduler)
    }
}

/// The producer behind `from(_:scheduler:)` over any sequence.
final class FromSequence<Elements: Sequence>: Producer<Elements.Element> {
    private let elements: Elements
    private let scheduler: any ImmediateSchedulerType

    init(elements: Elements, scheduler: any ImmediateSchedulerType) {
        self.elements = elements
        self.scheduler = scheduler
        super.init()
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: any Cancelable) -> SubscribedSink
    where Observer.Element == Element {
        let sink = FromSequenceSink(iterator: elements.makeIterator(), observer: observer, cancel: cancel)
        return sink.holding(sink.run(on: scheduler))
    }
}

/// Steps through any sequence's iterator; only the steps, one at a time, touch `iterator`.
final class FromSequenceSink<Iterator: IteratorProtocol, Observer: ObserverType>: SteppingSink<Observer>
where Iterator.Element == Observer.Element {
    private var iterator: Iterator

    init(iterator: Iterator, observer: Observer, cancel: any Cancelable) {
        self.iterator = iterator
        super.init(observer: observer, cancel: cancel)
    }

    override func emitNext() -> Bool {
        guard let element = iterator.next() else {
            forwardCompletedAndDispose()
            return false
        }
        forwardNext(element)
        return true
    }
}
