import RxCore
import RxDisposables

/// A sequence that never fails: it sends elements and, perhaps, completes.
///
/// ``Infallible`` is its one conforming type. Its operators take and return infallible
/// sequences, and its `subscribe` forms have no error handler.
public protocol InfallibleType: ObservableConvertibleType {}

/// A sequence that sends elements and may complete, but never fails.
///
/// An `Infallible` wraps an ``/RxCore/Observable`` and behaves like it: it shares and replays
/// nothing, and each subscriber starts it anew. Make one with ``Infallible/create(subscribe:isolation:file:line:)``,
/// `just(_:)` and the other creation functions, or turn an observable into one
/// with `asInfallible(onErrorJustReturn:)` and its two
/// companions, which decide what an error becomes.
///
/// As in RxSwift, some operators take closures that may throw (`do`, `distinctUntilChanged`,
/// `take(while:)`, result selectors) or sources that may fail (`flatMap`, `concat(_:)`,
/// `take(until:)`, `skip(until:)`); an error from those is a mistake in the program. What each
/// `subscribe` form does with it is said in its documentation.
public struct Infallible<Element>: InfallibleType {
    private let source: Observable<Element>

    /// Wraps `source`, which must not fail.
    package init(_ source: Observable<Element>) {
        self.source = source
    }

    /// The wrapped sequence, as an observable.
    public func asObservable() -> Observable<Element> {
        source
    }
}

/// An event an ``Infallible`` sends: an element, or completion. There is no error.
public enum InfallibleEvent<Element> {
    /// An element.
    case next(Element)

    /// The end of the sequence.
    case completed
}

extension InfallibleEvent: EventConvertible {
    /// This event as an ``/RxCore/Event``: `.next` or `.completed`.
    public var event: Event<Element> {
        switch self {
        case .next(let element):
            .next(element)
        case .completed:
            .completed
        }
    }
}

extension InfallibleEvent: Equatable where Element: Equatable {}

extension InfallibleEvent: Sendable where Element: Sendable {}

extension InfallibleType {
    /// Subscribes closures for elements, completion and the end of the subscription.
    ///
    /// On completion the order is `onCompleted`, then `onDisposed`; disposing the returned
    /// disposable calls only `onDisposed`. An error, which an infallible sequence sends only
    /// when a throwing closure or a fallible source given to one of its operators fails, goes
    /// to ``/RxCore/Hooks/defaultErrorHandler``, as for an observable subscribed with no
    /// `onError` (as RxSwift).
    ///
    /// `isolation` is where the closures were written, filled in by the compiler: see
    /// ``/RxCore/HandlerIsolation``.
    public func subscribe(
        onNext: ((Element) -> Void)? = nil,
        onCompleted: (() -> Void)? = nil,
        onDisposed: (() -> Void)? = nil,
        isolation: isolated (any Actor)? = #isolation, file: StaticString = #fileID, line: UInt = #line
    ) -> any Disposable {
        asObservable().subscribe(
            onNext: onNext, onError: nil, onCompleted: onCompleted, onDisposed: onDisposed, isolation: isolation,
            file: file, line: line)
    }

    /// Subscribes closures that also receive `object`, held weakly: once `object` is released,
    /// none of the closures is called any more, `onDisposed` included.
    ///
    /// An error, which an infallible sequence sends only by a mistake in the program, goes to
    /// ``/RxCore/Hooks/defaultErrorHandler`` as with `subscribe(onNext:onCompleted:onDisposed:)`
    /// (RxSwift drops it silently).
    public func subscribe<Object: AnyObject>(
        with object: Object,
        onNext: ((Object, Element) -> Void)? = nil,
        onCompleted: ((Object) -> Void)? = nil,
        onDisposed: ((Object) -> Void)? = nil,
        isolation: isolated (any Actor)? = #isolation, file: StaticString = #fileID, line: UInt = #line
    ) -> any Disposable {
        asObservable().subscribe(
            onNext: weaklyBound(object, onNext),
            onError: nil,
            onCompleted: weaklyBound(object, onCompleted),
            onDisposed: weaklyBound(object, onDisposed),
            isolation: isolation, file: file, line: line
        )
    }

    /// Subscribes a closure that receives every event.
    ///
    /// An error, which an infallible sequence sends only when a throwing closure or a fallible
    /// source given to one of its operators fails, stops a debug build with a message naming it
    /// and is printed to standard error in a release build (as RxSwift); `on` never sees it.
    ///
    /// `isolation` is where the closure was written, filled in by the compiler: see
    /// ``/RxCore/HandlerIsolation``.
    public func subscribe(
        _ on: @escaping (InfallibleEvent<Element>) -> Void, isolation: isolated (any Actor)? = #isolation,
        file: StaticString = #fileID, line: UInt = #line
    ) -> any Disposable {
        let handlerIsolation = HandlerIsolation(isolation, file: file, line: line)
        let on = handlerIsolation.isNonisolated ? on : handlerIsolation.guarding(on, "subscribe(_:)")
        // Already guarded: the observable's form must not check a second time.
        return asObservable().subscribe(
            { event in
                switch event {
                case .next(let element):
                    on(.next(element))
                case .completed:
                    on(.completed)
                case .error(let error):
                    errorReachedInfallible(error)
                }
            }, isolation: nil)
    }
}

/// What an infallible sequence's event subscriber does with an error: stops a debug build,
/// naming it, and prints it to standard error in a release build.
func errorReachedInfallible(_ error: any Swift.Error) {
    let message =
        "An Infallible sent an error: \(error). An Infallible must never fail; a throwing closure or a fallible "
        + "source given to one of its operators sent it. Handle the error there, for example with "
        + "asInfallible(onErrorJustReturn:)."
    #if DEBUG
        rxFatalError(message)
    #else
        printToStandardError(message)
    #endif
}
