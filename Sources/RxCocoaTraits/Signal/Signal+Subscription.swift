import RxCore
import RxOperators
import RxRelay

extension SharedSequenceConvertibleType where SharingStrategy == SignalSharingStrategy {
    /// Subscribes, and sends every event to each of `observers`.
    public func emit<Observer: ObserverType>(to observers: Observer...) -> any Disposable
    where Observer.Element == Element {
        sendEvents(to: observers)
    }

    /// Subscribes, and sends every event, elements wrapped in an `Optional`, to each of
    /// `observers`.
    public func emit<Observer: ObserverType>(to observers: Observer...) -> any Disposable
    where Observer.Element == Element? {
        sendEvents(to: observers)
    }

    /// Subscribes, and makes every relay in `relays` accept each element as its value.
    public func emit(to relays: BehaviorRelay<Element>...) -> any Disposable {
        acceptElements { element in for relay in relays { relay.accept(element) } }
    }

    /// Subscribes, and makes every relay in `relays` accept each element, wrapped in an
    /// `Optional`, as its value.
    public func emit(to relays: BehaviorRelay<Element?>...) -> any Disposable {
        acceptElements { element in for relay in relays { relay.accept(element) } }
    }

    /// Subscribes, and makes every relay in `relays` accept each element.
    public func emit(to relays: PublishRelay<Element>...) -> any Disposable {
        acceptElements { element in for relay in relays { relay.accept(element) } }
    }

    /// Subscribes, and makes every relay in `relays` accept each element, wrapped in an
    /// `Optional`.
    public func emit(to relays: PublishRelay<Element?>...) -> any Disposable {
        acceptElements { element in for relay in relays { relay.accept(element) } }
    }

    /// Subscribes, and makes every relay in `relays` accept, and keep, each element.
    public func emit(to relays: ReplayRelay<Element>...) -> any Disposable {
        acceptElements { element in for relay in relays { relay.accept(element) } }
    }

    /// Subscribes, and makes every relay in `relays` accept, and keep, each element, wrapped
    /// in an `Optional`.
    public func emit(to relays: ReplayRelay<Element?>...) -> any Disposable {
        acceptElements { element in for relay in relays { relay.accept(element) } }
    }

    /// Subscribes closures that also receive `object`, held weakly: once `object` is released,
    /// none of them is called any more. There is no error handler: a signal does not fail.
    ///
    /// `isolation` is where the closures were written, filled in by the compiler (see
    /// `HandlerIsolation`).
    public func emit<Object: AnyObject>(
        with object: Object,
        onNext: ((Object, Element) -> Void)? = nil,
        onCompleted: ((Object) -> Void)? = nil,
        onDisposed: ((Object) -> Void)? = nil,
        isolation: isolated (any Actor)? = #isolation, file: StaticString = #fileID, line: UInt = #line
    ) -> any Disposable {
        asObservable().subscribe(
            with: object, onNext: onNext, onCompleted: onCompleted, onDisposed: onDisposed, isolation: isolation,
            file: file, line: line)
    }

    /// Subscribes closures for elements, completion and the end of the subscription. There is
    /// no error handler: a signal does not fail.
    ///
    /// `isolation` is where the closures were written, filled in by the compiler (see
    /// `HandlerIsolation`).
    public func emit(
        onNext: ((Element) -> Void)? = nil,
        onCompleted: (() -> Void)? = nil,
        onDisposed: (() -> Void)? = nil,
        isolation: isolated (any Actor)? = #isolation, file: StaticString = #fileID, line: UInt = #line
    ) -> any Disposable {
        asObservable().subscribe(
            onNext: onNext, onCompleted: onCompleted, onDisposed: onDisposed, isolation: isolation, file: file,
            line: line)
    }

    /// Subscribes and does nothing with the events: keeps the signal's source running.
    public func emit() -> any Disposable {
        emit(onNext: nil, onCompleted: nil, onDisposed: nil, isolation: nil)
    }
}
