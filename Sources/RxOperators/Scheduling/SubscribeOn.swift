import RxCore
import RxDisposables
import RxSchedulers

extension ObservableType {
    /// Subscribes to the source, and later disposes that subscription, on `scheduler`.
    ///
    /// This moves the work of subscribing (for example the closure of `create`) to the
    /// scheduler; where events are delivered is still up to the source. Use
    /// ``observe(on:)`` to choose where they are delivered.
    public func subscribe(on scheduler: any ImmediateSchedulerType) -> Observable<Element> {
        SubscribeOn(source: self, scheduler: scheduler)
    }
}

/// The producer behind `subscribe(on:)`.
final class SubscribeOn<Source: ObservableType>: Producer<Source.Element> {
    let source: Source
    let scheduler: any ImmediateSchedulerType

    init(source: Source, scheduler: any ImmediateSchedulerType) {
        self.source = source
        self.scheduler = scheduler
        super.init()
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: any Cancelable) -> SubscribedSink
    where Observer.Element == Element {
        let sink = SubscribeOnSink(parent: self, observer: observer, cancel: cancel)
        return sink.holding(sink.run())
    }
}

/// Subscribes to the source from a scheduled action and forwards its events unchanged.
final class SubscribeOnSink<Source: ObservableType, Observer: ObserverType>: Sink<Observer>,
    TerminalEventForwarding
where Source.Element == Observer.Element {
    typealias Element = Observer.Element

    private let parent: SubscribeOn<Source>

    init(parent: SubscribeOn<Source>, observer: Observer, cancel: any Cancelable) {
        self.parent = parent
        super.init(observer: observer, cancel: cancel)
    }

    func onNext(_ element: Element) {
        forwardNext(element)
    }

    func run() -> any Disposable {
        // Holds the scheduled action until it runs, then the source subscription, wrapped so
        // that disposing it also happens on the scheduler.
        let current = SerialDisposable()
        let pendingAction = SingleAssignmentDisposable()
        current.disposable = pendingAction
        let scheduler = parent.scheduler
        let source = parent.source
        pendingAction.setDisposable(
            scheduler.schedule(()) { _ in
                let subscription = source.subscribe(self)
                current.disposable = ScheduledDisposable(scheduler: scheduler, disposable: subscription)
                return Disposables.create()
            })
        return current
    }
}
