import RxCore
import RxOperators
import RxRelay

extension SharedSequenceConvertibleType where SharingStrategy == DriverSharingStrategy {
    /// Subscribes, and sends every event to each of `observers`.
    ///
    /// Call it on the main thread: debug builds stop otherwise, since the replayed element
    /// would be delivered on the calling thread.
    public func drive<Observer: ObserverType>(_ observers: Observer...) -> any Disposable
    where Observer.Element == Element {
        checkDrivingOnMainThread()
        return sendEvents(to: observers)
    }

    /// Subscribes, and sends every event, elements wrapped in an `Optional`, to each of
    /// `observers`. Call it on the main thread.
    public func drive<Observer: ObserverType>(_ observers: Observer...) -> any Disposable
    where Observer.Element == Element? {
        checkDrivingOnMainThread()
        return sendEvents(to: observers)
    }

    /// Subscribes, and makes every relay in `relays` accept each element as its value. Call it
    /// on the main thread.
    public func drive(_ relays: BehaviorRelay<Element>...) -> any Disposable {
        checkDrivingOnMainThread()
        return acceptElements { element in for relay in relays { relay.accept(element) } }
    }

    /// Subscribes, and makes every relay in `relays` accept each element, wrapped in an
    /// `Optional`, as its value. Call it on the main thread.
    public func drive(_ relays: BehaviorRelay<Element?>...) -> any Disposable {
        checkDrivingOnMainThread()
        return acceptElements { element in for relay in relays { relay.accept(element) } }
    }

    /// Subscribes, and makes every relay in `relays` accept, and keep, each element. Call it
    /// on the main thread.
    public func drive(_ relays: ReplayRelay<Element>...) -> any Disposable {
        checkDrivingOnMainThread()
        return acceptElements { element in for relay in relays { relay.accept(element) } }
    }

    /// Subscribes, and makes every relay in `relays` accept, and keep, each element, wrapped
    /// in an `Optional`. Call it on the main thread.
    public func drive(_ relays: ReplayRelay<Element?>...) -> any Disposable {
        checkDrivingOnMainThread()
        return acceptElements { element in for relay in relays { relay.accept(element) } }
    }

    /// Hands this driver, as an observable, to `transformation`, which subscribes it, and
    /// returns what it returns. Call it on the main thread.
    public func drive<Result>(_ transformation: (Observable<Element>) -> Result) -> Result {
        checkDrivingOnMainThread()
        return transformation(asObservable())
    }

    /// Hands this driver, as an observable, to `with`, then `curriedArgument` to the function
    /// it returns, and returns the result. Call it on the main thread.
    public func drive<R1, R2>(_ with: (Observable<Element>) -> (R1) -> R2, curriedArgument: R1) -> R2 {
        checkDrivingOnMainThread()
        return with(asObservable())(curriedArgument)
    }

    /// Subscribes closures that also receive `object`, held weakly: once `object` is released,
    /// none of them is called any more. There is no error handler: a driver does not fail.
    /// Call it on the main thread.
    ///
    /// `isolation` is where the closures were written, filled in by the compiler (see
    /// `HandlerIsolation`).
    public func drive<Object: AnyObject>(
        with object: Object,
        onNext: ((Object, Element) -> Void)? = nil,
        onCompleted: ((Object) -> Void)? = nil,
        onDisposed: ((Object) -> Void)? = nil,
        isolation: isolated (any Actor)? = #isolation, file: StaticString = #fileID, line: UInt = #line
    ) -> any Disposable {
        checkDrivingOnMainThread()
        return asObservable().subscribe(
            with: object, onNext: onNext, onCompleted: onCompleted, onDisposed: onDisposed, isolation: isolation,
            file: file, line: line)
    }

    /// Subscribes closures for elements, completion and the end of the subscription. There is
    /// no error handler: a driver does not fail. Call it on the main thread.
    ///
    /// `isolation` is where the closures were written, filled in by the compiler (see
    /// `HandlerIsolation`).
    public func drive(
        onNext: ((Element) -> Void)? = nil,
        onCompleted: (() -> Void)? = nil,
        onDisposed: (() -> Void)? = nil,
        isolation: isolated (any Actor)? = #isolation, file: StaticString = #fileID, line: UInt = #line
    ) -> any Disposable {
        checkDrivingOnMainThread()
        return asObservable().subscribe(
            onNext: onNext, onCompleted: onCompleted, onDisposed: onDisposed, isolation: isolation, file: file,
            line: line)
    }

    /// Subscribes and does nothing with the events: keeps the driver's source running. Call it
    /// on the main thread.
    public func drive() -> any Disposable {
        drive(onNext: nil, onCompleted: nil, onDisposed: nil, isolation: nil)
    }
}
