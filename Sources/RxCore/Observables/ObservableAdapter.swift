import RxDisposables
import Synchronization

/// Presents any ``ObservableType`` as an ``Observable`` by forwarding subscriptions to it.
///
/// A custom source is not trusted to keep the event grammar, so its events pass through an
/// ``ObservableAdapterSink`` that keeps it, as `Observable.create` does in RxSwift.
final class ObservableAdapter<Source: ObservableType>: Producer<Source.Element> {
    private let source: Source

    init(_ source: Source) {
        self.source = source
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: any Cancelable) -> SubscribedSink
    where Observer.Element == Element {
        let sink = ObservableAdapterSink(observer: observer, cancel: cancel)
        return sink.holding(source.subscribe(sink))
    }
}

/// Forwards a custom source's events: nothing after the first terminal event or after disposal,
/// and a terminal event ends the subscription, releasing the source's resources.
final class ObservableAdapterSink<Observer: ObserverType>: Sink<Observer>, ObserverType {
    typealias Element = Observer.Element

    private let gate = TerminalGate()

    func on(_ event: Event<Element>) {
        guard gate.admits(event) else { return }
        forwardOn(event)
        if event.isStopEvent {
            dispose()
        }
    }
}
