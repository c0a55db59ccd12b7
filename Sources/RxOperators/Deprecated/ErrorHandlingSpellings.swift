import RxCore

// RxSwift 5's spellings of the error-handling operators, which RxSwift 6 deprecated and still
// keeps: `catchError(_:)`, `Observable.catchError(_:)` (of a sequence), `catchErrorJustReturn(_:)`
// and both forms of `retryWhen(_:)`. Each forwards to the operator it was renamed to, so old code
// compiles, with a warning and a fix-it.
//
// A spelling that takes a closure comes twice, as every closure-taking operator does
// (CONTRIBUTING.md, rule 4): a call picks the form with `isolation:`, which checks where the
// closure runs; RxSwift's exact signature, without it, is kept for references by name.

extension ObservableType {
    /// The RxSwift 5 spelling of ``catch(_:isolation:file:line:)``.
    @available(*, deprecated, renamed: "catch(_:isolation:)")
    public func catchError(
        _ handler: @escaping (any Swift.Error) throws -> Observable<Element>,
        isolation: isolated (any Actor)? = #isolation, file: StaticString = #fileID, line: UInt = #line
    ) -> Observable<Element> {
        `catch`(handler, isolation: isolation, file: file, line: line)
    }

    /// The RxSwift 5 spelling of ``catch(sequence:)``.
    ///
    /// RxSwift 6.10 names the wrong replacement in this one's fix-it
    /// (`catch(onSuccess:onFailure:onDisposed:)`); this one names `catch(sequence:)`.
    @available(*, deprecated, renamed: "catch(sequence:)")
    public static func catchError<Sequence: Swift.Sequence>(_ sequence: Sequence) -> Observable<Element>
    where Sequence.Element == Observable<Element> {
        `catch`(sequence: sequence)
    }

    /// The RxSwift 5 spelling of ``catchAndReturn(_:)``.
    @available(*, deprecated, renamed: "catchAndReturn(_:)")
    public func catchErrorJustReturn(_ element: Element) -> Observable<Element> {
        catchAndReturn(element)
    }

    /// The RxSwift 5 spelling of `retry(when:isolation:)`, whose failures are any error.
    @available(*, deprecated, renamed: "retry(when:isolation:)")
    public func retryWhen(
        _ notificationHandler: @escaping (Observable<any Swift.Error>) -> some ObservableType,
        isolation: isolated (any Actor)? = #isolation, file: StaticString = #fileID, line: UInt = #line
    ) -> Observable<Element> {
        retry(when: notificationHandler, isolation: isolation, file: file, line: line)
    }

    /// The RxSwift 5 spelling of `retry(when:isolation:)`, whose failures are of one
    /// error type.
    @available(*, deprecated, renamed: "retry(when:isolation:)")
    public func retryWhen<Error: Swift.Error>(
        _ notificationHandler: @escaping (Observable<Error>) -> some ObservableType,
        isolation: isolated (any Actor)? = #isolation, file: StaticString = #fileID, line: UInt = #line
    ) -> Observable<Element> {
        retry(when: notificationHandler, isolation: isolation, file: file, line: line)
    }
}
