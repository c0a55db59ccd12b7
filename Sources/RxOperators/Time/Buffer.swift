import RxCore
import RxDisposables

extension ObservableType {
    /// Collects the elements into arrays, sending each array once it holds `count` elements or
    /// once `timeSpan` has passed on `scheduler` since the previous one was sent (or since
    /// subscribing), whichever comes first.
    ///
    /// The span is measured from the start of each array: sending a full array restarts it.
    /// When the span passes with nothing collected, an empty array is sent, as RxSwift does.
    /// When the source completes, the array being collected is sent, even empty, then
    /// completion; an error is passed on at once and the elements collected are dropped. Only
    /// the elements of the array being collected are kept: once sent, an array is not held.
    ///
    /// A `count` of zero or less never fills an array, so arrays are sent only as the span
    /// passes, as RxSwift does. A zero or negative `timeSpan` sends an array each time
    /// `scheduler` runs the timer (on a `TestScheduler`, every tick); `.never` sends arrays only
    /// when full and at completion.
    public func buffer(timeSpan: RxTimeInterval, count: Int, scheduler: any SchedulerType) -> Observable<[Element]> {
        BufferTimeCount(source: asObservable(), timeSpan: timeSpan, count: count, scheduler: scheduler)
    }
}

/// The producer behind `buffer(timeSpan:count:scheduler:)`.
final class BufferTimeCount<Element>: Producer<[Element]> {
    private let source: Observable<Element>
    private let timeSpan: RxTimeInterval
    private let count: Int
    private let scheduler: any SchedulerType

    init(source: Observable<Element>, timeSpan: RxTimeInterval, count: Int, scheduler: any SchedulerType) {
        self.source = source
        self.timeSpan = timeSpan
        self.count = count
        self.scheduler = scheduler
        super.init()
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: any Cancelable) -> SubscribedSink
    where Observer.Element == [Element] {
        let sink = BufferTimeCountSink(
            timeSpan: timeSpan, count: count, scheduler: scheduler, observer: observer, cancel: cancel)
        // The first span starts at subscription, before the source can send anything.
        sink.start()
        return sink.subscribe(to: source)
    }
}

/// Collects the source's elements and sends them when the array is full or the timer the last
/// sending (or the subscription) started fires.
final class BufferTimeCountSink<Element, Observer: ObserverType>: TimedSink<Element, Observer>
where Observer.Element == [Element] {
    private let timeSpan: RxTimeInterval
    private let count: Int
    // Touched only holding the serializer; handed over whole when sent, emptied when the subscription ends.
    private var collected: [Element] = []

    init(
        timeSpan: RxTimeInterval, count: Int, scheduler: any SchedulerType, observer: Observer,
        cancel: any Cancelable
    ) {
        self.timeSpan = timeSpan
        self.count = count
        super.init(scheduler: scheduler, observer: observer, cancel: cancel)
    }

    override func started() {
        startTimer(after: timeSpan)
    }

    override func handle(_ event: Event<Element>) {
        switch event {
        case .next(let element):
            collected.append(element)
            if collected.count == count {
                sendCollectedAndRestartTheSpan()
            }
        case .error(let error):
            // The elements collected die here, holding the serializer, before the error goes on.
            collected = []
            forwardErrorAndDispose(error)
        case .completed:
            let last = collected
            collected = []
            forwardNext(last)
            forwardCompletedAndDispose()
        }
    }

    override func timerFired() {
        sendCollectedAndRestartTheSpan()
    }

    /// Sends the array collected so far, even empty, and starts the span of the next one.
    private func sendCollectedAndRestartTheSpan() {
        let full = collected
        collected = []
        forwardNext(full)
        // A subscriber that disposed from `onNext` has nothing left to time.
        if !isDisposed {
            startTimer(after: timeSpan)
        }
    }

    override func releaseKept() {
        let released = collected
        collected = []
        _ = released
    }
}
