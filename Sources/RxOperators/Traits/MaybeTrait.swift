import RxCore
import RxDisposables
import RxSchedulers

/// The trait of a sequence that sends one element, or nothing, or fails.
public enum MaybeTrait {}

/// A sequence that succeeds with one element, completes without one, or fails: the shape of
/// a cache lookup.
public typealias Maybe<Element> = PrimitiveSequence<MaybeTrait, Element>

extension PrimitiveSequenceType where Trait == MaybeTrait {
    /// The closure a `Maybe.create` body sends its one event to.
    public typealias MaybeObserver = (MaybeEvent<Element>) -> Void

    /// A `Maybe` whose event comes from `subscribe`, called once for every subscriber with the
    /// closure to send the event to; it returns what to release when the subscription ends.
    ///
    /// `.success` sends the element and completes; `.completed` completes; `.error` fails.
    /// Only the first event counts: later calls of the closure are ignored, and the first one
    /// disposes the subscription, so the returned disposable always runs.
    ///
    /// The closure is `@Sendable` (the trait's counterpart of `observer.sendable` in
    /// `Observable.create`): a callback marked `@Sendable` may capture it and call it from any
    /// thread, as long as the calls come one at a time, as they do from a callback called once
    /// or always on one serial queue. RxSwift's signature, with a plain closure, is kept too.
    public static func create(
        subscribe: @escaping (@escaping @Sendable (MaybeEvent<Element>) -> Void) -> any Disposable,
        isolation: isolated (any Actor)? = #isolation, file: StaticString = #fileID, line: UInt = #line
    ) -> PrimitiveSequence<Trait, Element> {
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
                    case .error(let error):
                        observer.onError(error)
                    case .completed:
                        observer.onCompleted()
                    }
                }
            }, isolation: nil)
        return PrimitiveSequence(raw: source)
    }

    /// Subscribes `observer`, which receives the one event: `.success` with the element (as it
    /// arrives, before the sequence underneath completes), `.completed` or `.error`.
    public func subscribe(
        _ observer: @escaping (MaybeEvent<Element>) -> Void, isolation: isolated (any Actor)? = #isolation,
        file: StaticString = #fileID, line: UInt = #line
    ) -> any Disposable {
        // The event closure is checked as a whole, under its own name.
        let handlerIsolation = HandlerIsolation(isolation, file: file, line: line)
        let observer = handlerIsolation.isNonisolated ? observer : handlerIsolation.guarding(observer, "subscribe(_:)")
        return primitiveSequence.subscribe(
            .maybe, onSuccess: { observer(.success($0)) }, onFailure: { observer(.error($0)) },
            onCompleted: { observer(.completed) }, onDisposed: nil, isolation: HandlerIsolation(nil))
    }

    /// Subscribes closures for the success, the failure and the completion without an element.
    ///
    /// After any of them, `onDisposed` runs; disposing the returned disposable first calls
    /// only `onDisposed`. An error with no `onError` goes to
    /// ``/RxCore/Hooks/defaultErrorHandler``.
    public func subscribe(
        onSuccess: ((Element) -> Void)? = nil,
        onError: ((any Swift.Error) -> Void)? = nil,
        onCompleted: (() -> Void)? = nil,
        onDisposed: (() -> Void)? = nil,
        isolation: isolated (any Actor)? = #isolation, file: StaticString = #fileID, line: UInt = #line
    ) -> any Disposable {
        // As `Single`'s: one observer, made where `Element` is known.
        primitiveSequence.subscribe(
            .maybe, onSuccess: onSuccess, onFailure: onError, onCompleted: onCompleted, onDisposed: onDisposed,
            isolation: HandlerIsolation(isolation, file: file, line: line))
    }

    /// Subscribes closures that also receive `object`, held weakly: once `object` is released,
    /// none of the closures is called any more, `onDisposed` included.
    ///
    /// Every error counts as handled here, even with no `onError`, so none reaches
    /// ``/RxCore/Hooks/defaultErrorHandler``.
    public func subscribe<Object: AnyObject>(
        with object: Object,
        onSuccess: ((Object, Element) -> Void)? = nil,
        onError: ((Object, any Swift.Error) -> Void)? = nil,
        onCompleted: ((Object) -> Void)? = nil,
        onDisposed: ((Object) -> Void)? = nil,
        isolation: isolated (any Actor)? = #isolation, file: StaticString = #fileID, line: UInt = #line
    ) -> any Disposable {
        subscribe(
            onSuccess: weaklyBound(object, onSuccess),
            onError: weaklyBound(object, onError),
            onCompleted: weaklyBound(object, onCompleted),
            onDisposed: weaklyBound(object, onDisposed),
            isolation: isolation, file: file, line: line
        )
    }
}

extension PrimitiveSequenceType where Trait == MaybeTrait {
    /// A `Maybe` that succeeds with `element` as soon as it is subscribed to.
    public static func just(_ element: Element) -> Maybe<Element> {
        Maybe(raw: Observable.just(element))
    }

    /// A `Maybe` that succeeds with `element` on `scheduler`.
    public static func just(_ element: Element, scheduler: any ImmediateSchedulerType) -> Maybe<Element> {
        Maybe(raw: Observable.just(element, scheduler: scheduler))
    }

    /// A `Maybe` that fails with `error` as soon as it is subscribed to.
    public static func error(_ error: any Swift.Error) -> Maybe<Element> {
        Maybe(raw: Observable.error(error))
    }

    /// A `Maybe` that never sends anything.
    public static func never() -> Maybe<Element> {
        Maybe(raw: Observable.never())
    }

    /// A `Maybe` that completes without an element as soon as it is subscribed to.
    public static func empty() -> Maybe<Element> {
        Maybe(raw: Observable.empty())
    }
}
