import RxCore
import RxDisposables

extension ObservableType {
    /// A sequence of the optional's value, if it has one, then completion; both are sent at
    /// subscription.
    public static func from(optional: Element?) -> Observable<Element> {
        FromOptional(optional: optional)
    }

    /// A sequence of the optional's value, if it has one, then completion, each sent as its own
    /// action on `scheduler`.
    public static func from(optional: Element?, scheduler: any ImmediateSchedulerType) -> Observable<Element> {
        FromOptionalScheduled(optional: optional, scheduler: scheduler)
    }
}

/// `from(optional:)` without a scheduler: the events are sent from `subscribe` itself,
/// with no sink and no trampoline, as nothing can interleave with them.
final class FromOptional<Element>: Observable<Element> {
    private let optional: Element?

    init(optional: Element?) {
        self.optional = optional
    }

    override func subscribe<Observer: ObserverType>(_ observer: Observer) -> any Disposable
    where Observer.Element == Element {
        // `onNext`, not `on(.next(_:))`: no `Event` is built in this generic code, which would
        // ask the runtime for its metadata at every subscription.
        if let element = optional {
            observer.onNext(element)
        }
        observer.onCompleted()
        return Disposables.create()
    }
}

/// `from(optional:)` and `just` on a scheduler.
final class FromOptionalScheduled<Element>: Producer<Element> {
    let optional: Element?
    let scheduler: any ImmediateSchedulerType

    init(optional: Element?, scheduler: any ImmediateSchedulerType) {
        self.optional = optional
        self.scheduler = scheduler
        super.init()
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: any Cancelable) -> SubscribedSink
    where Observer.Element == Element {
        let sink = FromOptionalScheduledSink(parent: self, observer: observer, cancel: cancel)
        return sink.holding(sink.run())
    }
}

/// Sends the value (if any) in one scheduled action, and completion in the next.
final class FromOptionalScheduledSink<Observer: ObserverType>: Sink<Observer> {
    typealias Element = Observer.Element

    private let parent: FromOptionalScheduled<Element>

    init(parent: FromOptionalScheduled<Element>, observer: Observer, cancel: any Cancelable) {
        self.parent = parent
        super.init(observer: observer, cancel: cancel)
    }

    func run() -> any Disposable {
        let scheduler = parent.scheduler
        return scheduler.schedule(parent.optional) { optional in
            guard let element = optional else {
                self.forwardCompletedAndDispose()
                return Disposables.create()
            }
            self.forwardNext(element)
            return scheduler.schedule(()) { _ in
                self.forwardCompletedAndDispose()
                return Disposables.create()
            }
        }
    }
}
