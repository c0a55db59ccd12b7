import RxDisposables

/// Presents any ``ObservableType`` as an ``Observable`` by forwarding subscriptions to it.
final class ObservableAdapter<Source: ObservableType>: Producer<Source.Element> {
    private let source: Source

    init(_ source: Source) {
        self.source = source
    }

    override func run<Observer: ObserverType>(
        _ observer: Observer, cancel: any Cancelable
    ) -> (sink: any Disposable, subscription: any Disposable) where Observer.Element == Element {
        (sink: Disposables.create(), subscription: source.subscribe(observer))
    }
}
