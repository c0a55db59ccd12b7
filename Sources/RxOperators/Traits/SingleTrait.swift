import RxCore
import RxDisposables
import RxSchedulers

/// The trait of a sequence that sends exactly one element, or fails.
public enum SingleTrait {}

/// A sequence that succeeds with exactly one element or fails with an error: the shape of a
/// request and its response.
public typealias Single<Element> = PrimitiveSequence<SingleTrait, Element>

extension PrimitiveSequenceType where Trait == SingleTrait {
    /// The closure a `Single.create` body sends its one event to.
    public typealias SingleObserver = (SingleEvent<Element>) -> Void

    /// A `Single` whose event comes from `subscribe`, called once for every subscriber with the
    /// closure to send the event to; it returns what to release when the subscription ends.
    ///
    /// `.success` sends the element and completes; `.failure` fails. Only the first event
    /// counts: later calls of the closure are ignored, and the first one disposes the
    /// subscription, so the returned disposable always runs.
    ///
    /// The closure is `@Sendable` (the trait's counterpart of `observer.sendable` in
    /// `Observable.create`): a callback marked `@Sendable` may capture it and call it from any
    /// thread, as long as the calls come one at a time, as they do from a callback called once
    /// or always on one serial queue. RxSwift's signature, with a plain closure, is kept too.
    public static func create(
        subscribe: @escaping (@escaping @Sendable (SingleEvent<Element>) -> Void) -> any Disposable,
        isolation: isolated (any Actor)? = #isolation, file: StaticString = #fileID, line: UInt = #line
    ) -> Single<Element> {
        let handlerIsolation = HandlerIsolation(isolation, file: file, line: line)
        let source = Observable<Element>.create(
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
                    case .success(let element):
                        observer.onNext(element)
                        observer.onCompleted()
                    case .failure(let error):
                        observer.onError(error)
                    }
                }
            }, isolation: nil)
        return Single(raw: source)
    }

    /// Subscribes `observer`, which receives the one event: `.success` with the element, or
    /// `.failure`.
    ///
    /// `.success` is sent as the element arrives, before the sequence underneath completes.
    /// A sequence that completes without an element (possible only through
    /// `retry(when:)` whose trigger completes) is received
    /// as `.failure(RxError.noElements)`; RxSwift stops debug builds there and calls nothing in
    /// release builds.
    public func subscribe(
        _ observer: @escaping (SingleEvent<Element>) -> Void, isolation: isolated (any Actor)? = #isolation,
        file: StaticString = #fileID, line: UInt = #line
    ) -> any Disposable {
        // The event closure is checked as a whole, under its own name.
        let handlerIsolation = HandlerIsolation(isolation, file: file, line: line)
        let observer = handlerIsolation.isNonisolated ? observer : handlerIsolation.guarding(observer, "subscribe(_:)")
        return primitiveSequence.subscribe(
            .single, onSuccess: { observer(.success($0)) }, onFailure: { observer(.failure($0)) }, onCompleted: nil,
            onDisposed: nil, isolation: HandlerIsolation(nil))
    }

    /// Subscribes closures for the success and the failure.
    ///
    /// After `onSuccess` or `onFailure`, `onDisposed` runs; disposing the returned disposable
    /// first calls only `onDisposed`. A failure with no `onFailure` goes to
    /// ``/RxCore/Hooks/defaultErrorHandler``.
    @inlinable
    public func subscribe(
        onSuccess: ((Element) -> Void)? = nil,
        onFailure: ((any Swift.Error) -> Void)? = nil,
        onDisposed: (() -> Void)? = nil,
        isolation: isolated (any Actor)? = #isolation, file: StaticString = #fileID, line: UInt = #line
    ) -> any Disposable {
        // Inlinable, so that the observer is made where `Element` is known: its metadata then
        // comes from a cache in the caller instead of a runtime lookup at every subscription.
        primitiveSequence.subscribe(
            .single, onSuccess: onSuccess, onFailure: onFailure, onCompleted: nil, onDisposed: onDisposed,
            isolation: HandlerIsolation(isolation, file: file, line: line))
    }

    /// Subscribes closures that also receive `object`, held weakly: once `object` is released,
    /// none of the closures is called any more, `onDisposed` included.
    ///
    /// Every failure counts as handled here, even with no `onFailure`, so none reaches
    /// ``/RxCore/Hooks/defaultErrorHandler``.
    public func subscribe<Object: AnyObject>(
        with object: Object,
        onSuccess: ((Object, Element) -> Void)? = nil,
        onFailure: ((Object, any Swift.Error) -> Void)? = nil,
        onDisposed: ((Object) -> Void)? = nil,
        isolation: isolated (any Actor)? = #isolation, file: StaticString = #fileID, line: UInt = #line
    ) -> any Disposable {
        subscribe(
            onSuccess: weaklyBound(object, onSuccess),
            onFailure: weaklyBound(object, onFailure),
            onDisposed: weaklyBound(object, onDisposed),
            isolation: isolation, file: file, line: line
        )
    }
}

extension PrimitiveSequenceType where Trait == SingleTrait {
    /// A `Single` that succeeds with `element` as soon as it is subscribed to.
    @inlinable
    public static func just(_ element: Element) -> Single<Element> {
        Single(raw: Observable.just(element))
    }

    /// A `Single` that succeeds with `element` on `scheduler`.
    public static func just(_ element: Element, scheduler: any ImmediateSchedulerType) -> Single<Element> {
        Single(raw: Observable.just(element, scheduler: scheduler))
    }

    /// A `Single` that fails with `error` as soon as it is subscribed to.
    public static func error(_ error: any Swift.Error) -> Single<Element> {
        Single(raw: Observable.error(error))
    }

    /// A `Single` that never sends anything.
    public static func never() -> Single<Element> {
        Single(raw: Observable.never())
    }
}
