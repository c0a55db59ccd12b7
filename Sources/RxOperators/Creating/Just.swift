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

    /// This element followed by `transform`, as one producer (``JustThenMap``): what the fusion
    /// hook answers for a `map` after `just` (see ``ComposableProducer``).
    // Inlinable, with `map`, so that `JustThenMap`'s metadata comes from a cache in the caller.
    @inlinable
    func composeMap<Result>(
        _ transform: @escaping (Element) throws -> Result, isolation: HandlerIsolation
    ) -> Observable<Result> {
        JustThenMap(element, transform: transform, isolation: isolation)
    }
}

/// `just(element).map(transform)` as one producer, made by `map` when its source is a `Just`:
/// the transform runs at each subscription, as a separate `map` stage would run it, without that
/// stage's sink and disposer.
@usableFromInline
final class JustThenMap<Source, Element>: Observable<Element> {
    private let source: Source
    private let transform: (Source) throws -> Element
    private let isolation: HandlerIsolation

    @usableFromInline
    init(_ source: Source, transform: @escaping (Source) throws -> Element, isolation: HandlerIsolation) {
        self.source = source
        self.transform = transform
        self.isolation = isolation
    }

    override func subscribe<Observer: ObserverType>(_ observer: Observer) -> any Disposable
    where Observer.Element == Element {
        // A trampoline, as the `map` stage (a producer) starts one: what the observer schedules
        // on the current thread runs after the subscription, not inside it.
        CurrentThreadScheduler.runNow {
            isolation.check("map(_:)")
            do {
                observer.onNext(try transform(source))
            } catch {
                observer.onError(error)
                return Disposables.create()
            }
            observer.onCompleted()
            return Disposables.create()
        }
    }
}
