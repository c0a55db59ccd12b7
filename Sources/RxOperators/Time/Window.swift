import RxCore
import RxDisposables

extension ObservableType {
    /// Splits the elements into windows, each an observable sequence of its own: a window ends
    /// once `count` elements have passed through it or once `timeSpan` has passed on
    /// `scheduler` since it opened, whichever comes first, and the next one opens at that moment.
    ///
    /// The first window is sent at subscription. When a window fills, the element that filled it
    /// goes through it first; it then completes, the next window is sent, and the span starts
    /// again from there. When the span passes, the window completes and the next one is sent,
    /// even if nothing went through it. A window sends only what arrives while it is subscribed
    /// (as a `PublishSubject` does): subscribe to it from the handler that receives it to see
    /// everything. The source's completion or error ends the open window with that event, then
    /// this sequence. Elements are not kept.
    ///
    /// As in RxSwift, the source stays subscribed while this sequence or a window has a
    /// subscriber: disposing the subscription to this sequence leaves a subscribed window
    /// running until it ends or its subscriber leaves (no new window is sent meanwhile), and the
    /// source is unsubscribed then.
    ///
    /// A `count` of zero or less never fills a window, so windows end only as the span passes,
    /// as RxSwift does. A zero or negative `timeSpan` ends a window each time `scheduler` runs
    /// the timer (on a `TestScheduler`, every tick); `.never` ends windows only when they fill.
    public func window(timeSpan: RxTimeInterval, count: Int, scheduler: any SchedulerType)
        -> Observable<Observable<Element>>
    {
        WindowTimeCount(source: asObservable(), timeSpan: timeSpan, count: count, scheduler: scheduler)
    }
}

/// The producer behind `window(timeSpan:count:scheduler:)`.
///
/// Two sinks share a subscription: the ``WindowSubscriberSink``, which the subscriber's
/// disposable disposes, and the ``WindowTimeCountSink``, which receives the source and runs the
/// timer. The second is what a `RefCountDisposable` disposes once the first and every window's
/// subscription have let go of it.
final class WindowTimeCount<Element>: Producer<Observable<Element>> {
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
    where Observer.Element == Observable<Element> {
        let subscriberSink = WindowSubscriberSink(observer: observer, cancel: cancel)
        let running = SingleAssignmentDisposable()
        let shared = RefCountDisposable(disposable: running)
        let sink = WindowTimeCountSink(
            timeSpan: timeSpan, count: count, scheduler: scheduler, shared: shared,
            observer: WindowForwarder(subscriberSink: subscriberSink), cancel: BooleanDisposable())
        running.setDisposable(sink)
        // As RxSwift: the first window is sent and its span started before the source is
        // subscribed.
        sink.start()
        sink.holdUpstream(source.subscribe(sink))
        // The subscriber's sink holds the owner's claim on the shared subscription: disposing it
        // gives the claim up, and the source goes once no window's subscription holds one either.
        return subscriberSink.holding(shared)
    }
}

/// The sink the subscriber's disposable ends: it only passes on what the
/// ``WindowTimeCountSink`` sends, while it is not disposed.
final class WindowSubscriberSink<Observer: ObserverType>: Sink<Observer> {}

/// The observer of a ``WindowTimeCountSink``: hands its windows and its terminal event to the
/// ``WindowSubscriberSink``, which drops them once the subscriber has left.
struct WindowForwarder<Observer: ObserverType>: ObserverType {
    typealias Element = Observer.Element

    let subscriberSink: WindowSubscriberSink<Observer>

    func on(_ event: Event<Element>) {
        switch event {
        case .next(let window):
            subscriberSink.forwardNext(window)
        case .error(let error):
            subscriberSink.forwardErrorAndDispose(error)
        case .completed:
            subscriberSink.forwardCompletedAndDispose()
        }
    }
}

/// Passes the source's elements into the open window and opens the next one when the window
/// fills or the timer started when it opened fires.
final class WindowTimeCountSink<Element, Observer: ObserverType>: TimedSink<Element, WindowForwarder<Observer>>
where Observer.Element == Observable<Element> {
    private let timeSpan: RxTimeInterval
    private let count: Int
    private let shared: RefCountDisposable
    // Touched only holding the serializer: the open window, and how many elements went through it (counted
    // only when `count` is positive, so it never passes `count`).
    private var window: PublishSubject<Element>?
    private var elementsInWindow = 0

    init(
        timeSpan: RxTimeInterval, count: Int, scheduler: any SchedulerType, shared: RefCountDisposable,
        observer: WindowForwarder<Observer>, cancel: any Cancelable
    ) {
        self.timeSpan = timeSpan
        self.count = count
        self.shared = shared
        super.init(scheduler: scheduler, observer: observer, cancel: cancel)
    }

    override func started() {
        openWindow()
        startTimer(after: timeSpan)
    }

    override func handle(_ event: Event<Element>) {
        switch event {
        case .next(let element):
            window?.on(.next(element))
            guard count > 0 else { return }
            elementsInWindow += 1
            if elementsInWindow == count {
                closeWindowAndOpenTheNext()
            }
        case .error(let error):
            let last = window
            window = nil
            last?.on(.error(error))
            forwardErrorAndDispose(error)
        case .completed:
            let last = window
            window = nil
            last?.on(.completed)
            forwardCompletedAndDispose()
        }
    }

    override func timerFired() {
        closeWindowAndOpenTheNext()
    }

    private func openWindow() {
        let next = PublishSubject<Element>()
        window = next
        elementsInWindow = 0
        forwardNext(WindowSource(subject: next, shared: shared))
    }

    /// Completes the open window, sends the next and starts its span. Completing the window may
    /// let the last claim on the subscription go (its subscriber was the last one, the sequence's
    /// own having left): this sink is then disposed, and neither sends nor times anything more.
    private func closeWindowAndOpenTheNext() {
        let finished = window
        window = nil
        finished?.on(.completed)
        guard !isDisposed else { return }
        openWindow()
        if !isDisposed {
            startTimer(after: timeSpan)
        }
    }

    override func releaseKept() {
        let released = window
        window = nil
        _ = released
    }
}

/// One window as its subscribers see it: the window's subject, subscribed to together with a
/// claim on the shared subscription to the source, given up when the subscription is disposed
/// or the window ends.
final class WindowSource<Element>: Producer<Element> {
    private let subject: PublishSubject<Element>
    private let shared: RefCountDisposable

    init(subject: PublishSubject<Element>, shared: RefCountDisposable) {
        self.subject = subject
        self.shared = shared
        super.init()
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: any Cancelable) -> SubscribedSink
    where Observer.Element == Element {
        let claim = shared.retain()
        let sink = WindowSourceSink(observer: observer, cancel: cancel)
        // A window that has ended already ends the sink while it is subscribed: `holding` then
        // disposes the claim at once.
        return sink.holding(Disposables.create(claim, subject.subscribe(sink)))
    }
}

/// Passes a window's events to one of its subscribers; its terminal event ends the
/// subscription, giving up the claim on the source's subscription.
final class WindowSourceSink<Observer: ObserverType>: Sink<Observer>, TerminalEventForwarding {
    func onNext(_ element: Observer.Element) {
        forwardNext(element)
    }
}
