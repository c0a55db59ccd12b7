import RxCore
import RxRelay

extension ObservableType {
    /// Subscribes, and sends every event to each of `observers`, errors included: a binding
    /// to an observer that cannot fail (a `Binder`) stops there on an error.
    public func bind<Observer: ObserverType>(to observers: Observer...) -> any Disposable
    where Observer.Element == Element {
        subscribe({ event in for observer in observers { observer.on(event) } }, isolation: nil)
    }

    /// Subscribes, and sends every event, elements wrapped in an `Optional`, to each of
    /// `observers`.
    public func bind<Observer: ObserverType>(to observers: Observer...) -> any Disposable
    where Observer.Element == Element? {
        subscribe({ event in for observer in observers { observer.on(event.map { $0 as Element? }) } }, isolation: nil)
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

    /// Subscribes `onNext`, called with `object`, held weakly, and each element; once `object`
    /// is released it is not called any more. An error stops a debug build and is printed in a
    /// release build: a binding cannot fail, so handle errors before it.
    ///
    /// `isolation` is where the closure was written, filled in by the compiler (see
    /// `HandlerIsolation`).
    public func bind<Object: AnyObject>(
        with object: Object, onNext: @escaping (Object, Element) -> Void,
        isolation: isolated (any Actor)? = #isolation, file: StaticString = #fileID, line: UInt = #line
    ) -> any Disposable {
        subscribe(
            onNext: weaklyBound(object, onNext), onError: reportErrorReachingBinding, isolation: isolation, file: file,
            line: line)
    }

    /// Subscribes `onNext` to the elements. An error stops a debug build and is printed in a
    /// release build: a binding cannot fail, so handle errors before it.
    ///
    /// `isolation` is where the closure was written, filled in by the compiler (see
    /// `HandlerIsolation`).
    public func bind(
        onNext: @escaping (Element) -> Void, isolation: isolated (any Actor)? = #isolation,
        file: StaticString = #fileID, line: UInt = #line
    ) -> any Disposable {
        subscribe(onNext: onNext, onError: reportErrorReachingBinding, isolation: isolation, file: file, line: line)
    }
}

/// What `bind(onNext:)` does with an error: a binding cannot fail.
func reportErrorReachingBinding(_ error: any Swift.Error) {
    reportBindingError("Binding error: \(error). A binding cannot fail; handle the error before bind(onNext:).")
}
