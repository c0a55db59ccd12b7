import RxCore
import RxDisposables

// RxSwift 5's spellings on `Single`, `Maybe` and `Completable`, which RxSwift 6 deprecated and
// still keeps: `catchError(_:)`, `catchErrorJustReturn(_:)` (of a `Single` and of a `Maybe`),
// `observeOn(_:)`, `subscribeOn(_:)`, both forms of `retryWhen(_:)`, and a `Single`'s
// `subscribe(onSuccess:onError:onDisposed:)`. Each forwards to what it was renamed to, so old code
// compiles, with a warning and a fix-it.
//
// A spelling that takes a closure comes twice, as every closure-taking operator does
// (CONTRIBUTING.md, rule 4): a call picks the form with `isolation:`, which checks where the
// closure runs; RxSwift's exact signature, without it, is kept for references by name.

extension PrimitiveSequence {
    /// The RxSwift 5 spelling of ``catch(_:isolation:file:line:)``.
    @available(*, deprecated, renamed: "catch(_:isolation:)")
    public func catchError(
        _ handler: @escaping (any Swift.Error) throws -> PrimitiveSequence<Trait, Element>,
        isolation: isolated (any Actor)? = #isolation, file: StaticString = #fileID, line: UInt = #line
    ) -> PrimitiveSequence<Trait, Element> {
        `catch`(handler, isolation: isolation, file: file, line: line)
    }

    /// The RxSwift 5 spelling of ``observe(on:)``.
    @available(*, deprecated, renamed: "observe(on:)")
    public func observeOn(_ scheduler: any ImmediateSchedulerType) -> PrimitiveSequence<Trait, Element> {
        observe(on: scheduler)
    }

    /// The RxSwift 5 spelling of ``subscribe(on:)``.
    @available(*, deprecated, renamed: "subscribe(on:)")
    public func subscribeOn(_ scheduler: any ImmediateSchedulerType) -> PrimitiveSequence<Trait, Element> {
        subscribe(on: scheduler)
    }

    /// The RxSwift 5 spelling of `retry(when:isolation:)`, whose failures are any error.
    @available(*, deprecated, renamed: "retry(when:isolation:)")
    public func retryWhen(
        _ notificationHandler: @escaping (Observable<any Swift.Error>) -> some ObservableType,
        isolation: isolated (any Actor)? = #isolation, file: StaticString = #fileID, line: UInt = #line
    ) -> PrimitiveSequence<Trait, Element> {
        retry(when: notificationHandler, isolation: isolation, file: file, line: line)
    }

    /// The RxSwift 5 spelling of `retry(when:isolation:)`, whose failures are of one
    /// error type.
    @available(*, deprecated, renamed: "retry(when:isolation:)")
    public func retryWhen<Error: Swift.Error>(
        _ notificationHandler: @escaping (Observable<Error>) -> some ObservableType,
        isolation: isolated (any Actor)? = #isolation, file: StaticString = #fileID, line: UInt = #line
    ) -> PrimitiveSequence<Trait, Element> {
        retry(when: notificationHandler, isolation: isolation, file: file, line: line)
    }
}

extension PrimitiveSequenceType where Trait == SingleTrait {
    /// The RxSwift 5 spelling of `catchAndReturn(_:)` on a `Single`.
    @available(*, deprecated, renamed: "catchAndReturn(_:)")
    public func catchErrorJustReturn(_ element: Element) -> PrimitiveSequence<Trait, Element> {
        catchAndReturn(element)
    }

    /// The RxSwift 5 spelling of ``subscribe(onSuccess:onFailure:onDisposed:isolation:file:line:)``, whose
    /// error handler was called `onError` and was required.
    @available(*, deprecated, renamed: "subscribe(onSuccess:onFailure:onDisposed:isolation:)")
    public func subscribe(
        onSuccess: ((Element) -> Void)? = nil,
        onError: @escaping (any Swift.Error) -> Void,
        onDisposed: (() -> Void)? = nil,
        isolation: isolated (any Actor)? = #isolation, file: StaticString = #fileID, line: UInt = #line
    ) -> any Disposable {
        subscribe(
            onSuccess: onSuccess, onFailure: onError, onDisposed: onDisposed, isolation: isolation, file: file,
            line: line)
    }
}

extension PrimitiveSequenceType where Trait == MaybeTrait {
    /// The RxSwift 5 spelling of `catchAndReturn(_:)` on a `Maybe`.
    @available(*, deprecated, renamed: "catchAndReturn(_:)")
    public func catchErrorJustReturn(_ element: Element) -> PrimitiveSequence<Trait, Element> {
        catchAndReturn(element)
    }
}
