import RxCore
import RxDisposables

extension ObservableType where Element: ObservableConvertibleType {
    /// Passes on the elements of the latest inner sequence only: each inner sequence that
    /// arrives replaces the one before, whose subscription is disposed first.
    ///
    /// Completes once the outer sequence and the latest inner sequence have completed. The first
    /// error, of the outer sequence or of the latest inner one, is passed on and disposes
    /// everything.
    public func switchLatest() -> Observable<Element.Element> {
        SwitchLatest(source: asObservable())
    }
}

/// The producer behind `switchLatest()`.
final class SwitchLatest<Inner: ObservableConvertibleType>: Producer<Inner.Element> {
    private let source: Observable<Inner>

    init(source: Observable<Inner>) {
        self.source = source
        super.init()
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: any Cancelable) -> SubscribedSink
    where Observer.Element == Inner.Element {
        SwitchIdentitySink<Inner, Observer>(observer: observer, cancel: cancel).run(source)
    }
}

/// Switches to the outer sequence's elements, which are the inner sequences themselves.
final class SwitchIdentitySink<Inner: ObservableConvertibleType, Observer: ObserverType>: SwitchSink<
    Inner, Inner, Observer
>
where Inner.Element == Observer.Element {
    override func inner(for element: Inner) throws -> Inner {
        element
    }
}
