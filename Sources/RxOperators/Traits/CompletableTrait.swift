import RxCore
import RxDisposables

/// The trait of a sequence that sends no element: it completes or fails.
public enum CompletableTrait {}

/// A sequence that only completes or fails: the shape of a write, or of work whose result is
/// that it happened.
public typealias Completable = PrimitiveSequence<CompletableTrait, Never>

extension PrimitiveSequenceType where Trait == CompletableTrait, Element == Never {
    /// The closure a `Completable.create` body sends its one event to.
    public typealias CompletableObserver = (CompletableEvent) -> Void

    /// A `Completable` whose event comes from `subscribe`, called once for every subscriber
    /// with the closure to send the event to; it returns what to release when the subscription
    /// ends.
    ///
    /// Only the first event counts: later calls of the closure are ignored, and the first one
    /// disposes the subscription, so the returned disposable always runs.
    ///
    /// The closure is `@Sendable` (the trait's counterpart of `observer.sendable` in
    /// `Observable.create`): a callback marked `@Sendable` may capture it and call it from any
    /// thread, as long as the calls come one at a time, as they do from a callback called once
    /// or always on one serial queue. RxSwift's signature, with a plain closure, is kept too.
    public static func create(
        subscribe: @escaping (@escaping @Sendable (CompletableEvent) -> Void) -> any Disposable,
        isolation: isolated (any Actor)? = #isolation, file: StaticString = #fileID, line: UInt = #line
    ) -> PrimitiveSequence<Trait, Element> {
        let handlerIsolation = HandlerIsolation(isolation, file: file, line: line)
        let source = Observable<Never>.create(
            { observer in
                // Checked here rather than through `guarding`, whose thunk for a closure
                // taking a closure crashes the 6.3 compiler.
                handlerIsolation.check("create(subscribe:)")
                // The closure handed out is `@Sendable`, so that a callback marked `@Sendable`
                // can capture it: it sends through the observer's Sendable form, which accepts
                // events from any thread, one at a time.
                let observer = observer.sendable
                return subscribe { event in
                    switch event {
                    case .error(let error):
                        observer.onError(error)
                    case .completed:
                        observer.onCompleted()
                    }
                }
            }, isolation: nil)
        return PrimitiveSequence(raw: source)
    }

    /// Subscribes `observer`, which receives the one event: `.completed` or `.error`.
    public func subscribe(
        _ observer: @escaping (CompletableEvent) -> Void, isolation: isolated (any Actor)? = #isolation,
        file: StaticString = #fileID, line: UInt = #line
    ) -> any Disposable {
        let handlerIsolation = HandlerIsolation(isolation, file: file, line: line)
        let observer = handlerIsolation.isNonisolated ? observer : handlerIsolation.guarding(observer, "subscribe(_:)")
        return primitiveSequence.subscribe(
            .completable, onSuccess: nil, onFailure: { observer(.error($0)) }, onCompleted: { observer(.completed) },
            onDisposed: nil, isolation: HandlerIsolation(nil))
    }

    /// Subscribes closures for the completion and the failure.
    ///
    /// After either, `onDisposed` runs; disposing the returned disposable first calls only
    /// `onDisposed`. An error with no `onError` goes to ``/RxCore/Hooks/defaultErrorHandler``.
    public func subscribe(
        onCompleted: (() -> Void)? = nil,
        onError: ((any Swift.Error) -> Void)? = nil,
        onDisposed: (() -> Void)? = nil,
        isolation: isolated (any Actor)? = #isolation, file: StaticString = #fileID, line: UInt = #line
    ) -> any Disposable {
        // As `Single`'s: one observer, no closure wrapped around the user's.
        primitiveSequence.subscribe(
            .completable, onSuccess: nil, onFailure: onError, onCompleted: onCompleted, onDisposed: onDisposed,
            isolation: HandlerIsolation(isolation, file: file, line: line))
    }

    /// Subscribes closures that also receive `object`, held weakly: once `object` is released,
    /// none of the closures is called any more, `onDisposed` included.
    ///
    /// Every error counts as handled here, even with no `onError`, so none reaches
    /// ``/RxCore/Hooks/defaultErrorHandler``.
    public func subscribe<Object: AnyObject>(
        with object: Object,
        onCompleted: ((Object) -> Void)? = nil,
        onError: ((Object, any Swift.Error) -> Void)? = nil,
        onDisposed: ((Object) -> Void)? = nil,
        isolation: isolated (any Actor)? = #isolation, file: StaticString = #fileID, line: UInt = #line
    ) -> any Disposable {
        subscribe(
            onCompleted: weaklyBound(object, onCompleted),
            onError: weaklyBound(object, onError),
            onDisposed: weaklyBound(object, onDisposed),
            isolation: isolation, file: file, line: line
        )
    }

    /// A `Completable` that fails with `error` as soon as it is subscribed to.
    public static func error(_ error: any Swift.Error) -> Completable {
        Completable(raw: Observable.error(error))
    }

    /// A `Completable` that never sends anything.
    public static func never() -> Completable {
        Completable(raw: Observable.never())
    }

    /// A `Completable` that completes as soon as it is subscribed to.
    public static func empty() -> Completable {
        Completable(raw: Observable.empty())
    }
}

extension ObservableType where Element == Never {
    /// This sequence, which can send no element, as a `Completable`.
    public func asCompletable() -> Completable {
        Completable(raw: asObservable())
    }
}
