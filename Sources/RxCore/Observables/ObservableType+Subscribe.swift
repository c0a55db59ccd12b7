import RxDisposables

extension ObservableType {
    /// Subscribes a closure that receives every event.
    public func subscribe(_ on: @escaping (Event<Element>) -> Void) -> any Disposable {
        asObservable().subscribe(AnonymousObserver(on))
    }

    /// Subscribes closures for each kind of event.
    ///
    /// On a terminal event the order is: `onError` or `onCompleted`, then `onDisposed`, then the
    /// upstream resources are released. Disposing the returned disposable first calls only
    /// `onDisposed`. An error with no `onError` goes to ``Hooks/defaultErrorHandler``.
    public func subscribe(
        onNext: ((Element) -> Void)? = nil,
        onError: ((any Swift.Error) -> Void)? = nil,
        onCompleted: (() -> Void)? = nil,
        onDisposed: (() -> Void)? = nil
    ) -> any Disposable {
        let disposable: any Disposable =
            if let onDisposed {
                Disposables.create(with: onDisposed)
            } else {
                Disposables.create()
            }
        let observer = SubscriptionObserver(
            onNext: onNext, onError: onError, onCompleted: onCompleted, disposable: disposable)
        let source = asObservable()
        let subscription = source.subscribe(observer)
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
        onDisposed: ((Object) -> Void)? = nil
    ) -> any Disposable {
        subscribe(
            onNext: { [weak object] element in
                guard let object else { return }
                onNext?(object, element)
            },
            onError: { [weak object] error in
                guard let object else { return }
                onError?(object, error)
            },
            onCompleted: { [weak object] in
                guard let object else { return }
                onCompleted?(object)
            },
            onDisposed: { [weak object] in
                guard let object else { return }
                onDisposed?(object)
            }
        )
    }
}
