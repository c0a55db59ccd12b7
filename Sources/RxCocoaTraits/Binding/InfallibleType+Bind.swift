import RxCore
import RxOperators
import RxRelay

extension InfallibleType {
    /// Subscribes, and sends every event to each of `observers`.
    public func bind<Observer: ObserverType>(to observers: Observer...) -> any Disposable
    where Observer.Element == Element {
        asObservable().subscribe({ event in for observer in observers { observer.on(event) } }, isolation: nil)
    }

    /// Subscribes, and sends every event, elements wrapped in an `Optional`, to each of
    /// `observers`.
    public func bind<Observer: ObserverType>(to observers: Observer...) -> any Disposable
    where Observer.Element == Element? {
        asObservable().subscribe(
            { event in for observer in observers { observer.on(event.map { $0 as Element? }) } }, isolation: nil)
    }

    /// Hands this sequence to `binder`, which subscribes it, and returns what it returns.
    public func bind<Result>(to binder: (Self) -> Result) -> Result {
        binder(self)
    }

    /// Hands this sequence to `binder`, then `curriedArgument` to the function it returns, and
    /// returns the result.
    public func bind<R1, R2>(to binder: (Self) -> (R1) -> R2, curriedArgument: R1) -> R2 {
        binder(self)(curriedArgument)
    }

    /// Subscribes `onNext` to the elements.
    ///
    /// `isolation` is where the closure was written, filled in by the compiler (see
    /// `HandlerIsolation`).
    public func bind(
        onNext: @escaping (Element) -> Void, isolation: isolated (any Actor)? = #isolation,
        file: StaticString = #fileID, line: UInt = #line
    ) -> any Disposable {
        asObservable().bind(onNext: onNext, isolation: isolation, file: file, line: line)
    }

    /// Subscribes, and makes every relay in `relays` accept each element as its value.
    public func bind(to relays: BehaviorRelay<Element>...) -> any Disposable {
        acceptElements { element in for relay in relays { relay.accept(element) } }
    }

    /// Subscribes, and makes every relay in `relays` accept each element, wrapped in an
    /// `Optional`, as its value.
    public func bind(to relays: BehaviorRelay<Element?>...) -> any Disposable {
        acceptElements { element in for relay in relays { relay.accept(element) } }
    }

    /// Subscribes, and makes every relay in `relays` accept each element.
    public func bind(to relays: PublishRelay<Element>...) -> any Disposable {
        acceptElements { element in for relay in relays { relay.accept(element) } }
    }

    /// Subscribes, and makes every relay in `relays` accept each element, wrapped in an
    /// `Optional`.
    public func bind(to relays: PublishRelay<Element?>...) -> any Disposable {
        acceptElements { element in for relay in relays { relay.accept(element) } }
    }

    /// Subscribes, and makes every relay in `relays` accept, and keep, each element.
    public func bind(to relays: ReplayRelay<Element>...) -> any Disposable {
        acceptElements { element in for relay in relays { relay.accept(element) } }
    }

    /// Subscribes, and makes every relay in `relays` accept, and keep, each element, wrapped in
    /// an `Optional`.
    public func bind(to relays: ReplayRelay<Element?>...) -> any Disposable {
        acceptElements { element in for relay in relays { relay.accept(element) } }
    }

    /// Subscribes, and hands each element to `accept`; an error stops as for `bind(onNext:)`.
    private func acceptElements(_ accept: @escaping (Element) -> Void) -> any Disposable {
        asObservable().bind(onNext: accept, isolation: nil)
    }
}
