import RxDisposables

extension ObservableType {
    /// Subscribes a closure that receives every event.
    ///
    /// `isolation` is where the closure was written, filled in by the compiler: a closure written
    /// in main-actor (or other actor) code is called only there, and the program stops with a
    /// message if an event arrives elsewhere. See ``HandlerIsolation``.
    public func subscribe(
        _ on: @escaping (Event<Element>) -> Void, isolation: isolated (any Actor)? = #isolation,
        file: StaticString = #fileID, line: UInt = #line
    ) -> any Disposable {
        asObservable().subscribe(AnonymousObserver(on, isolation: HandlerIsolation(isolation, file: file, line: line)))
    }

    /// Subscribes closures for each kind of event.
    ///
    /// On a terminal event the order is: `onError` or `onCompleted`, then `onDisposed`, then the
    /// upstream resources are released. Disposing the returned disposable first calls only
    /// `onDisposed`. An error with no `onError` goes to ``Hooks/defaultErrorHandler``.
    ///
    /// `isolation` is where the closures were written, filled in by the compiler: closures
    /// written in main-actor (or other actor) code are called only there, and the program stops
    /// with a message if an event arrives elsewhere; add `.observe(on: MainScheduler.instance)`
    /// before `subscribe` in main-actor code whose events come from other threads. See
    /// ``HandlerIsolation``.
    @inlinable
    public func subscribe(
        onNext: ((Element) -> Void)? = nil,
        onError: ((any Swift.Error) -> Void)? = nil,
        onCompleted: (() -> Void)? = nil,
        onDisposed: (() -> Void)? = nil,
        isolation: isolated (any Actor)? = #isolation, file: StaticString = #fileID, line: UInt = #line
    ) -> any Disposable {
        // Inlinable, so that `SubscriptionObserver<Element>` is made where its type is known: its
        // metadata then comes from a cache in the caller instead of a runtime lookup at every
        // subscription.
        let handlerIsolation = HandlerIsolation(isolation, file: file, line: line)
        let disposable: any Disposable =
            if let onDisposed {
                Disposables.create(
                    with: handlerIsolation.isNonisolated
                        ? onDisposed : handlerIsolation.guarding(onDisposed, "subscribe(onDisposed:)"))
            } else {
                Disposables.create()
            }
        let observer = SubscriptionObserver(
            onNext: onNext, onError: onError, onCompleted: onCompleted, disposable: disposable,
            isolation: handlerIsolation, callStack: Hooks.subscriptionCallStack())
        let source = asObservable()
        // A subject keeps the observer as its entry; any other sequence takes it as it is.
        let subscription = source.subscribe(subscriptionObserver: observer) ?? source.subscribe(observer)
        // The pair disposes the subscription once, then `onDisposed`. A producer's subscription
        // already disposes once, so with no `onDisposed` the pair would do nothing of its own.
        if onDisposed == nil && source.disposesSubscriptionsOnce {
            return subscription
        }
        return Disposables.create(subscription, disposable)
    }

    /// Subscribes closures that also receive `object`, held weakly: once `object` is released,
    /// none of the closures is called any more, `onDisposed` included.
    ///
    /// Every error counts as handled here, even with no `onError`, so none reaches
    /// ``Hooks/defaultErrorHandler``.
    public func subscribe<Object: AnyObject>(
        with object: Object,
        onNext: ((Object, Element) -> Void)? = nil,
        onError: ((Object, any Swift.Error) -> Void)? = nil,
        onCompleted: ((Object) -> Void)? = nil,
        onDisposed: ((Object) -> Void)? = nil,
        isolation: isolated (any Actor)? = #isolation, file: StaticString = #fileID, line: UInt = #line
    ) -> any Disposable {
        subscribe(
            onNext: weaklyBound(object, onNext),
            onError: weaklyBound(object, onError),
            onCompleted: weaklyBound(object, onCompleted),
            onDisposed: weaklyBound(object, onDisposed),
            isolation: isolation, file: file, line: line
        )
    }
}
