import RxCore
import RxDisposables

extension ObservableType {
    /// A sequence of one element, delivered at subscription, then completion.
    @inlinable
    public static func just(_ element: Element) -> Observable<Element> {
        // Inlinable, so that `Just<Element>` is made where its type is known: its metadata then
        // comes from a cache in the caller instead of a runtime lookup at every call.
        Just(element)
    }

    /// A sequence of one element, then completion, each sent as its own action on `scheduler`.
    public static func just(_ element: Element, scheduler: any ImmediateSchedulerType) -> Observable<Element> {
        FromOptionalScheduled(optional: element, scheduler: scheduler)
    }
}

/// `just`'s producer. It keeps the element itself rather than an optional one, as
/// `from(optional:)`'s producer does: an `Element?` in code not specialised for `Element` asks
/// the runtime for the optional's metadata at every use.
@usableFromInline
final class Just<Element>: Observable<Element> {
    @usableFromInline
    let element: Element

    @usableFromInline
    init(_ element: Element) {
        self.element = element
    }

    override func subscribe<Observer: ObserverType>(_ observer: Observer) -> any Disposable
    where Observer.Element == Element {
        // `onNext`, not `on(.next(_:))`: no `Event` is built in this generic code.
        observer.onNext(element)
        observer.onCompleted()
        return Disposables.create()
    }
}
