import RxCore
import RxDisposables
import Synchronization

extension ObservableType {
    /// A sequence whose events come from `subscribe`, called once for every subscriber.
    ///
    /// The closure receives an observer for this subscription and returns what to release when
    /// the subscription ends. Events after the first `error` or `completed` are ignored, and a
    /// terminal event disposes the subscription, so the returned disposable always runs.
    public static func create(_ subscribe: @escaping (AnyObserver<Element>) -> any Disposable) -> Observable<Element> {
        AnonymousObservable(subscribe)
    }
}

/// The producer behind `create`: it keeps the user's subscribe closure.
final class AnonymousObservable<Element>: Producer<Element> {
    typealias SubscribeHandler = (AnyObserver<Element>) -> any Disposable

    let subscribeHandler: SubscribeHandler

    init(_ subscribeHandler: @escaping SubscribeHandler) {
        self.subscribeHandler = subscribeHandler
    }

    override func run<Observer: ObserverType>(
        _ observer: Observer, cancel: any Cancelable
    ) -> (sink: any Disposable, subscription: any Disposable) where Observer.Element == Element {
        let sink = AnonymousObservableSink(observer: observer, cancel: cancel)
        let subscription = sink.run(self)
        return (sink: sink, subscription: subscription)
    }
}

/// The observer the `create` closure talks to (behind an `AnyObserver`): it enforces the event
/// grammar for code the framework does not control.
final class AnonymousObservableSink<Observer: ObserverType>: Sink<Observer>, ObserverType {
    typealias Element = Observer.Element

    // The user's closure may hold on to the observer and call it from any thread.
    private let isStopped = Atomic<Bool>(false)

    func on(_ event: Event<Element>) {
        switch event {
        case .next:
            if isStopped.load(ordering: .relaxed) {
                return
            }
            forwardOn(event)
        case .error, .completed:
            if !isStopped.exchange(true, ordering: .acquiringAndReleasing) {
                forwardOn(event)
                dispose()
            }
        }
    }

    func run(_ parent: AnonymousObservable<Element>) -> any Disposable {
        parent.subscribeHandler(AnyObserver(self))
    }
}
